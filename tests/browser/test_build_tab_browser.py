"""Real-browser test of the *Build* tab (the scenario builder) at the reviewers' 1366x768.

Serves the start notebook with Voila (fixtures in conftest.py), opens the *Build* tab, and checks
that its title is not cut, that no field reaches past the tab (the rows wrap in the compact
column) and no text in it is cut (the optional rules' names), and that an error is shown beside its field: a US CP of 101 typed into the *US CP* box.

Screenshot for humans: ``test-results/build_tab.png``.
"""
from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

import labui as L

REPO = Path(__file__).resolve().parents[2]
RESULTS = REPO / "test-results"
SCREENSHOT = RESULTS / "build_tab.png"
LOAD_TIMEOUT_MS = 120_000
KERNEL_MS = 30_000
LAPTOP = {"width": 1366, "height": 768}


@pytest.mark.browser
def test_the_build_tab_fits_and_shows_an_error_beside_its_field(page: Page, voila_url: str) -> None:
    page.set_viewport_size(LAPTOP)
    page.goto(voila_url, wait_until="domcontentloaded", timeout=LOAD_TIMEOUT_MS)
    expect(page.locator(".bk-Canvas").first).to_be_visible(timeout=LOAD_TIMEOUT_MS)
    try:
        tab = page.locator(".lcb-app .lm-TabBar-tab", has_text="Build").first
        label = tab.locator(".lm-TabBar-tabLabel").first
        expect(label).to_have_text("Build")
        assert label.evaluate("e => e.scrollWidth <= e.clientWidth")
        tab.click()
        build = page.locator(".lcb-build-tab").first
        expect(build).to_contain_text("Place on the map", timeout=KERNEL_MS)
        too_wide = build.evaluate("""b => {
            const right = b.getBoundingClientRect().right + 1;
            return [...b.querySelectorAll('input, select, button')]
                .filter(e => e.getBoundingClientRect().width > 0 && e.getBoundingClientRect().right > right)
                .map(e => e.outerHTML.slice(0, 80));
        }""")
        assert too_wide == []
        assert L.clipping_problems(page) == []            # e.g. the optional rules' list: each name whole
        cp = build.locator(".widget-inline-hbox", has_text="US CP").locator("input").first
        cp.fill("101")
        cp.press("Enter")
        expect(build.locator(".lcb-field-error").filter(has_text="101 is out of range").first).to_be_visible(
            timeout=KERNEL_MS)
    finally:
        RESULTS.mkdir(exist_ok=True)
        page.screenshot(path=str(SCREENSHOT), full_page=True)
