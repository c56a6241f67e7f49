"""A plan study in a team view, in the Voila app at 1366x768, clicked like a student: the Blue view
begins TF Memphis's impulse, unfolds *What if? Study this plan* and runs it. The result says the runs
played worlds drawn from what US knows (never the true board); the pickers wrap inside the column
(the *Until* picker was cut off at this width); nothing is clipped; the bar counts the runs. Shown to
Red (RU), the page no longer holds US's study. The strict harness fails the
test on any browser-console error or outside request."""
from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

import driver as D
import labui as L


@pytest.mark.browser
def test_a_team_studies_its_impulse_in_worlds_drawn_from_what_it_knows(page: Page, voila_app_url: str) -> None:
    page.set_viewport_size({"width": 1366, "height": 768})
    L.open_voila_lab(page, voila_app_url)
    L.show_view(page, "Blue (US)")
    L.begin_impulse(page, "TF Memphis")
    page.get_by_text("What if? Study this plan").first.click()
    study = page.locator(".lcb-study").first
    expect(study).to_contain_text("TF Memphis (US) so far", timeout=D.KERNEL_MS)
    until = L.labelled(page, "dropdown", "Until", ".lcb-study").bounding_box()
    panel = study.bounding_box()
    assert until["x"] + until["width"] <= panel["x"] + panel["width"] + 1, (until, panel)
    L.button(page, "Study this plan", ".lcb-study").click()
    expect(study).to_contain_text("US's study: each run plays a world drawn from what US knows",
                                  timeout=D.LOAD_TIMEOUT_MS)
    expect(study).to_contain_text("as US sees it")
    expect(study).to_contain_text("500 of 500 runs")                  # the bar's count
    assert L.clipping_problems(page) == []
    D.RESULTS.mkdir(exist_ok=True)
    page.screenshot(path=str(D.RESULTS / "study-us-1366x768.png"))
    L.show_view(page, "Red (RU)")                                      # the hand-over: US's study leaves the page
    expect(study).not_to_contain_text("US's study", timeout=D.KERNEL_MS)
    assert "US's study" not in L.page_text(page) and "500 of 500 runs" not in L.page_text(page)
