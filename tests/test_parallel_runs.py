"""`make test` on every core: what runs together, and what must not.

`make test` runs pytest-xdist with ``--dist loadfile`` and tests/conftest.py's scheduler: every
browser test in one work unit (one server and one Chromium at a time), handed out first; every
other file a unit of its own (a notebook's cells in order, in one kernel).  Checked here on a small
copy of that layout run by a nested pytest with two workers (~15 s: one notebook kernel), and on
the Makefile and README.
"""
from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import nbformat
import pytest

from tests.conftest import BROWSER_GROUP, xdist_group

ROOT = Path(__file__).resolve().parents[1]
RECORD = '''
import json, os, time
def _record(request, what):
    with open(os.environ["RUN_LOG"], "a") as f:
        f.write(json.dumps({"test": request.node.nodeid, "worker": os.environ.get("PYTEST_XDIST_WORKER"),
                            "what": what, "t": time.monotonic(),
                            "output": getattr(request.config.option, "output", None)}) + "\\n")
'''
TEST = RECORD + '''
def test_NAME(request):
    _record(request, "start")
    time.sleep(0.3)
    _record(request, "end")
'''


def test_browser_tests_are_one_unit_and_other_files_one_each():
    assert xdist_group("tests/browser/test_lab_browser.py::test_lab[1366x768]") == BROWSER_GROUP
    assert xdist_group("tests/browser/test_jupyterlab.py::test_x") == BROWSER_GROUP
    assert xdist_group("tests/engine/test_golden.py::test_a[appendix_b]") == "tests/engine/test_golden.py"
    assert xdist_group("notebooks/01_lrs_and_intercept.ipynb::Cell 3") == "notebooks/01_lrs_and_intercept.ipynb"


def _layout(tmp: Path) -> None:
    (tmp / "tests" / "browser").mkdir(parents=True)
    shutil.copy(ROOT / "tests" / "conftest.py", tmp / "tests" / "conftest.py")
    for i in (1, 2):
        (tmp / "tests" / "browser" / f"test_b{i}.py").write_text(
            TEST.replace("NAME", f"b{i}x") + TEST.replace("NAME", f"b{i}y"), encoding="utf-8")
    for i in range(1, 5):
        (tmp / "tests" / f"test_other{i}.py").write_text(TEST.replace("NAME", f"o{i}"), encoding="utf-8")
    nb = nbformat.v4.new_notebook()
    cells = [("x = 1", None), ("x += 1", None), ("print(x)", "2\n")]
    for n, (src, out) in enumerate(cells, start=1):
        cell = nbformat.v4.new_code_cell(src, execution_count=n)
        cell.outputs = [nbformat.v4.new_output("stream", name="stdout", text=out)] if out else []
        nb.cells.append(cell)
    (tmp / "notebooks").mkdir()
    nbformat.write(nb, tmp / "notebooks" / "cells.ipynb")


def test_two_workers_run_the_browser_tests_one_at_a_time_and_a_notebook_in_order(tmp_path):
    _layout(tmp_path)
    log = tmp_path / "run.jsonl"
    r = subprocess.run([sys.executable, "-m", "pytest", "-n", "2", "--dist", "loadfile", "--no-loadscope-reorder",
                        "-p", "no:cacheprovider", "--nbval", "--nbval-current-env", "tests", "notebooks"],
                       capture_output=True, text=True, cwd=tmp_path, timeout=300,
                       env={**_env(), "RUN_LOG": str(log)})
    assert r.returncode == 0, r.stdout[-3000:] + r.stderr[-2000:]
    assert re.search(r"^=+ 11 passed in [\d.]+s", r.stdout, re.M), r.stdout[-500:]   # 8 tests, 3 cells
    rows = [json.loads(ln) for ln in log.read_text(encoding="utf-8").splitlines()]
    browser = [x for x in rows if x["test"].startswith(BROWSER_GROUP)]
    assert len(browser) == 8 and len({x["worker"] for x in browser}) == 1
    spans = sorted((x["t"], x["what"]) for x in browser)
    assert [w for _, w in spans] == ["start", "end"] * 4              # one browser test at a time
    worker = browser[0]["worker"]
    first = min((x for x in rows if x["worker"] == worker), key=lambda x: x["t"])
    assert first["test"].startswith(BROWSER_GROUP)                    # the browser unit is handed out first
    assert len({x["worker"] for x in rows}) == 2                      # the other worker took the rest
    assert {x["output"] for x in rows} == {"test-results/playwright-gw0", "test-results/playwright-gw1"}


