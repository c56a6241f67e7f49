#!/usr/bin/env python
"""lcb_lab in a real browser: latency from the user's action to the visible change, timed in the page.

    .venv/bin/python benchmarks/browser.py                    # JupyterLab and Voila, 10 repetitions
    .venv/bin/python benchmarks/browser.py --repeat 15
    .venv/bin/python benchmarks/browser.py --jupyterlab --only hex,unit
    .venv/bin/python benchmarks/browser.py --voila
    .venv/bin/python benchmarks/browser.py --quick --write-readme   # runall, load, hex (median of 3); README block
    .venv/bin/python benchmarks/browser.py --check                  # is README.md's browser block as written?

Serves JupyterLab (on a temporary copy of the notebooks) and Voila (the app notebook) on
127.0.0.1, drives headless Chromium (the system /usr/bin/chromium, flags of
tests/browser/driver.py; Playwright's sync API, no ``playwright install``) like a person, and
times *inside the page* (tests/browser/probe.js): the input event's own timestamp, a
MutationObserver on the lab's panels (the time of the panel's **last** change once it has been
quiet for ``--quiet-ms``), and the paints of the Bokeh map canvas (the animation frame after
its last drawing call). The driver never takes a time itself: polling from the driver reads
3-4x high on this machine.

Each figure is the median of ``--repeat`` repetitions (>= 10 by default), printed as

    FIGURE <name>: <what> = <median> ms | target <= <t> ms | PASS/MISS | load <L> | ratio <r> (reference <w> ms
    wall, <c> ms CPU) | spread <min>-<max> (p25-p75) ...

(``load``: the 1-minute load average, the higher of before and after the figure; ``ratio``: the median
over the wall time of the same-run reference workload, ``benchmarks/reference.py``, run just before and
after the figure: compare ratios across runs on a loaded machine),

with the first change beside the last, and the CPU time the kernel process (psutil, else /proc) and the
browser's processes spent on the action beside the wall time. A report, not a gate: exit 0.
Python-side figures (benchmarks/run.py --quick --only 4,5,7) are printed at the end.
"""
from __future__ import annotations

import argparse
import os
import platform
import statistics
import subprocess
import sys
import tempfile
import time
import traceback
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
for p in (ROOT, ROOT / "tests" / "browser"):
    if str(p) not in sys.path:
        sys.path.insert(0, str(p))

import driver as D  # noqa: E402  (tests/browser/driver.py)
import labui as L  # noqa: E402  (tests/browser/labui.py)

sys.path.insert(0, str(ROOT / "benchmarks"))
import cli_args  # noqa: E402  (benchmarks/cli_args.py)
import readme_block  # noqa: E402  (benchmarks/readme_block.py)
from reference import load_now, measure_reference  # noqa: E402  (benchmarks/reference.py)

HEXES = ("AJ-23", "AK-25")                   # empty hexes, clicked in turn
UNIT_HEXES = (("AL-29", "DDG-51"), ("AM-27", "DDG-80"))
LRS_DICE = (3, 4)                           # 4 of DDG-51's 8 LRS1 supply (see the note in the README)
INTERCEPT_DICE = (2, 4)


@dataclass
class Spec:
    name: str
    what: str
    target_ms: float | None
    where: str                               # "jupyterlab" | "voila"


SPECS = [
    Spec("lab_runall", "Run All -> map visible (JupyterLab)", 3000, "jupyterlab"),
    Spec("lab_hex", "hex click -> hex-info panel settled (JupyterLab)", 100, "jupyterlab"),
    Spec("lab_unit", "unit select -> overlays painted on the map (JupyterLab)", 150, "jupyterlab"),
    Spec("lab_declare", "Declare -> explained steps in the log (JupyterLab)", 150, "jupyterlab"),
    Spec("lab_odds", "LRS dice changed -> odds preview settled (JupyterLab)", 100, "jupyterlab"),
    Spec("lab_intercept", "INTERCEPT dice changed -> odds settled (JupyterLab)", 100, "jupyterlab"),
    Spec("voila_load", "Voila page load -> map visible", 3000, "voila"),
    Spec("voila_hex", "hex click -> hex-info panel settled (Voila)", 100, "voila"),
    Spec("voila_unit", "unit select -> overlays painted on the map (Voila)", 150, "voila"),
]
SPEC = {s.name: s for s in SPECS}
QUICK_ONLY = "runall,load,hex"
QUICK_REPEAT = 3
README = ROOT / "benchmarks" / "README.md"
ALIASES = {"runall": "lab_runall", "hex": "lab_hex,voila_hex", "unit": "lab_unit,voila_unit",
           "declare": "lab_declare", "odds": "lab_odds,lab_intercept", "intercept": "lab_intercept",
           "load": "voila_load"}


