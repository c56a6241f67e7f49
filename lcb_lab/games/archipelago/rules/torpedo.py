"""Torpedo launching (l.195-243) and the optional interception (l.233).

A launch names the shooter, the target and the torpedo's **course** (*reading*: the text has the
player move the torpedo; the course is given with the launch so one act decides it, and
:func:`best_course` offers the shortest one): ``turn_at`` (0: straight on; else the step, 3 or
later, at which it turns, l.205) and ``turn`` (-1 left, +1 right).  A turning step moves to the
neighbouring point to the left or right of the heading, the heading turned with it (l.205).

* The target is at least 2 d away (l.202); the red die is rolled: a 1 fails and the T marker goes
  back to the box (l.203); else the torpedo runs that many points along its course (l.204).
* Reaching the announced target is a hit (l.206) -- a torpedo boat only from its rear side
  (l.209; :func:`hittable`).  Other pieces on the first run are passed (*reading*).
* Otherwise its T marker stays on the last point of its run with its heading (l.207); on its
  owner's next turn, before the blue dice, a green die may continue it (at most one turn, from
  the first step on) and it hits the first enemy piece it reaches that it can hit (l.207-208).
  Not continued, or not hitting, it leaves the board (l.241).
* A torpedo runs over water only: a course meeting land or the board's edge stops short and the
  torpedo is lost (*reading*: the text does not say; ``docs/archipelago.md``).
* Optional rule l.233 (switch ``"l.233"``): a launch may target an enemy T marker that missed
  its first run; reaching it straight from the front (heading opposite) removes both (picture 18).
"""
from __future__ import annotations

from typing import Any

from lcb_lab.games.archipelago import chance
from lcb_lab.games.archipelago.dice import GREEN, RED
from lcb_lab.games.archipelago.model.state import ArchState, Torpedo
from lcb_lab.games.archipelago.rules import damage
from lcb_lab.games.archipelago.rules.common import air_kind, cls_of, enemy_piece, log, not_fired, own_piece, pct, where
from lcb_lab.games.archipelago.rules.optional import is_on
from lcb_lab.kernel.errors import IllegalAction
from lcb_lab.kernel.hexgrid import Axial, distance, neighbour

REAR = frozenset({2, 3, 4})
"""Bearings (0 = dead ahead, clockwise in 60-degree steps) a torpedo boat can be hit from: the
three rear directions (reading of l.209 against picture 11, l.213; ``docs/archipelago.md``)."""


def course(start: Axial, facing: int, length: int, turn_at: int, turn: int) -> list[tuple[Axial, int]]:
    """Point and heading after each of ``length`` steps from ``start`` heading ``facing``, turning
    by ``turn`` (60-degree units) on step ``turn_at`` (0: never). Geometry only."""
    out, p, f = [], start, facing
    for k in range(1, length + 1):
        if k == turn_at:
            f = (f + turn) % 6
        p = neighbour(p, f)
        out.append((p, f))
    return out


def on_water(g: Any, steps: list[tuple[Axial, int]]) -> list[tuple[Axial, int]]:
    """``steps`` cut before the first point that is not water on the board (the torpedo is lost there)."""
    out = []
    for pt, f in steps:
        if not g.board.is_water(pt):
            break
        out.append((pt, f))
    return out


def check_course(turn_at: int, turn: int, first: int, rule: str, last: int = 6) -> None:
    """Refuse a course that turns before step ``first`` or after ``last``, or by other than one
    60-degree turn."""
    if turn_at == 0 and turn == 0:
        return
    if turn not in (-1, 1) or not first <= turn_at <= last:
        raise IllegalAction(rule, f"a torpedo turns once by 60 degrees (turn -1 or +1) from step {first} on, "
                                  f"not turn {turn} at step {turn_at}")


def bearing(target_facing: int, heading: int) -> int:
    """Where a torpedo arriving with ``heading`` comes from, seen from a piece facing ``target_facing``
    (0 dead ahead ... 3 dead astern)."""
    return ((heading + 3) - target_facing) % 6


def hittable(g: Any, pid: str, heading: int) -> bool:
    """Whether a torpedo arriving with ``heading`` can hit piece ``pid``: any ship or submerged
    submarine from any side (l.1135), a boat only from its rear side (:data:`REAR`, l.209, l.1039); never a hovercraft (it passes
    underneath, l.638) nor a helicopter (a torpedo hits on the water, l.1587)."""
    p = g.state.pieces[pid]
    if p.kind in ("hovercraft", "ekranoplan") or air_kind(p):       # an ekranoplan's draft is too shallow (l.1242)
        return False                           # it passes underneath a hovercraft (l.638); aircraft are above water
    if getattr(p, "submerged", False):
        return True                            # a submerged submarine: from any side (l.1135)
    return cls_of(p).mobility != "boat" or bearing(p.facing, heading) in REAR   # every boat: LB too (l.1039)


