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


@pytest.fixture
def lab_root(jupyterlab_server):
    """The folder the JupyterLab server (conftest ``jupyterlab_server``: a copy of notebooks/) serves."""
    return jupyterlab_server.root


@pytest.fixture
def lab_url(jupyterlab_server):
    return jupyterlab_server.url.rstrip("/")


def _watch(page: Page) -> None:
    """Count BokehJS evaluations (the strict harness in conftest fails the test on any console
    error or outside request)."""
    page.add_init_script(COUNT_BOKEH)
    page.set_viewport_size(VIEWPORT)


def _run_all(page: Page, url: str) -> None:
    """Open ``url``'s notebook, Run › Run All Cells, return when every cell has run (none queued or running)."""
    page.goto(url + "?reset", wait_until="domcontentloaded", timeout=RUN_TIMEOUT_MS)   # only this notebook open
    page.wait_for_selector(".jp-Notebook .jp-Cell", timeout=RUN_TIMEOUT_MS)
    # the kernel started and idle (the status bar reads "Python 3 (ipykernel) | Idle"), or Run All asks for one
    page.wait_for_function("[...document.querySelectorAll('.jp-StatusBar-Widget')]"
                           ".some(e => /\\(ipykernel\\) \\| Idle/.test(e.textContent))", timeout=RUN_TIMEOUT_MS)
    page.wait_for_timeout(500)
    # the stored prompts already read [1]..[n] (nbval's outputs): mark them, so "every prompt a number
    # again" means every cell ran now, however fast
    page.evaluate(PROMPTS.replace(".map(e => e.textContent.trim())", ".forEach(e => { e.textContent = '[-]:'; })"))
    page.locator(".lm-MenuBar-itemLabel", has_text="Run").first.click()
    page.locator(".lm-Menu-item", has_text="Run All Cells").first.click()
    page.wait_for_timeout(1000)
    if page.locator(".jp-Dialog", has_text="Select Kernel").count():      # the kernel was not ready after all
        page.locator(".jp-Dialog .jp-mod-accept").first.click()
    deadline = time.monotonic() + RUN_TIMEOUT_MS / 1000
    while time.monotonic() < deadline:
        prompts = page.evaluate(PROMPTS)
        if prompts and all(p[1:-2].isdigit() for p in prompts):   # "[12]:": none marked, queued or running
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


@pytest.mark.browser
def test_start_notebook_run_all_loads_bokehjs_once_keeps_the_map_in_view_and_saves_small(
        page: Page, lab_url: str, lab_root: Path) -> None:
    _watch(page)
    _run_all(page, f"{lab_url}/lab/tree/notebooks/00_start_here.ipynb")
    (fig,) = _figures(page, 1, ".lcb-app")
    assert page.evaluate("window.__bokeh_sets") == 1, "BokehJS evaluated more than once"
    assert fig["width"] > 300 and fig["height"] > 300, fig
    assert 0 <= fig["top"] < VIEWPORT["height"] - 250, f"the map is out of view after Run All: {fig}"

    saved = lab_root / "notebooks" / "00_start_here.ipynb"
    before = saved.stat().st_mtime
    for _attempt in range(3):          # File › Save Notebook (a busy page may drop the first click)
        page.locator(".lm-MenuBar-itemLabel", has_text="File").first.click()
        page.locator(".lm-Menu-item", has_text="Save Notebook").first.click()
        deadline = time.monotonic() + 15
        while saved.stat().st_mtime == before and time.monotonic() < deadline:
            time.sleep(0.3)
        if saved.stat().st_mtime != before:
            break
        page.keyboard.press("Escape")
    time.sleep(1)
    if saved.stat().st_mtime == before:
        page.screenshot(path=str(REPO / "test-results" / "not_saved.png"))
    assert saved.stat().st_mtime != before, "the notebook was not saved (test-results/not_saved.png)"
    text = saved.read_text(encoding="utf-8")
    assert saved.stat().st_size < 1_000_000, f"saved notebook is {saved.stat().st_size:,} bytes"
    assert "bokehjs_load" not in text and "Bokeh.set_log_level" not in text
    assert "application/vnd.jupyter.widget-view+json" in text     # the lab's output was saved, as a reference


