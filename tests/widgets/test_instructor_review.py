"""An instructor's turn through the browser: the UI problems found, each driven through the
lab's Python API and widgets (no browser)."""
from __future__ import annotations

import json

import ipywidgets as W
import pytest

from lcb_lab import load_scenario
from lcb_lab.games.lcb.rules.stages.sequence import CORE_ACTION_NAMES
from lcb_lab.ui import LabApp, open_lab
from lcb_lab.ui.lcb.app import TAB_TITLES
from lcb_lab.ui.lcb.impulse_combat import NO_LRS_TARGET
from lcb_lab.ui.lcb.impulse_declare import ACTION_KINDS
from tests.conftest import widget_states
from tests.widgets.conftest import on_page, plain_text as _text, state_json as _state  # the `lab` fixture is there too
from lcb_lab.games.lcb import actions as A


def _boston(lab, kind="move_combat", reveal=True):
    if reveal:
        lab.game.apply(A.ScriptedEffect(effect="reveal", units=("1 Anna",)))
        lab.refresh()
    lab.begin_impulse("TF Boston")
    lab.declare([{"kind": kind, "units": ["DDG-51"]}])
    assert lab.game.impulse.phase == "act", lab.message.value
    return lab.impulse_panel


# ---------------------------------------------------------------- 1. new game, save, load
def test_new_game_defaults_and_a_fresh_game_needs_no_confirmation(lab):
    assert lab.scenario_picker.value == "gotland_redux" and lab.seed_box.value == 1
    assert lab.tabs.get_title(TAB_TITLES.index("Game")) == "Game"
    old = lab.game
    lab.new_button.click()                                    # nothing has happened yet: no question
    assert lab.game is not old and lab.game.state.turn == 1 and not lab.game.log
    assert "New game" in _text(lab.message.value)


def test_new_game_asks_for_confirmation_when_a_game_is_in_progress(lab):
    _boston(lab)
    before, game = _state(lab.game), lab.game
    lab.new_button.click()
    assert lab.game is game and _state(lab.game) == before    # only asked
    assert lab.new_button.description == "Confirm new game"
    assert lab.cancel_button in lab.game_panel.new_row.children                  # on the page while armed
    assert "A game is in progress" in _text(lab.message.value)
    lab.cancel_button.click()                                 # cancel: the game goes on
    assert lab.new_button.description == "New game" and lab.game is game
    lab.new_button.click()
    lab.seed_box.value = 7
    lab.new_button.click()                                    # the second click starts it
    assert lab.game is not game and lab.game.impulse is None and not lab.game.log
    assert lab.new_button.description == "New game"
    assert lab.impulse_panel.tf.options == ("TF Memphis", "TF Boston")
    # from Python: confirm=True starts at once; any other action in between asks again
    _boston(lab)
    assert lab.new_game("gotland_redux", 2) is None and lab._confirm == "new"
    lab.select_unit(None)
    lab.end_impulse()
    assert lab._confirm is None                               # the game changed: ask again
    g = lab.new_game("gotland_redux", 2, confirm=True)
    assert g is lab.game and not g.log


def test_new_game_after_a_lesson_forgets_the_lesson(lab):
    lab.load_lesson("appendix_b_combat")
    lab.step()
    lab.new_game(confirm=True)
    assert lab.lesson is None and lab.lesson_next.disabled and lab.lesson_all.disabled
    assert lab.step_view() is None and "Replay a scripted lesson" in lab.lesson_info.value
    assert lab.game.state.turn == 1 and not lab.game.log


def _whole(markup: str) -> str:
    """A message's text with each file path whole, as its tooltip holds it (the line elides it)."""
    import re
    return _text(re.sub(r'<span class="lcb-path" title="([^"]*)">[^<]*</span>', r"\1", markup))


