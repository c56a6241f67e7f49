"""The map key: each MP colour of the board (5.11) named with its swatch and hatch.

A Bokeh legend in the map's bottom-left corner (under the overlays' legend, top left; on Gotland over
the Swedish mainland, where the naval units of the bottom-right sea are not), one row per
MP colour the board has, in the rulebook's order (blue, green, yellow, orange, brown, red):
"Green: 1 MP", "Red: prohibited" (:data:`~.palette.TERRAIN_WORDS`).  Its swatches come from a
renderer of its own whose rows hold no points (nothing of it is drawn on the map): each row's
fill is the terrain's colour *as drawn* (:func:`~.palette.terrain_drawn`, opaque) and its hatch
the terrain's hatch, in the same ink, alpha and scale as on the map.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from bokeh.models import ColumnDataSource, Legend, LegendItem

from lcb_lab.ui.lcb.map import palette, sizing
from lcb_lab.ui.lcb.map.board_layers import HATCH_PROPS

if TYPE_CHECKING:
    from bokeh.plotting import figure

    from lcb_lab.games.lcb.model.board import Board

KEY_COLUMNS = ("xs", "ys", "colour", "fill", "hatch", "label")


def terrain_key_data(board: Board) -> dict[str, list]:
    """The key's rows (columns :data:`KEY_COLUMNS`), one per MP colour ``board`` has, in
    :data:`~.palette.MP_COLOUR` order: ``colour`` the rulebook's name, ``fill`` the colour as
    drawn (``#rrggbb``; a naval hex's for blue, a land hex's otherwise), ``hatch`` the Bokeh
    hatch pattern, ``label`` the key's words; ``xs`` / ``ys`` empty (nothing drawn on the map)."""
    present = {info.colour for info in board.hexes.values()}
    out: dict[str, list] = {k: [] for k in KEY_COLUMNS}
    for colour in palette.MP_COLOUR:
        if colour not in present:
            continue
        out["xs"].append([])
        out["ys"].append([])
        out["colour"].append(colour)
        out["fill"].append(palette.terrain_drawn(colour, "naval" if colour == "blue" else "land"))
        out["hatch"].append(palette.TERRAIN_HATCH[colour])
        out["label"].append(palette.TERRAIN_WORDS[colour])
    return out


def add_terrain_key(p: figure, board: Board, sources: dict[str, ColumnDataSource]) -> Legend:
    """Add the map key to figure ``p`` (its swatch renderer's source as ``sources["terrain_key"]``);
    returns the legend (bottom left, inside the frame)."""
    sources["terrain_key"] = ColumnDataSource(terrain_key_data(board))
    swatches = p.patches("xs", "ys", source=sources["terrain_key"], fill_color="fill", fill_alpha=1.0,
                         line_color=palette.GRID_LINE, line_width=0.8, name="terrain_key", **HATCH_PROPS,
                         **palette.blank_hatch())
    items = [LegendItem(label=words, renderers=[swatches], index=i)
             for i, words in enumerate(sources["terrain_key"].data["label"])]
    key = Legend(items=items, location="bottom_left", background_fill_alpha=0.85, label_text_font_size="10px",
                 glyph_height=14, glyph_width=22, spacing=2, padding=5, margin=6, name="terrain_legend")
    p.add_layout(key)
    return key


def size_terrain_key(key: Legend, like: Legend) -> None:
    """Give the map key the text size of the overlays' legend ``like`` (it follows the map's sizes)."""
    key.label_text_font_size = like.label_text_font_size
    key.glyph_height = like.glyph_height
    key.glyph_width = max(round(like.glyph_width * 22 / sizing.LEGEND_GLYPH_PX[0]), 14)
