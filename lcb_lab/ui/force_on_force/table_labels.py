"""Where the Force on Force table writes its texts: the units' labels, each named point's name and each
terrain feature's, placed so that none lies under another text, a unit's marker or past the frame's edge.

The places are worked out for the table as the browser draws it (:class:`Frame`: the part of the table in
sight and its px an inch) with the texts' sizes of the moment (the default look, presentation mode, the text
scale) and the units the viewer sees, and again whenever one of these changes: JupyterLab at 1366x768 with
the file browser open draws the table about 11 px an inch, not the 20 it was designed at, and presentation
mode makes the texts bigger -- names placed once for the designed size were cut at the frame's right edge
("house doo") and lay under the units' labels ("Marines (5)" over the far bank's and the Stream's names).

Each text has a few candidate places (a unit's label: above its marker, centred, then flush left or right,
under it, beside it; a point's name: right of it, left, under, above, the four corners; a feature's name:
inside or outside its corners, centred in it).  :func:`place_labels` takes them text after text (the units'
labels first, then the features' names, then the points'), each at the candidate of least cost -- outside
the frame costs most, then lying on another text or a unit's marker, then on a point's dot -- and then goes
over them again a few times, each text moving to its best place among the others' (a greedy start leaves a
later name no room that an earlier one did not need); it does so from four orders (the units', the
features', the points' texts first, and all backwards) and keeps the layout of least cost.  A name with no clear place in full may take
its short form (:func:`short_name`: "b. copse" for "behind copse", the full name on hover) where that is
clear; a unit's label is never shortened.  Offsets are in screen px (``dy`` down).

Widths come from :func:`lcb_lab.ui.lab.text_fit.text_px` (on the wide side of the browsers' sans-serif
fonts), heights are :data:`LINE_EM` of the size: a text estimated to be clear is.  Pure geometry: no Bokeh
here (``table_view`` draws the result).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Sequence

from lcb_lab.ui.lab.text_fit import text_px

__all__ = ["Placed", "Frame", "Layout", "place_labels", "short_name", "box", "LINE_EM", "PAD_PX", "MARKER_PX",
           "LABEL_RISE_PX", "NAME_GAP_PX"]

LINE_EM = 1.2
"""A line's height over its font size (the font's ascent and descent, as a canvas measures them)."""
PAD_PX = 1
"""The padding round a text's background box, in px (the glyph's ``padding``)."""
CLEAR_PX = 1.0
"""The least room kept between two texts, and between a text and the frame's edge, in px."""
MARKER_PX = 18
"""A unit's marker, in px (its diameter)."""
LABEL_RISE_PX = 12
"""A unit's label sits this far above (or under) the unit's point, in px (clear of its marker, 9 px up)."""
NAME_GAP_PX = 14
"""A place's name starts this far beside its point, in px (clear of a unit's marker standing on it)."""
DOT_PX = 6
"""A named point's grey dot, in px across (a name keeps off it)."""
PASSES = 4
"""How many times the texts are gone over after the greedy start."""
COST = {"outside": 1000.0, "text": 20.0, "marker": 20.0, "dot": 1.0}
"""What a px^2 of a text's box costs: outside the frame, on another text, on a unit's marker, on a dot."""
SHORT_COST = 60.0
"""What taking a name's short form costs (as 3 px^2 of it on another text: only where the full name has no
clear place)."""

Box = tuple[float, float, float, float]


@dataclass(frozen=True)
class Placed:
    """One text's place: its anchor ``x``, ``y`` (inches), offsets ``dx``, ``dy`` (screen px, ``dy`` down),
    ``align`` (left, center, right) and ``baseline`` (top, middle, bottom)."""

    text: str
    x: float
    y: float
    dx: float
    dy: float
    align: str
    baseline: str
    full: str = ""
    """The whole name when ``text`` is its short form (the hover says it), else empty."""


@dataclass(frozen=True)
class Frame:
    """The table as drawn: the inches in sight ``x0``..``x1`` by ``y0``..``y1`` and ``ppi`` px an inch (the
    same across and up: the table keeps its shape)."""

    x0: float
    y0: float
    x1: float
    y1: float
    ppi: float


@dataclass(frozen=True)
class Layout:
    """The places of the units' labels (in the order the units were given), the points' names (the table's
    order) and the features' names (the table's order)."""

    units: list[Placed] = field(default_factory=list)
    points: list[Placed] = field(default_factory=list)
    features: list[Placed] = field(default_factory=list)


