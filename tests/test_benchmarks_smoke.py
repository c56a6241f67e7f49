"""Smoke test: ``benchmarks/run.py --quick`` runs and prints every figure with its CPU time,
load average and ratio to the reference workload; ``benchmarks/README.md``'s figures block is
as ``run.py --write-readme`` writes it (``--check``).

Only the output format is checked, never the timings: benchmarks report,
they do not gate.
"""
from __future__ import annotations

import math
import re
import resource
import subprocess
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "benchmarks"))
import readme_block  # noqa: E402
import reference  # noqa: E402

FIGURES = range(1, 19)
STATUS = r"(PASS|MISS|n/a|load \d+\.\d\d: verdict not given)"
RUN = [sys.executable, str(ROOT / "benchmarks" / "run.py")]


def _children_cpu() -> float:
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime


@pytest.fixture(scope="module")
def quick_run() -> tuple[str, float, float]:
    """(stdout, wall seconds, CPU seconds of the run and its children) of ``run.py --quick``."""
    t0, c0 = time.perf_counter(), _children_cpu()
    r = subprocess.run(RUN + ["--quick"], capture_output=True, text=True, cwd=str(ROOT), timeout=300)
    assert r.returncode == 0, r.stderr[-2000:]
    return r.stdout, time.perf_counter() - t0, _children_cpu() - c0


def test_benchmarks_quick_prints_every_figure(quick_run):
    out, _, _ = quick_run
    assert "numpy" in out and "python" in out          # machine header
    for n in FIGURES:
        line = re.search(rf"^FIGURE {n}: .+ \| target .+ \| {STATUS}$", out, re.M)
        assert line, f"figure {n} missing:\n{out[-3000:]}"
        assert re.search(rf"^\s+{n}\s+.+\s{STATUS}\s", out, re.M), f"figure {n} not in the summary"
    assert "=== summary" in out


def test_every_figure_has_cpu_load_and_ratio(quick_run):
    out, seconds, _ = quick_run
    for n in FIGURES:
        m = re.search(rf"^FIGURE {n}: .+ \| CPU (\S+ \S+) \| load (-?\d+\.\d\d) \| ratio ([\d.e+-]+) "
                      rf"\(reference ([\d.]+) ms\) \| target .+ \(as ratio (<= [\d.e+-]+|-)\) \| {STATUS}$", out, re.M)
        assert m, f"figure {n} lacks CPU, load or ratio:\n{out[-3000:]}"
        load, status = float(m.group(2)), m.group(6)
        assert 10 < float(m.group(4)) < 1000, m.group(0)       # the ~50 ms reference ran
        if status in ("PASS", "MISS"):
            assert load < 1, m.group(0)
        elif status != "n/a":
            assert load >= 1 and status == f"load {load:.2f}: verdict not given", m.group(0)
    head = re.search(r"^\s+#\s+figure\s+status\s+CPU\s+load\s+ratio\s+target\s+as ratio\s+value$", out, re.M)
    assert head, "summary header lacks the CPU, load and ratio columns"
    print(f"quick run: {seconds:.1f} s")


def test_quick_run_stays_short(quick_run):
    """About 15 s of CPU on a quiet 2-core machine: the bound keeps the test budget, it is no speed
    target (those are the figures themselves); CPU time, not wall, so that other jobs do not fail it."""
    out, seconds, cpu = quick_run
    assert 1 < cpu < 60, f"run.py --quick used {cpu:.1f} s of CPU ({seconds:.1f} s wall)"
    print(f"run.py --quick: {cpu:.1f} s CPU, {seconds:.1f} s wall")
    for n in FIGURES:
        assert re.search(rf"^    figure {n} took \d+\.\d s wall; reference workload ", out, re.M), n


def test_readme_block_written_by_the_tool():
    r = subprocess.run(RUN + ["--check"], capture_output=True, text=True, cwd=str(ROOT), timeout=60)
    assert r.returncode == 0, r.stdout + r.stderr
    assert r.stdout.strip() == "benchmarks/README.md: the figures block is as run.py --write-readme wrote it"


