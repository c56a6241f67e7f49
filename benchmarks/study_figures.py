"""Figures 19 and 20 of ``benchmarks/run.py``: plan studies at scale (``lcb_lab.games.lcb.whatif.study``).

* 19 -- a one-impulse plan study of 10,000 runs: the plan is the first impulse the random player
  plays in Gotland Redux (seed 1), taken as the lab takes it (``make_plan_from``), horizon
  ``"impulse"``; wall time on a Dask ``LocalCluster`` of the machine's cores (cluster start included).
* 20 -- 10,000 whole random games of Gotland Redux through the same study engine (no plan act,
  continuation ``"random"``, horizon ``"game"``), wall time on the LocalCluster.

Both are judged on wall time on 2 cores (targets 10 s and 2 min); the CPU shown is this
process's plus its children's (the cluster's worker processes, reaped when it closes), per run.
``--quick`` plays 200 runs / 4 games serially in this process (no cluster: the smoke test's CPU
budget) on one core, and judges the target scaled by the runs and by the cores the target is
for: ``target x runs / 10,000 x 2`` (one core does in that time what the target's 2 cores do in
half of it; the cluster's start is not in it): a smoke reading, not the figure.
"""
from __future__ import annotations

import os
import resource
import time
from typing import Callable

FIGURES = {19: "plan study of 10,000 runs (wall)", 20: "10,000 whole random games (wall)"}
TARGETS = {19: "<= 10 s wall on 2 cores", 20: "<= 2 min wall on 2 cores"}
WALL = {19: (10_000, 10.0), 20: (10_000, 120.0)}
"""Figure -> (runs, wall-time target in seconds) of the full figure."""
QUICK_RUNS = {19: 200, 20: 4}
CORES = 2
"""The cores the wall targets are for: ``--quick``, serial on one core, scales its target by them."""
TARGET_CPU = {19: 10.0 * CORES / 10_000, 20: 120.0 * CORES / 10_000}
"""The wall targets as CPU per run on 2 busy cores (for run.py's "target as ratio")."""


def _cpu() -> float:
    """This process's CPU seconds plus its reaped children's."""
    c = resource.getrusage(resource.RUSAGE_CHILDREN)
    return time.process_time() + c.ru_utime + c.ru_stime


def _plan_start():
    """(start game, plan): the random player's first impulse of Gotland Redux seed 1 taken as the lab
    takes it (``make_plan_from`` on the game just before that impulse's ``EndImpulse``)."""
    import numpy as np
    from lcb_lab.games.lcb import actions as A
    from lcb_lab.games.lcb.io.loading import load_scenario
    from lcb_lab.games.lcb.whatif.autoplay import random_impulse
    from lcb_lab.games.lcb.whatif.study import make_plan_from
    g = load_scenario("gotland_redux", seed=1, auto_policies={})
    random_impulse(g, np.random.default_rng(1))
    end = max(i for i, st in enumerate(g.history.steps) if isinstance(st.action, A.EndImpulse))
    return make_plan_from(g.fork(end), name="random first impulse")


def run(n: int, quick: bool, record: Callable, say: Callable) -> None:
    """Figure ``n`` (module doc), reported through run.py's ``record`` and ``say``."""
    from lcb_lab.games.lcb.io.loading import load_scenario
    from lcb_lab.games.lcb.whatif.study import Plan, study
    full, target = WALL[n]
    runs = QUICK_RUNS[n] if quick else full
    workers = 0 if quick else None
    if n == 19:
        start, plan = _plan_start()
        say(f"plan: {len(plan.acts)} act(s) of the random player's first Gotland Redux impulse "
            f"({', '.join(type(a).__name__ for a in plan.acts)}), horizon 'impulse'")
    else:
        start, plan = load_scenario("gotland_redux", seed=1, auto_policies={}), Plan((), horizon="game", name="games")
    c0, w0 = _cpu(), time.perf_counter()
    r = study(start, plan, runs=runs, seed=1, workers=workers, progress=False)
    wall, cpu = time.perf_counter() - w0, _cpu() - c0
    scaled = target * runs / full * (CORES if quick else 1)
    how = ("serial in this process (--quick: no cluster)" if quick else
           f"a LocalCluster of {os.cpu_count()} worker processes, its start included")
    say(f"{runs:,} runs {how}: {wall:.2f} s wall, {cpu:.2f} s CPU (this process + workers), "
        f"{runs / wall:,.0f} runs/s; refused in {sum(r.refused().values())} run(s); "
        f"mean impulses after the plan {r.mean('impulses'):.1f}; winners "
        + ", ".join(f"{w} {f.k}" for w, f in r.winners().items()))
    if quick:
        say(f"--quick: {runs} runs on one core, target scaled to {scaled:.2f} s ({target:.0f} s x {runs}/{full:,} "
            f"runs x {CORES} cores: the full figure's cores; no cluster start): a smoke reading")
    record(n, f"{wall:.2f} s wall for {runs:,} runs ({runs / wall:,.0f} runs/s)",
           TARGETS[n] + (f" (scaled: <= {scaled:.2f} s)" if quick else ""), wall <= scaled, cpu=cpu / runs, per="run")
