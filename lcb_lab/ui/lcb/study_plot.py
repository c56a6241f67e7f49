"""Bokeh figures of a plan study (:mod:`lcb_lab.games.lcb.whatif.study`): sampled bars, exact odds beside them.

* :func:`hp_lost_figure` -- for one unit, the share of runs in which it lost 0, 1, ... HP (bars, the
  bar at its HP -- destroyed, 7.05 -- in red), each with its 95 % interval (whiskers), and beside
  each the engine's exact odds of the first engagement (7.57) as an outlined, hatched bar; every
  bar printed with its share (a projector's audience cannot hover), the legend above the frame;
* :func:`count_figure_of` -- a distribution over runs (kills per team, 3.5; the winner, 15.0) as
  labelled bars;
* :func:`study_figure` -- the set for one study, in a column;
* :func:`compare_studies_figure` -- two plans side by side: P(destroyed) of every unit lost in
  either, each bar with its 95 % interval, printed with its share and the exact odds where known.

Frames are fixed in pixels (``frame_width`` x ``frame_height``) as in :mod:`lcb_lab.ui.lcb.odds_plot`.
Show a figure in a notebook or the lab with :func:`lcb_lab.ui.lab.bokehjs.figure_widget` (BokehJS
offline, nothing inlined in the notebook).
"""
from __future__ import annotations

from collections import Counter

from bokeh.layouts import column
from bokeh.models import ColumnDataSource, FactorRange, HoverTool, Legend, LegendItem, Range1d, Whisker
from bokeh.plotting import figure
from bokeh.transform import dodge

from lcb_lab.games.lcb.whatif.study import Freq, StudyResult
from lcb_lab.ui.lcb.odds_plot import KILL, LABEL_PT, SAFE, count_figure

OTHER = "#3b6ea5"
"""The second plan's colour in a comparison (a display choice)."""


def hp_lost_figure(result: StudyResult, unit: str, width: int = 380, height: int = 200) -> figure:
    """Sampled P(``unit`` loses k HP) over the runs with 95 % whiskers, and beside each bar the exact
    odds as an outlined, hatched bar; every bar printed with its share (module doc)."""
    counts: Counter = result.hp_lost().get(unit, Counter({0: result.runs}))
    exact = next((e for e in result.exact if e.unit == unit), None)
    hp = exact.hp if exact is not None else max(counts)
    ks = sorted(set(counts) | set(exact.pmf if exact else ()) | {0})
    freqs = [Freq(counts.get(k, 0), result.runs) for k in ks]
    src = ColumnDataSource({"k": [str(k) for k in ks], "p": [f.p for f in freqs],
                            "lo": [f.interval[0] for f in freqs], "hi": [f.interval[1] for f in freqs],
                            "text": [f.text() for f in freqs], "pct": [f"{f.p:.1%}" for f in freqs],
                            "colour": [KILL if hp and k >= hp else SAFE for k in ks]})
    fig = figure(x_range=src.data["k"], frame_width=width, frame_height=height, toolbar_location=None,
                 y_range=Range1d(0, 1.18), title=f"{unit}: HP lost in {result.runs} runs",
                 x_axis_label="HP lost (the red bar: destroyed, 7.05)", y_axis_label="share of runs")
    side = 0.17 if exact is not None else 0.0
    at = dodge("k", -side, range=fig.x_range)
    bars = fig.vbar(x=at, top="p", width=0.32 if side else 0.7, color="colour", source=src)
    fig.add_layout(Whisker(base=at, lower="lo", upper="hi", source=src, line_color="#333"))
    # beside an exact bar the two shares are printed outward from the pair's middle (the sampled one ending
    # there, the exact one starting there): side by side they never overlap, even in a narrow figure
    fig.text(x=dodge("k", -0.02, range=fig.x_range) if side else at, y="hi", text="pct", source=src,
             text_align="right" if side else "center", text_baseline="bottom", y_offset=-2,
             text_font_size=f"{LABEL_PT - 1}pt")
    items = [LegendItem(label="sampled (95 % interval)", renderers=[bars])]
    if exact is not None:
        esrc = ColumnDataSource({"k": [str(k) for k in exact.pmf], "p": list(exact.pmf.values()),
                                 "pct": [f"{p:.1%}" for p in exact.pmf.values()]})
        eat = dodge("k", side, range=fig.x_range)
        ebars = fig.vbar(x=eat, top="p", width=0.32, fill_color="white", line_color="black", line_width=1.5,
                         hatch_pattern="/", hatch_color="#333", hatch_alpha=0.6, source=esrc)
        fig.text(x=dodge("k", 0.02, range=fig.x_range), y="p", text="pct", source=esrc, text_align="left",
                 text_baseline="bottom", y_offset=-2, text_font_size=f"{LABEL_PT - 1}pt", text_font_style="bold")
        items.append(LegendItem(label=f"exact ({exact.rule})", renderers=[ebars]))
        fig.add_tools(HoverTool(renderers=[ebars], tooltips=[("HP lost", "@k"), ("exact", "@pct")]))
    fig.add_layout(Legend(items=items, orientation="horizontal", label_text_font_size=f"{LABEL_PT - 1}pt",
                          padding=2, margin=2), "above")
    fig.add_tools(HoverTool(renderers=[bars], tooltips=[("HP lost", "@k"), ("sampled", "@text")]))
    fig.xgrid.grid_line_color = None
    return fig


