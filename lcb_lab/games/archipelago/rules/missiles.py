"""Helicopter missiles (level 3): air-to-surface (l.497-519) and air-to-air (l.520-536).

A helicopter in the air carries one missile (l.499, l.522) and fires it after the movement
(l.503, l.524), announcing the target (l.505, l.526), at least 2 d away (l.504, l.525).  The
missile's **course** is given with the launch as a torpedo's (``turn_at`` 0: straight on; else
the step, 3 or later, on which it turns 60 degrees ``turn`` -1 / +1, l.505, l.526); it flies over
land and water alike (*reading*: it is in the air), and is lost off the board.

* **A-S** (green + green, l.505): a double 1 fails (l.507); a sum reaching the target's point is a
  hit (l.506).  Targets: an enemy vessel (the A-S marker goes onto its panel, repairable like a
  gun shell, l.501, l.508), an object of an enemy base (an R marker, l.509), an enemy helicopter
  landed on a white point (an R marker replaces it, l.510).
* **A-A** (one red die, l.526): only a helicopter in the air (l.523) -- or an enemy cruise
  missile's CM marker between the two parts of its flight (l.957, l.987) -- reached from one of its
  three rear directions (l.527; the bearings of :data:`~.torpedo.REAR`); from the front it is a
  miss (l.528).  A hit takes the helicopter off the board (l.529).

A miss puts the marker back in the box (l.506, l.528).
"""
from __future__ import annotations

from typing import Any

from lcb_lab.games.archipelago import chance
from lcb_lab.games.archipelago.dice import GREEN, RED
from lcb_lab.games.archipelago.model.state import other
from lcb_lab.games.archipelago.rules import damage
from lcb_lab.games.archipelago.rules.air import is_heli
from lcb_lab.games.archipelago.rules.common import log, not_fired, own_piece, pct
from lcb_lab.games.archipelago.rules.submarine import check_target
from lcb_lab.games.archipelago.rules.scenarios import no_shot_at_landed
from lcb_lab.games.archipelago.rules.torpedo import REAR, bearing, check_course, course
from lcb_lab.kernel.errors import IllegalAction
from lcb_lab.kernel.hexgrid import Axial, distance

OBJECTS_A = ("ammunition", "workshop", "fuel")


def objects(g: Any, owner: str) -> dict[str, Axial]:
    """``{"<base> <object>": point}`` of ``owner``'s base objects standing: Base A's ammunition
    storage, workshop and fuel depot (l.317), Base B's storage (``"<base> storage"``, l.404)."""
    out = {}
    for b in g.board.bases.values():
        if b.owner != owner:
            continue
        for pt in b.points:
            syms = g.board.symbols_at(pt)
            names = [s for s in OBJECTS_A if s in syms] if b.kind == "A" else (["storage"] if syms - {"port"} else [])
            for sym in names:
                if f"{b.name} {sym}" not in g.state.ruins:
                    out[f"{b.name} {sym}"] = pt
    return out


def target_of(g: Any, missile: str, target: str) -> Axial:
    """The point of a target ``missile`` ("A-S" / "A-A") may be fired at. Raises IllegalAction."""
    s = g.state
    enemy = other(s.to_move)
    if missile == "A-S":
        objs = objects(g, enemy)
        if target in objs:
            return objs[target]
        q = s.pieces.get(target)
        no_shot_at_landed(s, target)
        if q is None or q.owner != enemy or q.aboard or q.flying:
            raise IllegalAction("l.500", f"{target} is not an enemy vessel, base object or landed helicopter on the board "
                                         "(an A-S missile hits targets on water and land)")
        return q.at
    cm = s.cruise.get(target)
    if cm is not None and cm.owner == enemy:
        return cm.at                           # an A-A missile intercepts a cruise missile (l.957, l.987)
    q = s.pieces.get(target)
    if q is None or q.owner != enemy or not (is_heli(q) or q.kind == "ekranoplan") or not q.flying:
        raise IllegalAction("l.523", f"{target} is not an enemy helicopter (or ekranoplan, l.1242) in the air: an A-A "
                                     "missile hits only those")
    return q.at


def reach(g: Any, shooter: str, target: str, missile: str, turn_at: int, turn: int) -> int:
    """The step (1-8) at which the course reaches ``target`` where the missile can hit it (an A-A
    from the rear only, l.527), or 0."""
    s = g.state
    p = s.pieces[shooter]
    where = target_of(g, missile, target)
    for k, (pt, f) in enumerate(course(p.at, p.facing, 8 if missile == "A-S" else 6, turn_at, turn), 1):
        if pt not in g.board:
            return 0
        if pt == where:
            if missile == "A-A" and bearing((s.cruise.get(target) or s.pieces[target]).facing, f) not in REAR:
                return 0
            return k
    return 0


