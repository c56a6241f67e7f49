"""The Archipelago board's texts: their sizes (the lab's presentation mode and text scale) and the title, its
second line, the key above the board and the key lines under it fitted to the frame's width.

Bokeh draws them all on the canvas, where nothing wraps: JupyterLab at 1366x768 with the file browser open
leaves the board a frame about 300 px wide, and the key's second column and the key lines' ends were cut at
the canvas's edge.  :meth:`BoardTexts.fit` (called with the width the browser reports) cuts the title and the
key lines into lines that fit (:func:`~lcb_lab.ui.lab.text_fit.wrap`), puts the key in one column when two do
not fit, and its text smaller when one does not either.  The board keeps 1 d as wide as tall: the lab's
:meth:`~lcb_lab.ui.archipelago.app.ArchLab.fit_frame` follows the frame's new height.

:meth:`BoardTexts.set_sizes` sizes every text of the board: :data:`TEXT_PX` times the lab's text scale, and
in presentation mode (a projector) at least :data:`PRESENTATION_PX` -- the pieces' numbers 16 px, as LC:B's
designators (the CSS zoom of presentation reaches the lab's columns, never a canvas).
"""
from __future__ import annotations

import math
from typing import Any, Sequence

from bokeh.models import Title

from lcb_lab.ui.lab.text_fit import fitting_size, text_px, wrap

__all__ = ["BoardTexts", "TEXT_PX", "PRESENTATION_PX", "LEAST_KEY_PX", "key_columns"]

TEXT_PX = {"pieces": 10.0, "sectors": 13.0, "ticks": 10.0, "symbols": 10.0, "bases": 11.0, "areas": 12.0, "sonars": 9.0,
           "legend": 10.0, "title": 13.0, "subtitle": 11.0, "key": 10.0}
"""The board's text sizes in px in the default look, by part: the pieces' numbers, the sector letters and
numbers, the grey column and row numbers on the edges, the symbols' letters, the bases' names, the written sectors' labels, the sonars' SN, the key above
the board, the title, its second line and the key lines under the board."""
PRESENTATION_PX = {"pieces": 16.0, "sectors": 16.0, "ticks": 13.0, "symbols": 13.0, "bases": 14.0, "areas": 14.0, "sonars": 13.0,
                   "legend": 14.0, "title": 16.0, "subtitle": 14.0, "key": 14.0}
"""The least sizes in presentation mode (a projector)."""
LEAST_KEY_PX = 8.0
"""The smallest the key's text gets when even one column of it is wider than the frame."""
LINE_GAP_PX = 2
"""The gap beside a line of the title or the key that a cut added (Bokeh's own 10 px spread a cut line apart)."""
HEAD_LINES, KEY_LINES = 5, 10
"""The most lines the title (its first line included) and the key under the board may take."""
_TEXT_SOURCES = {"piece_labels": "pieces", "lone_labels": "pieces", "stacks": "pieces", "area_labels": "areas",
                 "symbols": "symbols", "base_names": "bases", "sonars": "sonars", "point_ticks": "ticks"}


