"""Port disembarkation and embarkation (12.3, 12.54): the orange cube.

:class:`~lcb_lab.games.lcb.actions.PortTransfer` ``(ship, units, rp, embark, action)``: an Embark-capable
ship of the active Task Force in a friendly or unoccupied hex with a large port (board feature
``port``; a ``small_port`` is not eligible, 12.3, 12.54) disembarks ``units`` from its Embark
Area into the port hex (12.3; they land face down and expended, 12.07) or, with ``embark``,
takes friendly ground units of the hex aboard (12.54; not units that acted, 12.08; capacity by
the embark rules, 10.21).  ``rp``: Resupply Points moved too -- disembarked RP go to the
friendly ground units in the hex in designator order, never above their starting supply (8.02);
embarked RP come from the RP pools of friendly logistics units in the hex, never above the
ship's own starting RP.  At most 8 GPSV + RP per ship per impulse (``Impulse.transfers``).

Cost: 1 AP -- ``action`` names a declared Core Action of the impulse that activates the ship
(the ship "may immediately move and/or disembark") -- or free (``action`` None) when the
team's orange cube is in the port hex (``GameState.port_cubes``).  The first transfer there
places the cube; it is removed when the team's last Embark-capable unit has left the hex
(:func:`sweep_cubes`, run at the end of every impulse and before every transfer).
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from lcb_lab.kernel import explain
from lcb_lab.kernel.errors import IllegalAction
from lcb_lab.games.lcb.rules.common import Ctx, enemy_units_seen, living_unit, names
from lcb_lab.games.lcb.rules.optional import preload
from lcb_lab.games.lcb.rules.optional.switches import is_on

if TYPE_CHECKING:
    from lcb_lab.games.lcb.actions import PortTransfer
    from lcb_lab.games.lcb.rules.common import GameLike

LIMIT = 8
"""GPSV + RP per ship per impulse (12.3, 12.54)."""


def large_port(ctx: Ctx, h: str) -> bool:
    """True when hex ``h`` has a (large) port (12.3); small ports do not count.  LabError off the map."""
    return any(f.kind == "port" for f in ctx.board.hex(h).features)


def _embark_capable(ctx: Ctx, u) -> bool:
    t = ctx.utype(u)
    return bool(t.embark_gpsv or t.embark_asv)


def sweep_cubes(ctx: Ctx) -> None:
    """Remove each orange cube whose team has no Embark-capable unit left in the port hex (12.3, 12.54)."""
    for h, team in list(ctx.state.port_cubes.items()):
        if not any(_embark_capable(ctx, u) for u in ctx.state.units_in(h, team)):
            ctx.state.port_cubes = {k: v for k, v in ctx.state.port_cubes.items() if k != h}
            ctx.log(explain.step("transport", f"Orange cube removed from {h}",
                                 f"the last {team} Embark-capable ship has left the port", ["12.3", "12.54"]))


def check(ctx: Ctx, a: PortTransfer) -> dict:
    """The plan of a port transfer, or IllegalAction (3.31, 3.33, 10.0, 12.08, 12.3, 12.54)."""
    s, imp = ctx.state, ctx.state.impulse
    if imp is None or s.stage != "action":
        raise IllegalAction("3.3", "port transfers happen in an impulse of the Action Stage")
    if imp.phase == "declare":
        raise IllegalAction("3.03", "declare the impulse's Core Actions first")
    if imp.combat is not None and imp.phase != "combat_done":
        raise IllegalAction("3.38", "combat has been committed: resolve it before anything else")
    ship = living_unit(ctx, a.ship, "12.3")
    if ship.team != imp.team or ship.task_force != imp.task_force:
        raise IllegalAction("3.33", f"{a.ship} is not a ship of {imp.task_force}")
    if not _embark_capable(ctx, ship) or ship.hex is None:
        raise IllegalAction("12.3", f"{a.ship} is not an Embark-capable ship on the map")
    h = ship.hex
    rule = "12.54" if a.embark else "12.3"
    if not large_port(ctx, h):
        small = any(f.kind == "small_port" for f in ctx.board.hex(h).features)
        raise IllegalAction(rule, f"{h} has " + ("only a small port: small ports are not eligible" if small else "no port"))
    if enemy_units_seen(ctx, imp.team, h):      # as the team sees it: a back may be a unit (6.11), as in 12.1
        raise IllegalAction(rule, f"{h} holds enemy counters: the port hex must be friendly or unoccupied")
    if a.action is None:
        if s.port_cubes.get(h) != imp.team:
            raise IllegalAction(rule, f"no {imp.team} orange cube in {h}: the first transfer costs 1 AP (name the "
                                "ship's declared action, action=...)")
    else:
        d = next((d for d in imp.actions if d.aid == a.action), None)
        if d is None or a.ship not in d.units:
            raise IllegalAction("3.31", f"action #{a.action} does not activate {a.ship}")
    if not a.units and a.rp <= 0:
        raise IllegalAction(rule, "name the units (or RP) transferred")
    if len(set(a.units)) != len(a.units):
        raise IllegalAction(rule, "a unit is named twice")
    if a.embark:
        from lcb_lab.games.lcb.rules.transport.cargo import check_pickup
        units = check_pickup(ctx, imp.team, list(a.units), h, "12.54")
    else:
        units = []
        for uid in a.units:
            u = living_unit(ctx, uid, "10.0")
            if u.embarked_on != ship.uid:
                raise IllegalAction("10.0", f"{uid} is not Embarked on {ship.uid}")
            units.append(u)
        if s.preloaded and is_on(s, "17.6"):
            preload.refuse_taken_off(ctx, [u.uid for u in units])      # 17.62: a pre-load stays on its craft
    if a.rp < 0:
        raise IllegalAction(rule, "RP transferred cannot be negative")
    gpsv = sum(ctx.utype(u).gpsv for u in units)
    done = imp.transfers.get(ship.uid, 0)
    if done + gpsv + a.rp > LIMIT:
        raise IllegalAction(rule, f"{ship.uid} may move {LIMIT} GPSV + RP through a port per impulse: "
                            f"{done} done, {gpsv + a.rp} more asked")
    if a.rp and not a.embark and ship.supply.get("RP", 0) < a.rp:
        raise IllegalAction("12.3", f"{ship.uid} has {ship.supply.get('RP', 0)} RP")
    if a.rp and a.embark:
        pools = sum(u.supply.get("RP", 0) for u in s.units_in(h, imp.team) if not ctx.is_naval(u))
        room = (ctx.utype(ship).rp or 0) - ship.supply.get("RP", 0)
        if a.rp > pools or a.rp > room:
            raise IllegalAction("12.54", f"{a.rp} RP: the logistics units in {h} hold {pools}, {ship.uid} has "
                                f"room for {max(room, 0)}")
    if a.embark and units:
        try:
            from lcb_lab.games.lcb.rules.embarking.embark import check_fits
        except ImportError:
            check_fits = None
        if check_fits is not None:
            check_fits(ctx, ship.uid, units=[u.uid for u in units])
    return {"ship": ship, "hex": h, "units": units, "gpsv": gpsv}


def port_transfer_act(game: GameLike, c: Ctx, a: PortTransfer) -> None:
    """Handler of :class:`lcb_lab.games.lcb.actions.PortTransfer` (module doc)."""
    sweep_cubes(c)
    plan = check(c, a)
    s, imp = c.state, c.state.impulse
    ship, h, units = plan["ship"], plan["hex"], plan["units"]
    how = "free: the orange cube" if a.action is None else f"1 AP, action #{a.action}"
    if a.embark:
        for u in units:
            u.hex, u.embarked_on = None, ship.uid
            u.no_move = u.expended = True               # carried: expended on arrival (12.08)
        if a.rp:
            _rp_aboard(c, ship, h, a.rp)
        c.log(explain.step("transport", f"{ship.uid} embarks {names(units) or f'{a.rp} RP'} in {h}",
                           f"port embarkation ({how}); {imp.transfers.get(ship.uid, 0) + plan['gpsv'] + a.rp} of "
                           f"{LIMIT} GPSV + RP this impulse", ["12.54"]), team=ship.team, about={"cargo": ship.uid})
    else:
        if units:
            from lcb_lab.games.lcb.rules.transport.disembark import disembark
            disembark(c, ship, units, h, f" [port disembarkation in {h}, {how}]", ["12.3", "12.07"])
        if a.rp:
            _rp_ashore(c, ship, h, a.rp)
    imp.transfers[ship.uid] = imp.transfers.get(ship.uid, 0) + plan["gpsv"] + a.rp
    if h not in s.port_cubes:
        s.port_cubes = {**s.port_cubes, h: ship.team}
        c.log(explain.step("transport", f"Orange cube placed in {h}",
                           f"{ship.team}'s Embark-capable ships use this port for free from now on, while one of "
                           "them stays in the hex", ["12.3", "12.54"]))


def _rp_ashore(c: Ctx, ship, h: str, rp: int) -> None:
    from lcb_lab.games.lcb.rules.transport.cargo import give_rp, room
    ship.supply = {**ship.supply, "RP": ship.supply["RP"] - rp}
    left = rp
    for u in sorted(c.state.units_in(h, ship.team), key=lambda u: u.uid):
        if left <= 0 or c.is_naval(u):
            continue
        k = min(left, room(c, u))
        if k:
            give_rp(c, u, k, f"{ship.uid}'s {k} RP", ["12.3", "8.02"])
            left -= k
    if left:
        ship.supply = {**ship.supply, "RP": ship.supply["RP"] + left}   # nobody could take them: they stay aboard
        c.log(explain.step("transport", f"{left} RP stay aboard {ship.uid}", "no unit in the port could take them",
                           ["8.02"]), team=ship.team, about={"cargo": ship.uid})


def _rp_aboard(c: Ctx, ship, h: str, rp: int) -> None:
    left = rp
    for u in sorted(c.state.units_in(h, ship.team), key=lambda u: u.uid):
        if left <= 0 or c.is_naval(u):
            continue
        k = min(left, u.supply.get("RP", 0))
        u.supply = {**u.supply, "RP": u.supply.get("RP", 0) - k}
        left -= k
    ship.supply = {**ship.supply, "RP": ship.supply.get("RP", 0) + rp}


def offers(game: GameLike) -> list:
    """The PortTransfer acts of the active impulse: per Embark-capable ship of the Task Force in
    a large port, the Embarked units that fit the impulse's limit ashore, and the friendly
    ground units of the hex aboard -- free with the orange cube, else by each declared action
    activating the ship (each tried by the rules)."""
    from lcb_lab.games.lcb import actions as A
    s, imp = game.state, game.state.impulse
    if imp is None or imp.phase == "declare" or s.chain or (imp.combat is not None and imp.phase != "combat_done"):
        return []
    ctx = game._ctx()
    out = []
    for ship in s.tf_units(imp.task_force):
        if ship.hex is None or not _embark_capable(ctx, ship) or not large_port(ctx, ship.hex):
            continue
        pays = [None] if s.port_cubes.get(ship.hex) == imp.team else []
        pays += [d.aid for d in imp.actions if ship.uid in d.units]
        left = LIMIT - imp.transfers.get(ship.uid, 0)
        groups = []
        for embark, pool in ((False, [u for u in s.units.values() if u.embarked_on == ship.uid and not u.destroyed]),
                             (True, [u for u in s.units_in(ship.hex, imp.team) if not ctx.is_naval(u)])):
            picked, used = [], 0
            for u in sorted(pool, key=lambda u: u.uid):
                g = ctx.utype(u).gpsv
                if used + g <= left:
                    picked.append(u.uid)
                    used += g
            if picked:
                groups.append((embark, tuple(picked)))
        for pay in pays[:1]:
            for embark, units in groups:
                a = A.PortTransfer(ship.uid, units, 0, embark, pay)
                if game.is_legal(a):
                    out.append(a)
    return out
