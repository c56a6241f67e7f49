"""lcb_lab.games.lcb.content.situation(...) and its TOML form: one call stages a Game; bad input names file and key."""
import doctest
import re
import sys
from pathlib import Path

import pytest

import lcb_lab
from lcb_lab.kernel.errors import ScenarioError
from lcb_lab.games.lcb.model.state import Marker
from lcb_lab.games.lcb import actions as A

B, R = "TF Blue", "TF Red"
README = Path(__file__).resolve().parents[2] / "README.md"

EXAMPLE_7_37 = """
initiative = "RU"
forced = [8, 12, 11, 16]
colours = { "F-6" = "brown" }

[units."1 Uran"]
type = "runi_coastal_missile_section"
hex = "F-2"

[units."1 Whiskey"]
type = "usmc_himars_section"
hex = "F-6"
face_up = true

[units."1 Kilo"]
type = "usmc_iamd_section"
hex = "F-6"
"""


def play_7_37(g):
    g.apply(A.BeginImpulse(R))
    g.apply(A.Declare((A.CoreAction("move_combat", ("1 Uran",)),)))
    g.apply(A.CommitCombat(lrs=(A.LrsAttack("1 Uran", "LRS1", "1 Whiskey", 2),)))
    g.apply(g.pending.answer_from([{"interceptor": "1 Kilo", "slot": "INT1", "target": "1 Whiskey", "dice": 2}]))
    g.apply(A.ResolveCombat())
    return g


def test_the_7_37_situation_in_one_call_plays_as_the_rulebook_test_does():
    g = lcb_lab.situation(
        units={"1 Uran": ("runi_coastal_missile_section", "F-2"),
               "1 Whiskey": {"type": "usmc_himars_section", "hex": "F-6", "face_up": True},
               "1 Kilo": ("usmc_iamd_section", "F-6")},
        colours={"F-6": "brown"}, initiative="RU", forced=[8, 12, 11, 16])
    u = g.state.units
    assert (u["1 Uran"].task_force, u["1 Whiskey"].task_force) == (R, B)
    assert u["1 Whiskey"].revealed and not u["1 Kilo"].revealed
    assert g.board.hex("F-6").colour == "brown" and g.state.initiative == "RU"
    play_7_37(g)
    roll = next(e for e in g.log if e["kind"] == "lrs_roll")
    assert roll["data"]["cv"] == 8 and u["1 Whiskey"].hp == 2


def test_the_toml_form_gives_the_same_game_as_the_call():
    call = lcb_lab.situation(
        units={"1 Uran": ("runi_coastal_missile_section", "F-2"),
               "1 Whiskey": {"type": "usmc_himars_section", "hex": "F-6", "face_up": True},
               "1 Kilo": ("usmc_iamd_section", "F-6")},
        colours={"F-6": "brown"}, initiative="RU", forced=[8, 12, 11, 16])
    text = lcb_lab.situation_from_toml(EXAMPLE_7_37)
    kw = lcb_lab.situation(toml=EXAMPLE_7_37)
    assert call.to_json() == text.to_json() == kw.to_json()
    assert play_7_37(call).to_json() == play_7_37(text).to_json()


def test_toml_file_and_the_readme_example(tmp_path):
    f = tmp_path / "s.toml"
    f.write_text(EXAMPLE_7_37, encoding="utf-8")
    assert lcb_lab.situation_from_toml(f).unit("1 Kilo").hex == "F-6"
    assert lcb_lab.situation_from_toml(str(f)).unit("1 Kilo").hex == "F-6"
    readme = README.read_text(encoding="utf-8")
    block = re.search(r"## Set up a situation.*?```toml\n(.*?)```", readme, re.S).group(1)
    assert lcb_lab.situation_from_toml(block).to_json() == lcb_lab.situation_from_toml(EXAMPLE_7_37).to_json()


