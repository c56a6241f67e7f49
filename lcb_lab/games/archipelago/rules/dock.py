"""The Dock Landing Ship's well dock and the Landing Boat (l.1021-1047).

* A craft in a well dock -- a Landing Boat or a Hovercraft (l.1029, l.1047) inside a DLS -- is a
  piece ``aboard`` the DLS: its point follows the ship's, it does not move by itself
  (:func:`unmoved`), and no shot is aimed at it (only its carrier can be hit: :func:`carried`); it
  goes down with the DLS (l.553's reading).  A dock holds ``dock`` craft (one, l.1029).  A game may
  start with the Landing Boat in the dock (l.1037).
* **Exit** (:func:`exit_dock`, l.1043): the craft is put on the point behind the DLS (its stern),
  facing any way; that turn the DLS does not move (nor the craft: "from the following turn, they
  can move independently").  *Reading*: both must not have moved this turn, and both are held.
* **Entry** (:func:`enter_dock`, l.1045): the turn before, the two approach so the craft stands on
  the point behind the DLS, facing any way; the next turn, neither having moved, the craft enters
  and the DLS does not move that turn.
* **Commandos** (l.1029, l.1047): the DLS holds 4 C markers; while inside, the craft loads or
  unloads them (:func:`shift_commandos`, one marker an act; *reading*: no three-turn transfer,
  the craft is inside the ship).  A helicopter aboard the DLS whose row gives ``commandos`` (the
  utility and transport helicopters, l.1029) takes them the same way.  The Landing Boat carries one C marker (sandbox) and lands it as
  a hovercraft does (:mod:`.commandos`, l.658).
* The Landing Boat moves as a boat (deep and shallow water) at the ships' speed, blue + 0
  (l.1039, l.1604); a torpedo hits it only from its rear side (l.1039, as every boat); it has no
  armament (l.1039).
"""
from __future__ import annotations

from typing import Any

from lcb_lab.games.archipelago.model.catalog import PieceClass, catalog
from lcb_lab.games.archipelago.model.state import ArchState, Piece
from lcb_lab.games.archipelago.rules.common import cls_of, log, own_piece, where
from lcb_lab.kernel.errors import IllegalAction
from lcb_lab.kernel.hexgrid import Axial, neighbour

CRAFT = ("landing_boat", "hovercraft")
"""The craft a well dock takes (l.1029, l.1047)."""


def platforms(c: PieceClass) -> int:
    """Helicopter platforms of class ``c``: the frigate 1 (l.400), the expanded ships as their
    ``platforms`` in ``data/pieces.toml`` (command ship 1, DLS 2, MLP 2: l.945, l.1027, l.1266)."""
    return int(c.extra.get("platforms", 1 if c.key == "frigate" else 0))


def commando_room(c: PieceClass) -> int:
    """How many C markers class ``c`` carries: its row's ``commandos`` (DLS 4, l.1029; landing boat
    1), the hovercraft its one cargo place (l.622), any other class none."""
    if "commandos" in c.extra:
        return int(c.extra["commandos"])
    return c.capacity("C") if c.key in CRAFT else 0


def carried(p: Piece) -> bool:
    """Whether ``p`` rides inside or on another vessel (a well dock, an MLP's deck), not a
    helicopter on a platform."""
    return bool(p.aboard) and catalog().classes[p.kind].mobility != "flying"


def may_move(p: Piece) -> bool:
    """Whether ``p`` moves by itself: not carried (:func:`carried`), not an oil platform (l.1274)."""
    return not carried(p) and not cls_of(p).extra.get("immobile")


def unmoved(s: ArchState, pid: str, p: Piece) -> None:
    """Refuse (IllegalAction) a move of ``p`` that rides in a well dock or on a deck (l.1043,
    l.1266), or of an oil platform, which does not move by itself (l.1274, sandbox)."""
    if carried(p):
        host = s.pieces[p.aboard]
        rule = "l.1043" if cls_of(host).extra.get("dock") else "l.1266"
        raise IllegalAction(rule, f"{pid} is carried by {p.aboard}: it leaves it first, then moves from the next turn")
    if cls_of(p).extra.get("immobile"):
        raise IllegalAction("l.1274", f"{pid} is a floating oil platform: it does not move by itself "
                                      "(sandbox reading), the MLP carries it")


def stern(p: Piece) -> Axial:
    """The point right behind ``p`` (l.1043)."""
    return neighbour(p.at, (p.facing + 3) % 6)


def _pair(g: Any, craft: str, dls: str, rule: str) -> tuple[Piece, Piece]:
    s = g.state
    c = own_piece(s, craft, rule, "use a well dock")
    d = own_piece(s, dls, rule, "take a craft")
    if c.kind not in CRAFT:
        raise IllegalAction(rule, f"{craft} is not a landing boat or hovercraft: only they use a well dock")
    if not cls_of(d).extra.get("dock"):
        raise IllegalAction(rule, f"{dls} has no well dock (a Dock Landing Ship has, l.1029)")
    for pid, p in ((craft, c), (dls, d)):
        if p.moved or p.held:
            raise IllegalAction(rule, f"{pid} has moved or is held this turn: the DLS does not move the turn a "
                                      "craft enters or exits, nor does the craft")
    return c, d


