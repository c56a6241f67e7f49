"""Malformed requests get clear lcb_lab errors and change nothing (found by a fresh-user review)."""
import json

import pytest

from lcb_lab import load_scenario, situation
from lcb_lab.games.lcb.actions import AnswerMildec
from lcb_lab.kernel.errors import IllegalAction, LabError, ScenarioError
from lcb_lab.games.lcb.game import Game
from lcb_lab.games.lcb.content.lesson import Lesson
from lcb_lab.games.lcb.io.resources import lesson_text, scenario_text
from lcb_lab.games.lcb import actions as A

SCEN = scenario_text("gotland_redux")
LESSON = lesson_text("appendix_b_combat")


@pytest.fixture
def boston():
    g = load_scenario("gotland_redux", seed=1)
    g.apply(A.ScriptedEffect(effect="reveal", units=("1 Anna",)))
    g.apply(A.BeginImpulse("TF Boston"))
    g.apply(A.Declare((A.CoreAction("move_combat", ("DDG-51",)),)))
    return g


@pytest.mark.parametrize("call", [
    lambda g: g.apply(A.CommitCombat(lrs=(A.LrsAttack("DDG-51", "LRS1", "1 Anna", "four"),))),
    lambda g: g.apply(A.CommitCombat(lrs=(A.LrsAttack("DDG-51", "LRS1", "1 Anna", 2.9),))),
    lambda g: g.apply(A.CommitCombat(lrs=(A.LrsAttack("DDG-51", "LRS1", "1 Anna", True),))),
    lambda g: g.apply(A.from_json({"kind": "commit_combat", "lrs": [{"shooter": "DDG-51", "target": "1 Anna",
                                                                    "dice": 2}]})),
    lambda g: g.apply(A.from_json({"kind": "commit_combat", "ga": [{"target": "1 Anna", "dice": 2}]})),
    lambda g: g.apply(A.Move(1, (42,))),
    lambda g: g.apply(A.Move("1", ("AL-28",))),
    lambda g: g.apply(A.Move(0, ("AL-28",))),                   # no declared action #0
    lambda g: g.apply(A.Move(2, ("AL-28",))),                   # one action declared
    lambda g: g.apply(A.Move(1, ("AL-29",))),                       # the start hex only
    lambda g: g.apply(A.Move(1, ("ZZ-0",))),
    lambda g: g.apply(AnswerMildec(absorb=42)),           # nothing pending
    lambda g: g.movement_reach([]),
    lambda g: g.movement_reach(["nobody"]),
    lambda g: g.path_to(["DDG-51"], "al23x"),
    lambda g: g.intercept_umbrella("DDG-51", "nobody"),
    lambda g: g.preview_lrs([{"shooter": "DDG-51", "slot": "LRS1", "target": "3 Anna", "dice": 2}]),
    lambda g: g.preview_lrs([{"shooter": "DDG-51", "slot": "INT1", "target": "1 Anna", "dice": 2}]),
    lambda g: g.preview_lrs([{"shooter": "DDG-51", "slot": "LRS1", "target": "1 Anna", "dice": -5}]),
])
def test_malformed_calls_raise_lcb_errors_and_change_nothing(boston, call):
    before = boston.to_json()
    with pytest.raises(LabError):
        call(boston)
    assert boston.to_json() == before


@pytest.mark.parametrize("value", [42, [{"interceptor": "nobody"}], {"absorb": 1}, [{"interceptor": "FFG-454",
                          "slot": "INT1", "target": "1 Anna", "dice": "4"}]])
def test_malformed_answers_are_refused(boston, value):
    boston.apply(A.CommitCombat(lrs=(A.LrsAttack("DDG-51", "LRS1", "1 Anna", 4),)))
    before = boston.to_json()
    with pytest.raises(LabError):
        boston.apply(boston.pending.answer_from(value))
    assert boston.to_json() == before and boston.pending.kind == "intercept"


def test_declarations_with_bad_shapes():
    g = load_scenario("gotland_redux")
    g.apply(A.BeginImpulse("TF Boston"))
    for bad in (42, [None], [{"units": ["DDG-51"]}], [{"kind": "move_combat", "units": "DDG-51"}]):
        with pytest.raises(LabError):
            g.apply(A.from_json({"kind": "declare", "actions": bad}))
    assert g.impulse.phase == "declare"


