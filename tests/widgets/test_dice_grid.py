"""The opposed-roll table of the lessons that compare games (:class:`lcb_lab.ui.lab.dice_compare.Grid`):
read by labels, drawn one square per cell with its value written in it."""
from fractions import Fraction

import pytest

from lcb_lab.ui.lab.dice_compare import Grid, grid_figure


def test_a_grid_reads_by_labels_and_draws_each_cell():
    p = Fraction(12, 36)                            # d6 against d6, 4+ and higher: (4:3 + 5:4 + 6:5) / 36
    g = Grid("opposed", "initiative", "reacting", ("d6", "d8"), ("d6", "d8"), ((float(p), 0.5), (0.25, 0.39)), "l.318")
    assert g.at("d6", "d6") == pytest.approx(1 / 3) and g.at("d8", "d6") == 0.25
    with pytest.raises(KeyError, match="no cell d6, d12"):
        g.at("d6", "d12")
    fig = grid_figure(g)
    src = fig.renderers[0].data_source.data
    assert src["text"] == ["33%", "50%", "25%", "39%"] and src["ink"] == ["black"] * 4
    assert list(fig.y_range.factors) == ["d8", "d6"]          # first row on top


def test_the_grid_and_draw_questions_are_answered_from_the_data():
    from lcb_lab.kernel.odds import draw_pmf
    from lcb_lab.ui.lab.dice_compare import Pmf, draw_checkpoint, grid_checkpoints
    g = Grid("opposed", "initiative", "reacting", ("d6", "d8", "d10"), ("d6", "d8", "d10"),
             ((1 / 3, 0.5, 0.6), (0.25, 0.39, 0.51), (0.2, 0.31, 0.42)), "l.318")
    cell, better = grid_checkpoints(g, "fof")
    assert cell.correct_answer() == pytest.approx(0.31) and cell.check("31%").correct
    assert better.correct_answer() == frozenset({"d10"}) and not better.check(["d8", "d10"]).correct
    g2 = Grid("Force on Force: the reacting unit wins", "initiative unit's die", "reacting unit's die", g.rows, g.cols,
              g.ps, "l.318")         # a label ending in a possessive: no "unit's dies"
    assert grid_checkpoints(g2, "fof")[1].question == (
        "Force on Force: the reacting unit wins: against a d6 as the initiative unit's die, which values of the "
        "reacting unit's die give better than even odds?")
    hand = draw_pmf(14, 2, 5)
    q = draw_checkpoint(Pmf("a Battlelord in 5 of 14", "Battlelords", (0, 1, 2), tuple(hand), "l.39"))
    assert q.correct_answer() == pytest.approx(1 - 36 / 91)          # C(12,5) / C(14,5) = 792 / 2002 = 36 / 91
    assert "l.39" in q.check("10%").text
