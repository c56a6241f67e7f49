"""Named dice, decks, exact odds over any face table, and combat as an explicit chance step.

The d20 draw stream is the one every save, record and golden transcript holds: a seeded
draw is ``faces[integers(0, sides)]``, for the d20 exactly the old ``integers(1, 21)``.
"""
from __future__ import annotations

import copy
import json
import pickle
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from lcb_lab.games.lcb import actions as A
from lcb_lab import situation
from lcb_lab.games.lcb.content.worked.ch07 import example_737
from lcb_lab.kernel.dice import D6, D20, Deck, Dice, Die, Draw, dN
from lcb_lab.kernel.errors import DiceExhausted, LabError
from lcb_lab.games.lcb.rules.combat.odds import engagement_odds
from lcb_lab.kernel.odds import (
    at_most,
    face_pmf,
    hits_pmf,
    p_any,
    p_success,
    success_pmf,
    sum_pmf,
    total_pmf)

ROOT = Path(__file__).resolve().parents[2]
AVG = Die("avg", (1, 2, 2, 3, 3, 4))


# ------------------------------------------------------------------ die face tables
def test_named_dice_have_their_face_tables():
    assert D20.faces == tuple(range(1, 21)) and D20.name == "d20" and D20.sides == 20
    assert D6.faces == (1, 2, 3, 4, 5, 6) and str(D6) == "d6"
    assert dN(8).faces == tuple(range(1, 9)) and dN(20) is D20
    assert AVG.sides == 6 and AVG.values() == (1, 2, 3, 4)
    assert AVG.probabilities() == {1: 1 / 6, 2: 2 / 6, 3: 2 / 6, 4: 1 / 6}


@pytest.mark.parametrize("make, message", [
    (lambda: dN(0), "a die needs at least one face, not 0"),
    (lambda: Die("empty", ()), "die empty: faces must be whole numbers, at least one"),
    (lambda: Die("half", (1, 2.5)), "die half: faces must be whole numbers, at least one"),
])
def test_a_die_without_whole_faces_is_refused(make, message):
    with pytest.raises(LabError) as e:
        make()
    assert str(e.value) == message


# ------------------------------------------------------------------ forced values per die
@pytest.mark.parametrize("die, good, bad, message", [
    (D20, [1, 20], [0, 21], "forced d20 values must be 1..20, got 0, 21"),
    (D6, [1, 6], [7], "forced d6 values must be 1..6, got 7"),
    (AVG, [1, 2, 4], [5, 0], "forced avg values must be 1..4, got 5, 0"),
    (Die("evens", (2, 4, 6)), [6, 2], [3], "forced evens values must be one of 2, 4, 6, got 3"),
])
def test_forced_values_are_checked_against_the_dice_faces(die, good, bad, message):
    d = Dice(forced=good, die=die)
    assert d.roll(len(good), "scripted", die) == good
    with pytest.raises(LabError) as e:
        Dice().force(good + bad, die)
    assert str(e.value) == message


def test_a_forced_value_drawn_for_a_die_without_that_face_is_refused_naming_the_roll():
    d = Dice(forced=[7, 3], die=D20)             # queued as d20 values
    with pytest.raises(LabError) as e:
        d.roll(1, "ammunition", D6)
    assert str(e.value) == "forced (ammunition) d6 values must be 1..6, got 7"
    with pytest.raises(DiceExhausted):
        Dice(forced=[2], die=D20).roll(2, "LRS", D6)


# ------------------------------------------------------------------ seeded stream and history
@pytest.mark.parametrize("seed", [0, 1, 7, 12345])
def test_the_seeded_d20_stream_is_the_one_saves_and_goldens_hold(seed):
    old = np.random.default_rng(seed)            # what Dice.roll drew before dice had names
    want = [int(old.integers(1, 21)) for _ in range(200)]
    d = Dice(seed=seed, die=D20)
    assert [v for _ in range(50) for v in d.roll(4, "LRS")] == want


