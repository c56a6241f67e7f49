"""Real-browser test of the History tab: Begin impulse, Fork here, Undo, in headless Chromium.

Serves the start notebook with Voila (fixtures in conftest.py), then, clicking like a person:
the *History* tab lists only the start; *Impulse › Begin impulse* adds a step (the timeline
gets a heading and the step); *History › Fork here* opens the second lab beside (or below)
the first, with its differences ("No difference yet"); *Undo* in the first lab marks the step
undone and the differences name the impulse the branch still has.

At the reviewers' 1366x768 (:func:`test_the_branch_is_found_at_1366x768`): the four tab titles
are not cut, the timeline list fits its tab, and *Fork here* says where the branch opened; its
*Go to the branch* link scrolls the branch's heading into view.  The class then plays a step in the
branch, and a second *Fork here* in the first lab only asks (*Confirm fork* and *Cancel*, drawn whole in
the History tab): *Cancel* keeps the branch and its step, *Confirm fork* replaces it (a class lost its
branch's work to a second *Fork here*, without a word).  *Presentation*, pressed in either lab, puts
both in presentation mode and takes both out (it reached only the lab whose switch was pressed).

Screenshot for humans: ``test-results/undo_fork.png`` (the page with both labs).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

REPO = Path(__file__).resolve().parents[2]
RESULTS = REPO / "test-results"
SCREENSHOT = RESULTS / "undo_fork.png"
LOAD_TIMEOUT_MS = 120_000
KERNEL_MS = 30_000                       # one kernel round trip (a click and its redraw)
VIEWPORT = {"width": 1400, "height": 3600}
LAPTOP = {"width": 1366, "height": 768}


def _tab(page: Page, title: str):
    """The first lab's tab ``title`` (Lumino tab bar of ipywidgets 8)."""
    return page.locator(".lcb-app .lm-TabBar-tab", has_text=title).first


@pytest.mark.browser
def test_undo_and_fork_in_the_browser(page: Page, voila_url: str) -> None:
    page.set_viewport_size(VIEWPORT)
    try:
        page.goto(voila_url, wait_until="domcontentloaded", timeout=LOAD_TIMEOUT_MS)
        expect(page.locator(".bk-Canvas").first).to_be_visible(timeout=LOAD_TIMEOUT_MS)

        _tab(page, "History").click()
        options = page.locator(".lcb-timeline select").first.locator("option")
        expect(options).to_have_count(1, timeout=KERNEL_MS)
        expect(options.first).to_contain_text("Start")

        _tab(page, "Impulse").click()
        page.locator(".lcb-app button", has_text="Begin impulse").first.click()
        expect(page.locator(".lcb-app").first).to_contain_text(": done.", timeout=KERNEL_MS)
        _tab(page, "History").click()
        expect(options).to_have_count(3, timeout=KERNEL_MS)          # start, "Turn 1 · impulse 1 · TF ...", step 1
        expect(options.nth(2)).to_contain_text("1. begin impulse")

        page.locator(".lcb-app button", has_text="Fork here").first.click()
        expect(page.locator(".lcb-app").first).to_contain_text("Branch from step 1 opened",
                                                                timeout=KERNEL_MS)
        fork = page.locator(".lcb-fork").first
        expect(fork).to_be_visible(timeout=KERNEL_MS)
        expect(fork).to_contain_text("Branch from step 1", timeout=KERNEL_MS)
        diff = fork.locator(".lcb-fork-diff").first         # the branch's own lab holds a (hidden) one too
        expect(diff).to_contain_text("No difference yet")
        expect(page.locator(".bk-Canvas")).to_have_count(2, timeout=LOAD_TIMEOUT_MS)   # the branch's own map

        page.locator(".lcb-app button", has_text="Undo").first.click()
        expect(options.nth(2)).to_contain_text("(undone)", timeout=KERNEL_MS)
        expect(diff).to_contain_text("impulse", timeout=KERNEL_MS)
        expect(diff).to_contain_text("TF ")                          # the branch is still in the impulse
        expect(fork).to_contain_text("the first lab is at step 0")
    finally:
        RESULTS.mkdir(exist_ok=True)
        page.screenshot(path=str(SCREENSHOT), full_page=True)


