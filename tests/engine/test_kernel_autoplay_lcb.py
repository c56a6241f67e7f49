"""The kernel's uniform random player (:mod:`lcb_lab.kernel.autoplay`) plays LC:B too, act by act
through ``Game.apply``: the defender's answers (no auto policies) and chance's rolls are drawn by
the same rule, the game reaches its end (15.0) or the step limit, and the record replays exactly."""
from __future__ import annotations

import json

from lcb_lab.games.lcb.io.loading import load_scenario
from lcb_lab.kernel.autoplay import play_random


def test_kernel_random_play_of_gotland_redux_replays_exactly():
    g = load_scenario("gotland_redux", seed=3)
    n = play_random(g, 3, max_steps=150)
    kinds = {st.action.KIND for st in g.history.steps}
    assert n == len(g.history.steps) and (g.to_act() is None or n == 150)
    assert {"begin_impulse", "declare", "end_impulse", "answer"} <= kinds      # answers to choices are steps (3.3)
    r = g.replay()
    assert r.state_to_data(r.state) == g.state_to_data(g.state)
    again = load_scenario("gotland_redux", seed=3)
    play_random(again, 3, max_steps=150)
    assert json.dumps(again.record_to_json(), sort_keys=True) == json.dumps(g.record_to_json(), sort_keys=True)
