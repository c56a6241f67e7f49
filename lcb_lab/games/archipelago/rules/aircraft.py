"""Combat aircraft (l.1284-1391): the approach into the battle zone, movement, fuel, leaving.

Each plane flies one combat flight in the game (l.1288) from a distant base off the board.  Its
fuel pointer's stage is ``state.airfield[pid]``:

* ``ready`` -- panel filled (l.1307); a ``Scramble`` act (any time of its owner's turn) moves the
  pointer to ``takeoff``: the enemy sees it on radar (l.1307).
* At the start of each later turn of its owner the pointer moves one notch (l.1313): ``climb``,
  ``approach``, then ``enter``: in that turn the piece must be placed (``EnterZone``, l.1309) on a
  point of its side's edge of the board -- Red the western column, Blue the eastern -- facing any
  way (*reading*), its pointer on its fuel (6 or 8, l.1386-1389); no blue die (l.1309).
* ``zone`` -- on the board, in each following turn it must move (``FlyAircraft``), spending a blue
  die (l.1313): exactly die + 10 progressive steps (l.1317), A4 / A5 with afterburner die + 15 / + 13
  and two notches (l.1319).  *Reading* of "must": the turn cannot end while it has not moved and a
  blue die is left, and no other piece may take the last dice it needs (:func:`reserve`).
* The move that starts with its pointer on 1 (or on 2 with afterburner) is the last its fuel allows:
  it must leave the board across its side's edge (l.1325) -- the flight ends on the step that leaves
  (it may be shorter), the pointer goes to "Return to base" (``returned``) and the plane is out of
  the game.  A plane still on the board after that move is ``dry``: it must fly on toward its edge
  (each move ends nearer it, or leaves), and it is lost -- counted for the enemy as shot down
  (l.1327, ``lost``: it goes to ``state.sunk``).  A plane may leave earlier (*reading*).
* A plane that cannot fly anywhere (every path blocked) does not hold up the turn (*reading*).
* Shot down (A-A and S-A missiles, an aircraft's gun; never a vessel's machine gun, l.1365, nor
  the combat helicopter's, l.1367) it is ``lost`` too.

Optional rule l.1323 (switch ``"l.1323"``): the blue dice are rolled twice, by the table for the
other pieces and one die per own plane in the battle zone for the planes (``state.air_dice``).
"""
from __future__ import annotations

from typing import Any

from lcb_lab.games.archipelago.model.catalog import catalog
from lcb_lab.games.archipelago.model.state import Piece
from lcb_lab.games.archipelago.rules.air import _free_air, flight_path
from lcb_lab.games.archipelago.rules.flight import any_path, owed, paths
from lcb_lab.games.archipelago.rules.optional import is_on
from lcb_lab.games.archipelago.rules.common import air_kind, cls_of, log, where
from lcb_lab.games.archipelago.rules.setup import filled
from lcb_lab.kernel.errors import IllegalAction
from lcb_lab.kernel.hexgrid import Axial, to_offset

NEXT = {"takeoff": "climb", "climb": "approach", "approach": "enter"}
"""The pointer's notches before the plane comes onto the board (l.1307-1309)."""


def _stage(g: Any, pid: str, rule: str) -> str:
    s = g.state
    if pid not in s.airfield:
        raise IllegalAction(rule, f"{pid} is not a combat aircraft of this game")
    if not pid.startswith(s.to_move + " "):
        raise IllegalAction(rule, f"{pid} is not {s.to_move}'s: a player acts only with its own pieces")
    return s.airfield[pid]


def scramble(g: Any, pid: str) -> None:
    """Activate ready plane ``pid``: its pointer to "Takeoff" (module docstring). Raises IllegalAction."""
    s = g.state
    if _stage(g, pid, "l.1307") != "ready":
        raise IllegalAction("l.1288", f"{pid} is {s.airfield[pid]}: each plane flies one combat flight")
    s.airfield[pid] = "takeoff"
    log(g, "scramble", f"{pid} takes off from its distant base", "Its pointer moves from Ready to Takeoff; long-range "
        "radars see it (l.1307). Climb and Approach take the next two turns, then it enters the board (l.1309).",
        ["l.1307", "l.1309"], piece=pid)


