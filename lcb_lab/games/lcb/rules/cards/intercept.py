"""Which IAMD units may INTERCEPT a card in a response window (9.011, 9.012, 7.510, 7.512).

A card with the INTERCEPT symbol may be INTERCEPTed by IAMD units with its target hex in range
(9.011; 7.53's distance test does not apply to a card, 7.53 DN); not when it acts off-map --
it targets the Tactical Network, a card or nothing, or it is itself answering a card (9.012);
only BMD values answer a BMD-only card, from anywhere on the map (7.510), and only values of
at least ``intercept_min_cv`` (9.011).  The values are the unit type's and those of its
Attached cards (9.33; BMD when the card's effect has ``args.bmd``).
"""
from __future__ import annotations

from typing import Iterator

from lcb_lab.games.lcb import observer
from lcb_lab.games.lcb.choice_options import CardInterceptor
from lcb_lab.kernel.errors import UnknownName
from lcb_lab.games.lcb.model.state import CardPlay, Unit, other
from lcb_lab.games.lcb.rules.cards import ftr_nullify
from lcb_lab.games.lcb.rules.common import Ctx, dist, supply_left
from lcb_lab.games.lcb.rules.cards.ftr_nullify import kind
from lcb_lab.games.lcb.rules.combat.intercept_pause import counter_reach
from lcb_lab.games.lcb.rules.optional import interoperability as interop


def _pending(ctx: Ctx, team: str) -> list[CardPlay]:
    return [x for x in ctx.state.chain if x.team == team and x.status == "pending"]


def target_hex(ctx: Ctx, link: CardPlay) -> str | None:
    """The hex INTERCEPT range is measured to (9.011): the link's hex, else its first target
    unit's; None when the card is off-map (9.012: the Tactical Network, a card, no target)."""
    if kind(link) != "play":
        return None
    card = ctx.state.cards[link.card]
    eff = ctx.ctype(card).effect(link.option)
    if eff.target in ("network", "enemy_card", "own_card", "none"):
        return None
    if link.hex:
        return link.hex
    for t in link.targets:
        u = ctx.state.units.get(t)
        if u is not None and u.hex is not None:
            return u.hex
        if t and "-" in t and t not in ctx.state.cards:
            return t
    return None


def iamd_values(ctx: Ctx, team: str) -> list[dict]:
    """Every INTERCEPT value of ``team``'s units on the map: the unit type's and its Attached
    cards' (9.33): ``{"uid", "slot", "source", "cv", "range", "left" (None: infinite), "bmd",
    "paralysed"}``; an Attached card's value has ``source`` (its cid) and ``card_slot`` (its slot
    on the card; ``slot`` is ``"<cid>:<slot>"`` when the unit has a value of that slot itself).
    Its supply is the card's own (9.33: ``Card.supply``, full until first spent)."""
    out = []
    attached: dict[str, list] = {}        # host -> its Attached cards, in card order
    for card in ctx.state.cards.values():
        if card.where == "attached" and card.host is not None:
            attached.setdefault(card.host, []).append(card)
    units = ctx.catalog.units
    for u in ctx.state.units.values():      # state.living(team), on the map
        if u.team != team or u.destroyed or u.hex is None:
            continue
        t = units.get(u.type_id)
        ints = (t if t is not None else ctx.utype(u)).cvs_of("INT")
        hosted = attached.get(u.uid, ())
        if not ints and not hosted:         # no INTERCEPT value of its own, no card to lend one
            continue
        for cv in ints:
            out.append({"uid": u.uid, "slot": cv.slot, "source": None, "cv": cv.value, "range": cv.range,
                        "left": supply_left(ctx, u, cv.slot), "bmd": False, "paralysed": u.paralysed})
        for card in hosted:
            try:
                ct = ctx.ctype(card)
            except UnknownName:            # not in the game's decks: no value to use
                continue
            bmd = any(e.args.get("bmd") for e in ct.effects)
            own = {cv.slot for cv in ints}
            for cv in ct.cvs:
                if cv.kind == "INT":
                    left = None if cv.supply is None else card.supply.get(cv.slot, cv.supply)
                    slot = f"{card.cid}:{cv.slot}" if cv.slot in own else cv.slot
                    out.append({"uid": u.uid, "slot": slot, "card_slot": cv.slot, "source": card.cid,
                                "cv": cv.value, "range": cv.range, "left": left, "bmd": bmd,
                                "paralysed": u.paralysed})
    return out


