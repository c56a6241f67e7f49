"""The Reaction Test (l.318-332), its exact odds, and chains in the text's order (l.358-364)."""
from fractions import Fraction

import pytest

from lcb_lab.games.force_on_force import actions as A
from lcb_lab.games.force_on_force import chance
from lcb_lab.games.force_on_force.rules.reaction import modifiers, non_initiative_wins, p_non_initiative_wins
from lcb_lab.kernel.errors import IllegalAction
from tests.force_on_force.helpers import done, rolled, situation, titles, unit


def test_tie_rule_on_modified_rolls():
    assert non_initiative_wins(3, 5) and not non_initiative_wins(5, 5)        # any tie: initiative (l.318)
    assert not non_initiative_wins(1, 3) and not non_initiative_wins(3, 3)    # both failing: initiative
    assert not non_initiative_wins(2, 3)                                       # higher but under 4: no


def test_exact_odds_by_enumeration():
    assert p_non_initiative_wins(8, 0, 8, 0) == Fraction(25, 64)             # 3+4+5+6+7 of 64
    assert p_non_initiative_wins(8, 1, 8, 0) == Fraction(5, 16)              # Overwatch +1 (l.407)
    assert p_non_initiative_wins(6, -1, 10, 0) == Fraction(13, 20)           # a Rapid mover -1 (l.320)
    step = chance.reaction_step(unit("I", "Red", 8, 1, "centre"), unit("R", "Blue", 8, 1, "orchard"))
    assert step.probability(1) == pytest.approx(25 / 64) and sum(p for _, p in step.outcomes) == pytest.approx(1)


def test_modifiers_are_cumulative():
    u = unit("V", "Red", 8, 1, "centre", kind="vehicle", buttoned=True, rapid=True)
    assert sum(v for v, _, _ in modifiers(u, overwatch=True)) == -1          # +1 -1 -1 (l.332, l.338-342)
    assert {r for _, r, _ in modifiers(u, overwatch=True)} == {"l.332", "l.320", "l.338"}


def test_a_tie_goes_to_the_initiative_unit_in_play():
    g = situation(unit("M", "Red", 8, 3, "centre"), unit("S", "Blue", 8, 4, "south road"),
                  forced=[5, 5, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1])
    g.apply(A.Activate("M", fire_at="S"))
    g.apply(A.React("S", "fire"))
    done(g)
    assert titles(g, "reaction_test")[0].endswith("M acts first")
    shooters = [e["data"]["shooter"] for e in g.state.log if e["kind"] == "fire"]
    assert shooters == ["M", "S"]                              # lost: the initiative unit fires first (l.282-288)


def test_chain_tests_nearest_first_then_lost_before_won():
    """l.358-362: tests C (2.5"), O (7.2"), S (10"); C wins, O and S lose; O and S resolve first,
    nearest outward, then C; the initiative unit completes last (l.364)."""
    g = situation(unit("M", "Red", 8, 3, "centre"), unit("S", "Blue", 10, 4, "south road"),
                  unit("O", "Blue", 10, 4, "orchard"), unit("C", "Blue", 10, 4, "copse edge"),
                  unit("X", "Blue", 10, 4, "ford bank"),
                  forced=[2, 9, 5, 3, 5, 2] + [1] * 6 * 3 + [1] * 5)
    g.apply(A.Activate("M", fire_at="X"))
    for n in ("S", "O", "C"):
        g.apply(A.React(n, "fire"))
    done(g)
    assert [e["data"]["react"] for e in g.state.log if e["kind"] == "reaction_test"] == ["C", "O", "S"]
    assert [e["data"]["shooter"] for e in g.state.log if e["kind"] == "fire"] == ["O", "S", "C", "M"]


def test_each_extra_reaction_costs_a_die_and_an_inch():
    """l.364: the second Reaction fires one die fewer and moves 1" less (orchard -> south road is 5.7")."""
    g = situation(unit("M", "Red", 8, 3, "centre"), unit("N", "Red", 8, 3, "copse edge"),
                  unit("O", "Blue", 10, 4, "orchard"), forced=[2, 9] + [1] * 11)
    g.apply(A.Activate("M", fire_at="O"))
    g.apply(A.React("O", "fire"))
    done(g)
    g.apply(A.Activate("N", fire_at="O"))
    with pytest.raises(IllegalAction) as e:
        g.apply(A.React("O", "move", "south road"))
    assert e.value.rule == "l.364" and "less 1\"" in e.value.reason
    g.apply(A.React("O", "move", "south road", rapid=True))
    assert rolled(g, "firepower O") == [[1, 1, 1, 1]]


