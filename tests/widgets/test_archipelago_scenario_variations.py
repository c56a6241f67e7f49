"""The scenarios' symmetric forms and rotated variations (l.1421, l.1442, l.1481, l.1518, l.1550) in
the Archipelago lab's scenario picker, each opening on the expanded board with its line in force,
and the seaplane captured by Red's commandos (l.1568) drawn as Red's piece."""
from __future__ import annotations

import pytest

from lcb_lab.games.archipelago.model.scenario_book import SCENARIOS, key, table
from lcb_lab.ui.archipelago.app import open_archipelago_lab
from tests.archipelago.test_scenario_tasks import FAR_BLUE, FAR_RED, scen

NEW = ["convoy_both", "oil_platform_both", "salvage_red", "breakthrough_red", "landing_both"]


def test_the_picker_lists_every_scenario_and_opens_the_new_variations():
    lab = open_archipelago_lab(level=1)
    assert set(SCENARIOS) <= set(lab.scenario_picker.options) and set(NEW) <= set(SCENARIOS)
    for name in NEW:
        lab.new_game(name, seed=1, confirm=True)
        s = lab.game.state
        assert s.scenario == key(table()[name]) and lab.view.board.name == "archipelago_expanded"
        labels = set(lab.view.sources["pieces"].data["label"])
        required = [r["piece"] for r in table()[name].get("required", ()) if r["piece"] in s.pieces]
        assert all(pid.split(" ", 1)[1] in labels for pid in required)


@pytest.mark.parametrize("team", ["Blue", "Red", None])
def test_the_captured_seaplane_is_drawn_as_reds(team):
    g = scen("seaplane", [("Blue H-7", (76, 40), 2, {"flying": True, "fuel": 5}), FAR_RED, FAR_BLUE],
             to_move="Red", progress={"captured": 1})
    g.state.pieces["Blue H-7"].owner = "Red"                   # staged: taken by Red's commandos (l.1568)
    lab = open_archipelago_lab(game=g, team=team)
    d = lab.view.sources["pieces"].data
    assert [(lb, o) for lb, o in zip(d["label"], d["owner"]) if lb == "H-7"] == [("H-7", "Red")]
