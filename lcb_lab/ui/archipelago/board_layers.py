"""The fixed layers of the Archipelago board's figure: sea, shallows, land, lattice, sectors, points, symbols, bases.

Drawn once per board by :func:`add_board_layers` (used by
:class:`~lcb_lab.ui.archipelago.board_view.BoardView`); everything is in plot units of ``d``, north
up (:mod:`~lcb_lab.ui.archipelago.geometry`).  Colours: the points keep the text's five colours
(l.114-128); the areas under them are softer so a class reads islands as land at a glance.
"""
from __future__ import annotations

import math

from bokeh.models import ColumnDataSource, GlyphRenderer, Title
from bokeh.plotting import figure

from lcb_lab.games.archipelago.model.board import Board, Colour
from lcb_lab.games.archipelago.model.board_data import point_label, point_name
from lcb_lab.kernel.hexgrid import Facing, neighbour
from lcb_lab.ui.archipelago import geometry as geo

__all__ = ["SEA", "POINT_COLOURS", "COLOUR_WORDS", "DRAW_ORDER", "OWNER_COLOURS", "SYMBOL_GLYPHS",
           "POINT_TOOLTIPS", "key_text", "add_board_layers", "point_rows", "point_ticks", "sector_lines", "sonars"]

SEA = "#4f80b8"
"""The deep sea under the points."""
SHALLOWS = "#a4d0ee"
LAND = "#e6d6a6"
HIGH_LAND = "#b0794a"
LANDING = "#fbf8ee"
COAST = "#5d4526"
TICK = "#2e3842"
"""The small grey numbers on the edges: the first column and row of each sector band (:func:`point_ticks`)."""

POINT_COLOURS: dict[Colour, str] = {"dark_blue": "#12327a", "light_blue": "#6cb4ea", "white": "#ffffff",
                                    "orange": "#f28c28", "red": "#d62f2f"}
"""Each point colour of the text (l.114) as drawn."""

COLOUR_WORDS: dict[Colour, str] = {
    "dark_blue": "dark blue: deep water, everyone (l.120)",
    "light_blue": "light blue: shallows, not ships (l.122)",
    "white": "white: flat land, helicopters land (l.128)",
    "orange": "orange: flat land or beach (l.126)",
    "red": "red: high land, flying only (l.124)",
}
"""Each colour's full meaning: what it is and who may stand there (a point's hover, the side card's key)."""

COLOUR_KEY: dict[Colour, str] = {"dark_blue": "deep water", "light_blue": "shallows", "white": "land, H lands",
                                 "orange": "land, beach", "red": "high land"}
"""The key's short word for each colour, drawn beside its dot above the board: a few words, so that the key takes
one or two lines (three beside JupyterLab's file browser in presentation) and the board keeps the height;
:data:`COLOUR_WORDS` says the rest on hover."""
BARS = "#f4f1e8"
"""The frame round the board where the board does not reach (the page's colour: the whole board is shown, with
bars beside or above and below it, never cropped)."""

DRAW_ORDER: tuple[Colour, ...] = ("dark_blue", "light_blue", "white", "orange", "red")

OWNER_COLOURS = {"Red": "#c62828", "Blue": "#0b3a8f"}
"""A side's colour for its pieces and bases."""

SYMBOL_GLYPHS = {"port": "\u2693", "workshop": "\u2692", "ammunition": "A", "fuel": "F"}
"""The mark drawn for each symbol of l.130 (anchor, hammer, A for ammunition, F for fuel)."""

def key_text(board: Board) -> tuple[str, str]:
    """The key under the map, two short lines (each one line at 1366x768 in Voila, presentation too): the
    symbols' marks and landing points; the bases, the fixed sonars (where the board has them), the sectors and
    the grey edge numbers a point's name ``"30,21 (F5)"`` is counted from (:func:`point_ticks`)."""
    last = f"{board.sector_cols[-1]}{board.sector_rows}"
    sonar = "SN ring: Base A sonar (l.1181) \u00b7 " if sonars(board) else ""
    ref = "l.110" if len(board.sector_cols) <= 7 else "l.825"     # A1-G7 (l.110), the expanded A1-Q11 (l.825)
    return ("\u2693 port \u00b7 \u2692 workshop \u00b7 A ammunition \u00b7 F fuel (l.130) \u00b7 H helicopter landing",
            "framed: bases (l.108) \u00b7 " + sonar + f"sectors A1-{last} ({ref}) \u00b7 grey: point column,row (sandbox)")


