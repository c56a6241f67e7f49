"""Hex geometry for any hex-and-counter game: coordinates, facings, rays, lines, the lattice.

Pure arithmetic (standard library only): no game, no map data, no labels, no hex size.  A game
supplies its label scheme (a :class:`Labels`, e.g. :class:`AxialLabels` or letters and numbers)
and its hex size (a :class:`Layout`) in its own package.

Conventions (fixed here, for every game):

* hexes are **flat-topped**, drawn **north up**; a hex is an :class:`Axial` ``(q, r)`` (the
  cube coordinates are ``(q, r, s)`` with ``s = -q - r``): ``q`` grows to the east (each step
  half a hex south too), ``r`` grows to the south;
* the **six facings** (:class:`Facing`) are numbered clockwise from north: ``N`` 0, ``NE`` 1,
  ``SE`` 2, ``S`` 3, ``SW`` 4, ``NW`` 5; a turn of ``+1`` is 60 degrees clockwise;
* distances count hexes **without the hex one stands in**: adjacent is 1, the own hex 0;
* plane coordinates (:class:`Layout`): x grows east, y grows **south** (screen-like), in the
  game's unit (km, pixels); ``size`` is the distance between the centres of adjacent hexes
  (= the width of a hex across its flats).

Offset coordinates (a map's "column, row"): :func:`from_offset` / :func:`to_offset`, columns
shifted half a hex south on odd or on even column numbers (``shifted="odd"`` is "odd-q"; the
parity is that of the column *number as passed*, so 1-based and 0-based numbering differ).

>>> h = Axial(0, 0)
>>> neighbour(h, Facing.NE), neighbour(h, Facing.S)
(Axial(q=1, r=-1), Axial(q=0, r=1))
>>> facing_between(h, Axial(-1, 1)).name
'SW'
>>> Facing.N.turn(-1).name, Facing.SW.opposite.name
('NW', 'NE')
>>> distance(Axial(0, 0), Axial(3, -1))
3
>>> ray(h, Facing.SE, 3)
[Axial(q=1, r=0), Axial(q=2, r=0), Axial(q=3, r=0)]
>>> line(Axial(0, 0), Axial(2, 1))
[Axial(q=0, r=0), Axial(q=1, r=0), Axial(q=1, r=1), Axial(q=2, r=1)]
"""
from __future__ import annotations

import math
from enum import IntEnum
from typing import Iterator, Literal, NamedTuple, Protocol, runtime_checkable

__all__ = ["Axial", "Facing", "Labels", "AxialLabels", "Layout", "Grid", "neighbour", "neighbours",
           "facing_between", "turn", "distance", "ray", "line", "ring", "within",
           "from_offset", "to_offset"]

SQRT3 = math.sqrt(3.0)


class Axial(NamedTuple):
    """A hex in axial coordinates (see the module docstring for the axes); ``s`` is the third cube axis.

    >>> Axial(2, -3).s, Axial(2, -3).cube
    (1, (2, -3, 1))
    """

    q: int
    r: int

    @property
    def s(self) -> int:
        """The third cube coordinate, ``-q - r``."""
        return -self.q - self.r

    @property
    def cube(self) -> tuple[int, int, int]:
        """``(q, r, s)``, summing to 0."""
        return self.q, self.r, -self.q - self.r


class Facing(IntEnum):
    """The six directions from a hex to its neighbours, clockwise from north (flat-topped hexes).

    >>> [f.name for f in Facing]
    ['N', 'NE', 'SE', 'S', 'SW', 'NW']
    >>> Facing.NW.turn(2).name, Facing.N.turn(3) == Facing.N.opposite
    ('NE', True)
    """

    N = 0
    NE = 1
    SE = 2
    S = 3
    SW = 4
    NW = 5

    @property
    def vector(self) -> Axial:
        """The step ``(dq, dr)`` to the neighbour on this facing."""
        return _VECTORS[self]

    @property
    def opposite(self) -> Facing:
        """The facing pointing the other way (three turns)."""
        return Facing((self + 3) % 6)

    def turn(self, steps: int) -> Facing:
        """This facing turned ``steps`` times 60 degrees, clockwise for positive ``steps``."""
        return Facing((self + steps) % 6)


_VECTORS = (Axial(0, -1), Axial(1, -1), Axial(1, 0), Axial(0, 1), Axial(-1, 1), Axial(-1, 0))
_FACING_OF = {v: Facing(i) for i, v in enumerate(_VECTORS)}


def turn(facing: Facing | int, steps: int) -> Facing:
    """``facing`` turned ``steps`` times 60 degrees (clockwise for positive); any int is taken mod 6.

    >>> turn(Facing.N, 7).name, turn(0, -2).name
    ('NE', 'SW')
    """
    return Facing((int(facing) + steps) % 6)


