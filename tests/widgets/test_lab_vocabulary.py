"""The lab speaks the engine's vocabulary: its commands are named after the typed actions they
build, name a declared Core Action by the stable id the log shows (``#1``), and every act goes
through the controller's one ``apply``."""
from __future__ import annotations

import pytest

from lcb_lab.games.lcb import actions as A
from lcb_lab.ui import LabApp
from tests.widgets.conftest import plain_text, state_json


def _red_acts(lab: LabApp):
    """TF Boston passes; TF St. Petersburg declares #1 Move and/or Resupply (Ivan Co) and
    #2 Move and/or Conceal (1 Tanya)."""
    lab.begin_impulse("TF Boston")
    lab.declare([])
    lab.end_impulse()
    lab.begin_impulse("TF St. Petersburg")
    lab.declare([{"kind": "move_resupply", "units": ["Ivan Co"]}, {"kind": "move_conceal", "units": ["1 Tanya"]}])
    assert lab.game.impulse.phase == "act", plain_text(lab.message.value)


def _boston_moves(lab: LabApp):
    lab.begin_impulse("TF Boston")
    lab.declare([A.CoreAction("move_combat", ("DDG-51",))])
    assert lab.game.impulse.phase == "act", plain_text(lab.message.value)


def test_commands_are_named_after_the_actions_they_build(lab):
    for name in ("apply", "move", "exercise_zor", "conceal", "resupply", "declare", "begin_impulse",
                 "commit_combat", "resolve", "end_impulse", "relinquish"):
        assert callable(getattr(lab, name)), name
    assert [n for n in ("move_to", "zor", "_aid", "_action_name") if hasattr(lab, n)] == []


def test_carry_out_dropdown_values_are_the_stable_ids_the_log_shows(lab):
    _red_acts(lab)
    p = lab.impulse_panel
    assert p.action.options == (("#1 Move and/or Resupply: Ivan Co", 1), ("#2 Move and/or Conceal: 1 Tanya", 2))
    assert p.action.value == 1
    assert [d.aid for d in lab.game.impulse.actions] == [1, 2]
    log = lab.game.explained_log()
    assert "#1" in log and "#2" in log


def test_conceal_button_applies_conceal_of_the_chosen_id(lab):
    _red_acts(lab)
    p = lab.impulse_panel
    p.action.value = 2
    assert not p.conceal_button.disabled
    p.conceal_button.click()
    assert plain_text(lab.message.value) == "Conceal #2: done."
    assert lab.game.history.steps[-1].action == A.Conceal(2)


def test_move_by_id_is_the_typed_move_along_the_views_path(lab):
    lab.set_team("US")
    _boston_moves(lab)
    path = tuple(lab.game.path_to(["DDG-51"], "AL-27", viewer="US"))
    lab.move(1, "AL-27")
    assert plain_text(lab.message.value) == "Move #1 to AL-27: done."
    assert lab.game.history.steps[-1].action == A.Move(1, path)
    assert lab.game.unit("DDG-51").hex == "AL-27"


def test_lab_apply_takes_any_typed_action_through_the_controller(lab, monkeypatch):
    _boston_moves(lab)
    seen = []
    real = lab.ctl.apply

    def spy(action):
        seen.append(action)
        return real(action)
    monkeypatch.setattr(lab.ctl, "apply", spy)
    lab.select_hex("AL-27")
    p = lab.impulse_panel
    assert p.action.value == 1 and not p.move_button.disabled
    p.move_button.click()                                   # the button ...
    lab.undo()
    lab.apply(A.Move(action=1, path=("AL-28",)))           # ... and a notebook's typed action: one path
    assert [type(a) for a in seen] == [A.Move, A.Move] and seen[1] == A.Move(1, ("AL-28",))
    assert plain_text(lab.message.value) == "Move #1 to AL-28: done."
    assert lab.game.unit("DDG-51").hex == "AL-28"


def test_lab_apply_is_gated_by_the_view(lab):
    lab.set_team("US")
    _boston_moves(lab)
    lab.set_team("RU")
    before = state_json(lab.game)
    assert lab.apply(A.Move(action=1, path=("AL-28",))) is None
    assert plain_text(lab.message.value).startswith("Move #1 to AL-28: not from the Red (RU) view: ")
    assert state_json(lab.game) == before


@pytest.mark.parametrize("call,text", [
    (lambda lab: lab.move(2, "AL-28"), "Refused by rule 3.31: there is no declared action #2 (declared: #1)"),
    (lambda lab: lab.move(0, "AL-28"), "Refused by rule 3.31: there is no declared action #0 (declared: #1)"),
    (lambda lab: lab.conceal(1), "Refused by rule 6.1"),
    (lambda lab: lab.move("1", "AL-28"), "move action: action: Input should be a valid integer"),
])
def test_a_wrong_id_is_refused_once_by_the_engines_check(lab, call, text):
    _boston_moves(lab)
    before = state_json(lab.game)
    assert call(lab) is None
    msg = plain_text(lab.message.value)
    assert text in msg and msg.endswith("Nothing changed."), msg
    assert state_json(lab.game) == before


@pytest.mark.parametrize("boston,call,text", [
    (False, lambda lab: lab.begin_impulse(None),
     "Begin impulse: Refused: begin_impulse action: task_force: Input should be a valid string."),
    (True, lambda lab: lab.resupply(1, None, "RV1", []),
     "Resupply: Refused: resupply action: logistics: Input should be a valid string."),
    (True, lambda lab: lab.move(None, None),
     "Move (no declared action chosen): Refused: move action: action: Input should be a valid integer."),
])
def test_nothing_missing_reads_as_none(lab, boston, call, text):
    if boston:
        _boston_moves(lab)
    assert call(lab) is None
    msg = plain_text(lab.message.value)
    assert msg == text + " Nothing changed.", msg


def test_the_done_message_reaches_the_browser_after_the_panels_redraw(lab):
    """An act's widget updates go out in order: the History tab's timeline (and the Carry out list)
    before the message line's "<what>: done." (a browser test waiting for the message then reads an
    up-to-date timeline; before, the message went first and *Undo*'s row count could be stale)."""
    _boston_moves(lab)
    sent = []
    lab.history_panel.steps.observe(lambda _c: sent.append("timeline"), "options")
    lab.impulse_panel.action.observe(lambda _c: sent.append("carry out"), "options")
    lab.message.observe(lambda _c: sent.append("message"), "value")
    lab.move(1, "AM-26")
    assert plain_text(lab.message.value) == "Move #1 to AM-26: done."
    assert sent == ["timeline", "carry out", "message"] or sent == ["carry out", "timeline", "message"], sent
