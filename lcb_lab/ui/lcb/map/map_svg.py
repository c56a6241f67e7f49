"""The hex map as a static SVG picture (no script): the lab's map geometry, drawn for a page.

The after-action review (:mod:`lcb_lab.ui.lcb.review`) shows one map picture per impulse in one
standalone file.  The board (land, the MP colours of every land or mixed hex, the hex grid,
the coastline, the hex labels) is the same for every picture: :func:`board_defs` draws it once
as an SVG ``<symbol>`` and each :func:`map_picture` ``<use>`` s it, then draws that moment's
counters and card markers on top.  The geometry is the lab's own (:mod:`.board_layers`, :mod:`.overlays`,
:func:`.counters.counter_layers`), so a picture matches the live map: plot coordinates are km,
y north up, flipped here to SVG's y down.  Each APP-6 symbol is put once in the defs too
(:func:`symbol_defs`) and used by reference.

Hidden information: a picture draws only ``view`` -- ``game.view(team)``, decided by the observer
(:mod:`lcb_lab.games.lcb.observer`): a concealed enemy counter arrives as a back (hex and team)
and is drawn as a hatched "?" with nothing else; the board is public.
"""
from __future__ import annotations

from typing import Iterable, Sequence

from lcb_lab.games.lcb.model.board import Board
from lcb_lab.ui.lab.html import esc
from lcb_lab.ui.lcb.map import palette
from lcb_lab.ui.lcb.map import overlays as ov
from lcb_lab.ui.lcb.map.board_layers import board_extent, coastline, hex_label_data, terrain_patches
from lcb_lab.ui.lcb.map.counters import COUNTER_FONT, COUNTER_KM, counter_layers
from lcb_lab.ui.lcb.map.markers import CHIP_KM, marker_chips

__all__ = ["BOARD_ID", "board_defs", "symbol_defs", "map_picture", "view_box"]

BOARD_ID = "lcb-board"
"""The id of the board's ``<symbol>`` every picture uses."""


def _pt(x: float, y: float) -> str:
    """A plot point (km, y north up) as SVG coordinates (y down), to 0.1 km."""
    return f"{x:.1f},{-y:.1f}"


def _ring(xs: Sequence[float], ys: Sequence[float]) -> str:
    return "M" + " L".join(_pt(x, y) for x, y in zip(xs, ys)) + " Z"


def _multipolygon_path(xs: list, ys: list) -> str:
    """A Bokeh ``multi_polygons`` row (polygons -> rings -> coordinates) as one SVG path (holes by evenodd)."""
    return " ".join(_ring(rx, ry) for px_, py_ in zip(xs, ys) for rx, ry in zip(px_, py_))


def view_box(board: Board) -> tuple[float, float, float, float]:
    """The SVG ``viewBox`` (min x, min y, width, height; km, y down) of the whole board."""
    x0, x1, y0, y1 = board_extent(board)
    return x0, -y1, x1 - x0, y1 - y0


