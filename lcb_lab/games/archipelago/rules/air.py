"""Movement of helicopters, fuel and refuelling (level 3, l.439-495, l.624).

A helicopter is a piece of class ``helicopter``: ``flying`` in the air, or landed -- an H marker
on a white point (l.472), or on an own frigate's panel (``aboard``, l.473).

* **Take off** (:func:`take_off`, l.463-465): from a white point onto that point or an adjacent
  one, from a frigate onto a point adjacent to it, facing any way; it is the turn's hovering move.
  The fuel pointer goes down one notch (6 -> 5 on a full tank, l.479).
* **Hovering** (:func:`hover`, l.449-453): stay, turn in place by 60-180 degrees, or move to an
  adjacent point facing any way; it spends no blue die, so it comes on top of the dice (l.453).
  A hovering helicopter next to a free white point or an own frigate may land there (l.470).
* **Progressive flight** (:func:`fly`, l.457-459): one blue die, exactly die + 5 steps, each
  ``F`` (straight on) or ``L`` / ``R`` (to the point 60 degrees left / right, turning with it); no
  turning in place.  A flight that lands may stop short on the landing point (l.471).
* Both modes never mix in one turn (l.448): each helicopter moves once a turn.
* No helicopter flies over a vessel (l.444); it may fly over an H marker; *reading*: it does not
  pass through or stop on another helicopter in the air either, and ends on a free point.
* Landing (l.443): on a white point with no R marker (l.510) and no piece, not on an island the
  enemy's commandos hold (l.690), or onto an own frigate carrying no other helicopter (l.400).
* **Fuel** (l.477-483): each of its owner's turns after the take-off turn the pointer of a
  helicopter in the air goes down one notch (:func:`burn`, at the turn's start); a helicopter
  still in the air at the end of a turn its pointer shows 0 -- its sixth turn -- falls
  (:func:`crash`).
* **Arming** (:func:`arm`, l.502): a landed helicopter without a missile loads one from its base
  or frigate (a ``Restock`` act) and takes off on the following turn.
* **Refuelling** (:func:`refuel`, l.485-487, l.624): a landed helicopter that did not land this
  turn refuels to 6 in an own base with its fuel depot standing (Base B: its storage), aboard a
  frigate, from an own frigate beside its white point (l.487) or from an own hovercraft beside it
  (the hovercraft's tank pays the notches, l.624); neither moves that turn, so it takes off on the
  next (picture 34).  A hovercraft fills its tank (12) at an own base or in parallel beside an own
  frigate (l.628).
"""
from __future__ import annotations

from typing import Any

from lcb_lab.games.archipelago.model.state import ArchState, Piece
from lcb_lab.games.archipelago.rules import autorotation, face_down
from lcb_lab.games.archipelago.rules.common import air_kind, cls_of, log, own_piece, where
from lcb_lab.games.archipelago.rules.dock import platforms as class_platforms
from lcb_lab.games.archipelago.rules.scenarios import overflown
from lcb_lab.kernel.errors import IllegalAction
from lcb_lab.kernel.hexgrid import Axial, distance, neighbour

FLIGHT = "FLR"
"""Progressive-flight step letters: straight on, or 60 degrees left / right (l.459)."""


def is_heli(p: Piece) -> bool:
    """Whether ``p`` is a helicopter (H1-H2, l.442; the expanded H3-H6, l.876, l.897, l.1009)."""
    return air_kind(p) == "helicopter"


def platforms(p: Piece) -> int:
    """How many helicopters ship ``p`` carries on its platform(s): the frigate one (l.400); the
    expanded ships' rows give theirs (``platforms`` in ``data/pieces.toml``, l.876); 0: none."""
    return class_platforms(cls_of(p))


def flight_path(start: Axial, facing: int, steps: str) -> list[tuple[Axial, int]]:
    """Point and heading after each progressive step (geometry only). Raises ValueError for a
    letter not of :data:`FLIGHT`."""
    out, p, f = [], start, facing
    for ch in steps:
        if ch not in FLIGHT:
            raise ValueError(f"flight step {ch!r} is not one of {FLIGHT}")
        f = (f + {"F": 0, "L": -1, "R": 1}[ch]) % 6
        p = neighbour(p, f)
        out.append((p, f))
    return out


def enemy_commandos_on(s: ArchState, island: str | None, owner: str) -> bool:
    """Whether commandos of ``owner``'s enemy hold ``island`` (l.690; *reading*: not those still
    hidden on paper, optional l.600: the enemy cannot know of them)."""
    return island is not None and any(c.island == island and c.owner != owner and not c.secret for c in s.commandos)


