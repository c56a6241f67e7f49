"""The search policy as a rollout improvement of greedy (lcb_lab.games.lcb.opponents.search;
docs/opponents.md): common random numbers (every candidate tried in the same sampled world with
the same dice), the paired rule (greedy's choice kept unless a candidate beats it with 95 %
confidence), the early stop, and a position where the lookahead finds a better act than greedy's."""
from __future__ import annotations

import numpy as np

from lcb_lab import situation
from lcb_lab.games.lcb import actions as A
from lcb_lab.games.lcb.opponents import GreedyPolicy, SearchPolicy
from lcb_lab.games.lcb.opponents.search import interval
from lcb_lab.games.lcb.whatif.worlds import sample_world


def _missed():
    """US HIMARS at F-6 has fired at a face-up RU frigate at F-2 and missed (forced 20s): greedy's
    next act is a move 3 hexes nearer (5.1); no move, ZOR or End Impulse changes the next two
    impulses' outcome."""
    g = situation(units={"1 Whiskey": ("usmc_himars_section", "F-6"),
                         "FFG-454": {"type": "rubf_ffg_gorshkov", "hex": "F-2", "face_up": True}},
                  naval=["F-2", "F-1", "G-1", "E-1", "G-2", "E-2"], forced=[20, 20, 20, 20], seed=1)
    g.auto_policies = {}
    g.apply(A.BeginImpulse("TF Blue"))
    g.apply(A.Declare((A.CoreAction("move_combat", ("1 Whiskey",)),)))
    g.apply(A.CommitCombat(lrs=(A.LrsAttack("1 Whiskey", "LRS1", "FFG-454", 1),)))
    g.apply(A.ResolveCombat())
    return g


def test_every_candidate_is_tried_in_the_same_world_with_the_same_dice():
    g = _missed()
    p = SearchPolicy(budget=None, rollouts=5, min_rounds=5)
    move = A.Move(1, ("F-5", "F-4", "F-3"))
    diffs = p.compare(g, "US", [move, move, A.EndImpulse()], np.random.default_rng(2))
    assert diffs[0] == [0.0] * 5                    # the same act, paired: no noise at all
    w = sample_world(g, "US", np.random.default_rng(4))
    w.rollout()
    assert p.value(w, "US", move, 9) == p.value(w, "US", move, 9)   # a copy of the world, same dice


def test_the_paired_interval():
    assert interval([]) == (0.0, 0.0) and interval([2.0]) == (2.0, 2.0)
    lo, hi = interval([1.0, 3.0, 2.0, 2.0])         # mean 2, sd sqrt(2/3), se sqrt(2/3)/2
    assert round(lo, 6) == round(2 - 1.96 * (2 / 3) ** 0.5 / 2, 6) and round(hi, 6) == round(2 + 1.96 * (2 / 3) ** 0.5 / 2, 6)


def test_greedys_choice_is_kept_unless_a_candidate_beats_it_with_confidence():
    p = SearchPolicy()
    first = GreedyPolicy().decide(_missed(), "US", np.random.default_rng(0))
    pool = [first.action, A.EndImpulse(), A.Move(1, ("F-5", "F-4"))]
    lucky = p._choose("US", pool, [[6.0, -5.0, 6.0, -5.0, 6.0, 0.0], [0.0] * 6], first)   # mean +1.33, holds 0
    assert lucky.action == first.action
    assert "kept greedy's choice" in lucky.reason and "End Impulse +1.33 a world" in lucky.reason
    sure = p._choose("US", pool, [[1.0, 1.5, 0.5, 1.0, 1.0, 1.0], [2.0, -1.0, 0.0, 3.0, 0.0, 0.0]], first)
    assert sure.action == A.EndImpulse()
    assert sure.reason.startswith("End Impulse: beats greedy's choice (Move #1 to F-3) by +1.00 a world (95 % interval [+0.75, +1.25]) over 6 paired worlds")
    assert sure.public == "US (search) acted; its reasons are read by US and the instructor."


def test_on_a_tie_the_search_keeps_greedys_choice_and_stops_early():
    g = _missed()
    greedy = GreedyPolicy().decide(g, "US", np.random.default_rng(0))
    p = SearchPolicy(budget=None, rollouts=64)
    d = p.decide(g, "US", np.random.default_rng(0))
    assert d.action == greedy.action == A.Move(1, ("F-5", "F-4", "F-3"))
    pool, diffs = p.last
    assert all(x == [0.0] * p.min_rounds for x in diffs)        # every candidate equal in every world: decided
    assert "kept greedy's choice: no other act beats it over 6 paired worlds" in d.reason


def _gotland_greedy(seed: int, steps: int):
    """Gotland Redux after ``steps`` acts of greedy play on both sides (rng seeded ``seed``; the
    pending choices by their named defaults, combat rolled with the game's dice)."""
    from lcb_lab.games.lcb import choices
    from lcb_lab.games.lcb.actions import CHANCE
    from lcb_lab.games.lcb.io.loading import load_scenario
    g = load_scenario("gotland_redux", seed=seed, auto_policies={})
    p, rng = GreedyPolicy(), np.random.default_rng(seed)
    for _ in range(steps):
        team = g.to_act()
        if team == CHANCE:
            g.apply(A.ResolveCombat())
        elif g.pending is not None:
            g.apply(choices.answer_with(g.pending))
        else:
            g.apply(p.decide(g, team, rng).action)
    return g


def test_the_search_plays_the_card_greedy_leaves_and_destroys_a_unit_9_03():
    """Turn 2 of Gotland Redux, RU's impulse: RU declared #3 Play a JCC (Cruise Missile Strike) and
    has moved; greedy scores no card play, so it ends the impulse (3.3).  In every paired world
    the search plays the card on LHD 1 (an LRS of 4 dice at CV 14, 9.03) and LHD 1 is destroyed:
    +6 a world (a unit 5, its last HP 1) -- it takes the card."""
    g = _gotland_greedy(1, 36)
    assert (g.to_act(), g.state.turn) == ("RU", 2)
    assert GreedyPolicy().decide(g, "RU", np.random.default_rng(0)).action == A.EndImpulse()
    p = SearchPolicy(budget=None, rollouts=8)
    d = p.decide(g, "RU", np.random.default_rng(0))
    strike = A.PlayCard("RU-8", "A", ("LHD 1",), None, 3)
    assert d.action == strike
    pool, diffs = p.last
    assert diffs[pool.index(strike) - 1] == [6.0] * 6          # decided after min_rounds: the same in each world
    assert d.reason.startswith("play Cruise Missile Strike (A) on LHD 1: beats greedy's choice (End Impulse) by +6.00 a world (95 % interval "
                               "[+6.00, +6.00]) over 6 paired worlds sampled from RU's knowledge")
