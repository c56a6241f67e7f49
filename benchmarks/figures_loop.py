"""Benchmark figure 18: the public loop, ``legal_actions`` + ``apply``, as a user of the API plays.

Each step asks ``game.legal_actions()``, picks one entry uniformly at random, draws a concrete act
from it when it is a template (:meth:`lcb_lab.kernel.legal.Template.sample`, as the API offers) and
applies the pick with ``game.apply``: nothing of the random player's own fast paths
(``legal_trial.apply_if_legal``, paused garbage collector) is used.  Gotland Redux with
``auto_policies={}`` (the other team's answers are the named default policies), the first impulse
landing the embarked units as in figure 3; steps per CPU second.

Imported by ``run.py`` (``FIGURES``, ``RUNNERS``...); :func:`public_steps` is the loop itself.
"""
from __future__ import annotations

import statistics
from typing import Any, Callable

import numpy as np

TARGET = 1000
"""Steps per CPU second the public loop must reach."""


def public_step(game: Any, rng: np.random.Generator) -> bool:
    """One step of the public loop on ``game``: ``legal_actions()``, a uniform pick, a template's
    sample, ``apply``.  Returns False (nothing applied) when nobody may act."""
    from lcb_lab.kernel.legal import Template
    legal = game.legal_actions()
    if not legal:
        return False
    pick = legal[int(rng.integers(len(legal)))]
    if isinstance(pick, Template):
        pick = pick.sample(rng)
    game.apply(pick)
    return True


def public_steps(game: Any, steps: int, seed: int) -> int:
    """Up to ``steps`` steps of :func:`public_step` (fewer when the game ends); returns how many."""
    rng = np.random.default_rng(seed)
    for n in range(steps):
        if game.to_act() is None or not public_step(game, rng):
            return n
    return steps


def fig18(q: bool, h: Any) -> None:
    """Figure 18 (``h``: the ``run`` module, for its helpers ``now``, ``Times``, ``say``, ``record``,
    ``_random_games``)."""
    seeds = range(6) if q else range(20)
    steps, passes = (150, 1) if q else (300, 3)
    for _, game in h._random_games([99]):          # warm-up, not timed
        public_steps(game, 50, 99)
    rates, per_seed, total = [], [], 0
    t_pass = h.Times()
    for rep in range(passes):
        n_pass, cpu, wall = 0, 0.0, 0.0
        for s, game in h._random_games(seeds):
            t0 = h.now()
            n = public_steps(game, steps, s)
            w, c = h.now()
            n_pass, cpu, wall = n_pass + n, cpu + c - t0[1], wall + w - t0[0]
            if rep == 0:
                per_seed.append(n / max(c - t0[1], 1e-9))
        rates.append((n_pass / max(cpu, 1e-9), n_pass / max(wall, 1e-9)))
        t_pass.add_values(wall, cpu)
        total = n_pass
    cpu_rate = statistics.median(r for r, _ in rates)
    wall_rate = statistics.median(r for _, r in rates)
    h.say(f"{len(seeds)} seeds x up to {steps} steps of legal_actions() + a uniform pick (a template sampled) + "
          f"apply(): {total} steps per pass, {passes} pass(es); time of one pass: {t_pass}")
    h.say(f"per seed (first pass, CPU): median {statistics.median(per_seed):,.0f} steps/s, "
          f"min {min(per_seed):,.0f}, max {max(per_seed):,.0f}")
    h.record(18, f"{cpu_rate:,.0f} steps/s CPU (wall {wall_rate:,.0f}/s; median of {passes} pass(es))",
             f">= {TARGET:,} steps/s CPU", cpu_rate >= TARGET, cpu=1 / cpu_rate if cpu_rate else None, per="step")


def register(figures: dict, runners: dict, targets: dict, target_cpu: dict, h: Any) -> None:
    """Add figure 18 to ``run.py``'s tables (``h``: the ``run`` module, whose helpers it uses)."""
    figures[18] = "public loop: legal_actions + apply steps/s"
    runners[18] = _bind(h)
    targets[18] = f">= {TARGET:,} steps/s CPU"
    target_cpu[18] = 1 / TARGET


def _bind(h: Any) -> Callable[[bool], None]:
    return lambda q: fig18(q, h)
