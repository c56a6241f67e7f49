"""The Force on Force lesson (:mod:`lcb_lab.games.force_on_force.course`): the staged worked examples
come out as the text prints them, and every checkpoint's computed answer is the rules' answer,
worked out here by hand from the text's lines."""
from __future__ import annotations

from fractions import Fraction

import pytest

from lcb_lab.games.force_on_force import actions as A
from lcb_lab.games.force_on_force import course as C
from lcb_lab.games.force_on_force.rule_refs import cite
from lcb_lab.kernel.checkpoints import instructor_key


def _cp(key: str):
    return next(c for c in C.CHECKPOINTS if c.key == key)


def _rolled(g, purpose: str) -> list[list[int]]:
    return [list(d.values) for d in g.dice.history if d.purpose == purpose]


def test_the_breach_example_fires_4d8_after_its_odds():
    g = C.breach_example()
    assert "passed = 1: 62.5%" in C.odds(g, C.BREACH)          # d8, 4+: 5 of 8 (sandbox check)
    C.play(g, C.BREACH, A.DoneReacting())
    assert _rolled(g, "firepower Terrorists") == [[8, 8, 2, 1]]  # 6D8 - 2 = 4D8 (l.15)
    assert [len(v) for v in _rolled(g, "defense Delta")] == [4]  # 2 + 2 (l.9)
    assert (g.state.units["Delta"].figures, g.state.units["Terrorists"].figures) == (3, 5)


def test_reaction_example_1_the_sas_win_and_the_crew_never_fires():
    g = C.reaction_example_1()
    C.play(g, A.Activate("MG team", fire_at="SAS"), A.React("SAS", "fire"))
    assert "SAS wins = 1: 51.2%" in C.odds(g, A.DoneReacting())   # 41 of 80 pairs
    C.play(g, A.DoneReacting())
    assert not g.state.units["MG team"].alive and _rolled(g, "firepower MG team") == []


def test_reaction_example_2_the_sas_lose_and_may_not_react_again():
    g = C.reaction_example_2()
    C.play(g, A.Activate("Gunmen", to="behind copse"), A.React("SAS", "fire"))
    C.done(g)
    assert _rolled(g, "firepower SAS") == []
    C.play(g, A.Activate("Others", fire_at="SAS"))
    assert C.refusing_rule(g, A.React("SAS", "fire")) == "l.288"


def test_the_wasted_reaction_costs_b_a_die():
    g = C.wasted_reaction()
    C.play(g, A.Activate("Taliban 1", fire_at="SAS A"), A.React("SAS A", "fire"), A.React("SAS B", "fire"))
    C.done(g)
    C.play(g, A.Activate("Taliban 2", fire_at="SAS B"), A.React("SAS B", "fire"))
    C.done(g)
    assert [len(v) for v in _rolled(g, "firepower SAS B")] == [4, 3]
    assert "comes to nothing" in C.log_lines(g)


def test_the_fog_of_war_example_draws_the_uav():
    g = C.fog_of_war_example()
    C.play(g, A.Activate("Taliban", fire_at="SAS"), A.React("SAS", "fire"), A.DoneReacting())
    assert g.state.uav == ["Red"] and g.state.fog.draw == ["Friction"]
    assert "[l.372, l.376] Taliban rolled a 1: Red draws a Fog of War card: UAV overhead" in C.log_lines(g)


def test_reaction_odds_checkpoint_is_18_of_48():
    """l.318, l.320: the Marines' d8 - 1 must be 4+ and beat the d6: b = 5..8 beat 3, 4, 5, 6 faces."""
    assert C.reaction_chance() == pytest.approx(float(Fraction(3 + 4 + 5 + 6, 48)))
    cp = _cp("fof.reaction-odds")
    assert cp.check("37.5%").correct and not cp.check("50%").correct
    assert cp.check(0.5).text.startswith("Not yet. Hint (l.318)")


def test_only_the_unit_that_spotted_the_cell_may_fire_at_it():
    """l.110, l.120: SAS A spotted it; SAS B sees it but has not; the Marines' sight crosses the copse."""
    from lcb_lab.games.force_on_force import geometry
    g = C.hidden_cell()
    u = g.state.units
    assert geometry.line_of_sight(g.table, u["SAS B"].pos, C.HIDDEN_AT)
    assert not geometry.line_of_sight(g.table, u["Marines"].pos, C.HIDDEN_AT)
    assert C.may_fire_at_cell() == frozenset({"SAS A"})
    assert C.refusing_rule(g, A.Activate("SAS B", fire_at="Cell")) == "l.110"
    assert not _cp("fof.who-may-fire").check(["SAS A", "SAS B"]).correct


def test_breach_dice_after_two_reactions_is_two():
    """l.364 then l.9: 5 figures - 1 (second Reaction) - 2 (the breach) = 2 dice."""
    assert C.breach_firepower() == 2
    assert _cp("fof.breach-dice").check("2").correct and not _cp("fof.breach-dice").check("3").correct


def test_the_nearest_reactor_tests_first_and_the_loser_fires_first():
    """l.358: SAS B at 7.9" before the Marines (8.5") and SAS A (10.5"); l.360: SAS B lost, so its
    Reaction is resolved before the two that won."""
    from lcb_lab.games.force_on_force.rules.chain import ordered
    assert [r.unit for r in ordered(C.chain())] == ["SAS B", "Marines", "SAS A"]
    assert C.first_test() == "SAS B" and C.first_to_fire() == "SAS B"
    g = C.chain(C.CHAIN_DICE + [1] * 40)
    C.done(g)
    fired = [d.purpose for d in g.dice.history if d.purpose.startswith("firepower ")]
    assert fired == ["firepower SAS B", "firepower Marines", "firepower SAS A", "firepower MG team"]


def test_spot_odds_with_optics_is_49_of_80():
    """l.116-118, l.160: a d10 + 1 needs 4+ and more than a d8."""
    n = sum(1 for a in range(1, 11) for b in range(1, 9) if a + 1 >= 4 and a + 1 > b)
    assert n == 49 and C.spot_chance() == pytest.approx(49 / 80)


def test_every_checkpoint_cites_a_line_of_the_text_and_the_key_lists_them():
    assert len({c.key for c in C.CHECKPOINTS}) == len(C.CHECKPOINTS) == 6
    for c in C.CHECKPOINTS:
        assert cite(c.rule).endswith(c.rule)
        assert c.check(c.correct_answer()).correct
    assert instructor_key(C.CHECKPOINTS)[0] == "fof.reaction-odds: 37.5% (l.318)"


def test_the_staged_positions_are_legal_and_refusals_leave_the_game_untouched():
    g = C.hidden_cell()
    before = g.fork().state
    assert C.refusing_rule(g, A.Activate("Marines", fire_at="Cell")) == "l.110"
    assert g.state == before
