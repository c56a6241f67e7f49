"""REINFORCEMENTS (12.4, 12.41-12.44; 13.38): the card effects that bring units from off the
map or carry them along the coast.

* ``reinforce`` (12.4, 12.41, 12.42; C-130 Hercules): ``targets`` from the team's reinforcement
  pool (``GameState.reinforcements``, the scenario's ``[[reinforcements]]``) land in ``hex``, a
  friendly (or unoccupied) airfield hex, at most ``capacity_gpsv`` GPSV.
* ``sealift`` (12.4, 13.38; LCU-2000): no marker: ``targets`` on the map in one friendly port
  hex, or from the reinforcement pool, land in ``hex``, a friendly large port (a small port too
  with ``args.small_port``, 12.31); enemy mines at the embarkation or landing point, or blocking
  every water path, are triggered (13.38, :func:`mines_on_the_way`).
* ``littoral_move`` (12.43; Littoral Movement): an unrevealed ISR marker is placed in ``hex``, a
  friendly coastal hex, and picks up ``targets`` (at most ``capacity_gpsv``); the marker then
  moves up to ``mp`` MP per turn through water by its free MarkerAction and unloads onto another
  coastal hex, where the card and the marker are discarded (marker_action.py).

Units that already acted may not be picked up (12.08); INTERCEPT / FTR NULLIFY successes on a
card with ``args.loss_per_hit`` remove GPSV (12.42:
:func:`lcb_lab.games.lcb.rules.transport.carrying.absorb_hits`).
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from lcb_lab.kernel import explain
from lcb_lab.kernel.datacodec import touched
from lcb_lab.kernel.errors import IllegalAction
from lcb_lab.games.lcb.model.state import Unit
from lcb_lab.games.lcb.rules.cards.effects import _rolled
from lcb_lab.games.lcb.rules.common import Ctx, dist, names
from lcb_lab.games.lcb.rules.transport.carrying import (check_friendly, destination, destroy_lost, hits, losses,
                                                         own_unit)
from lcb_lab.games.lcb.rules.transport.cargo import board, check_pickup, coastal, enemy_in, space

if TYPE_CHECKING:
    from lcb_lab.games.lcb.model.cards import CardType, Effect
    from lcb_lab.games.lcb.model.state import Card, CardPlay
    from lcb_lab.games.lcb.rules.common import GameLike


def pool(ctx: Ctx, team: str) -> dict[str, dict]:
    """The team's reinforcement pool (12.4): uid -> ``{"uid", "type", "task_force"}``; a scheduled
    reinforcement (3.11, with ``turn`` and ``hex``) is not in it before it arrives
    (:mod:`lcb_lab.games.lcb.rules.stages.scheduled`)."""
    return {r["uid"]: r for r in ctx.state.reinforcements.get(team, []) if "turn" not in r}


def _pool_units(ctx: Ctx, team: str, uids: list[str], rule: str) -> list[dict]:
    p = pool(ctx, team)
    out = []
    for uid in uids:
        if uid not in p:
            raise IllegalAction(rule, f"{uid!r} is not in {team}'s reinforcement pool")
        out.append(p[uid])
    if len({r["uid"] for r in out}) != len(out):
        raise IllegalAction(rule, "a reinforcement is named twice")
    return out


def pool_gpsv(ctx: Ctx, r: dict) -> int:
    """The GPSV of reinforcement ``r`` (a pool entry, :func:`pool`)."""
    return ctx.catalog.unit(r["type"]).gpsv


AIRPORTS = ("airfield", "airport")
"""Feature kinds of a (full) airport; an austere airport is ``austere_airfield`` (12.44)."""


def is_airfield(ctx: Ctx, h: str, austere: str = "any") -> bool:
    """Whether hex ``h`` has an airport a card may use (12.41, 12.44): ``austere`` ``"any"`` (the card
    says "any friendly airport" or the like: an airport or an austere airport), ``"only"`` (austere
    airports only) or ``"never"`` (no austere airport)."""
    kinds = {f.kind for f in ctx.board.hex(h).features}
    full, rough = bool(kinds & set(AIRPORTS)), "austere_airfield" in kinds
    return rough if austere == "only" else full if austere == "never" else (full or rough)


def is_port(ctx: Ctx, h: str, small: bool | str) -> bool:
    """Whether hex ``h`` has a port a card may use (12.31): ``small`` False (a large port only: the card
    is barred from small ports), True (the card says "any friendly port": a port or a small port) or
    ``"only"`` (small ports only)."""
    kinds = {f.kind for f in ctx.board.hex(h).features}
    if small == "only":
        return "small_port" in kinds
    return "port" in kinds or (bool(small) and "small_port" in kinds)


def austere_rule(eff: Effect) -> str:
    """What a reinforcement card's ``args.airport`` allows (12.44): ``"any"`` (default), ``"only"``
    (``"austere_only"``) or ``"never"`` (``"no_austere"``)."""
    return {"austere_only": "only", "no_austere": "never"}.get(str(eff.args.get("airport", "any")), "any")


def small_port_rule(eff: Effect) -> bool | str:
    """What a sealift card's ``args.small_port`` allows (12.31): False (absent: large ports only),
    True (any port) or ``"only"`` (small ports only)."""
    v = eff.args.get("small_port", False)
    return "only" if v == "only" else bool(v)


def check_reinforce(ctx: Ctx, card: Card, ct: CardType, eff: Effect, targets: list[str], hex_: str | None) -> dict:
    """12.41: the pool units named fit ``capacity_gpsv``; ``hex`` is a friendly airfield (or
    port, ``args.port``)."""
    dest = destination(ctx, hex_, "12.41")
    want_port = bool(eff.args.get("port"))
    if want_port and not is_port(ctx, dest, True):
        raise IllegalAction("12.41", f"{dest} has no port")
    rough = austere_rule(eff)
    if not want_port and not is_airfield(ctx, dest):
        raise IllegalAction("12.41", f"{dest} has no airport: {ct.name} lands at a friendly airport hex")
    if not want_port and not is_airfield(ctx, dest, rough):
        raise IllegalAction("12.44", f"{ct.name} may land only at an austere airport, and {dest} has none"
                            if rough == "only" else f"{ct.name} may not use an austere airport, and {dest}'s "
                            "airport is an austere one")
    check_friendly(ctx, dest, card.team, "12.41", ct.name)
    if not targets:
        raise IllegalAction("12.41", "name the reinforcements (targets=...)")
    rs = _pool_units(ctx, card.team, list(targets), "12.4")
    need = sum(pool_gpsv(ctx, r) for r in rs)
    cap = int(eff.args["capacity_gpsv"])
    if need > cap:
        raise IllegalAction("12.41", f"the reinforcements need {need} GPSV; {ct.name} carries {cap}")
    return {"dest": dest, "pool": rs}


def arrive(ctx: Ctx, team: str, rs: list[dict], dest: str, tag: str, rules: list[str]) -> list[Unit]:
    """New units from the pool onto the map in ``dest`` (full HP and supply, face down,
    expended: 12.07, 12.42); they leave the pool.  They join the Task Force of the player who
    played the card, the impulse's (4.31), whatever Task Force the pool lists them under (that
    one only outside an impulse)."""
    from lcb_lab.games.lcb.rules.transport.disembark import disembark
    imp = ctx.state.impulse
    units = []
    for r in rs:
        tf = imp.task_force if imp is not None and imp.team == team else r["task_force"]
        units.append(new_unit(ctx, team, r, tf))
    _leave_pool(ctx, team, rs)
    if units:
        disembark(ctx, None, units, dest, tag, rules)
    return units


def new_unit(ctx: Ctx, team: str, r: dict, tf: str) -> Unit:
    """Reinforcement ``r`` (a pool entry) as a new unit of Task Force ``tf`` off the map, with its
    type's full HP and supply (4.32), face down; added to the state."""
    t = ctx.catalog.unit(r["type"])
    supply = {c.slot: c.supply for c in t.cvs if c.supply is not None}
    if t.rp:
        supply["RP"] = t.rp
    u = Unit(r["uid"], r["type"], team, tf, None, t.hp, supply)
    ctx.state.units[u.uid] = u
    touched(ctx.state, "units")      # in place: the snapshot compares it again
    return u