def neighbour(h: Axial, facing: Facing | int, steps: int = 1) -> Axial:
    """The hex ``steps`` hexes (default 1) from ``h`` on ``facing``.

    >>> neighbour(Axial(0, 0), Facing.NW), neighbour(Axial(0, 0), 1, steps=2)
    (Axial(q=-1, r=0), Axial(q=2, r=-2))
    """
    dq, dr = _VECTORS[int(facing) % 6]
    return Axial(h[0] + dq * steps, h[1] + dr * steps)


def neighbours(h: Axial) -> list[Axial]:
    """The six adjacent hexes in facing order (N, NE, SE, S, SW, NW); no map edge here."""
    q, r = h
    return [Axial(q + dq, r + dr) for dq, dr in _VECTORS]


def facing_between(a: Axial, b: Axial) -> Facing:
    """The facing from ``a`` to the adjacent hex ``b``.

    Raises ValueError when the two hexes are not adjacent.

    >>> facing_between(Axial(3, 3), Axial(3, 2)).name
    'N'
    """
    step = Axial(b[0] - a[0], b[1] - a[1])
    if step not in _FACING_OF:
        raise ValueError(f"hexes {tuple(a)} and {tuple(b)} are not adjacent (distance {distance(a, b)})")
    return _FACING_OF[step]


def distance(a: Axial, b: Axial) -> int:
    """Hexes from ``a`` to ``b``, the own hex not counted (adjacent = 1, same hex = 0).

    >>> distance(Axial(0, 0), Axial(0, 0)), distance(Axial(0, 0), Axial(-2, 5))
    (0, 5)
    """
    dq, dr = a[0] - b[0], a[1] - b[1]
    return max(abs(dq), abs(dr), abs(dq + dr))


def ray(h: Axial, facing: Facing | int, length: int) -> list[Axial]:
    """The ``length`` hexes straight out from ``h`` on ``facing`` (``h`` itself left out).

    Raises ValueError for a negative ``length``.

    >>> ray(Axial(0, 0), Facing.N, 2)
    [Axial(q=0, r=-1), Axial(q=0, r=-2)]
    """
    if length < 0:
        raise ValueError(f"a ray's length must be 0 or more, got {length}")
    return [neighbour(h, facing, k) for k in range(1, length + 1)]


def line(a: Axial, b: Axial, tie: Literal["left", "right"] = "left") -> list[Axial]:
    """The hexes a straight line from the centre of ``a`` to the centre of ``b`` passes through,
    ``a`` and ``b`` included, ``distance(a, b) + 1`` hexes, each adjacent to the one before.

    The line is sampled at ``distance(a, b) + 1`` evenly spaced points (cube linear
    interpolation) and each point rounded to its hex.  **Tie rule:** where a point falls exactly on
    the edge between two hexes (the line runs along a hex side), the hex on the ``tie`` side is
    taken, as seen from ``a`` looking toward ``b`` on the north-up map: ``"left"`` (default) is the
    counter-clockwise side.  Raises ValueError for another ``tie``.

    >>> line(Axial(0, 0), Axial(2, -1))              # due east, along the side NE | SE
    [Axial(q=0, r=0), Axial(q=1, r=-1), Axial(q=2, r=-1)]
    >>> line(Axial(0, 0), Axial(2, -1), tie="right")
    [Axial(q=0, r=0), Axial(q=1, r=0), Axial(q=2, r=-1)]
    """
    if tie not in ("left", "right"):
        raise ValueError(f"tie must be 'left' or 'right', not {tie!r}")
    n = distance(a, b)
    if n == 0:
        return [Axial(a[0], a[1])]
    # nudge both ends a hair to the tie side, perpendicular to the line (plane of a unit layout)
    dx, dy = _unit_xy(b[0] - a[0], b[1] - a[1])
    norm = math.hypot(dx, dy)
    eps = 1e-6 / norm if tie == "left" else -1e-6 / norm
    nq, nr = _unit_qr(dy * eps, -dx * eps)        # (dy, -dx) is the left normal when y grows south
    aq, ar = a[0] + nq, a[1] + nr
    dq, dr = b[0] - a[0], b[1] - a[1]
    return [_round(aq + dq * i / n, ar + dr * i / n) for i in range(n + 1)]


