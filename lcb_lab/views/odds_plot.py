"""Bar charts of exact engagement odds (7.02, 7.57): easier to read than a row of percentages.

``odds_figure(odds)`` draws, for one target, the probability of each amount of
net damage, with the bars that destroy the target (damage >= HP) in red.
``compare_figure({...})`` puts several what-if variants side by side.
"""
from __future__ import annotations

from bokeh.models import ColumnDataSource, HoverTool, Span
from bokeh.plotting import figure

from ..odds import EngagementOdds

SAFE, KILL = "#7a8b99", "#b23a3a"


def odds_figure(odds: EngagementOdds | dict, title: str = "", width: int = 420, height: int = 260):
    """Bokeh figure: P(HP lost = k) for k = 0..HP, the bar at HP (destroyed) in red.

    ``odds`` is an :class:`~lcb_lab.odds.EngagementOdds` or one entry of
    :meth:`lcb_lab.game.Game.preview_lrs` (needs ``damage`` and ``hp``).
    """
    damage = list(odds.damage) if isinstance(odds, EngagementOdds) else list(odds["damage"])
    hp = odds.hp if isinstance(odds, EngagementOdds) else odds.get("hp", 1)
    p_destroy = sum(damage[hp:])
    src = ColumnDataSource({
        "k": [str(k) for k in range(len(damage))], "p": damage,
        "pct": [f"{p:.1%}" for p in damage],
        "colour": [KILL if k >= hp else SAFE for k in range(len(damage))],
    })
    fig = figure(x_range=src.data["k"], height=height, width=width, toolbar_location=None,
                 title=title or f"HP lost (of {hp}): P(destroyed) {p_destroy:.1%}",
                 x_axis_label="HP lost (LRS hits - INTERCEPT hits, capped at HP; 7.57, 7.05)",
                 y_axis_label="probability")
    fig.vbar(x="k", top="p", width=0.8, color="colour", source=src)
    fig.add_tools(HoverTool(tooltips=[("damage", "@k"), ("P", "@pct")]))
    fig.y_range.start = 0
    fig.xgrid.grid_line_color = None
    return fig


def compare_figure(variants: dict[str, EngagementOdds], width: int = 560, height: int = 280):
    """P(destroyed) of several what-if variants as horizontal bars."""
    names = list(variants)
    vals = [variants[n].p_destroy for n in names]
    src = ColumnDataSource({"name": names, "p": vals, "pct": [f"{v:.1%}" for v in vals]})
    fig = figure(y_range=names[::-1], width=width, height=height, toolbar_location=None,
                 x_range=(0, 1), title="P(target destroyed) by variant", x_axis_label="probability")
    fig.hbar(y="name", right="p", height=0.6, color=KILL, source=src)
    fig.text(x="p", y="name", text="pct", source=src, x_offset=4, text_baseline="middle", text_font_size="9pt")
    fig.add_layout(Span(location=0.5, dimension="height", line_dash="dashed", line_color="#888"))
    return fig


def count_figure(counts: dict, title: str, x_label: str = "", width: int = 420, height: int = 260):
    """Bar chart of counts (e.g. winners of many games), labelled with the numbers."""
    keys = [str(k) for k in counts]
    vals = [counts[k] for k in counts]
    src = ColumnDataSource({"k": keys, "n": vals, "label": [str(v) for v in vals]})
    fig = figure(x_range=keys, width=width, height=height, toolbar_location=None, title=title,
                 x_axis_label=x_label, y_axis_label="games")
    fig.vbar(x="k", top="n", width=0.7, color=SAFE, source=src)
    fig.text(x="k", y="n", text="label", source=src, text_align="center", y_offset=-4, text_font_size="9pt")
    fig.y_range.start = 0
    fig.xgrid.grid_line_color = None
    return fig
