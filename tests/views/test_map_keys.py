"""Arrow keys on the map: the next hex that way, as a tap on it."""
from __future__ import annotations

import pytest

from lcb_lab import load_scenario
from lcb_lab.ui.lcb.map import MapView
from lcb_lab.ui.lcb.map.map_keys import middle_hex, step_hex
from lcb_lab.ui import open_lab


@pytest.fixture(scope="module")
def board():
    return load_scenario("gotland_redux", seed=1).board


@pytest.mark.parametrize(("key", "to"), [("ArrowUp", "AM-25"), ("ArrowDown", "AM-27"), ("ArrowLeft", "AL-26"),
                                         ("ArrowRight", "AN-26"), ("Enter", None), ("a", None)])
def test_an_arrow_steps_one_hex_that_way(board, key, to):
    assert step_hex(board, "AM-26", key) == to


def test_at_the_edge_the_selection_stays_and_from_nothing_the_middle(board):
    top = min((lab for lab in board.hexes if lab.startswith("AM-")), key=lambda lab: int(lab.split("-")[1]))
    assert top == "AM-16" and step_hex(board, top, "ArrowUp") is None
    assert step_hex(board, "AD-20", "ArrowLeft") is None and step_hex(board, "AD-20", "ArrowRight") == "AE-20"
    assert middle_hex(board) == "AJ-23"
    assert step_hex(board, None, "ArrowLeft") == "AJ-23" and step_hex(board, "ZZ-1", "ArrowUp") == "AJ-23"


def test_a_key_is_a_tap_on_the_next_hex():
    mv = MapView(load_scenario("gotland_redux", seed=1).board)
    got = []
    mv.on_hex(got.append)
    mv.select_hex("AM-26")
    assert mv.key("ArrowRight") == "AN-26" and got == ["AN-26"] and mv.last_tap == "AN-26"
    assert mv.key("Tab") is None and got == ["AN-26"]


def test_the_key_source_the_browser_writes_moves_the_labs_selection():
    lab = open_lab("gotland_redux", seed=1)
    lab.select_hex("AM-26")
    keys = lab.map.sources["map_keys"]
    keys.data = {"key": ["ArrowUp"], "n": [1]}            # what the page's listener sends
    assert lab.ctl.selected_hex == "AM-25" and "Hex AM-25" in lab.hex_info.value
    keys.data = {"key": ["ArrowLeft"], "n": [2]}
    assert lab.ctl.selected_hex == "AL-25" and lab.hex_box.box.value == "AL-25"
    keys.data = {"key": ["ArrowLeft"], "n": [2]}          # the same press again (it may arrive twice): once
    assert lab.ctl.selected_hex == "AL-25"
    cb = lab.map.figure.js_property_callbacks["change:inner_width"][-1]
    assert cb.args["keys"] is keys and "keydown" in cb.code
