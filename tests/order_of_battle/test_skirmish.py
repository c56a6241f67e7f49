"""The Skirmish and Aftermath Subphases on staged squads (l.87-111): no dice -- each round is
decided by what both sides placed face down and revealed together (the text prints no worked
example with numbers, l.87; these are sandbox cards, ``data/sandbox_cards.toml``)."""
import pytest

from lcb_lab.games.order_of_battle import actions as A
from lcb_lab.games.order_of_battle.observer import view
from lcb_lab.kernel.errors import IllegalAction

from .helpers import at_phase, bare, data, give, squad, titles


def battle_table(mission="face", card="", attacker=("Iron Kade", ["Gunner", "Street Tough"]),
                 defender=("Netrunner", ["Street Tough"]), target_card=None, fame=5):
    """Ash attacks Birch's Home Turf (or ``target_card``) with a squad; Birch defends with one."""
    g = bare(fame=["Ambush", "Take Cover", "Overload"])
    s = g.state
    for c in s.commanders.values():
        c.fame = fame
    target = give(g, "Birch", target_card) if target_card else "Birch-0"
    lead = give(g, "Ash", attacker[0])
    puds = [give(g, "Ash", p) for p in attacker[1]]
    squad(g, "Ash", lead, puds, mission=mission, opponent="Birch", target=target, card=card)
    dlead = give(g, "Birch", defender[0])
    dpuds = [give(g, "Birch", p) for p in defender[1]]
    squad(g, "Birch", dlead, dpuds)
    at_phase(g, "mission", ["Ash", "Birch"])
    return g, lead, puds, dlead, dpuds, target


def engage(g, lead, dlead, form="ranged"):
    g.apply(A.Attack(lead))
    g.apply(A.OfferDefense(True))
    g.apply(A.DeclareForm(form))
    g.apply(A.ChooseDefender(dlead))


def quiet_round(g):
    g.apply(A.PlaceFaceDown("Ash"))
    g.apply(A.PlaceFaceDown("Birch"))


def test_attack_above_defense_kills_the_supporting_pud_then_the_leader():
    """Round 1, Ranged: Ash's Iron Kade 4 + Supporting Gunner 3 = 7 against Birch's Netrunner 2 +
    Supporting Street Tough 2 = 4: the Street Tough dies; Birch's 1 + 1 = 2 does not beat Ash's 5 + 2
    = 7 (l.94).  Round 2: the Gunner goes to the bottom, Ash's Street Tough supports (l.97): 4 + 1 =
    5 > 2, and Birch has no Supporting PUD left: its leader takes the killing blow (l.94)."""
    g, lead, puds, dlead, dpuds, target = battle_table()
    engage(g, lead, dlead)
    quiet_round(g)
    assert titles(g, "totals")[-1] == "Ranged: Ash attacks 7 against defense 4; Birch attacks 2 against defense 7"
    assert titles(g, "kill") == [f"Birch's Supporting PUD Street Tough ({dpuds[0]}) dies"]
    assert g.state.commanders["Ash"].asset(puds[0]).face_up          # revealed as Supporting PUD (l.93)
    g.apply(A.Retreat(False))
    g.apply(A.Retreat(False))
    assert g.state.battle.stacks["Ash"] == [puds[1], puds[0]]
    quiet_round(g)
    assert titles(g, "totals")[-1] == "Ranged: Ash attacks 5 against defense 2; Birch attacks 1 against defense 7"
    assert titles(g, "kill")[-1] == f"Birch's leader Netrunner ({dlead}) takes a killing blow: the squad is broken"
    # Aftermath: Ash gains the cost of both PUDs killed (2 + 3, l.103); Birch's Home Turf is turned face
    # down (l.108); the Face Mission gains the 4 Credits it gives Legit Birch in a turn (l.109)
    ash, birch = g.state.commanders["Ash"], g.state.commanders["Birch"]
    assert ash.fame == 5 + 5 + 4 and birch.fame == 5
    assert not birch.asset(target).face_up and dlead not in g.state.squads
    assert g.state.battle is None and g.state.squads[lead].done


