"""Event Cards in the lab (16.0, 3.26, 3.312): the map's gray cubes, the Game tab's status line
and the event question in the decision panel -- all drawn from the view model."""
from __future__ import annotations

from lcb_lab.games.lcb import actions as A
from lcb_lab import load_scenario
from lcb_lab.ui import LabApp

from conftest import plain_text, widget_texts as _texts


def test_the_events_scenario_asks_its_question_and_draws_its_cubes():
    g = load_scenario("gotland_events", seed=2)
    lab = LabApp(g, team="US")
    cubes = lab.map.sources["gray_cubes"].data
    assert cubes["hex"] == ["AJ-21"] and "Gray cube" in cubes["tip"][0] and "3.26" in cubes["tip"][0]
    status = plain_text(lab.game_panel.game_info.value)           # the Game tab's line, from the view model
    assert "Event Card this turn (16.0): Fleeing Masses (sandbox card)" in status
    assert "gray cubes on the map (3.26): 1 (civilians)" in status
    panel = lab.decision
    assert panel.visible and "Event Card: place gray cubes (16.0)" in plain_text(panel.header.value)
    assert "AJ-22" in list(panel.picks.options)
    panel.picks.value = ("AJ-22", "AJ-23")
    got = []
    lab._apply = lambda a: got.append(a)
    panel.answer_button.click()
    assert got == [A.AnswerEvent(hexes=("AJ-22", "AJ-23"))]


def test_placed_cubes_show_for_every_view_and_the_other_team_reads_only_the_kind():
    g = load_scenario("gotland_events", seed=2)
    g.apply(A.AnswerEvent(hexes=("AJ-22", "AJ-23")))
    for team in ("US", "RU", "instructor"):
        lab = LabApp(g, team=team)
        assert sorted(lab.map.sources["gray_cubes"].data["hex"]) == ["AJ-21", "AJ-22", "AJ-23"]
    g = load_scenario("gotland_events", seed=2)
    lab = LabApp(g, team="RU")                 # US answers: RU sees who decides, not the hexes offered
    text = " ".join(_texts(lab.decision.widget))
    assert "Hand over" in text and "AJ-22" not in text
