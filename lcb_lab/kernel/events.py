"""Events: what one applied action added to the log (the explained log).

:meth:`lcb_lab.kernel.engine.Engine.apply` returns the events of the act, in order.  An
event is a read-only view of one log entry (``state.log[index]``, a plain
JSON dict made by :func:`lcb_lab.kernel.explain.step`); who may read it, and in what
form, is decided by the observer (:mod:`lcb_lab.kernel.observer`, through the game),
never by the event itself.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class Event:
    """One explained step: ``kind`` (``"volley"``...), ``title``, ``text``, the
    ``rules`` cited, ``turn`` / ``sub_turn`` numbers (0 when the entry has none), ``index`` in
    ``state.log`` and the whole ``entry`` (with its ``data``); ``place_keys``: the entry's keys
    of its turn and sub-turn (the game's)."""

    index: int
    kind: str
    title: str
    text: str
    rules: tuple[str, ...]
    turn: int
    sub_turn: int
    entry: dict[str, Any] = field(repr=False)
    place_keys: tuple[str, ...] = field(default=("turn", "sub_turn"), repr=False)

    @classmethod
    def from_log(cls, log: list[dict], index: int, place_keys: tuple[str, ...] = ("turn", "sub_turn")) -> "Event":
        """The event of ``log[index]`` (a log entry dict: ``kind``, ``title``, ``text``, optional
        ``rules``, ``data`` and the place keys), its turn and sub-turn read from the entry's
        ``place_keys``; raises ``IndexError``/``KeyError`` on a bad index or entry."""
        e = log[index]
        turn, sub = keys = tuple(place_keys[:2])
        ev = object.__new__(cls)        # the frozen __init__'s field writes, in one dict update (an act's events)
        ev.__dict__.update(index=index, kind=e["kind"], title=e["title"], text=e["text"],
                           rules=tuple(e.get("rules", ())), turn=e.get(turn, 0), sub_turn=e.get(sub, 0), entry=e,
                           place_keys=keys)
        return ev

    @property
    def data(self) -> dict[str, Any]:
        """The entry's ``data`` dict (``{}`` when it has none)."""
        return self.entry.get("data", {})

    def seen_by(self, viewer: str | None) -> dict[str, Any] | None:
        """The entry as ``viewer`` (a player, ``"instructor"``/None) may read it: the full
        entry, its public form (with its place), or None (:func:`lcb_lab.kernel.observer.redact`).
        Hand a player only this, never the event itself."""
        from lcb_lab.kernel.observer import redact
        return redact(self.entry, viewer, self.place_keys)