def _leave_pool(ctx: Ctx, team: str, rs: list[dict]) -> None:
    gone = {r["uid"] for r in rs}
    left = [r for r in ctx.state.reinforcements.get(team, []) if r["uid"] not in gone]
    ctx.state.reinforcements = {**ctx.state.reinforcements, team: left}


def reinforce(ctx: Ctx, link: CardPlay, ct: CardType, eff: Effect) -> bool:
    """Reinforcements from off the map (12.4, 12.42): minus 2 GPSV per enemy success."""
    card = ctx.card(link.card)
    plan = check_reinforce(ctx, card, ct, eff, link.targets, link.hex)
    if not _rolled(ctx, link, ct, eff):
        return False
    loss = hits(link) * int(eff.args.get("loss_per_hit", 0))
    keep, lost = losses(ctx, plan["pool"], lambda r: pool_gpsv(ctx, r), loss)
    if lost:
        _leave_pool(ctx, card.team, lost)
        ctx.log(explain.step("transport", f"{ct.name} loses {', '.join(r['uid'] for r in lost)}",
                             f"{sum(pool_gpsv(ctx, r) for r in lost)} GPSV removed by the enemy's successes: "
                             "they never arrive", ["12.42"]), team=card.team, about={"cargo": card.cid})
    arrive(ctx, card.team, keep, plan["dest"], f" [{ct.name}: reinforcements]", ["12.42", "12.07"])
    return True


