"""Checkpoints in a notebook or the lab: the question, an input fit for its kind, *Check*, the verdict.

The widget is game-free: it shows a :class:`lcb_lab.kernel.checkpoints.Checkpoint` (each game writes
its own; LC:B's are in ``lcb_lab.games.lcb.course``) and records every attempt in an
:class:`~lcb_lab.kernel.checkpoints.AnswerBook` -- the session's own (:func:`session_book`) unless
another is given.

* :func:`ask` -- ``ask(cp)``: the question (with the rule it is about), a Dropdown (``"choice"``), a
  column of checkboxes (``"choices"``) or a Text box (``"number"``, ``"probability"``), a *Check*
  button and the verdict on one line: the hint citing the rule after a wrong answer, the answer and
  its explanation after the right one.
* :func:`answer_key` -- a button *Show the answers (instructor)*: the key
  (:func:`~lcb_lab.kernel.checkpoints.instructor_key`) is computed and shown only when it is clicked.
* :func:`export_answers` -- the session's answers as a JSON file.

In a notebook, tag the cell showing ``ask(cp)`` ``nbval-ignore-output`` (a widget view is no text
nbval could compare) and print one verdict in a cell of its own: ``print(cp.check(...).text)``.
"""
from __future__ import annotations

from pathlib import Path
from typing import Any, Callable, Iterable

import ipywidgets as W

from lcb_lab.kernel.checkpoints import AnswerBook, Checkpoint, instructor_key
from lcb_lab.kernel.errors import rule_ref
from lcb_lab.ui.lab.html import esc

__all__ = ["CheckpointWidget", "AnswerKeyWidget", "ask", "answer_key", "session_book", "export_answers",
           "new_session_book"]

_SESSION: list[AnswerBook] = [AnswerBook()]
OK_STYLE = "color:#1f6b2e"
WRONG_STYLE = "color:#a8231a"
PLACEHOLDER = {"number": "a whole number, e.g. 3", "probability": "a chance, e.g. 0.42 or 42%"}


def session_book() -> AnswerBook:
    """The session's default answer book: every :func:`ask` without a ``book`` records there."""
    return _SESSION[0]


def new_session_book(student: str = "") -> AnswerBook:
    """Start a fresh session book for ``student`` (the old one's attempts are dropped); returns it."""
    _SESSION[0] = AnswerBook(student)
    return _SESSION[0]


def export_answers(path: str | Path, book: AnswerBook | None = None) -> Path:
    """Write ``book`` (default: the session's) as JSON to ``path`` (``{"student", "attempts"}``, see
    :meth:`~lcb_lab.kernel.checkpoints.AnswerBook.to_json`); returns the path.  Raises OSError when the
    file cannot be written."""
    return (book or session_book()).export(path)


class CheckpointWidget(W.VBox):
    """One checkpoint on the page: ``question`` (HTML), ``input`` (Dropdown / VBox of Checkbox /
    Text, by kind), ``check`` (the button), ``verdict`` (HTML, one line).  :meth:`given` reads the
    input as the checker takes it; :meth:`submit` is what *Check* does."""

    def __init__(self, cp: Checkpoint, book: AnswerBook | None = None,
                 on_right: Callable[[], None] | None = None):
        self.cp = cp
        self.book = book
        self.on_right = on_right
        """Called after each right answer (the lab lets the lesson's decision show again)."""
        self.question = W.HTML(f'<b>Checkpoint</b> <span style="color:#6b7480">({esc(rule_ref(cp.rule))})</span>: '
                               f"{esc(cp.question)}")
        self.input = _input_for(cp)
        self.check = W.Button(description="Check", button_style="primary", layout=W.Layout(width="90px"))
        self.check.on_click(lambda _b: self.submit())
        self.verdict = W.HTML("")
        row = W.HBox([self.input, self.check], layout=W.Layout(flex_flow="row wrap", align_items="flex-start"))
        super().__init__([self.question, row, self.verdict],      # the row wraps in a narrow column (1366x768)
                         layout=W.Layout(border="1px solid #cfc8b4", padding="4px 8px", margin="4px 0"))
        self.add_class("lcb-checkpoint")

    def given(self) -> Any:
        """The input's value: the chosen option (``""`` for none), the set of ticked options, or the text."""
        if self.cp.kind == "choices":
            return {box.description for box in self.input.children if box.value}
        return self.input.value if self.input.value is not None else ""

    def submit(self) -> bool:
        """Check the input against the computed answer, record the attempt in the book, show the
        verdict; returns whether it was right."""
        v = (self.book or session_book()).answer(self.cp, self.given())
        style = OK_STYLE if v.correct else WRONG_STYLE
        self.verdict.value = f'<span style="{style}">{esc(v.text)}</span>'
        if v.correct and self.on_right is not None:
            self.on_right()
        return v.correct


def _input_for(cp: Checkpoint) -> W.Widget:
    if cp.kind == "choice":
        return W.Dropdown(options=cp.choices(), value=None, layout=W.Layout(width="260px"))
    if cp.kind == "choices":
        return W.VBox([W.Checkbox(value=False, description=o, indent=False, layout=W.Layout(width="auto"))
                       for o in cp.choices()])
    return W.Text(value="", placeholder=PLACEHOLDER[cp.kind], layout=W.Layout(width="200px"))


def ask(cp: Checkpoint, book: AnswerBook | None = None,
        on_right: Callable[[], None] | None = None) -> CheckpointWidget:
    """The widget asking ``cp`` (see :class:`CheckpointWidget`); attempts go to ``book``, default the
    session's (:func:`session_book`); ``on_right()`` is called after a right answer."""
    return CheckpointWidget(cp, book, on_right)


class AnswerKeyWidget(W.VBox):
    """The instructor key behind a button: ``button`` (*Show the answers (instructor)* / *Hide the
    answers*), ``key`` (HTML: empty until the button is clicked -- the answers are computed then)."""

    def __init__(self, checkpoints: Iterable[Checkpoint]):
        self.checkpoints = list(checkpoints)
        self.button = W.Button(description="Show the answers (instructor)", layout=W.Layout(width="auto"))
        self.button.on_click(lambda _b: self.toggle())
        self.key = W.HTML("")
        super().__init__([self.button, self.key])

    def toggle(self) -> None:
        """Show the key (computed now) or hide it again."""
        if self.key.value:
            self.key.value = ""
            self.button.description = "Show the answers (instructor)"
            return
        lines = instructor_key(self.checkpoints)
        self.key.value = "<ul>" + "".join(f"<li>{esc(line)}</li>" for line in lines) + "</ul>"
        self.button.description = "Hide the answers"


def answer_key(checkpoints: Iterable[Checkpoint]) -> AnswerKeyWidget:
    """A button revealing the answers of ``checkpoints`` (one line each: key, answer, rule) only when
    clicked (see :class:`AnswerKeyWidget`)."""
    return AnswerKeyWidget(checkpoints)
