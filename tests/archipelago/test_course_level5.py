"""The course's tour of the expanded rules (``lcb_lab.games.archipelago.course.level5``): the pictures
the lesson plays reach the text's outcomes with their forced dice (S-S missiles, picture 54; the
hidden submarine and the sonar, picture 80; the depth charge, picture 76; the mine, picture 68;
the aircraft's approach, picture 88), the other side's view holds no hidden submarine, and every
checkpoint's computed answer is the value the text gives, and changes when the position does."""
import pytest

from lcb_lab.games.archipelago import actions as A
from lcb_lab.games.archipelago.course import checkpoint, level, level5, odds, play, refusing_rule
from lcb_lab.games.archipelago.observer import view
from lcb_lab.games.archipelago.rule_refs import cite
from tests.archipelago.helpers import N, at


def test_picture_54_mb20_hits_mb21_misses():
    g = level5.picture_54()
    first, second = level5.SSM_54
    assert "hit = 1: 72.2%" in odds(g, first)                                 # red + red >= 6: 26 of 36
    assert "red 4 + red 3 = 7: the S-S missile hits Blue C-9" in play(g, first)
    assert g.state.pieces["Blue C-9"].hits == ["S-S"]
    assert "hit = 1: 41.7%" in odds(g, second)                                # >= 8: 15 of 36
    assert "red 2 + red 3 = 5: the S-S missile misses Blue C-10" in play(g, second)
    assert g.state.pieces["Blue C-10"].hits == [] and g.dice.forced_left == 0


def test_picture_80_hidden_then_found_by_the_sonar():
    a, b = level5.picture_80(), level5.picture_80("D8")
    assert level5.red_sees(a) == level5.red_sees(b)                          # the notepad is Blue's alone
    assert view(a, "Blue") != view(b, "Blue")
    assert "Blue S-31" not in view(a, "Red")["pieces"] and view(a, "Red")["undersea"]["notepads"]["Blue"] == 2
    text = play(a, level5.SONAR_80)
    assert "notepad 'turn 11: Sonar - H9'" in text and "Blue must place Blue S-31 on the board" in text
    assert a.to_act() == "Blue"
    text = play(a, level5.place_80(a))
    assert "placed at 48,42 (I9)" in text and "the path is logical" in text
    assert "Blue S-31" in view(a, "Red")["pieces"] and "Blue S-32" in a.state.hidden    # J9: outside the zone
    play(b, level5.SONAR_80)
    assert b.to_act() == "Red" and "Blue S-31" in b.state.hidden                       # D8: not heard


def test_picture_76_the_depth_charge_rolls_nothing():
    g = level5.picture_76()
    assert odds(g, level5.DEPTH_CHARGE_76) == "rolls nothing"
    text = play(g, level5.DEPTH_CHARGE_76)
    assert "Blue S-32 is destroyed by the depth charge" in text and g.state.sunk["Blue S-32"].hits == ["D"]


def test_picture_68_the_mine_behind_and_the_boat_over_it():
    g = level5.picture_68()
    assert refusing_rule(g, level5.MINE_68[1]) == "l.1057"                    # after its move, not before
    for act in level5.MINE_68:
        play(g, act)
    assert [(m.owner, m.point) for m in g.state.mines] == [("Red", tuple(at((N, 1))))]
    play(g, A.EndTurn())
    play(g, A.RollMovement())
    assert "Blue TB-1 runs onto Red's mine" in play(g, level5.RUN_68)
    assert "Blue TB-1" in g.state.sunk and g.state.mines == []


def test_picture_88_the_approach_then_the_western_edge():
    g = level5.picture_88()
    assert level5.approach_88(g) == ["takeoff", "climb", "approach", "enter"]
    play(g, A.RollMovement())
    assert refusing_rule(g, A.EndTurn()) == "l.1309"                          # it must come on this turn
    assert "Red A-1 enters the battle zone" in play(g, level5.ENTER_88)
    assert g.state.airfield["Red A-1"] == "zone" and g.state.pieces["Red A-1"].fuel == 6


LEVEL5 = {"arch5.ss-odds": pytest.approx(15 / 36), "arch5.hidden-seen": "no", "arch5.sonar-sectors": 9,
          "arch5.depth-charge": pytest.approx(1.0), "arch5.aircraft-turns": 3}


def test_checkpoint_answers_hints_and_explanations():
    cps = level(5).checkpoints
    assert {cp.key: cp.correct_answer() for cp in cps} == LEVEL5
    assert checkpoint("arch5.sonar-sectors").rule == "l.1185"
    for cp in cps:
        cite(cp.rule)
        wrong = {"choice": "maybe", "choices": ["none of these"], "number": 99, "probability": 0.5}[cp.kind]
        assert cp.check(wrong).text == f"Not yet. Hint ({cp.rule}): {cp.hint}"
        assert cp.check(cp.correct_answer()).text.startswith("Correct: ")
        assert cp.explain()


def test_the_answers_follow_the_position():
    """MB-20's shot at 6 is likelier than MB-21's at 8; a sonar at a corner of the board searches
    fewer sectors; S-31 in the sonar's zone is seen, in D8 it is not."""
    g = level5.picture_54()
    assert g.chance_outcomes(level5.SSM_54[0]).probability(1) == pytest.approx(26 / 36)
    from lcb_lab.games.archipelago.rules import hidden
    assert len(hidden.zone(level5.expanded_board(), "A1")) == 4
    assert level5.turns_to_enter() == 3
