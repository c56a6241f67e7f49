#!/usr/bin/env python
"""lcb_lab benchmarks: print eighteen figures with their targets and PASS/MISS.

    .venv/bin/python benchmarks/run.py            # full run (a minute or two)
    .venv/bin/python benchmarks/run.py --quick    # fewer repetitions (smoke test)
    .venv/bin/python benchmarks/run.py --only 1,2 # some figures only
    .venv/bin/python benchmarks/run.py --write-readme  # rewrite README.md's figures block (make bench-readme)
    .venv/bin/python benchmarks/run.py --check    # is that block as --write-readme wrote it? (exit 1 if not)

Each figure runs between two runs of a fixed pure-Python reference workload
(``reference.py``, ~50 ms CPU) and is printed with its CPU time, the load
average and its ratio to the reference's CPU time: a slowdown of the machine
that hits both cancels in the ratio. A verdict (PASS/MISS) is printed only when the
1-minute load average of the machine's other jobs is below 1 (the load average less this
run's own share, ``OwnLoad``), else "load L: verdict not given".

A report, not a gate: the exit status is 0 whatever the figures are.  Every
time is measured twice, as CPU time (``time.process_time``: this process's
CPU, what a verdict is decided on) and wall time (``time.perf_counter``),
and given as the median and the minimum of several repetitions (``n=``); on
a loaded machine the wall time drifts more than the CPU time, and the
repetitions are chosen so that the median CPU time does not flip a verdict.  The figures that need the UI layer (``lcb_lab.ui.lcb.map`` /
``lcb_lab.ui.lcb.app``) print ``n/a (views not available: <reason>)`` when it
cannot be imported or built.

Every figure prints one line ``FIGURE <n>: <name> = <value> | CPU <t> | load <L> | ratio <r> (reference <t>) |
target <target> (as ratio <r>) | <status>``
and the run ends with a summary table (one row per figure).
"""
from __future__ import annotations

import argparse
import copy
import math
import os
import platform
import re
import resource
import statistics
import subprocess
import sys
import tempfile
import textwrap
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:          # run from anywhere with the project's venv
    sys.path.insert(0, str(ROOT))

import numpy as np  # noqa: E402

sys.path.insert(0, str(Path(__file__).resolve().parent))
import cli_args  # noqa: E402
import readme_block  # noqa: E402
import study_figures  # noqa: E402  (figures 19-20: plan studies)
from reference import OwnLoad, judged_load, load_now, measure_reference, verdict  # noqa: E402

LESSON = "appendix_b_combat"  # the packaged lesson (lcb_lab.games.lcb.io.resources)
SCENARIO = "gotland_redux"
LANDING_HEX = "AL-23"   # the App. B landing hex: the LCU lands the embarked force there (12.21)
FIGURES = {
    1: "exact odds vs Monte Carlo",
    2: "GameState.clone vs deepcopy",
    3: "random legal impulses per second (CPU)",
    4: "hex click -> redrawn overlays",
    5: "declaration -> explained steps",
    6: "build the map figure",
    7: "import lcb_lab",
    8: "kernel memory with the lab open",
    9: "Game.apply overhead per act",
    10: "undo of one step, mid-game",
    11: "fork of the current step",
    12: "engine import (fresh process)",
    13: "lab: hex click -> hex info",
    14: "lab: unit select -> overlays",
    15: "lab: declaration -> explained steps",
    16: "lab: odds preview update",
    17: "history memory per step",
    **study_figures.FIGURES,
}
RESULTS: dict[int, dict] = {}
RUN_INFO: dict[str, object] = {}


# ---------------------------------------------------------------- helpers
def fmt_t(sec: float) -> str:
    """Seconds as a readable duration."""
    if abs(sec) < 1e-3:
        return f"{sec * 1e6:.1f} \u00b5s"
    if abs(sec) < 1.0:
        return f"{sec * 1e3:.2f} ms"
    return f"{sec:.3f} s"


def now() -> tuple[float, float]:
    """(wall, CPU) clocks: ``time.perf_counter()``, ``time.process_time()``."""
    return time.perf_counter(), time.process_time()


class Times:
    """Repetitions of one measurement, each as wall and CPU seconds."""

    def __init__(self) -> None:
        self.wall: list[float] = []
        self.cpu: list[float] = []

    def add(self, t0: tuple[float, float], calls: int = 1) -> None:
        """Record the time since ``t0 = now()``, divided by ``calls``."""
        w, c = now()
        self.wall.append((w - t0[0]) / calls)
        self.cpu.append((c - t0[1]) / calls)

    def add_values(self, wall: float, cpu: float) -> None:
        self.wall.append(wall)
        self.cpu.append(cpu)

    @property
    def cpu_med(self) -> float:
        return statistics.median(self.cpu)

    @property
    def wall_med(self) -> float:
        return statistics.median(self.wall)

    def __str__(self) -> str:
        return (f"CPU median {fmt_t(self.cpu_med)}, min {fmt_t(min(self.cpu))}; wall median "
                f"{fmt_t(self.wall_med)}, min {fmt_t(min(self.wall))} (n={len(self.cpu)})")

    def short(self) -> str:
        """``"<CPU median> CPU (wall <median>)"``."""
        return f"{fmt_t(self.cpu_med)} CPU (wall {fmt_t(self.wall_med)})"


def per_call(fn, calls: int, batches: int) -> Times:
    """Per-call times of ``fn()``: ``batches`` batches of ``calls`` calls each."""
    out = Times()
    for _ in range(batches):
        t0 = now()
        for _ in range(calls):
            fn()
        out.add(t0, calls)
    return out


def stats(t: Times) -> str:
    return str(t)


def say(text: str = "") -> None:
    print(textwrap.indent(text, "    ") if text else "", flush=True)


def record(n: int, value: str, target: str, ok: bool | None, cpu: float | None = None, per: str = "") -> None:
    """One figure's result; ``ok=None`` means not measured (n/a). ``cpu``: the figure's CPU seconds
    (per call, per act, per ``per`` unit: ``"impulse"``; ``"child"`` for a subprocess's user + system
    time). Printed by ``finish`` once the reference workload after the figure has run."""
    RESULTS[n] = {"value": value, "target": target, "ok": ok, "cpu": cpu, "per": per}


def finish(n: int, refs: tuple[float, float], loads: tuple[float, float], took: float,
           own: tuple[float, float] = (0.0, 0.0)) -> None:
    """Print figure ``n``'s line with its CPU time, load average (the higher of before and after,
    each less this run's own share ``own``: :class:`OwnLoad`), ratio to the reference workload (the
    mean of the runs before and after) and verdict."""
    r = RESULTS[n]
    ref, load = (refs[0] + refs[1]) / 2, judged_load(loads, own)
    cpu, limit = r["cpu"], TARGET_CPU.get(n)
    r.update(ref=ref, load=load, status=verdict(r["ok"], load),
             cpu_s="-" if cpu is None else fmt_t(cpu) + (f"/{r['per']}" if r["per"] else ""),
             ratio="-" if cpu is None else f"{cpu / ref:.3g}",
             target_ratio="-" if limit is None else f"<= {limit / ref:.3g}")
    print(f"    figure {n} took {took:.1f} s wall; reference workload {fmt_t(refs[0])} CPU before, "
          f"{fmt_t(refs[1])} after; load average {loads[0]:.2f} before, {loads[1]:.2f} after, of which this "
          f"run's own {own[0]:.2f} and {own[1]:.2f} (judged at {load:.2f})", flush=True)
    print(f"FIGURE {n}: {FIGURES[n]} = {r['value']} | CPU {r['cpu_s']} | load {load:.2f} | ratio {r['ratio']} "
          f"(reference {fmt_t(ref)}) | target {r['target']} (as ratio {r['target_ratio']}) | {r['status']}",
          flush=True)


