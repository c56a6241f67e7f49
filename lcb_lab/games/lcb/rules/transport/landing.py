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
* **later** -- the marker's free action (:class:`~lcb_lab.games.lcb.actions.MarkerAction`, 12.21, 13.21)
  in an impulse of the host's Task Force: it moves along ``path`` (once per impulse, up to its
  MP, 12.22; within range, 12.25) and then ``then`` = ``"unload"`` (cargo ashore / RP to the
  unit named, 12.21, 12.26), ``"load"`` (the named units in its coastal hex come aboard,
  12.53) or ``"reembark"`` (its path ends in the host's hex: the marker leaves the map and its
  cargo goes to the Embark Area, 12.27; the card stays deployed);
* enemy mines (13.33-13.36, 13.38): both moves are traced hex by hex (the first use's path:
  :func:`first_path`) and :func:`walk_mines` stops the marker where it enters (or leaves) a hex
  with enemy mines; the owner's ``mine_attack`` choice targets the marker (by its back when face
  down; the cargo is off the map), hits go through :func:`lcb_lab.games.lcb.rules.markers.isr.hit` (the cargo is
  lost with it, 12.06).  Once answered (:data:`lcb_lab.games.lcb.rules.markers.mines.RESUMES` ``landing_first`` /
  ``landing_step``), a surviving marker that stopped at its path's end lands / unloads / loads /
  re-embarks there; one stopped short of it stays in the mined hex with its cargo aboard (its
  move ends there, as a generic marker's does; lcb_lab's reading).  Friendly mines do nothing;
* an enemy naval ZOR reveals it (12.23, :func:`reveal_by_zor`, called by the naval ZOR); it has
  no ZOR of its own; a revealed marker may be the target of LRS (12.24) and, discarded, takes
  its cargo with it (12.06, :func:`discard`).

Landed units: :func:`lcb_lab.games.lcb.rules.cards.scripted._disembark` (face down, MP spent, expended, 12.07).
A marker whose host ship is lost leaves the map with its card (10.311 discards every Embarked
card of a sunk ship; :func:`lcb_lab.games.lcb.rules.combat.destruction.card_gone`, lcb_lab's reading of facts
6.31), and the units aboard are lost with it (12.06).
Room aboard the host on re-embarking: :func:`lcb_lab.games.lcb.rules.embarking.embark.check_fits` (10.21).
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Collection, Iterable

from lcb_lab.kernel import explain
from lcb_lab.kernel.errors import IllegalAction
from lcb_lab.games.lcb.model.state import Unit, other
from lcb_lab.games.lcb.rules.markers import placement as card_markers
from lcb_lab.games.lcb.rules.cards.effects import _rolled
from lcb_lab.games.lcb.rules.common import Ctx, dist, living_unit, max_supply, names, supply_left

if TYPE_CHECKING:
    from lcb_lab.games.lcb.actions import MarkerAction
    from lcb_lab.games.lcb.model.cards import CardType, Effect
    from lcb_lab.games.lcb.model.state import Card, CardMarker, CardPlay
    from lcb_lab.games.lcb.rules.common import GameLike
    from types import SimpleNamespace


# ---------------------------------------------------------------- small queries
def _params(ct, eff) -> tuple[int, int, int | None]:
    cap = eff.args.get("capacity_gpsv", ct.capacity_gpsv)
    mp = eff.args.get("mp", ct.mp)
    rng = eff.args.get("range", eff.range)
    return int(cap or 0), int(mp or 0), (None if rng is None else int(rng))


def marker_of(ctx: Ctx, cid: str) -> CardMarker | None:
    """The card's ISR marker on the map, or None."""
    return next((m for m in ctx.state.card_markers.values() if m.card == cid and m.kind == "isr"), None)


def coastal(ctx: Ctx, h: str) -> bool:
    """A coastal hex a landing may use: land and water, not red (12.21)."""
    info = ctx.board.hex(h)
    return info.has_land and info.has_water and info.mp_cost is not None


def stamp(ctx: Ctx) -> list:
    """The current impulse as ``[turn, impulse number]`` (markers move once per impulse, 12.22)."""
    return [ctx.state.turn, len(ctx.state.tf_order)]


