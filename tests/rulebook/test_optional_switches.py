"""Optional rules as switches (17.0): a scenario or a situation turns them on, a save keeps them,
a bad one is refused naming the file and key, and every viewer reads which are on."""
from __future__ import annotations

import json

import pytest

from lcb_lab.games.lcb.content.situation import situation
from lcb_lab.games.lcb.game import Game
from lcb_lab.games.lcb.io.loading import load_scenario
from lcb_lab.games.lcb.io.resources import locate
from lcb_lab.games.lcb.rules.optional.switches import OPTIONAL_RULES, describe, is_on
from lcb_lab.kernel.errors import ScenarioError


def test_17_0_the_standard_game_has_no_optional_rule_on():
    g = load_scenario("gotland_redux")
    assert g.state.optional_rules == []
    assert not any(is_on(g.state, r) for r in OPTIONAL_RULES)


def test_17_0_a_situation_turns_rules_on_in_rule_order_each_once():
    g = situation(optional_rules=("17.8", "7.514", "17.3", "17.8"))
    assert g.state.optional_rules == ["7.514", "17.3", "17.8"]
    assert is_on(g.state, "17.3") and not is_on(g.state, "17.5")
    assert describe(g.state.optional_rules) == ["7.514 CIWS", "17.3 Naval gunfire", "17.8 Dual Combat Values"]


def test_17_0_an_unknown_optional_rule_is_refused_naming_the_key():
    with pytest.raises(ScenarioError) as e:
        situation(optional_rules=["17.99"])
    assert e.value.key == "optional_rules" and "'17.99' is no optional rule" in e.value.problem
    with pytest.raises(KeyError):
        is_on(situation().state, "9.21")          # a typo in the engine is no silent False


def test_17_0_a_scenario_file_turns_rules_on_and_refuses_an_unknown_one(tmp_path):
    text = locate("gotland_redux", "scenario").read_text(encoding="utf-8")
    assert "\n[scenario]\n" in text
    on = tmp_path / "on.toml"
    on.write_text(text.replace("\n[scenario]\n", '\n[scenario]\noptional_rules = ["17.9", "17.1"]\n', 1),
                  encoding="utf-8")
    assert load_scenario(on).state.optional_rules == ["17.1", "17.9"]
    bad = tmp_path / "bad.toml"
    bad.write_text(text.replace("\n[scenario]\n", '\n[scenario]\noptional_rules = ["CIWS"]\n', 1), encoding="utf-8")
    with pytest.raises(ScenarioError) as e:
        load_scenario(bad)
    assert e.value.file == str(bad) and e.value.key == "scenario.optional_rules"
    assert "'CIWS' is no optional rule" in e.value.problem


def test_17_0_a_save_keeps_the_switches_and_a_forged_one_is_refused(tmp_path):
    g = situation(optional_rules=["17.7"])
    p = tmp_path / "g.json"
    g.save(p)
    assert Game.load(p).state.optional_rules == ["17.7"]
    data = json.loads(p.read_text(encoding="utf-8"))
    data["state"]["optional_rules"] = ["17.7", "17.7"]
    p.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(ScenarioError) as e:
        Game.load(p)
    assert e.value.key == "state.optional_rules" and "once, in rule order" in e.value.problem


def test_17_0_every_viewer_reads_which_optional_rules_are_on():
    from lcb_lab.games.lcb.view_model import view_model
    g = situation(optional_rules=["17.3"])
    for viewer in ("US", "RU", "instructor"):
        assert view_model(g, viewer).optional_rules == ["17.3"]
