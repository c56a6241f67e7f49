"""LC:B's naval zones as places (7.4, 7.41, 7.43, 7.44): labels, reach and CV penalties.

Some maps carry four naval-zone boxes off their bottom edge (4.1, 7.4): the western and
eastern naval approaches, each a gray zone (about 700 km from the main map) and a striped,
gray zone (about 1,200 km).  The boxes are named by side and distance::

    W700  W1200  E700  E1200

7.43: each separate naval unit or stack in a zone is treated as its own hex.  lcb_lab labels
such a place ``<zone>.<n>``, e.g. ``"W700.1"``, ``"W700.2"`` (n = 1..999): a place the rest of
the engine (LRS, INTERCEPT, stacking, the observer, saves, the lab) keeps in a unit's ``hex``
like any ``COL-ROW`` label.  A zone place is never next to anything (7.44: no movement into,
out of or between zones) and is "infinitely" far from every other place (:data:`ZONE_DISTANCE`):
only an infinite range reaches it (7.41).

7.41's reach (which places a unit in a zone may fire on, and may be fired on from):

* a striped zone (1,200 km): the main map and the adjacent zone (the other zone of its side);
* a gray zone (700 km): the main map, the adjacent zone and the opposing gray zone;
* lcb_lab's reading: the list is exhaustive, so a unit's own zone box is not listed and
  cannot be fired into (two stacks in one box do not fight); the main map reaches every
  zone (fire "to a naval zone" from the map, 7.41), by the same reach read backwards for
  zone-to-zone fire.

7.41's CV penalty (printed text truncated after its example, facts.md item 5): lcb_lab's
reading, documented in docs/rules_detail.md:

* between the main map and a gray zone (700 km): -2; between the main map and a striped
  zone (1,200 km): -4 (7.41, first sentence: "into or out of");
* between two zones (adjacent or opposing): -2 (7.41, the bullet after the example, the
  rule printed for zone-to-zone fire; it replaces the 700/1,200 km penalties, they do not add).

>>> is_zone_place("W700.2"), zone_of("E1200.1"), is_zone_place("AL-23")
(True, 'E1200', False)
>>> reach_problem("W1200.1", "E700.1")
'a unit in W1200 (striped, 1,200 km) may fire only onto the main map or W700 (7.41)'
>>> penalty("W700.1", "AL-23"), penalty("AL-23", "E1200.3"), penalty("W1200.1", "W700.2")
(-2, -4, -2)
"""
from __future__ import annotations

import re
from typing import NamedTuple


class Zone(NamedTuple):
    """One naval-zone box (7.4): ``name`` (``"W700"``), ``side`` (``"W"`` western / ``"E"``
    eastern approach), ``km`` (700: gray; 1,200: striped, gray)."""

    name: str
    side: str
    km: int

    @property
    def striped(self) -> bool:
        """True for the striped, gray zone (1,200 km, 7.4)."""
        return self.km == 1200

    @property
    def title(self) -> str:
        """``"western gray zone (700 km)"``: how the log and the lab name the box."""
        side = "western" if self.side == "W" else "eastern"
        return f"{side} {'striped zone' if self.striped else 'gray zone'} ({self.km:,} km)"


ZONES: dict[str, Zone] = {z.name: z for z in (Zone("W1200", "W", 1200), Zone("W700", "W", 700),
                                               Zone("E700", "E", 700), Zone("E1200", "E", 1200))}
"""The four boxes of 7.4, west to east as drawn under the map."""

ZONE_DISTANCE = 10 ** 4
"""Hexes between a zone place and any other place: beyond every finite range (7.41)."""

MAIN_MAP = "main map"
"""What :func:`reach_problem` and :func:`penalty` call any ``COL-ROW`` hex."""

_PLACE = re.compile(r"^(W700|W1200|E700|E1200)\.([1-9]\d{0,2})$")


def is_zone_place(label: object) -> bool:
    """True for a naval-zone place label such as ``"W700.1"`` (7.43)."""
    return isinstance(label, str) and _PLACE.match(label) is not None


def zone_of(label: str) -> str | None:
    """The zone box (``"W700"``) of a zone place, or None for a main-map hex."""
    m = _PLACE.match(label) if isinstance(label, str) else None
    return m.group(1) if m else None


