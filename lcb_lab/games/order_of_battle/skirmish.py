"""The Mission Phase's Skirmish Subphase (l.87-97), the attacker's steps in the text's order:

1. indicate a non-Defense squad and its objective (l.87, :func:`attack`);
2. the defender decides whether to defend (l.88; no defense: the Aftermath);
3. the attacker declares Melee or Ranged for the whole battle (l.89);
4. the defender chooses one of its Defense squads (l.90);
5-6. both place face down: the PUD stack's order (the first round), Supporting Battle cards (the
   first free, each further one 1 Fame), the Matrices generated (l.91-92) -- a kernel
   :class:`~lcb_lab.kernel.choices.SimultaneousChoice` (:class:`~.state.RoundCommit`);
7. both reveal the Supporting PUD, the Battle cards and the exact Matrices; Fame pays for each
   Matrix (l.93; its size is sandbox, on the card);
8. both totals are compared at once, effects applied at once (l.94, :mod:`.combat`);
9. either may retreat, the attacker paying 2 Fame to the defender (l.95);
10. three rounds in a row without a death end in a stalemate (l.96);
11. the next PUD of each stack supports, the former one goes to the bottom if alive (l.97).
"""
from __future__ import annotations

from typing import Any

from lcb_lab.games.order_of_battle import actions as A
from lcb_lab.games.order_of_battle import combat
from lcb_lab.games.order_of_battle.aftermath import aftermath
from lcb_lab.games.order_of_battle.observer import note
from lcb_lab.games.order_of_battle.squads import attacking_squads
from lcb_lab.games.order_of_battle.state import Battle, Question, RoundCommit
from lcb_lab.kernel import choices as K
from lcb_lab.kernel.errors import IllegalAction

FORMS = ("melee", "ranged")


def open_attacker(g: Any) -> None:
    """Pass over each Commander, from the Lead clockwise, who has no attack left (l.111); the
    phase ends when none is left (:mod:`.flow`)."""
    s = g.state
    while s.pending and not attacking_squads(g, s.pending[0]):
        note(g, "pass", f"{s.pending[0]} has no Face or Regular Mission squad: play passes left", ["l.111"])
        s.pending.pop(0)


def _ask(g: Any, question: str, player: str, rule: str) -> None:
    s = g.state
    s.last_choice_id = K.push(s.choices, Question(question=question, player=player, rule=rule), s.last_choice_id)


def _answering(g: Any, question: str, rule: str) -> Question:
    c = K.top(g.state.choices)
    if not isinstance(c, Question) or c.question != question:
        raise IllegalAction(rule, f"no {question} question waits now")
    return c


def attack(g: Any, a: A.Attack) -> None:
    """Step 1: the squad and its objective are indicated (l.87); the defender is asked (l.88)."""
    s = g.state
    if s.phase != "mission" or s.choices or s.battle is not None or not s.pending:
        raise IllegalAction("l.87", "no squad may attack now")
    who = s.pending[0]
    if a.squad not in attacking_squads(g, who):
        raise IllegalAction("l.87", f"{a.squad} is not a Face or Regular Mission squad of {who} still to act")
    q = s.squads[a.squad]
    s.battle = Battle(who, q.leader, q.opponent, q.target, q.mission, q.card, killed={who: [], q.opponent: []})
    target = s.commanders[q.opponent].asset(q.target)
    note(g, "attack", f"{who}'s squad {q.leader} attacks {q.opponent}'s {target.card} ({q.target}): "
         f"{q.mission.title()} Mission{' ' + q.card if q.card else ''}", ["l.87"])
    _ask(g, "defend", q.opponent, "l.88")


def offer_defense(g: Any, a: A.OfferDefense) -> None:
    """Step 2: the defender defends or not (l.88); no defense goes to the Aftermath."""
    c = _answering(g, "defend", "l.88")
    s, b = g.state, g.state.battle
    if a.defend and not defenders(g, b.defender):
        raise IllegalAction("l.90", f"{b.defender} has no squad designated for Defense Missions")
    K.pop(s.choices, c)
    if not a.defend:
        b.result = "no defense"
        note(g, "defend", f"{b.defender} offers no defense", ["l.88"])
        aftermath(g)
        return
    note(g, "defend", f"{b.defender} defends", ["l.88"])
    _ask(g, "form", b.attacker, "l.89")


def defenders(g: Any, who: str) -> list[str]:
    """``who``'s Defense Mission squads (l.90): they may defend any number of times."""
    return [q.leader for q in g.state.squads.values() if q.owner == who and q.mission == "defense"]


def declare_form(g: Any, a: A.DeclareForm) -> None:
    """Step 3: Melee or Ranged, for the whole battle (l.89)."""
    c = _answering(g, "form", "l.89")
    if a.form not in FORMS:
        raise IllegalAction("l.89", f"the attack form is Melee or Ranged, not {a.form!r}")
    s = g.state
    K.pop(s.choices, c)
    s.battle.form = a.form
    note(g, "form", f"{s.battle.attacker} declares {a.form.title()} combat for the battle", ["l.89"])
    _ask(g, "squad", s.battle.defender, "l.90")


