"""Small controls the games' turn panels share: :func:`button` (one act's button), :func:`hand_over_button`
(*Hand over*: show the view of the player the game waits for) and :func:`chances_text` (a kernel
``ChanceStep``'s outcomes in words, for "Odds before the roll")."""
from __future__ import annotations

from typing import Any, Callable

import ipywidgets as W

__all__ = ["button", "hand_over_button", "chances_text"]


def button(text: str, tip: str, cb: Callable[[], Any], style: str = "") -> W.Button:
    """A button labelled ``text`` (tooltip ``tip``, ``button_style`` ``style``) that calls ``cb()`` when
    clicked, as wide as its label."""
    b = W.Button(description=text, tooltip=tip, button_style=style, layout=W.Layout(width="auto"))
    b.on_click(lambda _b: cb())
    return b


def hand_over_button(lab: Any, tip: str, who: Callable[[], str | None]) -> W.Button:
    """*Hand over*: a button that shows the view of ``who()`` (the player the game waits for) through
    ``lab.set_team``; nothing when ``who()`` is None.  The panel sets its label ("Hand over to Blue")."""
    def go() -> None:
        player = who()
        if player is not None:
            lab.set_team(player)
    return button("Hand over", tip, go, "info")


def chances_text(step: Any, with_miss: bool = False, words: Any = None) -> str:
    """A kernel ``ChanceStep``'s outcomes in words (plain text, for escaping): for a yes/no count
    (outcomes 0 and 1) "hit: 41.7%" (``with_miss``: then " · no hit: 58.3%"; ``words``, a function
    of the count's name giving the game's own (yes, no) words, e.g. ("HIT", "MISS"), names both), else
    each value's chance, "bonus 0: 50.0%, bonus 1: 50.0%"; the count's name is ``step.counts[0]``
    ("outcome" when none)."""
    name = step.counts[0] if step.counts else "outcome"
    probs = {v[0]: p for v, p in step.outcomes}
    if set(probs) <= {0, 1}:
        yes, no = words(name) if words is not None else (name, f"no {name}")
        miss = f" \u00b7 {no}: {100 * probs.get(0, 0.0):.1f}%" if with_miss or words is not None else ""
        return f"{yes}: {100 * probs.get(1, 0.0):.1f}%{miss}"
    return ", ".join(f"{name} {v}: {100 * p:.1f}%" for v, p in sorted(probs.items()))