def check(g: Any, shooter: str, target: str, turn_at: int, turn: int) -> tuple[str, int]:
    """``(missile, distance)`` of a launch the rules allow (module docstring). Raises IllegalAction."""
    s = g.state
    if s.phase == "start":
        raise IllegalAction("l.503", "missiles are launched after the movement: roll the blue dice first")
    p = own_piece(s, shooter, "l.505", "launch a missile")
    if not is_heli(p) or not p.flying:
        raise IllegalAction("l.505", f"{shooter} is not a helicopter in the air")
    not_fired(p, shooter)
    missile = next((m for m in ("A-S", "A-A") if m in p.ammo), "")
    if not missile:
        raise IllegalAction("l.499", f"{shooter} carries no missile")
    where = target_of(g, missile, target)
    check_target(s, target, "missile")        # a submerged submarine: torpedo or depth charge only (l.1135)
    d = distance(p.at, where)
    if d < 2:
        raise IllegalAction("l.504" if missile == "A-S" else "l.525", f"{target} is {d} d away; a missile needs at least 2 d")
    check_course(turn_at, turn, 3, "l.505", 8)
    return missile, d


def best_course(g: Any, shooter: str, target: str) -> tuple[int, int, int]:
    """``(steps, turn_at, turn)``: the shortest course reaching ``target`` where it can hit, or zeros."""
    p = g.state.pieces[shooter]
    missile = next((m for m in ("A-S", "A-A") if m in p.ammo), "")
    best = (0, 0, 0)
    for turn_at, turn in [(0, 0)] + [(k, d) for k in range(3, 9) for d in (-1, 1)]:
        k = reach(g, shooter, target, missile, turn_at, turn)
        if k and (not best[0] or k < best[0]):
            best = (k, turn_at, turn)
    return best


def launch(g: Any, shooter: str, target: str, turn_at: int, turn: int) -> None:
    """Launch ``shooter``'s missile at ``target`` along the course (module docstring)."""
    s = g.state
    missile, d = check(g, shooter, target, turn_at, turn)
    k = reach(g, shooter, target, missile, turn_at, turn)
    p = s.pieces[shooter]
    p.ammo.remove(missile)
    p.fired = True
    s.phase = "fire"
    if missile == "A-S":
        odds, dice, rule = chance.as_hit(k), "green + green, a double 1 fails (l.507)", "l.505"
    else:
        odds, dice, rule = chance.aa_hit(k), "one red die, from the rear only (l.527)", "l.526"
    how = f"reaches it at step {k}" if k else "never reaches it where it can hit"
    log(g, "odds", f"{shooter} launches an {missile} missile at {target}: {pct(odds)} to hit",
        f"Announced, {d} d away (at least 2); the course (turn at step {turn_at or 'none'}) {how}; {dice}.",
        [rule, "l.504" if missile == "A-S" else "l.525"], shooter=shooter, target=target, p_hit=odds, steps=k)
    if missile == "A-S":
        a, b = g.dice.roll(1, f"A-S {shooter} -> {target}", GREEN) + g.dice.roll(1, f"A-S {shooter} -> {target}", GREEN)
        if a == b == 1:
            log(g, "missile", "green 1 + green 1: the launch fails", "A double 1 is a failed launch, a miss (l.507).",
                ["l.507"], roll=[a, b])
            return
        n, said = a + b, f"green {a} + green {b} = {a + b}"
    else:
        n = g.dice.roll(1, f"A-A {shooter} -> {target}", RED)[0]
        said = f"red {n}"
    if not k or n < k:
        log(g, "missile", f"{said}: the {missile} missile misses {target}", "It does not reach the target "
            f"{'from its rear ' if missile == 'A-A' else ''}and the marker goes back to the box "
            f"({'l.506' if missile == 'A-S' else 'l.528'}).", ["l.506" if missile == "A-S" else "l.528"], roll=n)
        return
    log(g, "missile", f"{said}: the {missile} missile hits {target}", f"It reaches the target at step {k}.",
        ["l.506" if missile == "A-S" else "l.529"], roll=n)
    _effect(g, shooter, target, missile)


def _effect(g: Any, shooter: str, target: str, missile: str) -> None:
    s = g.state
    if target in s.cruise:
        del s.cruise[target]
        log(g, "missile", f"{target} is intercepted", "Both the A-A and the CM markers leave the board (l.957).",
            ["l.957", "l.987"], missile=target)
    elif target not in s.pieces:
        damage.ruin(g, target, shooter)
    elif missile == "A-A":
        log(g, "sunk", f"{target} is shot down", "The A-A marker goes onto its panel and the piece leaves the board "
            "(l.529).", ["l.529"], piece=target)
        damage.destroy(g, target, "A-A")
    elif is_heli(s.pieces[target]):
        damage.burn_landed(g, target, "A-S", shooter)
    else:
        damage.hit(g, target, "A-S", shooter)