def test_save_and_load_the_game_under_the_notebook_folder(lab, tmp_path):
    assert lab.file_box.value == "saves/game.json"
    _boston(lab)
    lab.save_button.click()
    path = tmp_path / "saves" / "game.json"
    assert path.is_file() and "Saved" in _text(lab.message.value) and str(path) in _whole(lab.message.value)
    saved = _state(lab.game)
    lab.end_impulse()
    assert _state(lab.game) != saved
    lab.load_button.click()                                    # a game is in progress: asks first
    assert lab.load_button.description == "Confirm load" and _state(lab.game) != saved
    lab.load_button.click()
    assert _state(lab.game) == saved and lab.game.impulse.task_force == "TF Boston"
    assert "Loaded" in _text(lab.message.value)
    assert lab.impulse_panel.action.options                    # the panels follow the loaded game


def test_load_and_save_refusals_are_plain_messages(lab, tmp_path):
    before = _state(lab.game)
    assert lab.load_game("nothing/here.json") is None
    assert "no such file" in _text(lab.message.value) and "lcb-refused" in lab.message.value
    bad = tmp_path / "bad.json"
    bad.write_text("{not json", encoding="utf-8")
    assert lab.load_game(str(bad), confirm=True) is None
    assert "Could not load" in _text(lab.message.value) and _state(lab.game) == before
    (tmp_path / "blocker").write_text("a file, not a folder", encoding="utf-8")
    assert lab.save_game("blocker/game.json") is None
    assert "Could not save" in _text(lab.message.value)


def test_loading_a_folder_or_a_pipe_says_what_it_is(lab, tmp_path):
    """Before: a folder or a named pipe was "no such file" (or a pipe blocked the kernel)."""
    import os
    before = _state(lab.game)
    (tmp_path / "saves").mkdir()
    assert lab.load_game(str(tmp_path / "saves"), confirm=True) is None
    assert _whole(lab.message.value) == (f"Could not load {tmp_path / 'saves'}: is a directory, not a saved game "
                                        "file (only regular files are read). Nothing changed.")
    os.mkfifo(tmp_path / "pipe.json")
    assert lab.load_game(str(tmp_path / "pipe.json"), confirm=True) is None
    assert _whole(lab.message.value) == (f"Could not load {tmp_path / 'pipe.json'}: is a named pipe (FIFO), not a "
                                        "saved game file (only regular files are read). Nothing changed.")
    assert _state(lab.game) == before


# ---------------------------------------------------------------- 2. scripted card effects
def test_card_effect_panel_reveals_a_target_from_the_clicked_hex(lab):
    cp = lab.card_panel
    assert cp.visible and "scripted" in _text(cp.header.value).lower()
    assert "not a simulated card" in _text(cp.header.value)
    assert list(cp.card.options) == lab.game.view("instructor")["jccs"]["US"]     # US begins
    lab.select_hex("AL-21")
    assert set(cp.units.options) == {"1 Anna", "2 Anna", "3 Anna"}
    cp.card.value = "MARSOC HALO"
    cp.kind.value = "reveal"
    cp.units.value = ("1 Anna",)
    cp.apply_button.click()
    assert lab.game.unit("1 Anna").revealed and not lab.game.unit("2 Anna").revealed
    log = _text(lab.log.value)
    assert "MARSOC HALO" in log and "scripted" in log
    # no unit chosen: a plain message, nothing changes
    before = _state(lab.game)
    cp.units.value = ()
    cp.apply_button.click()
    assert "choose at least one unit" in _text(lab.message.value) and _state(lab.game) == before


def test_card_effect_lands_the_marines_from_lhd1_and_adds_a_cube(lab):
    cp = lab.card_panel
    lab.select_hex("AM-26")                                   # LHD 1's hex, then the effect
    cp.kind.value = "disembark"
    assert "LHD 1" in cp.host.options and cp.host.value == "LHD 1" and cp.hex.value == "AM-26"
    assert "1 Alpha" in cp.units.options
    lab.select_hex("AL-23")
    assert cp.hex.value == "AL-23"                            # the clicked hex is where they land
    cp.card.value = "Amphibious: LCU"
    cp.units.value = ("1 Alpha", "2 Alpha")
    cp.apply_button.click()
    assert lab.game.unit("1 Alpha").hex == "AL-23" and lab.game.unit("2 Alpha").hex == "AL-23", lab.message.value
    assert lab.game.unit("3 Alpha").embarked_on == "LHD 1"
    cubes = lab.game.state.network_cubes["US"]
    cp.kind.value = "network_cube"
    assert cp.team_row in cp.body.children and cp.units_row not in cp.body.children
    cp.team.value, cp.n.value = "US", 1
    cp.apply_button.click()
    assert lab.game.state.network_cubes["US"] == cubes + 1


