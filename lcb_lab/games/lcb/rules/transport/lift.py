"""Transporting units (12.0x, 12.1, 12.4, 12.5; 13.38): the card effects ``rotary_lift``,
``reinforce``, ``sealift``, ``littoral_move`` (the amphibious ``transport`` effect is
:mod:`lcb_lab.games.lcb.rules.transport.landing`, port transfers :mod:`lcb_lab.games.lcb.rules.transport.ports`).

Every landing goes through :func:`lcb_lab.games.lcb.rules.cards.scripted._disembark` (12.07: face down, MP
spent, expended).  Ranges are measured from the host ship's hex, hex 0 (12.04).  Units that
already acted may not be picked up (12.08); any friendly unit may be carried (12.08).

* ``rotary_lift`` (12.1, 12.52; MEU Rotary Lift): an Embarked Persistent card; ``hex`` within
  ``range`` of the host.  ``targets`` Embarked on the host land in ``hex`` (a friendly or
  unoccupied land hex, not red, 12.1); ``targets`` ashore in ``hex`` are lifted to the host's
  Embark Area (12.52).  Each unit at most ``per_unit_gpsv`` GPSV, each Attached card 1 GPSV,
  in all at most ``capacity_gpsv`` (12.1).  With ``args.rp``: a resupply run (12.13) -- target
  one friendly unit in ``hex`` and ``"rp:N"`` (default: as much as the card, the host and the
  unit allow); the RP are deducted from the host's ``supply["RP"]`` (deducted when the effect
  resolves: a NULLIFIED run deducts nothing -- lcb_lab's reading of "immediately").
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

INTERCEPT / FTR NULLIFY of a lift card (12.11, 12.12, 12.42; ``args.loss_per_hit``): each enemy
success puts a cube on the card (9.04) and, instead of stopping the use, removes
``loss_per_hit`` GPSV of units (or RP) -- :func:`absorb_hits`, called by the chain.  The owner
chooses which units by the ORDER of ``targets``: the last named are lost first.  lcb_lab reads
"removes" as lost: the units are destroyed (counted as kills of the intercepting team, 3.42);
lost reinforcements never arrive (removed from the pool, not counted: they were never on the
map).  A card destroyed by its last cube still delivers the survivors of that use (sandbox).
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from lcb_lab.kernel import explain
from lcb_lab.kernel.errors import IllegalAction, UnknownName
from lcb_lab.games.lcb.model.state import Unit, other
from lcb_lab.games.lcb.rules.cards.effects import _rolled
from lcb_lab.games.lcb.rules.common import Ctx, dist, living_unit, names
from lcb_lab.games.lcb.rules.transport.cargo import board, check_pickup, coastal, enemy_in, give_rp, room, rp_token, space

if TYPE_CHECKING:
    from lcb_lab.games.lcb.model.cards import CardType, Effect
    from lcb_lab.games.lcb.model.state import Card, CardPlay
    from lcb_lab.games.lcb.rules.common import GameLike

FNS = ("rotary_lift", "reinforce", "sealift", "littoral_move")
"""The effect functions of this module."""


# ---------------------------------------------------------------- shared
def _own(ctx: Ctx, uid: str, team: str):
    """Unit ``uid`` when it is ``team``'s, else None: another team's name is refused like a name
    that does not exist (6.11: a refusal never tells whether a hidden counter is there)."""
    u = ctx.state.units.get(uid)
    return u if u is not None and u.team == team and not u.destroyed else None


def _host(ctx: Ctx, card, ct) -> Unit:
    if card.where != "embarked" or not card.host:
        raise IllegalAction("12.02", f"{ct.name} is used from its Embark-capable host ship: it must be Embarked")
    host = living_unit(ctx, card.host, "10.0")
    if host.hex is None:
        raise IllegalAction("12.04", f"{host.uid} is not on the map")
    return host


def _dest(ctx: Ctx, hex_: str | None, rule: str) -> str:
    if not hex_ or hex_ not in ctx.board:
        raise IllegalAction(rule, "name the hex of the transport (hex=...)")
    return ctx.board.canonical(hex_)


def _friendly(ctx: Ctx, h: str, team: str, rule: str, what: str) -> None:
    if enemy_in(ctx, h, team):
        raise IllegalAction(rule, f"{h} holds enemy counters: {what} needs a friendly or unoccupied hex")


def pool(ctx: Ctx, team: str) -> dict[str, dict]:
    """The team's reinforcement pool (12.4): uid -> ``{"uid", "type", "task_force"}``."""
    return {r["uid"]: r for r in ctx.state.reinforcements.get(team, [])}


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


