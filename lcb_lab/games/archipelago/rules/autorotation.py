"""Optional rule l.493 (switch ``"l.493"``): the autorotation landing (level 3, picture 35).

* Without it a helicopter in the air burns its last notch as its owner's turn starts (the text's
  pointer on 1, l.481, l.493) and falls if that turn ends with it still in the air (l.483).
* With it, a helicopter whose last turn of flight ends on a point adjacent to a white point where it
  may land, or to an own ship with a free platform (the frigate, l.493; *reading*: any landing place
  of :func:`~lcb_lab.games.archipelago.rules.air.landing_spot`), shuts its engines down and does not
  fall yet: it is in autorotation (``state.autorotation``).  On its owner's next turn it may only
  land, by a hover onto such an adjacent point (as l.470, no blue die); neither a progressive flight
  nor a hover that stays in the air.  Still in the air at the end of that turn, it falls (l.483).
* *Reading*: "a chance to land" (l.493) is the possibility; the text prints no die for it, so no
  roll: the landing, when the point admits it, is made.
"""
from __future__ import annotations

from typing import Any, Callable

from lcb_lab.games.archipelago.model.state import Piece
from lcb_lab.games.archipelago.rules.common import log, where
from lcb_lab.games.archipelago.rules.optional import is_on
from lcb_lab.kernel.errors import IllegalAction
from lcb_lab.kernel.hexgrid import Axial, neighbour

RULE = "l.493"


def spots(g: Any, p: Piece, landing_spot: Callable[[Any, Piece, Axial], str | None]) -> list[Axial]:
    """The points adjacent to helicopter ``p`` where it may land (a white point or a free platform),
    by ``landing_spot`` (:func:`~lcb_lab.games.archipelago.rules.air.landing_spot`: why not, or None)."""
    out = [neighbour(p.at, f) for f in range(6)]
    return [q for q in out if q in g.board and landing_spot(g, p, q) is None]


def spared(g: Any, pid: str, p: Piece, near: list[Axial]) -> bool:
    """Whether helicopter ``pid``, out of fuel in the air at the end of its owner's turn, goes into
    autorotation instead of falling (module docstring); ``near``: its :func:`spots`.  Logs it and
    marks it. False: it falls."""
    s = g.state
    if not is_on(s, RULE) or pid in s.autorotation:
        if pid in s.autorotation:
            s.autorotation.remove(pid)
        return False
    if not near:
        return False
    s.autorotation.append(pid)
    log(g, "autorotation", f"{pid} shuts its engines down: autorotation", f"Its fuel is out, but it ends its last "
        f"flight beside {', '.join(where(g, q) for q in near)}: it may land there on its next turn, or fall "
        "(optional rule l.493).", [RULE, "l.483"], piece=pid)
    return True


def check(g: Any, pid: str, land: bool) -> None:
    """Refuse (l.493) a move of helicopter ``pid`` in autorotation other than a landing hover."""
    if pid in g.state.autorotation and not land:
        raise IllegalAction(RULE, f"{pid} is in autorotation, its engines shut down: it can only land on an "
                                  "adjacent white point or ship's platform this turn")


def landed(g: Any, pid: str) -> None:
    """Helicopter ``pid`` has landed: it leaves autorotation (logged when it was in it)."""
    s = g.state
    if pid in s.autorotation:
        s.autorotation.remove(pid)
        log(g, "autorotation", f"{pid} lands by autorotation", "A hard landing with the engines shut down, "
            "the turn after its fuel ran out (optional rule l.493, picture 35).", [RULE], piece=pid)
