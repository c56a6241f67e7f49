"""The lab's *Build* tab (:mod:`lcb_lab.ui.lcb.build_tab`), driven by its own widgets' events:
a scenario built by clicks on the map, an error beside its field fixed, saved as TOML that
``load_scenario`` loads, and played in the lab (2.0, 3.0-3.5, 17.0)."""
from __future__ import annotations

import json

import pytest

from lcb_lab import load_scenario
from lcb_lab.ui import LabApp
from lcb_lab.ui.lcb.app import TAB_TITLES
from lcb_lab.ui.lcb.build_tab import TEAM_VIEW_NOTE
from lcb_lab.ui.lcb.map.overlays import hex_centre
from tests.widgets.conftest import plain_text

BUILD = TAB_TITLES.index("Build")


def _add_tf(b, name: str, team: str) -> None:
    b.tf_name.value, b.tf_team.value = name, team
    b.tf_add.click()


def _click(lab, label: str) -> None:
    lab.map.tap(*hex_centre(label))


@pytest.fixture
def lab(tmp_path):
    lab = LabApp(load_scenario("gotland_redux", seed=1), files_dir=tmp_path)
    lab.tabs.selected_index = BUILD
    return lab


def test_a_scenario_built_by_clicks_shows_its_error_beside_the_field_saves_and_loads(lab, tmp_path):
    b = lab.build_panel
    assert lab.tabs.children[BUILD] is b.widget and b.widget.children == (b.body,)
    b.sc_id.value, b.sc_name.value = "class_one", "Class one"
    _add_tf(b, "TF Blue", "US")
    _add_tf(b, "TF Red", "RU")
    b.place_kind.value = "Unit"
    b.place_tf.value = "TF Blue"
    b.place_type.value = "usmc_infantry_platoon"
    b.place_id.value = "1 Alpha"
    _click(lab, "AO-24")                                   # water: a ground unit cannot stand there (5.11)
    assert "1 Alpha is a ground piece but AO-24 has no land (5.11)" in plain_text(b.errors["unit"].value)
    assert b.play_button.disabled and "1 problem(s)" in plain_text(b.status.value)
    assert b.errors["teams.US.cp"].value == ""              # each problem beside its own field only
    b.place_id.value = "1 Alpha"
    _click(lab, "AK-23")                                   # the same designator again: moved onto land
    assert b.errors["unit"].value == "" and not b.play_button.disabled
    b.place_tf.value = "TF Red"
    b.place_type.value = "runi_naval_infantry_platoon"
    _click(lab, "AL-21")                                   # no designator typed: numbered
    assert plain_text(b.here.value) == "In AL-21: unit INF 1."
    b.place_kind.value = "MILDEC"
    _click(lab, "AK-21")
    b.cp["US"].value = 101                                 # out of range: beside the US CP
    assert "101 is out of range: allowed 0..100" in plain_text(b.errors["teams.US.cp"].value)
    assert b.play_button.disabled
    b.cp["US"].value = 4                                   # fixed
    assert b.errors["teams.US.cp"].value == "" and not b.play_button.disabled
    b.card_team.value = "US"
    b.card_name.value, b.card_host.value = "V-BAT", "1 Alpha"
    b.card_add.click()
    b.v_team.value, b.v_kind.value, b.v_hex.value = "US", "hold_hex", "AL-21"
    b.v_add.click()
    b.sc_rules.value = ("17.3",)
    b.file_name.value = "class_one.toml"
    b.save_button.click()
    assert "load_scenario loads it" in plain_text(lab.message.value)
    g = load_scenario(tmp_path / "class_one.toml", seed=1)
    s = g.state
    placed = {u: (x.type_id, x.task_force, x.hex) for u, x in s.units.items()}
    assert placed == {"1 Alpha": ("usmc_infantry_platoon", "TF Blue", "AK-23"),
                      "INF 1": ("runi_naval_infantry_platoon", "TF Red", "AL-21")}
    assert [(m.mid, m.type_id, m.team, m.hex) for m in s.markers.values()] == [("M 1", "mildec", "RU", "AK-21")]
    assert s.optional_rules == ["17.3"] and s.victory[0]["hex"] == "AL-21"
    assert [(c.where, c.host) for c in s.cards.values() if c.name == "V-BAT"] == [("attached", "1 Alpha")]
    assert s.scenario == "class_one"


