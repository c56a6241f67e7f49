"""Depth Charge (l.1137-1143): D markers, carried by utility helicopters (one) and seaplanes (two)
(l.1139); each side has 6 (l.1139; the component list says 2 x 5, l.807: *reading*, the rule's 6).

An aircraft in the air whose point (not land) is next to a submerged submarine's S marker drops a
D marker after its movement (l.1141): the submarine is destroyed without a roll, its S marker
leaves the board and the D marker goes onto its panel (l.1141).  *Reading*: dropping is the
aircraft's one weapon of the turn (l.543) and, like a shot, ends the movement (l.174).
"""
from __future__ import annotations

from typing import Any

from lcb_lab.games.archipelago.rules.common import cls_of, log, not_fired, own_piece, where
from lcb_lab.kernel.errors import IllegalAction
from lcb_lab.kernel.hexgrid import distance


def check_aircraft(g: Any, pid: str, gear: str, marker: str, rule: str) -> Any:
    """The own aircraft ``pid`` in the air carrying ``gear`` (a class weapon) with ``marker``
    loaded, after the blue dice. Raises IllegalAction(rule) otherwise."""
    s = g.state
    p = own_piece(s, pid, rule, f"use its {gear.replace('_', ' ')}")
    if gear not in cls_of(p).weapons:
        raise IllegalAction(rule, f"{pid} carries no {gear.replace('_', ' ')}")
    if not p.flying:
        raise IllegalAction(rule, f"{pid} is not in the air")
    if s.phase == "start":
        raise IllegalAction(rule, f"{pid} acts at the last point of its movement: roll the blue dice first")
    if marker and marker not in p.ammo:
        raise IllegalAction(rule, f"{pid} has no {marker} marker loaded")
    return p


def drop(g: Any, pid: str, target: str) -> None:
    """Drop ``pid``'s depth charge on submerged submarine ``target`` (module docstring). Raises
    IllegalAction naming the rule."""
    from lcb_lab.games.archipelago.rules.damage import sink
    s = g.state
    p = check_aircraft(g, pid, "depth_charge", "D", "l.1141")
    not_fired(p, pid)
    q = s.pieces.get(target)
    if q is None or q.owner == s.to_move or not q.submerged:
        raise IllegalAction("l.1141", f"{target} is not an enemy submerged submarine on the board (an S marker)")
    if distance(p.at, q.at) != 1:
        raise IllegalAction("l.1141", f"{pid} must be on a point next to {target}'s S marker")
    if not g.board.is_water(p.at):
        raise IllegalAction("l.1141", f"{pid} is over land at {where(g, p.point)}: the point next to the submarine "
                                      "is not land")
    p.ammo.remove("D")
    p.fired = True
    s.phase = "fire"
    log(g, "odds", f"{pid} drops a depth charge on {target}: 100.0% (no roll)", "Its effect is absolute: no die is "
        "rolled (l.1141).", ["l.1141"], shooter=pid, target=target, p_hit=1.0)
    q.hits.append("D")
    log(g, "sunk", f"{target} is destroyed by the depth charge", "The S marker leaves the board; the D marker goes "
        "onto the sunk submarine's control panel (l.1141).", ["l.1141"], piece=target)
    sink(g, target)
