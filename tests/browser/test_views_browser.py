"""Switching the view in the browser, as the other team: Instructor -> Red (RU) -> Instructor.

In Voila (the start notebook) and in JupyterLab (Run All). In the Red (RU) view before the
first impulse (the US begins it) the impulse controls are locked for RU: the panel says who
plays and offers the hand-over, and no *Begin impulse* button is shown. Back in the Instructor
view the controls return. The strict harness (conftest.py) fails the test on any browser-console
error, e.g. "Error setting state: Cannot set properties of undefined (setting 'selected')".
"""
from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

import driver as D
import labui as L


def _switch_and_back(page: Page) -> None:
    L.tab(page, L.TAB_IMPULSE).click()
    expect(L.button(page, L.BEGIN)).to_be_visible(timeout=D.KERNEL_MS)
    page.locator(".lcb-app .widget-toggle-buttons button", has_text="Red (RU)").first.click()
    L.expect_message(page, "Showing the Red (RU) view")
    expect(L.lab(page)).to_contain_text("Hand over", timeout=D.KERNEL_MS)
    expect(page.locator(".lcb-app button:visible", has_text=L.BEGIN)).to_have_count(0)
    page.locator(".lcb-app .widget-toggle-buttons button", has_text="Instructor").first.click()
    L.expect_message(page, "Showing the Instructor view")
    expect(L.button(page, L.BEGIN)).to_be_visible(timeout=D.KERNEL_MS)


@pytest.mark.browser
def test_switch_views_in_voila(page: Page, voila_url: str) -> None:
    page.set_viewport_size({"width": 1920, "height": 1400})
    page.goto(voila_url, wait_until="domcontentloaded", timeout=D.LOAD_TIMEOUT_MS)
    L.wait_for_map(page)
    _switch_and_back(page)


@pytest.mark.browser
def test_switch_views_in_jupyterlab(page: Page, jupyterlab_server: D.Server) -> None:
    page.set_viewport_size({"width": 1920, "height": 1080})
    L.open_and_run_all(page, jupyterlab_server)
    _switch_and_back(page)