def test_pinned_draws_of_each_die():
    assert Dice(seed=1, die=D20).roll(10, "x") == [10, 11, 16, 20, 1, 3, 17, 19, 5, 7]
    d = Dice(seed=3, die=D20)
    assert d.roll(5, "a", D6) == [5, 1, 2, 2, 2] and d.roll(3, "b") == [17, 18, 12]
    assert Dice(seed=3, die=D20).roll(8, "a", AVG) == [3, 1, 2, 2, 2, 3, 4, 3]


def test_each_draw_is_recorded_with_its_purpose_and_die():
    d = Dice(forced=[3, 4, 2], die=D20)
    d.roll(2, "LRS 1 Uran->1 Kilo")
    d.roll(1, "average damage", AVG)
    first, second = d.history
    assert first == ("LRS 1 Uran->1 Kilo", [3, 4])           # still the (purpose, values) pair
    assert (first.purpose, first.values, first.die, first.dice) == ("LRS 1 Uran->1 Kilo", [3, 4], D20, (D20, D20))
    assert second.die == AVG and [p for p, _ in d.history] == ["LRS 1 Uran->1 Kilo", "average damage"]
    assert json.dumps(d.history) == '[["LRS 1 Uran->1 Kilo", [3, 4]], ["average damage", [2]]]'
    for back in (pickle.loads(pickle.dumps(d.history)), copy.deepcopy(d.history)):
        assert back == d.history and [x.die for x in back] == [D20, AVG] and isinstance(back[0], Draw)


# ------------------------------------------------------------------ decks
def test_a_deck_is_shuffled_by_the_seed_reproducibly():
    d = Dice(seed=5, die=D20)
    deck = Deck("events", "ABCDEFGHIJ", d)
    assert deck.draw_pile == list("DBIEJCFAHG")
    assert d.history == [("shuffle events", [7, 8, 1, 6, 3, 3, 3, 1, 2])]
    assert d.history[0].dice == tuple(dN(n) for n in range(10, 1, -1)) and d.history[0].die is None
    assert Deck("events", "ABCDEFGHIJ", Dice(seed=5, die=D20)).draw_pile == deck.draw_pile
    assert Deck("events", "ABCDEFGHIJ", Dice(seed=6, die=D20)).draw_pile != deck.draw_pile


def test_a_deck_shuffle_can_be_scripted_with_forced_values():
    """Fisher-Yates, a d4 then a d3 then a d2: 1, 1, 1 swaps each top card with the first."""
    d = Dice(forced=[1, 1, 1], die=D20)
    assert Deck("orders", "abcd", d).draw_pile == list("bcda")
    with pytest.raises(DiceExhausted):
        Deck("orders", "abcd", Dice(forced=[1], die=D20))


def test_draw_discard_and_reshuffle():
    d = Dice(seed=2, die=D20)
    deck = Deck("events", range(5), d)
    hand = deck.draw(5)
    assert hand == [3, 2, 0, 1, 4] and len(deck) == 0
    deck.discard(hand[:3])
    saved, dice = deck.state(), d.state()
    again = deck.draw(2)                           # the pile ran out: the 3 discards are shuffled in
    assert again == [3, 0] and deck.draw_pile == [2] and deck.discard_pile == []
    assert d.history == [("shuffle events", [5, 2, 1, 1]), ("shuffle events", [2, 2])]
    deck.set_state(saved)
    d.set_state(dice)
    assert deck.draw(2) == again                   # replayed exactly from the saved state
    with pytest.raises(LabError) as e:
        deck.draw(2)
    assert str(e.value) == "deck events: no card left to draw (1 of 2 drawn, 0 discarded)"
    fixed = Deck("fixed", "xyz", Dice(), shuffle=False, reshuffle=False)
    assert fixed.draw(2) == ["x", "y"]
    fixed.discard(["x"])
    with pytest.raises(LabError):
        fixed.draw(2)


