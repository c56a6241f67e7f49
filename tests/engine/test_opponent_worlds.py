"""The opponents read only their own team's knowledge, by the indistinguishable-worlds method
(tests/worlds.py; principle 8; 3.03, 3.12, 6.11, 9.02, 13.37, 14.03, 16.0).

In random legal games of Gotland Redux, at sampled states where a team is to act, a twin is
built by each perturbation of a fact that team may not know (its view unchanged, asserted by
the harness).  With the same rng seed, in both worlds: the world the search samples is the
same, the greedy and the search policies take the same act for the same reason (the search on
the same paired rollout figures); and the other
team (a student playing against the policy) reads the same of the policy's reasons, in two
worlds *it* cannot tell apart.  A planted cheat (a policy that reads the enemy's CP, 3.12) is
caught by the same comparison: the test can fail.
"""
from __future__ import annotations

import json

import numpy as np

from lcb_lab.games.lcb.model.state import other
from lcb_lab.games.lcb.opponents import Decision, GreedyPolicy, SearchPolicy
from lcb_lab.games.lcb.opponents.explain import reason_for
from lcb_lab.games.lcb.whatif.worlds import sample_world
from tests.worlds import twins as _twins


def _state_text(w) -> str:
    return json.dumps(w.state.to_dict(), sort_keys=True, default=str)


def test_greedy_and_search_decide_alike_in_worlds_their_team_cannot_tell_apart():
    kinds, n = set(), 0
    for g, twin, kind in _twins("actor"):
        team = g.to_act()
        assert _state_text(sample_world(g, team, np.random.default_rng(7))) == \
            _state_text(sample_world(twin, team, np.random.default_rng(7))), kind
        for p in (GreedyPolicy(), SearchPolicy(budget=None, rollouts=4, width=2, samples=2)):
            a = p.decide(g, team, np.random.default_rng(11))
            seen = getattr(p, "last", None)
            b = p.decide(twin, team, np.random.default_rng(11))
            assert a == b, f"{p.name} under {kind}: {a} / {b}"
            assert seen == getattr(p, "last", None), f"{p.name}'s paired rollouts under {kind}"   # the same figures
        kinds.add(kind)
        n += 1
    assert n >= 20 and len(kinds) >= 5, (n, kinds)


def test_the_student_reads_the_same_of_the_opponents_reasons_in_worlds_it_cannot_tell_apart():
    n = 0
    for g, twin, kind in _twins("other", seeds=(2,)):
        team = g.to_act()
        student = other(team)
        a = GreedyPolicy().decide(g, team, np.random.default_rng(3))
        b = GreedyPolicy().decide(twin, team, np.random.default_rng(3))
        assert reason_for(a, team, student) == reason_for(b, team, student), kind
        n += 1
    assert n >= 5


class _Cheat(GreedyPolicy):
    """Reads the enemy's unspent CP from the real state (3.12: secret): what must never be done."""

    def decide(self, game, team, rng):
        d = super().decide(game, team, rng)
        return Decision(d.action, f"{d.reason}; the enemy holds {game.state.cp[other(team)]} CP", d.public)


def test_the_comparison_catches_a_policy_that_reads_a_secret():
    caught = 0
    for g, twin, kind in _twins("actor", seeds=(0,), steps=13):
        if kind != "enemy_cp":
            continue
        team = g.to_act()
        a = _Cheat().decide(g, team, np.random.default_rng(1))
        b = _Cheat().decide(twin, team, np.random.default_rng(1))
        caught += a != b
    assert caught >= 1