def exit_dock(g: Any, craft: str, facing: int) -> None:
    """``craft`` leaves the well dock of the DLS carrying it onto the point behind it, facing
    ``facing`` (module docstring). Raises IllegalAction."""
    s = g.state
    p = s.pieces.get(craft)
    if p is None or not p.aboard or s.pieces[p.aboard].kind == "helicopter":
        raise IllegalAction("l.1043", f"{craft} is not in a well dock")
    c, d = _pair(g, craft, p.aboard, "l.1043")
    pt = stern(d)
    if facing not in range(6):
        raise IllegalAction("l.1043", f"{craft} must face along one of the six lines")
    if not g.board.admits(pt, cls_of(c).mobility) or s.at(pt) is not None:
        raise IllegalAction("l.1043", f"the point behind {p.aboard}, {where(g, pt)}, is not free water for {craft}")
    host = p.aboard
    c.aboard, c.point, c.facing = "", tuple(pt), facing
    c.held = d.held = True
    log(g, "dock", f"{craft} exits {host}'s well dock to {where(g, pt)}", "Put on the point behind the DLS, facing "
        "any way; the DLS does not move this turn, the two move on their own from the next turn (l.1043, l.1047).",
        ["l.1043", "l.1047"], piece=craft)


def check_enter(g: Any, craft: str, dls: str) -> tuple[Piece, Piece]:
    """The craft and DLS of an entry the rules allow (module docstring). Raises IllegalAction."""
    s = g.state
    c, d = _pair(g, craft, dls, "l.1045")
    if c.aboard:
        raise IllegalAction("l.1045", f"{craft} is already aboard {c.aboard}")
    if c.at != stern(d):
        raise IllegalAction("l.1045", f"{craft} must stand on the point behind {dls} (it approaches the turn before)")
    inside = [i for i, q in s.pieces.items() if q.aboard == dls and q.kind in CRAFT]
    if len(inside) >= cls_of(d).extra.get("dock", 0):
        raise IllegalAction("l.1029", f"{dls}'s well dock holds {inside[0]} already (one craft)")
    return c, d


def enter_dock(g: Any, craft: str, dls: str) -> None:
    """``craft`` enters the well dock of ``dls`` (module docstring). Raises IllegalAction."""
    c, d = check_enter(g, craft, dls)
    c.aboard, c.point, c.facing = dls, d.point, d.facing
    c.held = d.held = True
    log(g, "dock", f"{craft} enters {dls}'s well dock", "From the point behind the DLS, approached the turn before; "
        "the DLS does not move this turn (l.1045, l.1047).", ["l.1045", "l.1047"], piece=craft)


def shift_commandos(g: Any, giver: str, taker: str) -> None:
    """One C marker from ``giver`` to ``taker``: a DLS and the craft in its well dock, either way
    (l.1029, l.1047). Raises IllegalAction."""
    s = g.state
    a = own_piece(s, giver, "l.1047", "hand over commandos")
    b = own_piece(s, taker, "l.1047", "take commandos")
    inside = a if a.aboard == taker else b if b.aboard == giver else None
    if inside is None or not commando_room(cls_of(inside)) or not cls_of(s.pieces[inside.aboard]).extra.get("commandos"):
        raise IllegalAction("l.1047", f"{giver} and {taker} are not a DLS and the craft inside its well dock")
    if "C" not in a.ammo:
        raise IllegalAction("l.1047", f"{giver} carries no commandos")
    room = commando_room(cls_of(b)) - b.ammo.count("C")
    if room <= 0 or (b.kind in CRAFT and len(b.ammo) >= max(cls_of(b).any_load, 1)):
        raise IllegalAction("l.1029", f"{taker} has no room for another C marker")
    a.ammo.remove("C")
    b.ammo.append("C")
    log(g, "dock", f"a C marker from {giver} to {taker}", "While inside the DLS, a landing boat or hovercraft loads or "
        f"unloads commandos (l.1047); the DLS holds {commando_room(catalog().classes['dock_landing_ship'])} "
        "(l.1029).", ["l.1047", "l.1029"], piece=taker)


def carrier_at(pieces: dict[str, Piece], owner: str, kind: str, point: Any) -> str:
    """The id of ``owner``'s piece on ``point`` that takes a piece of class ``kind`` placed there
    at the start -- a helicopter on a ship with a platform (l.417, l.945, l.1027), a landing boat or
    hovercraft in a DLS's well dock (l.1037) -- or ``""``."""
    heli = kind == "helicopter" or catalog().classes[kind].mobility == "flying"
    for i, q in sorted(pieces.items()):
        c = cls_of(q)
        if q.owner == owner and q.point == tuple(point) and not q.aboard and \
                ((heli and platforms(c)) or (kind in CRAFT and c.extra.get("dock"))):
            return i
    return ""


def check_start(pieces: dict[str, Piece], pid: str) -> None:
    """Refuse (IllegalAction l.1037) a piece placed aboard what cannot carry it at the start: only
    a craft in its side's DLS there (or a cargo on its side's MLP, l.1427)."""
    p = pieces[pid]
    host = pieces.get(p.aboard)
    dock = host is not None and p.kind in CRAFT and bool(cls_of(host).extra.get("dock"))
    deck = host is not None and bool(cls_of(host).extra.get("cargo"))
    if not (dock or deck) or host.owner != p.owner or host.point != p.point:
        raise IllegalAction("l.1037", f"{pid} starts aboard {p.aboard}, which is not its side's DLS (or MLP) there")