def landing_spot(g: Any, p: Piece, point: Axial) -> str | None:
    """Why helicopter ``p`` may not land on ``point`` (None: it may): a free white point without an
    R marker, not of a base the scenario does not use, and without enemy commandos on its island,
    or an own frigate with no helicopter aboard."""
    s = g.state
    pid = s.at(point)
    if pid and platforms(s.pieces[pid]):
        f = s.pieces[pid]
        if f.owner != p.owner:
            return f"{pid} is an enemy ship"
        if cls_of(p).get("large") and not cls_of(f).get("large_platform"):
            return f"{pid}'s platform is too small for the transport helicopter (l.1017)"
        aboard = sum(q.aboard == pid and is_heli(q) for q in s.pieces.values())
        return None if aboard < platforms(f) else f"{pid} carries {aboard} helicopter(s) already, on {platforms(f)} platform(s)"
    if not g.board.admits(point, "landed") or tuple(point) in s.red_points:
        return f"{where(g, point)} is not a white point without an R marker"
    if pid:
        return f"{pid} stands on {where(g, point)}"
    if s.scenario:
        from lcb_lab.games.archipelago.model.scenario_book import unused_base_at
        if unused_base_at(g, point) is not None:
            return f"{where(g, point)} is a white point of {unused_base_at(g, point).name}, a base the scenario does not use"
    if enemy_commandos_on(s, g.board.island_at(point), p.owner):
        return f"enemy commandos hold the island of {where(g, point)}"
    return None


def _free_air(g: Any, pid: str, point: Axial, end: bool) -> None:
    s = g.state
    if point not in g.board:
        raise IllegalAction("l.442", f"{pid} cannot leave the board at {where(g, point)}")
    other = s.at(point)
    if other and other != pid:
        o = s.pieces[other]
        if not is_heli(o):
            raise IllegalAction("l.444", f"{pid} cannot fly over the vessel {other} at {where(g, point)}")
        if o.flying or end:
            raise IllegalAction("l.444", f"{pid} cannot pass or stop on {other} at {where(g, point)} (reading: one "
                                         "piece a point; an H marker may be flown over)")


def _turn(g: Any, p: Piece, pid: str) -> None:
    s = g.state
    if s.phase == "start":
        raise IllegalAction("l.170", "roll the blue dice first: helicopters move in the movement")
    if s.phase == "fire":
        raise IllegalAction("l.174", "the movement is over once a piece has fired")
    if p.moved or p.held:
        raise IllegalAction("l.448", f"{pid} has already {'moved' if p.moved else 'refuelled'} this turn: one mode, "
                                     "one move a turn")


def _land(g: Any, pid: str, p: Piece, point: Axial) -> None:
    s = g.state
    why = landing_spot(g, p, point)
    if why:
        raise IllegalAction("l.443", f"{pid} cannot land: {why}")
    host = s.at(point)
    p.point, p.flying = tuple(point), False
    p.aboard = host or ""
    text = f"onto {host}'s control panel (l.473)" if host else f"an H marker on the white point {where(g, point)} (l.472)"
    log(g, "land", f"{pid} lands {'on ' + host if host else 'at ' + where(g, point)}", f"The piece leaves the board: "
        f"{text}; fuel pointer {p.fuel}.", ["l.443", "l.473" if host else "l.472"], piece=pid)


def take_off(g: Any, pid: str, point: Axial, facing: int) -> None:
    """Take off landed helicopter ``pid`` onto ``point`` facing ``facing`` (module docstring).
    Raises IllegalAction naming the rule."""
    s = g.state
    p = own_piece(s, pid, "l.463", "take off")
    if not is_heli(p) or p.flying:
        raise IllegalAction("l.463", f"{pid} is not a landed helicopter")
    _turn(g, p, pid)
    if p.fuel <= 0:
        raise IllegalAction("l.485", f"{pid}'s tank is empty: refuel it first")
    if facing not in range(6):
        raise IllegalAction("l.464", "a helicopter faces along one of the six lines")
    host = s.pieces[p.aboard].at if p.aboard else p.at
    ok = distance(host, point) == 1 if p.aboard else distance(host, point) <= 1
    if not ok:
        raise IllegalAction("l.465" if p.aboard else "l.464", f"{pid} takes off onto {'a point next to its frigate' if p.aboard else 'its white point or one next to it'}, not {where(g, point)}")
    _free_air(g, pid, point, end=True)
    start = p.aboard or where(g, p.at)
    p.point, p.facing, p.flying, p.aboard, p.moved = tuple(point), facing, True, "", True
    p.start = ()                                # just in the air: no descent this turn (l.888)
    p.fuel -= 1
    log(g, "take_off", f"{pid} takes off from {start} to {where(g, point)}", f"Take-off is its hovering move (l.463); "
        f"the fuel pointer goes down to {p.fuel} (l.479); it must land within six turns (l.483).",
        ["l.463", "l.479", "l.483"], piece=pid, fuel=p.fuel)


