"""Firing from a gun (l.313-340).

The shooter announces its target: an enemy piece, or an object of the enemy's base (its
ammunition storage, workshop or fuel depot, named ``"<base> <object>"``, e.g. ``"A-Blue workshop"``,
l.317, l.321).  The target lies on one of the shooter's three forward lines -- ahead, or 60 degrees
to the left or right (l.324) -- at least 2 d away (l.325); no ship stands between them (islands
and boats may, l.330).  Red + green are rolled: a double 1 fails (l.323); a sum at least the
distance hits (l.329).  The G marker goes onto the hit piece's panel, or an R marker ruins the
object; a miss returns it to the box (l.338).
"""
from __future__ import annotations

from typing import Any

from lcb_lab.games.archipelago import chance
from lcb_lab.games.archipelago.dice import GREEN, RED
from lcb_lab.games.archipelago.rules import damage
from lcb_lab.games.archipelago.rules.common import air_kind, airborne, cls_of, log, not_carried, not_fired, own_piece, pct
from lcb_lab.games.archipelago.rules.submarine import check_target
from lcb_lab.games.archipelago.rules.scenarios import no_shot_at_landed
from lcb_lab.kernel.errors import IllegalAction
from lcb_lab.kernel.hexgrid import Axial, distance, neighbour

OBJECTS = ("ammunition", "workshop", "fuel")


def objects(g: Any, owner: str) -> dict[str, Axial]:
    """``{"<base> <object>": point}`` of ``owner``'s Base A objects still standing."""
    out = {}
    for b in g.board.bases.values():
        if b.owner == owner and b.kind == "A":
            for pt in b.points:
                for sym in OBJECTS:
                    name = f"{b.name} {sym}"
                    if sym in g.board.symbols_at(pt) and name not in g.state.ruins:
                        out[name] = pt
    return out


def line_to(shooter: Axial, facing: int, target: Axial) -> int | None:
    """The forward line (facing -1, 0, +1 turned) on which ``target`` lies from ``shooter``, or None."""
    d = distance(shooter, target)
    for turn in (0, -1, 1):
        if d and neighbour(shooter, (facing + turn) % 6, d) == target:
            return turn
    return None


def blocking_ship(g: Any, shooter: Axial, facing: int, d: int) -> str | None:
    """The first ship strictly between the shooter and ``d`` points along ``facing``, or None (l.330)."""
    for k in range(1, d):
        pid = g.state.at(neighbour(shooter, facing, k))
        if pid and cls_of(g.state.pieces[pid]).is_ship:
            return pid
    return None


def aim(g: Any, shooter: str, target: str) -> tuple[int, Axial]:
    """``(distance, target point)`` of a legal gun shot. Raises IllegalAction naming the rule."""
    s = g.state
    p = own_piece(s, shooter, "l.321", "fire")
    if "gun" not in cls_of(p).weapons:
        raise IllegalAction("l.315", f"{shooter} carries no gun")
    not_fired(p, shooter)
    if "G" not in p.ammo:
        raise IllegalAction("l.338", f"{shooter} has no G marker left on its control panel")
    enemy_objects = objects(g, "Blue" if s.to_move == "Red" else "Red")
    if target in enemy_objects:
        where = enemy_objects[target]
    elif target in s.pieces and s.pieces[target].owner != s.to_move:
        q = s.pieces[target]
        not_carried(q, target)
        no_shot_at_landed(s, target)
        check_target(s, target, "gun")         # a submerged submarine: torpedo or depth charge only (l.1135)
        if air_kind(q) and (airborne(q) or q.aboard):
            raise IllegalAction("l.549", f"{target} is in the air or aboard a frigate: a gun hits targets on the surface "
                                         "and land, a helicopter only landed on a white point")
        if q.flying:
            raise IllegalAction("l.1242", f"{target} is in the air: a gun shell hits an ekranoplan only on the water")
        where = q.at
    else:
        raise IllegalAction("l.321", f"{target} is not an enemy vessel or a standing object of the enemy base")
    d = distance(p.at, where)
    if d < 2:
        raise IllegalAction("l.325", f"{target} is {d} d away; a gun needs at least 2 d")
    turn = line_to(p.at, p.facing, where)
    if turn is None:
        raise IllegalAction("l.324", f"{target} is not on {shooter}'s forward line or its two diagonals")
    blocker = blocking_ship(g, p.at, (p.facing + turn) % 6, d)
    if blocker:
        raise IllegalAction("l.330", f"the ship {blocker} stands between {shooter} and {target}: no firing over ships")
    return d, where


def fire(g: Any, shooter: str, target: str) -> None:
    """Fire ``shooter``'s gun at ``target`` (module docstring). Raises IllegalAction naming the rule."""
    s = g.state
    if s.phase == "start":
        raise IllegalAction("l.174", "pieces shoot after the movement: roll the blue dice first")
    d, _ = aim(g, shooter, target)
    p = s.pieces[shooter]
    p.ammo.remove("G")
    p.fired = True
    s.phase = "fire"
    odds = chance.gun_hit(d)
    log(g, "odds", f"{shooter} fires at {target}, {d} d: {pct(odds)} to hit",
        f"Red + green must reach {d} (l.322, l.329); a double 1 fails (l.323).", ["l.322", "l.323", "l.329"],
        shooter=shooter, target=target, p_hit=odds, distance=d)
    red, green = g.dice.roll(1, f"gun {shooter} -> {target}", RED) + g.dice.roll(1, f"gun {shooter} -> {target}", GREEN)
    if red == green == 1:
        log(g, "gun", f"red 1 + green 1: {shooter}'s gun fails", "A double 1 fails; the G marker goes back to the "
            "box (l.323).", ["l.323"], roll=[red, green])
        return
    if red + green < d:
        log(g, "gun", f"red {red} + green {green} = {red + green} < {d}: a miss", "The shell falls short; the G "
            "marker goes back to the box (l.329, l.338).", ["l.329", "l.338"], roll=[red, green])
        return
    log(g, "gun", f"red {red} + green {green} = {red + green} >= {d}: {target} is hit", "The sum reaches the "
        "distance (l.329).", ["l.329"], roll=[red, green])
    if target in s.pieces and air_kind(s.pieces[target]) == "seaplane":
        damage.destroy(g, target, "G")                     # the seaplane on the water (l.1113)
    elif target in s.pieces and air_kind(s.pieces[target]):
        damage.burn_landed(g, target, "G", shooter)       # a landed helicopter: an R marker (l.549, l.510)
    elif target in s.pieces:
        damage.hit(g, target, "G", shooter)
    else:
        damage.ruin(g, target, shooter)
