"""The Archipelago course (``lcb_lab.games.archipelago.course``): the printed examples the lessons
play reach the text's outcomes with their forced dice, every checkpoint's computed answer is the
value the text gives (and changes when the position does), hints cite lines of the text, and the
board marks and the dice comparison give exact values."""
import doctest
import importlib

import pytest

from lcb_lab.kernel.hexgrid import Facing

from lcb_lab.games.archipelago import actions as A
from lcb_lab.games.archipelago.course import O, checkpoint, dice, level, level1, level2, level3, levels, odds, play, refusing_rule
from lcb_lab.games.archipelago.rule_refs import cite
from lcb_lab.kernel.errors import LabError


def test_the_levels_and_their_keys():
    assert [(lv.number, lv.title) for lv in levels()] == [(1, "Level 1: torpedo boats"), (2, "Level 2: ships"),
                                                          (3, "Level 3: helicopters"),
                                                          (4, "Level 4: hovercraft, garrisons and commandos"),
                                                          (5, "Level 5: the expanded rules")]
    assert checkpoint("arch2.gun-odds").rule == "l.329" and checkpoint("arch3.mg-odds").rule == "l.539"
    with pytest.raises(LabError, match="no level 9"):
        level(9)
    with pytest.raises(LabError, match="arch1.tb-sides"):
        checkpoint("ch07.x")


def test_picture_12_odds_then_a_hit():
    g = level1.picture_12()
    assert g.chance_outcomes(level1.SHOT_12).probability(1) == pytest.approx(5 / 6)   # any red but 1 (l.203)
    text = play(g, level1.SHOT_12)
    assert "red 4: the torpedo from Red TB-2 hits Blue TB-6 (step 2)" in text and "Blue TB-6" in g.state.sunk
    assert not g.state.over                                    # the far blue boat keeps the game going


def test_picture_13_and_14():
    g = level1.picture_13()
    assert "hit = 1: 33.3%" in odds(g, level1.SHOT_13)
    play(g, level1.SHOT_13)
    assert "Red TB-1" in g.state.sunk
    g = level1.picture_14()
    assert g.chance_outcomes(level1.SHOT_14).probability(1) == 0.0                  # from the front (l.209)
    play(g, level1.SHOT_14)
    assert "Blue TB-5" in g.state.pieces and "T1" in g.state.torpedoes
    assert "red 1: the launch from Red TB-8 fails" in play(g, level1.SHOT_14_FAIL)
    assert g.dice.forced_left == 0


def test_pictures_15_to_17():
    g = level1.picture_15()
    assert g.chance_outcomes(level1.SHOT_15).probability(1) == pytest.approx(3 / 6)
    g = level1.picture_17()
    assert level1.still_in_range(level1.MOVES_16) == {"Blue TB-5": pytest.approx(0.5)}    # TB-3 turned its bow
    assert level1.still_in_range() == {"Blue TB-3": pytest.approx(5 / 6), "Blue TB-5": pytest.approx(0.5)}
    assert "green 4: T1 hits Blue TB-5" in play(g, level1.CONTINUE_17)
    assert g.dice.forced_left == 0


LEVEL1 = {"arch1.bow-to-bow": "no", "arch1.tb-sides": frozenset({"astern to port", "astern", "astern to starboard"}),
          "arch1.course-odds": pytest.approx(1 / 2), "arch1.bonus": 3, "arch1.still-in-range": frozenset({"Blue TB-3", "Blue TB-5"})}
LEVEL2 = {"arch2.over-ship": "no", "arch2.gun-odds": pytest.approx(15 / 36),
          "arch2.gun-lines": frozenset({"Blue C-9", "Blue TB-2"}), "arch2.dice-7": 3, "arch2.hits-to-sink": 2}
LEVEL3 = {"arch3.flight-steps": 8, "arch3.hover-die": "no", "arch3.a-s-odds": pytest.approx(23 / 36),
          "arch3.a-a-front": "no", "arch3.mg-odds": pytest.approx(5 / 6)}
