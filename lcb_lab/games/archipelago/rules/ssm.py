"""Surface-to-surface (S-S) and surface-to-air (S-A) missiles of the expanded rules (level 5).

**S-S** (Launching Surface-to-Surface Missile, l.850-856): announced like any shot, after the
movement, one weapon a turn (l.852, l.543); two red dice, and the missile flies up to their sum in
steps (l.854) along a torpedo's course -- two steps straight, then at most one 60-degree turn --
over islands and boats alike; reaching the announced target is a HIT, else a MISS and the marker
goes back to the box (l.854).  It hits targets on the water and on land (l.852): an enemy vessel
(an S-S marker on its panel, mended by the repair ship like a gun shell, table l.1589), an
object of an enemy base (an R marker, l.338), a landed helicopter (an R marker replaces it, l.510),
an enemy land launcher (l.997).  A flying aircraft is no S-S target.

**S-A** (Surface-to-Air Missiles, l.949-957): launched and hitting as an A-S missile (l.953): at
least 2 d away, two steps straight then one turn, two green dice, a double 1 fails; it hits from
any side (radar guided, l.951), only an aircraft in the air (l.955: the piece leaves the board);
a flying ekranoplan is below its targeting zone (l.1242).

Directions (l.862, picture 55): a boat (missile boat l.854, hydrofoil; *reading*: the ekranoplan
too) launches straight ahead only; a ship in one of three directions, ahead and 60 degrees to
either side; a land launcher in any of the six (l.1001; *reading*: S-A launchers too, l.1003).
The launch's ``bearing`` (0 ahead, -1 / +1 the side lines, 0-5 for a launcher) turns the course.

*Readings* (``docs/archipelago.md``): an S-S missile needs a target at least 2 d away (the table's
range 2-12, l.1589, as the torpedo's and gun's 2 d) and has no failed launch (the text prints
none for it); only the announced target can be hit; off the board the missile is lost.
"""
from __future__ import annotations

from typing import Any

from lcb_lab.games.archipelago import chance
from lcb_lab.games.archipelago.dice import GREEN, RED
from lcb_lab.games.archipelago.model.state import Piece, other
from lcb_lab.games.archipelago.rules import damage
from lcb_lab.games.archipelago.rules.common import cls_of, log, not_fired, own_piece, pct
from lcb_lab.games.archipelago.rules.missiles import objects
from lcb_lab.games.archipelago.rules.scenarios import no_shot_at_landed
from lcb_lab.games.archipelago.rules.torpedo import check_course, course
from lcb_lab.kernel.errors import IllegalAction
from lcb_lab.kernel.hexgrid import Axial, distance

RANGE = {"S-S": 12, "S-A": 8}
"""The longest flight: two red dice (l.854), two green dice (l.953)."""
WEAPON = {"S-S": "ssm", "S-A": "sam"}
AIRCRAFT = ("helicopter", "ekranoplan")


def is_launcher(p: Piece) -> bool:
    """Whether ``p`` is a land launcher (an L marker on a square red point, l.991-995)."""
    return cls_of(p).mobility == "launcher"


def bearings(p: Piece) -> tuple[int, ...]:
    """The launch bearings of ``p`` (module docstring): a launcher any, a ship three, else ahead."""
    c = cls_of(p)
    if c.mobility == "launcher":
        return (0, 1, 2, 3, 4, 5)
    return (0, -1, 1) if c.is_ship else (0,)


