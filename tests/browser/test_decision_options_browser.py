"""Real-browser test of the decision panel drawn from a choice's typed options: Blue's DDG-51 fires
4 LRS dice at a revealed 1 Anna, and Red's INTERCEPT window shows, in the Red (RU) view at
1366x768 and 1920x1080, the target line and each IAMD value read from the options record (the
eligible ones with a dice box, DDG-605 with the reason it may not answer, 7.53).  Screenshots:
``test-results/decision_options-<size>.png``."""
from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

import driver as D
import labui as L




@pytest.mark.browser
def test_the_intercept_window_shows_the_options_record(page: Page, voila_app_url: str, screen) -> None:
    name, _size = screen
    try:
        L.open_voila_lab(page, voila_app_url)
        L.reveal(page, "1 Anna", "AL-21")
        L.show_view(page, "Blue (US)")
        L.begin_impulse(page, "TF Boston")
        L.add_action(page, "AL-29", "DDG-51")
        L.button(page, L.DECLARE).click()
        L.expect_message(page, "Declare: done.")
        L.fire_lrs(page, "1 Anna")
        L.button(page, "Hand over: show the Red (RU) view", ".lcb-decision").click()
        L.expect_message(page, "Showing the Red (RU) view")
        panel = page.locator(".lcb-app .lcb-decision").first
        expect(panel).to_contain_text("Target 1 Anna in AL-21: 4 LRS dice incoming", timeout=D.KERNEL_MS)
        expect(panel).to_contain_text("2 Anna INT1 of Pantsir-SM: IAMD CV 12")
        expect(panel).to_contain_text("FFG-454 INT1 CV 12")
        expect(panel).to_contain_text("DDG-605 INT1: not eligible \u2014 out of range (4 > 3) (7.53)")
        expect(panel.locator("input[type=number]")).to_have_count(2)          # the two eligible values
    finally:
        D.RESULTS.mkdir(exist_ok=True)
        page.screenshot(path=str(D.RESULTS / f"decision_options-{name}.png"))