def test_both_sides_resolve_at_once_and_both_leaders_can_die():
    """Melee, leaders alone: Vex Marlowe 4 + Ambush 2 = 6 beats Iron Kade's defense 5 while Kade's 5
    beats Vex's 4: both take a killing blow in the same round (l.94).  Both gain the other's cost
    (l.103); the attacker is vanquished, its Mission card discarded (l.107); the objective is not
    deactivated (reading: the attacking squad is gone)."""
    g, lead, _, dlead, _, target = battle_table("regular", "Sabotage", ("Vex Marlowe", []), ("Iron Kade", []))
    ash, birch = g.state.commanders["Ash"], g.state.commanders["Birch"]
    ash.hand = ["Ambush"]
    engage(g, lead, dlead, "melee")
    g.apply(A.PlaceFaceDown("Ash", battle=("Ambush",)))
    g.apply(A.PlaceFaceDown("Birch"))
    assert titles(g, "totals")[-1] == "Melee: Ash attacks 6 against defense 5; Birch attacks 5 against defense 4"
    assert len(titles(g, "kill")) == 2 and not g.state.squads
    assert ash.fame == 5 + 8 and birch.fame == 5 + 6
    assert "Sabotage" in ash.fame_deck.discard and "Ambush" in ash.fame_deck.discard
    assert birch.asset(target).face_up and ash.completed == []


def test_placements_are_hidden_until_both_have_committed():
    g, lead, _, dlead, _, _ = battle_table()
    g.state.commanders["Ash"].hand = ["Ambush", "Overload"]
    engage(g, lead, dlead)
    g.apply(A.PlaceFaceDown("Ash", battle=("Ambush", "Overload")))
    seen = view(g, "Birch")
    assert seen["battle"]["placed"] == {"Ash": {"committed": True}}
    assert seen["log"][-1] == "Ash places 2 Battle card(s) face down and declares 0 Matrix generation(s)"
    assert "Ambush" not in " ".join(seen["log"])
    assert view(g, "Ash")["battle"]["placed"]["Ash"]["battle"] == ["Ambush", "Overload"]
    assert g.to_act() == "Birch"
    g.apply(A.PlaceFaceDown("Birch"))
    # revealed together (l.93): the second Battle card cost 1 Fame (l.91)
    assert g.state.commanders["Ash"].fame == 4 and any("Ambush, Overload" in t for t in titles(g, "reveal"))


def test_a_matrix_costs_fame_when_it_is_revealed():
    g, lead, _, dlead, _, _ = battle_table()
    mat = give(g, "Birch", "Shield Matrix")
    engage(g, lead, dlead)
    g.apply(A.PlaceFaceDown("Ash"))
    assert g.state.commanders["Birch"].fame == 5
    g.apply(A.PlaceFaceDown("Birch", matrices=(mat,)))
    assert g.state.commanders["Birch"].fame == 4                    # 1 Fame (sandbox size, l.93)
    assert titles(g, "totals")[-1] == "Ranged: Ash attacks 7 against defense 7; Birch attacks 2 against defense 7"
    assert not titles(g, "kill")                                     # 7 is not greater than 7 (l.94)


def test_retreat_costs_the_attacker_two_fame_paid_to_the_defender():
    g, lead, _, dlead, _, target = battle_table(defender=("Iron Kade", []), attacker=("Vex Marlowe", []))
    engage(g, lead, dlead)
    quiet_round(g)
    g.state.commanders["Ash"].fame = 1
    before = data(g)
    with pytest.raises(IllegalAction) as e:
        g.apply(A.Retreat(True))
    assert e.value.rule == "l.95" and data(g) == before
    assert A.Retreat(True) not in g.legal_actions()
    g.state.commanders["Ash"].fame = 3
    g.apply(A.Retreat(True))
    assert g.state.commanders["Ash"].fame == 1 and g.state.commanders["Birch"].fame == 7
    assert g.state.commanders["Birch"].asset(target).face_up and g.state.battle is None


def test_a_defender_retreats_for_free_and_is_defeated():
    g, lead, _, dlead, _, target = battle_table(defender=("Iron Kade", []), attacker=("Vex Marlowe", []))
    engage(g, lead, dlead)
    quiet_round(g)
    g.apply(A.Retreat(False))
    g.apply(A.Retreat(True))
    assert g.state.commanders["Birch"].fame == 5
    assert not g.state.commanders["Birch"].asset(target).face_up     # defeated: deactivated (l.108)
    assert g.state.commanders["Ash"].fame == 5 + 4                   # Face Mission (l.109)


