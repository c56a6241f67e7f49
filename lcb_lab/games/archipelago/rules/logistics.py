"""Restocking, repair and transfers (l.245-255, l.350-378): each takes three turns -- approach,
act, move away (l.251, l.358, l.378).

The act happens on a turn the pieces *start* where they must be (they have not moved this turn)
and holds them there for that turn (``held``: they cannot move; *reading*: they may still fire,
the text forbids only moving).  So the approach turn and the moving-away turn need no state:

* **Restock** at the own Base A (l.251, l.368): the piece stands on a port point of it (anchor
  symbol, l.251); markers go from panel A to the piece's panel, up to what it holds when filled
  (by default: what its full panel holds; the ammunition ship may choose any 6, l.370).  T and G come from the ammunition storage, Repair markers
  from the workshop (l.281, l.364); a ruined object gives nothing (l.388).
* **Repair** (l.350, l.356-364): at a port of the own Base A (a Repair marker from panel A, the
  workshop standing), or by the repair ship beside it in parallel (l.358; :func:`parallel`), which
  cannot mend a ship a torpedo has hit (l.356) but may mend itself (l.364).  One hit marker leaves.
* **Transfer** between two own vessels beside each other in parallel (l.370, l.376): only markers
  the taker can use, up to its capacity.
* **Unload** (:func:`unload`, act ``A.UnloadAtBase``): a hovercraft puts the marker of its cargo
  back on the panel of the own base it stands at, as it loads there (l.612, l.614): panel A in Base
  A, Base B's own panel beside Base B's storage, which takes A-S and A-A only (l.429); not a C
  marker (commandos go ashore by their own act, l.618), not onto a ruined object (l.388).

Optional rules l.283 / l.370 (switches ``"l.283"``, ``"l.370"``): Base A's and the ammunition
ship's markers lie face down; the enemy sees how many, not which
(:mod:`~lcb_lab.games.archipelago.observer`).
"""
from __future__ import annotations

from typing import Any

from lcb_lab.games.archipelago.model.catalog import MARKERS
from lcb_lab.games.archipelago.model.state import Piece
from lcb_lab.games.archipelago.rules import face_down
from lcb_lab.games.archipelago.rules.base_b import usable
from lcb_lab.games.archipelago.rules.common import air_kind, cls_of, log, own_piece
from lcb_lab.games.archipelago.rules.submarine import check_surfaced
from lcb_lab.kernel.errors import IllegalAction
from lcb_lab.kernel.hexgrid import distance, facing_between

SOURCE = {"T": "ammunition", "G": "ammunition", "Repair": "workshop", "A-S": "ammunition", "A-A": "ammunition"}
"""The base object each marker kind is drawn from (l.281)."""


def parallel(a: Piece, b: Piece) -> bool:
    """Whether ``a`` and ``b`` lie on adjacent points side by side in parallel (l.358): their
    facings equal or opposite, and the line between them not along that facing (*reading* of
    picture 27)."""
    if distance(a.at, b.at) != 1 or (a.facing - b.facing) % 3 != 0:
        return False
    return (int(facing_between(a.at, b.at)) - a.facing) % 3 != 0


def home_base(g: Any, p: Piece) -> str | None:
    """The name of the own Base A whose port point ``p`` stands on (l.251) -- a hovercraft also on
    a white point of it (l.612) or beside the storage of an own Base B (l.614) -- or None."""
    for b in g.board.bases.values():
        if b.owner != p.owner or air_kind(p):
            continue
        if b.kind == "A" and p.at in b.points and "port" in g.board.symbols_at(p.at):
            return b.name
        if p.kind == "hovercraft" and b.kind == "A" and p.at in b.points and g.board.admits(p.at, "landed"):
            return b.name
        if p.kind == "hovercraft" and b.kind == "B" and usable(g.state, b, p.owner, "arms") and any(
                distance(p.at, q) == 1 and g.board.symbols_at(q) - {"port"} for q in b.points):
            return b.name
    return None


def _ready(p: Piece, pid: str, rule: str) -> None:
    if p.moved or p.held:
        raise IllegalAction(rule, f"{pid} must start the turn in place and not move (it has "
                                  f"{'moved' if p.moved else 'already acted'} this turn)")