def hover(g: Any, pid: str, point: Axial, facing: int, land: bool) -> None:
    """Hover helicopter ``pid`` to ``point`` (its own or an adjacent one) facing ``facing``, or
    land there (module docstring). Spends no blue die (l.453). Raises IllegalAction."""
    p = own_piece(g.state, pid, "l.449", "hover")
    if not is_heli(p) or not p.flying:
        raise IllegalAction("l.449", f"{pid} is not a helicopter in the air")
    _turn(g, p, pid)
    autorotation.check(g, pid, land)
    d = distance(p.at, point)
    if d > 1:
        raise IllegalAction("l.452", f"hovering moves at most to an adjacent point, not {d} d")
    if land:
        if d != 1:
            raise IllegalAction("l.470", "landing from hovering is onto an adjacent white point or frigate")
        p.moved = True
        overflown(g, pid, [point])
        _land(g, pid, p, point)
        autorotation.landed(g, pid)
        return
    if facing not in range(6):
        raise IllegalAction("l.451", "a helicopter faces along one of the six lines")
    _free_air(g, pid, point, end=True)
    start = p.point
    p.point, p.facing, p.moved = tuple(point), facing, True
    overflown(g, pid, [point])
    log(g, "hover", f"{pid} hovers {where(g, start)} -> {where(g, point)}", "Hovering: stay, turn in place or move to "
        "an adjacent point facing any way (l.449-452); no blue die is spent (l.453).", ["l.449", "l.453"], piece=pid)


def check_flight(g: Any, pid: str, p: Piece, steps: str, die: int, land: bool) -> list[tuple[Axial, int]]:
    """The path of a legal progressive flight (module docstring). Raises IllegalAction."""
    if not steps or set(steps) - set(FLIGHT):
        raise IllegalAction("l.459", f"a progressive flight is steps F, L or R (no turning in place), not {steps!r}")
    n = die + cls_of(p).speed
    if len(steps) > n or (len(steps) < n and not land):
        raise IllegalAction("l.458", f"a progressive flight on a blue {die} is exactly {n} steps"
                                     f"{' (fewer only when landing, l.471)' if len(steps) < n else ''}, not {len(steps)}")
    out = flight_path(p.at, p.facing, steps)
    for k, (pt, _) in enumerate(out, 1):
        if land and k == len(out):
            why = landing_spot(g, p, pt)
            if why:
                raise IllegalAction("l.443", f"{pid} cannot land: {why}")
        else:
            _free_air(g, pid, pt, end=k == len(out))
    return out


def fly(g: Any, pid: str, steps: str, die: int, land: bool) -> None:
    """Fly helicopter ``pid`` in progressive flight on blue die ``die`` (module docstring)."""
    s = g.state
    p = own_piece(s, pid, "l.457", "fly")
    if not is_heli(p) or not p.flying:
        raise IllegalAction("l.457", f"{pid} is not a helicopter in the air")
    _turn(g, p, pid)
    autorotation.check(g, pid, False)
    if die not in s.dice:
        raise IllegalAction("l.457", f"no blue {die} is left to use (left: {s.dice or 'none'})")
    out = check_flight(g, pid, p, steps, die, land)
    from lcb_lab.games.archipelago.rules.flight import reserve
    reserve(g, pid)
    start = p.point
    s.dice.remove(die)
    p.moved = True
    log(g, "fly", f"{pid} flies {steps}: {where(g, start)} -> {where(g, out[-1][0])}",
        f"Progressive flight: blue {die} + 5 = {die + 5} steps exactly (l.457-458){', shorter to land (l.471)' if land else ''}; "
        "each step straight on or 60 degrees aside, no turning in place (l.459).", ["l.457", "l.458", "l.459"],
        piece=pid, steps=steps, die=die)
    overflown(g, pid, [q for q, _ in out])     # the observation variant of Rescuing Pilot (l.576)
    if land:
        _land(g, pid, p, out[-1][0])
    else:
        p.point, p.facing = tuple(out[-1][0]), out[-1][1]
    p.start = ()                                # it left its point: no descent this turn (l.888)