# ------------------------------------------------------------------ odds over any die
def test_odds_over_the_average_die_match_the_hand_computed_table():
    assert face_pmf(AVG).tolist() == [0, 1 / 6, 2 / 6, 2 / 6, 1 / 6]
    assert success_pmf(AVG, lambda f: f >= 3).tolist() == [0.5, 0.5]
    # two average dice: 36 equally likely pairs
    counts = {2: 1, 3: 4, 4: 8, 5: 10, 6: 8, 7: 4, 8: 1}
    two = total_pmf(AVG, 2)
    assert np.allclose(two, [counts.get(v, 0) / 36 for v in range(9)], atol=1e-15)
    assert np.allclose(hits_pmf(3, AVG, lambda f: f >= 3), [1 / 8, 3 / 8, 3 / 8, 1 / 8], atol=1e-15)
    assert total_pmf(D6, 2)[7] == pytest.approx(6 / 36, abs=1e-15)
    assert np.allclose(sum_pmf(face_pmf(D6), face_pmf(AVG)).sum(), 1.0)


def test_the_lcb_rule_is_cv_over_20_exactly():
    from lcb_lab.games.lcb.die import DIE, p_any_hit, p_hit
    for cv in range(-3, 26):
        assert p_hit(cv) == min(max(cv, 0), 20) / 20.0 == p_success(D20, at_most(cv)) and DIE is D20
    assert p_success(D6, at_most(3)) == 0.5 and p_any_hit(2, 10) == 0.75 == p_any(2, D20, at_most(10))
    assert p_any_hit(0, 20) == 0.0


def test_a_dice_without_a_die_of_its_own_rolls_only_named_dice():
    d = Dice(forced=[6, 2])
    with pytest.raises(LabError, match=r"^roll: name the die \(this Dice has no die of its own\)$"):
        d.roll(1, "volley")
    with pytest.raises(LabError, match=r"^force: name the die \(this Dice has no die of its own\)$"):
        d.force([3])
    assert d.roll(2, "volley", D6) == [6, 2] and d.die is None
    with pytest.raises(LabError, match=r"^forced \(volley\) d6 values must be 1\.\.6, got 9$"):
        Dice(forced=[9]).roll(1, "volley", D6)          # checked when drawn
    assert Dice.from_state(d.state(), None).die is None and Dice.from_state(d.state(), D6).die is D6


def test_a_chance_step_reads_as_lines_and_answers_probabilities():
    from lcb_lab.kernel.odds import ChanceStep, joint_outcomes
    both = joint_outcomes([np.array([0.25, 0.75]), np.array([0.5, 0.0, 0.5])])
    assert both == (((0, 0), 0.125), ((0, 2), 0.125), ((1, 0), 0.375), ((1, 2), 0.375))
    step = ChanceStep("GROUND ASSAULT in G-6", "7.15", ("HP lost by A", "HP lost by B"), both,
                      ("1 d20 hitting on 15 or less: GA B->A",), later=2)
    assert step.probability((1, 2)) == 0.375 and step.probability((1, 1)) == 0.0
    assert step.text().splitlines() == [
        "GROUND ASSAULT in G-6 (rule 7.15)", "  1 d20 hitting on 15 or less: GA B->A",
        "  HP lost by A = 0, HP lost by B = 0: 12.5%", "  HP lost by A = 0, HP lost by B = 2: 12.5%",
        "  HP lost by A = 1, HP lost by B = 0: 37.5%", "  HP lost by A = 1, HP lost by B = 2: 37.5%",
        "  then 2 more engagement(s) in the same roll"]
    none = ChanceStep("No dice left to roll: the damage already rolled is applied", "7.010", (), (((), 1.0),))
    assert repr(none) == "No dice left to roll: the damage already rolled is applied (rule 7.010)"


# ------------------------------------------------------------------ the kernel imports nothing of LC:B
KERNEL_OK = {"lcb_lab.kernel.dice", "lcb_lab.kernel.odds", "lcb_lab.kernel.errors"}
"""What importing the dice and the odds may add to ``sys.modules`` of lcb_lab (they move to the kernel)."""


