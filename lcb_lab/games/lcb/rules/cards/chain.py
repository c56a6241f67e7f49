"""Resolving a card chain (9.42-9.47, 9.010, 7.512): the ORDER of the steps.

:func:`resolve` is called by :mod:`lcb_lab.games.lcb.rules.cards.responses` once a window is passed (or nobody
may answer).  Links and their shapes: :mod:`lcb_lab.games.lcb.rules.cards.responses`; the rolls and what a
success does: :mod:`lcb_lab.games.lcb.rules.cards.ftr_nullify`.

Order: links with the preempt flag (``args.preempt``, 9.47) first; then escorts take the enemy
FTR NULLIFY cards aimed at what they escort
(:func:`lcb_lab.games.lcb.rules.cards.own_impulse.escort_targets`) and the opposed FTR NULLIFY
engagements are resolved (9.46; :func:`lcb_lab.games.lcb.rules.cards.ftr_nullify.engage`);
then every link from the LAST to the first (9.46; an escort just before the enemy links it
engages, :func:`_order`): a response attacks its targets in order -- links of one team from
one answer that attack the same target form a joint attack: their DETECT rolls first, then
their rolls in link order, INTERCEPT last (9.46 ex. 6 and Rebecca's) -- and a surviving
``play`` link's effect runs (:func:`lcb_lab.games.lcb.rules.cards.use.finish`).  Responders
are expended or discarded whatever happened (9.43); a ``target`` link (a deployed card aimed
at) and an escort that engaged nothing are not.  An FTR NULLIFY card targeted by an enemy FTR
NULLIFY card fights back when it has a target to spare (9.46 bullets), against one opponent
only (9.44); one aimed at by an own-impulse FTR NULLIFY and answering it fights that one
engagement (:func:`_aimed_at_card`).
"""
from __future__ import annotations

from lcb_lab.kernel import explain
from lcb_lab.games.lcb.model.state import CardPlay
from lcb_lab.games.lcb.rules.cards import ftr_nullify
from lcb_lab.games.lcb.rules.cards.own_impulse import escort_targets
from lcb_lab.games.lcb.rules.cards.use import after_use, finish
from lcb_lab.games.lcb.rules.common import Ctx
from lcb_lab.games.lcb.rules.cards.ftr_nullify import kind


def resolve(ctx: Ctx) -> None:
    """Resolve the open chain (order in the module doc), then close it."""
    chain = ctx.state.chain
    for link in chain:
        if kind(link) not in ("play", "target") and _preempts(ctx, link) and link.status == "pending":
            ctx.log(explain.step("chain", f"{ftr_nullify.name(ctx, link)} resolves first", "it preempts (9.47)", ["9.47"]))
            _attack_all(ctx, link)
    escort_targets(ctx)
    _fight_back(ctx)
    for a, b in _engagements(ctx):
        if a.status == "pending" and b.status == "pending":
            ftr_nullify.engage(ctx, a, b)
    for link in _order(chain):
        if kind(link) == "play":
            if link.status == "pending":
                finish(ctx, link)
            else:
                _fate_stopped(ctx, link)
        else:
            _attack_all(ctx, link)
    for link in chain:
        card = ftr_nullify.link_card(ctx, link)
        if kind(link) == "target" or (link.data.get("escort") and not link.data["to"]):
            continue                                  # aimed at only / an escort that engaged no card: not used
        if kind(link) != "play" and card is not None and card.in_play:
            after_use(ctx, card)                      # 9.43: regardless of success
            if link.status == "pending":
                link.status = "resolved"
        elif kind(link) == "intercept" and link.status == "pending":
            link.status = "resolved"
    _mark_actions(ctx)
    ctx.state.chain = []


def _order(chain: list[CardPlay]) -> list[CardPlay]:
    """The links from the last to the first (9.46), each escort moved to just before the first
    of the enemy links it engages: it meets those fighters before they reach the card it
    escorts, as a counter added after them would (9.46 ex. 3)."""
    order = list(reversed(chain))
    for e in [x for x in chain if x.data.get("escort") and x.data.get("to")]:
        order.remove(e)
        first = max(e.data["to"])
        order.insert(next(i for i, x in enumerate(order) if x.pid == first), e)
    return order


def _mark_actions(ctx: Ctx) -> None:
    """Each declared Play a JCC action that paid for a link is used up (3.31)."""
    imp = ctx.state.impulse
    if imp is None:
        return
    for link in ctx.state.chain:
        d = next((d for d in imp.actions if link.aid is not None and d.aid == link.aid), None)
        if d is not None and d.played is None:
            d.played = link.card


def _preempts(ctx: Ctx, link: CardPlay) -> bool:
    card = ftr_nullify.link_card(ctx, link)
    return card is not None and bool(ctx.ctype(card).effect(link.option).args.get("preempt"))


def _fate_stopped(ctx: Ctx, link: CardPlay) -> None:
    """A played card whose use was stopped: spent like a used card (9.21, 9.07) if still in play."""
    card = ftr_nullify.link_card(ctx, link)
    if card is not None and card.in_play:
        after_use(ctx, card)


