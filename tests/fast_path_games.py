"""Random games of Gotland Redux for the fast-path agreement tests (benchmark figure 3): the
game as figure 3 plays it, and the final JSON of each seed's game with some functions replaced
(a fast path wrapped to compare itself with its plain form at every call, or the plain form
itself), so two runs can be compared game by game.
"""
from __future__ import annotations

from typing import Any, Iterable

import pytest

from lcb_lab import load_scenario
from lcb_lab.games.lcb.whatif.autoplay import play_random_turns
from lcb_lab.games.lcb.whatif.experiments import land_embarked


def rollout_game(seed: int):
    """A fresh Gotland Redux game (``auto_policies={}``), its embarked units landed in AL-23 by
    legal actions, switched to rollout mode: figure 3's game."""
    g = load_scenario("gotland_redux", seed=seed, auto_policies={})
    land_embarked(g, "AL-23")
    g.rollout()
    return g


def games_with(patches: Iterable[tuple[Any, str, Any]], seeds: Iterable[int], turns: int = 3) -> dict[int, str]:
    """``{seed: final JSON}`` of ``play_random_turns(game, turns, seed)`` on :func:`rollout_game`
    with each ``(owner, name, value)`` of ``patches`` set for the games' time (undone after)."""
    mp = pytest.MonkeyPatch()
    for owner, name, value in patches:
        mp.setattr(owner, name, value)
    try:
        out = {}
        for seed in seeds:
            g = rollout_game(seed)
            play_random_turns(g, turns, seed)
            out[seed] = g.to_json()
        return out
    finally:
        mp.undo()
