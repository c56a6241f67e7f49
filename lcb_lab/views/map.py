"""The Bokeh hex map: the board's layers, overlays, counters, the selected hex, the title and legend.

Plot coordinates are hexgrid km with y flipped (north up), see
:mod:`lcb_lab.views.overlays`.  Layers, bottom to top: sea (background), the
board's fixed layers (:mod:`~lcb_lab.views.board_layers`: Natural Earth land,
MP colours, hex grid, coastline, hex labels, roads, features), overlays, the
selected hex, counters (:mod:`~lcb_lab.views.counters`), the INTERCEPT umbrella.

Everything drawn about units comes from ``game.view(team)``: a concealed
enemy counter arrives as a back (hex + team only) and is drawn face down;
no other column of the data source can leak it.

Usage::

    mv = MapView(game.board)
    mv.update(game, "US")
    mv.on_hex(lambda label: print(label))   # called on a Tap
    mv.figure                               # a bokeh figure; embed with BokehModel
"""
from __future__ import annotations

from typing import Callable

from bokeh.events import Tap
from bokeh.models import ColumnDataSource, Legend, LegendItem, Range1d, Title
from bokeh.plotting import figure

from ..board import Board
from . import board_layers, palette
from . import overlays as ov
from .board_layers import LABEL_MARGIN_KM, add_board_layers, board_extent, hex_label_data, land_geometry
from .counters import (COUNTER_FONT, COUNTER_KM, COUNTER_TEXT_PX, NARROW_EM, add_counter_layer, counter_data,
                       fit_size, hp_pips, name_font_size, px)

__all__ = ["MapView", "title_text", "scenario_name", "BASE_FONT_PX", "LEGEND_POOL",
           # the layers' helpers, importable from here as before the split
           "COUNTER_FONT", "COUNTER_KM", "COUNTER_TEXT_PX", "NARROW_EM", "counter_data", "fit_size", "hp_pips",
           "name_font_size", "px", "LABEL_MARGIN_KM", "board_extent", "land_geometry"]

_CACHE = board_layers._CACHE
"""The board layers' geometry cache (coastline/terrain Shapely unions): benchmarks/run.py clears it
through MapView's module."""

BASE_FONT_PX = {"hex_labels": 7.0, "ports": 12.0, "airfields": 12.0, "stack_counts": 7.0, "city_names": 11.0,
                "names": 9.0, "title": 13.0, "subtitle": 11.0, "legend": 10.0, "stack_badges": 11.0}
"""Sizes (px) of the map's texts at ``font_scale`` 1; :meth:`MapView.set_font_scale` multiplies them
(the counter texts are columns of the counter source, see :func:`counter_data`)."""


LEGEND_POOL = 12
"""Most overlay rows the legend lists at once."""


def title_text(view: dict, scenario: str = "") -> tuple[str, str]:
    """Two title lines: scenario + turn + initiative; meters + the view."""
    infl = view.get("influence", 0)
    side = "" if not infl else (" toward US" if infl > 0 else " toward RU")
    cubes = view.get("network_cubes", {})
    dot = " \u00b7 "
    line1 = (f"{scenario + dot if scenario else ''}Turn {view.get('turn')}"
             f"{dot}Initiative: {view.get('initiative')}")
    line2 = (f"Tactical Network cubes: US {cubes.get('US', 0)}, RU {cubes.get('RU', 0)}"
             f" \u00b7 Influence Meter {infl:+d}{side}"
             f" \u00b7 View: {palette.TEAM_NAME.get(view['team'], view['team'])}")
    return line1, line2


def scenario_name(game) -> str:
    """The scenario's display name (or its id)."""
    return game.view("instructor")["scenario_name"]


