"""A designer's audit of Order of Battle's corners (``ccg_order_of_battle.txt``): the Draw Phase's
paid cards (l.17), the retreat's price at its boundary (l.95), the stalemate's *consecutive*
rounds (l.96), the Fame for kills on both sides (l.103), a Regular Mission's skills held by PUDs
and its Secondary Goal (l.110), and the winner among several at the winning total (l.121).
No dice: every round is decided by staged, sandbox cards (``data/sandbox_cards.toml``)."""
import pytest

from lcb_lab.games.order_of_battle import actions as A
from lcb_lab.games.order_of_battle.flow import next_phase
from lcb_lab.games.order_of_battle.game import new_game
from lcb_lab.kernel.errors import IllegalAction

from .helpers import at_phase, bare, data, titles
from .test_skirmish import battle_table, engage, quiet_round


def test_an_extra_fame_card_is_paid_only_when_there_is_one_to_draw():
    """Ash holds 3 of the maximum 5 and its Fame deck has 3 cards left (2 drawn, 1 discarded): 2
    are free and only 1 can be bought (l.17).  Asking for 2 extra would pay a Fame Point for a card
    that is not there: refused, the state unchanged; 1 extra costs 1 Fame and the hand reaches 6."""
    g = new_game(["Ash", "Birch"], forced=[], stacked={p: {"fame": [], "fortune": []} for p in ("Ash", "Birch")})
    ash = g.state.commanders["Ash"]
    ash.hand = ["Ambush", "Ambush", "Take Cover"]
    ash.fame_deck.draw, ash.fame_deck.discard = ["Overload", "Sabotage"], ["Data Haven"]
    assert A.DrawFame(2) not in g.legal_actions() and A.DrawFame(1) in g.legal_actions()
    before = data(g)
    with pytest.raises(IllegalAction) as e:
        g.apply(A.DrawFame(2))
    assert e.value.rule == "l.17" and data(g) == before
    g.apply(A.DrawFame(1))
    ash = g.state.commanders["Ash"]                 # a refusal restores the state: read it afresh
    assert ash.fame == 4 and len(ash.hand) == 6 and ash.hand[3:5] == ["Overload", "Sabotage"]
    assert ash.hand[5] == "Data Haven" and ash.fame_deck.draw == ash.fame_deck.discard == []


def test_a_retreat_with_exactly_two_fame_is_allowed():
    """The attacker pays 2 Fame to retreat and may not with fewer (l.95): with exactly 2 it may,
    and is left with 0; the defender gains the 2 (l.106)."""
    g, lead, _, dlead, _, target = battle_table(defender=("Iron Kade", []), attacker=("Vex Marlowe", []))
    engage(g, lead, dlead)
    quiet_round(g)
    g.state.commanders["Ash"].fame = 2
    assert A.Retreat(True) in g.legal_actions()
    g.apply(A.Retreat(True))
    assert g.state.commanders["Ash"].fame == 0 and g.state.commanders["Birch"].fame == 7
    assert titles(g, "retreat") == ["Ash retreats, paying 2 Fame to Birch"]
    assert g.state.commanders["Birch"].asset(target).face_up             # no objective for a retreat


def test_a_death_restarts_the_count_of_rounds_toward_a_stalemate():
    """Ranged. Ash: Vex Marlowe 3 + Supporting Street Tough 1 = 4 against Iron Kade's defense 5;
    Birch: Kade 4 against 4 + 2 = 6: nobody dies.  In round 3 Birch adds Ambush (+2) and Overload
    (+1 attack, +1 defense; the second card costs 1 Fame, l.91): 7 > 6, the Street Tough dies (l.94),
    while Ash's 4 does not beat 5 + 1.
    Then Vex 3 against 6 and Kade 4 against 4: nobody dies.  The stalemate needs three *consecutive*
    rounds without a death (l.96): it comes after round 6, not after round 3.  Aftermath: Birch gains
    the Street Tough's cost 2 (l.103), both gain 1 (l.105)."""
    g, lead, _, dlead, _, _ = battle_table(attacker=("Vex Marlowe", ["Street Tough"]), defender=("Iron Kade", []))
    birch = g.state.commanders["Birch"]
    birch.hand = ["Ambush", "Overload"]
    engage(g, lead, dlead)
    for r in range(1, 7):
        g.apply(A.PlaceFaceDown("Ash"))
        g.apply(A.PlaceFaceDown("Birch", battle=("Ambush", "Overload") if r == 3 else ()))
        assert g.state.battle.quiet == {1: 1, 2: 2, 3: 0, 4: 1, 5: 2, 6: 3}[r]
        g.apply(A.Retreat(False))
        g.apply(A.Retreat(False))
        assert (g.state.battle is None) == (r == 6)
    assert titles(g, "totals")[2] == "Ranged: Ash attacks 4 against defense 6; Birch attacks 7 against defense 6"
    assert titles(g, "kill") == ["Ash's Supporting PUD Street Tough (Ash-2) dies"]
    assert titles(g, "stalemate") == ["Three rounds in a row without a death: stalemate"]
    assert g.state.commanders["Ash"].fame == 5 + 1 and birch.fame == 5 - 1 + 2 + 1


def test_a_regular_missions_skills_may_be_held_by_its_puds_and_the_secondary_goal_pays():
    """Vex Marlowe (recon, hacking) holds neither of Sabotage's skills; its Gunner (demolition) and
    Street Tough (stealth) hold both: two listed skills, the mission succeeds (l.110), the two PUDs
    shown face up (reading).  The objective Home Turf has Sector Rating 1, not Sabotage's Primary 3:
    the Secondary Goal ("any Hotspot", sandbox) pays 2 Fame, not 5."""
    g, lead, puds, _, _, target = battle_table("regular", "Sabotage", ("Vex Marlowe", ["Gunner", "Street Tough"]))
    g.apply(A.Attack(lead))
    g.apply(A.OfferDefense(False))
    ash = g.state.commanders["Ash"]
    assert ash.completed == ["Sabotage"] and ash.fame == 5 + 2
    assert all(ash.asset(p).face_up for p in puds)
    assert titles(g, "mission") == ["Regular Mission Sabotage succeeds (Secondary Goal): Ash gains 2 Fame; the "
                                    "card goes under Vex Marlowe"]
    assert not g.state.commanders["Birch"].asset(target).face_up


def test_the_highest_reputation_wins_when_several_reach_the_winning_total():
    """Ash 35, Birch 31, Cedar 31, all at or over the sandbox total 30: the Commander with the most
    wins (l.121); the tie below the top does not stop play."""
    g = bare(players=("Ash", "Birch", "Cedar"))
    for name, done, fame in (("Ash", 3, 5), ("Birch", 3, 1), ("Cedar", 2, 11)):
        c = g.state.commanders[name]
        c.completed, c.fame = ["Sabotage"] * done, fame
    at_phase(g, "mission", ["Ash"])
    next_phase(g)
    assert [g.state.commanders[p].reputation for p in ("Ash", "Birch", "Cedar")] == [35, 31, 31]
    assert g.state.winner == "Ash" and g.state.phase == "over"
    assert titles(g, "victory") == ["Ash wins with 35 Reputation (sandbox winning total 30)"]
