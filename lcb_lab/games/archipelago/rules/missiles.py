"""Aircraft missiles and rockets: air-to-surface (l.497-519), air-to-air (l.520-536), the expanded
air-to-ground rockets (AGR, l.878-880) and combat aircraft's missiles (l.1341-1361).

A helicopter in the air carries one missile (l.499, l.522; the expanded helicopters their panels'
places, :mod:`~.armament`) and fires one after the movement (l.503, l.524, one weapon a turn
l.543), announcing the target (l.505, l.526), at least 2 d away (l.504, l.525).  A combat aircraft
on the board fires its A-A and A-S missiles the same way (l.1343, l.1357).  The missile's
**course** is given with the launch as a torpedo's (``turn_at`` 0: straight on; else the step, 3
or later, on which it turns 60 degrees ``turn`` -1 / +1, l.505, l.526); it flies over land and
water alike (*reading*: it is in the air), and is lost off the board.  With several kinds aboard
the act names the ``missile``; left empty, the first of A-S, A-A, AGR aboard.

* **A-S** (green + green, l.505): a double 1 fails (l.507); a sum reaching the target's point is a
  hit (l.506).  Targets: an enemy vessel (the A-S marker goes onto its panel, repairable like a
  gun shell, l.501, l.508), an object of an enemy base (an R marker, l.509), an enemy helicopter
  landed on a white point (an R marker replaces it, l.510), the seaplane on the water (l.1113).
* **A-A** (one red die, l.526): only an aircraft in the air (l.523; helicopters, the seaplane,
  combat aircraft, l.1345; the blimp, *reading*; the ekranoplan, l.1242) -- or an enemy cruise
  missile's CM marker between the two parts of its flight (l.957, l.987) --, reached from one of its three rear directions
  (l.527; the bearings of :data:`~.torpedo.REAR`); from the front it is a miss (l.528).  A hit
  takes the aircraft off the board (l.529) -- a combat aircraft first throws a **decoy flare**: a
  red 4-6 draws the missile away (l.1349).
* **AGR** (one red die, l.880): targets and damage of the A-S, but straight ahead only, as far as
  the red die; a red 1 fails.
* From a **combat aircraft** the A-A reaches red + 2 (l.1343), the A-S green + green + 2 (l.1357).

A miss puts the marker back in the box (l.506, l.528).
"""
from __future__ import annotations

from typing import Any

from lcb_lab.games.archipelago import chance
from lcb_lab.games.archipelago.dice import GREEN, RED
from lcb_lab.games.archipelago.model.state import other
from lcb_lab.games.archipelago.rules import damage
from lcb_lab.games.archipelago.rules.air import is_heli
from lcb_lab.games.archipelago.rules.common import air_kind, airborne, cls_of, log, not_fired, own_piece, pct
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


KINDS = ("A-S", "A-A", "AGR")
"""The marker kinds an aircraft launches: air-to-surface, air-to-air, air-to-ground rockets."""
REACH = {"A-S": 8, "A-A": 6, "AGR": 6}
"""The farthest a missile flies: green + green 8 (l.505), red 6 (l.526, l.880); +2 from a combat aircraft."""


def jet_bonus(p: Any, missile: str) -> int:
    """The range added when a combat aircraft launches: +2 to an A-A or A-S (l.1343, l.1357)."""
    return 2 if air_kind(p) == "jet" and missile in ("A-S", "A-A") else 0