def check_sealift(ctx: Ctx, card: Card, ct: CardType, eff: Effect, targets: list[str], hex_: str | None) -> dict:
    """Units in one friendly port hex (or from the pool) to another friendly port (12.31, 12.41)."""
    dest = destination(ctx, hex_, "12.41")
    small = small_port_rule(eff)
    if not is_port(ctx, dest, small):
        raise IllegalAction("12.31", f"{dest} has no small port: {ct.name} uses small ports only" if small == "only"
                            else f"{dest} has no {'port' if small else 'large port'}"
                            + ("" if small else " (small ports are not eligible)"))
    check_friendly(ctx, dest, card.team, "12.41", ct.name)
    if not targets:
        raise IllegalAction("12.41", "name the units carried (targets=...)")
    p = pool(ctx, card.team)
    if all(t in p for t in targets):
        rs = _pool_units(ctx, card.team, list(targets), "12.4")
        need, origin, units = sum(pool_gpsv(ctx, r) for r in rs), None, []
    else:
        first = ctx.state.units.get(targets[0])
        origin = first.hex if first is not None and first.team == card.team else None
        if origin is None or not is_port(ctx, origin, small):
            raise IllegalAction("12.41", f"{ct.name} embarks units in a friendly port hex")
        check_friendly(ctx, origin, card.team, "12.41", ct.name)
        if origin == dest:
            raise IllegalAction("12.41", "the units go to another port")
        units = check_pickup(ctx, card.team, list(targets), origin, "12.41")
        rs, need = [], sum(space(ctx, u) for u in units)
    cap = int(eff.args["capacity_gpsv"])
    if need > cap:
        raise IllegalAction("12.41", f"the units need {need} GPSV; {ct.name} carries {cap}")
    rng = eff.args.get("range")
    if rng is not None and origin is not None and dist(origin, dest) > int(rng):
        raise IllegalAction("12.03", f"{dest} is beyond {ct.name}'s range of {rng}")
    return {"dest": dest, "origin": origin, "units": units, "pool": rs}


def mines_on_the_way(ctx: Ctx, team: str, origin: str | None, dest: str) -> list:
    """13.38: the enemy mine markers a marker-less transport triggers -- those at the
    embarkation and landing points (naval or mixed hexes), and, when mines close every water
    path between them, those on the shortest path."""
    mines = [m for m in ctx.state.card_markers.values() if m.kind == "mine" and m.team != team]
    if not mines:
        return []
    at = {m.hex for m in mines}
    hit = [m for m in mines if m.hex in {dest, origin} and ctx.board.hex(m.hex).has_water]
    if origin is not None and not _water_path(ctx, origin, dest, blocked=at - {origin, dest}):
        path = _water_path(ctx, origin, dest, blocked=set())
        hit += [m for m in mines if path and m.hex in path and m not in hit]
    return hit


def _water_path(ctx: Ctx, a: str, b: str, blocked: set[str]) -> list[str] | None:
    from collections import deque
    prev, todo = {a: None}, deque([a])
    while todo:
        h = todo.popleft()
        if h == b:
            out = []
            while h is not None:
                out.append(h)
                h = prev[h]
            return out[::-1]
        for n in ctx.board.naval_neighbours(h):
            if n not in prev and n not in blocked:
                prev[n] = h
                todo.append(n)
    return None


