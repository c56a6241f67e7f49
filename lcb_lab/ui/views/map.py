"""The Bokeh hex map: the board's layers, overlays, counters, the selected hex, the title and legend.

Plot coordinates are the LC:B map km (lcb_hexes) with y flipped (north up), see
:mod:`lcb_lab.ui.views.overlays`.  Layers, bottom to top: sea (background), the
board's fixed layers (:mod:`~lcb_lab.ui.views.board_layers`: Natural Earth land,
MP colours, hex grid, coastline, hex labels, roads, features), overlays, the
selected hex, counters (:mod:`~lcb_lab.ui.views.counters`), the INTERCEPT umbrella.

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

from typing import TYPE_CHECKING, Callable

from bokeh.core.properties import value
from bokeh.core.property.descriptors import UnsetValueError
from bokeh.events import Tap
from bokeh.models import ColumnDataSource, HoverTool, Legend, LegendItem, Range1d, Title
from bokeh.plotting import figure

from lcb_lab.games.lcb.model.board import Board
from lcb_lab.ui.views import board_layers, palette, sizing
from lcb_lab.ui.views import markers as mk
from lcb_lab.ui.views import overlays as ov
from lcb_lab.ui.views.board_layers import (
    LABEL_MARGIN_KM,
    add_board_layers,
    board_extent,
    hex_label_data,
    land_geometry)
from lcb_lab.ui.views.counters import (
    COUNTER_FONT,
    COUNTER_KM,
    COUNTER_TEXT_PX,
    NARROW_EM,
    CounterStyle,
    add_counter_layer,
    counter_data,
    counter_layers,
    fit_size,
    hp_pips,
    name_font_size,
    px)
from lcb_lab.ui.views.sizing import BASE_FONT_PX, PRESENTATION_FONT_PX

if TYPE_CHECKING:
    from lcb_lab.games.lcb.game import Game

__all__ = ["MapView", "title_text", "scenario_name", "BASE_FONT_PX", "PRESENTATION_FONT_PX", "LEGEND_POOL",
           # the layers' helpers, importable from here as before the split
           "COUNTER_FONT", "COUNTER_KM", "COUNTER_TEXT_PX", "NARROW_EM", "counter_data", "fit_size", "hp_pips",
           "name_font_size", "px", "LABEL_MARGIN_KM", "board_extent", "land_geometry"]

_CACHE = board_layers._CACHE
"""The board layers' geometry cache (coastline/terrain Shapely unions): benchmarks/run.py clears it
through MapView's module."""

LEGEND_POOL = 12
"""Most overlay rows the legend lists at once."""

PRESENTATION_LABEL_MARGIN_KM = 0.25
"""Gap between a hex's top edge and its (14 px) label in presentation."""

PRESENTATION_LINE_SCALE = 1.5
"""Overlay, ring and selection lines are this much wider in presentation."""

TIP_MARGIN_PX = 24
"""Room (px) a hover tip keeps from the frame's edge (the tip's padding and its pointer)."""

UMBRELLA_RING_KM = 9.5
"""Radius of an INTERCEPT umbrella ring round an interceptor's counter (in km, so it follows the map's size)."""


ASSUMED_FILL_FRAME = (688, 849)
"""The frame (px) a :meth:`MapView.fill_box` map assumes until the browser reports its own: the lab's
map frame measured in Chromium at 1920x1080 in JupyterLab 4 with the file browser open (*sandbox*;
Voila at 1920x1080 gives 749x923, JupyterLab at 1366x768 ~430x500)."""

_OVERLAY_KEYS = ("xs", "ys", "colour", "fill_alpha", "dash", "hatch", "width", "label")
_UMBRELLA_KEYS = ("x", "y", "colour", "dash", "width", "label", "text")


