"""The turn's nine phases on stacked decks (l.9-45, l.119-133): draws, revenue, initiative with its
exact odds, purchase and the conversions, the Hotspot Phase, Reputation and the sandbox winner."""
import numpy as np
import pytest

from lcb_lab.games.order_of_battle import actions as A
from lcb_lab.games.order_of_battle.chance import initiative_step, lead_chances, cost_pmf
from lcb_lab.games.order_of_battle.game import new_game
from lcb_lab.games.order_of_battle.observer import view
from lcb_lab.games.order_of_battle.state import PHASES, TITLES
from lcb_lab.kernel.autoplay import play_random
from lcb_lab.kernel.errors import IllegalAction
from lcb_lab.kernel.observer import redact_log

from .helpers import FAME, at_phase, bare, data, give, stacked, titles

ASH_FORTUNE = ["Gunner", "Iron Kade", "Street Tough", "Flak Vest", "Netrunner", "Shield Matrix", "Vex Marlowe"]
BIRCH_FORTUNE = ["Gunner", "Vex Marlowe", "Netrunner", "Street Tough", "Flak Vest", "Scanner", "Monoblade"]


def two():
    return stacked(Ash={"fame": list(FAME), "fortune": list(ASH_FORTUNE)},
                   Birch={"fame": list(FAME), "fortune": list(BIRCH_FORTUNE)})


def through_revenue(g):
    g.apply(A.DrawFame(1))
    g.apply(A.DrawFame(0))
    g.apply(A.CollectRevenue("legit"))
    g.apply(A.CollectRevenue("criminal"))


def test_draw_free_to_the_hand_maximum_then_one_fame_each():
    g = two()
    assert g.state.phase == "draw" and g.to_act() == "Ash"
    g.apply(A.DrawFame(1))
    ash = g.state.commanders["Ash"]
    assert ash.hand == FAME[:6] and ash.fame == 4                     # 5 free + 1 for 1 Fame (l.17)
    assert view(g, "Birch")["commanders"][0]["hand"] == 6              # a count, never the cards
    assert titles(g, "draw") == ["Ash draws 6 Fame card(s): " + ", ".join(FAME[:6])]
    assert [e["title"] for e in redact_log(g.state.log, "Birch") if e["kind"] == "draw"] == [
        "Ash draws 6 Fame card(s) (5 free, 1 more for 1 Fame); hand 6"]
    before = data(g)
    with pytest.raises(IllegalAction) as e:
        g.apply(A.DrawFame(6))                                         # Birch has 5 Fame
    assert e.value.rule == "l.17" and data(g) == before


def test_no_free_draw_at_the_maximum_and_the_discards_are_reshuffled():
    """Ash holds 6 (over the maximum): nothing free (l.17); one paid card from an empty pile shuffles
    the discard pile [a, b, c, d] through the Dice (forced 1, 1, 1: Fisher-Yates gives b, c, d, a)."""
    g = new_game(["Ash", "Birch"], forced=[1, 1, 1], stacked={p: {"fame": [], "fortune": []} for p in ("Ash", "Birch")})
    ash = g.state.commanders["Ash"]
    ash.hand = ["Ambush"] * 6
    ash.fame_deck.discard = ["Data Haven", "Sabotage", "Overload", "Night Strip"]
    g.apply(A.DrawFame(1))
    assert ash.hand[-1] == "Sabotage" and ash.fame_deck.draw == ["Overload", "Night Strip", "Data Haven"]
    assert ash.fame == 4 and g.dice.history[-1].purpose == "shuffle Ash's Fame deck" and g.dice.history[-1].values == [1, 1, 1]
    assert titles(g, "reshuffle") == ["Ash's Fame draw pile runs out: 0 drawn, the 4 discards shuffled into a new "
                                      "draw pile"]


def test_revenue_follows_the_chosen_affiliation():
    g = two()
    give(g, "Birch", "Night Strip")
    through_revenue(g)
    assert g.state.commanders["Ash"].revenue == 4                      # Home Turf, Legit (l.25)
    assert g.state.commanders["Birch"].revenue == 5 + 4                # Home Turf + Night Strip, Criminal
    assert titles(g, "revenue")[1] == "Birch (Criminal): revenue 9 Credits"