def burn(g: Any) -> None:
    """At the start of a player's turn its helicopters in the air burn one notch (l.481)."""
    s = g.state
    for pid, p in sorted(s.pieces.items()):
        if p.owner == s.to_move and is_heli(p) and p.flying:
            p.fuel = max(p.fuel - 1, 0)
            more = "it must land this turn or fall (l.483)" if p.fuel == 0 else f"{p.fuel} turn(s) of flight left"
            log(g, "fuel", f"{pid}: fuel pointer {p.fuel}", f"A helicopter in the air burns one notch a turn (l.481); "
                f"{more}.", ["l.481", "l.483"], piece=pid, fuel=p.fuel)


def crash(g: Any) -> None:
    """At the end of its owner's turn a helicopter in the air with an empty tank falls (l.483), unless
    it goes into autorotation (optional rule l.493, :mod:`.autorotation`)."""
    from lcb_lab.games.archipelago.rules.damage import destroy
    s = g.state
    for pid, p in sorted(s.pieces.items()):
        if p.owner == s.to_move and is_heli(p) and p.flying and p.fuel <= 0 \
                and not autorotation.spared(g, pid, p, autorotation.spots(g, p, landing_spot)):
            log(g, "crash", f"{pid} falls", f"Its fuel is out ({cls_of(p).fuel} turns of flight, l.427, l.876, l.897, "
                "l.1009) and a turn ended in the air: it falls and is destroyed (l.483).", ["l.483"], piece=pid)
            destroy(g, pid)


def base_at(g: Any, owner: str, point: Axial, near: bool = False, use: str = "fuel") -> Any:
    """The base (A or B) ``owner`` may use for ``use`` ("fuel" or "arms":
    :func:`~.base_b.usable`, a captured Base B too, l.684-685) with a white point at ``point``
    (``near``: ``point`` on or next to any point of the base, a hovercraft's place, l.612-614), or None."""
    from lcb_lab.games.archipelago.rules.base_b import usable
    for b in g.board.bases.values():
        if b.kind not in ("A", "B") or not usable(g.state, b, owner, use):
            continue
        pts = list(b.points) if near else [q for q in b.points if g.board.admits(q, "landed")]
        if any(distance(point, q) <= (1 if near else 0) for q in pts):
            return b
    return None


def base_fuel(g: Any, owner: str, point: Axial, near: bool = False) -> str | None:
    """The name of the own base at ``point`` (:func:`base_at`) whose fuel depot (Base A) or
    storage (Base B) stands (l.485, l.628), or None."""
    b = base_at(g, owner, point, near)
    if b is None or f"{b.name} {'fuel' if b.kind == 'A' else 'storage'}" in g.state.ruins:
        return None
    return b.name


def _ready(p: Piece, pid: str) -> None:
    if p.moved or p.held:
        raise IllegalAction("l.485", f"{pid} must start the turn in place and not move: refuelling takes a whole turn (landing - refuel - take-off)")


def refuel(g: Any, pid: str, by: str) -> None:
    """Refuel helicopter (or hovercraft) ``pid`` from ``by``: ``"base"`` or an own frigate's or
    hovercraft's id (module docstring). Raises IllegalAction naming the rule."""
    s = g.state
    p = own_piece(s, pid, "l.485", "refuel")
    if p.kind == "hovercraft":
        _refill_hovercraft(g, pid, p, by)
        return
    if not is_heli(p) or p.flying:
        raise IllegalAction("l.485", f"{pid} is not a landed helicopter")
    _ready(p, pid)
    need = cls_of(p).fuel - p.fuel
    if need <= 0:
        raise IllegalAction("l.485", f"{pid}'s tank is full")
    if by == "base":
        if p.aboard or not base_fuel(g, p.owner, p.at):
            raise IllegalAction("l.485", f"{pid} is not landed in an own base with its fuel depot standing")
        rule = "l.485"
    else:
        q = own_piece(s, by, "l.487", "refuel")
        if q.kind == "frigate" or cls_of(q).extra.get("heli_fuel"):      # level 5: l.945, l.1027
            if p.aboard != by and (p.aboard or distance(q.at, p.at) != 1):
                raise IllegalAction("l.487", f"{pid} is neither aboard {by} nor landed beside it")
            rule = "l.485" if p.aboard == by else "l.487"
        elif q.kind == "hovercraft":
            if p.aboard or distance(q.at, p.at) != 1:
                raise IllegalAction("l.624", f"{by} is not beside {pid}'s white point")
            if q.fuel < need:
                raise IllegalAction("l.624", f"{by}'s tank holds {q.fuel} notch(es), {pid} needs {need}")
            q.fuel -= need
            rule = "l.624"
        else:
            raise IllegalAction("l.485", f"{by} carries no helicopter fuel")
        if p.aboard != by:
            _ready(q, by)
        q.held = True
    p.fuel, p.held = cls_of(p).fuel, True
    log(g, "refuel", f"{pid} refuels to {p.fuel}{'' if by == 'base' else ' from ' + by}",
        f"{need} notch(es); refuelling takes the whole turn: it takes off on the next (l.485, picture 34)"
        f"{'; the hovercraft pointer goes down as many' if rule == 'l.624' else ''}.", [rule, "l.485"], piece=pid, fuel=p.fuel)


