"""Sandbox combat resolution: the fragment names Firepower and Defense dice (l.9, l.15, l.39) but
prints no way to resolve them; this small rule is **sandbox** (``docs/force_on_force.md``).

A Firepower attack rolls its dice (the shooter's Troop Quality die type, one per figure, l.15);
each 4+ is a hit.  The target rolls its Defense dice (its Troop Quality die): :data:`BASE_DEFENSE`,
+1 in Solid Cover (dense or average woods, l.62, l.82; a building, sandbox), plus any bonus (the
breach, l.9); each 4+ cancels a hit.  Each hit left removes one figure.  An attack that "may claim
no Defense modifiers" (l.39, l.52) rolls the base dice only.  The exact distribution of figures
lost is logged before every roll (kernel :func:`~lcb_lab.kernel.odds.net_damage_pmf`).
"""
from __future__ import annotations

from typing import Any

import numpy as np

from lcb_lab.games.force_on_force import geometry
from lcb_lab.games.force_on_force.model.units import Unit
from lcb_lab.games.force_on_force.observer import note
from lcb_lab.kernel.dice import Die, dN
from lcb_lab.kernel.odds import hits_pmf, net_damage_pmf

HIT = 4
"""Sandbox: a Firepower or Defense die succeeds on 4+ (the text's own threshold for tests)."""
BASE_DEFENSE = 2
"""Sandbox: Defense dice every unit rolls."""
ARTILLERY = 3
"""Sandbox: Firepower dice (d8) of an artillery salvo."""


def _hit(face: int) -> bool:
    return face >= HIT


def defense_dice(g: Any, target: Unit, bonus: int = 0, modifiers: bool = True) -> tuple[int, list[str]]:
    """``(dice, why)``: the target's Defense dice (module doc)."""
    n, why = BASE_DEFENSE, [f"{BASE_DEFENSE} base (sandbox)"]
    if not modifiers:
        return n, why + ["no Defense modifiers (l.39, l.52)"]
    f = geometry.feature_at(g.table, target.pos)
    if f is not None and f.kind in geometry.SOLID_COVER and target.kind == "infantry":
        n, why = n + 1, why + [f"+1 Solid Cover in {f.name} (l.62, l.82)"]
    if bonus:
        n, why = n + bonus, why + [f"+{bonus} breach (l.9)"]
    return n, why


def casualty_pmf(fp: int, die: Die, defense: int, ddie: Die) -> np.ndarray:
    """P(figures lost = k): ``fp`` dice of ``die`` hitting on 4+, ``defense`` dice of ``ddie``
    cancelling on 4+ (exact)."""
    return net_damage_pmf(hits_pmf(fp, die, _hit), hits_pmf(defense, ddie, _hit))


def attack(g: Any, shooter: str, target: Unit, fp: int, die: Die, refs: list[str], bonus: int = 0,
           modifiers: bool = True) -> int:
    """Resolve a Firepower attack of ``fp`` dice of ``die`` by ``shooter`` (a name) on ``target``;
    returns the figures it lost.  Logs the exact odds, then the dice."""
    dd, why = defense_dice(g, target, bonus, modifiers)
    pmf = casualty_pmf(fp, die, dd, target.die)
    dist = ", ".join(f"{k}: {p:.1%}" for k, p in enumerate(pmf) if p >= 0.0005)
    note(g, "odds", f"Odds: {shooter} {fp}{die.name.upper()} against {target.name} ({dd}D{target.tq} Defense): "
         f"figures lost {dist}", refs, "sandbox combat: hits on 4+, each Defense 4+ cancels one; Defense "
         + ", ".join(why))
    hits = g.dice.roll(fp, f"firepower {shooter}", die) if fp else []
    saves = g.dice.roll(dd, f"defense {target.name}", target.die) if dd else []
    n_hit, n_save = sum(map(_hit, hits)), sum(map(_hit, saves))
    lost = min(target.figures, max(0, n_hit - n_save))
    target.figures -= lost
    g.state.lost[target.side] += lost
    note(g, "fire", f"{shooter} fires {fp}{die.name.upper()} at {target.name}: {n_hit} hit(s) {hits}, "
         f"{n_save} cancelled {saves}: {target.name} loses {lost} figure(s), {target.figures} left", refs,
         "sandbox combat resolution (the text prints none)", shooter=shooter, target=target.name, lost=lost)
    if not target.alive:
        note(g, "eliminated", f"{target.name} is wiped out", refs)
    return lost


def artillery(g: Any, caller: Unit, target: Unit) -> int:
    """An artillery salvo on ``target``: :data:`ARTILLERY` D8 (sandbox), +1 die into Average or
    Dense Woods (l.88). Returns figures lost."""
    f = geometry.feature_at(g.table, target.pos)
    fp, refs = ARTILLERY, ["l.88"]
    if f is not None and f.kind in ("average", "dense"):
        fp += 1
        note(g, "artillery", f"The salvo strikes {target.name} in {f.name}: +1 Firepower die for splinters", refs)
    return attack(g, f"artillery for {caller.name}", target, fp, dN(8), refs)