def _pool_gpsv(ctx: Ctx, r: dict) -> int:
    return ctx.catalog.unit(r["type"]).gpsv


def _losses(ctx: Ctx, items: list, gpsv, loss: int) -> tuple[list, list]:
    """(survivors, lost): the last named are lost first until ``loss`` GPSV are removed."""
    keep, lost, removed = list(items), [], 0
    while keep and removed < loss:
        x = keep.pop()
        lost.insert(0, x)
        removed += gpsv(x)
    return keep, lost


def _hits(link) -> int:
    return int(link.data.get("hits", 0))


def absorb_hits(ctx: Ctx, link: CardPlay, n: int) -> bool:
    """12.12, 12.42: ``n`` enemy INTERCEPT / FTR NULLIFY successes on a lift card whose effect
    has ``args.loss_per_hit``: recorded on the link (each removes that many GPSV or RP when the
    effect resolves) instead of stopping the use.  True when handled (the caller adds the cubes,
    9.04); False for every other card."""
    card = ctx.state.cards.get(link.card)
    if card is None or link.data.get("kind", "play") != "play":
        return False
    try:
        eff = ctx.ctype(card).effect(link.option)
    except UnknownName:
        return False
    if eff.fn not in FNS or not eff.args.get("loss_per_hit"):
        return False
    link.data["hits"] = _hits(link) + n
    link.data.setdefault("host", card.host)
    per = int(eff.args["loss_per_hit"])
    ctx.log(explain.step("transport", f"{card.name}: {n} enemy success{'es' if n > 1 else ''}",
                         f"each removes {per} GPSV or RP of what it carries ({_hits(link) * per} in all so far); the "
                         "rest still arrives", ["12.12", "12.42", "9.04"]), pid=link.pid)
    return True


# ---------------------------------------------------------------- rotary-wing lift (12.1, 12.13, 12.52)
def check_lift(ctx: Ctx, card: Card, ct: CardType, eff: Effect, targets: list[str], hex_: str | None) -> dict:
    """The plan of a rotary-wing lift or resupply run, or IllegalAction (12.04, 12.08, 12.1, 12.13, 12.52)."""
    host = _host(ctx, card, ct)
    dest = _dest(ctx, hex_, "12.1")
    rng = eff.range if eff.range is not None else eff.args.get("range")
    if rng is not None and dist(host.hex, dest) > int(rng):
        raise IllegalAction("12.04", f"{dest} is {dist(host.hex, dest)} hexes from {host.uid} (hex 0); "
                            f"{ct.name} reaches {rng}")
    cap = int(eff.args["capacity_gpsv"])
    rest, n_rp = rp_token(list(targets))
    if "rp" in eff.args:
        if len(rest) != 1:
            raise IllegalAction("12.13", "a resupply run targets one friendly unit (and rp:<N>)")
        u = _own(ctx, rest[0], card.team)
        if u is None or u.hex != dest:
            raise IllegalAction("12.13", f"{rest[0]} is not a friendly unit in {dest}")
        most = min(int(eff.args["rp"]), cap)
        n = n_rp if n_rp is not None else min(most, host.supply.get("RP", 0), room(ctx, u))
        if n > most:
            raise IllegalAction("12.13", f"{ct.name} carries at most {most} RP")
        if n < 1 or host.supply.get("RP", 0) < n:
            raise IllegalAction("12.13", f"{host.uid} has {host.supply.get('RP', 0)} RP: the RP carried are "
                                "deducted from the host ship")
        return {"mode": "rp", "host": host, "dest": dest, "to": u, "rp": n}
    if n_rp is not None:
        raise IllegalAction("12.1", f"option {eff.label} carries units, not RP")
    if not rest:
        raise IllegalAction("12.1", "name the units lifted (targets=...)")
    us = [_own(ctx, t, card.team) for t in rest]
    if len(set(rest)) != len(rest):
        raise IllegalAction("12.1", "a unit is named twice")
    if all(u is not None and not u.destroyed and u.embarked_on == host.uid for u in us):
        mode = "land"
        info = ctx.board.hex(dest)
        if not info.has_land or info.mp_cost is None:
            raise IllegalAction("12.1", f"{dest} is not a land hex a helicopter may land on (not red)")
        _friendly(ctx, dest, card.team, "12.1", "a rotary-wing landing")
    elif all(u is not None and u.hex == dest for u in us):
        mode = "pickup"
        us = check_pickup(ctx, card.team, rest, dest, "12.52")
    else:
        bad = next(t for t, u in zip(rest, us) if u is None or u.embarked_on != host.uid)
        raise IllegalAction("10.0", f"{bad} is not Embarked on {host.uid} (nor a friendly unit in {dest})")
    per_unit = eff.args.get("per_unit_gpsv")
    for u in us:
        if per_unit is not None and ctx.utype(u).gpsv > int(per_unit):
            raise IllegalAction("12.1", f"{u.uid} has {ctx.utype(u).gpsv} GPSV: {ct.name} lifts units of "
                                f"{per_unit} GPSV each (light units only)")
    per_card = 1 if per_unit is not None else None
    need = sum(space(ctx, u, per_card=per_card) for u in us)
    if need > cap:
        raise IllegalAction("12.03", f"{names(us)} and their Attached cards need {need} GPSV; {ct.name} "
                            f"carries {cap}")
    if mode == "pickup":
        try:
            from lcb_lab.games.lcb.rules.embarking.embark import check_fits
        except ImportError:
            check_fits = None
        if check_fits is not None:
            check_fits(ctx, host.uid, units=[u.uid for u in us])
    return {"mode": mode, "host": host, "dest": dest, "units": us, "per_card": per_card}