def test_initiative_highest_cost_leads_ties_are_redrawn_and_every_card_is_discarded():
    g = two()
    through_revenue(g)
    odds = [e for e in g.state.log if e["kind"] == "odds"][0]
    step = initiative_step([g.state.commanders[p] for p in ("Ash", "Birch")], g.cards)
    assert odds["title"] == f"Odds: {step.label}" and redact_log([odds], "Birch")[0]["title"] == (
        "Odds: Birch's Initiative card")
    g.apply(A.DrawInitiative())
    g.apply(A.DrawInitiative())
    assert titles(g, "initiative")[-1] == "Tie at cost 3: Ash, Birch draw again"          # l.33
    # the redraw's odds, exactly: Ash's next card is Iron Kade or one of 4 others; Birch's Vex or 4 others
    redraw = initiative_step([g.state.commanders[p] for p in ("Ash", "Birch")], g.cards)
    assert redraw.probability(0) == pytest.approx(1 / 6 + 5 / 6 * _p_above(ASH_FORTUNE[1:], BIRCH_FORTUNE[1:]))
    g.apply(A.DrawInitiative())
    g.apply(A.DrawInitiative())
    assert g.state.lead == "Ash" and g.state.phase == "purchase"
    assert g.state.commanders["Ash"].fortune_deck.discard == ["Gunner", "Iron Kade"]
    assert g.state.commanders["Birch"].fortune_deck.discard == ["Gunner", "Vex Marlowe"]


def _p_above(ash, birch):
    """P(Ash's card costs more than Birch's | Ash's is not the Iron Kade), counted card by card."""
    from lcb_lab.games.order_of_battle.cards import load
    c = load()
    rest = [a for a in ash if a != "Iron Kade"]
    return sum(c[a].cost > c[b].cost for a in rest for b in birch) / (len(rest) * len(birch))


def test_initiative_odds_from_the_piles():
    """Ash's pile Gunner (3) / Iron Kade (8), Birch's Gunner (3) / Vex Marlowe (6): Ash leads with
    the Kade (1/2); both Gunners tie (1/4); Birch's Vex over Ash's Gunner (1/4)."""
    g = bare(fortune=[])
    g.state.commanders["Ash"].fortune_deck.draw = ["Gunner", "Iron Kade"]
    g.state.commanders["Birch"].fortune_deck.draw = ["Gunner", "Vex Marlowe"]
    step = initiative_step(list(g.state.commanders.values()), g.cards)
    assert step.outcomes == (((0,), 0.5), ((1,), 0.25), ((2,), 0.25))


def test_sampled_first_leaders_match_the_exact_odds():
    """Seeded shuffles of the full sandbox Fortune deck: the share of games in which Ash's top card
    costs the most on the first draw, beside the exact chance (within 4 standard errors)."""
    g0 = new_game(2, seed=0)
    pmf = cost_pmf(g0.state.commanders["Ash"], g0.cards)
    p = lead_chances([pmf, pmf])[0]
    wins = 0
    n = 1500
    for seed in range(n):
        g = new_game(2, seed=seed, start=False)
        a, b = (g.cards[c.fortune_deck.draw[0]].cost for c in g.state.commanders.values())
        wins += a > b
    assert abs(wins / n - p) < 4 * np.sqrt(p * (1 - p) / n)