def advance(g: Any) -> None:
    """At the start of a player's turn: its planes off the board move their pointer one notch (l.1313)."""
    s = g.state
    for pid, stage in sorted(s.airfield.items()):
        if pid.startswith(s.to_move + " ") and stage in NEXT:
            s.airfield[pid] = NEXT[stage]
            more = "it enters the board this turn (l.1309)" if NEXT[stage] == "enter" else "no blue die is spent"
            log(g, "fuel", f"{pid}: pointer {NEXT[stage]}", f"From the take-off the pointer moves one notch a turn "
                f"(l.1313); {more}.", ["l.1313", "l.1309"], piece=pid)


def edge_col(g: Any, owner: str) -> int:
    """The offset column of ``owner``'s edge: Red the west (0), Blue the east (l.1309)."""
    return 0 if owner == "Red" else g.board.cols - 1


def enter(g: Any, pid: str, point: Axial, facing: int) -> None:
    """Place plane ``pid`` on its side's edge (module docstring). Raises IllegalAction naming the rule."""
    s = g.state
    if _stage(g, pid, "l.1309") != "enter":
        raise IllegalAction("l.1309", f"{pid}'s pointer is on {s.airfield[pid]}: it enters the turn after Approach")
    owner, kind, number = catalog().of_id(pid)
    if point not in g.board or to_offset(point)[0] != edge_col(g, owner):
        raise IllegalAction("l.1309", f"{pid} enters on a point of the {'western' if owner == 'Red' else 'eastern'} "
                                      f"edge, not {where(g, point)}")
    if facing not in range(6):
        raise IllegalAction("l.1309", "a plane faces along one of the six lines")
    if s.at(point):
        raise IllegalAction("l.444", f"{s.at(point)} holds {where(g, point)}")
    c = catalog_class(kind)
    s.pieces[pid] = Piece(owner, kind, number, tuple(point), facing, filled(kind), fuel=c.fuel, flying=True, moved=True)
    s.airfield[pid] = "zone"
    log(g, "enter", f"{pid} enters the battle zone at {where(g, point)}", f"Placed on its side's edge, the pointer on "
        f"{c.fuel} (l.1309); no blue die this turn; from the next turn it must move (l.1313).", ["l.1309", "l.1313"],
        piece=pid, fuel=c.fuel)


def catalog_class(kind: str) -> Any:
    """The catalog class ``kind``."""
    return catalog().classes[kind]


def check_flight(g: Any, pid: str, p: Piece, steps: str, die: int, burner: bool) -> tuple[list, bool]:
    """``(path, leaves)`` of a legal flight (module docstring). Raises IllegalAction."""
    c = cls_of(p)
    if burner and not c.get("afterburner"):
        raise IllegalAction("l.1319", f"{pid} has no afterburner (A4 and A5 only)")
    n = die + (c.get("afterburner") if burner else c.speed)
    if not steps or set(steps) - set("FLR"):
        raise IllegalAction("l.1317", f"a flight is steps F, L or R (no turning in place), not {steps!r}")
    path = flight_path(p.at, p.facing, steps)
    off = [k for k, (pt, _) in enumerate(path) if pt not in g.board]
    leaves = bool(off)
    if leaves:
        col = to_offset(path[off[0]][0])[0]
        if off[0] != len(path) - 1 or (col >= 0 if p.owner == "Red" else col < g.board.cols):
            raise IllegalAction("l.1325", f"{pid} leaves the board only across its own edge "
                                          f"({'west' if p.owner == 'Red' else 'east'}), and the flight ends there")
    if len(steps) > n or (len(steps) < n and not leaves):
        raise IllegalAction("l.1317", f"a combat aircraft flies exactly blue {die} + {n - die} = {n} steps "
                                      f"(fewer only leaving the board), not {len(steps)}")
    for k, (pt, _) in enumerate(path[:len(path) - leaves]):
        _free_air(g, pid, pt, end=k == len(path) - 1)
    return path, leaves