def target_of(g: Any, missile: str, target: str) -> Axial:
    """The point of a target ``missile`` ("A-S" / "A-A" / "AGR") may be fired at. Raises IllegalAction."""
    s = g.state
    enemy = other(s.to_move)
    if missile in ("A-S", "AGR"):
        rule = "l.500" if missile == "A-S" else "l.880"
        objs = objects(g, enemy)
        if target in objs:
            return objs[target]
        q = s.pieces.get(target)
        no_shot_at_landed(s, target)
        if q is None or q.owner != enemy or q.aboard or airborne(q):
            raise IllegalAction(rule, f"{target} is not an enemy vessel, base object or landed aircraft on the board "
                                      f"(an {missile} hits targets on water and land)")
        return q.at
    cm = s.cruise.get(target)
    if cm is not None and cm.owner == enemy:
        return cm.at                           # an A-A missile intercepts a cruise missile (l.957, l.987)
    q = s.pieces.get(target)
    if q is None or q.owner != enemy or not (airborne(q) or (q.kind == "ekranoplan" and q.flying)):
        raise IllegalAction("l.523", f"{target} is not an enemy aircraft (or ekranoplan, l.1242) in the air: an A-A "
                                     "missile hits only those")
    return q.at


def reach(g: Any, shooter: str, target: str, missile: str, turn_at: int, turn: int) -> int:
    """The step (1-8) at which the course reaches ``target`` where the missile can hit it (an A-A
    from the rear only, l.527), or 0."""
    s = g.state
    p = s.pieces[shooter]
    where = target_of(g, missile, target)
    for k, (pt, f) in enumerate(course(p.at, p.facing, REACH[missile] + jet_bonus(p, missile), turn_at, turn), 1):
        if pt not in g.board:
            return 0
        if pt == where:
            if missile == "A-A" and bearing((s.cruise.get(target) or s.pieces[target]).facing, f) not in REAR:
                return 0
            return k
    return 0


def chosen(p: Any, missile: str = "") -> str:
    """The marker ``p`` launches: ``missile`` when aboard, else the first of :data:`KINDS` aboard ("": none)."""
    if missile:
        return missile if missile in p.ammo else ""
    return next((m for m in KINDS if m in p.ammo), "")


def check(g: Any, shooter: str, target: str, turn_at: int, turn: int, missile: str = "") -> tuple[str, int]:
    """``(missile, distance)`` of a launch the rules allow (module docstring). Raises IllegalAction."""
    s = g.state
    if s.phase == "start":
        raise IllegalAction("l.503", "missiles are launched after the movement: roll the blue dice first")
    p = own_piece(s, shooter, "l.505", "launch a missile")
    if not (is_heli(p) and p.flying) and air_kind(p) != "jet":
        raise IllegalAction("l.505", f"{shooter} is not a helicopter in the air nor a combat aircraft")
    if not ({"missile", "agr"} & set(cls_of(p).weapons)):
        raise IllegalAction("l.1011", f"{shooter} carries armament but cannot use any")
    not_fired(p, shooter)
    if missile and missile not in KINDS:
        raise IllegalAction("l.499", f"{missile!r} is not a missile an aircraft launches (A-S, A-A, AGR)")
    missile = chosen(p, missile)
    if not missile:
        raise IllegalAction("l.499", f"{shooter} carries no such missile")
    where = target_of(g, missile, target)
    check_target(s, target, "missile")        # a submerged submarine: torpedo or depth charge only (l.1135)
    d = distance(p.at, where)
    if d < 2:
        raise IllegalAction("l.525" if missile == "A-A" else "l.504", f"{target} is {d} d away; a missile needs at least 2 d")
    if missile == "AGR" and (turn_at or turn):
        raise IllegalAction("l.880", "air-to-ground rockets fly straight ahead only")
    check_course(turn_at, turn, 3, "l.505", REACH[missile] + jet_bonus(p, missile))
    return missile, d


def _turns(p: Any, missile: str) -> list[tuple[int, int]]:
    """The ``(turn_at, turn)`` of every course of ``p``'s ``missile``, straight first (l.505; AGR straight only, l.880)."""
    most = REACH[missile] + jet_bonus(p, missile)
    return [(0, 0)] + ([] if missile == "AGR" else [(k, d) for k in range(3, most + 1) for d in (-1, 1)])


