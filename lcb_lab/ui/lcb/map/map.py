"""The Bokeh hex map: the board's layers, overlays, counters, the selected hex, the title and legend.

Plot coordinates are the LC:B map km (lcb_hexes) with y flipped (north up), see
:mod:`lcb_lab.ui.lcb.map.overlays`.  Layers, bottom to top: sea (background), the
board's fixed layers (:mod:`~lcb_lab.ui.lcb.map.board_layers`: Natural Earth land,
MP colours, hex grid, coastline, hex labels, roads, features), overlays, the
selected hex, counters (:mod:`~lcb_lab.ui.lcb.map.counters`), the INTERCEPT umbrella; the map key
(:mod:`~lcb_lab.ui.lcb.map.terrain_key`) bottom left, the overlays' legend top left.  Everything
from the overlays up, the titles and the legends are on BokehJS's upper canvas, over a mask of the
frame's outside (:mod:`~lcb_lab.ui.lcb.map.click_layer`): a click does not repaint the board.

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
from bokeh.events import Tap
from bokeh.models import ColumnDataSource, HoverTool, Legend, LegendItem, Range1d, Title
from bokeh.plotting import figure

from lcb_lab.games.lcb.model.board import Board
from lcb_lab.ui.lcb.map import board_layers, palette, sizing
from lcb_lab.ui.lcb.map import markers as mk
from lcb_lab.ui.lcb.map import overlays as ov
from lcb_lab.ui.lcb.map.board_layers import add_board_layers, board_extent, zone_boxes_of
from lcb_lab.ui.lcb.map.click_layer import lift_click_layers, python_only
from lcb_lab.ui.lcb.map.counters import COUNTER_FONT, add_counter_layer, counter_layers, px
from lcb_lab.ui.lcb.map.map_overlays import _OVERLAY_KEYS, _UMBRELLA_KEYS, MapOverlays
from lcb_lab.ui.lcb.map.map_keys import add_arrow_keys, step_hex
from lcb_lab.ui.lcb.map.map_sizes import MapSizes
from lcb_lab.ui.lcb.map.terrain_key import add_terrain_key, size_terrain_key

if TYPE_CHECKING:
    from lcb_lab.games.lcb.game import Game

__all__ = ["MapView", "title_text", "scenario_name", "LEGEND_POOL", "browser_made_glyphs"]


LEGEND_POOL = 12
"""Most overlay rows the legend lists at once."""


UMBRELLA_RING_KM = 9.5
"""Radius of an INTERCEPT umbrella ring round an interceptor's counter (in km, so it follows the map's size)."""


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
def browser_made_glyphs(fig: figure) -> int:
    """Leave each glyph renderer's *nonselection* and *muted* glyphs of ``fig`` to BokehJS (``"auto"``,
    as its *selection* glyph already is); returns how many glyph models that took out of the document.

    ``figure``'s glyph methods give every renderer a nonselection and a muted copy of its glyph, and
    the map never shows either: it selects nothing (no tap or box selection tool: a hex click is a
    ``Tap`` event) and its legends mute nothing (click policy "none").  Two copies of 34 glyphs are a
    fifth of the map's models, which Bokeh serialises, and sends, when the lab is shown."""
    dropped = 0
    for r in fig.renderers:
        for attr in ("nonselection_glyph", "muted_glyph"):
            if not isinstance(getattr(r, attr, "auto"), str):
                setattr(r, attr, "auto")
                dropped += 1
    return dropped


