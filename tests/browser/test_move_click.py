"""Real-browser test: a destination hex clicked while a move is built keeps the moving unit in
the Unit Tracker (Voila, the app, 1366x768 and 1920x1080), then the move, *Undo* and *Fork here*.

In the Blue (US) view: begin TF Boston's impulse, click DDG-51's hex, declare its Move and/or
Initiate Combat; clicking AM-26 (LHD 1's hex, a legal destination) leaves DDG-51 in the Unit
Tracker and offers *Move to AM-26*; the move lands DDG-51 there; *Undo* takes it back; *Fork here*
opens the branch at full size. Screenshots: ``test-results/move_click-<size>[-fork].png``.
"""
from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

import driver as D
import labui as L


@pytest.mark.browser
def test_destination_click_keeps_the_moving_unit(page: Page, voila_app_url: str, screen) -> None:
    name, _size = screen
    try:
        L.open_voila_lab(page, voila_app_url)
        L.show_view(page, "Blue (US)")
        L.begin_impulse(page, "TF Boston")
        L.add_action(page, "AL-29", "DDG-51")
        L.button(page, L.DECLARE).click()
        L.expect_message(page, "Declare: done.")
        tracker = L.tracker_panel(page)
        expect(tracker).to_contain_text("DDG-51", timeout=D.KERNEL_MS)
        L.click_hex(page, "AM-26")                        # LHD 1's hex
        expect(page.locator(".lcb-hex-info").first).to_contain_text("AM-26", timeout=D.KERNEL_MS)
        move = L.button(page, "Move to AM-26")
        expect(move).to_be_enabled(timeout=D.KERNEL_MS)
        expect(tracker).to_contain_text("DDG-51")
        expect(tracker).not_to_contain_text("LHD 1")
        page.screenshot(path=str(D.RESULTS / f"move_click-{name}.png"))
        move.click()
        L.expect_message(page, "to AM-26: done.")
        L.undo(page)
        expect(page.locator(".lcb-hex-info").first).not_to_contain_text("DDG-51", timeout=D.KERNEL_MS)
        L.tab(page, L.TAB_HISTORY).click()
        L.button(page, "Fork here").click()
        expect(page.locator(".lcb-fork .lcb-app .bk-Canvas").first).to_be_visible(timeout=D.LOAD_TIMEOUT_MS)
        box = page.locator(".lcb-fork .lcb-app .lcb-grid").first.bounding_box()
        assert box is not None and box["width"] >= 600 and box["height"] >= 450, box
    finally:
        D.RESULTS.mkdir(exist_ok=True)
        page.screenshot(path=str(D.RESULTS / f"move_click-{name}-fork.png"), full_page=True)
