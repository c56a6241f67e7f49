"""The seats of the Game tab (lcb_lab.ui.lcb.seats; docs/opponents.md): a team played by a policy,
one act at a time through the lab's apply path, its reasons shown to its team and the instructor
and only as the public line to the other team."""
from __future__ import annotations

import lcb_lab
from lcb_lab.games.lcb import actions as A
from lcb_lab.ui import LabApp
from tests.widgets.conftest import on_page, plain_text


def _lab(team: str = "US") -> LabApp:
    """US HIMARS 4 hexes from a face-up RU coastal missile section; the dice forced: 3 hits."""
    g = lcb_lab.situation(units={"1 Whiskey": ("usmc_himars_section", "F-6"),
                                 "1 Uran": {"type": "runi_coastal_missile_section", "hex": "F-2", "face_up": True}},
                          forced=[1, 1, 1, 20, 20, 20])
    g.auto_policies = {}
    return LabApp(g, team=team)


def test_a_policy_in_the_us_seat_plays_one_act_at_a_time_and_explains_it():
    lab = _lab("instructor")
    s = lab.seats
    assert on_page(lab, s.widget) and s.next_button.disabled            # the class plays both: nothing to do
    s.pickers["US"].value = "greedy"
    assert not s.next_button.disabled and "US is to act" in s.status.value
    d = s.next_act()
    assert d.action == A.BeginImpulse("TF Blue") and lab.ctl.live.state.impulse is not None
    s.next_act()                                                         # the declaration (3.31)
    d = s.next_act()                                                     # the LRS, all 6 dice (7.34)
    assert d.action == A.CommitCombat(lrs=(A.LrsAttack("1 Whiskey", "LRS1", "1 Uran", 6),))
    assert "LRS on 1 Uran: 96 % to destroy" in plain_text(s.reasons.value)
    s.next_act()                                                         # the roll, for the policy's team
    assert lab.ctl.live.state.units["1 Uran"].destroyed
    assert len(s.notes) == 4 and "Turn 1, impulse 1: US (roll the committed combat (7.0))" in plain_text(s.reasons.value)


def test_the_other_team_reads_only_the_public_line():
    lab = _lab("instructor")
    s = lab.seats
    s.pickers["US"].value = "greedy"
    for _ in range(3):
        s.next_act()
    lab.ctl.viewer = "RU"
    text = plain_text(s.reasons.value)
    assert "96 %" not in text and "1 Whiskey" not in text
    assert text.count("US (greedy) acted; its reasons are read by US and the instructor.") == 3
    lab.ctl.viewer = "US"
    assert "96 %" in plain_text(s.reasons.value)


def test_no_opponent_to_act_changes_nothing():
    lab = _lab("instructor")
    s = lab.seats
    s.pickers["RU"].value = "random"                                     # US is to act: the class
    n = len(lab.ctl.live.history.steps)
    assert s.next_act() is None and "no opponent is to act" in s.status.value
    assert len(lab.ctl.live.history.steps) == n and s.notes == []


def test_a_begin_impulse_note_names_the_impulse_it_begins():
    """The reason of *Begin impulse* is where the act happens: the impulse it begins (3.3), not the
    last one played (the first impulse of the game read "impulse 0")."""
    lab = _lab("instructor")
    s = lab.seats
    s.pickers["US"].value = "greedy"
    s.next_act()                                                         # BeginImpulse("TF Blue")
    assert plain_text(s.reasons.value).startswith("Turn 1, impulse 1: US (begin TF Blue's impulse")
    assert [n.impulse for n in s.notes] == [1]


def test_the_reasons_follow_the_game_in_play():
    """An *Undo* drops the reason of the act it took back; a new game clears the reasons (they were
    the last game's)."""
    lab = _lab("instructor")
    s = lab.seats
    s.pickers["US"].value = "greedy"
    s.next_act()
    s.next_act()                                                         # the declaration
    assert len(s.notes) == 2
    assert lab.undo()
    assert len(s.notes) == 1 and "Declare" not in plain_text(s.reasons.value)
    s.next_act()                                                         # declared again: one note for it
    assert len(s.notes) == 2
    lab.set_game(lcb_lab.load_scenario("gotland_redux", seed=1))
    assert s.notes == [] and plain_text(s.reasons.value) == "none yet"


def test_next_opponent_act_is_greyed_while_a_past_step_is_shown():
    """Acting is off on a past step of the History tab (every control greyed, the act refused): the seat's
    *Next opponent act* too, its status saying why; back to now it plays again."""
    lab = _lab("instructor")
    s = lab.seats
    s.pickers["US"].value = "greedy"
    s.next_act()                                                         # begin TF Blue's impulse
    s.next_act()                                                         # its declaration
    lab.show_step(1)
    assert s.next_button.disabled
    assert "US is to act now; step 1 of the record is shown (History \u203a Back to now)" in plain_text(s.status.value)
    lab.back_to_now()
    assert not s.next_button.disabled and plain_text(s.status.value) == "US is to act"
