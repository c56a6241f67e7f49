"""A second game's lab in the browser: the toy *Scouts* (``tests/widgets/toy_lab.py``) served by Voila in
the shared lab.  Its board and the shared tabs are on the page; the view picker hands over to Green, whose
page (text and attributes) names no scout Green may not know, while the Umpire's names it; an act from
the Acts tab is applied through the controller ("bid: done.")."""
from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

import driver as D
import labui as L

TOY = f"""\
import sys
sys.path.insert(0, {str(D.REPO)!r})
from tests.widgets.toy_lab import open_toy_lab

lab = open_toy_lab()
lab.widget
"""


@pytest.fixture(scope="module")
def toy_url(tmp_path_factory):
    yield from D.serve_staged(tmp_path_factory.mktemp("toy_lab"), "toy_lab", TOY)


def _page_text(page: Page) -> str:
    """The lab's text and every attribute value on the page."""
    return page.evaluate("""() => { const app = document.querySelector('.lcb-app'); const out = [app.innerText];
        for (const el of app.querySelectorAll('*')) for (const a of el.attributes) out.push(a.value);
        for (const el of app.querySelectorAll('select option')) out.push(el.textContent);
        return out.join('\\n'); }""")


@pytest.mark.browser
def test_the_toy_game_in_the_shared_lab(page: Page, toy_url: str) -> None:
    page.set_viewport_size({"width": 1366, "height": 768})
    page.goto(toy_url, wait_until="domcontentloaded", timeout=D.LOAD_TIMEOUT_MS)
    board = page.locator(".lcb-app .toy-board").first
    expect(board).to_contain_text("0: r1", timeout=D.LOAD_TIMEOUT_MS)
    for tab in ("Acts", "Game", "History"):
        expect(page.locator(".lcb-app .lm-TabBar-tab, .lcb-app .p-TabBar-tab", has_text=tab).first).to_be_visible()
    expect(page.locator(".lcb-app .lcb-side-log").first).to_contain_text("Explained log")   # beside the map, no tab
    assert "b1" in _page_text(page)                        # the umpire's page names every scout
    L.button(page, "Apply").click()                         # the first act offered: Red bids 0
    expect(page.locator(".lcb-app .lcb-message").first).to_contain_text("bid: done.", timeout=D.KERNEL_MS)
    page.locator(".lcb-app .widget-toggle-buttons button", has_text="Green").first.click()
    expect(page.locator(".lcb-app .lcb-message").first).to_contain_text("Showing the Green view.", timeout=D.KERNEL_MS)
    expect(board).to_contain_text("2: g1", timeout=D.KERNEL_MS)
    text = _page_text(page)
    # whole words: a widget's random model id ("...-b139-...") is not a scout's name
    assert not re.search(r"\b(r1|b1)\b", text) and "Red bids 0" not in text
    D.RESULTS.mkdir(exist_ok=True)
    page.screenshot(path=str(D.RESULTS / "toy_lab_green_1366x768.png"))
