"""A unit click repaints BokehJS's overlay canvas only: the map's levels, its frame mask and the models
the page may not echo back (lcb_lab.ui.lcb.map.click_layer).

BokehJS paints the ``overlay`` level on a canvas of its own (``PlotView._paint_overlays``) and repaints
only the layer of a renderer that changed; ``tests/browser/test_map_paint.py`` counts it in the page.
"""
from __future__ import annotations

import re
from pathlib import Path

import bokeh
import pytest
from bokeh.models import ColumnDataSource, GlyphRenderer, Legend, LegendItem, Title

from lcb_lab import load_scenario
from lcb_lab.ui.lcb.map import MapView
from lcb_lab.ui.lcb.map.click_layer import CLICK_LEVEL, MASK_NAME

BOARD_LAYERS = {"land", "hexes", "hex_labels"}          # some of the board's renderers, on the primary canvas


@pytest.fixture(scope="module")
def mv() -> MapView:
    return MapView(load_scenario("gotland_redux", seed=1).board)


def _names(mv: MapView, level: str) -> list[str]:
    return [r.name for r in mv.figure.renderers if r.level == level]


def test_what_a_click_changes_is_on_the_overlay_level_in_its_drawing_order(mv):
    lifted = _names(mv, CLICK_LEVEL)
    # the overlays under the selected hex, the hex under the counters, the rings over them, the mask last
    order = ["overlays", "marker_overlays", "selected_hex", "umbrella_lines", "counters", "counter_pips",
             "marker_chips", "port_cubes", "umbrella", MASK_NAME]
    assert [n for n in lifted if n in order] == order
    assert lifted[-1] == MASK_NAME
    board = {r.name for r in mv.figure.renderers if r.level != CLICK_LEVEL}
    assert not board & set(order)
    assert {r.level for r in mv.figure.renderers if r.level != CLICK_LEVEL} == {"glyph"}
    # every renderer of the board comes before every lifted one (the order of the primary level kept)
    levels = [r.level for r in mv.figure.renderers]
    assert levels == sorted(levels, key=lambda lv: lv == CLICK_LEVEL)
    assert BOARD_LAYERS <= board


def test_titles_and_legends_are_drawn_over_the_mask(mv):
    p = mv.figure
    assert p.title.level == CLICK_LEVEL and mv.subtitle.level == CLICK_LEVEL
    legends = [a for a in p.center if isinstance(a, Legend)]
    assert len(legends) == 2 and {lg.level for lg in legends} == {CLICK_LEVEL}


def test_the_mask_covers_the_outside_of_the_frame_in_the_border_colour_and_strokes_the_outline(mv):
    p = mv.figure
    mask = next(r for r in p.renderers if r.name == MASK_NAME)
    cm = mask.coordinates
    assert (cm.x_source.start, cm.x_source.end, cm.y_source.start, cm.y_source.end) == (0, 1, 0, 1)
    assert cm.x_target is p.x_range and cm.y_target is p.y_range     # the unit square is the frame
    g = mask.glyph
    assert (g.fill_color, g.line_color, g.line_width) == (p.border_fill_color, p.outline_line_color,
                                                          p.outline_line_width)
    (outer, hole), = mask.data_source.data["xs"][0]
    (outer_y, hole_y), = mask.data_source.data["ys"][0]
    assert (min(hole), max(hole), min(hole_y), max(hole_y)) == (0.0, 1.0, 0.0, 1.0)
    assert min(outer) < 0 and max(outer) > 1 and min(outer_y) < 0 and max(outer_y) > 1


def test_only_what_the_page_writes_is_synced_back(mv):
    p = mv.figure
    for m in p.references():
        if isinstance(m, (ColumnDataSource, Legend, LegendItem, Title, GlyphRenderer)):
            assert m.syncable == (m is mv.sources["map_keys"]), m
    # the page's own: the frame size it reports, a pan's or zoom's ranges, the arrow keys
    assert p.syncable and p.x_range.syncable and p.y_range.syncable
    assert mv.sources["map_keys"].syncable and mv.sources["map_keys"].selected.syncable


def test_the_bokehjs_this_relies_on():
    """BokehJS 3.x: the overlay level painted on the overlays canvas alone, a renderer's own layer
    repainted, the overlay level not clipped (hence the mask), a model not syncable reports no change."""
    js = (Path(bokeh.__file__).parent / "server" / "static" / "js" / "bokeh.js").read_text()
    assert re.search(r'if \(level != "overlay"\) \{\s*do_primary = true;', js)
    assert 'this._paint_levels(ctx, "overlay", frame_box, false);' in js
    assert "request_paint() {\n            this.plot_view.request_paint(this);" in js
    assert "if (!this.is_syncable) {\n                return;" in js
    assert "get is_syncable() {\n            return this.syncable;" in js
    assert bokeh.__version__.split(".")[0] == "3"