def sonars(board: Board) -> list[tuple[str, object]]:
    """``(owner, point)`` of each fixed sonar near a Base A (l.1181; the board's ``sonar`` features,
    their places sandbox: the text prints their sectors as "xxxxxxxxxx")."""
    return [(f.owner or "", q) for f in board.features.values() if f.kind == "sonar" for q in f.points]

POINT_TOOLTIPS = [("point", "@name"), ("colour", "@colour"), ("symbols", "@symbols"), ("base", "@base")]
"""What hovering a point shows: its name as everywhere (``30,21 (F5)``), colour, symbols and base."""


def point_rows(board: Board, colour: Colour) -> dict[str, list]:
    """The data of the points of ``colour``: centre ``x``/``y``, ``label`` (the tap's key ``"30,21"``),
    and the hover fields: ``name`` (:func:`~lcb_lab.games.archipelago.model.board.point_name`,
    ``"30,21 (F5)"``), ``sector``, ``colour`` (its meaning, :data:`COLOUR_WORDS`), ``symbols``, ``base``."""
    base_of = {p: b.name for b in board.bases.values() for p in b.points}
    pts = [p for p, c in board.points.items() if c == colour]
    return {"x": [geo.xy(p)[0] for p in pts], "y": [geo.xy(p)[1] for p in pts],
            "label": [point_label(p) for p in pts], "name": [point_name(board, p) for p in pts],
            "sector": [board.sector(p) for p in pts],
            "colour": [COLOUR_WORDS[colour] for _ in pts],
            "symbols": [", ".join(sorted(board.symbols_at(p))) or "-" for p in pts],
            "base": [base_of.get(p, "-") for p in pts]}


def add_board_layers(p: figure, board: Board, sources: dict[str, ColumnDataSource]) -> list[GlyphRenderer]:
    """Draw the board's fixed layers on ``p``, putting their data in ``sources``; returns the
    points' renderers, one per colour of :data:`DRAW_ORDER` (for the hover and the key)."""
    x0, x1, y0, y1 = board_box(board)
    p.quad(left=x0, right=x1, bottom=y0, top=y1, fill_color=SEA, line_color="#3a3a3a", line_width=1)
    _areas(p, board)
    _lattice(p, board, sources)
    _sectors(p, board, sources)
    renderers = []
    for colour in DRAW_ORDER:
        src = sources[f"points_{colour}"] = ColumnDataSource(point_rows(board, colour))
        renderers.append(p.circle("x", "y", radius=0.17, source=src, fill_color=POINT_COLOURS[colour],
                                  line_color="#0b1d3a", line_width=0.8))
    _symbols(p, board, sources)
    _bases(p, board, sources)
    _sonars(p, board, sources)
    for line in key_text(board):
        p.add_layout(Title(text=line, text_font_size="10px", text_font_style="normal", text_color="#3b4650"), "below")
    return renderers


MARGIN = 1.7
"""Room round the board's points for the sector letters and numbers (in d)."""


def board_box(board: Board) -> tuple[float, float, float, float]:
    """The board's drawn box ``(x0, x1, y0, y1)`` in d: its points and :data:`MARGIN` round them."""
    xs = [geo.xy(q)[0] for q in board.points]
    ys = [geo.xy(q)[1] for q in board.points]
    return min(xs) - MARGIN, max(xs) + MARGIN, min(ys) - MARGIN, max(ys) + MARGIN


def _areas(p: figure, board: Board) -> None:
    by = {c: [q for q, k in board.points.items() if k == c] for c in DRAW_ORDER}
    layers = [(by["light_blue"], SHALLOWS, None), (by["white"] + by["orange"] + by["red"], LAND, COAST),
              (by["red"], HIGH_LAND, None), (by["white"], LANDING, None)]
    for pts, fill, line in layers:
        xs, ys = geo.bokeh_polygons(geo.union_of_cells(pts))
        p.multi_polygons(xs, ys, fill_color=fill, line_color=line or fill, line_width=1.6 if line else 0.5)