def header(n: int) -> None:
    print(f"\n=== [{n}] {FIGURES[n]} " + "=" * max(0, 60 - len(FIGURES[n])), flush=True)


_VIEWS: tuple | None = None


def views():
    """(MapView, open_lab_or_LabApp, overlays_module) or raise RuntimeError(reason)."""
    global _VIEWS
    if _VIEWS is None:
        try:
            from lcb_lab.ui.lcb.map import MapView
            from lcb_lab.ui.lcb.map import overlays
            try:
                from lcb_lab.ui import open_lab as make_lab
            except ImportError:
                from lcb_lab.ui import LabApp

                def make_lab(scenario=SCENARIO, seed=1, team="instructor", game=None):
                    from lcb_lab.games.lcb.io.loading import load_scenario
                    return LabApp(game or load_scenario(scenario, seed=seed), team=team)
            _VIEWS = (MapView, make_lab, overlays)
        except Exception as e:  # noqa: BLE001 - the UI layer may be mid-edit
            _VIEWS = (RuntimeError(f"{type(e).__name__}: {e}"),)
    if isinstance(_VIEWS[0], Exception):
        raise _VIEWS[0]
    return _VIEWS


class ViewsNA(Exception):
    """The UI layer cannot be used for this figure."""


def views_or_na():
    try:
        return views()
    except RuntimeError as e:
        raise ViewsNA(str(e)) from None


def build_lab(make_lab):
    """The lab for the scenario, or ViewsNA when the UI layer is broken."""
    try:
        return make_lab(SCENARIO, seed=1, team="instructor")
    except Exception as e:  # noqa: BLE001
        raise ViewsNA(f"building the lab failed: {type(e).__name__}: {e}") from None


def load_game(seed=1, auto_policies=None):
    from lcb_lab.games.lcb.io.loading import load_scenario
    return load_scenario(SCENARIO, seed=seed, auto_policies=auto_policies)


# ---------------------------------------------------------------- figures
def fig1(q: bool) -> None:
    """Exact odds of one 20-dice LRS vs 20-dice INTERCEPT target, vs Monte Carlo."""
    from lcb_lab.games.lcb.rules.combat.odds import engagement_odds
    from lcb_lab.games.lcb.die import p_hit
    shots, itc, hp = [(20, 12)], [(20, 8)], 2
    p = engagement_odds(shots, itc, hp=hp).p_destroy
    t_exact = per_call(lambda: engagement_odds(shots, itc, hp=hp), 100 if q else 1000, 3 if q else 9)
    med_exact = t_exact.cpu_med
    say(f"engagement_odds({shots}, {itc}, hp={hp}): P(destroy) = {p:.6f}")
    say(f"exact: {stats(t_exact)} per call")

    se = 1e-3 if q else 1e-4
    n = math.ceil(p * (1 - p) / se ** 2)
    pl, pi = p_hit(12), p_hit(8)
    chunk = 1 << 21

    def mc(seed: int) -> float:
        rng = np.random.default_rng(seed)
        hits, left = 0, n
        while left:
            m = min(chunk, left)
            dmg = rng.binomial(20, pl, m) - rng.binomial(20, pi, m)   # damage = max(0, L - I) (7.57)
            hits += int(np.count_nonzero(dmg >= hp))
            left -= m
        return hits / n

    t_mc, est = Times(), None
    for r in range(1 if q else 3):
        t0 = now()
        est = mc(r)
        t_mc.add(t0)
    med_mc = t_mc.cpu_med
    say(f"Monte Carlo (numpy Generator.binomial hit counts per side, {n:,} samples for a standard "
        f"error of {se:g}): P(destroy) ~ {est:.6f} ({(est - p) / se:+.1f} SE from exact); {stats(t_mc)}")
    say(f"speed ratio Monte Carlo / exact = {med_mc / med_exact:,.0f}x "
        f"(the exact answer is also exact, not just within {se:g})")
    record(1, f"{t_exact.short()}/call exact (MC {fmt_t(med_mc)} at SE {se:g}, {med_mc / med_exact:,.0f}x slower); "
              f"P={p:.4f} vs MC {est:.4f}",
           "<= 0.2 ms per call", med_exact <= 0.2e-3, cpu=med_exact)


def fig2(q: bool) -> None:
    from lcb_lab.games.lcb.content.lesson import Lesson
    state = Lesson(str(LESSON)).run().state
    c = state.clone()
    assert c == state and c is not state and c.units is not state.units and c.log is not state.log
    say(f"state after the Appendix B lesson: {len(state.units)} units, {len(state.markers)} markers, "
        f"{len(state.log)} log entries")
    t_clone = per_call(state.clone, 200 if q else 2000, 3 if q else 9)
    t_deep = per_call(lambda: copy.deepcopy(state), 5 if q else 30, 3 if q else 7)
    mc, md = t_clone.cpu_med, t_deep.cpu_med
    ratio = md / mc
    say(f"GameState.clone(): {stats(t_clone)}")
    say(f"copy.deepcopy():   {stats(t_deep)}")
    say(f"deepcopy / clone = {ratio:.1f}x")
    record(2, f"clone {t_clone.short()}, deepcopy {fmt_t(md)} CPU, {ratio:.0f}x faster",
           "clone <= 50 \u00b5s and >= 20x faster than deepcopy", mc <= 50e-6 and ratio >= 20, cpu=mc)


def _random_games(seeds):
    """Fresh gotland_redux games (auto_policies={}) whose first impulse lands the embarked units in
    LANDING_HEX through legal actions (lcb_lab.games.lcb.whatif.experiments.land_embarked: LHD 1 moves, its LCU lands
    them, 12.21), made one at a time (a finished game is dropped before the next is timed)."""
    from lcb_lab.games.lcb.whatif.experiments import land_embarked
    for s in seeds:
        game = load_game(seed=s, auto_policies={})
        land_embarked(game, LANDING_HEX)
        yield s, game


def _fig3_pass(seeds, rollout: bool):
    """One pass of ``play_random_turns(game, 3, seed)`` over ``seeds`` (fresh games; in rollout mode
    when ``rollout``): ``(impulses, cpu, wall, per-seed rates, games over, failures, max_turns)``."""
    from lcb_lab.games.lcb.whatif.autoplay import play_random_turns
    n_pass, cpu_pass, wall_pass, rates, over, failed, max_turns = 0, 0.0, 0.0, [], 0, [], None
    for s, game in _random_games(seeds):
        max_turns = game.state.max_turns
        if rollout:
            game.rollout()
        t0 = now()
        try:
            n = play_random_turns(game, 3, s)
        except Exception as e:  # noqa: BLE001 - a random player that raises is reported, not timed
            failed.append(f"seed {s}: {type(e).__name__}: {str(e)[:150]}")
            continue
        w, c = now()
        n_pass, cpu_pass, wall_pass = n_pass + n, cpu_pass + c - t0[1], wall_pass + w - t0[0]
        rates.append(n / max(c - t0[1], 1e-9))
        over += game.state.stage == "over"
    return n_pass, cpu_pass, wall_pass, rates, over, failed, max_turns