def fly(g: Any, pid: str, steps: str, die: int, burner: bool) -> None:
    """Fly plane ``pid`` on blue ``die`` (module docstring). Raises IllegalAction naming the rule."""
    s = g.state
    stage = _stage(g, pid, "l.1313")
    p = s.pieces.get(pid)
    if p is None or stage not in ("zone", "dry"):
        raise IllegalAction("l.1313", f"{pid} is not on the board ({stage})")
    if s.phase != "move":
        raise IllegalAction("l.170" if s.phase == "start" else "l.174", "planes move in the movement")
    if p.moved:
        raise IllegalAction("l.1313", f"{pid} has moved this turn (or entered it)")
    pool = dice_of(s)
    if die not in pool:
        raise IllegalAction("l.1313", f"no blue {die} is left to use (left: {pool or 'none'})")
    path, leaves = check_flight(g, pid, p, steps, die, burner)
    cost = 2 if burner else 1
    last = p.fuel <= cost
    if stage == "dry" and not leaves and _to_edge(g, p, path[-1][0]) >= _to_edge(g, p, p.at):
        raise IllegalAction("l.1327", f"{pid} is out of fuel for the return: it must fly toward its edge")
    start = p.point
    pool.remove(die)
    p.moved = True
    p.fuel = max(p.fuel - cost, 0)
    log(g, "fly", f"{pid} flies {steps}: {where(g, start)} -> {'off the board' if leaves else where(g, path[-1][0])}",
        f"Blue {die} + {len(steps) - die if leaves else cls_of(p).get('afterburner') if burner else 10} steps (l.1317"
        f"{', afterburner: two notches, l.1319' if burner else ''}); fuel pointer {p.fuel}.",
        ["l.1317", "l.1319"] if burner else ["l.1317"], piece=pid, steps=steps, die=die, fuel=p.fuel)
    if leaves:
        _leave(g, pid, stage == "dry")
        return
    p.point, p.facing = tuple(path[-1][0]), path[-1][1]
    if last and stage == "zone":
        s.airfield[pid] = "dry"
        log(g, "fuel", f"{pid} cannot reach its base", "Its last move did not take it off the board across its edge: it "
            "must fly on toward the edge and is lost, counted for the enemy as shot down (l.1325-1327).",
            ["l.1325", "l.1327"], piece=pid)


def flights(g: Any, pid: str, die: int, burner: bool) -> tuple[str, ...]:
    """Step strings of the flights of plane ``pid`` on ``die`` (one per end, and each exit)."""
    p = g.state.pieces[pid]
    n = die + (cls_of(p).get("afterburner") if burner else cls_of(p).speed)
    if burner and not cls_of(p).get("afterburner"):
        return ()
    layers = paths(g, pid, p.at, p.facing, n)
    taken = {q.point for i, q in g.state.pieces.items() if i != pid and not q.aboard}
    home = -1 if p.owner == "Red" else g.board.cols
    out = [st for (pt, _), st in layers[n].items() if Axial(*pt) in g.board and pt not in taken]
    out += [st for layer in layers[1:] for (pt, _), st in layer.items()
            if Axial(*pt) not in g.board and to_offset(Axial(*pt))[0] == home]
    return tuple(sorted(out))


def _ok(fn: Any, *args: Any) -> bool:
    try:
        fn(*args)
    except IllegalAction:
        return False
    return True


def _to_edge(g: Any, p: Piece, point: Axial) -> int:
    col = to_offset(point)[0]
    return col if p.owner == "Red" else g.board.cols - 1 - col