# ================================================================ numbers
@dataclass
class Samples:
    ms: list[float] = field(default_factory=list)          # the figure: event -> last change / paint
    first_ms: list[float] = field(default_factory=list)    # event -> first change
    kernel_cpu: list[float] = field(default_factory=list)  # ms of kernel CPU per action
    browser_cpu: list[float] = field(default_factory=list)
    extra: dict = field(default_factory=dict)


def q(xs: list[float], p: float) -> float:
    """The p-quantile (0..1) by linear interpolation."""
    s = sorted(xs)
    if len(s) == 1:
        return s[0]
    k = (len(s) - 1) * p
    lo = int(k)
    hi = min(lo + 1, len(s) - 1)
    return s[lo] + (s[hi] - s[lo]) * (k - lo)


def fmt(ms: float) -> str:
    return f"{ms / 1000:.2f} s" if ms >= 1000 else f"{ms:.0f} ms"


RESULTS: dict[str, dict] = {}


class Reference:
    """The same-run reference workload (``benchmarks/reference.py``) and the load average, taken
    before a figure (:meth:`mark`) and after it (:meth:`around`): a figure is printed beside both,
    and as a ratio to the reference's wall time (the page's figures are wall times)."""

    def __init__(self) -> None:
        self.before = self._take()

    @staticmethod
    def _take() -> tuple[float, float, float]:
        """(wall ms, CPU ms, 1-minute load average) of one reference run."""
        t0, c0 = time.perf_counter(), time.process_time()
        measure_reference()
        return (time.perf_counter() - t0) * 1000, (time.process_time() - c0) * 1000, load_now()

    def mark(self) -> None:
        self.before = self._take()

    def around(self) -> dict:
        """The reference and load of the figure just measured (mean of before and after; the higher load)."""
        after = self._take()
        b, a = self.before, after
        self.before = after
        return {"wall": (b[0] + a[0]) / 2, "cpu": (b[1] + a[1]) / 2, "load": max(b[2], a[2])}


REF: Reference | None = None


def mark_reference() -> None:
    """A figure starts: take the reference run before it (see :class:`Reference`)."""
    if REF:
        REF.mark()


def report(spec: Spec, s: Samples, note: str = "", ok_extra: bool | None = None, also: str = "") -> None:
    if not s.ms:
        return na(spec, note or "no sample")
    med = statistics.median(s.ms)
    ok = spec.target_ms is None or med <= spec.target_ms
    if ok_extra is not None:
        ok = ok and ok_extra
    status = "PASS" if ok else "MISS"
    target = f"<= {fmt(spec.target_ms)}" if spec.target_ms else "none"
    parts = [f"spread {fmt(min(s.ms))}-{fmt(max(s.ms))} (p25-p75 {fmt(q(s.ms, .25))}-{fmt(q(s.ms, .75))})"]
    if s.first_ms:
        parts.append(f"first change {fmt(statistics.median(s.first_ms))}")
    if s.kernel_cpu:
        parts.append(f"kernel CPU {fmt(statistics.median(s.kernel_cpu))}")
    if s.browser_cpu:
        parts.append(f"browser CPU {fmt(statistics.median(s.browser_cpu))}")
    parts.append(f"n={len(s.ms)}")
    if note:
        parts.append(note)
    ref = REF.around() if REF else {"wall": float("nan"), "cpu": float("nan"), "load": load_now()}
    ratio = med / ref["wall"]
    RESULTS[spec.name] = {"value": fmt(med) + (f" ({also})" if also else ""), "target": target, "status": status,
                          "load": f"{ref['load']:.2f}", "ratio": f"{ratio:.3g}",
                          "reference": f"{ref['wall']:.1f} ms wall ({ref['cpu']:.1f} ms CPU)",
                          "note": "; ".join(p for p in parts if p.startswith(("spread", "first change", "kernel CPU",
                                                                              "browser CPU", "n=")))}
    print(f"FIGURE {spec.name}: {spec.what} = {fmt(med)} | target {target} | {status} | load {ref['load']:.2f} | "
          f"ratio {ratio:.3g} (reference {ref['wall']:.1f} ms wall, {ref['cpu']:.1f} ms CPU) | " + "; ".join(parts),
          flush=True)


