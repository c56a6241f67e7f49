"""Progressive flight shared by the seaplane and combat aircraft (l.1093, l.1317), and the blue
dice aircraft in the air must keep (l.1093, l.1313).

:func:`paths` lists, for each length, one step string to every end point and heading of a
progressive flight through free air (no vessel nor flying aircraft on the way, l.444; points off
the board end a path, kept for the aircraft's exits).  :func:`owed` are the aircraft that must
still move this turn; :func:`reserve` refuses a move of another piece that takes a die they need.
"""
from __future__ import annotations

from typing import Any

from lcb_lab.games.archipelago.rules.common import air_kind
from lcb_lab.kernel.errors import IllegalAction
from lcb_lab.kernel.hexgrid import Axial, neighbour, to_offset


def paths(g: Any, pid: str, start: Axial, facing: int, n: int) -> list[dict]:
    """Progressive paths of ``pid`` from ``start``: for each length 0..n, (point, facing) -> one
    step string, through free air; points off the board end a path (kept for exits)."""
    s = g.state
    blocked = {p.point for i, p in s.pieces.items() if i != pid and not p.aboard
               and not (air_kind(p) == "helicopter" and not p.flying)}
    layers = [{(tuple(start), facing): ""}]
    for _ in range(n):
        nxt: dict = {}
        for (pt, f), st in layers[-1].items():
            if Axial(*pt) not in g.board:
                continue
            for ch in "FLR":
                nf = (f + {"F": 0, "L": -1, "R": 1}[ch]) % 6
                q = neighbour(Axial(*pt), nf)
                if tuple(q) in blocked:
                    continue
                nxt.setdefault((tuple(q), nf), st + ch)
        layers.append(nxt)
    return layers


def any_path(g: Any, pid: str, start: Axial, facing: int, n: int, home: int | None = None) -> bool:
    """Whether some progressive flight of exactly ``n`` steps through free air ends on a free point
    of the board -- or, ``home`` a column off the board, leaves across it (depth first, stopping at
    the first; a cheap test of :func:`paths`)."""
    s = g.state
    taken = {p.point for i, p in s.pieces.items() if i != pid and not p.aboard}
    blocked = {p.point for i, p in s.pieces.items() if i != pid and not p.aboard
               and not (air_kind(p) == "helicopter" and not p.flying)}
    dead: set = set()

    def go(pt: Axial, f: int, k: int) -> bool:
        if (pt, f, k) in dead:
            return False
        for d in (0, -1, 1):
            nf = (f + d) % 6
            q = neighbour(pt, nf)
            if q not in g.board:
                if home is not None and to_offset(q)[0] == home:
                    return True
                continue
            if tuple(q) in blocked or (k + 1 == n and tuple(q) in taken):
                continue
            if k + 1 == n or go(q, nf, k + 1):
                return True
        dead.add((pt, f, k))
        return False
    return n > 0 and go(start, facing, 0)


def owed(g: Any, owner: str, but: str = "") -> list[str]:
    """``owner``'s aircraft that must still move this turn with a blue die: planes on the board not
    yet moved (l.1313), the seaplane in the air (l.1093) -- ``but`` left out."""
    s = g.state
    split = "l.1323" in s.optional_rules                    # the aircraft roll their own dice
    return [i for i, p in sorted(s.pieces.items()) if p.owner == owner and i != but and not p.moved and not p.held
            and ((air_kind(p) == "jet" and not split) or (air_kind(p) == "seaplane" and p.flying))]


def dice_kept(g: Any, pid: str) -> bool:
    """Whether the blue dice left are all needed by the owner's aircraft other than ``pid`` (:func:`reserve`)."""
    need = owed(g, g.state.to_move, but=pid)
    return bool(need) and len(g.state.dice) - 1 < len(need)


def reserve(g: Any, pid: str) -> None:
    """Refuse a move of ``pid`` that would take a blue die the owner's aircraft need (module docstring)."""
    s = g.state
    need = owed(g, s.to_move, but=pid)
    if dice_kept(g, pid):
        raise IllegalAction("l.1313", f"the blue dice left are needed by {', '.join(need)}: aircraft in the air must move "
                                      "every turn (l.1093, l.1313)")
