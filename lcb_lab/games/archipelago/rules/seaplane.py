"""The seaplane H7 (l.1084-1117): flying mode (the piece) and on-the-water mode (the H7 marker).

* **Flying** (a ``Fly`` act, l.1093): exactly blue die + 7 progressive steps (F / L / R, as a
  helicopter's progressive flight, l.459); in the air it must move every turn (l.1093; refused at
  the turn's end while a blue die is left, :func:`~.aircraft.must_move`), and each move takes its
  fuel pointer down one notch.
* **Take-off** (a ``Fly`` from the water, l.1097): the first five steps straight on over water,
  the sixth straight on too (over land if it likes) -- there the marker becomes the flying piece --
  and from the seventh it may turn, 60 degrees a step.  It is a flying move: exactly die + 7.
* **Landing** (a ``Fly`` with ``land``, l.1101): the last five steps straight on, the last four
  points on water; it may stop short of die + 7; where it touches the water the piece becomes the
  H7 marker.
* **On the water** (a ``Move`` act, l.1105): as a vessel, F forward or a 60-degree turn in place,
  at most the blue die (+0) steps, shallow water too, never backward (l.1107); the fuel pointer
  goes down one notch -- except a move of one step, the engines on minimum (l.1107). *Reading*:
  that one step still uses a blue die (the text frees the fuel, not the die).
* **Refuelling** (a ``Refuel`` act, l.1113): on the water at an own base's anchor point (port) or
  beside its fuel depot (Base B: its storage), or beside an own ship with aircraft fuel (a
  helicopter platform) or hovercraft, on a point to its side (*reading*: not on its bow-stern
  line); it takes the whole turn, neither moving.
* The fuel pointer: sandbox 10 when full (not printed).  *Reading*: in the air with an empty tank
  at the end of its turn it falls, as a helicopter (l.483).
* Hits (l.1115): flying, by A-A (and S-A) missiles and machine guns ("other aircraft"); on the
  water by guns, S-S and A-S missiles, AGR and machine guns, never a torpedo.  One hit destroys it.
"""
from __future__ import annotations

from typing import Any

from lcb_lab.games.archipelago.model.state import Piece
from lcb_lab.games.archipelago.rules.air import _free_air, flight_path, platforms
from lcb_lab.games.archipelago.rules.common import air_kind, cls_of, log, own_piece, where
from lcb_lab.games.archipelago.rules.flight import paths, reserve
from lcb_lab.kernel.errors import IllegalAction
from lcb_lab.kernel.hexgrid import Axial, distance, facing_between, neighbour

RUN = 5
"""Take-off: the steps straight on over water before the lift-off step (l.1097)."""


def _seaplane(g: Any, pid: str, rule: str, what: str) -> Piece:
    p = own_piece(g.state, pid, rule, what)
    if air_kind(p) != "seaplane":
        raise IllegalAction(rule, f"{pid} is not a seaplane")
    s = g.state
    if s.phase != "move":
        raise IllegalAction("l.170" if s.phase == "start" else "l.174", "the seaplane moves in the movement: after the "
                            "blue dice, before the first shot")
    if p.moved or p.held:
        raise IllegalAction("l.1093", f"{pid} has already moved or refuelled this turn")
    return p


def _water(g: Any, pid: str, pt: Axial, rule: str) -> None:
    if not g.board.admits(pt, "boat"):
        raise IllegalAction(rule, f"{pid} needs water at {where(g, pt)} (dark or light blue)")
    other = g.state.at(pt)
    if other and other != pid:
        raise IllegalAction(rule, f"{pid} cannot pass {other} on the water at {where(g, pt)}")


def check_flight(g: Any, pid: str, p: Piece, steps: str, die: int, land: bool) -> list[tuple[Axial, int]]:
    """The path of a legal flight, take-off or landing (module docstring). Raises IllegalAction."""
    n = die + cls_of(p).speed
    if not steps or set(steps) - set("FLR"):
        raise IllegalAction("l.1093", f"a flight is steps F, L or R, not {steps!r}")
    if len(steps) > n or (len(steps) < n and not land):
        raise IllegalAction("l.1093", f"a seaplane flies exactly blue {die} + 7 = {n} steps (fewer only landing, "
                                      f"l.1101), not {len(steps)}")
    path = flight_path(p.at, p.facing, steps)
    start = 0
    if not p.flying:
        if land or len(steps) <= RUN + 1 or steps[:RUN + 1] != "F" * (RUN + 1):
            raise IllegalAction("l.1097", "a take-off runs five steps straight on the water, lifts off straight on at "
                                          "the sixth and turns only from the seventh")
        for pt, _ in path[:RUN]:
            _water(g, pid, pt, "l.1097")
        start = RUN
    last = len(path) - 1
    if land:
        if len(steps) < 5 or steps[-5:] != "FFFFF":
            raise IllegalAction("l.1101", "landing, the seaplane flies its last five steps straight on")
        for pt, _ in path[-4:]:
            _water(g, pid, pt, "l.1101")
        last = len(path) - 4
    for k in range(start, last):
        _free_air(g, pid, path[k][0], end=False)
    if not land:
        _free_air(g, pid, path[-1][0], end=True)
    return path


