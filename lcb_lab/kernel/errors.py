"""Errors raised by lcb_lab.

Every error is a ``ValueError`` so that callers who only care about "bad input"
can catch one type.  An :class:`IllegalAction` names the rule it enforces; the
engine raises it *before* changing anything, so the game state after a refused
action is identical to the state before it (design principle 6).
"""
from __future__ import annotations

import traceback
from typing import Any


class LcbError(ValueError):
    """Base class of every lcb_lab error.

    In IPython and Jupyter it shows as one line, ``IllegalAction: Refused by rule 7.53: ...``
    (:meth:`_render_traceback_`), not a traceback through the engine: it is the student's
    input that is wrong, not the code.  It stays a real exception (``except IllegalAction as e``,
    ``e.rule``).  Set ``LcbError.full_traceback = True`` to see the whole traceback again.
    """

    full_traceback = False
    """True: IPython shows the usual traceback (for debugging lcb_lab itself)."""

    def one_line(self) -> str:
        """``"<ClassName>: <message>"`` on one line (whitespace runs folded to one space)."""
        return f"{type(self).__name__}: {' '.join(str(self).split())}"

    def _render_traceback_(self) -> list[str]:
        """The lines IPython prints for this error (``InteractiveShell.showtraceback``): one."""
        if LcbError.full_traceback:
            return "".join(traceback.format_exception(self)).rstrip("\n").split("\n")
        return [self.one_line()]


LabError = LcbError
"""The kernel's neutral name for the root of every error (kernel code and other games use it;
LC:B's name ``LcbError`` is the same class, so ``except LcbError`` and its messages are unchanged)."""


class IllegalAction(LcbError):
    """A declaration or step the rules forbid.

    Attributes:
        rule: the rule number enforced, e.g. ``"7.32"``.
        reason: plain-words reason, e.g. ``"1 Anna is concealed"``.
    """

    def __init__(self, rule: str, reason: str):
        self.rule = rule
        self.reason = reason
        super().__init__(f"Refused by rule {rule}: {reason}")


class ScenarioError(LcbError):
    """A scenario, lesson or catalog file is malformed.

    The message names the file, the key (dotted path) and what is wrong.
    """

    def __init__(self, file: str, key: str, problem: str):
        self.file = file
        self.key = key
        self.problem = problem
        super().__init__(f"{file}: {key}: {problem}")


class InputError(LcbError):
    """A request to the Game (an API call's argument) is malformed.

    ``what`` names the call, ``where`` the field (dotted path), ``problem``
    what is wrong; the game is left unchanged.
    """

    def __init__(self, what: str, where: str, problem: str):
        self.what = what
        self.where = where
        self.problem = problem
        super().__init__(f"{what}: {where}: {problem}")


class DecisionRequired(LcbError):
    """The engine needs another player's answer before it can go on.

    ``decision`` is the pending choice (:class:`lcb_lab.kernel.choices.Choice`: its
    ``answerers()`` -- or a ``team`` --, ``kind`` and ``rule``; LC:B's ``choices.Choice``).
    """

    def __init__(self, decision: Any) -> None:
        self.decision = decision
        who = ", ".join(decision.answerers()) if hasattr(decision, "answerers") else decision.team
        super().__init__(f"waiting for {who}'s decision: {decision.kind} ({decision.rule})")


class UnknownName(LcbError, KeyError):
    """No unit, marker or Task Force has that name."""

    def __str__(self) -> str:  # KeyError would quote the message
        return self.args[0] if self.args else ""


class DiceExhausted(LcbError):
    """A scripted Dice ran out of forced values and has no seed to fall back on."""