def _block() -> str:
    head = ("Measured 2026-12-02 01:00 UTC by `make bench-readme`: quick run of 19 s on Linux x86_64, 2 cores "
            "(2 usable), load average 2.94 at the start, Python 3.12.1, lcb_lab at 1cb2383; reference workload "
            "46.69 ms CPU (median of the runs between figures).")
    rows = [(str(n), f"fig {n}", "1.00 ms", "2.94", "0.0214", "<= 2 ms", "<= 0.0428",
             "load 2.94: verdict not given", "1.00 ms CPU") for n in FIGURES]
    return readme_block.render(head, rows)


def test_check_accepts_what_render_writes_and_replace_is_idempotent():
    text = readme_block.replace_block("# B\n\nintro\n", _block())
    assert readme_block.check(text, list(FIGURES)) == []
    again = readme_block.replace_block(text, _block())
    assert again == text and again.count(readme_block.BEGIN) == 1


@pytest.mark.parametrize("edit, problem", [
    (lambda t: t.replace("| 3 | fig 3 | 1.00 ms", "| 3 | fig 3 | 0.50 ms"),
     "the block was edited after run.py --write-readme wrote it (sha256 differs)"),
    (lambda t: re.sub(r"<!-- written by .*-->\n", "", t), "the block's first line is not the stamp that run.py "
                                                          "--write-readme writes"),
    (lambda t: t.replace(readme_block.END, ""), "the README needs exactly one <!-- bench:begin --> ... "
                                                "<!-- bench:end --> block"),
])
def test_check_refuses_a_hand_edited_block(edit, problem):
    text = readme_block.replace_block("# B\n", _block())
    assert problem in readme_block.check(edit(text), list(FIGURES))


def test_check_names_missing_header_fields_and_rows():
    head = "Measured sometime on some machine."
    text = readme_block.render(head, [("1", "f", "1 ms", "0.10", "0.02", "<= 1 ms", "<= 0.02", "PASS", "v")])
    problems = readme_block.check(text, [1, 2])
    assert "no row for figure 2" in problems
    assert {p.split(" (")[0] for p in problems if p.startswith("the header")} == {
        f"the header line has no {f}" for f in ("date", "mode", "cores", "load", "reference", "commit")}


def test_reference_workload_is_fixed_and_verdicts_follow_the_load():
    assert reference.reference_workload() == reference.REF_CHECK
    assert reference.reference_workload(1000) != reference.REF_CHECK
    assert reference.verdict(True, 0.42) == "PASS" and reference.verdict(False, 0.99) == "MISS"
    assert reference.verdict(True, 1.0) == "load 1.00: verdict not given"
    assert reference.verdict(None, 3.0) == "n/a"


def test_browser_block_written_by_the_tool():
    """``benchmarks/browser.py --check``: README.md's browser block is as ``--write-readme`` wrote it
    (no browser needed)."""
    r = subprocess.run([sys.executable, str(ROOT / "benchmarks" / "browser.py"), "--check"], capture_output=True,
                       text=True, cwd=str(ROOT), timeout=60)
    assert r.returncode == 0, r.stdout + r.stderr
    assert r.stdout.strip() == "benchmarks/README.md: the browser block is as browser.py --write-readme wrote it"


