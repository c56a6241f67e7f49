"""Events: what one applied action added to the log (3.3; the explained log).

:meth:`lcb_lab.games.lcb.game.Game.apply` returns the events of the act, in order.  An
event is a read-only view of one log entry (``state.log[index]``, a plain
JSON dict made by :func:`lcb_lab.kernel.explain.step`); who may read it, and in what
form, is decided by the observer (:mod:`lcb_lab.kernel.observer`; LC:B's ``Game.log_entries``),
never by the event itself.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class Event:
    """One explained step: ``kind`` (``"lrs_roll"``...), ``title``, ``text``, the
    ``rules`` cited, ``turn``/``impulse`` numbers, ``index`` in ``state.log`` and the
    whole ``entry`` (with its ``data``)."""

    index: int
    kind: str
    title: str
    text: str
    rules: tuple[str, ...]
    turn: int
    impulse: int
    entry: dict[str, Any] = field(repr=False)

    @classmethod
    def from_log(cls, log: list[dict], index: int) -> "Event":
        """The event of ``log[index]`` (a log entry dict: ``kind``, ``title``, ``text``, optional
        ``rules``, ``turn``, ``impulse``, ``data``); raises ``IndexError``/``KeyError`` on a bad index or entry."""
        e = log[index]
        return cls(index, e["kind"], e["title"], e["text"], tuple(e.get("rules", ())),
                   e.get("turn", 0), e.get("impulse", 0), e)

    @property
    def data(self) -> dict[str, Any]:
        """The entry's ``data`` dict (``{}`` when it has none)."""
        return self.entry.get("data", {})

    def seen_by(self, viewer: str | None) -> dict[str, Any] | None:
        """The entry as ``viewer`` (a player, ``"instructor"``/None) may read it: the full
        entry, its public form, or None (:func:`lcb_lab.kernel.observer.redact`). Hand a player
        only this, never the event itself."""
        from lcb_lab.kernel.observer import redact
        return redact(self.entry, viewer)
