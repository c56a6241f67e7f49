"""Checkpoints: questions a class answers, checked against the engine (game-free).

A :class:`Checkpoint` is one question on a staged situation: its correct answer is *computed*
(``answer()``, usually from the engine: legal actions, odds, costs), never typed in; a wrong
answer is refused with a hint that cites the rule; a right one is followed by the explanation.
:class:`AnswerBook` keeps a student's attempts for the session and exports them as JSON;
:func:`instructor_key` gives the answers only when asked for.  The widget is
:mod:`lcb_lab.ui.lab.checkpoint`; each game writes its own checkpoints on its staged situations.

Kinds of answer (:data:`KINDS`):

* ``"choice"`` -- one of ``options`` (a string);
* ``"choices"`` -- a set of ``options`` (order does not matter; an empty set is an answer);
* ``"number"`` -- an integer (e.g. a cost, a count of hits);
* ``"probability"`` -- a chance in [0, 1], given as ``0.42``, ``"0.42"`` or ``"42%"``; accepted
  within ``tolerance`` (absolute; default half a percentage point).

>>> cp = Checkpoint("demo.cost", "How many points do two moves cost?", kind="number",
...                 answer=lambda: 2, rule="R1", hint="Each move costs 1 point.",
...                 explanation="One point per move: 2.")
>>> cp.check("3").correct, cp.check("3").text
(False, 'Not yet. Hint (R1): Each move costs 1 point.')
>>> cp.check(2).text
'Correct: 2. One point per move: 2.'
"""
from __future__ import annotations

import json
import math
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Iterable

from lcb_lab.kernel.errors import LabError


class AnswerError(LabError):
    """An answer the checker cannot read, or a checkpoint defined wrongly: the message says why."""

KINDS = ("choice", "choices", "number", "probability")
"""The kinds of answer a :class:`Checkpoint` takes."""


@dataclass(frozen=True)
class Verdict:
    """What a student's answer earned: ``correct``, and the one text to show (hint or explanation)."""

    correct: bool
    text: str


@dataclass(frozen=True)
class Checkpoint:
    """One question on a staged situation.

    ``key``: unique id (``"ch02.move-cost"``); ``question``: the text asked; ``kind``: one of
    :data:`KINDS`; ``answer``: computes the correct answer (a string, a frozenset of strings, an
    int or a float, by kind) -- from the engine, so the key cannot drift from the rules;
    ``rule``: the rule number the hint cites; ``hint``: shown after a wrong answer;
    ``explanation``: shown after the right one (a string, or a function of no argument giving it;
    left out of the repr: a checkpoint shown in a cell does not give its answer away);
    ``options``: the choices offered (``"choice"``/``"choices"``; a function of no argument may
    compute them); ``tolerance``: for ``"probability"``.

    Raises :class:`AnswerError` for an unknown kind.
    """

    key: str
    question: str
    kind: str
    answer: Callable[[], Any]
    rule: str
    hint: str
    explanation: str | Callable[[], str] = field(default="", repr=False)   # it states the answer
    options: tuple[str, ...] | Callable[[], Iterable[str]] = ()
    tolerance: float = 0.005

    def __post_init__(self) -> None:
        if self.kind not in KINDS:
            raise AnswerError(f"checkpoint {self.key!r}: kind {self.kind!r} is not one of {', '.join(KINDS)}")

    def choices(self) -> tuple[str, ...]:
        """The options offered, in order (computed if ``options`` is a function)."""
        return tuple(self.options() if callable(self.options) else self.options)

    def correct_answer(self) -> Any:
        """The answer, normalised: str, frozenset[str], int or float by kind."""
        return normalise(self.kind, self.answer())

    def explain(self) -> str:
        """The explanation shown after the right answer."""
        return self.explanation() if callable(self.explanation) else self.explanation

    def check(self, given: Any) -> Verdict:
        """Check ``given`` (the raw widget value: str, iterable of str, number).

        Right: ``"Correct: <answer>. <explanation>"``; wrong or unreadable:
        ``"Not yet. Hint (<rule>): <hint>"`` (an unreadable answer says what is expected first)."""
        try:
            got = normalise(self.kind, given)
        except AnswerError as e:
            return Verdict(False, f"{e}. Hint ({self.rule}): {self.hint}")
        want = self.correct_answer()
        ok = abs(got - want) <= self.tolerance if self.kind == "probability" else got == want
        if ok:
            return Verdict(True, f"Correct: {show(self.kind, want)}. {self.explain()}".strip())
        return Verdict(False, f"Not yet. Hint ({self.rule}): {self.hint}")


