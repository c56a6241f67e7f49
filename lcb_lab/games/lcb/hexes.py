"""LC:B's hexes: ``COL-ROW`` labels, 20 km hexes, the grid's edge (4.1, 5.1), over :mod:`lcb_lab.kernel.hexgrid`.

The rulebook names hexes ``COL-ROW`` with letter columns and number rows, e.g. ``"AL-23"``
(Appendix B).  The geometry (facings, rays, distances, the lattice) is the game-free
:mod:`lcb_lab.kernel.hexgrid`; this module is LC:B's label scheme and hex size on it, and the
label-based functions the rules and views call.

Layout convention (fixed for every lcb_lab map):

* hexes are *flat-topped*; columns run north to south, rows west to east;
* column ``A`` is column number 1, ``Z`` is 26, ``AA`` 27, ``AL`` 38 ...
  (bijective base 26, like spreadsheet columns);
* rows are numbered from 1 at the top (north) downwards (south);
* **odd-numbered columns (A, C, ... AM) are shifted half a hex down (south)**
  (``hexgrid.from_offset(col, row, shifted="odd")`` on the 1-based column number), which makes
  rule 5.111's example path AK-20 -> AL-20 -> AM-19 adjacent;
* one hex is 20 km across its flats (4.1): the distance between the centres
  of two adjacent hexes is :data:`HEX_KM`;
* the grid starts at ``A-1``: hexes of column or row below 1 do not exist (left out of
  :func:`neighbours` and :func:`ring`).

Distances are counted in hexes, *not counting the hex a unit stands in*
(4.21, 7.31): adjacent hexes are at distance 1, the own hex at 0.

>>> distance("AK-20", "AM-19"), [h.label for h in neighbours("AL-20")][:2]
(2, ['AM-19', 'AM-20'])
>>> LABELS.label(hexgrid.neighbour(LABELS.parse("AL-20"), hexgrid.Facing.N))
'AL-19'
>>> GRID.line("AK-20", "AO-22")
['AK-20', 'AL-21', 'AM-21', 'AN-22', 'AO-22']
>>> GRID.ray("AL-23", Facing.N, 2), GRID.facing_between("AK-20", "AL-20").name
(['AL-22', 'AL-21'], 'NE')
>>> GRID.ray("B-2", Facing.N, 5), GRID.neighbours("A-1")    # the grid's edge ends a ray
(['B-1'], ['B-1', 'B-2', 'A-2'])
>>> GRID.line("B-1", "D-1")          # due east along row 1: the left (north) tie is C-0
Traceback (most recent call last):
...
ValueError: no LC:B hex at column 3, row 0: the grid starts at A-1
>>> GRID.line("B-1", "D-1", tie="right")
['B-1', 'C-1', 'D-1']
"""
from __future__ import annotations

import math
import re
from functools import lru_cache
from typing import Iterable, Iterator, NamedTuple

from lcb_lab.games.lcb import zones
from lcb_lab.kernel import hexgrid
from lcb_lab.kernel.hexgrid import Axial, Facing

HEX_KM = 20.0
"""Centre-to-centre distance of adjacent hexes in km (rule 4.1: 20 km hexes)."""

RADIUS_KM = HEX_KM / math.sqrt(3.0)
"""Centre-to-corner radius of a hex in km."""

LAYOUT = hexgrid.Layout(HEX_KM, origin=(-1.5 * RADIUS_KM, -HEX_KM))
"""The km plane (x east, y south) of every LC:B map: A-1's centre at (0, 10), B-1's at (17.32, 0)."""

_LABEL_RE = re.compile(r"^\s*([A-Za-z]{1,3})\s*-?\s*(\d{1,3})\s*$")
_ORDER = (Facing.NE, Facing.SE, Facing.S, Facing.SW, Facing.NW, Facing.N)
"""The order :func:`neighbours` has always listed (legal actions and transcripts follow it)."""