def refusal(ctx: Ctx, v: dict, target: CardPlay) -> tuple[str, str]:
    """Why IAMD value ``v`` (one of :func:`iamd_values`) may not INTERCEPT card link ``target``:
    ``(rule, reason)`` -- e.g. ``("9.011", "... has no INTERCEPT symbol")`` (9.011, 9.012, 13.25, 7.510,
    7.58; range in hexes) -- or ``("", "")`` when it may."""
    why, ct = _link_refusal(ctx, target)
    return why if why[0] else _value_refusal(ctx, v, target, ct)


def _link_refusal(ctx: Ctx, target: CardPlay) -> tuple[tuple[str, str], object]:
    """The part of :func:`refusal` that reads the link alone (the same for every IAMD value):
    ``((rule, reason) or ("", ""), the link card's type)``."""
    card = ftr_nullify.link_card(ctx, target)
    if card is None:
        return ("9.011", f"link {target.pid} is not a card"), None
    ct = ctx.ctype(card)
    if "intercept" not in ct.symbols and not ct.bmd_only:
        return ("9.011", f"{ct.name} has no INTERCEPT symbol"), ct
    if kind(target) != "play":
        return ("9.012", f"{ct.name} is answering a card here: it is off-map, not eligible for INTERCEPT"), ct
    m = ctx.state.card_markers.get(target.data.get("marker") or "")
    if m is not None and not m.revealed:
        return ("13.25", f"{ct.name}'s marker is concealed: only a revealed ISR marker may be INTERCEPTed"), ct
    return ("", ""), ct


def _value_refusal(ctx: Ctx, v: dict, target: CardPlay, ct) -> tuple[str, str]:
    """The part of :func:`refusal` that reads IAMD value ``v``, for a link :func:`_link_refusal` passed."""
    if v["paralysed"]:
        return "9.0", f"{v['uid']} may not act this turn (card effect)"
    if ct.bmd_only and not v["bmd"]:
        return "7.510", f"{ct.name} is answered only by BMD INTERCEPT"
    if v["bmd"] and not ct.bmd_only and "ballistic" not in ct.categories:
        return "7.510", "BMD INTERCEPT answers only ballistic cards or cards requiring BMD"
    if ct.intercept_min_cv and v["cv"] < ct.intercept_min_cv:
        return "9.011", f"{ct.name} needs an INTERCEPT CV of {ct.intercept_min_cv}+ ({v['uid']} has {v['cv']})"
    if not ct.bmd_only:          # 7.510: a BMD-only card is always susceptible, from anywhere on the map
        h = target_hex(ctx, target)
        if h is None:
            return "9.012", f"{ct.name} acts off-map here (no target hex): not eligible for INTERCEPT"
        d = dist(ctx.state.units[v["uid"]].hex, h)
        if v["range"] is not None and d > v["range"]:
            return "9.011", f"{v['uid']} is {d} hexes from {h}, beyond its INTERCEPT range {v['range']}"
    if v["left"] is not None and v["left"] <= 0:
        return "7.58", f"{v['uid']} has no {v['slot']} supply left"
    return "", ""


def options(ctx: Ctx, team: str) -> list[CardInterceptor]:
    """The INTERCEPTs ``team`` may add to the open chain (9.011, 7.5): one
    :class:`~lcb_lab.games.lcb.choice_options.CardInterceptor` per IAMD value and enemy card link not yet
    answered by it (``max_dice``: supply left, 4 when infinite, 7.34; ``p_hit`` / ``p_detect``:
    chance of one d20; ``to``: the link's ``pid``)."""
    return list(iter_options(ctx, team))


