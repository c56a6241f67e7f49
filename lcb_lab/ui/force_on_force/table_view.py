"""The Bokeh table of *Force on Force*: the sandbox table in inches, its terrain, the units a viewer
knows and the lines of sight of a selected unit.

* The table (``width`` x ``height`` inches, north up, a fixed aspect) and its terrain polygons, one
  colour per kind with the kind in the legend above the table, off the terrain (woods block sight past 1" dense, l.60, or 3"
  average, l.82; light woods never, l.84; the building, water and cliff are the sandbox table's);
  the named points moves end on, small and grey.
* Units (:class:`UnitMark`) as markers in their side's colour with their designation and figures;
  a unit the viewer's own side keeps hidden is drawn hollow (the other side does not see it at
  all: the marks come from the viewer's observer view, :func:`marks`).
* Lines of sight (:meth:`TableView.show_sight`) from the selected unit to each enemy unit drawn:
  green when clear, red and dashed when blocked, computed by the game's
  :func:`lcb_lab.games.force_on_force.geometry.line_of_sight`.

The title says *sandbox*: the text prints no table (``data/sandbox_table.toml``).

Usage::

    tv = TableView(game.table)
    tv.show_units(marks(view(game, "Blue")))
    tv.show_sight("SAS A")
    tv.figure                    # a bokeh figure
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Iterable

from bokeh.events import Tap
from bokeh.models import ColumnDataSource, HoverTool, Range1d, Title
from bokeh.plotting import figure

from lcb_lab.games.force_on_force.geometry import line_of_sight
from lcb_lab.games.force_on_force.model.table import Table
from lcb_lab.ui.force_on_force.table_labels import (LABEL_RISE_PX, MARKER_PX, PAD_PX, Frame, Placed,
                                                    place_labels)
from lcb_lab.ui.lab.text_fit import legend_fit, wrap

__all__ = ["UnitMark", "TableView", "marks", "table_figure", "KIND_STYLE", "SIDE_COLOURS", "sight_lines"]

KIND_STYLE: dict[str, tuple[str, str]] = {
    "dense": ("#2f5d2a", "dense woods (sight blocked past 1\", l.60)"),
    "average": ("#5f8f3e", "average woods (sight blocked past 3\", l.82)"),
    "light": ("#a8c98a", "light woods (no effect, l.84)"),
    "heavy": ("#3d6b35", "heavy foliage (blocks sight, l.64)"),
    "building": ("#8c7b6b", "building (sandbox: sight blocked past 1\")"),
    "water": ("#6fa8dc", "water obstacle (swimmers only, l.19, l.39)"),
    "cliff": ("#7a6a5a", "vertical obstacle (climbers only, l.43, l.52)"),
}
"""Terrain kind -> (fill colour, legend text)."""
SIDE_COLOURS = {"Blue": "#1f5fbf", "Red": "#c0392b"}
"""Each side's marker colour."""
CLEAR, BLOCKED = "#2e8b57", "#c0392b"
TEXT_PX = {"units": 12.0, "names": 10.7, "legend": 10.7, "title": 13.0, "axis_labels": 13.0, "ticks": 11.0}
"""The table's text sizes in px in the default look (units' labels 9 pt, terrain and place names and the
legend 8 pt; Bokeh's own title and axis sizes)."""
PRESENTATION_PX = {"units": 16.0, "names": 14.0, "legend": 14.0, "title": 16.0, "axis_labels": 14.0, "ticks": 14.0}
"""The least sizes in presentation mode (a projector: the units' labels 16 px, as LC:B's designators)."""
LEAST_LEGEND_PX = 8.0
"""The smallest the legend's text gets when even one column of it is wider than the frame."""
HEAD_LINES = 3
"""The most lines the table's title may be cut into (the frame's width: :meth:`TableView.fit_width`)."""


@dataclass(frozen=True)
class UnitMark:
    """One unit to draw: ``name``, ``side``, ``x``, ``y`` (inches), ``figures``, ``tq`` (``"d8"``),
    ``hidden`` (True only for the viewer's own hidden unit), ``overwatch``."""

    name: str
    side: str
    x: float
    y: float
    figures: int
    tq: str
    hidden: bool = False
    overwatch: bool = False


def marks(view: dict) -> list[UnitMark]:
    """The marks of an observer view (:func:`lcb_lab.games.force_on_force.observer.view`): the
    living units the viewer knows, nothing else."""
    return [UnitMark(u["name"], u["side"], u["x"], u["y"], u["figures"], u["tq"], bool(u["hidden"]),
                     bool(u["overwatch"])) for u in view["units"] if u["figures"] > 0]