class Hex(NamedTuple):
    """One hex: ``col`` (1 = A) and ``row`` (1 = top), both 1-based."""

    col: int
    row: int

    @property
    def label(self) -> str:
        """The rulebook form ``COL-ROW``, e.g. ``Hex(38, 23).label == "AL-23"``."""
        return f"{col_letters(self.col)}-{self.row}"

    @property
    def axial(self) -> Axial:
        """This hex in the geometry's axial coordinates (:mod:`lcb_lab.kernel.hexgrid`)."""
        return hexgrid.from_offset(self.col, self.row, shifted="odd")

    def __str__(self) -> str:  # pragma: no cover - convenience
        return self.label


class LcbLabels:
    """LC:B's label scheme (a :class:`lcb_lab.kernel.hexgrid.Labels`): ``"AL-23"`` <-> an Axial.

    >>> LABELS.parse("AL-23"), LABELS.label(Axial(38, 4))
    (Axial(q=38, r=4), 'AL-23')
    """

    def label(self, h: Axial) -> str:
        """``COL-ROW`` of ``h``; raises ValueError for a hex before column A / row 1 (numbers 1-based)."""
        col, row = hexgrid.to_offset(h, shifted="odd")
        if row < 1 or col < 1:
            raise ValueError(f"no LC:B hex at column {col}, row {row}: the grid starts at A-1")
        return f"{col_letters(col)}-{row}"

    def parse(self, text: str) -> Axial:
        """The hex labelled ``text`` (``"AL-23"``, ``"AO24"``); raises ValueError."""
        return parse(text).axial


LABELS = LcbLabels()
"""The label scheme LC:B callers pass where the geometry asks for one."""

GRID = hexgrid.Grid(LABELS, LAYOUT)
"""LC:B's grid in labels: facings, rays and lines between ``"AL-23"``-style hexes (module examples)."""


def col_letters(col: int) -> str:
    """Column number (1-based) to letters: 1 -> ``A``, 27 -> ``AA``, 38 -> ``AL``.

    Raises ValueError for ``col < 1``.
    """
    if col < 1:
        raise ValueError(f"column number must be >= 1, got {col}")
    out = ""
    while col:
        col, rem = divmod(col - 1, 26)
        out = chr(ord("A") + rem) + out
    return out


def col_number(letters: str) -> int:
    """Column letters to number: ``A`` -> 1, ``AL`` -> 38. Raises ValueError."""
    if not letters or not letters.isalpha():
        raise ValueError(f"column must be letters, got {letters!r}")
    n = 0
    for ch in letters.upper():
        n = n * 26 + (ord(ch) - ord("A") + 1)
    return n


@lru_cache(maxsize=4096)
def parse(label: str) -> Hex:
    """Parse ``"AL-23"`` (also ``"AO24"`` as printed in Appendix B) into a Hex.

    Raises ValueError naming the label when it is not of the COL-ROW form.
    """
    m = _LABEL_RE.match(label)
    if not m:
        raise ValueError(f"{label!r} is not a hex label of the form COL-ROW such as 'AL-23'")
    return Hex(col_number(m.group(1)), int(m.group(2)))


def normalise(label: str) -> str:
    """Canonical label: ``"ao24"`` -> ``"AO-24"``. Raises ValueError."""
    return parse(label).label


def _hex(h: Hex | str) -> Hex:
    return parse(h) if isinstance(h, str) else h


def _on_grid(a: Axial) -> Hex | None:
    """The Hex of ``a``, or None before column A / row 1."""
    col, row = hexgrid.to_offset(a, shifted="odd")
    return Hex(col, row) if col >= 1 and row >= 1 else None


@lru_cache(maxsize=65536)
def _distance_labels(a: str, b: str) -> int:
    return hexgrid.distance(parse(a).axial, parse(b).axial)


def distance(a: Hex | str, b: Hex | str) -> int:
    """Hexes between ``a`` and ``b`` (own hex not counted: adjacent = 1).

    Accepts Hex objects or labels; a naval-zone place (``"W700.1"``, 7.43) is 0 from itself and
    :data:`lcb_lab.games.lcb.zones.ZONE_DISTANCE` from any other place (7.41).  Raises ValueError
    for a bad label.
    """
    la = a if isinstance(a, str) else a.label
    lb = b if isinstance(b, str) else b.label
    if "." in la or "." in lb:
        if zones.is_zone_place(la) or zones.is_zone_place(lb):
            return zones.distance(la, lb)
    return _distance_labels(la, lb)