def reach(g: Any, steps: list[tuple[Axial, int]], target: str) -> int:
    """The step (1-based) at which the run ``steps`` hits ``target`` (a piece, or an enemy torpedo
    met head-on, l.233), or 0."""
    s = g.state
    for k, (pt, f) in enumerate(steps, 1):
        if target in s.torpedoes:
            t = s.torpedoes[target]
            if t.point == tuple(pt) and f == (t.facing + 3) % 6:
                return k
        elif s.pieces[target].point == tuple(pt) and hittable(g, target, f):
            return k
    return 0


def best_course(g: Any, shooter: str, target: str) -> tuple[int, int, int]:
    """``(steps, turn_at, turn)``: the shortest launch course from ``shooter`` reaching ``target``
    within 6 steps, or ``(0, 0, 0)`` when none does (at once for a target more than 6 points away:
    each step goes to a neighbouring point)."""
    s = g.state
    p = s.pieces[shooter]
    where = s.torpedoes[target].at if target in s.torpedoes else s.pieces[target].at
    if distance(p.at, where) > 6:
        return (0, 0, 0)
    best = (0, 0, 0)
    for turn_at, turn in [(0, 0)] + [(k, d) for k in range(3, 7) for d in (-1, 1)]:
        k = reach(g, on_water(g, course(p.at, p.facing, 6, turn_at, turn)), target)
        if k and (not best[0] or k < best[0]):
            best = (k, turn_at, turn)
    return best


def _target_point(s: ArchState, target: str) -> Axial:
    if target in s.torpedoes:
        t = s.torpedoes[target]
        if t.owner == s.to_move:
            raise IllegalAction("l.233", f"{target} is {s.to_move}'s own torpedo")
        if not is_on(s, "l.233"):
            raise IllegalAction("l.233", "intercepting a torpedo is an optional rule not in force")
        return t.at
    return enemy_piece(s, target, "l.201").at


def check_launch(g: Any, shooter: str, target: str, turn_at: int, turn: int) -> int:
    """The distance of a launch the rules allow (l.174, l.197, l.202, l.205, l.233, l.237, l.543).
    Raises IllegalAction naming the rule."""
    s = g.state
    if s.phase == "start":
        raise IllegalAction("l.174", "pieces shoot after the movement: roll the blue dice first")
    p = own_piece(s, shooter, "l.201", "launch a torpedo")
    if "torpedo" not in cls_of(p).weapons:
        raise IllegalAction("l.197", f"{shooter} carries no torpedo launcher")
    not_fired(p, shooter)
    if "T" not in p.ammo:
        raise IllegalAction("l.237", f"{shooter} has no T marker left on its control panel")
    where = _target_point(s, target)
    if target in s.pieces and s.pieces[target].kind == "hovercraft":
        raise IllegalAction("l.638", f"a torpedo cannot hit the hovercraft {target}: it passes underneath")
    if target in s.pieces and air_kind(s.pieces[target]):
        rule = "l.1113" if air_kind(s.pieces[target]) == "seaplane" else "l.1587"
        raise IllegalAction(rule, f"a torpedo hits boats and ships on the water only, not the aircraft {target}")
    d = distance(p.at, where)
    if d < 2:
        raise IllegalAction("l.202", f"{target} is {d} d from {shooter}; a torpedo needs at least 2 d")
    check_course(turn_at, turn, 3, "l.205")
    return d


def launch(g: Any, shooter: str, target: str, turn_at: int, turn: int) -> None:
    """Launch a torpedo (module docstring). Raises IllegalAction naming the rule."""
    s = g.state
    d = check_launch(g, shooter, target, turn_at, turn)
    p = s.pieces[shooter]
    run = on_water(g, course(p.at, p.facing, 6, turn_at, turn))
    k = reach(g, run, target)
    p.ammo.remove("T")
    if cls_of(p).prefix == "S":
        s.exposed[shooter] = s.turn            # a submarine launching is shown (optional rule l.1173)
    p.fired = True
    s.phase = "fire"
    odds = chance.torpedo_hit(k)
    how = f"reaches it at step {k}: hit on a red {max(k, 2)} or more" if k else "never reaches it where it can hit"
    log(g, "odds", f"{shooter} launches a torpedo at {target}: {pct(odds)} to hit",
        f"Announced (l.201); {d} d away (l.202, at least 2). The course (turn at step {turn_at or 'none'}) {how}; "
        "a red 1 fails (l.203).", ["l.201", "l.203", "l.205"], shooter=shooter, target=target, p_hit=odds, steps=k)
    n = g.dice.roll(1, f"torpedo {shooter} -> {target}", RED)[0]
    if n == 1:
        log(g, "torpedo", f"red 1: the launch from {shooter} fails", "The T marker goes back to the box (l.203).",
            ["l.203"], roll=n)
        return
    if k and n >= k:
        _hit_first_run(g, shooter, target, n, k)
        return
    run = run[:n]
    if len(run) < n:
        log(g, "torpedo", f"red {n}: the torpedo from {shooter} runs aground",
            f"Its course leaves the water after {len(run)} points; it is lost (reading: torpedoes run on water only).",
            ["l.204"], roll=n)
        return
    tid = f"T{s.next_torpedo}"
    s.next_torpedo += 1
    end, f = run[-1]
    s.torpedoes[tid] = Torpedo(s.to_move, shooter, target, tuple(end), f, s.turn)
    log(g, "torpedo", f"red {n}: the torpedo from {shooter} misses {target}; marker {tid} stays at {where(g, end)}",
        "It did not reach the target where it could hit; its T marker stays on its last point with its heading, "
        "to be continued on the next turn (l.207).", ["l.206", "l.207", "l.209"], roll=n, torpedo=tid)


