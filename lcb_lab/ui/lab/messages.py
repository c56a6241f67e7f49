"""The message line: the last action's outcome, at the top of the right column and again under the tabs.

Both places have a fixed height (:data:`MESSAGE_HEIGHT`, two lines; a longer
message scrolls inside), so the first message does not push the column down.

Green "<what>: done.", or red "Refused by rule 3.32: ... Nothing changed." for a
rule refusal (:class:`~lcb_lab.kernel.errors.LabError`).  Any other bad-input error
raised below the lab (:data:`INPUT_ERRORS`) is worded by :func:`error_text`:
"Could not <what>: <why>. Nothing changed." -- never a traceback.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

import ipywidgets as W

from lcb_lab.kernel.errors import LabError
from lcb_lab.ui.lab.html import refusal_text
from lcb_lab.ui.lab.controller import follow

if TYPE_CHECKING:  # pragma: no cover
    from lcb_lab.ui.lab.controller import LabController

MESSAGE_HEIGHT = "34px"
"""The message line's reserved height: two lines of text in its card (15 px lines, ``lab/style.py``; it
scrolls when longer)."""

INPUT_ERRORS = (LabError, TypeError, KeyError, ValueError, IndexError, AttributeError)
"""What the lab turns into a red message instead of a traceback (bad input from a widget or a script)."""


def error_text(what: str, err: BaseException) -> str:
    """Words for a failed action: a rule refusal, or "Could not <what>: <why>. Nothing changed."."""
    if isinstance(err, LabError):
        return f"{what}: {refusal_text(err)}"
    if isinstance(err, KeyError) and err.args:
        why = f"{err.args[0]!r} not found"
    else:
        why = str(err) or type(err).__name__
    verb = what[:1].lower() + what[1:] if what[1:2].islower() else what
    return f"Could not {verb}: {why.rstrip('.')}. Nothing changed."


class MessageLine:
    """The message line (``line``, top of the right column) and its echo (``echo``, right under
    the tabs' buttons: Commit, Resolve, ...), always showing the controller's ``message``."""

    def __init__(self, ctl: "LabController"):
        self.ctl = ctl
        self.line = W.HTML(layout=W.Layout(height=MESSAGE_HEIGHT, overflow="hidden auto", flex="0 0 auto"))
        self.echo = W.HTML(layout=W.Layout(height=MESSAGE_HEIGHT, overflow="hidden auto", flex="0 0 auto"))
        """The last message again, right under the tabs' buttons (Commit, Resolve, ...)."""
        for w in (self.line, self.echo):
            w.add_class("lcb-message")
        self.draw = follow(ctl, ["message"], self._draw)
        self.draw()

    def _draw(self) -> None:
        self.line.value = self.echo.value = self.ctl.message

    def show(self, html: str) -> None:
        """Show ``html`` (see :func:`~lcb_lab.ui.lab.html.message_html`) in both places."""
        self.ctl.message = html
