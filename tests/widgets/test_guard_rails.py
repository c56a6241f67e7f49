"""Guard rails for a class, driven without a browser: Load lesson asks first,
Add action refuses at once what Declare would refuse, AP about to go unused are said (3.310)."""
from __future__ import annotations

from lcb_lab.games.lcb import actions as A
from lcb_lab.games.lcb.offers import declaration_refusal
from lcb_lab.ui.lab.messages import MESSAGE_HEIGHT
from tests.widgets.conftest import plain_text as _text, state_json as _state  # the `lab` fixture is there too


# ---------------------------------------------------------------- Load lesson over a game in progress
def test_load_lesson_over_a_game_in_progress_asks_first(lab):
    lab.begin_impulse("TF Boston")
    game, before = lab.game, _state(lab.game)
    lab.lesson_load.click()
    assert lab.game is game and _state(game) == before and lab.lesson is None       # only asked
    assert lab.lesson_load.description == "Confirm load lesson" and lab._confirm == "lesson"
    assert lab.lesson_panel.lesson_cancel in lab.lesson_panel.load_row.children     # on the page while armed
    assert "A game is in progress (turn 1, 1 impulse begun)" in _text(lab.message.value)
    assert "Confirm load lesson" in _text(lab.message.value)
    lab.lesson_panel.lesson_cancel.click()                  # Cancel: the game goes on
    assert lab.lesson_panel.lesson_cancel not in lab.lesson_panel.load_row.children
    assert lab.lesson_load.description == "Load lesson" and lab.lesson is None and lab.game is game
    assert "Cancelled" in _text(lab.message.value)
    lab.lesson_load.click()
    lab.end_impulse()                                        # the game changed: it asks again
    assert lab._confirm is None and lab.lesson_load.description == "Load lesson"
    lab.lesson_load.click()
    lab.lesson_load.click()                                  # the second click loads it
    assert lab.lesson is not None and lab.game is not game and not lab.game.log
    assert lab.lesson_load.description == "Load lesson" and "Lesson loaded" in _text(lab.message.value)


def test_load_lesson_from_code_asks_too_unless_confirmed(lab):
    assert lab.load_lesson("appendix_b_combat") is True      # a fresh game: no question
    lab.step()
    assert lab.load_lesson("appendix_b_combat") is False and lab._confirm == "lesson"   # a lesson is in progress
    assert lab.game.history.cursor == 1
    assert lab.load_lesson("appendix_b_combat", confirm=True) is True
    assert lab.game.history.cursor == 0 and lab._confirm is None


def test_new_game_and_load_lesson_are_armed_one_at_a_time(lab):
    lab.begin_impulse("TF Boston")
    lab.new_button.click()
    assert lab.new_button.description == "Confirm new game"
    lab.lesson_load.click()                                  # now the lesson is the one asked about
    assert lab._confirm == "lesson" and lab.new_button.description == "New game"
    assert lab.lesson_load.description == "Confirm load lesson"
    lab.new_button.click()                                   # a first click again, not a confirmation
    assert lab._confirm == "new" and lab.game.impulse is not None


# ---------------------------------------------------------------- Add action refuses what Declare refuses
def test_add_action_refuses_a_unit_activated_twice_naming_the_rule(lab):
    p = lab.impulse_panel
    lab.begin_impulse("TF Boston")
    assert p.add_declaration("move_combat", ["DDG-51"]) == [{"kind": "move_combat", "units": ["DDG-51"]}]
    assert len(p.add_declaration("move_conceal", ["DDG-51"])) == 1           # nothing added
    msg = _text(lab.message.value)
    assert "Refused by rule 3.34" in msg and "DDG-51 has already been activated" in msg and "Nothing added" in msg
    why = declaration_refusal(lab.game, [A.CoreAction("move_combat", ("DDG-51",))],
                              A.CoreAction("move_conceal", ("DDG-51",)))
    assert why is not None and why.rule == "3.34"           # the engine's refusal, word for word
    assert why.reason in msg


def test_add_action_refuses_the_fourth_ap_at_once(lab):
    p = lab.impulse_panel
    lab.begin_impulse("TF Boston")
    p.add_declaration("move_combat", ["DDG-51"])
    p.add_declaration("move_combat", ["DDG-80"])
    p.kind.value, p.units.value = "move_combat", ("DDG(X)-106",)
    p.add_decl.click()
    assert p.declaration_cost() == 3
    before = list(p.pending_decl)
    p.add_declaration("play_jcc", [], "P-8A: Surveillance")  # a 4th AP
    assert p.pending_decl == before and "Refused by rule 3.32" in _text(lab.message.value)
    assert "Nothing added" in _text(lab.message.value) and "AP: 3 of 3 used" in _text(p.decl_list.value)


