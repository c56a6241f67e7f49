"""A study's speed paths against the plain ones: a run plays in rollout mode (nothing recorded)
and gives the very game the full record gives -- the same final state (log included), dice and
impulses, to the end of whole random games --; a study's own LocalCluster forks its workers from
this process (they inherit its imports), runs no statistical profiler in them and still gives the
serial study."""
from __future__ import annotations

import json
import multiprocessing
import sys
import types

import pytest

from lcb_lab import load_scenario
from lcb_lab.games.lcb.whatif.study import Plan, study
from lcb_lab.games.lcb.whatif.study.outcome import measure, snapshot
from lcb_lab.games.lcb.whatif.study.run import play_run, prepare, run_chunk, run_one

GAMES = Plan((), horizon="game", continuation="random", name="games")


def _end(game, refused, n) -> dict:
    """Everything a run ends with, as bytes to compare."""
    return {"state": json.dumps(game.state.to_dict(), sort_keys=True), "refused": refused, "impulses": n,
            "drawn": [list(v) for _, v in game.dice.history], "dice": json.dumps(game.dice.state(), sort_keys=True)}


@pytest.mark.parametrize("index", range(3))
def test_a_rollout_run_plays_the_recorded_run_to_the_end_of_the_game(index):
    start = load_scenario("gotland_redux", seed=1, auto_policies={})
    full = play_run(start, GAMES, 5, index, record=True)
    roll = play_run(start, GAMES, 5, index)
    assert not roll[0].recording and roll[0].history.steps == [] and len(full[0].history.steps) > 50
    assert full[0].state.winner is not None or full[0].state.stage != "action"     # the whole game (15.0)
    assert full[2] > 10
    assert _end(*roll) == _end(*full)
    assert measure(roll[0], snapshot(start)) == measure(full[0], snapshot(start))


def test_a_study_run_is_a_rollout_and_its_outcome_the_recorded_ones():
    start = load_scenario("gotland_redux", seed=2, auto_policies={})
    plan = Plan((), horizon="turn", continuation="random", name="rest of the turn")
    prep = prepare(start, plan)
    assert not play_run(prep.game, prep.rest, 3, 0)[0].recording
    assert run_chunk(start, plan, 3, 0, 4) == [run_one(start, plan, 3, i, record=True) for i in range(4)]


def _has_probe() -> bool:
    return "_lcb_study_probe" in sys.modules


def _profiles(dask_worker) -> bool:
    return "profile" in dask_worker.periodic_callbacks


def test_a_studys_own_cluster_forks_lean_workers_from_this_process(monkeypatch):
    pytest.importorskip("distributed")
    from distributed import Client

    from lcb_lab.kernel import study as kernel_study
    if "fork" not in multiprocessing.get_all_start_methods():
        pytest.skip("no fork on this platform: Dask's own start method")
    monkeypatch.setitem(sys.modules, "_lcb_study_probe", types.ModuleType("_lcb_study_probe"))
    with kernel_study.local_cluster(2) as cluster, Client(cluster) as client:
        seen, profiled = client.run(_has_probe), client.run(_profiles)
    assert list(seen.values()) == [True, True]          # a spawned worker would not have it
    assert list(profiled.values()) == [False, False]    # no dashboard, no statistical profiler
    start = load_scenario("gotland_redux", seed=2, auto_policies={})
    plan = Plan((), horizon="turn", continuation="random", name="rest of the turn")
    serial = study(start, plan, runs=12, seed=4, workers=0, progress=False)
    assert study(start, plan, runs=12, seed=4, workers=2, progress=False, chunk=5).outcomes == serial.outcomes
