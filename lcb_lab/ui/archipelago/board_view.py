"""The Bokeh board of *Naval Battle in Archipelago*: points, islands, sectors, bases, pieces, overlays.

Same conventions as the LC:B map (:mod:`lcb_lab.ui.lcb.map.map`): north up, a fixed aspect (1 d
as wide as tall), hover on a point shows its label, sector, colour, symbols and base, a tap
selects the point and calls back with its label, a key of the colours and symbols, and the
board's *sandbox* tag in the title, why in a second line (the text prints its board only as pictures,
l.106-130).

Layers, bottom to top: the sea (deep), the shallows and the land as areas (unions of the points'
cells, :mod:`~lcb_lab.ui.archipelago.geometry`: flat land, high land, the coastline), faint lattice
lines, the sector grid with its letters and numbers on the edges, the points as circles of their
colour (l.114-128), the symbols (l.130) and landing points, the bases' names, the overlays (reach,
firing lines), the selected point, and the pieces (:class:`PieceMark`: a hull or a rotor disc in
the owner's colour with its number, the bow toward its facing; torpedoes in flight as small
arrows).

Usage::

    view = BoardView(load_board())
    view.on_point(lambda label: print(label))     # called on a tap, with "col,row"
    view.show_pieces([PieceMark("2", "Red", p, Facing.SE, "torpedo_boat")])
    view.show_reach(points); view.show_firing_lines(origin, Facing.N, (-1, 0, 1), 10)
    view.figure                                   # a bokeh figure
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any, Callable, Iterable, Literal, Protocol

from bokeh.events import Tap
from bokeh.core.property.descriptors import UnsetValueError
from bokeh.models import ColumnDataSource, CustomJS, HoverTool, Legend, LegendItem, Range1d, Title
from bokeh.plotting import figure

from lcb_lab.games.archipelago.model.board import Board
from lcb_lab.games.archipelago.model.board_data import parse_point, point_label, point_name
from lcb_lab.kernel.hexgrid import Axial, Facing
from lcb_lab.ui.archipelago import board_layers as layers
from lcb_lab.ui.archipelago import geometry as geo
from lcb_lab.ui.archipelago.board_layers import MARGIN, OWNER_COLOURS
from lcb_lab.ui.archipelago.board_texts import BoardTexts
from lcb_lab.ui.archipelago.stacks import crowds

__all__ = ["PieceMark", "BoardView", "PieceKind", "SHAPES", "piece_outline", "ssm_tick"]

PieceKind = Literal["torpedo_boat", "ship", "hovercraft", "helicopter", "torpedo", "missile_boat", "missile_ship",
                    "submarine", "submerged", "seaplane", "aircraft", "blimp", "landing_boat", "launcher", "cruise",
                    "mine", "sonar"]
SSM_KINDS = ("missile_boat", "missile_ship")
"""The drawings with an SSM tick (a short rail on the hull's left side, l.842-870)."""
MARKERS = ("torpedo", "cruise", "mine", "sonar")
"""The drawings of markers (no number drawn astern: their label is their mark, T, CM, M, SN)."""

SHORT_NAMES_BELOW = 14.0
"""The px a d of the board is drawn across below which the bases' names shrink to their letters (``A``, framed in
the owner's colour): a whole name at 16 px covered 11 d of a board drawn 8 px a d (JupyterLab beside the file
browser), hiding the base it names."""
_CROWD_JS = """
const w = fig.inner_width, span = fig.x_range.end - fig.x_range.start;
const need = all.tags.length ? all.tags[0] : 0;
const crowded = crowd[1].data_source.get_length() > 0 && !(w > 0 && span > 0 && w / span >= need);
if (all.visible == crowded) all.visible = !crowded;
for (const r of crowd) if (r.visible != crowded) r.visible = crowded;
"""
"""The browser's switch between every piece number and the crowds' badges, on each change of the ranges or
the frame's width: the badges while a d is drawn narrower than the crowds need (``tags[0]``, px per d)."""


@dataclass(frozen=True)
class PieceMark:
    """One thing to draw on the board: a piece or a marker in flight.

    ``label`` its number ("2", "C-10", "T"), ``owner`` "Red" or "Blue", ``point`` where it stands,
    ``facing`` the lattice line it faces along (l.155), ``kind`` what to draw (a hull for vessels,
    a rotor disc for helicopters, a small arrow for a torpedo in flight, l.207), ``hits`` the hits
    it has taken (drawn as dots), ``dashed`` an outline drawn dashed (the viewer's own submarine
    under water, l.1129), ``aboard`` a piece on a ship's deck or in its well dock (drawn smaller)."""

    label: str
    owner: str
    point: Axial
    facing: Facing
    kind: PieceKind = "torpedo_boat"
    hits: int = 0
    dashed: bool = False
    aboard: bool = False


class BoardView:
    """A Bokeh figure of ``board`` (``.figure``) with its data sources (``.sources``: ``points``,
    ``pieces``, ``reach``, ``firing``, ``selected`` ...); ``frame_height`` in px (the width follows
    the board's aspect)."""

    def __init__(self, board: Board, *, frame_height: int = 700, title: str | None = None):
        self.board = board
        self._callbacks: list[Callable[[str], None]] = []
        self.selected: str | None = None
        x0, x1, y0, y1 = self.extent = layers.board_box(board)
        frame_width = int(round(frame_height * (x1 - x0) / (y1 - y0)))
        p = figure(frame_width=frame_width, frame_height=frame_height,
                   x_range=Range1d(x0, x1, bounds=(x0, x1)), y_range=Range1d(y0, y1, bounds=(y0, y1)),
                   tools="pan,wheel_zoom,reset,save", active_drag="pan", toolbar_location="right",
                   background_fill_color=layers.BARS, border_fill_color=layers.BARS,
                   outline_line_color=None, min_border=4)      # the sea is the board's own box (bars beside it)
        p.toolbar.logo = None
        p.axis.visible = False
        p.grid.visible = False
        line1, line2 = (title, "") if title is not None else title_text(board)
        p.title.text = line1
        p.title.text_font_size = "13px"
        self.subtitle = Title(text=line2, text_font_size="11px", text_font_style="normal", text_color="#3b4650")
        p.add_layout(self.subtitle, "above")
        self.figure = p
        self.sources: dict[str, ColumnDataSource] = {}
        point_renderers = layers.add_board_layers(p, board, self.sources)
        p.add_tools(HoverTool(renderers=point_renderers, tooltips=layers.POINT_TOOLTIPS))
        self._add_dynamic()
        self._add_key(point_renderers)
        p.on_event(Tap, self._on_tap)
        self.texts = BoardTexts(self, (line1, line2), layers.key_text(board))
        """The board's texts: their sizes (presentation mode) and the title and key fitted to the frame's width."""

    def set_text_sizes(self, presentation: bool = False, scale: float = 1.0) -> dict[str, float]:
        """Size the board's texts (piece numbers, sector letters, bases, key...): :data:`~lcb_lab.ui.archipelago.board_texts.TEXT_PX`
        times ``scale``, in ``presentation`` at least :data:`~lcb_lab.ui.archipelago.board_texts.PRESENTATION_PX`;
        returns the sizes in px by part (:meth:`BoardTexts.set_sizes`)."""
        sizes = self.texts.set_sizes(presentation, scale)
        if self._shown is not None:                 # larger numbers crowd sooner
            self.show_pieces(self._shown)
        return sizes

    def fit_width(self, width_px: float) -> None:
        """The browser drew the frame ``width_px`` wide: wrap the title and the key lines and set the key's
        columns so that every text shows whole (:meth:`BoardTexts.fit`)."""
        self.texts.fit(width_px)

    # ---------------------------------------------------------- layers
    def _add_dynamic(self) -> None:
        p, s = self.figure, self.sources
        s["reach"] = ColumnDataSource({"xs": [], "ys": []})
        self._overlay_renderers = [p.multi_polygons("xs", "ys", source=s["reach"], fill_color="#ffe066", fill_alpha=0.45,
                         line_color="#b8860b", line_width=2, line_dash="dashed")]
        s["firing"] = ColumnDataSource({"xs": [], "ys": [], "direction": []})
        self._overlay_renderers.append(p.multi_line("xs", "ys", source=s["firing"], line_color="#ff7f0e",
                                                    line_width=3, line_alpha=0.9))
        s["selected"] = ColumnDataSource({"x": [], "y": []})
        p.scatter("x", "y", source=s["selected"], size=22, fill_alpha=0, line_color="#ffd400", line_width=3)
        s["areas"] = ColumnDataSource({"xs": [], "ys": [], "colour": [], "label": [], "owner": [], "kind": [],
                                       "sector": []})
        areas = p.multi_polygons("xs", "ys", source=s["areas"], fill_color="colour", fill_alpha=0.12,
                                 line_color="colour", line_width=2.5, line_dash="dashed")
        s["area_labels"] = ColumnDataSource({"x": [], "y": [], "text": [], "colour": []})
        p.text("x", "y", "text", source=s["area_labels"], text_color="colour", text_font_size="12px",
               text_font_style="bold", text_align="center", text_baseline="middle", background_fill_color="#ffffff",
               background_fill_alpha=0.8)
        s["pieces"] = ColumnDataSource({k: [] for k in _PIECE_KEYS})
        hulls = p.patches("xs", "ys", source=s["pieces"], fill_color="colour", line_color="#ffffff",
                          line_width=2)
        s["dashed"] = ColumnDataSource({k: [] for k in _PIECE_KEYS})
        dashed = p.patches("xs", "ys", source=s["dashed"], fill_color="colour", fill_alpha=0.35, line_color="colour",
                           line_width=2.5, line_dash=[4, 3])
        s["ticks"] = ColumnDataSource({"xs": [], "ys": []})
        p.multi_line("xs", "ys", source=s["ticks"], line_color="#ffd400", line_width=3)
        s["piece_labels"] = ColumnDataSource({"x": [], "y": [], "text": [], "colour": []})
        numbers = p.text("x", "y", "text", source=s["piece_labels"], text_color="#ffffff", text_font_size="10px",
                         text_font_style="bold", text_align="center", text_baseline="middle",
                         background_fill_color="colour", border_line_color="#ffffff", padding=1)
        s["hits"] = ColumnDataSource({"x": [], "y": []})
        p.scatter("x", "y", source=s["hits"], size=5, fill_color="#ffd400", line_color="#222222")
        self._add_stacks(numbers)
        p.add_tools(HoverTool(renderers=[areas], tooltips=[("sector", "@sector"), ("what", "@label (@owner @kind)")]))
        p.add_tools(HoverTool(renderers=[hulls, dashed], tooltips=[("piece", "@label (@owner @kind)"), ("point", "@point"),
                                                           ("facing", "@facing"), ("hits", "@hits")]))

    def _add_stacks(self, all_labels: Any) -> None:
        """The crowds' layers (:mod:`~lcb_lab.ui.archipelago.stacks`): the numbers of the pieces in no crowd, and
        one count badge per crowd with its pieces on hover, shown instead of every number (``all_labels``)
        while the board is drawn too small for the crowds' numbers to stand apart (a CustomJS on the ranges and
        the frame's width: zooming in brings the numbers back, with no round trip to the kernel)."""
        p, s = self.figure, self.sources
        self._all_labels = all_labels
        s["lone_labels"] = ColumnDataSource({"x": [], "y": [], "text": [], "colour": []})
        self._lone_labels = p.text("x", "y", "text", source=s["lone_labels"], text_color="#ffffff", text_font_size="10px",
                                   text_font_style="bold", text_align="center", text_baseline="middle",
                                   background_fill_color="colour", border_line_color="#ffffff", padding=1, visible=False)
        s["stacks"] = ColumnDataSource({"x": [], "y": [], "text": [], "count": [], "colour": [], "owner": [],
                                        "names": []})
        self._badges = p.text("x", "y", "count", source=s["stacks"], text_color="#ffffff", text_font_size="10px",
                              text_font_style="bold", text_align="center", text_baseline="middle",
                              background_fill_color="colour", border_line_color="#ffd400", border_line_width=2,
                              padding=2, border_radius=3, visible=False)
        badge_hover = p.scatter("x", "y", source=s["stacks"], size=30, fill_alpha=0, line_alpha=0, visible=False)
        p.add_tools(HoverTool(renderers=[badge_hover], tooltips=[("stack", "@text"), ("pieces", "@names")]))
        self._crowd_parts = (self._lone_labels, self._badges, badge_hover)
        toggle = CustomJS(args={"fig": p, "all": all_labels, "crowd": list(self._crowd_parts)}, code=_CROWD_JS)
        for model, attr in ((p.x_range, "start"), (p.x_range, "end"), (p, "inner_width"), (all_labels, "tags")):
            model.js_on_change(attr, toggle)
        self._shown: list[PieceMark] | None = None
        self._serial = 0

    def _px_per_d(self) -> float | None:
        """The px a d of the board is drawn across now (None before the browser has reported the frame)."""
        p = self.figure
        try:
            w = p.inner_width
        except UnsetValueError:
            w = None
        w = w or p.frame_width
        span = p.x_range.end - p.x_range.start
        return w / span if w and span > 0 else None

    def _show_crowds(self, marks: list[PieceMark], index: list[int | None], labels: dict[str, list]) -> None:
        """Find the crowds of ``marks`` (``index``: each mark's row in ``labels``, None for none) and draw them."""
        size = self.texts.sizes["pieces"] if hasattr(self, "texts") else 10.0
        found = crowds(marks, size)
        inside = {i for c in found for i in c.members}
        rows = [k for i, k in enumerate(index) if k is not None and i not in inside]
        self.sources["lone_labels"].data = {c: [v[k] for k in rows] for c, v in labels.items()}
        self.sources["stacks"].data = {
            "x": [c.x for c in found], "y": [c.y for c in found], "owner": [c.owner for c in found],
            "text": [f"{len(c.members)} {c.owner} pieces" for c in found], "names": [c.names for c in found],
            "count": [f"\u00d7{len(c.members)}" for c in found],     # "×8": not piece 8
            "colour": [OWNER_COLOURS.get(c.owner, "#555555") for c in found]}
        self.crowds = found
        need = max((c.need_px for c in found), default=0.0)
        now = self._px_per_d()
        crowded = bool(found) and (now is None or now < need)
        self._all_labels.visible = not crowded
        for r in self._crowd_parts:
            r.visible = crowded
        self._serial += 1
        self._all_labels.tags = [need, self._serial]       # the browser decides again at its own scale

    def _add_key(self, point_renderers: list) -> None:
        """The key above the board: each colour's dot and short word (:data:`~lcb_lab.ui.archipelago.board_layers.COLOUR_KEY`;
        its meaning on a point's hover), and the reach and the firing lines while they are drawn."""
        items = [LegendItem(label=layers.COLOUR_KEY[c], renderers=[r])
                 for c, r in zip(layers.DRAW_ORDER, point_renderers)]
        items += [LegendItem(label="reach of the move", renderers=[self._overlay_renderers[0]], visible=False),
                  LegendItem(label="firing lines (l.324)", renderers=[self._overlay_renderers[1]], visible=False)]
        self.legend = Legend(items=items, location="top_left", label_text_font_size="10px", glyph_width=14,
                             glyph_height=14, spacing=0, padding=4, background_fill_alpha=0.85, click_policy="none",
                             ncols=2, border_line_alpha=0)
        self.figure.above = [self.legend, *self.figure.above]   # nearest the board, under the title and its second
        # line (beside the board, the key took 210 px of the map column's width and the lattice was squeezed)

    def _show_overlay_key(self, n: int, shown: bool) -> None:
        """The key's line of overlay ``n`` (0 the reach, 1 the firing lines) while it is drawn; the key fitted
        again to the frame's width when that changes its lines."""
        item = self.legend.items[len(layers.DRAW_ORDER) + n]
        if item.visible != shown:
            item.visible = shown
            if hasattr(self, "texts"):
                self.texts.fit(self.texts.width)

    def set_scale(self, px_per_d: float) -> None:
        """The board is drawn ``px_per_d`` px a d: below :data:`SHORT_NAMES_BELOW` the bases' names are their
        letters (the whole name on hover of its points), else whole."""
        field = "short" if px_per_d < SHORT_NAMES_BELOW else "name"
        names = self.sources["base_names"]
        if names.data["text"] != names.data[field]:
            names.data = {**names.data, "text": list(names.data[field])}

    # ---------------------------------------------------------- drawing
    def show_pieces(self, marks: Iterable[PieceMark]) -> None:
        """Draw ``marks`` (replacing the pieces drawn before)."""
        solid: dict[str, list] = {k: [] for k in _PIECE_KEYS}
        dashed: dict[str, list] = {k: [] for k in _PIECE_KEYS}
        labels: dict[str, list] = {"x": [], "y": [], "text": [], "colour": []}
        hits: dict[str, list] = {"x": [], "y": []}
        ticks: dict[str, list] = {"xs": [], "ys": []}
        marks = list(marks)
        index: list[int | None] = []
        for m in marks:
            index.append(None if m.kind == "torpedo" else len(labels["text"]))
            outline = piece_outline(m)
            data = dashed if m.dashed else solid
            data["xs"].append([x for x, _ in outline])
            data["ys"].append([y for _, y in outline])
            data["colour"].append(OWNER_COLOURS.get(m.owner, "#555555"))
            for k, v in (("label", m.label), ("owner", m.owner), ("kind", m.kind.replace("_", " ")),
                         ("point", point_name(self.board, m.point)), ("facing", Facing(m.facing).name), ("hits", m.hits)):
                data[k].append(v)
            cx, cy = geo.xy(m.point)
            ux, uy = geo.facing_unit(m.facing)
            if m.kind != "torpedo":            # the number a little astern: the bow stays in sight
                back = 0.0 if m.kind in MARKERS else 0.15
                labels["x"].append(cx - back * ux)
                labels["y"].append(cy - back * uy)
                labels["text"].append(m.label)
                labels["colour"].append(data["colour"][-1])
            if m.kind in SSM_KINDS:
                tick = ssm_tick(m)
                ticks["xs"].append([x for x, _ in tick])
                ticks["ys"].append([y for _, y in tick])
            for i in range(m.hits):
                hits["x"].append(cx - (0.22 + 0.14 * i) * ux - 0.2 * uy)
                hits["y"].append(cy - (0.22 + 0.14 * i) * uy + 0.2 * ux)
        self.sources["pieces"].data = solid
        self.sources["dashed"].data = dashed
        self.sources["ticks"].data = ticks
        self.sources["piece_labels"].data = labels
        self.sources["hits"].data = hits
        self._shown = marks
        self._show_crowds(marks, index, labels)

    def show_areas(self, areas: Iterable["AreaLike"]) -> None:
        """Draw sectors as dashed areas in their owner's colour with their label at the centre
        (:class:`~lcb_lab.ui.archipelago.marks.AreaMark`: ``label``, ``owner``, ``sector``, ``kind``);
        a sector the board does not have is skipped; none clears them."""
        data: dict[str, list] = {"xs": [], "ys": [], "colour": [], "label": [], "owner": [], "kind": [], "sector": []}
        labels: dict[str, list] = {"x": [], "y": [], "text": [], "colour": []}
        for a in areas:
            try:
                pts = self.board.points_in(a.sector)
            except (KeyError, ValueError):
                continue
            shape = geo.union_of_cells(pts)
            if shape.is_empty:
                continue
            xs, ys = geo.bokeh_polygons(shape)
            colour = OWNER_COLOURS.get(a.owner, "#555555")
            for x, y in zip(xs, ys):
                for k, v in (("xs", x), ("ys", y), ("colour", colour), ("label", a.label), ("owner", a.owner),
                             ("kind", a.kind.replace("_", " ")), ("sector", a.sector)):
                    data[k].append(v)
            c = shape.centroid
            labels["x"].append(c.x)
            labels["y"].append(c.y)
            labels["text"].append(f"{a.label} {a.sector}")
            labels["colour"].append(colour)
        self.sources["areas"].data = data
        self.sources["area_labels"].data = labels

    def show_reach(self, points: Iterable[Axial]) -> None:
        """Shade the area of ``points`` (:func:`~lcb_lab.ui.archipelago.geometry.reach_overlay`); none clears it."""
        xs, ys = geo.bokeh_polygons(geo.reach_overlay(points))
        self.sources["reach"].data = {"xs": xs, "ys": ys}
        self._show_overlay_key(0, bool(xs))

    def show_firing_lines(self, origin: Axial, facing: Facing, lines: Iterable[int], length: int,
                          blockers: Iterable[Axial] = ()) -> None:
        """Draw the lines a weapon may fire along (:func:`~lcb_lab.ui.archipelago.geometry.firing_lines`,
        stopped at the board's edge); ``length`` 0 clears them."""
        found = geo.firing_lines(origin, facing, lines, length, blockers, on_board=self.board.points)
        self.sources["firing"].data = {"xs": [[c[0] for c in ln.coords] for ln in found.values()],
                                       "ys": [[c[1] for c in ln.coords] for ln in found.values()],
                                       "direction": [f.name for f in found]}
        self._show_overlay_key(1, bool(found))

    # ---------------------------------------------------------- taps
    def on_point(self, callback: Callable[[str], None]) -> None:
        """Call ``callback(label)`` (``"col,row"``) when a point of the board is tapped."""
        self._callbacks.append(callback)

    def point_at(self, x: float, y: float) -> Axial | None:
        """The point whose cell holds plot point ``(x, y)``, or None off the board."""
        return geo.points_near(self.board.points, x, y)

    def select(self, label: str | None) -> None:
        """Ring point ``label`` (None clears)."""
        self.selected = label
        try:
            pts = [parse_point(label)] if label is not None else []
        except ValueError:
            pts = []
        pts = [p for p in pts if p in self.board.points]
        self.sources["selected"].data = {"x": [geo.xy(p)[0] for p in pts], "y": [geo.xy(p)[1] for p in pts]}

    def tap(self, x: float, y: float) -> str | None:
        """What a tap at plot ``(x, y)`` does: select the point there and call back with its label
        (None and nothing done off the board)."""
        p = self.point_at(x, y)
        if p is None:
            return None
        label = point_label(p)
        self.select(label)
        for cb in self._callbacks:
            cb(label)
        return label

    def _on_tap(self, event: Tap) -> None:
        if event.x is not None and event.y is not None:
            self.tap(event.x, event.y)


_PIECE_KEYS = ("xs", "ys", "colour", "label", "owner", "kind", "point", "facing", "hits")


def title_text(board: Board) -> tuple[str, str]:
    """The map's two title lines, each short enough for the map's frame at 1366 x 768: the board's name
    with its sandbox tag, then why it is sandbox (the page's heading names the game)."""
    if board.source != "sandbox":
        return f"board: {board.name}", ""
    return f"{board.name}: SANDBOX board (l.106-130)", "the text prints its board only as pictures"


class AreaLike(Protocol):
    """What :meth:`BoardView.show_areas` reads of an area (``marks.AreaMark``)."""

    label: str
    owner: str
    sector: str
    kind: str


SHAPES: dict[str, tuple[tuple[float, float], ...]] = {
    "submarine": ((0.6, 0.0), (0.5, 0.14), (0.3, 0.2), (-0.45, 0.2), (-0.58, 0.1), (-0.58, -0.1), (-0.45, -0.2),
                  (0.3, -0.2), (0.5, -0.14)),
    "submerged": ((0.45, 0.0), (0.36, 0.2), (0.15, 0.3), (-0.3, 0.3), (-0.45, 0.15), (-0.45, -0.15), (-0.3, -0.3),
                  (0.15, -0.3), (0.36, -0.2)),
    "aircraft": ((0.55, 0.0), (-0.4, 0.42), (-0.25, 0.0), (-0.4, -0.42)),
    "seaplane": ((0.55, 0.0), (0.3, 0.07), (0.15, 0.5), (0.0, 0.5), (0.0, 0.07), (-0.35, 0.07), (-0.45, 0.22),
                 (-0.5, 0.22), (-0.45, 0.0), (-0.5, -0.22), (-0.45, -0.22), (-0.35, -0.07), (0.0, -0.07), (0.0, -0.5),
                 (0.15, -0.5), (0.3, -0.07)),
    "landing_boat": ((0.35, 0.2), (0.35, -0.2), (-0.35, -0.2), (-0.35, 0.2)),
    "launcher": ((0.3, 0.3), (0.3, -0.3), (-0.3, -0.3), (-0.3, 0.3)),
}
"""Outlines in the piece's own frame (d; x ahead, y to the left), turned toward its facing."""


def piece_outline(mark: PieceMark) -> list[tuple[float, float]]:
    """The outline drawn for ``mark`` (:class:`PieceMark`; :mod:`~lcb_lab.ui.archipelago.marks` names
    the drawings): a hull for a vessel (longer for ships), a rotor disc with a nose for a
    helicopter, a small arrow for a T or CM marker, a disc for an M or SN marker, an ellipse for the
    blimp, :data:`SHAPES` for the rest; its tip toward ``mark.facing``; two thirds as large
    ``aboard`` a ship."""
    out = _outline(mark)
    if not mark.aboard:
        return out
    cx, cy = geo.xy(mark.point)
    return [(cx + 0.66 * (x - cx), cy + 0.66 * (y - cy)) for x, y in out]


def _outline(mark: PieceMark) -> list[tuple[float, float]]:
    k, p, f = mark.kind, mark.point, mark.facing
    if k in ("ship", "missile_ship"):
        return geo.hull_outline(p, f, 1.3, 0.6)
    if k == "torpedo":
        return geo.hull_outline(p, f, 0.55, 0.24)
    if k == "cruise":
        return geo.hull_outline(p, f, 0.7, 0.3)
    if k == "helicopter":
        return _rotor(p, f)
    if k in ("mine", "sonar"):
        return _ellipse(p, f, 0.24, 0.24)
    if k == "blimp":
        return _ellipse(p, f, 0.55, 0.26)
    if k in SHAPES:
        return _turned(p, f, SHAPES[k])
    return geo.hull_outline(p, f)


def _turned(p: Axial, facing: Facing, local: tuple[tuple[float, float], ...]) -> list[tuple[float, float]]:
    cx, cy = geo.xy(p)
    ux, uy = geo.facing_unit(facing)
    return [(cx + a * ux - c * uy, cy + a * uy + c * ux) for a, c in local]


def _ellipse(p: Axial, facing: Facing, a: float, b: float) -> list[tuple[float, float]]:
    return _turned(p, facing, tuple((a * math.cos(math.radians(30 * i)), b * math.sin(math.radians(30 * i)))
                                    for i in range(12)))


def ssm_tick(mark: PieceMark) -> list[tuple[float, float]]:
    """The SSM tick of a missile boat or ship: a short rail on its left side, slanting to the bow."""
    half = (0.65 if mark.kind == "missile_ship" else 0.55) * (0.66 if mark.aboard else 1.0)
    return _turned(mark.point, mark.facing, ((-0.2 * half, 0.12), (0.35 * half, 0.12)))


def _rotor(p: Axial, facing: Facing) -> list[tuple[float, float]]:
    """A disc of radius 0.34 d with a nose to 0.52 d toward ``facing``."""
    cx, cy = geo.xy(p)
    ux, uy = geo.facing_unit(facing)
    base = math.atan2(uy, ux)
    out = [(cx + 0.52 * ux, cy + 0.52 * uy)]
    for i in range(1, 12):
        a = base + math.radians(30 * i)
        out.append((cx + 0.34 * math.cos(a), cy + 0.34 * math.sin(a)))
    return out
