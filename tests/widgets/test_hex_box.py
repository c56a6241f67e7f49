"""The hex box: a hex picked by keyboard (its label, Enter) is what a click on it does."""
from __future__ import annotations

import pytest

from lcb_lab.ui.lcb.map.overlays import hex_centre
from lcb_lab.ui import open_lab


@pytest.fixture
def lab():
    return open_lab("gotland_redux", seed=1)


def test_the_hex_box_sits_above_the_hex_info(lab):
    assert list(lab.side_log.children)[:2] == [lab.hex_box.widget, lab.hex_info]
    assert lab.hex_box.widget not in lab.toolbar.children
    box = lab.hex_box.box
    assert (box.description, box.placeholder, box.value, box.continuous_update) == (
        "Hex", "AM-26, Enter", "", False)
    assert "lcb-hex-box" in box._dom_classes


def test_a_label_typed_selects_the_hex_as_a_click_does(lab):
    lab.hex_box.box.value = "AM-26"          # what Enter sends (continuous_update off)
    typed = (lab.ctl.selected_hex, lab.ctl.selected_unit, lab.hex_info.value)
    other = open_lab("gotland_redux", seed=1)
    other.map.tap(*hex_centre("AM-26"))
    assert typed == (other.ctl.selected_hex, other.ctl.selected_unit, other.hex_info.value)
    assert typed[0] == "AM-26" and typed[1] == "LHD 1" and "Hex AM-26" in typed[2] and "LHD 1" in typed[2]


def test_labels_are_case_blind_and_the_box_shows_the_board_label(lab):
    lab.hex_box.box.value = "  am-26 "
    assert lab.ctl.selected_hex == "AM-26" and lab.hex_box.box.value == "AM-26"
    lab.hex_box.box.value = "am-26"           # the hex already selected: the box tidies the label
    assert lab.ctl.selected_hex == "AM-26" and lab.hex_box.box.value == "AM-26"


def test_a_click_on_the_map_fills_the_box(lab):
    lab.select_hex("AL-29")
    assert lab.hex_box.box.value == "AL-29"
    lab.select_hex(None)
    assert lab.hex_box.box.value == ""


def test_a_label_not_on_the_board_is_refused_in_one_line_and_the_selection_stays(lab):
    lab.select_hex("AL-29")
    lab.hex_box.box.value = "ZZ-99"
    assert lab.ctl.selected_hex == "AL-29"
    assert ("Select hex: &#x27;ZZ-99&#x27; is not a hex of the gotland map (labels look like "
            "&#x27;AL-23&#x27;). The selection is unchanged.") in lab.message.value
    assert lab.hex_box.box.value == "ZZ-99"   # the typo stays, to be mended


def test_an_emptied_box_changes_nothing(lab):
    lab.select_hex("AL-29")
    lab.hex_box.box.value = "   "
    assert lab.ctl.selected_hex == "AL-29"