def board_defs(board: Board) -> str:
    """The board drawn once as ``<symbol id="lcb-board">`` (SVG markup for a page's hidden defs):
    the sea, land, the MP colour of every land or mixed hex's land part and of every naval hex of
    another colour than blue, the hex grid, the coastline and the hex labels (the lab's layers,
    :func:`~.board_layers.add_board_layers`; roads, features and naval zones are left out)."""
    vb = view_box(board)
    parts = [f'<symbol id="{BOARD_ID}" viewBox="{vb[0]:.1f} {vb[1]:.1f} {vb[2]:.1f} {vb[3]:.1f}">',
             f'<rect x="{vb[0]:.1f}" y="{vb[1]:.1f}" width="{vb[2]:.1f}" height="{vb[3]:.1f}" fill="{palette.SEA}"/>']
    cx, cy = coastline(board)
    land = " ".join(_multipolygon_path(x, y) for x, y in zip(cx, cy))
    parts.append(f'<path d="{land}" fill="{palette.LAND}" fill-rule="evenodd"/>')
    t = terrain_patches(board)
    for xs, ys, fill, alpha in zip(t["xs"], t["ys"], t["fill"], t["alpha"]):
        parts.append(f'<path d="{_multipolygon_path(xs, ys)}" fill="{fill}" fill-opacity="{alpha:g}" '
                     'fill-rule="evenodd"/>')
    grid = []
    for lab, info in board.hexes.items():
        c = ov.hex_corners(lab)
        d = _ring([p[0] for p in c], [p[1] for p in c])
        if info.kind == "naval" and palette.MP_ALPHA[info.colour] > 0:
            parts.append(f'<path d="{d}" fill="{palette.MP_COLOUR[info.colour]}" '
                         f'fill-opacity="{palette.MP_ALPHA[info.colour]:g}"/>')
        grid.append(d)
    parts.append(f'<path d="{" ".join(grid)}" fill="none" stroke="{palette.GRID_LINE}" stroke-opacity="0.55" '
                 'stroke-width="0.35"/>')
    parts.append(f'<path d="{land}" fill="none" stroke="{palette.COAST_LINE}" stroke-width="0.6" '
                 'fill-rule="evenodd"/>')
    labels = hex_label_data(sorted(board.hexes), 1.1)
    parts.append(f'<g font-size="2.2" fill="{palette.HEX_LABEL}" text-anchor="middle" font-family="Helvetica,Arial">')
    parts.extend(f'<text x="{x:.1f}" y="{-y + 2.2:.1f}">{esc(s)}</text>'
                 for x, y, s in zip(labels["x"], labels["y"], labels["text"]))
    parts.append("</g></symbol>")
    return "".join(parts)


def symbol_defs(urls: Iterable[str]) -> tuple[str, dict[str, str]]:
    """Each distinct symbol image ``url`` (a ``data:`` URI of the counters' APP-6 symbols) once as an
    ``<image>`` of unit size in defs markup; returns ``(markup, {url: id})``.  A url that is not
    a ``data:`` URI is left out (the page requests nothing)."""
    ids: dict[str, str] = {}
    parts = []
    for u in urls:
        if u and u.startswith("data:") and u not in ids:
            ids[u] = f"lcb-sym-{len(ids)}"
            parts.append(f'<image id="{ids[u]}" width="1" height="1" preserveAspectRatio="none" href="{esc(u)}"/>')
    return "".join(parts), ids


def picture_urls(view: dict) -> list[str]:
    """The symbol urls a picture of ``view`` uses (for :func:`symbol_defs`)."""
    return [u for u in counter_layers(view)["counters"]["url"] if u]


def map_picture(board: Board, view: dict, symbols: dict[str, str] | None = None, label: str = "") -> str:
    """One map picture: ``<svg>`` using the board symbol (:func:`board_defs`, which the page must
    hold once) with the counters of ``view`` (``game.view(team)``) drawn as the lab draws them
    (:func:`~.counters.counter_layers`: stacks, backs hatched with "?", own concealed counters
    dashed, HP pips, stack counts) and the card markers it shows as chips
    (:func:`~.markers.marker_chips`: a back is a plain chip of its team); ``symbols``: url -> id from :func:`symbol_defs` (a symbol not
    in it is not drawn); ``label``: the picture's accessible name."""
    vb = view_box(board)
    box = f"{vb[0]:.1f} {vb[1]:.1f} {vb[2]:.1f} {vb[3]:.1f}"
    layers = counter_layers(view)
    parts = [f'<svg class="map" viewBox="{box}" role="img" aria-label="{esc(label)}">',
             f'<use href="#{BOARD_ID}" x="{vb[0]:.1f}" y="{vb[1]:.1f}" width="{vb[2]:.1f}" height="{vb[3]:.1f}"/>',
             f'<g font-family="{esc(COUNTER_FONT)}" text-anchor="middle" dominant-baseline="middle">']
    parts.extend(_counter(c, symbols or {}) for c in _rows(layers["counters"]))
    parts.extend(f'<circle cx="{p["x"]:.2f}" cy="{-p["y"]:.2f}" r="{p["r"]:.2f}" fill="{esc(p["fill"])}" '
                 f'stroke="{esc(p["line"])}" stroke-width="0.12"/>' for p in _rows(layers["pips"]))
    details = view.get("marker_details") or {}          # as seen_markers: a face-up marker's level, MP ...
    seen = [m if m.get("back") else {**details.get(m["id"], {}), **m} for m in view.get("card_markers") or []]
    parts.extend(_chip(m) for m in _rows(marker_chips({**view, "card_markers": seen})))
    parts.append("</g></svg>")
    return "".join(parts)


