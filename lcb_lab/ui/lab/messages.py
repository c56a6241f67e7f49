"""The message line: the last action's outcome, at the top of the right column and again under the tabs.

Both places have a fixed height (:data:`MESSAGE_HEIGHT`, two lines; a longer
message scrolls inside), so the first message does not push the column down.

Green "<what>: done.", or red "Refused by rule 3.32: ... Nothing changed." for a
rule refusal (:class:`~lcb_lab.kernel.errors.LabError`).  Any other bad-input error
raised below the lab (:data:`INPUT_ERRORS`) is worded by :func:`error_text`:
"Could not <what>: <why>. Nothing changed." -- never a traceback.  A refusal of an act asked from a
notebook cell (not a click) is also printed as that one line under the cell (:func:`echo_in_cell`).
"""
from __future__ import annotations

from datetime import datetime
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


def _request_header() -> dict:
    """The header of the request the kernel handles now (a cell's ``execute_request``, a click's
    ``comm_msg``); ``{}`` in a kernel-less Python or with no request."""
    try:
        from IPython import get_ipython
    except ImportError:          # pragma: no cover - IPython comes with ipywidgets
        return {}
    kernel = getattr(get_ipython(), "kernel", None)
    get_parent = getattr(kernel, "get_parent", None)
    parent = get_parent("shell") if callable(get_parent) else None
    header = parent.get("header") if isinstance(parent, dict) else None
    return header if isinstance(header, dict) else {}


def in_a_cell() -> bool:
    """Is a notebook cell running now (the kernel's request an ``execute_request``)?  False in a
    widget's callback (a ``comm_msg``: a click), in a kernel-less Python, or with no request."""
    return _request_header().get("msg_type") == "execute_request"


def sent_at() -> "datetime | None":
    """When the page sent the request the kernel handles now (a click's ``comm_msg``): its header's
    ``date``, by the page's clock (tz-aware); None outside a kernel or with no dated request.  Two
    such times from one page may be compared with each other, never with the kernel's clock."""
    date = _request_header().get("date")
    return date if isinstance(date, datetime) else None


def echo_in_cell(text: str) -> None:
    """Print a refusal's one line under the notebook cell that asked for the act (``lab.move(1, "AL-20")``
    typed in a cell below the lab, whose message line may be scrolled out of view); nothing from a
    click (its line is the lab's message line) or outside a kernel."""
    if in_a_cell():
        print(" ".join(text.split()))


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
