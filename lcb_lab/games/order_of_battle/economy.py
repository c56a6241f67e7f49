"""The money of a turn: the Draw Phase (l.17), the Revenue Phase (l.25), the Initiative Phase
(l.33), the Purchase Phase (l.39-45) and the Hotspot Phase (l.131-133).

Every draw goes through the kernel's :func:`~lcb_lab.kernel.dice.draw_from` on the Commander's
:class:`~lcb_lab.kernel.dice.Piles`: when the draw pile runs short, the cards left are drawn, the
discard pile is shuffled through the game's one Dice into a new draw pile and the draw goes on
(l.17, l.39).  Each handler checks first (an :class:`IllegalAction` leaves the state as it was),
then acts and logs each step with its line.
"""
from __future__ import annotations

from typing import Any

from lcb_lab.games.order_of_battle import actions as A
from lcb_lab.games.order_of_battle import chance
from lcb_lab.games.order_of_battle.flow import finish, next_phase
from lcb_lab.games.order_of_battle.observer import note
from lcb_lab.games.order_of_battle.state import Asset, Commander
from lcb_lab.kernel.dice import draw_from
from lcb_lab.kernel.errors import IllegalAction

AFFILIATIONS = ("legit", "criminal")


def acting(g: Any, phase: str, rule: str) -> Commander:
    """The Commander whose part of ``phase`` it is. Raises IllegalAction(rule) in another phase or
    while a skirmish question waits."""
    s = g.state
    if s.phase != phase or not s.pending or s.choices:
        raise IllegalAction(rule, f"this is the {s.phase} phase, not the {phase} phase")
    return s.commanders[s.pending[0]]


def draw_cards(g: Any, c: Commander, deck: str, n: int, rule: str) -> list[str]:
    """Draw up to ``n`` cards of ``c``'s ``deck`` (``"fame"`` / ``"fortune"``), reshuffling its
    discards when the pile runs short (logged, ``rule``); fewer when the whole deck holds fewer."""
    piles = c.fame_deck if deck == "fame" else c.fortune_deck
    n = min(n, len(piles.draw) + len(piles.discard))
    if n > len(piles.draw):
        note(g, "reshuffle", f"{c.name}'s {deck.title()} draw pile runs out: {len(piles.draw)} drawn, the "
             f"{len(piles.discard)} discards shuffled into a new draw pile", [rule])
    return draw_from(piles, n, g.dice, f"{c.name}'s {deck.title()} deck")


# ---------------------------------------------------------------- I. Draw Phase
def draw_fame(g: Any, a: A.DrawFame) -> None:
    """Free Fame cards up to the hand maximum, ``extra`` more at 1 Fame each (l.17). Raises
    IllegalAction("l.17") when ``extra`` exceeds the Fame the Commander has or the cards its Fame
    deck (draw and discard piles) holds beyond the free ones: no Fame is paid for a card not drawn."""
    c = acting(g, "draw", "l.17")
    if a.extra < 0 or a.extra > c.fame:
        raise IllegalAction("l.17", f"an extra Fame card costs one Fame Point each: {c.name} has {c.fame}, "
                            f"not enough for {a.extra}")
    free = max(0, g.cards.hand_max - len(c.hand))
    left = len(c.fame_deck.draw) + len(c.fame_deck.discard)
    if a.extra > max(0, left - free):
        raise IllegalAction("l.17", f"an extra Fame card is paid for as it is drawn: {c.name}'s Fame deck has "
                            f"{left} card(s) left, {min(free, left)} free, so no {a.extra} more to pay for")
    c.fame -= a.extra
    got = draw_cards(g, c, "fame", free + a.extra, "l.17")
    c.hand += got
    paid = f", {a.extra} more for {a.extra} Fame" if a.extra else ""
    note(g, "draw", f"{c.name} draws {len(got)} Fame card(s): {', '.join(got) or 'none'}", ["l.17"],
         f"{free} free up to the hand maximum of {g.cards.hand_max}{paid}", team=c.name, about={"hand": c.name},
         public=f"{c.name} draws {len(got)} Fame card(s) ({free} free{paid}); hand {len(c.hand)}")
    finish(g, c.name)


