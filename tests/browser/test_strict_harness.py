"""The strict harness itself (conftest.py), and Voila offline.

* A console error, a page error and a request to an outside host are recorded by the test's
  :class:`conftest.BrowserGuard`, and the outside request is aborted before it leaves.
* The guard fails the test: a test whose page logs one console error is a strict xfail (it
  would XPASS, i.e. fail the run, if the guard let it through).
* Voila serves the lab with lcb_lab's ``lcb`` template (voila.json): no stylesheet from a CDN,
  and the buttons' Font Awesome icons still render, from Voila's own bundle.
"""
from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

import driver as D
import labui as L

PAGE = """<!doctype html><title>guard</title>
<script>console.error("lcb-test: boom"); setTimeout(() => { throw new Error("lcb-test: uncaught"); }, 0);</script>
<img src="https://cdn.example.org/lcb-test.png">"""


@pytest.mark.browser
def test_the_guard_records_errors_and_aborts_outside_requests(page: Page, request) -> None:
    guard = request.node._lcb_guard
    page.set_content(PAGE)
    page.wait_for_function("() => document.images[0].complete")        # the image request is over
    page.wait_for_timeout(200)
    assert guard.outside == ["https://cdn.example.org/lcb-test.png"]
    assert any("lcb-test: boom" in e for e in guard.errors), guard.errors
    assert any("page error" in e and "lcb-test: uncaught" in e for e in guard.errors), guard.errors
    assert page.evaluate("() => document.images[0].naturalWidth") == 0   # aborted: nothing arrived
    text = guard.problems()
    assert "1 request(s) left 127.0.0.1" in text and "lcb-test: boom" in text
    guard.errors.clear()                                                  # this test passes
    guard.outside.clear()


@pytest.mark.browser
@pytest.mark.xfail(strict=True, reason="the strict harness fails a test whose page logs a console error")
def test_a_console_error_fails_the_test(page: Page) -> None:
    page.set_content("<script>console.error('lcb-test: a console error')</script>")


@pytest.mark.browser
def test_voila_asks_no_outside_host_and_keeps_its_icons(page: Page, voila_url: str) -> None:
    page.goto(voila_url, wait_until="domcontentloaded", timeout=D.LOAD_TIMEOUT_MS)
    L.wait_for_map(page)
    sheets = page.evaluate("() => [...document.styleSheets].map(s => s.href).filter(Boolean)")
    assert sheets and all(D.is_local(h) for h in sheets), sheets
    assert any("/voila/templates/lcb/" in h for h in sheets), f"not the lcb template: {sheets}"
    icon = page.locator(".lcb-app button .fa").first                    # e.g. "Large text" (fa-text-height)
    expect(icon).to_be_visible()
    font = icon.evaluate("e => getComputedStyle(e, '::before').fontFamily")
    assert "Font Awesome" in font, font
    page.wait_for_function("() => [...document.fonts].some(f => /Font Awesome/.test(f.family) && f.status === 'loaded')",
                           timeout=10_000)                                # the icon font came from Voila
    # the guard (conftest.py) fails this test if any request left 127.0.0.1 meanwhile
