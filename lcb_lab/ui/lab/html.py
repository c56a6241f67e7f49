"""HTML pieces every game's lab shares: escaping, rule badges, the message card, refusals, the log's
chunk markers.  Pure functions of their arguments (no game, no widget)."""
from __future__ import annotations

import html
from typing import Callable, Iterable

from lcb_lab.kernel.errors import refused_by

__all__ = ["esc", "rule_badges", "message_html", "path_html", "path_room", "elide_middle", "refusal_text", "refusal_note_html", "LOG_EMPTY", "LOG_HEAD", "SANDBOX_MARK",
           "sandbox_value"]


def esc(x: object) -> str:
    """``str(x)`` escaped for HTML text and attributes (quotes too)."""
    return html.escape(str(x), quote=True)


SANDBOX_MARK = "\u2020"
"""The project's mark of a sandbox value (a dagger): a number the text does not print, lcb_lab's own."""


def sandbox_value(shown: object, why: str) -> str:
    """``shown`` (escaped) with the sandbox mark, in the sandbox style (``lcb-sandbox``: brown, bold), ``why``
    (what the text leaves open and what lcb_lab chose) on hover: every sandbox number in a panel wears it."""
    return f'<span class="lcb-sandbox" title="{esc(why)}">{esc(shown)}{SANDBOX_MARK}</span>'


def rule_badges(rules: Iterable[str]) -> str:
    """One rule badge (``<span class="lcb-rule">``) per rule number, e.g. ``["7.3", "7.31"]``; ``""`` for none."""
    return "".join(f'<span class="lcb-rule">{esc(r)}</span>' for r in rules)


def message_html(text: str = "", refused: bool = False, path: object = None) -> str:
    """A one-line message card: red when ``refused``, else green; ``""`` for no text.  ``path``: a
    file path the text names as ``{path}``, shown by :func:`path_html` (elided in the middle, whole
    in its tooltip)."""
    if not text:
        return ""
    cls = "lcb-refused" if refused else "lcb-ok"
    body = esc(text)
    if path is not None:
        body = body.replace("{path}", path_html(path, path_room(text)))
    return f'<div class="lcb-card"><span class="{cls}">{body}</span></div>'


PATH_CHARS = 36
"""The most characters of a file path a message shows (the middle elided; the tooltip has it whole)."""
MESSAGE_CHARS = 104
"""The most characters of a message naming a file that still keep to one line on the lab's message line
at 1366x768 beside four viewer buttons: a longer one shows less of the path (:func:`path_room`)."""


def elide_middle(text: str, most: int = PATH_CHARS) -> str:
    """``text`` itself when it has at most ``most`` characters, else its start and its end joined by
    an ellipsis, ``most`` characters in all (the end -- a file's name -- keeps the larger part, and the
    whole name with its folder's slash when it fits).

    >>> elide_middle("/tmp/pytest-of-root/pytest-38/test_an_instructor0/broken.json", 17)
    '/tmp…/broken.json'
    """
    if len(text) <= most:
        return text
    name = text.replace("\\", "/").rsplit("/", 1)[-1]
    tail = max((most - 1) * 2 // 3, min(len(name) + 1, most - 3))
    return text[:most - 1 - tail] + "\u2026" + text[-tail:]


def path_room(text: str) -> int:
    """How many characters the path of a message ``text`` (holding ``{path}``) may show so that the
    whole message keeps to :data:`MESSAGE_CHARS` (one line at 1366x768, four viewer buttons beside it):
    :data:`PATH_CHARS` at the most, never less than 16 (the file's name stays readable)."""
    return max(16, min(PATH_CHARS, MESSAGE_CHARS - (len(text) - len("{path}"))))


def path_html(path: object, most: int = PATH_CHARS) -> str:
    """A file path for a message line: never wrapped, elided in the middle to ``most`` characters
    (:func:`elide_middle`), the whole path in its tooltip (``title``)."""
    full = str(path)
    return f'<span class="lcb-path" title="{esc(full)}">{esc(elide_middle(full, most))}</span>'


def refusal_text(err: BaseException) -> str:
    """Words for a refused action (IllegalAction names its rule): ``"Refused by rule 7.02: <reason>.
    Nothing changed."``, or ``"Refused by the rules (l.505): ..."`` for a rule cited by its line
    (:func:`~lcb_lab.kernel.errors.refused_by`)."""
    rule = getattr(err, "rule", None)
    reason = getattr(err, "reason", None) or str(err)
    if rule:
        return f"{refused_by(str(rule))}: {reason}. Nothing changed."
    return f"Refused: {reason}. Nothing changed."


def refusal_note_html(err: BaseException) -> str:
    """A refusal as a red log note, read like the log's other lines: its rule as a badge, then
    "Refused: <reason>. Nothing changed." (the rule is not said twice); with no rule,
    :func:`refusal_text`."""
    rule = getattr(err, "rule", None)
    if not rule:
        return f'<div class="lcb-log-line lcb-refused">{esc(refusal_text(err))}</div>'
    reason = getattr(err, "reason", None) or str(err)
    return f'<div class="lcb-log-line lcb-refused">{rule_badges([rule])} {esc(f"Refused: {reason}. Nothing changed.")}</div>'


LOG_EMPTY = '<div class="lcb-muted">The explained log is empty: nothing has happened yet.</div>'
LOG_HEAD = '<div class="lcb-log-head">'
"""How a heading of the log starts (an impulse, a round: the log panel's chunks begin there)."""


def log_html(entries: Iterable[dict | None], notes: Iterable[tuple[int, str]], highlight_from: int | None,
             heading: Callable[[dict], str]) -> list[str]:
    """The explained log as HTML parts, for any game whose log entries are dicts with ``title``, ``text``
    and ``rules``: a heading (``heading(entry)``) each time it changes, each entry with its rule badges,
    the entries from index ``highlight_from`` on highlighted, each of ``notes`` (``(index, html)``, e.g. a
    refusal) before the entry of its index (the rest at the end).  A None entry (one the viewer may
    not read) keeps its index and shows nothing."""
    parts: list[str] = []
    pending = sorted(notes)
    head = None
    for i, r in enumerate(entries):
        while pending and pending[0][0] <= i:
            parts.append(pending.pop(0)[1])
        if r is None:
            continue
        if heading(r) != head:
            head = heading(r)
            parts.append(f"{LOG_HEAD}<b>{esc(head)}</b></div>")
        hl = " lcb-log-new" if highlight_from is not None and i >= highlight_from else ""
        text = f' <span class="lcb-muted">{esc(r["text"])}</span>' if r.get("text") else ""
        parts.append(f'<div class="lcb-log-line{hl}">{rule_badges(r.get("rules", []))} <b>{esc(r["title"])}</b>{text}</div>')
    return parts + [h for _, h in pending]


def status_card(title: str, progress: str, sandbox: str) -> str:
    """The *Game* tab's card: the game's ``title`` and ``progress`` (open facts only), and what of it is
    ``sandbox`` (the values its text does not print), muted."""
    return (f'<div class="lcb-card"><b>{esc(title)}</b> \u00b7 {esc(progress)}<br>'
            f'<span class="lcb-muted lcb-small">{esc(sandbox)}</span></div>')
