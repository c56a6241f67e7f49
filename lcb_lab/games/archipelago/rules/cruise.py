"""The cruise missile (CM, l.961-987) of the capital ships: the Guided Missile Cruiser (l.1051).

* **Launch** (l.965-975): at the end of a turn like any shot, announcing a fixed target on land
  -- an object of an enemy base or an enemy land launcher; landed helicopters and hovercraft are
  not fixed (l.965).  One red die: a 1 fails and the CM marker is removed (l.967).  It leaves in
  any direction (``bearing`` 0-5 from the ship's facing, l.969), its first two steps straight, and
  flies exactly the red die + 5 steps (l.971) as a helicopter in progressive flight: no turning in
  place, a mild turn on a step (``L`` / ``R``), never over a point holding an enemy piece (l.973).
  It cannot hit in this first part: its CM marker stays on the last point, heading kept (l.975).
* **Second part** (l.979-983): on its owner's next turn, before the blue dice, the red die again:
  red + 5 steps, turning from the first step, no failure; reaching the target from any direction
  is a HIT, an R marker on it (l.983); else a miss.  The marker leaves the board either way.

The ``route`` (F / L / R) is given with the act (*reading*, as a torpedo's course): the missile
flies its first red + 5 letters, straight on when the route is shorter; a step off the board or
onto a point holding an enemy piece ends the flight, the missile lost (*reading*).  A CM not
continued when its owner rolls the blue dice is lost (*reading*, as a torpedo, l.241).  Its
interception by an A-A missile (l.957, l.987) is not built.
"""
from __future__ import annotations

from typing import Any

from lcb_lab.games.archipelago import chance
from lcb_lab.games.archipelago.dice import RED
from lcb_lab.games.archipelago.model.state import Torpedo, other
from lcb_lab.games.archipelago.rules import damage
from lcb_lab.games.archipelago.rules.air import flight_path
from lcb_lab.games.archipelago.rules.common import cls_of, log, not_fired, own_piece, pct, where
from lcb_lab.games.archipelago.rules.missiles import objects
from lcb_lab.kernel.errors import IllegalAction
from lcb_lab.kernel.hexgrid import Axial, distance, neighbour

LONGEST = 11
"""The longest part of a flight: red 6 + 5 (l.971)."""


def fixed_targets(g: Any, owner: str) -> dict[str, Axial]:
    """``owner``'s fixed targets on land (l.965): its base objects standing and its land launchers."""
    out = dict(objects(g, owner))
    out.update({pid: p.at for pid, p in sorted(g.state.pieces.items())
                if p.owner == owner and cls_of(p).mobility == "launcher"})
    return out


def _route(route: str, first_straight: bool) -> None:
    if not route or set(route) - set("FLR") or len(route) > LONGEST:
        raise IllegalAction("l.973", f"a cruise missile's route is 1-{LONGEST} steps F, L or R (no turning in place), "
                                     f"not {route!r}")
    if first_straight and not route.startswith("FF"):
        raise IllegalAction("l.969", "the first two steps of a cruise missile are straight forward")


def fly(g: Any, start: Axial, heading: int, route: str, n: int, owner: str, goal: Axial | None = None) -> list[tuple[Axial, int]]:
    """The points and headings of ``n`` steps along ``route`` (straight on after it), cut at the
    first step off the board or onto a point holding an enemy of ``owner`` other than the target
    at ``goal`` (module docstring)."""
    out = []
    for pt, f in flight_path(start, heading, (route + "F" * LONGEST)[:n]):
        pid = g.state.at(pt)
        if pt not in g.board or (pid and g.state.pieces[pid].owner != owner and pt != goal):
            break
        out.append((pt, f))
    return out


def check_launch(g: Any, shooter: str, target: str, bearing: int, route: str) -> Axial:
    """The target's point of a launch the rules allow (module docstring). Raises IllegalAction."""
    s = g.state
    if s.phase == "start":
        raise IllegalAction("l.965", "a cruise missile is launched as any shot, after the movement")
    p = own_piece(s, shooter, "l.965", "launch a cruise missile")
    if "cruise_missile" not in cls_of(p).weapons or "CM" not in p.ammo:
        raise IllegalAction("l.963", f"{shooter} carries no cruise missile")
    not_fired(p, shooter)
    fixed = fixed_targets(g, other(s.to_move))
    if target not in fixed:
        raise IllegalAction("l.965", f"{target} is not a fixed enemy target on land (a base object or a land launcher)")
    if bearing not in range(6):
        raise IllegalAction("l.969", f"a cruise missile leaves in one of the six directions (0-5), not {bearing}")
    _route(route, True)
    return fixed[target]