def _overlay_columns(overlays: list[ov.Overlay], lw: float) -> dict[str, list]:
    """The columns of an overlays source (one multipolygon per overlay; lines ``lw`` times wider)."""
    d: dict[str, list] = {k: [] for k in _OVERLAY_KEYS}
    for o in overlays:
        xs, ys = ov.bokeh_multipolygon(o.geometry)
        d["xs"].append(xs)
        d["ys"].append(ys)
        d["colour"].append(o.colour)
        d["fill_alpha"].append(o.fill_alpha)
        d["dash"].append(o.line_dash)
        d["hatch"].append(o.hatch or " ")
        d["width"].append(o.line_width * lw)
        d["label"].append(o.label + (" (whole map)" if o.note and not o.drawn else ""))
    return d


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


def scenario_name(game: Game) -> str:
    """The scenario's display name (or its id)."""
    return game.view("instructor")["scenario_name"]


# ----------------------------------------------------------------- the map
class MapView:
    """The hex map as a Bokeh figure with live data sources.

    Public: ``figure``, ``update(game, team, selected=None)``, ``show_overlays(overlays, umbrella)``,
    ``clear_overlays()``, ``select_hex(label)``, ``on_hex(callback)``, ``hex_at(x, y)``,
    ``set_font_scale(scale)``, ``set_presentation(on)``, ``resize(width_px, height_px)``,
    ``font_sizes()``, ``outer_size()``, ``fill_box()``, ``frame_resized(w, h)``, ``frame_size``,
    ``sources`` (name -> ColumnDataSource).

    Sizes: the frame keeps the board's aspect (1 km as wide as tall); ``resize`` fits it into the
    space the layout gives the map, and every text follows the frame's scale (:mod:`.sizing`),
    as the counters, symbols and rings (drawn in km) do.  ``font_scale`` multiplies every text
    (1.4 = *Large text*); ``presentation`` switches to the projector sizes (designators 16 px,
    hex labels and legend 14 px at a frame of :data:`~.sizing.PRESENTATION_MIN_FRAME_HEIGHT` px).

    Two ways to size it: fixed (``frame_height`` here, then :meth:`resize`), or sized by the
    browser (:meth:`fill_box`): the figure fills the box the page's layout gives it and BokehJS
    reports the frame's size back, so the map grows with the screen (the lab does this).
    """

    def __init__(self, board: Board, *, frame_height: int = 860, scenario: str = "", font_scale: float = 1.0,
                 presentation: bool = False):
        self.board = board
        self.scenario = scenario
        self.font_scale = 1.0
        self.presentation = False
        self._last_view: tuple[dict, str | None] | None = None
        self._last_overlays: tuple[list, dict | None] = ([], None)
        self._callbacks: list[Callable[[str], None]] = []
        self.last_tap: str | None = None
        self.selected_hex: str | None = None
        x0, x1, y0, y1 = board_extent(board)
        self.extent = (x0, x1, y0, y1)
        self.aspect = (x1 - x0) / (y1 - y0)
        frame_width = int(round(frame_height * self.aspect))
        self.frame_size: tuple[int, int] = (frame_width, frame_height)
        """The plot frame's (width, height) in px: as set (fixed) or as the browser last reported it."""
        self.filling = False
        self._fitted = False
        p = figure(
            frame_width=frame_width, frame_height=frame_height,
            x_range=Range1d(x0, x1, bounds=(x0 - 60, x1 + 60)),
            y_range=Range1d(y0, y1, bounds=(y0 - 60, y1 + 60)),
            tools="pan,wheel_zoom,reset,save", active_drag="pan",
            toolbar_location="right", background_fill_color=palette.SEA,
            border_fill_color="#f4f1e8", outline_line_color="#3a3a3a", min_border=sizing.BORDER_PX,
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
        if font_scale != 1.0 or presentation:
            self.font_scale = float(font_scale)
            self.presentation = bool(presentation)
            self._apply_sizes()

    # ---------------------------------------------------------- layers
    def _build_dynamic(self) -> None:
        """The layers that change with the game, above the board's: overlays, the selected hex,
        the umbrella's shooter-target line, counters, the umbrella's rings, the legend."""
        p = self.figure
        self.sources["overlays"] = ColumnDataSource({k: [] for k in _OVERLAY_KEYS})
        self._ov_renderer = p.multi_polygons("xs", "ys", source=self.sources["overlays"], fill_color="colour",
                                             fill_alpha="fill_alpha", line_color="colour", line_dash="dash",
                                             line_width="width", line_alpha=0.95, hatch_pattern="hatch",
                                             hatch_color="colour", hatch_alpha=palette.HATCH_ALPHA, hatch_scale=14,
                                             hatch_weight=1.2, name="overlays")
        # chapters 13-14: the card markers' overlays (ISR reach, own mine fields, fortifications), the submarine track
        self.sources["marker_overlays"] = ColumnDataSource({k: [] for k in _OVERLAY_KEYS})
        self._mov_renderer = p.multi_polygons("xs", "ys", source=self.sources["marker_overlays"],
                                              fill_color="colour", fill_alpha="fill_alpha", line_color="colour",
                                              line_dash="dash", line_width="width", line_alpha=0.95,
                                              hatch_pattern="hatch", hatch_color="colour",
                                              hatch_alpha=palette.HATCH_ALPHA, hatch_scale=12, hatch_weight=1.2,
                                              name="marker_overlays")
        self.sources["sub_track"] = ColumnDataSource({k: [] for k in mk.TRACK_KEYS})
        track = palette.CUE["sub_track"]
        self._track_renderer = p.multi_line("xs", "ys", source=self.sources["sub_track"], line_color="colour",
                                            line_width=track.width, line_dash=list(track.dash), line_alpha=0.9,
                                            name="sub_track")
        self.sources["sub_track_points"] = ColumnDataSource({k: [] for k in mk.TRACK_POINT_KEYS})
        p.scatter("x", "y", source=self.sources["sub_track_points"], marker="circle", size=7, fill_color="colour",
                  line_color="#ffffff", name="sub_track_dots")
        p.text("x", "y", text="text", source=self.sources["sub_track_points"], text_font_size="7.5px",
               text_font_style="bold", text_color="colour", text_align="center", text_baseline="top",
               name="track_text")
        self.sources["selected"] = ColumnDataSource({"xs": [], "ys": []})
        sel = palette.CUE["selected"]
        p.patches("xs", "ys", source=self.sources["selected"], fill_alpha=0.0, line_color=sel.colour,
                  line_width=sel.width, name="selected_hex")

        self.sources["umbrella_lines"] = ColumnDataSource({"xs": [], "ys": []})
        shooter = palette.CUE["shooter"]
        self._line_renderer = p.multi_line("xs", "ys", source=self.sources["umbrella_lines"],
                                           line_color=shooter.colour, line_width=shooter.width,
                                           line_dash=list(shooter.dash), line_alpha=0.9, name="umbrella_lines")

        layers = counter_layers({"team": "instructor", "counters": []})
        for name in ("counters", "pips", "stacks"):
            self.sources[name if name == "counters" else f"counter_{name}"] = ColumnDataSource(layers[name])
        add_counter_layer(p, self.sources["counters"], self.sources["counter_pips"], self.sources["counter_stacks"])
        self._hover = next(t for t in p.tools if isinstance(t, HoverTool))
        self.sources["marker_chips"] = ColumnDataSource({k: [] for k in mk.CHIP_KEYS})
        cw, ch = mk.CHIP_KM
        # the chip is its text on a plate of the team colour (px: readable at any zoom); the box under
        # it (km) carries the hover tip and, for a concealed own marker, a dashed outline
        chips = p.rect("x", "y", width=cw, height=ch, source=self.sources["marker_chips"], fill_alpha=0.0,
                       line_color="#161616", line_alpha="outline", line_dash="dashed", line_width=1.4,
                       name="marker_chips")
        p.text("x", "y", text="text", source=self.sources["marker_chips"], text_font={"value": COUNTER_FONT},
               text_font_size="8.5px", text_font_style="bold", text_color="#ffffff", text_alpha="alpha",
               text_align="center", text_baseline="middle", background_fill_color="fill",
               background_fill_alpha="alpha", border_line_color="#161616", border_line_width=1.0, padding=2,
               name="marker_text")
        self._chip_hover = HoverTool(renderers=[chips], tooltips='<div style="max-width:380px">@tip{safe}</div>',
                                     point_policy="follow_mouse", attachment="horizontal")
        p.add_tools(self._chip_hover)
        self.sources["port_cubes"] = ColumnDataSource({k: [] for k in mk.CUBE_KEYS})
        cubes = p.scatter("x", "y", source=self.sources["port_cubes"], marker="square", size=13,
                          fill_color=mk.PORT_CUBE, line_color="line", line_width=2.0, name="port_cubes")
        p.add_tools(HoverTool(renderers=[cubes], tooltips="@tip{safe}", point_policy="follow_mouse"))
        self._marker_view: tuple | None = None
        self.marker_overlays_on = True
        """Draw the card markers' overlays and the submarine track (the Overlays tab's *Markers* switch)."""

        self.sources["umbrella"] = ColumnDataSource({k: [] for k in _UMBRELLA_KEYS})
        self._umb_renderer = p.circle("x", "y", radius=UMBRELLA_RING_KM, source=self.sources["umbrella"],
                                      fill_alpha=0.0, line_color="colour", line_width="width", line_dash="dash",
                                      name="umbrella")
        # a fixed pool of legend items, relabelled in place: adding models to the document
        # on every click would make Bokeh recompute all references (slow)
        self._ov_items = [LegendItem(label="", renderers=[self._ov_renderer], index=0, visible=False)
                          for _ in range(LEGEND_POOL)]
        # the rings' legend swatches: a line per status in its colour and dash (a ring shrunk to a
        # swatch would hide its dash); the rows have no points, so nothing is drawn on the map
        statuses = list(ov.UMBRELLA_STATUS)
        cues = [palette.CUE[st] for st in statuses]
        self.sources["umbrella_legend"] = ColumnDataSource({
            "xs": [[] for _ in statuses], "ys": [[] for _ in statuses], "status": statuses,
            "colour": [c.colour for c in cues], "dash": [list(c.dash) or "solid" for c in cues],
            "width": [c.width for c in cues]})
        umb_legend = p.multi_line("xs", "ys", source=self.sources["umbrella_legend"], line_color="colour",
                                  line_dash="dash", line_width="width", name="umbrella_legend")
        self._umb_items = {st: LegendItem(label=f"INTERCEPT: {txt}", renderers=[umb_legend], index=i,
                                          visible=False)
                           for i, (st, (txt, _c)) in enumerate(ov.UMBRELLA_STATUS.items())}
        self._line_item = LegendItem(label="LRS: shooter \u2192 target", renderers=[self._line_renderer],
                                     visible=False)
        self._marker_items = {cue: LegendItem(label=words, renderers=[self._mov_renderer], index=0, visible=False)
                              for cue, words in mk.MARKER_LEGEND.items()}
        self._track_item = LegendItem(label="Submarine track (own, 14.03)", renderers=[self._track_renderer],
                                      index=0, visible=False)
        self.legend = Legend(items=[*self._ov_items, *self._umb_items.values(), self._line_item,
                                    *self._marker_items.values(), self._track_item],
                             location="top_left", background_fill_alpha=0.85, label_text_font_size="10px",
                             glyph_height=14, glyph_width=34, spacing=2, padding=6, margin=6, visible=False)
        p.add_layout(self.legend)

    def _set(self, name: str, data: dict[str, list]) -> None:
        """Replace a source's data, sending only the columns that changed (all when the rows differ)."""
        src = self.sources[name]
        old = src.data
        if set(old) == set(data) and all(len(old[k]) == len(v) for k, v in data.items()):
            changed = {k: v for k, v in data.items() if list(old[k]) != v}
            if changed:
                src.data.update(changed)
            return
        src.data = data

    # ---------------------------------------------------------- sizes
    def _glyph(self, name: str):
        """The glyph of the renderer ``name`` (looked up once: ``figure.select`` walks every model)."""
        if not getattr(self, "_renderers", None):
            self._renderers = {r.name: r for r in self.figure.renderers if r.name}
        return self._renderers[name].glyph

    @property
    def px_per_km(self) -> float:
        """Screen px per km of the frame (at the initial zoom)."""
        x0, x1, y0, y1 = self.extent
        w, h = self.frame_size
        return min(h / (y1 - y0), w / (x1 - x0)) if self.filling else h / (y1 - y0)

    @property
    def size_factor(self) -> float:
        """The frame's scale over the current mode's reference scale (texts are multiplied by it)."""
        ref = sizing.PRESENTATION_PX_PER_KM if self.presentation else sizing.DEFAULT_PX_PER_KM
        return self.px_per_km / ref

    def text_px(self, name: str) -> float:
        """The px size of map text ``name`` (a key of :data:`~.sizing.BASE_FONT_PX`) now."""
        return sizing.font_px(name, self.presentation, self.font_scale, self.size_factor)

    def counter_style(self) -> CounterStyle:
        """The counters' layout and text sizes for the current mode, text scale and frame."""
        return CounterStyle.for_mode(self.presentation, self.size_factor, self.font_scale)

    def tip_width_px(self) -> int:
        """The hover tips' widest (px): 34 em of the tip's text, but never more than half the frame
        less a margin, so a tip -- put on the side of the cursor with more room (``attachment
        "horizontal"``) -- stays over the map and never covers the panels beside it."""
        return max(120, min(round(34 * self.text_px("tooltip")), self.frame_size[0] // 2 - TIP_MARGIN_PX))

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
        self._apply_sizes()

    def set_presentation(self, on: bool) -> None:
        """Presentation mode on/off: projector text sizes (designators >= 16 px, hex labels and legend
        >= 14 px on a frame >= :data:`~.sizing.PRESENTATION_MIN_FRAME_HEIGHT` px), wider lines, counters
        lower in their hex under the larger labels.  The frame's size does not change (see :meth:`resize`)."""
        on = bool(on)
        if on == self.presentation:
            return
        self.presentation = on
        self._apply_sizes()

    def resize(self, width_px: float, height_px: float) -> tuple[int, int]:
        """Fit the map into ``width_px`` x ``height_px`` (the space the layout gives the whole figure:
        frame, toolbar and titles), keeping the board's aspect; the texts follow the new scale.
        Returns the frame's (width, height) in px.  Raises ``ValueError`` for a size that is not positive."""
        fw, fh = sizing.fit_frame(width_px, height_px, self.aspect, self.presentation, self.font_scale)
        p = self.figure
        if (fw, fh) != (p.frame_width, p.frame_height):
            p.update(frame_width=fw, frame_height=fh)
            self.frame_size = (fw, fh)
            self._apply_sizes()
        return fw, fh

    def fill_box(self, min_height: int = 240, assume: tuple[int, int] = None) -> None:
        """Let the browser size the map: the figure fills its box in the page (Bokeh
        ``sizing_mode="stretch_both"``; the page's CSS sizes the box, e.g. a grid cell of height
        ``calc(100vh - ...)``).  BokehJS reports the frame's size (``inner_width`` /
        ``inner_height``, px) on every layout and :meth:`frame_resized` follows it.  Until the first
        report the map assumes the frame ``assume`` (default :data:`ASSUMED_FILL_FRAME`, the lab's
        frame at 1920x1080 in JupyterLab): where that is right, the first paint is the last (the
        report changes nothing, so nothing is sent back).  ``min_height``: the figure's smallest height."""
        if self.filling:
            return
        self.filling = True
        p = self.figure
        p.update(sizing_mode="stretch_both", frame_width=None, frame_height=None, min_height=min_height)
        self.frame_resized(*(assume or ASSUMED_FILL_FRAME))
        p.on_change("inner_width", self._on_inner_size)
        p.on_change("inner_height", self._on_inner_size)

    def _on_inner_size(self, _attr, _old, _new) -> None:
        try:
            w, h = self.figure.inner_width, self.figure.inner_height
        except UnsetValueError:         # the first of the two reports: wait for the other
            return
        if isinstance(w, int) and isinstance(h, int) and w > 0 and h > 0:
            self.frame_resized(w, h)

    def frame_resized(self, width_px: int, height_px: int) -> bool:
        """The browser drew the frame ``width_px`` x ``height_px`` (a :meth:`fill_box` map): fit the
        whole board in it at one scale on both axes (1 km as wide as tall; sea fills the rest,
        centred), set the *Reset* view and the pan limits to that, and size every text for the new
        scale.  Returns False (nothing changed) when the size is the one already fitted.
        Raises ``ValueError`` for a size that is not positive."""
        for v in (width_px, height_px):
            if not isinstance(v, (int, float)) or isinstance(v, bool) or not v > 0:
                raise ValueError(f"frame size must be a positive number of px, got {v!r}")
        size = (int(round(width_px)), int(round(height_px)))
        if size == self.frame_size and self._fitted:
            return False
        self.frame_size, self._fitted = size, True
        x0, x1, y0, y1 = self.extent
        k = self.px_per_km
        cx, cy, hw, hh = (x0 + x1) / 2, (y0 + y1) / 2, size[0] / k / 2, size[1] / k / 2
        p = self.figure
        p.x_range.update(start=cx - hw, end=cx + hw, reset_start=cx - hw, reset_end=cx + hw,
                         bounds=(min(x0, cx - hw) - 60, max(x1, cx + hw) + 60))
        p.y_range.update(start=cy - hh, end=cy + hh, reset_start=cy - hh, reset_end=cy + hh,
                         bounds=(min(y0, cy - hh) - 60, max(y1, cy + hh) + 60))
        self._apply_sizes()
        return True

    def outer_size(self) -> tuple[int, int]:
        """The figure's (width, height) in px: frame, toolbar, borders and titles (for the layout's box)."""
        return sizing.outer_size(self.figure.frame_width, self.figure.frame_height, self.presentation,
                                 self.font_scale)

    def _apply_sizes(self) -> None:
        """Set every text size, line width and the counters' layout from mode, text scale and frame."""
        f = self.text_px
        for name in ("hex_labels", "ports", "airfields", "stack_counts", "marker_text", "track_text"):
            self._glyph(name).text_font_size = px(f(name))
        self._glyph("stack_badges").size = f("stack_badges")
        self._glyph("port_cubes").size = f("marker_text") * 1.4
        hl = self._glyph("hex_labels")
        hl.text_font_style = "normal"
        self.figure.title.text_font_size = px(f("title"))
        self.subtitle.text_font_size = px(f("subtitle"))
        self.legend.label_text_font_size = px(f("legend"))
        k = f("legend") / BASE_FONT_PX["legend"]
        self.legend.update(glyph_height=round(14 * k), glyph_width=round(34 * k))
        tip = self.tip_width_px()
        self._hover.tooltips = (f'<div style="max-width:{tip}px;font-size:{px(f("tooltip"))}">'
                                '@tip{safe}</div>')
        self._chip_hover.tooltips = f'<div style="max-width:{min(tip, 380)}px">@tip{{safe}}</div>'

        lw = PRESENTATION_LINE_SCALE if self.presentation else 1.0
        self._glyph("selected_hex").line_width = palette.CUE["selected"].width * lw
        self._line_renderer.glyph.line_width = palette.CUE["shooter"].width * lw
        self._set("umbrella_legend", dict(self.sources["umbrella_legend"].data,
                                          width=[palette.CUE[st].width * lw for st in ov.UMBRELLA_STATUS]))
        # a larger label sits closer to the hex's top edge, so it stays clear of the counters
        margin = (PRESENTATION_LABEL_MARGIN_KM if self.presentation
                  else LABEL_MARGIN_KM if self.font_scale <= 1.0 else 0.6)
        labels = list(self.sources["hex_labels"].data["text"])
        self._set("hex_labels", hex_label_data(labels, margin))
        self._draw_counters()
        self.show_overlays(*self._last_overlays)
        if self._marker_view is not None:
            self.show_markers(*self._marker_view)

    # ---------------------------------------------------------- updates
    def _place_names(self) -> None:
        """Place names: in the default look beside their town; in presentation centred in their hex
        below its label, fitted to the hex and hidden while the hex holds counters
        (:func:`~.board_layers.presentation_names`): never over a hex label or a counter."""
        d, f, g = dict(self.sources["names"].data), self.text_px, self._glyph("names")
        if self.presentation:
            occupied = set(self.sources["counters"].data["hex"])
            d = board_layers.presentation_names(d, occupied, self.px_per_km,
                                                {"city": f("city_names"), "other": f("names")})
        else:
            n = len(d["text"])
            d.update(x=list(d["gx"]), y=list(d["gy"]), alpha=[1.0] * n, plate=[0.0] * n,
                     size=[px(f("city_names" if kind == "city" else "names")) for kind in d["kind"]])
        if getattr(self, "_names_mode", False) != self.presentation:    # the glyph only when the mode changes
            self._names_mode = self.presentation
            g.update(**({"text_align": "center", "text_baseline": "middle", "text_font": value(COUNTER_FONT)}
                        if self.presentation else
                        {"text_align": "left", "text_baseline": "bottom", "text_font": value("helvetica")}))
        self._set("names", d)

    def _draw_counters(self) -> None:
        if self._last_view is not None:
            view, selected = self._last_view
            layers = counter_layers(view, selected, self.font_scale, self.counter_style())
            self._set("counters", layers["counters"])
            self._set("counter_pips", layers["pips"])
            self._set("counter_stacks", layers["stacks"])
        self._place_names()             # in presentation a name leaves a hex that holds counters

    def update(self, game: Game, team: str, selected: str | None = None) -> dict:
        """Redraw counters and title from ``game.view(team)``; returns the view."""
        view = game.view(team)
        self._last_view = (view, selected)
        self._draw_counters()
        self.show_markers(game, view)
        l1, l2 = title_text(view, scenario_name(game) or self.scenario)
        self.figure.title.text = l1
        self.subtitle.text = l2
        return view

    def select_hex(self, label: str | None) -> None:
        """Outline ``label`` (None clears)."""
        self.selected_hex = label
        if label is None or label not in self.board.hexes:
            self._set("selected", {"xs": [], "ys": []})
            return
        c = ov.hex_corners(label)
        self._set("selected", {"xs": [[p[0] for p in c]], "ys": [[p[1] for p in c]]})

    def show_overlays(self, overlays: list[ov.Overlay], umbrella: dict | None = None) -> None:
        """Draw overlays (and an INTERCEPT umbrella); the legend lists them with their colour and cue."""
        self._last_overlays = (list(overlays), umbrella)
        lw = PRESENTATION_LINE_SCALE if self.presentation else 1.0
        d = _overlay_columns(overlays, lw)
        self._set("overlays", d)
        for i, item in enumerate(self._ov_items):
            on = i < len(d["label"])
            if on:
                item.update(label={"value": d["label"][i]}, index=i)
            elif item.visible:
                item.label = {"value": ""}       # a hidden row keeps no unit's name (hidden information)
            if item.visible != on:
                item.visible = on
        shown, line = self._show_umbrella(umbrella, lw)
        for st, item in self._umb_items.items():
            on = st in shown
            if item.visible != on:
                item.visible = on
        if self._line_item.visible != line:
            self._line_item.visible = line
        self._legend_visibility()

    def _legend_visibility(self) -> None:
        vis = any(it.visible for it in self.legend.items)
        if self.legend.visible != vis:
            self.legend.visible = vis

    # ---------------------------------------------------------- card markers (13.x)
    def show_markers(self, game: Game, view: dict) -> None:
        """Draw the card markers ``view`` shows (chips, :func:`.markers.marker_chips`) and, while
        :attr:`marker_overlays_on`, their overlays (ISR reach, own mine fields, fortification
        levels) and the view's own submarine tracks (:mod:`.markers`)."""
        self._marker_view = (game, view)
        view = {**view, "card_markers": mk.seen_markers(game, view)}
        self._set("marker_chips", mk.marker_chips(view, self.presentation))
        self._set("port_cubes", mk.port_cubes(game, view))
        ovs = mk.marker_overlays(game, view) if self.marker_overlays_on else []
        lines, points = mk.sub_tracks(game, view) if self.marker_overlays_on else (
            {k: [] for k in mk.TRACK_KEYS}, {k: [] for k in mk.TRACK_POINT_KEYS})
        self._last_marker_overlays = ovs
        lw = PRESENTATION_LINE_SCALE if self.presentation else 1.0
        self._set("marker_overlays", _overlay_columns(ovs, lw))
        self._set("sub_track", lines)
        self._set("sub_track_points", points)
        for cue, item in self._marker_items.items():
            i = next((k for k, o in enumerate(ovs) if o.cue == cue), None)
            on = i is not None
            if on and item.index != i:
                item.index = i
            if item.visible != on:
                item.visible = on
        on = bool(lines["xs"])
        if self._track_item.visible != on:
            self._track_item.visible = on
        self._legend_visibility()

    def set_marker_overlays(self, on: bool) -> None:
        """Show (True) or hide the card markers' overlays and the submarine track; the chips stay."""
        on = bool(on)
        if on == self.marker_overlays_on:
            return
        self.marker_overlays_on = on
        if self._marker_view is not None:
            self.show_markers(*self._marker_view)

    def marker_overlay_labels(self) -> list[str]:
        """The marker overlays drawn now (their legend words)."""
        return list(self.sources["marker_overlays"].data["label"])

    def legend_labels(self) -> list[str]:
        """The visible legend entries (overlays, then INTERCEPT statuses, then the shooter line)."""
        out = []
        for it in self.legend.items:
            if it.visible:
                lab = it.label
                out.append(lab.get("value", "") if isinstance(lab, dict) else getattr(lab, "value", str(lab)))
        return out

    def _show_umbrella(self, umb: dict | None, lw: float = 1.0) -> tuple[dict[str, int], bool]:
        if not umb:
            self._set("umbrella", {k: [] for k in _UMBRELLA_KEYS})
            self._set("umbrella_lines", {"xs": [], "ys": []})
            return {}, False
        d: dict[str, list] = {k: [] for k in _UMBRELLA_KEYS}
        first: dict[str, int] = {}
        for o in umb["interceptors"]:
            x, y = ov.hex_centre(o["hex"])
            cue = palette.CUE[o["status"]]
            first.setdefault(o["status"], len(d["x"]))
            d["x"].append(x)
            d["y"].append(y)
            d["colour"].append(o["colour"])
            d["dash"].append(list(cue.dash) or "solid")
            d["width"].append(cue.width * lw)
            d["label"].append(o["uid"])
            d["text"].append(o["text"])
        self._set("umbrella", d)
        lines = {"xs": [], "ys": []}
        if umb.get("shooter_hex") and umb.get("target_hex"):
            (ax, ay), (bx, by) = ov.hex_centre(umb["shooter_hex"]), ov.hex_centre(umb["target_hex"])
            lines = {"xs": [[ax, bx]], "ys": [[ay, by]]}
        self._set("umbrella_lines", lines)
        return first, bool(lines["xs"])

    def clear_overlays(self) -> None:
        """Remove the drawn overlays and the INTERCEPT umbrella (:meth:`show_overlays` with none); the
        card markers' own overlays stay."""
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
        except ValueError:   # lcb_hexes.hex_at_km refuses points before column A / row 1
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
