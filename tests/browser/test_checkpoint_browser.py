"""A checkpoint answered in a real JupyterLab (Chromium): notebook 14, Run All, the first checkpoint (the MP
of a route, 4.1) typed wrong -- the hint citing the rule shows -- then right -- the answer and its
explanation show; the instructor key appears only after its button is clicked."""
from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from tests.browser.test_notebooks_browser import RUN_TIMEOUT_MS, _run_all, _watch

NOTEBOOK = "notebooks/14_ch04_components.ipynb"


@pytest.mark.browser
def test_a_checkpoint_refuses_a_wrong_answer_with_its_hint_then_accepts_the_right_one(
        page: Page, jupyterlab_server) -> None:
    from lcb_lab.games.lcb.course import checkpoint
    right = checkpoint("ch04.route-mp").correct_answer()
    _watch(page)
    _run_all(page, f"{jupyterlab_server.url.rstrip('/')}/lab/tree/{NOTEBOOK}")
    first = page.locator(".lcb-checkpoint").first
    first.wait_for(timeout=RUN_TIMEOUT_MS)
    box, check = first.locator("input[type=text]"), first.get_by_role("button", name="Check")
    box.fill(str(right - 1))
    check.click()
    expect(first).to_contain_text("Not yet. Hint (4.1):", timeout=20_000)
    box.fill(str(right))
    check.click()
    expect(first).to_contain_text(f"Correct: {right}.", timeout=20_000)

    key = page.get_by_role("button", name="Show the answers (instructor)")
    assert "ch04.route-mp:" not in page.locator(".jp-Notebook").inner_text()
    key.click()
    expect(page.locator(".jp-Notebook")).to_contain_text(f"ch04.route-mp: {right} (4.1)", timeout=20_000)
