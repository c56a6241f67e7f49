"""A saved Archipelago state checked against the game's meaning, not only its types: each piece of
a player, of a class of the catalog, at a point of the board, facing one of the six sides of its
point; the player to move, the phase and the level are the game's, the turns count from 1; each player
has its Base A panel of markers (not fewer than none); the blue dice waiting to be used show faces of the blue die; the log keeps the shape of an explained step
(:func:`~lcb_lab.kernel.explain.log_problem`).
:func:`state_problem` says the first fault with the keys down to it; the engine's
``state_from_data`` raises it as a :class:`~lcb_lab.kernel.datacodec.DataError`, so a hand-edited
save (``"kind": "dragon"``, ``"to_move": "Green"``) is refused when it is read, in one line naming
the key, instead of loading a game that breaks at its next act.
"""
from __future__ import annotations

from typing import Any, Iterator

from lcb_lab.games.archipelago.dice import BLUE
from lcb_lab.games.archipelago.model.board import point_label
from lcb_lab.games.archipelago.model.catalog import catalog
from lcb_lab.games.archipelago.model.state import PHASES, PLAYERS
from lcb_lab.kernel.explain import log_problem
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
    for player in PLAYERS:
        if player not in s.stock:
            yield ("stock",), f"{player}'s Base A panel is missing (l.159: each player has one)"
    for player, panel in s.stock.items():
        if player not in PLAYERS:
            yield ("stock", player), f"{player!r} is not a player ({players})"
        for kind, n in panel.items():
            if n < 0:
                yield ("stock", player, kind), f"a panel holds 0 markers or more, not {n}"
    faces = sorted(set(BLUE.faces))
    for key in ("dice", "rolled", "air_dice"):
        for i, v in enumerate(getattr(s, key)):
            if v not in faces:
                yield (key, i), f"the sandbox blue die shows {', '.join(map(str, faces[:-1]))} or {faces[-1]}, not {v}"
    bad = log_problem(s.log, PLAYERS)
    if bad is not None:
        yield ("log", *bad[0]), bad[1]


def _off_board(point: Any, board: Any) -> str:
    """The fault of a stored ``point`` (axial ``[q, r]``, as the save holds it) that is not on ``board``,
    with its column and row as the lab's board counts them when it has two coordinates."""
    where = f" (column,row {point_label(point)})" if len(point) == 2 else ""
    return f"{list(point)}{where} is not a point of the board {board.name!r}"
