"""The checkpoint widget (``lcb_lab.ui.lab.checkpoint``), driven through its real widget values: the
input fits the kind, a right answer is accepted with its explanation, a wrong one refused with the hint
citing the rule, every attempt lands in the answer book (the session's by default, exportable), and
the instructor key stays out of the widget tree until its button is clicked."""
from __future__ import annotations

import json

import ipywidgets as W
import pytest

from lcb_lab.kernel.checkpoints import AnswerBook, Checkpoint
from lcb_lab.ui.lab import checkpoint as C
from tests.widgets.conftest import plain_text, widget_texts


def _cp(kind, answer, options=()):
    return Checkpoint(f"t.{kind}", f"A {kind} question?", kind=kind, answer=lambda: answer, rule="7.53",
                      hint="Count the IAMD units in range.", explanation="Because of the range.",
                      options=options)


def test_a_choice_is_a_dropdown_checked_on_click():
    book = AnswerBook()
    w = C.ask(_cp("choice", "FFG-454", ("DDG-605", "FFG-454")), book)
    assert isinstance(w.input, W.Dropdown) and w.input.options == ("DDG-605", "FFG-454") and w.input.value is None
    assert "rule 7.53" in plain_text(w.question.value) and w.verdict.value == ""
    w.check.click()                                         # nothing chosen yet
    assert plain_text(w.verdict.value) == "choose one option. Hint (7.53): Count the IAMD units in range."
    w.input.value = "DDG-605"
    w.check.click()
    assert plain_text(w.verdict.value) == "Not yet. Hint (7.53): Count the IAMD units in range."
    w.input.value = "FFG-454"
    w.check.click()
    assert plain_text(w.verdict.value) == "Correct: FFG-454. Because of the range."
    assert [a["correct"] for a in book.attempts] == [False, False, True]


def test_choices_are_checkboxes_and_the_set_must_match():
    book = AnswerBook()
    w = C.ask(_cp("choices", ["1 Kilo", "LHD 1"], ("1 Kilo", "DDG-51", "LHD 1")), book)
    boxes = {b.description: b for b in w.input.children}
    assert set(boxes) == {"1 Kilo", "DDG-51", "LHD 1"} and all(isinstance(b, W.Checkbox) for b in boxes.values())
    boxes["1 Kilo"].value = True
    assert not w.submit() and "Hint (7.53)" in w.verdict.value
    boxes["LHD 1"].value = True
    assert w.submit() and plain_text(w.verdict.value) == "Correct: 1 Kilo, LHD 1. Because of the range."
    assert book.attempts[-1]["given"] == ["1 Kilo", "LHD 1"]


@pytest.mark.parametrize("kind, answer, wrong, right, shown", [
    ("number", 2, "3", " 2 ", "2"),
    ("probability", 0.5731, "0.6", "57.3%", "57.3%"),
])
def test_numbers_and_chances_are_typed(kind, answer, wrong, right, shown):
    book = AnswerBook()
    w = C.ask(_cp(kind, answer), book)
    assert isinstance(w.input, W.Text) and w.input.placeholder == C.PLACEHOLDER[kind]
    w.input.value = wrong
    w.check.click()
    assert plain_text(w.verdict.value) == "Not yet. Hint (7.53): Count the IAMD units in range."
    w.input.value = "lots"
    w.check.click()
    assert plain_text(w.verdict.value).startswith("expected ") and "Hint (7.53)" in w.verdict.value
    w.input.value = right
    w.check.click()
    assert plain_text(w.verdict.value) == f"Correct: {shown}. Because of the range."


def test_the_session_book_keeps_every_attempt_and_exports_them(tmp_path):
    book = C.new_session_book("Sam")
    assert C.session_book() is book
    w = C.ask(_cp("number", 2))                             # no book given: the session's
    w.input.value = "1"
    w.check.click()
    w.input.value = "2"
    w.check.click()
    data = json.loads(C.export_answers(tmp_path / "answers.json").read_text())
    assert data["student"] == "Sam" and [(a["key"], a["given"], a["correct"]) for a in data["attempts"]] == [
        ("t.number", "1", False), ("t.number", "2", True)]
    assert C.new_session_book().attempts == [] and C.session_book() is not book


def test_the_answer_key_is_hidden_until_the_instructor_asks():
    computed = []

    def answer():
        computed.append(1)
        return 0.25

    cp = Checkpoint("t.key", "?", kind="probability", answer=answer, rule="7.57", hint="h")
    key = C.answer_key([cp, _cp("choices", ["b", "a"])])
    assert key.button.description == "Show the answers (instructor)" and key.key.value == ""
    assert not any("25.0%" in t for t in widget_texts(key)) and computed == []     # not even computed
    key.button.click()
    assert plain_text(key.key.value) == "t.key: 25.0% (7.57)t.choices: a, b (7.53)"
    assert key.button.description == "Hide the answers" and computed == [1]
    key.button.click()
    assert key.key.value == "" and key.button.description == "Show the answers (instructor)"