def choose_defender(g: Any, a: A.ChooseDefender) -> None:
    """Step 4: the defending squad (l.90); step 5 follows (l.91)."""
    c = _answering(g, "squad", "l.90")
    s, b = g.state, g.state.battle
    if a.squad not in defenders(g, b.defender):
        raise IllegalAction("l.90", f"{a.squad} is not a Defense Mission squad of {b.defender}")
    K.pop(s.choices, c)
    b.dsquad = a.squad
    b.stacks = {b.attacker: list(s.squads[b.squad].puds), b.defender: list(s.squads[a.squad].puds)}
    note(g, "defender", f"{b.defender} defends with squad {a.squad}", ["l.90"])
    _open_round(g)


def _open_round(g: Any) -> None:
    s, b = g.state, g.state.battle
    b.round += 1
    note(g, "round", f"Skirmish round {b.round}: {b.attacker} against {b.defender}", ["l.91", "l.97"])
    s.last_choice_id = K.push(s.choices, RoundCommit(players=(b.attacker, b.defender), rule="l.91"), s.last_choice_id)


def check_placement(g: Any, a: A.PlaceFaceDown) -> tuple[RoundCommit, int]:
    """The round's choice and the Fame the placement costs now (each Battle card after the first,
    l.91, and each Matrix generated, l.93). Raises IllegalAction."""
    s, b = g.state, g.state.battle
    c = K.top(s.choices)
    if not isinstance(c, RoundCommit) or a.player not in c.answerers():
        raise IllegalAction("l.91", f"{a.player} has no face-down placement to make now")
    me = s.commanders[a.player]
    if a.order and (b.round > 1 or sorted(a.order) != sorted(b.stacks[a.player])):
        raise IllegalAction("l.91", "the PUD stack is ordered once, before the first round, with every PUD of "
                            "the squad" if b.round == 1 else "the stack's order was set before the first round (l.97)")
    hand = list(me.hand)
    for card in a.battle:
        if card not in hand or g.cards[card].kind != "battle":
            raise IllegalAction("l.91", f"{a.player} holds no Battle card {card} to place")
        hand.remove(card)
    mats = [me.asset(m) for m in a.matrices]
    if any(m is None or m.kind != "matrix" for m in mats) or len(set(a.matrices)) != len(a.matrices):
        raise IllegalAction("l.92", "each Matrix generated is a different Matrix of the Commander's own Display")
    cost = max(0, len(a.battle) - 1) + sum(g.cards[m.card].generate for m in mats)
    if cost > me.fame:
        raise IllegalAction("l.91", f"the placement costs {cost} Fame Points and {a.player} has {me.fame}")
    return c, cost


def place_face_down(g: Any, a: A.PlaceFaceDown) -> None:
    """Steps 5-6: commit face down (l.91-92); when both have, step 7 onwards (l.93-97)."""
    c, cost = check_placement(g, a)
    s, b = g.state, g.state.battle
    me = s.commanders[a.player]
    c.commit(a.player, {"order": list(a.order), "battle": list(a.battle), "matrices": list(a.matrices)})
    for card in a.battle:
        me.hand.remove(card)
    if a.order:
        b.stacks[a.player] = list(a.order)
    note(g, "place", f"{a.player} places face down: Battle cards {', '.join(a.battle) or 'none'}; Matrices "
         f"{', '.join(a.matrices) or 'none'}" + ("; stack " + ", ".join(a.order) if a.order else ""),
         ["l.91", "l.92"], team=a.player, about={"placement": a.player},
         public=f"{a.player} places {len(a.battle)} Battle card(s) face down and declares {len(a.matrices)} Matrix "
                f"generation(s)")
    if not c.complete:
        return
    K.pop(s.choices, c)
    fell = combat.resolve(g, c.revealed())
    _after_round(g, fell)


def _after_round(g: Any, fell: bool) -> None:
    b = g.state.battle
    b.quiet = 0 if fell else b.quiet + 1
    if b.dead:
        b.result = "killed"
        aftermath(g)
        return
    _ask(g, "retreat", b.attacker, "l.95")


def retreat(g: Any, a: A.Retreat) -> None:
    """Step 9: retreat or fight on (l.95); the attacker asked first, then the defender; then the
    stalemate check (l.96) and the next round (l.97)."""
    c = _answering(g, "retreat", "l.95")
    s, b = g.state, g.state.battle
    me = s.commanders[c.player]
    if a.retreat and c.player == b.attacker and me.fame < g.cards.retreat_fame:
        raise IllegalAction("l.95", f"retreating costs {g.cards.retreat_fame} Fame Points and {me.name} has {me.fame}")
    K.pop(s.choices, c)
    if a.retreat:
        if c.player == b.attacker:
            me.fame -= g.cards.retreat_fame
            s.commanders[b.defender].fame += g.cards.retreat_fame
        b.result = f"retreat {c.player}"
        paid = f", paying {g.cards.retreat_fame} Fame to {b.defender}" if c.player == b.attacker else " (free)"
        note(g, "retreat", f"{c.player} retreats{paid}", ["l.95"])
        aftermath(g)
        return
    note(g, "retreat", f"{c.player} fights on", ["l.95"])
    if c.player == b.attacker:
        _ask(g, "retreat", b.defender, "l.95")
        return
    if b.quiet >= 3:
        b.result = "stalemate"
        note(g, "stalemate", "Three rounds in a row without a death: stalemate", ["l.96"])
        aftermath(g)
        return
    combat.next_supporting(g)
    _open_round(g)