def test_play_it_starts_the_built_game_in_the_lab_and_asks_over_a_game_in_progress(lab):
    b = lab.build_panel
    b.open_picker.value = "slite_landing"
    b.open_button.click()
    assert b.sc_id.value == "slite_landing" and b.file_name.value == "slite_landing.toml"
    lab.begin_impulse("TF Boston")                         # a game in progress
    before = json.dumps(lab.game.state.to_dict(), sort_keys=True, default=str)
    b.play_button.click()
    assert b.play_button.description == "Confirm play" and "Nothing changed yet" in plain_text(lab.message.value)
    assert json.dumps(lab.game.state.to_dict(), sort_keys=True, default=str) == before
    b.play_button.click()
    assert b.play_button.description == "Play it"
    packaged = load_scenario("slite_landing", seed=1)
    assert json.loads(lab.game.to_json())["state"] == json.loads(packaged.to_json())["state"]


def test_a_click_places_only_with_the_tab_open_and_a_kind_chosen(lab):
    b = lab.build_panel
    _add_tf(b, "TF Blue", "US")
    _click(lab, "AK-23")                                   # "Off": a click only selects the hex
    b.place_kind.value = "Gray cube"
    lab.tabs.selected_index = 0
    _click(lab, "AK-22")                                   # another tab open: nothing placed
    assert b.draft.entries("unit") == [] and b.draft.entries("gray_cube") == []
    lab.tabs.selected_index = BUILD
    _click(lab, "AJ-21")
    assert b.draft.entries("gray_cube") == [{"hex": "AJ-21", "kind": "civilians"}]
    b.remove_pick.value = ("gray_cube", 0)
    b.remove_button.click()
    assert b.draft.entries("gray_cube") == []
    b.place_kind.value = "Mines"
    b.place_cubes.value = 0                                # out of range (13.37: sandbox 1..20)
    b.place_hex.value = "AN-22"
    b.place_button.click()                                 # typed, not clicked
    assert "0 is out of range" in plain_text(b.errors["mines"].value)
    b.place_kind.value = "Clear hex"
    _click(lab, "AN-22")
    assert b.errors["mines"].value == "" and b.draft.entries("mines") == []


def test_a_team_view_shows_no_draft(lab):
    b = lab.build_panel
    b.open_picker.value = "slite_landing"                  # RU's secret mines are in the draft
    b.open_button.click()
    lab.set_team("US")
    assert b.widget.children == (b.note,) and b.note.value == TEAM_VIEW_NOTE
    b.place_kind.value = "Clear hex"
    _click(lab, "AM-21")                                   # a team view's click edits nothing
    assert b.draft.entries("mines") != []
    lab.set_team("instructor")
    assert b.widget.children == (b.body,)


def test_a_scenario_of_another_map_is_not_opened(lab):
    b = lab.build_panel
    b.open_picker.value = "central_baltic"
    b.open_button.click()
    assert "central_baltic map" in plain_text(lab.message.value) and b.draft.info["map"] == "gotland"


def test_the_map_shows_the_draft_while_the_tab_is_open_and_the_game_otherwise(lab):
    """The Build tab open (the controller's ``tab``): the map draws the draft -- its units and
    MILDECs, its gray cubes, titled "Draft: ..." -- and every edit at once; another tab, or a
    team view, gives the map back to the game (whose counters it drew before)."""
    b, counters = lab.build_panel, lambda: lab.map.sources["counters"].data
    assert lab.ctl.tab == "Build" and lab.map.figure.title.text.startswith("Draft: My scenario")
    assert counters()["uid"] == []                            # an empty draft: no counter at all
    _add_tf(b, "TF Blue", "US")
    b.place_kind.value, b.place_tf.value = "Unit", "TF Blue"
    b.place_type.value, b.place_id.value = "usmc_infantry_platoon", "1 Alpha"
    _click(lab, "AK-23")
    b.place_kind.value = "MILDEC"
    _click(lab, "AK-21")
    b.place_kind.value = "Gray cube"
    _click(lab, "AJ-21")
    assert sorted(zip(counters()["uid"], counters()["hex"])) == [("1 Alpha", "AK-23"), ("M 1", "AK-21")]
    assert "AJ-21" in lab.map.sources["gray_cubes"].data["hex"]
    lab.tabs.selected_index = TAB_TITLES.index("Overlays")
    assert lab.ctl.tab == "Overlays" and lab.ctl.map_draft is None
    assert lab.map.figure.title.text.startswith("Meeting Engagement - Gotland Redux")
    game_uids = sorted(c["uid"] for c in lab.game.view("instructor")["counters"] if c.get("hex"))
    assert sorted(counters()["uid"]) == game_uids and "1 Alpha" not in game_uids
    lab.tabs.selected_index = BUILD
    assert "1 Alpha" in counters()["uid"]
    lab.set_team("US")                                       # the tab is the Instructor view's: the game again
    assert lab.ctl.map_draft is None and "1 Alpha" not in counters()["uid"]
    assert lab.map.figure.title.text.startswith("Meeting Engagement")
