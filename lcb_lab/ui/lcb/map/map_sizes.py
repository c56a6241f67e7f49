"""The map's sizes: the frame (fixed, or filling the box the browser gives it), the text sizes that
follow its scale (:mod:`lcb_lab.ui.lcb.map.sizing`), presentation mode and the larger-text scale.

:class:`MapSizes` is mixed into :class:`lcb_lab.ui.lcb.map.map.MapView` and works on its figure,
sources and glyphs; re-drawing after a size change calls the view's own drawing methods.
"""
from __future__ import annotations

import math
from typing import Iterable

from bokeh.core.property.descriptors import UnsetValueError

from lcb_lab.ui.lcb.map import palette, sizing
from lcb_lab.ui.lcb.map import overlays as ov
from lcb_lab.ui.lcb.map.board_layers import LABEL_MARGIN_KM, hex_label_data
from lcb_lab.ui.lcb.map.counters import CounterStyle, px
from lcb_lab.ui.lcb.map.sizing import BASE_FONT_PX


PRESENTATION_LABEL_MARGIN_KM = 0.25
"""Gap between a hex's top edge and its (14 px) label in presentation."""


PRESENTATION_LINE_SCALE = 1.5
"""Overlay, ring and selection lines are this much wider in presentation."""


TIP_MARGIN_PX = 24
"""Room (px) a hover tip keeps from the frame's edge (the tip's padding and its pointer)."""


ASSUMED_FILL_FRAME = (696, 849)
"""The frame (px) a :meth:`MapView.fill_box` map assumes until the browser reports its own: the lab's
map frame measured in Chromium at 1920x1080 in JupyterLab 4 with the file browser open (*sandbox*;
Voila at 1920x1080 gives 749x923, JupyterLab at 1366x768 ~430x500).  Where it is wrong the browser's
report reaches the kernel only after the notebook's other cells, and the map is painted a second time
(``tests/browser/test_runall_paint.py`` fails then: re-measure it there after a layout change)."""


TIP_MIN_EM = 14
"""The least width of a hover tip's line, in em of its text (:meth:`MapSizes.tip_text_px`)."""

TITLE_EM = 0.56
"""Average width of a title character, in em (Bokeh's bold sans-serif title; a little generous)."""

LEGEND_EM = TITLE_EM
"""Average width of a legend label's character, in em: the legend's normal-weight sans-serif is
narrower than the bold title, so the title's width is a safe bound (a row never cut)."""

LEGEND_CHROME_PX = 2 * (6 + 6) + 5
"""What the overlays' legend takes across the frame besides its glyph and text: its padding and margin
on each side (6 + 6 px, map.py) and the gap between glyph and label (Bokeh's ``label_standoff``, 5 px)."""

FILL_SLACK = 1.05
"""A frame within 5 % of the board's aspect shows the whole board (a thin sea band), not the board
filling it with a few km cut off."""

AREA_MARGIN_KM = 20.0
"""Margin (km, one hex) round the scenario's area (:meth:`MapSizes.set_area`)."""

READABLE_PX_PER_KM = 0.6 * sizing.DEFAULT_PX_PER_KM
"""The least scale (px per km, ~1.8) a filling map opens at when the board does not fit whole at it
(a board several times Gotland's size): the scenario's area at this scale, the rest by panning
(the Gotland board at 1366x768 is ~1.9 px per km)."""


KEY_MIN_FRAME_PX = 400
"""The narrowest map frame (px) that draws the terrain key: on a narrower map (JupyterLab at 1366x768
with the file browser open) the key would cover the hexes a class clicks, and BokehJS gives a click
inside a legend's box to the legend, not to the map; the Hex info names the terrain and its hatch in
words there."""


def _centre(a0: float, a1: float, b0: float, b1: float, half: float) -> float:
    """The centre of a view ``2 * half`` wide on the area ``a0..a1``, moved to stay on the board
    ``b0..b1`` (the board's centre when the view is wider than the board)."""
    if 2 * half >= b1 - b0:
        return (b0 + b1) / 2
    return min(max((a0 + a1) / 2, b0 + half), b1 - half)


