"""Hex coordinates, COL-ROW labels, distances and neighbours (4.1, 5.1).

The rulebook names hexes ``COL-ROW`` with letter columns and number rows, e.g.
``"AL-23"`` (Appendix B).  This module is pure arithmetic: no map data, no
geometry library.

Layout convention (fixed for every lcb_lab map):

* hexes are *flat-topped*; columns run north to south, rows west to east;
* column ``A`` is column number 1, ``Z`` is 26, ``AA`` 27, ``AL`` 38 ...
  (bijective base 26, like spreadsheet columns);
* rows are numbered from 1 at the top (north) downwards (south);
* **odd-numbered columns (A, C, ... AM) are shifted half a hex down (south)**,
  which makes rule 5.111's example path AK-20 -> AL-20 -> AM-19 adjacent;
* one hex is 20 km across its flats (4.1): the distance between the centres
  of two adjacent hexes is :data:`HEX_KM`.

Distances are counted in hexes, *not counting the hex a unit stands in*
(4.21, 7.31): adjacent hexes are at distance 1, the own hex at 0.
"""
from __future__ import annotations

import math
import re
from functools import lru_cache
from typing import Iterable, Iterator, NamedTuple

HEX_KM = 20.0
"""Centre-to-centre distance of adjacent hexes in km (rule 4.1: 20 km hexes)."""

RADIUS_KM = HEX_KM / math.sqrt(3.0)
"""Centre-to-corner radius of a hex in km."""

_LABEL_RE = re.compile(r"^\s*([A-Za-z]{1,3})\s*-?\s*(\d{1,3})\s*$")


class Hex(NamedTuple):
    """One hex: ``col`` (1 = A) and ``row`` (1 = top), both 1-based."""

    col: int
    row: int

    @property
    def label(self) -> str:
        """The rulebook form ``COL-ROW``, e.g. ``Hex(38, 23).label == "AL-23"``."""
        return f"{col_letters(self.col)}-{self.row}"

    def __str__(self) -> str:  # pragma: no cover - convenience
        return self.label


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


def _cube(h: Hex) -> tuple[int, int, int]:
    # odd (1-based) columns shifted down
    x = h.col
    z = h.row - (h.col - (h.col & 1)) // 2
    return x, -x - z, z


def _from_cube(x: int, z: int) -> Hex:
    return Hex(x, z + (x - (x & 1)) // 2)


@lru_cache(maxsize=65536)
def _distance_labels(a: str, b: str) -> int:
    ax, ay, az = _cube(parse(a))
    bx, by, bz = _cube(parse(b))
    return max(abs(ax - bx), abs(ay - by), abs(az - bz))


def distance(a: Hex | str, b: Hex | str) -> int:
    """Hexes between ``a`` and ``b`` (own hex not counted: adjacent = 1).

    Accepts Hex objects or labels. Raises ValueError for a bad label.
    """
    la = a if isinstance(a, str) else a.label
    lb = b if isinstance(b, str) else b.label
    return _distance_labels(la, lb)


_DIRS = ((1, 0, -1), (1, -1, 0), (0, -1, 1), (-1, 0, 1), (-1, 1, 0), (0, 1, -1))


def neighbours(h: Hex | str) -> list[Hex]:
    """The six adjacent hexes (6.21 TERM: the hexes immediately next to it).

    Hexes off the top/left edge (column or row < 1) are left out; whether a
    neighbour is on a given map is the board's business.
    """
    hh = parse(h) if isinstance(h, str) else h
    x, _, z = _cube(hh)
    out = []
    for dx, _, dz in _DIRS:
        n = _from_cube(x + dx, z + dz)
        if n.col >= 1 and n.row >= 1:
            out.append(n)
    return out


def ring(h: Hex | str, radius: int) -> list[Hex]:
    """Hexes at exactly ``radius`` from ``h`` (radius 0 is ``[h]``)."""
    hh = parse(h) if isinstance(h, str) else h
    if radius == 0:
        return [hh]
    x, _, z = _cube(hh)
    dx, _, dz = _DIRS[4]
    cx, cz = x + dx * radius, z + dz * radius
    out = []
    for i in range(6):
        for _ in range(radius):
            n = _from_cube(cx, cz)
            if n.col >= 1 and n.row >= 1:
                out.append(n)
            cx += _DIRS[i][0]
            cz += _DIRS[i][2]
    return out


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
    hh = parse(h) if isinstance(h, str) else h
    x = (hh.col - 1) * 1.5 * RADIUS_KM
    y = (hh.row - 1) * HEX_KM + (HEX_KM / 2 if hh.col % 2 == 1 else 0.0)
    return x, y


def corners_km(h: Hex | str) -> list[tuple[float, float]]:
    """Six corners of a flat-topped hex in map km (x east, y south)."""
    cx, cy = centre_km(h)
    return [
        (cx + RADIUS_KM * math.cos(math.radians(60 * i)),
         cy + RADIUS_KM * math.sin(math.radians(60 * i)))
        for i in range(6)
    ]


def hex_at_km(x: float, y: float) -> Hex:
    """The hex containing map point (x east, y south) in km."""
    q = x / (1.5 * RADIUS_KM)
    col0 = round(q)
    best = None
    for col in (col0, col0 + 1, col0 + 2):
        for dr in (-1, 0, 1):
            c = col
            if c < 1:
                continue
            r_est = round((y - (HEX_KM / 2 if c % 2 == 1 else 0.0)) / HEX_KM) + 1 + dr
            if r_est < 1:
                continue
            cx, cy = centre_km(Hex(c, r_est))
            d = (cx - x) ** 2 + (cy - y) ** 2
            if best is None or d < best[0]:
                best = (d, Hex(c, r_est))
    if best is None:
        raise ValueError(f"point ({x:.1f}, {y:.1f}) km lies before column A / row 1")
    return best[1]


def labels(hexes: Iterable[Hex]) -> list[str]:
    """Labels of several hexes, in order."""
    return [h.label for h in hexes]