def room(p: Piece, kind: str) -> int:
    """How many more ``kind`` markers ``p``'s panel takes (l.159, l.370, l.376)."""
    c = cls_of(p)
    if c.any_load:
        return c.any_load - len(p.ammo)
    instead = p.ammo.count("C") if c.extra.get("commandos_for") == kind else 0     # S-32: a C for a T (l.1123)
    return c.capacity(kind) - p.ammo.count(kind) - instead


def _check_load(p: Piece, pid: str, markers: tuple[str, ...], rule: str) -> None:
    for kind in set(markers):
        if kind not in MARKERS:
            raise IllegalAction(rule, f"{kind!r} is not a marker ({', '.join(MARKERS)})")
        need = len(markers) if cls_of(p).any_load else markers.count(kind)
        if need > room(p, kind):
            raise IllegalAction("l.376", f"{pid} can take {max(room(p, kind), 0)} more {kind} marker(s), "
                                         f"not {need}: a vessel loads only what it can use")


def restock(g: Any, pid: str, markers: tuple[str, ...]) -> None:
    """Load ``markers`` (default: fill up) from the own Base A onto ``pid`` in its port (module docstring)."""
    s = g.state
    p = own_piece(s, pid, "l.251", "restock")
    check_surfaced(p, pid, "load ammunition", "l.1133")
    base = home_base(g, p)
    if base is None:
        raise IllegalAction("l.251", f"{pid} is not on a port point (anchor) of {p.owner}'s Base A")
    _ready(p, pid, "l.251")
    if not markers:
        c = cls_of(p)
        markers = tuple(k for k, n in c.loads.items() for _ in range(max(n - p.ammo.count(k), 0)))
        markers = markers[:max(room(p, markers[0]), 0)] if markers else ()
    if not markers:
        raise IllegalAction("l.251", f"{pid} has no room for more markers")
    _check_load(p, pid, markers, "l.251")
    from lcb_lab.games.archipelago.rules.base_b import panel, panel_name
    b = g.board.bases[base]
    stock = panel(s, b)
    for kind in set(markers):
        source = "storage" if b.kind == "B" else SOURCE.get(kind, "ammunition")
        if f"{base} {source}" in s.ruins:
            raise IllegalAction("l.388", f"the {source} of {base} is destroyed: no {kind} markers from it")
        if stock.get(kind, 0) < markers.count(kind):
            raise IllegalAction("l.429" if b.kind == "B" else "l.251", f"{panel_name(b)} holds {stock.get(kind, 0)} "
                                f"{kind} marker(s), not {markers.count(kind)}")
    for kind in markers:
        stock[kind] -= 1
        p.ammo.append(kind)
    p.held = True
    log(g, "restock", f"{pid} loads {len(markers)} marker(s) at {base}",
        f"Loaded {', '.join(markers)} from {panel_name(b)}; it does not move this turn and leaves on the next (l.251).",
        ["l.251", "l.368"], team=p.owner, piece=pid, markers=list(markers),
        about=face_down.subjects(p.owner, markers, {"stock": p.owner}))


def repair(g: Any, pid: str, by: str) -> None:
    """Remove one hit from ship ``pid``: ``by`` ``"base"`` (l.350) or a repair ship's id (l.356-364)."""
    s = g.state
    p = own_piece(s, pid, "l.350", "be repaired")
    if not p.hits:
        raise IllegalAction("l.350", f"{pid} is not damaged")
    _ready(p, pid, "l.350" if by == "base" else "l.358")
    if by == "base":
        base = home_base(g, p)
        if base is None:
            raise IllegalAction("l.350", f"{pid} is not in the port of {p.owner}'s Base A")
        if f"{base} workshop" in s.ruins:
            raise IllegalAction("l.388", f"the workshop of {base} is destroyed: it repairs nothing")
        if s.stock[p.owner].get("Repair", 0) < 1:
            raise IllegalAction("l.350", "panel A holds no Repair marker")
        s.stock[p.owner]["Repair"] -= 1
        where = f"at {base}"
    else:
        r = own_piece(s, by, "l.356", "repair")
        if r.kind != "repair_ship":
            raise IllegalAction("l.356", f"{by} is not a repair ship")
        if "T" in p.hits:
            raise IllegalAction("l.356", f"{pid} was hit by a torpedo: the repair ship cannot mend it")
        if by != pid:
            if not parallel(p, r):
                raise IllegalAction("l.358", f"{pid} and {by} are not on adjacent points in parallel")
            _ready(r, by, "l.358")
        if "Repair" not in r.ammo:
            raise IllegalAction("l.364", f"{by} has no Repair marker left")
        r.ammo.remove("Repair")
        r.held = True
        where = f"by {by}"
    marker = p.hits.pop()
    p.held = True
    rule = "l.350" if by == "base" else ("l.364" if by == pid else "l.358")
    log(g, "repair", f"{pid} is repaired {where}", f"One {marker} hit marker leaves its panel; it does not move this "
        f"turn and goes on at full speed later ({rule}).", [rule], team=p.owner, piece=pid)