@pytest.mark.browser
def test_the_branch_is_found_at_1366x768(page: Page, voila_url: str) -> None:
    page.set_viewport_size(LAPTOP)
    page.goto(voila_url, wait_until="domcontentloaded", timeout=LOAD_TIMEOUT_MS)
    expect(page.locator(".bk-Canvas").first).to_be_visible(timeout=LOAD_TIMEOUT_MS)
    for title in ("Impulse", "Lesson", "Build", "Game", "History"):  # no title is cut ("New / Save / Lo...")
        label = _tab(page, title).locator(".lm-TabBar-tabLabel").first
        expect(label).to_have_text(title)
        assert label.evaluate("e => e.scrollWidth <= e.clientWidth"), title
    _tab(page, "History").click()
    select = page.locator(".lcb-timeline select").first
    expect(select).to_be_visible(timeout=KERNEL_MS)
    assert select.evaluate("e => e.getBoundingClientRect().right <= "
                           "e.closest('.lm-TabPanel, .widget-tab-contents, .lm-StackedPanel')"
                           ".getBoundingClientRect().right + 1")          # the list fits its tab
    page.locator(".lcb-app button", has_text="Fork here").first.click()
    first = page.locator(".lcb-app").first
    expect(first).to_contain_text("Branch from step 0 opened", timeout=KERNEL_MS)
    heading = page.locator(".lcb-fork").first.locator("b", has_text="Branch from step 0").first
    expect(heading).to_be_visible(timeout=KERNEL_MS)
    expect(heading).not_to_be_in_viewport()                          # drawn below the first lab
    first.locator("a.lcb-go-branch").first.click()
    expect(heading).to_be_in_viewport(timeout=KERNEL_MS)

    # a step in the branch, then Fork here again in the first lab: it asks before dropping that step
    import labui as L
    fork = page.locator(".lcb-fork").first
    fork.locator(".lm-TabBar-tab", has_text="Impulse").first.click()
    fork.locator("button:visible", has_text="Begin impulse").first.click()
    expect(fork).to_contain_text("now at step 1", timeout=KERNEL_MS)
    first.locator(".lm-TabBar-tab", has_text="History").first.click()
    fork_button = first.locator("button:visible", has_text="Fork here").first     # the first lab's (the branch's is off, below)
    fork_button.click()
    confirm = first.locator("button:visible", has_text="Confirm fork").first
    expect(confirm).to_be_visible(timeout=KERNEL_MS)
    msg = first.locator(".lcb-message").first
    expect(msg).to_contain_text("Fork here would drop the branch from step 0 and its 1 step: Confirm fork, or Cancel.",
                                timeout=KERNEL_MS)
    assert msg.evaluate("e => e.scrollHeight <= e.clientHeight + 1"), msg.inner_text()   # the question whole
    assert L.clipping_problems(page) == [], L.clipping_problems(page)   # Confirm fork and Cancel whole
    first.locator("button:visible", has_text="Cancel").first.click()
    expect(first.locator(".lcb-message").first).to_contain_text("Cancelled", timeout=KERNEL_MS)
    expect(confirm).to_be_hidden(timeout=KERNEL_MS)
    expect(fork).to_contain_text("now at step 1")                    # the branch and its step kept
    fork_button.click()
    confirm.click()
    expect(first.locator(".lcb-message").first).to_contain_text(
        "Branch from step 0 opened (same dice; the last one dropped).", timeout=KERNEL_MS)
    expect(fork).to_contain_text("now at step 0", timeout=KERNEL_MS)

    # presentation mode, from either lab's switch, is the mode of both (a projector shows both labs)
    modes = "() => [...document.querySelectorAll('.lcb-app')].map(e => e.classList.contains('lcb-presentation'))"
    first.locator(".lcb-toolbar button", has_text="Presentation").first.click()
    page.wait_for_function(f"() => ({modes})().join() === 'true,true'", timeout=KERNEL_MS)
    fork.locator(".lcb-toolbar button", has_text="Presentation").first.click()
    page.wait_for_function(f"() => ({modes})().join() === 'false,false'", timeout=KERNEL_MS)
    RESULTS.mkdir(exist_ok=True)
    page.screenshot(path=str(RESULTS / "undo_fork_second_fork_1366x768.png"))
