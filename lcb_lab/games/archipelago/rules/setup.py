"""Preparation for the game (l.142-161, l.270-283): placing the pieces and filling the panels.

Where the pieces start is agreed between the players (l.144); :data:`ZONES` are the text's four
suggestions by sector (l.146-149).  A piece stands on a point that admits it -- a torpedo boat on
dark or light blue, a ship on dark blue only (l.155, l.279) -- facing along one of the lattice's
lines (every :class:`~lcb_lab.kernel.hexgrid.Facing` is one), one piece a point.  Its panel is
filled with what its class holds (two T markers a torpedo boat, l.159); Base A's panel with the
rest of the side's markers (a sandbox reading, ``data/pieces.toml``).  Both players field pieces
of the same total value at level 2 (l.272): :func:`check_forces` tells; choosing them as acts is
:mod:`.forces`.

Placing is an act too (:func:`place`, the ``setup`` phase of :func:`setup_state`): Red places
all its pieces, then Blue (*reading*: the order is agreed, l.144), then Red's first turn begins.
"""
from __future__ import annotations

from typing import Any, Iterable

from lcb_lab.games.archipelago.model.board import point_name
from lcb_lab.games.archipelago.model.catalog import MARKERS, catalog
from lcb_lab.games.archipelago.model.state import ArchState, Piece, other
from lcb_lab.games.archipelago.rules import optional
from lcb_lab.games.archipelago.rules.common import log, where
from lcb_lab.games.archipelago.rules.dock import carrier_at, check_start, platforms
from lcb_lab.games.archipelago.rules.scenarios import check_scenario
from lcb_lab.games.archipelago.rules.submarine import mobility_of
from lcb_lab.kernel.errors import IllegalAction
from lcb_lab.kernel.hexgrid import Axial, Facing

ZONES: dict[int, dict[str, tuple[tuple[str, ...], dict[str, int]]]] = {
    1: {"Red": (("B1", "B2", "A1", "A2", "A3"), {}), "Blue": (("F6", "F7", "G5", "G6", "G7"), {})},
    2: {"Red": (("A1", "B1", "C1", "D1"), {}), "Blue": (("D7", "E7", "F7", "G7"), {})},
    3: {"Red": (("A2", "B2", "B3", "A6"), {"A6": 2}), "Blue": (("C6", "F6", "F5", "G2"), {"G2": 2})},
    4: {"Red": (("C1", "C2", "B5", "B6"), {}), "Blue": (("E6", "E7", "F2", "F3"), {})},
}
"""The suggested starting zones (l.146-149): number -> player -> (sectors, at most n pieces in a sector)."""


STANDS = {"seaplane": "flying", "blimp": "flying", "jet": "flying"}
"""Expanded aircraft: the points they may start over (any, in the air; the seaplane's H7 marker on water, l.1105)."""