def normalise(kind: str, value: Any) -> Any:
    """``value`` as the comparable answer of ``kind``; raises :class:`AnswerError` if unreadable.

    >>> normalise("probability", "42%"), normalise("choices", ["b", "a"]) == frozenset("ab")
    (0.42, True)
    """
    if kind == "choice":
        if not isinstance(value, str) or not value.strip():
            raise AnswerError("choose one option")
        return value.strip()
    if kind == "choices":
        if isinstance(value, str):
            items: list[Any] = [value]
        elif value is None or isinstance(value, Iterable):
            items = list(value or ())
        else:                           # check(3) from code: no set of options
            raise AnswerError(f"expected the options you tick (a set of names such as {{'A', 'B'}}), got {_echo(value)}")
        return frozenset(str(v).strip() for v in items if str(v).strip())
    text = str(value).strip().replace(",", ".")
    try:
        if "_" in text:                 # float() reads "1_0" as 10: no student means that
            raise ValueError
        if kind == "number":
            n = float(text)
            if not math.isfinite(n) or n != int(n):    # "nan", "inf", "1e999": no whole number
                raise ValueError
            return int(n)
        p = float(text[:-1]) / 100 if text.endswith("%") else float(text)
        if not math.isfinite(p):
            raise ValueError
    except ValueError:
        raise AnswerError(f"expected {'a whole number' if kind == 'number' else 'a chance such as 0.42 or 42%'}"
                         f", got {_echo(value)}") from None
    if not 0 <= p <= 1:
        raise AnswerError(f"a chance is between 0 and 1 (or 0% and 100%), got {_echo(value)}")
    return p + 0.0                      # "-0" is 0.0, not -0.0


def _echo(value: Any, most: int = 40) -> str:
    """``value`` quoted for a verdict, cut to ``most`` characters (a pasted page is not echoed whole)."""
    text = str(value)
    return repr(text if len(text) <= most else text[:most] + "...")


def show(kind: str, answer: Any) -> str:
    """An answer as a student reads it: ``"42.0%"``, ``"a, b"``, ``"3"``."""
    if kind == "probability":
        return f"{answer:.1%}"
    if kind == "choices":
        return ", ".join(sorted(answer)) or "none"
    return str(answer)


@dataclass
class AnswerBook:
    """A student's attempts in this session: ``attempts`` is a list of dicts
    ``{"key", "given", "correct", "time"}`` (time: seconds since the epoch), in order."""

    student: str = ""
    attempts: list[dict[str, Any]] = field(default_factory=list)

    def answer(self, cp: Checkpoint, given: Any) -> Verdict:
        """Check ``given`` against ``cp``, record the attempt, return the verdict."""
        v = cp.check(given)
        shown = sorted(given) if isinstance(given, (set, frozenset, list, tuple)) else given
        self.attempts.append({"key": cp.key, "given": shown, "correct": v.correct, "time": round(time.time(), 1)})
        return v

    def solved(self) -> set[str]:
        """The keys answered correctly at least once."""
        return {a["key"] for a in self.attempts if a["correct"]}

    def summary(self, checkpoints: Iterable[Checkpoint]) -> str:
        """One line: ``"3 of 5 checkpoints answered correctly (7 attempts)"``."""
        keys = [c.key for c in checkpoints]
        done = len(self.solved() & set(keys))
        mine = [a for a in self.attempts if a["key"] in keys]
        return f"{done} of {len(keys)} checkpoints answered correctly ({len(mine)} attempts)"

    def to_json(self) -> str:
        """The book as JSON: ``{"student": ..., "attempts": [...]}``."""
        return json.dumps({"student": self.student, "attempts": self.attempts}, indent=1, default=str)

    def export(self, path: str | Path) -> Path:
        """Write :meth:`to_json` to ``path``; returns the path."""
        p = Path(path)
        p.write_text(self.to_json() + "\n", encoding="utf-8")
        return p


def instructor_key(checkpoints: Iterable[Checkpoint]) -> list[str]:
    """The answers, one line each: ``"<key>: <answer> (<rule>)"`` -- for the instructor, shown
    only when asked for (the widget keeps it behind a button)."""
    return [f"{c.key}: {show(c.kind, c.correct_answer())} ({c.rule})" for c in checkpoints]
