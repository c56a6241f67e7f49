"""Plane geometry of the Archipelago board, for drawing: points, cells, land, reach, firing lines.

Pure geometry over the board's points (Shapely; no Bokeh): the lab draws what these return and the
tests measure it.  The plot plane is in units of ``d``, the gap between neighbouring points
(l.112): a point's centre is the kernel's :class:`~lcb_lab.kernel.hexgrid.Layout` centre at
``size = 1`` with ``y`` flipped, so **north is up** (x grows east, y grows north).  A point's
*cell* is the regular hexagon of the lattice's Voronoi tiling round it (area ``sqrt(3)/2 d²``):
unions of cells draw islands, shallows and the reach of a piece as areas.

>>> from lcb_lab.kernel.hexgrid import Axial, Facing
>>> xy(Axial(0, 1)), round(cell(Axial(0, 0)).area, 4)
((0.0, -1.0), 0.866)
>>> round(reach_overlay([Axial(0, 0), Axial(0, 1)]).area, 4)
1.7321
>>> [round(line.length, 3) for line in firing_lines(Axial(0, 0), Facing.N, (0,), 3).values()]
[3.0]
"""
from __future__ import annotations

import math
from typing import Iterable, Mapping

from shapely.geometry import LineString, MultiPolygon, Point, Polygon
from shapely.ops import unary_union

from lcb_lab.kernel.hexgrid import Axial, Facing, Layout, neighbour

__all__ = ["UNIT", "xy", "cell", "union_of_cells", "reach_overlay", "firing_lines", "facing_unit",
           "hull_outline", "bokeh_polygons", "points_near", "is_inside"]

UNIT = Layout(size=1.0)
"""The kernel layout at ``d = 1``; :func:`xy` flips its ``y`` (the kernel's y grows south)."""

CELL_RADIUS = 1 / math.sqrt(3)
"""Centre-to-corner distance of a point's cell (in d)."""


def xy(p: Axial) -> tuple[float, float]:
    """The plot centre ``(x, y)`` of point ``p``, in d, north up."""
    x, y = UNIT.centre(p)
    return x, -y + 0.0


def cell(p: Axial) -> Polygon:
    """The hexagonal cell of point ``p`` (flat-topped; its neighbours' cells share its sides)."""
    cx, cy = xy(p)
    return Polygon([(cx + CELL_RADIUS * math.cos(math.radians(60 * i)),
                     cy + CELL_RADIUS * math.sin(math.radians(60 * i))) for i in range(6)])


def union_of_cells(points: Iterable[Axial]) -> Polygon | MultiPolygon:
    """The union of the cells of ``points`` (an empty Polygon for none); neighbours merge into one
    area, so an island's points make one island."""
    cells = [cell(p) for p in points]
    return unary_union(cells) if cells else Polygon()


def reach_overlay(points: Iterable[Axial]) -> Polygon | MultiPolygon:
    """The area a piece can reach: the union of the cells of ``points`` (the list the engine gives,
    e.g. every point a torpedo boat may end its move on).  Area = ``len(set(points)) * sqrt(3)/2``
    d²; a hole stays a hole (a point inside the reach it cannot stand on)."""
    return union_of_cells(set(points))


def facing_unit(facing: Facing | int) -> tuple[float, float]:
    """The unit vector of ``facing`` on the plot (toward that neighbour's centre; N is ``(0, 1)``)."""
    x, y = xy(neighbour(Axial(0, 0), facing))
    return x, y


def firing_lines(origin: Axial, facing: Facing | int, lines: Iterable[int], length: int,
                 blockers: Iterable[Axial] = (), on_board: Iterable[Axial] | None = None) -> dict[Facing, LineString]:
    """The lattice lines a weapon may fire along, as segments from ``origin``'s centre.

    ``lines`` are turns from ``facing`` in 60° steps (``0`` straight ahead, ``-1``/``+1`` the
    diagonals to the left and right: a gun's three forward lines, l.324); ``length`` the reach in
    d (a gun's 2-10, l.322).  A line stops at the first point of ``blockers`` on it (that point
    included: the shell reaches it but no further, e.g. a ship, l.330) and, when ``on_board`` is
    given, at the board's edge.  Returns ``{direction: LineString}``, a line with no step left
    out.  Raises ValueError for a negative ``length``."""
    if length < 0:
        raise ValueError(f"a firing line's length is 0 d or more, not {length}")
    stop, board = set(blockers), (set(on_board) if on_board is not None else None)
    out: dict[Facing, LineString] = {}
    for turn in lines:
        way = Facing(facing).turn(turn)
        path = [origin]
        for _ in range(length):
            nxt = neighbour(path[-1], way)
            if board is not None and nxt not in board:
                break
            path.append(nxt)
            if nxt in stop:
                break
        if len(path) > 1:
            out[way] = LineString([xy(path[0]), xy(path[-1])])
    return out


def hull_outline(p: Axial, facing: Facing | int, length: float = 1.1, beam: float = 0.52) -> list[tuple[float, float]]:
    """A vessel's outline on point ``p``: a hull ``length`` d long and ``beam`` d wide, its pointed
    bow toward ``facing`` (the bow's tip lies on the line to that neighbour's centre)."""
    cx, cy = xy(p)
    ux, uy = facing_unit(facing)
    vx, vy = -uy, ux                            # to the hull's left
    half, b = length / 2, beam / 2
    local = [(half, 0.0), (half * 0.35, b), (-half, b), (-half, -b), (half * 0.35, -b)]
    return [(cx + a * ux + c * vx, cy + a * uy + c * vy) for a, c in local]


def bokeh_polygons(geom: Polygon | MultiPolygon) -> tuple[list, list]:
    """``(xs, ys)`` of ``geom`` for Bokeh's ``multi_polygons``: one entry of one polygon (exterior
    then holes) for each part of ``geom``."""
    parts = [geom] if isinstance(geom, Polygon) else list(geom.geoms)
    xs, ys = [], []
    for part in parts:
        if part.is_empty:
            continue
        rings = [part.exterior, *part.interiors]
        xs.append([[[c[0] for c in ring.coords] for ring in rings]])
        ys.append([[[c[1] for c in ring.coords] for ring in rings]])
    return xs, ys


def points_near(points: Mapping[Axial, object], x: float, y: float) -> Axial | None:
    """The point of ``points`` whose cell holds plot point ``(x, y)``, or None (off the board)."""
    p = UNIT.hex_at(x, -y)
    return p if p in points else None


def is_inside(geom: Polygon | MultiPolygon, p: Axial) -> bool:
    """Whether point ``p``'s centre lies inside ``geom``."""
    return geom.contains(Point(*xy(p)))