def rotary_lift(ctx: Ctx, link: CardPlay, ct: CardType, eff: Effect) -> bool:
    """Rotary-wing lift (module doc): units ashore / aboard, or RP to a unit, minus the enemy's
    successes (12.12, 12.13)."""
    card = ctx.card(link.card)
    if card.where == "discarded" and link.data.get("host"):      # destroyed by its last cube: still delivers
        from types import SimpleNamespace
        card = SimpleNamespace(where="embarked", host=link.data["host"], team=card.team, cid=card.cid)
    plan = check_lift(ctx, card, ct, eff, link.targets, link.hex)
    if not _rolled(ctx, link, ct, eff):
        return False
    loss = _hits(link) * int(eff.args.get("loss_per_hit", 0))
    host, dest = plan["host"], plan["dest"]
    if plan["mode"] == "rp":
        n = plan["rp"]
        host.supply["RP"] -= n
        got = max(0, n - loss)
        ctx.log(explain.step("transport", f"{ct.name} flies {n} RP from {host.uid}",
                             f"deducted from the host ({host.supply['RP']} RP left)"
                             + (f"; {min(n, loss)} lost to the enemy's successes" if loss else ""),
                             ["12.13"]), team=card.team, about={"unit": host.uid},   # a concealed host: its RP too
                public_title=f"{ct.name} flies RP", public_text="from its host")
        if got:
            give_rp(ctx, plan["to"], got, f"{ct.name}'s {got} RP", ["12.13", "8.02"])
        return True
    keep, lost = _losses(ctx, plan["units"], lambda u: space(ctx, u, per_card=plan["per_card"]), loss)
    _destroy(ctx, lost, card.team, ct.name)
    if plan["mode"] == "land":
        if keep:
            from lcb_lab.games.lcb.rules.cards.scripted import _disembark
            _disembark(ctx, host, keep, dest, f" [{ct.name}: rotary-wing lift]", ["12.1", "12.07"])
        return True
    for u in keep:
        u.hex, u.embarked_on = None, host.uid
        u.no_move = u.expended = True                  # carried: expended on arrival (12.08)
    if keep:
        ctx.log(explain.step("transport", f"{ct.name} lifts {names(keep)} to {host.uid}",
                             "into its Embark Area (shore to ship)", ["12.52", "12.51"]),
                team=card.team, about={"cargo": card.cid})
    return True


def _destroy(ctx: Ctx, lost: list, team: str, what: str) -> None:
    if not lost:
        return
    from lcb_lab.games.lcb.rules.combat.destruction import destroy
    why = "the GPSV the enemy's successes remove are lost (lcb_lab's reading of 12.12: destroyed)"
    ctx.log(explain.step("transport", f"{what} loses {names(lost)}", why, ["12.12", "12.42"]),
            team=team, about=[{"unit": u.uid} for u in lost],           # what it carried: its team's (12.2x)
            public_title=f"{what} loses {len(lost)} unit(s)", public_text=why)
    for u in lost:
        u.hp = 0
        destroy(ctx, u, other(team))