def test_irregulars_react_with_fire_once_per_turn():
    g = situation(unit("M", "Blue", 8, 3, "centre"), unit("N", "Blue", 8, 3, "copse edge"),
                  unit("G", "Red", 6, 4, "orchard", irregular=True), initiative="Blue",
                  forced=[2, 5] + [1] * 11)
    g.apply(A.Activate("M", fire_at="G"))
    g.apply(A.React("G", "fire"))
    done(g)
    g.apply(A.Activate("N", to="behind copse"))
    with pytest.raises(IllegalAction) as e:
        g.apply(A.React("G", "fire"))
    assert e.value.rule == "l.290"


def test_table_reading_hide_spot_and_artillery_draw_no_reaction():
    """Reading of the interleaved tables (l.196-246): Hide, Spot Hidden Units and Request Artillery
    carry the asterisk "Units may not React to Actions marked with an asterisk"; Move, Fire and the
    breach do not.  So only the latter ask the non-initiative player for Reactions."""
    g = situation(unit("M", "Red", 8, 3, "behind copse"), unit("N", "Red", 8, 3, "centre"),
                  unit("S", "Blue", 10, 4, "south road"), forced=[5, 1, 1, 1, 1, 1, 1, 1] + [6, 1, 1])
    g.apply(A.Hide("M"))
    assert g.to_act() == "Red" and not g.state.choices
    g.apply(A.Artillery("N", "S"))
    assert g.to_act() == "Red" and not g.state.choices
    g.state.units["N"].activated = False
    g.apply(A.Activate("N", to="copse edge"))
    assert g.to_act() == "Blue" and g.state.choices[-1].question == "react"


def test_reaction_fire_reading_a_failed_unit_reacts_no_more_but_is_still_fired_on():
    """Reading of the broken Reaction Fire paragraph (l.282-292): a unit that failed a test may not
    React again this turn (it is not offered), and the initiative unit that fires at it still does."""
    g = situation(unit("M", "Red", 8, 3, "centre"), unit("N", "Red", 8, 3, "copse edge"),
                  unit("S", "Blue", 10, 4, "south road"), forced=[5, 2] + [1] * 20)
    g.apply(A.Activate("M", fire_at="S"))
    g.apply(A.React("S", "fire"))
    done(g)
    assert g.state.units["S"].lost_test
    g.apply(A.Activate("N", fire_at="S"))
    assert g.legal_actions() == [A.DoneReacting()]
    done(g)
    assert [e["data"]["shooter"] for e in g.state.log if e["kind"] == "fire"] == ["M", "S", "N"]


def test_a_won_reaction_move_out_of_sight_avoids_the_fire():
    """l.256-264: S wins its Reaction Test and moves behind the copse before M fires: M has no shot."""
    g = situation(unit("M", "Red", 8, 3, "south road"), unit("S", "Blue", 10, 4, "copse edge"),
                  unit("N", "Red", 8, 3, "centre"), forced=[2, 9])
    g.apply(A.Activate("M", fire_at="S"))
    g.apply(A.React("S", "move", "behind copse"))
    done(g)
    assert g.state.units["S"].pos == (17.0, 12.5) and rolled(g, "firepower M") == []
    assert "M has no shot at S any more" in titles(g)
    g.apply(A.Activate("N", fire_at="S"))
    with pytest.raises(IllegalAction) as e:                  # one Reaction move per turn (l.266)
        g.apply(A.React("S", "move", "copse edge"))
    assert e.value.rule == "l.266"


def test_a_unit_may_react_as_the_initiative_unit_moves_into_its_sight():
    """l.352: S cannot see M behind the copse when M is activated, but M's move brings it into
    sight: S may declare a Reaction, and fires at M where its move ends."""
    g = situation(unit("M", "Red", 8, 3, "behind copse"), unit("S", "Blue", 10, 4, "south road"),
                  unit("T", "Blue", 10, 4, (6.0, 18.0)), forced=[2, 9, 1, 1, 1, 1, 1, 1])
    g.apply(A.Activate("M", to="copse edge"))
    with pytest.raises(IllegalAction) as e:
        g.apply(A.React("T", "fire"))
    assert e.value.rule == "l.256"
    g.apply(A.React("S", "fire"))
    done(g)
    assert rolled(g, "firepower S") == [[1, 1, 1, 1]] and g.state.units["M"].pos == (13.5, 10.0)
