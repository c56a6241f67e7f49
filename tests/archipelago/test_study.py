"""Archipelago plan studies through the kernel's runner (:mod:`lcb_lab.kernel.study`,
:mod:`lcb_lab.games.archipelago.study`): the sampled outcome of a torpedo launch beside its exact
chance, a refused plan act recorded per run, the same study serially and on a 2-process Dask
LocalCluster, and a study to the game's end."""
from __future__ import annotations

import pytest

from lcb_lab.games.archipelago import actions as A
from lcb_lab.games.archipelago.stage import stage
from lcb_lab.games.archipelago.study import Plan, study
from lcb_lab.kernel.errors import LabError
from tests.archipelago.helpers import SEA, N, at

LAUNCH = Plan((A.RollMovement(), A.LaunchTorpedo("Red TB-1", "Blue TB-1")), name="launch")


def _start(**extra):
    """Red TB-1 two points behind Blue TB-1, both facing north: the target shows its rear (l.209)."""
    return stage(SEA, [("Red TB-1", at(), "N"), ("Blue TB-1", at((N, 2)), "N"), ("Blue TB-2", at((N, 6)), "S")],
                 **extra)


def test_a_launch_at_two_points_sinks_five_times_in_six():
    # the red die: a 1 fails (l.203), 2-6 run at least the 2 points to the target (l.204), whose
    # rear is hit (l.206, l.209) and one hit sinks a torpedo boat (l.243): P = 5/6
    r = study(_start(), LAUNCH, runs=240, seed=3, workers=0, progress=False)
    assert r.runs == 240 and not r.refused()
    sunk = sum(o["sunk"]["Blue"] for o in r.outcomes)
    assert abs(sunk / 240 - 5 / 6) < 4 * (5 / 6 * 1 / 6 / 240) ** 0.5       # 4 standard errors
    assert all(o["hits"]["Blue"] == o["sunk"]["Blue"] for o in r.outcomes)  # the hit marker goes down with it (l.237)
    assert r.mean("ammo_spent", "Red") == 1 and r.mean("ammo_spent", "Blue") == 0   # one T marker, hit or not
    assert r.mean("sunk", "Red") == 0 and all(o["turn"] == 2 for o in r.outcomes)   # horizon: Red's turn
    assert r.winners()["none"].k == 240 and "launch: 240 runs" in r.summary()


def test_a_refused_plan_act_is_recorded_per_run():
    plan = Plan((A.RollMovement(), A.Move("Red TB-1", "F", 9)), name="no such die")
    r = study(_start(), plan, runs=6, seed=0, workers=0, progress=False)
    assert r.runs == 6 and all(o["refused"]["step"] == 2 and o["refused"]["act"] == "Move" for o in r.outcomes)
    assert all(o["refused"]["rule"].startswith("l.") for o in r.outcomes)


def test_the_same_study_serially_in_chunks_and_on_two_workers():
    serial = study(_start(), LAUNCH, runs=24, seed=9, workers=0, progress=False)
    chunked = study(_start(), LAUNCH, runs=24, seed=9, workers=0, progress=False, chunk=5)
    assert chunked.outcomes == serial.outcomes
    pytest.importorskip("distributed")
    dist = study(_start(), LAUNCH, runs=24, seed=9, workers=2, progress=False, chunk=3)
    assert dist.workers == 2 and dist.outcomes == serial.outcomes
    assert [o["index"] for o in dist.outcomes] == list(range(24))
    assert study(_start(), LAUNCH, runs=24, seed=10, workers=0, progress=False).outcomes != serial.outcomes


def test_a_study_to_the_games_end_has_a_winner_or_a_draw():
    r = study(_start(turn_limit=6), Plan(LAUNCH.acts, horizon="game"), runs=8, seed=1, workers=0, progress=False)
    assert all(o["winner"] in ("Red", "Blue", "draw") or o["turn"] >= 6 for o in r.outcomes)
    assert sum(f.k for f in r.winners().values()) == 8


def test_bad_arguments_are_refused():
    with pytest.raises(LabError):
        Plan(LAUNCH.acts, horizon="week")
    with pytest.raises(LabError):
        study(_start(), LAUNCH, runs=0, progress=False)
    with pytest.raises(LabError, match="viewer 'Green'"):
        study(_start(), LAUNCH, runs=2, progress=False, viewer="Green")


def test_the_first_shots_exact_chance_stands_beside_the_sampled_share():
    """The launch at two points from the rear: exact 5/6 (a 1 fails, l.203; 2 or more reaches, l.204);
    the sampled share of runs whose torpedo hit lies inside its 95 % interval around it."""
    from lcb_lab.games.archipelago.study_exact import exact_odds
    r = study(_start(), LAUNCH, runs=240, seed=3, workers=0, progress=False)
    assert r.exact is not None and r.exact.step == 1 and r.exact.rule == "l.203" and r.exact.target == "Blue TB-1"
    assert abs(r.exact.p_hit - 5 / 6) < 1e-12
    f = r.first_shot()
    assert f.n == 240 and f.interval[0] <= 5 / 6 <= f.interval[1]
    assert f.k == sum(o["sunk"]["Blue"] for o in r.outcomes)          # each hit sinks the boat (l.243)
    assert "first shot hit its target: sampled" in r.summary() and "exact 83.3% (l.203)" in r.summary()
    moved = Plan((A.RollMovement(), A.Move("Red TB-1", "F", 2), A.LaunchTorpedo("Red TB-1", "Blue TB-1")))
    assert exact_odds(_start(), moved.acts) is None                    # a move first: no exact odds
    assert exact_odds(_start(), (A.RollMovement(),)) is None           # no shot
    far = exact_odds(_start(), (A.RollMovement(), A.LaunchTorpedo("Red TB-1", "Blue TB-2")))
    assert far.target == "Blue TB-2" and far.p_hit == 0        # Blue TB-1 stands on the course first


def test_a_gun_shot_at_a_base_object_counts_as_a_hit_when_it_ruins_it():
    """Picture 24's blue C-9 at Red's ammunition storage 4 d away (l.336, l.338): the study's first
    shot is the gun at the object; a run counts it hit exactly when the object is ruined, and the
    sampled share lies in its 95 % interval around the exact chance."""
    from lcb_lab.games.archipelago.course import level2
    g = level2.picture_24()
    plan = Plan((A.FireGun("Blue C-9", "A-Red ammunition"),), name="storage")
    r = study(g, plan, runs=120, seed=5, workers=0, progress=False)
    lo, hi = r.first_shot().interval
    assert r.exact is not None and r.exact.target == "A-Red ammunition" and 0 < r.exact.p_hit < 1
    assert r.first_shot().n == 120 and 0 < r.first_shot().k < 120 and lo <= r.exact.p_hit <= hi