def sight_lines(table: Table, shown: Iterable[UnitMark], selected: str) -> list[tuple[str, bool]]:
    """``[(enemy name, clear)]`` from ``selected`` to every enemy mark among ``shown`` (l.60, l.82),
    by the game's geometry; empty when ``selected`` is not shown."""
    by = {m.name: m for m in shown}
    me = by.get(selected)
    if me is None:
        return []
    return [(m.name, line_of_sight(table, (me.x, me.y), (m.x, m.y))) for m in by.values() if m.side != me.side]


NAME_BACKGROUND = {"background_fill_color": "#efe9d8", "background_fill_alpha": 0.8, "padding": PAD_PX}
"""A place's name on a patch of the table's colour: legible over woods and buildings."""


def name_columns(placed: list[Placed]) -> dict[str, list]:
    """Placed texts (:func:`~lcb_lab.ui.force_on_force.table_labels.place_labels`) as a text glyph's columns."""
    return {"x": [p.x for p in placed], "y": [p.y for p in placed], "name": [p.text for p in placed],
            "dx": [p.dx for p in placed], "dy": [p.dy for p in placed], "align": [p.align for p in placed],
            "baseline": [p.baseline for p in placed], "full": [p.full or p.text for p in placed]}


class TableView:
    """A Bokeh figure of ``table`` (``.figure``) with its data sources (``.sources``: ``units``,
    ``clear`` and ``blocked`` sight lines, ``selected``); ``frame_height`` in px (the width follows
    the table's aspect)."""

    def __init__(self, table: Table, *, frame_height: int = 520, title: str | None = None):
        self.table = table
        self.shown: list[UnitMark] = []
        self.selected: str | None = None
        self.sight: list[tuple[str, bool]] = []
        self._callbacks: list[Callable[[str], None]] = []
        pad = 1.0
        p = figure(frame_height=frame_height, frame_width=int(frame_height * table.width / table.height),
                   x_range=Range1d(-pad, table.width + pad), y_range=Range1d(-pad, table.height + pad),
                   match_aspect=True, tools="pan,wheel_zoom,reset,tap", toolbar_location="above",
                   title=title if title is not None else
                   f"Sandbox table, {table.width:g}\" x {table.height:g}\" (the text prints no table)")
        p.xaxis.axis_label, p.yaxis.axis_label = "inches", "inches"
        p.grid.grid_line_alpha = 0.25
        p.quad(left=0, right=table.width, bottom=0, top=table.height, fill_color="#efe9d8", line_color="#8a8270")
        self._terrain(p)
        p.scatter([xy[0] for _, xy in table.points], [xy[1] for _, xy in table.points], size=4, color="#999999")
        self._name_sources = (ColumnDataSource(name_columns([])), ColumnDataSource(name_columns([])))
        names = [                         # the text renderers of place and terrain names (placed by _place_texts)
            p.text("x", "y", text="name", source=self._name_sources[0], x_offset="dx", y_offset="dy",
                   text_align="align", text_baseline="baseline", text_font_size="8pt", text_color="#666666",
                   **NAME_BACKGROUND),
            p.text("x", "y", text="name", source=self._name_sources[1], x_offset="dx",
                   y_offset="dy", text_align="align", text_baseline="baseline", text_font_size="8pt",
                   text_font_style="italic", text_color="#333333", **NAME_BACKGROUND)]
        self._names: list[Any] = [r.glyph for r in names]
        p.add_tools(HoverTool(renderers=names, tooltips=[("place", "@full")], visible=False))   # a short name in full
        self.sources = {"clear": ColumnDataSource({"xs": [], "ys": [], "label": []}),
                        "blocked": ColumnDataSource({"xs": [], "ys": [], "label": []}),
                        "units": ColumnDataSource(self._unit_data([])),
                        "selected": ColumnDataSource({"x": [], "y": []})}
        p.multi_line("xs", "ys", source=self.sources["clear"], line_color=CLEAR, line_width=2, line_alpha=0.8)
        p.multi_line("xs", "ys", source=self.sources["blocked"], line_color=BLOCKED, line_width=2, line_dash="dashed",
                     line_alpha=0.8)
        p.scatter("x", "y", source=self.sources["selected"], size=30, fill_alpha=0, line_color="#f0a30a",
                  line_width=3)
        r = p.scatter("x", "y", source=self.sources["units"], size=MARKER_PX, marker="marker", fill_color="fill",
                      line_color="color", line_width=2)
        self._labels = p.text("x", "y", text="label", source=self.sources["units"], text_font_size="9pt",
                              x_offset="dx", y_offset="dy", text_align="align", text_baseline="baseline",
                              text_color="color", background_fill_color="#ffffff", background_fill_alpha=0.8,
                              padding=PAD_PX, border_radius=2).glyph   # beside the marker, legible over the terrain
        p.add_tools(HoverTool(renderers=[r], tooltips=[("unit", "@name"), ("side", "@side"),
                                                        ("figures", "@figures"), ("Troop Quality", "@tq"),
                                                        ("state", "@state")]))
        p.on_event(Tap, self._tapped)
        legend = p.legend[0]                 # above the table, in two columns: on it, it hid the North Wood
        p.add_layout(legend, "above")
        legend.update(ncols=2, label_text_font_size="8pt", glyph_height=12, glyph_width=16, label_height=12,
                      spacing=0, padding=4, margin=4, border_line_alpha=0)
        self.figure = p
        self.head = p.title.text
        self.head_titles = [Title(text="", standoff=2, visible=False) for _ in range(HEAD_LINES - 1)]
        p.above = [*p.above, *reversed(self.head_titles)]     # all there from the start, unused ones hidden
        self.sizes = dict(TEXT_PX)
        self.width: float | None = None
        self.frame = Frame(-pad, -pad, table.width + pad, table.height + pad, frame_height / (table.height + 2 * pad))
        """The table as drawn (the designed size until the browser reports the frame's: :meth:`fit_frame`)."""
        self._place_texts()

    def _terrain(self, p: Any) -> None:
        for kind, (colour, legend) in KIND_STYLE.items():
            feats = [f for f in self.table.features if f.kind == kind]
            if not feats:
                continue
            p.patches([[x for x, _ in f.points] for f in feats], [[y for _, y in f.points] for f in feats],
                      fill_color=colour, fill_alpha=0.55, line_color=colour, legend_label=legend)

    def _place_texts(self) -> None:
        """Place the units' labels and the names for the frame, the sizes and the units of the moment
        (:func:`~lcb_lab.ui.force_on_force.table_labels.place_labels`), kept as :attr:`layout`."""
        units = [(_label(m), m.x, m.y) for m in self.shown]
        layout = place_labels(self.table, units, self.frame, self.sizes["units"], self.sizes["names"])
        self._name_sources[0].data = name_columns(layout.points)
        self._name_sources[1].data = name_columns(layout.features)
        self.sources["units"].data = self._unit_data(self.shown, layout.units)
        self.layout = layout

    @staticmethod
    def _unit_data(shown: list[UnitMark], placed: list[Placed] | None = None) -> dict[str, list]:
        placed = placed if placed is not None else [Placed("", m.x, m.y, 0, -LABEL_RISE_PX, "center", "bottom")
                                                    for m in shown]
        return {"x": [m.x for m in shown], "y": [m.y for m in shown],
                "dx": [p.dx for p in placed], "dy": [p.dy for p in placed], "align": [p.align for p in placed],
                "baseline": [p.baseline for p in placed],
                "name": [m.name for m in shown], "side": [m.side for m in shown],
                "figures": [m.figures for m in shown], "tq": [m.tq for m in shown],
                "label": [_label(m) for m in shown],
                "color": [SIDE_COLOURS.get(m.side, "#444444") for m in shown],
                "fill": ["#ffffff" if m.hidden else SIDE_COLOURS.get(m.side, "#444444") for m in shown],
                "marker": ["triangle" if m.overwatch else "circle" for m in shown],
                "state": [", ".join(w for w, on in (("hidden (own side only)", m.hidden), ("on Overwatch", m.overwatch))
                                    if on) or "-" for m in shown]}

    def set_text_sizes(self, presentation: bool = False, scale: float = 1.0) -> dict[str, float]:
        """Size the table's texts: :data:`TEXT_PX` times ``scale`` (the lab's text scale, 0.5..3), and in
        ``presentation`` mode at least :data:`PRESENTATION_PX` (a projector).  Returns the sizes in px by
        part (the keys of :data:`TEXT_PX`)."""
        size = {k: round(max(v * scale, PRESENTATION_PX[k] if presentation else 0.0), 1) for k, v in TEXT_PX.items()}
        p, css = self.figure, {k: f"{v:g}px" for k, v in size.items()}
        self._labels.text_font_size = css["units"]
        for glyph in self._names:
            glyph.text_font_size = css["names"]
        p.legend[0].label_text_font_size = css["legend"]
        p.legend[0].update(glyph_height=round(size["legend"] + 1), label_height=round(size["legend"] + 1))
        p.title.text_font_size = css["title"]
        for axis in (*p.xaxis, *p.yaxis):
            axis.update(axis_label_text_font_size=css["axis_labels"], major_label_text_font_size=css["ticks"])
        self.sizes = size
        self.fit_width(self.width)
        self._place_texts()
        return size

    def fit_width(self, width_px: float | None) -> None:
        """The browser drew the frame ``width_px`` wide (None: as written): the title cut into lines that fit
        it, the legend in two columns when they fit, else one (its text smaller when even one does not):
        Bokeh draws both on the canvas, where a longer line is cut at its edge (1366x768 in JupyterLab with
        the file browser open: the title and both ends of the legend were)."""
        self.width = width_px
        p, s = self.figure, self.sizes
        room = None if width_px is None else max(float(width_px) - 6, 40.0)
        lines = [self.head] if room is None else wrap(self.head, s["title"], room, bold=True)
        lines = lines[:HEAD_LINES - 1] + [" ".join(lines[HEAD_LINES - 1:])] if len(lines) > HEAD_LINES else lines
        p.title.text = lines[0]
        for i, t in enumerate(self.head_titles):
            text = lines[i + 1] if i + 1 < len(lines) else ""
            t.update(text=text, visible=bool(text), text_font_size=f"{s['title']:g}px")
        legend = p.legend[0]
        labels = [str(getattr(i.label, "value", i.label)) for i in legend.items]
        cols, size = legend_fit(labels, s["legend"], legend.glyph_width, room, LEAST_LEGEND_PX)
        legend.update(ncols=cols, label_text_font_size=f"{size:g}px", glyph_height=round(size + 1),
                      label_height=round(size + 1))

    def fit_frame(self, width_px: int, height_px: int) -> None:
        """The browser drew the frame ``width_px`` x ``height_px``: the ranges show the whole table with 1 inch
        as wide as tall, centred (the spare room round it on the longer side).  Raises ValueError for a size
        that is not positive."""
        if not width_px > 0 or not height_px > 0:
            raise ValueError(f"frame size must be positive px, got {width_px!r} x {height_px!r}")
        pad, t = 1.0, self.table
        w, h = t.width + 2 * pad, t.height + 2 * pad
        per = min(width_px / w, height_px / h)                  # px per inch: the whole table in sight
        xs, ys = width_px / per, height_px / per
        self.figure.x_range.update(start=t.width / 2 - xs / 2, end=t.width / 2 + xs / 2)
        self.figure.y_range.update(start=t.height / 2 - ys / 2, end=t.height / 2 + ys / 2)
        self.frame = Frame(t.width / 2 - xs / 2, t.height / 2 - ys / 2, t.width / 2 + xs / 2, t.height / 2 + ys / 2, per)
        self._place_texts()             # the texts placed again for the table as drawn

    def on_unit(self, callback: Callable[[str], None]) -> None:
        """Call ``callback(name)`` when a tap lands on a unit."""
        self._callbacks.append(callback)

    def _tapped(self, event: Any) -> None:
        near = [(abs(m.x - event.x) + abs(m.y - event.y), m.name) for m in self.shown]
        if near and min(near)[0] <= 1.0:
            for cb in self._callbacks:
                cb(min(near)[1])

    def show_units(self, shown: Iterable[UnitMark]) -> None:
        """Draw these units (and nothing else); the sight lines are redrawn for the selected unit."""
        self.shown = list(shown)
        self._place_texts()
        self.show_sight(self.selected)

    def show_sight(self, selected: str | None) -> None:
        """Select ``selected`` (None: none) and draw its lines of sight to every enemy unit shown."""
        self.selected = selected
        by = {m.name: m for m in self.shown}
        self.sight = sight_lines(self.table, self.shown, selected) if selected else []
        me = by.get(selected) if selected else None
        self.sources["selected"].data = {"x": [me.x] if me else [], "y": [me.y] if me else []}
        for key, want in (("clear", True), ("blocked", False)):
            lines = [n for n, ok in self.sight if ok == want]
            self.sources[key].data = {"xs": [[me.x, by[n].x] for n in lines], "ys": [[me.y, by[n].y] for n in lines],
                                      "label": lines}


def _label(m: UnitMark) -> str:
    return f"{m.name} ({m.figures})"


def table_figure(game: Any, viewer: str, selected: str | None = None, frame_height: int = 420,
                 title: str | None = None) -> TableView:
    """A :class:`TableView` of ``game``'s table with the units ``viewer`` (a side or the instructor)
    knows and ``selected``'s lines of sight (a lesson's picture)."""
    from lcb_lab.games.force_on_force.observer import view
    tv = TableView(game.table, frame_height=frame_height, title=title)
    tv.show_units(marks(view(game, viewer)))
    tv.show_sight(selected)
    return tv
