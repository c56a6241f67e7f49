"""Real-browser test of *Close branch* in JupyterLab at the reviewers' 1366x768: after *Fork here*,
the instructor goes to the branch (its *Go to the branch* link scrolls the notebook down to it) and
closes it; the clicked button leaves the page with the branch.  The lab must then be where the
instructor was: the first lab's *History* tab shown, its *Fork here* holding the keyboard focus and
on screen, with the first lab's map in view (not a notebook scrolled away below the lab and the
focus lost to the page's body).  Screenshot for humans: ``test-results/close-branch-jupyterlab.png``.
"""
from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

import driver as D
import labui as L

_FOCUS_JS = """
() => { const e = document.activeElement, app = document.querySelector('.lcb-app');
        return {tag: e ? e.tagName : null, text: e ? (e.innerText || '').trim() : '',
                in_first_lab: !!(e && app && app.contains(e) && !e.closest('.lcb-fork'))}; }
"""


@pytest.mark.browser
def test_close_branch_leaves_the_instructor_at_the_first_lab_in_jupyterlab(page: Page, jupyterlab_server: D.Server):
    page.set_viewport_size({"width": 1366, "height": 768})
    try:
        L.open_and_run_all(page, jupyterlab_server)
        page.evaluate("() => document.querySelector('.lcb-app').scrollIntoView({block: 'start'})")
        L.wait_kernel_listening(page)
        L.tab(page, L.TAB_HISTORY).click()
        L.button(page, "Fork here").click()
        L.expect_message(page, "Branch from step 0 opened")
        expect(page.locator(".bk-Canvas")).to_have_count(2, timeout=D.LOAD_TIMEOUT_MS)
        heading = page.locator(".lcb-fork b", has_text="Branch from step 0").first
        page.locator(".lcb-app a.lcb-go-branch").first.click()          # the instructor goes to the branch
        expect(heading).to_be_in_viewport(timeout=D.KERNEL_MS)
        close = L.button(page, "Close branch", ".lcb-fork")
        close.scroll_into_view_if_needed()
        close.click()
        expect(page.locator(".bk-Canvas")).to_have_count(1, timeout=D.KERNEL_MS)
        L.expect_message(page, "Branch from step 0 closed: the first lab goes on.")
        fork = page.locator(".lcb-app button", has_text="Fork here").first
        expect(fork).to_be_focused(timeout=D.KERNEL_MS)
        expect(fork).to_be_in_viewport()
        expect(page.locator(".lcb-app .bk-Canvas").first).to_be_in_viewport()   # the first lab's map, in view
        focus = page.evaluate(_FOCUS_JS)
        assert focus["in_first_lab"] and focus["text"] == "Fork here", focus
    finally:
        D.RESULTS.mkdir(exist_ok=True)
        page.screenshot(path=str(D.RESULTS / "close-branch-jupyterlab.png"))