# ---------------------------------------------------------------- AP about to go unused (3.310)
def test_declare_says_how_many_ap_would_be_forfeited(lab):
    p = lab.impulse_panel
    lab.begin_impulse("TF Boston")
    assert p.declare_button.description == "Declare" and p.add_decl.description == "Add action"
    assert p.declare_button.disabled                        # nothing added: Pass is the way to declare none
    assert _text(p.forfeit_note.value) == ("Declare is greyed: add a Core Action first 3.31. Or Pass: declare "
                                           "none and end the impulse; all 3 AP are lost 3.310.")
    p.add_declaration("move_combat", ["DDG-51"])
    assert p.declare_button.description == "Declare (forfeit 2 AP)" and p.add_decl.description == "Add more"
    note = _text(p.forfeit_note.value)
    assert "1 of 3 AP declared: declaring now forfeits 2 AP" in note and "Add more" in note
    p.add_declaration("move_combat", ["DDG-80"])
    p.add_declaration("move_combat", ["DDG(X)-106"])
    assert p.declare_button.description == "Declare" and p.forfeit_note.value == ""
    assert p.add_decl.description == "Add action"
    p.drop_decl.click()
    assert p.declare_button.description == "Declare (forfeit 1 AP)"
    p.declare_button.click()                                 # one click declares and forfeits the rest
    assert lab.game.impulse.phase == "act" and "1 AP unused" in _text(lab.log.value)


def test_the_forfeit_note_is_not_shown_to_the_other_team(lab):
    p = lab.impulse_panel
    lab.begin_impulse("TF Boston")
    p.add_declaration("move_combat", ["DDG-51"])
    lab.set_team("RU")
    assert p.forfeit_note.value == "" and p.decl_list.value == ""
    lab.set_team("US")
    assert "forfeits 2 AP" in _text(p.forfeit_note.value)     # the builder kept its rows


# ---------------------------------------------------------------- the message line has its place
def test_the_message_line_keeps_its_height_before_and_after_a_message(lab):
    for w in (lab.message, lab.message_echo):
        assert w.layout.height == MESSAGE_HEIGHT and "lcb-message" in w._dom_classes
    assert lab.message.value == ""
    lab.begin_impulse("TF Boston")
    assert "done" in lab.message.value and lab.message.layout.height == MESSAGE_HEIGHT
    assert lab.topbar.children[0] is lab.message             # the first row of the lab, always there


def test_step_text_over_a_game_in_progress_says_that_it_asks(lab):
    lab.begin_impulse("TF Boston")
    text = lab.step_text()
    assert text.startswith("(no lesson loaded: A game is in progress") and "Confirm load lesson" in text
    assert lab.lesson is None and lab.game.impulse is not None


# ---------------------------------------------------------------- the log's chunks keep no secret
def test_the_log_chunks_hold_only_what_the_view_may_read(lab):
    lab.begin_impulse("TF Boston")
    lab.declare([{"kind": "move_combat", "units": ["DDG-51"]}])
    lab.end_impulse()
    lab.set_team("RU")
    lab.begin_impulse("TF St. Petersburg")
    lab.declare([{"kind": "move_resupply", "units": ["Ivan Co"]}])
    pool = lab.log._pool
    assert any("Ivan Co" in w.value for w in pool)              # RU reads its own declaration
    lab.set_team("US")
    assert len(lab.log.inner.children) == 2 and all("Ivan Co" not in w.value for w in pool)
    assert "Move and/or Resupply: a unit (its location may stay hidden)" in lab.log.value   # its public form
    lab.new_game(confirm=True)                                  # a shorter log: the chunks no longer shown
    assert lab.log.inner.children == (pool[0],)                 # are detached, and emptied first
    assert [w.value for w in pool[1:]] == [""] and "The explained log is empty" in pool[0].value


# ---------------------------------------------------------------- the questions fit the message line
QUESTION_CHARS = 110
"""Most characters of a question on the message line: two lines (:data:`MESSAGE_HEIGHT`) of its narrowest
place, JupyterLab beside the file browser at 1366x768 (about 435 px, 55 characters a line in its bold)."""


def test_new_game_load_and_load_lesson_ask_in_two_lines_of_the_message_line(lab, tmp_path):
    """Found by a class in JupyterLab at 1366x768: *New game* over a game in progress asked in 175
    characters, and the message line (two lines, then it scrolls) cut it after "start gotland_redux":
    what to press was off screen.  Each question now fits two lines; the scenario, start and seed, the
    file and the lesson stand beside the button."""
    lab.begin_impulse("TF Boston")
    lab.save_game(tmp_path / "a_class_save.json")
    questions = []
    lab.new_game("gotland_redux", 1)
    questions.append(_text(lab.message.value))
    lab.load_game(tmp_path / "a_class_save.json")
    questions.append(_text(lab.message.value))
    lab.game_panel.disarm()
    lab.lesson_load.click()
    questions.append(_text(lab.message.value))
    assert questions[0] == ("A game is in progress (turn 1, 1 impulse begun): Confirm new game discards it, "
                            "or Cancel. Nothing changed.")
    assert questions[1] == ("A game is in progress (turn 1, 1 impulse begun): Confirm load replaces it, "
                            "or Cancel. Nothing changed.")
    assert questions[2] == ("A game is in progress (turn 1, 1 impulse begun): Confirm load lesson discards it, "
                            "or Cancel. Nothing changed.")
    assert all(len(q) <= QUESTION_CHARS for q in questions), [(len(q), q) for q in questions]
