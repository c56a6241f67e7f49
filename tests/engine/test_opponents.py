"""The opponents (lcb_lab.games.lcb.opponents; docs/opponents.md): the interface, greedy's exact
odds reproduced by hand (7.02, 7.05, 7.34), a whole impulse by each policy, the search's budget
and determinism, the sampler's assumptions (sandbox values), the margin, the readers of a reason."""
from __future__ import annotations

import dataclasses
import time

import numpy as np
import pytest

from lcb_lab import situation
from lcb_lab.games.lcb import actions as A
from lcb_lab.games.lcb.io.loading import load_scenario
from lcb_lab.games.lcb.opponents import POLICIES, Decision, GreedyPolicy, RandomPolicy, SearchPolicy, make_policy
from lcb_lab.games.lcb.whatif import worlds as sampler
from lcb_lab.games.lcb.opponents.explain import Note, reason_for
from lcb_lab.games.lcb.opponents.search import margin


def _duel(forced=()):
    """US HIMARS (LRS1 12 / 6 supply, LRS2 14 / 3 supply) 4 hexes from a face-up RU coastal
    missile section (2 HP, no INTERCEPT): US's impulse, MOVE AND/OR COMBAT declared."""
    g = situation(units={"1 Whiskey": ("usmc_himars_section", "F-6"),
                         "1 Uran": {"type": "runi_coastal_missile_section", "hex": "F-2", "face_up": True}}, forced=list(forced))
    g.auto_policies = {}
    g.apply(A.BeginImpulse("TF Blue"))
    g.apply(A.Declare((A.CoreAction("move_combat", ("1 Whiskey",)),)))
    return g


def _binom_at_least(k: int, n: int, p: float) -> float:
    from math import comb
    return sum(comb(n, i) * p ** i * (1 - p) ** (n - i) for i in range(k, n + 1))


def test_a_decision_is_a_frozen_act_with_its_reason():
    d = Decision(A.EndImpulse(), "why", "public")
    with pytest.raises(dataclasses.FrozenInstanceError):
        d.reason = "other"
    assert set(POLICIES) == {"random", "greedy", "search"}
    assert make_policy("search", budget=0.1).budget == 0.1


def test_greedy_fires_the_best_lrs_on_exact_odds_7_02_7_05():
    g = _duel()
    d = GreedyPolicy().decide(g, "US", np.random.default_rng(0))
    # LRS1 (12 on a d20: 0.6 a die) with all 6 dice its supply holds beats LRS2 (0.7 a die, 3 dice):
    p6 = _binom_at_least(2, 6, 0.6)            # 2 hits destroy the 2-HP target (7.05)
    p3 = _binom_at_least(2, 3, 0.7)
    assert p6 > p3
    assert d.action == A.CommitCombat(lrs=(A.LrsAttack("1 Whiskey", "LRS1", "1 Uran", 6),))
    expected = 1 * 6 * 0.6 * 0.4 ** 5 + 2 * p6  # E[HP lost] = P(1 hit) + 2 P(2+ hits)
    assert d.reason == (f"LRS on 1 Uran: {100 * p6:.0f} % to destroy, {expected:.1f} HP expected "
                        "(7.02; 7.5 by the default INTERCEPT answer)")
    assert d.reason.startswith("LRS on 1 Uran: 96 % to destroy, 2.0 HP expected")