def na(spec: Spec, why: str) -> None:
    target = f"<= {fmt(spec.target_ms)}" if spec.target_ms else "none"
    if REF:
        REF.mark()
    RESULTS[spec.name] = {"value": f"n/a ({why})", "target": target, "status": "n/a", "load": f"{load_now():.2f}",
                          "ratio": "-", "reference": "-"}
    print(f"FIGURE {spec.name}: {spec.what} = n/a ({why}) | target {target} | n/a", flush=True)


# ================================================================ CPU clocks
def _cpu_ms(pids) -> float:
    return D.cpu_ms(pids)


def browser_pids() -> list[int]:
    """This process's Chromium processes (below Playwright's driver)."""
    return [p for p in D.descendants(os.getpid()) if "chrom" in (D.cmdline(p)[0:1] or [""])[0].lower()]


class Clocks:
    """CPU of the kernel (the newest of ``server``'s) and of the browser between start() and stop()."""

    def __init__(self, server: D.Server):
        self.server = server

    def start(self) -> None:
        pids = self.server.kernel_pids()
        self.kernel = pids[-1:] if pids else []
        self.browser = browser_pids()
        self.k0, self.b0 = _cpu_ms(self.kernel), _cpu_ms(self.browser)

    def stop(self, s: Samples) -> None:
        if self.kernel:
            s.kernel_cpu.append(_cpu_ms(self.kernel) - self.k0)
        s.browser_cpu.append(_cpu_ms(self.browser) - self.b0)