def test_card_effect_panel_is_instructor_only(lab):
    lab.select_hex("AL-21")
    lab.set_team("RU")
    cp = lab.card_panel
    assert not cp.visible and all(w.disabled for w in cp.controls)
    assert cp.card.options == () and cp.units.options == () and cp.host.options == ()
    dump = json.dumps(widget_states(cp.widget), default=str)
    assert "MARSOC HALO" not in dump and "Anna" not in dump
    before = _state(lab.game)
    assert lab.apply_card_effect({"effect": "reveal", "units": ["1 Anna"]}) is None
    assert "Instructor view only" in _text(lab.message.value) and _state(lab.game) == before
    lab.set_team("instructor")
    assert cp.visible and "1 Anna" in cp.units.options


# ---------------------------------------------------------------- 3. an LRS row needs a target
def test_add_lrs_without_a_revealed_target_is_a_plain_refusal(lab):
    p = _boston(lab, reveal=False)
    assert p.target.options == () and p.target.value is None
    assert p.shooter.options == ()                            # no legal attack: no shooter offered (offers)
    assert "No attack is possible now" in _text(p.combat_state.value)
    p.add_lrs_button.click()
    assert p.lrs_rows == [] and "None" not in p.alloc_list.value
    assert NO_LRS_TARGET in _text(lab.message.value)
    assert "Input should be a valid string" not in lab.message.value
    p.add_ga_button.click()
    assert p.ga_rows == [] and "No target" in _text(lab.message.value)
    assert p.add_lrs(None, "LRS1", "1 Anna", 4) == [] and "No shooter" in _text(lab.message.value)
    assert p.add_lrs("DDG-51", "LRS1", "1 Anna", 0) == [] and "No dice" in _text(lab.message.value)


# ---------------------------------------------------------------- 4. a builder row needs units
def test_builder_selects_the_only_unit_and_refuses_an_action_without_units(lab):
    p = lab.impulse_panel
    lab.begin_impulse("TF Memphis")                          # only LHD 1 is on the map
    assert p.units.options == ("LHD 1",) and p.units.value == ("LHD 1",)
    p.units.value = ()
    p.kind.value = "move_conceal"
    p.add_decl.click()
    assert p.pending_decl == [] and "3.31" in _text(lab.message.value)
    assert "choose at least one unit" in _text(lab.message.value)
    p.kind.value = "play_jcc"
    p.add_decl.click()                                        # a card action names its card
    assert p.pending_decl == [] and "name the JCC" in _text(lab.message.value)
    p.kind.value = "network_repair"
    assert p.add_declaration("network_repair", []) == [{"kind": "network_repair"}]


# ---------------------------------------------------------------- 5. no combat, no Combat section
def test_combat_section_only_when_the_impulse_may_fight(lab):
    p = _boston(lab, kind="move_conceal")
    assert lab.game.zero_ap_attackers()["continuing"] == []
    assert not on_page(lab, p.combat_box) and p.commit_button.disabled
    assert "No combat this impulse" in _text(p.act_hint.value)
    lab2 = LabApp(load_scenario("gotland_redux", seed=1))
    p2 = _boston(lab2)
    assert on_page(lab2, p2.combat_box) and not p2.commit_button.disabled


# ---------------------------------------------------------------- 6. one selected unit
def _picker_agrees(lab):
    assert lab.unit_picker.value == lab.selected_uid
    if lab.selected_uid is None:
        assert "Select a unit" in lab.unit_panel.value
        assert lab.map.sources["overlays"].data["xs"] == []
    else:
        assert lab.selected_uid in lab.unit_panel.value