class MapSizes:
    """The size and text-size methods of :class:`~lcb_lab.ui.lcb.map.map.MapView` (module doc)."""

    def _glyph(self, name: str):
        """The glyph of the renderer ``name`` (looked up once: ``figure.select`` walks every model)."""
        if not getattr(self, "_renderers", None):
            self._renderers = {r.name: r for r in self.figure.renderers if r.name}
        return self._renderers[name].glyph

    @property
    def px_per_km(self) -> float:
        """Screen px per km of the frame (at the initial zoom: :meth:`fit_scale` for a filling map)."""
        x0, x1, y0, y1 = self.extent
        w, h = self.frame_size
        return self.fit_scale(w, h) if self.filling else h / (y1 - y0)

    def set_area(self, labels: Iterable[str]) -> None:
        """The scenario's area: the hexes ``labels`` (those not on the board are ignored; none: the whole
        board).  A filling map opens on it (:meth:`fit_scale`), one hex of margin round it; pan to the rest.
        Takes effect at the next :meth:`frame_resized` (call it before :meth:`fill_box`)."""
        pts = [pt for lab in labels if lab in self.board.hexes for pt in ov.hex_corners(lab)]
        if not pts:
            self.area = None
            return
        m = AREA_MARGIN_KM
        xs, ys = [x for x, _y in pts], [y for _x, y in pts]
        x0, x1, y0, y1 = self.extent
        self.area = (max(min(xs) - m, x0), min(max(xs) + m, x1), max(min(ys) - m, y0), min(max(ys) + m, y1))

    def fit_scale(self, width_px: float, height_px: float) -> float:
        """Px per km of a filling map's opening view on a ``width_px`` x ``height_px`` frame: the whole
        board when it fits at a readable scale (:data:`READABLE_PX_PER_KM`), the board filling the frame's
        height or width (no sea band along it) when the scenario's area (:meth:`set_area`) allows, and on
        a board too large to read whole, the scenario's area -- never closer than the area fitted whole."""
        x0, x1, y0, y1 = self.extent
        bw, bh = x1 - x0, y1 - y0
        board = min(width_px / bw, height_px / bh)
        ax0, ax1, ay0, ay1 = getattr(self, "area", None) or self.extent
        area = min(width_px / (ax1 - ax0), height_px / (ay1 - ay0))
        fill = max(width_px / bw, height_px / bh)
        if fill <= board * FILL_SLACK:          # the frame has about the board's aspect: the whole board
            fill = board
        return max(board, min(area, max(fill, READABLE_PX_PER_KM)))

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

    def tip_text_px(self) -> float:
        """The hover tips' text size (px): :meth:`text_px` ("tooltip"), but no larger than lets a line of
        the tip hold about :data:`TIP_MIN_EM` em (a narrow frame in presentation: 18 px text in a 130 px
        tip was ten characters a line, a column of text running off the map), never below the default
        look's size."""
        size = self.text_px("tooltip")
        return round(max(min(size, self.tip_width_px() / TIP_MIN_EM), sizing.BASE_FONT_PX["tooltip"]), 1)

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
        """The browser drew the frame ``width_px`` x ``height_px`` (a :meth:`fill_box` map): show the
        board at one scale on both axes (1 km as wide as tall) -- the whole board, or the scenario's
        area on a frame too narrow or a board too large (:meth:`fit_scale`), centred on it and kept on the
        board; sea fills the rest -- set the *Reset* view to that and the pan limits to the whole
        board, and size every text for the new scale.  Returns False (nothing changed) when the size
        is the one already fitted.
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
        hw, hh = size[0] / k / 2, size[1] / k / 2
        ax0, ax1, ay0, ay1 = getattr(self, "area", None) or self.extent
        cx, cy = _centre(ax0, ax1, x0, x1, hw), _centre(ay0, ay1, y0, y1, hh)
        p = self.figure
        p.x_range.update(start=cx - hw, end=cx + hw, reset_start=cx - hw, reset_end=cx + hw,
                         bounds=(min(x0, cx - hw) - 60, max(x1, cx + hw) + 60))
        p.y_range.update(start=cy - hh, end=cy + hh, reset_start=cy - hh, reset_end=cy + hh,
                         bounds=(min(y0, cy - hh) - 60, max(y1, cy + hh) + 60))
        key = getattr(self, "terrain_legend", None)
        if key is not None:
            key.visible = size[0] >= KEY_MIN_FRAME_PX
        self._apply_sizes()
        return True

    def fit_titles(self) -> None:
        """The title and subtitle at their sizes (:meth:`text_px`), but smaller where their text would be
        wider than the frame (a narrow map): Bokeh draws them on the canvas, which would cut them."""
        w = self.frame_size[0] + sizing.TOOLBAR_PX
        for name, title in (("title", self.figure.title), ("subtitle", self.subtitle)):
            size = self.text_px(name)
            need = TITLE_EM * max(len(title.text or ""), 1) * size
            title.text_font_size = px(size if need <= w else max(math.floor(10 * w / need * size) / 10,
                                                                 sizing.MIN_MAP_TEXT_PX))

    def fit_legend(self) -> None:
        """The overlays' legend at its size (:meth:`text_px`), but smaller where its longest row would be
        wider than the frame (a narrow map in presentation: JupyterLab at 1366x768 with the file browser
        open): Bokeh draws the legend inside the frame, which would cut the row's end."""
        size = self.text_px("legend")
        longest = max((len(t) for t in self.legend_labels()), default=0)
        room = self.frame_size[0] - LEGEND_CHROME_PX
        glyph_w, glyph_h = sizing.LEGEND_GLYPH_PX
        need = lambda s: LEGEND_EM * longest * s + glyph_w * s / BASE_FONT_PX["legend"]     # text and glyph
        if longest and need(size) > room:
            size = max(math.floor(10 * size * room / need(size)) / 10, sizing.MIN_MAP_TEXT_PX)
        if self.legend.label_text_font_size != px(size):
            k = size / BASE_FONT_PX["legend"]
            self.legend.update(label_text_font_size=px(size), glyph_height=round(glyph_h * k), glyph_width=round(glyph_w * k))

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
        self._glyph("gray_cubes").size = f("marker_text") * 1.2
        hl = self._glyph("hex_labels")
        hl.text_font_style = "normal"
        self.fit_titles()
        self.fit_legend()
        tip = self.tip_width_px()
        self._hover.tooltips = (f'<div style="max-width:{tip}px;font-size:{px(self.tip_text_px())}">'
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
