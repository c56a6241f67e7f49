"""The start notebook in JupyterLab, as an instructor opens it: file browser open, Run All, click.

JupyterLab serves a copy of the notebooks (conftest.py ``jupyterlab_server``) at both screen
sizes (``screen``: 1920x1080, 1366x768). The default file browser sidebar is open; *Run ▸ Run
All Cells* from the menu; the lab's map appears; a click on hex AJ-23 (placed by BokehJS's own
scales, driver.hex_point) names it in the hex-info panel, and a click on DDG-51's hex shows its
Unit Tracker; then the course's panels (:func:`_course_walk`: Kill chain, Build, a lesson paused
at a checkpoint, Review). The strict harness fails the test on any console error or outside request.
Screenshots for humans: ``test-results/jupyterlab-<size>.png``, ``jupyterlab-<size>-<step>.png``.
"""
from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

import driver as D
import labui as L


@pytest.mark.browser
def test_run_all_then_click_the_map(page: Page, jupyterlab_server: D.Server, screen) -> None:
    name, _size = screen
    try:
        L.open_notebook(page, jupyterlab_server, D.START_NOTEBOOK)
        assert L.file_browser_open(page), "JupyterLab's file browser sidebar is not open"
        expect(page.locator("#filebrowser").first).to_contain_text("00_start_here")
        L.run_all(page)
        L.wait_for_map(page)
        L.wait_kernel_idle(page)
        info = page.locator(".lcb-hex-info").first
        expect(info).to_contain_text("Click a hex")
        L.wait_kernel_listening(page)                 # clicks AK-23 / AK-24 until the kernel answers
        L.click_hex(page, "AJ-23")
        expect(info).to_contain_text("Hex AJ-23", timeout=D.KERNEL_MS)
        L.click_hex(page, "AL-29")                    # DDG-51's hex: its first unit is selected
        expect(L.lab(page)).to_contain_text("DDG-51", timeout=D.KERNEL_MS)
        expect(page.locator(".lcb-app h4", has_text="DDG-51").first).to_be_visible(timeout=D.KERNEL_MS)
        _course_walk(page, name)
    finally:
        D.RESULTS.mkdir(exist_ok=True)
        page.screenshot(path=str(D.RESULTS / f"jupyterlab-{name}.png"))


def _shot(page, name: str, step: str) -> None:
    D.RESULTS.mkdir(exist_ok=True)
    page.screenshot(path=str(D.RESULTS / f"jupyterlab-{name}-{step}.png"))


def _course_walk(page: Page, name: str) -> None:
    """The course's panels as an instructor walks them, each in the viewport and unclipped: the
    Kill chain on DDG-51 (its tab, the links table in view), the Build tab (the map shows the empty draft), the
    Appendix B lesson run to its first checkpoint (Lesson tab), the Review button (Game tab).
    Screenshots: ``test-results/jupyterlab-<size>-<step>.png``."""
    L.tab(page, "Kill chain").click()
    chain = page.locator(".lcb-kill-chain").first
    L.labelled(page, "dropdown", "Target", ".lcb-kill-chain").select_option(label="DDG-51")
    expect(chain).to_contain_text("RU against DDG-51", timeout=D.KERNEL_MS)
    expect(chain).to_contain_text("AP", timeout=D.KERNEL_MS)
    table = chain.locator("table").first.bounding_box()                 # the links table starts in view
    assert table is not None and table["y"] + 60 < page.viewport_size["height"], table
    assert L.clipping_problems(page) == []
    _shot(page, name, "kill-chain")
    L.tab(page, "Build").click()
    expect(page.locator(".lcb-build-tab").first).to_contain_text("the map shows the draft", timeout=D.KERNEL_MS)
    _shot(page, name, "build")
    L.tab(page, "Lesson").click()
    L.button(page, "Load lesson").click()
    L.button(page, "Run all").click()
    cp = page.locator(".lcb-checkpoint").first
    expect(cp).to_contain_text("Which Russian units may INTERCEPT", timeout=D.LOAD_TIMEOUT_MS)
    decision = page.locator(".lcb-decision").first             # the INTERCEPT window held back: no answer in it
    expect(decision).to_contain_text("A lesson checkpoint asks about this decision", timeout=D.KERNEL_MS)
    expect(decision).not_to_contain_text("FFG-454")
    tabs = page.locator(".lcb-app .lcb-right > .widget-tab").first.bounding_box()
    column = page.locator(".lcb-app .lcb-right").first.bounding_box()
    assert tabs["height"] >= column["height"] / 2 - 2, (tabs, column)   # the question is not squeezed away
    cp.scroll_into_view_if_needed()
    expect(cp.get_by_role("button", name="Check")).to_be_visible()
    assert L.clipping_problems(page) == []
    _shot(page, name, "checkpoint")
    L.tab(page, "Game").click()
    L.button(page, "Review").click()
    expect(L.lab(page)).to_contain_text("review", timeout=D.KERNEL_MS)
    _shot(page, name, "review")


NEWS_QUESTION = "Would you like to get notified about official Jupyter news?"
NOTIFICATION_SETTINGS = "lab/api/settings/@jupyterlab/apputils-extension:notification"


@pytest.mark.browser
@pytest.mark.parametrize("make_lab", [True, False], ids=["make-lab", "jupyterlab-defaults"])
def test_make_lab_asks_no_news_question(page: Page, tmp_path, make_lab: bool) -> None:
    """JupyterLab started as ``make lab`` starts it (the package's Jupyter config folder first on
    ``JUPYTER_CONFIG_PATH``, lcb_lab.ui.lab.voila_app.shell_exports), with no settings of the user's: its
    notification settings' default says never fetch news (so JupyterLab never asks: it asks only while
    the value is "none"); with JupyterLab's defaults (the control) it asks, as a toast."""
    import os
    from lcb_lab.ui.lab.voila_app import jupyter_env
    env = jupyter_env(os.environ) if make_lab else {
        "JUPYTER_CONFIG_PATH": str(tmp_path / "no-config")}
    server = D.start_jupyterlab(tmp_path, [D.START_NOTEBOOK.split("/")[-1]], settings={}, env=env)
    try:
        reply = page.request.get(server.url + NOTIFICATION_SETTINGS)
        got = reply.json() if reply.ok else {"status": reply.status, "text": reply.text()[:300]}
        assert "schema" in got, got
        # the settings as JupyterLab serves them: the schema's defaults with the overrides applied, no user value
        fetch = got["schema"]["properties"]["fetchNews"]["default"]
        assert fetch == ("false" if make_lab else "none") and got["raw"] == "{}", (fetch, got["raw"])
        L.open_notebook(page, server, D.START_NOTEBOOK)
        toast = page.locator(".Toastify__toast", has_text=NEWS_QUESTION)
        if make_lab:
            assert toast.count() == 0
        else:
            expect(toast.first).to_be_visible(timeout=30_000)
    finally:
        page.goto("about:blank")                # leave the page before its server stops (no closed websockets)
        server.stop()
