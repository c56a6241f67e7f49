"""Amphibious landing through a card's ISR marker (12.2, 12.21-12.27, 12.53; App. B: Amphibious: LCU).

An Amphibious card (``transport`` effect: ``capacity_gpsv``, ``mp``, ``range``, ``rp`` -- the
effect's args or the card's fields) is Embarked on its host ship (10.22).  Its ISR marker is a
:class:`lcb_lab.games.lcb.model.state.CardMarker` (``kind`` "isr", ``host`` the ship, ``mp``, ``cargo`` the
units aboard, ``rp`` the RP cubes aboard, ``data["amphibious"]``):

* **first use** -- :class:`~lcb_lab.games.lcb.actions.PlayCard` through the host's Move and/or Play an
  Embarked Persistent JCC Core Action (1 AP, 11.1, 12.21): the marker is placed unrevealed in
  the host's hex (12.22: it originates there) and moves up to ``mp`` hexes traced through water
  (naval or mixed hexes), never beyond ``range`` from the host (12.25), into ``hex``.  With
  ``targets`` Embarked on the host (12.05) it carries them: into a coastal hex (land and water,
  not red; it may be contested, 12.21) they land at once (the App. B landing), into a naval hex
  they stay aboard the marker.  With ``targets`` ashore in a coastal ``hex`` the marker picks
  them up (shore to ship, 12.53; units that acted may not be carried, 12.08).  Option ``rp``
  (12.26): ``N`` RP (target ``"rp:N"``, default the card's) are deducted from the host's RP at
  once and shuttled as cubes; delivered at once to a friendly unit named in a coastal ``hex``;
* **later** -- the marker's free action (:class:`~lcb_lab.games.lcb.actions.MarkerAction`, 12.21, 13.21;
  :mod:`lcb_lab.games.lcb.rules.transport.marker_action`) in an impulse of the host's Task Force: it moves along ``path`` (once per impulse, up to its
  MP, 12.22; within range, 12.25) and then ``then`` = ``"unload"`` (cargo ashore / RP to the
  unit named, 12.21, 12.26), ``"load"`` (the named units in its coastal hex come aboard,
  12.53) or ``"reembark"`` (its path ends in the host's hex: the marker leaves the map and its
  cargo goes to the Embark Area, 12.27; the card stays deployed);
* enemy mines (13.33-13.36, 13.38): both moves are traced hex by hex (the first use's path:
  :func:`first_path`) and :func:`walk_mines` stops the marker where it enters (or leaves) a hex
  with enemy mines; the owner's ``mine_attack`` choice targets the marker (by its back when face
  down; the cargo is off the map), hits go through :func:`lcb_lab.games.lcb.rules.markers.isr.hit` (the cargo is
  lost with it, 12.06).  Once answered (:data:`lcb_lab.games.lcb.rules.markers.mines.RESUMES` ``landing_first``:
  :func:`resume_first`; ``landing_step``: :func:`lcb_lab.games.lcb.rules.transport.marker_action.resume_step`), a surviving marker goes on along the rest of its path (:func:`go_on`: 13.34 stops the
  move only "until resolved"; more mines stop it again), then lands / unloads / loads /
  re-embarks at its end.  Friendly mines do nothing;
* an enemy naval ZOR reveals it (12.23); it has no ZOR of its own; a revealed marker may be the
  target of LRS (12.24) and, discarded, takes its cargo with it (12.06):
  :mod:`lcb_lab.games.lcb.rules.transport.exposed`.

Landed units: :func:`lcb_lab.games.lcb.rules.transport.disembark.disembark` (face down, MP spent, expended, 12.07).
A marker whose host ship is lost leaves the map with its card (10.311 discards every Embarked
card of a sunk ship; :func:`lcb_lab.games.lcb.rules.combat.destruction.card_gone`, lcb_lab's reading of facts
6.31), and the units aboard are lost with it (12.06).
Room aboard the host on re-embarking: :func:`lcb_lab.games.lcb.rules.embarking.embark.check_fits` (10.21).
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from lcb_lab.kernel import explain
from lcb_lab.kernel.errors import IllegalAction
from lcb_lab.games.lcb.model.state import other
from lcb_lab.games.lcb.rules.markers import placement
from lcb_lab.games.lcb.rules.cards.effects import _rolled
from lcb_lab.games.lcb.rules.common import Ctx, dist, living_unit, names
from lcb_lab.games.lcb.rules.transport.cargo import board, check_pickup, coastal, deliver, rp_token, space
from lcb_lab.games.lcb.rules.transport.exposed import reveal_by_enemy_zor
from lcb_lab.games.lcb.rules.optional import preload
from lcb_lab.games.lcb.rules.optional.switches import is_on

if TYPE_CHECKING:
    from lcb_lab.games.lcb.model.cards import CardType, Effect
    from lcb_lab.games.lcb.model.state import Card, CardMarker, CardPlay


# ---------------------------------------------------------------- small queries
def _params(ct, eff) -> tuple[int, int, int | None]:
    cap = eff.args.get("capacity_gpsv", ct.capacity_gpsv)
    mp = eff.args.get("mp", ct.mp)
    rng = eff.args.get("range", eff.range)
    return int(cap or 0), int(mp or 0), (None if rng is None else int(rng))


def marker_of(ctx: Ctx, cid: str) -> CardMarker | None:
    """The card's ISR marker on the map, or None."""
    return next((m for m in ctx.state.card_markers.values() if m.card == cid and m.kind == "isr"), None)


