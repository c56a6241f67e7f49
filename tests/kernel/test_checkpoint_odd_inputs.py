"""Odd answers typed into a checkpoint get a clear verdict, never an exception (the widget would
show nothing and the attempt would not be recorded)."""
import pytest

from lcb_lab.kernel.checkpoints import AnswerBook, Checkpoint


def _cp(kind, answer):
    return Checkpoint(f"t.{kind}", "?", kind=kind, answer=lambda: answer, rule="7.02", hint="Roll at or under the CV.")


@pytest.mark.parametrize("given", ["1e999", "-1e999", "inf", "nan", "9" * 400, "1_0", ""])
def test_a_number_checkpoint_refuses_what_is_no_whole_number_with_its_hint(given):
    v = _cp("number", 10).check(given)
    assert not v.correct
    assert v.text.startswith("expected a whole number, got '") and v.text.endswith("Hint (7.02): Roll at or under the CV.")


@pytest.mark.parametrize("given", ["nan", "NaN%", "inf", "1e999", "1_0"])
def test_a_probability_checkpoint_says_nan_and_infinity_are_no_chance(given):
    v = _cp("probability", 0.5).check(given)
    assert not v.correct and v.text.startswith("expected a chance such as 0.42 or 42%, got ")


def test_minus_zero_is_zero_and_a_long_paste_is_not_echoed_whole():
    assert _cp("number", 0).check("-0").text == "Correct: 0."
    assert _cp("probability", 0.0).check("-0%").text == "Correct: 0.0%."
    v = _cp("number", 3).check("x" * 500)
    assert v.text == f"expected a whole number, got '{'x' * 40}...'. Hint (7.02): Roll at or under the CV."


def test_the_book_records_an_odd_answer_as_a_wrong_attempt():
    book = AnswerBook()
    assert not book.answer(_cp("number", 3), "1e999").correct
    assert book.attempts[0]["given"] == "1e999" and book.attempts[0]["correct"] is False


def test_a_checkpoint_shown_in_a_cell_does_not_state_its_answer():
    cp = Checkpoint("t.split", "How many AP?", kind="number", answer=lambda: 2, rule="3.37", hint="One per stack.",
                    explanation="Two new stacks, one Core Action each: 2 AP.")
    assert "Two new stacks" not in repr(cp) and "How many AP?" in repr(cp) and "One per stack." in repr(cp)
    assert cp.check(2).text == "Correct: 2. Two new stacks, one Core Action each: 2 AP."


@pytest.mark.parametrize("given", [3, 2.5, True])
def test_a_choices_checkpoint_given_a_number_from_code_says_what_it_expects(given):
    """``cp.check(3)`` typed in a cell for a tick-the-options question: the verdict says a set of
    option names is expected (before: a TypeError traceback, 'int' object is not iterable)."""
    cp = Checkpoint("t.choices", "Which?", kind="choices", options=("A", "B"), answer=lambda: frozenset({"A"}),
                    rule="7.53", hint="In range and no farther than the attacker.")
    v = cp.check(given)
    assert not v.correct
    assert v.text == (f"expected the options you tick (a set of names such as {{'A', 'B'}}), got '{given}'. "
                      "Hint (7.53): In range and no farther than the attacker.")
    assert cp.check({"A"}).correct and cp.check(["A"]).correct and not cp.check(None).correct
