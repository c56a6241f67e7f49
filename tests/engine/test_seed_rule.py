"""One rule for a dice seed, in the kernel (lcb_lab.kernel.dice.seed_problem): None or 0 .. 2**64-1.

Before, a seed above 2**64 was refused by an LC:B situation or lesson file but accepted by
``load_scenario``, by a save (LC:B's and the kernel games') and by the CLI's ``--seed``; a negative
seed given to another game's ``new_game`` broke with numpy's own ValueError.  Now every place a
seed is read refuses the same values with the same words, and the largest seed works everywhere.
"""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

import lcb_lab
from lcb_lab import load_scenario
from lcb_lab.games.lcb.game import Game
from lcb_lab.games.lcb.io import ranges as R
from lcb_lab.kernel.dice import D6, SEED_MAX, Dice, seed_problem, state_problem
from lcb_lab.kernel.errors import InputError, ScenarioError

ROOT = Path(__file__).resolve().parents[2]
UNIT = {"1 Uran": ("runi_coastal_missile_section", "F-2")}
TOO_BIG = [2**64, 2**70]
BAD = TOO_BIG + [-1]


@pytest.mark.parametrize("seed", [-(2**70), -1, 0, 7, SEED_MAX, 2**64, 2**70, 10**40])
def test_the_scenario_files_range_and_the_kernel_check_are_one_rule(seed):
    assert R.SEED.problem(seed) == seed_problem(seed)


def test_seed_problem_words():
    assert seed_problem(None) is None and seed_problem(SEED_MAX) is None
    assert seed_problem(2**70) == ("a 22-digit number is out of range: allowed 0..18446744073709551615 "
                                   "(sandbox: a 64-bit dice seed)")
    assert seed_problem(True) == "null or a whole number 0..18446744073709551615 is expected, not True"


@pytest.mark.parametrize("seed", BAD)
def test_load_scenario_refuses_the_seed_a_situation_file_refuses(seed):
    with pytest.raises(InputError) as e:
        load_scenario("gotland_redux", seed=seed)
    assert (e.value.what, e.value.problem) == ("load_scenario seed", seed_problem(seed))
    with pytest.raises(ScenarioError) as s:
        lcb_lab.situation(units=UNIT, seed=seed)
    assert (s.value.key, s.value.problem) == ("seed", seed_problem(seed))


def test_the_largest_seed_plays_and_saves_everywhere(tmp_path):
    g = load_scenario("gotland_redux", seed=SEED_MAX)
    assert lcb_lab.situation(units=UNIT, seed=SEED_MAX).dice.seed == SEED_MAX
    path = tmp_path / "g.json"
    g.save(path)
    assert Game.load(path).dice.seed == SEED_MAX


def _load_with_seed(path, save, load, seed):
    """Save a game with ``save(path)``, write ``seed`` as its dice seed, then ``load(path)``: the refusal."""
    save(path)
    d = json.loads(path.read_text())
    d["dice"]["seed"] = seed
    path.write_text(json.dumps(d))
    with pytest.raises(ScenarioError) as e:
        load(path)
    return e.value


@pytest.mark.parametrize("seed", TOO_BIG)
def test_an_lcb_save_with_a_seed_too_big_is_refused(tmp_path, seed):
    e = _load_with_seed(tmp_path / "g.json", load_scenario("gotland_redux", seed=1).save, Game.load, seed)
    assert (e.key, e.problem) == ("dice.seed", seed_problem(seed))


@pytest.mark.parametrize("seed", TOO_BIG)
def test_a_kernel_games_save_with_a_seed_too_big_is_refused(tmp_path, seed):
    from lcb_lab.ui.force_on_force.game_ui import FOF_UI
    game = FOF_UI.new_game(FOF_UI.default_scenario, 1, None)
    e = _load_with_seed(tmp_path / "f.json", lambda p: FOF_UI.save_game(game, p), FOF_UI.load_game, seed)
    assert (e.key, e.problem) == ("dice.seed", seed_problem(seed))
    assert state_problem({"seed": seed, "rng": None, "forced": []}) == (("seed",), seed_problem(seed))


@pytest.mark.parametrize("seed", BAD)
def test_a_dice_made_with_a_bad_seed_is_refused_by_name(seed):
    """Before: Dice(seed=-1) failed at its first roll with numpy's ValueError; 2**70 rolled."""
    with pytest.raises(InputError) as e:
        Dice(seed=seed, die=D6)
    assert (e.value.where, e.value.problem) == ("seed", seed_problem(seed))
    from lcb_lab.games.order_of_battle.game import new_game
    with pytest.raises(InputError):
        new_game(players=3, seed=seed)


def test_the_cli_seed_is_the_same_rule():
    r = subprocess.run([sys.executable, "-m", "lcb_lab", "--scenario", "gotland_redux", "--seed", str(2**70)],
                       capture_output=True, text=True, cwd=ROOT, timeout=120)
    assert r.returncode == 2 and r.stdout == ""
    assert r.stderr.splitlines() == [f"lcb-lab: error: argument --seed: a dice seed: {seed_problem(2**70)}"]


@pytest.mark.parametrize("seed", BAD)
def test_a_fork_with_a_bad_reseed_is_refused_by_name(seed):
    """Before: fork(reseed=2**70) gave new dice seeded beyond the rule, fork(reseed=-1) numpy's ValueError."""
    g = load_scenario("gotland_redux", seed=1)
    with pytest.raises(InputError) as e:
        g.fork(reseed=seed)
    assert (e.value.what, e.value.where, e.value.problem) == ("fork", "reseed", seed_problem(seed))
    assert g.fork(reseed=SEED_MAX).dice.seed == SEED_MAX


def test_a_fork_takes_a_numpy_integer_reseed_and_refuses_text_by_name():
    """A study's seeds may be numpy integers (the same dice as the plain int); text or a float is no seed
    (before: ``int("7")`` took text, ``int(2.5)`` cut a float, ``int("x")`` let ValueError out)."""
    import numpy as np
    g = load_scenario("gotland_redux", seed=1)
    a, b = g.fork(reseed=np.int64(7)), g.fork(reseed=7)
    assert type(a.dice.seed) is int and a.dice.state() == b.dice.state()
    for bad, kind in (("7", "str"), (2.5, "float")):
        with pytest.raises(InputError) as e:
            g.fork(reseed=bad)
        assert (e.value.where, e.value.problem) == ("reseed", f"a whole number is expected, not {kind}")