def space(ctx: Ctx, u: Unit, per_card: int | None = None, per_unit: int | None = None) -> int:
    """The GPSV a unit takes with its Attached cards (10.1; 12.1: ``per_unit`` / ``per_card``
    GPSV each when the transport card says so; else the unit's and the cards' own GPSV)."""
    n = per_unit if per_unit is not None else ctx.utype(u).gpsv
    for c in ctx.state.cards.values():
        if c.where == "attached" and c.host == u.uid and c.in_play:
            try:
                g = ctx.ctype(c).gpsv
            except Exception:              # a card outside the decks: no Space Value known
                g = None
            n += per_card if per_card is not None else (g or 0)
    return n


def rp_token(targets: list[str]) -> tuple[list[str], int | None]:
    """Split ``"rp:N"`` (the RP a resupply run carries) off the targets."""
    rest, n = [], None
    for t in targets:
        if isinstance(t, str) and t.lower().startswith("rp:"):
            try:
                n = int(t[3:])
            except ValueError:
                raise IllegalAction("12.26", f"{t!r}: write the RP carried as rp:<number>") from None
            if n < 1:
                raise IllegalAction("12.26", "carry at least 1 RP")
        else:
            rest.append(t)
    return rest, n


def check_pickup(ctx: Ctx, team: str, uids: list[str], where: str, rule: str) -> list:
    """Friendly ground units in ``where`` that may be carried: not expended by a Core Action
    already (12.08), not landed this turn (12.07)."""
    units = []
    for uid in uids:
        u = ctx.state.units.get(uid)
        if u is None or u.destroyed or u.team != team or u.hex != where:     # one message (6.11)
            raise IllegalAction(rule, f"{uid} is not a friendly unit in {where}")
        if ctx.is_naval(u):
            raise IllegalAction(rule, f"{uid} is a naval unit: only ground units are carried")
        if u.acted or u.expended or u.no_move:
            raise IllegalAction("12.08", f"{uid} has already acted (or landed) this turn: units that are "
                                "expended may not be picked up and carried")
        units.append(u)
    return units


def enemy_in(ctx: Ctx, h: str, team: str) -> bool:
    """Enemy units on the map in ``h`` (their counters -- backs included -- are seen, 6.11)."""
    return bool(ctx.state.units_in(h, other(team)))


def give_rp(ctx: Ctx, u: Unit, n: int, what: str, rules: list[str]) -> int:
    """``n`` RP to unit ``u``'s tracked supply (its CV slots in order, then its Attached cards'),
    never above a slot's starting supply (8.02, 9.33); the rest is lost (sandbox). Returns the RP
    taken."""
    from lcb_lab.games.lcb.rules.cards.effects import fill_supply
    parts, left = fill_supply(ctx, u, n)
    ctx.log(explain.step("resupply", f"{what} to {u.uid}",
                         ("; ".join(parts) or "nothing below its starting supply")
                         + (f"; {left} RP could not be taken and are lost" if left > 0 else ""), rules),
            team=u.team, unit=[u.uid])
    return n - left


def room(ctx: Ctx, u: Unit) -> int:
    """RP unit ``u`` can take before every tracked slot is full (8.02)."""
    from lcb_lab.games.lcb.rules.cards.effects import _tracked_slots
    total = 0
    for slot in _tracked_slots(ctx, u):
        have, cap = supply_left(ctx, u, slot), max_supply(ctx, u, slot)
        if have is not None and cap is not None:
            total += max(0, cap - have)
    return total


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
        raise IllegalAction("10.1", f"{names(units)} need {gpsv} GPSV; {ct.name} carries {cap}")
    plan["units"] = units
    return plan