def target_point(g: Any, missile: str, target: str) -> Axial:
    """The point of ``target`` a ``missile`` may be launched at (module docstring). Raises IllegalAction."""
    s = g.state
    enemy = other(s.to_move)
    q = s.pieces.get(target)
    if missile == "S-A":
        if q is None or q.owner != enemy or q.kind != "helicopter" or not q.flying:
            why = " (a flying ekranoplan is below its targeting zone, l.1242)" if q is not None and q.kind == "ekranoplan" else ""
            raise IllegalAction("l.955", f"{target} is not an enemy aircraft in the air: only those are S-A targets{why}")
        return q.at
    objs = objects(g, enemy)
    if target in objs:
        return objs[target]
    if q is None or q.owner != enemy or q.aboard or q.flying:
        raise IllegalAction("l.852", f"{target} is not an enemy target on the water or on land (an S-S missile "
                                     "hits those, not aircraft in the air)")
    no_shot_at_landed(s, target)
    return q.at


def reach(g: Any, shooter: str, target: str, missile: str, bearing: int, turn_at: int, turn: int) -> int:
    """The step (1 to the missile's range) at which the course reaches ``target``, or 0 (lost off the board)."""
    p = g.state.pieces[shooter]
    where = target_point(g, missile, target)
    for k, (pt, _) in enumerate(course(p.at, (p.facing + bearing) % 6, RANGE[missile], turn_at, turn), 1):
        if pt not in g.board:
            return 0
        if pt == where:
            return k
    return 0


def check(g: Any, shooter: str, target: str, missile: str, bearing: int, turn_at: int, turn: int) -> int:
    """The distance of a launch the rules allow (module docstring). Raises IllegalAction naming the line."""
    s = g.state
    rule = "l.852" if missile == "S-S" else "l.953"
    if missile not in RANGE:
        raise IllegalAction("l.850", f"{missile!r} is not a surface missile: S-S or S-A")
    if s.phase == "start":
        raise IllegalAction(rule, "missiles are launched as any other shot, after the movement: roll the blue dice first")
    p = own_piece(s, shooter, rule, "launch a missile")
    if WEAPON[missile] not in cls_of(p).weapons:
        raise IllegalAction(rule, f"{shooter} has no {missile} launcher")
    if p.flying:
        raise IllegalAction("l.1223", f"{shooter} is in the air: it launches its missiles from the water (reading)")
    not_fired(p, shooter)
    if missile not in p.ammo:
        raise IllegalAction(rule, f"{shooter} has no {missile} marker left on its control panel")
    if bearing not in bearings(p):
        raise IllegalAction("l.1001" if is_launcher(p) else "l.862",
                            f"{shooter} launches {'straight ahead only' if len(bearings(p)) == 1 else 'ahead or 60 degrees aside'}"
                            f" (bearing {bearings(p)}), not at bearing {bearing}")
    d = distance(p.at, target_point(g, missile, target))
    if d < 2:
        raise IllegalAction("l.1589" if missile == "S-S" else "l.953", f"{target} is {d} d away; a missile needs at least 2 d")
    check_course(turn_at, turn, 3, "l.854" if missile == "S-S" else "l.953", RANGE[missile])
    return d


def _turns(missile: str) -> list[tuple[int, int]]:
    """The ``(turn_at, turn)`` of every course, straight first (l.854: two straight steps, one turn)."""
    return [(0, 0)] + [(k, d) for k in range(3, RANGE[missile] + 1) for d in (-1, 1)]


def best_course(g: Any, shooter: str, target: str, missile: str) -> tuple[int, int, int, int]:
    """``(steps, bearing, turn_at, turn)``: the shortest course reaching ``target`` (the first tried
    of the shortest), or zeros."""
    best = (0, 0, 0, 0)
    for b in bearings(g.state.pieces[shooter]):
        for turn_at, turn in _turns(missile):
            k = reach(g, shooter, target, missile, b, turn_at, turn)
            if k and (not best[0] or k < best[0]):
                best = (k, b, turn_at, turn)
    return best


