"""Sizes of the map on screen: its frame, and text sizes that follow it.

Bokeh draws text in screen px while the hexes and counters are in km, so a map that grows
(:meth:`MapView.resize`) would otherwise keep small texts on large counters.  Every text size
here is a size at a *reference scale* (px per km of the frame) multiplied by the map's scale
over that reference: texts grow and shrink with the hexes.

* the default look: :data:`BASE_FONT_PX` at :data:`DEFAULT_PX_PER_KM` (an 860 px tall frame on
  the Gotland board, the lab's default);
* presentation (a projector): :data:`PRESENTATION_FONT_PX` at
  :data:`PRESENTATION_PX_PER_KM` -- designators 16 px, hex labels and legend 14 px -- so at
  1920x1080 a map frame at least :data:`PRESENTATION_MIN_FRAME_HEIGHT` px tall meets the
  targets (*sandbox* reference sizes, chosen for legibility from the back of a classroom).
"""
from __future__ import annotations

import math

__all__ = ["DEFAULT_PX_PER_KM", "PRESENTATION_PX_PER_KM", "PRESENTATION_MIN_FRAME_HEIGHT", "BASE_FONT_PX",
           "PRESENTATION_FONT_PX", "font_px", "outer_size", "fit_frame", "TOOLBAR_PX", "BORDER_PX"]

GOTLAND_EXTENT_KM = 284.0
"""Height of the Gotland board's plot extent (board_extent: 14 rows of 20 km hexes plus margins)."""

DEFAULT_PX_PER_KM = 860 / GOTLAND_EXTENT_KM
"""Reference scale of the default look: the lab's default 860 px frame on the Gotland board."""

PRESENTATION_MIN_FRAME_HEIGHT = 800
"""A presentation map frame at least this tall (Gotland board) has 16 px designators and 14 px hex
labels and legend: what a 1920x1080 screen leaves the map after the notebook's chrome."""

PRESENTATION_PX_PER_KM = PRESENTATION_MIN_FRAME_HEIGHT / GOTLAND_EXTENT_KM
"""Reference scale of the presentation sizes (~2.8 px per km; a hex ~56 px tall)."""

BASE_FONT_PX = {"hex_labels": 7.0, "ports": 12.0, "airfields": 12.0, "stack_counts": 7.0, "city_names": 11.0,
                "names": 9.0, "title": 13.0, "subtitle": 11.0, "legend": 10.0, "stack_badges": 11.0,
                "tooltip": 12.0, "marker_text": 8.5, "track_text": 7.5}
"""Sizes (px) of the map's texts in the default look at :data:`DEFAULT_PX_PER_KM` and ``font_scale`` 1
(``stack_badges`` is the badge's diameter; the counter texts are columns of the counter source)."""

PRESENTATION_FONT_PX = {"hex_labels": 14.0, "ports": 16.0, "airfields": 16.0, "stack_counts": 14.0,
                        "city_names": 15.0, "names": 13.0, "title": 20.0, "subtitle": 16.0, "legend": 14.0,
                        "stack_badges": 22.0, "tooltip": 18.0, "marker_text": 14.0, "track_text": 12.0}
"""Sizes (px) of the map's texts in presentation at :data:`PRESENTATION_PX_PER_KM` (counter texts:
:class:`~lcb_lab.ui.lcb.map.counters.CounterStyle`)."""

TOOLBAR_PX = 26
"""Width of the figure's toolbar right of the frame (measured in Chromium: figure = frame + 34 px with the borders)."""

BORDER_PX = 4
"""The figure's min_border on each side of the frame."""


MIN_MAP_TEXT_PX = 6.0
"""No text on the map is drawn smaller than this (a small map's texts stop shrinking: they would be noise)."""

LEGEND_GLYPH_PX = (34, 14)
"""The overlays' legend glyph (width, height) in px at the legend's base text size
(``BASE_FONT_PX["legend"]``); scaled with the text (:meth:`~.map_sizes.MapSizes.fit_legend`)."""

PANEL_TEXTS = ("title", "subtitle", "legend", "tooltip")
"""Texts that are not tied to the hexes: the titles (outside the frame) do not follow the frame's size
(in presentation they shrink with a frame below the reference);
the legend and the hover tip grow with a larger map but never shrink below their size at the reference."""


def font_px(name: str, presentation: bool, font_scale: float = 1.0, size: float = 1.0) -> float:
    """The px size of text ``name`` (a key of :data:`BASE_FONT_PX`) for the mode, *Large text* scale and
    the frame's ``size`` (its scale over the mode's reference), rounded to 0.1 px."""
    if name in ("title", "subtitle"):
        # presentation titles (20 / 16 px) shrink with a frame below the reference, or they would be
        # wider than the map at 1366x768; they never grow, and the default look's never change
        size = min(size, 1.0) if presentation else 1.0
    elif name in PANEL_TEXTS:
        size = max(size, 1.0)
    base = (PRESENTATION_FONT_PX if presentation else BASE_FONT_PX)[name]
    return round(max(base * font_scale * size, MIN_MAP_TEXT_PX), 1)


def title_px(presentation: bool, font_scale: float = 1.0) -> tuple[float, float]:
    """Height in px of the title and subtitle rows above the frame (text + Bokeh's padding)."""
    t = font_px("title", presentation, font_scale)
    st = font_px("subtitle", presentation, font_scale)
    return math.ceil(t + 10), math.ceil(st + 10)


def outer_size(frame_w: int, frame_h: int, presentation: bool = False, font_scale: float = 1.0) -> tuple[int, int]:
    """The figure's size in px around a ``frame_w`` x ``frame_h`` frame: toolbar, borders, titles."""
    t, st = title_px(presentation, font_scale)
    return frame_w + TOOLBAR_PX + 2 * BORDER_PX, frame_h + t + st + 2 * BORDER_PX


def fit_frame(width_px: float, height_px: float, aspect: float, presentation: bool = False,
              font_scale: float = 1.0, min_height: int = 240) -> tuple[int, int]:
    """The largest frame (w, h) with ``w / h == aspect`` whose figure fits ``width_px`` x ``height_px``
    (never shorter than ``min_height``).  Raises ``ValueError`` for a size that is not a positive number."""
    for v in (width_px, height_px):
        if not isinstance(v, (int, float)) or isinstance(v, bool) or not v > 0 or v != v:
            raise ValueError(f"map size must be a positive number of px, got {v!r}")
    ow, oh = outer_size(0, 0, presentation, font_scale)
    h = min(height_px - oh, (width_px - ow + 0.5) / aspect)      # + 0.5: the width is rounded
    h = max(int(math.floor(h + 1e-9)), min_height)
    return max(1, min(int(round(h * aspect)), int(math.floor(width_px - ow)))), h
