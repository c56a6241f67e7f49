"""What a Commander may do now: :func:`legal_for` lists every act, each one checked by the same
rules the handler applies (an act a rule would refuse is not listed).  Nothing in a Commander's
list depends on what it may not know: only its own hand, offer, Credits and display, and the
public table."""
from __future__ import annotations

from typing import Any, Iterable

from lcb_lab.games.order_of_battle import actions as A
from lcb_lab.games.order_of_battle.economy import AFFILIATIONS, hotspot_cost
from lcb_lab.games.order_of_battle.skirmish import FORMS, check_placement, defenders
from lcb_lab.games.order_of_battle.squads import attacking_squads, check_mission, capacity
from lcb_lab.games.order_of_battle.state import Question, RoundCommit
from lcb_lab.kernel import choices as K
from lcb_lab.kernel.legal import passing

EXTRA_DRAWS = 2
"""The most extra Fame cards (1 Fame each, l.17) offered in one Draw: a listing bound, not a rule."""


def legal_for(g: Any, who: str) -> list:
    """Every act ``who`` may take now (module doc)."""
    s = g.state
    c = K.top(s.choices)
    if isinstance(c, RoundCommit):
        return _placements(g, who)
    if isinstance(c, Question):
        return _answers(g, c)
    me = s.commanders[who]
    phase = s.phase
    if phase == "draw":
        left = len(me.fame_deck.draw) + len(me.fame_deck.discard) - max(0, g.cards.hand_max - len(me.hand))
        return [A.DrawFame(k) for k in range(min(EXTRA_DRAWS, me.fame, max(0, left)) + 1)]
    if phase == "revenue":
        return [A.CollectRevenue(x) for x in AFFILIATIONS]
    if phase == "initiative":
        return [A.DrawInitiative()]
    if phase == "purchase":
        buys = [A.Buy(n) for n in dict.fromkeys(me.offer) if g.cards[n].cost <= me.credits]
        return [A.EndPurchase(), *buys] + ([A.ConvertFame(1)] if me.fame else [])
    if phase == "organization":
        return [A.DoneOrganizing(), *_organize(g, me)]
    if phase == "assignment":
        return [A.DoneAssigning(), *_missions(g, me)]
    if phase == "mission":
        return [A.Attack(q) for q in attacking_squads(g, who)]
    if phase == "hotspot":
        acts = [A.ActivateHotspot(n) for n in dict.fromkeys(me.hand)
                if g.cards[n].kind == "hotspot" and hotspot_cost(g, me, n) <= me.fame]
        acts += [A.Reactivate(x.id) for x in me.display if x.kind == "hotspot" and not x.face_up
                 and hotspot_cost(g, me, x.card) <= me.fame]
        return [A.DoneHotspots(), *acts]
    return []


def _organize(g: Any, me: Any) -> list:
    s = g.state
    mine = [q for q in s.squads.values() if q.owner == me.name]
    acts: list = [A.FormSquad(x.id) for x in me.display if x.kind in ("battlelord", "pud") and x.id not in s.squads]
    acts += [A.Disband(q.leader) for q in mine]
    for x in me.display:
        if x.kind not in ("pud", "equipment") or x.id in s.squads:
            continue
        if x.squad:
            acts.append(A.Reassign(x.id, ""))
        for q in mine:
            if q.leader == x.squad:
                continue
            lead = me.asset(q.leader)
            if x.kind == "pud" and len(q.puds) < capacity(g, me, q):
                acts.append(A.Reassign(x.id, q.leader))
            elif x.kind == "equipment" and lead.kind == "battlelord" and not any(
                    g.cards[me.asset(e).card].slot == g.cards[x.card].slot for e in q.equipment):
                acts.append(A.Reassign(x.id, q.leader))
    return acts


def _missions(g: Any, me: Any) -> list:
    s = g.state
    acts = []
    for q in s.squads.values():
        if q.owner != me.name or q.mission != "defense":
            continue
        for opp in s.seats:
            if opp == me.name:
                continue
            for h in s.commanders[opp].display:
                if h.kind == "hotspot" and h.face_up:
                    acts.append(A.AssignMission(q.leader, "face", opp, h.id))
                    acts += [A.AssignMission(q.leader, "regular", opp, h.id, n) for n in dict.fromkeys(me.hand)
                             if g.cards[n].kind == "mission"]
    return passing(acts, lambda a: check_mission(g, me, a))


def _answers(g: Any, c: Question) -> list:
    s, b = g.state, g.state.battle
    if c.question == "defend":
        return [A.OfferDefense(False)] + ([A.OfferDefense(True)] if defenders(g, c.player) else [])
    if c.question == "form":
        return [A.DeclareForm(f) for f in FORMS]
    if c.question == "squad":
        return [A.ChooseDefender(q) for q in defenders(g, c.player)]
    can = c.player != b.attacker or s.commanders[c.player].fame >= g.cards.retreat_fame
    return [A.Retreat(False)] + ([A.Retreat(True)] if can else [])


def _placements(g: Any, who: str) -> list:
    s, b = g.state, g.state.battle
    c = K.top(s.choices)
    if who not in c.answerers():
        return []
    me = s.commanders[who]
    battle = [()] + [(n,) for n in dict.fromkeys(me.hand) if g.cards[n].kind == "battle"]
    mats = [()] + [(x.id,) for x in me.display if x.kind == "matrix"]
    stack = b.stacks[who]
    orders = [()] + ([tuple(reversed(stack))] if b.round == 1 and len(stack) > 1 else [])
    acts = [A.PlaceFaceDown(who, o, bt, m) for o in orders for bt in battle for m in mats]
    return passing(acts, lambda a: check_placement(g, a))