def best_course(g: Any, shooter: str, target: str, missile: str = "") -> tuple[int, int, int]:
    """``(steps, turn_at, turn)``: the shortest course reaching ``target`` where it can hit (the first
    tried of the shortest), or zeros."""
    p = g.state.pieces[shooter]
    missile = chosen(p, missile)
    best = (0, 0, 0)
    for turn_at, turn in _turns(p, missile):
        k = reach(g, shooter, target, missile, turn_at, turn)
        if k and (not best[0] or k < best[0]):
            best = (k, turn_at, turn)
    return best


def course_table(g: Any, shooter: str, missile: str) -> list[tuple[tuple[int, int], dict]]:
    """Every course of ``shooter``'s ``missile`` in :func:`best_course`'s order: ``((turn_at, turn),
    {point: (step, heading)})``, each point at its first step, cut where the course leaves the board
    (as :func:`reach`). Read by :func:`shortest` to aim at many targets at once."""
    p = g.state.pieces[shooter]
    out = []
    for turn_at, turn in _turns(p, missile):
        steps: dict = {}
        for k, (pt, f) in enumerate(course(p.at, p.facing, REACH[missile] + jet_bonus(p, missile), turn_at, turn), 1):
            if pt not in g.board:
                break
            steps.setdefault(pt, (k, f))
        out.append(((turn_at, turn), steps))
    return out


def shortest(g: Any, table: list[tuple[tuple[int, int], dict]], target: str, missile: str) -> tuple[int, int, int]:
    """:func:`best_course` at ``target`` from a :func:`course_table` of ``missile``: ``(steps, turn_at,
    turn)`` or zeros."""
    s = g.state
    where = target_of(g, missile, target)
    best = (0, 0, 0)
    for (turn_at, turn), steps in table:
        k, f = steps.get(where, (0, 0))
        if k and missile == "A-A" and bearing((s.cruise.get(target) or s.pieces[target]).facing, f) not in REAR:
            k = 0                              # an A-A reaches it only from the rear (l.527)
        if k and (not best[0] or k < best[0]):
            best = (k, turn_at, turn)
    return best


def launch(g: Any, shooter: str, target: str, turn_at: int, turn: int, missile: str = "") -> None:
    """Launch ``shooter``'s ``missile`` at ``target`` along the course (module docstring)."""
    s = g.state
    missile, d = check(g, shooter, target, turn_at, turn, missile)
    k = reach(g, shooter, target, missile, turn_at, turn)
    p = s.pieces[shooter]
    p.ammo.remove(missile)
    p.fired = True
    s.phase = "fire"
    plus = jet_bonus(p, missile)
    odds, dice, rule = _odds(missile, k, plus)
    how = f"reaches it at step {k}" if k else "never reaches it where it can hit"
    log(g, "odds", f"{shooter} launches an {_name(missile)} at {target}: {pct(odds)} to hit",
        f"Announced, {d} d away (at least 2); the course (turn at step {turn_at or 'none'}) {how}; {dice}.",
        [rule, "l.525" if missile == "A-A" else "l.504"] + _ekranoplan(s, target, missile), shooter=shooter,
        target=target, p_hit=odds, steps=k)
    n, said = _roll(g, shooter, target, missile, plus)
    if n is None:
        return
    if not k or n < k:
        miss = "l.528" if missile == "A-A" else "l.506"
        log(g, "missile", f"{said}: the {_name(missile)} misses {target}", "It does not reach the target "
            f"{'from its rear ' if missile == 'A-A' else ''}and the marker goes back to the box ({miss}).", [miss], roll=n)
        return
    log(g, "missile", f"{said}: the {_name(missile)} hits {target}", f"It reaches the target at step {k}.",
        ["l.529" if missile == "A-A" else "l.506"], roll=n)
    if missile == "A-A" and target in s.pieces and air_kind(s.pieces[target]) == "jet" and _decoy(g, target):
        return
    _effect(g, shooter, target, "A-S" if missile == "AGR" else missile, missile)


