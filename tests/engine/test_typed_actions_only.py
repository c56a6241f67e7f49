"""Typed actions through ``Game.apply`` are the only way in: no sugar methods, one check of fields and names.

A malformed typed action is refused with a one-line InputError naming the action and the field
(no deep TypeError), and the game is byte-identical afterwards; lessons decode each step with
``actions.from_json`` when they are read, so a bad step names the lesson key.
"""
import pytest

from lcb_lab.games.lcb import actions as A
from lcb_lab import load_scenario
from lcb_lab.kernel.errors import InputError, ScenarioError
from lcb_lab.games.lcb.game import Game
from lcb_lab.games.lcb.content.lesson import Lesson
from lcb_lab.games.lcb.io.resources import lesson_text

REMOVED = ("relinquish_initiative", "begin_impulse", "declare", "_aid", "move", "exercise_zor", "conceal",
           "resupply", "apply_effect", "commit_combat", "resolve_combat", "armor_breakthrough", "end_impulse")


def test_game_has_none_of_the_removed_sugar_methods():
    assert [m for m in REMOVED if hasattr(Game, m)] == []
    g = load_scenario("gotland_redux")
    assert [m for m in REMOVED if hasattr(g, m)] == []


@pytest.fixture
def boston():
    g = load_scenario("gotland_redux", seed=1)
    g.apply(A.BeginImpulse("TF Boston"))
    g.apply(A.Declare((A.CoreAction("move_combat", ("DDG-51",)),)))
    return g


@pytest.mark.parametrize("action,message", [
    (A.Move(action="x", path=("AL-28",)), "move action: action: Input should be a valid integer (got 'x')"),
    (A.Move(action=True, path=("AL-28",)), "move action: action: Input should be a valid integer (got True)"),
    (A.Move(action=1, path="AL-28"), "move action: path: Input should be a valid tuple (got 'AL-28')"),
    (A.Move(action=1, path=(28,)), "move action: path.0: Input should be a valid string (got 28)"),
    (A.ExerciseZor(1, 5), "exercise_zor action: hex: Input should be a valid string (got 5)"),
    (A.Conceal(1.0), "conceal action: action: Input should be a valid integer (got 1.0)"),
    (A.Resupply(1, "Ivan Co", "RV1", (A.Grant("1 Tanya", "LRS1", -1.5),)),
     "resupply action: grants.0.rp: Input should be a valid integer (got -1.5)"),
    (A.CommitCombat(lrs=(A.LrsAttack("DDG-51", "LRS1", "1 Anna", "4"),)),
     "commit_combat action: lrs.0.dice: Input should be a valid integer (got '4')"),
    (A.ArmorBreakthrough(["x"], "AL-23"), "armor_breakthrough action: unit: Input should be a valid string"),
    (A.BeginImpulse("TF Boston\x00"), "begin_impulse action: task_force: a designator cannot contain the "
                                      "control character '\\x00' (position 9)"),
    (A.Move(1, ("AL-28",), units=("hidden:AL-29:0",)), "move action: units.0: a designator cannot start with "
                                                        "'hidden:' (the ids of counters seen only as a back)"),
    (A.ScriptedEffect("reveal"), "scripted_effect action: (value): a reveal effect needs units"),
    (A.ScriptedEffect("network_cube"), "scripted_effect action: (value): a network_cube effect needs team"),
    (A.ScriptedEffect("disembark", from_="LHD 1", units=("1 Alpha",)),
     "scripted_effect action: (value): a disembark effect needs hex"),
    (A.ScriptedEffect("teleport", units=("1 Anna",)),
     "scripted_effect action: effect: Input should be 'reveal', 'paralyse', 'network_cube' or 'disembark' (got 'teleport')"),
])
def test_a_wrongly_typed_field_is_refused_in_one_line_naming_it_and_nothing_changes(boston, action, message):
    before = boston.to_json()
    with pytest.raises(InputError) as e:
        boston.apply(action)
    assert str(e.value) == message
    assert boston.to_json() == before and len(boston.history.steps) == 2


