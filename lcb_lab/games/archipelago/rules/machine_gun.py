"""The machine gun (l.537-554, l.634; expanded: l.905-935, the tables rebuilt from l.909-927 and
their scrambled rest at l.1604ff).

Torpedo boats and warships (corvettes, destroyers, frigates...) and the combat helicopter H5
(l.907) shoot at an enemy aircraft or hovercraft on a point adjacent to them (l.539, l.634).  One
red die; the least number that destroys (:data:`NEEDS`, 0: destroyed without a roll):

==================================  ====================  ===================================
target (armor value, l.1646ff)      a ship or boat fires  the combat helicopter fires
==================================  ====================  ===================================
hovercraft (4)                      5 (l.634, l.916)      6 (l.924)
combat helicopter H5 airborne (1)   3 (l.917)             4 (l.925)
combat helicopter H5 landed (1)     2 (l.918)             3 (l.926)
other aircraft airborne (0)         2 (l.539, l.919)      3 (l.927)
other aircraft landed (0)           no roll (l.549, l.1632)  2 (l.1637)
==================================  ====================  ===================================

The printed tables stop after the "other aircraft - airborne" row's first cells (l.919, l.927); the
rest is scattered through the reference tables (l.1604-1637) and completes them as above.
"Landed" is an H marker on a white point, or the seaplane's H7 on the water (l.1113); an aircraft
aboard a ship is not a target.  Combat aircraft are never hit by a machine gun (they fly high,
l.1365), and the combat helicopter does not fire at them (l.1367); the blimp is an airborne
"other aircraft" (*reading*, sandbox).  The ekranoplan (armor 3) has its own rows (l.1244-1254): a
ship or boat needs 5 at it flying, 4 on the water; the combat helicopter 6 and 5 (l.1247-1248),
firing at it flying from straight behind, facing it, as at a helicopter in the air (*reading*: it
is "shot down" as a helicopter, l.1242), on the water from an adjacent point facing it (l.935).
Destroyed, it leaves the board (no R marker: it is on the water or in the air).  The combat helicopter fires at an aircraft in the air only
from the point straight behind it, facing it (l.929, picture 58); at a target on the surface from an
adjacent point, facing it (l.935).  Armor helps only against the machine gun (l.903).

It is one of the piece's weapons: after the movement, one weapon a turn (l.543); between two
targets the player chooses one (l.541).  *Reading*: standing adjacent after the movement is
enough ("moves to a point adjacent", l.539), wherever the piece came from.
"""
from __future__ import annotations

from typing import Any

from lcb_lab.games.archipelago import chance
from lcb_lab.games.archipelago.dice import RED
from lcb_lab.games.archipelago.model.state import Piece, other
from lcb_lab.games.archipelago.rules import damage
from lcb_lab.games.archipelago.rules.common import air_kind, airborne, cls_of, log, not_fired, own_piece, pct
from lcb_lab.games.archipelago.rules.submarine import check_surfaced
from lcb_lab.games.archipelago.rules.scenarios import no_shot_at_landed
from lcb_lab.kernel.errors import IllegalAction
from lcb_lab.kernel.hexgrid import distance, neighbour

NEEDS = {("vessel", "hovercraft"): 5, ("vessel", "armored air"): 3, ("vessel", "armored landed"): 2,
         ("vessel", "air"): 2, ("vessel", "landed"): 0,
         ("helicopter", "hovercraft"): 6, ("helicopter", "armored air"): 4, ("helicopter", "armored landed"): 3,
         ("helicopter", "air"): 3, ("helicopter", "landed"): 2}
"""(shooter, target row) -> the least red that destroys (module docstring); 0: no roll."""

RULE = {("vessel", "hovercraft"): "l.916", ("vessel", "armored air"): "l.917", ("vessel", "armored landed"): "l.918",
        ("vessel", "air"): "l.919", ("vessel", "landed"): "l.1632", ("helicopter", "hovercraft"): "l.924",
        ("helicopter", "armored air"): "l.925", ("helicopter", "armored landed"): "l.926", ("helicopter", "air"): "l.927",
        ("helicopter", "landed"): "l.1637"}
"""The line of each cell of :data:`NEEDS` (level 5); levels 1-4 cite l.539 / l.634 as before."""
BASIC = {"hovercraft": "l.634", "air": "l.539"}
EKRANOPLAN = {("vessel", True): (5, "l.1253"), ("vessel", False): (4, "l.1254"),
              ("helicopter", True): (6, "l.1247"), ("helicopter", False): (5, "l.1248")}
"""(shooter, the ekranoplan flying) -> (the least red that destroys, its line) (l.1244-1254)."""


def in_the_air(q: Piece) -> bool:
    """Whether ``q`` is a target in the air for the machine gun: an airborne aircraft or a flying ekranoplan."""
    return airborne(q) or (q.kind == "ekranoplan" and q.flying)


def row(q: Piece) -> str:
    """The table's row of target ``q``: ``hovercraft``, ``[armored ]air`` or ``[armored ]landed``."""
    if q.kind == "hovercraft":
        return "hovercraft"
    armored = "armored " if cls_of(q).get("armor", 0) else ""
    return armored + ("air" if airborne(q) else "landed")