# ----------------------------------------------------------------- the map
class MapView:
    """The hex map as a Bokeh figure with live data sources.

    Public: ``figure``, ``update(game, team, selected=None)``,
    ``show_overlays(overlays)``, ``show_umbrella(data)``, ``clear_overlays()``,
    ``select_hex(label)``, ``on_hex(callback)``, ``hex_at(x, y)``,
    ``set_font_scale(scale)``, ``sources`` (name -> ColumnDataSource).

    ``font_scale`` multiplies every text of the map (hex labels, counter texts
    as far as a counter's width allows, feature names, title, legend): 1.4 for
    a projector ("Large text"); 1 is the default look.
    """

    def __init__(self, board: Board, *, frame_height: int = 860, scenario: str = "", font_scale: float = 1.0):
        self.board = board
        self.scenario = scenario
        self.font_scale = 1.0
        self._last_view: tuple[dict, str | None] | None = None
        self._callbacks: list[Callable[[str], None]] = []
        self.last_tap: str | None = None
        self.selected_hex: str | None = None
        x0, x1, y0, y1 = board_extent(board)
        frame_width = int(round(frame_height * (x1 - x0) / (y1 - y0)))
        self.extent = (x0, x1, y0, y1)
        p = figure(
            frame_width=frame_width, frame_height=frame_height,
            x_range=Range1d(x0, x1, bounds=(x0 - 60, x1 + 60)),
            y_range=Range1d(y0, y1, bounds=(y0 - 60, y1 + 60)),
            tools="pan,wheel_zoom,reset,save", active_drag="pan",
            toolbar_location="right", background_fill_color=palette.SEA,
            border_fill_color="#f4f1e8", outline_line_color="#3a3a3a", min_border=4,
        )
        p.toolbar.logo = None
        p.toolbar.autohide = False
        p.axis.visible = False
        p.grid.visible = False
        p.title.text_font_size = "13px"
        p.title.text_color = palette.TITLE
        self.subtitle = Title(text="", text_font_size="11px", text_font_style="normal", text_color="#3b4650")
        p.add_layout(self.subtitle, "above")
        self.figure = p
        self.sources: dict[str, ColumnDataSource] = {}
        add_board_layers(p, board, self.sources)
        self._build_dynamic()
        p.on_event(Tap, self._on_tap)
        if font_scale != 1.0:
            self.set_font_scale(font_scale)

    # ---------------------------------------------------------- layers
    def _build_dynamic(self) -> None:
        """The layers that change with the game, above the board's: overlays, the selected hex,
        the umbrella's shooter-target line, counters, the umbrella's rings, the legend."""
        p = self.figure
        self.sources["overlays"] = ColumnDataSource({"xs": [], "ys": [], "colour": [], "fill_alpha": [],
                                                     "dash": [], "width": [], "label": []})
        self._ov_renderer = p.multi_polygons("xs", "ys", source=self.sources["overlays"], fill_color="colour",
                                             fill_alpha="fill_alpha", line_color="colour", line_dash="dash",
                                             line_width="width", line_alpha=0.95, name="overlays")
        self.sources["selected"] = ColumnDataSource({"xs": [], "ys": []})
        p.patches("xs", "ys", source=self.sources["selected"], fill_alpha=0.0,
                  line_color=palette.OVERLAY["selected"], line_width=4, name="selected_hex")

        self.sources["umbrella_lines"] = ColumnDataSource({"xs": [], "ys": []})
        p.multi_line("xs", "ys", source=self.sources["umbrella_lines"], line_color=palette.OVERLAY["shooter"],
                     line_width=2, line_dash="dashed", line_alpha=0.8, name="umbrella_lines")

        self.sources["counters"] = ColumnDataSource(counter_data({"team": "instructor", "counters": []}))
        add_counter_layer(p, self.sources["counters"])

        self.sources["umbrella"] = ColumnDataSource({"x": [], "y": [], "colour": [], "label": [], "text": []})
        self._umb_renderer = p.scatter("x", "y", source=self.sources["umbrella"], marker="circle", size=60,
                                       fill_alpha=0.0, line_color="colour", line_width=4, name="umbrella")
        # a fixed pool of legend items, relabelled in place: adding models to the document
        # on every click would make Bokeh recompute all references (slow)
        self._ov_items = [LegendItem(label="", renderers=[self._ov_renderer], index=0, visible=False)
                          for _ in range(LEGEND_POOL)]
        self._umb_items = {st: LegendItem(label=f"INTERCEPT: {txt}", renderers=[self._umb_renderer], index=0,
                                          visible=False)
                           for st, (txt, _c) in ov.UMBRELLA_STATUS.items()}
        self.legend = Legend(items=[*self._ov_items, *self._umb_items.values()], location="top_left",
                             background_fill_alpha=0.85, label_text_font_size="10px", glyph_height=14,
                             glyph_width=20, spacing=2, padding=6, margin=6, visible=False)
        p.add_layout(self.legend)

    # ---------------------------------------------------------- text size
    def _glyph(self, name: str):
        return self.figure.select_one({"name": name}).glyph

    def font_sizes(self) -> dict[str, str]:
        """The current text sizes of the map's fixed-size texts (name -> "NNpx")."""
        out = {name: self._glyph(name).text_font_size for name in ("hex_labels", "ports", "airfields",
                                                                     "stack_counts")}
        out["title"] = self.figure.title.text_font_size
        out["subtitle"] = self.subtitle.text_font_size
        out["legend"] = self.legend.label_text_font_size
        return out

    def set_font_scale(self, scale: float) -> None:
        """Scale every text of the map by ``scale`` (1 = the default look; ~1.4 for a projector)."""
        scale = float(scale)
        if scale == self.font_scale:
            return
        self.font_scale = scale
        base = BASE_FONT_PX
        for name in ("hex_labels", "ports", "airfields", "stack_counts"):
            self._glyph(name).text_font_size = px(base[name] * scale)
        self._glyph("stack_badges").size = base["stack_badges"] * scale
        self.figure.title.text_font_size = px(base["title"] * scale)
        self.subtitle.text_font_size = px(base["subtitle"] * scale)
        self.legend.label_text_font_size = px(base["legend"] * scale)
        # a larger label sits closer to the hex's top edge, so it stays clear of the counters
        labels = list(self.sources["hex_labels"].data["text"])
        self.sources["hex_labels"].data = hex_label_data(labels, LABEL_MARGIN_KM if scale <= 1.0 else 0.6)
        names = dict(self.sources["names"].data)
        names["size"] = [px((base["city_names"] if k == "city" else base["names"]) * scale) for k in names["kind"]]
        self.sources["names"].data = names
        if self._last_view is not None:
            view, selected = self._last_view
            self.sources["counters"].data = counter_data(view, selected, self.font_scale)

    # ---------------------------------------------------------- updates
    def update(self, game, team: str, selected: str | None = None) -> dict:
        """Redraw counters and title from ``game.view(team)``; returns the view."""
        view = game.view(team)
        self._last_view = (view, selected)
        self.sources["counters"].data = counter_data(view, selected, self.font_scale)
        l1, l2 = title_text(view, scenario_name(game) or self.scenario)
        self.figure.title.text = l1
        self.subtitle.text = l2
        return view

    def select_hex(self, label: str | None) -> None:
        """Outline ``label`` (None clears)."""
        self.selected_hex = label
        if label is None or label not in self.board.hexes:
            self.sources["selected"].data = {"xs": [], "ys": []}
            return
        c = ov.hex_corners(label)
        self.sources["selected"].data = {"xs": [[p[0] for p in c]], "ys": [[p[1] for p in c]]}

    def show_overlays(self, overlays: list[ov.Overlay], umbrella: dict | None = None) -> None:
        """Draw overlays (and an INTERCEPT umbrella); the legend lists them."""
        d: dict[str, list] = {k: [] for k in ("xs", "ys", "colour", "fill_alpha", "dash", "width", "label")}
        for o in overlays:
            xs, ys = ov.bokeh_multipolygon(o.geometry)
            d["xs"].append(xs)
            d["ys"].append(ys)
            d["colour"].append(o.colour)
            d["fill_alpha"].append(o.fill_alpha)
            d["dash"].append(o.line_dash)
            d["width"].append(o.line_width)
            d["label"].append(o.label + (" (whole map)" if o.note and not o.drawn else ""))
        self.sources["overlays"].data = d
        for i, item in enumerate(self._ov_items):
            on = i < len(d["label"])
            if on:
                item.update(label={"value": d["label"][i]}, index=i)
            elif item.visible:
                item.label = {"value": ""}       # a hidden row keeps no unit's name (hidden information)
            if item.visible != on:
                item.visible = on
        shown = self._show_umbrella(umbrella)
        for st, item in self._umb_items.items():
            on = st in shown
            if on:
                item.index = shown[st]
            if item.visible != on:
                item.visible = on
        vis = bool(d["label"]) or bool(shown)
        if self.legend.visible != vis:
            self.legend.visible = vis

    def legend_labels(self) -> list[str]:
        """The visible legend entries (overlays, then INTERCEPT statuses)."""
        out = []
        for it in self.legend.items:
            if it.visible:
                lab = it.label
                out.append(lab.get("value", "") if isinstance(lab, dict) else getattr(lab, "value", str(lab)))
        return out

    def _show_umbrella(self, umb: dict | None) -> dict[str, int]:
        if not umb:
            self.sources["umbrella"].data = {"x": [], "y": [], "colour": [], "label": [], "text": []}
            self.sources["umbrella_lines"].data = {"xs": [], "ys": []}
            return {}
        d: dict[str, list] = {k: [] for k in ("x", "y", "colour", "label", "text")}
        first: dict[str, int] = {}
        for o in umb["interceptors"]:
            x, y = ov.hex_centre(o["hex"])
            first.setdefault(o["status"], len(d["x"]))
            d["x"].append(x)
            d["y"].append(y)
            d["colour"].append(o["colour"])
            d["label"].append(o["uid"])
            d["text"].append(o["text"])
        self.sources["umbrella"].data = d
        lines = {"xs": [], "ys": []}
        if umb.get("shooter_hex") and umb.get("target_hex"):
            (ax, ay), (bx, by) = ov.hex_centre(umb["shooter_hex"]), ov.hex_centre(umb["target_hex"])
            lines = {"xs": [[ax, bx]], "ys": [[ay, by]]}
        self.sources["umbrella_lines"].data = lines
        return first

    def clear_overlays(self) -> None:
        self.show_overlays([], None)

    # ---------------------------------------------------------- clicks
    def on_hex(self, callback: Callable[[str], None]) -> None:
        """Call ``callback(label)`` when a hex of the map is tapped."""
        self._callbacks.append(callback)

    def hex_at(self, x: float, y: float) -> str | None:
        """The board hex under plot point (x, y), or None off the map."""
        x0, x1, y0, y1 = self.extent
        if not (x0 <= x <= x1 and y0 <= y <= y1):
            return None
        try:
            lab = ov.hex_at_plot(x, y)
        except ValueError:   # hexgrid.hex_at_km refuses points before column A / row 1
            return None
        return lab if lab in self.board.hexes else None

    def tap(self, x: float, y: float) -> str | None:
        """What a Tap at plot (x, y) does (used by the Tap event and by tests)."""
        lab = self.hex_at(x, y)
        if lab is None:
            return None
        self.last_tap = lab
        for cb in self._callbacks:
            cb(lab)
        return lab

    def _on_tap(self, event) -> None:
        if event.x is None or event.y is None:
            return
        self.tap(event.x, event.y)