# ---------------------------------------------------------------- reinforcements (12.4)
def _airfield(ctx: Ctx, h: str) -> bool:
    return any(f.kind in ("airfield", "airport", "austere_airfield") for f in ctx.board.hex(h).features)


def _port(ctx: Ctx, h: str, small: bool) -> bool:
    kinds = {f.kind for f in ctx.board.hex(h).features}
    return "port" in kinds or (small and "small_port" in kinds)


def check_reinforce(ctx: Ctx, card: Card, ct: CardType, eff: Effect, targets: list[str], hex_: str | None) -> dict:
    """12.41: the pool units named fit ``capacity_gpsv``; ``hex`` is a friendly airfield (or
    port, ``args.port``)."""
    dest = _dest(ctx, hex_, "12.41")
    want_port = bool(eff.args.get("port"))
    if want_port and not _port(ctx, dest, True):
        raise IllegalAction("12.41", f"{dest} has no port")
    if not want_port and not _airfield(ctx, dest):
        raise IllegalAction("12.41", f"{dest} has no airport: {ct.name} lands at a friendly airport hex")
    _friendly(ctx, dest, card.team, "12.41", ct.name)
    if not targets:
        raise IllegalAction("12.41", "name the reinforcements (targets=...)")
    rs = _pool_units(ctx, card.team, list(targets), "12.4")
    need = sum(_pool_gpsv(ctx, r) for r in rs)
    cap = int(eff.args["capacity_gpsv"])
    if need > cap:
        raise IllegalAction("12.41", f"the reinforcements need {need} GPSV; {ct.name} carries {cap}")
    return {"dest": dest, "pool": rs}


def arrive(ctx: Ctx, team: str, rs: list[dict], dest: str, tag: str, rules: list[str]) -> list[Unit]:
    """New units from the pool onto the map in ``dest`` (full HP and supply, face down,
    expended: 12.07, 12.42); they leave the pool."""
    from lcb_lab.games.lcb.rules.cards.scripted import _disembark
    units = []
    for r in rs:
        t = ctx.catalog.unit(r["type"])
        supply = {c.slot: c.supply for c in t.cvs if c.supply is not None}
        if t.rp:
            supply["RP"] = t.rp
        u = Unit(r["uid"], r["type"], team, r["task_force"], None, t.hp, supply)
        ctx.state.units[u.uid] = u
        units.append(u)
    _leave_pool(ctx, team, rs)
    if units:
        _disembark(ctx, None, units, dest, tag, rules)
    return units


def _leave_pool(ctx: Ctx, team: str, rs: list[dict]) -> None:
    gone = {r["uid"] for r in rs}
    ctx.state.reinforcements[team] = [r for r in ctx.state.reinforcements.get(team, []) if r["uid"] not in gone]


def reinforce(ctx: Ctx, link: CardPlay, ct: CardType, eff: Effect) -> bool:
    """Reinforcements from off the map (12.4, 12.42): minus 2 GPSV per enemy success."""
    card = ctx.card(link.card)
    plan = check_reinforce(ctx, card, ct, eff, link.targets, link.hex)
    if not _rolled(ctx, link, ct, eff):
        return False
    loss = _hits(link) * int(eff.args.get("loss_per_hit", 0))
    keep, lost = _losses(ctx, plan["pool"], lambda r: _pool_gpsv(ctx, r), loss)
    if lost:
        _leave_pool(ctx, card.team, lost)
        ctx.log(explain.step("transport", f"{ct.name} loses {', '.join(r['uid'] for r in lost)}",
                             f"{sum(_pool_gpsv(ctx, r) for r in lost)} GPSV removed by the enemy's successes: "
                             "they never arrive", ["12.42"]), team=card.team, about={"cargo": card.cid})
    arrive(ctx, card.team, keep, plan["dest"], f" [{ct.name}: reinforcements]", ["12.42", "12.07"])
    return True