def _refill_hovercraft(g: Any, pid: str, p: Piece, by: str) -> None:
    from lcb_lab.games.archipelago.rules.logistics import parallel
    _ready(p, pid)
    if p.fuel >= cls_of(p).fuel:
        raise IllegalAction("l.628", f"{pid}'s tank is full")
    if by == "base":
        if not base_fuel(g, p.owner, p.at, near=True):
            raise IllegalAction("l.628", f"{pid} is not at an own base with its fuel standing")
    else:
        q = own_piece(g.state, by, "l.628", "refill")
        if q.kind != "frigate" or not parallel(p, q):
            raise IllegalAction("l.628", f"{by} is not an own frigate beside {pid} in parallel")
        _ready(q, by)
        q.held = True
    p.fuel, p.held = cls_of(p).fuel, True
    log(g, "refuel", f"{pid} fills its tank to {p.fuel}", "A hovercraft refills at its bases or beside a frigate in "
        "parallel, not moving that turn (l.628).", ["l.628"], piece=pid, fuel=p.fuel)


def arm(g: Any, pid: str, p: Piece, markers: tuple[str, ...]) -> None:
    """Load ``markers`` (default one A-S) onto landed helicopter ``pid`` (l.502): in an own base
    (Base A: its ammunition storage standing, from panel A; Base B: its storage standing, from
    Base B's own panel, l.429) or aboard a ship with a platform (from its panel). What its
    panel takes: :mod:`~lcb_lab.games.archipelago.rules.armament` (l.499, l.874, l.897, l.1011).
    It takes off on the next turn. Raises IllegalAction naming the rule."""
    from lcb_lab.games.archipelago.rules.armament import fits, kinds
    s = g.state
    markers = markers or ("A-S",)
    if p.flying:
        raise IllegalAction("l.502", f"{pid} is in the air: a helicopter is armed when landed")
    allowed = kinds(p)
    if "C" in markers or (allowed and set(markers) - set(allowed)):
        raise IllegalAction("l.502", f"{pid}'s panel takes {', '.join(k for k in allowed if k != 'C')}, not {markers} "
                                     "(commandos come aboard from an island)")
    if p.moved or p.held:
        raise IllegalAction("l.502", f"{pid} must start the turn landed and stay: it takes off on the following turn")
    if not fits(p, markers):
        raise IllegalAction("l.499", f"{pid}'s panel holds {p.ammo or 'nothing'}: no room for {markers}")
    if p.aboard:
        f = s.pieces[p.aboard]
        for kind in markers:
            if f.ammo.count(kind) < markers.count(kind):
                raise IllegalAction("l.502", f"{p.aboard} has no {kind} marker on its panel")
        for kind in markers:
            f.ammo.remove(kind)
        source = p.aboard
    else:
        base = base_at(g, p.owner, p.at, use="arms")
        obj = f"{base.name} {'ammunition' if base.kind == 'A' else 'storage'}" if base else ""
        if base is None or obj in s.ruins:
            taken = base_at(g, p.owner, p.at)
            rule = "l.684" if taken is not None and taken.owner != p.owner else "l.502"
            raise IllegalAction(rule, f"{pid} is not landed in an own base with its storage standing" + (
                f": the armament of captured {taken.name} does not fit {p.owner}'s pieces" if rule == "l.684" else ""))
        from lcb_lab.games.archipelago.rules.base_b import panel, panel_name
        stock = panel(s, base)
        for kind in markers:
            if stock.get(kind, 0) < markers.count(kind):
                raise IllegalAction("l.429" if base.kind == "B" else "l.502", f"{panel_name(base)} holds no {kind} marker")
        for kind in markers:
            stock[kind] -= 1
        source = base.name
    p.ammo.extend(markers)
    p.held = True
    said = " and ".join(markers)
    log(g, "restock", f"{pid} is armed with {said} from {source}", "A landed helicopter loads its armament from its "
        "base or ship and takes off on the following turn (l.502).", ["l.502"], team=p.owner,
        piece=pid, markers=list(markers), veiled=f"{pid} is armed with {len(markers)} marker(s) from {source}",
        about=face_down.subjects(p.owner, markers, {"stock": p.owner}))