class MapView(MapSizes, MapOverlays):
    """The hex map as a Bokeh figure with live data sources.

    Public: ``figure``, ``update(game, team, selected=None)``, ``show_overlays(overlays, umbrella)``,
    ``clear_overlays()``, ``select_hex(label)``, ``on_hex(callback)``, ``hex_at(x, y)``,
    ``key(arrow)``, ``set_font_scale(scale)``, ``set_presentation(on)``, ``resize(width_px, height_px)``,
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
        self.zone_boxes = zone_boxes_of(board)
        """This map's naval-zone boxes (7.4): its own methods draw and find zone places in them
        (:func:`~lcb_lab.ui.lcb.map.overlays.on_own_zones`), whatever other map is open."""
        self.scenario = scenario
        self.font_scale = 1.0
        self.presentation = False
        self._last_view: tuple[dict, str | None] | None = None
        self._last_overlays: tuple[list, dict | None] = ([], None)
        self._chain_overlays: list = []           # a kill chain's lines (MapOverlays.show_kill_chain)
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
        self.area: tuple[float, float, float, float] | None = None
        """The scenario's area (x0, x1, y0, y1) a filling map opens on (``set_area``; None: the whole board)."""
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
        self.terrain_legend = add_terrain_key(p, board, self.sources)
        """The map key: each MP colour of the board with its swatch and hatch (bottom left)."""
        board_renderers = len(p.renderers)
        self._build_dynamic()
        p.on_event(Tap, self._on_tap)
        self.sources["map_keys"] = add_arrow_keys(p, self.key)     # the arrow keys on the focused map
        self.frame_mask = lift_click_layers(p, board_renderers)
        """What a click changes is on BokehJS's overlay canvas, over a mask of the frame's outside
        (:mod:`~lcb_lab.ui.lcb.map.click_layer`): a click does not repaint the board."""
        python_only(p, page_writes=(self.sources["map_keys"],))     # the page echoes none of their changes
        browser_made_glyphs(p)
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
                                             hatch_weight=1.2, name="overlays",
                                             **palette.blank_hatch())
        # chapters 13-14: the card markers' overlays (ISR reach, own mine fields, fortifications), the submarine track
        self.sources["marker_overlays"] = ColumnDataSource({k: [] for k in _OVERLAY_KEYS})
        self._mov_renderer = p.multi_polygons("xs", "ys", source=self.sources["marker_overlays"],
                                              fill_color="colour", fill_alpha="fill_alpha", line_color="colour",
                                              line_dash="dash", line_width="width", line_alpha=0.95,
                                              hatch_pattern="hatch", hatch_color="colour",
                                              hatch_alpha=palette.HATCH_ALPHA, hatch_scale=12, hatch_weight=1.2,
                                              name="marker_overlays", **palette.blank_hatch())
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
        self.sources["gray_cubes"] = ColumnDataSource({k: [] for k in mk.CUBE_KEYS})     # 3.26
        grays = p.scatter("x", "y", source=self.sources["gray_cubes"], marker="square", size=11,
                          fill_color=mk.GRAY_CUBE, line_color="line", line_width=1.5, name="gray_cubes")
        p.add_tools(HoverTool(renderers=[grays], tooltips="@tip{safe}", point_policy="follow_mouse"))
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
                             glyph_width=sizing.LEGEND_GLYPH_PX[0], glyph_height=sizing.LEGEND_GLYPH_PX[1], spacing=2, padding=6, margin=6, visible=False)
        p.add_layout(self.legend)

    def _apply_sizes(self) -> None:
        super()._apply_sizes()
        size_terrain_key(self.terrain_legend, self.legend)      # the map key follows the legend's text size

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

    # ---------------------------------------------------------- updates
    @ov.on_own_zones
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

    @ov.on_own_zones
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
        if (l1, l2) != (self.figure.title.text, self.subtitle.text):
            self.figure.title.text = l1
            self.subtitle.text = l2
            self.fit_titles()
        return view

    @ov.on_own_zones
    def select_hex(self, label: str | None) -> None:
        """Outline ``label`` (None clears)."""
        self.selected_hex = label
        if label is None or label not in self.board:
            self._set("selected", {"xs": [], "ys": []})
            return
        c = ov.hex_corners(label)
        self._set("selected", {"xs": [[p[0] for p in c]], "ys": [[p[1] for p in c]]})

    # ---------------------------------------------------------- clicks
    def on_hex(self, callback: Callable[[str], None]) -> None:
        """Call ``callback(label)`` when a hex of the map is tapped."""
        self._callbacks.append(callback)

    @ov.on_own_zones
    def hex_at(self, x: float, y: float) -> str | None:
        """The board hex under plot point (x, y), or None off the map."""
        x0, x1, y0, y1 = self.extent
        if not (x0 <= x <= x1 and y0 <= y <= y1):
            return None
        if self.board.zones and (place := ov.zone_place_at(x, y)) is not None:
            return place          # a naval-zone place (7.43): clicked like a hex
        try:
            lab = ov.hex_at_plot(x, y)
        except ValueError:   # lcb_hexes.hex_at_km refuses points before column A / row 1
            return None
        return lab if lab in self.board.hexes else None

    def tap(self, x: float, y: float) -> str | None:
        """What a Tap at plot (x, y) does (used by the Tap event and by tests)."""
        return self._tapped(self.hex_at(x, y))

    def key(self, key: str) -> str | None:
        """What an arrow key (``"ArrowUp"``, ``"ArrowDown"``, ``"ArrowLeft"``, ``"ArrowRight"``) on the
        focused map does: a tap on the next hex that way from the selected one
        (:func:`~.map_keys.step_hex`); returns it, or None (the board's edge, another key)."""
        return self._tapped(step_hex(self.board, self.selected_hex, key))

    def _tapped(self, lab: str | None) -> str | None:
        """Hex ``lab`` tapped (None: nothing there): remembered and passed to the tap callbacks."""
        if lab is not None:
            self.last_tap = lab
            for cb in self._callbacks:
                cb(lab)
        return lab

    def _on_tap(self, event) -> None:
        if event.x is None or event.y is None:
            return
        self.tap(event.x, event.y)
