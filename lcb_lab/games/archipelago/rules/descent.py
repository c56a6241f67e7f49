"""Commandos carried by air: the descent from a utility helicopter (l.882-893) and commandos
aboard the transport helicopter and the seaplane (l.1011, l.1086, l.1115).

* **Taking commandos aboard** (an ``Embark`` act, l.874, l.886): a helicopter whose panel takes a
  unit of commandos (:mod:`~.armament`), landed on a point of the island, or the seaplane on the
  water beside it, takes one own C marker from the island; like loading it starts the turn there
  and stays (*reading*, as the hovercraft, l.612, l.618).
* **Descent** (:func:`descend`, a ``DescendCommandos`` act): a helicopter carrying commandos comes
  in one turn onto a point above the island (l.888); in the next turn, still on that point (it may
  turn in place, hovering, l.889; a progressive flight leaves the point), the commandos go down.
  *Reading*: the descent is the helicopter's act of the turn, after the movement, as a
  hovercraft's landing (l.658).  Enemy C or Ga markers on the island fight them at once, by the
  basic rules (l.890, :func:`~.commandos.ashore`); an island not held by the enemy (or won) lets
  the helicopter land there in a following turn on a free white point (l.891; the landing rules of
  :mod:`~.air`).
* **Landing commandos** from a landed transport helicopter or seaplane (``LandCommandos``):
  *reading*: as a hovercraft's, from a point on the island (the helicopter) or beside it (the
  seaplane on the water).
"""
from __future__ import annotations

from typing import Any

from lcb_lab.games.archipelago.model.state import Piece
from lcb_lab.games.archipelago.rules.commandos import ashore, defenders
from lcb_lab.games.archipelago.rules.common import air_kind, log, own_piece
from lcb_lab.kernel.errors import IllegalAction


def check_descent(g: Any, pid: str, island: str) -> Piece:
    """The helicopter of a descent the rules allow (module docstring). Raises IllegalAction."""
    s = g.state
    if s.phase == "start":
        raise IllegalAction("l.889", "commandos descend after the movement: roll the blue dice first")
    p = own_piece(s, pid, "l.889", "set commandos down")
    if air_kind(p) != "helicopter" or not p.flying:
        raise IllegalAction("l.889", f"{pid} is not a helicopter in the air")
    if "C" not in p.ammo:
        raise IllegalAction("l.886", f"{pid} carries no commandos")
    if p.fired:
        raise IllegalAction("l.543", f"{pid} has acted this turn already")
    if island not in g.board.islands() or g.board.island_at(p.at) != island:
        raise IllegalAction("l.888", f"{pid} is not above {island}")
    if tuple(p.start) != p.point:
        raise IllegalAction("l.889", f"{pid} came above {island} this turn (or left its point): the commandos descend "
                                     "the turn after, the helicopter staying on its point, hovering")
    from lcb_lab.games.archipelago.rules.scenarios import no_capture
    no_capture(g, island, p.owner)
    return p

def descend(g: Any, pid: str, island: str) -> None:
    """The commandos of helicopter ``pid`` descend onto ``island`` and fight its enemy units (module docstring)."""
    s = g.state
    p = check_descent(g, pid, island)
    p.ammo.remove("C")
    p.fired = True
    s.phase = "fire"
    foes = defenders(s, island, p.owner)
    log(g, "commandos", f"{p.owner}'s commandos descend on {island} from {pid}", "The helicopter came above the island "
        "last turn and stays hovering on its point while they go down (l.888-889); enemy units there fight them in the "
        "same turn, commandos before the garrison (l.890, l.670).", ["l.888", "l.889", "l.890"], piece=pid)
    ashore(g, p.owner, island, foes)