def _ekranoplan(s: Any, target: str, missile: str) -> list[str]:
    """``["l.1242"]`` for an A-A at a flying ekranoplan: shot down as a helicopter, from its rear (l.527)."""
    q = s.pieces.get(target)
    return ["l.1242"] if missile == "A-A" and q is not None and q.kind == "ekranoplan" else []


def _name(missile: str) -> str:
    return "AGR rocket" if missile == "AGR" else f"{missile} missile"


def _odds(missile: str, k: int, plus: int) -> tuple[float, str, str]:
    if missile == "A-S":
        more = f" + {plus} from a combat aircraft (l.1357)" if plus else ""
        return chance.as_hit(k, plus), f"green + green{more}, a double 1 fails (l.507)", "l.505"
    if missile == "A-A":
        more = f" + {plus} from a combat aircraft (l.1343)" if plus else ""
        return chance.aa_hit(k, plus), f"one red die{more}, from the rear only (l.527)", "l.526"
    return chance.agr_hit(k), "one red die straight ahead, a 1 fails (l.880)", "l.880"


def hit_odds(g: Any, shooter: str, target: str, missile: str, k: int) -> tuple[float, str, str]:
    """``(P(hit), dice said, rule)`` of ``shooter``'s ``missile`` reaching ``target`` at step ``k``,
    a combat aircraft's decoy flare included (l.1349)."""
    s = g.state
    p, dice, rule = _odds(missile, k, jet_bonus(s.pieces[shooter], missile))
    if missile == "A-A" and target in s.pieces and air_kind(s.pieces[target]) == "jet":
        return p * (1 - chance.decoy()), dice + ", then the decoy flare (l.1349)", rule
    return p, dice, rule


def _roll(g: Any, shooter: str, target: str, missile: str, plus: int) -> tuple[int | None, str]:
    """The missile's reach as rolled, or None for a failed launch (logged)."""
    if missile == "A-S":
        a, b = g.dice.roll(1, f"A-S {shooter} -> {target}", GREEN) + g.dice.roll(1, f"A-S {shooter} -> {target}", GREEN)
        if a == b == 1:
            log(g, "missile", "green 1 + green 1: the launch fails", "A double 1 is a failed launch, a miss (l.507).",
                ["l.507"], roll=[a, b])
            return None, ""
        return a + b + plus, f"green {a} + green {b}{f' + {plus}' if plus else ''} = {a + b + plus}"
    n = g.dice.roll(1, f"{missile} {shooter} -> {target}", RED)[0]
    if missile == "AGR" and n == 1:
        log(g, "missile", "red 1: the launch fails", "A 1 on the red die is a failed AGR launch (l.880).", ["l.880"], roll=n)
        return None, ""
    return n + plus, f"red {n}{f' + {plus}' if plus else ''}" + (f" = {n + plus}" if plus else "")


def _decoy(g: Any, target: str) -> bool:
    """The targeted combat aircraft's decoy flare: a red 4-6 draws the missile away (l.1349). True: unharmed."""
    log(g, "odds", f"{target} throws a decoy flare: {pct(chance.decoy())} to draw the missile away",
        "A red 4, 5 or 6 saves the aircraft; 1, 2 or 3 and the missile hits (l.1349).", ["l.1349"], p_hit=chance.decoy())
    n = g.dice.roll(1, f"decoy flare of {target}", RED)[0]
    if n >= 4:
        log(g, "missile", f"red {n}: the decoy draws the missile, {target} is unharmed", "Decoy flare (l.1349).",
            ["l.1349"], roll=n)
        return True
    log(g, "missile", f"red {n}: the decoy fails", "The A-A missile hits undisturbed (l.1349).", ["l.1349"], roll=n)
    return False


def _effect(g: Any, shooter: str, target: str, missile: str, marker: str) -> None:
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
    elif air_kind(s.pieces[target]) == "seaplane":
        damage.destroy(g, target, marker)                  # the seaplane on the water (l.1113)
    elif air_kind(s.pieces[target]):
        damage.burn_landed(g, target, marker, shooter)
    else:
        damage.hit(g, target, marker, shooter)