def test_purchase_from_the_lead_clockwise_with_both_conversions():
    g = two()
    through_revenue(g)
    for _ in range(4):
        g.apply(A.DrawInitiative())
    ash, birch = g.state.commanders["Ash"], g.state.commanders["Birch"]
    assert g.to_act() == "Ash" and ash.offer == ASH_FORTUNE[2:]        # the Fortune maximum, 5 (l.39)
    assert view(g, "Birch")["commanders"][0]["offer"] == 5
    before = data(g)
    with pytest.raises(IllegalAction) as e:
        g.apply(A.Buy("Vex Marlowe"))                                  # 6 Credits, Ash has 4
    assert e.value.rule == "l.41" and data(g) == before
    ash, birch = g.state.commanders["Ash"], g.state.commanders["Birch"]   # a refusal puts the state back
    g.apply(A.ConvertFame(2))                                          # 1 Fame per Credit (l.41)
    g.apply(A.Buy("Vex Marlowe"))
    assert ash.fame == 2 and ash.credits == 0 and ash.display[-1].face_up and ash.display[-1].card == "Vex Marlowe"
    g.apply(A.EndPurchase())
    assert ash.offer == [] and len(ash.fortune_deck.discard) == 2 + 4
    assert g.to_act() == "Birch" and birch.offer == BIRCH_FORTUNE[2:]
    g.apply(A.Buy("Street Tough"))                                     # 5 - 2 = 3 Credits left
    pud = birch.display[-1]
    assert not pud.face_up and view(g, "Ash")["commanders"][1]["display"][-1]["card"] is None   # face down (l.43)
    assert titles(g, "buy")[-1].startswith("Birch buys Street Tough")
    assert [e["title"] for e in redact_log(g.state.log, "Ash") if e["kind"] == "buy"][-1] == (
        f"Birch buys a PUD, activated face down as {pud.id}")
    g.apply(A.EndPurchase())
    assert birch.fame == 5 + 1 and birch.credits == 0                  # 3 Credits: 1 Fame, 1 lost (l.45)
    assert titles(g, "end_purchase")[-1] == "Birch ends its purchase: 4 card(s) discarded, 1 Fame from the Credits left, 1 lost"
    assert g.state.phase == "organization"


def test_the_hotspot_phase_activates_and_reactivates_for_fame():
    g = bare()
    ash = g.state.commanders["Ash"]
    ash.hand, ash.fame, ash.affiliation = ["Data Haven", "Night Strip"], 5, "legit"
    ash.display[0].face_up = False
    at_phase(g, "hotspot", ["Ash", "Birch"])
    g.apply(A.ActivateHotspot("Data Haven"))                           # Legit revenue 3 (l.131)
    assert ash.fame == 2 and ash.display[-1].card == "Data Haven" and ash.display[-1].face_up
    with pytest.raises(IllegalAction) as e:
        g.apply(A.Reactivate("Ash-0"))                                 # Home Turf costs 4 anew (l.133)
    assert e.value.rule == "l.133"
    ash = g.state.commanders["Ash"]                                    # a refusal puts the state back
    ash.fame = 4
    g.apply(A.Reactivate("Ash-0"))
    assert ash.fame == 0 and ash.display[0].face_up


def test_reputation_and_the_sandbox_winner():
    g = bare()
    ash, birch = g.state.commanders["Ash"], g.state.commanders["Birch"]
    ash.completed, ash.fame = ["Sabotage", "Data Heist"], 10
    birch.completed, birch.fame = ["Extraction", "Sabotage"], 10
    at_phase(g, "mission", ["Ash"])
    g.state.pending = ["Ash"]
    from lcb_lab.games.order_of_battle.flow import next_phase
    next_phase(g)                                                      # both 30: a tie at the top plays on (l.121)
    assert g.state.phase == "hotspot" and ash.reputation == birch.reputation == 30
    assert titles(g, "victory") == ["Ash and Birch share the winning total 30: play continues"]
    ash.fame = 11
    g.state.phase = "mission"
    next_phase(g)
    assert g.state.winner == "Ash" and g.state.phase == "over" and g.to_act() is None
    assert ash.reputation == 31                                        # recalculated from zero (l.123)


def test_every_turn_plays_the_nine_phases_in_order():
    g = new_game(3, seed=11)
    play_random(g, 11, 20000)
    heads = [e["title"] for e in g.state.log if e["kind"] == "phase"]
    turns = {}
    for h in heads:
        t, name = h.split(": ", 1)
        turns.setdefault(t, []).append(name)
    last = turns.pop(f"Turn {g.state.turn}")
    assert all(v == [TITLES[p] for p in PHASES] for v in turns.values()) and len(turns) == g.state.turn - 1
    assert last == [TITLES[p] for p in PHASES[:8]]                     # the game ends in a Victory Phase
    assert g.state.phase == "over" and g.state.winner


