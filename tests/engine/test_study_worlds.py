"""A team's plan study reads only that team's knowledge, by the indistinguishable-worlds method
(tests/worlds.py; 3.12, 6.11, 9.02, 13.37, 14.03, 16.0).

In random legal games of Gotland Redux, at sampled states where a team is to act, a twin is built
by each perturbation of a fact that team may not know (its view unchanged, asserted by the
harness).  The team's study of the rest of the turn (a random continuation, the same seed) gives
the same runs, exact odds and notes in both worlds: each run plays a world sampled from the
team's knowledge (lcb_lab.games.lcb.whatif.study.run).  The instructor's study of the same twins,
which plays the true board, tells some of them apart: the comparison can fail.
"""
from __future__ import annotations

from lcb_lab.games.lcb.whatif.study import Plan, study
from tests.worlds import twins

REST_OF_TURN = Plan((), horizon="turn", continuation="random", name="rest of the turn")


def _study(g, viewer):
    r = study(g, REST_OF_TURN, runs=2, seed=5, workers=0, progress=False, viewer=viewer)
    return r.outcomes, r.exact, r.notes


def test_a_teams_study_is_the_same_in_worlds_it_cannot_tell_apart():
    kinds, n, told_apart = set(), 0, 0
    for g, twin, kind in twins("actor", seeds=(0,), steps=30, every=10):
        team = g.to_act()
        assert _study(g, team) == _study(twin, team), kind
        told_apart += _study(g, None) != _study(twin, None)
        kinds.add(kind)
        n += 1
    assert n >= 8 and len(kinds) >= 4, (n, kinds)
    assert told_apart >= 1, "the instructor's study never differed: the twins test nothing"


def test_a_teams_study_says_how_its_worlds_are_drawn():
    g, _, _ = next(twins("actor", seeds=(0,), steps=12, every=12))
    team = g.to_act()
    r = study(g, REST_OF_TURN, runs=1, seed=0, workers=0, progress=False, viewer=team)
    assert r.notes[0].startswith(f"{team}'s study: each run plays a world drawn from what {team} knows")
    assert r.notes[0] in r.summary()
    assert study(g, REST_OF_TURN, runs=1, seed=0, workers=0, progress=False).notes == ()