DICE = {"archdice.gun-6": pytest.approx(21 / 36), "archdice.likeliest-sum": frozenset({"5", "6", "7"}),
        "archdice.missile-4": pytest.approx(31 / 36), "archdice.bonus-plain-3": pytest.approx(1 / 36)}


@pytest.mark.parametrize("cps, want", [(level1.CHECKPOINTS, LEVEL1), (level2.CHECKPOINTS, LEVEL2),
                                       (level3.CHECKPOINTS, LEVEL3), (dice.CHECKPOINTS, DICE)],
                         ids=["level1", "level2", "level3", "dice"])
def test_checkpoint_answers_hints_and_explanations(cps, want):
    assert {cp.key: cp.correct_answer() for cp in cps} == want
    for cp in cps:
        cite(cp.rule)                                          # a line of a known section of the text
        wrong = {"choice": "maybe", "choices": ["none of these"], "number": 99, "probability": 0.999}[cp.kind]
        assert cp.check(wrong).text == f"Not yet. Hint ({cp.rule}): {cp.hint}"
        right = cp.correct_answer()
        assert cp.check(sorted(right) if cp.kind == "choices" else right).text.startswith("Correct: ")
        assert cp.explain()


def test_the_answers_follow_the_position():
    """Turned stern-on, the boat of arch1.bow-to-bow can be hit; with one piece less, fewer dice."""
    g = level1.picture_12()
    assert level1.hit_chance(g, "Red TB-2", "Blue TB-6") == pytest.approx(5 / 6)
    assert level1.hit_chance(level1.facing_boat(), "Red TB-2", "Blue TB-6") == 0.0
    assert [level2.dice_for(n) for n in (1, 2, 5, 6, 10, 11)] == [1, 2, 2, 3, 3, 4]        # l.289-293
    assert level1.pieces_after([2, 3]) == 2


def test_level3_examples():
    """Pictures 30-31 (hover free, flight exact), 36 (two A-S sink D-13), 38 (A-A from the rear),
    41 (the machine gun on a red 3), as the course stages them."""
    g = level3.picture_30()
    for act in level3.HOVERS_30:
        play(g, act)
    assert g.state.dice == [3, 2]
    g = level3.picture_31()
    for act in level3.FLIGHTS_31:
        play(g, act)
    assert g.state.dice == [] and g.state.pieces["Red H-1"].facing == int(Facing.NE)
    g = level3.picture_36()
    for act in level3.MISSILES_36:
        play(g, act)
    assert "Blue D-13" in g.state.sunk
    g = level3.picture_38()
    assert "hit = 1: 66.7%" in odds(g, level3.A_A_38) and "shot down" in play(g, level3.A_A_38)
    g = level3.picture_41()
    assert "red 3: Red H-1 is destroyed" in play(g, level3.MG_41)


def test_level2_examples():
    g = level2.forces()
    assert g.chance_outcomes(A.RollMovement()).label == "4 blue dice of Red"              # 11 vessels (l.295)
    g = level2.picture_21()
    play(g, A.RollMovement())
    for m in level2.MOVES_21:
        play(g, m)
    assert g.state.dice == [] and g.state.bonus
    assert refusing_rule(level2.picture_23("Blue C-9"), level2.SHOT_23) == "l.330"
    g = level2.picture_23()
    assert refusing_rule(g, level2.SHOT_23) == ""
    assert "hit = 1: 58.3%" in odds(g, level2.SHOT_23)
    assert "red 5 + green 2 = 7 >= 6: Blue C-10 is hit" in play(g, level2.SHOT_23)
    g = level2.picture_24()
    texts = [play(g, a) for a in level2.SHOTS_24]
    assert "red 3 + green 1 = 4 < 5: a miss" in texts[0] and g.state.ruins == ["A-Red ammunition"]
    assert "red 1 + green 1" in texts[4] and g.state.pieces["Blue C-10"].hits == ["T"]
    assert g.dice.forced_left == 0


