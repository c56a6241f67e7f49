"""The notebooks in a real JupyterLab and Voila: BokehJS once, offline, not saved; Run All keeps the map in view.

A JupyterLab server (token off, a fresh workspace, news off) serves a copy of
notebooks/ in a temporary folder, so saving does not touch the repository;
kernels import lcb_lab from this checkout.  In Chromium at 1366x768:

* 00_start_here, **Run › Run All Cells**: BokehJS is evaluated once
  (``window.Bokeh`` set once), the map is drawn, the page is not scrolled away
  from it (its top edge inside the viewport), no console error, no request to
  another host; saved (Ctrl+S), the notebook stays under 1 MB with no BokehJS;
* 01_lrs_and_intercept, Run All: its three charts are drawn, BokehJS once;
* lab_app in Voila: the map is the first thing on the page (top edge within
  150 px of the top).
"""
from __future__ import annotations

import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import pytest
from playwright.sync_api import Page

REPO = Path(__file__).resolve().parents[2]
VIEWPORT = {"width": 1366, "height": 768}
START_TIMEOUT_S = 120
RUN_TIMEOUT_MS = 180_000
COUNT_BOKEH = """
  window.__bokeh_sets = 0; let __bk;
  Object.defineProperty(window, 'Bokeh', {configurable: true, get() { return __bk; },
                                          set(v) { window.__bokeh_sets++; __bk = v; }});
"""
PROMPTS = """() => [...document.querySelectorAll('.jp-NotebookPanel:not(.lm-mod-hidden) .jp-CodeCell .jp-InputPrompt')]
                   .map(e => e.textContent.trim())"""
# Another part of issue 6 (item 5) removes Voila's Font Awesome request to a CDN; not this test's subject.
KNOWN_ELSEWHERE = ("fontawesome", "err_name_not_resolved")


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _serve(cmd: list[str], cwd: Path, port: int, log: Path) -> subprocess.Popen:
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(filter(None, [str(REPO), os.environ.get("PYTHONPATH")]))}
    env.pop("BOKEH_RESOURCES", None)
    proc = subprocess.Popen(cmd, cwd=cwd, env=env, stdin=subprocess.DEVNULL, stdout=open(log, "wb"),
                            stderr=subprocess.STDOUT, start_new_session=True)
    deadline = time.monotonic() + START_TIMEOUT_S
    while True:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
            return proc
        except OSError:
            if proc.poll() is not None or time.monotonic() > deadline:
                _stop(proc)
                pytest.fail(f"{cmd[0]} did not start:\n{log.read_text(errors='replace')[-3000:]}", pytrace=False)
            time.sleep(0.5)


def _stop(proc: subprocess.Popen) -> None:
    for sig, wait in ((signal.SIGTERM, 10), (signal.SIGKILL, 5)):
        if proc.poll() is not None:
            return
        try:
            os.killpg(proc.pid, sig)
            proc.wait(timeout=wait)
        except (ProcessLookupError, subprocess.TimeoutExpired):
            continue


def _exe(name: str) -> str:
    exe = Path(sys.executable).with_name(name)
    if not exe.exists():
        pytest.skip(f"{name} is not installed next to {sys.executable}")
    return str(exe)


@pytest.fixture(scope="module")
def lab_root():
    root = Path(tempfile.mkdtemp(prefix="lcb-nb-"))
    shutil.copytree(REPO / "notebooks", root / "notebooks", ignore=shutil.ignore_patterns(".ipynb_checkpoints"))
    yield root
    shutil.rmtree(root, ignore_errors=True)


@pytest.fixture(scope="module")
def lab_url(lab_root):
    port = _free_port()
    cmd = [_exe("jupyter"), "lab", "--no-browser", f"--port={port}", "--ServerApp.ip=127.0.0.1",
           f"--ServerApp.root_dir={lab_root}", "--IdentityProvider.token=", "--ServerApp.password=",
           f"--LabApp.workspaces_dir={lab_root / 'workspaces'}", "--LabApp.news_url=",
           "--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate"]
    if os.geteuid() == 0:
        cmd.append("--allow-root")
    proc = _serve(cmd, lab_root, port, lab_root / "jupyterlab.log")
    yield f"http://127.0.0.1:{port}"
    _stop(proc)


def _watch(page: Page) -> tuple[list[str], list[str]]:
    errors, outside = [], []
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.on("request", lambda r: None if r.url.startswith(("http://127.0.0.1", "ws://127.0.0.1", "data:", "blob:"))
            else outside.append(r.url))
    page.add_init_script(COUNT_BOKEH)
    page.set_viewport_size(VIEWPORT)
    return errors, outside