def _fig3_passes(seeds, passes: int):
    """``passes`` passes in rollout mode and as many in the full mode, alternating (the order
    swapped every pass, so that a change of load hits both): ``{rollout: (pass_rates, seed_rates,
    failed, impulses, times, over, max_turns)}``, the per-seed figures of each mode's first pass."""
    out: dict = {}
    for rep in range(passes):
        for rollout in ((True, False) if rep % 2 == 0 else (False, True)):
            n, cpu, wall, rates, over, failed, max_turns = _fig3_pass(seeds, rollout)
            pr, sr, fl, tn, tt, ov, mt = out.setdefault(rollout, ([], [], [], 0, Times(), 0, None))
            if n:
                pr.append((n / max(cpu, 1e-9), n / max(wall, 1e-9)))
                tt.add_values(wall, cpu)
            if rep == 0:
                sr.extend(rates)
                fl.extend(failed)
                ov, mt = over, max_turns
            out[rollout] = (pr, sr, fl, n or tn, tt, ov, mt)
    return out


def fig3(q: bool) -> None:
    """Figure 3: random legal play in rollout mode (``Game.rollout``: no record kept, as a study's
    games); the full mode (every act recorded for undo) is printed beside it, not judged."""
    from lcb_lab.games.lcb.whatif.autoplay import play_random_turns
    seeds = range(4) if q else range(20)
    passes = 1 if q else 4
    for s, game in _random_games([99]):   # warm-up, not timed (lazily generated copiers, caches)
        try:
            play_random_turns(game, 1, s)
        except Exception:  # noqa: BLE001 - reported below, seed by seed
            pass
    both = _fig3_passes(seeds, passes)
    full = both[False]
    pass_rates, seed_rates, failed, tot_n, tot_t, over, max_turns = both[True]
    say(f"NOTE: the first impulse landed the embarked units in {LANDING_HEX} by the LCU (legal actions) for richer play")
    for f in failed:
        say(f"WARNING: play_random_turns raised, game not timed: {f}")
    if not pass_rates:
        raise RuntimeError(f"every seed raised ({failed[0]})")
    ok = len(seed_rates)
    say(f"{ok} of {len(seeds)} seeds timed, game.rollout() then play_random_turns(game, 3, seed) with "
        f"auto_policies={{}}: {tot_n} impulses per pass; {over} of {ok} games ended (stage 'over') within the "
        f"3 turns (scenario max_turns = {max_turns}); {passes} pass(es) over all seeds")
    say(f"time of one pass: {tot_t}")
    say(f"per seed (first pass, CPU): median {statistics.median(seed_rates):,.0f}/s, min {min(seed_rates):,.0f}/s, "
        f"max {max(seed_rates):,.0f}/s")
    cpu_rates = sorted(r for r, _ in pass_rates)
    wall_rates = sorted(r for _, r in pass_rates)
    cpu, wall = statistics.median(cpu_rates), statistics.median(wall_rates)
    say(f"impulses/s per pass: CPU median {cpu:,.0f}, max {cpu_rates[-1]:,.0f}; wall median {wall:,.0f}, "
        f"max {wall_rates[-1]:,.0f} (n={len(pass_rates)})")
    if full[0]:
        fcpu = statistics.median(r for r, _ in full[0])
        say(f"full mode (every act recorded for undo; passes alternated with the rollout's; context, not judged): "
            f"CPU median {fcpu:,.0f} impulses/s (n={len(full[0])}); rollout / full = {cpu / fcpu:.2f}x")
    record(3, f"{cpu:,.0f} impulses/s CPU in rollout mode (wall {wall:,.0f}/s; median of {len(pass_rates)} "
              f"pass(es) over {ok} seeds)" + (f"; {len(failed)} seed(s) raised, see above" if failed else ""),
           ">= 2,000 impulses/s CPU", cpu >= 2000, cpu=1 / cpu if cpu else None, per="impulse")


def _tap(lab, overlays, label: str) -> str:
    """Fire the Bokeh Tap event at ``label``'s centre the way Bokeh dispatches it from a browser."""
    fig = lab.map.figure
    x, y = overlays.hex_centre(label)
    try:
        from bokeh.events import Tap
        ev = Tap(fig, x=x, y=y)
        if getattr(fig, "_event_callbacks", {}).get("tap"):
            fig._trigger_event(ev)          # what bokeh does for a browser Tap (document callbacks, then ours)
            return "Bokeh Tap event -> figure._trigger_event"
    except ImportError:
        pass
    lab.map.tap(x, y)
    return "MapView.tap(x, y)"


def fig4(q: bool) -> None:
    MapView, make_lab, overlays = views_or_na()
    lab = build_lab(make_lab)
    view = lab.game.view(lab.team)
    by_hex: dict[str, list[str]] = {}
    for c in view["counters"]:
        if c.get("hex") and not c.get("back"):
            by_hex.setdefault(c["hex"], []).append(c["uid"])
    prefer = ["AL-29", "AJ-24"]          # DDG-51 and 1 Tanya in the Gotland scenario
    hexes = [h for h in prefer if h in by_hex] or []
    hexes += [h for h in by_hex if h not in hexes][: 2 - len(hexes)]
    if len(hexes) < 2:
        raise ViewsNA("fewer than two hexes with face-up units")
    a, b = hexes
    how = _tap(lab, overlays, a)                    # a unit of hex a is now selected
    if lab.selected_uid is None:
        raise RuntimeError(f"tapping {a} selected no unit")
    src = lab.map.sources["overlays"]
    times = Times()
    for i in range(6 if q else 30):
        h = b if i % 2 == 0 else a
        before = lab.selected_uid
        t0 = now()
        _tap(lab, overlays, h)
        times.add(t0)
        assert lab.last_hex == h and lab.selected_uid != before and lab.selected_uid in by_hex[h], \
            (h, before, lab.selected_uid)
    n_ov = len(src.data.get("xs", []))
    say(f"lab built by {make_lab.__module__}.{make_lab.__name__}; {how}; alternating taps on {a} "
        f"({by_hex[a][0]}) and {b} ({by_hex[b][0]}) with a unit selected: each tap selects the other hex's unit "
        f"and redraws its overlays ({n_ov} overlay polygons after the last tap)")
    say(f"tap -> ColumnDataSources updated: {stats(times)}")
    med = times.cpu_med
    record(4, f"{times.short()} (CPU min {fmt_t(min(times.cpu))})", "<= 50 ms", med <= 50e-3, cpu=med)


_TF_BOSTON = {
    "declare": [{"kind": "play_jcc", "jcc": "P-8A: Surveillance"},
                {"kind": "move_combat", "units": ["DDG-51"]},
                {"kind": "move_combat", "units": ["DDG-80"]}],
    "lrs": [{"shooter": "DDG-51", "slot": "LRS1", "target": "1 Anna", "dice": 4},
            {"shooter": "DDG-80", "slot": "LRS1", "target": "2 Anna", "dice": 4}],
    "answer": [{"interceptor": "FFG-454", "slot": "INT1", "target": "1 Anna", "dice": 4}],
}


def _before_boston():
    """The Appendix B game just before TF Boston's impulse (impulse 3)."""
    from lcb_lab.games.lcb.content.lesson import Lesson
    lesson = Lesson(str(LESSON))
    for done in lesson.steps():
        if done.title == "impulse 2: end":
            return lesson.game
    raise RuntimeError("the lesson has no 'impulse 2: end' step")


def _game_path(g) -> str:
    from lcb_lab.games.lcb import actions as A
    from lcb_lab.games.lcb.choices import answer_with
    g.apply(A.from_json({"kind": "declare", "actions": _TF_BOSTON["declare"]}))
    since = len(g.log)
    g.apply(A.from_json({"kind": "commit_combat", "lrs": _TF_BOSTON["lrs"]}))
    g.apply(g.pending.answer_from(_TF_BOSTON["answer"]))
    while True:
        g.apply(A.ResolveCombat())
        if g.result:                 # done; False: paused for a choice
            break
        g.apply(answer_with(g.pending))
    return g.explained_log(since=since)


