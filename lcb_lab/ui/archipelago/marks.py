"""What the board draws of a game as a viewer sees it: the pieces afloat and the T markers in flight as
:class:`~lcb_lab.ui.archipelago.board_view.PieceMark` s (pure: no Bokeh, no widget).

A piece's label is its number as printed on the piece (``"2"`` for a torpedo boat, ``"C-10"`` for
a ship, l.100); its drawing is a hull for every vessel (levels 1-2) and its ``hits`` count the
markers on its control panel (a damaged ship, l.346).  A torpedo in flight is a small arrow
``"T"`` with its heading (l.207).  Hidden information is not decided here: the marks are drawn from
the observer's view (:func:`lcb_lab.games.archipelago.observer.view`), never from the state.

>>> from lcb_lab.games.archipelago.stage import stage
>>> from lcb_lab.games.archipelago.observer import view
>>> g = stage(pieces=[("Red TB-2", (2, 6), "N"), ("Blue C-10", (2, 2), "S", {"hits": ["G"]})], level=2)
>>> [(m.label, m.owner, m.kind, m.hits, m.facing.name) for m in marks(view(g, "instructor"))]
[('C-10', 'Blue', 'ship', 1, 'S'), ('2', 'Red', 'torpedo_boat', 0, 'N')]
"""
from __future__ import annotations

from typing import Any

from lcb_lab.kernel.hexgrid import Axial, Facing
from lcb_lab.ui.archipelago.board_view import PieceMark

__all__ = ["marks", "label_of", "board_view"]

KINDS = {"torpedo_boat": "torpedo_boat", "helicopter": "helicopter", "hovercraft": "hovercraft"}
"""A catalog kind -> the drawing of :class:`PieceMark` (every other vessel: a ship's hull)."""


def label_of(piece_id: str) -> str:
    """The label drawn on a piece: ``"Red TB-2"`` -> ``"2"``, ``"Blue C-10"`` -> ``"C-10"``."""
    name = piece_id.split(" ", 1)[-1]
    return name.split("-", 1)[1] if name.startswith("TB-") else name


def marks(v: dict) -> list[PieceMark]:
    """The marks of an observer view ``v`` (:func:`~lcb_lab.games.archipelago.observer.view`): each
    piece it shows (sorted by id), then each T marker on the board (sorted by id)."""
    from lcb_lab.games.archipelago.model.catalog import catalog
    cat, out = catalog(), []
    for pid, p in sorted(v["pieces"].items()):
        owner, kind, _ = cat.of_id(pid)
        out.append(PieceMark(label_of(pid), owner, Axial(*p["point"]), Facing(p["facing"]),
                             KINDS.get(kind, "ship"), len(p["hits"])))
    out += [PieceMark("T", owner, Axial(*pt), Facing(f), "torpedo") for _, (pt, f, owner) in sorted(v["torpedoes"].items())]
    return out


def board_view(game: Any, frame_height: int = 420, title: str | None = None, viewer: str = "instructor") -> Any:
    """A :class:`~lcb_lab.ui.archipelago.board_view.BoardView` of ``game``'s board with its
    :func:`marks` drawn as ``viewer`` sees them (default the instructor; ``frame_height`` in px); ``title`` replaces the board's long title but
    keeps its sandbox tag (the text prints its board only as pictures, l.106-130).  Show ``.figure``."""
    from lcb_lab.ui.archipelago.board_view import BoardView
    full = f"{title} -- SANDBOX board (l.106-130)" if title else None
    view = BoardView(game.board, frame_height=frame_height, title=full)
    from lcb_lab.games.archipelago.observer import view as observe
    view.show_pieces(marks(observe(game, viewer)))
    return view