# ---------------------------------------------------------------- sealift (12.4, 13.38)
def check_sealift(ctx: Ctx, card: Card, ct: CardType, eff: Effect, targets: list[str], hex_: str | None) -> dict:
    """Units in one friendly port hex (or from the pool) to another friendly port (12.31, 12.41)."""
    dest = _dest(ctx, hex_, "12.41")
    small = bool(eff.args.get("small_port"))
    if not _port(ctx, dest, small):
        raise IllegalAction("12.31", f"{dest} has no {'port' if small else 'large port'}"
                            + ("" if small else " (small ports are not eligible)"))
    _friendly(ctx, dest, card.team, "12.41", ct.name)
    if not targets:
        raise IllegalAction("12.41", "name the units carried (targets=...)")
    p = pool(ctx, card.team)
    if all(t in p for t in targets):
        rs = _pool_units(ctx, card.team, list(targets), "12.4")
        need, origin, units = sum(_pool_gpsv(ctx, r) for r in rs), None, []
    else:
        first = ctx.state.units.get(targets[0])
        origin = first.hex if first is not None and first.team == card.team else None
        if origin is None or not _port(ctx, origin, small):
            raise IllegalAction("12.41", f"{ct.name} embarks units in a friendly port hex")
        _friendly(ctx, origin, card.team, "12.41", ct.name)
        if origin == dest:
            raise IllegalAction("12.41", "the units go to another port")
        units = check_pickup(ctx, card.team, list(targets), origin, "12.41")
        rs, need = [], sum(space(ctx, u) for u in units)
    cap = int(eff.args["capacity_gpsv"])
    if need > cap:
        raise IllegalAction("12.41", f"the units need {need} GPSV; {ct.name} carries {cap}")
    rng = eff.args.get("range")
    if rng is not None and origin is not None and dist(origin, dest) > int(rng):
        raise IllegalAction("12.41", f"{dest} is beyond {ct.name}'s range of {rng}")
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
        from lcb_lab.games.lcb.rules.cards.scripted import _disembark
        _disembark(ctx, None, units, plan["dest"], f" [{ct.name}: from {plan['origin']}, no marker]",
                   ["12.4", "12.07", "12.08"])
    _trigger_mines(ctx, mines, units, ct)
    return True


# ---------------------------------------------------------------- Littoral Movement (12.43)
def check_littoral(ctx: Ctx, card: Card, ct: CardType, eff: Effect, targets: list[str], hex_: str | None) -> dict:
    """The plan of a Littoral Movement pickup (12.43): ``{"dest", "units"}``, friendly units in a
    friendly coastal hex that fit ``capacity_gpsv``.  Raises IllegalAction (12.43) when its marker is
    already on the map, the hex is not coastal or friendly, no units are named or they do not fit."""
    from lcb_lab.games.lcb.rules.transport.landing import marker_of
    if marker_of(ctx, card.cid) is not None:
        raise IllegalAction("12.43", f"{ct.name}'s ISR marker is on the map: it moves by its free marker action")
    dest = _dest(ctx, hex_, "12.43")
    if not coastal(ctx, dest):
        raise IllegalAction("12.43", f"{dest} is not a coastal hex")
    _friendly(ctx, dest, card.team, "12.43", ct.name)
    if not targets:
        raise IllegalAction("12.43", "name the units picked up (targets=...)")
    units = check_pickup(ctx, card.team, list(targets), dest, "12.43")
    need, cap = sum(space(ctx, u) for u in units), int(eff.args["capacity_gpsv"])
    if need > cap:
        raise IllegalAction("12.43", f"the units need {need} GPSV; {ct.name} carries {cap}")
    return {"dest": dest, "units": units}


def littoral_move(ctx: Ctx, link: CardPlay, ct: CardType, eff: Effect) -> bool:
    """12.43: an unrevealed ISR marker picks the units up in ``hex``; it moves by MarkerAction."""
    from lcb_lab.games.lcb.rules.markers import placement as card_markers
    from lcb_lab.games.lcb.rules.transport.exposed import reveal_by_enemy_zor
    card = ctx.card(link.card)
    plan = check_littoral(ctx, card, ct, eff, link.targets, link.hex)
    if not _rolled(ctx, link, ct, eff):
        return False
    imp = ctx.state.impulse
    m = card_markers.new_marker(ctx, "isr", card.team, card.cid, plan["dest"], revealed=False)
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


# ---------------------------------------------------------------- targets and options
def check_targets(ctx: Ctx, card: Card, ct: CardType, eff: Effect, targets: list[str], hex_: str | None) -> None:
    """Refuse a transport play before any roll (called by :mod:`lcb_lab.games.lcb.rules.cards.targets`)."""
    if eff.fn == "transport":
        from lcb_lab.games.lcb.rules.transport.landing import check
        check(ctx, card, ct, eff, list(targets), hex_)
        return
    {"rotary_lift": check_lift, "reinforce": check_reinforce, "sealift": check_sealift,
     "littoral_move": check_littoral}[eff.fn](ctx, card, ct, eff, list(targets), hex_)


