"""Choosing forces of equal value as acts (l.272-277): the text's example of 30 points for each
side, refusals over the budget and short of it, then the placing (l.279)."""
import numpy as np

from lcb_lab.games.archipelago import actions as A
from lcb_lab.games.archipelago.rules.forces import reachable, value
from lcb_lab.games.archipelago.stage import choose_game
from tests.archipelago.helpers import refused, titles


def test_the_30_point_example_red_11_vessels_blue_9():
    g = choose_game(level=2, budget=30)
    refused(g, A.Place("Red TB-1", 0, 0, 0), "l.272")
    refused(g, A.RollMovement(), "l.272")
    red = [f"TB-{i}" for i in range(1, 9)] + ["C-9", "D-13", "D-14"]            # 8 x 2 + 4 + 2 x 5 (l.276)
    for n in red[:-1]:
        g.apply(A.Choose(f"Red {n}"))
    refused(g, A.EndChoice(), "l.272")                                          # 25 of 30
    assert A.Choose("Red C-10") not in g.legal_actions()                        # 29 could never end on 30
    g.apply(A.Choose("Red D-14"))
    assert titles(g)[-1] == "Red chooses Red D-14: 30 of 30 points"
    refused(g, A.Choose("Red A-15"), "l.272")                                   # 32 > 30
    g.apply(A.EndChoice())
    blue = ["TB-1", "TB-2", "C-9", "C-10", "C-11", "D-13", "D-14", "A-15", "R-16"]  # l.277: 9 vessels
    for n in blue:
        g.apply(A.Choose(f"Blue {n}"))
    g.apply(A.EndChoice())
    s = g.state
    assert s.phase == "setup" and s.to_move == "Red" and len(s.reserve) == 20
    assert [i for i in s.reserve if i.startswith("Blue")] == [f"Blue {n}" for n in blue]


def test_offered_choices_always_reach_the_budget():
    assert reachable([2, 2, 5], 9) and not reachable([2, 2, 5], 8)
    g = choose_game(level=4, budget=23, seed=1)
    rng = np.random.default_rng(4)
    while g.state.phase == "choose":
        legal = g.legal_actions()
        assert legal, "a random choice never gets stuck"
        g.apply(legal[int(rng.integers(len(legal)))])
    assert g.state.phase == "setup"
    chosen = sorted(g.state.reserve)
    assert sum(v for i in chosen if i.startswith("Red") for v in [value(i)]) == 23
    while g.state.phase == "setup":
        g.apply(g.legal_actions()[0].sample(rng))                               # place every chosen piece
    assert sorted(g.state.pieces) == chosen and g.state.phase == "start"
