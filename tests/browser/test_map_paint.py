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

A click repaints one canvas layer: BokehJS paints a plot on two stacked canvases, the board on the
lower one and what a click changes (overlays, the selected hex, counters) on the upper one
(lcb_lab.ui.lcb.map.click_layer); a click that moves the ring and a click from DDG-51 to DDG-80 draw on
the upper canvas only, and the page sends the kernel none of the patch's changes back (jupyter_bokeh
echoed each of them).
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


COUNT_LAYER_DRAWS = """
window.__lcbLayerDraws = new Map();
const lcbLayerProto = CanvasRenderingContext2D.prototype;
for (const name of ["fillRect", "strokeRect", "clearRect", "fill", "stroke", "fillText", "strokeText", "drawImage"]) {
  const orig = lcbLayerProto[name];
  lcbLayerProto[name] = function (...args) {
    const c = this.canvas;
    if (c instanceof HTMLCanvasElement && c.classList.contains('bk-layer') && c.width * c.height >= 200 * 200) {
      const big = (e) => e instanceof HTMLCanvasElement && e.width * e.height >= 200 * 200;
      const layers = [...c.parentNode.children].filter((e) => e.classList.contains('bk-layer') && big(e));
      const i = layers.indexOf(c);
      window.__lcbLayerDraws.set(i, (window.__lcbLayerDraws.get(i) || 0) + 1);
    }
    return orig.apply(this, args);
  };
}
"""
"""Counts the drawing calls on each of a Bokeh plot's canvas layers (0: the lower, primary one; 1: the upper)."""


def _layers_drawn_by(page: Page, click, sent: list[str]) -> tuple[dict[int, int], list[str]]:
    """The drawing calls per canvas layer and the page's comm messages of document changes
    (not the Tap event) from ``click()`` until 1.5 s after."""
    page.evaluate("window.__lcbLayerDraws = new Map()")
    n = len(sent)
    click()
    page.wait_for_timeout(1500)
    draws = dict(page.evaluate("[...window.__lcbLayerDraws]"))
    echoed = [f for f in sent[n:] if '"jsevent"' in f and '"MessageSent"' not in f]
    return {int(k): v for k, v in draws.items()}, echoed


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
    page.add_init_script(COUNT_LAYER_DRAWS)
    sent: list[str] = []
    page.on("websocket", lambda ws: ws.on("framesent", lambda f: sent.append(
        f if isinstance(f, str) else bytes(f).decode("utf-8", "replace"))))
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

    # the ring moves to an empty hex (1 Tanya stays selected): the upper layer alone is repainted
    ring = lambda: labui.click_hex(page, "AJ-23")
    draws, echoed = _layers_drawn_by(page, ring, sent)
    expect(info).to_contain_text("AJ-23", timeout=KERNEL_MS)
    assert set(draws) == {1}, f"drawing calls per canvas layer (0: the board's): {draws}"
    assert echoed == [], f"the page sent the patch's changes back: {[f[:200] for f in echoed]}"
    for h, uid in (("AL-29", "DDG-51"), ("AM-27", "DDG-80")):       # a unit, then one with a legend as wide
        draws, echoed = _layers_drawn_by(page, lambda: labui.click_hex(page, h), sent)
        expect(page.locator(".lcb-unit-tracker").first).to_contain_text(uid, timeout=KERNEL_MS)
        assert echoed == [], f"the page sent the patch's changes back: {[f[:200] for f in echoed]}"
    assert set(draws) == {1}, f"{h}: drawing calls per canvas layer (0: the board's): {draws}"
    selected = _canvas_png(page)

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
