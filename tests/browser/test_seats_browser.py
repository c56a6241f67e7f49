"""A class plays US against the greedy policy in RU's seat, in the Voila app at 1920x1080, clicked
like a class: the Game tab's *RU played by* picks greedy; the Blue (US) view begins TF Boston's
impulse, moves DDG-51 and ends the impulse; *Next opponent act* then plays RU's impulse one act at a
time through the lab's apply path (no hand-over screen: the class never takes RU's seat). While the History
tab shows a past step the button is greyed and says why. Blue reads
only the public line of each of RU's reasons, the explained log gains RU's acts, and the instructor
view reads the reasons in full. The strict harness fails the test on any browser-console error or
outside request."""
from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

import driver as D
import labui as L

PUBLIC = "RU (greedy) acted; its reasons are read by RU and the instructor."


def _us_impulse(page: Page) -> None:
    L.show_view(page, "Blue (US)")
    L.begin_impulse(page, "TF Boston")
    L.add_action(page, "AL-29", "DDG-51")
    L.button(page, L.DECLARE).click()
    L.expect_message(page, "Declare: done.")
    L.click_hex(page, "AM-26")
    L.button(page, "Move to AM-26").click()
    L.expect_message(page, "Move #1 to AM-26: done.")
    L.button(page, "End impulse", L.IMPULSE).click()
    L.expect_message(page, "End impulse: done.")


def _ru_seat_after_us_impulse(page: Page, voila_app_url: str, policy: str):
    """The Voila lab with RU's seat played by ``policy``: *Next opponent act* greyed while US (the class)
    has the initiative, then US's impulse played and the Game tab shown; returns ``(seats, next button)``."""
    L.open_voila_lab(page, voila_app_url)
    L.tab(page, "Game").click()
    seats = page.locator(".lcb-seats").first
    nxt = L.button(page, "Next opponent act", ".lcb-seats")
    L.labelled(page, "dropdown", "RU played by", ".lcb-seats").select_option(label=policy)
    expect(nxt).to_be_disabled(timeout=D.KERNEL_MS)          # US (the class) has the initiative
    _us_impulse(page)
    L.tab(page, "Game").click()
    return seats, nxt


@pytest.mark.browser
def test_a_class_plays_us_against_the_greedy_seat(page: Page, voila_app_url: str) -> None:
    page.set_viewport_size({"width": 1920, "height": 1080})
    try:
        seats, nxt = _ru_seat_after_us_impulse(page, voila_app_url, "greedy")
        expect(seats).to_contain_text("RU is to act", timeout=D.KERNEL_MS)
        acts = 0
        while nxt.is_enabled() and acts < 12:
            nxt.click()
            acts += 1
            expect(seats.get_by_text(PUBLIC)).to_have_count(acts, timeout=D.KERNEL_MS)
            if acts == 1:                                          # a past step shown: acting is off, greyed too
                L.tab(page, L.TAB_HISTORY).click()
                timeline = page.locator(".lcb-timeline select").first
                step = timeline.locator("option", has_text="2. ").first
                expect(step).to_be_attached(timeout=D.KERNEL_MS)
                timeline.select_option(label=step.inner_text())
                L.expect_message(page, "Showing step 2 of")
                L.tab(page, "Game").click()
                expect(nxt).to_be_disabled(timeout=D.KERNEL_MS)
                expect(seats).to_contain_text("RU is to act now; step 2 of the record is shown")
                L.tab(page, L.TAB_HISTORY).click()
                L.button(page, "Back to now").click()
                L.expect_message(page, "Back to now.")
                L.tab(page, "Game").click()
                expect(nxt).to_be_enabled(timeout=D.KERNEL_MS)
        assert 2 <= acts < 12, acts                                # RU's impulse: begin, declare, acts, end
        expect(seats).not_to_contain_text("RU is to act")
        log = page.locator(".lcb-log").first
        expect(log).to_contain_text("TF Moscow's impulse ends")
        assert "%" not in seats.inner_text()                       # Blue reads no odds of RU's reasons
        L.show_view(page, "Instructor")
        L.tab(page, "Game").click()
        expect(seats).not_to_contain_text(PUBLIC, timeout=D.KERNEL_MS)
        text = seats.inner_text()                                 # the reasons in full, with their rules
        assert "RU (begin TF Moscow's impulse" in text and "End the impulse (3.3)" in text, text
        assert L.clipping_problems(page) == []
    finally:
        D.RESULTS.mkdir(exist_ok=True)
        page.screenshot(path=str(D.RESULTS / "seats-greedy-1920x1080.png"))