def fly(g: Any, pid: str, steps: str, die: int, land: bool) -> None:
    """A seaplane's flight, take-off or landing on blue ``die`` (module docstring)."""
    s = g.state
    p = _seaplane(g, pid, "l.1093", "fly")
    if die not in s.dice:
        raise IllegalAction("l.1093", f"no blue {die} is left to use (left: {s.dice or 'none'})")
    if p.fuel <= 0:
        raise IllegalAction("l.1113", f"{pid}'s tank is empty: refuel it first")
    path = check_flight(g, pid, p, steps, die, land)
    reserve(g, pid)
    was = "takes off" if not p.flying else "lands" if land else "flies"
    start = p.point
    s.dice.remove(die)
    p.point, p.facing, p.moved, p.fuel = tuple(path[-1][0]), path[-1][1], True, p.fuel - 1
    p.flying = not land
    rule = "l.1097" if was == "takes off" else "l.1101" if land else "l.1093"
    log(g, "fly", f"{pid} {was} {steps}: {where(g, start)} -> {where(g, p.point)}",
        f"Blue {die} + 7 = {die + 7} steps{', fewer to land' if land else ''} ({rule}); "
        + ("five straight on the water, the sixth lifts off, turning from the seventh. " if was == "takes off" else "")
        + ("the last five straight on, the last four points on water: the piece becomes the H7 marker. " if land else "")
        + f"Fuel pointer {p.fuel} (l.1093).", [rule, "l.1093"], piece=pid, steps=steps, die=die, fuel=p.fuel)


def sail(g: Any, pid: str, steps: str, die: int) -> None:
    """The H7 marker moving on the water on blue ``die`` (module docstring)."""
    s = g.state
    p = _seaplane(g, pid, "l.1105", "move")
    if p.flying:
        raise IllegalAction("l.1093", f"{pid} is in the air: it flies (die + 7 steps), it does not sail")
    if die not in s.dice:
        raise IllegalAction("l.170", f"no blue {die} is left to use (left: {s.dice or 'none'})")
    if not steps or set(steps) - set("FLR"):
        raise IllegalAction("l.1107", f"on the water the seaplane steps F or turns L / R in place, never backward, not {steps!r}")
    if len(steps) > die:
        raise IllegalAction("l.1105", f"on the water it moves at most blue {die} steps, not {len(steps)}")
    if len(steps) > 1 and p.fuel <= 0:
        raise IllegalAction("l.1107", f"{pid}'s tank is empty: only one step on minimum engines")
    pt, f = p.at, p.facing
    for ch in steps:
        if ch == "F":
            pt = neighbour(pt, f)
            _water(g, pid, pt, "l.1105")
        else:
            f = (f + (-1 if ch == "L" else 1)) % 6
    reserve(g, pid)
    start = p.point
    s.dice.remove(die)
    p.point, p.facing, p.moved = tuple(pt), f, True
    if len(steps) > 1:
        p.fuel -= 1
    how = "one step on minimum engines: no fuel spent (l.1107)" if len(steps) == 1 else f"fuel pointer {p.fuel} (l.1105)"
    log(g, "move", f"{pid} moves {steps} on the water: {where(g, start)} -> {where(g, pt)}",
        f"{len(steps)} of at most blue {die} steps as a vessel, never backward (l.1105, l.1107); {how}.",
        ["l.1105", "l.1107"], piece=pid, steps=steps, die=die, fuel=p.fuel)


