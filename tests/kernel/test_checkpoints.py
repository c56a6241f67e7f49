"""The game-free checkpoint core: kinds, checking, the answer book, the instructor key."""
import json

import pytest

from lcb_lab.kernel.checkpoints import AnswerBook, AnswerError, Checkpoint, instructor_key, normalise


def _cp(kind, answer, **kw):
    return Checkpoint(f"t.{kind}", "?", kind=kind, answer=lambda: answer, rule="7.02", hint="Roll at or under the CV.",
                      explanation="Because.", **kw)


def test_choice_set_number_probability_are_checked_against_the_computed_answer():
    assert _cp("choice", "DDG-51", options=("DDG-51", "FFG")).check(" DDG-51 ").correct
    assert not _cp("choice", "DDG-51").check("FFG").correct
    assert _cp("choices", ["b", "a"]).check(("a", "b")).correct
    assert not _cp("choices", ["b", "a"]).check(["a"]).correct
    assert _cp("choices", []).check([]).correct
    assert _cp("number", 3).check("3").correct and not _cp("number", 3).check(4).correct
    p = _cp("probability", 0.4275)
    assert p.check("42.8%").correct and p.check(0.43).correct and not p.check("0.44").correct


def test_a_wrong_or_unreadable_answer_gets_the_hint_citing_the_rule():
    v = _cp("number", 3).check("three")
    assert not v.correct and v.text == "expected a whole number, got 'three'. Hint (7.02): Roll at or under the CV."
    assert _cp("probability", 0.5).check("150%").text.startswith("a chance is between 0 and 1")
    assert _cp("number", 3).check(2).text == "Not yet. Hint (7.02): Roll at or under the CV."
    assert _cp("probability", 0.4275).check(0.4275).text == "Correct: 42.8%. Because."


def test_unknown_kind_is_refused():
    with pytest.raises(AnswerError, match="kind 'essay'"):
        _cp("essay", "x")


def test_answer_book_records_summarises_and_exports(tmp_path):
    a, b = _cp("number", 3), _cp("choices", ["x"])
    book = AnswerBook("Sam")
    assert not book.answer(a, 2).correct and book.answer(a, 3).correct and not book.answer(b, {"y"}).correct
    assert book.solved() == {"t.number"}
    assert book.summary([a, b]) == "1 of 2 checkpoints answered correctly (3 attempts)"
    data = json.loads(book.export(tmp_path / "answers.json").read_text())
    assert data["student"] == "Sam" and [x["given"] for x in data["attempts"]] == [2, 3, ["y"]]


def test_instructor_key_lists_each_answer_with_its_rule():
    assert instructor_key([_cp("probability", 0.25), _cp("choices", ["b", "a"])]) == [
        "t.probability: 25.0% (7.02)", "t.choices: a, b (7.02)"]
    assert normalise("number", "2.0") == 2
