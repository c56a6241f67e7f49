"""The scenario builder's model (:mod:`lcb_lab.games.lcb.io.builder`): drafts round-trip, and a
draft's problems are the scenario file's own errors (2.0, 3.0-3.5, 17.0).

* every packaged scenario read into a draft and written back as TOML loads to the same game (the
  whole save: state, dice, scenario description), at either start (3.0, 3.1);
* a scenario built by the draft's edits loads with its units, MILDECs, mines, gray cube, CP,
  Tactical Network cubes, cards, victory conditions and optional rules where they were put;
* each problem the draft shows has the key and the words ``load_scenario`` raises for the file it
  writes, and belongs to the field the builder shows it beside.
"""
from __future__ import annotations

import doctest
import json
import tomllib

import pytest

from lcb_lab import load_scenario
from lcb_lab.games.lcb.io import builder as B
from lcb_lab.games.lcb.io import toml_write
from lcb_lab.games.lcb.io.builder import ScenarioDraft, field_of
from lcb_lab.games.lcb.io.resources import root as scenario_root, scenario_names
from lcb_lab.kernel.errors import ScenarioError


def _save(game) -> dict:
    return json.loads(game.to_json())


@pytest.mark.parametrize("start", [None, "planning"])
@pytest.mark.parametrize("name", scenario_names())
def test_every_packaged_scenario_round_trips_to_the_same_game(tmp_path, name, start):
    draft = ScenarioDraft.from_scenario(name)
    assert draft.problems() == []
    path = draft.save(tmp_path / f"{name}.toml")
    packaged = tomllib.loads((scenario_root() / "lcb" / f"{name}.toml").read_text(encoding="utf-8"))
    assert tomllib.loads(path.read_text(encoding="utf-8")) == packaged    # written back: the same tables
    before, after = load_scenario(name, seed=7, start=start), load_scenario(path, seed=7, start=start)
    assert _save(after) == _save(before)
    assert after.legal_actions() == before.legal_actions()


def test_the_packaged_scenarios_are_four():
    assert scenario_names() == ["central_baltic", "gotland_events", "gotland_redux", "slite_landing"]


def _small() -> ScenarioDraft:
    d = ScenarioDraft.new("class_test", "A class test")
    d.add_task_force("TF Blue", "US", player="Ana")
    d.add_task_force("TF Red", "RU")
    d.place_unit("1 Alpha", "usmc_infantry_platoon", "AK-23", "TF Blue")
    d.place_unit("LHD 1", "usn_lhd", "AN-23", "TF Blue")
    d.place_unit("2 Alpha", "usmc_infantry_platoon", None, "TF Blue", embarked_on="LHD 1")
    d.place_unit("1 Anna", "runi_naval_infantry_platoon", "AL-21", "TF Red")
    d.place_mildec("M-1", "AJ-22", "TF Red")
    d.place_mildec("M-2", "AM-21", "TF Red", naval=True)
    d.place_mines("RU", "AN-22", cubes=2, succeeds_on=12)
    d.place_gray_cube("AJ-21", "civilians")
    d.set_cp("US", 4)
    d.set_cp("RU", 2)
    d.set_network_cubes("RU", 2)
    d.add_card("US", "V-BAT", attach_to="1 Alpha")
    d.add_victory("US", "hold_hex", hex_label="AL-21")
    d.add_victory("RU", "destroy", count=2)
    d.set_optional_rules(["17.3", "7.514"])
    return d


