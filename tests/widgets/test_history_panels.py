"""The History tab (Undo, timeline, Back to now, Fork here) and the fork view, driven without a browser."""
from __future__ import annotations

import json

import pytest

from lcb_lab import load_scenario
from lcb_lab.games.lcb.content.lesson import Lesson
from lcb_lab.ui import LabApp
from lcb_lab.ui.lab.fork_view import ForkView
from tests.conftest import widget_states
from tests.widgets.conftest import on_page
from lcb_lab.games.lcb import actions as A


def _state(game) -> str:
    return json.dumps(game.state.to_dict(), sort_keys=True)


@pytest.fixture(scope="module")
def lesson_game():
    """The Appendix B lesson played to its end (26 steps, forced dice)."""
    return Lesson("appendix_b_combat").run()


def _ru_moves_concealed(app: LabApp) -> None:
    """US plays an empty impulse, then RU moves the concealed Ivan Co (AJ-22 -> AI-22)."""
    app.begin_impulse("TF Boston")
    app.end_impulse()
    app.set_team("RU")
    app.begin_impulse("TF St. Petersburg")
    app.declare([{"kind": "move_combat", "units": ["Ivan Co"]}])
    app.select_unit("Ivan Co")
    app.move(1, "AI-22")
    assert app.game.unit("Ivan Co").hex == "AI-22" and not app.game.unit("Ivan Co").revealed
    assert app.game.history.cursor == 5


def test_history_is_a_tab_of_the_lab():
    app = LabApp(load_scenario("gotland_redux", seed=1))
    titles = [app.tabs.get_title(i) for i in range(len(app.tabs.children))]
    assert titles == ["Impulse", "Overlays", "Kill chain", "Lesson", "Build", "Game", "History"]       # the log: beside the map only
    assert app.history_panel.steps.layout.width == "100%"          # fits the tab (it was 430 px in 414)
    assert app.tabs.children[titles.index("History")] is app.history_panel.widget
    assert app.history_panel.steps.options == ("Start (before the first step)",)
    assert app.history_panel.undo_button.disabled                       # nothing to undo yet
    assert app.fork_view.widget not in app.widget.children and not app.fork_view.shown   # no branch: not on the page


def test_undo_restores_the_state_byte_identical():
    app = LabApp(load_scenario("gotland_redux", seed=1))
    g = app.game
    states = [_state(g)]
    app.begin_impulse("TF Boston")
    states.append(_state(g))
    app.declare([{"kind": "move_combat", "units": ["DDG-51"]}])
    states.append(_state(g))
    app.select_unit("DDG-51")
    app.move(1, "AL-27")
    assert g.unit("DDG-51").hex == "AL-27"
    assert len(app.history_panel.steps.options) == 5              # start, heading, 3 steps
    for k in (2, 1, 0):
        app.history_panel.undo_button.click()
        assert _state(g) == states[k]
    assert g.history.cursor == 0 and len(g.history.steps) == 3      # the record keeps them for going forward
    assert g.log == [] and "The explained log is empty" in app.log.value    # the log refreshed too
    assert [o.strip() for o in app.history_panel.steps.options[2:]] == [
        "1. begin impulse (undone)", "2. declare (undone)", "3. move (undone)"]
    assert app.history_panel.undo_button.disabled


def test_a_team_undoes_only_its_own_last_step_before_the_answer(lesson_game):
    # step 15: TF Boston commits combat; RU must now answer its INTERCEPT choice
    g = lesson_game.fork(at=15)
    assert g.to_act() == "RU"
    app = LabApp(g, team="US")
    assert app.history_panel.undo_button.disabled
    before = _state(g)
    assert app.undo() is False and _state(g) == before
    assert "Undo: not from the" in app.message.value
    app.set_team("RU")                               # the last step was Blue's
    assert app.history_panel.undo_button.disabled and "Blue (US)" in app.history_panel.info.value
    app.set_team("instructor")
    assert not app.history_panel.undo_button.disabled
    # step 14: TF Boston has just declared and still plays: US may take it back, RU not
    g14 = lesson_game.fork(at=14)
    us = LabApp(g14, team="US")
    assert not us.history_panel.undo_button.disabled
    us.set_team("RU")
    assert us.history_panel.undo_button.disabled
    us.set_team("US")
    assert us.undo() is True and g14.history.cursor == 13
    # step 17: chance rolled the combat dice (its step, not Blue's): TF Boston plays on but may not undo the roll
    g17 = lesson_game.fork(at=17)
    assert g17.to_act() == "US" and g17.history.steps[16].dice
    assert LabApp(g17, team="US").history_panel.undo_button.disabled