def _geometry(g: Any, p: Piece, q: Piece, shooter: str, target: str) -> None:
    if distance(p.at, q.at) != 1:
        raise IllegalAction("l.539", f"{target} is {distance(p.at, q.at)} d away: the machine gun reaches adjacent points only")
    if air_kind(p) != "helicopter":
        return
    if neighbour(p.at, p.facing) != q.at:
        raise IllegalAction("l.935" if not in_the_air(q) else "l.929", f"{shooter} does not face {target}")
    if in_the_air(q) and p.facing != q.facing:
        raise IllegalAction("l.929", f"{shooter} is not straight behind {target}: it must come on the point behind it, "
                                     "facing it (picture 58)")


def gun_aim(g: Any, shooter: str, target: str) -> int:
    """The least red die with which combat aircraft ``shooter``'s gun destroys the enemy aircraft
    ``target`` in the air, from the point straight behind it, facing it: the combat helicopter's
    table (l.1333-1337). Raises IllegalAction naming the rule."""
    s = g.state
    if s.phase == "start":
        raise IllegalAction("l.1335", "the gun fires after the movement: roll the blue dice first")
    p = own_piece(s, shooter, "l.1333", "fire")
    if air_kind(p) != "jet" or "aircraft_gun" not in cls_of(p).weapons:
        raise IllegalAction("l.1333", f"{shooter} has no aircraft gun (A1, A2 and A5 only)")
    not_fired(p, shooter)
    q = s.pieces.get(target)
    if q is None or q.owner != other(s.to_move) or not airborne(q):
        raise IllegalAction("l.1333", f"{target} is not an enemy aircraft in the air: aircraft guns fire only at those")
    if distance(p.at, q.at) != 1 or neighbour(p.at, p.facing) != q.at or p.facing != q.facing:
        raise IllegalAction("l.1335", f"{shooter} is not on the point directly behind {target}, facing it")
    return NEEDS[("helicopter", row(q))]


def aim(g: Any, shooter: str, target: str) -> int:
    """The least red die that destroys ``target`` (0: no roll, l.549). Raises IllegalAction naming the rule."""
    s = g.state
    if s.phase == "start":
        raise IllegalAction("l.539", "the machine gun fires after the movement: roll the blue dice first")
    p = own_piece(s, shooter, "l.539", "fire")
    if "machine_gun" not in cls_of(p).weapons:
        raise IllegalAction("l.539", f"{shooter} has no machine gun")
    check_surfaced(p, shooter, "fire its machine gun", "l.1131")
    if air_kind(p) == "helicopter" and not p.flying:
        raise IllegalAction("l.929", f"{shooter} is landed: the combat helicopter fires from the air")
    not_fired(p, shooter)
    q = s.pieces.get(target)
    if q is None or q.owner != other(s.to_move) or q.aboard or not (air_kind(q) or q.kind in ("hovercraft", "ekranoplan")):
        raise IllegalAction("l.539", f"{target} is not an enemy aircraft, hovercraft or ekranoplan on the board")
    if air_kind(q) == "jet":
        raise IllegalAction("l.1367" if air_kind(p) else "l.1365", f"{target} is a combat aircraft: "
                            + ("the combat helicopter is not allowed to hit a jet" if air_kind(p) else
                               "machine guns cannot reach it at its altitude"))
    no_shot_at_landed(s, target)
    _geometry(g, p, q, shooter, target)
    if q.kind == "ekranoplan":
        return EKRANOPLAN[("helicopter" if air_kind(p) else "vessel", q.flying)][0]
    return NEEDS[("helicopter" if air_kind(p) else "vessel", row(q))]


def fire(g: Any, shooter: str, target: str, aircraft_gun: bool = False) -> None:
    """Fire ``shooter``'s machine gun (or a combat aircraft's gun) at ``target`` (module docstring)."""
    s = g.state
    need = gun_aim(g, shooter, target) if aircraft_gun else aim(g, shooter, target)
    p, q = s.pieces[shooter], s.pieces[target]
    p.fired = True
    s.phase = "fire"
    r = row(q)
    who = "helicopter" if air_kind(p) else "vessel"
    if need == 0:
        log(g, "machine_gun", f"{shooter}'s machine gun destroys the landed {target}", "A landed aircraft next to a "
            "boat or ship is destroyed for sure, no roll (l.549).", ["l.549"], shooter=shooter, target=target)
        _destroy(g, target, shooter)
        return
    rule = RULE[(who, r)] if s.level >= 5 else BASIC[r]
    rule = "l.1335" if aircraft_gun else rule
    if q.kind == "ekranoplan":
        r, rule = ("flying" if q.flying else "on the water") + " ekranoplan", EKRANOPLAN[(who, q.flying)][1]
    odds = chance.machine_gun(need)
    log(g, "odds", f"{shooter}'s machine gun at {target}: {pct(odds)} to destroy",
        f"One red die, {need} or more destroys ({r} target, {rule}).", [rule], shooter=shooter, target=target, p_hit=odds)
    n = g.dice.roll(1, f"machine gun {shooter} -> {target}", RED)[0]
    if n < need:
        log(g, "machine_gun", f"red {n}: a miss", f"Below {need}: no effect ({rule}).", [rule], roll=n)
        return
    log(g, "machine_gun", f"red {n}: {target} is destroyed", f"{n} >= {need}: the piece leaves the board ({rule}).",
        [rule], roll=n)
    if airborne(q) or q.kind in ("hovercraft", "ekranoplan") or air_kind(q) == "seaplane":
        damage.destroy(g, target)
    else:
        damage.burn_landed(g, target, "", shooter)


def _destroy(g: Any, target: str, shooter: str) -> None:
    if air_kind(g.state.pieces[target]) == "seaplane":
        damage.destroy(g, target)               # on the water: no white point to mark (l.1113)
    else:
        damage.burn_landed(g, target, "", shooter)