def _steps(col: int) -> tuple[tuple[int, int], ...]:
    """The (column, row) steps to the neighbours in :data:`_ORDER` of a hex in a column of ``col``'s parity."""
    here = hexgrid.from_offset(col, 1, shifted="odd")
    return tuple((c - col, r - 1) for c, r in (hexgrid.to_offset(hexgrid.neighbour(here, f), shifted="odd")
                                                for f in _ORDER))


_STEPS = (_steps(2), _steps(1))
"""The neighbour steps of even and of odd (shifted) columns, from the geometry (a fast path for the rules)."""


def neighbours(h: Hex | str) -> list[Hex]:
    """The six adjacent hexes (6.21 TERM: the hexes immediately next to it), NE first, then clockwise.

    Hexes off the top/left edge (column or row < 1) are left out; whether a
    neighbour is on a given map is the board's business.
    """
    col, row = _hex(h)
    return [Hex(col + dc, row + dr) for dc, dr in _STEPS[col & 1] if col + dc >= 1 and row + dr >= 1]


def ring(h: Hex | str, radius: int) -> list[Hex]:
    """Hexes at exactly ``radius`` from ``h`` (radius 0 is ``[h]``), in :func:`lcb_lab.kernel.hexgrid.ring`'s
    order, those off the top/left edge left out."""
    return list(_ring(_hex(h), radius))


@lru_cache(maxsize=16384)
def _ring(hh: Hex, radius: int) -> tuple[Hex, ...]:
    if radius == 0:
        return (hh,)
    return tuple(n for a in hexgrid.ring(hh.axial, radius) if (n := _on_grid(a)) is not None)


def within(h: Hex | str, radius: int) -> Iterator[Hex]:
    """All hexes at distance 0..radius from ``h``."""
    for r in range(radius + 1):
        yield from ring(h, r)


def centre_km(h: Hex | str) -> tuple[float, float]:
    """Centre of a hex in map km: x grows east, y grows **south**.

    x = (col-1) * 1.5 * R; y = (row-1) * 20 km, plus
    10 km for odd (shifted) columns, so A-1 is at (0, 10).  Adjacent centres are
    :data:`HEX_KM` apart.
    """
    hh = _hex(h)
    x = (hh.col - 1) * 1.5 * RADIUS_KM
    y = (hh.row - 1) * HEX_KM + (HEX_KM / 2 if hh.col % 2 == 1 else 0.0)
    return x, y


def corners_km(h: Hex | str) -> list[tuple[float, float]]:
    """Six corners of a flat-topped hex in map km (x east, y south), east first, then clockwise."""
    cx, cy = centre_km(h)
    return [
        (cx + RADIUS_KM * math.cos(math.radians(60 * i)),
         cy + RADIUS_KM * math.sin(math.radians(60 * i)))
        for i in range(6)
    ]


def hex_at_km(x: float, y: float) -> Hex:
    """The hex containing map point (x east, y south) in km.

    A point just outside the grid's top/left edge gives the nearest hex of the grid when its
    centre is at most 30 km (one and a half hexes) away; farther out is a ValueError.
    """
    a = LAYOUT.hex_at(x, y)
    if (h := _on_grid(a)) is not None:
        return h
    near = [(math.dist(LAYOUT.centre(n), (x, y)), h) for n in hexgrid.within(a, 2) if (h := _on_grid(n))]
    best = min(near, default=None)
    if best is None or best[0] > 1.5 * HEX_KM:
        raise ValueError(f"point ({x:.1f}, {y:.1f}) km lies before column A / row 1")
    return best[1]


def labels(hexes: Iterable[Hex]) -> list[str]:
    """Labels of several hexes, in order."""
    return [h.label for h in hexes]
