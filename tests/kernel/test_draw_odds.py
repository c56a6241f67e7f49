"""A draw from a shuffled deck, the hypergeometric (:func:`lcb_lab.kernel.odds.draw_pmf`), checked
against every hand counted."""
from itertools import combinations

import pytest

from lcb_lab.kernel.odds import draw_pmf


def test_a_draw_matches_counting_every_hand():
    deck = ["A"] * 3 + ["x"] * 9                   # 3 marked cards in 12, a hand of 5: count all 792 hands
    counts = [0] * 4
    for hand in combinations(range(12), 5):
        counts[sum(deck[i] == "A" for i in hand)] += 1
    assert sum(counts) == 792
    assert [round(p * 792) for p in draw_pmf(12, 3, 5)] == counts == [126, 378, 252, 36]
    assert draw_pmf(12, 3, 5).sum() == pytest.approx(1.0)


def test_a_draw_at_the_corners():
    assert list(draw_pmf(5, 0, 3)) == [1.0]       # nothing marked: none drawn
    assert list(draw_pmf(5, 5, 3)) == [0.0, 0.0, 0.0, 1.0]     # all marked: every card drawn is
    assert list(draw_pmf(5, 2, 0)) == [1.0]
    with pytest.raises(ValueError, match="marked, draws <= cards"):
        draw_pmf(5, 6, 1)
    with pytest.raises(ValueError):
        draw_pmf(5, 1, 6)



def test_a_chance_step_names_its_values_when_it_has_names_and_numbers_them_otherwise():
    from lcb_lab.kernel.odds import ChanceStep
    named = ChanceStep("Who goes first", "R1", ("first",), (((0,), 0.25), ((1,), 0.75)), names=("Ann", "Bo"))
    assert named.text().splitlines()[1:] == ["  first = Ann: 25.0%", "  first = Bo: 75.0%"]
    plain = ChanceStep("Volley", "R2", ("hits",), (((0,), 0.5), ((1,), 0.5)))
    assert plain.text().splitlines()[1:] == ["  hits = 0: 50.0%", "  hits = 1: 50.0%"] and plain.value_name(3) == "3"
