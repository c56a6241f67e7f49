"""Scenario and lesson files: good ones load, bad ones name file, key and problem.
Team views carry nothing of a concealed enemy counter but its back and hex."""

import pytest

from lcb_lab import load_scenario
from lcb_lab.kernel.errors import ScenarioError
from lcb_lab.games.lcb.content.lesson import Lesson
from lcb_lab.games.lcb.io.resources import scenario_text
from lcb_lab.games.lcb import actions as A

SCEN = scenario_text("gotland_redux")


def test_gotland_redux_loads_with_appendix_b_deployment():
    g = load_scenario("gotland_redux", seed=1)
    s = g.state
    assert s.initiative == "US" and s.max_turns == 3 and s.network_cubes == {"US": 1, "RU": 1}
    assert {u: s.units[u].hex for u in ("1 Anna", "2 Anna", "3 Anna", "1 Yelena", "1 Zhuk", "DDG-605",
                                        "1 Tanya", "Ivan Co", "FFG-454", "DDG-51", "DDG(X)-106", "LHD 1")} == {
        "1 Anna": "AL-21", "2 Anna": "AL-21", "3 Anna": "AL-21", "1 Yelena": "AK-21", "1 Zhuk": "AK-20",
        "DDG-605": "AN-18", "1 Tanya": "AJ-24", "Ivan Co": "AJ-22", "FFG-454": "AL-18",
        "DDG-51": "AL-29", "DDG(X)-106": "AO-24", "LHD 1": "AM-26"}
    embarked = {u.uid for u in s.units.values() if u.embarked_on == "LHD 1"}
    assert embarked == {"1 Alpha", "2 Alpha", "3 Alpha", "4 Alpha", "1 Kilo", "1 Whiskey"}
    assert not any(u.revealed for u in s.units.values())      # deployed face down (3.21)
    assert s.task_forces == {"TF Memphis": "US", "TF Boston": "US", "TF Moscow": "RU", "TF St. Petersburg": "RU"}


@pytest.mark.parametrize("old,new,key,problem", [
    ('uid = "1 Anna"\ntype = "runi_naval_infantry_platoon"\ntask_force = "TF Moscow"\nhex = "AL-21"',
     'uid = "1 Anna"\ntype = "runi_naval_infantry_platoon"\ntask_force = "TF Moscow"\nhex = "ZZ-99"',
     "unit[1 Anna].hex", "not on the gotland map"),
    ('type = "runi_mlrs_section"', 'type = "runi_rocket_thing"', "unit[1 Tanya].type", "unknown unit type"),
    ('initiative = "US"', 'initiative = "NATO"', "scenario.initiative", "Input should be 'US' or 'RU'"),
    ('max_turns = 3 ', 'max_turns = 0 ', "scenario.max_turns", "0 is out of range: allowed 1..20 (sandbox"),
    ('task_force = "TF Boston"\nhex = "AL-29"', 'task_force = "TF Chicago"\nhex = "AL-29"',
     "unit[DDG-51].task_force", "unknown Task Force"),
])
def test_malformed_scenario_names_file_key_and_problem(tmp_path, old, new, key, problem):
    assert old in SCEN
    bad = tmp_path / "bad.toml"
    bad.write_text(SCEN.replace(old, new, 1), encoding="utf-8")
    with pytest.raises(ScenarioError) as e:
        load_scenario(bad)
    assert e.value.file == str(bad) and e.value.key == key and problem in e.value.problem
    assert str(bad) in str(e.value) and key in str(e.value)


def test_scenario_syntax_error_and_missing_file(tmp_path):
    bad = tmp_path / "syntax.toml"
    bad.write_text("[scenario\nid = 1", encoding="utf-8")
    with pytest.raises(ScenarioError, match="syntax"):
        load_scenario(bad)
    with pytest.raises(ScenarioError, match="no such scenario file"):
        load_scenario(tmp_path / "nope.toml")


def test_malformed_lesson_names_file_and_key(tmp_path):
    bad = tmp_path / "lesson.toml"
    bad.write_text('[lesson]\ntitle = "x"\nscenario = "gotland_redux"\n\n[[impulse]]\ntask_force = "TF Boston"\n'
                   '[[impulse.step]]\ndo = "teleport"\n', encoding="utf-8")
    with pytest.raises(ScenarioError) as e:
        Lesson(bad)
    assert e.value.key == "impulse[TF Boston], step 1, do" and str(bad) in str(e.value)


def test_team_view_hides_concealed_enemy_counters():
    g = load_scenario("gotland_redux")
    us = g.view("US")
    ru_backs = [c for c in us["counters"] if c["team"] == "RU"]
    assert len(ru_backs) == 9 and all(c["back"] for c in ru_backs)
    for c in ru_backs:
        assert set(c) == {"id", "team", "hex", "back", "revealed"}
        assert "Anna" not in c["id"] and "Tanya" not in c["id"]
    # embarked US units are invisible to RU; the instructor sees everything
    ru = g.view("RU")
    assert not any(c.get("uid") == "1 Alpha" for c in ru["counters"])
    inst = g.view("instructor")
    anna = next(c for c in inst["counters"] if c.get("uid") == "1 Anna")
    assert anna["attachments"] == ["T-14 Tank: Unmanned"] and anna["supply"] == {"GA": 10 + 4}   # T-14: +4 GA (9.31)
    g.apply(A.ScriptedEffect(effect="reveal", units=("1 Anna",)))
    anna_us = next(c for c in g.view("US")["counters"] if c.get("uid") == "1 Anna")
    assert anna_us["back"] is False and anna_us["hp"] == 2


def test_team_log_hides_the_other_teams_secrets():
    lesson = Lesson("appendix_b_combat")
    g = lesson.run()
    us_log = g.explained_log("US")
    assert "RESUPPLY by Ivan Co" not in us_log and "Ivan Co in AJ-22" not in us_log
    assert "RESUPPLY by Ivan Co" in g.explained_log("RU")
    assert "disembark into AL-23" not in g.explained_log("RU")
