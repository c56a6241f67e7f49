"""A lesson script may pause at a checkpoint: a ``checkpoint`` step (``do = "checkpoint"``, ``key``) changes
nothing in the game; the lab's *Replay lesson* tab stops there (*Run all* too), shows the question's widget,
takes a wrong then a right answer through real widget values, and goes on at *Next step*, the widget gone.
The packaged Appendix B combat lesson pauses twice before Dimitri's INTERCEPT answer of impulse 3
(``ch07.intercept-units``, ``ch07.anna-survives``); their answers are those of the engine on the lesson's
own state there.  A malformed key is refused when the lesson is read; every key in a packaged lesson
names a checkpoint."""
from __future__ import annotations

from pathlib import Path

import pytest

from lcb_lab.games.lcb import course
from lcb_lab.games.lcb.content.lesson import Lesson, read_lesson, report
from lcb_lab.games.lcb.io.resources import lesson_names, locate
from lcb_lab.kernel.errors import ScenarioError
from lcb_lab.ui.lab.checkpoint import session_book
from lcb_lab.ui.lcb.decisions import HELD
from tests.widgets.conftest import on_page, plain_text, state_json, widget_texts

PACKAGED = Path(locate("appendix_b_combat", "lesson"))
PAUSES = ["ch07.intercept-units", "ch07.anna-survives"]
"""The packaged lesson's checkpoint steps, in order (impulse 3, before the Russian INTERCEPT answer)."""


def _with_key(tmp_path: Path, key: str) -> Path:
    """The packaged lesson with its first checkpoint's key replaced by ``key``."""
    text = PACKAGED.read_text(encoding="utf-8")
    assert text.count(f'key = "{PAUSES[0]}"') == 1
    path = tmp_path / "appendix_b_checkpoint.toml"
    path.write_text(text.replace(f'key = "{PAUSES[0]}"', f'key = "{key}"'), encoding="utf-8")
    return path


def test_the_packaged_lesson_pauses_twice_before_the_intercept_answer_changing_nothing():
    lesson, plain = Lesson("appendix_b_combat"), Lesson("appendix_b_combat")
    stops = []
    for done in lesson.steps():
        if done.checkpoint:
            assert done.entries == [] and lesson.game.to_act() == "RU"        # still the INTERCEPT window
            stops.append((report([done]), state_json(lesson.game)))
    assert [r.split(" - ")[0] for r, _ in stops] == [
        "> impulse 3 (TF Boston), step 2: checkpoint ch07.intercept-units",
        "> impulse 3 (TF Boston), step 3: checkpoint ch07.anna-survives"]
    assert stops[0][1] == stops[1][1]                                           # the pause changed nothing
    assert state_json(lesson.game) == state_json(plain.run())


def test_the_answers_are_the_engines_on_the_lessons_state_at_the_pause():
    lesson = Lesson("appendix_b_combat")
    next(d for d in lesson.steps() if d.checkpoint == PAUSES[0])
    g = lesson.game
    (anna,) = [t for t in g.pending.options.targets if t.target == "1 Anna"]
    eligible = {o.uid for o in anna.interceptors if o.eligible}
    assert eligible == {"FFG-454"} == course.checkpoint(PAUSES[0]).correct_answer()
    odds = g.preview_lrs([{"shooter": "DDG-51", "slot": "LRS1", "target": "1 Anna", "dice": 4}],
                         [{"interceptor": "FFG-454", "slot": "INT1", "target": "1 Anna", "dice": 4}])["1 Anna"]
    assert course.checkpoint(PAUSES[1]).correct_answer() == pytest.approx(1 - odds["p_destroy"]) \
        == pytest.approx(1 - 0.42695856)


def test_a_malformed_key_is_refused_when_the_lesson_is_read(tmp_path):
    with pytest.raises(ScenarioError, match=r"impulse\[TF Boston\], step 2, key"):
        read_lesson(_with_key(tmp_path, "intercept units"))


def test_every_checkpoint_a_packaged_lesson_names_exists():
    names = []
    for name in lesson_names():
        spec, _ = read_lesson(name)
        for script in [*spec.stage, *spec.impulse]:
            for st in script.step:
                if st.do == "checkpoint":
                    assert course.checkpoint(st.key).key == st.key
                    names.append(st.key)
    assert names == PAUSES                          # only the Appendix B combat lesson pauses, for now


def test_the_lab_stops_at_the_checkpoint_asks_it_and_goes_on(lab):
    panel = lab.lesson_panel
    assert panel.load("appendix_b_combat")
    book = session_book()
    tried = len(book.attempts)
    ran = panel.run_all()                                   # stops right after the checkpoint step
    assert panel.last_step[1].checkpoint == "ch07.intercept-units" and ran == panel.last_step[0]
    before = state_json(lab.game)
    w = panel.asked
    assert w is not None and on_page(lab, w) and "Which Russian units may INTERCEPT" in plain_text(w.question.value)
    boxes = {b.description: b for b in w.input.children}
    assert set(boxes) == {"2 Anna", "DDG-605", "FFG-454"}
    held = " ".join(widget_texts(lab.decision.widget))      # the INTERCEPT window would give it away
    assert lab.ctl.checkpoint == "ch07.intercept-units" and HELD in held and "FFG-454" not in held, held
    assert "INTERCEPT" in held                              # its heading stays: what waits, and its rule
    boxes["DDG-605"].value = True
    w.check.click()
    assert plain_text(w.verdict.value).startswith("Not yet. Hint (7.53):")
    boxes["DDG-605"].value = False
    boxes["FFG-454"].value = True
    w.check.click()
    assert plain_text(w.verdict.value).startswith("Correct: FFG-454.")
    shown = " ".join(widget_texts(lab.decision.widget))     # answered right: the options are back
    assert lab.ctl.checkpoint == "" and HELD not in shown and "FFG-454" in shown
    assert [a["correct"] for a in book.attempts[tried:]] == [False, True]
    assert state_json(lab.game) == before                   # answering changes nothing in the game
    panel.lesson_next.click()                               # the second question: 1 Anna's odds
    assert panel.last_step[1].checkpoint == "ch07.anna-survives" and not on_page(lab, w)
    w2 = panel.asked
    assert w2 is not None and on_page(lab, w2) and "1 Anna survives" in plain_text(w2.question.value)
    assert HELD in " ".join(widget_texts(lab.decision.widget))
    w2.input.value = "90%"
    w2.check.click()
    assert plain_text(w2.verdict.value).startswith("Not yet. Hint (7.57):")
    w2.input.value = "57.3%"
    w2.check.click()
    assert plain_text(w2.verdict.value).startswith("Correct: 57.3%.")
    panel.lesson_next.click()                               # goes on: Dimitri's answer
    assert panel.asked is None and not on_page(lab, w2) and panel.checkpoint_box.children == ()
    assert lab.ctl.checkpoint == ""
    assert "answer" in panel.last_step[1].title and lab.game.to_act() == "chance"
