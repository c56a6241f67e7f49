"""Explained steps: every thing the engine does, in plain words with rule numbers.

A step is stored in the game log as a plain dict (JSON-ready); for example (a game adds its
place keys, here ``turn`` and ``round``)::

    {"kind": "volley", "title": "Volley: archers 1 -> the gate",
     "text": "...", "rules": ["4.2", "4.5"], "turn": 1, "round": 2,
     "data": {"base_value": 4, "modifiers": [["behind a wall", -1, "4.5"]],
              "value": 3, "dice": [1, 5, 3, 6], "hits": 2}}

Hidden information: an entry may also carry ``"audience": ["Red"]`` (the players that read it
in full; absent = everyone) and ``"public": {"title", "text", "rules", "data"}`` (what the
other players read; absent = nothing).  The game's observer (:class:`lcb_lab.kernel.observer.Observer`)
sets both from the facts in ``data`` when the step is logged, and
:func:`lcb_lab.kernel.observer.redact` reads them.

The wording is the game's own paraphrase; the rulebook is cited, never quoted.
"""
from __future__ import annotations

from typing import Any, Iterable

Modifier = tuple[str, int, str]
"""(what, value, rule), e.g. ("behind a wall", -1, "4.5")."""


_LEAF = frozenset((str, int, float, bool, type(None)))


def possessive(name: str) -> str:
    """A piece's name as an owner in a log line or a refusal: ``"SAS A's"``, ``"Marines'"`` (a name ending
    in s takes the apostrophe alone).

    >>> possessive("SAS A"), possessive("Marines")
    ("SAS A's", "Marines'")
    """
    return f"{name}'" if name.endswith("s") else f"{name}'s"


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


_TEXTS = ("kind", "title", "text")


def log_problem(log: Any, players: Iterable[str]) -> tuple[tuple, str] | None:
    """``(loc, problem)`` for the first entry of a saved ``log`` that breaks the shape of :func:`step`
    and the observer's annotations (``audience``: a list of ``players``; ``public`` and each of
    ``public_for``'s forms: an object of ``title`` / ``text`` strings, ``rules`` strings and ``data``),
    ``loc`` from the log (``(3, "rules", 0)``); None when every entry keeps it.  A game's
    ``state_problem`` asks it of a save, so an edited entry is refused when read, not when drawn.

    >>> log_problem([{"kind": "k", "title": "t", "text": "", "rules": [4], "data": {}}], ["Red"])
    ((0, 'rules', 0), 'a rule is cited as a string ("l.12"), not 4')
    """
    players = tuple(players)
    for i, e in enumerate(log):
        bad = _entry_problem(e, players)
        if bad is not None:
            return (i, *bad[0]), bad[1]
    return None


def _entry_problem(e: Any, players: tuple[str, ...]) -> tuple[tuple, str] | None:
    if not isinstance(e, dict):
        return (), "a log entry is an object"
    for k in _TEXTS:
        if not isinstance(e.get(k), str):
            return (k,), "missing: a log entry has it" if k not in e else f"a string is expected, not {e[k]!r}"[:120]
    bad = _form_problem(e, True)
    if bad is not None:
        return bad
    audience = e.get("audience")
    if audience is not None:
        if not isinstance(audience, list):
            return ("audience",), "a list of the players who read the entry is expected"
        for j, p in enumerate(audience):
            if p not in players:
                return ("audience", j), f"{p!r} is not a player ({', '.join(players)})"[:160]
    own = e.get("public_for")
    if own is not None and not isinstance(own, dict):
        return ("public_for",), "an object of each player's own form is expected"
    forms = [(("public",), e.get("public")), *((("public_for", p), f) for p, f in (own or {}).items())]
    for loc, form in forms:
        if form is None:
            continue
        if not isinstance(form, dict):
            return loc, "an object (title, text, rules, data) is expected"
        bad = _form_problem(form, False)
        if bad is not None:
            return (*loc, *bad[0]), bad[1]
    return None


def _form_problem(form: dict, whole: bool) -> tuple[tuple, str] | None:
    """What is wrong in the ``title`` / ``text`` / ``rules`` / ``data`` of an entry (``whole``) or a form."""
    for k in ("title", "text"):
        if not whole and k in form and not isinstance(form[k], str):
            return (k,), f"a string is expected, not {form[k]!r}"[:120]
    if "rules" in form:
        if not isinstance(form["rules"], list):
            return ("rules",), "a list of rules cited is expected"
        for j, r in enumerate(form["rules"]):
            if not isinstance(r, str):
                return ("rules", j), f'a rule is cited as a string ("l.12"), not {r!r}'[:120]
    if "data" in form and not isinstance(form["data"], dict):
        return ("data",), "an object of the entry's facts is expected"
    return None


def render(entry: dict) -> str:
    """One log entry as text: ``[4.2, 4.5] title: text``."""
    rules = ", ".join(entry.get("rules", []))
    head = f"[{rules}] " if rules else ""
    return f"{head}{entry['title']}: {entry['text']}" if entry.get("text") else f"{head}{entry['title']}"


def render_log(entries: Iterable[dict], headers: Iterable[str] = ()) -> str:
    """The explained log, one line per step; an entry whose kind is one of the game's ``headers``
    (e.g. a round's start) is shown as a ``== title ==`` header after a blank line."""
    headers = frozenset(headers)
    lines = []
    for e in entries:
        if e["kind"] in headers:
            lines.append("")
            lines.append(f"== {e['title']} ==")
            continue
        lines.append(render(e))
    return "\n".join(lines).strip("\n")


def explained(events: Iterable[Any]) -> str:
    """The events an ``apply`` returned (each with ``rules``, ``title``, ``text``), one line each,
    ``[rules] title: text`` -- what a course notebook prints after an act."""
    return "\n".join(f"[{', '.join(e.rules)}] {e.title}: {e.text}" for e in events)


def odds_lines(game: Any, action: Any) -> str:
    """The exact odds ``action`` would roll first on ``game``, before any die (the game's chance
    node, ``game.chance_outcomes``), as lines; ``"rolls nothing"`` for an act without dice.
    Raises the game's IllegalAction when the act is refused."""
    step = game.chance_outcomes(action)
    return "rolls nothing" if step is None else step.text()
