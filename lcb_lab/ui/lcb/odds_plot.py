"""Bar charts of exact engagement odds (7.02, 7.57): easier to read than a row of percentages.

``odds_figure(odds)`` draws, for one target, the probability of each amount of
net damage, with the bars that destroy the target (damage >= HP) in red.
``compare_figure({...})`` puts several what-if variants side by side;
``count_figure(counts, title)`` counts outcomes (e.g. the winners of many games).

Every bar carries its value as a label, and no label is ever clipped: each
chart fixes the size of its plot frame (``frame_width`` x ``frame_height``,
pixels; the axes and title are laid out around it) and sets its value range
so the longest label fits inside the frame (:func:`label_extent`).  Show a
figure in a notebook with :func:`lcb_lab.ui.lab.bokehjs.figure_widget`.
"""
from __future__ import annotations

from bokeh.models import ColumnDataSource, HoverTool, Range1d, Span
from bokeh.plotting import figure

from lcb_lab.games.lcb.rules.combat.odds import EngagementOdds

SAFE, KILL = "#7a8b99", "#b23a3a"

LABEL_PT = 10
"""Font size of the value labels, points (a display choice, not a rule value)."""
LABEL_PAD_PX = 4
"""Gap between a bar's end and its label, pixels."""
_PX_PER_PT = 4 / 3
# advance of a digit, "." or "%" in em: at least the widest likely font's (DejaVu Sans: 0.64, 0.32, 0.95)
_CHAR_EM = 0.7
_LINE_EM = 1.25      # label height in em (ascent + descent)


def label_extent(text: str, font_pt: float = LABEL_PT) -> tuple[float, float]:
    """Estimated ``(width, height)`` of a one-line label, pixels (generous: never too small).

    Bokeh measures text only in the browser; this bound lets a chart reserve
    room for its labels in Python.
    """
    em = font_pt * _PX_PER_PT
    return len(text) * _CHAR_EM * em, _LINE_EM * em


def _end_with_room(top: float, label_px: float, frame_px: int) -> float:
    """Smallest range end (from 0) such that ``top`` plus ``label_px`` pixels fits in ``frame_px``.

    With the range ``0..end`` drawn on ``frame_px`` pixels, the label's far edge
    sits at ``top + label_px * end / frame_px``; it must not pass ``end``.
    """
    room = 1.0 - (LABEL_PAD_PX + label_px + 2) / frame_px    # 2 px for anti-aliasing
    if room <= 0.2:
        raise ValueError(f"a {label_px:.0f} px label does not fit a {frame_px} px frame")
    return max(top, 1e-9) / room


def odds_figure(odds: EngagementOdds | dict, title: str = "", width: int = 420, height: int = 220) -> figure:
    """Bokeh figure: P(HP lost = k) for k = 0..HP, the bar at HP (destroyed) in red.

    ``odds`` is an :class:`~lcb_lab.games.lcb.rules.combat.odds.EngagementOdds` or one entry of
    :meth:`lcb_lab.games.lcb.game.Game.preview_lrs` (needs ``damage`` and ``hp``).
    ``width`` x ``height`` is the plot frame in pixels (the axes and title
    add to it).  Each bar is labelled with its probability (e.g. ``"91.6%"``)
    above it, inside the frame.  Rules: 7.02 (hits), 7.57 (INTERCEPT cancels
    LRS hits), 7.05 (hits beyond the target's HP are lost).
    """
    damage = list(odds.damage) if isinstance(odds, EngagementOdds) else list(odds["damage"])
    hp = odds.hp if isinstance(odds, EngagementOdds) else odds.get("hp", 1)
    p_destroy = sum(damage[hp:])
    labels = [f"{p:.1%}" for p in damage]
    src = ColumnDataSource({
        "k": [str(k) for k in range(len(damage))], "p": damage, "pct": labels,
        "colour": [KILL if k >= hp else SAFE for k in range(len(damage))],
    })
    label_h = label_extent(max(labels, key=len))[1]
    fig = figure(x_range=src.data["k"], frame_width=width, frame_height=height, toolbar_location=None,
                 y_range=Range1d(0, _end_with_room(max(damage, default=0.0), label_h, height)),
                 title=title or f"HP lost (of {hp}): P(destroyed) {p_destroy:.1%}",
                 x_axis_label="HP lost (LRS hits - INTERCEPT hits, at most HP)",
                 y_axis_label="probability")
    fig.vbar(x="k", top="p", width=0.8, color="colour", source=src)
    fig.text(x="k", y="p", text="pct", source=src, text_align="center", text_baseline="bottom",
             y_offset=-LABEL_PAD_PX, text_font_size=f"{LABEL_PT}pt")
    fig.add_tools(HoverTool(tooltips=[("HP lost", "@k"), ("P", "@pct")]))
    fig.xgrid.grid_line_color = None
    return fig


def compare_figure(variants: dict[str, EngagementOdds], width: int = 360, height: int | None = None) -> figure:
    """P(destroyed) of several what-if variants as horizontal bars, each labelled (e.g. ``"91.6%"``).

    ``width`` x ``height`` is the plot frame in pixels (default height: 36 px
    a variant); the variant names sit on the y axis outside it.  The x range
    runs past 1 when a label needs the room; its ticks stop at 1.
    """
    names = list(variants)
    vals = [variants[n].p_destroy for n in names]
    labels = [f"{v:.1%}" for v in vals]
    height = height or max(120, 36 * len(names))
    widest = max((label_extent(t)[0] for t in labels), default=0.0)
    src = ColumnDataSource({"name": names, "p": vals, "pct": labels})
    fig = figure(y_range=names[::-1], frame_width=width, frame_height=height, toolbar_location=None,
                 x_range=Range1d(0, _end_with_room(max(vals + [1.0]), widest, width)),
                 title="P(target destroyed) by variant", x_axis_label="probability")
    fig.hbar(y="name", right="p", height=0.6, color=KILL, source=src)
    fig.text(x="p", y="name", text="pct", source=src, x_offset=LABEL_PAD_PX, text_baseline="middle",
             text_font_size=f"{LABEL_PT}pt")
    fig.add_layout(Span(location=0.5, dimension="height", line_dash="dashed", line_color="#888"))
    fig.xaxis.ticker = [0, 0.25, 0.5, 0.75, 1.0]
    fig.ygrid.grid_line_color = None
    return fig


def count_figure(counts: dict, title: str, x_label: str = "", width: int = 360, height: int = 220,
                 y_label: str = "games") -> figure:
    """Bar chart of counts (e.g. winners of many games), each bar labelled with its number.

    ``width`` x ``height`` is the plot frame in pixels; the y range leaves room
    above the tallest bar for its label.  ``y_label``: what is counted ("games"; a study's
    "runs", which may end before the game does).
    """
    keys = [str(k) for k in counts]
    vals = [counts[k] for k in counts]
    labels = [str(v) for v in vals]
    label_h = label_extent(max(labels, key=len, default=""))[1]
    src = ColumnDataSource({"k": keys, "n": vals, "label": labels})
    fig = figure(x_range=keys, frame_width=width, frame_height=height, toolbar_location=None, title=title,
                 y_range=Range1d(0, _end_with_room(max(vals, default=0), label_h, height)),
                 x_axis_label=x_label, y_axis_label=y_label)
    fig.vbar(x="k", top="n", width=0.7, color=SAFE, source=src)
    fig.text(x="k", y="n", text="label", source=src, text_align="center", text_baseline="bottom",
             y_offset=-LABEL_PAD_PX, text_font_size=f"{LABEL_PT}pt")
    fig.xgrid.grid_line_color = None
    return fig