def course_table(g: Any, shooter: str, missile: str) -> list[tuple[tuple[int, int, int], dict]]:
    """Every course of ``shooter``'s ``missile`` in :func:`best_course`'s order: ``((bearing, turn_at,
    turn), {point: step})``, each point at its first step, the course cut where it leaves the board
    (as :func:`reach`). Read by :func:`shortest` to aim at many targets at once."""
    p = g.state.pieces[shooter]
    out = []
    for b in bearings(p):
        for turn_at, turn in _turns(missile):
            steps: dict = {}
            for k, (pt, _) in enumerate(course(p.at, (p.facing + b) % 6, RANGE[missile], turn_at, turn), 1):
                if pt not in g.board:
                    break
                steps.setdefault(pt, k)
            out.append(((b, turn_at, turn), steps))
    return out


def shortest(table: list[tuple[tuple[int, int, int], dict]], where: Axial) -> tuple[int, int, int, int]:
    """:func:`best_course` to the point ``where`` from a :func:`course_table`: ``(steps, bearing,
    turn_at, turn)`` or zeros."""
    best = (0, 0, 0, 0)
    for (b, turn_at, turn), steps in table:
        k = steps.get(where, 0)
        if k and (not best[0] or k < best[0]):
            best = (k, b, turn_at, turn)
    return best


def odds(missile: str, k: int) -> float:
    """P(hit) of a missile whose course reaches the target at step ``k`` (l.854, l.953)."""
    return chance.ss_hit(k) if missile == "S-S" else chance.as_hit(k)


def launch(g: Any, shooter: str, target: str, missile: str, bearing: int, turn_at: int, turn: int) -> None:
    """Launch ``shooter``'s ``missile`` ("S-S" / "S-A") at ``target`` (module docstring)."""
    s = g.state
    d = check(g, shooter, target, missile, bearing, turn_at, turn)
    k = reach(g, shooter, target, missile, bearing, turn_at, turn)
    p = s.pieces[shooter]
    p.ammo.remove(missile)
    p.fired = True
    s.phase = "fire"
    rule = "l.854" if missile == "S-S" else "l.953"
    dice = "red + red, no failed launch (reading)" if missile == "S-S" else "green + green, a double 1 fails (l.953)"
    how = f"reaches it at step {k}" if k else "never reaches it"
    log(g, "odds", f"{shooter} launches an {missile} missile at {target}: {pct(odds(missile, k))} to hit",
        f"Announced, {d} d away; bearing {bearing}, turn at step {turn_at or 'none'}: the course {how}; {dice}.",
        [rule, "l.852" if missile == "S-S" else "l.951"], shooter=shooter, target=target, p_hit=odds(missile, k), steps=k)
    die = RED if missile == "S-S" else GREEN
    a, b = (g.dice.roll(1, f"{missile} {shooter} -> {target}", die)[0] for _ in range(2))
    colour = "red" if missile == "S-S" else "green"
    said = f"{colour} {a} + {colour} {b} = {a + b}"
    if missile == "S-A" and a == b == 1:
        log(g, "missile", f"{said}: the launch fails", "A double 1 is a failed launch (l.953, as l.507).", ["l.953"], roll=[a, b])
        return
    if not k or a + b < k:
        log(g, "missile", f"{said}: the {missile} missile misses {target}", "It does not reach the target: a MISS, "
            "the marker goes back to the box (l.854).", [rule], roll=[a, b])
        return
    log(g, "missile", f"{said}: the {missile} missile hits {target}", f"It reaches the target at step {k} (l.854).",
        [rule], roll=[a, b])
    effect(g, shooter, target, missile)


def effect(g: Any, shooter: str, target: str, missile: str) -> None:
    """A hit of ``missile`` on ``target`` (module docstring)."""
    s = g.state
    if target not in s.pieces:
        damage.ruin(g, target, shooter)
    elif missile == "S-A":
        log(g, "sunk", f"{target} is shot down", "An aircraft hit by an S-A missile leaves the board (l.955).", ["l.955"],
            piece=target)
        damage.destroy(g, target, "S-A")
    elif s.pieces[target].kind == "helicopter":
        damage.burn_landed(g, target, "S-S", shooter)
    else:
        damage.hit(g, target, "S-S", shooter)
