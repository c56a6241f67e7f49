"""The board's fixed layers of the map: coastline, terrain, hex grid, hex labels, roads, features.

Plot coordinates are the LC:B map km (lcb_hexes) with y flipped (north up), see
:mod:`lcb_lab.ui.lcb.map.overlays`.  Bottom to top: Natural Earth land
(``data/maps/<map>_coast.geojson``, projected with the board's projection;
the sea is the figure's background), the land part of each land/mixed hex in
its MP colour (opaque) and its MP hatch (:data:`~.palette.TERRAIN_HATCH`), the hex fills
(naval hexes a hint of their MP colour and, but for blue, its hatch; land and mixed hexes none) and the grid,
the coastline again (so land and
sea stay apart at a glance), hex labels (``COL-ROW``), roads, and features
(city \u25a0, town \u25cf, port \u2693, airfield \u2708, islands in italics).

The Shapely land and terrain geometry is cached per board (:data:`_CACHE`).
"""
from __future__ import annotations

from typing import TYPE_CHECKING

import math
from collections import defaultdict

from bokeh.models import ColumnDataSource
from shapely import Polygon, unary_union

from lcb_lab.games.lcb import hexes as lcb_hexes
from lcb_lab.kernel.files import parse_json, read_text
from lcb_lab.games.lcb.model.board import MAP_DIR, Board
from lcb_lab.ui.lcb.map import overlays as ov
from lcb_lab.ui.lcb.map import palette

if TYPE_CHECKING:
    from bokeh.plotting import figure
    from shapely.geometry.base import BaseGeometry

LABEL_MARGIN_KM = 1.1
"""Gap between a hex's top edge and its label at the default text size (smaller for large text)."""


def board_extent(board: Board, margin_km: float = 2.0) -> tuple[float, float, float, float]:
    """(x0, x1, y0, y1) in plot coordinates covering every hex of the board, and its naval-zone
    boxes drawn off the bottom edge (7.4; :func:`zone_boxes_of`)."""
    xs, ys = [], []
    for lab in board.hexes:
        for x, y in ov.hex_corners(lab):
            xs.append(x)
            ys.append(y)
    for bx0, bx1, by0, by1 in zone_boxes_of(board).values():
        xs += [bx0, bx1]
        ys += [by0, by1]
    return min(xs) - margin_km, max(xs) + margin_km, min(ys) - margin_km, max(ys) + margin_km


def zone_boxes_of(board: Board) -> dict[str, tuple[float, float, float, float]]:
    """The board's naval-zone boxes (7.4) in plot coordinates, under its bottom edge: zone ->
    (x0, x1, y0, y1); ``{}`` for a map without zones.  Cached per board."""
    key = (*_board_key(board, "zones"), tuple(board.zones))     # boards of one name may hold other zones
    if key not in _CACHE:
        pts = [c for lab in board.hexes for c in ov.hex_corners(lab)] if board.zones else []
        _CACHE[key] = ov.zone_boxes(board.zones, min(x for x, _ in pts), max(x for x, _ in pts),
                                    min(y for _, y in pts)) if pts else {}
    return _CACHE[key]


_CACHE: dict[tuple, object] = {}


def _board_key(board: Board, what: str) -> tuple:
    return (what, board.name, tuple(sorted(board.projection.items())), len(board.hexes))


def land_geometry(board: Board) -> BaseGeometry:
    """The board's land (its ``<map>_coast.geojson``) as one Shapely geometry in plot coordinates,
    cached per board; empty when the map has no coastline file."""
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
    data = parse_json(read_text(p, "coastline"), str(p))     # the one reader: regular files, capped
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
    out: dict[str, list] = {"xs": [], "ys": [], "fill": [], "alpha": [], "label": [], "hatch": []}
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
        out["hatch"].append(palette.TERRAIN_HATCH[info.colour])
    return out