def ring(h: Axial, radius: int) -> list[Axial]:
    """The hexes at exactly ``radius`` from ``h`` (radius 0: ``[h]``; radius k: 6k hexes).

    Order: starting ``radius`` hexes out on facing NW, then clockwise round the ring (walking NE,
    SE, S, SW, NW, N).  Raises ValueError for a negative radius.

    >>> ring(Axial(0, 0), 1)
    [Axial(q=-1, r=0), Axial(q=0, r=-1), Axial(q=1, r=-1), Axial(q=1, r=0), Axial(q=0, r=1), Axial(q=-1, r=1)]
    """
    if radius < 0:
        raise ValueError(f"a ring's radius must be 0 or more, got {radius}")
    if radius == 0:
        return [Axial(h[0], h[1])]
    q, r = neighbour(h, Facing.NW, radius)
    out = []
    for dq, dr in _VECTORS[1:] + _VECTORS[:1]:
        for _ in range(radius):
            out.append(Axial(q, r))
            q, r = q + dq, r + dr
    return out


def within(h: Axial, radius: int) -> Iterator[Axial]:
    """The hexes at distance 0..``radius`` from ``h``, ring by ring (see :func:`ring`)."""
    for k in range(radius + 1):
        yield from ring(h, k)


def from_offset(col: int, row: int, shifted: Literal["odd", "even"] = "odd") -> Axial:
    """The hex at offset ``(col, row)`` of a map whose ``shifted`` column numbers sit half a hex south.

    ``col`` grows east and ``row`` south.  The parity is that of ``col`` as passed.
    Raises ValueError for another ``shifted``.

    >>> from_offset(3, 1), from_offset(3, 1, shifted="even")
    (Axial(q=3, r=0), Axial(q=3, r=-1))
    """
    return Axial(col, row - (col - _parity(shifted, col)) // 2)


def to_offset(h: Axial, shifted: Literal["odd", "even"] = "odd") -> tuple[int, int]:
    """``(col, row)`` of ``h`` on a map whose ``shifted`` columns sit half a hex south (inverse of
    :func:`from_offset`).

    >>> to_offset(Axial(3, 0)), to_offset(from_offset(-4, 7, "even"), "even")
    ((3, 1), (-4, 7))
    """
    q, r = h
    return q, r + (q - _parity(shifted, q)) // 2


def _parity(shifted: str, col: int) -> int:
    if shifted == "odd":
        return col & 1
    if shifted == "even":
        return -(col & 1)
    raise ValueError(f"shifted must be 'odd' or 'even', not {shifted!r}")


@runtime_checkable
class Labels(Protocol):
    """A game's names for hexes: ``label(h)`` and its inverse ``parse(text)`` (ValueError when ``text``
    is no label of the scheme), e.g. :class:`AxialLabels`; a game keeps its own scheme in its package."""

    def label(self, h: Axial) -> str:
        """The name of ``h``."""
        ...  # pragma: no cover

    def parse(self, text: str) -> Axial:
        """The hex named ``text``; raises ValueError for a text that names none."""
        ...  # pragma: no cover


class AxialLabels:
    """The plain scheme for a game without its own: ``"q,r"``.

    >>> AxialLabels().label(Axial(2, -1)), AxialLabels().parse(" 2, -1 ")
    ('2,-1', Axial(q=2, r=-1))
    """

    def label(self, h: Axial) -> str:
        """``"q,r"``."""
        return f"{h[0]},{h[1]}"

    def parse(self, text: str) -> Axial:
        """``"q,r"`` to an Axial; raises ValueError naming the text otherwise."""
        try:
            q, r = (int(p) for p in text.split(","))
        except ValueError:
            raise ValueError(f"{text!r} is not a hex label of the form 'q,r' such as '2,-1'") from None
        return Axial(q, r)


class Layout(NamedTuple):
    """The plane under a map: the centres of the hexes form a triangular lattice.

    ``size`` is the distance between the centres of adjacent hexes (the hex's width across its
    flats) in the game's unit (km, pixels); ``origin`` is where the centre of ``Axial(0, 0)`` lies.
    x grows east, y south.

    >>> lay = Layout(size=10)
    >>> lay.centre(Axial(0, 1)) == (0, 10), lay.hex_at(x=0, y=14)
    (True, Axial(q=0, r=1))
    """

    size: float
    origin: tuple[float, float] = (0.0, 0.0)

    @property
    def radius(self) -> float:
        """Centre-to-corner distance, ``size / sqrt(3)``."""
        return self.size / SQRT3

    @property
    def basis(self) -> tuple[tuple[float, float], tuple[float, float]]:
        """The lattice vectors: the centre offsets of a step ``q + 1`` (east-south-east) and ``r + 1`` (south)."""
        return (self.size * SQRT3 / 2, self.size / 2), (0.0, self.size)

    def centre(self, h: Axial) -> tuple[float, float]:
        """The ``(x, y)`` centre of ``h``."""
        x, y = _unit_xy(h[0], h[1])
        return self.origin[0] + x * self.size, self.origin[1] + y * self.size

    def corners(self, h: Axial) -> list[tuple[float, float]]:
        """The six corners of ``h``: east first, then clockwise on the map (y grows south)."""
        cx, cy = self.centre(h)
        rad = self.radius
        return [(cx + rad * math.cos(math.radians(60 * i)), cy + rad * math.sin(math.radians(60 * i)))
                for i in range(6)]

    def hex_at(self, x: float, y: float) -> Axial:
        """The hex whose centre is nearest to ``(x, y)`` (the hex containing the point; a point
        exactly on a side goes to the hex rounding picks, see :func:`line` for a defined tie)."""
        return _round(*_unit_qr((x - self.origin[0]) / self.size, (y - self.origin[1]) / self.size))


class Grid(NamedTuple):
    """A game's board geometry in its own words: its label scheme and its layout over the functions above.

    Every method takes and gives labels.  Hexes the scheme cannot name (beyond the grid's edge) are
    left out of :meth:`neighbours`, :meth:`ring` and :meth:`within`, end a :meth:`ray`, and make
    :meth:`line` and :meth:`hex_at` raise the scheme's ValueError.

    >>> g = Grid(AxialLabels(), Layout(size=10))
    >>> g.distance("0,0", "3,-1"), g.neighbour("0,0", Facing.SE), g.ray("0,0", Facing.N, 2)
    (3, '1,0', ['0,-1', '0,-2'])
    """

    labels: Labels
    layout: Layout

    def _named(self, hexes: list[Axial]) -> list[str]:
        out = []
        for h in hexes:
            try:
                out.append(self.labels.label(h))
            except ValueError:
                continue
        return out

    def distance(self, a: str, b: str) -> int:
        """Hexes from ``a`` to ``b``, own hex not counted."""
        return distance(self.labels.parse(a), self.labels.parse(b))

    def neighbour(self, a: str, facing: Facing | int) -> str:
        """The label of the hex next to ``a`` on ``facing``; ValueError beyond the edge."""
        return self.labels.label(neighbour(self.labels.parse(a), facing))

    def neighbours(self, a: str) -> list[str]:
        """The named hexes next to ``a``, in facing order from N."""
        return self._named(neighbours(self.labels.parse(a)))

    def facing_between(self, a: str, b: str) -> Facing:
        """The facing from ``a`` to the adjacent ``b``; ValueError naming both when not adjacent."""
        ha, hb = self.labels.parse(a), self.labels.parse(b)
        if distance(ha, hb) != 1:
            raise ValueError(f"hexes {a} and {b} are not adjacent (distance {distance(ha, hb)})")
        return facing_between(ha, hb)

    def ray(self, a: str, facing: Facing | int, length: int) -> list[str]:
        """Up to ``length`` hexes straight out from ``a`` on ``facing``, ending at the grid's edge."""
        out = []
        for h in ray(self.labels.parse(a), facing, length):
            named = self._named([h])
            if not named:
                break
            out += named
        return out

    def line(self, a: str, b: str, tie: Literal["left", "right"] = "left") -> list[str]:
        """The hexes from ``a`` to ``b`` (see :func:`line` for the tie rule)."""
        return [self.labels.label(h) for h in line(self.labels.parse(a), self.labels.parse(b), tie)]

    def ring(self, a: str, radius: int) -> list[str]:
        """The named hexes at exactly ``radius`` from ``a`` (order of :func:`ring`)."""
        return self._named(ring(self.labels.parse(a), radius))

    def within(self, a: str, radius: int) -> list[str]:
        """The named hexes at distance 0..``radius`` from ``a``, ring by ring."""
        return self._named(list(within(self.labels.parse(a), radius)))

    def centre(self, a: str) -> tuple[float, float]:
        """The plane centre of ``a`` (the layout's unit, y grows south)."""
        return self.layout.centre(self.labels.parse(a))

    def hex_at(self, x: float, y: float) -> str:
        """The label of the hex containing ``(x, y)``; ValueError beyond the edge."""
        return self.labels.label(self.layout.hex_at(x, y))


def _unit_xy(q: float, r: float) -> tuple[float, float]:
    """Plane position of axial ``(q, r)`` for adjacent centres 1 apart (x east, y south)."""
    return q * SQRT3 / 2, r + q / 2


def _unit_qr(x: float, y: float) -> tuple[float, float]:
    """Fractional axial ``(q, r)`` of plane point ``(x, y)`` (inverse of :func:`_unit_xy`)."""
    q = x * 2 / SQRT3
    return q, y - q / 2


def _round(q: float, r: float) -> Axial:
    """The hex of fractional axial ``(q, r)`` (cube rounding)."""
    s = -q - r
    rq, rr, rs = round(q), round(r), round(s)
    eq, er, es = abs(rq - q), abs(rr - r), abs(rs - s)
    if eq > er and eq > es:
        rq = -rr - rs
    elif er > es:
        rr = -rq - rs
    return Axial(int(rq), int(rr))
