"""The machine gun (l.537-554, l.634): torpedo boats and warships (corvettes, destroyers, the
frigate) shoot at an enemy helicopter or hovercraft on a point adjacent to them (l.539, l.634).

* a helicopter in the air is shot down on a red 2 or more (l.539; picture 41: a 3 hits, l.545);
* a landed helicopter (an H marker on a white point) is destroyed without a roll; an R marker
  replaces it (l.549);
* a hovercraft is destroyed on a red 5 or 6 (l.634).

It is one of the piece's weapons: after the movement, one weapon a turn (l.543); between two
targets the player chooses one (l.541).  *Reading*: standing adjacent after the movement is
enough ("moves to a point adjacent", l.539), wherever the piece came from.
"""
from __future__ import annotations

from typing import Any

from lcb_lab.games.archipelago import chance
from lcb_lab.games.archipelago.dice import RED
from lcb_lab.games.archipelago.model.state import other
from lcb_lab.games.archipelago.rules import damage
from lcb_lab.games.archipelago.rules.air import is_heli
from lcb_lab.games.archipelago.rules.common import cls_of, log, not_fired, own_piece, pct
from lcb_lab.games.archipelago.rules.submarine import check_surfaced
from lcb_lab.games.archipelago.rules.scenarios import no_shot_at_landed
from lcb_lab.kernel.errors import IllegalAction
from lcb_lab.kernel.hexgrid import distance

NEEDS = {"flying": 2, "hovercraft": 5, "ekranoplan flying": 5, "ekranoplan landed": 4}
"""The least red that destroys: a helicopter in the air 2 (l.539), a hovercraft 5 (l.634); an
ekranoplan flying 5, on the water 4 (l.1253-1254)."""


def aim(g: Any, shooter: str, target: str) -> int:
    """The least red die that destroys ``target`` (0: no roll, a landed helicopter, l.549).
    Raises IllegalAction naming the rule."""
    s = g.state
    if s.phase == "start":
        raise IllegalAction("l.539", "the machine gun fires after the movement: roll the blue dice first")
    p = own_piece(s, shooter, "l.539", "fire")
    if "machine_gun" not in cls_of(p).weapons:
        raise IllegalAction("l.539", f"{shooter} has no machine gun")
    check_surfaced(p, shooter, "fire its machine gun", "l.1131")
    not_fired(p, shooter)
    q = s.pieces.get(target)
    if q is None or q.owner != other(s.to_move) or q.aboard or not (is_heli(q) or q.kind in ("hovercraft", "ekranoplan")):
        raise IllegalAction("l.539", f"{target} is not an enemy helicopter or hovercraft on the board")
    no_shot_at_landed(s, target)
    if distance(p.at, q.at) != 1:
        raise IllegalAction("l.539", f"{target} is {distance(p.at, q.at)} d away: the machine gun reaches adjacent points only")
    if q.kind == "hovercraft":
        return NEEDS["hovercraft"]
    if q.kind == "ekranoplan":                 # ship or boat shooting at it: airborne 5-6, landed 4-6 (l.1253-1254)
        return NEEDS["ekranoplan flying"] if q.flying else NEEDS["ekranoplan landed"]
    return NEEDS["flying"] if q.flying else 0


def fire(g: Any, shooter: str, target: str) -> None:
    """Fire ``shooter``'s machine gun at ``target`` (module docstring)."""
    s = g.state
    need = aim(g, shooter, target)
    p = s.pieces[shooter]
    p.fired = True
    s.phase = "fire"
    if need == 0:
        log(g, "machine_gun", f"{shooter}'s machine gun destroys the landed {target}", "A landed helicopter next to a "
            "boat or ship is destroyed for sure, no roll (l.549).", ["l.549"], shooter=shooter, target=target)
        damage.burn_landed(g, target, "", shooter)
        return
    rule = "l.1250" if s.pieces[target].kind == "ekranoplan" else "l.634" if need == 5 else "l.539"
    odds = chance.machine_gun(need)
    log(g, "odds", f"{shooter}'s machine gun at {target}: {pct(odds)} to destroy",
        f"One red die, {need} or more destroys ({rule}).", [rule], shooter=shooter, target=target, p_hit=odds)
    n = g.dice.roll(1, f"machine gun {shooter} -> {target}", RED)[0]
    if n < need:
        log(g, "machine_gun", f"red {n}: a miss", f"Below {need}: no effect ({rule}).", [rule], roll=n)
        return
    log(g, "machine_gun", f"red {n}: {target} is destroyed", f"{n} >= {need}: the piece leaves the board ({rule}).",
        [rule], roll=n)
    damage.destroy(g, target)