def test_every_part_of_a_situation_lands_in_the_state():
    g = lcb_lab.situation(
        {"Inf": {"type": "usmc_infantry_platoon", "hex": "F-6", "hp": 1, "supply": {"GA": 3}, "acted": True},
         "Echo": ("usmc_logistics_company", "F-6", "TF Two"),
         "LHD": ("usn_lhd", "F-8", True),
         "Kilo": {"type": "usmc_iamd_section", "embarked_on": "LHD"},
         "Ship": ("rubf_ddg", "L-12")},
        size=14, naval=["F-8"], mixed=["L-12"], cut=[("F-6", "G-6")], features={"F-6": ["town:Slite", "port"]},
        task_forces={B: "US", "TF Two": "US", R: "RU"}, markers={"M1": ("F-5", "US"), "M2": ("L-12", R, "naval_mildec")},
        continuing=["F-6"], network={"US": 2}, turn=2, max_turns=5, influence=3, seed=4, naval_zor=False)
    s, b = g.state, g.board
    assert len(b.hexes) == 14 * 14 and b.hex("F-8").kind == "naval" and b.hex("L-12").kind == "mixed"
    assert "G-6" not in b.ground_neighbours("F-6") and "F-7" in b.ground_neighbours("F-6")
    assert [(f.kind, f.name) for f in b.hex("F-6").features] == [("town", "Slite"), ("port", "port")]
    inf = s.units["Inf"]
    assert (inf.hp, inf.supply, inf.acted) == (1, {"GA": 3}, True)
    assert s.units["Echo"].task_force == "TF Two" and s.units["Echo"].supply["RP"] == 20
    assert s.units["LHD"].revealed and s.units["Kilo"].hex is None and s.units["Kilo"].embarked_on == "LHD"
    assert (s.markers["M1"].task_force, s.markers["M2"].type_id) == (B, "naval_mildec")
    assert s.continuing == {"F-6": "continuing"} and s.network_cubes == {"US": 2, "RU": 0}
    assert (s.turn, s.max_turns, s.influence, s.influence_turn_start) == (2, 5, 3, 3)
    assert g.dice.seed == 4


def test_a_situation_embarks_only_on_an_embark_capable_ship_10_31():
    """As a scenario file: a destroyer has no Embarkation Value (10.31), so nothing embarks on it."""
    with pytest.raises(ScenarioError) as e:
        lcb_lab.situation({"Zhuk": {"type": "runi_naval_infantry_platoon", "embarked_on": "Ship"},
                           "Ship": ("rubf_ddg", "L-12")}, mixed=["L-12"])
    assert e.value.key == "units.Zhuk.embarked_on" and "(rule 10.31)" in str(e.value)


def test_legacy_tuples_markers_and_a_board_object_still_work():
    from lcb_lab.games.lcb.content.situation import synthetic_board
    board = synthetic_board(naval=["F-9"])
    g = lcb_lab.situation([("A", "usmc_infantry_platoon", "F-6", B, True)], board=board,
                          markers=[Marker("M1", "mildec", "US", B, "F-6")])
    assert g.board is board and g.unit("A").revealed and g.state.markers["M1"].hex == "F-6"


def test_naval_zor_is_applied_unless_told_not_to():
    """6.23: ships within five hexes of water reveal each other, at once."""
    units = {"S1": ("usn_ddg_51", "F-8"), "S2": ("rubf_ddg", "F-4")}
    sea = [f"F-{r}" for r in range(1, 13)]
    assert lcb_lab.situation(units, naval=sea).unit("S2").revealed
    assert not lcb_lab.situation(units, naval=sea, naval_zor=False).unit("S2").revealed


