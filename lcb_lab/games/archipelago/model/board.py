"""The board of *Naval Battle in Archipelago*: points of a triangular lattice, their colours and symbols.

The text's board (l.106-130): pieces stand on the points (vertices) of a net of equilateral
triangles, ``d`` apart (l.112); each point is dark blue (deep water), light blue (shallow water),
white, orange or red (land), and some carry a symbol (port, ammunition storage, workshop, fuel
depot, l.130). The board is cut into 49 sectors A1-G7 (l.110; the expanded board A1-Q11, l.825).

The triangular lattice is the lattice of hex centres, so a point is a kernel
:class:`~lcb_lab.kernel.hexgrid.Axial` ``(q, r)`` and the six lines through a point are the kernel's
six :class:`~lcb_lab.kernel.hexgrid.Facing` s (N, NE, SE, S, SW, NW, clockwise): a piece faces along
one of them (l.155), one step forward is :func:`~lcb_lab.kernel.hexgrid.neighbour`, a distance in
``d`` is :func:`~lcb_lab.kernel.hexgrid.distance`.

Who may stand where (l.116-128), by the piece's *mobility*:

======================  =========================================================
colour                  may stand there
======================  =========================================================
``dark_blue``           everything: ships, boats, hovercraft, flying helicopters
``light_blue``          all but ships (``ship``)
``orange``              hovercraft and flying helicopters
``white``               as orange, and a helicopter may land there (``landed``)
``red``                 flying helicopters only
======================  =========================================================

Sectors: the board's columns of points are cut into ``len(sector_cols)`` equal bands lettered
from the west, its rows into ``len(sector_rows)`` bands numbered from the north (a sandbox reading:
the printed sector lines are only pictures).

>>> b = Board.open_sea(7, 7)
>>> len(b.points), b.colour(Axial(0, 0)), b.admits(Axial(0, 0), "ship")
(49, 'dark_blue', True)
>>> b.sector(Axial(0, 0)), b.sector(b.from_col_row(6, 6))
('A1', 'G7')

Naming a point (a *sandbox* convenience: the text names only sectors, l.110, and its board has no
grid of point numbers): :func:`point_name` is the one way a point becomes words, in the engine's log
lines, refusals and explanations and in the lab alike -- its 0-based column and row from the board's
north-west corner (as the board file and :meth:`Board.from_col_row` count them) and its sector, as
the lab's board draws both on its edges:

>>> point_name(b, b.from_col_row(6, 5)), point_name(b, b.from_col_row(7, 5))
('6,5 (G6)', '7,5 (off the board)')
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Iterator, Literal, Mapping

from lcb_lab.kernel.hexgrid import Axial, from_offset, neighbour, to_offset

Colour = Literal["dark_blue", "light_blue", "white", "orange", "red"]
Mobility = Literal["ship", "boat", "hovercraft", "flying", "landed", "launcher"]
Symbol = Literal["port", "ammunition", "workshop", "fuel"]

COLOURS: tuple[Colour, ...] = ("dark_blue", "light_blue", "white", "orange", "red")
SYMBOLS: tuple[Symbol, ...] = ("port", "ammunition", "workshop", "fuel")
MOBILITIES: tuple[Mobility, ...] = ("ship", "boat", "hovercraft", "flying", "landed", "launcher")


def point_label(p: Axial | tuple[int, int]) -> str:
    """The point's column and row ``"col,row"`` (0-based offset, as the board file counts them):
    the lab's key for a point (its board's tap, hover and selection); in words, use :func:`point_name`."""
    col, row = to_offset(Axial(*p))
    return f"{col},{row}"


def point_name(board: "Board", p: Axial | tuple[int, int] | list[int]) -> str:
    """The one way a point of ``board`` is named in words (log lines, refusals, explanations, the lab):
    ``"30,21 (F5)"``, its column and row (:func:`point_label`) and its sector (l.110); a point off the
    board ``"42,5 (off the board)"``. ``p`` is an :class:`~lcb_lab.kernel.hexgrid.Axial` or its
    ``(q, r)`` pair (a view's ``[q, r]``). Never raises for a point off the board."""
    a = Axial(*p)
    return f"{point_label(a)} ({board.sector(a) if a in board else 'off the board'})"


#: l.116-128: which mobilities each colour admits.
ADMITS: Mapping[Colour, frozenset[Mobility]] = {
    "dark_blue": frozenset({"ship", "boat", "hovercraft", "flying"}),
    "light_blue": frozenset({"boat", "hovercraft", "flying"}),
    "orange": frozenset({"hovercraft", "flying"}),
    "white": frozenset({"hovercraft", "flying", "landed"}),
    "red": frozenset({"flying", "launcher"}),
}
# A land launcher (L marker, expanded rules) stands on a square red point (l.991); the square points are not
# drawn on the boards (sandbox: any red point takes one).

WATER: frozenset[Colour] = frozenset({"dark_blue", "light_blue"})


@dataclass(frozen=True)
class Base:
    """A naval base (``kind`` "A", l.108), an outpost helicopter base ("B") or, on the expanded
    board, a base "C" (smaller than A, bigger than B, l.813), its owner ("Red" / "Blue", or None)
    and its points (the first one names it on the map)."""

    name: str
    kind: Literal["A", "B", "C"]
    owner: str | None
    points: tuple[Axial, ...]


FeatureKind = Literal["dynamite", "bridge", "launcher", "sonar"]
FEATURE_KINDS: tuple[FeatureKind, ...] = ("dynamite", "bridge", "launcher", "sonar")


@dataclass(frozen=True)
class Feature:
    """A feature of the expanded board (l.817-823): ``kind`` ``"dynamite"`` (the mined road point
    between the two parts of Blue's Base A island, l.819), ``"bridge"`` (the mined bridge between
    Red's Base A islands, l.821) -- each point cuts its island in two parts and only ``owner``'s
    commandos cross it -- or ``"launcher"`` (the square red points where ``owner`` may put its
    L markers, l.823: land like any red point while empty) -- or ``"sonar"`` (the fixed sonars near
    ``owner``'s Base A, l.1181: deep-water points, each hearing the sector it lies in; the text
    prints those sectors as "xxxxxxxxxx", so where they lie is sandbox)."""

    name: str
    kind: FeatureKind
    owner: str
    points: tuple[Axial, ...]


@dataclass(frozen=True)
class Board:
    """A board: ``points`` (every point of the lattice on it, with its colour), ``symbols`` (the
    points that carry some), ``bases``, the offset size ``cols`` x ``rows`` (points are
    ``from_offset(col, row)``, 0-based, "odd" columns shifted half a step south), the sector letters
    and numbers, and ``source`` ("sandbox" for a board of the project's own: the text prints none).

    Raises nothing itself; :func:`check` (below) names a malformed board's problem."""

    name: str
    cols: int
    rows: int
    points: Mapping[Axial, Colour]
    symbols: Mapping[Axial, frozenset[Symbol]] = field(default_factory=dict)
    bases: Mapping[str, Base] = field(default_factory=dict)
    sector_cols: str = "ABCDEFG"
    sector_rows: int = 7
    source: str = "sandbox"
    features: Mapping[str, Feature] = field(default_factory=dict)

    # -------------------------------------------------------------- building
    @classmethod
    def open_sea(cls, cols: int, rows: int, name: str = "open sea") -> "Board":
        """A board of ``cols`` x ``rows`` dark-blue points and nothing else (staged positions)."""
        pts = {from_offset(c, r): "dark_blue" for c in range(cols) for r in range(rows)}
        return cls(name, cols, rows, pts)

    def with_points(self, colours: Mapping[Axial, Colour]) -> "Board":
        """A copy with some points recoloured (staging an island or shallows in a test).
        Raises KeyError for a point not on the board."""
        for p in colours:
            if p not in self.points:
                raise KeyError(f"{point_label(p)} is not a point of board {self.name!r}")
        return Board(self.name, self.cols, self.rows, {**self.points, **colours}, self.symbols, self.bases,
                     self.sector_cols, self.sector_rows, self.source, self.features)

    # -------------------------------------------------------------- reading
    def from_col_row(self, col: int, row: int) -> Axial:
        """The point at 0-based offset column ``col`` and row ``row``."""
        return from_offset(col, row)

    def col_row(self, p: Axial) -> tuple[int, int]:
        """The 0-based offset ``(col, row)`` of point ``p``."""
        return to_offset(p)

    def __contains__(self, p: object) -> bool:
        return p in self.points

    def __iter__(self) -> Iterator[Axial]:
        return iter(self.points)

    def colour(self, p: Axial) -> Colour:
        """The colour of point ``p``. Raises KeyError off the board."""
        return self.points[p]

    def admits(self, p: Axial, mobility: Mobility) -> bool:
        """Whether a piece of ``mobility`` may stand on ``p`` (l.116-128); False off the board."""
        c = self.points.get(p)
        return c is not None and mobility in ADMITS[c]

    def is_water(self, p: Axial) -> bool:
        """Whether ``p`` is a water point (dark or light blue)."""
        return self.points.get(p) in WATER

    def symbols_at(self, p: Axial) -> frozenset[Symbol]:
        """The symbols on ``p`` (empty for most points)."""
        return self.symbols.get(p, frozenset())

    def sector(self, p: Axial) -> str:
        """The sector ``p`` lies in, e.g. ``"C4"`` (sandbox bands, see the module docstring).
        Raises KeyError off the board."""
        if p not in self.points:
            raise KeyError(f"{point_label(p)} is not a point of board {self.name!r}")
        col, row = to_offset(p)
        letters = self.sector_cols
        return f"{letters[col * len(letters) // self.cols]}{row * self.sector_rows // self.rows + 1}"

    def islands(self) -> dict[str, frozenset[Axial]]:
        """The islands: each set of land points (white, orange, red) joined by lattice lines, by
        name -- the name of the base with a point on it (``"Red Base A"``), else ``"island <sector>"``
        of its first point (``"island F3"``; ``"island F3-2"`` for a second one there) (l.690, l.715).
        A dynamite or bridge point (:class:`Feature`, l.819-821) belongs to no island: the two parts
        it joins are islands of their own (``"Red Base A"`` and ``"Red Base A-2"``).
        Computed once per board."""
        if "_islands" in self.__dict__:
            return self.__dict__["_islands"]
        cuts = {p for f in self.features.values() if f.kind in ("dynamite", "bridge") for p in f.points}
        land = {p for p, c in self.points.items() if c not in WATER and p not in cuts}
        groups: list[frozenset[Axial]] = []
        while land:
            start = min(land, key=lambda p: (p.q, p.r))
            seen, todo = {start}, [start]
            while todo:
                p = todo.pop()
                for f in range(6):
                    n = neighbour(p, f)
                    if n in land and n not in seen:
                        seen.add(n)
                        todo.append(n)
            land -= seen
            groups.append(frozenset(seen))
        out: dict[str, frozenset[Axial]] = {}
        for grp in groups:
            base = next((b.name for b in self.bases.values() if any(p in grp for p in b.points)), None)
            name = base or f"island {self.sector(min(grp, key=lambda p: (p.q, p.r)))}"
            k, final = 2, name
            while final in out:
                final, k = f"{name}-{k}", k + 1
            out[final] = grp
        self.__dict__["_islands"] = out
        return out

    def island_at(self, p: Axial) -> str | None:
        """The name of the island point ``p`` lies on (:meth:`islands`), or None on water."""
        return next((n for n, pts in self.islands().items() if p in pts), None)

    def coast(self, island: str) -> frozenset[Axial]:
        """The water points next to ``island`` (where a hovercraft lands commandos, l.658)."""
        pts = self.islands()[island]
        return frozenset(n for p in pts for f in range(6) if (n := neighbour(p, f)) in self.points and self.is_water(n))

    def points_in(self, sector: str) -> list[Axial]:
        """The points of ``sector`` (e.g. ``"B2"``), in board order; empty for an unknown sector."""
        return [p for p in self.points if self.sector(p) == sector]


def check(board: Board) -> None:
    """Raise ValueError naming the first problem of ``board``: a colour or symbol not of the text,
    a symbol or base point not on the board, points outside its ``cols`` x ``rows``."""
    for p, c in board.points.items():
        col, row = to_offset(p)
        if not (0 <= col < board.cols and 0 <= row < board.rows):
            raise ValueError(f"board {board.name!r}: point {point_label(p)} lies outside {board.cols} x {board.rows}")
        if c not in ADMITS:
            raise ValueError(f"board {board.name!r}: point {point_label(p)} has colour {c!r}, not one of {', '.join(COLOURS)}")
    for p, syms in board.symbols.items():
        if p not in board.points:
            raise ValueError(f"board {board.name!r}: symbol point {point_label(p)} is not on the board")
        bad = sorted(set(syms) - set(SYMBOLS))
        if bad:
            raise ValueError(f"board {board.name!r}: symbol {bad[0]!r} at {point_label(p)} is not one of {', '.join(SYMBOLS)}")
    for b in board.bases.values():
        off = [p for p in b.points if p not in board.points]
        if off:
            raise ValueError(f"board {board.name!r}: base {b.name!r} point {point_label(off[0])} is not on the board")
    for f in board.features.values():
        if f.kind == "sonar":
            if any(board.points.get(p) != "dark_blue" for p in f.points):
                raise ValueError(f"board {board.name!r}: sonar points of {f.name!r} must be deep water (l.1181)")
            continue
        bad = [p for p in f.points if board.points.get(p) in (None, *WATER)]
        if bad:
            raise ValueError(f"board {board.name!r}: feature {f.name!r} point {point_label(bad[0])} is not a land point of the board")
        if f.kind == "launcher" and any(board.points[p] != "red" for p in f.points):
            raise ValueError(f"board {board.name!r}: launcher points of {f.name!r} must be red points (l.823)")