def test_a_reason_names_the_declared_units_and_the_card_by_name_3_31_9_03():
    """What a class reads of a policy's reason: a declaration names its units and cards (never "(0
    unit(s))" for a card), a card play its card by name, not by its id in the deck."""
    from lcb_lab.games.lcb.opponents.policy import act_words
    g = situation(units={"1 Whiskey": ("usmc_himars_section", "F-6"), "1 Uran": ("runi_coastal_missile_section", "F-2")})
    g.auto_policies = {}
    g.apply(A.BeginImpulse("TF Blue"))
    d = GreedyPolicy().decide(g, "US", np.random.default_rng(0))
    assert d.reason == ("Declare Move and/or Initiate Combat: 1 Whiskey: 1 unit with LRS may fire this impulse "
                        "(3.31)"), d.reason
    gotland = load_scenario("gotland_redux", seed=1)
    assert gotland.state.cards["RU-7"].name == "Combat Air Patrols"
    two = A.Declare((A.CoreAction("move_combat", ("DDG-605", "FFG-454")), A.CoreAction("play_jcc", (), jcc="Combat Air Patrols")))
    assert act_words(two, gotland) == "Declare Move and/or Initiate Combat: DDG-605, FFG-454; Play a JCC: Combat Air Patrols"
    assert act_words(A.PlayCard("RU-7", "B", ("LHD 1",)), gotland) == "play Combat Air Patrols (B) on LHD 1"
    nullify = A.PlayCard("RU-2", "A", ("US-8",))                          # a NULLIFY names the card it answers:
    assert act_words(nullify, gotland) == "play Attack on Command and Control (A) on Combat Air Patrols"   # face up
    assert act_words(A.PlayCard("RU-2", "A", ("US-7",)), gotland) == \
        "play Attack on Command and Control (A) on a hidden card (9.02)"     # US's face-down card: never its name


def test_greedy_ends_the_impulse_when_nothing_scores_3_3():
    g = _duel(forced=[20])                       # a miss (7.02)
    g.apply(A.CommitCombat(lrs=(A.LrsAttack("1 Whiskey", "LRS1", "1 Uran", 1),)))
    g.apply(A.ResolveCombat())
    d = GreedyPolicy().decide(g, "US", np.random.default_rng(0))    # fired: now closes on the enemy (5.1)
    assert d.action == A.Move(1, ("F-5", "F-4", "F-3"))                # 4 hexes from F-2 -> 1 hex
    assert d.reason == "Move #1 to F-3: 3 hex(es) nearer the enemy counter at F-2 (5.1)"
    g.apply(d.action)
    d = GreedyPolicy().decide(g, "US", np.random.default_rng(0))
    assert d.action == A.EndImpulse() and "no other act scores above 0" in d.reason


def test_the_random_policy_says_it_is_random_and_a_team_that_may_not_act_is_refused():
    g = _duel()
    d = RandomPolicy().decide(g, "US", np.random.default_rng(1))
    assert "chosen at random among" in d.reason and g.is_legal(d.action)
    for p in (RandomPolicy(), GreedyPolicy(), SearchPolicy(budget=None, rollouts=2)):
        with pytest.raises(ValueError, match="RU may not act now"):
            p.decide(g, "RU", np.random.default_rng(1))


@pytest.mark.parametrize("name", ["random", "greedy", "search"])
def test_each_policy_plays_one_whole_impulse_of_gotland_redux(name):
    g = load_scenario("gotland_redux", seed=3, auto_policies={})
    team, n = g.to_act(), len(g.state.tf_order)
    p = make_policy(name, **({"budget": 0.05} if name == "search" else {}))
    taken = p.play_impulse(g, np.random.default_rng(3))
    assert g.state.impulse is None and len(g.state.tf_order) == n + 1     # one impulse done (3.3)
    assert g.state.task_forces[g.state.tf_order[-1]] == team
    if name != "random":
        assert isinstance(taken[0].action, A.BeginImpulse) and isinstance(taken[-1].action, A.EndImpulse)
        assert all(d.reason and d.public for d in taken)


def test_greedy_declares_no_play_a_jcc_it_would_not_use_3_31_9_03():
    """The greedy policy plays no card, so a *Play a JCC* Core Action would spend 1 AP (9.03) on
    nothing: it scores -0.5 and the policy does not declare it. Found in the lab: RU's greedy seat
    declared #2 Play a JCC on Gotland Redux's first RU impulse and then ended the impulse."""
    g = load_scenario("gotland_redux", seed=1, auto_policies={})
    p = GreedyPolicy()
    rng = np.random.default_rng(1)
    p.play_impulse(g, rng)                                                  # US's impulse
    d = p.decide(g, "RU", rng)
    g.apply(d.action)                                                       # RU begins (3.3)
    d = p.decide(g, "RU", rng)
    assert isinstance(d.action, A.Declare) and d.action.actions
    assert all(c.kind != "play_jcc" for c in d.action.actions), d.action
    jcc = A.Declare(d.action.actions + (A.CoreAction("play_jcc", ()),))
    from lcb_lab.games.lcb.opponents.greedy import Seen, score
    with_jcc, why = score(g, "RU", jcc, Seen(g, "RU"))
    assert with_jcc == score(g, "RU", d.action, Seen(g, "RU"))[0] - 0.5
    assert why.endswith("; 1 Play a JCC it would not use (9.03)")


