"""The lab's flow across hand-overs: *End impulse* is there whenever ending is legal for the view
(3.3), after any sequence of locks and hand-overs; a hex clicked while a move is built keeps the
moving unit in the Unit Tracker."""
from __future__ import annotations

import ipywidgets as W

from lcb_lab.ui import open_lab

from conftest import on_page, plain_text
from lcb_lab.games.lcb import actions as A

NO_INTERCEPT = "no_intercept"


def _end(lab) -> tuple[bool, bool]:
    """(shown, enabled) of *End impulse*: shown means it is built into the page."""
    p = lab.impulse_panel
    shown = on_page(lab, p.end_button)
    return shown, shown and not p.end_button.disabled


def _decision_hand_over(lab) -> None:
    next(w for w in lab.decision.body.children if isinstance(w, W.Button)).click()


def test_end_impulse_survives_hand_overs_for_three_impulses():
    lab = open_lab("gotland_redux", seed=1, team="US")
    p = lab.impulse_panel
    lab.game.apply(A.ScriptedEffect(effect="reveal", units=("1 Anna",)))
    lab.refresh()
    # impulse 1, Blue: DDG-51 fires, Red's INTERCEPT window, answered in the Red view
    assert _end(lab) == (False, False)                    # between impulses: nothing to end
    lab.begin_impulse("TF Boston")
    assert _end(lab) == (True, True)
    lab.declare([{"kind": "move_combat", "units": ["DDG-51"]}])
    lab.commit_combat([{"shooter": "DDG-51", "slot": "LRS1", "target": "1 Anna", "dice": 4}])
    assert lab.game.pending.kind == "intercept" and lab.game.pending.team == "RU"
    assert _end(lab) == (True, False)                     # the response window: no end yet
    _decision_hand_over(lab)
    assert lab.team == "RU" and p.locked and _end(lab) == (False, False)
    lab.answer_policy(NO_INTERCEPT)
    p.hand_over.click()
    assert lab.team == "US" and not p.locked
    assert _end(lab) == (True, False)                     # committed, not resolved
    lab.resolve()
    # 2 hits on 1 Anna in AL-21, where Blue sees Red backs: Red is asked about MILDECs (4.22, 6.11)
    assert (lab.game.pending.kind, lab.game.pending.team, lab.game.pending.options.mildecs) == ("mildec", "RU", 0)
    assert plain_text(lab.decision.header.value) == "Waiting for Red (RU)'s MILDEC decision 4.22."
    assert _end(lab) == (True, False)
    _decision_hand_over(lab)
    assert lab.team == "RU" and [b.description for b in lab.decision.answer_row.children] == ["Take the 2 HP"]
    lab.decision.take_button.click()
    assert lab.game.pending is None and lab.game.unit("1 Anna").destroyed
    p.hand_over.click()
    assert lab.team == "US"
    assert "combat resolved: end the impulse" in plain_text(p.status.value)
    assert _end(lab) == (True, True)
    p.end_button.click()
    assert lab.game.impulse is None and lab.game.next_team() == "RU", lab.message.value
    # impulse 2, Red: DDG-605 fires at DDG-51, Blue's window, answered in the Instructor view
    assert p.locked and _end(lab) == (False, False)
    p.hand_over.click()
    assert lab.team == "RU" and _end(lab) == (False, False)
    lab.begin_impulse("TF Moscow")
    assert _end(lab) == (True, True)
    lab.declare([{"kind": "move_combat", "units": ["DDG-605"]}])
    lab.commit_combat([{"shooter": "DDG-605", "slot": "LRS1", "target": "DDG-51", "dice": 2}])
    assert lab.game.pending.team == "US" and _end(lab) == (True, False)
    _decision_hand_over(lab)
    assert lab.team == "US" and p.locked and _end(lab) == (False, False)
    lab.set_team("instructor")
    assert _end(lab) == (True, False)
    lab.answer_policy(NO_INTERCEPT)
    lab.set_team("RU")
    lab.resolve()
    assert _end(lab) == (True, True)
    lab.set_team("US")
    assert _end(lab) == (False, False)                    # Red's impulse: not Blue's to end
    p.hand_over.click()
    assert lab.team == "RU" and _end(lab) == (True, True)
    p.end_button.click()
    assert lab.game.impulse is None and lab.game.next_team() == "US", lab.message.value
    # impulse 3, Blue, ended from the Instructor view
    assert p.locked and _end(lab) == (False, False)
    p.hand_over.click()
    lab.begin_impulse("TF Memphis")
    assert lab.team == "US" and _end(lab) == (True, True)
    lab.set_team("RU")
    assert _end(lab) == (False, False)
    lab.set_team("instructor")
    assert _end(lab) == (True, True)
    p.end_button.click()
    assert lab.game.impulse is None and lab.game.next_team() == "RU", lab.message.value


def test_a_destination_click_keeps_the_moving_unit_in_the_tracker():
    lab = open_lab("gotland_redux", seed=1, team="US")
    p = lab.impulse_panel
    lab.begin_impulse("TF Boston")
    lab.select_hex("AL-29")
    assert lab.ctl.selected_unit == "DDG-51"
    lab.declare([{"kind": "move_combat", "units": ["DDG-51"]}])
    assert p.action.value == 1 and lab.ctl.moving == ("DDG-51",)
    lab.select_hex("AM-26")                               # LHD 1's hex: DDG-51's destination
    assert lab.ctl.selected_unit == "DDG-51"
    assert "DDG-51" in plain_text(lab.unit_panel.value) and "LHD 1" not in plain_text(lab.unit_panel.value)
    assert lab.unit_picker.value == "DDG-51" and ("LHD 1", "LHD 1") in lab.unit_picker.options   # still listed
    assert p.move_button.description == "Move to AM-26" and not p.move_button.disabled
    p.move_button.click()
    assert lab.game.unit("DDG-51").hex == "AM-26", lab.message.value
    # moved: DDG-51's action may not move again, so a click selects the hex's unit as before
    assert lab.ctl.moving == ()
    lab.select_hex("AM-27")
    assert lab.ctl.selected_unit == "DDG-80"


def test_a_hex_click_selects_its_unit_when_nothing_moves():
    lab = open_lab("gotland_redux", seed=1, team="US")
    lab.select_hex("AL-29")
    lab.select_hex("AM-26")
    assert lab.ctl.selected_unit == "LHD 1" and lab.ctl.moving == ()