def test_the_typed_action_is_the_checked_one_lists_become_tuples(boston):
    boston.apply(A.Move(action=1, path=["AL-28"]))
    assert boston.history.steps[-1].action == A.Move(1, ("AL-28",))


LESSON = lesson_text("appendix_b_combat")


@pytest.mark.parametrize("old,new,key,problem", [
    ('{kind = "move_combat", units = ["1 Tanya"]},', '{kind = "move_combat", units = ["1 Tanya\\u0007"]},',
     "impulse[TF St. Petersburg].declare.0.units.0", "control character"),
    ('{kind = "move_combat", units = ["1 Tanya"]},', '{kind = "move_combat", unit = ["1 Tanya"]},',
     "impulse[TF St. Petersburg].declare.0.unit", "Unexpected keyword argument"),
    ('rv = "RV1"', "rv = 1", "impulse[TF St. Petersburg], step 5, rv", "valid string"),
    ('grants = [{unit = "1 Tanya", slot = "LRS1", rp = 5}]', 'grants = [{unit = "1 Tanya", slot = "LRS1", rp = "5"}]',
     "impulse[TF St. Petersburg], step 5, grants.0.rp", "valid integer"),
    ('lrs = [{shooter = "1 Tanya", slot = "LRS1", target = "1 Whiskey", dice = 5}]',
     'lrs = [{shooter = "1 Tanya", slot = "LRS1", target = "1 Whiskey", dice = 5.5}]',
     "impulse[TF St. Petersburg], step 2, lrs.0.dice", "valid integer"),
    ('units = ["1 Whiskey"]\nrules = ["6.13"]', 'rules = ["6.13"]', "impulse[TF St. Petersburg], step 1",
     "a reveal effect needs units"),
])
def test_lesson_steps_are_decoded_by_from_json_and_a_bad_one_names_its_key(tmp_path, old, new, key, problem):
    assert LESSON.count(old) >= 1
    bad = tmp_path / "lesson.toml"
    bad.write_text(LESSON.replace(old, new, 1), encoding="utf-8")
    with pytest.raises(ScenarioError) as e:
        Lesson(bad)
    assert e.value.key == key and problem in e.value.problem, str(e.value)
    assert "\n" not in str(e.value)


def test_a_read_lesson_holds_typed_actions_for_its_steps():
    from lcb_lab.games.lcb.content.lesson import read_lesson
    spec, _ = read_lesson("appendix_b_combat")
    imp = next(i for i in spec.impulse if i.task_force == "TF St. Petersburg")
    assert imp._declare == A.Declare((A.CoreAction("move_combat", ("1 Tanya",)),
                                      A.CoreAction("move_resupply", ("Ivan Co",)),
                                      A.CoreAction("play_jcc", jcc="Cruise Missile Strike")))
    assert imp.step[4]._action == A.Resupply(2, "Ivan Co", "RV1", (A.Grant("1 Tanya", "LRS1", 5),))
    assert imp.step[1]._action == A.CommitCombat(lrs=(A.LrsAttack("1 Tanya", "LRS1", "1 Whiskey", 5),))


@pytest.mark.parametrize("data,message", [
    ({"kind": "declare", "actions": [{"kind": "move_combat", "unit": ["DDG-51"]}]},
     "declare action: actions.0.unit: Unexpected keyword argument"),
    ({"kind": "commit_combat", "lrs": [{"shooter": "DDG-51", "slot": "LRS1", "target": "1 Anna", "dice": 4, "x": 1}]},
     "commit_combat action: lrs.0.x: Unexpected keyword argument"),
    ({"kind": "move", "action": 1, "path": ["AL-28"], "unit": ["DDG-51"]},
     "move action: unit: unknown field; move takes action, path, units"),
])
def test_from_json_refuses_an_unknown_key_at_any_depth(data, message):
    with pytest.raises(InputError) as e:
        A.from_json(data)
    assert str(e.value) == message