def land(ctx: Ctx, link: CardPlay, ct: CardType, eff: Effect) -> bool:
    """Carry out the first use (module doc); the checks ran when the card was played."""
    card = ctx.card(link.card)
    plan = check(ctx, card, ct, eff, link.targets, link.hex)
    host, dest, start = plan["host"], plan["dest"], plan["start"]
    cap, mp, rng = _params(ct, eff)
    m = card_markers.new_marker(ctx, "isr", card.team, card.cid, start, revealed=False)
    m.host, m.mp, m.moved, m.hp = host.uid, mp, True, ct.hits    # hits to discard it (12.24, 9.04)
    m.data = {"amphibious": True, "naval": True, "capacity_gpsv": cap, "range": rng, "moved_at": stamp(ctx),
              "name": ct.name, "task_force": host.task_force}
    path = first_path(ctx, m, start, dest, mp, rng)
    stop = walk_mines(ctx, m, path)
    if stop is not None:                       # 13.33, 13.34, 13.36: enemy mines stop the marker
        return _stopped_first(ctx, m, plan, ct, stop, path)
    m.hex = dest
    if plan["mode"] == "land" and coastal(ctx, dest):
        from lcb_lab.games.lcb.rules.cards.scripted import _disembark
        _disembark(ctx, host, plan["units"], dest, f" [{ct.name}: its ISR marker moves {start} -> {dest}]",
                   ["12.21", "12.22", "5.19"])
        reveal_by_enemy_zor(ctx, m, [start, dest])
        return True
    tag = f"{ct.name}: its ISR marker is placed face down in {start} (12.21) and moves to {dest}"
    if plan["mode"] == "rp":
        host.supply["RP"] = host.supply.get("RP", 0) - plan["rp"]
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


def _stopped_first(ctx: Ctx, m, plan: dict, ct, stop: tuple[str, str], path: list[str]) -> bool:
    """The first use stopped by enemy mines (13.34): the cargo stays aboard the marker in the
    mined hex (12.05) while the owner's ``mine_attack`` choice is open; once answered, a
    surviving marker that stands in its destination carries out the landing / delivery /
    pick-up there (:func:`resume_first`); short of it, its move ends at sea with the cargo
    aboard (lcb_lab's reading of 13.34 for markers: "its move ends where mines stop it")."""
    from lcb_lab.games.lcb.rules.markers import mines
    host, h, ev = plan["host"], stop[0], stop[1]
    if plan["mode"] == "rp":
        host.supply["RP"] = host.supply.get("RP", 0) - plan["rp"]
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
                                       "pickup": [u.uid for u in plan["units"]] if plan["mode"] == "pickup" else []})
    return True


