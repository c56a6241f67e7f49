"""The opponents' strength, printed: pairings played on Gotland Redux with the seats swapped.

    make bench-strength                                   # the default run (long: hours of CPU)
    .venv/bin/python benchmarks/strength.py --games 4 --budget 0.05 --workers 2
    .venv/bin/python benchmarks/strength.py --games 40 --budget 0.1 --write-docs   # + the block in docs/opponents.md
    .venv/bin/python benchmarks/strength.py --check       # was that block written by --write-docs?

Pairings (``--pairings``, default ``random:greedy,greedy:search``; ``X:Y:N`` gives a pairing its own
number of games instead of ``--games``): for each pairing ``X:Y`` and
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
A progress bar (``tqdm.auto``, on standard error) follows the games as they end.  ``--write-docs``
writes the figures into the stamped block "Last run of benchmarks/strength.py" of
``docs/opponents.md`` (never typed by hand: ``--check`` and ``tests/test_benchmarks_smoke.py`` refuse a
block edited afterwards), its header naming the settings and whether they are the full ones
(200 games a pairing, 1 s a decision).
"""
from __future__ import annotations

import argparse
import math
import os
import signal
import sys
import time
from concurrent.futures import ProcessPoolExecutor, as_completed

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, ".."))
sys.path.insert(0, HERE)
import readme_block  # noqa: E402  (benchmarks/readme_block.py)

DOCS = os.path.join(HERE, "..", "docs", "opponents.md")
FULL = (200, 1.0)
"""The full settings: games a pairing and the search's CPU seconds a decision."""

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


def figures(rows: list[tuple]) -> dict:
    """Pairing figures from ``[(seed, y_team, y_margin, result)]``: games, seeds, wins per team, the mean
    per-seed margin with its 95 % interval (``lo``, ``hi``; infinite under two seeds), and the CPU."""
    per_seed: dict[int, list[float]] = {}
    for seed, _, m, _ in rows:
        per_seed.setdefault(seed, []).append(m)
    vals = [sum(v) / len(v) for v in per_seed.values() if len(v) == 2]
    n = len(vals)
    mean = sum(vals) / n if n else 0.0
    sd = math.sqrt(sum((v - mean) ** 2 for v in vals) / (n - 1)) if n > 1 else float("inf")
    half = 1.96 * sd / math.sqrt(n) if n > 1 else float("inf")
    wins = {t: sum(1 for _, yt, _, r in rows if r["winner"] == t) for t in ("US", "RU")}
    return {"games": len(rows), "seeds": n, "wins": wins, "mean": mean, "lo": mean - half, "hi": mean + half,
            "cpu": sum(r["cpu"] for *_, r in rows)}


def verdict(x: str, y: str, f: dict) -> str:
    """"Y beats X" when the interval lies above 0, "X beats Y" below, else no verdict."""
    return (f"{y} beats {x}" if f["lo"] > 0 else f"{x} beats {y}" if f["hi"] < 0
            else "no verdict (the interval holds 0)")


def summary(x: str, y: str, rows: list[tuple]) -> list[str]:
    """The lines printed for pairing ``x:y`` from ``[(seed, y_team, y_margin, result)]``."""
    f = figures(rows)
    return [f"{x} vs {y}: {f['games']} games ({f['seeds']} seeds, seats swapped), wins US {f['wins']['US']} "
            f"RU {f['wins']['RU']}, CPU {f['cpu']:.1f} s",
            f"  {y}'s kill margin (kills made less kills suffered, per game): mean {f['mean']:+.2f}, "
            f"95 % CI [{f['lo']:+.2f}, {f['hi']:+.2f}] -> {verdict(x, y, f)}"]


def docs_block(games: int, budget: float, results: list[tuple[str, str, dict]], cores: int, commit: str) -> str:
    """The stamped block for ``docs/opponents.md`` (:data:`readme_block.STRENGTH`) from the pairings'
    ``(x, y, figures)``; ``games``: the fewest games of a pairing (each row gives its own)."""
    full = "the issue's full settings" if games >= FULL[0] and budget >= FULL[1] else \
        f"below the full settings ({FULL[0]} games a pairing, {FULL[1]:g} s a decision): a first look, not the pass line"
    header = (f"{time.strftime('Measured %Y-%m-%d %H:%M UTC', time.gmtime())} by `benchmarks/strength.py`: "
              f"at least {games} games a pairing, search budget {budget:g} s CPU a decision ({full}); "
              f"{cores} cores ({len(os.sched_getaffinity(0)) if hasattr(os, 'sched_getaffinity') else cores} usable), "
              f"lcb_lab at {commit}.")
    rows = [(f"{x} vs {y}", str(f["games"]), f"{f['wins']['US']} / {f['wins']['RU']}", f"{y} {f['mean']:+.2f}",
             f"[{f['lo']:+.2f}, {f['hi']:+.2f}]", verdict(x, y, f), f"{f['cpu']:.0f} s") for x, y, f in results]
    return readme_block.render(header, rows, readme_block.STRENGTH)


