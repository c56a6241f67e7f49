"""The Bokeh hex map: coastline, MP-coloured hexes, features, roads, counters, overlays.

Plot coordinates are hexgrid km with y flipped (north up), see
:mod:`lcb_lab.views.overlays`.  Layers, bottom to top: sea (background),
Natural Earth land, the land part of each land/mixed hex in its MP colour,
hex fills (naval hexes a hint of blue, land hexes a hint of their MP colour,
mixed hexes none) and grid, the coastline again, hex labels, roads,
features, overlays, counters, selection.

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

import json
import math
from collections import defaultdict
from typing import Callable

from bokeh.events import Tap
from bokeh.models import (ColumnDataSource, HoverTool, Legend, LegendItem, Range1d, Title)
from bokeh.plotting import figure
from shapely import Polygon, unary_union

from .. import hexgrid
from ..board import MAP_DIR, Board
from . import overlays as ov
from . import palette

COUNTER_KM = 12.0
"""Side of a counter square in km: 60 % of a hex (20 km across its flats), so the hex label
above it and the neighbouring hexes' counters stay clear."""

STACK_STEP = (1.2, 0.9)
"""Offset in km of each counter above another in a stack (right, up)."""

STACK_LEVELS = 3
"""Most counters of a stack drawn offset (the badge gives the count)."""

COUNTER_DROP_KM = 0.6
"""The counters sit this much below the hex centre, clear of the hex label at the top."""

NATO_HINT = {
    "infantry": "\u2573", "mech_infantry": "\u2573", "recon": "\u2571", "mortar": "\u2191",
    "artillery_cannon": "\u25cf", "artillery_rocket": "\u25cf\u25cf", "air_defense": "\u2312",
    "logistics": "\u2550", "anti_ship_missile": "\u25b2",
}
"""A NATO-style hint drawn inside the counter's symbol frame (ground units)."""

COUNTER_FONT = "Liberation Sans Narrow, Arial Narrow, Helvetica Neue, Helvetica, Arial, sans-serif"
"""Counter texts: a narrow face where the browser has one (counters are ~36 px wide at the default zoom)."""


COUNTER_TEXT_PX = 34.0
"""Width in px a counter text may use (a counter is ~36 px wide at the default map height)."""

NARROW_EM = 0.48
"""Average width of a character of the narrow bold counter face, in em (for fitting a text)."""

LABEL_MARGIN_KM = 1.1
"""Gap between a hex's top edge and its label at the default text size (smaller for large text)."""


def px(size: float) -> str:
    """``"11.9px"`` (a Bokeh font size)."""
    return f"{round(size, 1):g}px"


def fit_size(text: str, base: float, scale: float = 1.0, width: float = COUNTER_TEXT_PX) -> float:
    """A font size for ``text`` on a counter: ``base * scale``, but never wider than ``width`` px
    (and never smaller than ``base``)."""
    if scale == 1.0 or not text:
        return base
    fit = math.floor(10 * width / (NARROW_EM * len(text))) / 10      # rounded down: never wider
    return max(base, min(base * scale, fit))


def name_font_size(name: str, scale: float = 1.0) -> str:
    """The designator's font size on a counter: smaller for long names ("DDG(X)-106");
    ``scale`` (large text) enlarges it as far as the counter's width allows."""
    n = len(name)
    base = 8.5 if n <= 6 else 8 if n <= 7 else 7.5 if n <= 9 else 7
    return px(fit_size(name, base, scale))


BASE_FONT_PX = {"hex_labels": 7.0, "ports": 12.0, "airfields": 12.0, "stack_counts": 7.0, "city_names": 11.0,
                "names": 9.0, "title": 13.0, "subtitle": 11.0, "legend": 10.0, "stack_badges": 11.0}
"""Sizes (px) of the map's texts at ``font_scale`` 1; :meth:`MapView.set_font_scale` multiplies them
(the counter texts are columns of the counter source, see :func:`counter_data`)."""


TEAM_WORD = {"US": "Blue", "RU": "Red"}
LEGEND_POOL = 12
"""Most overlay rows the legend lists at once."""


def hp_pips(hp: int, hp_max: int) -> str:
    """``"●●○"`` for 2 of 3 HP (or ``"HP 5/6"`` when there are many)."""
    if hp_max > 5:
        return f"HP {hp}/{hp_max}"
    return "\u25cf" * max(hp, 0) + "\u25cb" * max(hp_max - hp, 0)