def test_a_scenario_built_by_edits_loads_with_everything_in_place(tmp_path):
    d = _small()
    assert d.problems() == []
    g = d.game(seed=1, folder=tmp_path)
    s = g.state
    assert (s.units["1 Alpha"].hex, s.units["LHD 1"].hex, s.units["2 Alpha"].embarked_on) == ("AK-23", "AN-23", "LHD 1")
    assert s.units["1 Anna"].team == "RU" and s.units["1 Anna"].task_force == "TF Red"
    assert {m: (x.type_id, x.hex, x.team) for m, x in s.markers.items()} == {
        "M-1": ("mildec", "AJ-22", "RU"), "M-2": ("naval_mildec", "AM-21", "RU")}
    mines = [(m.team, m.hex, m.level, m.data["succeeds_on"], m.revealed) for m in s.card_markers.values() if m.kind == "mine"]
    assert mines == [("RU", "AN-22", 2, 12, False)]                  # secret (13.37), 2 cubes hitting on 12
    assert [(c.kind, c.hex) for c in s.gray_cubes.values()] == [("civilians", "AJ-21")]
    assert s.network_cubes == {"US": 1, "RU": 2}
    assert s.optional_rules == ["7.514", "17.3"]
    assert [(v["team"], v["type"], v.get("hex"), v["count"]) for v in s.victory] == [
        ("US", "hold_hex", "AL-21", 1), ("RU", "destroy", None, 2)]
    vbat = [c for c in s.cards.values() if c.name == "V-BAT"]
    assert [(c.team, c.where, c.host) for c in vbat] == [("US", "attached", "1 Alpha")]
    assert (tmp_path / "class_test.toml").is_file()
    d.set_info(start="planning")                     # 3.1: the Planning Stage with the scenario's CP
    p = d.game(seed=1, folder=tmp_path).state
    assert p.stage == "planning" and p.cp == {"US": 4, "RU": 2} and p.units["1 Alpha"].hex is None


def test_the_draft_writes_toml_that_reads_back_its_tables():
    d = _small()
    text = d.to_toml()
    assert text.startswith("# Written by lcb_lab's scenario builder") and "sandbox" in text.splitlines()[0]
    assert tomllib.loads(text) == d._clean()
    assert ScenarioDraft.from_toml(text).data == d._clean()


BAD = [   # (edit, the file's key, the builder's field, words of the problem)
    (lambda d: d.set_cp("US", 101), "teams.US.cp", "teams.US.cp", "101 is out of range: allowed 0..100"),
    (lambda d: d.set_network_cubes("RU", -1), "teams.RU.network_cubes", "teams.RU.network_cubes", "out of range"),
    (lambda d: d.set_info(max_turns=0), "scenario.max_turns", "scenario.max_turns", "0 is out of range: allowed 1..20"),
    (lambda d: d.set_optional_rules(["17.99"]), "scenario.optional_rules", "scenario.optional_rules",
     "'17.99' is no optional rule"),
    (lambda d: d.place_unit("1 Alpha", "usmc_infantry_platoon", "AO-24", "TF Blue"), "unit[1 Alpha].hex", "unit",
     "1 Alpha is a ground piece but AO-24 has no land (5.11)"),
    (lambda d: d.place_unit("X", "runi_naval_infantry_platoon", "AK-22", "TF Blue"), "unit[X].type", "unit",
     "runi_naval_infantry_platoon is a RU type but TF Blue is US"),
    (lambda d: d.place_unit("X", "no_such_type", "AK-22", "TF Blue"), "unit[X].type", "unit", "unknown unit type"),
    (lambda d: d.place_unit("X", "usmc_infantry_platoon", "AK-22", "TF Green"), "unit[X].task_force", "unit",
     "unknown Task Force 'TF Green'"),
    (lambda d: d.place_unit("X", "usmc_infantry_platoon", "ZZ-99", "TF Blue"), "unit[X].hex", "unit", "ZZ-99"),
    (lambda d: d.place_mildec("M-3", "AK-21", "TF Red", naval=True), "marker[M-3].hex", "marker", "M-3 (Naval MILDEC)"),
    (lambda d: d.place_mines("RU", "AN-22", cubes=0), "mines[1].cubes", "mines", "0 is out of range"),
    (lambda d: d.add_victory("US", "hold_hex"), "victory[2].hex", "victory", "give a hex for a hold_hex condition"),
    (lambda d: d.add_card("US", "No Such Card"), "teams.US.prescribed[No Such Card].name", "teams.US.cards",
     "no card 'No Such Card' in the US deck"),
    (lambda d: d.add_card("US", "V-BAT", attach_to="1 Anna"), "teams.US.prescribed[V-BAT].attach_to",
     "teams.US.cards", "'1 Anna' is not a unit of US"),
    (lambda d: d.add_task_force("TF Red", "RU"), "task_force[TF Red]", "task_force", "duplicate Task Force name"),
    (lambda d: d.place_gray_cube("AJ-21", "tourists"), "gray_cube[2].kind", "gray_cube", "'civilians' or 'objective'"),
]