def _fight_back(ctx: Ctx) -> None:
    """An FTR NULLIFY link targeted by an enemy FTR NULLIFY link fights it first when it has a
    target to spare (9.46), against one opponent only (9.44)."""
    chain = ctx.state.chain
    for y in reversed(chain):
        if kind(y) != "ftr_nullify":
            continue
        for pid in y.data["to"]:
            x = ftr_nullify.by_pid(ctx, pid)
            if x is None or kind(x) != "ftr_nullify" or x.team == y.team or x.data.get("opposes"):
                continue
            _aimed_at_card(ctx, x, y)
            if y.pid in x.data["to"]:
                x.data["opposes"] = y.pid
                x.data["to"] = [y.pid] + [p for p in x.data["to"] if p != y.pid]
                continue
            lim = ftr_nullify.effect_of(ctx, x).max_targets
            if len(x.data["to"]) < lim:
                x.data["opposes"] = y.pid
                x.data["to"] = [y.pid] + x.data["to"]
                x.targets = [y.card] + x.targets
                ctx.log(explain.step("chain", f"{ftr_nullify.name(ctx, x)} fights {ftr_nullify.name(ctx, y)} first",
                                     "an FTR NULLIFY card must defeat the enemy FTR NULLIFY card targeting it "
                                     "before its other targets (9.46)", ["9.46"]))
        if y.data.get("opposes") is None:
            for pid in y.data["to"]:
                x = ftr_nullify.by_pid(ctx, pid)
                if x is not None and x.data.get("opposes") == y.pid:
                    y.data["opposes"] = x.pid
                    y.data["to"] = [x.pid] + [p for p in y.data["to"] if p != x.pid]
                    break


def _aimed_at_card(ctx: Ctx, x: CardPlay, y: CardPlay) -> None:
    """When ``x`` (an own-impulse FTR NULLIFY) is aimed at the deployed card that answers it as
    ``y``, its target is that answer: the two cards fight one engagement (9.44, 9.45 bullet 5)."""
    for pid in x.data["to"]:
        t = ftr_nullify.by_pid(ctx, pid)
        if t is not None and kind(t) == "target" and t.card == y.card:
            x.data["to"] = [y.pid if p == pid else p for p in x.data["to"]]
            t.status = "resolved"


def _engagements(ctx: Ctx) -> list[tuple[CardPlay, CardPlay]]:
    """Opposed pairs, the last first (9.46)."""
    out, seen = [], set()
    for y in reversed(ctx.state.chain):
        o = y.data.get("opposes")
        if o is None or y.pid in seen:
            continue
        x = ftr_nullify.by_pid(ctx, o)
        if x is not None and x.data.get("opposes") == y.pid:
            out.append((x, y))
            seen |= {x.pid, y.pid}
    return out


def _next_target(ctx: Ctx, link: CardPlay) -> CardPlay | None:
    done = link.data.get("done", [])
    for pid in link.data.get("to", []):
        if pid not in done:
            return ftr_nullify.by_pid(ctx, pid)
    return None


def _active(link: CardPlay) -> bool:
    return link.status == "pending" and not link.data.get("out")


def _attack_all(ctx: Ctx, link: CardPlay) -> None:
    """Let ``link`` (and the links attacking the same target with it) attack its targets in order."""
    while True:
        target = _next_target(ctx, link)
        if target is None:
            return
        if not _active(link):
            if kind(link) == "intercept":
                ftr_nullify.spend(ctx, link)
            return
        group = [x for x in ctx.state.chain if x.team == link.team and kind(x) != "play" and _active(x)
                 and x.data.get("window") == link.data.get("window") and _next_target(ctx, x) is target]
        _joint(ctx, group, target)


def _joint(ctx: Ctx, group: list[CardPlay], target: CardPlay) -> None:
    """One joint attack on ``target`` (9.46 ex. 6, 7): DETECT rolls, then each card's roll in link
    order, then the INTERCEPT dice together; an attempt on a target already stopped is spent."""
    cards = [x for x in group if kind(x) != "intercept"]
    units = [x for x in group if kind(x) == "intercept"]
    for x in group:
        x.data["done"] = x.data.get("done", []) + [target.pid]
    if target.status != "pending":
        for x in group:
            _spent(ctx, x, target)
        return
    seen = [x for x in cards if ftr_nullify.detect(ctx, x, target)]
    iamd = bool(units) and ftr_nullify.team_detect(ctx, units, target)
    for x in cards:
        if x not in seen:
            continue
        if target.status != "pending":
            _spent(ctx, x, target)
            continue
        ftr_kind = kind(x) == "ftr_nullify"
        if ftr_nullify.success_roll(ctx, x, target, "FTR NULLIFY" if ftr_kind else "NULLIFY"):
            if ftr_kind:
                ftr_nullify.hit_card(ctx, target, 1, f"FTR NULLIFIED by {ftr_nullify.name(ctx, x)}", "ftr_nullified", ["9.44"])
            elif kind(target) == "intercept":
                ftr_nullify.stop(ctx, target, "nullified", f"stopped by {ftr_nullify.name(ctx, x)}", ["9.24"])
            else:
                ftr_nullify.nullified(ctx, target, x)
    if not units:
        return
    if not iamd:
        ctx.log(explain.step("intercept", f"{units[0].team} IAMD fails to DETECT {ftr_nullify.name(ctx, target)}",
                             "no INTERCEPT of the card; the units may still INTERCEPT its attack (9.011)",
                             ["9.06", "9.011"]))
        return
    for u in units:
        ftr_nullify.spend(ctx, u)
    if target.status != "pending":
        for u in units:
            _spent(ctx, u, target)
        return
    hits = sum(ftr_nullify.intercept_hits(ctx, u, target) for u in units if u.status == "pending")
    if hits:
        ftr_nullify.hit_card(ctx, target, hits, f"INTERCEPTED by {', '.join(u.data['uid'] for u in units)}",
                     "intercepted", ["9.011", "7.512"])


def _spent(ctx: Ctx, link: CardPlay, target: CardPlay) -> None:
    if kind(link) == "intercept":
        ftr_nullify.spend(ctx, link)
    ctx.log(explain.step("chain", f"{ftr_nullify.name(ctx, link)} is spent on {ftr_nullify.name(ctx, target)}",
                         "its target was already stopped; the attempt is used up all the same",
                         ["9.46", "7.58"]), pid=link.pid)
