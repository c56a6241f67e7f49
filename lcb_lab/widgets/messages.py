"""The message line: the last action's outcome, at the top of the right column and again under the tabs.

Green "<what>: done.", or red "Refused by rule 3.32: ... Nothing changed." for a
rule refusal (:class:`~lcb_lab.errors.LcbError`).  Any other bad-input error
raised below the lab (:data:`INPUT_ERRORS`) is worded by :func:`error_text`:
"Could not <what>: <why>. Nothing changed." -- never a traceback.
"""
from __future__ import annotations

import ipywidgets as W

from ..errors import LcbError
from . import panels

INPUT_ERRORS = (LcbError, TypeError, KeyError, ValueError, IndexError, AttributeError)
"""What the lab turns into a red message instead of a traceback (bad input from a widget or a script)."""


def error_text(what: str, err: BaseException) -> str:
    """Words for a failed action: a rule refusal, or "Could not <what>: <why>. Nothing changed."."""
    if isinstance(err, LcbError):
        return f"{what}: {panels.refusal_text(err)}"
    if isinstance(err, KeyError) and err.args:
        why = f"{err.args[0]!r} not found"
    else:
        why = str(err) or type(err).__name__
    verb = what[:1].lower() + what[1:] if what[1:2].islower() else what
    return f"Could not {verb}: {why.rstrip('.')}. Nothing changed."


class MessageLine:
    """The message line (``line``, top of the right column) and its echo (``echo``, right under
    the tabs' buttons: Commit, Resolve, ...), always showing the same message."""

    def __init__(self):
        self.line = W.HTML()
        self.echo = W.HTML()
        """The last message again, right under the tabs' buttons (Commit, Resolve, ...)."""

    def show(self, html: str) -> None:
        """Show ``html`` (see :func:`~lcb_lab.widgets.panels.message_html`) in both places."""
        self.line.value = html
        self.echo.value = html