@pytest.mark.browser
def test_notebook_01_run_all_draws_its_three_charts_with_bokehjs_once(page: Page, lab_url: str) -> None:
    _watch(page)
    _run_all(page, f"{lab_url}/lab/tree/notebooks/01_lrs_and_intercept.ipynb")
    figs = _figures(page, 3, ".lcb-figure")
    assert len(figs) == 3 and all(f["width"] > 300 and f["height"] > 150 for f in figs), figs
    assert page.evaluate("window.__bokeh_sets") == 1


@pytest.mark.browser
def test_voila_app_notebook_opens_on_the_lab(page: Page, voila_app_url: str) -> None:
    _watch(page)
    page.goto(voila_app_url, wait_until="domcontentloaded", timeout=RUN_TIMEOUT_MS)
    figs = _figures(page, 1, ".lcb-app")
    assert figs[0]["top"] < 150, f"the lab does not open the page: map at {figs[0]['top']:.0f} px"
    assert page.evaluate("window.__bokeh_sets") == 1


CELL = ".jp-NotebookPanel:not(.lm-mod-hidden) .jp-Notebook .jp-Cell"


def _run_cell(page: Page, index: int) -> str:
    """Select notebook cell ``index`` (command mode), Shift+Enter, wait until it ran; its output text."""
    cell = page.locator(CELL).nth(index)
    cell.locator(".jp-InputPrompt").first.click()
    page.keyboard.press("Escape")
    page.keyboard.press("Shift+Enter")
    page.wait_for_function(
        f"(() => {{ const p = document.querySelectorAll({json.dumps(CELL)})[{index}]"
        f".querySelector('.jp-InputPrompt'); return p && /^\\[\\d+\\]:$/.test(p.textContent.trim()); }})()",
        timeout=RUN_TIMEOUT_MS)
    return cell.locator(".jp-OutputArea").first.inner_text().strip()


@pytest.mark.browser
def test_notebook_01_after_a_bad_hex_later_cells_show_one_line_not_a_traceback(
        page: Page, lab_url: str, lab_root: Path) -> None:
    """A student's bad edit in cell 3 (1 Kilo at "Z-99"), then the next cells run one by one, as
    in class: each shows one line naming that error, no traceback; at 1366x768 and 1920x1080."""
    path = lab_root / "notebooks" / "01_lrs_and_intercept.ipynb"
    nb = json.loads(path.read_text(encoding="utf-8"))
    source = "".join(nb["cells"][3]["source"])
    assert 'kilo_hex="F-6"' in source, source            # the edit below must really break the cell
    nb["cells"][3]["source"] = source.replace('kilo_hex="F-6"', 'kilo_hex="Z-99"')
    for c in nb["cells"]:
        if c["cell_type"] == "code":
            c["outputs"], c["execution_count"] = [], None
    path.write_text(json.dumps(nb), encoding="utf-8")
    _watch(page)
    page.goto(f"{lab_url}/lab/tree/notebooks/01_lrs_and_intercept.ipynb?reset", wait_until="domcontentloaded",
              timeout=RUN_TIMEOUT_MS)
    page.wait_for_function("[...document.querySelectorAll('.jp-StatusBar-Widget')]"
                           ".some(e => /\\(ipykernel\\) \\| Idle/.test(e.textContent))", timeout=RUN_TIMEOUT_MS)
    cause = "ScenarioError: <situation>: units.1 Kilo.hex: 'Z-99' is not a hex of the test map"
    line = f"NameError: `g` is not defined — an earlier cell stopped ({cause}); fix that cell and run it again."
    assert _run_cell(page, 1) == ""
    assert _run_cell(page, 3) == cause
    assert _run_cell(page, 5) == line
    assert _run_cell(page, 7) == line
    for name, size in (("1366x768", VIEWPORT), ("1920x1080", {"width": 1920, "height": 1080})):
        page.set_viewport_size(size)
        page.locator(CELL).nth(7).scroll_into_view_if_needed()
        page.screenshot(path=str(REPO / "test-results" / f"nb01_name_error_{name}.png"))
        assert "Traceback" not in page.locator(".jp-NotebookPanel:not(.lm-mod-hidden)").first.inner_text()
