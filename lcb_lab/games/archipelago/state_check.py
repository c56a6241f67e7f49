"""A saved Archipelago state checked against the game's meaning, not only its types: each piece of
a player, of a class of the catalog, at a point of the board, facing one of the six sides of its
point; the player to move, the phase and the level are the game's, the turns count from 1.
:func:`state_problem` says the first fault with the keys down to it; the engine's
``state_from_data`` raises it as a :class:`~lcb_lab.kernel.datacodec.DataError`, so a hand-edited
save (``"kind": "dragon"``, ``"to_move": "Green"``) is refused when it is read, in one line naming
the key, instead of loading a game that breaks at its next act.
"""
from __future__ import annotations

from typing import Any, Iterator

from lcb_lab.games.archipelago.model.board import point_label
from lcb_lab.games.archipelago.model.catalog import catalog
from lcb_lab.games.archipelago.model.state import PHASES, PLAYERS
from lcb_lab.kernel.hexgrid import Axial

LEVELS = (1, 2, 3, 4, 5)
"""The levels the lab plays."""


def state_problem(s: Any, board: Any) -> tuple[tuple, str] | None:
    """``(loc, problem)`` for the first fault of ``s`` on ``board`` (module doc), None when it has none."""
    return next(_faults(s, board), None)


def _faults(s: Any, board: Any) -> Iterator[tuple[tuple, str]]:
    players = ", ".join(PLAYERS)
    classes = catalog().classes
    for pid, p in s.pieces.items():
        at = ("pieces", pid)
        if p.owner not in PLAYERS:
            yield (*at, "owner"), f"{p.owner!r} is not a player ({players})"
        if p.kind not in classes:
            yield (*at, "kind"), f"{p.kind!r} is not a class of the pieces' catalog"
        if len(p.point) != 2 or Axial(*p.point) not in board:
            yield (*at, "point"), _off_board(p.point, board)
        if not 0 <= p.facing <= 5:
            yield (*at, "facing"), f"a piece faces one of the six sides of its point (0 to 5), not {p.facing}"
    if s.to_move not in PLAYERS:
        yield ("to_move",), f"{s.to_move!r} is not a player ({players})"
    if s.phase not in PHASES:
        yield ("phase",), f"{s.phase!r} is not a phase ({', '.join(PHASES)})"
    if s.turn < 1:
        yield ("turn",), f"the turns count from 1, not {s.turn}"
    if s.level not in LEVELS:
        yield ("level",), f"the lab plays levels 1 to 5, not {s.level!r}"


def _off_board(point: Any, board: Any) -> str:
    """The fault of a stored ``point`` (axial ``[q, r]``, as the save holds it) that is not on ``board``,
    with its column and row as the lab's board counts them when it has two coordinates."""
    where = f" (column,row {point_label(point)})" if len(point) == 2 else ""
    return f"{list(point)}{where} is not a point of the board {board.name!r}"