def test_timeline_and_past_view_show_only_the_teams_log():
    app = LabApp(load_scenario("gotland_redux", seed=1))
    _ru_moves_concealed(app)
    assert any("Move Ivan Co" in o for o in app.history_panel.steps.options)      # RU's own move
    app.set_team("US")
    opts = app.history_panel.steps.options
    assert len(opts) == 8 and not any("Ivan Co" in o for o in opts)
    assert opts[-1].strip() == "5. Move 1 concealed counter \u25c0 now"   # the observer's unnamed public form
    assert "Ivan Co" not in str(app.history_panel.steps.get_state()["_options_labels"])
    app.show_step(4)                      # after RU's declaration: the past, as US could see it
    assert app.game is not app.history_panel.live and app.game.history.cursor == 4
    assert "Ivan Co" not in app.log.value and "TF St. Petersburg declares" in app.log.value
    assert "Ivan Co" not in json.dumps(widget_states(app.widget), default=str)
    app.set_team("RU")                    # RU's own view of the same past step names its unit
    assert "Ivan Co" in app.log.value
    assert app.game.unit("Ivan Co").hex == "AJ-22"                     # before the move


def test_looking_at_the_past_keeps_the_later_steps_and_refuses_acts():
    app = LabApp(load_scenario("gotland_redux", seed=1))
    _ru_moves_concealed(app)
    app.set_team("instructor")
    live = app.game
    now = _state(live)
    app.history_panel.steps.index = 2                         # click "1. begin impulse"
    assert app.history_panel.past_step == 1 and app.game.impulse.task_force == "TF Boston"
    assert not app.history_panel.back_button.disabled and app.history_panel.undo_button.disabled
    app.end_impulse()                                         # any act: refused, red, nothing changes
    assert "Back to now" in app.message.value and "lcb-refused" in app.message.value
    assert app.game.history.cursor == 1
    assert _state(live) == now and live.history.cursor == 5 and len(live.history.steps) == 5
    app.history_panel.back_button.click()
    assert app.game is live and app.history_panel.past is None
    assert app.game.unit("Ivan Co").hex == "AI-22"
    app.show_step(5)                                          # the last step is "now"
    assert app.game is live


def test_fork_here_opens_a_second_lab_with_the_diff(lesson_game):
    app = LabApp(lesson_game.fork(), team="instructor")
    app.show_step(14)                                         # before TF Boston's combat
    app.history_panel.fork_button.click()
    fv: ForkView = app.fork_view
    assert isinstance(fv.branch, LabApp) and fv.at == 14
    assert app.game is app.history_panel.live                 # the first lab is back to now
    assert fv.shown and fv.widget in app.widget.children and fv.holder.children == (fv.branch.widget,)
    assert fv.branch.game.history.cursor == 14 and fv.branch.history_panel.fork_button.disabled
    rows = {(r.topic, r.item): (r.left, r.right) for r in fv.rows}
    assert rows[("turn", "")] == (2, 1)
    assert rows[("lost", "2 Anna")] == (True, False)
    assert rows[("hp", "1 Anna")] == (1, 2)
    assert rows[("influence", "")] == (-1, 0)
    assert rows[("supply", "DDG-51/LRS1")] == (4, 8)
    assert "Branch from step 14" in fv.title.value and "2 Anna" in fv.diff.value
    # an act in the branch updates the diff
    fv.branch.undo()
    assert fv.branch.game.history.cursor == 13
    assert {(r.topic, r.item): (r.left, r.right) for r in fv.rows}[("impulse", "")] == (
        "none", "TF Boston, declaring")
    # both labs show the same view, and the diff is that view's
    app.set_team("US")
    assert fv.branch.team == "US"
    assert not any("Ivan Co" in r.item for r in fv.rows) and "Ivan Co" not in fv.diff.value
    fv.branch.set_team("RU")
    assert app.team == "RU" and any(r.item == "Ivan Co/RP" for r in fv.rows)
    fv.close_button.click()
    assert fv.branch is None and fv.widget not in app.widget.children and fv.holder.children == ()
    assert fv.title.value == fv.diff.value == ""              # nothing of the branch left in the browser


