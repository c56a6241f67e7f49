"""Optional rule l.431 (switch ``"l.431"``): the helicopter armament face down (level 3).

The A-S and A-A markers -- on the ammunition ship A-15, the frigate F-17's helicopter armament, the
ammunition storage of Bases A and B (the side's panel A, :data:`ArchState.stock`, and each Base B's
own panel, ``ArchState.panels_b``, l.429) and the
helicopters -- lie face down: the other player sees a face-down marker where one lies, never whether
it is an A-S or an A-A (l.431).  *Reading*: every panel's A-S and A-A markers (the expanded ships'
too); the other markers (T, G, Repair, AGR...) stay open; a marker is shown when it is launched (the
launch names it, as a card is shown when used, l.773).

What a player may know is decided in :mod:`~lcb_lab.games.archipelago.observer` (subject
``{"armament": player}``); this module words it:

>>> panel(["G", "A-A", "G", "A-S"], face_down=True)
['G', 'G', 'face down', 'face down']
>>> subjects("Red", ["T", "G"], {"stock": "Red"}), subjects("Red", ["A-S"], {"stock": "Red"})
({'stock': 'Red'}, [{'stock': 'Red'}, {'armament': 'Red'}])
"""
from __future__ import annotations

from typing import Any, Iterable

RULE = "l.431"
ARMAMENT = ("A-S", "A-A")
"""The two kinds l.431 turns face down."""
FACE_DOWN = "face down"
"""What the other player reads in place of an A-S or A-A marker."""


def panel(markers: Iterable[str], face_down: bool) -> list[str]:
    """``markers`` sorted as a viewer reads them: A-S and A-A as :data:`FACE_DOWN` when ``face_down``
    (open markers first)."""
    ms = list(markers)
    if not face_down:
        return sorted(ms)
    return sorted(m for m in ms if m not in ARMAMENT) + [FACE_DOWN] * sum(m in ARMAMENT for m in ms)


def stock(counts: dict[str, int], hidden: bool) -> dict[str, int]:
    """A panel A's ``{kind: count}`` as a viewer reads it: the A-S and A-A summed as :data:`FACE_DOWN`
    when ``hidden``."""
    if not hidden:
        return dict(sorted(counts.items()))
    out = {k: n for k, n in sorted(counts.items()) if k not in ARMAMENT}
    out[FACE_DOWN] = sum(counts.get(k, 0) for k in ARMAMENT)
    return out


def subjects(owner: str, markers: Iterable[str], about: Any) -> Any:
    """A log entry's ``about`` for markers of ``owner`` changing panels: ``about`` (a subject or a
    list) and ``{"armament": owner}`` when an A-S or A-A is among ``markers``."""
    if not any(m in ARMAMENT for m in markers):
        return about
    return (list(about) if isinstance(about, list) else [about]) + [{"armament": owner}]
