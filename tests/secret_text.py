"""What a team may not know, as text to look for on its page: the other side's secrets.

A *secret* of a team's view is a designator, card name or hex that the instructor's view
names (:meth:`Game.view` ``("instructor")``) and the team's own observer outputs do not -- not
its view (``game.view(team)``), not its log (``game.log_entries(team)``).  :func:`secrets`
computes them from the observer alone (nothing here decides hidden information on its own);
:func:`tree_strings` reads every string an ipywidgets tree sends to the browser (each synced
trait of each widget, children, layouts and styles included, displayed or not);
:func:`leaks` finds the secrets in some text, by whole word.
"""
from __future__ import annotations

import json
import re
from typing import Iterable

KINDS = ("designator", "card", "hex")


def _strings(data, out: set[str]) -> set[str]:
    if isinstance(data, str):
        out.add(data)
    elif isinstance(data, dict):
        for k, v in data.items():
            _strings(k, out)
            _strings(v, out)
    elif isinstance(data, (list, tuple, set)):
        for v in data:
            _strings(v, out)
    return out


def _candidates(view: dict) -> dict[str, set[str]]:
    """The designators, card names and secret-marker hexes the instructor's ``view`` names."""
    units = {c["uid"] for c in view["counters"] if c.get("uid")}
    cards = {c["name"] for c in view["cards"] if c.get("name")}
    cards |= {a for c in view["counters"] for a in c.get("attachments") or ()}
    cards |= {j for js in view["jccs"].values() for j in js}
    hexes = {m["hex"] for m in view["markers"] if m.get("hex")}
    hexes |= {e["hex"] for entries in view["sot"].values() for e in entries if e.get("hex")}
    return {"designator": units, "card": cards, "hex": hexes}


def secrets(game, team: str) -> dict[str, set[str]]:
    """``{kind: strings}``: what the instructor's view names and ``team``'s observer outputs
    (its view and its log) never do (``kind`` one of :data:`KINDS`)."""
    known = _strings(game.view(team), set())
    log = " ".join(json.dumps(getattr(e, "__dict__", str(e)), default=str) for e in game.log_entries(team))
    out = {}
    for kind, found in _candidates(game.view("instructor")).items():
        out[kind] = {s for s in found if s not in known and not _word(s).search(log)}
    return out


def _word(s: str) -> re.Pattern:
    return re.compile(r"(?<![\w-])" + re.escape(s) + r"(?![\w-])")


def leaks(text: str, found: dict[str, set[str]], kinds: Iterable[str] = KINDS) -> list[str]:
    """``["card: Space Satellites", ...]``: the secrets of ``found`` that ``text`` names (whole words)."""
    return sorted(f"{k}: {s}" for k in kinds for s in found.get(k, ()) if _word(s).search(text))


def tree_strings(widget) -> tuple[list[str], list[str]]:
    """``(texts, board_texts)``: every string of the state (``get_state()``, what a frontend
    receives) of ``widget`` and of each widget it refers to (children, layout, style, ...),
    displayed or not; the Bokeh map's model
    (which names every hex of the board) goes to ``board_texts``."""
    import ipywidgets as W
    texts: list[str] = []
    board: list[str] = []
    seen: set[int] = set()

    def walk(w) -> None:
        if id(w) in seen:
            return
        seen.add(id(w))
        out = board if type(w).__name__.endswith("BokehModel") else texts
        state = w.get_state()                    # what a frontend asking for the widget receives
        for name in w.keys:
            v = getattr(w, name, None)
            if isinstance(v, W.Widget):
                walk(v)
                continue
            if isinstance(v, (list, tuple)) and any(isinstance(x, W.Widget) for x in v):
                for x in v:
                    if isinstance(x, W.Widget):
                        walk(x)
                continue
            out.extend(_strings(_plain(state.get(name)), set()))

    walk(widget)
    return texts, board


def _plain(v):
    """A trait value as JSON-like data (a Bokeh bundle's dict, options' tuples, ...)."""
    if isinstance(v, (str, int, float, bool)) or v is None:
        return v
    if isinstance(v, dict):
        return {str(k): _plain(x) for k, x in v.items()}
    if isinstance(v, (list, tuple, set)):
        return [_plain(x) for x in v]
    return str(v)
