"""Amphibious landing through a card's ISR marker (12.2, 12.21-12.25; App. B: Amphibious: LCU).

The ``transport`` effect of an Embarked Amphibious card (its data: ``capacity_gpsv``, ``mp``,
``range`` -- the effect's args or the card's fields):

1. the card's ISR marker is placed unrevealed in its host ship's hex (12.21, 12.22: it
   originates in the host's hex), or starts from where it already stands (a deployed card);
2. it moves up to ``mp`` hexes (12.22; never farther than ``range`` from the host, 12.25) into
   a coastal hex (land and water, not red; it may be contested, 12.21);
3. the chosen units Embarked on the host, at most ``capacity_gpsv`` GPSV (10.1), disembark
   there face down; they cannot move further this turn (5.19, 12.07 -- as the scripted
   ``disembark`` did: lcb_lab's ``no_move`` + ``expended`` marks);
4. the card, Persistent, is deployed and expended for the Action Stage (9.21, App. B).

The ISR marker stays in the landing hex (re-embarking it, 12.27, and its resupply effect,
12.26, are not simulated in this version).
"""
from __future__ import annotations

from ..errors import IllegalAction
from . import card_markers
from .common import Ctx, dist, living_unit


def _params(ct, eff) -> tuple[int, int, int | None]:
    cap = eff.args.get("capacity_gpsv", ct.capacity_gpsv)
    mp = eff.args.get("mp", ct.mp)
    rng = eff.args.get("range", eff.range)
    return int(cap or 0), int(mp or 0), (None if rng is None else int(rng))


def marker_of(ctx: Ctx, cid: str):
    """The card's ISR marker on the map, or None."""
    return next((m for m in ctx.state.card_markers.values() if m.card == cid and m.kind == "isr"), None)


def check(ctx: Ctx, card, ct, eff, targets: list[str], hex_: str | None) -> tuple:
    """``(host, units, dest, start)`` of a landing, or IllegalAction (10.0, 10.1, 12.2x)."""
    if card.where != "embarked" or not card.host:
        raise IllegalAction("12.21", f"{ct.name} transports from its host ship: it must be Embarked")
    host = living_unit(ctx, card.host, "10.0")
    if not hex_:
        raise IllegalAction("12.21", "name the coastal hex the ISR marker moves into (hex=...)")
    dest = ctx.board.canonical(hex_)
    info = ctx.board.hex(dest)
    if not (info.has_land and info.has_water) or info.mp_cost is None:
        raise IllegalAction("12.21", f"{dest} is not an eligible coastal hex (land and water, not red)")
    cap, mp, rng = _params(ct, eff)
    m = marker_of(ctx, card.cid)
    start = m.hex if m else host.hex
    if dist(start, dest) > mp:
        raise IllegalAction("12.22", f"{dest} is {dist(start, dest)} hexes from {start}: the ISR marker has {mp} MP")
    if rng is not None and dist(host.hex, dest) > rng:
        raise IllegalAction("12.25", f"{dest} is beyond {ct.name}'s range of {rng} from {host.uid}")
    units = []
    for uid in targets:
        u = living_unit(ctx, uid, "10.0")
        if u.embarked_on != host.uid:
            raise IllegalAction("10.0", f"{uid} is not Embarked on {host.uid}")
        units.append(u)
    if not units:
        raise IllegalAction("12.21", "name the Embarked units that land (targets=...)")
    gpsv = sum(ctx.utype(u).gpsv for u in units)
    if gpsv > cap:
        raise IllegalAction("10.1", f"{', '.join(targets)} need {gpsv} GPSV; {ct.name} carries {cap}")
    return host, units, dest, start


def land(ctx: Ctx, link, ct, eff) -> bool:
    """Carry out the landing (module doc); the checks ran when the card was played."""
    from .effects import _disembark
    card = ctx.card(link.card)
    host, units, dest, start = check(ctx, card, ct, eff, link.targets, link.hex)
    m = marker_of(ctx, card.cid) or card_markers.new_marker(ctx, "isr", card.team, card.cid, start, revealed=False)
    m.hex = dest
    _disembark(ctx, host, units, dest, f" [{ct.name}: its ISR marker moves {start} -> {dest}]",
               ["12.21", "12.22", "5.19"])
    return True