# ================================================================ the runs
class Run:
    def __init__(self, args, pw, workdir: Path):
        self.a = args
        self.pw = pw
        self.workdir = workdir
        self.outside: list[str] = []
        self.errors: list[str] = []
        self.browser = pw.chromium.launch(executable_path=D.chromium_path(), args=D.CHROMIUM_ARGS)

    def context(self):
        w, h = self.a.viewport
        ctx = self.browser.new_context(viewport={"width": w, "height": h})
        ctx.add_init_script(D.probe_script())
        ctx.on("request", lambda r: None if D.is_local(r.url) else self.outside.append(r.url))
        ctx.on("console", lambda m: self.errors.append(m.text[:200]) if m.type == "error" else None)
        ctx.on("weberror", lambda e: self.errors.append(str(e.error)[:200]))
        return ctx

    def want(self, *names: str) -> bool:
        return any(n in self.a.only for n in names)

    # ------------------------------------------------------------ interactions (both servers)
    def hex_and_unit(self, page, probe: D.Probe, clocks: Clocks, prefix: str) -> None:
        n = self.a.repeat
        if self.want(f"{prefix}_hex"):
            s = Samples()
            mark_reference()
            for i in range(n):
                clocks.start()
                L.click_hex(page, HEXES[i % 2], probe, "hex")
                r = probe.settle("hex", "hexinfo")
                clocks.stop(s)
                s.ms.append(r["ms"])
                s.first_ms.append(r["first_ms"])
            report(SPEC[f"{prefix}_hex"], s)
        if self.want(f"{prefix}_unit"):
            s, panels = Samples(), []
            mark_reference()
            for i in range(n):
                hx, _uid = UNIT_HEXES[i % 2]
                clocks.start()
                L.click_hex(page, hx, probe, "unit")
                r = probe.settle("unit", "paint")
                p = probe.settle("unit", "right", timeout_ms=5000)
                clocks.stop(s)
                s.ms.append(r["ms"])
                s.first_ms.append(r["first_ms"])
                panels.append(p["ms"])
            report(SPEC[f"{prefix}_unit"], s, note=f"right-hand panels settled {fmt(statistics.median(panels))}")

    # ------------------------------------------------------------ JupyterLab
    def jupyterlab(self) -> None:
        names = [s.name for s in SPECS if s.where == "jupyterlab" and s.name in self.a.only]
        if not names:
            return
        print("\n=== JupyterLab " + "=" * 60, flush=True)
        server = D.start_jupyterlab(self.workdir / "jupyterlab", [Path(D.START_NOTEBOOK).name])
        try:
            ctx = self.context()
            page = ctx.new_page()
            probe = D.Probe(page, self.a.quiet_ms)
            clocks = Clocks(server)
            self.runall(page, probe, server, clocks)
            L.wait_kernel_idle(page)
            L.wait_kernel_listening(page)
            self.hex_and_unit(page, probe, clocks, "lab")
            if self.want("lab_declare", "lab_odds", "lab_intercept"):
                self.combat(page, probe, clocks)
            ctx.close()
        finally:
            server.stop()

    def runall(self, page, probe: D.Probe, server: D.Server, clocks: Clocks) -> None:
        spec = SPEC["lab_runall"]
        reps = self.a.repeat if self.want("lab_runall") else 1
        s, hosts, bursts, lasts = Samples(), [], [], []
        mark_reference()
        for i in range(reps):
            if i:                                   # a fresh kernel, no outputs, a fresh page
                L.restart_kernel(page)
                L.clear_outputs(page)
                page.reload(wait_until="domcontentloaded")
            else:
                L.open_notebook(page, server, D.START_NOTEBOOK)
            L.wait_kernel_idle(page)
            page.wait_for_timeout(300)
            clocks.start()
            L.run_all(page, probe, "runall")
            L.wait_for_map(page)
            ev = page.evaluate("() => window.__lcb.eventOf('runall')")
            L.wait_kernel_idle(page)                # every cell has run: a late repaint comes after that
            clocks.stop(s)
            got = probe.wait_paint_quiet(ev["t"], self.a.repaint_quiet_ms, D.LOAD_TIMEOUT_MS)
            b = D.paint_bursts(got["paints"])
            s.ms.append(b[0][1] - ev["t"])
            lasts.append(b[-1][1] - ev["t"])
            hosts.append(len(got["hosts"]))
            bursts.append(len(b))
        if self.want("lab_runall"):
            once = all(h == 1 and b == 1 for h, b in zip(hosts, bursts))
            report(spec, s, ok_extra=once, also="painted once" if once else "painted more than once",
                   note=(f"painted once: {'yes' if once else 'NO'} (map canvases created per run "
                         f"{sorted(set(hosts))}, paint bursts {sorted(set(bursts))}; last paint median "
                         f"{fmt(statistics.median(lasts))}); a run = Kernel > Restart, Edit > Clear Outputs, "
                         "reload, Run > Run All Cells"))

    def combat(self, page, probe: D.Probe, clocks: Clocks) -> None:
        n = self.a.repeat
        try:
            L.reveal(page, "1 Anna", "AL-21")
            L.begin_impulse(page, "TF Boston")
            L.add_action(page, "AL-29", "DDG-51")
        except Exception as e:  # noqa: BLE001 - the lab's texts may have changed
            for name in ("lab_declare", "lab_odds", "lab_intercept"):
                if self.want(name):
                    na(SPEC[name], f"could not prepare the impulse: {type(e).__name__}: {str(e)[:120]}")
            return
        s = Samples()
        mark_reference()
        for i in range(n if self.want("lab_declare") else 1):
            clocks.start()
            probe.arm("declare", "pointerdown")
            L.button(page, L.DECLARE).click()
            r = probe.settle("declare", "log")
            clocks.stop(s)
            s.ms.append(r["ms"])
            s.first_ms.append(r["first_ms"])
            if i < n - 1 and self.want("lab_declare"):
                L.undo(page)
                L.button(page, L.ADD_ACTION).click()
                page.wait_for_timeout(300)
        if self.want("lab_declare"):
            report(SPEC["lab_declare"], s, note="Add action, then Declare (timed); History > Undo between runs")
        L.expect_message(page, "Declare: done.")
        box = L.combat_dice(page)
        s = Samples()
        reps = n if self.want("lab_odds") else 0
        mark_reference()
        for i in range(reps):
            clocks.start()
            L.type_number(page, box, LRS_DICE[i % 2], probe, "odds")
            r = probe.settle("odds", "odds" if page.locator(f".lcb-app {L.ODDS}").count() else "oddsText")
            clocks.stop(s)
            s.ms.append(r["ms"])
            s.first_ms.append(r["first_ms"])
        if reps:
            report(SPEC["lab_odds"], s, note="type the dice, Enter (the widget sends on Enter)")
        if not self.want("lab_intercept"):
            return
        if box.input_value() != str(LRS_DICE[1]):
            L.type_number(page, box, LRS_DICE[1])
            page.wait_for_timeout(500)
        L.button(page, L.ADD_LRS).click()
        L.button(page, L.COMMIT).click()
        L.expect_message(page, "Commit combat: done.")
        ibox = L.dice_input(page, ".lcb-decision")
        s, wrong = Samples(), 0
        decision = page.locator(".lcb-decision").first
        mark_reference()
        for i in range(n):
            dice = INTERCEPT_DICE[(i + 1) % 2]
            clocks.start()
            L.type_number(page, ibox, dice, probe, "intercept")
            r = probe.settle("intercept", "decision")
            clocks.stop(s)
            s.ms.append(r["ms"])
            s.first_ms.append(r["first_ms"])
            wrong += f"with {dice} INTERCEPT dice" not in decision.inner_text()
        report(SPEC["lab_intercept"], s, note="FFG-454's INTERCEPT dice against DDG-51's 4 LRS dice on 1 Anna"
               + (f"; the odds did NOT name the dice entered in {wrong} of {n} runs" if wrong else
                  "; the odds named the dice entered every time"))

    # ------------------------------------------------------------ Voila
    def voila_load(self, server: D.Server) -> None:
        s, hosts, bursts = Samples(), [], []
        mark_reference()
        for _ in range(self.a.repeat):
            ctx = self.context()                    # a fresh context: a first visit, cold cache
            page = ctx.new_page()
            before = {pid: _cpu_ms([pid]) for pid in server.kernel_pids()}
            b0 = _cpu_ms(browser_pids())
            page.goto(server.url, wait_until="domcontentloaded", timeout=D.LOAD_TIMEOUT_MS)
            L.wait_for_map(page)
            got = D.Probe(page, self.a.quiet_ms).wait_paint_quiet(0.0, self.a.repaint_quiet_ms, D.LOAD_TIMEOUT_MS)
            b = D.paint_bursts(got["paints"])
            s.ms.append(b[0][1])                    # from the navigation's time origin
            hosts.append(len(got["hosts"]))
            bursts.append(len(b))
            s.kernel_cpu.append(sum(_cpu_ms([pid]) - before.get(pid, 0.0) for pid in server.kernel_pids()))
            s.browser_cpu.append(_cpu_ms(browser_pids()) - b0)
            ctx.close()
        once = all(h == 1 and b == 1 for h, b in zip(hosts, bursts))
        report(SPEC["voila_load"], s, ok_extra=once, also="painted once" if once else "painted more than once",
               note=(f"painted once: {'yes' if once else 'NO'} (map canvases created {sorted(set(hosts))}, "
                     f"paint bursts {sorted(set(bursts))}); from navigation start, a fresh browser context each "
                     "time; kernel CPU = what the server's kernels spent from navigation to the map (lcb-lab voila's "
                     "pre-heated kernel ran the notebook before the page asked; the one refilling the pool "
                     "starts a second after the page took it); target: the Run All target"))

    def voila(self) -> None:
        names = [s.name for s in SPECS if s.where == "voila" and s.name in self.a.only]
        if not names:
            return
        nb = D.app_notebook()
        print(f"\n=== Voila ({nb}) " + "=" * 50, flush=True)
        server = D.start_voila(nb, self.workdir / "voila")
        try:
            if self.want("voila_load"):
                self.voila_load(server)
            if self.want("voila_hex", "voila_unit"):
                ctx = self.context()
                page = ctx.new_page()
                page.goto(server.url, wait_until="domcontentloaded", timeout=D.LOAD_TIMEOUT_MS)
                L.wait_for_map(page)
                L.wait_kernel_listening(page)
                self.hex_and_unit(page, D.Probe(page, self.a.quiet_ms), Clocks(server), "voila")
                ctx.close()
        finally:
            server.stop()