HATCH_PROPS = {"hatch_pattern": "hatch", "hatch_color": palette.TERRAIN_HATCH_COLOUR,
               "hatch_alpha": palette.TERRAIN_HATCH_ALPHA, "hatch_scale": palette.TERRAIN_HATCH_SCALE,
               "hatch_weight": 0.9}
"""The hatch properties of the terrain glyphs (the land parts, the hexes, the map key's swatches): each row's
pattern from its ``hatch`` column (:data:`~.palette.TERRAIN_HATCH`), ink, alpha and scale fixed."""


def hex_label_data(labels: list[str], margin_km: float) -> dict[str, list]:
    """The hex labels' source columns: each label ``margin_km`` below its hex's top edge."""
    lx, ly = [], []
    for lab in labels:
        x, y = ov.hex_centre(lab)
        lx.append(x)
        ly.append(y + 0.5 * lcb_hexes.HEX_KM - margin_km)
    return {"x": lx, "y": ly, "text": list(labels)}


def add_board_layers(p: figure, board: Board, sources: dict[str, ColumnDataSource]) -> None:
    """Draw the board's fixed layers on figure ``p``, bottom to top (land, terrain, hexes, coast,
    hex labels, roads, features); their data sources go into ``sources`` by layer name."""
    cx, cy = coastline(board)
    sources["land"] = ColumnDataSource({"xs": cx, "ys": cy})
    p.multi_polygons("xs", "ys", source=sources["land"], fill_color=palette.LAND,
                     line_color=palette.COAST_LINE, line_width=1.2, name="land")

    t = terrain_patches(board)
    sources["terrain"] = ColumnDataSource({k: list(v) for k, v in t.items()})
    p.multi_polygons("xs", "ys", source=sources["terrain"], fill_color="fill", fill_alpha="alpha",
                     line_alpha=0.0, name="terrain", **HATCH_PROPS,
                     **palette.blank_hatch())

    labels = sorted(board.hexes, key=lambda lab: lcb_hexes.parse(lab))
    hx = {"xs": [], "ys": [], "label": [], "fill": [], "alpha": [], "kind": [], "colour": [], "hatch": []}
    for lab in labels:
        info = board.hexes[lab]
        corners = ov.hex_corners(lab)
        hx["xs"].append([c[0] for c in corners])
        hx["ys"].append([c[1] for c in corners])
        hx["label"].append(lab)
        hx["fill"].append(palette.MP_COLOUR[info.colour])
        hx["alpha"].append(palette.MP_ALPHA[info.colour] if info.kind == "naval" else 0.0)
        hx["kind"].append(info.kind)
        hx["colour"].append(info.colour)
        hx["hatch"].append(palette.TERRAIN_HATCH[info.colour] if info.kind == "naval" else " ")
    sources["hexes"] = ColumnDataSource(hx)
    # a naval hex of another MP colour than blue carries its hatch on the whole hex (land carries it on its land part)
    p.patches("xs", "ys", source=sources["hexes"], fill_color="fill", fill_alpha="alpha",
              line_color=palette.GRID_LINE, line_alpha=0.55, line_width=0.8, name="hexes", **HATCH_PROPS,
              **palette.blank_hatch())
    # the coastline again, above the translucent fills, so land and sea stay apart at a glance
    p.multi_polygons("xs", "ys", source=sources["land"], fill_alpha=0.0, line_color=palette.COAST_LINE,
                     line_width=1.3, line_alpha=0.9, name="coast")

    sources["hex_labels"] = ColumnDataSource(hex_label_data(labels, LABEL_MARGIN_KM))
    p.text("x", "y", text="text", source=sources["hex_labels"], text_font_size="7px",
           text_color=palette.HEX_LABEL, text_align="center", text_baseline="top", name="hex_labels")

    rx, ry = [], []
    for r in board.roads:
        pts = [ov.plot_xy(*board.lonlat_to_km(lon, lat)) for lon, lat in r["lonlat"]]
        rx.append([a for a, _ in pts])
        ry.append([c for _, c in pts])
    sources["roads"] = ColumnDataSource({"xs": rx, "ys": ry})
    p.multi_line("xs", "ys", source=sources["roads"], line_color=palette.ROAD, line_width=1.6,
                 line_alpha=0.8, line_dash="solid", name="roads")

    add_features(p, board, sources)
    add_naval_zones(p, board, sources)


