"""Real-browser test of the map's embedding: painted once, never stale.

Serves the start notebook with Voila (fixtures in conftest.py).  An init script counts
the Bokeh canvases the page creates (``.bk-Canvas`` elements, inside Bokeh's shadow
roots) and BokehJS logs "document idle" once per document it renders: after the page
has loaded and settled the map has been rendered exactly once.  Then, clicking like a
person: a hex with a unit (1 Tanya's, AJ-24, placed by BokehJS's own scales) draws the
unit's overlays -- the canvas changes but is not re-created (a patch, not a re-render);
after *Begin impulse* switching views repaints the counters (the Red view shows Blue's
concealed units face down); and no view switch logs "Error setting state" (the builder's
Units list emptied in the Red view: its options and selection once went apart).  The
first message ("Begin impulse TF Memphis: done.") does not move the hex info panel:
the message line has a fixed place (``test-results/right_column.png``).
"""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

RESULTS = Path(__file__).resolve().parents[2] / "test-results"
LOAD_TIMEOUT_MS = 120_000
KERNEL_MS = 30_000
SETTLE_MS = 5_000                 # long enough for a second render, if there were one

COUNT_CANVASES = """
window.__lcbCanvases = 0;
const lcbWatch = (root) => new MutationObserver((records) => {
  for (const r of records) for (const n of r.addedNodes) {
    if (n.nodeType !== 1) continue;
    if (n.classList.contains('bk-Canvas')) window.__lcbCanvases += 1;
    window.__lcbCanvases += n.querySelectorAll('.bk-Canvas').length;
  }
}).observe(root, {childList: true, subtree: true});
const lcbAttach = Element.prototype.attachShadow;
Element.prototype.attachShadow = function (init) { const root = lcbAttach.call(this, init); lcbWatch(root); return root; };
lcbWatch(document);
"""


def _canvas_png(page: Page):
    from PIL import Image
    return Image.open(io.BytesIO(page.locator(".bk-Canvas").first.screenshot())).convert("RGB")


def _changed_pixels(a, b) -> int:
    from PIL import ImageChops
    diff = ImageChops.difference(a, b).convert("L")
    return sum(diff.point(lambda v: 255 if v > 30 else 0).histogram()[255:])


@pytest.mark.browser
def test_the_map_is_painted_once_and_follows_the_clicks(page: Page, voila_url: str) -> None:
    console: list[tuple[str, str]] = []
    page.on("console", lambda m: console.append((m.type, m.text)))
    page.add_init_script(COUNT_CANVASES)
    page.set_viewport_size({"width": 1400, "height": 2400})
    page.goto(voila_url, wait_until="domcontentloaded", timeout=LOAD_TIMEOUT_MS)
    canvas = page.locator(".bk-Canvas").first
    expect(canvas).to_be_visible(timeout=LOAD_TIMEOUT_MS)
    page.wait_for_timeout(SETTLE_MS)
    renders = [t for _k, t in console if "document idle" in t]
    assert len(renders) == 1, f"the map was rendered {len(renders)} times: {renders}"
    assert page.evaluate("window.__lcbCanvases") == 1

    before = _canvas_png(page)
    hex_info_top = page.locator(".lcb-hex-info").first.bounding_box()["y"]
    import labui
    pt = labui.hex_point(page, "AJ-24")          # 1 Tanya's hex, where BokehJS's scales put it
    page.mouse.click(pt["x"], pt["y"])
    info = page.locator(".lcb-hex-info").first
    expect(info).to_contain_text("AJ-24", timeout=KERNEL_MS)
    expect(page.locator(".lcb-unit-tracker").first).to_contain_text("1 Tanya", timeout=KERNEL_MS)
    labui.tab(page, "Overlays").click()                # the overlays' note: a tab's page, built once shown
    expect(page.locator(".lcb-right").first).to_contain_text("Movement reach of 1 Tanya", timeout=KERNEL_MS)
    labui.tab(page, "Impulse").click()
    page.wait_for_timeout(1500)                        # the patch reaches the canvas
    selected = _canvas_png(page)
    assert _changed_pixels(before, selected) > 5000, "the overlays of 1 Tanya were not drawn"

    page.locator(".lcb-app button", has_text="Begin impulse").first.click()   # TF Memphis: LHD 1 in the builder
    expect(page.locator(".lcb-app").first).to_contain_text(": done.", timeout=KERNEL_MS)
    # the message line has its place: the first message does not push the column down
    assert page.locator(".lcb-hex-info").first.bounding_box()["y"] == pytest.approx(hex_info_top, abs=0.5)
    page.locator(".lcb-right").first.screenshot(path=str(RESULTS / "right_column.png"))
    page.locator(".lcb-app button", has_text="Red (RU)").first.click()
    expect(page.locator(".lcb-app").first).to_contain_text("Showing the Red (RU) view", timeout=KERNEL_MS)
    page.wait_for_timeout(1500)
    assert _changed_pixels(selected, _canvas_png(page)) > 500, "the Red view did not repaint the counters"
    page.locator(".lcb-app button", has_text="Instructor").first.click()
    expect(page.locator(".lcb-app").first).to_contain_text("Showing the Instructor view", timeout=KERNEL_MS)
    page.wait_for_timeout(1000)

    assert page.evaluate("window.__lcbCanvases") == 1, "the canvas was re-created (a re-render, not a patch)"
    assert len([t for _k, t in console if "document idle" in t]) == 1
    bad = [t for k, t in console if k == "error" and "Error setting state" in t]
    assert bad == [], bad