# ================================================================ Python-side figures
def python_figures() -> None:
    print("\n=== Python side (benchmarks/run.py --quick --only 4,5,7) " + "=" * 20, flush=True)
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")])}
    try:
        out = subprocess.run([sys.executable, str(ROOT / "benchmarks" / "run.py"), "--quick", "--only", "4,5,7"],
                             capture_output=True, text=True, env=env, timeout=600).stdout
    except (OSError, subprocess.TimeoutExpired) as e:
        print(f"  n/a ({e})")
        return
    for line in out.splitlines():
        if line.startswith("FIGURE"):
            print("  " + line)


# ================================================================ main
def machine() -> None:
    from importlib.metadata import version

    def ver(m: str) -> str:
        try:
            return version(m)
        except Exception:  # noqa: BLE001
            return "?"
    load = os.getloadavg() if hasattr(os, "getloadavg") else ("?",)
    print("lcb_lab browser benchmark")
    print(f"  python {platform.python_version()}; cpu_count {os.cpu_count()}; load average "
          f"{', '.join(f'{x:.2f}' for x in load)}")
    chromium = D.chromium_path()
    cv = subprocess.run([chromium, "--version"], capture_output=True, text=True).stdout.strip() if chromium else "?"
    print(f"  {cv}; playwright {ver('playwright')}; jupyterlab {ver('jupyterlab')}; voila {ver('voila')}; "
          f"bokeh {ver('bokeh')}; jupyter_bokeh {ver('jupyter_bokeh')}; ipywidgets {ver('ipywidgets')}")


