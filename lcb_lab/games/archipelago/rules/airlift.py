"""Which aircraft carry commandos, and from where they take them aboard or set them ashore
(l.874, l.1011, l.1086; :mod:`~.descent` for the whole of it)."""
from __future__ import annotations

from typing import Any

from lcb_lab.games.archipelago.model.state import Piece
from lcb_lab.games.archipelago.rules.armament import kinds, slots
from lcb_lab.games.archipelago.rules.common import air_kind, cls_of
from lcb_lab.kernel.errors import IllegalAction
from lcb_lab.kernel.hexgrid import distance


def carries_commandos(p: Piece) -> bool:
    """Whether ``p``'s panel may take a unit of commandos (l.874, l.1011, l.1086)."""
    if air_kind(p) not in ("helicopter", "seaplane"):
        return False
    return "C" in kinds(p) if slots(p) is not None else cls_of(p).any_load > 0


def carrier(g: Any, p: Piece, pid: str, island: str, rule: str) -> Piece:
    """``p`` as an aircraft that may take commandos from or set them on ``island`` now (module
    docstring). Raises IllegalAction(rule, ...)."""
    if not carries_commandos(p):
        raise IllegalAction(rule, f"{pid} does not carry commandos (hovercraft, l.618; utility and transport "
                                  "helicopters, the seaplane, l.874, l.1011, l.1086)")
    if island not in g.board.islands():
        raise IllegalAction(rule, f"{island!r} is not an island of the board")
    if p.flying or p.aboard:
        raise IllegalAction(rule, f"{pid} is not landed: commandos come aboard or go ashore from a landed aircraft "
                                  "(a hovering helicopter's commandos descend, l.889)")
    pts = g.board.islands()[island]
    if air_kind(p) == "helicopter" and p.at not in pts:
        raise IllegalAction(rule, f"{pid} is not landed on {island}")
    if air_kind(p) == "seaplane" and not any(distance(p.at, q) <= 1 for q in pts):
        raise IllegalAction(rule, f"{pid} is not on the water beside {island}")
    return p