def resume_first(ctx: Ctx, p: dict) -> None:
    """After the mines of a first use are resolved (13.34): see :func:`_stopped_first`."""
    m = ctx.state.card_markers.get(p["marker"])
    if m is None:
        return                                 # sunk by the mines: its cargo went with it (12.06)
    card_markers.contact(ctx, m.hex)
    name = m.data.get("name", m.mid)
    if m.hex != p["dest"]:
        ctx.log(explain.step("transport", f"{name}'s marker stays in {m.hex}",
                             "the mines stopped its move short of its destination; its cargo stays aboard "
                             "(13.34, 12.05)", ["13.34", "12.05"]), team=m.team, about={"cargo": m.mid})
        return
    host = ctx.state.units.get(p.get("host") or "")
    if p["mode"] == "land" and m.cargo and coastal(ctx, m.hex):
        from lcb_lab.games.lcb.rules.cards.scripted import _disembark
        units = [ctx.state.units[u] for u in m.cargo]
        m.cargo = []
        _disembark(ctx, host, units, m.hex, f" [{name}: its ISR marker, once the mines were resolved]",
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


def resume_step(ctx: Ctx, p: dict) -> None:
    """After the mines met by a free marker move are resolved (13.34, 13.36): a surviving
    marker that reached its path's end takes its step there (unload / load / reembark); one
    stopped short of it stays there, its cargo aboard (lcb_lab's reading, as for the first use)."""
    from types import SimpleNamespace
    m = ctx.state.card_markers.get(p["marker"])
    if m is None:
        return
    card_markers.contact(ctx, m.hex)
    then = p.get("then", "none")
    if m.hex != p.get("dest") or then in ("none", "_transport_move"):
        if m.hex != p.get("dest"):
            ctx.log(explain.step("transport", f"{m.mid} stays in {m.hex}", "the mines stopped its move short of "
                                 f"{p.get('dest')}; its cargo stays aboard and its {then} is not taken (13.34)",
                                 ["13.34"]), team=m.team, about={"cargo": m.mid})
        return
    fn = {"unload": step_unload, "load": step_load, "reembark": step_reembark}.get(then)
    try:
        fn(ctx, m, SimpleNamespace(marker=m.mid, path=(), then=then, targets=tuple(p.get("targets", ())),
                                   hex=p.get("hex"), dice=0, action=None))
    except IllegalAction as e:
        ctx.log(explain.step("transport", f"{m.mid} cannot {then} in {m.hex}", str(e), [e.rule]),
                team=m.team, about={"cargo": m.mid})


def transport(ctx: Ctx, link: CardPlay, ct: CardType, eff: Effect) -> bool:
    """Amphibious landing / shuttle through the card's ISR marker (the module doc)."""
    if not _rolled(ctx, link, ct, eff):
        return False
    return land(ctx, link, ct, eff)


def board(ctx: Ctx, m: CardMarker, u: Unit) -> None:
    """Unit ``u`` goes aboard marker ``m`` (off the map, listed in its cargo; 12.05, 12.53)."""
    u.hex, u.embarked_on = None, None
    if u.uid not in m.cargo:
        m.cargo.append(u.uid)


def deliver(ctx: Ctx, m: CardMarker, u: Unit) -> None:
    """The marker's RP cubes to friendly unit ``u`` in its coastal hex (12.26): into its tracked
    supply, never above the starting supply (8.02); RP it cannot take are lost (sandbox)."""
    n, m.rp = m.rp, 0
    give_rp(ctx, u, n, f"{m.data.get('name', m.mid)}'s {n} RP", ["12.26", "8.02"])


# ---------------------------------------------------------------- the free marker action
def _marker(ctx: Ctx, mid: str):
    m = ctx.state.card_markers.get(mid)
    if m is None or not m.data.get("amphibious") and not m.data.get("littoral"):
        raise IllegalAction("13.21", f"{mid!r} is not a transport marker on the map")
    return m


def move(ctx: Ctx, m: CardMarker, path: list[str], rule: str = "12.22", then: str = "none", targets: Iterable[str] = (), hex_: str | None = None) -> bool:
    """Move marker ``m`` along ``path`` (the hexes after its own): once per impulse (12.22), one
    MP per hex through water (naval or mixed, never red), at most its MP (per impulse; a
    Littoral Movement marker per turn, 12.43), never beyond its range from the host (12.25).
    Stepped hex by hex: enemy mines it enters or leaves stop it there (13.33-13.36,
    :func:`walk_mines`) and a ``mine_attack`` choice is pushed; returns True then (the caller
    stops; ``then`` / ``targets`` / ``hex_``: the step :func:`resume_step` takes afterwards)."""
    if not path:
        return False
    imp = ctx.state.impulse
    if m.data.get("moved_at") == stamp(ctx):
        raise IllegalAction("12.22", f"{m.mid} has moved this impulse: an ISR marker moves once per impulse")
    left = m.mp
    if m.data.get("littoral"):
        used = m.data.get("mp_used", 0) if m.data.get("mp_turn") == ctx.state.turn else 0
        left = m.mp - used
    if len(path) > left:
        raise IllegalAction(rule, f"{m.mid} has {left} MP left: {len(path)} hexes are too far")
    host = ctx.state.units.get(m.host or "")
    rng = m.data.get("range")
    at = m.hex
    for h in path:
        if h not in ctx.board:
            raise IllegalAction(rule, f"{h!r} is not a hex of the map")
        h = ctx.board.canonical(h)
        if h not in ctx.board.naval_neighbours(at):
            raise IllegalAction(rule, f"{at} -> {h}: an ISR marker moves hex by hex through water")
        if ctx.board.hex(h).mp_cost is None:
            raise IllegalAction(rule, f"{h} is a red hex")
        if rng is not None and host is not None and host.hex and dist(host.hex, h) > rng:
            raise IllegalAction("12.25", f"{h} is beyond {rng} hexes of {host.uid}: the marker never goes "
                                "beyond its card's range from its host")
        at = h
    hexes = [ctx.board.canonical(h) for h in path]
    start, m.moved = m.hex, True
    m.data["moved_at"] = stamp(ctx)
    if m.data.get("littoral"):
        m.data["mp_turn"] = ctx.state.turn
        m.data["mp_used"] = (m.data.get("mp_used", 0) if m.data.get("mp_turn") == ctx.state.turn else 0) + len(path)
    stop = walk_mines(ctx, m, hexes)          # 13.33-13.36: hex by hex, stopped by enemy mines
    done = hexes[:hexes.index(m.hex) + 1] if stop is not None and m.hex in hexes else ([] if stop else hexes)
    ctx.log(explain.step("transport", f"{m.mid} moves {start} -> {m.hex}",
                         f"{len(done)} MP" + (f"; stopped by mines in {m.hex} until they are resolved (13.34)"
                                              if stop else ""), [rule] + (["13.34"] if stop else [])),
            team=m.team, about={"marker": m.mid})
    if imp is not None:
        reveal_by_enemy_zor(ctx, m, [start] + done)
    if stop is not None:
        from lcb_lab.games.lcb.rules.markers import mines
        mines.trigger_at(ctx, stop[0], [m], stop[1], {"resume": "landing_step", "marker": m.mid, "then": then,
                                                      "dest": at, "targets": list(targets), "hex": hex_})
        return True
    return False


def check_free(ctx: Ctx, m: CardMarker, a: MarkerAction | SimpleNamespace) -> None:
    """The free marker action may be taken now: the host's Task Force's impulse, no combat
    committed (3.38), the card deployed (12.21)."""
    imp = ctx.state.impulse
    if imp is None or ctx.state.stage != "action":
        raise IllegalAction("3.3", "a marker acts in an impulse of its team")
    if imp.combat is not None and imp.phase != "combat_done":
        raise IllegalAction("3.38", "combat has been committed: resolve it before anything else")
    if m.team != imp.team:
        raise IllegalAction("6.11", f"{m.mid} is not a marker of {imp.team}")
    tf = m.data.get("task_force")
    if tf and tf != imp.task_force:
        raise IllegalAction("10.36", f"{m.mid} belongs to {tf}'s card: only that Task Force uses it")
    if a.action is not None:
        raise IllegalAction("12.21", f"{m.mid}'s action is free once its card is deployed (action=None)")


def step_unload(ctx: Ctx, m: CardMarker, a: MarkerAction | SimpleNamespace) -> None:
    """``then="unload"``: the cargo lands in the marker's coastal hex (12.21, 12.07); its RP go
    to the friendly unit named in ``targets`` (12.26).  A Littoral Movement marker and its card
    are discarded once the units are ashore (12.43)."""
    if _moved(ctx, m, a):
        return
    if not coastal(ctx, m.hex):
        raise IllegalAction("12.21", f"{m.hex} is not an eligible coastal hex (land and water, not red)")
    if not m.cargo and not m.rp:
        raise IllegalAction("12.21", f"{m.mid} carries nothing")
    if m.rp:
        u = ctx.state.units.get(a.targets[0]) if a.targets else None
        if u is None or u.destroyed or len(a.targets) != 1 or u.team != m.team or u.hex != m.hex:
            raise IllegalAction("12.26", "the RP go to ONE friendly unit in the marker's coastal hex (targets=...)")
    if m.data.get("littoral") and m.data.get("pickup") == m.hex:
        raise IllegalAction("12.43", "the units land onto another coastal hex")
    host = ctx.state.units.get(m.host or "")
    units = [ctx.state.units[uid] for uid in m.cargo]
    m.cargo = []
    if units:
        from lcb_lab.games.lcb.rules.cards.scripted import _disembark
        _disembark(ctx, host, units, m.hex, f" [{m.data.get('name', m.mid)}: from its ISR marker {m.mid}]",
                   ["12.21", "12.07"] + (["12.43"] if m.data.get("littoral") else []))
    if m.rp:
        deliver(ctx, m, ctx.state.units[a.targets[0]])
    if m.data.get("littoral"):
        discard(ctx, m, "its units are ashore: the card and its marker are discarded", ["12.43"], lose_cargo=False)


def step_load(ctx: Ctx, m: CardMarker, a: MarkerAction | SimpleNamespace) -> None:
    """``then="load"``: friendly ground units in the marker's coastal hex come aboard (12.53;
    not units that acted, 12.08), within the card's capacity (10.1)."""
    if _moved(ctx, m, a):
        return
    if not coastal(ctx, m.hex):
        raise IllegalAction("12.53", f"{m.hex} is not a coastal hex")
    if not a.targets:
        raise IllegalAction("12.53", "name the units that come aboard (targets=...)")
    units = check_pickup(ctx, m.team, list(a.targets), m.hex, "12.53")
    cap = int(m.data.get("capacity_gpsv") or 0)
    held = sum(space(ctx, ctx.state.units[x]) for x in m.cargo)
    need = held + sum(space(ctx, u) for u in units)
    if need > cap:
        raise IllegalAction("10.1", f"{m.mid} would carry {need} GPSV; its card carries {cap}")
    for u in units:
        board(ctx, m, u)
    ctx.log(explain.step("transport", f"{m.mid} picks up {names(units)}", f"in {m.hex} (12.53)", ["12.53", "12.51"]),
            team=m.team, about={"cargo": m.mid})


def step_reembark(ctx: Ctx, m: CardMarker, a: MarkerAction | SimpleNamespace) -> None:
    """``then="reembark"``: the marker is in its host's hex; it leaves the map and its cargo goes
    to the host's Embark Area (12.27, 12.53); RP still aboard go back to the host (sandbox).
    The card stays deployed: its next use needs no AP (12.27)."""
    if _moved(ctx, m, a):
        return
    host = ctx.state.units.get(m.host or "")
    if host is None or host.destroyed or host.hex != m.hex:
        raise IllegalAction("12.27", f"{m.mid} re-embarks by moving into its host's hex")
    if m.data.get("littoral"):
        raise IllegalAction("12.43", "a Littoral Movement marker has no host ship")
    units = [ctx.state.units[uid] for uid in m.cargo]
    try:
        from lcb_lab.games.lcb.rules.embarking.embark import check_fits
    except ImportError:
        check_fits = None
    if check_fits is not None and units:
        check_fits(ctx, host.uid, units=[u.uid for u in units])
    for u in units:
        u.hex, u.embarked_on = None, host.uid
        u.no_move = u.expended = True                # carried: expended on arrival (12.08)
    if m.rp:
        host.supply["RP"] = host.supply.get("RP", 0) + m.rp
    del ctx.state.card_markers[m.mid]
    ctx.log(explain.step("transport", f"{m.data.get('name', m.mid)}'s marker re-embarks on {host.uid}",
                         (f"{names(units)} go to its Embark Area; " if units else "")
                         + "the card stays deployed (no AP for its next use)", ["12.27", "12.53"]),
            team=m.team, about={"cargo": m.mid})


def _moved(ctx: Ctx, m, a) -> bool:
    """Checks of a free action, then the marker's move along ``a.path`` (once per impulse).
    Returns True when enemy mines stopped it (the step waits for them, :func:`resume_step`)."""
    check_free(ctx, m, a)
    # the generic marker handler (markers part) may have moved it already: then it stands at the path's end
    if a.path and m.hex != ctx.board.canonical(a.path[-1]):
        return move(ctx, m, list(a.path), "12.43" if m.data.get("littoral") else "12.22",
                    getattr(a, "then", "none"), tuple(getattr(a, "targets", ()) or ()), getattr(a, "hex", None))
    return False


def step_none(ctx: Ctx, m: CardMarker, a: MarkerAction | SimpleNamespace) -> None:
    """``then="none"``: only the move."""
    if not a.path:
        raise IllegalAction("12.22", "name the path the marker moves along")
    _moved(ctx, m, a)


def marker_act(ctx: Ctx, a: MarkerAction) -> None:
    """A :class:`~lcb_lab.games.lcb.actions.MarkerAction` of a transport marker (module doc)."""
    m = _marker(ctx, a.marker)
    fn = {"unload": step_unload, "load": step_load, "reembark": step_reembark, "none": step_none}.get(a.then)
    if fn is None:
        raise IllegalAction("13.21", f"a landing craft's marker may unload, load, reembark or only move, not {a.then!r}")
    fn(ctx, m, a)


# ---------------------------------------------------------------- reveal and loss
def reveal_by_enemy_zor(ctx: Ctx, m: CardMarker, hexes: list[str]) -> None:
    """12.23: an enemy naval ZOR reaching a hex of the marker's move reveals it."""
    if m.revealed or not m.data.get("naval"):
        return
    from lcb_lab.games.lcb.rules.movement.conceal import naval_zor_hexes
    for e in ctx.state.living(other(m.team)):
        if e.on_map and ctx.is_naval(e):
            reach = naval_zor_hexes(ctx, e.hex)
            if any(h in reach for h in hexes):
                _reveal(ctx, m, e.uid)
                return


def reveal_by_zor(ctx: Ctx, ship: Unit, reach: Collection[str]) -> None:
    """12.23: ``ship``'s naval ZOR (the hexes ``reach``) reveals the enemy landing-craft markers
    in it (called by :func:`lcb_lab.games.lcb.rules.movement.conceal.apply_naval_zor`)."""
    for m in list(ctx.state.card_markers.values()):
        if m.team != ship.team and not m.revealed and m.data.get("naval") and m.hex in reach:
            _reveal(ctx, m, ship.uid)


def _reveal(ctx: Ctx, m, by: str) -> None:
    m.revealed = True
    ctx.log(explain.step("reveal", f"Revealed: {m.mid} ({m.data.get('name', 'ISR marker')}) in {m.hex}",
                         f"within {by}'s naval ZOR (a landing craft's marker has none of its own)", ["12.23", "6.23"]),
            hex=m.hex)


def discard(ctx: Ctx, m: CardMarker, why: str, rules: list[str], lose_cargo: bool = True) -> None:
    """Discard marker ``m`` (12.06): the units and RP aboard are lost with it; a Littoral
    Movement card goes back to the deck (12.43, 9.07); an Amphibious card is discarded (13.22)."""
    lost = [ctx.state.units[uid] for uid in m.cargo] if lose_cargo else []
    for u in lost:
        u.destroyed, u.hp = True, 0
    if lost:
        from lcb_lab.games.lcb.rules.combat.destruction import host_lost
        host_lost(ctx, lost)
        from lcb_lab.games.lcb.rules.stages.influence import on_kill
        by = other(m.team)
        ctx.state.kills[by] += len(lost)
        ctx.state.total_kills[by] += len(lost)
        on_kill(ctx, by, lost)                       # as combat.destroy does (15.0)
    m.cargo, m.rp = [], 0
    del ctx.state.card_markers[m.mid]
    card = ctx.state.cards.get(m.card)
    if card is not None and card.in_play:
        card.where, card.host, card.hex = "discarded", None, None
    ctx.log(explain.step("transport", f"{m.mid} is discarded" + (f" with {names(lost)}" if lost else ""),
                         why, ["12.06"] + rules), hex=m.hex)


def lrs_hit(ctx: Ctx, mid: str, hits: int, by_team: str) -> bool:
    """12.24: LRS hits on a revealed transport marker; at its HP it is discarded with its units
    (12.06).  Returns True when discarded."""
    m = ctx.state.card_markers.get(mid)
    if m is None or hits <= 0:
        return False
    if hits < m.hp:
        m.hp -= hits
        return False
    discard(ctx, m, f"hit by {by_team}'s LRS: the marker and everything aboard are lost", ["12.24"])
    return True


# ---------------------------------------------------------------- legal actions
def offers(game: GameLike) -> list:
    """The MarkerAction acts of the active impulse's transport markers: unload where it stands,
    re-embark in the host's hex, or move one hex toward land and unload (each tried by the rules)."""
    from lcb_lab.games.lcb import actions as A
    s = game.state
    imp = s.impulse
    if imp is None or s.chain or (imp.combat is not None and imp.phase != "combat_done"):
        return []
    ctx = game._ctx()
    out = []
    for m in s.card_markers.values():
        if m.team != imp.team or not (m.data.get("amphibious") or m.data.get("littoral")):
            continue
        cands = [A.MarkerAction(m.mid, then="unload"), A.MarkerAction(m.mid, then="reembark")]
        for h in ctx.board.naval_neighbours(m.hex):
            if coastal(ctx, h):
                cands.append(A.MarkerAction(m.mid, path=(h,), then="unload"))
        host = s.units.get(m.host or "")
        if host is not None and host.hex and host.hex in ctx.board.naval_neighbours(m.hex):
            cands.append(A.MarkerAction(m.mid, path=(host.hex,), then="reembark"))
        for a in cands:
            if game.is_legal(a):
                out.append(a)
    return out


def is_transport(m: CardMarker | None) -> bool:
    """A landing craft's (12.2) or Littoral Movement's (12.43) marker."""
    return bool(m is not None and (m.data.get("amphibious") or m.data.get("littoral")))