class BoardTexts:
    """The texts of one :class:`~lcb_lab.ui.archipelago.board_view.BoardView`: ``head`` its title's two
    lines, ``key`` the key lines under the board (as :func:`~lcb_lab.ui.archipelago.board_layers.key_text`
    gives them).  ``view`` is typed ``Any``: the board view imports this module (its figure, sources,
    subtitle and legend are what is used here)."""

    def __init__(self, view: Any, head: tuple[str, str], key: Sequence[str]):
        self.view, self.head, self.key = view, head, tuple(key)
        p = view.figure
        self.glyphs: dict[str, list[Any]] = {k: [] for k in TEXT_PX}
        named = {id(view.sources[s]): part for s, part in _TEXT_SOURCES.items() if s in view.sources}
        for r in p.renderers:
            glyph = getattr(r, "glyph", None)
            if glyph is not None and type(glyph).__name__ == "Text":
                self.glyphs[named.get(id(r.data_source), "sectors")].append(glyph)
        given = [t for t in p.below if isinstance(t, Title) and t.text in self.key]
        self.key_titles = given + [_line() for _ in range(KEY_LINES - len(given))]
        self.head_titles: list[Title] = [view.subtitle] + [_line() for _ in range(HEAD_LINES - 2)]
        # every line is in the figure from the start (an unused one hidden): a line added to a drawn figure
        # is laid out before BokehJS has its view ("cannot find a view for Title")
        p.above = [view.legend, *reversed(self.head_titles)]        # the key nearest the board, the title on top
        p.below = [b for b in p.below if b not in given] + self.key_titles
        self.sizes = dict(TEXT_PX)
        self.width: float | None = None
        self.lines: dict[str, list[tuple[str, bool]]] = {}
        self.fit(None)

    def set_sizes(self, presentation: bool = False, scale: float = 1.0) -> dict[str, float]:
        """Size every text (module docstring) and fit them again to the last width; returns the sizes in px by
        part (the keys of :data:`TEXT_PX`)."""
        self.sizes = {k: round(max(v * scale, PRESENTATION_PX[k] if presentation else 0.0), 1) for k, v in TEXT_PX.items()}
        for part, glyphs in self.glyphs.items():
            for g in glyphs:
                g.text_font_size = f"{self.sizes[part]:g}px"
        self.view.figure.title.text_font_size = f"{self.sizes['title']:g}px"
        self.lines = {}                    # the titles' sizes are set as they are drawn again
        self.fit(self.width)
        return dict(self.sizes)

    def fit(self, width_px: float | None) -> None:
        """Fit the title, the key and the key lines to a frame ``width_px`` wide (None: as written, the key in
        one row)."""
        self.width = width_px
        s = self.sizes
        room = None if width_px is None else max(float(width_px) - 6, 40.0)
        cut = (lambda t, px, bold=False, sep=" ": [t] if room is None else wrap(t, px, room, bold, sep))
        head = [(t, True) for t in cut(self.head[0], s["title"], True)]
        head += [(t, False) for t in (cut(self.head[1], s["subtitle"]) if self.head[1] else [])]
        key = [(t, False) for t in self._key_lines(cut)]
        self._legend(room)
        if self.lines.get("head") != head:
            self._draw_head(head)
        if self.lines.get("key") != key:
            self._draw_key(key)
        self.lines = {"head": head, "key": key}

    def _key_lines(self, cut: Any) -> list[str]:
        """The key lines under the board: as written while the width is not known; else one paragraph cut at its
        dots (fewer lines than each line cut alone)."""
        if self.width is None:
            return list(self.key)
        return cut(" \u00b7 ".join(self.key), self.sizes["key"], sep=" \u00b7 ")

    def _legend(self, room: float | None) -> None:
        legend, s = self.view.legend, self.sizes
        labels = [str(getattr(i.label, "value", i.label)) for i in legend.items if i.visible]
        glyph = max(round(s["legend"] + 4), 14)
        cols = key_columns(labels, s["legend"], glyph, room)
        size = s["legend"]
        if cols == 1 and room is not None:          # even one column is too wide: a smaller text
            size = fitting_size(labels, size, LEAST_KEY_PX, room - glyph - 2 * _KEY_EDGE_PX)
            glyph = max(round(size + 4), 14)
        legend.update(ncols=cols, label_text_font_size=f"{size:g}px", glyph_height=glyph, glyph_width=glyph,
                      label_height=glyph)

    def _draw_head(self, head: list[tuple[str, bool]]) -> None:
        self.view.figure.title.text = head[0][0]
        _show(self.head_titles, head[1:], self.sizes, "subtitle")

    def _draw_key(self, key: list[tuple[str, bool]]) -> None:
        _show(self.key_titles, key, self.sizes, "key", first_gap=10)


_KEY_EDGE_PX, _KEY_GAP_PX = 8, 9
"""The legend's padding and margin on each side, and the room beside a column's text (the glyph's standoff and the
next column's spacing), in px."""


def key_columns(labels: Sequence[str], size_px: float, glyph_px: float, width_px: float | None) -> int:
    """The most columns the key's ``labels`` fit in ``width_px`` (None: not known yet, one row), each column as wide as
    its own widest label (BokehJS lays a legend out as a grid filled column by column): one line when it fits
    -- at 1920 x 1080 --, two or three beside JupyterLab's file browser.

    >>> key_columns(["deep water", "shallows", "high land"], 14, 18, 1000), key_columns(["deep water", "shallows"], 14, 18, 60)
    (3, 1)
    """
    if width_px is None:                # one row, as in Voila at 1366x768 and 1920x1080: no reflow when it is known
        return max(1, len(labels))
    for n in range(len(labels), 1, -1):
        rows = math.ceil(len(labels) / n)
        columns = [labels[i:i + rows] for i in range(0, len(labels), rows)]
        if len(columns) < n:            # the same rows with fewer columns: tried as that many
            continue
        width = sum(max(text_px(t, size_px) for t in c) + glyph_px + _KEY_GAP_PX for c in columns) + 2 * _KEY_EDGE_PX
        if width <= width_px:
            return n
    return 1


def _line() -> Title:
    return Title(text="", text_font_style="normal", text_color="#3b4650", standoff=LINE_GAP_PX, visible=False)


def _show(titles: list[Title], lines: list[tuple[str, bool]], sizes: dict[str, float], part: str,
          first_gap: int = LINE_GAP_PX) -> None:
    """``lines`` (text, bold) on the figure's ``titles`` in order (more lines than titles: the rest on the
    last), each unused title hidden."""
    if len(lines) > len(titles):
        lines = lines[:len(titles) - 1] + [(" ".join(t for t, _b in lines[len(titles) - 1:]), lines[-1][1])]
    for i, t in enumerate(titles):
        text, bold = lines[i] if i < len(lines) else ("", False)
        t.update(text=text, visible=bool(text), text_font_style="bold" if bold else "normal",
                 text_font_size=f"{sizes['title' if bold else part]:g}px", standoff=first_gap if i == 0 else LINE_GAP_PX)