def test_search_keeps_to_its_cpu_budget_and_is_reproducible_without_one():
    g = _duel()
    t = time.process_time()
    d = SearchPolicy(budget=0.2).decide(g, "US", np.random.default_rng(0))
    assert time.process_time() - t < 0.2 + 1.5        # one round of rollouts past the budget at most
    assert "paired worlds" in d.reason
    a = SearchPolicy(budget=None, rollouts=12).decide(g, "US", np.random.default_rng(5))
    b = SearchPolicy(budget=None, rollouts=12).decide(g, "US", np.random.default_rng(5))
    assert a == b
    assert isinstance(a.action, A.CommitCombat)       # firing beats ending the impulse in its rollouts


def test_the_sampled_world_holds_only_what_the_team_knows_and_sandbox_draws():
    g = load_scenario("gotland_redux", seed=1, auto_policies={})
    w = sampler.sample_world(g, "US", np.random.default_rng(0))
    s = w.state
    ru_types = {e.type for e in g.scenario_info.unit if g.state.task_forces[e.task_force] == "RU"}   # its order of battle
    stand_ins = [u for u in s.units.values() if u.uid.startswith("hidden:")]
    assert stand_ins and all(u.type_id in ru_types and u.hp == g.catalog.unit(u.type_id).hp for u in stand_ins)
    hidden_ru = [u.uid for u in g.state.units.values() if u.team == "RU" and not u.revealed]
    assert hidden_ru and not set(hidden_ru) & set(s.units)          # no face-down RU unit by name
    assert s.cp["RU"] == sampler.ENEMY_CP == 0 and s.cp["US"] == g.state.cp["US"]
    from lcb_lab.games.lcb import observer
    known = {c.cid for c in g.state.cards.values() if observer.knows(g.state, "US", c)}   # 9.02
    drawn = set(s.cards) - known
    hand = {cid for cid in drawn if cid.startswith("RU-sampled-")}
    hosted = {cid for cid in drawn if cid.startswith("RU-hosted-sampled-")}     # Attached cards (9.3)
    assert known < set(s.cards) and drawn == hand | hosted
    assert len(hand) == sum(c.team == "RU" and c.where == "pool" and cid not in known for cid, c in g.state.cards.items())
    assert len(hosted) == sum(c.team == "RU" and c.where == "attached" and cid not in known
                              for cid, c in g.state.cards.items())
    assert s.event_deck == [] and s.log == []
    assert w.dice is not g.dice and w.auto_policies == {}


def test_the_margin_counts_enemy_hp_lost_less_own():
    before = {"a": ("US", 3), "b": ("RU", 2), "c": ("RU", 1)}
    after = {"a": ("US", 2), "b": ("RU", 0)}          # c gone: 0 HP
    assert margin(before, after, "US") == 2 + 1 - 1
    assert margin(before, after, "RU") == -(2 + 1 - 1)


def test_the_reason_is_read_in_full_by_its_team_and_the_instructor_only():
    d = Decision(A.EndImpulse(), "LRS on 1 Anna: 40 % to destroy", "RU (greedy) acted; its reasons are read by RU and the instructor.")
    assert reason_for(d, "RU", "RU") == reason_for(d, "RU", "instructor") == "RU (LRS on 1 Anna: 40 % to destroy)"
    assert reason_for(d, "RU", "US") == d.public and "Anna" not in reason_for(d, "RU", "US")
    assert Note("RU", "greedy", 2, 3, d).text_for("US") == "Turn 2, impulse 3: " + d.public