def transfer(g: Any, giver: str, taker: str, markers: tuple[str, ...]) -> None:
    """Hand ``markers`` from ``giver`` to ``taker``, own vessels side by side in parallel (l.370, l.376)."""
    s = g.state
    a, b = own_piece(s, giver, "l.376", "transfer"), own_piece(s, taker, "l.376", "take markers")
    if giver == taker or not markers:
        raise IllegalAction("l.376", "a transfer hands one or more markers to another vessel")
    if not parallel(a, b):
        raise IllegalAction("l.370", f"{giver} and {taker} are not on adjacent points in parallel")
    _ready(a, giver, "l.378")
    _ready(b, taker, "l.378")
    for kind in set(markers):
        if a.ammo.count(kind) < markers.count(kind):
            raise IllegalAction("l.376", f"{giver} carries {a.ammo.count(kind)} {kind} marker(s), not {markers.count(kind)}")
    _check_load(b, taker, markers, "l.376")
    for kind in markers:
        a.ammo.remove(kind)
        b.ammo.append(kind)
    a.held = b.held = True
    log(g, "transfer", f"{giver} hands {len(markers)} marker(s) to {taker}",
        f"{', '.join(markers)} change panels; neither moves this turn (l.376, l.378).", ["l.376", "l.378"],
        team=a.owner, piece=giver, markers=list(markers),
        about=face_down.subjects(a.owner, markers, [{"cargo": giver}, {"cargo": taker}]))


def unload(g: Any, pid: str, marker: str) -> None:
    """Hovercraft ``pid`` unloads one ``marker`` of its cargo onto the panel of the own base it stands
    at (module docstring): the turn held as for loading. Raises IllegalAction naming l.614 (not a
    hovercraft at an own base, the marker not aboard), l.612 / l.614 (moved or acted this turn),
    l.618 (a C marker), l.429 (not A-S or A-A at Base B), l.388 (the object ruined)."""
    s = g.state
    p = own_piece(s, pid, "l.614", "unload cargo")
    if p.kind != "hovercraft":
        raise IllegalAction("l.614", f"{pid} is not a hovercraft: ships and boats unload onto vessels, not onto a base")
    base = home_base(g, p)
    if base is None:
        raise IllegalAction("l.614", f"{pid} is neither beside the storage of an own Base B nor in the port or on a "
                                     f"white point of its Base A")
    b = g.board.bases[base]
    _ready(p, pid, "l.614" if b.kind == "B" else "l.612")
    if marker not in p.ammo:
        raise IllegalAction("l.614", f"{pid} carries no {marker} marker (its cargo: {len(p.ammo)} marker(s))")
    if marker == "C":
        raise IllegalAction("l.618", f"{pid}'s commandos go ashore by landing, not as cargo onto a panel")
    from lcb_lab.games.archipelago.rules.base_b import FILL, panel_name
    if b.kind == "B" and marker not in FILL:
        raise IllegalAction("l.429", f"{panel_name(b)} takes A-S or A-A markers, not {marker}")
    source = "storage" if b.kind == "B" else SOURCE.get(marker, "ammunition")
    if f"{base} {source}" in s.ruins:
        raise IllegalAction("l.388", f"the {source} of {base} is destroyed: it takes no {marker} marker")
    stock = s.panels_b.setdefault(base, {}) if b.kind == "B" else s.stock.setdefault(p.owner, {})
    p.ammo.remove(marker)
    stock[marker] = stock.get(marker, 0) + 1
    p.held = True
    rule = "l.614" if b.kind == "B" else "l.612"
    log(g, "restock", f"{pid} unloads 1 marker at {base}", f"Unloaded {marker} onto {panel_name(b)}; it does not move "
        f"this turn and leaves on the next ({rule}).", [rule] + (["l.429"] if b.kind == "B" else ["l.251"]),
        team=p.owner, piece=pid, markers=[marker], about=face_down.subjects(p.owner, [marker], {"stock": p.owner}))