def fig5(q: bool) -> None:
    base = _before_boston()
    from lcb_lab.games.lcb import actions as A
    reps = 5 if q else 25
    t_game, text = Times(), ""
    for _ in range(reps):
        g = base.clone()
        g.apply(A.BeginImpulse("TF Boston"))
        t0 = now()
        text = _game_path(g)
        t_game.add(t0)
    steps = [ln for ln in text.splitlines() if ln.strip()]
    say("Appendix B state before impulse 3; TF Boston: declare P-8A + DDG-51 + DDG-80, commit 2 LRS (4 dice each), "
        "answer FFG-454's INTERCEPT, resolve, render")
    say(f"through Game (declare .. game.explained_log): {stats(t_game)}; {len(steps)} explained lines, e.g.")
    for ln in steps[:3]:
        say("  | " + ln[:110])
    try:
        _, make_lab, _ = views()
    except RuntimeError as e:
        med = t_game.cpu_med
        record(5, f"{t_game.short()} via Game (app n/a: {e})", "<= 100 ms", med <= 100e-3, cpu=med)
        return
    try:
        lab = build_lab(make_lab)
    except ViewsNA as e:
        med = t_game.cpu_med
        record(5, f"{t_game.short()} via Game (app n/a: {e})", "<= 100 ms", med <= 100e-3, cpu=med)
        return
    if not all(hasattr(lab, m) for m in ("declare", "commit_combat", "answer", "resolve", "set_game")):
        med = t_game.cpu_med
        record(5, f"{t_game.short()} via Game (the app exposes no declare/commit handlers)", "<= 100 ms",
               med <= 100e-3, cpu=med)
        return
    t_app, html = Times(), ""
    for _ in range(reps):
        g = base.clone()
        lab.set_game(g)
        lab.begin_impulse("TF Boston")
        t0 = now()
        lab.declare(_TF_BOSTON["declare"])
        lab.commit_combat(_TF_BOSTON["lrs"])
        lab.answer(_TF_BOSTON["answer"])
        done = lab.resolve()
        while done is False:
            lab.answer_policy(None)
            done = lab.resolve()
        html = lab.log.value
        t_app.add(t0)
        if g.impulse is None or g.impulse.phase != "combat_done":
            raise RuntimeError(f"the app refused a step: {re.sub('<[^>]+>', '', lab.message.value)[:200]}")
    say(f"through the lab app (lab.declare, commit_combat, answer, resolve; each redraws what the act changed: "
        f"map, panels, the explained log's last chunks, {len(html):,} chars in all): {stats(t_app)}")
    med = t_app.cpu_med
    record(5, f"{t_app.short()} via the lab app (Game alone {t_game.short()})", "<= 100 ms",
           med <= 100e-3, cpu=med)


# ---------------------------------------------------------------- the lab as a browser drives it (13-16)
class CommStandIn:
    """Every widget message JSON-encoded as a kernel's comm would (ipykernel's Session does
    ``json.dumps``), and counted; the map's Bokeh model is treated as rendered in a browser
    (``LiveBokehModel.on_view_ready``), so its patches are built and sent as in a kernel."""

    def __init__(self, lab) -> None:
        import ipywidgets as W
        self.W, self.real, self.count, self.bytes = W, W.Widget._send, 0, 0
        ready = getattr(lab.map_model, "on_view_ready", None)
        if ready is not None and not getattr(lab.map_model, "views_ready", 1):
            ready()

    def __enter__(self) -> "CommStandIn":
        import json as _json
        real = self.real

        def send(widget, msg, buffers=None):
            self.count += 1
            self.bytes += len(_json.dumps(msg, default=str)) + sum(len(b) for b in buffers or ())
            return real(widget, msg, buffers)
        self.W.Widget._send = send
        return self

    def __exit__(self, *exc) -> None:
        self.W.Widget._send = self.real

    def per(self, n: int) -> str:
        return f"{self.count / max(n, 1):.1f} comm messages and {self.bytes / max(n, 1) / 1024:.1f} KiB per action"


def _lab_or_na():
    _, make_lab, overlays = views_or_na()
    return build_lab(make_lab), overlays


def fig13(q: bool) -> None:
    lab, overlays = _lab_or_na()
    _tap(lab, overlays, "AL-29")                      # DDG-51 selected; the clicks below keep it
    empty = ["AL-28", "AK-28", "AK-27", "AL-27"]
    reps, times = (8 if q else 40), Times()
    with CommStandIn(lab) as comm:
        for i in range(reps):
            h = empty[i % len(empty)]
            t0 = now()
            _tap(lab, overlays, h)
            times.add(t0)
            assert lab.last_hex == h and lab.selected_uid == "DDG-51" and f"Hex {h}" in lab.hex_info.value, h
    say(f"taps on empty hexes with DDG-51 selected (hex info, ring, Unit dropdown): {times}; {comm.per(reps)}")
    record(13, f"{times.short()}", "<= 100 ms", times.cpu_med <= 100e-3, cpu=times.cpu_med)


def fig14(q: bool) -> None:
    lab, overlays = _lab_or_na()
    pair = [("AL-29", "DDG-51"), ("AJ-24", "1 Tanya")]
    reps, times = (6 if q else 30), Times()
    _tap(lab, overlays, pair[1][0])
    with CommStandIn(lab) as comm:
        for i in range(reps):
            h, uid = pair[i % 2]
            t0 = now()
            _tap(lab, overlays, h)
            times.add(t0)
            assert lab.selected_uid == uid and uid in lab.unit_panel.value, (h, lab.selected_uid)
    n_ov = len(lab.map.sources["overlays"].data.get("xs", []))
    say(f"taps alternating {pair[0][0]} ({pair[0][1]}) and {pair[1][0]} ({pair[1][1]}): each selects the unit, "
        f"draws its Unit Tracker and overlays ({n_ov} polygons) and sends one map patch: {times}; {comm.per(reps)}")
    record(14, f"{times.short()}", "<= 150 ms", times.cpu_med <= 150e-3, cpu=times.cpu_med)


def _lab_at_boston(lab, base):
    lab.set_game(base.clone())
    lab.begin_impulse("TF Boston")
    if lab.game.impulse is None:
        raise RuntimeError(f"the lab refused Begin impulse: {re.sub('<[^>]+>', '', lab.message.value)[:200]}")


def fig15(q: bool) -> None:
    lab, _ = _lab_or_na()
    base = _before_boston()
    reps, times = (5 if q else 25), Times()
    with CommStandIn(lab) as comm:
        for _ in range(reps):
            _lab_at_boston(lab, base)
            comm.count = comm.bytes = 0
            t0 = now()
            lab.declare(_TF_BOSTON["declare"])
            times.add(t0)
            if lab.game.impulse.phase != "act" or "TF Boston declares" not in lab.log.value:
                raise RuntimeError(f"the declaration was refused: {re.sub('<[^>]+>', '', lab.message.value)[:200]}")
    say(f"lab.declare of TF Boston's 3 Core Actions (Appendix B before impulse 3): the engine, the log's "
        f"new entries and every panel that draws the game: {times}; last one {comm.per(1)}")
    record(15, f"{times.short()}", "<= 150 ms", times.cpu_med <= 150e-3, cpu=times.cpu_med)