def _hit_first_run(g: Any, shooter: str, target: str, n: int, k: int) -> None:
    s = g.state
    if target in s.torpedoes:
        del s.torpedoes[target]
        log(g, "torpedo", f"red {n}: the torpedo from {shooter} meets {target} head-on: both destroyed",
            f"It reaches the enemy torpedo straight from the front at step {k} (l.233); both T markers leave "
            "the board.", ["l.233"], roll=n)
        return
    log(g, "torpedo", f"red {n}: the torpedo from {shooter} hits {target} (step {k})",
        f"The run of {n} reaches the announced target at step {k} (l.206).", ["l.206"], roll=n)
    damage.hit(g, target, "T", shooter)


def continue_run(g: Any, tid: str, turn_at: int, turn: int) -> None:
    """Continue torpedo ``tid`` on a green die (l.207): at most one turn, from the first step on;
    it hits the first enemy piece it reaches that it can hit (l.208), then leaves the board (l.241)."""
    s = g.state
    t = s.torpedoes.get(tid)
    if t is None or t.owner != s.to_move:
        raise IllegalAction("l.207", f"{tid} is not a torpedo of {s.to_move} on the board")
    if s.phase != "start":
        raise IllegalAction("l.207", "a torpedo is continued before the blue dice are rolled")
    check_course(turn_at, turn, 1, "l.207", 4)
    first = continuation_first(g, tid, turn_at, turn)
    odds = chance.continuation_hit(first[0])
    say = f"{first[1]} at step {first[0]}: {pct(odds)} (green {first[0]} or more)" if first[0] else "no enemy it can hit"
    reach = continuation_reach(g, tid)
    best = "; ".join(f"{pid} {pct(p)}" for pid, p in sorted(reach.items())) or "none"
    log(g, "odds", f"{tid} continues: {say}",
        f"A green die moves it on (l.207), at most one turn; it hits any enemy piece on its path (l.208). "
        f"In range over every course: {best}.", ["l.207", "l.208"], torpedo=tid, p_hit=odds, steps=first[0],
        target=first[1], reach=reach)
    n = g.dice.roll(1, f"torpedo {tid} continues", GREEN)[0]
    del s.torpedoes[tid]
    if first[0] and n >= first[0]:
        log(g, "torpedo", f"green {n}: {tid} hits {first[1]}", f"It reaches {first[1]} at step {first[0]} (l.208).",
            ["l.208"], roll=n)
        damage.hit(g, first[1], "T", t.shooter)
    else:
        log(g, "torpedo", f"green {n}: {tid} hits nothing and leaves the board", "A torpedo that hits nothing is "
            "removed (l.241).", ["l.241"], roll=n)


def continuation_first(g: Any, tid: str, turn_at: int, turn: int) -> tuple[int, str]:
    """``(step, piece)``: the first enemy piece torpedo ``tid``'s continuation on this course
    reaches that it can hit (l.208), or ``(0, "")``."""
    s = g.state
    t = s.torpedoes[tid]
    run = on_water(g, course(t.at, t.facing, 4, turn_at, turn))
    return next(((k, pid) for k, (pt, f) in enumerate(run, 1)
                 if (pid := s.at(pt)) and s.pieces[pid].owner != t.owner and hittable(g, pid, f)), (0, ""))


def continuation_reach(g: Any, tid: str) -> dict[str, float]:
    """For each enemy piece a continuation of ``tid`` can hit: the best chance over its courses."""
    s = g.state
    t = s.torpedoes[tid]
    out: dict[str, float] = {}
    for turn_at, turn in [(0, 0)] + [(k, d) for k in range(1, 5) for d in (-1, 1)]:
        for k, (pt, f) in enumerate(on_water(g, course(t.at, t.facing, 4, turn_at, turn)), 1):
            pid = s.at(pt)
            if pid and s.pieces[pid].owner != t.owner and hittable(g, pid, f):
                out[pid] = max(out.get(pid, 0.0), chance.continuation_hit(k))
                break
    return out
