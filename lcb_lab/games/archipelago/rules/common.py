"""What every rule module of the game shares: the explained log line and the piece look-ups.

:func:`log` appends one explained entry (kernel :func:`~lcb_lab.kernel.explain.step`) with its
line references (``"l.N"``, :mod:`~lcb_lab.games.archipelago.rule_refs`), annotated by the game's
observer (hidden information, :mod:`~lcb_lab.games.archipelago.observer`).  :func:`own_piece`
and :func:`enemy_piece` find a piece or refuse with the rule.
"""
from __future__ import annotations

from typing import Any

from lcb_lab.games.archipelago.model.board import point_name
from lcb_lab.games.archipelago.model.catalog import PieceClass, catalog
from lcb_lab.games.archipelago.model.state import ArchState, Piece
from lcb_lab.games.archipelago.rule_refs import cite
from lcb_lab.kernel.errors import IllegalAction
from lcb_lab.kernel.explain import step


def log(g: Any, kind: str, title: str, text: str, refs: list[str], **data: Any) -> dict:
    """Append one explained entry to ``g.state.log`` (annotated for hidden information), its
    references also with their section headings (``"cites"``: ``"Torpedo Launching, l.206"``);
    returns it. Raises KeyError for a reference outside the text's known sections."""
    from lcb_lab.games.archipelago.observer import OBSERVER
    e = step(kind, title, text, refs, **data)
    e["turn"], e["phase"] = g.state.turn, g.state.phase
    e["cites"] = [cite(r) for r in refs]
    g.state.log.append(OBSERVER.annotate(e, g.state))
    return e


def cls_of(p: Piece) -> PieceClass:
    """The catalog class of piece ``p``."""
    return catalog().classes[p.kind]


def own_piece(s: ArchState, pid: str, rule: str, what: str = "act") -> Piece:
    """The piece ``pid`` of the player to move, afloat. Raises IllegalAction(rule, ...) otherwise."""
    p = s.pieces.get(pid)
    if p is None:
        raise IllegalAction(rule, f"{pid} is not a piece on the board (sunk or never placed), so it cannot {what}")
    if p.owner != s.to_move:
        raise IllegalAction(rule, f"{pid} is not {s.to_move}'s: a player acts only with its own pieces")
    return p


def not_fired(p: Piece, pid: str) -> None:
    """Every piece fires one weapon a turn (l.543). Raises IllegalAction when ``p`` has fired."""
    if p.fired:
        raise IllegalAction("l.543", f"{pid} has already fired this turn (one weapon a turn)")


def enemy_piece(s: ArchState, pid: str, rule: str) -> Piece:
    """The enemy piece ``pid`` afloat. Raises IllegalAction(rule, ...) otherwise."""
    p = s.pieces.get(pid)
    if p is None or p.owner == s.to_move:
        raise IllegalAction(rule, f"{pid} is not an enemy vessel on the board: the target is an enemy piece")
    not_carried(p, pid)
    return p


def not_carried(p: Piece, pid: str) -> None:
    """Refuse (IllegalAction l.1029) a shot at ``p`` riding in a well dock or on a deck (not a
    helicopter on a platform): only its carrier can be hit (*reading*: it is inside the hull, l.1029)."""
    if p.aboard and catalog().classes[p.kind].mobility != "flying":
        raise IllegalAction("l.1029", f"{pid} rides inside or on {p.aboard}: only the carrier can be hit")


def where(g: Any, point: Any) -> str:
    """Point ``point`` (an Axial or a ``(q, r)`` pair) of game ``g``'s board in words, as everywhere
    (:func:`~lcb_lab.games.archipelago.model.board.point_name`): ``"30,21 (F5)"``, its column, row
    and sector (l.110); ``"42,5 (off the board)"`` off it."""
    return point_name(g.board, point)


def pct(p: float) -> str:
    """A probability as a short percentage (``'66.7%'``)."""
    return f"{100 * p:.1f}%"


AIR = {"flying": "helicopter", "seaplane": "seaplane", "blimp": "blimp", "jet": "jet"}
"""Mobility -> kind of aircraft: helicopters H1-H6 (l.442, l.876), the seaplane (l.1088), the blimp
(l.1280), combat aircraft (l.1317)."""


def air_kind(p: Piece) -> str:
    """``"helicopter"``, ``"seaplane"``, ``"blimp"``, ``"jet"`` for an aircraft, ``""`` for a vessel."""
    return AIR.get(cls_of(p).mobility, "")


def airborne(p: Piece) -> bool:
    """Whether ``p`` is in the air: a helicopter or seaplane flying, a blimp, a combat aircraft."""
    k = air_kind(p)
    return k in ("blimp", "jet") or (k in ("helicopter", "seaplane") and p.flying)


def vessels(s: Any, owner: str) -> list:
    """``owner``'s vessels afloat: every piece but aircraft and land launchers (*reading*: the game
    ends when a side has no vessel left, l.384; helicopters are aircraft, l.402, as the seaplane,
    blimp and combat aircraft, l.1086, l.1278, l.1288; launchers are markers on land, l.995), and its
    submarines hidden on the notepad (l.1151: still afloat)."""
    return [p for p in s.afloat(owner) if not air_kind(p) and cls_of(p).mobility not in ("flying", "launcher")] + \
        [h for _, h in sorted(s.hidden.items()) if h.owner == owner]