def fig16(q: bool) -> None:
    lab, _ = _lab_or_na()
    _lab_at_boston(lab, _before_boston())
    lab.declare(_TF_BOSTON["declare"])
    p = lab.impulse_panel
    p.shooter.value, p.slot.value, p.target.value = "DDG-51", "LRS1", "1 Anna"
    reps = 8 if q else 40
    t_lrs, t_int = Times(), Times()
    with CommStandIn(lab) as comm:
        for i in range(reps):
            t0 = now()
            p.dice.value = 1 + i % 8                  # the dice box of the LRS row being edited
            t_lrs.add(t0)
            assert "P(destroyed)" in p.preview.value
        lrs_msgs = comm.per(reps)
        lab.commit_combat(_TF_BOSTON["lrs"])
        if lab.game.pending is None or lab.game.pending.kind != "intercept":
            raise RuntimeError("no INTERCEPT question after the commit")
        odds = lab.decision._odds["1 Anna"]
        comm.count = comm.bytes = 0
        for i in range(reps):
            t0 = now()
            lab.decision.set_dice({("FFG-454", "1 Anna"): 1 + i % 4})      # the defender's dice box
            t_int.add(t0)
            assert f"with {1 + i % 4} INTERCEPT" in odds.value
    say(f"LRS preview (Impulse tab, the dice of the row being edited): {t_lrs}; {lrs_msgs}")
    say(f"INTERCEPT odds (decision panel, the defender's dice): {t_int}; {comm.per(reps)}")
    worst = max(t_lrs.cpu_med, t_int.cpu_med)
    record(16, f"LRS {t_lrs.short()}, INTERCEPT {t_int.short()}", "<= 100 ms", worst <= 100e-3, cpu=worst)


def fig6(q: bool) -> None:
    MapView, _, _ = views_or_na()
    import importlib
    try:       # the board layers' geometry cache (coastline/terrain Shapely unions)
        cache = importlib.import_module("lcb_lab.ui.lcb.map.board_layers")._CACHE
    except (ImportError, AttributeError):
        cache = None
    board = load_game().board
    first = Times()
    t0 = now()
    try:
        MapView(board, scenario="Gotland Redux")
    except Exception as e:  # noqa: BLE001
        raise ViewsNA(f"MapView failed: {type(e).__name__}: {e}") from None
    first.add(t0)
    cold, warm = Times(), Times()
    for _ in range(2 if q else 7):
        if cache is not None:
            cache.clear()
        t0 = now()
        MapView(board, scenario="Gotland Redux")
        cold.add(t0)
    for _ in range(2 if q else 7):
        t0 = now()
        MapView(board, scenario="Gotland Redux")
        warm.add(t0)
    say(f"first MapView in this process: {first.short()}")
    if cache is not None:
        say(f"fresh, with the module's geometry cache (coastline/terrain Shapely unions) cleared: {stats(cold)}")
    say(f"fresh, geometry cache warm: {stats(warm)}")
    med = cold.cpu_med
    record(6, f"{cold.short()} cache cleared (warm {warm.short()}, first {first.short()})",
           "<= 300 ms", med <= 300e-3, cpu=med)


def _run(args: list[str], **kw) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, *args], capture_output=True, text=True, cwd=str(ROOT), **kw)


def _children_cpu() -> float:
    """CPU seconds (user + system) of every finished child process so far."""
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime


def _run_timed(args: list[str], times: "Times", **kw) -> subprocess.CompletedProcess:
    """``_run`` that adds the child's wall and CPU time to ``times``."""
    w0, c0 = time.perf_counter(), _children_cpu()
    r = _run(args, **kw)
    times.add_values(time.perf_counter() - w0, _children_cpu() - c0)
    return r


def _importtime(code: str, module: str, runs: int) -> list[float]:
    """Cumulative seconds ``-X importtime`` reports for ``module`` when running ``code``."""
    out = []
    for _ in range(runs):
        r = _run(["-X", "importtime", "-c", code])
        if r.returncode:
            raise RuntimeError(f"python -c {code!r} failed: {r.stderr.strip()[-300:]}")
        for ln in r.stderr.splitlines():
            m = re.match(r"import time:\s+(\d+)\s+\|\s+(\d+)\s+\|\s*(\S+)\s*$", ln)
            if m and m.group(3) == module:
                out.append(int(m.group(2)) * 1e-6)
    return out


def fig7(q: bool) -> None:
    runs = 3 if q else 9
    t_imp, t_pass = Times(), Times()
    for _ in range(runs):
        for code, bucket in (("pass", t_pass), ("import lcb_lab", t_imp)):
            r = _run_timed(["-c", code], bucket)
            if r.returncode:
                raise RuntimeError(f"python -c {code!r} failed: {r.stderr.strip()[-300:]}")
    diff = t_imp.cpu_med - t_pass.cpu_med
    diff_wall = t_imp.wall_med - t_pass.wall_med
    say(f"child process (CPU = the child's user + system time): python -c 'pass' {stats(t_pass)}; "
        f"python -c 'import lcb_lab' {stats(t_imp)}; difference of medians {fmt_t(diff)} CPU, "
        f"{fmt_t(diff_wall)} wall (within start-up noise)")
    cum = _importtime("import lcb_lab", "lcb_lab", runs)
    if not cum:
        raise RuntimeError("-X importtime printed no line for lcb_lab")
    say(f"-X importtime, cumulative for lcb_lab: {stats(cum)}")
    # context, not judged: the package imports its rules kernel and UI lazily
    for code, mod, what in (("import lcb_lab.games.lcb.io.scenario", "lcb_lab.games.lcb.io.scenario", "rules kernel (load_scenario)"),
                            ("import lcb_lab.ui.lcb.app", "lcb_lab.ui.lcb.app", "UI layer (views + widgets)")):
        c = _importtime(code, mod, 1 if q else 3)
        if c:
            say(f"  for context, {what}: -X importtime {code!r} cumulative {stats(c)}")
    value = max(statistics.median(cum), diff)
    record(7, f"{fmt_t(statistics.median(cum))} (-X importtime median, wall inside the child; child CPU "
              f"difference {fmt_t(diff)}, wall {fmt_t(diff_wall)})",
           "<= 200 ms", value <= 200e-3, cpu=t_imp.cpu_med, per="child")


_ENGINE_IMPORTS = ("import lcb_lab.games.lcb.io.scenario", "from lcb_lab import load_scenario")
"""What a notebook pays before it can build a game (``load_scenario``): both judged."""
_AFTER_LOAD = ("from lcb_lab import load_scenario; g = load_scenario('gotland_redux', seed=1)", "+ load_scenario")
_FIRST_ACT = (_AFTER_LOAD[0] + "; from lcb_lab.games.lcb.actions import BeginImpulse; "
              "g.apply(BeginImpulse(g.available_task_forces()[0]))", "+ the first act (the Dice's numpy)")
_LAZY_CHECK = ("import sys; import lcb_lab.games.lcb.io.scenario; from lcb_lab import load_scenario; "
               "print(' '.join(m for m in ('numpy', 'shapely', 'pydantic.type_adapter') if m in sys.modules))")


