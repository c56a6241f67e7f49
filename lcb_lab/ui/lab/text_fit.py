"""How much room a line of canvas text takes, and how to make a map's titles and key fit a column.

A Bokeh figure draws its title, its key (a ``Legend``) and the lines under it on the canvas: nothing there
wraps, and a line wider than the canvas is cut at its edge (JupyterLab at 1366x768 with the file browser
open leaves a map column about 340 px wide).  A game's map asks these functions, with the frame's width the
browser reported, for lines that fit (:func:`wrap`) and for the number of key columns that fit
(:func:`legend_columns`).  Widths are estimated from the characters (:func:`text_px`), on the wide side
of the browsers' sans-serif fonts (Liberation Sans, Arial, DejaVu Sans): a line estimated to fit does.
Pure functions (no game, no widget).

>>> wrap("a · b · c", 10, 30, sep=" · ")
['a · b', 'c']
>>> legend_columns(["deep water", "shallows", "land"], 10, 14, 400)
2
"""
from __future__ import annotations

from typing import Iterable, Sequence

__all__ = ["text_px", "wrap", "legend_width", "legend_columns", "legend_fit", "fitting_size"]

_NARROW = set(" .,:;!|()[]{}'\"`-ijlrtf/\\1I\u00b7")
_WIDE = set("mwMW@%&\u2014")
BOLD = 1.08
"""A bold line's width over a normal one's."""


def _em(ch: str) -> float:
    if ch in _NARROW:
        return 0.36
    if ch in _WIDE:
        return 0.92
    if ch.isdigit():
        return 0.6
    if ch.isupper():
        return 0.74
    if ch.isascii():
        return 0.58
    return 1.0                      # a symbol (an anchor, a hammer): as wide as its font is tall


def text_px(text: str, size_px: float, bold: bool = False) -> float:
    """The width in px a line ``text`` takes in a sans-serif font of ``size_px`` px (a little more than
    the widest of the usual fonts draws it)."""
    return sum(_em(ch) for ch in text) * size_px * (BOLD if bold else 1.0)


def wrap(text: str, size_px: float, width_px: float, bold: bool = False, sep: str = " ") -> list[str]:
    """``text`` cut at ``sep`` into lines each at most ``width_px`` wide at ``size_px`` (a single part
    wider than that stays whole on its own line).  Raises ValueError for a width that is not positive."""
    if not width_px > 0:
        raise ValueError(f"width must be positive px, got {width_px!r}")
    lines: list[str] = []
    for part in text.split(sep):
        if lines and text_px(lines[-1] + sep + part, size_px, bold) <= width_px:
            lines[-1] += sep + part
        else:
            lines.append(part)
    return lines


def legend_width(labels: Sequence[str], ncols: int, size_px: float, glyph_px: float, padding_px: float = 4,
                 margin_px: float = 4, standoff_px: float = 5, spacing_px: float = 0) -> float:
    """The width in px of a Bokeh legend of ``labels`` in ``ncols`` columns (every column as wide as
    the widest item: on the safe side), its padding and margin included."""
    item = max((text_px(t, size_px) for t in labels), default=0.0) + glyph_px + standoff_px
    cols = max(1, min(ncols, len(labels)))
    return cols * item + (cols - 1) * (spacing_px + padding_px) + 2 * padding_px + 2 * margin_px


def legend_columns(labels: Sequence[str], size_px: float, glyph_px: float, width_px: float, most: int = 2) -> int:
    """The most columns (up to ``most``) a legend of ``labels`` may have and still fit ``width_px``; 1
    when none does (:func:`fitting_size` then says how small its text must be)."""
    for n in range(most, 1, -1):
        if legend_width(labels, n, size_px, glyph_px) <= width_px:
            return n
    return 1


def legend_fit(labels: Sequence[str], size_px: float, glyph_px: float, width_px: float | None,
               least_px: float, most: int = 2) -> tuple[int, float]:
    """The columns and text size of a Bokeh legend of ``labels`` in ``width_px`` (None: not known yet,
    ``most`` columns at ``size_px``): the most columns that fit (:func:`legend_columns`), and in one column
    its text made smaller, down to ``least_px``, until it fits.

    >>> legend_fit(["deep water", "shallows"], 10, 14, 60, 8)
    (1, 8.0)
    """
    if width_px is None:
        return most, float(size_px)
    size = float(size_px)
    cols = legend_columns(labels, size, glyph_px, width_px, most)
    while cols == 1 and size > least_px and legend_width(labels, 1, size, glyph_px) > width_px:
        size -= 1.0
    return cols, size


def fitting_size(lines: Iterable[str], size_px: float, least_px: float, width_px: float, bold: bool = False) -> float:
    """The largest text size from ``size_px`` down to ``least_px`` (whole px) at which every one of
    ``lines`` fits ``width_px``; ``least_px`` when none does."""
    lines = list(lines)
    size = float(size_px)
    while size > least_px and any(text_px(t, size, bold) > width_px for t in lines):
        size -= 1.0
    return max(size, float(least_px))