def test_unit_dropdown_and_tracker_agree_after_clicks_moves_and_lessons(lab):
    lab.select_hex("AL-29")
    assert lab.selected_uid == "DDG-51"
    _picker_agrees(lab)
    lab.select_hex("AK-28")                                   # an empty hex: DDG-51 stays selected
    assert lab.selected_uid == "DDG-51"
    assert lab.unit_picker.options == (("DDG-51 (selected, in AL-29)", "DDG-51"),)
    _picker_agrees(lab)
    _boston(lab)
    lab.select_hex("AL-27")
    lab.move(1, "AL-27")                                   # it moves into the clicked hex
    assert lab.game.unit("DDG-51").hex == "AL-27"
    assert lab.unit_picker.options == (("DDG-51", "DDG-51"),)
    _picker_agrees(lab)
    lab.clear_button.click()
    assert lab.selected_uid is None
    _picker_agrees(lab)
    lab.select_hex("AL-27")
    lab.load_lesson("appendix_b_combat", confirm=True)        # a new game: nothing selected
    assert lab.selected_uid is None
    _picker_agrees(lab)
    lab.select_hex("AL-29")
    lab.set_team("RU")                                        # DDG-51 is concealed from RU
    assert lab.selected_uid is None
    _picker_agrees(lab)


# ---------------------------------------------------------------- 7. the status line
def test_status_line_names_the_impulse_and_its_ap(lab):
    p = lab.impulse_panel
    assert "next impulse: Blue (US)" in _text(p.status.value)
    lab.begin_impulse("TF Boston")
    text = _text(p.status.value)
    assert "next impulse" not in text and "Blue (US) impulse: TF Boston" in text and "AP: 3 to declare" in text
    lab.declare([{"kind": "move_combat", "units": ["DDG-51"]}])
    text = _text(p.status.value)
    assert "AP: 1 declared, 0 to spend" in text and "2 unused" in text and "AP left" not in text
    assert "2 AP unused" in _text(lab.log.value)
    lab.end_impulse()
    assert "next impulse: Red (RU)" in _text(p.status.value)


# ---------------------------------------------------------------- 8. one name for each thing
def test_builder_uses_the_engine_names_and_shows_cards_in_brackets(lab):
    names = [n for n, _k in ACTION_KINDS]
    for kind, name in CORE_ACTION_NAMES.items():
        assert any(n == name or n.startswith(name + " (") for n in names), name
    assert "Move and/or Play an Embarked Persistent JCC" in names
    p = lab.impulse_panel
    lab.begin_impulse("TF Memphis")
    p.add_declaration("play_jcc", [], "MARSOC HALO")
    assert "Play a JCC (MARSOC HALO)" in _text(p.decl_list.value) and " - " not in _text(p.decl_list.value)
    p.declare_button.click()
    assert p.action.options[0][0] == "#1 Play a JCC (MARSOC HALO)"


def test_team_views_have_one_name(lab):
    p = _boston(lab)
    lab.set_team("US")
    p.add_lrs("DDG-51", "LRS1", "1 Anna", 4)
    p.commit_button.click()
    hand_over = next(w for w in lab.decision.body.children if isinstance(w, W.Button))
    assert hand_over.description == "Hand over: show the Red (RU) view"
    assert "Only Red (RU) sees" in lab.decision.body.children[0].value
    lab.set_team("RU")
    assert _text(lab.message.value) == "Showing the Red (RU) view."


# ---------------------------------------------------------------- 9. projector mode
def test_font_scale_scales_the_map_and_the_panels_and_back(lab):
    """``set_font_scale`` (``open_lab(font_scale=...)``) multiplies every text; the lab's switch is
    *Presentation* now (tests/widgets/test_layout.py)."""
    default = lab.map.font_sizes()
    assert default["hex_labels"] == "6.8px" and lab.css.value.count("zoom: 1.4") == 0   # the assumed 696x849 frame
    names_before = list(lab.map.sources["names"].data["size"])
    lab.set_font_scale(1.4)
    assert lab.font_scale == 1.4 and lab.map.font_scale == 1.4
    big = lab.map.font_sizes()
    for k, v in default.items():
        # each size is rounded to 0.1 px: 1.4 x (a rounded size) is off by up to 0.07, plus 0.05 of its own
        assert float(big[k].rstrip("px")) == pytest.approx(1.4 * float(v.rstrip("px")), abs=0.12), k
    sizes = [float(s.rstrip("px")) for s in lab.map.sources["names"].data["size"]]
    assert sizes == pytest.approx([1.4 * float(s.rstrip("px")) for s in names_before], abs=0.1)  # 0.1 px rounding
    assert "zoom: 1.4" in lab.css.value and lab._css_class in lab.css.value
    assert lab.widget.layout.flex_flow == "row wrap"
    assert not lab.presentation_toggle.value               # a text size is not presentation mode
    lab.set_font_scale(1.0)
    assert lab.map.font_sizes() == default and "zoom: 1.4" not in lab.css.value
    assert list(lab.map.sources["names"].data["size"]) == names_before
    big_lab = open_lab(font_scale=1.4)                # the assumed 696x849 frame
    assert big_lab.map.font_sizes()["hex_labels"] == "9.6px"
    mid = open_lab(font_scale=1.2)
    assert mid.font_scale == 1.2 and mid.map.font_sizes()["hex_labels"] == "8.2px"
    with pytest.raises(ValueError, match="font_scale"):
        LabApp(lab.game, font_scale="big")