def board_extent(board: Board, margin_km: float = 2.0) -> tuple[float, float, float, float]:
    """(x0, x1, y0, y1) in plot coordinates covering every hex of the board."""
    xs, ys = [], []
    for lab in board.hexes:
        for x, y in ov.hex_corners(lab):
            xs.append(x)
            ys.append(y)
    return min(xs) - margin_km, max(xs) + margin_km, min(ys) - margin_km, max(ys) + margin_km


_CACHE: dict[tuple, object] = {}


def _board_key(board: Board, what: str) -> tuple:
    return (what, board.name, tuple(sorted(board.projection.items())), len(board.hexes))


def land_geometry(board: Board):
    key = _board_key(board, "land")
    if key not in _CACHE:
        _CACHE[key] = _land_geometry(board)
    return _CACHE[key]


def _land_geometry(board: Board):
    """Natural Earth land of the board (``<map>_coast.geojson``) as one Shapely
    geometry in plot coordinates (empty when the map has no coastline file)."""
    p = MAP_DIR / f"{board.name}_coast.geojson"
    if not p.exists():
        return Polygon()
    data = json.loads(p.read_text(encoding="utf-8"))
    polys = []
    for f in data.get("features", []):
        g = f["geometry"]
        for poly in ([g["coordinates"]] if g["type"] == "Polygon" else g["coordinates"]):
            rings = [[ov.plot_xy(*board.lonlat_to_km(lon, lat)) for lon, lat in ring] for ring in poly]
            polys.append(Polygon(rings[0], rings[1:]).buffer(0))
    return unary_union(polys)


def coastline(board: Board) -> tuple[list, list]:
    """Land polygons in Bokeh ``multi_polygons`` columns (xs, ys)."""
    xs, ys = ov.bokeh_multipolygon(land_geometry(board))
    return [[p] for p in xs], [[p] for p in ys]


def terrain_patches(board: Board) -> dict[str, list]:
    """The land part of every land/mixed hex, to be filled with its MP colour."""
    key = _board_key(board, "terrain")
    if key not in _CACHE:
        _CACHE[key] = _terrain_patches(board)
    return _CACHE[key]  # type: ignore[return-value]


def _terrain_patches(board: Board) -> dict[str, list]:
    land = land_geometry(board)
    out: dict[str, list] = {"xs": [], "ys": [], "fill": [], "alpha": [], "label": []}
    for lab, info in board.hexes.items():
        if info.kind == "naval":
            continue
        part = ov.hex_polygon(lab) if info.kind == "land" or land.is_empty else ov.hex_polygon(lab).intersection(land)
        xs, ys = ov.bokeh_multipolygon(part)
        if not xs:
            continue
        out["xs"].append(xs)
        out["ys"].append(ys)
        out["fill"].append(palette.MP_COLOUR[info.colour])
        out["alpha"].append(palette.TERRAIN_ALPHA[info.colour])
        out["label"].append(lab)
    return out


# ----------------------------------------------------------------- counters
def _stack_order(items: list[dict], selected: str | None) -> list[dict]:
    """Bottom to top: face-down backs lowest, face-up counters above, the selected unit on top."""
    return sorted(items, key=lambda c: (c.get("id") == selected, not c.get("back"), bool(c.get("revealed"))))


