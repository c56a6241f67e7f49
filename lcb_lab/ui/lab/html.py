"""HTML pieces every game's lab shares: escaping, rule badges, the message card, refusals, the log's
chunk markers.  Pure functions of their arguments (no game, no widget)."""
from __future__ import annotations

import html
from typing import Iterable

__all__ = ["esc", "rule_badges", "message_html", "refusal_text", "refusal_note_html", "LOG_EMPTY", "LOG_HEAD"]


def esc(x: object) -> str:
    """``str(x)`` escaped for HTML text and attributes (quotes too)."""
    return html.escape(str(x), quote=True)


def rule_badges(rules: Iterable[str]) -> str:
    """One rule badge (``<span class="lcb-rule">``) per rule number, e.g. ``["7.3", "7.31"]``; ``""`` for none."""
    return "".join(f'<span class="lcb-rule">{esc(r)}</span>' for r in rules)


def message_html(text: str = "", refused: bool = False) -> str:
    """A one-line message card: red when ``refused``, else green; ``""`` for no text."""
    if not text:
        return ""
    cls = "lcb-refused" if refused else "lcb-ok"
    return f'<div class="lcb-card"><span class="{cls}">{esc(text)}</span></div>'


def refusal_text(err: BaseException) -> str:
    """Words for a refused action (IllegalAction names its rule)."""
    rule = getattr(err, "rule", None)
    reason = getattr(err, "reason", None) or str(err)
    if rule:
        return f"Refused by rule {rule}: {reason}. Nothing changed."
    return f"Refused: {reason}. Nothing changed."


def refusal_note_html(err: BaseException) -> str:
    """A refusal as a red log note: its rule badge and :func:`refusal_text`."""
    rules = [err.rule] if getattr(err, "rule", None) else []
    return f'<div class="lcb-log-line lcb-refused">{rule_badges(rules)} {esc(refusal_text(err))}</div>'


LOG_EMPTY = '<div class="lcb-muted">The explained log is empty: nothing has happened yet.</div>'
LOG_HEAD = '<div class="lcb-log-head">'
"""How a heading of the log starts (an impulse, a round: the log panel's chunks begin there)."""