def add_naval_zones(p: figure, board: Board, sources: dict[str, ColumnDataSource]) -> None:
    """The naval-zone boxes off the bottom edge (7.4): gray for 700 km, striped gray for 1,200 km,
    each named, with the outline of its first places (7.43: each stack a hex).  Zone places are
    drawn and clicked like hexes (:func:`lcb_lab.ui.lcb.map.overlays.zone_place_centre`)."""
    from lcb_lab.games.lcb import zones as lcb_zones
    boxes = zone_boxes_of(board)
    z = {"left": [], "right": [], "bottom": [], "top": [], "hatch": [], "name": []}
    t = {"x": [], "y": [], "text": []}
    slots = {"xs": [], "ys": [], "label": []}
    for name, (x0, x1, y0, y1) in boxes.items():
        zone = lcb_zones.ZONES[name]
        z["left"].append(x0)
        z["right"].append(x1)
        z["bottom"].append(y0)
        z["top"].append(y1)
        z["hatch"].append("/" if zone.striped else " ")
        z["name"].append(name)
        t["x"].append((x0 + x1) / 2)
        t["y"].append(y1 - 2.0)
        t["text"].append(f"{name}: {zone.title}")
        for n in range(1, 5):
            with ov.zone_boxes_in(boxes):
                c = ov.hex_corners(f"{name}.{n}")
            slots["xs"].append([x for x, _ in c])
            slots["ys"].append([y for _, y in c])
            slots["label"].append(f"{name}.{n}")
    sources["zones"] = ColumnDataSource(z)
    p.quad(left="left", right="right", bottom="bottom", top="top", source=sources["zones"], fill_color="#9aa3ab",
           fill_alpha=0.55, line_color="#3a3a3a", hatch_pattern="hatch", hatch_color="#5b646c", hatch_alpha=0.6,
           hatch_scale=10.0, name="naval_zones", **palette.blank_hatch())
    sources["zone_slots"] = ColumnDataSource(slots)
    p.patches("xs", "ys", source=sources["zone_slots"], fill_alpha=0.0, line_color=palette.GRID_LINE,
              line_alpha=0.5, line_dash="dotted", name="zone_slots")
    sources["zone_labels"] = ColumnDataSource(t)
    p.text("x", "y", text="text", source=sources["zone_labels"], text_font_size="9px", text_color=palette.TITLE,
           text_align="center", text_baseline="top", name="zone_labels")