def parse(argv):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repeat", type=cli_args.whole(1), default=10, help="repetitions per figure (median of these; default 10)")
    ap.add_argument("--only", default="", help="figure names, comma-separated: " + ", ".join(SPEC)
                    + " (or hex, unit, declare, odds, runall, load)")
    ap.add_argument("--jupyterlab", action="store_true", help="JupyterLab figures only")
    ap.add_argument("--voila", action="store_true", help="Voila figures only")
    ap.add_argument("--quiet-ms", type=cli_args.whole(0), default=500, help="a panel has settled after this long without a change")
    ap.add_argument("--repaint-quiet-ms", type=cli_args.whole(0), default=4000,
                    help="after Run All / page load, wait this long without a paint (catches a second paint)")
    ap.add_argument("--viewport", type=cli_args.viewport, default=(1920, 1080),
                    help="browser viewport WxH (default 1920x1080)")
    ap.add_argument("--no-python", action="store_true", help="skip the Python-side figures")
    ap.add_argument("--quick", action="store_true",
                    help=f"a short run: {QUICK_ONLY}, {QUICK_REPEAT} repetitions, no Python-side figures")
    ap.add_argument("--write-readme", action="store_true",
                    help="write the figures into the browser block of benchmarks/README.md (every figure, or --quick's)")
    ap.add_argument("--check", action="store_true",
                    help="only check that benchmarks/README.md's browser block was written by --write-readme")
    a = ap.parse_args(argv)
    if a.quick:
        a.only = a.only or QUICK_ONLY
        a.repeat = min(a.repeat, QUICK_REPEAT)
        a.no_python = True
    names = []
    for x in a.only.split(","):
        x = x.strip()
        if x:
            names += ALIASES.get(x, x).split(",")
    bad = [x for x in names if x not in SPEC]
    if bad:
        ap.error(f"unknown figure(s) {', '.join(bad)}; choose from {', '.join(SPEC)}")
    where = {w for w, on in (("jupyterlab", a.jupyterlab), ("voila", a.voila)) if on} or {"jupyterlab", "voila"}
    a.only = [s.name for s in SPECS if (not names or s.name in names) and s.where in where]
    return a


def readme_text(a, seconds: float, load: float, ref: float) -> str:
    """The browser block of benchmarks/README.md for this run (``readme_block.render``, ``BROWSER``)."""
    try:
        usable = len(os.sched_getaffinity(0))
    except AttributeError:
        usable = os.cpu_count()
    rev = subprocess.run(["git", "-C", str(ROOT), "rev-parse", "--short", "HEAD"], capture_output=True,
                         text=True).stdout.strip() or "?"
    when = time.strftime("%Y-%m-%d %H:%M", time.gmtime())
    head = (f"Measured {when} UTC by `benchmarks/browser.py{' --quick' if a.quick else ''} --write-readme`: "
            f"{'quick' if a.quick else 'full'} run of {seconds:.0f} s on {platform.system()} {platform.machine()}, "
            f"{os.cpu_count()} cores ({usable} usable), load average {load:.2f} at the start, viewport "
            f"{a.viewport[0]}x{a.viewport[1]}, median of {a.repeat}, lcb_lab at {rev}; reference workload "
            f"{ref:.1f} ms wall at the start (each row: the mean of the runs just before and after it).")
    rows = [(name, SPEC[name].what, r["value"], r["load"], r["ratio"], r["reference"], r["target"], r["status"],
             r.get("note", "")) for name, r in RESULTS.items()]
    return readme_block.render(head, rows, readme_block.BROWSER)


