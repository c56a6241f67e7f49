"""The Kill chain panel (Overlays tab): a target picked, the links table with exact odds, the
links drawn on the map -- all from the view's kill-chain record (docs/kill_chain.md)."""
from __future__ import annotations

import re

import lcb_lab
from lcb_lab.ui import LabApp
from tests.widgets.conftest import on_page, plain_text, widget_texts


def staged_lab(team: str = "instructor") -> LabApp:
    """The 7.37 situation of notebook 01: 1 Uran (RU) 4 hexes from 1 Whiskey and 1 Kilo (US)."""
    g = lcb_lab.situation(
        units={"1 Uran": ("runi_coastal_missile_section", "F-2"),
               "1 Whiskey": {"type": "usmc_himars_section", "hex": "F-6", "face_up": True},
               "1 Kilo": ("usmc_iamd_section", "F-6")},
        colours={"F-6": "brown"}, initiative="RU", forced=[8, 12, 11, 16])
    return LabApp(g, team=team)


def test_the_panel_shows_the_instructors_chain_with_its_odds_and_draws_the_shot():
    lab = staged_lab()
    p = lab.kill_chain_panel
    assert on_page(lab, p.widget)
    assert [v for _, v in p.target_picker.options] == [None, "1 Kilo", "1 Uran", "1 Whiskey"]
    p.pick("1 Whiskey")
    text = plain_text(p.table.value)
    assert "RU against 1 Whiskey (F-6), the strongest single act: P(destroyed) 5.0% for 1 AP (3.31)" in text
    assert "AP left" not in text                                             # no RU impulse under way
    assert "P(so far)APrules" in text                                      # the AP column
    assert re.search(r"Target1 Uran LRS1 \(CV 10, range 6, 4 dice\)the strongest single act: the highest "
                     r"P\(destroyed\)100\.0%100\.0%17\.3", text)                    # 1 AP, then rule 7.3
    assert "1 Uran rolls 4 d20 at CV 8" in text and "87.0%" in text          # 1 - 0.6^4 = 0.8704
    assert "1 Kilo INTERCEPTs with 4 d20 at CV 12" in text
    assert "match_incoming" in text
    assert lab.map.chain_labels() == ["1 Uran strikes 1 Whiskey"]
    assert "1 Uran strikes 1 Whiskey" in lab.map.sources["overlays"].data["label"]
    p.on_map.value = False
    assert lab.map.chain_labels() == [] and "1 Uran strikes 1 Whiskey" not in lab.map.sources["overlays"].data["label"]
    p.pick(None)
    assert "Pick a target" in plain_text(p.table.value)


def test_a_teams_panel_offers_and_shows_only_what_it_knows():
    lab = staged_lab("RU")
    p = lab.kill_chain_panel
    assert [v for _, v in p.target_picker.options] == [None, "1 Whiskey", "1 Uran"]   # 1 Kilo is a back
    p.pick("1 Whiskey")
    text = plain_text(p.table.value)
    assert "P(destroyed) 52.5%" in text                       # no INTERCEPT it can see: P(2+ hits of 4 at 0.4)
    assert "Not counted (this view cannot see it)" in text and "in the target's hex" in text
    assert not any("1 Kilo" in s for s in widget_texts(lab.widget))
    lab.set_team("US")
    assert [v for _, v in p.target_picker.options] == [None, "1 Kilo", "1 Whiskey"]
    assert p.target_picker.value == "1 Whiskey"
    assert "P(destroyed) 0.0%" in plain_text(p.table.value) and lab.map.chain_labels() == []
    assert not any("1 Uran" in s for s in widget_texts(lab.widget))
