"""What the board draws of a game's state: the pieces afloat and the T markers in flight as
:class:`~lcb_lab.ui.archipelago.board_view.PieceMark` s (pure: no Bokeh, no widget).

A piece's label is its number as printed on the piece (``"2"`` for a torpedo boat, ``"C-10"`` for
a ship, l.100); its drawing is a hull for every vessel (levels 1-2) and its ``hits`` count the
markers on its control panel (a damaged ship, l.346).  A torpedo in flight is a small arrow
``"T"`` with its heading (l.207).  Hidden information is not decided here: draw from the state a
view may show (:mod:`lcb_lab.games.archipelago.observer`).

>>> from lcb_lab.games.archipelago.stage import stage
>>> g = stage(pieces=[("Red TB-2", (2, 6), "N"), ("Blue C-10", (2, 2), "S", {"hits": ["G"]})], level=2)
>>> [(m.label, m.owner, m.kind, m.hits, m.facing.name) for m in marks(g.state)]
[('C-10', 'Blue', 'ship', 1, 'S'), ('2', 'Red', 'torpedo_boat', 0, 'N')]
"""
from __future__ import annotations

from typing import Any

from lcb_lab.kernel.hexgrid import Facing
from lcb_lab.ui.archipelago.board_view import PieceMark

__all__ = ["marks", "label_of", "board_view"]

KINDS = {"torpedo_boat": "torpedo_boat", "helicopter": "helicopter", "hovercraft": "hovercraft"}
"""A catalog kind -> the drawing of :class:`PieceMark` (every other vessel: a ship's hull)."""


def label_of(piece_id: str) -> str:
    """The label drawn on a piece: ``"Red TB-2"`` -> ``"2"``, ``"Blue C-10"`` -> ``"C-10"``."""
    name = piece_id.split(" ", 1)[-1]
    return name.split("-", 1)[1] if name.startswith("TB-") else name


def marks(state: Any) -> list[PieceMark]:
    """The marks of ``state`` (an :class:`~lcb_lab.games.archipelago.model.state.ArchState`):
    each piece afloat (sorted by id), then each T marker on the board (sorted by id)."""
    out = [PieceMark(label_of(pid), p.owner, p.at, Facing(p.facing), KINDS.get(p.kind, "ship"), len(p.hits))
           for pid, p in sorted(state.pieces.items())]
    out += [PieceMark("T", t.owner, t.at, Facing(t.facing), "torpedo") for _, t in sorted(state.torpedoes.items())]
    return out


def board_view(game: Any, frame_height: int = 420, title: str | None = None) -> Any:
    """A :class:`~lcb_lab.ui.archipelago.board_view.BoardView` of ``game``'s board with its
    :func:`marks` drawn (``frame_height`` in px); ``title`` replaces the board's long title but
    keeps its sandbox tag (the text prints its board only as pictures, l.106-130).  Show ``.figure``."""
    from lcb_lab.ui.archipelago.board_view import BoardView
    full = f"{title} -- SANDBOX board (l.106-130)" if title else None
    view = BoardView(game.board, frame_height=frame_height, title=full)
    view.show_pieces(marks(game.state))
    return view
