"""What the board draws of a game as a viewer sees it: pieces, markers and written sectors as
:class:`~lcb_lab.ui.archipelago.board_view.PieceMark` s and :class:`AreaMark` s (pure: no Bokeh, no widget).

A piece's label is its number as printed on the piece (``"2"`` for a torpedo boat, ``"C-10"`` for
a ship, l.100); its drawing (:data:`DRAWINGS`) follows its class: a hull for a vessel, a hull with
an SSM tick for the missile boats and ships (l.842-870, l.937, l.1049, l.1069), a round-ended hull
for a surfaced submarine and its S marker under water (l.1123, l.1129), a rotor disc for a
helicopter, wings for the seaplane and ekranoplan, a delta for the combat aircraft, an ellipse for
the blimp, a square bow for the landing boat, a square for a land launcher; its ``hits`` count the
markers on its control panel (a damaged ship, l.346).  Markers: a torpedo in flight is a small
arrow ``"T"`` (l.207), a cruise missile ``"CM"`` (l.975), a contact mine ``"M"`` (l.1057, always
visible, l.1059), a sonar ``"SN"`` (l.1185).  An S-S or S-A missile is rolled and resolved in its
own act (l.854): no marker of it rests on the board.

Hidden information is not decided here: everything is drawn from the observer's view
(:func:`lcb_lab.games.archipelago.observer.view`), never from the state.  A viewer's own
submerged submarine is drawn dashed; a hidden submarine (optional l.1147) is no piece of the board:
its owner (and the umpire) sees the sector of its notepad as a dashed area (:func:`areas`), the
other side nothing; the remote-controlled mines' sectors likewise (l.1211).

>>> from lcb_lab.games.archipelago.stage import stage
>>> from lcb_lab.games.archipelago.observer import view
>>> g = stage(pieces=[("Red TB-2", (2, 6), "N"), ("Blue C-10", (2, 2), "S", {"hits": ["G"]})], level=2)
>>> [(m.label, m.owner, m.kind, m.hits, m.facing.name) for m in marks(view(g, "instructor"))]
[('C-10', 'Blue', 'ship', 1, 'S'), ('2', 'Red', 'torpedo_boat', 0, 'N')]
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from lcb_lab.kernel.hexgrid import Axial, Facing
from lcb_lab.kernel.observer import all_seeing
from lcb_lab.ui.archipelago.board_view import PieceMark

__all__ = ["marks", "areas", "label_of", "board_view", "AreaMark", "DRAWINGS", "KEY", "key_rows"]

DRAWINGS = {"torpedo_boat": "torpedo_boat", "hovercraft": "hovercraft",
            "helicopter": "helicopter", "utility_helicopter": "helicopter", "combat_helicopter": "helicopter",
            "transport_helicopter": "helicopter",
            "missile_boat": "missile_boat", "hydrofoil": "missile_boat",
            "missile_corvette": "missile_ship", "missile_frigate": "missile_ship",
            "guided_missile_cruiser": "missile_ship", "command_ship": "missile_ship",
            "submarine": "submarine", "submarine_s32": "submarine",
            "seaplane": "seaplane", "ekranoplan": "seaplane",
            "strike_fighter": "aircraft", "attack_aircraft": "aircraft", "fighter_bomber": "aircraft", "fighter": "aircraft",
            "blimp": "blimp", "landing_boat": "landing_boat", "ssm_launcher": "launcher", "sam_launcher": "launcher"}
"""A catalog kind -> the drawing of :class:`PieceMark` (every other vessel: a ship's hull, ``"ship"``)."""

KEY: dict[str, tuple[str, str, str]] = {
    "torpedo_boat": ("torpedo boat: a short hull with its number", "l.100", ""),
    "ship": ("ship: a long hull with its mark", "l.100", ""),
    "missile_ship": ("missile corvette, missile frigate, guided missile cruiser, command ship: a long hull with "
                     "an SSM tick", "l.858", ""),
    "missile_boat": ("missile boat, hydrofoil: a short hull with an SSM tick", "l.842", ""),
    "submarine": ("submarine on the surface: a round-ended hull", "l.1123", ""),
    "submerged": ("S marker: a submarine under water; dashed: your own", "l.1129", ""),
    "helicopter": ("helicopter: a rotor disc, its nose ahead", "l.417", ""),
    "seaplane": ("seaplane, ekranoplan: straight wings", "l.1084", ""),
    "aircraft": ("combat aircraft: a delta wing", "l.1284", ""),
    "blimp": ("blimp: an ellipse", "l.1276", "sandbox: the text prints no mark for the blimp (BL-1)"),
    "hovercraft": ("hovercraft: a short hull", "l.594", "sandbox: the text names no mark for it (HC)"),
    "landing_boat": ("landing boat: a square bow", "l.1035", ""),
    "launcher": ("land S-S or S-A launcher: a square on land", "l.989", ""),
    "torpedo": ("T marker: a torpedo in flight", "l.207", ""),
    "cruise": ("CM marker: a cruise missile between its two parts of flight", "l.975", ""),
    "mine": ("M marker: a contact mine, always visible", "l.1057", ""),
    "sonar": ("SN marker: a sonar dropped on the water", "l.1185", ""),
    "hidden_submarine": ("your hidden submarine: the sector on your notepad, dashed", "l.1147", ""),
    "rc_mines": ("your remote-controlled mines: a sector written before the game, dashed", "l.1211", ""),
}
"""The key of the marks: drawing kind -> (words, rule, sandbox note or ""); the shapes are the lab's
own drawings of the text's pieces and markers."""


@dataclass(frozen=True)
class AreaMark:
    """A sector drawn as an area: ``kind`` ``"hidden_submarine"`` (``label`` the submarine, l.1147) or
    ``"rc_mines"`` (l.1211), ``owner`` "Red" / "Blue", ``sector`` as the board names it ("D8")."""

    label: str
    owner: str
    sector: str
    kind: str


def label_of(piece_id: str) -> str:
    """The label drawn on a piece: ``"Red TB-2"`` -> ``"2"``, ``"Blue C-10"`` -> ``"C-10"``."""
    name = piece_id.split(" ", 1)[-1]
    return name.split("-", 1)[1] if name.startswith("TB-") else name


def _own(viewer: Any, owner: str) -> bool:
    return viewer == owner or all_seeing(viewer)


def marks(v: dict, viewer: Any = None) -> list[PieceMark]:
    """The marks of an observer view ``v`` (:func:`~lcb_lab.games.archipelago.observer.view`) for
    ``viewer`` (a player; None or the instructor: the umpire): each piece it shows (sorted by id; a
    submerged submarine as its S marker, dashed when ``viewer`` knows it as its own), then each T
    marker, CM marker, M marker and SN marker on the board."""
    from lcb_lab.games.archipelago.model.catalog import catalog
    cat, out = catalog(), []
    under = set(v.get("undersea", {}).get("submerged", ()))
    aboard = v.get("aboard", {})
    for pid, p in sorted(v["pieces"].items()):
        owner, kind, _ = cat.of_id(pid)
        owner = v.get("captured", {}).get(pid, owner)          # the seaplane taken by commandos (l.1568)
        drawing = "submerged" if pid in under else DRAWINGS.get(kind, "ship")
        out.append(PieceMark(label_of(pid), owner, Axial(*p["point"]), Facing(p["facing"]), drawing, len(p["hits"]),
                             dashed=pid in under and _own(viewer, owner), aboard=bool(aboard.get(pid))))
    out += [PieceMark("T", owner, Axial(*pt), Facing(f), "torpedo") for _, (pt, f, owner) in sorted(v["torpedoes"].items())]
    out += [PieceMark("CM", owner, Axial(*pt), Facing(f), "cruise")
            for _, (pt, f, owner, _t) in sorted(v.get("cruise", {}).items())]
    sea = v.get("undersea", {})
    out += [PieceMark("M", owner, Axial(*pt), Facing.N, "mine") for pt, owner in sea.get("mines", ())]
    out += [PieceMark("SN", owner, Axial(*pt), Facing.N, "sonar") for pt, owner, *_ in sea.get("sonars", ())]
    return out


def areas(v: dict) -> list[AreaMark]:
    """The sectors the view names: each hidden submarine's last notepad line and each sector of
    remote-controlled mines -- only where the view holds them (its owner's or the umpire's; the
    other side's view holds a count, drawn nowhere)."""
    sea = v.get("undersea", {})
    out = []
    for owner, pad in sorted(sea.get("notepads", {}).items()):
        if isinstance(pad, dict):
            out += [AreaMark(label_of(pid) + "?", owner, lines[-1][1], "hidden_submarine")
                    for pid, lines in sorted(pad.items()) if lines]
    for owner, sectors in sorted(sea.get("rc_mines", {}).items()):
        if isinstance(sectors, list):
            out += [AreaMark("RC", owner, s, "rc_mines") for s in sectors]
    return out


def key_rows(kinds: set[str]) -> list[tuple[str, str, str, str]]:
    """``(kind, words, rule, sandbox note)`` of the :data:`KEY` rows of ``kinds``, in the key's order."""
    return [(k, *KEY[k]) for k in KEY if k in kinds]


def board_view(game: Any, frame_height: int = 420, title: str | None = None, viewer: str = "instructor") -> Any:
    """A :class:`~lcb_lab.ui.archipelago.board_view.BoardView` of ``game``'s board with its
    :func:`marks` drawn as ``viewer`` sees them (default the instructor; ``frame_height`` in px); ``title`` replaces the board's long title but
    keeps its sandbox tag (the text prints its board only as pictures, l.106-130).  Show ``.figure``."""
    from lcb_lab.ui.archipelago.board_view import BoardView
    full = f"{title} -- SANDBOX board (l.106-130)" if title else None
    view = BoardView(game.board, frame_height=frame_height, title=full)
    from lcb_lab.games.archipelago.observer import view as observe
    v = observe(game, viewer)
    view.show_pieces(marks(v, viewer))
    view.show_areas(areas(v))
    return view