def _fuel_source(g: Any, p: Piece, pid: str, by: str) -> str:
    s = g.state
    if by == "base":
        for b in g.board.bases.values():
            obj = "fuel" if b.kind == "A" else "storage"
            if b.owner != p.owner or f"{b.name} {obj}" in s.ruins:
                continue
            port = p.at in b.points and "port" in g.board.symbols_at(p.at)
            depot = any(distance(p.at, q) == 1 and (g.board.symbols_at(q) - {"port"}) and
                        (b.kind != "A" or "fuel" in g.board.symbols_at(q)) for q in b.points)
            if port or depot:
                return b.name
        raise IllegalAction("l.1113", f"{pid} is neither on an own base's anchor point nor beside its standing fuel depot")
    q = own_piece(s, by, "l.1113", "give fuel")
    if not (platforms(q) or q.kind == "hovercraft"):
        raise IllegalAction("l.1113", f"{by} carries no aircraft fuel")
    side = distance(p.at, q.at) == 1 and (int(facing_between(q.at, p.at)) - q.facing) % 3 != 0
    if not side:
        raise IllegalAction("l.1113", f"{pid} is not on a point to the side of {by}, adjacent")
    if q.moved or q.held:
        raise IllegalAction("l.1113", f"{by} has moved or acted this turn: refuelling takes the whole turn")
    q.held = True
    return by


def refuel(g: Any, pid: str, by: str) -> None:
    """Refuel the seaplane on the water from ``by`` (``"base"`` or an own ship's / hovercraft's id; module docstring)."""
    s = g.state
    p = own_piece(s, pid, "l.1113", "refuel")
    if p.flying:
        raise IllegalAction("l.1113", f"{pid} is in the air: it refuels on the water")
    if p.moved or p.held:
        raise IllegalAction("l.1113", f"{pid} must start the turn in place and not move: refuelling takes a whole turn")
    if p.fuel >= cls_of(p).fuel:
        raise IllegalAction("l.1113", f"{pid}'s tank is full")
    source = _fuel_source(g, p, pid, by)
    p.fuel, p.held = cls_of(p).fuel, True
    log(g, "refuel", f"{pid} refuels to {p.fuel} from {source}", "At a base's anchor point or beside its fuel depot, or "
        "to the side of a ship with aircraft fuel or a hovercraft; it takes one whole turn, no moving (l.1113). "
        "The full pointer is sandbox (not printed).", ["l.1113"], piece=pid, fuel=p.fuel)


def moves(g: Any, pid: str, die: int) -> tuple:
    """``(kind, steps, land)`` options of the seaplane ``pid`` on ``die``."""
    p = g.state.pieces[pid]
    n = die + cls_of(p).speed
    out: list = []
    if p.flying:
        layers = paths(g, pid, p.at, p.facing, n)
        taken = {q.point for i, q in g.state.pieces.items() if i != pid and not q.aboard}
        flights = [("fly", st, False) for (pt, _), st in layers[n].items() if Axial(*pt) in g.board and pt not in taken]
        lands = [("fly", st + "FFFFF", True) for k in range(0, n - 4) for (pt, f), st in layers[k].items()
                 if Axial(*pt) in g.board and _lands(g, pid, Axial(*pt), f)]
        return tuple(sorted(set(flights + lands)))
    else:
        lift = neighbour(p.at, p.facing, 6)
        layers = paths(g, pid, lift, p.facing, n - 6)
        if p.fuel > 0:                         # an empty tank takes off nowhere (l.1113)
            out += [("fly", "FFFFFF" + st, False) for (pt, _), st in layers[-1].items() if Axial(*pt) in g.board]
        out += [("move", st, False) for st in ("F", "L", "R", "FF", "FFF", "FFFF", "FFFFF")[:die + 2] if len(st) <= die]
    check = {"fly": lambda st, land: check_flight(g, pid, p, st, die, land),
             "move": lambda st, land: _sail_ok(g, pid, p, st, die)}
    return tuple(sorted({o for o in out if _ok(check[o[0]], o[1], o[2])}))


def _lands(g: Any, pid: str, pt: Axial, f: int) -> bool:
    """Whether five straight steps from ``pt`` heading ``f`` make a landing (l.1101)."""
    pts = [neighbour(pt, f, k) for k in range(1, 6)]
    return _ok(_free_air, g, pid, pts[0], False) and all(_ok(_water, g, pid, q, "l.1101") for q in pts[1:])


def _sail_ok(g: Any, pid: str, p: Any, steps: str, die: int) -> None:
    pt = p.at
    for ch in steps:
        if ch == "F":
            pt = neighbour(pt, p.facing)
            _water(g, pid, pt, "l.1105")
    if len(steps) > 1 and p.fuel <= 0:
        raise IllegalAction("l.1107", "tank empty")


def _ok(fn: Any, *args: Any) -> bool:
    try:
        fn(*args)
    except IllegalAction:
        return False
    return True
