"""Where the Force on Force table writes its names: each named point's and each terrain feature's, placed
so that no name lies under a unit's marker or label, under another name, or past the figure's edge.

A name has a few candidate places (a point's: right of it, left of it, under it; a feature's: above its
top-left corner, inside it, left of it, under it); :func:`place_names` takes, name after name, the first
candidate clear of every obstacle (the features' names first: they have fewer places) -- the marker and the label a unit standing on *any* named point would
have, the names already placed and the figure's edge -- or, when none is clear, the candidate that
overlaps least.  It measures at the figure's own scale (px an inch) and the largest text sizes the table
uses (presentation mode), so the layout holds in the default look too.  Offsets are in screen px, so the
names keep their places beside the points when the figure is drawn larger.

Pure geometry: no Bokeh here (``table_view`` draws the result).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

__all__ = ["Placed", "place_names", "CHAR_EM", "LONGEST_LABEL"]

CHAR_EM = 0.6
"""A character's width over the font size (DejaVu Sans, on average), for measuring a name."""
LONGEST_LABEL = 11
"""Characters of the longest unit label a point may carry ("Marines (5)")."""

Box = tuple[float, float, float, float]


@dataclass(frozen=True)
class Placed:
    """One name's place: its anchor ``x``, ``y`` (inches), offsets ``dx``, ``dy`` (screen px, ``dy`` down),
    ``align`` (left, center, right) and ``baseline`` (top, middle, bottom)."""

    text: str
    x: float
    y: float
    dx: float
    dy: float
    align: str
    baseline: str


def box(p: Placed, ppi: float, font: float) -> Box:
    """The box ``(x0, y0, x1, y1)`` in px, y up, that ``p`` covers in a ``font`` px font at ``ppi``."""
    x, y = p.x * ppi + p.dx, p.y * ppi - p.dy
    w, h = CHAR_EM * font * len(p.text), font
    x0 = {"left": x, "center": x - w / 2, "right": x - w}[p.align]
    y0 = {"bottom": y, "middle": y - h / 2, "top": y - h}[p.baseline]
    return (x0, y0, x0 + w, y0 + h)


def _overlap(a: Box, b: Box) -> float:
    return max(0.0, min(a[2], b[2]) - max(a[0], b[0])) * max(0.0, min(a[3], b[3]) - max(a[1], b[1]))


def _unit_boxes(x: float, y: float, ppi: float, marker: float, rise: float, label_px: float) -> list[Box]:
    """The marker and the label (the longest) a unit standing at ``x``, ``y`` (inches) would have."""
    cx, cy, r, w = x * ppi, y * ppi, marker / 2, CHAR_EM * label_px * LONGEST_LABEL
    return [(cx - r, cy - r, cx + r, cy + r), (cx - w / 2, cy + rise, cx + w / 2, cy + rise + label_px)]


def place_names(table: Any, ppi: float, name_px: float, label_px: float, marker: float, rise: float,
                gap: float) -> tuple[list[Placed], list[Placed]]:
    """``(points, features)``: the places of the named points' names and of the features' names of
    ``table`` (its ``width``, ``height`` in inches, ``points`` as ``(name, (x, y))``, ``features`` with
    ``name`` and ``points``), at ``ppi`` px an inch, names ``name_px`` and unit labels ``label_px`` high,
    a unit's ``marker`` (px across) with its label ``rise`` px above its point; a point's name ``gap`` px
    beside it."""
    obstacles = [b for _, (x, y) in table.points for b in _unit_boxes(x, y, ppi, marker, rise, label_px)]
    edge = (-ppi, -ppi, (table.width + 1) * ppi, (table.height + 1) * ppi)     # the figure: 1" of margin
    placed_boxes: list[Box] = []

    def best(candidates: list[Placed]) -> Placed:
        def cost(p: Placed) -> float:
            b = box(p, ppi, name_px)
            outside = (b[2] - b[0]) * (b[3] - b[1]) - _overlap(b, edge)
            return outside * 10 + sum(_overlap(b, o) for o in obstacles + placed_boxes)
        chosen = min(candidates, key=cost)           # the first of the least cost: the first clear one
        placed_boxes.append(box(chosen, ppi, name_px))
        return chosen

    features = []                                    # first: a feature has fewer places to go than a point
    for f in table.features:
        xs, ys = [x for x, _ in f.points], [y for _, y in f.points]
        left, top, bottom, mid = min(xs), max(ys), min(ys), (max(ys) + min(ys)) / 2
        features.append(best([Placed(f.name, left, top, 0, -2, "left", "bottom"),
                              Placed(f.name, left, top, 4, 2, "left", "top"),
                              Placed(f.name, left, mid, -gap, 0, "right", "middle"),
                              Placed(f.name, left, bottom, 0, 2, "left", "top"),
                              Placed(f.name, left, bottom, 4, -2, "left", "bottom")]))
    points = [best([Placed(n, x, y, gap, 0, "left", "middle"), Placed(n, x, y, -gap, 0, "right", "middle"),
                    Placed(n, x, y, 0, marker / 2 + 2, "center", "top")]) for n, (x, y) in table.points]
    return points, features