def test_a_new_game_ends_the_look_at_the_past():
    app = LabApp(load_scenario("gotland_redux", seed=1))
    app.begin_impulse("TF Boston")
    app.show_step(0)
    g = app.new_game("gotland_redux", 2, confirm=True)
    assert app.game is g and app.history_panel.live is g and app.history_panel.past is None
    assert app.history_panel.steps.options == ("Start (before the first step)",)


def test_a_lesson_step_plays_on_the_game_not_on_the_past_shown():
    app = LabApp(load_scenario("gotland_redux", seed=1))
    app.load_lesson("appendix_b_combat")
    app.step()
    app.step()
    live = app.game
    assert live.history.cursor == 2
    app.show_step(1)
    assert app.game is not live
    app.step()
    assert app.game is live and live.history.cursor == 3 and app.history_panel.past is None


def test_the_branch_wraps_under_the_lab_at_any_text_size():
    app = LabApp(load_scenario("gotland_redux", seed=1))
    assert app.widget.layout.flex_flow is None
    app.fork_here()
    assert app.widget.layout.flex_flow == "row wrap"
    app.set_font_scale(1.4)
    app.set_font_scale(1.0)
    assert app.widget.layout.flex_flow == "row wrap" and app.fork_view.branch.font_scale == 1.0
    app.fork_view.close()
    assert app.widget.layout.flex_flow is None


# ---------------------------------------------------------------- the review at 1366x768
def test_the_timeline_marks_now_and_selects_the_step_shown(lesson_game):
    app = LabApp(lesson_game.fork(at=14), team="instructor")
    hp = app.history_panel
    assert hp.steps.rows >= 10 and len(hp.steps.options) > hp.steps.rows     # the list scrolls
    now = [o for o in hp.steps.options if o.endswith("\u25c0 now")]
    assert [o.strip() for o in now] == ["14. declare 3 actions \u25c0 now"]
    assert hp.steps.value == now[0]                                 # the current step is selected
    app.show_step(2)
    assert hp.steps.value.strip().startswith("2. declare 3 actions")
    assert hp.steps.options[hp.steps.options.index(now[0])] == now[0]   # "now" stays marked


def test_a_team_view_does_not_show_an_undone_step(lesson_game):
    app = LabApp(lesson_game.fork(at=17), team="instructor")
    app.undo()
    app.undo()
    assert app.game.history.cursor == 15 and len(app.game.history.steps) == 17
    app.set_team("US")
    labels = [o.strip() for o in app.history_panel.steps.options]
    assert "16. Red (RU) act (undone)" in labels and "17. Chance act (undone)" in labels
    app.show_step(17)                                     # the combat's dice: the game's next rolls
    assert app.game is app.history_panel.live and app.history_panel.past is None
    assert "undone" in app.message.value and "next rolls" in app.message.value
    assert "LRS: DDG-51" not in app.log.value
    assert app.history_panel.steps.value.strip().endswith("\u25c0 now")
    app.set_team("instructor")                            # the instructor may look ahead
    app.show_step(17)
    assert app.history_panel.past_step == 17 and "LRS: DDG-51 -&gt; 1 Anna" in app.log.value
    app.set_team("RU")                                    # ... and a team view leaves that look
    assert app.game is app.history_panel.live and app.history_panel.past is None
    assert "LRS: DDG-51" not in app.log.value


def test_a_teams_branch_has_new_dice_the_instructors_the_same(lesson_game):
    g = lesson_game.fork(at=16)                           # RU has answered; chance rolls the combat next
    inst = LabApp(g, team="instructor")
    same = inst.fork_here()
    assert same.dice.state() == g.dice.state() and inst.fork_view.same_dice
    assert "same dice" in inst.fork_view.title.value
    us = LabApp(lesson_game.fork(at=16), team="US")
    new = us.fork_here()
    assert not us.fork_view.same_dice and "new dice" in us.fork_view.title.value
    assert new.dice.state()["seed"] != g.dice.state()["seed"]
    rolls = [us.fork_here().dice.roll(4) for _ in range(3)]          # fresh entropy every time
    assert len({tuple(r) for r in rolls}) > 1
    assert g.dice.roll(4) == same.dice.roll(4)