def test_the_purchase_draw_odds_are_its_owners():
    """Before Ash's purchase draw, Ash alone reads the chance its 5 Fortune cards hold a Battlelord:
    a pile of Street Tough, Flak Vest, Netrunner, Shield Matrix, Vex Marlowe is drawn whole (100%);
    exactly, 1 - C(5, 5) / C(6, 5) = 5/6 from a pile of six with one Battlelord."""
    from math import comb

    from lcb_lab.games.order_of_battle.chance import draw_chance
    g = two()
    through_revenue(g)
    for _ in range(4):
        g.apply(A.DrawInitiative())
    odds = [e for e in g.state.log if e["kind"] == "odds"][-1]
    assert odds["title"] == "Odds: Ash's 5 Fortune cards hold a Battlelord: 100.0%" and odds["audience"] == ["Ash"]
    assert not [e for e in redact_log(g.state.log, "Birch") if e["title"].startswith("Odds: Ash's 5")]
    pile = ["Gunner", "Vex Marlowe", "Gunner", "Scanner", "Flak Vest", "Monoblade"]
    assert draw_chance(pile, 5, {"Vex Marlowe"}) == pytest.approx(1 - comb(5, 5) / comb(6, 5))


def test_each_phase_is_completed_by_every_commander_before_the_next():
    """In every turn of a seeded game each Commander draws once, totals its revenue once, ends its
    purchase, organization, assignment and Hotspot phases once -- all inside that phase (l.9)."""
    g = new_game(3, seed=8)
    play_random(g, 8, 20000)
    closing = {"draw", "revenue", "end_purchase", "done"}
    for turn in range(1, g.state.turn):
        entries = [e for e in g.state.log if e["turn"] == turn and e["kind"] in closing]
        for kind, phase_no in (("draw", 1), ("revenue", 2), ("end_purchase", 4)):
            mine = [e for e in entries if e["kind"] == kind]
            assert len(mine) == 3 and {e["phase_no"] for e in mine} == {phase_no}
        for phase_no in (5, 6, 9):                      # Organization, Assignment, Hotspot: one "done" each
            assert len([e for e in entries if e["kind"] == "done" and e["phase_no"] == phase_no]) == 3


def test_the_initiative_odds_printed_name_the_commanders_not_their_indices():
    """``print(step.text())`` (notebook 28) names who leads: 'Lead Commander = Ash: 44.4%' (before:
    'leader (index; last: tie) = 0: 44.4%', the student left to count seats)."""
    from lcb_lab.games.order_of_battle import course
    t = course.initiative_table()
    step = initiative_step(list(t.state.commanders.values()), t.cards)
    assert step.text().splitlines()[-3:] == ["  Lead Commander = Ash: 44.4%", "  Lead Commander = Birch: 33.3%",
                                             "  Lead Commander = a tie (redrawn): 22.2%"]
    assert step.probability(0) == pytest.approx(4 / 9) and step.value_name(2) == "a tie (redrawn)"


def test_the_initiative_odds_asked_again_after_the_draw_are_refused_by_l33_in_one_line():
    """A notebook cell asking ``chance_outcomes(DrawInitiative())`` run a second time, after the
    draw: IllegalAction naming l.33 and the phase (before: None, and the cell's ``step.probability``
    an AttributeError traceback); the game is as before; another act draws nothing to preview."""
    g = two()
    through_revenue(g)
    assert g.chance_outcomes(A.DrawInitiative()).rule == "l.33"
    while g.state.phase == "initiative":
        g.apply(A.DrawInitiative())
    before = data(g)
    with pytest.raises(IllegalAction) as e:
        g.chance_outcomes(A.DrawInitiative())
    assert (e.value.rule, e.value.reason) == ("l.33", "this is the purchase phase, not the initiative phase")
    assert data(g) == before
    assert g.chance_outcomes(A.EndPurchase()) is None and data(g) == before


def test_the_engine_offers_the_initiative_odds_as_a_chance_step():
    g = two()
    assert g.chance_outcomes() is None
    through_revenue(g)
    step = g.chance_outcomes()
    assert step.rule == "l.33" and sum(p for _, p in step.outcomes) == pytest.approx(1.0)