def stamp(ctx: Ctx) -> list:
    """The current impulse as ``[turn, impulse number]`` (markers move once per impulse, 12.22)."""
    return [ctx.state.turn, len(ctx.state.tf_order)]


# ---------------------------------------------------------------- the first use (PlayCard)
def check(ctx: Ctx, card: Card, ct: CardType, eff: Effect, targets: list[str], hex_: str | None) -> dict:
    """The plan of a first use, or IllegalAction (10.0, 10.1, 12.0x, 12.2x):
    ``{"host", "mode" ("land" | "pickup" | "rp"), "units", "dest", "start", "rp", "to"}``."""
    if card.where != "embarked" or not card.host:
        raise IllegalAction("12.21", f"{ct.name} transports from its host ship: it must be Embarked")
    host = living_unit(ctx, card.host, "10.0")
    if host.hex is None:
        raise IllegalAction("12.04", f"{host.uid} is not on the map")
    if marker_of(ctx, card.cid) is not None:
        raise IllegalAction("12.21", f"{ct.name}'s ISR marker is on the map: it moves and acts by its free "
                            "marker action (MarkerAction), not by playing the card again")
    if not hex_:
        raise IllegalAction("12.21", "name the hex the ISR marker moves into (hex=...)")
    if hex_ not in ctx.board:
        raise IllegalAction("12.21", f"{hex_!r} is not a hex of the map")
    dest = ctx.board.canonical(hex_)
    cap, mp, rng = _params(ct, eff)
    start = host.hex
    reach = ctx.board.naval_reach(start, mp)
    if dest not in reach:
        raise IllegalAction("12.22", f"{dest} is not within {mp} MP of {start} through water: the ISR marker "
                            f"has {mp} MP")
    if rng is not None and dist(start, dest) > rng:
        raise IllegalAction("12.25", f"{dest} is beyond {ct.name}'s range of {rng} from {host.uid}")
    if ctx.board.hex(dest).mp_cost is None:
        raise IllegalAction("12.21", f"{dest} is a red hex: no landing craft enters it")
    names_, n_rp = rp_token(list(targets))
    plan = {"host": host, "dest": dest, "start": start, "units": [], "rp": 0, "to": None}
    if "rp" in eff.args:
        plan["mode"] = "rp"
        _preload_check(ctx, card, "rp", [])
        want = n_rp if n_rp is not None else min(int(eff.args["rp"]), host.supply.get("RP", 0))
        if want > int(eff.args["rp"]):
            raise IllegalAction("12.26", f"{ct.name} carries at most {eff.args['rp']} RP")
        if want < 1 or host.supply.get("RP", 0) < want:
            raise IllegalAction("12.26", f"{host.uid} has {host.supply.get('RP', 0)} RP: the RP carried are "
                                "deducted from the host ship")
        plan["rp"] = want
        if names_:
            u = ctx.state.units.get(names_[0])
            if len(names_) > 1 or u is None or u.destroyed or u.team != card.team or u.hex != dest \
                    or not coastal(ctx, dest):
                raise IllegalAction("12.26", "the RP go to ONE friendly unit in the marker's coastal hex")
            plan["to"] = u
        return plan
    if not names_:
        raise IllegalAction("12.21", "name the units the ISR marker carries (targets=...)")
    aboard = [ctx.state.units.get(t) for t in names_]
    aboard = [u if u is not None and u.team == card.team else None for u in aboard]   # 6.11: one refusal
    if all(u is not None and u.embarked_on == host.uid and not u.destroyed for u in aboard):
        plan["mode"], units = "land", aboard
        if ctx.board.hex(dest).has_land and not coastal(ctx, dest):
            raise IllegalAction("12.21", f"{dest} is not an eligible coastal hex (land and water, not red)")
    elif all(u is not None and u.hex == dest for u in aboard):
        if not coastal(ctx, dest):
            raise IllegalAction("12.53", f"{dest} is not a coastal hex: the ISR marker picks units up there")
        plan["mode"], units = "pickup", check_pickup(ctx, card.team, names_, dest, "12.53")
    else:
        bad = next(t for t, u in zip(names_, aboard) if u is None or u.embarked_on != host.uid)
        raise IllegalAction("10.0", f"{bad} is not Embarked on {host.uid} (nor ashore in {dest})")
    gpsv = sum(space(ctx, u) for u in units)
    if gpsv > cap:
        raise IllegalAction("12.03", f"{names(units)} need {gpsv} GPSV; {ct.name} carries {cap}")
    _preload_check(ctx, card, plan["mode"], [u.uid for u in units])
    plan["units"] = units
    return plan