def check_readme() -> int:
    """``--check``: 0 when README.md's browser block is as ``--write-readme`` writes it, else 1."""
    problems = readme_block.check_file(README, [], readme_block.BROWSER)
    for pr in problems:
        print(f"benchmarks/README.md: {pr}")
    if not problems:
        print("benchmarks/README.md: the browser block is as browser.py --write-readme wrote it")
    return 1 if problems else 0


def bytecode_cache() -> str:
    """Let the servers' kernels keep compiled bytecode, as an installed package has it (pip compiles
    a wheel on install; an editable checkout writes ``__pycache__`` on the first import): where the
    environment forbids writing it (``PYTHONDONTWRITEBYTECODE``), every kernel compiled lcb_lab's
    source again (about a third of the import's CPU).  The cache goes under the temporary folder
    (``PYTHONPYCACHEPREFIX``), never into the checkout.  Returns what the header prints."""
    if not os.environ.get("PYTHONDONTWRITEBYTECODE"):
        return "bytecode as the environment keeps it"
    os.environ.pop("PYTHONDONTWRITEBYTECODE")
    prefix = os.environ.setdefault("PYTHONPYCACHEPREFIX", str(Path(tempfile.gettempdir()) / "lcb_lab-bench-pycache"))
    return f"bytecode cached in {prefix} (PYTHONDONTWRITEBYTECODE dropped for the servers, as an install has it)"


def main(argv=None) -> int:
    global REF
    a = parse(argv)
    if a.check:
        return check_readme()
    if not D.chromium_path():
        print("no chromium on PATH (scripts/ensure_chromium.sh); nothing measured")
        return 0
    from playwright.sync_api import sync_playwright
    machine()
    print(f"  {bytecode_cache()}")
    print(f"  figures {', '.join(a.only)}; repeat {a.repeat}; quiet {a.quiet_ms} ms; viewport "
          f"{a.viewport[0]}x{a.viewport[1]}; times in the page (performance.now); CPU of the kernel and the "
          "browser processes (psutil, else /proc)")
    REF = Reference()
    load0, ref0 = REF.before[2], REF.before[0]
    print(f"  reference workload (benchmarks/reference.py) {REF.before[0]:.1f} ms wall, {REF.before[1]:.1f} ms CPU; "
          f"every figure is printed with the load average and its ratio to the reference's wall time")
    t0 = time.perf_counter()
    with tempfile.TemporaryDirectory(prefix="lcb-browser-bench-") as tmp, sync_playwright() as pw:
        run = Run(a, pw, Path(tmp))
        for part in (run.jupyterlab, run.voila):
            try:
                part()
            except Exception as e:  # noqa: BLE001 - a benchmark reports, it never stops the run
                traceback.print_exc()
                for s in SPECS:
                    if s.name in a.only and s.name not in RESULTS and part.__name__ == s.where:
                        na(s, f"{type(e).__name__}: {str(e).splitlines()[0][:160]}")
        run.browser.close()
    if not a.no_python:
        python_figures()
    print(f"\n=== summary ({time.perf_counter() - t0:.0f} s) " + "=" * 50)
    w = max(len(SPEC[n].what) for n in RESULTS) if RESULTS else 10
    for name, r in RESULTS.items():
        print(f"  {name:<14} {SPEC[name].what:<{w}}  {r['status']:<4}  {r['target']:<10} load {r['load']:<5} "
              f"ratio {r['ratio']:<7} {r['value']}")
    print(f"  requests that left 127.0.0.1: {len(run.outside)}" + (f" ({', '.join(sorted(set(run.outside))[:5])})"
                                                                 if run.outside else ""))
    print(f"  browser console errors: {len(run.errors)}" + (" (Run All's kernel restarts and reloads log some"
                                                           " 'Cannot send' ones)" if run.errors else ""))
    for e in list(dict.fromkeys(run.errors))[:5]:
        print(f"    {e}")
    if a.write_readme:
        README.write_text(readme_block.replace_block(README.read_text(encoding="utf-8"),
                                                     readme_text(a, time.perf_counter() - t0, load0, ref0),
                                                     readme_block.BROWSER), encoding="utf-8")
        print(f"wrote the browser block of {README.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    cli_args.exit_with(main)