def _pyc_env(cache: str) -> dict:
    """The environment with a bytecode cache in ``cache`` (PYTHONPYCACHEPREFIX), as a user's Python has one."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    env["PYTHONPYCACHEPREFIX"] = cache
    return env


def _child_times(code: str, runs: int, env: dict | None = None) -> Times:
    """Wall and CPU (user + system) of ``runs`` fresh ``python -c code`` processes, after one untimed run."""
    t = Times()
    for i in range(runs + 1):
        r = _run_timed(["-c", code], t, env=env)
        if r.returncode:
            raise RuntimeError(f"python -c {code!r} failed: {r.stderr.strip()[-300:]}")
        if i == 0:               # warm-up (the OS file cache; the bytecode cache when there is one)
            t = Times()
    return t


def fig12(q: bool) -> None:
    runs = 3 if q else 9
    plain = "no bytecode cache: PYTHONDONTWRITEBYTECODE is set" if os.environ.get("PYTHONDONTWRITEBYTECODE") \
        else "bytecode cached as Python writes it"
    judged = {code: _child_times(code, runs) for code in _ENGINE_IMPORTS}
    for code, t in judged.items():
        say(f"python -c {code!r} (this environment, {plain}): {t}")
    with tempfile.TemporaryDirectory(prefix="lcb-pyc-") as cache:
        env = _pyc_env(cache)
        for code in _ENGINE_IMPORTS:
            say(f"  for context, with a bytecode cache (PYTHONPYCACHEPREFIX, as after pip install): {code!r} "
                f"{_child_times(code, 1 if q else runs, env)}")
        for code, what in (_AFTER_LOAD, _FIRST_ACT):
            say(f"  for context, {what}: python -c {code!r} {_child_times(code, 1 if q else 5, env)}")
        if q:      # the UI layer's import is figure 8's and 7's context too; --quick stays under ~20 s
            say("  for information, python -c 'import lcb_lab.ui.lcb.app': not timed with --quick")
        else:
            say(f"  for information (no target), the UI layer: python -c 'import lcb_lab.ui.lcb.app' "
                f"{_child_times('import lcb_lab.ui.lcb.app', 5, env)}")
    r = _run(["-c", _LAZY_CHECK])
    eager = r.stdout.strip() if r.returncode == 0 else f"(check failed: {r.stderr.strip()[-200:]})"
    say(f"modules the engine import must not load (numpy, shapely, pydantic.type_adapter): "
        f"{eager or 'none loaded'}")
    worst_code = max(judged, key=lambda c: judged[c].cpu_med)
    worst = judged[worst_code]
    record(12, f"{worst.short()} for {worst_code!r} (median of {len(worst.cpu)} fresh processes, interpreter "
               f"start included; {' | '.join(f'{c!r} {t.short()}' for c, t in judged.items() if c != worst_code)})",
           "<= 400 ms CPU", worst.cpu_med <= 400e-3, cpu=worst.cpu_med, per="child")


_MEM_CHILD = r"""
import resource, sys
base = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
import numpy, lcb_lab
from lcb_lab.games.lcb.io import scenario
from lcb_lab.games.lcb import game, choices
from lcb_lab.games.lcb.content import lesson
from lcb_lab.kernel import odds, explain
from lcb_lab.games.lcb.whatif import autoplay
try:
    import lcb_lab.ui.lcb.map, lcb_lab.ui.lcb.app
    from lcb_lab.ui import open_lab
except Exception as e:
    print("NA", type(e).__name__, str(e).replace("\n", " ")[:200]); sys.exit(0)
try:
    lab = open_lab("gotland_redux", seed=1)
    w = lab.widget
except Exception as e:
    print("NA", "building the lab failed:", type(e).__name__, str(e).replace("\n", " ")[:200]); sys.exit(0)