def test_three_rounds_without_a_death_are_a_stalemate():
    """Leaders alone, Ranged: Vex 3 against Kade's 5, Kade 4 against Vex's 4: nobody dies; after the
    third such round the combat ends in a stalemate (l.96): each gains 1 Fame, the Mission card is not
    discarded (l.105; it returns to the hand, reading)."""
    g, lead, _, dlead, _, target = battle_table("regular", "Data Heist", ("Vex Marlowe", []), ("Iron Kade", []))
    engage(g, lead, dlead)
    for r in range(3):
        quiet_round(g)
        assert g.state.battle.quiet == r + 1
        g.apply(A.Retreat(False))
        g.apply(A.Retreat(False))
    assert titles(g, "stalemate") == ["Three rounds in a row without a death: stalemate"]
    ash = g.state.commanders["Ash"]
    assert ash.fame == 6 and g.state.commanders["Birch"].fame == 6 and "Data Heist" in ash.hand
    assert g.state.commanders["Birch"].asset(target).face_up


def test_no_defense_deactivates_the_objective_and_scores_a_regular_mission():
    """Iron Kade (demolition, stealth) on Sabotage against Night Strip, Sector Rating 3 = the card's
    Primary Goal: no defense (l.88), the Hotspot is turned face down (l.108), two listed skills held,
    the mission succeeds: 5 Fame, the card under Kade, 10 Reputation in the Victory Phase (l.110, l.119)."""
    g, lead, _, _, _, target = battle_table("regular", "Sabotage", ("Iron Kade", []), target_card="Night Strip")
    g.apply(A.Attack(lead))
    g.apply(A.OfferDefense(False))
    ash = g.state.commanders["Ash"]
    assert ash.fame == 10 and ash.completed == ["Sabotage"] and ash.asset(lead).missions == ["Sabotage"]
    assert not g.state.commanders["Birch"].asset(target).face_up
    assert g.state.phase == "hotspot"                       # the Victory Phase ran with no act (l.119-123)
    assert ash.reputation == 10 + 10 and g.state.commanders["Birch"].reputation == 5


def test_a_regular_mission_without_two_listed_skills_fails():
    g, lead, _, _, _, _ = battle_table("regular", "Sabotage", ("Vex Marlowe", ["Street Tough"]))
    g.apply(A.Attack(lead))
    g.apply(A.OfferDefense(False))
    ash = g.state.commanders["Ash"]
    assert ash.completed == [] and "Sabotage" in ash.fame_deck.discard
    assert titles(g, "mission") == ["Regular Mission Sabotage fails: the squad holds stealth of demolition, "
                                    "stealth, 2 needed; the card is discarded"]
    assert ash.fame == 5


def test_skirmish_refusals_name_their_line_and_change_nothing():
    g, lead, puds, dlead, _, _ = battle_table()
    g.state.squads[dlead].mission = "face"                       # Birch has no Defense squad
    g.apply(A.Attack(lead))
    before = data(g)
    for act, rule in [(A.OfferDefense(True), "l.90"), (A.DeclareForm("melee"), "l.89"),
                      (A.Attack(lead), "l.87"), (A.PlaceFaceDown("Ash"), "l.91")]:
        with pytest.raises(IllegalAction) as e:
            g.apply(act)
        assert e.value.rule == rule and data(g) == before
    assert g.legal_actions() == [A.OfferDefense(False)]


def test_the_stack_is_ordered_once_and_a_squad_defends_many_times():
    g, lead, puds, dlead, dpuds, _ = battle_table(defender=("Iron Kade", ["Gunner"]))
    second = squad(g, "Ash", give(g, "Ash", "Vex Marlowe"), mission="face", opponent="Birch", target="Birch-0")
    engage(g, lead, dlead)
    with pytest.raises(IllegalAction):
        g.apply(A.PlaceFaceDown("Ash", order=(puds[0],)))          # every PUD of the squad (l.91)
    g.apply(A.PlaceFaceDown("Ash", order=(puds[1], puds[0])))
    g.apply(A.PlaceFaceDown("Birch"))
    assert g.state.battle.stacks["Ash"][0] == puds[1]
    g.apply(A.Retreat(True))                                       # Ash pays 2 and leaves (l.95)
    assert g.to_act() == "Ash" and g.legal_actions() == [A.Attack(second)]
    g.apply(A.Attack(second))
    assert A.OfferDefense(True) in g.legal_actions()               # Kade's squad defends again (l.73, l.90)