def counter_data(view: dict, selected: str | None = None, font_scale: float = 1.0) -> dict[str, list]:
    """Columns of the counter data source for one team view.

    Backs (concealed enemy counters) carry only hex, team and a "?" -- by
    construction they have nothing else to show.  ``font_scale`` (large text)
    enlarges the counter texts as far as a counter's width allows.
    """
    team = view["team"]
    by_hex: dict[str, list[dict]] = defaultdict(list)
    for c in view["counters"]:
        if c.get("hex"):
            by_hex[c["hex"]].append({**c, "_marker": False})
    for m in view.get("markers", []):
        if m.get("hex"):
            by_hex[m["hex"]].append({**m, "_marker": True})
    cols: dict[str, list] = defaultdict(list)
    s = COUNTER_KM
    for hx in sorted(by_hex):
        stack = _stack_order(by_hex[hx], selected)
        n = len(stack)
        cx, cy = ov.hex_centre(hx)
        cy -= COUNTER_DROP_KM
        shown_levels = min(n, STACK_LEVELS)
        for i, c in enumerate(stack):
            lvl = max(0, i - (n - shown_levels))
            x = cx + (lvl - (shown_levels - 1) / 2) * STACK_STEP[0]
            y = cy + (lvl - (shown_levels - 1) / 2) * STACK_STEP[1]
            top = i == n - 1
            back = bool(c.get("back"))
            t = c["team"]
            own_or_all = team in ("instructor", t)
            concealed = not back and not c.get("revealed", False)
            if back:
                fill, hint, line1, line3, tip = palette.TEAM_BACK[t], "?", "", "", f"{TEAM_WORD[t]} counter, face down"
                name, abbrev, frame = "", "", False
            elif c["_marker"]:
                fill = palette.TEAM[t]
                name, abbrev, frame = c["id"], "MILDEC", False
                hint, line1, line3 = "MILDEC", c["id"], "decoy"
                tip = f"{c['id']}: {c['type_id']} ({TEAM_WORD[t]})" + (" - concealed" if concealed else "")
            else:
                fill = palette.TEAM[t]
                name, abbrev = c["uid"], c["abbrev"]
                naval = c.get("domain") == "naval"
                frame = not naval
                hint = abbrev if naval else NATO_HINT.get(c.get("symbol", ""), abbrev[:3])
                line1 = c["uid"]
                line3 = hp_pips(c["hp"], c["hp_max"]) if naval else f"{abbrev} {hp_pips(c['hp'], c['hp_max'])}"
                status = []
                if concealed:
                    status.append("concealed")
                if c.get("paralysed"):
                    status.append("may not act")
                if c.get("acted"):
                    status.append("acted")
                tip = (f"{c['uid']}: {c['name']} ({TEAM_WORD[t]}, {c['task_force']}) HP {c['hp']}/{c['hp_max']}"
                       + (f" - {', '.join(status)}" if status else ""))
            sel = not back and selected is not None and c.get("id") == selected
            cols["x"].append(x)
            cols["y"].append(y)
            cols["hex"].append(hx)
            cols["team"].append(t)
            cols["uid"].append(name)
            cols["abbrev"].append(abbrev)
            cols["back"].append(back)
            cols["fill"].append(fill)
            hidden_own = concealed and own_or_all     # own (or instructor's) concealed counter
            cols["alpha"].append(0.72 if hidden_own else 1.0)
            cols["dash"].append("dashed" if hidden_own and not sel else "solid")
            cols["line"].append(palette.OVERLAY["selected"] if sel else "#161616")
            cols["line_width"].append(3.5 if sel else 1.6 if hidden_own else 1.0)
            cols["state"].append("face down" if back else "concealed" if concealed else "revealed")
            cols["tip"].append(tip)
            cols["top"].append(top)
            # texts are drawn for the top counter of each stack only
            cols["t_name"].append(line1 if top else "")
            cols["name_size"].append(name_font_size(line1, font_scale))
            cols["t_hint"].append(hint if top else "")
            cols["t_low"].append(line3 if top else "")
            cols["low_size"].append(px(fit_size(line3, 7.0, font_scale)))
            cols["frame_alpha"].append(0.9 if (top and frame) else 0.0)
            hint_base = 14.0 if back else 10.0 if hint and len(hint) <= 2 else 8.5 if len(hint) <= 3 else 7.5
            # the symbol stays inside its frame, clear of the designator above it
            hint_scale = font_scale if back else min(font_scale, 1.2)
            cols["hint_size"].append(px(fit_size(hint, hint_base, hint_scale, width=0.62 * COUNTER_TEXT_PX)))
            cols["n"].append(str(n) if (top and n > 1) else "")
            cols["badge_alpha"].append(1.0 if (top and n > 1) else 0.0)
            cols["y_name"].append(y + 0.31 * s)
            cols["y_hint"].append(y + 0.02 * s)
            cols["y_low"].append(y - 0.31 * s)
            cols["bx"].append(x + 0.5 * s)
            cols["by"].append(y + 0.5 * s)
    keys = ["x", "y", "hex", "team", "uid", "abbrev", "back", "state", "fill", "alpha", "dash", "line", "line_width",
            "tip", "top", "t_name", "name_size", "t_hint", "t_low", "low_size", "frame_alpha", "hint_size", "n",
            "badge_alpha", "y_name", "y_hint", "y_low", "bx", "by"]
    return {k: list(cols.get(k, [])) for k in keys}


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
        self._build_static()
        self._build_dynamic()
        p.on_event(Tap, self._on_tap)
        if font_scale != 1.0:
            self.set_font_scale(font_scale)

    # ---------------------------------------------------------- layers
    def _build_static(self) -> None:
        p, b = self.figure, self.board
        cx, cy = coastline(b)
        self.sources["land"] = ColumnDataSource({"xs": cx, "ys": cy})
        p.multi_polygons("xs", "ys", source=self.sources["land"], fill_color=palette.LAND,
                         line_color=palette.COAST_LINE, line_width=1.2, name="land")

        t = terrain_patches(b)
        self.sources["terrain"] = ColumnDataSource({k: list(v) for k, v in t.items()})
        p.multi_polygons("xs", "ys", source=self.sources["terrain"], fill_color="fill", fill_alpha="alpha",
                         line_alpha=0.0, name="terrain")

        labels = sorted(b.hexes, key=lambda lab: hexgrid.parse(lab))
        hx = {"xs": [], "ys": [], "label": [], "fill": [], "alpha": [], "kind": [], "colour": []}
        for lab in labels:
            info = b.hexes[lab]
            corners = ov.hex_corners(lab)
            hx["xs"].append([c[0] for c in corners])
            hx["ys"].append([c[1] for c in corners])
            hx["label"].append(lab)
            hx["fill"].append(palette.MP_COLOUR[info.colour])
            hx["alpha"].append(0.0 if info.kind == "mixed" else palette.MP_ALPHA[info.colour])
            hx["kind"].append(info.kind)
            hx["colour"].append(info.colour)
        self.sources["hexes"] = ColumnDataSource(hx)
        p.patches("xs", "ys", source=self.sources["hexes"], fill_color="fill", fill_alpha="alpha",
                  line_color=palette.GRID_LINE, line_alpha=0.55, line_width=0.8, name="hexes")
        # the coastline again, above the translucent fills, so land and sea stay apart at a glance
        p.multi_polygons("xs", "ys", source=self.sources["land"], fill_alpha=0.0, line_color=palette.COAST_LINE,
                         line_width=1.3, line_alpha=0.9, name="coast")

        self.sources["hex_labels"] = ColumnDataSource(self._hex_label_data(labels, LABEL_MARGIN_KM))
        p.text("x", "y", text="text", source=self.sources["hex_labels"], text_font_size="7px",
               text_color=palette.HEX_LABEL, text_align="center", text_baseline="top", name="hex_labels")

        rx, ry = [], []
        for r in b.roads:
            pts = [ov.plot_xy(*b.lonlat_to_km(lon, lat)) for lon, lat in r["lonlat"]]
            rx.append([a for a, _ in pts])
            ry.append([c for _, c in pts])
        self.sources["roads"] = ColumnDataSource({"xs": rx, "ys": ry})
        p.multi_line("xs", "ys", source=self.sources["roads"], line_color=palette.ROAD, line_width=1.6,
                     line_alpha=0.8, line_dash="solid", name="roads")

        self._build_features()

    @staticmethod
    def _hex_label_data(labels: list[str], margin_km: float) -> dict[str, list]:
        lx, ly = [], []
        for lab in labels:
            x, y = ov.hex_centre(lab)
            lx.append(x)
            ly.append(y + 0.5 * hexgrid.HEX_KM - margin_km)
        return {"x": lx, "y": ly, "text": list(labels)}

    def _build_features(self) -> None:
        p, b = self.figure, self.board
        pts: dict[str, dict[str, list]] = defaultdict(lambda: defaultdict(list))
        names: dict[str, tuple[float, float, str]] = {}
        for f in b.features:
            if f.lon is None or f.lat is None:
                continue
            x, y = ov.plot_xy(*b.lonlat_to_km(f.lon, f.lat))
            if f.kind in ("port", "small_port"):
                x, y = x + 3.0, y - 2.5          # beside the town, not on top of it
            elif f.kind in ("airfield", "austere_airport"):
                x, y = x + 3.0, y + 2.5
            pts[f.kind]["x"].append(x)
            pts[f.kind]["y"].append(y)
            pts[f.kind]["name"].append(f.name)
            if f.kind in ("city", "town", "island", "bridge") and f.name not in names:
                names[f.name] = (x, y, f.kind)
        def src(kind):
            d = pts.get(kind, {})
            return ColumnDataSource({"x": list(d.get("x", [])), "y": list(d.get("y", [])),
                                     "name": list(d.get("name", []))})
        self.sources["cities"] = src("city")
        p.scatter("x", "y", source=self.sources["cities"], marker="square", size=9, fill_color=palette.FEATURE,
                  line_color="white", line_width=1, name="cities")
        self.sources["towns"] = src("town")
        p.scatter("x", "y", source=self.sources["towns"], marker="circle", size=7, fill_color=palette.FEATURE,
                  line_color="white", line_width=1, name="towns")
        ports = {k: [*pts.get("port", {}).get(k, []), *pts.get("small_port", {}).get(k, [])] for k in ("x", "y", "name")}
        self.sources["ports"] = ColumnDataSource(ports)
        p.text("x", "y", text={"value": "\u2693"}, source=self.sources["ports"], text_font_size="12px",
               text_color="#1d3f5e", text_align="center", text_baseline="middle", name="ports")
        air = {k: [*pts.get("airfield", {}).get(k, []), *pts.get("austere_airport", {}).get(k, [])] for k in ("x", "y", "name")}
        self.sources["airfields"] = ColumnDataSource(air)
        p.text("x", "y", text={"value": "\u2708"}, source=self.sources["airfields"], text_font_size="12px",
               text_color="#262626", text_align="center", text_baseline="middle", angle=0.785, name="airfields")
        nx, ny, nt, ns, nst, nk = [], [], [], [], [], []
        for name, (x, y, kind) in names.items():
            nx.append(x + (0 if kind == "island" else 1.6))
            ny.append(y + (0 if kind == "island" else 1.2))
            nt.append(name)
            ns.append("11px" if kind == "city" else "9px")
            nst.append("italic" if kind in ("island", "bridge") else "bold" if kind == "city" else "normal")
            nk.append(kind)
        self.sources["names"] = ColumnDataSource({"x": nx, "y": ny, "text": nt, "size": ns, "style": nst,
                                                  "kind": nk})
        p.text("x", "y", text="text", source=self.sources["names"], text_font_size="size", text_font_style="style",
               text_color="#202020", text_align="left", text_baseline="bottom", name="names")

    def _build_dynamic(self) -> None:
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
        src = self.sources["counters"]
        s = COUNTER_KM
        p.rect("x", "y", width=s, height=s, source=src, fill_color="#f4f1e8", line_alpha=0.0,
               name="counter_paper")
        r = p.rect("x", "y", width=s, height=s, source=src, fill_color="fill", fill_alpha="alpha",
                   line_color="line", line_width="line_width", line_dash="dash", name="counters")
        p.rect("x", "y_hint", width=0.56 * s, height=0.34 * s, source=src, fill_color="#ffffff", fill_alpha=0.18,
               line_color="#ffffff", line_alpha="frame_alpha", line_width=1.2, name="counter_frames")
        font = {"value": COUNTER_FONT}     # a bare string would name a data column
        p.text("x", "y_name", text="t_name", source=src, text_font=font, text_font_size="name_size",
               text_font_style="bold", text_color="#ffffff", text_align="center", text_baseline="middle",
               name="counter_names")
        p.text("x", "y_hint", text="t_hint", source=src, text_font=font, text_font_size="hint_size",
               text_font_style="bold", text_color="#ffffff", text_align="center", text_baseline="middle",
               name="counter_hints")
        p.text("x", "y_low", text="t_low", source=src, text_font=font, text_font_size="low_size",
               text_color="#ffffff", text_align="center", text_baseline="middle", name="counter_low")
        p.scatter("bx", "by", source=src, marker="circle", size=11, fill_color="#f4f1e8", line_color="#161616",
                  fill_alpha="badge_alpha", line_alpha="badge_alpha", name="stack_badges")
        p.text("bx", "by", text="n", source=src, text_font_size="7px", text_font_style="bold",
               text_color="#161616", text_align="center", text_baseline="middle", name="stack_counts")
        p.add_tools(HoverTool(renderers=[r], tooltips="@tip", point_policy="follow_mouse"))

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
        self.sources["hex_labels"].data = self._hex_label_data(labels, LABEL_MARGIN_KM if scale <= 1.0 else 0.6)
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
