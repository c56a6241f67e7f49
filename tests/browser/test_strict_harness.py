"""The strict harness itself (conftest.py), and Voila offline.

* A console error, a page error and a request to an outside host are recorded by the test's
  :class:`conftest.BrowserGuard`, and the outside request is aborted before it leaves.
* The guard fails the test: a test whose page logs one console error is a strict xfail (it
  would XPASS, i.e. fail the run, if the guard let it through).
* Voila (``lcb-lab voila``) serves the lab with lcb_lab's ``lcb`` template: no stylesheet from a CDN,
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


LAYOUT_PAGE = """<!doctype html><style>body{margin:0} .lcb-app{width:600px}
  button{width:60px; overflow:hidden; text-overflow:ellipsis; white-space:nowrap}
  .scroller{height:100px; overflow:auto} .wide{overflow:hidden; width:100px} .wide div{width:300px}</style>
<div class="lcb-app">
  <button id="cut">Remove last</button> <button id="fits" style="width:200px">Declare</button>
  <div class="scroller"><div id="inside" style="height:40px">in view</div><div style="height:200px"></div>
                        <div id="scrolled-away" style="height:20px">below the fold of its panel</div></div>
  <div class="wide"><div>wider than its panel</div></div>
  <div class="lcb-log" style="height:50px; overflow:auto"><div style="height:300px">a long log: made to scroll</div></div>
  <div id="below" style="margin-top:2000px">below the viewport</div>
</div>"""


@pytest.mark.browser
def test_the_layout_checks_see_clipping_and_off_screen_boxes(page: Page) -> None:
    from labui import assert_in_viewport
    page.set_viewport_size({"width": 800, "height": 600})
    page.set_content(LAYOUT_PAGE)
    got = L.viewport_problems(page, {k: page.locator(f"#{k}") for k in ("fits", "inside", "scrolled-away", "below")})
    assert [p.split(":")[0] for p in got] == ["scrolled-away", "below"], got
    assert "clipped by" in got[0] and "scroller" in got[0]
    cut = L.clipping_problems(page)
    assert any('text cut: button "Remove last"' in p for p in cut), cut
    assert not any("Declare" in p for p in cut), cut
    assert any("panel clipped sideways" in p and "holds 300 px in 100" in p for p in cut), cut
    # a scroll box smaller than its content (the hex info once was one, cut to a row) -- but not the log
    assert any(p.startswith("panel cut:") and "holds 260 px of content in 100" in p for p in cut), cut
    assert not any("a long log" in p for p in cut), cut
    assert_in_viewport(page, {"fits": "#fits", "inside": "#inside"}, clipped_root=None)
    with pytest.raises(AssertionError, match="below"):
        assert_in_viewport(page, {"below": "#below"}, clipped_root=None)


@pytest.mark.browser
def test_the_click_helpers_wait_for_the_labs_answer(page: Page, voila_app_url: str) -> None:
    """:func:`labui.click_hex` returns once the lab has answered the click -- its hex info names the hex,
    read at once, with every answer of the kernel 1.5 s late (:data:`labui.SLOW_ANSWERS_JS`) -- so the
    next click cannot land while the answer redraws the panels (the clicked unit's Unit Tracker moves
    the Impulse tab ~75 px down); :func:`labui.wait_maps_fitted` returns the map fitted to its frame."""
    page.context.add_init_script(L.SLOW_ANSWERS_JS)
    L.open_voila_lab(page, voila_app_url)
    L.show_view(page, "Blue (US)")
    page.evaluate("() => { window.__lcbAnswerDelay = 1500; }")
    for label in ("AL-29", "AM-26"):                     # DDG-51's hex, LHD 1's
        L.click_hex(page, label)
        assert f"Hex {label}" in page.locator(".lcb-hex-info").first.inner_text()
    page.evaluate("() => { window.__lcbAnswerDelay = 0; }")
    maps = L.wait_maps_fitted(page)
    assert len(maps) == 1 and maps[0]["fitted"] and maps[0]["w"] > 250, maps
