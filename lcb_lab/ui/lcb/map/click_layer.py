"""The map's two canvas layers: what a click changes is repainted without the board under it.

BokehJS (version 3) paints a plot on two stacked canvases: the *primary* one holds the
renderers of the levels ``image``, ``underlay``, ``glyph``, ``guide`` and
``annotation``; the *overlays* one the ``overlay`` level.  A renderer whose data or
properties change asks for a repaint of its own layer only (``PlotView.request_paint``
with that renderer): a change on the ``overlay`` level repaints that canvas alone.  A
unit click changes the selected hex, the counters (the selected unit's frame), the
overlays and their legend; on the ``glyph`` level each click repainted the whole board too
(the land, the MP colours and their hatches, the grid, about 2,000 hex labels).

:func:`lift_click_layers` moves every layer drawn over the board (overlays, the
selected hex, counters, markers, the INTERCEPT umbrella -- in their order), then the titles
and the two legends onto the ``overlay`` level, so the drawing order stays that of the
primary level: board < overlays < selected hex < counters < rings < titles < legends.

BokehJS does not clip the ``overlay`` level to the plot's frame (by design, for annotations drawn
outside it), so a counter or a reach shading near the frame's edge would spill over the border and the
titles.  A *mask* is drawn after those layers on the same level: the canvas outside the frame
filled with the border colour, its inner edge stroked as the frame's outline
(:func:`add_frame_mask`).  It is placed with a :class:`~bokeh.models.CoordinateMapping` from
the unit square to the plot's own ranges, so (0, 0)-(1, 1) is the frame whatever the pan or
zoom: no callback keeps it in place.

What the page sends back: jupyter_bokeh 4.1's view sends the kernel every change its document
reports, the changes a kernel's patch made included (the patch is applied, then each of its events
is replayed as the page's own: six comm messages per unit click, deserialised for nothing).  BokehJS
reports a model's changes to its document only for a model whose ``syncable`` is true
(``HasProps._push_changes``; the property is Bokeh's own, "whether this model should be synchronized
back to a Bokeh server"): :func:`python_only` turns it off for the models only Python writes -- the
data sources (their selections too), the glyphs and their renderers, the legends, their items and the
titles -- and leaves it on for what the page tells Python (the figure's frame size, the ranges a pan
or zoom changes, the arrow keys' source).

``tests/views/test_click_layer.py`` pins the levels, the mask and the models left syncable;
``tests/browser/test_map_paint.py`` counts, in the page, which canvas a unit click repaints.
"""
from __future__ import annotations

from bokeh.models import (ColumnDataSource, CoordinateMapping, Glyph, GlyphRenderer, Legend, LegendItem, Range1d,
                          Selection, Title)
from bokeh.plotting import figure

__all__ = ["CLICK_LEVEL", "MASK_NAME", "lift_click_layers", "add_frame_mask", "python_only"]

CLICK_LEVEL = "overlay"
"""BokehJS's render level painted on its own canvas (``PlotView._paint_overlays``)."""

MASK_NAME = "frame_mask"
"""The mask renderer's name (:func:`add_frame_mask`)."""

_MARGIN = 2.0
"""How far the mask reaches beyond the frame, in frame sizes (the canvas outside the frame is
its border, toolbar and titles: far less than one frame)."""


def add_frame_mask(p: figure) -> GlyphRenderer:
    """Add to ``p`` the mask of everything outside its frame, on the :data:`CLICK_LEVEL`: filled
    with ``p``'s border fill, its inner ring stroked with ``p``'s outline (colour, width, alpha) --
    what BokehJS paints there on the primary canvas.  Returns the renderer (named :data:`MASK_NAME`)."""
    lo, hi = -_MARGIN, 1.0 + _MARGIN
    outer_x, outer_y = [lo, hi, hi, lo], [lo, lo, hi, hi]
    hole_x, hole_y = [0.0, 1.0, 1.0, 0.0], [0.0, 0.0, 1.0, 1.0]
    r = p.multi_polygons(xs=[[[outer_x, hole_x]]], ys=[[[outer_y, hole_y]]],
                         fill_color=p.border_fill_color, fill_alpha=p.border_fill_alpha,
                         line_color=p.outline_line_color, line_width=p.outline_line_width,
                         line_alpha=p.outline_line_alpha, level=CLICK_LEVEL, name=MASK_NAME)
    r.coordinates = CoordinateMapping(x_source=Range1d(0, 1), y_source=Range1d(0, 1),
                                      x_target=p.x_range, y_target=p.y_range)
    return r


def lift_click_layers(p: figure, first: int) -> GlyphRenderer:
    """Put ``p.renderers[first:]`` (the layers drawn over the board, in their order), ``p``'s
    titles and its legends on :data:`CLICK_LEVEL`, the frame mask between those renderers and the
    titles (:func:`add_frame_mask`).  Returns the mask.  The board's renderers before ``first``
    stay on their level (the primary canvas)."""
    for r in p.renderers[first:]:
        r.level = CLICK_LEVEL
    mask = add_frame_mask(p)
    for a in [p.title, *p.above, *p.below, *p.left, *p.right, *p.center]:
        if isinstance(a, (Title, Legend)):
            a.level = CLICK_LEVEL
    return mask


_PYTHON_WRITES = (ColumnDataSource, Selection, Legend, LegendItem, Title, Glyph, GlyphRenderer)


def python_only(p: figure, page_writes: tuple[ColumnDataSource, ...] = ()) -> int:
    """Set ``syncable = False`` on the models of ``p`` only Python writes: its data sources (but
    ``page_writes``, those the page fills) and their selections, its glyphs and glyph renderers, its
    legends and their items, its titles.  The page then reports none of their changes (a patch's
    included) back to the kernel.  Returns how many models were changed."""
    keep = {m.id for src in page_writes for m in (src, src.selected)}
    n = 0
    for m in p.references():
        if isinstance(m, _PYTHON_WRITES) and m.id not in keep and m.syncable:
            m.syncable = False
            n += 1
    return n
