"""One skirmish round's reveal and resolution (l.93-94) and the next Supporting PUD (l.97).

A side's **attack total** is its leader's score in the battle's attack form, its Supporting PUD's
(the top of its stack), its Battle cards' attack and its Matrices' score in that form, and a
Battlelord's Equipment (one Weapon, one Armor, one Gizmo, l.94); its **defense total** is the same
with Defense scores.  Both sides compare at once (l.94): an attack total *greater than* the other
side's defense total kills that side's Supporting PUD, or, when it has none, its leader (a killing
blow).  Every Supporting Battle card is then discarded.  There is no die: the round is decided by
what was placed face down.
"""
from __future__ import annotations

from typing import Any

from lcb_lab.games.order_of_battle.observer import note
from lcb_lab.games.order_of_battle.state import Commander


def _leader_parts(g: Any, c: Commander, leader: str) -> list[str]:
    """The leader's card and, for a Battlelord, its Equipment cards."""
    q = g.state.squads[leader]
    return [c.asset(leader).card] + [c.asset(e).card for e in q.equipment]


def totals(g: Any, side: str, squad: str, placed: dict, form: str) -> tuple[int, int, list[str]]:
    """``(attack total, defense total, parts)`` of ``side`` this round (module doc); ``parts``
    words each term."""
    s, c = g.state, g.state.commanders[side]
    stack = s.battle.stacks[side]
    cards = _leader_parts(g, c, squad) + ([c.asset(stack[0]).card] if stack else [])
    cards += list(placed["battle"]) + [c.asset(m).card for m in placed["matrices"]]
    att = sum(g.cards[n].score(form) + g.cards[n].attack for n in cards)
    dfn = sum(g.cards[n].defense for n in cards)
    return att, dfn, cards


def resolve(g: Any, placed: dict[str, dict]) -> bool:
    """Reveal (l.93) and resolve (l.94) the round; True when a PUD or leader died."""
    s, b = g.state, g.state.battle
    sides = ((b.attacker, b.squad), (b.defender, b.dsquad))
    for side, _ in sides:
        c = s.commanders[side]
        stack = b.stacks[side]
        b.support[side] = stack[0] if stack else ""
        if stack:
            c.asset(stack[0]).face_up = True
        paid = sum(g.cards[c.asset(m).card].generate for m in placed[side]["matrices"])
        extra = max(0, len(placed[side]["battle"]) - 1)
        c.fame -= paid + extra
        sup = c.asset(stack[0]).card if stack else "no Supporting PUD"
        note(g, "reveal", f"{side} reveals {sup}; Battle cards {', '.join(placed[side]['battle']) or 'none'}; "
             f"Matrices {', '.join(c.asset(m).card for m in placed[side]['matrices']) or 'none'}",
             ["l.93"], f"{paid} Fame for the Matrices (sandbox sizes, l.93), {extra} for Battle cards after the "
             "first (l.91)")
    (a_att, a_def, a_parts), (d_att, d_def, d_parts) = (totals(g, p, q, placed[p], b.form) for p, q in sides)
    note(g, "totals", f"{b.form.title()}: {b.attacker} attacks {a_att} against defense {d_def}; {b.defender} "
         f"attacks {d_att} against defense {a_def}", ["l.94"],
         f"{b.attacker}: {' + '.join(a_parts)}; {b.defender}: {' + '.join(d_parts)}; computed at once (l.94)",
         attacker=[a_att, a_def], defender=[d_att, d_def])
    hits = [(b.defender, b.dsquad, b.attacker) if a_att > d_def else None,
            (b.attacker, b.squad, b.defender) if d_att > a_def else None]
    victims = [_victim(g, side, squad) for side, squad, _ in filter(None, hits)]
    for (side, squad, by), victim in zip(filter(None, hits), victims):
        _kill(g, side, squad, victim, by)
    for side, _ in sides:
        s.commanders[side].fame_deck.discard.extend(placed[side]["battle"])
    if not victims:
        note(g, "no_kill", f"No attack total beats a defense total: nobody dies (round {b.round})", ["l.94"])
    return bool(victims)


def _victim(g: Any, side: str, squad: str) -> str:
    stack = g.state.battle.stacks[side]
    return stack[0] if stack else squad


def _kill(g: Any, side: str, squad: str, victim: str, by: str) -> None:
    """``victim`` (a Supporting PUD, or the leader: a killing blow) of ``side`` dies (l.94)."""
    s, b = g.state, g.state.battle
    c = s.commanders[side]
    x = c.asset(victim)
    b.killed[by].append(x.card)
    c.display.remove(x)
    c.fortune_deck.discard.append(x.card)
    q = s.squads[squad]
    if victim == squad:
        b.dead.append(side)
        for aid in q.puds + q.equipment:
            c.asset(aid).squad = ""
        del s.squads[squad]
        b.stacks[side] = []
        note(g, "kill", f"{side}'s leader {x.card} ({victim}) takes a killing blow: the squad is broken", ["l.94"])
        return
    q.puds.remove(victim)
    b.stacks[side].remove(victim)
    note(g, "kill", f"{side}'s Supporting PUD {x.card} ({victim}) dies", ["l.94"])


def next_supporting(g: Any) -> None:
    """The next PUD of each stack supports; the former Supporting PUD goes to the bottom if it
    lives (l.97; a dead one has left the stack already)."""
    b = g.state.battle
    for side, stack in b.stacks.items():
        if len(stack) > 1 and stack[0] == b.support.get(side):
            stack.append(stack.pop(0))