# ---------------------------------------------------------------- II. Revenue Phase
def collect_revenue(g: Any, a: A.CollectRevenue) -> None:
    """Total the active Hotspots' revenue for the chosen affiliation (l.25)."""
    c = acting(g, "revenue", "l.25")
    if a.affiliation not in AFFILIATIONS:
        raise IllegalAction("l.25", f"the affiliation is Legit or Criminal, not {a.affiliation!r}")
    spots = [x for x in c.display if x.kind == "hotspot" and x.face_up]
    c.affiliation = a.affiliation
    c.revenue = c.credits = sum(g.cards[x.card].revenue(a.affiliation) for x in spots)
    parts = " + ".join(f"{x.card} {g.cards[x.card].revenue(a.affiliation)}" for x in spots) or "no active Hotspot"
    note(g, "revenue", f"{c.name} ({a.affiliation.title()}): revenue {c.revenue} Credits", ["l.25"], parts)
    finish(g, c.name)


# ---------------------------------------------------------------- III. Initiative Phase
def open_initiative(g: Any) -> None:
    """Log the exact odds of the draw to come (l.33): the instructor's, each Commander its own card's."""
    s = g.state
    s.draws = {p: [] for p in s.seats}
    _odds(g, list(s.pending))


def _odds(g: Any, contenders: list[str]) -> None:
    s = g.state
    step = chance.initiative_step([s.commanders[p] for p in contenders], g.cards)
    e = note(g, "odds", f"Odds: {step.label}", ["l.33"], step.text())
    e["audience"] = []
    e["public_for"] = {p: {"title": f"Odds: {p}'s Initiative card", "text": chance.own_line(s.commanders[p], g.cards),
                           "rules": ["l.33"]} for p in contenders}


def draw_initiative(g: Any, a: A.DrawInitiative) -> None:
    """Draw one Fortune card; when every contender has drawn, the highest cost leads, ties are
    redrawn, and every card drawn is discarded (l.33)."""
    s = g.state
    c = acting(g, "initiative", "l.33")
    got = draw_cards(g, c, "fortune", 1, "l.33")
    s.draws[c.name].extend(got)
    card = got[0] if got else ""
    note(g, "initiative", f"{c.name} draws {card or 'no card'} (cost {g.cards[card].cost if card else 0})", ["l.33"])
    s.pending.remove(c.name)
    if not s.pending:
        _compare(g)


def _compare(g: Any) -> None:
    """Every contender has drawn: the highest cost of this round's cards leads; a tie is redrawn by
    the tied Commanders (while they have cards); the cards go to the discard piles at the end."""
    s = g.state
    rounds = max(len(v) for v in s.draws.values())
    contenders = [p for p in s.seats if rounds and len(s.draws[p]) == rounds]   # no card: out of the draw
    cost = {p: g.cards[s.draws[p][-1]].cost for p in contenders}
    best = max(cost.values(), default=0)
    top = [p for p in contenders if cost[p] == best] or [s.seats[0]]
    if len(top) > 1 and any(s.commanders[p].fortune_deck.draw or s.commanders[p].fortune_deck.discard for p in top):
        note(g, "initiative", f"Tie at cost {best}: {', '.join(top)} draw again", ["l.33"])
        s.pending = top
        _odds(g, top)
        return
    s.lead = top[0]
    for p, drawn in s.draws.items():
        s.commanders[p].fortune_deck.discard.extend(drawn)
    note(g, "initiative", f"{s.lead} is the Lead Commander (cost {best}); every card drawn is discarded", ["l.33"])
    s.draws = {}
    next_phase(g)


# ---------------------------------------------------------------- IV. Purchase Phase
def open_purchase(g: Any) -> None:
    """The Commander whose turn it is draws its Fortune maximum: the assets it may buy (l.39)."""
    c = g.state.commanders[g.state.pending[0]]
    p = chance.offer_chance(c, g.cards)
    e = note(g, "odds", f"Odds: {c.name}'s {g.cards.fortune_max} Fortune cards hold a Battlelord: {p:.1%}", ["l.39"],
             "from the composition of its own draw pile (hypergeometric)", chance=p)
    e["audience"] = [c.name]                          # its own pile: the others know nothing of it
    c.offer = draw_cards(g, c, "fortune", g.cards.fortune_max, "l.39")
    note(g, "offer", f"{c.name} draws {len(c.offer)} Fortune cards: {', '.join(c.offer)}", ["l.39", "l.41"],
         f"{c.credits} Credits to spend", team=c.name, about={"offer": c.name},
         public=f"{c.name} draws {len(c.offer)} Fortune cards to buy from")


