"""The Aftermath Subphase (l.103-111), after a battle ends (or no defense was offered).

Both sides gain Fame equal to the cost of each opposing Battlelord or PUD they killed (l.103).
Then by result: a stalemate gives each side 1 more Fame and keeps the Mission card (l.105); a
retreat was paid at once (the text's "step 8" is the retreat, the ninth item, l.106 and l.95) and
keeps the Mission card; a vanquished attacker's Mission card is discarded (l.107).  With no
defense, or the defender defeated (its leader killed, or it retreated: reading), and the
attacker's squad alive, the objective Hotspot is deactivated (turned face down, l.108) and the
mission is scored: a Face Mission gains the Hotspot's revenue to the defender (l.109); a Regular
Mission succeeds when the squad holds two of the Mission card's skills (all of them when it lists
one) and a goal was targeted (l.110; the PUDs whose skills count are shown, turned face up:
reading; this game's missions aim at Hotspots, so the Secondary Goal
"any Hotspot" is always targeted).  A kept Mission card returns to the hand (reading).  Then the
attacker's next squad, or play passes left (l.111).
"""
from __future__ import annotations

from typing import Any

from lcb_lab.games.order_of_battle.flow import finish
from lcb_lab.games.order_of_battle.observer import note
from lcb_lab.games.order_of_battle.squads import attacking_squads
from lcb_lab.games.order_of_battle.state import Battle, Commander, Squad


def aftermath(g: Any) -> None:
    """Run the Aftermath of ``g.state.battle`` (module doc), end the battle, go on (l.111)."""
    s, b = g.state, g.state.battle
    for side in (b.attacker, b.defender):
        gain = sum(g.cards[n].cost for n in b.killed.get(side, []))
        if gain:
            s.commanders[side].fame += gain
            note(g, "fame", f"{side} gains {gain} Fame, the cost of {', '.join(b.killed[side])} killed", ["l.103"])
    me, q = s.commanders[b.attacker], s.squads.get(b.squad)
    if b.attacker in b.dead:
        if b.card:
            me.fame_deck.discard.append(b.card)
        note(g, "aftermath", f"{b.attacker} is vanquished" + (f": Mission card {b.card} is discarded" if b.card else ""),
             ["l.107"])
    elif b.result == "stalemate":
        for side in (b.attacker, b.defender):
            s.commanders[side].fame += 1
        _keep(g, me, b, "Stalemate: each side gains 1 more Fame", "l.105")
    elif b.result == f"retreat {b.attacker}":
        _keep(g, me, b, f"{b.attacker} retreated, paying at the retreat (l.95)", "l.106")
    else:                       # no defense, or the defender defeated: killed or retreated
        _objective(g, me, q, b)
    if q is not None:
        q.done = True
    g.state.battle = None
    who = s.pending[0]
    if attacking_squads(g, who):
        return
    note(g, "pass", f"{who} has no other Face or Regular Mission squad: play passes left", ["l.111"])
    finish(g, who)


def _keep(g: Any, me: Commander, b: Battle, what: str, rule: str) -> None:
    if b.card:
        me.hand.append(b.card)
    note(g, "aftermath", what + (f"; Mission card {b.card} is not discarded" if b.card else ""), [rule],
         team=me.name, about={"hand": me.name} if b.card else None,
         public=what + ("; the Mission card is not discarded" if b.card else ""))


def _objective(g: Any, me: Commander, q: Squad, b: Battle) -> None:
    """Deactivate the objective Hotspot (l.108) and score the mission (l.109, l.110)."""
    opp = g.state.commanders[b.defender]
    h = opp.asset(b.target)
    if h.face_up:
        h.face_up = False
        note(g, "deactivate", f"{b.defender}'s {h.card} ({h.id}) is deactivated (turned face down)", ["l.108"],
             "no revenue from it until it is reactivated in the Hotspot Phase")
    spot = g.cards[h.card]
    if b.mission == "face":
        gain = spot.revenue(opp.affiliation)
        me.fame += gain
        note(g, "fame", f"Face Mission: {b.attacker} gains {gain} Fame, the revenue {h.card} supplies "
             f"{b.defender} in a turn", ["l.109"])
        return
    mission = g.cards[b.card]
    held = set(g.cards[me.asset(q.leader).card].skills)
    for aid in q.puds:
        pud = me.asset(aid)
        if set(g.cards[pud.card].skills) & set(mission.skills):
            held |= set(g.cards[pud.card].skills)
            pud.face_up = True          # shown to meet the prerequisites (reading)
    need = min(2, len(mission.skills))
    has = sorted(held & set(mission.skills))
    if len(has) < need:
        me.fame_deck.discard.append(b.card)
        note(g, "mission", f"Regular Mission {b.card} fails: the squad holds {', '.join(has) or 'none'} of "
             f"{', '.join(mission.skills)}, {need} needed; the card is discarded", ["l.110"])
        return
    primary = spot.sector == mission.primary_sector
    gain = mission.primary_fame if primary else mission.secondary_fame
    me.fame += gain
    me.completed.append(b.card)
    me.asset(q.leader).missions.append(b.card)
    note(g, "mission", f"Regular Mission {b.card} succeeds ({'Primary' if primary else 'Secondary'} Goal): "
         f"{b.attacker} gains {gain} Fame; the card goes under {me.asset(q.leader).card}", ["l.110"],
         f"skills held: {', '.join(has)} ({need} of {', '.join(mission.skills)} needed)")
