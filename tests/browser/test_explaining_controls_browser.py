"""Real-browser test: the lab's controls explain themselves (Voila, the app).

* At 1366x768 and 1920x1080, Blue (US) view: *Declare* is greyed until an action is added, with
  its reason in its tooltip and a line under it, beside a *Pass* that says what passing means
  (3.310); after declaring DDG-51's move, clicking a land hex greys *Move to* and the line under
  the buttons says why, with the rule (5.12) -- the same words as the button's tooltip.
* ``lcb-lab voila --start=planning``, the README's command: the app opens at the Planning Stage;
  the Game tab's *Start at: Action Stage* and *New game* (asked twice) bring the Action Stage back.

Screenshots: ``test-results/explaining-declare-<size>.png``, ``explaining-<size>.png``,
``explaining-planning.png``, ``explaining-odds.png``.
"""
from __future__ import annotations

from pathlib import Path
from typing import Iterator

import pytest
from playwright.sync_api import Page, expect

import driver as D
import labui as L

MOVE_WHY = "Move to AL-20: rule 5.12: AL-20 is out of reach for DDG-51 (MP 5)"


@pytest.mark.browser
def test_greyed_controls_say_why(page: Page, voila_app_url: str, screen) -> None:
    name, _size = screen
    try:
        L.open_voila_lab(page, voila_app_url)
        L.show_view(page, "Blue (US)")
        L.begin_impulse(page, "TF Boston")
        declare = L.button(page, L.DECLARE, L.IMPULSE)
        expect(declare).to_be_disabled(timeout=D.KERNEL_MS)
        expect(declare).to_have_attribute("title", "Declare: add a Core Action first (Action, Units, then Add "
                                                   "action; 3.31) \u2014 or Pass to declare none (3.310)")
        note = page.locator(".lcb-app .lcb-impulse .lcb-locked").first
        expect(note).to_contain_text("Declare is greyed: add a Core Action first", timeout=D.KERNEL_MS)
        expect(note).to_be_in_viewport()
        passing = L.button(page, "Pass", L.IMPULSE)
        expect(passing).to_be_enabled()
        expect(passing).to_have_attribute("title", "Pass: declare no Core Action \u2014 TF Boston's 3 AP are lost "
                                                   "(3.310) \u2014 and end the impulse (3.3)")
        D.RESULTS.mkdir(exist_ok=True)
        page.screenshot(path=str(D.RESULTS / f"explaining-declare-{name}.png"))
        L.add_action(page, "AL-29", "DDG-51")
        expect(declare).to_be_enabled(timeout=D.KERNEL_MS)
        declare.click()
        L.expect_message(page, "Declare: done.")
        L.click_hex(page, "AL-20")
        move = L.button(page, "Move to AL-20", L.IMPULSE)
        expect(move).to_be_disabled(timeout=D.KERNEL_MS)
        expect(move).to_have_attribute("title", MOVE_WHY)
        why = page.locator(".lcb-app .lcb-impulse .lcb-why").first
        expect(why).to_have_text(MOVE_WHY + ".", timeout=D.KERNEL_MS)
        expect(why).to_be_in_viewport()
        L.click_hex(page, "AL-28")
        expect(L.button(page, "Move to AL-28", L.IMPULSE)).to_be_enabled(timeout=D.KERNEL_MS)
        expect(page.locator(".lcb-app .lcb-impulse .lcb-why", has_text="Move to")).to_have_count(0)
    finally:
        D.RESULTS.mkdir(exist_ok=True)
        page.screenshot(path=str(D.RESULTS / f"explaining-{name}.png"))


@pytest.fixture
def voila_planning_url(tmp_path: Path) -> Iterator[str]:
    """``lcb-lab voila --start=planning`` (the README's command) on a free port; yields its URL."""
    port = D.free_port()
    args = [*D._exe("lcb-lab", "lcb_lab"), "voila", "--start=planning", "--no-browser", f"--port={port}",
            "--Voila.ip=127.0.0.1"]
    try:
        server = D._start("voila", args, D.REPO, port, tmp_path / "voila", D.REPO, D._env())
    except D.ServerError as e:
        pytest.fail(str(e), pytrace=False)
    try:
        yield server.url
    finally:
        server.stop()