def test_concealed_units_are_pointed_at_not_named_in_the_other_teams_log():
    g = load_scenario("gotland_redux")
    g.apply(A.BeginImpulse("TF Memphis"))
    g.apply(A.Declare())
    g.apply(A.EndImpulse())
    g.apply(A.BeginImpulse("TF St. Petersburg"))
    g.apply(A.Declare((A.CoreAction("move_combat", ("1 Tanya",)), A.CoreAction("move_resupply", ("Ivan Co",)))))
    us, ru = g.explained_log("US"), g.explained_log("RU")
    assert "1 concealed counter in AJ-24" in us and "Tanya" not in us and "Ivan" not in us and "AJ-22" not in us
    assert "1 Tanya in AJ-24" in ru and "Ivan Co in AJ-22" in ru
    g2 = load_scenario("gotland_redux")         # refusing does not say whose unit it is
    g2.apply(A.BeginImpulse("TF Boston"))
    with pytest.raises(IllegalAction) as e:
        g2.apply(A.Declare((A.CoreAction("move_combat", ("1 Tanya",)),)))
    assert "St. Petersburg" not in e.value.reason


def test_7_55_infinite_intercept_cap_holds_across_rows():
    g = load_scenario("gotland_redux", seed=1)
    g.state.units["LHD 1"].hex = "AM-23"
    for uid in ("1 Whiskey",):
        u = g.state.units[uid]
        u.hex, u.embarked_on, u.revealed = "AL-23", None, True
    g.apply(A.BeginImpulse("TF Memphis"))
    g.apply(A.Declare())
    g.apply(A.EndImpulse())
    g.apply(A.BeginImpulse("TF St. Petersburg"))
    g.apply(A.Declare((A.CoreAction("move_combat", ("1 Tanya",)),)))
    g.apply(A.CommitCombat(lrs=(A.LrsAttack("1 Tanya", "LRS1", "1 Whiskey", 5),)))
    row = {"interceptor": "LHD 1", "slot": "INT1", "target": "1 Whiskey", "dice": 4}
    with pytest.raises(IllegalAction) as e:
        g.apply(g.pending.answer_from([row, row]))
    assert e.value.rule == "7.55"


def test_3_41_initiative_is_relinquished_once_per_action_stage():
    g = load_scenario("gotland_redux")
    g.apply(A.Relinquish())
    with pytest.raises(IllegalAction) as e:
        g.apply(A.Relinquish())
    assert e.value.rule == "3.41" and g.state.initiative == "RU" and g.state.influence == -1


@pytest.mark.parametrize("old,new,key", [
    ('hex = "AL-29"                       # rulebook App. B', 'hex = "AK-21"', "unit[DDG-51].hex"),
    ('hex = "AJ-24"                       # rulebook App. B', 'hex = "AL-29"', "unit[1 Tanya].hex"),
    ('uid = "1 Kilo"\ntype = "usmc_iamd_section"\ntask_force = "TF Memphis"\nembarked_on = "LHD 1"',
     'uid = "1 Kilo"\ntype = "usmc_iamd_section"\ntask_force = "TF Memphis"\nembarked_on = "DDG-51"',
     "unit[1 Kilo].embarked_on"),
    ('name = "TF Boston"', 'name = "TF Memphis"', "task_force[TF Memphis]"),
    ('map = "gotland"', 'map = "atlantis"', "scenario.map"),
    ('count = 6', 'count = -1', "victory[US].count"),
])
def test_scenario_cross_checks(tmp_path, old, new, key):
    assert old in SCEN, old
    bad = tmp_path / "bad.toml"
    bad.write_text(SCEN.replace(old, new, 1), encoding="utf-8")
    with pytest.raises(ScenarioError) as e:
        load_scenario(bad)
    assert e.value.key.startswith(key.split("[")[0]) and e.value.file == str(bad), str(e.value)
    assert e.value.key == key or key == "victory[US].count"


@pytest.mark.parametrize("old,new,key", [
    ('path = ["AM-25", "AM-24", "AM-23"]', '', "impulse[TF Memphis], step 1, path"),
    ('dice = [3, 8, 13, 17, 2, 7, 11, 15, 1, 5, 9, 14]', 'dice = [25]', "impulse[TF Boston], step 5, dice.0"),
    ('do = "answer"\nnote = "Dimitri', 'do = "answer"\npolicy = "no_intercept"\nnote = "Dimitri',
     "impulse[TF Boston], step 4"),
])
def test_lesson_steps_are_checked_when_the_file_is_read(tmp_path, old, new, key):
    assert old in LESSON
    bad = tmp_path / "lesson.toml"
    bad.write_text(LESSON.replace(old, new, 1), encoding="utf-8")
    with pytest.raises(ScenarioError) as e:
        Lesson(bad)
    assert e.value.key == key and e.value.file == str(bad)


