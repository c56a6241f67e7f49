"""ROTARY WING (12.1, 12.11-12.13; shore to ship 12.52): the card effect ``rotary_lift`` (MEU
Rotary Lift), an Embarked Persistent card; ``hex`` within ``range`` of the host (12.04, hex 0).
``targets`` Embarked on the host land in ``hex`` (a friendly or unoccupied land hex, not red,
12.1); ``targets`` ashore in ``hex`` are lifted to the host's Embark Area (12.52).  Each unit at
most ``per_unit_gpsv`` GPSV, each Attached card 1 GPSV, in all at most ``capacity_gpsv`` (12.1).
With ``args.rp``: a resupply run (12.13) -- target one friendly unit in ``hex`` and ``"rp:N"``
(default: as much as the card, the host and the unit allow); the RP are deducted from the host's
``supply["RP"]`` (deducted when the effect resolves: a NULLIFIED run deducts nothing -- lcb_lab's
reading of "immediately").  Units that already acted may not be picked up (12.08).  INTERCEPT /
FTR NULLIFY successes remove GPSV or RP (12.11, 12.12:
:func:`lcb_lab.games.lcb.rules.transport.carrying.absorb_hits`).
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from lcb_lab.kernel import explain
from lcb_lab.kernel.errors import IllegalAction
from lcb_lab.games.lcb.rules.cards.effects import _rolled
from lcb_lab.games.lcb.rules.common import Ctx, dist, names
from lcb_lab.games.lcb.rules.optional import preload
from lcb_lab.games.lcb.rules.optional.switches import is_on
from lcb_lab.games.lcb.rules.transport.carrying import (check_friendly, destination, destroy_lost, hits, host_ship,
                                                         losses, own_unit)
from lcb_lab.games.lcb.rules.transport.cargo import check_pickup, give_rp, room, rp_token, space

if TYPE_CHECKING:
    from lcb_lab.games.lcb.model.cards import CardType, Effect
    from lcb_lab.games.lcb.model.state import Card, CardPlay
    from lcb_lab.games.lcb.rules.common import GameLike


def check_lift(ctx: Ctx, card: Card, ct: CardType, eff: Effect, targets: list[str], hex_: str | None) -> dict:
    """The plan of a rotary-wing lift or resupply run, or IllegalAction (12.04, 12.08, 12.1, 12.13, 12.52)."""
    host = host_ship(ctx, card, ct)
    dest = destination(ctx, hex_, "12.1")
    rng = eff.range if eff.range is not None else eff.args.get("range")
    if rng is not None and dist(host.hex, dest) > int(rng):
        raise IllegalAction("12.04", f"{dest} is {dist(host.hex, dest)} hexes from {host.uid} (hex 0); "
                            f"{ct.name} reaches {rng}")
    cap = int(eff.args["capacity_gpsv"])
    rest, n_rp = rp_token(list(targets))
    if "rp" in eff.args:
        if len(rest) != 1:
            raise IllegalAction("12.13", "a resupply run targets one friendly unit (and rp:<N>)")
        u = own_unit(ctx, rest[0], card.team)
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
    us = [own_unit(ctx, t, card.team) for t in rest]
    if len(set(rest)) != len(rest):
        raise IllegalAction("12.1", "a unit is named twice")
    if all(u is not None and not u.destroyed and u.embarked_on == host.uid for u in us):
        mode = "land"
        info = ctx.board.hex(dest)
        if not info.has_land or info.mp_cost is None:
            raise IllegalAction("12.1", f"{dest} is not a land hex a helicopter may land on (not red)")
        check_friendly(ctx, dest, card.team, "12.1", "a rotary-wing landing")
    elif all(u is not None and u.hex == dest for u in us):
        mode = "pickup"
        us = check_pickup(ctx, card.team, rest, dest, "12.52")
    else:
        bad = next(t for t, u in zip(rest, us) if u is None or u.embarked_on != host.uid)
        raise IllegalAction("10.0", f"{bad} is not Embarked on {host.uid} (nor a friendly unit in {dest})")
    if mode == "land" and ctx.state.preloaded and is_on(ctx.state, "17.6"):
        preload.refuse_taken_off(ctx, [u.uid for u in us])          # 17.62: a pre-load stays on its craft
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
    loss = hits(link) * int(eff.args.get("loss_per_hit", 0))
    host, dest = plan["host"], plan["dest"]
    if plan["mode"] == "rp":
        n = plan["rp"]
        host.supply = {**host.supply, "RP": host.supply["RP"] - n}
        got = max(0, n - loss)
        ctx.log(explain.step("transport", f"{ct.name} flies {n} RP from {host.uid}",
                             f"deducted from the host ({host.supply['RP']} RP left)"
                             + (f"; {min(n, loss)} lost to the enemy's successes" if loss else ""),
                             ["12.13"]), team=card.team, about={"unit": host.uid},   # a concealed host: its RP too
                public_title=f"{ct.name} flies RP", public_text="from its host")
        if got:
            give_rp(ctx, plan["to"], got, f"{ct.name}'s {got} RP", ["12.13", "8.02"])
        return True
    keep, lost = losses(ctx, plan["units"], lambda u: space(ctx, u, per_card=plan["per_card"]), loss)
    destroy_lost(ctx, lost, card.team, ct.name)
    if plan["mode"] == "land":
        if keep:
            from lcb_lab.games.lcb.rules.transport.disembark import disembark
            disembark(ctx, host, keep, dest, f" [{ct.name}: rotary-wing lift]", ["12.1", "12.07"])
        return True
    for u in keep:
        u.hex, u.embarked_on = None, host.uid
        u.no_move = u.expended = True                  # carried: expended on arrival (12.08)
    if keep:
        ctx.log(explain.step("transport", f"{ct.name} lifts {names(keep)} to {host.uid}",
                             "into its Embark Area (shore to ship)", ["12.52", "12.51"]),
                team=card.team, about={"cargo": card.cid})
    return True
