"""What an aircraft's control panel may hold (expanded rules, l.874, l.897, l.1011, l.1086).

* Helicopters H1-H2 (level 3): one missile, A-S or A-A (l.499, l.522).
* Utility helicopters H3-H4: one A-S or AGR, or instead one unit of commandos (l.874).
* The combat helicopter H5: two places, one for an A-A or AGR, the other for an A-S or AGR (l.897).
* The transport helicopter H6 (l.1011) and the seaplane H7 (l.1086, l.1117): markers of any kind
  (commandos included), two at most (*reading*: "up to two C markers or any marker of armament";
  the seaplane's count is sandbox); they carry them, they never use them (l.1011).
* Combat aircraft: the markers they start with, never restocked (one combat flight, l.1288).

Each class's places are its ``slots`` in ``data/pieces.toml`` (one list of kinds a place takes), or
``any_load`` markers of any kind when it has no ``slots``.

>>> from lcb_lab.games.archipelago.model.state import Piece
>>> fits(Piece("Red", "combat_helicopter", 5, (0, 0), 0, ["A-A"]), ["AGR"]), fits(Piece("Red", "combat_helicopter", 5, (0, 0), 0, ["AGR"]), ["A-A"])
(True, True)
>>> fits(Piece("Red", "combat_helicopter", 5, (0, 0), 0, ["A-A"]), ["A-A"])
False
"""
from __future__ import annotations

from itertools import permutations
from typing import Iterable

from lcb_lab.games.archipelago.model.state import Piece
from lcb_lab.games.archipelago.rules.common import cls_of

LEVEL3 = (("A-S", "A-A"),)
"""The level-3 helicopter's one place: an A-S or an A-A missile (l.499, l.522)."""


def slots(p: Piece) -> tuple[tuple[str, ...], ...] | None:
    """The places of ``p``'s panel, each the kinds it takes; None: ``any_load`` markers of any kind."""
    c = cls_of(p)
    if c.get("slots"):
        return tuple(tuple(x) for x in c.get("slots"))
    if p.kind == "helicopter":
        return LEVEL3
    return None


def fits(p: Piece, more: Iterable[str]) -> bool:
    """Whether ``p``'s panel holds its markers and ``more`` besides (module docstring)."""
    markers = list(p.ammo) + list(more)
    places = slots(p)
    if places is None:
        return len(markers) <= cls_of(p).any_load
    if len(markers) > len(places):
        return False
    return any(all(m in places[i] for m, i in zip(markers, order)) for order in permutations(range(len(places)), len(markers)))


def kinds(p: Piece) -> tuple[str, ...]:
    """Every marker kind ``p``'s panel may take (empty: any kind)."""
    places = slots(p)
    return () if places is None else tuple(sorted({k for place in places for k in place}))
