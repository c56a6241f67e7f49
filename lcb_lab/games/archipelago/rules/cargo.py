"""Markers carried by air (l.1011-1015, l.1086, l.1117): the transport helicopter H6 and the
seaplane H7 carry markers of any kind (:mod:`~.armament`) but use none (l.1011).

A ``Transfer`` with one of them: the transport helicopter is landed on a white point and the ship
or boat stands on a point adjacent to it (l.1013); the seaplane is on the water (its H7 marker)
beside the vessel (*reading*: "deliverer of ammunition to distant vessels", l.1117, as the H6).
Neither moves that turn (l.1013: "when markers are transferred they can't move"); *reading*: they
start the turn in place, as every transfer (l.378), and markers go either way, each panel within
what it holds.
"""
from __future__ import annotations

from typing import Any

from lcb_lab.games.archipelago.rules import face_down
from lcb_lab.games.archipelago.rules.armament import fits
from lcb_lab.games.archipelago.rules.common import air_kind, log, own_piece
from lcb_lab.kernel.errors import IllegalAction
from lcb_lab.kernel.hexgrid import distance


def by_air(g: Any, giver: str, taker: str) -> bool:
    """Whether a transfer between ``giver`` and ``taker`` involves an aircraft (this module's)."""
    s = g.state
    return any(i in s.pieces and air_kind(s.pieces[i]) for i in (giver, taker))


def transfer(g: Any, giver: str, taker: str, markers: tuple[str, ...]) -> None:
    """Hand ``markers`` between a landed transport aircraft and an adjacent own vessel (module
    docstring). Raises IllegalAction naming the rule."""
    from lcb_lab.games.archipelago.rules.logistics import room
    s = g.state
    a, b = own_piece(s, giver, "l.1013", "transfer"), own_piece(s, taker, "l.1013", "take markers")
    plane, ship = (a, b) if air_kind(a) else (b, a)
    if giver == taker or not markers:
        raise IllegalAction("l.1013", "a transfer hands one or more markers to another piece")
    if air_kind(plane) not in ("helicopter", "seaplane") or air_kind(ship) or plane.kind == "helicopter":
        raise IllegalAction("l.1013", "markers go between a transport aircraft and a ship or boat")
    if plane.flying or plane.aboard:
        raise IllegalAction("l.1013", "the aircraft must be landed (a white point; the seaplane on the water)")
    if distance(plane.at, ship.at) != 1:
        raise IllegalAction("l.1013", "the ship or boat must stand on a point adjacent to the aircraft")
    for p, pid in ((a, giver), (b, taker)):
        if p.moved or p.held:
            raise IllegalAction("l.1013", f"{pid} has moved or acted this turn: transferred markers, they cannot move")
    for kind in set(markers):
        if a.ammo.count(kind) < markers.count(kind):
            raise IllegalAction("l.1013", f"{giver} carries {a.ammo.count(kind)} {kind} marker(s), not {markers.count(kind)}")
    ok = fits(b, markers) if air_kind(b) else all(room(b, k) >= markers.count(k) for k in set(markers))
    if not ok:
        raise IllegalAction("l.1011", f"{taker}'s panel has no room for {', '.join(markers)}")
    for kind in markers:
        a.ammo.remove(kind)
        b.ammo.append(kind)
    a.held = b.held = True
    log(g, "transfer", f"{giver} hands {len(markers)} marker(s) to {taker}", f"{', '.join(markers)} change panels: "
        "the aircraft landed, the vessel on an adjacent point; neither moves this turn (l.1013).", ["l.1013"],
        team=a.owner, piece=giver, markers=list(markers),
        about=face_down.subjects(a.owner, markers, [{"cargo": giver}, {"cargo": taker}]))