MAX_HEXES = 4
"""Destination hexes offered per transport option (nearest first; sandbox, keeps the legal
actions short -- every other hex is still legal when named)."""


def options(game: GameLike, card: Card, eff: Effect) -> list[dict]:
    """PlayCard targets the random player and the lab may offer for a transport effect
    (``{"targets", "hex"}``; each is still checked by the rules)."""
    ctx = game._ctx()
    s, team = game.state, card.team
    host = s.units.get(card.host or "")
    if eff.fn in ("rotary_lift", "transport"):
        if host is None or host.hex is None:
            return []
        aboard = sorted((u for u in s.units.values() if u.embarked_on == host.uid and not u.destroyed),
                        key=lambda u: u.uid)
        if eff.fn == "transport":
            from lcb_lab.games.lcb.rules.transport.landing import _params
            cap, mp, rng = _params(ctx.ctype(card), eff)
            if "rp" in eff.args:
                return []
            hexes = [h for h in ctx.board.naval_reach(host.hex, mp) if coastal(ctx, h)
                     and (rng is None or dist(host.hex, h) <= rng)]
            per = None
        else:
            if "rp" in eff.args:
                out = []
                for u in s.living(team):
                    if u.on_map and dist(host.hex, u.hex) <= (eff.range or 0) and room(ctx, u) > 0:
                        out.append({"targets": (u.uid,), "hex": u.hex})
                return out[:MAX_HEXES]
            cap, per, rng = int(eff.args["capacity_gpsv"]), eff.args.get("per_unit_gpsv"), eff.range or 0
            from lcb_lab.games.lcb import hexes as lcb_hexes
            hexes = [x.label for x in lcb_hexes.within(host.hex, rng)
                     if x.label in ctx.board.hexes and ctx.board.hex(x.label).has_land]
        picked, used = [], 0
        for u in aboard:
            g = space(ctx, u, per_card=1 if per is not None else None)
            if (per is None or ctx.utype(u).gpsv <= int(per)) and used + g <= cap:
                picked.append(u.uid)
                used += g
        if not picked:
            return []
        return [{"hex": h, "targets": tuple(picked)} for h in sorted(hexes, key=lambda h: (dist(host.hex, h), h))
                if not enemy_in(ctx, h, team) or eff.fn == "transport"][:MAX_HEXES]
    if eff.fn == "reinforce":
        rs = s.reinforcements.get(team, [])
        picked, used = [], 0
        for r in rs:
            g = _pool_gpsv(ctx, r)
            if used + g <= int(eff.args["capacity_gpsv"]):
                picked.append(r["uid"])
                used += g
        hexes = [h for h in ctx.board.hexes if _airfield(ctx, h)]
        return [{"hex": h, "targets": tuple(picked)} for h in sorted(hexes)] if picked else []
    if eff.fn == "sealift":
        ports = sorted(h for h in ctx.board.hexes if _port(ctx, h, bool(eff.args.get("small_port"))))
        out = []
        for a in ports:
            us = [u for u in s.units_in(a, team) if not ctx.is_naval(u) and not (u.acted or u.expended or u.no_move)]
            picked, used = [], 0
            for u in sorted(us, key=lambda u: u.uid):
                if used + space(ctx, u) <= int(eff.args["capacity_gpsv"]):
                    picked.append(u.uid)
                    used += space(ctx, u)
            out += [{"hex": b, "targets": tuple(picked)} for b in ports if b != a and picked]
        return out[:MAX_HEXES]
    if eff.fn == "littoral_move":
        out = []
        for h in sorted({u.hex for u in s.living(team) if u.on_map}):
            if not coastal(ctx, h):
                continue
            us = [u for u in s.units_in(h, team) if not ctx.is_naval(u) and not (u.acted or u.expended or u.no_move)]
            picked, used = [], 0
            for u in sorted(us, key=lambda u: u.uid):
                if used + space(ctx, u) <= int(eff.args["capacity_gpsv"]):
                    picked.append(u.uid)
                    used += space(ctx, u)
            if picked:
                out.append({"hex": h, "targets": tuple(picked)})
        return out[:MAX_HEXES]
    return []
