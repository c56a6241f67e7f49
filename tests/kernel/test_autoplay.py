"""The kernel's random legal player (:mod:`lcb_lab.kernel.autoplay`) on the kernel's toy game:
uniform draws among the listed acts, pending choices (the sealed bid) answered by the same rule,
seeded and repeatable, stopped at the game's end, a ``stop`` test or a step limit."""
from __future__ import annotations

import gc
import json

import numpy as np

from lcb_lab.kernel.autoplay import choose, cyclic_gc_paused, pick, play_many, play_random
from tests.kernel.toy_game import Bid, new_game


def record(g) -> str:
    return json.dumps(g.record_to_json(), sort_keys=True)


def test_a_seeded_walk_is_legal_repeatable_and_answers_the_sealed_bids():
    g = new_game(seed=4)
    n = play_random(g, 4, max_steps=400)
    assert n == len(g.history.steps) > 3
    assert g.to_act() is None or n == 400                      # the game's end, or the limit
    bids = [st.action for st in g.history.steps if isinstance(st.action, Bid)]
    assert {b.player for b in bids} == {"Red", "Green", "Blue"}  # every player committed its bid (the choice)
    again = new_game(seed=4)
    play_random(again, 4, max_steps=400)
    assert record(again) == record(g)
    other = new_game(seed=4)
    play_random(other, 5, max_steps=400)
    assert record(other) != record(g)                          # the player's draws, not the dice, differ
    assert g.replay().state_to_data(g.replay().state) == g.state_to_data(g.state)   # every step was applied by the rules


def test_stop_and_the_step_limit_end_the_walk():
    g = new_game(seed=1)
    assert play_random(g, 1, max_steps=2) == 2
    h = new_game(seed=1)
    n = play_random(h, 1, stop=lambda e: e.state.turn > 1)
    assert h.state.turn == 2 or h.to_act() is None
    assert n == len(h.history.steps) and n >= 3                # three bids at least before turn 2


def test_draws_are_uniform_among_the_listed_acts():
    rng = np.random.default_rng(0)
    counts = {k: 0 for k in "abc"}
    for _ in range(3000):
        counts[choose(rng, list("abc"))] += 1
    assert all(abs(k - 1000) < 4 * (3000 * 1 / 3 * 2 / 3) ** 0.5 for k in counts.values())
    assert choose(rng, []) is None

    class Nothing:
        def legal_actions(self):
            return []
    assert pick(Nothing(), rng) is None


def test_many_games_with_a_progress_bar_are_the_single_games():
    games = play_many(lambda s: new_game(seed=s), [2, 3], max_steps=50, progress=False)
    for s, g in zip([2, 3], games):
        one = new_game(seed=s)
        play_random(one, s, 50)
        assert record(one) == record(g)


def test_the_collector_is_paused_inside_and_restored_after():
    assert gc.isenabled()
    with cyclic_gc_paused():
        assert not gc.isenabled()
    assert gc.isenabled()