def _lattice(p: figure, board: Board, sources: dict[str, ColumnDataSource]) -> None:
    seg: dict[str, list] = {"x0": [], "y0": [], "x1": [], "y1": []}
    for q in board.points:
        for f in (Facing.N, Facing.NE, Facing.SE):
            n = neighbour(q, f)
            if n in board.points:
                (x0, y0), (x1, y1) = geo.xy(q), geo.xy(n)
                for k, v in zip(seg, (x0, y0, x1, y1)):
                    seg[k].append(v)
    sources["lattice"] = ColumnDataSource(seg)
    p.segment("x0", "y0", "x1", "y1", source=sources["lattice"], line_color="#ffffff", line_alpha=0.22, line_width=0.7)


def sector_lines(board: Board) -> tuple[list[float], list[float]]:
    """The x of the lines between the sector letters' bands and the y of the lines between the
    numbers' bands (plot units; west to east, north to south), halfway between the last points of one band and the first of the next."""
    step = math.sqrt(3) / 2
    xs = sorted({(c - 0.5) * step for c in range(1, board.cols)
                 if c * len(board.sector_cols) // board.cols != (c - 1) * len(board.sector_cols) // board.cols})
    ys = sorted({-(r - 0.25) for r in range(1, board.rows)
                 if r * board.sector_rows // board.rows != (r - 1) * board.sector_rows // board.rows}, reverse=True)
    return xs, ys


def point_ticks(board: Board) -> tuple[list[tuple[int, float]], list[tuple[int, float]]]:
    """Where a reader counts a point's name from (:func:`~lcb_lab.games.archipelago.model.board.point_name`,
    ``"30,21 (F5)"``): the first column of each sector letter's band with its x, west to east, and the
    first row of each sector number's band with its y, north to south (plot units), drawn as small grey
    numbers on the board's edges beside the sector letters and numbers (a sandbox aid: the text's board
    has no point numbers, l.110).

    >>> from lcb_lab.games.archipelago.model.board_data import load_board
    >>> cols, rows = point_ticks(load_board())
    >>> [c for c, _ in cols], [r for r, _ in rows], [int(y) for _, y in rows][:2]
    ([0, 6, 12, 18, 24, 30, 36], [0, 5, 10, 15, 20, 25, 30], [0, -5])
    """
    step = math.sqrt(3) / 2
    n, m = len(board.sector_cols), board.sector_rows
    cols = [c for c in range(board.cols) if c == 0 or c * n // board.cols != (c - 1) * n // board.cols]
    rows = [r for r in range(board.rows) if r == 0 or r * m // board.rows != (r - 1) * m // board.rows]
    return [(c, c * step) for c in cols], [(r, -float(r)) for r in rows]


def _sectors(p: figure, board: Board, sources: dict[str, ColumnDataSource]) -> None:
    step = math.sqrt(3) / 2
    x0, x1 = -0.6, (board.cols - 1) * step + 0.6
    y0, y1 = 0.6, -(board.rows - 0.5) - 0.35
    xs, ys = sector_lines(board)
    p.multi_line([[x, x] for x in xs] + [[x0, x1] for _ in ys], [[y0, y1] for _ in xs] + [[y, y] for y in ys],
                 line_color="#1b2a3a", line_alpha=0.55, line_width=1.2, line_dash="dashed")
    p.multi_line([[x0, x1, x1, x0, x0]], [[y0, y0, y1, y1, y0]], line_color="#1b2a3a", line_width=2)
    bx, by = [x0, *xs, x1], [y0, *ys, y1]
    letters = {"x": [(a + b) / 2 for a, b in zip(bx, bx[1:])] * 2, "text": list(board.sector_cols) * 2,
               "y": [y0 + 0.6] * len(board.sector_cols) + [y1 - 0.6] * len(board.sector_cols)}
    numbers = {"y": [(a + b) / 2 for a, b in zip(by, by[1:])] * 2,
               "text": [str(i) for i in range(1, board.sector_rows + 1)] * 2,
               "x": [x0 - 0.6] * board.sector_rows + [x1 + 0.6] * board.sector_rows}
    for data in (letters, numbers):
        p.text("x", "y", "text", source=ColumnDataSource(data), text_align="center", text_baseline="middle",
               text_font_size="13px", text_font_style="bold", text_color="#1b2a3a")
    cols, rows = point_ticks(board)
    ticks = {"x": [x for _, x in cols] * 2 + [x0 - 0.6] * len(rows) + [x1 + 0.6] * len(rows),
             "y": [y0 + 0.6] * len(cols) + [y1 - 0.6] * len(cols) + [y for _, y in rows] * 2,
             "text": [str(c) for c, _ in cols] * 2 + [str(r) for r, _ in rows] * 2}
    sources["point_ticks"] = ColumnDataSource(ticks)
    p.text("x", "y", "text", source=sources["point_ticks"], text_align="center", text_baseline="middle",
           text_font_size="10px", text_color=TICK)


def _symbols(p: figure, board: Board, sources: dict[str, ColumnDataSource]) -> None:
    rows: dict[str, list] = {"x": [], "y": [], "text": [], "fill": []}
    for q, syms in board.symbols.items():
        x, y = geo.xy(q)
        rows["x"].append(x)
        rows["y"].append(y)
        rows["text"].append("".join(SYMBOL_GLYPHS[s] for s in sorted(syms)))
        rows["fill"].append(POINT_COLOURS[board.colour(q)])
    for q, c in board.points.items():
        if c == "white" and q not in board.symbols:
            x, y = geo.xy(q)
            rows["x"].append(x)
            rows["y"].append(y)
            rows["text"].append("H")
            rows["fill"].append(POINT_COLOURS[c])
    sources["symbols"] = ColumnDataSource(rows)
    p.circle("x", "y", radius=0.3, source=sources["symbols"], fill_color="#ffffff", line_color="fill", line_width=3)
    p.text("x", "y", "text", source=sources["symbols"], text_align="center", text_baseline="middle",
           text_font_size="10px", text_font_style="bold", text_color="#111111")


def _bases(p: figure, board: Board, sources: dict[str, ColumnDataSource]) -> None:
    rings: dict[str, list] = {"x": [], "y": [], "colour": []}
    names: dict[str, list] = {"x": [], "y": [], "text": [], "colour": [], "name": [], "short": []}
    cx = (board.cols - 1) * math.sqrt(3) / 4
    for b in board.bases.values():
        colour = OWNER_COLOURS.get(b.owner or "", "#444444")
        for q in b.points:
            x, y = geo.xy(q)
            rings["x"].append(x)
            rings["y"].append(y)
            rings["colour"].append(colour)
        x, y = geo.xy(b.points[0])
        names["x"].append(x + (1.0 if x < cx else -1.0))
        names["y"].append(y - 1.1)
        names["text"].append(b.name)
        names["name"].append(b.name)
        names["short"].append(short_base_name(b.name))
        names["colour"].append(colour)
    sources["base_points"] = ColumnDataSource(rings)
    sources["base_names"] = ColumnDataSource(names)
    p.circle("x", "y", radius=0.26, source=sources["base_points"], fill_alpha=0, line_color="colour", line_width=2)
    p.text("x", "y", "text", source=sources["base_names"], text_align="center", text_baseline="middle",
           text_font_size="11px", text_font_style="bold", text_color="colour", background_fill_color="#ffffff",
           background_fill_alpha=0.85, border_line_color="colour", padding=2)


def short_base_name(name: str) -> str:
    """A base's name as drawn on a small board: its letter (``"Red Base A"`` -> ``"A"``), framed in its owner's
    colour; the whole name on a board drawn large enough (:meth:`~lcb_lab.ui.archipelago.board_view.BoardView.set_scale`)."""
    last = name.split()[-1] if name.split() else name
    return last if len(last) <= 2 else name


def _sonars(p: figure, board: Board, sources: dict[str, ColumnDataSource]) -> None:
    """The fixed sonars near the Bases A (l.1181): a dashed ring in the owner's colour marked SN."""
    rows: dict[str, list] = {"x": [], "y": [], "colour": [], "text": []}
    for owner, q in sonars(board):
        x, y = geo.xy(q)
        rows["x"].append(x)
        rows["y"].append(y)
        rows["colour"].append(OWNER_COLOURS.get(owner, "#444444"))
        rows["text"].append("SN")
    sources["sonars"] = ColumnDataSource(rows)
    if not rows["x"]:
        return
    p.circle("x", "y", radius=0.42, source=sources["sonars"], fill_alpha=0, line_color="colour", line_width=2,
             line_dash="dashed")
    p.text("x", "y", "text", source=sources["sonars"], text_align="center", text_baseline="bottom", y_offset=-7,
           text_font_size="9px", text_font_style="bold", text_color="colour")