def _run_all(page: Page, url: str) -> None:
    """Open ``url``'s notebook, Run › Run All Cells, return when every cell has run (none queued or running)."""
    page.goto(url + "?reset", wait_until="domcontentloaded", timeout=RUN_TIMEOUT_MS)   # only this notebook open
    page.wait_for_selector(".jp-Notebook .jp-Cell", timeout=RUN_TIMEOUT_MS)
    # the kernel started and idle (the status bar reads "Python 3 (ipykernel) | Idle"), or Run All asks for one
    page.wait_for_function("[...document.querySelectorAll('.jp-StatusBar-Widget')]"
                           ".some(e => /\\(ipykernel\\) \\| Idle/.test(e.textContent))", timeout=RUN_TIMEOUT_MS)
    page.wait_for_timeout(500)
    page.locator(".lm-MenuBar-itemLabel", has_text="Run").first.click()
    page.locator(".lm-Menu-item", has_text="Run All Cells").first.click()
    page.wait_for_timeout(1000)
    if page.locator(".jp-Dialog", has_text="Select Kernel").count():      # the kernel was not ready after all
        page.locator(".jp-Dialog .jp-mod-accept").first.click()
    deadline = time.monotonic() + RUN_TIMEOUT_MS / 1000
    seen_running = False
    while time.monotonic() < deadline:
        prompts = page.evaluate(PROMPTS)
        running = any("*" in p for p in prompts)
        seen_running |= running
        if seen_running and not running and all(p[1:-2].isdigit() for p in prompts):   # "[12]:"
            return
        page.wait_for_timeout(100)
    page.screenshot(path=str(REPO / "test-results" / "run_all_stuck.png"))
    pytest.fail(f"Run All did not finish: prompts {prompts}", pytrace=False)


def _figures(page: Page, n: int, within: str = "") -> list[dict]:
    sel = f"{within} .bk-Figure".strip()
    page.wait_for_function(f"document.querySelectorAll({json.dumps(sel)}).length >= {n}", timeout=RUN_TIMEOUT_MS)
    page.wait_for_timeout(1500)        # let the last figure settle
    return page.evaluate(f"""[...document.querySelectorAll({json.dumps(sel)})].map(e => {{
        const r = e.getBoundingClientRect(); return {{top: r.top, height: r.height, width: r.width}}; }})""")


def _real(errors: list[str]) -> list[str]:
    return [e for e in errors if not any(k in e.lower() for k in KNOWN_ELSEWHERE)]


@pytest.mark.browser
def test_start_notebook_run_all_loads_bokehjs_once_keeps_the_map_in_view_and_saves_small(
        page: Page, lab_url: str, lab_root: Path) -> None:
    errors, outside = _watch(page)
    _run_all(page, f"{lab_url}/lab/tree/notebooks/00_start_here.ipynb")
    (fig,) = _figures(page, 1, ".lcb-app")
    assert page.evaluate("window.__bokeh_sets") == 1, "BokehJS evaluated more than once"
    assert fig["width"] > 300 and fig["height"] > 300, fig
    assert 0 <= fig["top"] < VIEWPORT["height"] - 250, f"the map is out of view after Run All: {fig}"
    assert _real(errors) == [], errors
    assert outside == [], outside

    saved = lab_root / "notebooks" / "00_start_here.ipynb"
    before = saved.stat().st_mtime
    page.keyboard.press("Control+s")
    deadline = time.monotonic() + 30
    while saved.stat().st_mtime == before and time.monotonic() < deadline:
        time.sleep(0.3)
    time.sleep(1)
    assert saved.stat().st_mtime != before, "the notebook was not saved"
    text = saved.read_text(encoding="utf-8")
    assert saved.stat().st_size < 1_000_000, f"saved notebook is {saved.stat().st_size:,} bytes"
    assert "bokehjs_load" not in text and "Bokeh.set_log_level" not in text
    assert "application/vnd.jupyter.widget-view+json" in text     # the lab's output was saved, as a reference


@pytest.mark.browser
def test_notebook_01_run_all_draws_its_three_charts_with_bokehjs_once(page: Page, lab_url: str) -> None:
    errors, outside = _watch(page)
    _run_all(page, f"{lab_url}/lab/tree/notebooks/01_lrs_and_intercept.ipynb")
    figs = _figures(page, 3, ".lcb-figure")
    assert len(figs) == 3 and all(f["width"] > 300 and f["height"] > 150 for f in figs), figs
    assert page.evaluate("window.__bokeh_sets") == 1
    assert _real(errors) == [], errors
    assert outside == [], outside


@pytest.mark.browser
def test_voila_app_notebook_opens_on_the_lab(page: Page, tmp_path: Path) -> None:
    port = _free_port()
    nb = REPO / "notebooks" / "lab_app.ipynb"
    proc = _serve([_exe("voila"), str(nb), "--no-browser", f"--port={port}", "--Voila.ip=127.0.0.1"],
                  nb.parent, port, tmp_path / "voila.log")
    try:
        errors, outside = _watch(page)
        page.goto(f"http://127.0.0.1:{port}/", wait_until="domcontentloaded", timeout=RUN_TIMEOUT_MS)
        figs = _figures(page, 1, ".lcb-app")
        assert figs[0]["top"] < 150, f"the lab does not open the page: map at {figs[0]['top']:.0f} px"
        assert page.evaluate("window.__bokeh_sets") == 1
        assert _real(errors) == [], errors
        assert [u for u in outside if "fontawesome" not in u] == [], outside
    finally:
        _stop(proc)