@pytest.mark.parametrize("edit, key, field, words", BAD, ids=[b[1] for b in BAD])
def test_a_problem_is_the_files_error_beside_its_field(tmp_path, edit, key, field, words):
    d = _small()
    d.place_gray_cube("AK-22", "objective")
    edit(d)
    problems = d.problems()
    assert problems and problems[0].key == key and words in problems[0].text
    assert problems[0].field == field and field in d.problems_by_field()
    path = d.save(tmp_path / "bad.toml")
    with pytest.raises(ScenarioError) as e:
        load_scenario(path)
    assert (e.value.key, e.value.problem) == (problems[0].key, problems[0].text)     # the same words
    with pytest.raises(ScenarioError):
        d.game(folder=tmp_path)


def test_a_problem_of_the_embarkation_value_names_the_unit_that_does_not_fit():
    d = _small()
    for i in range(1, 10):                           # 9 logistics companies of 3 GPSV: 27 > LHD 1's 25 (10.21)
        d.place_unit(f"{i} Echo", "usmc_logistics_company", None, "TF Blue", embarked_on="LHD 1")
    keys = [p.key for p in d.problems()]
    assert keys == ["unit[9 Echo].embarked_on"]
    assert "(rule 10.21)" in d.problems()[0].text


def test_fields_of_keys():
    assert [field_of(k) for k in ("scenario.max_turns", "teams.US", "teams.RU.purchases[X]", "unit[1 A].hex",
                                  "planning[0].turn", "(automatic cards)", "victory[0].hex")] == [
        "scenario.max_turns", "teams.US.cp", "teams.RU.cards", "unit", "other", "other", "victory"]


def test_edits_move_clear_remove_and_number():
    d = _small()
    d.place_unit("1 Alpha", "usmc_infantry_platoon", "AK-22", "TF Blue")      # the same designator: moved
    assert [u["hex"] for u in d.entries("unit") if u["uid"] == "1 Alpha"] == ["AK-22"]
    d.place_unit("2 Alpha", "usmc_infantry_platoon", "AK-21", "TF Blue")      # off the ship, onto the map
    assert next(u for u in d.entries("unit") if u["uid"] == "2 Alpha") == {
        "uid": "2 Alpha", "type": "usmc_infantry_platoon", "task_force": "TF Blue", "hex": "AK-21"}
    assert d.at("AJ-21") == ["gray_cube civilians"] and d.at("AK-22") == ["unit 1 Alpha"]
    assert d.clear_hex("AK-22") == 1 and d.at("AK-22") == []
    assert d.free_designator("marker", "M") == "M 1" and d.free_designator("unit", "INF") == "INF 1"
    d.place_mildec("M 1", "AJ-22", "TF Red")
    assert d.free_designator("marker", "M") == "M 2"
    assert d.remove("victory", 0)["type"] == "hold_hex" and len(d.entries("victory")) == 1
    assert d.remove("teams.US.prescribed", 1) == {"name": "V-BAT", "attach_to": "1 Alpha"}
    with pytest.raises(ValueError, match="no entry 5 in victory"):
        d.remove("victory", 5)
    with pytest.raises(ValueError, match="choose US or RU"):
        d.set_cp("NATO", 1)
    assert B.unit_prefix("usmc_infantry_platoon") == "INF" and B.unit_prefix("nope") == "nope"
    assert ("USMC Infantry Platoon (ground) - usmc_infantry_platoon", "usmc_infantry_platoon") in B.unit_types("US")
    assert all(t.startswith("ru") for _, t in B.unit_types("RU"))
    assert ("17.3 Naval gunfire", "17.3") in B.optional_rules() and "V-BAT" in B.card_names("US")


def test_toml_writer_keeps_strings_keys_and_nesting():
    data = {"scenario": {"name": 'Say "hi"\\ to Fårö\t\x01', "events": {"2": ["Fleeing Masses"]}, "on": True,
                         "n": -3, "x": 0.5, "empty": []},
            "teams": {"US": {"cp": 1, "prescribed": [{"name": "V-BAT", "attach_to": "1 Lima"}]}},
            "zones": {"beach zone": ["AL-23", "AK-23"]},
            "unit": [{"uid": "1 Alpha", "area": ["A-1"] * 30}]}
    assert tomllib.loads(toml_write.dumps(data)) == data
    with pytest.raises(TypeError):
        toml_write.dumps({"a": None})
    with pytest.raises(ValueError):
        toml_write.dumps({"a": float("nan")})


@pytest.mark.parametrize("module", [B, toml_write])
def test_the_modules_examples_run(module):
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    assert result.attempted > 0 and result.failed == 0
