"""Real-browser test: the *Carry out* list names declared actions by the stable ids the log shows
(Voila, the app, 1366x768 and 1920x1080), and its buttons carry them out by those ids.

Blue (US) view: begin TF Boston, declare DDG-51's Move and/or Initiate Combat; *Carry out* reads
"#1 Move and/or Initiate Combat: DDG-51"; clicking AM-26 and *Move to AM-26* moves it ("Move #1 to
AM-26: done."); *End impulse*; the Impulse tab's *Hand over* shows the Red (RU) view; Red begins TF
St. Petersburg and declares Ivan Co's Move and/or Resupply and 1 Tanya's Move and/or Conceal;
*Carry out* lists "#1 ..." and "#2 ..."; choosing #2 and *Conceal* conceals it ("Conceal #2: done.").
Screenshots: ``test-results/carry_out_ids-<size>.png``.
"""
from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

import driver as D
import labui as L


def _carry_out(page: Page):
    return L.labelled(page, "dropdown", "Carry out")


def _declare_kind(page: Page, kind: str, hex_label: str, unit: str, add: str) -> None:
    """Declare builder: pick the Core Action ``kind`` (its label), click the unit's hex, pick the
    unit, then ``add`` (*Add action*; *Add more* once a row is listed)."""
    L.labelled(page, "dropdown", "Action").select_option(label=kind)
    L.click_hex(page, hex_label)
    units = L.labelled(page, "select-multiple", "Units")
    expect(units.locator("option", has_text=unit).first).to_be_attached(timeout=D.KERNEL_MS)
    units.select_option(label=unit)
    L.button(page, add).click()
    expect(L.lab(page)).to_contain_text(f"{kind}: {unit}", timeout=D.KERNEL_MS)


@pytest.mark.browser
def test_carry_out_names_and_applies_declared_actions_by_id(page: Page, voila_app_url: str, screen) -> None:
    name, _size = screen
    try:
        L.open_voila_lab(page, voila_app_url)
        L.show_view(page, "Blue (US)")
        L.begin_impulse(page, "TF Boston")
        L.add_action(page, "AL-29", "DDG-51")
        L.button(page, L.DECLARE).click()
        L.expect_message(page, "Declare: done.")
        carry = _carry_out(page)
        expect(carry.locator("option")).to_have_text(["#1 Move and/or Initiate Combat: DDG-51"],
                                                     timeout=D.KERNEL_MS)
        L.click_hex(page, "AM-26")
        move = L.button(page, "Move to AM-26")
        expect(move).to_be_enabled(timeout=D.KERNEL_MS)
        move.click()
        L.expect_message(page, "Move #1 to AM-26: done.")
        expect(carry.locator("option")).to_have_text(["#1 Move and/or Initiate Combat: DDG-51 (moved)"],
                                                     timeout=D.KERNEL_MS)
        L.button(page, "End impulse", L.IMPULSE).click()
        L.expect_message(page, "End impulse: done.")
        L.button(page, "Hand over: show the Red (RU) view", L.IMPULSE).click()
        L.expect_message(page, "Showing the Red (RU) view")
        L.begin_impulse(page, "TF St. Petersburg")
        _declare_kind(page, "Move and/or Resupply", "AJ-22", "Ivan Co", L.ADD_ACTION)
        _declare_kind(page, "Move and/or Conceal", "AJ-24", "1 Tanya", "Add more")
        L.button(page, L.DECLARE).click()
        L.expect_message(page, "Declare: done.")
        carry = _carry_out(page)
        expect(carry.locator("option")).to_have_text(["#1 Move and/or Resupply: Ivan Co",
                                                      "#2 Move and/or Conceal: 1 Tanya"], timeout=D.KERNEL_MS)
        carry.select_option(label="#2 Move and/or Conceal: 1 Tanya")
        conceal = L.button(page, "Conceal", L.IMPULSE)
        expect(conceal).to_be_enabled(timeout=D.KERNEL_MS)
        page.screenshot(path=str(D.RESULTS / f"carry_out_ids-{name}.png"))
        conceal.click()
        L.expect_message(page, "Conceal #2: done.")
    finally:
        D.RESULTS.mkdir(exist_ok=True)
        page.screenshot(path=str(D.RESULTS / f"carry_out_ids-{name}-end.png"), full_page=True)
