"""The History tab's *Undo* after a ground ZOR reads the same whether the ZOR found an enemy or
nothing (6.21): a refused undo must not say that something was found; the instructor may undo."""
from __future__ import annotations

from lcb_lab.games.lcb import actions as A
from lcb_lab.ui.widgets import LabApp
from tests.engine.test_secrets_by_construction import _zor_world

OFF = "Undo: off (the last step told your team something about the other side)"


def _after_zor(ivan_hex: str):
    g = _zor_world(ivan_hex)
    g.apply(A.ExerciseZor(1, "F-3"))
    return g


def test_the_undo_line_and_refusal_are_the_same_whether_the_zor_found_something():
    found, empty = _after_zor("F-3"), _after_zor("K-10")
    apps = [LabApp(g, team="US") for g in (found, empty)]
    assert [a.history_panel.undo_button.disabled for a in apps] == [True, True]
    assert [OFF in a.history_panel.info.value for a in apps] == [True, True]
    assert [a.undo() for a in apps] == [False, False]
    assert apps[0].message.value == apps[1].message.value
    assert "the last step told your team something about the other side" in apps[0].message.value
    assert [g.history.cursor for g in (found, empty)] == [3, 3]
    apps[1].set_team("instructor")
    assert not apps[1].history_panel.undo_button.disabled and apps[1].undo() is True
    assert empty.history.cursor == 2
