"""The course's level 4 (``lcb_lab.games.archipelago.course.level4``): the examples the lesson plays
reach the text's outcomes with their forced dice (the hovercraft over land l.606, the refuelling
of l.624, the machine gun's 5-6 l.634, the torpedo underneath l.638, the landings of l.660-674, the
paper example of l.676-678), and every checkpoint's computed answer is the value the text gives,
and changes when the position does."""
import pytest

from lcb_lab.games.archipelago import actions as A
from lcb_lab.games.archipelago.course import checkpoint, level, level4, odds, play, refusing_rule
from lcb_lab.games.archipelago.rule_refs import cite
from tests.archipelago.helpers import N, at


def test_picture_43_over_orange_and_white_never_onto_red():
    g = level4.picture_43()
    assert refusing_rule(g, A.Move("Red HC-18", "FFFF", 2)) == "l.120"          # red: flying helicopters only
    assert refusing_rule(g, A.Move("Red HC-18", "FFFFF", 2)) == "l.178"         # 2 + 2 = 4 steps at most
    text = play(g, level4.MOVE_43)
    assert "3 of at most 4 steps (blue 2 +2, l.178)" in text
    assert g.state.pieces["Red HC-18"].point == tuple(at((N, 3)))              # on the white point (l.606)
    assert g.board.colour(at((N, 3))) == "white"


def test_l624_refuelling_from_1_to_6_the_tank_12_to_7():
    g = level4.refuel_624()
    assert g.state.pieces["Red HC-18"].fuel == 12                              # a full tank (l.622)
    assert "Red H-1 refuels to 6 from Red HC-18: 5 notch(es)" in play(g, level4.REFUEL_624)
    assert (g.state.pieces["Red H-1"].fuel, g.state.pieces["Red HC-18"].fuel) == (6, 7)
    g = level4.refuel_624(pointer=2)
    play(g, level4.REFUEL_624)
    assert g.state.pieces["Red HC-18"].fuel == 8


def test_picture_47_the_machine_gun_on_a_5_and_the_commandos_lost():
    g = level4.picture_47()
    assert "hit = 1: 33.3%" in odds(g, level4.MG_47)
    text = play(g, level4.MG_47)
    assert "red 5: Red HC-18 is destroyed" in text and "the commandos aboard Red HC-18 are lost" in text
    g = level4.picture_47(die=4)
    assert "red 4: a miss" in play(g, level4.MG_47) and "Red HC-18" in g.state.pieces


def test_picture_48_the_torpedo_runs_underneath():
    g = level4.picture_48()
    assert refusing_rule(g, A.LaunchTorpedo("Blue TB-3", "Red HC-18")) == "l.638"
    assert "red 5: the torpedo from Blue TB-3 hits Red C-9 (step 4)" in play(g, level4.TORPEDO_48)
    assert g.state.pieces["Red C-9"].hits == ["T"] and g.state.pieces["Red HC-18"].hits == []


def test_picture_49_a_tie_again_then_base_a_falls_and_red_wins():
    g = level4.picture_49()
    assert "captured = 1: 70.0%" in odds(g, level4.LANDING_49)
    text = play(g, level4.LANDING_49)
    assert "red 3 against 3: a tie, rolled again" in text
    assert "red 4 against green 2: the garrison of Blue Base A is destroyed" in text
    assert g.state.over and g.state.winner == "Red" and g.state.garrisons == {}
    assert g.dice.forced_left == 0


def test_defended_commandos_first_then_the_garrison():
    g = level4.defended()
    assert "captured = 1: 35.0%" in odds(g, level4.LANDING_49)
    text = play(g, level4.LANDING_49)
    assert text.index("red 5 against red 2") < text.index("red 1 against 3: the attacking commandos are destroyed")
    assert not g.state.over and g.state.commandos == [] and g.state.garrisons == {"Blue Base A": "Blue"}


def test_example_676_the_paper_shown_and_the_other_unit_still_hidden():
    a, b = level4.example_676(), level4.example_676("Red Base B")
    assert level4.blue_sees(a) == level4.blue_sees(b) and a.view("Red") != b.view("Red")
    assert "captured = 1: 70.0%" in odds(a, level4.LANDING_676)            # Blue reckons with the garrison only
    texts = [play(g, level4.LANDING_676) for g in (a, b)]
    assert "Red shows a paper: commandos on Red Base B" in texts[0]
    assert "red 2 against 5: the attacking commandos are destroyed" in texts[0] and texts[0] == texts[1]
    assert level4.blue_sees(a) == level4.blue_sees(b)                       # the second paper stays hidden
    assert a.view("Blue")["commandos"]["Red"] == {"islands": ["Red Base B"], "on_paper": 1}
    assert a.state.garrisons.get("Red Base B") == "Red" and not a.state.over


LEVEL4 = {"arch4.hc-points": frozenset({"dark blue", "light blue", "orange", "white"}),
          "arch4.mg-odds": pytest.approx(1 / 3), "arch4.garrison-odds": pytest.approx(0.7),
          "arch4.defended-odds": pytest.approx(0.35), "arch4.base-b-ends": "no"}


def test_checkpoint_answers_hints_and_explanations():
    cps = level(4).checkpoints
    assert {cp.key: cp.correct_answer() for cp in cps} == LEVEL4
    assert checkpoint("arch4.mg-odds").rule == "l.634"
    for cp in cps:
        cite(cp.rule)
        wrong = {"choice": "maybe", "choices": ["none of these"], "number": 99, "probability": 0.999}[cp.kind]
        assert cp.check(wrong).text == f"Not yet. Hint ({cp.rule}): {cp.hint}"
        right = cp.correct_answer()
        assert cp.check(sorted(right) if cp.kind == "choices" else right).text.startswith("Correct: ")
        assert cp.explain()


def test_the_answers_follow_the_position():
    """Without its commandos the landing has nothing to roll; Base A's capture ends the game,
    Base B's does not; a missed machine gun leaves the hovercraft."""
    assert refusing_rule(level4.landing([], base="A"), A.LandCommandos("Red HC-18", "Blue Base B")) == "l.658"
    assert level4.win_chance(level4.landing([]), level4.LANDING_49) == pytest.approx(0.7)
    assert level4.win_chance(level4.landing([], defenders=2), level4.LANDING_49) == pytest.approx(0.5 * 0.5 * 0.7)
    g = level4.landing([4, 2], base="A")
    g.apply(level4.LANDING_49)
    assert g.state.over
