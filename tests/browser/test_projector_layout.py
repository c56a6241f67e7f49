"""Projector layout (issue 6 item 3): one screen holds the map, the tracker, the impulse controls, the odds.

At 1920x1080 and 1366x768 (``screen``), in JupyterLab with its file browser sidebar open (the
start notebook after *Run All*) and in Voila (the app notebook, notebooks/lab_app.ipynb, else the
start notebook):

1. as the page opens (Voila) or right after Run All (JupyterLab), with no scrolling, the map is
   wholly on screen;
2. clicked like a person into a combat allocation -- reveal 1 Anna (card effect), begin TF
   Boston's impulse, declare DDG-51, the LRS row with its exact odds, DDG-51 selected -- the map
   canvas, the Unit Tracker, the impulse controls and the odds are all on screen together;
3. nothing in the lab is clipped: no button, tab title, label or list cut (ellipsis, text wider
   than its box) and no panel holding content wider than itself.

All problems are collected and reported together. Expected to fail until the layout work lands
(xfail, not strict). Screenshots for humans: ``test-results/projector-<where>-<size>.png``.
"""
from __future__ import annotations

import pytest
from playwright.sync_api import Page

import driver as D
import labui as L
from conftest import RESULTS

LAYOUT_XFAIL = pytest.mark.xfail(strict=False, reason="layout lands in the next step")


def _check(page: Page, where: str, size: str, opened: list[str]) -> None:
    problems = [f"as opened: {p}" for p in opened]
    try:
        L.to_combat(page)
        L.click_hex(page, "AL-29")              # DDG-51 selected: its Unit Tracker
        page.wait_for_timeout(800)
        problems += [f"in combat: {p}" for p in L.viewport_problems(page, L.layout_targets(page))]
        problems += [f"clipped: {p}" for p in L.clipping_problems(page)]
    finally:
        RESULTS.mkdir(exist_ok=True)
        page.screenshot(path=str(RESULTS / f"projector-{where}-{size}.png"))
    assert not problems, f"{where} at {size}:\n  " + "\n  ".join(problems)


@pytest.mark.browser
@LAYOUT_XFAIL
def test_jupyterlab_projector_layout(page: Page, jupyterlab_server: D.Server, screen) -> None:
    name, _size = screen
    L.open_notebook(page, jupyterlab_server, D.START_NOTEBOOK)
    L.open_file_browser(page)
    L.run_all(page)
    L.wait_for_map(page)
    L.wait_kernel_idle(page)
    page.wait_for_timeout(500)
    opened = L.viewport_problems(page, {"map": page.locator(".lcb-app .bk-Canvas").first})
    if not L.file_browser_open(page):
        opened.append("the file browser sidebar closed")
    L.wait_kernel_listening(page)
    _check(page, "jupyterlab", name, opened)


@pytest.mark.browser
@LAYOUT_XFAIL
def test_voila_projector_layout(page: Page, voila_app_url: str, screen) -> None:
    name, _size = screen
    page.goto(voila_app_url, wait_until="domcontentloaded", timeout=D.LOAD_TIMEOUT_MS)
    L.wait_for_map(page)
    page.wait_for_timeout(500)
    opened = L.viewport_problems(page, {"map": page.locator(".lcb-app .bk-Canvas").first})
    L.wait_kernel_listening(page)
    _check(page, "voila", name, opened)