def box(p: Placed, ppi: float, font: float) -> Box:
    """The background box ``(x0, y0, x1, y1)`` in px, y up, that ``p`` covers in a ``font`` px font at ``ppi``
    (the padding included, as Bokeh paints it)."""
    x, y = p.x * ppi + p.dx, p.y * ppi - p.dy
    w, h = text_px(p.text, font) + 2 * PAD_PX, LINE_EM * font + 2 * PAD_PX
    x0 = {"left": x, "center": x - w / 2, "right": x - w}[p.align]
    y0 = {"bottom": y, "middle": y - h / 2, "top": y - h}[p.baseline]
    return (x0, y0, x0 + w, y0 + h)


def short_name(name: str) -> str:
    """A name's short form: each word but the last cut to its initial ("behind copse" -> "b. copse", "North
    Wood" -> "N. Wood"), a single word of more than 5 letters to its first 3 ("centre" -> "cen."); a short
    single word as it is."""
    words = name.split()
    if len(words) > 1:
        return " ".join(w[0] + "." for w in words[:-1]) + " " + words[-1]
    return name[:3] + "." if len(name) > 5 else name


def _shorts(places: list[Placed]) -> list[Placed]:
    """``places`` again with the short form of their name (none when it is the name itself)."""
    full = places[0].text
    short = short_name(full)
    return [] if short == full else [Placed(short, p.x, p.y, p.dx, p.dy, p.align, p.baseline, full) for p in places]


def _overlap(a: Box, b: Box, grow: float = 0.0) -> float:
    w = min(a[2], b[2] + grow) - max(a[0], b[0] - grow)
    h = min(a[3], b[3] + grow) - max(a[1], b[1] - grow)
    return w * h if w > 0 and h > 0 else 0.0


def _square(x: float, y: float, ppi: float, across: float) -> Box:
    cx, cy, r = x * ppi, y * ppi, across / 2
    return (cx - r, cy - r, cx + r, cy + r)


def _unit_places(text: str, x: float, y: float) -> list[Placed]:
    r, up = MARKER_PX / 2, LABEL_RISE_PX
    return [Placed(text, x, y, dx, dy, a, b) for dx, dy, a, b in (
        (0, -up, "center", "bottom"), (-r, -up, "left", "bottom"), (r, -up, "right", "bottom"),
        (0, up, "center", "top"), (r + 3, 0, "left", "middle"), (-r - 3, 0, "right", "middle"),
        (-r, up, "left", "top"), (r, up, "right", "top"))]


def _point_places(text: str, x: float, y: float) -> list[Placed]:
    g, r = NAME_GAP_PX, MARKER_PX / 2 + 2
    return [Placed(text, x, y, dx, dy, a, b) for dx, dy, a, b in (
        (g, 0, "left", "middle"), (-g, 0, "right", "middle"), (0, r, "center", "top"), (0, -r, "center", "bottom"),
        (r, r, "left", "top"), (r, -r, "left", "bottom"), (-r, r, "right", "top"), (-r, -r, "right", "bottom"))]


def _feature_places(text: str, points: Sequence[tuple[float, float]]) -> list[Placed]:
    xs, ys = [x for x, _ in points], [y for _, y in points]
    left, right, top, bottom = min(xs), max(xs), max(ys), min(ys)
    cx, cy = (left + right) / 2, (top + bottom) / 2
    return [Placed(text, x, y, dx, dy, a, b) for x, y, dx, dy, a, b in (
        (left, top, 0, -2, "left", "bottom"), (left, top, 3, 2, "left", "top"), (right, top, -3, 2, "right", "top"),
        (right, top, 0, -2, "right", "bottom"), (left, bottom, 0, 2, "left", "top"),
        (left, bottom, 3, -2, "left", "bottom"), (right, bottom, -3, -2, "right", "bottom"),
        (right, bottom, 0, 2, "right", "top"), (cx, cy, 0, 0, "center", "middle"),
        (left, cy, -3, 0, "right", "middle"), (right, cy, 3, 0, "left", "middle"))]