def _collected(fuzz: bool) -> list[str]:
    env = {**_env(), **({"LCB_FUZZ": "1"} if fuzz else {})}
    r = subprocess.run([sys.executable, "-m", "pytest", "--collect-only", "-q", "-m", "fuzz",
                        "tests/rulebook/test_ch13_fuzz.py", "tests/engine/test_legal_properties.py"],
                       capture_output=True, text=True, cwd=ROOT, env=env, timeout=300)
    assert r.returncode == 0, r.stdout[-2000:] + r.stderr[-2000:]
    return [ln for ln in r.stdout.splitlines() if "::" in ln]


def test_make_fuzz_runs_the_same_tests_longer():
    short, long = _collected(False), _collected(True)
    assert len(short) == 12 + 1 and len(long) == 120 + 1
    assert set(short) <= set(long)
    states = subprocess.run([sys.executable, "-c", "import tests.engine.test_legal_properties as t; print(t.STATES)"],
                            capture_output=True, text=True, cwd=ROOT, env={**_env(), "LCB_FUZZ": "1"}, timeout=120)
    assert states.stdout.strip() == "10000", states.stderr[-2000:]


def _env() -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PYTEST_", "LCB_FUZZ"))}
    env["PYTHONPATH"] = str(ROOT)            # `from lcb_lab import situation` in the copied conftest
    return env


def _make_targets() -> set[str]:
    text = (ROOT / "Makefile").read_text(encoding="utf-8")
    return set(re.findall(r"^([a-z][a-z-]*):", text, re.M))


def test_every_make_command_the_readme_shows_is_a_target_and_in_the_help():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    code = re.findall(r"```sh\n(.*?)```", readme, re.S) + re.findall(r"`([^`\n]+)`", readme)
    shown = {m for c in code for m in re.findall(r"(?<![\w-])make ([a-z][a-z-]*)", c)}
    assert {"lab", "test", "fuzz", "bench"} <= shown, shown
    assert shown <= _make_targets(), shown - _make_targets()
    helptext = subprocess.run(["make", "-s", "help"], capture_output=True, text=True, cwd=ROOT, timeout=60).stdout
    for target in ("test", "fuzz", "bench", "bench-browser"):
        assert re.search(rf"^make {target} ", helptext, re.M), target


@pytest.mark.skipif(shutil.which("make") is None, reason="needs make")
@pytest.mark.parametrize("target,want", [
    ("test", r"pytest -n auto --dist loadfile --no-loadscope-reorder( --durations=\d+)? +\|\|"),
    ("fuzz", r"LCB_FUZZ=1 \S+ -m pytest -n auto --dist loadfile --no-loadscope-reorder -m fuzz"),
    ("bench", r"benchmarks/run\.py"),
    ("bench-readme", r"benchmarks/run\.py --write-readme"),
    ("bench-browser", r"benchmarks/browser\.py"),
])
def test_the_make_targets_run_what_they_say(target, want):
    # -o: the install stamps and chromium count as done, so the dry run shows only the target's own lines
    dry = subprocess.run(["make", "-n", "-o", ".venv/.lcb_lab-installed-test", "-o", ".venv/.lcb_lab-installed",
                          "-o", "chromium", target], capture_output=True, text=True, cwd=ROOT, timeout=60)
    assert dry.returncode == 0, dry.stderr
    assert re.search(want, dry.stdout), dry.stdout
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert re.search(r"^make test </dev/null$", ci, re.M)             # CI runs the README's test command
