"""Notebook 00's cells survive what a student changes: a mistyped Task Force in the replay cell
ends with one line naming the Task Forces, not an endless loop."""
from __future__ import annotations

import contextlib
import io
import json
import signal
from pathlib import Path

NB = Path(__file__).resolve().parents[2] / "notebooks" / "00_start_here.ipynb"


def _source(i: int) -> str:
    return "".join(json.loads(NB.read_text(encoding="utf-8"))["cells"][i]["source"])


def _cell_with(text: str) -> int:
    """The index of the first cell whose source holds ``text`` (cells may be added before it)."""
    cells = json.loads(NB.read_text(encoding="utf-8"))["cells"]
    return next(i for i, c in enumerate(cells) if text in "".join(c["source"]))


def _alarm(signum, frame):
    raise TimeoutError("the replay cell did not stop")


def test_a_mistyped_task_force_stops_with_the_task_forces_named():
    replay_cell = _source(_cell_with('task_force = "TF Boston"'))
    assert 'task_force = "TF Boston"' in replay_cell
    ns: dict = {}
    exec(_source(1).replace("lab.widget\n", "").rstrip().removesuffix("lab.widget"), ns)     # the imports
    exec(_source(_cell_with('replay = Lesson("appendix_b_combat")')).replace("print(report(replay.advance()))", ""), ns)
    out = io.StringIO()
    old = signal.signal(signal.SIGALRM, _alarm)
    signal.alarm(120)
    try:
        with contextlib.redirect_stdout(out):
            exec(replay_cell.replace('"TF Boston"', '"TF Bostn"'), ns)
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, old)
    assert out.getvalue() == ("The lesson ended with no impulse of TF Bostn left; its Task Forces: TF Memphis, "
                              "TF Boston, TF Moscow, TF St. Petersburg\n")


def test_the_start_notebook_builds_one_lab():
    """Run All builds the lab it shows and nothing like it: every lab is about 600 widget models the
    browser creates (shown or not) and a map document Bokeh serialises, so the lesson replay runs on a
    plain :class:`~lcb_lab.games.lcb.content.lesson.Lesson` game, not on a second, undisplayed lab."""
    import ast
    cells = [c for c in json.loads(NB.read_text(encoding="utf-8"))["cells"] if c["cell_type"] == "code"]
    calls = [node.func.id for c in cells for node in ast.walk(ast.parse("".join(c["source"])))
             if isinstance(node, ast.Call) and isinstance(node.func, ast.Name)]
    assert calls.count("open_lab") == 1, f"the start notebook's code calls open_lab {calls.count('open_lab')} times"
    assert "Lesson" in calls