def _preload_check(ctx: Ctx, card: Card, mode: str, uids: list[str]) -> None:
    """Optional rule 17.62: a pre-loaded craft carries exactly its pre-load; no craft takes another's."""
    if is_on(ctx.state, "17.6") and ctx.state.preloaded:
        preload.check_first_use(ctx, card, mode, uids)
        preload.refuse_taken_off(ctx, uids, by_card=card.cid)


def land(ctx: Ctx, link: CardPlay, ct: CardType, eff: Effect) -> bool:
    """Carry out the first use (module doc); the checks ran when the card was played."""
    card = ctx.card(link.card)
    plan = check(ctx, card, ct, eff, link.targets, link.hex)
    host, dest, start = plan["host"], plan["dest"], plan["start"]
    cap, mp, rng = _params(ct, eff)
    m = placement.new_marker(ctx, "isr", card.team, card.cid, start, revealed=False)
    m.host, m.mp, m.moved, m.hp = host.uid, mp, True, ct.hits    # hits to discard it (12.24, 9.04)
    m.data = {"amphibious": True, "naval": True, "capacity_gpsv": cap, "range": rng, "moved_at": stamp(ctx),
              "name": ct.name, "task_force": host.task_force}
    path = first_path(ctx, m, start, dest, mp, rng)
    stop = walk_mines(ctx, m, path)
    if stop is not None:                       # 13.33, 13.34, 13.36: enemy mines stop the marker
        return _stopped_first(ctx, m, plan, ct, stop, path)
    m.hex = dest
    if ctx.state.preloaded:
        preload.spent(ctx, card.cid)          # 17.62: the pre-load has left with its craft
    if plan["mode"] == "land" and coastal(ctx, dest):
        from lcb_lab.games.lcb.rules.transport.disembark import disembark
        disembark(ctx, host, plan["units"], dest, f" [{ct.name}: its ISR marker moves {start} -> {dest}]",
                   ["12.21", "12.22", "5.19"])
        reveal_by_enemy_zor(ctx, m, [start, dest])
        return True
    tag = f"{ct.name}: its ISR marker is placed face down in {start} (12.21) and moves to {dest}"
    if plan["mode"] == "rp":
        host.supply = {**host.supply, "RP": host.supply.get("RP", 0) - plan["rp"]}
        m.rp = plan["rp"]
        ctx.log(explain.step("transport", f"{ct.name} shuttles {plan['rp']} RP",
                             f"deducted from {host.uid} at once ({host.supply['RP']} RP left); {tag}",
                             ["12.26", "12.21", "12.22"]), team=card.team, about={"cargo": m.mid})
        if plan["to"] is not None:
            deliver(ctx, m, plan["to"])
    else:
        for u in plan["units"]:
            board(ctx, m, u)
        what = "picks up" if plan["mode"] == "pickup" else "carries"
        ctx.log(explain.step("transport", f"{ct.name} {what} {names(plan['units'])}",
                             tag + ("" if plan["mode"] == "pickup" else " with the units aboard (12.05)"),
                             ["12.05", "12.21", "12.22"] + (["12.53"] if plan["mode"] == "pickup" else [])),
                team=card.team, about={"cargo": m.mid})
    ctx.log(explain.step("transport", f"An ISR marker in {dest}", "a landing craft's marker, face down",
                         ["12.21"]), team=card.team, hex=dest)
    reveal_by_enemy_zor(ctx, m, [start, dest])
    return True