ANSWER_US = ("Pass: play no card", "Never INTERCEPT")
"""The class's answer to a question RU's acts put to US (a card response, an INTERCEPT): let it stand."""


@pytest.mark.browser
def test_a_class_plays_us_against_the_search_seat_and_the_instructor_reads_its_reasons(page: Page, voila_app_url: str,
                                                                                      tmp_path) -> None:
    """At 1366x768, *RU played by* search: after Blue's impulse, *Next opponent act* plays RU's impulse
    (the class answering in the Blue view any question RU's acts put to US); Blue reads only the public
    lines; the instructor reads each reason in the class's words -- the declared units and cards by name,
    a card by its name, never "(1 unit(s))" or a deck id such as "RU-7" -- with the paired worlds the
    search compared.  The Blue page names none of RU's secrets (those of the game as saved, by the observer)."""
    import re
    page.set_viewport_size({"width": 1366, "height": 768})
    try:
        seats, nxt = _ru_seat_after_us_impulse(page, voila_app_url, "search")
        expect(seats).to_contain_text("RU is to act", timeout=D.KERNEL_MS)
        decision = page.locator(".lcb-app .lcb-decision").first
        acts = 0
        while acts < 15:
            if decision.is_visible() and "Blue (US)" in decision.inner_text():
                answer = next(t for t in ANSWER_US if L.control_state(page, t, ".lcb-decision") == "enabled")
                L.button(page, answer, ".lcb-decision").click()
                expect(decision).to_be_hidden(timeout=D.KERNEL_MS)
                L.tab(page, "Game").click()
                continue
            if not nxt.is_enabled():
                break
            nxt.click()
            acts += 1
            expect(seats.get_by_text("RU (search) acted;")).to_have_count(acts, timeout=D.LOAD_TIMEOUT_MS)
        assert 3 <= acts < 15, acts
        expect(page.locator(".lcb-log").first).to_contain_text("TF Moscow's impulse ends")
        assert "%" not in seats.inner_text() and "worlds" not in seats.inner_text()    # Blue: the public lines only
        L.show_view(page, "Instructor")
        L.tab(page, "Game").click()
        saved = tmp_path / "search_seat.json"                   # the game as played, to know RU's secrets
        box = page.locator(".lcb-app .widget-text:visible", has=page.locator("label", has_text="File")).first.locator("input")
        box.fill(str(saved))
        box.press("Tab")
        L.button(page, "Save").click()
        L.expect_message(page, "Saved")
        from lcb_lab.games.lcb.game import Game
        from tests.secret_text import leaks, secrets
        hidden = secrets(Game.load(saved), "US")
        assert hidden["designator"] and hidden["card"]
        L.show_view(page, "Blue (US)")
        L.tab(page, "Game").click()
        assert leaks(L.page_text(page), hidden) == []             # RU's search told Blue nothing of RU's secrets
        L.show_view(page, "Instructor")
        L.tab(page, "Game").click()
        expect(seats).not_to_contain_text("RU (search) acted;", timeout=D.KERNEL_MS)
        text = seats.inner_text()
        assert "paired worlds" in text and "Declare Move and/or Initiate Combat: " in text, text
        assert "unit(s))" not in text and not re.search(r"\b(RU|US)-\d+\b", text), text
        assert L.clipping_problems(page) == []
    finally:
        D.RESULTS.mkdir(exist_ok=True)
        page.screenshot(path=str(D.RESULTS / "seats-search-1366x768.png"))