def _leave(g: Any, pid: str, lost: bool) -> None:
    s = g.state
    p = s.pieces.pop(pid)
    if lost:
        s.sunk[pid] = p
        s.airfield[pid] = "lost"
        log(g, "sunk", f"{pid} is lost", "Out of fuel for the return it cannot reach its base: the enemy counts it as "
            "shot down (l.1327).", ["l.1327"], piece=pid)
        return
    s.airfield[pid] = "returned"
    log(g, "return", f"{pid} leaves the battle zone", "Across its side's edge; its pointer goes to Return to base and it "
        "takes no further part in the game (l.1325).", ["l.1325"], piece=pid)


def must_move(g: Any) -> None:
    """Refuse the end of a turn while a plane must enter (l.1309) or an aircraft in the air has not
    moved and a blue die is left (l.1093, l.1313)."""
    s = g.state
    due = [i for i, st in sorted(s.airfield.items()) if st == "enter" and i.startswith(s.to_move + " ")]
    if due:
        raise IllegalAction("l.1309", f"{', '.join(due)} must enter the battle zone this turn")
    jets = [i for i, p in sorted(s.pieces.items()) if own_dice(s, p) and p.owner == s.to_move and not p.moved]
    need = [i for i in owed(g, s.to_move) + jets if _can_move(g, i)]
    if need:
        raise IllegalAction("l.1313", f"{', '.join(need)} must move this turn: a blue die is left")


def own_dice(s: Any, p: Piece) -> bool:
    """Whether ``p`` is a combat aircraft moving on its own blue dice (optional rule l.1323)."""
    return air_kind(p) == "jet" and is_on(s, "l.1323")


def dice_of(s: Any) -> list[int]:
    """The blue dice combat aircraft move on: the turn's, or their own under the optional rule l.1323."""
    return s.air_dice if is_on(s, "l.1323") else s.dice


def roll_air_dice(g: Any) -> None:
    """Optional rule l.1323: after the blue dice of the other pieces, one blue die per own combat
    aircraft in the battle zone, for them alone."""
    from lcb_lab.games.archipelago.dice import BLUE, BLUE_SOURCE
    s = g.state
    n = sum(own_dice(s, p) for p in s.afloat(s.to_move))
    if not n:
        return
    log(g, "odds", f"{s.to_move} rolls {n} blue dice for its combat aircraft", f"One die per plane in the battle zone "
        f"(optional rule l.1323); each plane flies die + 10 (l.1317). Blue die: {BLUE_SOURCE}.", ["l.1323", "l.1317"], dice=n)
    s.air_dice = list(g.dice.roll(n, f"aircraft blue dice of {s.to_move}", BLUE))
    log(g, "roll", f"blue {'-'.join(map(str, s.air_dice))} for the aircraft", "Used by the combat aircraft only "
        "(optional rule l.1323).", ["l.1323"], roll=list(s.air_dice))


def _can_move(g: Any, pid: str) -> bool:
    p = g.state.pieces[pid]
    speeds = {cls_of(p).speed, cls_of(p).get("afterburner") or cls_of(p).speed}
    home = (-1 if p.owner == "Red" else g.board.cols) if air_kind(p) == "jet" else None
    dice = dice_of(g.state) if air_kind(p) == "jet" else g.state.dice
    return any(any_path(g, pid, p.at, p.facing, d + v, home) for d in set(dice) for v in speeds)


def can_end(g: Any) -> bool:
    """Whether :func:`must_move` lets the player to move end the turn."""
    return _ok(must_move, g)


def fall(g: Any) -> None:
    """At the end of its owner's turn the seaplane in the air with an empty tank falls (*reading*, as l.483)."""
    from lcb_lab.games.archipelago.rules.damage import destroy
    s = g.state
    for pid, p in sorted(s.pieces.items()):
        if p.owner == s.to_move and air_kind(p) == "seaplane" and p.flying and p.fuel <= 0:
            log(g, "crash", f"{pid} falls", "Its fuel is out in the air (reading, as a helicopter, l.483).", ["l.483"],
                piece=pid)
            destroy(g, pid)