def test_saved_games_are_checked_and_keep_the_scenario(tmp_path):
    g = load_scenario("gotland_redux")
    p = tmp_path / "g.json"
    g.save(p)
    back = Game.load(p)
    assert back.view("US")["jccs"]["US"] and back.view("US")["scenario_name"].startswith("Meeting")
    data = json.loads(p.read_text())
    data["state"]["units"]["DDG-51"]["type_id"] = "usn_battleship"
    p.write_text(json.dumps(data))
    with pytest.raises(ScenarioError, match=r"state.units\[DDG-51\].type_id"):
        Game.load(p)
    p.write_text("{not json")
    with pytest.raises(ScenarioError, match="syntax"):
        Game.load(p)
    with pytest.raises(ScenarioError):
        Game.load(tmp_path / "missing.json")
    with pytest.raises(LabError):
        g.save(tmp_path / "no" / "dir" / "x.json")


def test_3_12_only_cards_of_the_teams_pool_and_not_twice_in_an_impulse():
    g = load_scenario("gotland_redux")
    g.apply(A.BeginImpulse("TF Boston"))
    for bad in ((A.CoreAction("play_jcc", jcc="Thermal Camo"),),
                (A.CoreAction("play_jcc", jcc="MARSOC HALO"), A.CoreAction("play_jcc", jcc="MARSOC HALO"))):
        with pytest.raises(IllegalAction):
            g.apply(A.Declare(bad))
    g.apply(A.Declare((A.CoreAction("play_jcc", jcc="MARSOC HALO"),)))
    assert "Thermal Camo" not in g.view("US")["jccs"]["US"] and "RU" not in g.view("US")["jccs"]


def test_conceal_and_zor_logs_do_not_name_face_down_units_to_the_other_team():
    g = load_scenario("gotland_redux")
    g.apply(A.BeginImpulse("TF Memphis"))
    g.apply(A.Declare())
    g.apply(A.EndImpulse())
    g.apply(A.BeginImpulse("TF St. Petersburg"))
    g.apply(A.Declare((A.CoreAction("move_conceal", ("1 Tanya",)),)))
    g.apply(A.ExerciseZor(1, "AK-24"))
    g.apply(A.Conceal(1))
    us = g.explained_log("US")
    assert "Tanya" not in us and "1 concealed counter in AJ-24 look into AK-24" in us


def test_a_lone_mildec_conceals_itself():
    from lcb_lab.games.lcb.model.state import Marker
    g = situation([("Inf", "usmc_infantry_platoon", "F-2", "TF Blue")],
                  markers=[Marker("M1", "mildec", "US", "TF Blue", "F-6", revealed=True)])
    g.apply(A.BeginImpulse("TF Blue"))
    g.apply(A.Declare((A.CoreAction("move_conceal", markers=("M1",)),)))
    g.apply(A.Move(1, ("F-7",)))
    g.apply(A.Conceal(1))
    assert not g.state.markers["M1"].revealed
    with pytest.raises(IllegalAction):
        g.apply(A.Conceal(1))


def test_scenario_markers_are_checked(tmp_path):
    extra = ('\n[[marker]]\nmid = "M1"\ntype = "naval_mildec"\ntask_force = "TF Boston"\nhex = "AK-21"\n')
    bad = tmp_path / "bad.toml"
    bad.write_text(SCEN + extra, encoding="utf-8")
    with pytest.raises(ScenarioError) as e:
        load_scenario(bad)
    assert e.value.key == "marker[M1].hex"
    ok = extra.replace("AK-21", "AL-29")
    bad.write_text(SCEN + ok + ok, encoding="utf-8")
    with pytest.raises(ScenarioError, match="duplicate marker"):
        load_scenario(bad)


def test_the_instructor_reads_each_declaration_once():
    g = load_scenario("gotland_redux")
    g.apply(A.BeginImpulse("TF Memphis"))
    g.apply(A.Declare((A.CoreAction("move_embarked_jcc", ("LHD 1",), jcc="Amphibious: LCU"),)))
    inst = [e["text"] for e in g.log_entries("instructor") if e["kind"] == "declare"]
    ru = [e["text"] for e in g.log_entries("RU") if e["kind"] == "declare"]
    assert inst == ["#1 Move and/or Play an Embarked Persistent JCC: LHD 1 in AM-26 (Amphibious: LCU)"]
    assert ru == ["#1 Move and/or Play an Embarked Persistent JCC: 1 concealed counter in AM-26"]