def check_placement(board: Any, pieces: dict[str, Piece], pid: str, zone: int = 0) -> None:
    """Refuse (IllegalAction) piece ``pid`` where it stands: a point that does not admit it (l.155,
    l.279), a point another piece holds, a facing not along a line, or outside suggestion ``zone``
    (1-4, l.146-149; 0 = any agreed place)."""
    p = pieces[pid]
    c = catalog().classes[p.kind]
    if c.mobility == "flying" and not p.flying:
        host = pieces.get(p.aboard)
        if p.aboard and (host is None or not platforms(catalog().classes[host.kind]) or host.owner != p.owner
                         or host.point != p.point):
            raise IllegalAction("l.417", f"{pid} starts aboard {p.aboard}, which is not its side's frigate there")
        if not p.aboard and not board.admits(Axial(*p.point), "landed"):
            raise IllegalAction("l.415", f"{pid} starts landed: on a white point or aboard its frigate, not {point_name(board, p.point)}")
    elif p.aboard:
        check_start(pieces, pid)               # a craft in its DLS, a load on its MLP (l.1037, l.1427)
    elif not board.admits(Axial(*p.point), STANDS.get(mobility_of(p), mobility_of(p)) if p.flying or c.mobility != "seaplane" else "boat"):
        rule = "l.279" if c.is_ship else "l.155"
        raise IllegalAction(rule, f"{pid} cannot start on {point_name(board, p.point)}: the point does not admit a {c.mobility}")
    if not 0 <= p.facing <= 5:
        raise IllegalAction("l.155", f"{pid} must face along one of the six lines through its point")
    if not p.aboard and any(q.point == p.point and not q.aboard for i, q in pieces.items() if i != pid):
        raise IllegalAction("l.155", f"{pid} shares {point_name(board, p.point)} with another piece")
    if zone:
        sectors, most = ZONES[zone][p.owner]
        where = board.sector(Axial(*p.point))
        if where not in sectors:
            raise IllegalAction("l.146", f"{pid} starts in {where}, outside {p.owner}'s zone {', '.join(sectors)}")
        n = sum(board.sector(Axial(*q.point)) == where for q in pieces.values() if q.owner == p.owner)
        if where in most and n > most[where]:
            raise IllegalAction("l.148", f"at most {most[where]} pieces of {p.owner} start in {where}")


def check_forces(pieces: Iterable[Piece]) -> dict[str, int]:
    """Each side's total value (l.272): ``{"Red": 30, "Blue": 30}``."""
    out: dict[str, int] = {}
    for p in pieces:
        out[p.owner] = out.get(p.owner, 0) + catalog().classes[p.kind].value
    return out


def filled(kind: str) -> list[str]:
    """The markers a freshly filled panel of class ``kind`` holds (l.159, l.281)."""
    return [m for m, n in catalog().classes[kind].loads.items() for _ in range(n)]


def base_stock(pieces: Iterable[Piece], owner: str, level: int) -> dict[str, int]:
    """Panel A of ``owner``: its side's markers (l.102) not loaded on its pieces (sandbox); level 1
    uses only T markers (l.140, l.159), level 2 T, G and Repair, level 3 also A-S and A-A (l.423);
    C markers are units, not stock (l.598)."""
    on = [m for p in pieces if p.owner == owner for m in p.ammo]
    if level >= 5:
        from lcb_lab.games.archipelago.rules.expanded import stock_kinds
        return {k: max(n - on.count(k), 0) for k, n in stock_kinds().items()}   # with the expanded set (l.807)
    kinds = ("T",) if level == 1 else MARKERS[:3] if level == 2 else MARKERS[:5]
    kinds += ("AGR",) if level >= 5 else ()                  # expanded: air-to-ground rockets (l.807)
    return {k: max(catalog().totals[k] - on.count(k), 0) for k in kinds}


def new_state(board: Any, pieces: dict[str, Piece], level: int, zone: int = 0, **extra: Any) -> ArchState:
    """A checked starting state: every piece placed legally (:func:`check_placement`), the panels
    filled where ``ammo`` was left empty, Base A's panels stocked and each Base B's own panel
    (``panels_b``, l.429: :func:`~.base_b.fill_panels`). Raises IllegalAction."""
    optional.check(extra.get("optional_rules", []))
    check_scenario(extra.get("scenario", ""), extra.get("targets", {}))
    from lcb_lab.games.archipelago.rules.expanded import check_level
    check_level(pieces, level)
    for pid in pieces:
        check_placement(board, pieces, pid, zone)
    stock = {o: base_stock(pieces.values(), o, level) for o in ("Red", "Blue")}
    for p in pieces.values():
        p.fuel = p.fuel or catalog().classes[p.kind].fuel
    if level >= 4 and "garrisons" not in extra:
        from lcb_lab.games.archipelago.rules import expanded
        extra["garrisons"] = expanded.garrisons(board) if level >= expanded.LEVEL else garrisons(board)
    from lcb_lab.games.archipelago.rules.base_b import fill_panels
    moved = "stock" not in extra                 # a staged set-up names its panels (``panels_b``)
    stock = extra.pop("stock", stock)
    extra["panels_b"] = fill_panels(board, stock, level, extra.pop("panels_b", None), moved)
    return ArchState(level=level, pieces=pieces, stock=stock, **extra)