def _rows(cols: dict[str, list]) -> list[dict]:
    keys = list(cols)
    n = len(cols[keys[0]]) if keys else 0
    return [{k: cols[k][i] for k in keys} for i in range(n)]


def _counter(c: dict, symbols: dict[str, str]) -> str:
    """One counter (a row of :func:`~.counters.counter_layers`' ``counters``) as SVG."""
    s = COUNTER_KM
    x, y = c["x"], -c["y"]
    dash = ' stroke-dasharray="1.2 0.8"' if c["dash"] == "dashed" else ""
    uid = f' data-uid="{esc(c["uid"])}"' if c["uid"] else ""         # a back has no name to give
    out = [f'<g data-hex="{esc(c["hex"])}" data-state="{esc(c["state"])}"{uid}>',
           f'<rect x="{x - s / 2:.2f}" y="{y - s / 2:.2f}" width="{s}" height="{s}" fill="#f4f1e8"/>',
           f'<rect x="{x - s / 2:.2f}" y="{y - s / 2:.2f}" width="{s}" height="{s}" fill="{esc(c["fill"])}" '
           f'fill-opacity="{c["alpha"]:g}" stroke="{esc(c["line"])}" stroke-width="{0.12 * c["line_width"]:.2f}"{dash}/>']
    if c["back"]:
        out.append(f'<path d="M{x - s / 2:.2f},{y - s / 2:.2f} l{s},{s} M{x + s / 2:.2f},{y - s / 2:.2f} l{-s},{s}" '
                   'stroke="#ffffff" stroke-opacity="0.22" stroke-width="0.5"/>')
    sym = symbols.get(c["url"]) if c["url"] else None
    if sym and c["img_w"]:
        out.append(f'<use href="#{sym}" transform="translate({c["img_x"]:.2f},{-c["img_y"]:.2f}) '
                   f'scale({c["img_w"]:.2f},{c["img_h"]:.2f})" opacity="{c["alpha"]:g}"/>')
    for key, ykey, size, bold in (("t_name", "y_name", 2.6, True), ("t_hint", "y_hint", 4.0 if c["back"] else 2.4, True),
                                  ("t_low", "y_low", 1.9, False)):
        if c[key]:
            weight = ' font-weight="bold"' if bold else ""
            out.append(f'<text x="{x:.2f}" y="{-c[ykey]:.2f}" font-size="{size}" fill="#ffffff"{weight}>'
                       f'{esc(c[key])}</text>')
    if c["n"]:
        bx, by = c["bx"], -c["by"]
        out.append(f'<circle cx="{bx:.2f}" cy="{by:.2f}" r="1.9" fill="#f4f1e8" stroke="#161616" stroke-width="0.2"/>'
                   f'<text x="{bx:.2f}" y="{by:.2f}" font-size="2.2" fill="#161616" font-weight="bold">'
                   f'{esc(c["n"])}</text>')
    out.append("</g>")
    return "".join(out)


def _chip(m: dict) -> str:
    """One card marker chip (a row of :func:`~.markers.marker_chips`) as SVG: its text on a plate of
    its team's colour, a concealed own marker faded and outlined dashed."""
    w, h = CHIP_KM
    x, y = m["x"], -m["y"]
    dash = ' stroke="#161616" stroke-width="0.25" stroke-dasharray="0.8 0.5"' if m["outline"] else ""
    mid = f' data-marker="{esc(m["id"])}"' if m["id"] else ""
    return (f'<g data-hex="{esc(m["hex"])}"{mid}><rect x="{x - w / 2:.2f}" y="{y - h / 2:.2f}" width="{w}" '
            f'height="{h}" fill="{esc(m["fill"])}" fill-opacity="{m["alpha"]:g}"{dash}/>'
            f'<text x="{x:.2f}" y="{y:.2f}" font-size="2.1" fill="#ffffff" font-weight="bold">{esc(m["text"])}</text></g>')