def test_dice_and_odds_import_nothing_of_lcb():
    probe = ("import sys, lcb_lab; ours = lambda: {m for m in sys.modules if m.startswith('lcb_lab.')}; "
             "before = ours(); import lcb_lab.kernel.dice, lcb_lab.kernel.odds; print(' '.join(sorted(ours() - before)))")
    r = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, cwd=ROOT, timeout=120)
    assert r.returncode == 0, r.stderr[-2000:]
    gained = set(r.stdout.split())
    assert {"lcb_lab.kernel.dice", "lcb_lab.kernel.odds"} <= gained and gained <= KERNEL_OK, gained - KERNEL_OK


# ------------------------------------------------------------------ combat as a chance step
def _lrs_with_intercept():
    """Notebook 01: 1 Uran fires 2 LRS1 dice at 1 Whiskey (CV 10, brown -2 -> 8), 1 Kilo answers with
    2 INT1 dice at 12; the forced dice 8, 12 | 11, 16 give 1 hit, 1 intercepted."""
    return example_737("intercepted")


def test_chance_outcomes_of_an_lrs_engagement_match_engagement_odds_and_draw_nothing():
    g = _lrs_with_intercept()
    assert g.to_act() == "chance"
    dice, hist = g.dice.state(), list(g.dice.history)
    step = g.chance_outcomes()
    assert g.dice.state() == dice and g.dice.history == hist
    want = engagement_odds([(2, 8)], [(2, 12)], hp=2)
    assert step.outcomes == tuple(((k,), p) for k, p in enumerate(want.damage))
    assert sum(p for _, p in step.outcomes) == pytest.approx(1.0, abs=1e-12)
    assert step.probability(0) == pytest.approx(0.821, abs=5e-4)
    assert (step.label, step.rule, step.counts, step.later) == ("LRS on 1 Whiskey (2 HP)", "7.57",
                                                                ("HP lost by 1 Whiskey",), 0)
    assert step.dice == ("2 d20 hitting on 8 or less: LRS 1 Uran", "2 d20 hitting on 12 or less: INTERCEPT 1 Kilo")
    assert step.text().splitlines()[:4] == [
        "LRS on 1 Whiskey (2 HP) (rule 7.57)", "  2 d20 hitting on 8 or less: LRS 1 Uran",
        "  2 d20 hitting on 12 or less: INTERCEPT 1 Kilo", "  HP lost by 1 Whiskey = 0: 82.1%"]
    n = len(g.log)
    g.apply(A.ResolveCombat())                     # chance's move: the same draws as ever
    assert g.history.steps[-1].dice == (8, 12, 11, 16)
    odds = next(e for e in g.log[n:] if e["kind"] == "odds")
    assert odds["data"]["damage"] == [p for _, p in step.outcomes]


def test_chance_outcomes_of_a_ground_assault_are_the_joint_hp_losses_of_both_sides():
    g = situation({"2 Alpha": ("usmc_infantry_platoon", "F-6"),
                   "1 Anna": {"type": "runi_naval_infantry_platoon", "hex": "G-6", "face_up": True}},
                  forced=[1, 20, 3, 19])
    g.apply(A.BeginImpulse("TF Blue"))
    g.apply(A.Declare((A.CoreAction("move_combat", ("2 Alpha",)),)))
    g.apply(A.Move(1, ("G-6",)))
    g.apply(A.CommitCombat(ga=(A.GroundAssault("2 Alpha", "1 Anna", 2),)))
    g.apply(A.AnswerDefense(defence=(A.Defense("1 Anna", "2 Alpha", 2),)))
    step = g.chance_outcomes()
    one = engagement_odds([], [], 2, unstoppable=[(2, 4)]).damage      # 2 dice at GA CV 4 on 2 HP
    assert step.counts == ("HP lost by 1 Anna", "HP lost by 2 Alpha") and step.rule == "7.15"
    assert [o for o, _ in step.outcomes] == [(a, b) for a in range(3) for b in range(3)]
    assert [p for _, p in step.outcomes] == pytest.approx([x * y for x in one for y in one], abs=1e-15)
    assert sum(p for _, p in step.outcomes) == pytest.approx(1.0, abs=1e-12)
    g.apply(A.ResolveCombat())
    assert (g.state.units["1 Anna"].hp, g.state.units["2 Alpha"].hp) == (1, 1)


