"""The opponents' strength, printed: pairings played on Gotland Redux with the seats swapped.

    make bench-strength                                   # the default run (long: hours of CPU)
    .venv/bin/python benchmarks/strength.py --games 4 --budget 0.05 --workers 2

Pairings (``--pairings``, default ``random:greedy,greedy:search``): for each pairing ``X:Y`` and
each seed, one game with X on US and Y on RU and one with the seats swapped (same seed: the
same dice to start with).  A game is played impulse by impulse to its end (3.5) by each seat's
policy (:mod:`lcb_lab.games.lcb.opponents`; the choices of a seat's team met during the other
team's impulse by the named default answers).  The result of a game is Y's *kill margin*:
units Y's team destroyed less units it lost (``state.total_kills``; random play of Gotland
Redux always ends in a RU win, so the winner says little); a seed's value is the mean of the
two seatings (the seat's own advantage cancels).  Printed per pairing: games, wins per seat, the
mean margin with its 95 % confidence interval (normal, 1.96 standard errors of the seed
values) and the verdict "Y beats X" only when the interval lies above 0 ("X beats Y" below).
The search policy's per-decision CPU budget is ``--budget`` (default 1 s).  Not a test: figures.
"""
from __future__ import annotations

import argparse
import math
import os
import sys
import time
from concurrent.futures import ProcessPoolExecutor

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

MAX_IMPULSES = 400
"""A game is stopped after this many impulses (a guard; Gotland Redux ends well before)."""


def play_game(scenario: str, us: str, ru: str, seed: int, budget: float) -> dict:
    """One game of ``scenario`` with policy ``us`` on US and ``ru`` on RU (seat names of
    ``opponents.POLICIES``); returns ``{"winner", "kills", "impulses", "cpu"}``."""
    from lcb_lab.games.lcb.io.loading import load_scenario
    from lcb_lab.games.lcb.opponents import make_policy
    opts = {"search": {"budget": budget}}
    seats = {"US": make_policy(us, **opts.get(us, {})), "RU": make_policy(ru, **opts.get(ru, {}))}
    g = load_scenario(scenario, seed=seed, auto_policies={})
    rng, t0, n = np.random.default_rng(seed), time.process_time(), 0
    while g.state.stage == "action" and n < MAX_IMPULSES:
        team = g.to_act()
        if team not in seats:
            break
        seats[team].play_impulse(g, rng)
        n += 1
    s = g.state
    return {"winner": s.winner or "draw", "kills": dict(s.total_kills), "impulses": n, "cpu": time.process_time() - t0}


def _task(args: tuple) -> tuple:
    scenario, x, y, seed, budget, y_team = args
    us, ru = (x, y) if y_team == "RU" else (y, x)
    r = play_game(scenario, us, ru, seed, budget)
    other = "US" if y_team == "RU" else "RU"
    return seed, y_team, r["kills"][y_team] - r["kills"][other], r


def summary(x: str, y: str, rows: list[tuple]) -> list[str]:
    """The lines printed for pairing ``x:y`` from ``[(seed, y_team, y_margin, result)]``."""
    per_seed: dict[int, list[float]] = {}
    for seed, _, m, _ in rows:
        per_seed.setdefault(seed, []).append(m)
    vals = [sum(v) / len(v) for v in per_seed.values() if len(v) == 2]
    n = len(vals)
    mean = sum(vals) / n if n else 0.0
    sd = math.sqrt(sum((v - mean) ** 2 for v in vals) / (n - 1)) if n > 1 else float("inf")
    half = 1.96 * sd / math.sqrt(n) if n > 1 else float("inf")
    lo, hi = mean - half, mean + half
    verdict = f"{y} beats {x}" if lo > 0 else f"{x} beats {y}" if hi < 0 else "no verdict (the interval holds 0)"
    wins = {t: sum(1 for _, yt, _, r in rows if r["winner"] == t) for t in ("US", "RU")}
    cpu = sum(r["cpu"] for *_, r in rows)
    return [f"{x} vs {y}: {len(rows)} games ({n} seeds, seats swapped), wins US {wins['US']} RU {wins['RU']}, "
            f"CPU {cpu:.1f} s",
            f"  {y}'s kill margin (kills made less kills suffered, per game): mean {mean:+.2f}, "
            f"95 % CI [{lo:+.2f}, {hi:+.2f}] -> {verdict}"]


def _pairings(text: str) -> list[tuple[str, str]]:
    """``"X:Y,..."`` as pairs of seat names (argparse type: a clear error for anything else)."""
    from lcb_lab.games.lcb.opponents import POLICIES
    pairs = [tuple(p.split(":")) for p in text.split(",")]
    bad = [":".join(p) for p in pairs if len(p) != 2 or not set(p) <= set(POLICIES)]
    if bad:
        raise argparse.ArgumentTypeError(f"{', '.join(bad)}: each pairing is X:Y, X and Y among {', '.join(POLICIES)}")
    return pairs


def _positive(kind):
    def parse(text: str):
        value = kind(text)
        if value <= 0:
            raise argparse.ArgumentTypeError(f"{text}: must be above 0")
        return value
    return parse


def main(argv: list[str] | None = None) -> int:
    """Parse the options, play the pairings (in ``--workers`` processes) and print the figures."""
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--games", type=_positive(int), default=200, help="games per pairing (seats swapped: half each way)")
    p.add_argument("--budget", type=_positive(float), default=1.0, help="the search policy's CPU seconds per decision")
    p.add_argument("--workers", type=_positive(int), default=os.cpu_count() or 1, help="processes")
    p.add_argument("--pairings", type=_pairings, default="random:greedy,greedy:search", help="X:Y,... (Y's margin is printed)")
    p.add_argument("--scenario", default="gotland_redux")
    p.add_argument("--seed", type=int, default=0)
    a = p.parse_args(argv)
    seeds = range(a.seed, a.seed + max(1, a.games // 2))
    print(f"strength: {a.scenario}, {2 * len(seeds)} games a pairing, search budget {a.budget} s CPU a decision, "
          f"{a.workers} worker(s)")
    for x, y in a.pairings:
        tasks = [(a.scenario, x, y, s, a.budget, t) for s in seeds for t in ("RU", "US")]
        if a.workers > 1:
            with ProcessPoolExecutor(a.workers) as ex:
                rows = list(ex.map(_task, tasks))
        else:
            rows = [_task(t) for t in tasks]
        print("\n".join(summary(x, y, rows)), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