def test_fork_here_says_where_the_branch_opened_and_links_to_it():
    app = LabApp(load_scenario("gotland_redux", seed=1))
    app.begin_impulse("TF Boston")
    app.fork_here()
    fv = app.fork_view
    msg = app.message.value
    assert "Branch from step 1 opened" in msg and "Back to now" not in msg
    assert f'href="#{fv.anchor}"' in msg and "Go to the branch" in msg
    # no direction: at 1920x1080 the branch stands beside the lab, below it on a narrow screen
    assert f'<a class="lcb-go-branch" href="#{fv.anchor}">Go to the branch</a>' in msg
    assert "\u2193" not in msg and "\u2192" not in msg
    assert f"id='{fv.anchor}'" in fv.title.value                    # the link's target: the branch's heading
    assert f'href="#{fv.anchor}"' in app.history_panel.info.value   # and the History tab keeps the link
    fv.close()
    assert "Go to the branch" not in app.history_panel.info.value


def test_saving_while_a_past_step_is_shown_saves_the_game_itself(tmp_path):
    """Found by the lab's author: Save while looking at the past saved the past game."""
    from lcb_lab.games.lcb.game import Game
    from lcb_lab.ui import open_lab
    app = open_lab("gotland_redux", seed=1)
    app.game.apply(A.BeginImpulse("TF Boston"))
    app.game.apply(A.Declare())
    n = app.game.history.cursor
    app.show_step(1)
    path = app.save_game(tmp_path / "g.json")
    assert Game.load(path).history.cursor == n and app.history_panel.past is None


def test_a_past_step_says_step_n_of_the_record_not_what_the_rules_allow_now():
    """At a past step with the INTERCEPT question open, the decision panel shows each interceptor's
    dice then (read-only, no Answer, no policy) and both panels say "step N of the record"."""
    import html
    import re

    import ipywidgets as W

    def text(markup: str) -> str:
        return html.unescape(re.sub(r"<[^>]+>", "", markup))

    app = LabApp(load_scenario("gotland_redux", seed=1))
    app.game.apply(A.ScriptedEffect(effect="reveal", units=("1 Anna",)))
    app.begin_impulse("TF Boston")
    app.declare([{"kind": "move_combat", "units": ["DDG-51"]}])
    app.commit_combat([{"shooter": "DDG-51", "slot": "LRS1", "target": "1 Anna", "dice": 4}])
    asked = app.game.history.cursor
    app.answer_policy("match_incoming")
    app.resolve()
    assert app.game.pending is None
    app.history_panel.show_step(asked)
    d = app.decision
    body = " ".join(text(w.value) for w in d.body.children if isinstance(w, W.HTML))
    assert f"Step {asked} of the record: the question as it stood then" in text(d.header.value)
    assert f"2 Anna INT1 of Pantsir-SM: IAMD CV 12 (AL-21, 0 hex(es) from the target): up to 6 dice at step " \
           f"{asked} of the record" in body
    assert f"FFG-454 INT1 CV 12 (AL-18, 3 hex(es) from the target): up to 8 dice at step {asked}" in body
    assert "allow now" not in body and d._inputs == []
    assert not on_page(app, d.answer_button) and d.policy_box.children == ()
    imp = app.impulse_panel
    assert f"Step {asked} of the record" in text(imp.status.value)
    assert f"Red (RU) was deciding at step {asked} of the record" in text(imp.combat_state.value)
    assert f"step {asked} of the record: no card is played on a past step" in text(app.cards_panel.play_head.value)
    app.history_panel.back_to_now()
    assert "of the record" not in text(imp.status.value) and not d.visible


def test_a_long_timeline_row_goes_on_below_instead_of_being_cut_off(lesson_game):
    from lcb_lab.ui.lab.timeline import TIMELINE_WRAP
    app = LabApp(lesson_game)
    opts = list(app.history_panel.steps.options)
    assert max(len(o) for o in opts) <= TIMELINE_WRAP
    i = opts.index("   4. scripted effect: 1 Alpha, 2 Alpha, 3 Alpha, 1 Kilo, 1")
    assert opts[i + 1] == "        Whiskey disembark into AL-23"
    app.history_panel.steps.index = i + 1               # a click on the second line shows step 4 too
    assert app.history_panel.past_step == 4
    assert app.history_panel.steps.index == i           # and marks the row's first line


def test_a_played_card_reads_once_in_the_timeline():
    # the History tab read "3. play card: JCC played: Tactical Cyber Attack"
    app = LabApp(Lesson("appendix_b_turn1").run())
    opts = [o.strip() for o in app.history_panel.steps.options]
    played = [o for o in opts if "JCC played: Tactical Cyber Attack" in o]
    assert len(played) == 1 and played[0].split(". ", 1)[1] == "JCC played: Tactical Cyber Attack"
    assert not any("play card:" in o for o in opts)