@pytest.mark.browser
def test_the_app_starts_at_the_planning_stage(page: Page, voila_planning_url: str) -> None:
    page.set_viewport_size({"width": 1366, "height": 768})
    try:
        L.open_voila_lab(page, voila_planning_url)
        play = page.locator(".lcb-app .lcb-play-tab").first
        expect(play).to_contain_text("Planning Stage", timeout=D.KERNEL_MS)
        expect(play).to_contain_text("CP left")
        expect(L.button(page, "Begin impulse")).to_have_count(0)
        assert L.clipping_problems(page) == []           # Pool / Attach to / Embark on: each word whole
        L.tab(page, "Game").click()
        start = L.labelled(page, "dropdown", "Start at")
        expect(start.locator("option:checked")).to_have_text("Planning Stage", timeout=D.KERNEL_MS)
        start.select_option(label="Action Stage")
        L.button(page, "New game").click()
        L.button(page, "Confirm new game").click()
        L.expect_message(page, "at its Action Stage, seed 1. Begin the first impulse in the Impulse tab.")
        L.tab(page, L.TAB_IMPULSE).click()
        expect(L.button(page, "Begin impulse")).to_be_visible(timeout=D.KERNEL_MS)
    finally:
        D.RESULTS.mkdir(exist_ok=True)
        page.screenshot(path=str(D.RESULTS / "explaining-planning.png"))


@pytest.mark.browser
def test_the_log_reads_the_odds_in_words_with_a_bar_plot(page: Page, voila_app_url: str) -> None:
    """Instructor view, 1920x1080: DDG-51 fires 4 LRS dice at 1 Anna (revealed); while the combat waits
    *End impulse* says why it is greyed (3.38); after the roll the log's odds line reads its
    distributions in words, with the small bar plot of HP lost."""
    page.set_viewport_size({"width": 1920, "height": 1080})
    try:
        L.open_voila_lab(page, voila_app_url)
        L.to_combat(page, lrs_dice=4)
        L.button(page, L.ADD_LRS).click()
        expect(L.button(page, L.COMMIT)).to_be_enabled(timeout=D.KERNEL_MS)
        L.button(page, L.COMMIT).click()
        L.expect_message(page, "Commit combat: done.")
        end = L.button(page, "End impulse", L.IMPULSE)
        expect(end).to_be_disabled(timeout=D.KERNEL_MS)
        expect(end).to_have_attribute("title", "End impulse: rule 3.38: committed combat must be resolved before "
                                               "the impulse ends")
        decision = page.locator(".lcb-app .lcb-decision").first
        if decision.is_visible():                            # RU may INTERCEPT: none
            L.button(page, "Never INTERCEPT", ".lcb-decision").click()
            expect(decision).to_be_hidden(timeout=D.KERNEL_MS)
        L.button(page, "Resolve combat").click()
        L.expect_message(page, "Resolve combat: done.")
        line = page.locator(".lcb-app .lcb-log-line:visible", has_text="Odds before rolling: LRS on 1 Anna").first
        expect(line).to_contain_text("LRS hits: 0 hits 1%, 1 hit 8%, 2 hits 26%, 3 hits 41%, 4 hits 24%",
                                     timeout=D.KERNEL_MS)
        expect(line).to_contain_text("HP lost: none 1%, 1 HP 8%, 2 HP 92%")
        bars = line.locator(".lcb-odds-bars")
        expect(bars).to_have_attribute("aria-label", "HP lost: none 1%, 1 HP 8%, 2 HP 92%")
        heights = [b["height"] for b in (bar.bounding_box() for bar in bars.locator(".lcb-odds-bar").all()) if b]
        assert len(heights) == 3 and heights[2] > heights[1] >= heights[0] > 0, heights
    finally:
        D.RESULTS.mkdir(exist_ok=True)
        page.screenshot(path=str(D.RESULTS / "explaining-odds.png"))