# ---------------------------------------------------------------- 10. the defender's odds
def test_intercept_question_shows_the_exact_odds_of_the_entered_dice(lab):
    p = _boston(lab)
    p.add_lrs("DDG-51", "LRS1", "1 Anna", 4)
    p.commit_button.click()
    assert lab.game.pending.kind == "intercept"
    odds = lab.decision._odds["1 Anna"]
    plan = [{k: a[k] for k in ("shooter", "slot", "target", "dice")} for a in lab.game.impulse.combat.lrs]
    none = lab.game.preview_lrs(plan)["1 Anna"]
    assert f"{none['p_destroy'] * 100:.1f}%" in odds.value and "0 INTERCEPT dice" in _text(odds.value)
    lab.decision.set_dice({("FFG-454", "1 Anna"): 2})
    ints = [{"interceptor": "FFG-454", "slot": "INT1", "target": "1 Anna", "dice": 2}]
    two = lab.game.preview_lrs(plan, ints)["1 Anna"]
    assert two["p_destroy"] < none["p_destroy"]
    text = _text(odds.value)
    assert f"P(destroyed) {two['p_destroy'] * 100:.1f}%" in text and "2 INTERCEPT dice" in text
    assert f"no INTERCEPT: {none['p_destroy'] * 100:.1f}%" in text
    lab.set_team("US")                                        # the attacker sees no odds widget
    assert lab.decision._odds == {}


# ---------------------------------------------------------------- 11. the message in a fixed place
def test_the_message_line_heads_the_lab_and_its_echo_follows(lab):
    """One screen (docs/ui.md): the message line sits in the lab's top bar, always on screen beside
    the buttons, so the old echo under the tabs is not laid out; it still mirrors the message."""
    assert lab.topbar.children[0] is lab.message
    assert lab.message_echo not in lab.right.children
    p = _boston(lab)
    p.add_lrs_button.click()                                  # no row: refused with a message
    lab.commit_combat([{"shooter": "DDG-51", "slot": "LRS1", "target": "1 Anna", "dice": 99}])
    assert "lcb-refused" in lab.message.value and lab.message_echo.value == lab.message.value
    lab.say("hello", refused=False)
    assert lab.message_echo.value == lab.message.value


# ---------------------------------------------------------------- the log panel
def test_log_panel_reads_log_entries_of_the_view(lab, monkeypatch):
    _boston(lab)                          # DDG-51 is face down: RU is pointed at a counter
    lab.set_team("RU")
    shown = _text(lab.log.value)
    assert "#1 Move and/or Initiate Combat: 1 concealed counter in AL-29" in shown and "DDG-51" not in shown
    lab.set_team("instructor")
    assert _text(lab.log.value).count("TF Boston declares") == 1
    assert "Move and/or Initiate Combat: DDG-51 in AL-29" in _text(lab.log.value)
    real = lab.game.log_entries

    def marked(team="instructor", since=0, until=None):
        return [dict(e, title="seen: " + e["title"]) for e in real(team, since, until)]
    monkeypatch.setattr(lab.game, "log_entries", marked)
    lab.refresh()
    assert "seen: TF Boston declares" in _text(lab.log.value)