def launch(g: Any, shooter: str, target: str, bearing: int, route: str) -> None:
    """The first part of a cruise missile's flight (module docstring)."""
    s = g.state
    check_launch(g, shooter, target, bearing, route)
    p = s.pieces[shooter]
    p.ammo.remove("CM")
    p.fired = True
    s.phase = "fire"
    log(g, "odds", f"{shooter} launches a cruise missile at {target}: {pct(5 / 6)} to fly",
        "Announced; one red die, a 1 fails (l.967); it flies red + 5 steps and cannot hit in this first part (l.975).",
        ["l.965", "l.967", "l.975"], shooter=shooter, target=target, p_fly=5 / 6)
    n = g.dice.roll(1, f"CM {shooter} -> {target}", RED)[0]
    if n == 1:
        log(g, "missile", "red 1: the launch fails", "The CM marker is removed (l.967).", ["l.967"], roll=n)
        return
    path = fly(g, p.at, (p.facing + bearing) % 6, route, n + 5, p.owner)
    if len(path) < n + 5:
        log(g, "missile", f"red {n}: the cruise missile is lost after {len(path)} steps", "Its route leaves the board or "
            "meets an enemy piece (reading of l.973).", ["l.973"], roll=n)
        return
    cid = f"CM{s.next_cruise}"
    s.next_cruise += 1
    pt, f = path[-1]
    s.cruise[cid] = Torpedo(p.owner, shooter, target, tuple(pt), f, s.turn)
    log(g, "missile", f"red {n}: {cid} flies {n} + 5 = {n + 5} steps to {where(g, pt)}", "Progressive flight (l.973); "
        "its CM marker waits there, heading kept, for the second part next turn (l.975, l.979).",
        ["l.971", "l.973", "l.975"], roll=n, missile=cid)


def reach(g: Any, cid: str, route: str) -> int:
    """The step (1-11) at which the second part along ``route`` reaches the CM's target, or 0."""
    c = g.state.cruise[cid]
    goal = fixed_targets(g, other(c.owner)).get(c.target)
    path = fly(g, c.at, c.facing, route, LONGEST, c.owner, goal)
    return next((k for k, (pt, _) in enumerate(path, 1) if pt == goal), 0)


def check_continue(g: Any, cid: str, route: str) -> None:
    """Refuse a continuation the rules forbid (module docstring). Raises IllegalAction."""
    s = g.state
    c = s.cruise.get(cid)
    if c is None or c.owner != s.to_move:
        raise IllegalAction("l.979", f"{cid} is not a cruise missile of {s.to_move} in flight")
    if s.phase != "start":
        raise IllegalAction("l.979", "the second part is rolled before the blue dice")
    _route(route, False)


def continue_flight(g: Any, cid: str, route: str) -> None:
    """The second part of cruise missile ``cid``'s flight (module docstring)."""
    s = g.state
    check_continue(g, cid, route)
    k = reach(g, cid, route)
    c = s.cruise.pop(cid)
    log(g, "odds", f"{cid} flies on at {c.target}: {pct(chance.cruise_hit(k))} to hit",
        f"Red + 5 steps, turning from the first, no failure (l.981); the route reaches the target at step {k or 'none'}.",
        ["l.979", "l.981"], missile=cid, p_hit=chance.cruise_hit(k), steps=k)
    n = g.dice.roll(1, f"{cid} second part", RED)[0]
    if not k or n + 5 < k:
        log(g, "missile", f"red {n}: {cid} misses {c.target}", f"{n} + 5 = {n + 5} steps do not reach it: a miss, "
            "the marker leaves the board (l.983).", ["l.983"], roll=n)
        return
    log(g, "missile", f"red {n}: {cid} hits {c.target}", f"It reaches the target at step {k} of {n + 5}: an R marker "
        "on it (l.983).", ["l.983"], roll=n)
    if c.target in s.pieces:
        damage.hit(g, c.target, "CM", c.shooter)
    else:
        damage.ruin(g, c.target, c.shooter)


def abandon(g: Any) -> None:
    """The player to move rolls the blue dice: its CMs not continued are lost (*reading*, as l.241)."""
    s = g.state
    for cid in [i for i, c in sorted(s.cruise.items()) if c.owner == s.to_move]:
        del s.cruise[cid]
        log(g, "missile", f"{cid} is not continued and leaves the board", "The second part is rolled before the blue "
            "dice (l.979); reading: not rolled, it is lost.", ["l.979"])


def steer(start: Axial, heading: int, goal: Axial, first: int = 0) -> str:
    """A route of :data:`LONGEST` steps, ``first`` straight ones then each turning toward ``goal``
    (for the legal acts: one sensible route, not every one)."""
    out, p, f = "", start, heading
    for k in range(LONGEST):
        ch = "F" if k < first else min("FLR", key=lambda c: distance(neighbour(p, (f + {"F": 0, "L": -1, "R": 1}[c]) % 6), goal))
        f = (f + {"F": 0, "L": -1, "R": 1}[ch]) % 6
        p = neighbour(p, f)
        out += ch
    return out