def test_chance_outcomes_outside_a_chance_step_say_who_acts():
    g = _lrs_with_intercept()
    g.apply(A.ResolveCombat())
    with pytest.raises(LabError) as e:
        g.chance_outcomes()
    assert str(e.value) == "chance_outcomes: no dice wait to be rolled now (RU acts)"


def _rolled_hits(entries: list[dict], target: str) -> int:
    """Hits the new log entries roll at ``target`` (LRS and GROUND ASSAULT rolls)."""
    return sum(e["data"]["hits"] for e in entries
               if e["kind"] in ("lrs_roll", "ga_roll") and e["title"].endswith(f"-> {target}") and "hits" in e["data"])


def test_every_chance_step_of_random_games_matches_what_its_roll_logs(monkeypatch):
    """30 random Gotland games, 3 turns each: before each ResolveCombat the chance step's outcomes
    sum to 1; an LRS on a unit gives exactly the odds the roll logs; for a card marker the hits
    rolled are a possible outcome."""
    from collections import Counter

    from lcb_lab.games.lcb.whatif import autoplay
    from lcb_lab import load_scenario
    seen: Counter = Counter()
    plain = autoplay._apply

    def checked(game, action):
        if not isinstance(action, A.ResolveCombat):
            return plain(game, action)
        step, n = game.chance_outcomes(), len(game.log)
        plain(game, action)
        new = game.log[n:]
        assert sum(p for _, p in step.outcomes) == pytest.approx(1.0, abs=1e-12)
        assert all(p > 0 for _, p in step.outcomes)
        if step.label.startswith("LRS on") and step.counts[0].startswith("HP lost by "):
            odds = next(e for e in new if e["kind"] == "odds")
            assert odds["title"] == f"Odds before rolling: {step.label}"
            assert [p for _, p in step.outcomes] == [p for p in odds["data"]["damage"] if p > 0]
            seen["LRS on a unit"] += 1
            return
        for i, what in enumerate(step.counts):
            if what.startswith("hits on ") or what.startswith("GA hits on "):
                hits = _rolled_hits(new, what.split(" on ", 1)[1])
                assert any(o[i] == hits for o, _ in step.outcomes), (step, hits)
        seen["GROUND ASSAULT" if step.label.startswith("GROUND") else "LRS on a marker"] += 1

    monkeypatch.setattr(autoplay, "_apply", checked)
    for seed in range(30):
        autoplay.play_random_turns(load_scenario("gotland_redux", seed=seed, auto_policies={}), 3, seed=seed)
    assert seen == {"LRS on a unit": 117, "LRS on a marker": 6, "GROUND ASSAULT": 1}


def test_lcb_dice_roll_the_d20_and_forks_loads_and_new_dice_of_their_type_keep_it():
    from lcb_lab import load_scenario
    from lcb_lab.games.lcb.die import LcbDice
    from lcb_lab.games.lcb.game import Game
    g = load_scenario("gotland_redux", seed=1)
    assert type(g.dice) is LcbDice and g.dice.die is D20
    assert type(g.fork().dice) is LcbDice and type(Game.from_json(g.to_json()).dice) is LcbDice
    assert type(g.dice)(forced=[20]).roll(1, "LRS") == [20]          # a scripted d20, as rulebook tests make
    assert type(g.dice)(seed=1).roll(10, "x") == Dice(seed=1, die=D20).roll(10, "x")
    with pytest.raises(LabError, match=r"^forced d20 values must be 1\.\.20, got 21$"):
        type(g.dice)(forced=[21])
