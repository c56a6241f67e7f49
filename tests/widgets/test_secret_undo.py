"""The History tab's *Undo* after a ground ZOR reads the same whether the ZOR found an enemy or
nothing (6.21): a refused undo must not say that something was found; the instructor may undo."""
from __future__ import annotations

from lcb_lab.games.lcb import actions as A
from lcb_lab.ui import LabApp
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


def _slite_us_move():
    """Return to Slite: RU holds the scenario's secret minefield (13.37); LHD 1 moves one hex
    (AN-23 -> AM-22): no mines there, no enemy seen, no die."""
    from lcb_lab import load_scenario
    g = load_scenario("slite_landing", seed=1)
    g.apply(A.BeginImpulse("TF Memphis"))
    g.apply(A.Declare((A.CoreAction("move_combat", ("LHD 1",)),)))
    g.apply(A.Move(1, ("AM-22",)))
    assert g.pending is None and g.unit("LHD 1").hex == "AM-22" and not g.history.steps[-1].dice
    return g


def test_a_move_that_may_have_met_secret_mines_is_not_undone_by_its_team_13_37():
    """While RU may hold secret mines, US's move is a look for them (13.34): the History tab's
    *Undo* is off, in words that hold whether it met mines or not; the instructor may undo."""
    g = _slite_us_move()
    app = LabApp(g, team="US")
    why = "a move while the other side may hold secret mines cannot be taken back (13.34, 13.37)"
    assert app.history_panel.undo_button.disabled and f"Undo: off ({why})" in app.history_panel.info.value
    assert app.undo() is False and why in app.message.value
    assert g.unit("LHD 1").hex == "AM-22"
    app.set_team("instructor")
    assert app.undo() is True and g.unit("LHD 1").hex == "AN-23"