def place_labels(table: Any, units: Sequence[tuple[str, float, float]], frame: Frame, unit_px: float,
                 name_px: float) -> Layout:
    """The places of the texts of ``table`` (its ``points`` as ``(name, (x, y))``, ``features`` with ``name``
    and ``points``, inches) with ``units`` (each ``(label, x, y)``, inches: the units the viewer sees) drawn
    in ``frame``, the units' labels ``unit_px`` and the names ``name_px`` high (module docstring).  Raises
    ValueError for a frame with no room (``ppi`` not positive or an empty range)."""
    ppi = frame.ppi
    if not ppi > 0 or not frame.x1 > frame.x0 or not frame.y1 > frame.y0:
        raise ValueError(f"the frame has no room: {frame!r}")
    edge = (frame.x0 * ppi + CLEAR_PX, frame.y0 * ppi + CLEAR_PX, frame.x1 * ppi - CLEAR_PX, frame.y1 * ppi - CLEAR_PX)
    markers = [_square(x, y, ppi, MARKER_PX) for _, x, y in units]
    dots = [_square(x, y, ppi, DOT_PX) for _, (x, y) in table.points]
    choices: list[tuple[list[Placed], float]] = [(_unit_places(t, x, y), unit_px) for t, x, y in units]
    names = [_feature_places(f.name, f.points) for f in table.features]
    names += [_point_places(n, x, y) for n, (x, y) in table.points]
    choices += [(places + _shorts(places), name_px) for places in names]
    boxes = [[box(p, ppi, size) for p in places] for places, size in choices]
    fixed = [[_fixed_cost(p, b, k, edge, markers, dots) for k, (p, b) in enumerate(zip(places, bs))]
             for (places, _), bs in zip(choices, boxes)]
    n = len(units)
    m, last = n + len(table.features), len(choices)
    orders = [list(range(last)), [*range(n, last), *range(n)], [*range(m, last), *range(n), *range(n, m)],
              [*range(n - 1, -1, -1), *range(last - 1, n - 1, -1)]]     # units, features, points first; backwards
    picks = min((_settle(boxes, fixed, order) for order in orders), key=lambda got: got[0])[1]
    placed = [places[k] for (places, _), k in zip(choices, picks)]
    return Layout(units=placed[:n], features=placed[n:m], points=placed[m:])


def _fixed_cost(p: Placed, b: Box, k: int, edge: Box, markers: list[Box], dots: list[Box]) -> float:
    """What candidate ``k``, ``p`` at ``b``, costs whatever the other texts do: outside the frame ``edge``, on the
    ``markers`` and the ``dots``, a short form, and a hair a place (the first of equal places wins)."""
    outside = (b[2] - b[0]) * (b[3] - b[1]) - _overlap(b, edge)
    return (COST["outside"] * outside + COST["marker"] * sum(_overlap(b, m) for m in markers)
            + COST["dot"] * sum(_overlap(b, d) for d in dots) + (SHORT_COST if p.full else 0.0) + 0.01 * k)


def _settle(boxes: list[list[Box]], fixed: list[list[float]], order: list[int]) -> tuple[float, list[int]]:
    """``(total cost, the candidate picked for each text)``: the texts taken in ``order``, each at its least
    cost among those placed before it, then gone over until none moves (at most :data:`PASSES` times)."""
    hull = [(min(b[0] for b in bs), min(b[1] for b in bs), max(b[2] for b in bs), max(b[3] for b in bs))
            for bs in boxes]                         # where a text may go at all: only those whose hulls meet interact
    near = [[j for j in range(len(boxes)) if j != i and _overlap(hull[i], hull[j], CLEAR_PX)]
            for i in range(len(boxes))]
    chosen: list[Box | None] = [None] * len(boxes)
    picks = [0] * len(boxes)

    def cost(i: int, k: int) -> float:
        b, c = boxes[i][k], 0.0
        for j in near[i]:
            o = chosen[j]
            if o is not None:
                c += _overlap(b, o, CLEAR_PX)
        return fixed[i][k] + COST["text"] * c

    def pick(i: int) -> None:
        picks[i] = min(range(len(boxes[i])), key=lambda k: cost(i, k))       # the first of equal cost
        chosen[i] = boxes[i][picks[i]]

    for i in order:                                  # the greedy start
        pick(i)
    for _ in range(PASSES):                          # then each among all the others, until none moves
        before = list(picks)
        for i in order:
            pick(i)
        if picks == before:
            break
    return sum(cost(i, picks[i]) for i in order) / 2 + sum(fixed[i][picks[i]] for i in order) / 2, picks