def first_path(ctx: Ctx, m: CardMarker, start: str, dest: str, mp: int, rng: int | None) -> list[str]:
    """The hexes the marker's first move traces from ``start`` to ``dest`` (12.22): through water,
    never red, within ``rng`` of the host, at most ``mp`` hexes.  The PlayCard names only the
    destination, so lcb_lab picks the path: fewest enemy mined hexes its team KNOWS of (revealed
    mines; secret ones are unknown to it, 13.37), then shortest, then first by hex label."""
    from lcb_lab.games.lcb.rules.markers.mines import mine_in
    foe = other(m.team)

    def known(h):
        x = mine_in(ctx, h, foe)
        return 1 if x is not None and x.revealed else 0
    best = {start: (0, [])}
    layer = dict(best)
    for _ in range(max(mp, 0)):
        nxt: dict = {}
        for h, (k, path) in sorted(layer.items()):
            for n in sorted(ctx.board.naval_neighbours(h)):
                if ctx.board.hex(n).mp_cost is None or (rng is not None and dist(start, n) > rng):
                    continue
                cand = (k + known(n), path + [n])
                if n not in nxt or (cand[0], cand[1]) < (nxt[n][0], nxt[n][1]):
                    nxt[n] = cand
        for h, c in nxt.items():
            if h not in best or (c[0], len(c[1])) < (best[h][0], len(best[h][1])):
                best[h] = c
        layer = nxt
    return best[dest][1] if dest in best else [dest]


def walk_mines(ctx: Ctx, m: CardMarker, path: list[str], entered: list[str] | None = None) -> tuple[str, str] | None:
    """Step marker ``m`` along ``path`` hex by hex (13.33-13.36, as the generic marker move of
    :func:`lcb_lab.games.lcb.rules.markers.free_actions.marker_action_act` does): leaving a mined hex it stood in,
    or entering one, stops it there -- returns ``(hex, event)`` with the marker in that hex;
    else None with the marker at the path's end.  ``entered``: hexes entered earlier in this
    move, not "left" again (facts §6.29).  The first use passes none: a marker leaving its
    host's mined hex triggers those mines (13.33 "leaving"; lcb_lab's reading)."""
    from lcb_lab.games.lcb.rules.markers import mines
    entered = list(entered or [])
    for h in path:
        ev = mines.on_step(ctx, [m], m.hex, h, set(entered))
        if ev == "enters":
            m.hex = h
        if ev is not None:
            return m.hex, ev
        m.hex = h
        entered.append(h)
    return None


def stopped_at(path: list[str], stop: tuple[str, str]) -> dict:
    """Where a marker's move along ``path`` goes on once the mines that stopped it at ``stop``
    (``(hex, event)`` of :func:`walk_mines`) are resolved (13.34): ``{"rest": the hexes still to
    go, "entered": the hexes entered or left so far, not to trigger again (facts §6.29)}``."""
    h = stop[0]
    i = path.index(h) + 1 if h in path else 0
    return {"rest": list(path[i:]), "entered": list(path[:i]) or [h]}


def go_on(ctx: Ctx, m: CardMarker, p: dict) -> bool:
    """A landing craft's marker stopped by mines goes on along the rest of its move once they
    are resolved (13.34: movement stops "until resolved"): ``p`` is the mines' pending (its
    ``rest`` and ``entered``, :func:`stopped_at`).  Returns True when mines stop it again (their
    owner's ``mine_attack`` choice pushed with the same pending), False once it stands at its
    path's end."""
    from lcb_lab.games.lcb.rules.markers import mines
    rest = list(p.get("rest") or [])
    if not rest:
        return False
    here = m.hex
    stop = walk_mines(ctx, m, rest, list(p.get("entered") or []))
    passed = rest[:rest.index(m.hex) + 1] if m.hex in rest else []
    ctx.log(explain.step("transport", f"{m.mid} goes on {here} -> {m.hex}", "the mines are resolved (13.34)"
                         + (f"; stopped by mines in {m.hex} until they are resolved" if stop else ""), ["13.34"]),
            team=m.team, about={"cargo": m.mid})
    reveal_by_enemy_zor(ctx, m, passed)
    if stop is None:
        return False
    mines.trigger_at(ctx, stop[0], [m], stop[1], dict(p, **stopped_at(rest, stop)))
    return True


