"""Exact odds of every opposed roll and Firepower attack as kernel
:class:`~lcb_lab.kernel.odds.ChanceStep` s (what a lab shows before the dice are rolled).

* :func:`reaction_step` -- a Reaction Test (l.318): outcome ``(1,)`` the non-initiative unit wins;
* :func:`spot_step` -- a spotting roll (l.116): outcome ``(1,)`` spotted;
* :func:`fire_step` -- a sandbox Firepower attack: outcome ``(k,)`` figures lost;
* :func:`preview` -- the first chance node an act would open (``ForceOnForce.chance_outcomes``).
"""
from __future__ import annotations

from typing import Any

from lcb_lab.games.force_on_force import geometry
from lcb_lab.games.force_on_force.model.units import Unit
from lcb_lab.games.force_on_force.rules.combat import casualty_pmf
from lcb_lab.games.force_on_force.rules.reaction import modifiers, p_non_initiative_wins
from lcb_lab.games.force_on_force.rules.spotting import p_spot, spot_modifiers, spotter_modifiers
from lcb_lab.kernel.dice import Die
from lcb_lab.kernel.odds import ChanceStep
from lcb_lab.kernel.explain import possessive


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


def _check(p: float, label: str, rule: str, tq: int) -> ChanceStep:
    return _two(label, rule, "passed", p, (f"d{tq}, 4+ (sandbox Troop Quality Check)",))


def preview(g: Any, action: Any) -> ChanceStep | None:
    """The first chance node ``action`` would open now (drawing nothing), as its actor may know it,
    or None when it rolls nothing.  Raises IllegalAction when the rules refuse it."""
    from lcb_lab.games.force_on_force import actions as A
    from lcb_lab.games.force_on_force import checks as C
    from lcb_lab.games.force_on_force.rules import combat
    from lcb_lab.games.force_on_force.rules.chain import ordered
    from lcb_lab.kernel.dice import dN
    s = g.state
    if isinstance(action, (A.DoneReacting, A.DoneInterrupting)):
        C.pending(g, s.initiative if isinstance(action, A.DoneInterrupting) else s.other(s.initiative),
                  "interrupt" if isinstance(action, A.DoneInterrupting) else "react")
        chain = ordered(g)
        if not chain or (isinstance(action, A.DoneReacting) and any(
                u.overwatch and u.alive and u.side == s.initiative for u in s.units.values())):
            return None
        first = chain[0]
        ow = [i for i in s.activation.interrupts if i.target == first.unit]
        init = s.units[ow[0].overwatch] if ow else s.units[s.activation.act.unit]
        return reaction_step(init, s.units[first.unit], overwatch=bool(ow))
    if isinstance(action, A.Spot):
        u = C.check_simple(g, action)
        m = sum(v for v, _, _ in spotter_modifiers(u))
        p = sum(1 for a in range(1, u.tq + 1) if a + m >= 4) / u.tq
        return _two(f"{u.name} searches {action.feature}", "l.116", "modified 4+", p, (f"d{u.tq}{m:+d}",))
    if isinstance(action, (A.Hide, A.Cross)):
        u = C.check_simple(g, action)
        if isinstance(action, A.Hide) and u.stealthy:
            return None
        tq = max(4, u.tq - 2) if isinstance(action, A.Hide) and s.other(u.side) in s.uav else u.tq
        return _check((tq - 3) / tq, f"{possessive(u.name)} Troop Quality Check", "l.124" if isinstance(action, A.Hide)
                      else "l.39", tq)
    if isinstance(action, A.Artillery):
        C.check_simple(g, action)
        t = s.units[action.target]
        f = geometry.feature_at(g.table, t.pos)
        fp = combat.ARTILLERY + (1 if f is not None and f.kind in ("average", "dense") else 0)
        return fire_step(fp, dN(8), combat.defense_dice(g, t)[0], t)
    if isinstance(action, A.Breach):
        _, t = C.check_breach(g, action)
        return _check((t.tq - 3) / t.tq, f"{possessive(t.name)} Troop Quality Check", "l.9", t.tq)
    g.codec.check(action)
    return None