def test_undo_forgets_the_refusals_noted_after_the_step_it_takes_back():
    """A refused move noted in the log after a declaration; *Undo* of the declaration takes its moment
    back: the refusal is no longer in the log (left there, it stood after the next declaration, as if
    refused there)."""
    app = LabApp(load_scenario("gotland_redux", seed=1))
    app.begin_impulse("TF Boston")
    app.declare([{"kind": "move_combat", "units": ["DDG-51"]}])
    app.move(1, "AJ-22")                                   # no water path: refused (5.12), noted in the log
    assert '<span class="lcb-rule">5.12</span> Refused: AJ-22 is out of reach' in app.log_panel.value and len(app.notes) == 1
    assert app.undo()                                      # the declaration taken back
    assert app.notes == [] and "Refused" not in app.log_panel.value
    app.declare([{"kind": "move_combat", "units": ["DDG-51"]}])
    assert "Refused" not in app.log_panel.value


def test_a_second_fork_here_asks_before_it_drops_a_branch_with_steps_of_its_own():
    """Found by a class: *Fork here* a second time dropped the open branch, and the steps played in it,
    without a word (the message said only "Branch from step 1 opened").  Now it asks first, like *New
    game* and *Load*: the button becomes *Confirm fork* and the message names the branch and its steps;
    the branch stays until the second click.  A branch with no step of its own is replaced at once, and
    the message says the old one was closed."""
    app = LabApp(load_scenario("gotland_redux", seed=1))
    app.begin_impulse("TF Boston")
    app.fork_here()
    fv = app.fork_view
    branch = fv.branch
    branch.pass_impulse()                                 # two steps of the branch's own: pass, end impulse
    assert branch.game.history.cursor == 3
    assert app.fork_here() is None                         # asked, not done
    assert fv.branch is branch and branch.game.history.cursor == 3
    msg = app.message.value
    assert "Fork here would drop the branch from step 1 and its 2 steps: Confirm fork, or Cancel. Nothing changed." \
        in msg, msg
    panel = app.history_panel
    assert (panel.fork_button.description, panel.fork_button.button_style) == ("Confirm fork", "danger")
    assert panel.cancel_button in panel.buttons.children and panel.back_button not in panel.buttons.children
    panel.cancel_button.click()                            # Cancel: the branch goes on
    assert fv.branch is branch and panel.fork_button.description == "Fork here"
    assert panel.cancel_button not in panel.buttons.children and panel.back_button in panel.buttons.children
    assert "Cancelled" in app.message.value
    panel.fork_button.click()
    assert panel.fork_button.description == "Confirm fork"
    panel.fork_button.click()                              # confirmed: a new branch from step 1
    assert fv.branch is not branch and fv.branch.game.history.cursor == 1 and fv.at == 1
    assert panel.fork_button.description == "Fork here"
    assert "Branch from step 1 opened (same dice; the last one dropped)." in app.message.value
    # a branch with no step of its own is replaced at once, and the message says so
    app.declare([])
    new = app.fork_here()
    assert new is not None and fv.at == 2
    assert "Branch from step 2 opened (same dice; the last one closed)." in app.message.value


def test_presentation_mode_is_the_same_in_the_first_lab_and_the_branch():
    """Found by a class: with a branch open, *Presentation* in the first lab left the branch below it in
    the small look (and the branch's own switch only the branch) -- on a projector half the page stayed
    unreadable.  Like the view, the mode now follows in both labs, each way."""
    app = LabApp(load_scenario("gotland_redux", seed=1))
    app.fork_here()
    branch = app.fork_view.branch
    assert not app.ctl.presentation and not branch.ctl.presentation
    app.presentation_toggle.value = True                   # the first lab's switch
    assert branch.ctl.presentation and branch.presentation_toggle.value
    assert "lcb-presentation" in branch.widget._dom_classes
    branch.presentation_toggle.value = False               # the branch's own switch
    assert not app.ctl.presentation and not app.presentation_toggle.value
    assert "lcb-presentation" not in app.widget._dom_classes
    app.fork_view.close()
    app.set_presentation(True)                              # no branch: nothing to follow, nothing breaks
    assert app.ctl.presentation and not branch.ctl.presentation