def iter_options(ctx: Ctx, team: str) -> Iterator[CardInterceptor]:
    """:func:`options` one by one (whether there is any, without the rest; the state must not
    change meanwhile)."""
    links = [(t, ct) for t in _pending(ctx, other(team)) for why, ct in (_link_refusal(ctx, t),) if not why[0]]
    if not links:                           # no link may be INTERCEPTed: no value is read
        return
    mods = sum(val for _, val, _ in ftr_nullify.network_modifiers(ctx.state, team))
    values = iamd_values(ctx, team)         # read only below: the same for every link
    for t, ct in links:                     # the link's own refusal: the same for every value
        p_detect = None
        for v in values:
            if _value_refusal(ctx, v, t, ct)[0]:
                continue
            if any(kind(x) == "intercept" and x.data["uid"] == v["uid"] and t.pid in x.data["to"]
                   for x in ctx.state.chain):
                continue
            if p_detect is None:
                p_detect = ftr_nullify.p_of(ftr_nullify.detect_value(ctx, t))
            yield CardInterceptor(uid=v["uid"], slot=v["slot"], source=v["source"],
                                  max_dice=4 if v["left"] is None else v["left"],
                                  p_hit=ftr_nullify.p_of(max(0, v["cv"] + mods + _interop(ctx, v, t))),
                                  p_detect=p_detect, to=t.pid)


def _interop(ctx: Ctx, v: dict, t: CardPlay) -> int:
    """Optional rule 17.1: the change of IAMD value ``v`` defending another nation against ``t``."""
    if not ctx.state.optional_data:
        return 0
    return sum(val for _, val, _ in interop.card_intercept_modifiers(ctx, ctx.state.units.get(v["uid"]), t))


# ---------------------------------------------------------------- whether to ask: from the player's knowledge
def not_ruled_out(ctx: Ctx, player: str, links: list[CardPlay]) -> bool:
    """True when ``player`` cannot rule out that an IAMD unit of the other team INTERCEPTs one of
    its card ``links`` (9.011), from what it knows: the card's symbols, target hex and marker are
    its own; of the other team it judges the counters it sees on the map as
    :func:`lcb_lab.games.lcb.rules.combat.intercept_pause.counter_reach` does for an LRS (a back:
    any unit type that may stand there, with any card it may host; a face-up unit: its own
    values, any card it may host when it carries one; an unseen submarine: nothing, 14.03).
    A BMD-only card is answered from anywhere on the map (7.510)."""
    s = ctx.state
    team = other(player)
    counters = [u for u in s.living(team) if u.on_map and not observer.hidden_sub(u, ctx.catalog, player)]
    counters += [m for m in s.markers.values() if m.team == team and not m.destroyed and m.hex]
    for t in links:
        card = ftr_nullify.link_card(ctx, t)
        if card is None or kind(t) != "play":
            continue
        ct = ctx.ctype(card)
        m = s.card_markers.get(t.data.get("marker") or "")
        if ("intercept" not in ct.symbols and not ct.bmd_only) or (m is not None and not m.revealed):
            continue
        h = None if ct.bmd_only else target_hex(ctx, t)
        values: list = []                   # the other team's IAMD values, read once when needed
        if (ct.bmd_only or h is not None) and any(_may_reach(ctx, player, c, t, h, values) for c in counters):
            return True
    return False


def _may_reach(ctx: Ctx, player: str, c, t: CardPlay, h: str | None, values: list | None = None) -> bool:
    """Whether ``player`` cannot rule out counter ``c`` INTERCEPTing link ``t`` at hex ``h``
    (None: from anywhere, 7.510).  ``values``: :func:`iamd_values` of ``c``'s team once read
    (an empty list is filled on first use; the state does not change meanwhile)."""
    d = 0 if h is None else dist(c.hex, h)
    if d <= counter_reach(ctx, player, c):
        return True
    # its own eligible values too: in a legal state counter_reach already counts them
    if not isinstance(c, Unit):
        return False
    if values is None:
        values = iamd_values(ctx, c.team)
    elif not values:
        values += iamd_values(ctx, c.team) or [None]      # [None]: read, and there is none
    return any(v is not None and v["uid"] == c.uid and not refusal(ctx, v, t)[0] for v in values)
