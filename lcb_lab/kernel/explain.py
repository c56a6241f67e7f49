"""Explained steps: every thing the engine does, in plain words with rule numbers.

A step is stored in the game log as a plain dict (JSON-ready); an LC:B one, for example::

    {"kind": "lrs_roll", "title": "LRS: DDG-51 -> 1 Anna",
     "text": "...", "rules": ["7.02", "7.62"], "turn": 1, "impulse": 2,
     "data": {"base_cv": 14, "modifiers": [["Tactical Network", -4, "7.62"]],
              "cv": 10, "dice": [3, 9, 12, 18], "hits": 3}}

Hidden information: an entry may also carry ``"audience": ["US"]`` (the teams that read it
in full; absent = everyone) and ``"public": {"title", "text", "rules", "data"}`` (what the
other teams read; absent = nothing).  The game's observer (LC:B: :mod:`lcb_lab.games.lcb.observer`) sets both from the facts in
``data`` when the step is logged, and :func:`lcb_lab.games.lcb.observer.redact` reads them.

The wording is lcb_lab's own paraphrase; the rulebook is cited, never quoted.
"""
from __future__ import annotations

from typing import Any, Iterable

Modifier = tuple[str, int, str]
"""(what, value, rule), e.g. ("target in brown hex", -2, "7.09")."""


_LEAF = frozenset((str, int, float, bool, type(None)))


def plain(v: Any) -> Any:
    """JSON-native copy: tuples become lists (so a saved log equals the live one)."""
    t = type(v)
    if t in _LEAF:
        return v
    if t is dict:                   # exact types first: the hot path of every log entry
        return {k: x if type(x) in _LEAF else plain(x) for k, x in v.items()}
    if t is list or t is tuple:
        return [x if type(x) in _LEAF else plain(x) for x in v]
    if isinstance(v, (list, tuple)):
        return [plain(x) for x in v]
    if isinstance(v, dict):
        return {k: plain(x) for k, x in v.items()}
    return v


def step(kind: str, title: str, text: str, rules: Iterable[str], **data: Any) -> dict:
    """Make one log step (a plain, JSON-native dict)."""
    return {"kind": kind, "title": title, "text": text, "rules": list(rules), "data": plain(data)}


def render(entry: dict) -> str:
    """One log entry as text: ``[7.02, 7.62] title: text``."""
    rules = ", ".join(entry.get("rules", []))
    head = f"[{rules}] " if rules else ""
    return f"{head}{entry['title']}: {entry['text']}" if entry.get("text") else f"{head}{entry['title']}"


def render_log(entries: Iterable[dict], headers: Iterable[str] = ()) -> str:
    """The explained log, one line per step; an entry whose kind is one of the game's ``headers``
    (LC:B: ``"impulse_start"``) is shown as a ``== title ==`` header after a blank line."""
    headers = frozenset(headers)
    lines = []
    for e in entries:
        if e["kind"] in headers:
            lines.append("")
            lines.append(f"== {e['title']} ==")
            continue
        lines.append(render(e))
    return "\n".join(lines).strip("\n")
