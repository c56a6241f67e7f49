"""The course's checkpoints (``lcb_lab.games.lcb.course``): for every chapter module found, every
checkpoint's computed answer is accepted as a student would type it, and a wrong one is refused with
the hint citing its rule (a rule the rulebook prints); then the exact values of chapters 3, 4 and 7, so
a rules change that moves an answer is caught here."""
from __future__ import annotations

import pytest

from lcb_lab.games.lcb import course
from lcb_lab.kernel.checkpoints import Checkpoint, show
from lcb_lab.kernel.errors import LabError
from tests.rulebook.test_citations import _exists

ALL = [cp for ch in course.chapters() for cp in ch.checkpoints]


def _typed(cp: Checkpoint):
    """The correct answer as a student gives it in the widget (text for numbers and chances)."""
    want = cp.correct_answer()
    if cp.kind == "choices":
        return sorted(want)
    if cp.kind in ("number", "probability"):
        return show(cp.kind, want) if cp.kind == "probability" else str(want)
    return want


def _wrong(cp: Checkpoint):
    want = cp.correct_answer()
    if cp.kind == "choice":
        return next((o for o in cp.choices() if o != want), want + " (not it)")
    if cp.kind == "choices":
        first = cp.choices()[0] if cp.choices() else "none such"
        return sorted(want ^ {first})
    if cp.kind == "number":
        return str(want + 1)
    return f"{(want - 0.2 if want > 0.5 else want + 0.2):.3f}"


def test_the_course_finds_its_chapters_by_module_name():
    assert {3, 4, 7} <= set(course.chapter_numbers())
    assert course.chapter(7).module == "lcb_lab.games.lcb.course.ch07"
    with pytest.raises(LabError, match="no chapter 2"):
        course.chapter(2)
    with pytest.raises(LabError, match="has no checkpoint 'ch07.nothing'"):
        course.checkpoint("ch07.nothing")
    with pytest.raises(LabError, match="starts with its chapter"):
        course.checkpoint("intercept")


def test_keys_are_unique_and_name_their_chapter():
    keys = [cp.key for cp in ALL]
    assert len(keys) == len(set(keys))
    for ch in course.chapters():
        assert all(cp.key.startswith(f"ch{ch.number:02d}.") for cp in ch.checkpoints) and ch.checkpoints


@pytest.mark.parametrize("cp", ALL, ids=lambda cp: cp.key)
def test_the_computed_answer_is_accepted_and_a_wrong_one_refused_with_the_hint(cp):
    assert _exists(cp.rule), f"{cp.key} cites {cp.rule}, which the rulebook does not print"
    if cp.kind in ("choice", "choices"):
        assert set(cp.choices()) >= ({cp.correct_answer()} if cp.kind == "choice" else cp.correct_answer())
    right = cp.check(_typed(cp))
    assert right.correct and right.text.startswith(f"Correct: {show(cp.kind, cp.correct_answer())}.")
    wrong = cp.check(_wrong(cp))
    assert not wrong.correct and wrong.text == f"Not yet. Hint ({cp.rule}): {cp.hint}"


def _answers(n: int) -> dict:
    return {cp.key: cp.correct_answer() for cp in course.chapter(n).checkpoints}


def test_chapter_7_answers():
    a = _answers(7)
    assert a["ch07.intercept-units"] == {"FFG-454"}                    # 2 Anna paralysed, DDG-605 out of range
    assert course.checkpoint("ch07.intercept-units").choices() == ("2 Anna", "DDG-605", "FFG-454")
    assert a["ch07.anna-survives"] == pytest.approx(1 - 0.42695856)  # notebook 01: P(destroyed) 42.7%
    assert a["ch07.whiskey-hp"] == 0                                   # 7.02, not the printed 1 HP


def test_chapter_3_answers():
    a = _answers(3)
    assert a["ch03.declarations"] == {"all four Move and/or Initiate Combat as one stack",           # 3.34
                                      "1-2 Alpha Move and/or Conceal; 3-4 Alpha Move and/or Initiate Combat"}
    refused = course.chapter(3).checkpoint("ch03.declarations").explain()
    assert "refused by 3.34, 1 Alpha has already been activated" in refused and "refused by 3.32" in refused
    assert a["ch03.split-ap"] == 2                                                  # the 3.37 example
    assert a["ch03.next-impulse"] == {"TF Moscow", "TF St. Petersburg"}              # 3.3, 3.39


def test_chapter_4_answers():
    from lcb_lab.games.lcb.course.ch04 import staged, tracker_lines
    a = _answers(4)
    assert a["ch04.route-mp"] == 2 + 3 + 4                                         # yellow, orange, brown (4.1)
    assert a["ch04.interceptors"] == {"1 Kilo"}
    assert a["ch04.alpha-hp"] == 2                                                  # Appendix A
    assert tracker_lines(staged(), "1 Kilo") == [
        "1 Kilo: USMC IAMD Section (MADIS); MP 3 (sandbox); HP 2 of 2 (sandbox)",
        "  INT1 INTERCEPT (purple): CV 12 (sandbox), range 2 (sandbox), supply 8 of 8 (sandbox)"]
