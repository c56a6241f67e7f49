"""Facts that depend only on a game's fixed parts -- its catalog, board and card decks -- worked
out once and looked up after (a speed aid for the rules' hot paths; no rule lives here).

The catalog and the decks are frozen models and the board a frozen dataclass: nothing a game
does changes them, so a fact derived from them alone (e.g. the widest INTERCEPT range any back
in a hex may have, 7.53) is the same every time it is asked.  :func:`memo` gives the dict of
such facts for one combination of those objects, told apart by identity (the objects are kept
alive with their dict, so an identity is never reused while its facts are kept).
"""
from __future__ import annotations

from typing import Any

_MEMOS: dict[tuple[int, ...], tuple[tuple, dict]] = {}
MAX_MEMOS = 32
"""Combinations kept at once; the oldest are forgotten past this (tests build many games)."""


def memo(*fixed: Any) -> dict:
    """The facts dict of this combination of fixed objects (catalog, board, decks...; identity
    decides).  The caller keys its facts by what else they depend on (a team, a hex, a type id)."""
    key = tuple(map(id, fixed))
    got = _MEMOS.get(key)
    if got is not None:      # the very objects: those of the key are alive (kept), so no other has their ids
        return got[1]
    if len(_MEMOS) >= MAX_MEMOS:
        del _MEMOS[next(iter(_MEMOS))]
    facts: dict = {}
    _MEMOS[key] = (fixed, facts)
    return facts
