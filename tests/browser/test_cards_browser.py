"""Playing a card in the browser (chapter 9): the Voila app, clicked like a person.

Instructor view of a fresh Gotland Redux game: begin TF Memphis's impulse, declare *Play a JCC*
(Tactical Cyber Attack), click the RU stack in AL-21 on the map, *Play* in the Cards section;
when RU may answer, the decision panel asks (a card response) and *Pass* lets the chain
resolve; the explained log shows the card played and its outcome with their rules.  Then Blue's Combat
Air Patrols (free, aimed at an enemy card): *At card* stands on the card offered, and *Play* is taken.  The strict
harness (conftest.py) fails the test on any browser-console error.
"""
from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

import driver as D
import labui as L

CARD = "Tactical Cyber Attack"


def _declare_the_card(page: Page) -> None:
    """Begin TF Memphis's impulse and declare *Play a JCC* (Tactical Cyber Attack)."""
    L.begin_impulse(page, "TF Memphis")
    L.add_card_action(page, CARD)
    expect(L.lab(page)).to_contain_text(f"Play a JCC ({CARD})", timeout=D.KERNEL_MS)
    L.button(page, L.DECLARE).click()
    L.expect_message(page, "Declare: done.")


@pytest.mark.browser
def test_carry_out_a_card_play(page: Page, voila_app_url: str, screen) -> None:
    """The Blue view at 1366x768 and 1920x1080: with *Carry out: #1 Play a JCC* chosen and a hex clicked, the
    Impulse tab shows no Move to / ZOR into / Conceal and no move hint but a line pointing at
    *Play a card*; its link brings the Play button (its card chosen) on screen."""
    name, _size = screen
    L.open_voila_lab(page, voila_app_url)
    L.show_view(page, "Blue (US)")
    try:
        _declare_the_card(page)
        L.click_hex(page, "AL-21")
        expect(page.locator(".lcb-hex-info").first).to_contain_text("AL-21", timeout=D.KERNEL_MS)
        impulse = page.locator(".lcb-app .lcb-impulse").first
        expect(impulse).to_contain_text(f"#1: play {CARD} under Play a card", timeout=D.KERNEL_MS)
        expect(impulse).not_to_contain_text("Click a hex first")
        for text in ("Move to", "ZOR into", "Conceal"):
            expect(impulse.locator("button:visible", has_text=text)).to_have_count(0)
        play = page.locator(".lcb-app .lcb-card-play").first
        chosen = play.locator("select").first.locator("option:checked")
        expect(chosen).to_have_text(f"{CARD} \u00b7 action #1", timeout=D.KERNEL_MS)
        impulse.locator("a.lcb-go-play").click()
        play_button = L.button(page, "Play", ".lcb-card-play")
        expect(play_button).to_be_in_viewport(ratio=1, timeout=D.KERNEL_MS)
        expect(play).to_contain_text("AL-21", timeout=D.KERNEL_MS)
    finally:
        D.RESULTS.mkdir(exist_ok=True)
        page.screenshot(path=str(D.RESULTS / f"cards-carry-out-{name}.png"))


@pytest.mark.browser
def test_play_a_card_in_voila(page: Page, voila_app_url: str) -> None:
    page.set_viewport_size({"width": 1920, "height": 1400})
    L.open_voila_lab(page, voila_app_url)
    _declare_the_card(page)
    play = page.locator(".lcb-app .lcb-card-play")
    expect(play.locator("select").first.locator("option", has_text=CARD).first).to_be_attached(timeout=D.KERNEL_MS)
    L.click_hex(page, "AL-21")
    expect(play).to_contain_text("AL-21", timeout=D.KERNEL_MS)
    L.button(page, "Play", ".lcb-card-play").click()
    decision = page.locator(".lcb-app .lcb-decision")
    msg = page.locator(".lcb-app .lcb-message").first
    expect(msg).to_contain_text(f"Play {CARD}", timeout=D.KERNEL_MS)      # this act's line, not Declare's
    log = page.locator(".lcb-app .lcb-log-panel")
    played = log.filter(has_text=f"JCC played: {CARD}").first
    expect(decision.filter(has_text="card response").or_(played).first).to_be_visible(timeout=D.KERNEL_MS)
    if decision.is_visible():                        # RU may answer: a card response (9.41)
        expect(decision).to_contain_text("card response", timeout=D.KERNEL_MS)
        L.button(page, "Pass", ".lcb-decision").click()
        expect(decision).to_be_hidden(timeout=D.KERNEL_MS)
    expect(played).to_be_attached(timeout=D.KERNEL_MS)
    expect(page.locator(".lcb-app .lcb-log-card").first).to_be_attached(timeout=D.KERNEL_MS)
    D.RESULTS.mkdir(exist_ok=True)
    page.screenshot(path=str(D.RESULTS / "cards-played.png"))
    # Blue's Combat Air Patrols, a free Persistent use aimed at an enemy card: At card stands on the card the
    # engine offers (it stood on Signals Management, the first Red card known, and Play was refused)
    cap = play.locator("select").first.locator("option", has_text="Combat Air Patrols").first
    play.locator("select").first.select_option(value=cap.get_attribute("value"))
    at_card = play.locator(".widget-dropdown", has=page.locator("label", has_text="At card")).first.locator("select")
    expect(at_card.locator("option:checked")).to_have_text("Combat Air Patrols", timeout=D.KERNEL_MS)
    expect(play).to_contain_text("At: Combat Air Patrols (Red (RU), deployed in AL-19)")     # in full beside
    expect(play).not_to_contain_text("points at none")
    L.button(page, "Play", ".lcb-card-play").click()
    expect(msg).to_contain_text("Play Combat Air Patrols", timeout=D.KERNEL_MS)
    expect(msg).not_to_contain_text("Refused")