print("OK", base, resource.getrusage(resource.RUSAGE_SELF).ru_maxrss)
"""


def fig8(q: bool) -> None:
    vals, t_child = [], Times()
    for _ in range(1 if q else 3):
        r = _run_timed(["-c", _MEM_CHILD], t_child, timeout=300)
        out = r.stdout.strip().splitlines()
        last = out[-1] if out else ""
        if last.startswith("NA"):
            raise ViewsNA(last[3:])
        if r.returncode or not last.startswith("OK"):
            raise RuntimeError(f"child failed ({r.returncode}): {(r.stderr or r.stdout).strip()[-300:]}")
        _, base, peak = last.split()
        vals.append((int(base) / 1024, int(peak) / 1024))
    base_mb = statistics.median(v[0] for v in vals)
    peak_mb = statistics.median(v[1] for v in vals)
    say("fresh interpreter: import numpy, lcb_lab (+ scenario, game, lesson, odds, autoplay, explain, choices), "
        "lcb_lab.ui.lcb.map, lcb_lab.ui.lcb.app; lab = open_lab('gotland_redux'); lab.widget")
    say(f"peak RSS (ru_maxrss, KiB/1024): interpreter start {base_mb:.1f} MB, with the lab open {peak_mb:.1f} MB "
        f"(runs: {', '.join(f'{p:.1f}' for _, p in vals)})")
    say(f"time of the child (import everything, open the lab): {t_child}")
    record(8, f"{peak_mb:.1f} MB peak RSS (child {t_child.short()})", "<= 300 MB", peak_mb <= 300, cpu=t_child.cpu_med, per="child")


def _overhead(g, action, reps: int, calls: int, how: str = "apply") -> tuple[Times, Times]:
    """Per-act time of ``g.apply(action)`` (or ``legal_trial.apply_if_legal``) and of its handler alone,
    both from the same prepared state (restored before each call, in both loops; the batches
    alternate so that drift hits both)."""
    from lcb_lab.games.lcb import legal_trial
    from lcb_lab.games.lcb.handlers import HANDLERS
    snap, hist = g._snapshot(action), g.history.copy()
    handler = HANDLERS[type(action)]
    run = g.apply if how == "apply" else (lambda a: legal_trial.apply_if_legal(g, a) or (_ for _ in ()).throw(
        RuntimeError(f"{a} was refused")))

    def reset() -> None:
        g._restore(snap)           # a fresh copy of the prepared state, dice included
        g.history = hist.copy()

    t_act, t_handler = Times(), Times()
    for _ in range(reps):
        for which, tt in ((0, t_handler), (1, t_act)):
            t0 = now()
            for _ in range(calls):
                reset()
                if which:
                    run(action)
                else:
                    handler(g, g._ctx(), action)
            tt.add(t0, calls)
    reset()
    return t_act, t_handler


def _diff(a: Times, b: Times) -> Times:
    """Paired differences a - b, batch by batch."""
    out = Times()
    for i in range(len(a.cpu)):
        out.add_values(a.wall[i] - b.wall[i], a.cpu[i] - b.cpu[i])
    return out


def _cases_for_apply():
    """(label, game, action): cheap acts and a real move, each on its own prepared game."""
    from lcb_lab.games.lcb import actions as A
    from lcb_lab.games.lcb import legal, legal_declare
    (_, g), = _random_games([1])
    tf = g.available_task_forces()[0]
    g.apply(A.BeginImpulse(tf))
    out = [("Declare(())", g.fork(), A.Declare(()))]
    g2 = g.fork()
    g2.apply(A.Declare(()))
    out.append(("EndImpulse()", g2, A.EndImpulse()))
    g3 = g.fork()
    move = next((c for c in legal_declare.declaration_options(g3) if c.kind == "move_combat" and c.units), None)
    if move is not None:
        g3.apply(A.Declare((move,)))
        opts = legal.move_options(g3, 1)
        if opts:
            out.append((f"Move({opts[0].path[-1]}) of {', '.join(move.units)}", g3, opts[0]))
    return out


def fig9(q: bool) -> None:
    reps, calls = (5, 20) if q else (15, 100)
    worst, worst_label, lines = None, "", []
    for label, g, action in _cases_for_apply():
        t_apply, t_handler = _overhead(g, action, reps, calls)
        over = _diff(t_apply, t_handler)
        from lcb_lab.games.lcb import legal_trial
        fast = "n/a (no legal_trial.apply_if_legal in this version)"
        if hasattr(legal_trial, "apply_if_legal"):
            t_fast, t_h2 = _overhead(g, action, reps, calls, how="apply_if_legal")
            fast = _diff(t_fast, t_h2).short()
        say(f"{label}: Game.apply {t_apply.short()}, handler alone {t_handler.short()} -> overhead {over.short()} "
            f"(CPU min {fmt_t(min(over.cpu))}); legal_trial.apply_if_legal (the random player's tried acts) overhead "
            f"{fast}")
        lines.append(f"{label} {fmt_t(over.cpu_med)}")
        if worst is None or over.cpu_med > worst.cpu_med:
            worst, worst_label = over, label
    from lcb_lab.games.lcb import actions as A
    g = _cases_for_apply()[0][1]
    bad = A.Move(1, ("AA-1",))
    t_bad = Times()
    for _ in range(reps):
        t0 = now()
        for _ in range(calls):
            try:
                g.apply(bad)
            except Exception:  # noqa: BLE001 - refused: the state is put back
                pass
        t_bad.add(t0, calls)
    say(f"a refused act (Move before any declaration: snapshot, handler, restore): {t_bad}")
    say(f"method: apply vs its handler on the same prepared state (restored before each call in both loops), "
        f"{reps} pairs of batches of {calls} calls; overhead = paired differences of the batches")
    record(9, f"worst {worst.short()} ({worst_label}; " + ", ".join(lines) + " CPU)",
           "<= 30 \u00b5s CPU per act beyond the handler", worst.cpu_med <= 30e-6, cpu=worst.cpu_med)


_LONG: dict = {}


def _long_game():
    """gotland_redux seed 1 played at random for 15 turns (max_turns raised to 16): hundreds of steps."""
    if "g" not in _LONG:
        from lcb_lab.games.lcb.whatif.autoplay import play_random_turns
        (_, g), = _random_games([1])
        g.state.max_turns = 16
        play_random_turns(g, 15, 1)
        _LONG["g"] = g
    return _LONG["g"]


def fig10(q: bool) -> None:
    g = _long_game()
    h = g.history
    c = h.cursor
    t_undo = Times()
    for _ in range(10 if q else 60):
        t0 = now()
        g.undo(1)
        t_undo.add(t0)
        assert h.cursor == c - 1
        g.goto(c)                     # redo (replays the step with its recorded dice), not timed
    say(f"gotland_redux seed 1, max_turns raised to 16, 15 random turns: {c} steps, {len(g.state.log)} log "
        f"entries, {len(h.snapshots)} snapshots kept (the last {256} steps and impulse starts)")
    say(f"undo(1) at step {c}: {t_undo}")
    old = next((k for k in range(c - 300, 0, -1) if k not in h.snapshots and k - 1 not in h.snapshots), None)
    if old is not None:
        t_old = Times()
        for _ in range(3 if q else 10):
            t0 = now()
            g.goto(old)
            t_old.add(t0)
            g.goto(c)
        say(f"for context, goto({old}) (an old step between kept snapshots: restore the impulse start, "
            f"replay from there): {t_old}")
    record(10, f"{t_undo.short()} at step {c}", "<= 5 ms CPU", t_undo.cpu_med <= 5e-3, cpu=t_undo.cpu_med)


def fig11(q: bool) -> None:
    g = _long_game()
    t_fork = per_call(g.fork, 20 if q else 200, 5 if q else 15)
    f = g.fork()
    assert f.state == g.state and f.state is not g.state and f.history.cursor == g.history.cursor
    say(f"fork() of the current step of the game of figure 10 ({g.history.cursor} steps, "
        f"{len(g.state.log)} log entries): {t_fork}")
    record(11, f"{t_fork.short()}", "<= 50 \u00b5s CPU", t_fork.cpu_med <= 50e-6, cpu=t_fork.cpu_med)


HISTORY_TARGET = 3.6 * 1024
"""Figure 17's target in bytes per step: a third of the figure measured before snapshots shared their
unchanged records (10.79 KiB per step, gotland_redux seed 1, 2026-12-02)."""


def history_bytes(g) -> int:
    """The bytes ``g.history`` alone holds (traced by tracemalloc, which must be on): what dropping the
    record (its steps and snapshots) frees; memory it shares with the live game is not counted."""
    import gc
    import tracemalloc
    from lcb_lab.kernel.history import History
    gc.collect()
    held = tracemalloc.get_traced_memory()[0]
    g.history = History()
    gc.collect()
    return held - tracemalloc.get_traced_memory()[0]


def fig17(q: bool) -> None:
    import tracemalloc
    from lcb_lab.games.lcb.whatif.autoplay import play_random_turns
    tracemalloc.start()
    try:
        (_, g), = _random_games([1])
        t0 = now()
        play_random_turns(g, g.state.max_turns, 1)
        w, c = now()
        steps, snaps, stage = len(g.history.steps), len(g.history.snapshots), g.state.stage
        held = history_bytes(g)
    finally:
        tracemalloc.stop()
    per = held / max(steps, 1)
    say(f"{SCENARIO} seed 1 (the first impulse lands the embarked units in {LANDING_HEX}), played at random to "
        f"the end (stage {stage!r}, turn {g.state.turn}) under tracemalloc in {c - t0[1]:.2f} s CPU: {steps} steps, "
        f"{snaps} snapshots kept, {len(g.state.log)} log entries (the log is the game's, not the record's)")
    say(f"g.history holds {held / 1024:,.1f} KiB (what dropping it frees) = {per / 1024:.2f} KiB per step")
    record(17, f"{per / 1024:.2f} KiB per step ({held / 1024:,.0f} KiB over {steps} steps, {snaps} snapshots)",
           f"<= {HISTORY_TARGET / 1024:.1f} KiB per step", per <= HISTORY_TARGET, cpu=c - t0[1], per="game")


RUNNERS = {1: fig1, 2: fig2, 3: fig3, 4: fig4, 5: fig5, 6: fig6, 7: fig7, 8: fig8, 9: fig9, 10: fig10, 11: fig11,
           12: fig12, 13: fig13, 14: fig14, 15: fig15, 16: fig16,
           17: fig17,
           **{n: (lambda q, n=n: study_figures.run(n, q, record, say)) for n in study_figures.FIGURES}}
TARGETS = {1: "<= 0.2 ms per call", 2: "clone <= 50 \u00b5s, >= 20x deepcopy", 3: ">= 2,000 impulses/s CPU",
           4: "<= 50 ms", 5: "<= 100 ms", 6: "<= 300 ms", 7: "<= 200 ms", 8: "<= 300 MB",
           9: "<= 30 \u00b5s CPU per act", 10: "<= 5 ms CPU", 11: "<= 50 \u00b5s CPU",
           12: "<= 400 ms CPU", 13: "<= 100 ms", 14: "<= 150 ms", 15: "<= 150 ms", 16: "<= 100 ms",
           17: f"<= {HISTORY_TARGET / 1024:.1f} KiB per step", **study_figures.TARGETS}

TARGET_CPU = {1: 0.2e-3, 2: 50e-6, 3: 1 / 2000, 4: 50e-3, 5: 100e-3, 6: 300e-3, 9: 30e-6, 10: 5e-3, 11: 50e-6,
              12: 400e-3, 13: 100e-3, 14: 150e-3, 15: 150e-3, 16: 100e-3, **study_figures.TARGET_CPU}
"""Each target as CPU seconds (per call, act or impulse), for "target as ratio": the target divided by
the reference workload's CPU time. None for 7 (judged on ``-X importtime``), 8 and 17 (memory)."""

import figures_loop  # noqa: E402 - figure 18, the public loop
figures_loop.register(FIGURES, RUNNERS, TARGETS, TARGET_CPU, sys.modules[__name__])

