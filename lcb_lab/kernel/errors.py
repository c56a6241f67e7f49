"""Errors raised by the kernel and the games on it.

Every error is a ``ValueError`` so that callers who only care about "bad input"
can catch one type.  An :class:`IllegalAction` names the rule it enforces; the
engine raises it *before* changing anything, so the game state after a refused
action is identical to the state before it (design principle 6).
"""
from __future__ import annotations

import re
import traceback
import unicodedata


class LabError(ValueError):
    """Base class of every lcb_lab error (the kernel's and every game's).

    In IPython and Jupyter it shows as one line, ``IllegalAction: Refused by rule <rule>: <reason>``
    (``Refused by the rules (l.505): <reason>`` for a text cited by line, :func:`refused_by`;
    :meth:`_render_traceback_`), not a traceback through the engine: it is the student's
    input that is wrong, not the code.  It stays a real exception (``except IllegalAction as e``,
    ``e.rule``).  Set ``LabError.full_traceback = True`` to see the whole traceback again.
    """

    full_traceback = False
    """True: IPython shows the usual traceback (for debugging lcb_lab itself)."""

    def one_line(self) -> str:
        """``"<ClassName>: <message>"`` on one line (whitespace runs folded to one space)."""
        return f"{type(self).__name__}: {' '.join(str(self).split())}"

    def _render_traceback_(self) -> list[str]:
        """The lines IPython prints for this error (``InteractiveShell.showtraceback``): one."""
        if LabError.full_traceback:
            return "".join(traceback.format_exception(self)).rstrip("\n").split("\n")
        return [self.one_line()]


LINE_CITED = re.compile(r"l\.\d")
"""How a rule cited by the line of its text begins (``l.505``, ``l.757-781``): texts with no rule numbers."""


def rule_ref(rule: str) -> str:
    """A rule as a sentence names it: ``"rule T.2"`` for a numbered rule, the line itself (``"l.505"``) for
    a text cited by line ("rule l.505" would read as if the text numbered its rules).

    >>> rule_ref("T.2"), rule_ref("l.505")
    ('rule T.2', 'l.505')
    """
    return rule if LINE_CITED.match(rule) else f"rule {rule}"


def refused_by(rule: str) -> str:
    """The words naming the rule of a refusal: ``"Refused by rule T.2"`` for a numbered rule,
    ``"Refused by the rules (l.505)"`` for a text with no numbered rules, cited by its line (``l.``
    and a number, :data:`LINE_CITED`), so the line reads as a sentence.

    >>> refused_by("T.2"), refused_by("l.505")
    ('Refused by rule T.2', 'Refused by the rules (l.505)')
    """
    return f"Refused by the rules ({rule})" if LINE_CITED.match(rule) else f"Refused by rule {rule}"


class IllegalAction(LabError):
    """A declaration or step the rules forbid.

    Attributes:
        rule: the rule number enforced (the game's numbering), e.g. ``"4.2"``, or the line of a text
            with no numbered rules, e.g. ``"l.505"`` (the message words either, :func:`refused_by`).
        reason: plain-words reason, e.g. ``"the target is out of range"``.
    """

    def __init__(self, rule: str, reason: str):
        self.rule = rule
        self.reason = reason
        super().__init__(f"{refused_by(str(rule))}: {reason}")


class ScenarioError(LabError):
    """A scenario, lesson or catalog file is malformed.

    The message names the file, the key (dotted path) and what is wrong.
    """

    def __init__(self, file: str, key: str, problem: str):
        self.file = file
        self.key = key
        self.problem = problem
        super().__init__(f"{file}: {key}: {problem}")


class InputError(LabError):
    """A request to the Game (an API call's argument) is malformed.

    ``what`` names the call, ``where`` the field (dotted path), ``problem``
    what is wrong; the game is left unchanged.
    """

    def __init__(self, what: str, where: str, problem: str):
        self.what = what
        self.where = where
        self.problem = problem
        super().__init__(f"{what}: {where}: {problem}")


class UnknownName(LabError, KeyError):
    """No piece, marker or other named thing of the game has that name."""

    def __str__(self) -> str:  # KeyError would quote the message
        return self.args[0] if self.args else ""


class DiceExhausted(LabError):
    """A scripted Dice ran out of forced values and has no seed to fall back on."""


_NAMES_ITS_VALUE = ("value_error", "assertion_error", "out_of_range", "missing", "extra_forbidden",
                    "unexpected_keyword_argument")
"""pydantic error types whose words already say all (our validators' and ranges' messages, a key
missing or unknown)."""


def pydantic_problem(err: dict) -> str:
    """The words of one pydantic error (an item of ``ValidationError.errors()``) for an error
    message: its message without pydantic's ``"Value error, "`` prefix, and the value given where
    pydantic's own check refused a plain one and its words do not name it (at most 40 characters
    of its repr).

    >>> pydantic_problem({"type": "int_parsing", "input": "abc",
    ...                   "msg": "Input should be a valid integer, unable to parse string as an integer"})
    "Input should be a valid integer, unable to parse string as an integer (got 'abc')"
    >>> pydantic_problem({"type": "value_error", "input": -5, "msg": "Value error, a seed is 0 or more"})
    'a seed is 0 or more'
    """
    msg = str(err.get("msg", "")).removeprefix("Value error, ")
    value = err.get("input")
    if err.get("type") in _NAMES_ITS_VALUE or "input" not in err or not isinstance(value, (str, int, float)) \
            or str(value) in msg:
        return msg
    shown = repr(value)
    return f"{msg} (got {shown if len(shown) <= 40 else shown[:37] + '...'})"


UNPRINTABLE = frozenset({"Cc", "Cf", "Cs", "Co", "Zl", "Zp"})
"""The Unicode categories a message escapes: controls, formatting, surrogates, private use, line and
paragraph separators -- what a terminal or a page could obey or hide."""


def printable(text: object) -> str:
    r"""``str(text)`` with each character of :data:`UNPRINTABLE` escaped (``"\x1b"``), safe to print in a
    message: names in files may hold anything, the line printed must not clear the screen.

    >>> printable("F-6\x1b[2J")
    'F-6\\x1b[2J'
    """
    text = str(text)
    if all(unicodedata.category(ch) not in UNPRINTABLE for ch in text):
        return text
    return "".join(ch.encode("unicode_escape").decode("ascii") if unicodedata.category(ch) in UNPRINTABLE
                   else ch for ch in text)