def _stopped_first(ctx: Ctx, m, plan: dict, ct, stop: tuple[str, str], path: list[str]) -> bool:
    """The first use stopped by enemy mines (13.34): the cargo stays aboard the marker in the
    mined hex (12.05) while the owner's ``mine_attack`` choice is open; once answered, a
    surviving marker goes on to its destination (:func:`go_on`, 13.34) and carries out the
    landing / delivery / pick-up there (:func:`resume_first`)."""
    from lcb_lab.games.lcb.rules.markers import mines
    host, h, ev = plan["host"], stop[0], stop[1]
    if plan["mode"] == "rp":
        host.supply = {**host.supply, "RP": host.supply.get("RP", 0) - plan["rp"]}
        m.rp = plan["rp"]
    elif plan["mode"] == "land":
        for u in plan["units"]:
            board(ctx, m, u)
    ctx.log(explain.step("transport", f"{ct.name}: its ISR marker moves {plan['start']} -> "
                         f"{' -> '.join(path[:path.index(h) + 1] if h in path else [h])}",
                         f"placed face down in {plan['start']} (12.21); stopped by mines in {h} until they are "
                         "resolved (13.34)" + (f", {names(plan['units'])} aboard" if plan["mode"] == "land" else "")
                         + (f", {m.rp} RP aboard" if m.rp else ""), ["12.21", "12.22", "13.34"]),
            team=m.team, about={"cargo": m.mid})
    reveal_by_enemy_zor(ctx, m, [plan["start"]] + (path[:path.index(h) + 1] if h in path else [h]))
    mines.trigger_at(ctx, h, [m], ev, {"resume": "landing_first", "marker": m.mid, "mode": plan["mode"],
                                       "dest": plan["dest"], "host": host.uid,
                                       "to": plan["to"].uid if plan["to"] is not None else None,
                                       "pickup": [u.uid for u in plan["units"]] if plan["mode"] == "pickup" else [],
                                       **stopped_at(path, stop)})
    return True


def resume_first(ctx: Ctx, p: dict) -> None:
    """After the mines of a first use are resolved (13.34): see :func:`_stopped_first`."""
    m = ctx.state.card_markers.get(p["marker"])
    if m is None:
        return                                 # sunk by the mines: its cargo went with it (12.06)
    if go_on(ctx, m, p):
        return                                 # stopped again on its way (13.34)
    placement.contact(ctx, m.hex)
    name = m.data.get("name", m.mid)
    host = ctx.state.units.get(p.get("host") or "")
    if p["mode"] == "land" and m.cargo and coastal(ctx, m.hex):
        from lcb_lab.games.lcb.rules.transport.disembark import disembark
        units = [ctx.state.units[u] for u in m.cargo]
        m.cargo = []
        disembark(ctx, host, units, m.hex, f" [{name}: its ISR marker, once the mines were resolved]",
                   ["12.21", "12.22", "13.34", "5.19"])
    elif p["mode"] == "rp" and p.get("to"):
        u = ctx.state.units.get(p["to"])
        if u is not None and not u.destroyed and u.hex == m.hex:
            deliver(ctx, m, u)
    elif p["mode"] == "pickup":
        units = [ctx.state.units[u] for u in p.get("pickup", [])
                 if not ctx.state.units[u].destroyed and ctx.state.units[u].hex == m.hex]
        for u in units:
            board(ctx, m, u)
        if units:
            ctx.log(explain.step("transport", f"{name} picks up {names(units)}", f"in {m.hex} (12.53)",
                                 ["12.53"]), team=m.team, about={"cargo": m.mid})


def transport(ctx: Ctx, link: CardPlay, ct: CardType, eff: Effect) -> bool:
    """Amphibious landing / shuttle through the card's ISR marker (the module doc)."""
    if not _rolled(ctx, link, ct, eff):
        return False
    return land(ctx, link, ct, eff)
