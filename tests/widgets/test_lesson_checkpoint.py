"""A lesson script may pause at a checkpoint: a ``checkpoint`` step (``do = "checkpoint"``, ``key``) changes
nothing in the game; the lab's *Replay lesson* tab stops there (*Run all* too), shows the question's widget,
takes a wrong then a right answer through real widget values, and goes on at *Next step*, the widget gone.
A malformed key is refused when the lesson is read; every key in a packaged lesson names a checkpoint."""
from __future__ import annotations

from pathlib import Path

import pytest

from lcb_lab.games.lcb import course
from lcb_lab.games.lcb.content.lesson import Lesson, read_lesson, report
from lcb_lab.games.lcb.io.resources import lesson_names, locate
from lcb_lab.kernel.errors import ScenarioError
from lcb_lab.ui.lab.checkpoint import session_book
from tests.widgets.conftest import on_page, plain_text, state_json

PACKAGED = Path(locate("appendix_b_combat", "lesson"))
AFTER = 'value = [{interceptor = "FFG-454", slot = "INT1", target = "1 Anna", dice = 4}]\n'
"""The Russian INTERCEPT answer of impulse 3: the checkpoint goes just before it."""
ANSWER_STEP = '[[impulse.step]]\ndo = "answer"\nnote = "Dimitri reveals FFG-454'


def _lesson_with_checkpoint(tmp_path: Path, key: str = "ch07.intercept-units") -> Path:
    text = PACKAGED.read_text(encoding="utf-8")
    assert text.count(ANSWER_STEP) == 1 and AFTER in text
    pause = f'[[impulse.step]]\ndo = "checkpoint"\nkey = "{key}"\nnote = "Before Dimitri answers"\n\n'
    path = tmp_path / "appendix_b_checkpoint.toml"
    path.write_text(text.replace(ANSWER_STEP, pause + ANSWER_STEP), encoding="utf-8")
    return path


def test_the_step_changes_nothing_and_reports_its_key(tmp_path):
    lesson = Lesson(_lesson_with_checkpoint(tmp_path))
    for done in lesson.steps():
        if done.checkpoint:
            break
    else:
        pytest.fail("no checkpoint step replayed")
    assert done.checkpoint == "ch07.intercept-units" and done.entries == []
    assert report([done]) == ("> impulse 3 (TF Boston), step 2: checkpoint ch07.intercept-units - "
                              "Before Dimitri answers")
    assert lesson.game.pending is not None and lesson.game.to_act() == "RU"       # still the INTERCEPT window


def test_a_malformed_key_is_refused_when_the_lesson_is_read(tmp_path):
    with pytest.raises(ScenarioError, match=r"step\[1\]\.key"):
        read_lesson(_lesson_with_checkpoint(tmp_path, key="intercept units"))


def test_every_checkpoint_a_packaged_lesson_names_exists():
    for name in lesson_names():
        spec, _ = read_lesson(name)
        for script in [*spec.stage, *spec.impulse]:
            for st in script.step:
                if st.do == "checkpoint":
                    assert course.checkpoint(st.key).key == st.key


def test_the_lab_stops_at_the_checkpoint_asks_it_and_goes_on(lab, tmp_path):
    panel = lab.lesson_panel
    assert panel.load(str(_lesson_with_checkpoint(tmp_path)))
    book = session_book()
    tried = len(book.attempts)
    ran = panel.run_all()                                   # stops right after the checkpoint step
    assert panel.last_step[1].checkpoint == "ch07.intercept-units" and ran == panel.last_step[0]
    before = state_json(lab.game)
    w = panel.asked
    assert w is not None and on_page(lab, w) and "Which Russian units may INTERCEPT" in plain_text(w.question.value)
    boxes = {b.description: b for b in w.input.children}
    assert set(boxes) == {"2 Anna", "DDG-605", "FFG-454"}
    boxes["DDG-605"].value = True
    w.check.click()
    assert plain_text(w.verdict.value).startswith("Not yet. Hint (7.53):")
    boxes["DDG-605"].value = False
    boxes["FFG-454"].value = True
    w.check.click()
    assert plain_text(w.verdict.value).startswith("Correct: FFG-454.")
    assert [a["correct"] for a in book.attempts[tried:]] == [False, True]
    assert state_json(lab.game) == before                   # answering changes nothing in the game
    panel.lesson_next.click()                               # goes on: Dimitri's answer
    assert panel.asked is None and not on_page(lab, w) and panel.checkpoint_box.children == ()
    assert "answer" in panel.last_step[1].title and lab.game.to_act() == "chance"