def count_figure_of(result: StudyResult, what: str, width: int = 300, height: int = 180) -> figure:
    """``what`` = ``"kills US"`` / ``"kills RU"`` (units that team destroyed, 3.5) or ``"winner"``
    (15.0; "none": not decided at the horizon): runs per value, labelled bars (the y axis: "runs")."""
    if what == "winner":
        counts = {w: f.k for w, f in result.winners().items()}
        return count_figure(counts, f"winner at the horizon ({result.plan.horizon})", "winner", width, height, "runs")
    team = what.split()[-1]
    c = result.kills()[team]
    counts = {k: c.get(k, 0) for k in range(max(c) + 1)}
    other = "RU" if team == "US" else "US"
    return count_figure(counts, f"{other} units destroyed by {team}, per run", "units destroyed", width, height, "runs")


def study_figure(result: StudyResult, width: int = 380) -> column:
    """A column: the HP-lost figure of every unit with exact odds (or lost in some run, at most 4),
    ``width`` px of frame each, then the kills of each team and the winners (300 px)."""
    units = [e.unit for e in result.exact if e.unit] or list(result.hp_lost())[:4]
    figs = [hp_lost_figure(result, u, width=width) for u in units[:4]]
    figs += [count_figure_of(result, "kills US"), count_figure_of(result, "kills RU"), count_figure_of(result, "winner")]
    return column(*figs)


def compare_studies_figure(a: StudyResult, b: StudyResult, width: int = 360) -> figure:
    """P(destroyed) of each unit lost in either study, the two plans' bars side by side with 95 %
    whiskers (module doc)."""
    da, db = a.destroyed(), b.destroyed()
    units = sorted(set(da) | set(db)) or ["(no unit destroyed)"]
    na, nb = a.plan.name, b.plan.name if b.plan.name != a.plan.name else b.plan.name + " (2)"
    ys, ps, los, his, cols, texts, labels = [], [], [], [], [], [], []
    for u in units:
        for name, r, d, colour in ((na, a, da, KILL), (nb, b, db, OTHER)):
            f = d.get(u, Freq(0, r.runs))
            e = next((x for x in r.exact if x.unit == u and x.p_destroyed is not None), None)
            labels.append(f"{f.p:.1%}" + (f" (exact {e.p_destroyed:.1%})" if e is not None else ""))
            ys.append((u, name))
            ps.append(f.p)
            los.append(f.interval[0])
            his.append(f.interval[1])
            cols.append(colour)
            texts.append(f.text())
    src = ColumnDataSource({"y": ys, "p": ps, "lo": los, "hi": his, "colour": cols, "text": texts,
                            "label": labels})
    fig = figure(y_range=FactorRange(*ys[::-1]), frame_width=width, frame_height=max(120, 30 * len(ys)),
                 toolbar_location=None, x_range=Range1d(0, 1.45), title=f"P(destroyed): {na} vs {nb}",
                 x_axis_label="share of runs (95 % interval)")
    fig.xaxis.ticker = [0, 0.2, 0.4, 0.6, 0.8, 1.0]
    bars = fig.hbar(y="y", right="p", height=0.7, color="colour", source=src)
    fig.add_layout(Whisker(base="y", lower="lo", upper="hi", dimension="width", source=src, line_color="#333"))
    fig.text(x="hi", y="y", text="label", source=src, text_align="left", text_baseline="middle", x_offset=4,
             text_font_size=f"{LABEL_PT - 1}pt")
    fig.add_tools(HoverTool(renderers=[bars], tooltips=[("", "@text")]))
    fig.ygrid.grid_line_color = None
    return fig
