"""Crossing a water obstacle by swimming (l.39) or scaling a cliff (l.52).

Only units the scenario names may do it (here the sandbox data's ``swimmer`` / ``climber``); they
start the turn at the edge (sandbox: on the obstacle's crossing point, within 1") and move
Tactically only (l.21, l.52).  A Troop Quality Check (sandbox: 4+) decides whether it goes without
incident; failing, the unit takes a 4D8 attack with no Defense modifiers, resolved on the far side
(drowned or fallen, l.39, l.52).
"""
from __future__ import annotations

from typing import Any

from lcb_lab.games.force_on_force import geometry
from lcb_lab.games.force_on_force.model.units import Unit
from lcb_lab.games.force_on_force.observer import note
from lcb_lab.games.force_on_force.rules.combat import attack
from lcb_lab.games.force_on_force.rules.movement import reveal
from lcb_lab.kernel.dice import dN
from lcb_lab.kernel.errors import IllegalAction

MISHAP = 4
"""Dice of the D8 attack a failed crossing takes (l.39, l.52)."""


def _rule(kind: str) -> str:
    return "l.39" if kind == "water" else "l.52"


def check(g: Any, u: Unit, obstacle: str) -> str:
    """The far point of ``obstacle`` for ``u``; raises IllegalAction when ``u`` may not cross it."""
    try:
        f = g.table.feature(obstacle)
    except KeyError:
        raise IllegalAction("l.19", f"there is no obstacle called {obstacle}") from None
    if f.kind not in ("water", "cliff"):
        raise IllegalAction("l.19", f"{obstacle} is not a water or vertical obstacle")
    rule = _rule(f.kind)
    if not (u.swimmer if f.kind == "water" else u.climber):
        raise IllegalAction(rule, f"{u.name} is not trained to {'swim' if f.kind == 'water' else 'scale'} "
                            f"{obstacle} (the scenario names such units)")
    here = next((name for name, p in g.table.points if p == u.pos), None)
    far = dict(f.far).get(here or "")
    if far is None or not geometry.near_edge(f, u.pos):
        raise IllegalAction(rule, f"{u.name} must start at the edge of {obstacle}, on a crossing point")
    return far


def cross(g: Any, u: Unit, obstacle: str) -> bool:
    """``u`` crosses ``obstacle`` (module doc); returns whether it went without incident."""
    far = check(g, u, obstacle)
    rule = _rule(g.table.feature(obstacle).kind)
    u.x, u.y = g.table.point(far)
    reveal(g, u)
    note(g, "odds", f"Odds: {u.name} crosses without incident {(u.tq - 3) / u.tq:.1%}", [rule],
         f"sandbox check: d{u.tq} 4+; Tactical movement only")
    r = g.dice.roll(1, f"crossing {u.name}", u.die)[0]
    ok = r >= 4
    note(g, "cross", f"{u.name} crosses {obstacle} to {far}: Troop Quality Check d{u.tq} {r}: "
         + ("no incident" if ok else f"mishap, a {MISHAP}D8 attack with no Defense modifiers"), [rule])
    if not ok:
        attack(g, f"the {obstacle}", u, MISHAP, dN(8), [rule], modifiers=False)
    return ok