@pytest.mark.parametrize("kwargs,key,problem", [
    ({"units": {"A": ("no_such_type", "F-6")}}, "units.A.type", "unknown unit type"),
    ({"units": {"A": ("usmc_infantry_platoon", "Z-99")}}, "units.A.hex", "not a hex"),
    ({"units": {"A": ("usn_ddg_51", "F-6")}}, "units.A.hex", "no water"),
    ({"units": {"A": ("usmc_infantry_platoon", "F-6", "TF Nowhere")}}, "units.A.task_force", "TF Nowhere"),
    ({"units": {"A": ("runi_naval_infantry_platoon", "F-6", B)}}, "units.A.type", "is a RU type"),
    ({"units": {"A": {"type": "usmc_himars_section", "hex": "F-6", "supply": {"LRS1": 99}}}},
     "units.A.supply.LRS1", "outside 0..6"),
    ({"units": {"A": {"type": "usmc_himars_section", "hex": "F-6", "supply": {"GA": 1}}}},
     "units.A.supply.GA", "no limited-supply slot"),
    ({"units": {"A": {"type": "usmc_infantry_platoon", "hex": "F-6", "hp": 9}}}, "units.A.hp", "more than"),
    ({"units": {"A": {"type": "usmc_infantry_platoon", "hex": "F-6", "colour": "red"}}}, "units.A.colour",
     "Extra inputs"),
    ({"units": {"A": ("usmc_infantry_platoon",)}}, "units.A", "give (type, hex"),
    ({"colours": {"F-6": "purple"}}, "colours.F-6", "Input should be"),
    ({"naval": ["Q-40"]}, "naval", "not on the 12 x 12 board"),
    ({"initiative": "NATO"}, "initiative", "Input should be"),
    ({"forced": [0]}, "forced", "1..20"),
    ({"markers": {"M1": ("F-6", "TF Nowhere")}}, "markers.M1.task_force", "TF Nowhere"),
    ({"continuing": ["Z-99"]}, "continuing.Z-99", "not a hex"),
    ({"map": "atlantis"}, "map", "no map named"),
])
def test_a_malformed_situation_raises_scenario_error_with_file_and_key(kwargs, key, problem):
    with pytest.raises(ScenarioError) as e:
        lcb_lab.situation(**kwargs)
    assert (e.value.file, e.value.key) == ("<situation>", key)
    assert problem in e.value.problem


def test_malformed_toml_names_the_file_and_key(tmp_path):
    with pytest.raises(ScenarioError) as e:
        lcb_lab.situation_from_toml('initiative = "RU"\n[units."1 Kilo"]\ntype = "usmc_iamd_section"\nhex = 7\n')
    assert (e.value.file, e.value.key) == ("<toml>", "units.1 Kilo.hex")
    f = tmp_path / "bad.toml"
    f.write_text("initiative = \n", encoding="utf-8")
    with pytest.raises(ScenarioError) as e:
        lcb_lab.situation_from_toml(f)
    assert (e.value.file, e.value.key) == (str(f), "(syntax)")
    with pytest.raises(ScenarioError) as e:
        lcb_lab.situation_from_toml(tmp_path / "missing.toml")
    assert e.value.key == "(file)"
    with pytest.raises(ScenarioError) as e:
        lcb_lab.situation_from_toml('[units.A]\ntype = "usmc_infantry_platoon"\nhex = "F-6"\nspeed = 3\n')
    assert e.value.key == "units.A.speed"


def test_the_docstring_example_runs():
    import lcb_lab.games.lcb.content.situation  # noqa: F401  (the module, whatever lcb_lab.situation is bound to)
    mod = sys.modules["lcb_lab.games.lcb.content.situation"]
    result = doctest.testmod(mod, verbose=False)
    assert result.attempted >= 2 and result.failed == 0


def test_situation_is_exported_lazily_and_the_module_is_callable():
    import importlib
    mod = importlib.import_module("lcb_lab.games.lcb.content.situation")
    assert callable(lcb_lab.situation) and callable(mod)
    assert lcb_lab.situation is mod.situation          # the function, bound over its module
    assert mod(units={"A": ("usmc_infantry_platoon", "F-6")}).unit("A").hex == "F-6"
    assert "situation" in lcb_lab.__all__ and "situation_from_toml" in lcb_lab.__all__


@pytest.mark.parametrize("spec", [
    {"A": {"type": "usn_ddg_51", "embarked_on": "A"}},
    {"A": {"type": "usmc_infantry_platoon", "embarked_on": "B"},
     "B": {"type": "usmc_infantry_platoon", "embarked_on": "A"}},
])
def test_an_embark_cycle_is_refused_naming_the_unit(spec):
    from lcb_lab.kernel.errors import ScenarioError
    with pytest.raises(ScenarioError) as e:
        lcb_lab.situation(units=spec, naval=["C-3"], check_terrain=False)
    assert e.value.key.endswith("embarked_on")