def add_features(p: figure, board: Board, sources: dict[str, ColumnDataSource]) -> None:
    """Cities \u25a0, towns \u25cf, ports \u2693, airfields \u2708 and the names of cities, towns,
    islands and bridges (ports and airfields sit beside their town)."""
    pts: dict[str, dict[str, list]] = defaultdict(lambda: defaultdict(list))
    names: dict[str, tuple[float, float, str]] = {}
    for f in board.features:
        if f.lon is None or f.lat is None:
            continue
        x, y = ov.plot_xy(*board.lonlat_to_km(f.lon, f.lat))
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
    sources["cities"] = src("city")
    p.scatter("x", "y", source=sources["cities"], marker="square", size=9, fill_color=palette.FEATURE,
              line_color="white", line_width=1, name="cities")
    sources["towns"] = src("town")
    p.scatter("x", "y", source=sources["towns"], marker="circle", size=7, fill_color=palette.FEATURE,
              line_color="white", line_width=1, name="towns")
    ports = {k: [*pts.get("port", {}).get(k, []), *pts.get("small_port", {}).get(k, [])] for k in ("x", "y", "name")}
    sources["ports"] = ColumnDataSource(ports)
    p.text("x", "y", text={"value": "\u2693"}, source=sources["ports"], text_font_size="12px",
           text_color="#1d3f5e", text_align="center", text_baseline="middle", name="ports")
    air = {k: [*pts.get("airfield", {}).get(k, []), *pts.get("austere_airport", {}).get(k, [])] for k in ("x", "y", "name")}
    sources["airfields"] = ColumnDataSource(air)
    p.text("x", "y", text={"value": "\u2708"}, source=sources["airfields"], text_font_size="12px",
           text_color="#262626", text_align="center", text_baseline="middle", angle=0.785, name="airfields")
    nx, ny, nt, ns, nst, nk, nh = [], [], [], [], [], [], []
    for name, (x, y, kind) in names.items():
        nx.append(x + (0 if kind == "island" else 1.6))
        ny.append(y + (0 if kind == "island" else 1.2))
        nt.append(name)
        ns.append("11px" if kind == "city" else "9px")
        nst.append("italic" if kind in ("island", "bridge") else "bold" if kind == "city" else "normal")
        nk.append(kind)
        nh.append(ov.hex_at_plot(x, y))
    sources["names"] = ColumnDataSource({"x": nx, "y": ny, "gx": list(nx), "gy": list(ny), "hex": nh, "text": nt,
                                         "size": ns, "style": nst, "kind": nk, "alpha": [1.0] * len(nt),
                                         "plate": [0.0] * len(nt)})
    p.text("x", "y", text="text", source=sources["names"], text_font_size="size", text_font_style="style",
           text_color="#202020", text_alpha="alpha", text_align="left", text_baseline="bottom",
           background_fill_color=NAME_PLATE, background_fill_alpha="plate", padding=1, name="names")


NAME_PLATE = "#f4f1e8"
"""The plate under a place name in presentation (the counters' paper colour)."""

NAME_DROP_KM = 3.5
"""In presentation a place name sits this far below its hex's centre: under the hex label, above the
neighbouring hexes' counters, and clear of the labels of the hexes down-left and down-right."""

NAME_HALF_KM = 8.8
"""Half the widest a presentation place name may be (km): the hex's own width there, so it stays clear
of the hex labels of the neighbours below and the counters of the neighbours above (stacks fan right)."""

NAME_EM = 0.5
"""Average width of a character of a place name in em (narrow face, generous: for fitting)."""


def name_fit_px(text: str, base_px: float, px_per_km: float) -> float:
    """The px size of presentation place name ``text``: ``base_px``, or smaller so that it is no wider
    than ``2 * NAME_HALF_KM`` at ``px_per_km`` (rounded down to 0.1 px)."""
    fit = 2 * NAME_HALF_KM * px_per_km / (NAME_EM * max(len(text), 1))
    return math.floor(10 * min(base_px, fit)) / 10


def presentation_names(names: dict, occupied: set[str], px_per_km: float, base_px: dict[str, float]) -> dict:
    """The names source's columns in presentation: each name centred :data:`NAME_DROP_KM` below its
    hex's centre, fitted to the hex's width (:func:`name_fit_px`) on a plate, and hidden (alpha 0)
    while its hex holds counters (``occupied``: hex labels), so it is never drawn over a hex label
    or a counter.  ``base_px``: the size by kind (``"city"``, else ``"other"``)."""
    out = dict(names)
    xs, ys, size, alpha = [], [], [], []
    for text, hx, kind in zip(names["text"], names["hex"], names["kind"]):
        cx, cy = ov.hex_centre(hx)
        xs.append(cx)
        ys.append(cy - NAME_DROP_KM)
        size.append(f"{name_fit_px(text, base_px['city' if kind == 'city' else 'other'], px_per_km):g}px")
        alpha.append(0.0 if hx in occupied else 1.0)
    out.update(x=xs, y=ys, size=size, alpha=alpha, plate=[0.85 * a for a in alpha])
    return out