def _trigger_mines(ctx: Ctx, mines: list, units: list, ct) -> None:
    """Hand the triggered mines to the mine rules (13.3, :func:`lcb_lab.games.lcb.rules.markers.mines.trigger_at`:
    a ``mine_attack`` choice for their owner per mined hex) with the units carried as the
    counters that set them off; lcb_lab's reading: the craft arrives, then the mines attack the
    units it carried (sandbox)."""
    if not mines or not units:
        return
    from lcb_lab.games.lcb.rules.markers import mines as mine_rules
    trigger_at = getattr(mine_rules, "trigger_at", None)
    ctx.log(explain.step("transport", f"{ct.name} meets mines", f"mines in {', '.join(sorted({m.hex for m in mines}))}: "
                         "at the embarkation / landing point, or blocking every path, they are triggered", ["13.38"]))
    if trigger_at is not None:
        for h in dict.fromkeys(m.hex for m in mines):
            trigger_at(ctx, h, units, "enters")


def sealift(ctx: Ctx, link: CardPlay, ct: CardType, eff: Effect) -> bool:
    """Marker-less sealift (12.4, 13.38): the units land in the destination port."""
    card = ctx.card(link.card)
    plan = check_sealift(ctx, card, ct, eff, link.targets, link.hex)
    if not _rolled(ctx, link, ct, eff):
        return False
    units = plan["units"]
    mines = mines_on_the_way(ctx, card.team, plan["origin"], plan["dest"])
    if plan["pool"]:
        units = arrive(ctx, card.team, plan["pool"], plan["dest"], f" [{ct.name}: reinforcements by sea]",
                       ["12.4", "12.07"])
    elif units:
        from lcb_lab.games.lcb.rules.transport.disembark import disembark
        disembark(ctx, None, units, plan["dest"], f" [{ct.name}: from {plan['origin']}, no marker]",
                   ["12.4", "12.07", "12.08"])
    _trigger_mines(ctx, mines, units, ct)
    return True


def check_littoral(ctx: Ctx, card: Card, ct: CardType, eff: Effect, targets: list[str], hex_: str | None) -> dict:
    """The plan of a Littoral Movement pickup (12.43): ``{"dest", "units"}``, friendly units in a
    friendly coastal hex that fit ``capacity_gpsv``.  Raises IllegalAction (12.43) when its marker is
    already on the map, the hex is not coastal or friendly, no units are named or they do not fit."""
    from lcb_lab.games.lcb.rules.transport.landing import marker_of
    if marker_of(ctx, card.cid) is not None:
        raise IllegalAction("12.43", f"{ct.name}'s ISR marker is on the map: it moves by its free marker action")
    dest = destination(ctx, hex_, "12.43")
    if not coastal(ctx, dest):
        raise IllegalAction("12.43", f"{dest} is not a coastal hex")
    check_friendly(ctx, dest, card.team, "12.43", ct.name)
    if not targets:
        raise IllegalAction("12.43", "name the units picked up (targets=...)")
    units = check_pickup(ctx, card.team, list(targets), dest, "12.43")
    need, cap = sum(space(ctx, u) for u in units), int(eff.args["capacity_gpsv"])
    if need > cap:
        raise IllegalAction("12.43", f"the units need {need} GPSV; {ct.name} carries {cap}")
    return {"dest": dest, "units": units}


def littoral_move(ctx: Ctx, link: CardPlay, ct: CardType, eff: Effect) -> bool:
    """12.43: an unrevealed ISR marker picks the units up in ``hex``; it moves by MarkerAction."""
    from lcb_lab.games.lcb.rules.markers import placement
    from lcb_lab.games.lcb.rules.transport.exposed import reveal_by_enemy_zor
    card = ctx.card(link.card)
    plan = check_littoral(ctx, card, ct, eff, link.targets, link.hex)
    if not _rolled(ctx, link, ct, eff):
        return False
    imp = ctx.state.impulse
    m = placement.new_marker(ctx, "isr", card.team, card.cid, plan["dest"], revealed=False)
    m.mp, m.hp = int(eff.args.get("mp", 0)), ct.hits                # hits to discard it (13.26, 9.04)
    m.data = {"littoral": True, "naval": True, "capacity_gpsv": int(eff.args["capacity_gpsv"]), "range": None,
              "pickup": plan["dest"], "name": ct.name, "task_force": imp.task_force if imp else None}
    for u in plan["units"]:
        board(ctx, m, u)
    ctx.log(explain.step("transport", f"{ct.name} picks up {names(plan['units'])}",
                         f"its ISR marker is placed face down in {plan['dest']}; it moves {m.mp} MP a turn",
                         ["12.43", "13.21"]), team=card.team, about={"cargo": card.cid})
    reveal_by_enemy_zor(ctx, m, [plan["dest"]])
    return True