def test_browser_block_refuses_a_hand_edit():
    head = ("Measured 2026-12-02 09:00 UTC by `benchmarks/browser.py --quick --write-readme`: quick run of 126 s on "
            "Linux x86_64, 2 cores (2 usable), load average 6.52 at the start, viewport 1920x1080, median of 3, "
            "lcb_lab at abc1234; reference workload 61.7 ms wall at the start.")
    rows = [("lab_runall", "Run All -> map visible (JupyterLab)", "5.31 s (painted once)", "7.38", "86.1",
             "61.7 ms wall (40.3 ms CPU)", "<= 3.00 s", "MISS", "n=3")]
    kind = readme_block.BROWSER
    text = readme_block.replace_block("# B\n", readme_block.render(head, rows, kind), kind)
    assert readme_block.check(text, ["lab_runall"], kind) == []
    assert readme_block.check(text, ["lab_runall", "voila_load"], kind) == ["no row for figure voila_load"]
    edited = text.replace("5.31 s (painted once)", "2.90 s (painted once)")
    assert readme_block.check(edited, ["lab_runall"], kind) == [
        "the block was edited after browser.py --write-readme wrote it (sha256 differs)"]
    assert readme_block.check(text, [], readme_block.RUN) == [
        "the README needs exactly one <!-- bench:begin --> ... <!-- bench:end --> block"]


def test_strength_block_written_by_the_tool():
    """``benchmarks/strength.py --check``: docs/opponents.md's strength block is as ``--write-docs`` wrote it."""
    r = subprocess.run([sys.executable, str(ROOT / "benchmarks" / "strength.py"), "--check"], capture_output=True,
                       text=True, cwd=str(ROOT), timeout=60)
    assert r.returncode == 0, r.stdout + r.stderr
    assert r.stdout.strip() == "docs/opponents.md: the strength block is as --write-docs wrote it"


def test_strength_block_names_its_settings_and_refuses_a_hand_edit():
    import strength
    f = strength.figures([(0, "RU", 2, {"winner": "RU", "cpu": 1.0}), (0, "US", 0, {"winner": "RU", "cpu": 1.0}),
                          (1, "RU", 3, {"winner": "RU", "cpu": 1.0}), (1, "US", 1, {"winner": "RU", "cpu": 1.0})])
    assert (f["seeds"], f["mean"], f["wins"]) == (2, 1.5, {"US": 0, "RU": 4})   # seeds' means 1.0 and 2.0
    assert round(f["lo"], 2) == 0.52 and strength.verdict("random", "greedy", f) == "greedy beats random"
    kind = readme_block.STRENGTH
    small = strength.docs_block(40, 0.1, [("random", "greedy", f)], 2, "abc1234")
    assert "below the full settings" in small and "| random vs greedy | 4 | 0 / 4 | greedy +1.50 |" in small
    assert "the issue's full settings" in strength.docs_block(200, 1.0, [("random", "greedy", f)], 2, "abc1234")
    text = readme_block.replace_block("# O\n", small, kind)
    assert readme_block.check(text, [], kind) == []
    assert readme_block.check(text.replace("greedy +1.50", "greedy +9.50"), [], kind) == [
        "the block was edited after strength.py --write-docs wrote it (sha256 differs)"]


def test_own_load_follows_the_kernel_average_and_is_not_judged():
    """A figure is judged on the other jobs' load: the run's own share (its processes' CPU / wall,
    averaged with the kernel's 60 s time constant) is taken off; figure 20 at load 0.38 before and
    1.72 after, its 2 workers busy for 95.5 s, is judged at 0.38 (it was refused a verdict)."""
    ticks = iter([(0.0, 0.0), (95.5, 188.6), (155.5, 188.6), (215.5, 278.6)])
    own = reference.OwnLoad(clock=lambda: next(ticks))
    shares = [own.step() for _ in range(3)]
    assert shares[0] == pytest.approx(188.6 / 95.5 * (1 - math.exp(-95.5 / 60)))
    assert shares[1] == pytest.approx(shares[0] * math.exp(-1))            # idle a minute: decays
    assert shares[2] == pytest.approx(shares[1] * math.exp(-1) + 1.5 * (1 - math.exp(-1)))
    assert reference.judged_load((0.38, 1.72), (0.0, shares[0])) == 0.38
    assert reference.judged_load((0.2, 3.5), (0.0, shares[0])) == pytest.approx(3.5 - shares[0])
    assert reference.judged_load((0.5, 0.1), (0.9, 0.9)) == 0.0            # never below 0
