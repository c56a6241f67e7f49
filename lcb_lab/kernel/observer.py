"""Hidden information for any game on the kernel: one ``knows`` decides, the observer redacts.

A game supplies ONE function ``knows(state, viewer, subject) -> bool``: may ``viewer`` know
``subject`` now?  A *viewer* is a player, a unit (per-unit knowledge: what a unit has spotted),
or the all-seeing :data:`INSTRUCTOR` / None; a *subject* is whatever the game's rules name (a
counter, a card, a reference ``{kind: id}``).  :class:`Observer` builds on it:

* :meth:`Observer.visible` -- the subjects a viewer may know;
* :meth:`Observer.is_secret` -- whether an entry's ``about`` fact is unknown to some player
  other than the acting one (asked at the moment of logging);
* :meth:`Observer.annotate` -- a fresh log entry gets ``audience`` (who reads its full form) and
  ``public`` (what the others read) from a per-kind *form* function of the game;
* :func:`redact` / :func:`redact_log` -- an entry as a viewer reads it (game-free: only the
  ``audience`` / ``public`` contract).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Hashable, Iterable, Mapping, Sequence

INSTRUCTOR = "instructor"
"""The all-seeing viewer (None is read as the instructor too)."""

Knows = Callable[[Any, Any, Any], bool]
"""``knows(state, viewer, subject) -> bool``: the game's one decision on hidden information."""

Form = tuple
"""What a form function returns: ``(audience or None, public form or None)``, optionally a third
item ``{player: form}``, each player's own public form (the entry's ``public_for``)."""


def all_seeing(viewer: Hashable | None) -> bool:
    """Whether ``viewer`` sees everything (the instructor, or None)."""
    return viewer is None or viewer == INSTRUCTOR


@dataclass
class Observer:
    """A game's observer: its ``knows``, its ``players`` (who may be kept in the dark about a
    logged fact) and its ``forms`` (entry kind -> ``form(entry, data, secret) -> (audience,
    public)``)."""

    knows: Knows
    players: Sequence[str]
    forms: Mapping[str, Callable[[dict, dict, bool], Form]] = field(default_factory=dict)

    def visible(self, state: Any, viewer: Hashable | None, subjects: Iterable[Any]) -> list:
        """The ``subjects`` ``viewer`` may know (all of them for the instructor)."""
        return [s for s in subjects if all_seeing(viewer) or self.knows(state, viewer, s)]

    def is_secret(self, state: Any | None, data: dict) -> bool:
        """Whether a player other than the entry's ``team`` does not know what the entry is
        ``about`` (one subject or a list of them), asked at the moment of logging."""
        about = data.get("about")
        if not about or state is None:
            return False
        subjects = [about] if isinstance(about, Mapping) or not isinstance(about, (list, tuple)) else list(about)
        return any(not self.knows(state, p, s) for p in self.players if p != data.get("team") for s in subjects)

    def annotate(self, entry: dict, state: Any | None = None) -> dict:
        """Add ``audience`` / ``public`` to a fresh entry from the facts in its ``data``.
        An entry whose kind has no form, or that carries no ``team`` fact, is public."""
        data = entry.get("data") or {}
        form = self.forms.get(entry.get("kind"))
        if form is None or "team" not in data:
            return entry
        audience, public, *own = form(entry, data, self.is_secret(state, data))
        if audience is not None:
            entry["audience"] = list(audience)
            if public is not None:
                entry["public"] = public
            if own and own[0]:                       # a form per player (see :func:`redact`)
                entry["public_for"] = dict(own[0])
        return entry


def redact(entry: dict, viewer: Hashable | None, place: Iterable[str] = ()) -> dict | None:
    """``entry`` as ``viewer`` reads it: the entry itself for the all-seeing viewer and the players
    in its ``audience`` (absent = everyone), its public form for the others (the player's own one
    when the entry has ``"public_for": {player: form}``, e.g. two players who each know a different
    half of a roll; a new dict with
    kind, title, text, rules, data, and the entry's ``place`` keys -- the game's, e.g. its turn and
    sub-turn), or None when they read nothing."""
    audience = entry.get("audience")
    if all_seeing(viewer) or audience is None or viewer in audience:
        return entry
    public = (entry.get("public_for") or {}).get(viewer, entry.get("public"))
    if public is None:
        return None
    out = {"kind": entry["kind"], "title": public.get("title", ""), "text": public.get("text", ""),
           "rules": list(public.get("rules", entry.get("rules", []))), "data": dict(public.get("data", {}))}
    for k in place:
        if k in entry:
            out[k] = entry[k]
    return out


def redact_log(log: Iterable[dict], viewer: Hashable | None, place: Iterable[str] = ()) -> list[dict]:
    """Every entry of ``log`` ``viewer`` may read, as it reads it (see :func:`redact`)."""
    place = tuple(place)
    return [r for r in (redact(e, viewer, place) for e in log) if r is not None]
