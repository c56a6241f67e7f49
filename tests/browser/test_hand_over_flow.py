"""Real-browser test of the impulse flow across hand-overs: *End impulse* is there whenever ending
the impulse is legal for the view, however often the screen was handed over (Voila, the app).

Three impulses, clicked like a person at 1366x768 and 1920x1080: Blue's TF Boston fires at 1 Anna and Red's
INTERCEPT window is answered in the Red (RU) view, and its MILDEC question (1 Anna is hit beside Red
backs, 4.22) too, with *Take the 2 HP*; Red's TF Moscow fires at DDG-51 and Blue's
window is answered in the Instructor view; Blue's TF Memphis is ended from the Instructor view.
After every response window the screen is handed over (the decision's and the Impulse tab's
*Hand over* buttons, the view picker), and each time *End impulse* is checked: visible and
enabled when the view may end the impulse, visible but disabled while it may not (a response
window, combat committed but not resolved), absent in the other team's view and between impulses;
clicking it ends the impulse. Screenshots: ``test-results/hand_over_flow-<size>.png``.
"""
from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

import driver as D
import labui as L

END = "End impulse"


def _end_button(page: Page):
    return page.locator(".lcb-app .lcb-impulse button", has_text=END).first


def _end_is(page: Page, state: str) -> None:
    """``state``: "enabled", "disabled" (shown, greyed) or "absent" (not shown) in the Impulse tab."""
    L.tab(page, L.TAB_IMPULSE).click()
    b = _end_button(page)
    if state == "absent":
        expect(b).to_be_hidden(timeout=D.KERNEL_MS)
        return
    expect(b).to_be_visible(timeout=D.KERNEL_MS)
    (expect(b).to_be_enabled if state == "enabled" else expect(b).to_be_disabled)(timeout=D.KERNEL_MS)


def _view(page: Page, name: str) -> None:
    """Pick a view in the view picker ("Blue (US)", "Red (RU)", "Instructor")."""
    L.show_view(page, name)


def _hand_over(page: Page, within: str, to: str) -> None:
    """Click *Hand over: show the <to> view* in the decision panel or the Impulse tab."""
    L.button(page, f"Hand over: show the {to} view", within).click()
    L.expect_message(page, f"Showing the {to} view")




def _declare(page: Page, hex_label: str, unit: str) -> None:
    L.add_action(page, hex_label, unit)
    L.button(page, L.DECLARE).click()
    L.expect_message(page, "Declare: done.")


def _answer(page: Page) -> None:
    """Answer the INTERCEPT window with the dice as offered."""
    L.button(page, "Answer", ".lcb-decision").click()
    expect(page.locator(".lcb-app .lcb-decision").first).to_be_hidden(timeout=D.KERNEL_MS)


def _resolve_and_end(page: Page, mildec: tuple[str, str, str, str] | None = None) -> None:
    """Resolve, then end the impulse.  ``mildec`` = (defender's view, its button, attacker's view,
    rule): the hits pause for the defender's MILDEC question (4.22), shown to the attacker as one
    line; the screen is handed over, the defender takes the hits, and handed back."""
    _end_is(page, "disabled")                             # committed, not resolved
    L.button(page, "Resolve combat").click()
    L.expect_message(page, "Resolve combat: done.")
    if mildec is not None:
        defender, take, attacker, rule = mildec
        expect(page.locator(".lcb-app .lcb-decision").first).to_contain_text(
            f"Waiting for {defender}'s MILDEC decision {rule}.", timeout=D.KERNEL_MS)
        _end_is(page, "disabled")                         # the defender's question is open
        _hand_over(page, ".lcb-decision", defender)
        L.button(page, take, ".lcb-decision").click()
        expect(page.locator(".lcb-app .lcb-decision").first).to_be_hidden(timeout=D.KERNEL_MS)
        _hand_over(page, ".lcb-impulse", attacker)
    _end_is(page, "enabled")
    _end_button(page).click()
    L.expect_message(page, "End impulse: done.")


@pytest.mark.browser
def test_end_impulse_across_hand_overs(page: Page, voila_app_url: str, screen) -> None:
    name, _size = screen
    try:
        L.open_voila_lab(page, voila_app_url)
        L.reveal(page, "1 Anna", "AL-21")
        _end_is(page, "absent")                           # between impulses
        # impulse 1: Blue fires, Red's INTERCEPT window in the Red view
        _view(page, "Blue (US)")
        L.begin_impulse(page, "TF Boston")
        _end_is(page, "enabled")
        _declare(page, "AL-29", "DDG-51")
        L.fire_lrs(page, "1 Anna")
        _end_is(page, "disabled")                         # Red's window is open
        _hand_over(page, ".lcb-decision", "Red (RU)")
        _end_is(page, "absent")
        _answer(page)
        _hand_over(page, ".lcb-impulse", "Blue (US)")
        # 2 hits on 1 Anna in AL-21, where Blue sees Red backs: Red is asked about MILDECs (4.22, 6.11)
        _resolve_and_end(page, ("Red (RU)", "Take the 2 HP", "Blue (US)", "4.22"))
        # impulse 2: Red fires at DDG-51, Blue's window answered in the Instructor view
        _end_is(page, "absent")
        _hand_over(page, ".lcb-impulse", "Red (RU)")
        L.begin_impulse(page, "TF Moscow")
        _end_is(page, "enabled")
        _declare(page, "AN-18", "DDG-605")
        L.fire_lrs(page, "DDG-51")
        _end_is(page, "disabled")
        _hand_over(page, ".lcb-decision", "Blue (US)")
        _end_is(page, "absent")
        _view(page, "Instructor")
        _end_is(page, "disabled")
        _answer(page)
        _view(page, "Red (RU)")
        _resolve_and_end(page)
        # impulse 3: Blue begins, the instructor ends it
        _end_is(page, "absent")
        _hand_over(page, ".lcb-impulse", "Blue (US)")
        L.begin_impulse(page, "TF Memphis")
        _end_is(page, "enabled")
        _view(page, "Red (RU)")
        _end_is(page, "absent")
        _view(page, "Instructor")
        _end_is(page, "enabled")
        _end_button(page).click()
        L.expect_message(page, "End impulse: done.")
        _end_is(page, "absent")
        expect(page.locator(".lcb-app .lcb-impulse").first).to_contain_text("next impulse: Red (RU)")
    finally:
        D.RESULTS.mkdir(exist_ok=True)
        page.screenshot(path=str(D.RESULTS / f"hand_over_flow-{name}.png"))
