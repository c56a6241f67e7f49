"""Two ways of deciding a shot, side by side: data, questions and Bokeh charts, knowing no game.

A :class:`Curve` is P(hit) against what the player reads off the board (a CV, a distance); a
:class:`Pmf` is a full distribution (hits out of n dice, a sum of dice).  Each game computes its
own with its own chance functions and passes them in (a module that compares two games lives in
neither); the notebook joins them.

* :func:`curves_figure` -- P(hit) of several curves, each on its own x axis, side by side;
* :func:`pmfs_figure` -- several pmfs as bars, side by side;
* :class:`Grid`, :func:`grid_figure` -- a chance for every pair of two things (e.g. two opposed dice),
  as a coloured table with the value written in each cell;
* :func:`steps` -- how much one step of x changes P(hit), for each step of a curve;
* :func:`checkpoints` -- questions on two curves (a per-die chance against a sum's): the change per
  step, and where a sum's curve falls fastest; :func:`grid_checkpoints` on an opposed roll's table,
  :func:`draw_checkpoint` on a draw's distribution; every answer computed from the data given.

>>> c = Curve("d20 <= CV", "CV", tuple(range(0, 21)), tuple(x / 20 for x in range(0, 21)), "7.02")
>>> [round(s, 2) for s in steps(c)[:3]], c.at(12)
([0.05, 0.05, 0.05], 0.6)
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Sequence

from lcb_lab.kernel.checkpoints import Checkpoint

if TYPE_CHECKING:  # pragma: no cover
    from bokeh.models import Row, Title
    from bokeh.plotting import figure as Figure

__all__ = ["Curve", "Pmf", "Grid", "steps", "steepest", "checkpoints", "curves_figure", "pmfs_figure", "grid_figure",
           "grid_checkpoints", "draw_checkpoint"]

PALETTE = ("#1f77b4", "#d62728", "#2ca02c", "#9467bd")


@dataclass(frozen=True)
class Curve:
    """P(hit) against an integer ``x`` (``xs``, ``ps``: same length): ``name``, ``x_label`` (what x
    is), ``rule`` (the rule reference that decides it), ``note`` (e.g. a sandbox die)."""

    name: str
    x_label: str
    xs: tuple[int, ...]
    ps: tuple[float, ...]
    rule: str
    note: str = ""

    def at(self, x: int) -> float:
        """P(hit) at ``x``; KeyError when ``x`` is not on the curve."""
        if x not in self.xs:
            raise KeyError(f"{self.name}: no value at {self.x_label} {x}")
        return self.ps[self.xs.index(x)]


@dataclass(frozen=True)
class Pmf:
    """A distribution: ``probs[i]`` is P(value = ``values[i]``); ``name``, ``value_label``, ``rule``."""

    name: str
    value_label: str
    values: tuple[int, ...]
    probs: tuple[float, ...]
    rule: str


@dataclass(frozen=True)
class Grid:
    """A chance for every pair: ``ps[i][j]`` for row ``rows[i]`` and column ``cols[j]`` (labels), e.g.
    the reacting unit's chance for each initiative die (rows) and reacting die (columns); ``name``,
    ``row_label``, ``col_label``, ``rule``."""

    name: str
    row_label: str
    col_label: str
    rows: tuple[str, ...]
    cols: tuple[str, ...]
    ps: tuple[tuple[float, ...], ...]
    rule: str

    def at(self, row: str, col: str) -> float:
        """The chance at ``row``, ``col`` (labels); KeyError for a label not in the grid."""
        if row not in self.rows or col not in self.cols:
            raise KeyError(f"{self.name}: no cell {row}, {col}")
        return self.ps[self.rows.index(row)][self.cols.index(col)]


def steps(curve: Curve) -> list[float]:
    """|P(x + 1) - P(x)| for each step of ``curve`` (length ``len(xs) - 1``)."""
    return [abs(b - a) for a, b in zip(curve.ps, curve.ps[1:])]


def steepest(curve: Curve) -> frozenset[str]:
    """The steps ``"x->x+1"`` where ``curve`` changes most (ties all given)."""
    d = steps(curve)
    top = max(d)
    return frozenset(f"{a}->{b}" for a, b, s in zip(curve.xs, curve.xs[1:], d) if abs(s - top) < 1e-12)


def checkpoints(per_die: Curve, per_sum: Curve, prefix: str = "compare") -> list[Checkpoint]:
    """Questions comparing ``per_die`` (a chance per die, e.g. d20 <= CV) with ``per_sum`` (a sum
    of dice against a distance); keys ``"<prefix>.<name>"``."""
    mid = len(per_die.xs) // 2
    options = tuple(f"{a}->{b}" for a, b in zip(per_sum.xs, per_sum.xs[1:]))
    return [
        Checkpoint(f"{prefix}.per-step", f"{per_die.name}: by how much does P(hit) change when the "
                   f"{per_die.x_label} goes from {per_die.xs[mid]} to {per_die.xs[mid + 1]}?", kind="probability",
                   answer=lambda: steps(per_die)[mid], rule=per_die.rule,
                   hint="Each face of the die is equally likely: one more winning face adds the same amount.",
                   explanation="The same at every step of the curve: a straight line."),
        Checkpoint(f"{prefix}.steepest", f"{per_sum.name}: which one-step changes of the {per_sum.x_label} "
                   "change P(hit) the most?", kind="choices", options=options,
                   answer=lambda: steepest(per_sum), rule=per_sum.rule,
                   hint="P(sum >= x) drops by P(sum = x) from x to x + 1: where is a sum most likely?",
                   explanation=lambda: ", ".join(sorted(steepest(per_sum))) + ": the middle of the bell, where "
                               "the sum is most likely; at the ends one step barely matters."),
    ]


def grid_checkpoints(grid: Grid, prefix: str = "grid") -> list[Checkpoint]:
    """Questions on ``grid``: one cell's chance (its last row, second column), and which columns give
    better than even odds against its first row; keys ``"<prefix>.<name>"``."""
    row, col, first = grid.rows[-1], grid.cols[1], grid.rows[0]
    better = lambda: frozenset(c for c in grid.cols if grid.at(first, c) > 0.5)   # noqa: E731
    return [
        Checkpoint(f"{prefix}.cell", f"{grid.name}: with a {row} as the {grid.row_label} and a {col} as the "
                   f"{grid.col_label}, what is the chance?", kind="probability", answer=lambda: grid.at(row, col),
                   rule=grid.rule, hint="Count the pairs of faces that win, out of all pairs (faces times faces).",
                   explanation=lambda: f"{grid.at(row, col):.1%}: the cell {row}, {col} of the table."),
        Checkpoint(f"{prefix}.better", f"{grid.name}: against a {first} as the {grid.row_label}, which values "
                   f"of the {grid.col_label} give better than even odds?", kind="choices", options=grid.cols,
                   answer=better, rule=grid.rule, hint="Read the row of the table; more than 50 % is better than even.",
                   explanation=lambda: (", ".join(c for c in grid.cols if c in better()) or "none")
                   + f": the cells of row {first} above 50 %."),
    ]


def draw_checkpoint(draw: Pmf, key: str = "draw.any") -> Checkpoint:
    """A question on ``draw`` (the count of a kind of card drawn): the chance of at least one."""
    return Checkpoint(key, f"{draw.name}: what is the chance of at least one?", kind="probability",
                      answer=lambda: 1 - draw.probs[0], rule=draw.rule,
                      hint="At least one is everything but none: 1 minus the chance of drawing none.",
                      explanation=lambda: f"1 - {draw.probs[0]:.1%} = {1 - draw.probs[0]:.1%}.")


def curves_figure(curves: Sequence[Curve], height: int = 300, width: int = 380) -> Row:
    """A Bokeh row: one chart per curve, P(hit) (0-1) against its x, points joined by lines."""
    from bokeh.layouts import row
    from bokeh.models import NumeralTickFormatter
    from bokeh.plotting import figure
    figs = []
    for i, c in enumerate(curves):
        f = figure(height=height, width=width, title=f"{c.name} ({c.rule})", x_axis_label=c.x_label,
                   y_axis_label="P(hit)", y_range=(0, 1.02), toolbar_location=None, tools="hover",
                   tooltips=[(c.x_label, "@x"), ("P(hit)", "@y{0.0%}")])
        colour = PALETTE[i % len(PALETTE)]
        f.line(list(c.xs), list(c.ps), color=colour, line_width=2)
        f.scatter(list(c.xs), list(c.ps), color=colour, size=6)
        f.yaxis.formatter = NumeralTickFormatter(format="0%")
        if c.note:
            f.add_layout(_note(c.note), "below")
        figs.append(f)
    return row(*figs)


def pmfs_figure(pmfs: Sequence[Pmf], height: int = 300, width: int = 380) -> Row:
    """A Bokeh row: one bar chart per pmf."""
    from bokeh.layouts import row
    from bokeh.models import NumeralTickFormatter
    from bokeh.plotting import figure
    figs = []
    for i, d in enumerate(pmfs):
        f = figure(height=height, width=width, title=f"{d.name} ({d.rule})", x_axis_label=d.value_label,
                   y_axis_label="probability", toolbar_location=None, tools="hover",
                   tooltips=[(d.value_label, "@x"), ("P", "@top{0.0%}")])
        f.vbar(x=list(d.values), top=list(d.probs), width=0.8, color=PALETTE[i % len(PALETTE)])
        f.yaxis.formatter = NumeralTickFormatter(format="0%")
        figs.append(f)
    return row(*figs)


def grid_figure(grid: Grid, height: int = 320, width: int = 400) -> Figure:
    """A Bokeh chart of ``grid``: one square per cell, darker for a higher chance, its value written in it."""
    from bokeh.models import ColumnDataSource
    from bokeh.plotting import figure
    cells = [(r, c, p) for r, row in zip(grid.rows, grid.ps) for c, p in zip(grid.cols, row)]
    src = ColumnDataSource({"r": [r for r, _, _ in cells], "c": [c for _, c, _ in cells],
                            "p": [p for _, _, p in cells], "text": [f"{p:.0%}" for _, _, p in cells],
                            "colour": [_shade(p) for _, _, p in cells],
                            "ink": ["white" if p > 0.55 else "black" for _, _, p in cells]})
    f = figure(height=height, width=width, title=f"{grid.name} ({grid.rule})", x_range=list(grid.cols),
               y_range=list(reversed(grid.rows)), x_axis_label=grid.col_label, y_axis_label=grid.row_label,
               toolbar_location=None, tools="hover", tooltips=[(grid.row_label, "@r"), (grid.col_label, "@c"),
                                                                ("P", "@p{0.0%}")])
    f.rect("c", "r", 0.95, 0.95, source=src, fill_color="colour", line_color=None)
    f.text("c", "r", text="text", source=src, text_align="center", text_baseline="middle", text_color="ink")
    f.grid.visible = False
    return f


def _shade(p: float) -> str:
    """A blue from white (0) to dark (1)."""
    lo, hi = (247, 251, 255), (8, 48, 107)
    return "#" + "".join(f"{round(a + (b - a) * p):02x}" for a, b in zip(lo, hi))


def _note(text: str) -> Title:
    from bokeh.models import Title
    return Title(text=text, align="left", text_font_size="9pt", text_font_style="italic")