def test_the_dice_distributions():
    assert dice.gun_pmf().sum() == pytest.approx(1) and dice.gun_pmf()[6] * 36 == pytest.approx(6)
    assert dice.missile_hit(2) == pytest.approx(35 / 36) and dice.missile_hit(9) == 0.0 and dice.missile_hit(1) == 0.0
    assert dice.torpedo_curve(range(1, 8)) == pytest.approx([5 / 6, 5 / 6, 4 / 6, 3 / 6, 2 / 6, 1 / 6, 0])
    assert dice.bonus_rows((2,)) == [(2, pytest.approx(10 / 36), pytest.approx(6 / 36))]


def test_the_comparison_is_game_free_and_computed():
    from lcb_lab.games.archipelago import chance
    from lcb_lab.games.lcb.die import p_hit
    from lcb_lab.ui.lab.dice_compare import Curve, checkpoints, steepest, steps
    d20 = Curve("d20 <= CV", "CV", tuple(range(21)), tuple(p_hit(c) for c in range(21)), "7.02")
    gun = Curve("red + green >= distance", "distance", tuple(range(2, 12)),
                tuple(chance.gun_hit(d) for d in range(2, 12)), "l.329")
    assert steps(d20) == pytest.approx([0.05] * 20)
    assert steepest(gun) == {"5->6", "6->7", "7->8"}
    per_step, steep = checkpoints(d20, gun)
    assert per_step.correct_answer() == pytest.approx(0.05) and steep.correct_answer() == {"5->6", "6->7", "7->8"}
    with pytest.raises(KeyError):
        d20.at(21)


def test_board_marks():
    from lcb_lab.ui.archipelago.marks import board_view, marks
    g = level1.picture_14()
    play(g, level1.SHOT_14)
    from lcb_lab.games.archipelago.observer import view
    ms = marks(view(g, "instructor"))
    assert [(m.label, m.owner, m.kind) for m in ms] == [
        ("2", "Blue", "torpedo_boat"), ("5", "Blue", "torpedo_boat"), ("7", "Red", "torpedo_boat"),
        ("8", "Red", "torpedo_boat"), ("T", "Red", "torpedo")]
    assert ms[2].point == O and ms[-1].facing == 1
    view = board_view(g, title="Picture 14")
    assert view.sources["pieces"].data["label"] == ["2", "5", "7", "8", "T"]
    assert view.figure.title.text.startswith("Picture 14 -- ") and "SANDBOX" in view.figure.title.text


@pytest.mark.parametrize("name", ["lcb_lab.games.archipelago.course", "lcb_lab.games.archipelago.course.dice",
                                  "lcb_lab.ui.archipelago.marks", "lcb_lab.ui.lab.dice_compare"])
def test_module_doctests_pass(name):
    result = doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS)
    assert result.failed == 0 and result.attempted > 0


@pytest.mark.parametrize("name", ["20_archipelago_level1.ipynb", "21_archipelago_level2.ipynb",
                                  "22_two_games_dice.ipynb", "23_archipelago_level3.ipynb",
                                  "24_archipelago_level4.ipynb", "25_archipelago_expanded.ipynb"])
def test_every_line_a_lesson_cites_lies_in_a_known_section(name):
    """The lessons' text cites the game's lines as the package does (``l.N``, ``l.N-M``)."""
    import json
    import re
    from pathlib import Path

    from lcb_lab.games.archipelago.rule_refs import section_of
    nb = json.loads((Path(__file__).resolve().parents[2] / "notebooks" / name).read_text(encoding="utf-8"))
    text = "".join("".join(c["source"]) for c in nb["cells"])
    cited = {int(n) for m in re.finditer(r"\bl\.(\d+)(?:-(\d+))?", text) for n in m.groups() if n}
    assert cited and all(section_of(n) for n in cited)