def buy(g: Any, a: A.Buy) -> None:
    """Buy a drawn card: Battlelords, Equipment and Matrices face up, PUDs face down (l.41-43)."""
    c = acting(g, "purchase", "l.41")
    if a.card not in c.offer:
        raise IllegalAction("l.41", f"{a.card} is not among the Fortune cards {c.name} drew this turn")
    card = g.cards[a.card]
    if card.cost > c.credits:
        raise IllegalAction("l.41", f"{a.card} costs {card.cost} Credits and {c.name} has {c.credits}")
    c.offer.remove(a.card)
    c.credits -= card.cost
    aid = f"{c.name}-{c.next_id}"
    c.next_id += 1
    c.display.append(Asset(aid, a.card, card.kind, face_up=card.kind != "pud"))
    if card.kind == "pud":
        note(g, "buy", f"{c.name} buys {a.card} ({card.cost} Credits) as {aid}, activated face down",
             ["l.41", "l.43"], team=c.name, about=[{"asset": aid}, {"credits": c.name}],
             public=f"{c.name} buys a PUD, activated face down as {aid}")
    else:
        note(g, "buy", f"{c.name} buys {a.card} ({card.cost} Credits) as {aid}, face up", ["l.41", "l.43"])


def convert_fame(g: Any, a: A.ConvertFame) -> None:
    """Fame Points into Credits, one for one (l.41)."""
    c = acting(g, "purchase", "l.41")
    if a.fame < 1 or a.fame > c.fame:
        raise IllegalAction("l.41", f"{c.name} has {c.fame} Fame Points to convert, not {a.fame}")
    c.fame -= a.fame
    c.credits += a.fame
    note(g, "convert", f"{c.name} converts {a.fame} Fame into {a.fame} Credits", ["l.41"])


def end_purchase(g: Any, a: A.EndPurchase) -> None:
    """Discard the unpurchased cards; 2 Credits left make 1 Fame, the odd one is lost (l.41, l.45)."""
    c = acting(g, "purchase", "l.41")
    left, n = c.credits, len(c.offer)
    c.fortune_deck.discard.extend(c.offer)
    c.offer, c.fame, c.credits = [], c.fame + left // 2, 0
    note(g, "end_purchase", f"{c.name} ends its purchase: {n} card(s) discarded, {left // 2} Fame from the "
         f"Credits left, {left % 2} lost", ["l.41", "l.45"], "no Fortune hand is kept (l.41); two Credits per "
         "Fame Point, left-over Credits are lost (l.45)")
    finish(g, c.name)


# ---------------------------------------------------------------- IX. Hotspot Phase
def hotspot_cost(g: Any, c: Commander, card: str) -> int:
    """A Hotspot's activation cost: the revenue it provides per turn, for ``c``'s affiliation (l.131)."""
    return g.cards[card].revenue(c.affiliation)


def activate_hotspot(g: Any, a: A.ActivateHotspot) -> None:
    """Activate a Hotspot from the hand into the Command Display for its revenue in Fame (l.131)."""
    c = acting(g, "hotspot", "l.131")
    if a.card not in c.hand or g.cards[a.card].kind != "hotspot":
        raise IllegalAction("l.131", f"{c.name} holds no Hotspot {a.card} in its hand")
    cost = hotspot_cost(g, c, a.card)
    if cost > c.fame:
        raise IllegalAction("l.131", f"{a.card} costs {cost} Fame Points to activate and {c.name} has {c.fame}")
    c.hand.remove(a.card)
    c.fame -= cost
    aid = f"{c.name}-{c.next_id}"
    c.next_id += 1
    c.display.append(Asset(aid, a.card, "hotspot"))
    note(g, "hotspot", f"{c.name} activates {a.card} as {aid} for {cost} Fame", ["l.131"])


def reactivate(g: Any, a: A.Reactivate) -> None:
    """Reactivate a face-down Hotspot, paying its activation cost anew (l.133)."""
    c = acting(g, "hotspot", "l.133")
    x = c.asset(a.asset)
    if x is None or x.kind != "hotspot" or x.face_up:
        raise IllegalAction("l.133", f"{a.asset} is not a deactivated Hotspot of {c.name}")
    cost = hotspot_cost(g, c, x.card)
    if cost > c.fame:
        raise IllegalAction("l.133", f"reactivating {x.card} costs {cost} Fame Points and {c.name} has {c.fame}")
    c.fame -= cost
    x.face_up = True
    note(g, "hotspot", f"{c.name} reactivates {x.card} ({x.id}) for {cost} Fame", ["l.133"])


def done_hotspots(g: Any, a: A.DoneHotspots) -> None:
    """The Commander activates no more Hotspots this turn (l.131)."""
    c = acting(g, "hotspot", "l.131")
    note(g, "done", f"{c.name} is done with its Hotspots", ["l.131"])
    finish(g, c.name)
