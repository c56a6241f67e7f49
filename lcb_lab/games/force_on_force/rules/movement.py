"""Movement, as far as the fragment needs it: moves end on the table's named points.

The text gives no speeds; *sandbox*: a Tactical move up to :data:`TACTICAL` inches, a Rapid move
up to :data:`RAPID`.  A Reaction move loses 1" for each Reaction after the first (l.364).  Water
obstacles without a ford and cliffs stop a move (l.19, l.43; crossing them is :mod:`.crossing`);
infantry moves only Tactically through Dense Woods (l.62) and Heavy Foliage (l.64).  A Rapid move
gives -1 on Reaction Tests (l.320) and spotting (l.152) for the rest of the turn.  Sandbox: a hidden
unit that moves or fires is no longer hidden (the fragment does not say; docs/force_on_force.md).
"""
from __future__ import annotations

from typing import Any

from lcb_lab.games.force_on_force import geometry
from lcb_lab.games.force_on_force.model.units import Unit
from lcb_lab.games.force_on_force.observer import note
from lcb_lab.games.force_on_force.rules.spotting import forget
from lcb_lab.kernel.errors import IllegalAction

TACTICAL = 6.0
"""Sandbox: inches of a Tactical move."""
RAPID = 12.0
"""Sandbox: inches of a Rapid move."""


def check_move(g: Any, u: Unit, to: str, rapid: bool, penalty: float = 0.0) -> None:
    """Raise IllegalAction when ``u`` may not move to point ``to`` (module doc); ``penalty``:
    inches lost to extra Reactions (l.364)."""
    try:
        p = g.table.point(to)
    except KeyError:
        raise IllegalAction("l.186", f"{to!r} is not a point of the table") from None
    reach = (RAPID if rapid else TACTICAL) - penalty
    d = geometry.distance(u.pos, p)
    if d > reach + 1e-9:
        rule = "l.364" if penalty else "l.186"
        raise IllegalAction(rule, f"{to} is {d:.1f}\" away; {u.name} may move {reach:g}\" "
                            f"({'Rapid' if rapid else 'Tactical'}, sandbox speed"
                            + (f", less {penalty:g}\" for Reactions after the first)" if penalty else ")"))
    block = geometry.path_crosses(g.table, u.pos, p, ("water",))
    if block:
        raise IllegalAction("l.19", f"the path to {to} crosses {block}, a water obstacle without a ford")
    block = geometry.path_crosses(g.table, u.pos, p, ("cliff",))
    if block:
        raise IllegalAction("l.43", f"the path to {to} crosses {block}, an impassable vertical obstacle")
    if rapid:
        block = geometry.path_crosses(g.table, u.pos, p, ("dense", "heavy"))
        if block:
            raise IllegalAction("l.62", f"the path to {to} crosses {block}: only Tactical movement through dense "
                                "woods")


def move(g: Any, u: Unit, to: str, rapid: bool, refs: list[str]) -> None:
    """Move ``u`` to point ``to`` (checked before) and log it; a hidden unit is revealed (sandbox)."""
    u.x, u.y = g.table.point(to)
    u.rapid = u.rapid or rapid
    reveal(g, u)
    note(g, "move", f"{u.name} moves {'Rapidly' if rapid else 'Tactically'} to {to} ({u.x:g}, {u.y:g})", refs,
         unit=u.name)
    forget(g, u)


def reveal(g: Any, u: Unit) -> None:
    """A hidden unit that acts is no longer hidden (sandbox)."""
    if u.hidden:
        u.hidden = False
        note(g, "revealed", f"{u.name} acts and is no longer hidden, at ({u.x:g}, {u.y:g})", ["l.110"],
             "sandbox: acting gives a hidden unit away (the fragment is silent)")