def _commit() -> str:
    import subprocess
    try:
        out = subprocess.run(["git", "rev-parse", "--short=8", "HEAD"], cwd=HERE, capture_output=True, text=True,
                             timeout=10)
        return out.stdout.strip() or "unknown"
    except (OSError, subprocess.SubprocessError):
        return "unknown"


def _play(tasks: list[tuple], workers: int, label: str) -> list[tuple]:
    """The tasks' results in task order, a progress bar following the games as they end."""
    from tqdm.auto import tqdm
    bar = tqdm(total=len(tasks), desc=label, unit="game", file=sys.stderr, leave=False)
    try:
        if workers <= 1:
            rows = []
            for t in tasks:
                rows.append(_task(t))
                bar.update()
            return rows
        ex = ProcessPoolExecutor(workers, initializer=_ignore_interrupt)
        try:
            futures = [ex.submit(_task, t) for t in tasks]
            for _ in as_completed(futures):
                bar.update()
            return [f.result() for f in futures]
        except KeyboardInterrupt:          # Ctrl-C: stop the games in play now, not after every queued one
            for proc in list((getattr(ex, "_processes", None) or {}).values()):
                proc.terminate()
            ex.shutdown(wait=False, cancel_futures=True)
            raise
        finally:
            ex.shutdown(wait=True, cancel_futures=True)
    finally:
        bar.close()


def _ignore_interrupt() -> None:
    """A worker ignores Ctrl-C (the terminal sends it to the whole group): the parent stops it."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _pairings(text: str) -> list[tuple[str, str, int | None]]:
    """``"X:Y[:N],..."`` as ``(X, Y, N)``: seat names and the pairing's own number of games (None:
    ``--games``), argparse type: a clear error for anything else.

    >>> _pairings("random:greedy:1000,greedy:search")
    [('random', 'greedy', 1000), ('greedy', 'search', None)]
    """
    from lcb_lab.games.lcb.opponents import POLICIES
    out, bad = [], []
    for p in text.split(","):
        parts = p.split(":")
        n = parts[2] if len(parts) == 3 else None
        if len(parts) not in (2, 3) or not set(parts[:2]) <= set(POLICIES) or (n is not None and not (
                n.isdigit() and int(n) >= 2)):
            bad.append(p)
        else:
            out.append((parts[0], parts[1], None if n is None else int(n)))
    if bad:
        raise argparse.ArgumentTypeError(f"{', '.join(bad)}: each pairing is X:Y or X:Y:N (N >= 2 games), X and Y "
                                         f"among {', '.join(POLICIES)}")
    return out


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
    p.add_argument("--pairings", type=_pairings, default="random:greedy,greedy:search",
                   help="X:Y[:N],... (Y's margin is printed; N: that pairing's games instead of --games)")
    p.add_argument("--scenario", default="gotland_redux")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--write-docs", action="store_true", help="write the figures into docs/opponents.md's block")
    p.add_argument("--check", action="store_true", help="only check docs/opponents.md's block (exit 1 if not as written)")
    a = p.parse_args(argv)
    if a.check:
        problems = readme_block.check_file(__import__("pathlib").Path(DOCS), [], readme_block.STRENGTH)
        print("\n".join(problems) or "docs/opponents.md: the strength block is as --write-docs wrote it")
        return 1 if problems else 0
    counts = [2 * max(1, (n or a.games) // 2) for _, _, n in a.pairings]
    print(f"strength: {a.scenario}, {' / '.join(map(str, counts))} games a pairing, search budget {a.budget} s CPU "
          f"a decision, {a.workers} worker(s)")
    results = []
    try:
        for (x, y, _), games in zip(a.pairings, counts):
            seeds = range(a.seed, a.seed + games // 2)
            tasks = [(a.scenario, x, y, s, a.budget, t) for s in seeds for t in ("RU", "US")]
            rows = _play(tasks, a.workers, f"{x} vs {y}")
            print("\n".join(summary(x, y, rows)), flush=True)
            results.append((x, y, figures(rows)))
    except KeyboardInterrupt:
        print(f"strength: interrupted (Ctrl-C) after {len(results)} of {len(a.pairings)} pairing(s); "
              "nothing written", file=sys.stderr)
        return 130
    if a.write_docs:
        with open(DOCS, encoding="utf-8") as fh:
            text = fh.read()
        block = docs_block(min(counts), a.budget, results, os.cpu_count() or 1, _commit())
        with open(DOCS, "w", encoding="utf-8") as fh:
            fh.write(readme_block.replace_block(text, block, readme_block.STRENGTH))
        print("wrote the strength block of docs/opponents.md")
    return 0


if __name__ == "__main__":
    sys.exit(main())
