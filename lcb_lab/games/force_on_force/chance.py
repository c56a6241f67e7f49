"""Exact odds of every opposed roll and Firepower attack as kernel
:class:`~lcb_lab.kernel.odds.ChanceStep` s (what a lab shows before the dice are rolled).

* :func:`reaction_step` -- a Reaction Test (l.318): outcome ``(1,)`` the non-initiative unit wins;
* :func:`spot_step` -- a spotting roll (l.116): outcome ``(1,)`` spotted;
* :func:`fire_step` -- a sandbox Firepower attack: outcome ``(k,)`` figures lost.
"""
from __future__ import annotations

from lcb_lab.games.force_on_force.model.units import Unit
from lcb_lab.games.force_on_force.rules.combat import casualty_pmf
from lcb_lab.games.force_on_force.rules.reaction import modifiers, p_non_initiative_wins
from lcb_lab.games.force_on_force.rules.spotting import p_spot, spot_modifiers
from lcb_lab.kernel.dice import Die
from lcb_lab.kernel.odds import ChanceStep


def _two(label: str, rule: str, count: str, p: float, dice: tuple[str, ...]) -> ChanceStep:
    return ChanceStep(label, rule, (count,), tuple(o for o in (((0,), 1 - p), ((1,), p)) if o[1] > 0), dice)


def reaction_step(init: Unit, react: Unit, overwatch: bool = False) -> ChanceStep:
    """The Reaction Test between ``init`` (``overwatch``: +1) and ``react`` (l.318-332)."""
    mi = sum(v for v, _, _ in modifiers(init, overwatch))
    mr = sum(v for v, _, _ in modifiers(react))
    p = float(p_non_initiative_wins(init.tq, mi, react.tq, mr))
    return _two(f"Reaction Test {init.name} / {react.name}", "l.318", f"{react.name} wins", p,
                (f"d{init.tq}{mi:+d}: {init.name}", f"d{react.tq}{mr:+d}: {react.name}"))


def spot_step(spotter: Unit, hidden: Unit) -> ChanceStep:
    """``spotter``'s attempt on ``hidden`` (l.116-118, modifiers l.152-160)."""
    m = sum(v for v, _, _ in spot_modifiers(spotter, hidden))
    p = float(p_spot(spotter.tq, m, hidden.tq))
    return _two(f"{spotter.name} spots {hidden.name}", "l.116", "spotted", p,
                (f"d{spotter.tq}{m:+d}: {spotter.name}", f"d{hidden.tq}: {hidden.name}"))


def fire_step(fp: int, die: Die, defense: int, target: Unit) -> ChanceStep:
    """A sandbox Firepower attack of ``fp`` dice of ``die`` on ``target`` rolling ``defense`` dice."""
    pmf = casualty_pmf(fp, die, defense, target.die)
    return ChanceStep(f"{fp}{die.name.upper()} at {target.name} (sandbox combat)", "l.15", ("figures lost",),
                      tuple(((k,), float(p)) for k, p in enumerate(pmf) if p > 0),
                      (f"{fp} {die.name} hitting on 4+", f"{defense} d{target.tq} cancelling on 4+"))