def place(zone: str, n: int) -> str:
    """The label of the ``n``-th stack's place in ``zone``: ``place("W700", 2) == "W700.2"``.
    Raises ValueError for an unknown zone or ``n`` outside 1..999."""
    if zone not in ZONES or not 1 <= n <= 999:
        raise ValueError(f"no naval-zone place {zone}.{n}: zones are {', '.join(ZONES)}, stacks 1..999")
    return f"{zone}.{n}"


def place_problem(label: str, zones: tuple[str, ...] | list[str]) -> str | None:
    """Why ``label`` is no place of a map with naval zones ``zones``, or None (7.4, 7.43)."""
    z = zone_of(label)
    if z is None:
        return f"{label!r} is not a naval-zone place such as 'W700.1'"
    if z not in zones:
        return f"this map has no naval zone {z} (its zones: {', '.join(zones) or 'none'}; 7.4)"
    return None


def distance(a: str, b: str) -> int:
    """Hexes between two places when one is a zone place: 0 for the same place (a stack, 7.43),
    else :data:`ZONE_DISTANCE`."""
    return 0 if a == b else ZONE_DISTANCE


def reachable(frm: str | None) -> set[str | None]:
    """The zones (None: the main map) a unit in zone ``frm`` (None: the main map) may fire on (7.41)."""
    if frm is None:
        return set(ZONES) | {None}
    z = ZONES[frm]
    adjacent = next(n for n, o in ZONES.items() if o.side == z.side and n != frm)
    out: set[str | None] = {None, adjacent}
    if not z.striped:
        out.add(("E" if z.side == "W" else "W") + "700")
    return out


def reach_problem(frm_place: str, to_place: str) -> str | None:
    """Why a unit in ``frm_place`` may not fire on ``to_place`` under 7.41's reach, or None.
    The range itself (infinite) is the caller's check."""
    a, b = zone_of(frm_place), zone_of(to_place)
    if a is None and b is None:
        return None
    if a is not None and a == b:
        return (f"{frm_place} and {to_place} are both in {a}: 7.41 lists the main map and the other "
                "zones a zone may fire on, not its own box (lcb_lab's reading, 7.41)")
    if b in reachable(a):
        return None
    z = ZONES[a]
    if z.striped:
        return (f"a unit in {a} (striped, 1,200 km) may fire only onto the main map or "
                f"{next(n for n, o in ZONES.items() if o.side == z.side and n != a)} (7.41)")
    return f"a unit in {a} (700 km) may fire only onto the main map, the adjacent zone or the opposing gray zone (7.41)"


def penalty(frm_place: str, to_place: str) -> int:
    """The LRS CV change of fire from ``frm_place`` to ``to_place`` (7.41, lcb_lab's reading in
    the module docstring): 0 on the main map, -2 map <-> gray zone, -4 map <-> striped zone,
    -2 zone <-> zone."""
    a, b = zone_of(frm_place), zone_of(to_place)
    if a is None and b is None:
        return 0
    if a is not None and b is not None:
        return -2
    return -4 if ZONES[a or b].striped else -2


def penalty_text(frm_place: str, to_place: str) -> str:
    """Why :func:`penalty` is what it is, for the log: ``"from naval zone W700 (700 km)"``."""
    a, b = zone_of(frm_place), zone_of(to_place)
    if a is not None and b is not None:
        return f"naval zone {a} -> naval zone {b}"
    z = a or b
    return f"{'from' if a else 'into'} naval zone {z} ({ZONES[z].km:,} km)"


def reach_table() -> list[tuple[str, str, str]]:
    """7.41 for a reader: one row ``(from, onto, "CV -2")`` or ``(from, onto, "refused")`` for each
    pair of the main map and the four zones (lcb_lab's reading, module docstring)."""
    places = [MAIN_MAP, *ZONES]
    label = {MAIN_MAP: "AL-23", **{z: f"{z}.1" for z in ZONES}}
    out = []
    for a in places:
        for b in places:
            if a == MAIN_MAP and b == MAIN_MAP:
                continue
            frm, to = label[a], label[b] if a != b else f"{b}.2"
            why = reach_problem(frm, to)
            out.append((a, b, "refused" if why else f"CV {penalty(frm, to):+d}"))
    return out