def garrisons(board: Any) -> dict[str, str]:
    """Level 4: a Ga marker on the island of each side's Base A and Base B (l.596): island -> owner."""
    out = {}
    for b in board.bases.values():
        if b.owner and b.kind in ("A", "B"):
            isl = next((board.island_at(p) for p in b.points if board.island_at(p)), None)
            if isl:
                out[isl] = b.owner
    return out


def setup_state(pieces: Iterable[str], level: int, zone: int = 0, **extra: Any) -> ArchState:
    """A state in the ``setup`` phase with ``pieces`` (ids) to place, Red first. Raises KeyError
    for an id not of the catalog."""
    optional.check(extra.get("optional_rules", []))
    ids = sorted(pieces, key=lambda i: (i.split(" ")[0] != "Red", catalog().of_id(i)[2]))
    for i in ids:
        catalog().of_id(i)
    return ArchState(level=level, pieces={}, stock={}, phase="setup", reserve=ids, zone=zone,
                     to_move=catalog().of_id(ids[0])[0] if ids else "Red", **extra)


def place_check(g: Any, pid: str, point: tuple[int, int]) -> None:
    """Refuse (IllegalAction) reserve piece ``pid`` on ``point``: :func:`check_placement` on a
    copy of the pieces with it added."""
    owner, kind, number = catalog().of_id(pid)
    trial = dict(g.state.pieces)
    trial[pid] = Piece(owner, kind, number, tuple(point), 0)
    trial[pid].aboard = carrier_at(g.state.pieces, owner, kind, point)

    check_placement(g.board, trial, pid, g.state.zone)


def place(g: Any, pid: str, point: tuple[int, int], facing: int) -> None:
    """Place reserve piece ``pid`` of the player to move on ``point`` facing ``facing`` (l.155);
    the last piece of a side hands over to the other; the last of all starts turn 1 with the
    panels filled (l.159, l.281). Raises IllegalAction naming the rule."""
    s = g.state
    if s.phase != "setup" or pid not in s.reserve:
        raise IllegalAction("l.144", f"{pid} is not a piece waiting to be placed")
    owner, kind, number = catalog().of_id(pid)
    if owner != s.to_move:
        raise IllegalAction("l.144", f"{s.to_move} places its pieces now, not {owner}")
    if facing not in range(6):
        raise IllegalAction("l.155", f"{pid} must face along one of the six lines through its point")
    place_check(g, pid, point)
    s.pieces[pid] = Piece(owner, kind, number, tuple(point), facing, filled(kind), fuel=catalog().classes[kind].fuel)
    s.pieces[pid].aboard = carrier_at({i: q for i, q in s.pieces.items() if i != pid}, owner, kind, point)
    s.reserve.remove(pid)
    log(g, "place", f"{pid} placed at {where(g, point)} facing {Facing(facing).name}",
        "On a point that admits it, along a line through the point (l.155); its panel filled (l.159).",
        ["l.155", "l.159"], piece=pid)
    if not any(catalog().of_id(i)[0] == owner for i in s.reserve):
        if s.reserve:
            s.to_move = other(owner)
            return
        s.stock = {o: base_stock(s.pieces.values(), o, s.level) for o in ("Red", "Blue")}
        from lcb_lab.games.archipelago.rules.base_b import fill_panels
        s.panels_b = fill_panels(g.board, s.stock, s.level, without=tuple(s.no_base_b))
        s.phase, s.to_move = "start", "Red"
        log(g, "turn", "turn 1: Red", "Every piece is placed; Red begins (reading: the text does not say who).",
            ["l.144", "l.165"])
        from lcb_lab.games.archipelago.rules.cards import open_choice
        open_choice(s)                         # the cards, if in force: chosen before the game (l.771)
