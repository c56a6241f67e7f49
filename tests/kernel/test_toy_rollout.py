"""Rollout mode's restore point on a game built only on the kernel (the toy game *Scouts*): a
refused act, tried after any act of random play, leaves the state, log and dice byte-identical
-- the rollout goes back to its restore point and replays the acts since -- and the game goes on
exactly as in the full mode (a snapshot before every act)."""
from __future__ import annotations

import numpy as np
import pytest

from lcb_lab.kernel.autoplay import pick
from lcb_lab.kernel.errors import IllegalAction

from tests.kernel.toy_game import Pass, Scouts, data, new_game


@pytest.fixture
def sabotage(monkeypatch):
    """Pass, while armed, moves a scout, changes the scores, rolls and logs, then refuses (and disarms)."""
    real = Scouts.handlers[Pass]
    armed = [False]

    def pass_or_sabotage(g, a):
        if not armed[0]:
            return real(g, a)
        armed[0] = False
        s = g.state
        u = next(iter(s.units.values()))
        u.pos += 9
        s.scores = {**s.scores, "Red": 99}
        g.dice.roll(2)
        s.log.append({"kind": "test", "title": "changed", "rules": ["T.9"]})
        raise IllegalAction("T.9", "refused after changing things")
    monkeypatch.setitem(Scouts.handlers, Pass, pass_or_sabotage)
    return armed


def _play(seed: int, rollout: bool, armed: list) -> tuple:
    g = new_game(seed=seed)
    if rollout:
        g.rollout()
    rng = np.random.default_rng(seed)
    refusals = 0
    for _ in range(80):
        if g.to_act() is None:
            break
        before = (data(g), list(g.state.log), [list(v) for _, v in g.dice.history])
        armed[0] = True
        with pytest.raises(IllegalAction, match="after changing"):
            g.apply(Pass())
        assert (data(g), list(g.state.log), [list(v) for _, v in g.dice.history]) == before
        refusals += 1
        a = pick(g, rng)
        if a is None:
            break
        try:
            g.apply(a)
        except IllegalAction:
            pass
    return data(g), g.state.log, [list(v) for _, v in g.dice.history], refusals


@pytest.mark.parametrize("seed", range(4))
def test_refusals_in_a_rollout_of_the_toy_game_are_put_back_as_in_the_full_mode(seed, sabotage):
    full = _play(seed, False, sabotage)
    roll = _play(seed, True, sabotage)
    assert roll == full and full[3] > 10