# ---------------------------------------------------------------- main
def machine_info() -> None:
    def ver(mod: str) -> str:
        try:
            from importlib.metadata import version
            return version(mod)
        except Exception:  # noqa: BLE001
            return "?"
    try:
        aff = len(os.sched_getaffinity(0))
    except AttributeError:
        aff = None
    try:
        rev = subprocess.run(["git", "rev-parse", "--short", "HEAD"], capture_output=True, text=True,
                             cwd=str(ROOT)).stdout.strip()
        dirty = subprocess.run(["git", "status", "--porcelain", "--untracked-files=no", "lcb_lab"],
                               capture_output=True, text=True, cwd=str(ROOT)).stdout.strip()
        rev = f"{rev}{' + uncommitted changes in lcb_lab/' if dirty else ''}"
        RUN_INFO["rev"] = rev
    except OSError:
        rev = "?"
    print("lcb_lab benchmarks")
    print(f"  python   {platform.python_version()} ({platform.python_implementation()}) {sys.executable}")
    print(f"  machine  {platform.platform()}, {platform.machine()}, cpu_count {os.cpu_count()}"
          + (f" (usable {aff})" if aff is not None else ""))
    print(f"  numpy    {np.__version__}; bokeh {ver('bokeh')}; ipywidgets {ver('ipywidgets')}; "
          f"shapely {ver('shapely')}; lcb_lab {ver('lcb_lab')} at {rev}")
    print(f"  env      OPENBLAS_CORETYPE={os.environ.get('OPENBLAS_CORETYPE', '(unset)')} (left as is)")


ORDER = [7, 12, 8, 1, 2, 3, 9, 10, 11, 18, 17, 6, 4, 5, 13, 14, 15, 16, *study_figures.FIGURES]
"""7, 12 and 8 first: their fresh subprocesses are then not competing with warm caches; 6 before 4/5
so that "first MapView in this process" is the first build; the studies (19, 20) last: their cluster
starts worker processes."""
README = Path(__file__).resolve().parent / "README.md"


def run_figures(chosen: list[int], quick: bool) -> float:
    """Run the figures, each between two runs of the reference workload; returns the start's load."""
    ownload = OwnLoad()
    refs, loads, owns = [measure_reference()], [load_now()], [ownload.step()]
    for n in sorted(chosen, key=ORDER.index):
        header(n)
        t0 = time.perf_counter()
        try:
            RUNNERS[n](quick)
        except ViewsNA as e:
            record(n, f"n/a (views not available: {e})", TARGETS[n], None)
        except Exception as e:  # noqa: BLE001 - a benchmark reports, it never stops the run
            record(n, f"n/a (error: {type(e).__name__}: {str(e)[:200]})", TARGETS[n], None)
        took = time.perf_counter() - t0
        refs.append(measure_reference())
        loads.append(load_now())
        owns.append(ownload.step())
        finish(n, (refs[-2], refs[-1]), (loads[-2], loads[-1]), took, (owns[-2], owns[-1]))
    RUN_INFO["ref"] = statistics.median(refs)
    return loads[0]


def print_summary(mode: str, seconds: float) -> None:
    print(f"\n=== summary ({mode} run, {seconds:.1f} s; reference workload {fmt_t(RUN_INFO['ref'])} CPU, "
          f"median) " + "=" * 20)
    cols = [("#", lambda n, r: str(n)), ("figure", lambda n, r: FIGURES[n]), ("status", lambda n, r: r["status"]),
            ("CPU", lambda n, r: r["cpu_s"]), ("load", lambda n, r: f"{r['load']:.2f}"),
            ("ratio", lambda n, r: r["ratio"]), ("target", lambda n, r: r["target"]),
            ("as ratio", lambda n, r: r["target_ratio"]), ("value", lambda n, r: r["value"])]
    table = [[f(n, RESULTS[n]) for _, f in cols] for n in sorted(RESULTS)]
    widths = [max([len(h)] + [len(row[i]) for row in table]) for i, (h, _) in enumerate(cols)]
    print("  " + "  ".join(h.ljust(w) for (h, _), w in zip(cols, widths)).rstrip())
    for row in table:
        print("  " + "  ".join(c.ljust(w) for c, w in zip(row, widths)).rstrip())
    counts = {s: sum(r["status"] == s for r in RESULTS.values()) for s in ("PASS", "MISS", "n/a")}
    held = len(RESULTS) - sum(counts.values())
    print(f"  {counts['PASS']} PASS, {counts['MISS']} MISS, {counts['n/a']} n/a, {held} without a verdict "
          f"(load average >= 1) (benchmarks report; exit status 0)")


def readme_block_text(mode: str, seconds: float, load: float) -> str:
    """The README block of this run (``readme_block.render``)."""
    try:
        usable = len(os.sched_getaffinity(0))
    except AttributeError:
        usable = os.cpu_count()
    when = time.strftime("%Y-%m-%d %H:%M", time.gmtime())
    head = (f"Measured {when} UTC by `make bench-readme`: {mode} run of {seconds:.0f} s on "
            f"{platform.system()} {platform.machine()}, {os.cpu_count()} cores ({usable} usable), load average "
            f"{load:.2f} at the start, Python {platform.python_version()}, lcb_lab at {RUN_INFO.get('rev', '?')}; "
            f"reference workload {fmt_t(RUN_INFO['ref'])} CPU (median of the runs between figures).")
    rows = [(str(n), FIGURES[n], r["cpu_s"], f"{r['load']:.2f}", r["ratio"], r["target"], r["target_ratio"],
             r["status"], r["value"]) for n, r in sorted(RESULTS.items())]
    return readme_block.render(head, rows)


def check_readme() -> int:
    """``--check``: 0 when README.md's block is as ``--write-readme`` writes it, else 1 (reasons printed)."""
    problems = readme_block.check_file(README, list(RUNNERS))
    for pr in problems:
        print(f"benchmarks/README.md: {pr}")
    if not problems:
        print("benchmarks/README.md: the figures block is as run.py --write-readme wrote it")
    return 1 if problems else 0


def figures_chosen(only: str, ap: argparse.ArgumentParser) -> list[int]:
    """``--only``'s figure numbers (every figure when empty); anything else is refused (``ap.error``, exit 2)."""
    known = sorted(RUNNERS)
    words = [x.strip() for x in only.split(",") if x.strip()]
    bad = [w for w in words if not w.isdigit() or int(w) not in RUNNERS]
    if bad:
        ap.error(f"--only: unknown figure(s) {', '.join(b[:20] for b in bad[:5])}; the figures are "
                 f"{known[0]}..{known[-1]}, comma-separated (e.g. --only 3,9)")
    return [int(w) for w in words] or list(RUNNERS)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--quick", action="store_true", help="fewer repetitions (for the smoke test)")
    ap.add_argument("--only", default="", help="comma-separated figure numbers, e.g. 1,3")
    ap.add_argument("--write-readme", action="store_true",
                    help="write the summary into the marked block of benchmarks/README.md (every figure)")
    ap.add_argument("--check", action="store_true",
                    help="only check that benchmarks/README.md's block was written by --write-readme; exit 1 if not")
    a = ap.parse_args(argv)
    if a.check:
        return check_readme()
    if a.write_readme and a.only:
        ap.error("--write-readme writes every figure: drop --only")
    chosen = figures_chosen(a.only, ap)
    machine_info()
    mode = "quick" if a.quick else "full"
    print(f"  mode     {mode}; CPU time (time.process_time) and wall time (time.perf_counter), median (and min) "
          f"of n repetitions; each figure between two runs of a fixed reference workload (ratio = CPU / "
          f"reference CPU); a verdict only at a load average below 1")
    t_all = time.perf_counter()
    load = run_figures(chosen, a.quick)
    seconds = time.perf_counter() - t_all
    print_summary(mode, seconds)
    if a.write_readme:
        README.write_text(readme_block.replace_block(README.read_text(encoding="utf-8"),
                                                     readme_block_text(mode, seconds, load)), encoding="utf-8")
        print(f"wrote the figures block of {README.relative_to(ROOT)}")
    return 0

if __name__ == "__main__":
    cli_args.exit_with(main)
