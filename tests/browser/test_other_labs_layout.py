"""The other games' labs on a class's screens, in a real browser: what only the page shows of their maps.

* At 1366x768 in JupyterLab with the file browser open (the narrowest map column a class meets), the
  Force on Force table and the Archipelago board show their whole title and key: every title line and key
  line, measured in its own font, ends inside the canvas (before the toolbar beside the board), and the key's
  box lies inside the canvas -- Bokeh draws them on the canvas, where a longer line is cut at its edge: the
  table's title and both ends of its key were cut, the board's key lost its second column.  And the board and
  the table keep their shape, 1 d (1 inch) as many px across as up (the table was drawn 11 px per inch across,
  18 up).  Presentation mode grows the map's own texts there too (the board's piece numbers stayed 10 px:
  16 px now, no text under 13 px).  The same at 1920x1080 in Voila, with and without presentation mode.
* There too, every text on the Force on Force table -- the units' labels, the places' and the terrain's
  names -- lies whole inside the frame and apart from every other (measured as BokehJS draws it, its
  background box): the names were placed once for the designed 520 px table, so beside the file browser in
  presentation "house door" and "behind copse" were cut at the frame's right edge and "Marines (5)" lay
  over "far bank" and the Stream's name.
Screenshots: ``test-results/other_labs_<game>_<where>.png``.
"""
from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

import driver as D
import labui as L

NOTEBOOKS = {"force_on_force": "notebooks/force_on_force_lab.ipynb", "archipelago": "notebooks/archipelago_lab.ipynb"}
TOOLBAR_PX = {"force_on_force": 0, "archipelago": 40}
"""The toolbar right of the figure (the board's): a line must end before it; the table's is above it."""

_CANVAS_TEXTS_JS = """
([n]) => {
  const figs = [...Bokeh.index.all_views()].filter(v => v.frame && v.canvas_view && v.canvas_view.el.isConnected);
  if (figs.length <= n) return {error: `map ${n} not found (${figs.length} figure views)`};
  const v = figs[n], m = v.model, f = v.frame.bbox, ctx = document.createElement("canvas").getContext("2d");
  const lines = [m.title, ...m.above, ...m.below].filter(t => t && t.type === "Title" && t.text);
  const views = [...v.renderer_views.values()];
  return {canvas: v.canvas_view.bbox.width, frame: [f.left, f.top, f.right, f.bottom],
          scale: [f.width / (m.x_range.end - m.x_range.start), f.height / (m.y_range.end - m.y_range.start)],
          lines: lines.map(t => { ctx.font = `${t.text_font_style} ${t.text_font_size} ${t.text_font}`;
                                  return [t.text, f.left + ctx.measureText(t.text).width]; }),
          legends: views.filter(r => r.model.type === "Legend" && r.model.visible)
                        .map(r => [r.bbox.left, r.bbox.right, r.model.ncols, r.model.label_text_font_size])};
}
"""

_TABLE_TEXTS_JS = """
([n]) => {
  const figs = [...Bokeh.index.all_views()].filter(v => v.frame && v.canvas_view && v.canvas_view.el.isConnected);
  if (figs.length <= n) return {error: `map ${n} not found (${figs.length} figure views)`};
  const v = figs[n], f = v.frame.bbox, boxes = [];
  for (const r of v.renderer_views.values()) {
    const g = r.glyph;
    if (!g || !r.model.visible || r.model.glyph.type !== "Text" || !g.swidth) continue;
    for (let i = 0; i < g.data_size; i++) {
      const text = g.text.get(i), a = g.anchor_.get(i);
      if (g.labels[i] == null || !text) continue;
      const left = g.sx[i] + g.x_offset.get(i) - a.x * g.swidth[i], top = g.sy[i] + g.y_offset.get(i) - a.y * g.sheight[i];
      boxes.push([text, left, top, left + g.swidth[i], top + g.sheight[i]]);
    }
  }
  return {frame: [f.left, f.top, f.right, f.bottom], boxes: boxes};
}
"""
"""Every text the table draws (its text glyphs), each as ``[text, left, top, right, bottom]`` in canvas px --
the box BokehJS paints its background in -- and the frame's box."""


def _label_problems(page: Page) -> list[str]:
    """Each text of the table that is not whole inside the frame, and each two that overlap."""
    got = page.evaluate(_TABLE_TEXTS_JS, [0])
    assert "error" not in got, got
    fl, ft, fr, fb = got["frame"]
    boxes = got["boxes"]
    assert len(boxes) >= 18, boxes                  # 12 places, 6 terrain features, the units: all drawn
    out = [f"{t!r} spans {l:.0f}..{r:.0f} x {tp:.0f}..{b:.0f} px, not inside the frame {fl:.0f}..{fr:.0f} x "
           f"{ft:.0f}..{fb:.0f}" for t, l, tp, r, b in boxes if l < fl - 0.5 or r > fr + 0.5 or tp < ft - 0.5
           or b > fb + 0.5]
    for i, (t, l, tp, r, b) in enumerate(boxes):
        for u, l2, tp2, r2, b2 in boxes[i + 1:]:
            w, h = min(r, r2) - max(l, l2), min(b, b2) - max(tp, tp2)
            if w > 0.5 and h > 0.5:
                out.append(f"{t!r} and {u!r} overlap by {w:.0f} x {h:.0f} px")
    return out


def _problems(page: Page, game: str) -> tuple[list[str], dict]:
    """What of the map's titles and key does not show whole, and whether it keeps its shape."""
    got = page.evaluate(_CANVAS_TEXTS_JS, [0])
    assert "error" not in got, got
    edge = got["canvas"] - TOOLBAR_PX[game]
    out = [f"title or key line {t!r} ends at {right:.0f} px, past the canvas's edge at {edge:.0f}"
           for t, right in got["lines"] if right > edge + 0.5]
    out += [f"the key ({cols} column(s), {size}) spans {left:.0f}..{right:.0f} px, outside the canvas 0..{edge:.0f}"
            for left, right, cols, size in got["legends"] if left < -0.5 or right > edge + 0.5]
    x, y = got["scale"]
    if abs(x / y - 1) > 0.02:
        out.append(f"the map is drawn {x:.1f} px per unit across and {y:.1f} up: not its shape")
    if game == "force_on_force":
        out += _label_problems(page)
    return out, got


@pytest.mark.browser
@pytest.mark.parametrize("game", list(NOTEBOOKS))
def test_beside_the_file_browser_at_1366x768_the_map_shows_its_whole_title_and_key(page: Page, jupyterlab_server,
                                                                                  game: str) -> None:
    page.set_viewport_size({"width": 1366, "height": 768})
    L.open_notebook(page, jupyterlab_server, NOTEBOOKS[game])
    L.open_file_browser(page)
    L.run_all(page)
    expect(page.locator(".lcb-app .bk-Canvas").first).to_be_visible(timeout=D.LOAD_TIMEOUT_MS)
    L.wait_kernel_idle(page)
    page.evaluate("() => document.querySelector('.lcb-app').scrollIntoView({block: 'start'})")
    problems, got = L.settled(page, _problems, game)
    D.RESULTS.mkdir(exist_ok=True)
    page.screenshot(path=str(D.RESULTS / f"other_labs_{game}_jupyterlab_1366x768.png"))
    assert got["canvas"] < 420, f"the map is {got['canvas']:.0f} px wide: not the narrow column this test is about"
    assert not problems, "\n  ".join(["at 1366x768 beside the file browser:", *problems])
    L.presentation(page)
    page.wait_for_function(f"() => ({L._MAP_TEXTS_JS})([0]).texts.includes('16px')", timeout=D.KERNEL_MS)
    problems, got = L.settled(page, _problems, game)
    page.screenshot(path=str(D.RESULTS / f"other_labs_{game}_jupyterlab_1366x768_presentation.png"))
    assert not problems, "\n  ".join(["at 1366x768 beside the file browser, presentation mode:", *problems])
    sizes = [L.px_of(s) for s in L.map_texts(page)["texts"]]     # the board's numbers were 10 px in presentation
    assert min(sizes) >= 13 and max(sizes) == 16, sizes


@pytest.mark.browser
@pytest.mark.parametrize("game", list(NOTEBOOKS))
def test_in_voila_at_1920x1080_the_map_shows_its_whole_title_and_key(page: Page, tmp_path, game: str) -> None:
    page.set_viewport_size({"width": 1920, "height": 1080})
    server = D.start_voila(NOTEBOOKS[game], tmp_path)
    try:
        page.goto(server.url, wait_until="domcontentloaded", timeout=D.LOAD_TIMEOUT_MS)
        expect(page.locator(".lcb-app .bk-Canvas").first).to_be_visible(timeout=D.LOAD_TIMEOUT_MS)
        problems, got = L.settled(page, _problems, game)
        assert not problems, "\n  ".join(["in Voila at 1920x1080:", *problems])
        # room for two columns: two; the board's five short colour words: one row (test_archipelago_projector.py)
        assert max(cols for *_x, cols, _s in got["legends"]) == (5 if game == "archipelago" else 2)
        L.presentation(page)
        problems, _got = L.settled(page, _problems, game)
        D.RESULTS.mkdir(exist_ok=True)
        page.screenshot(path=str(D.RESULTS / f"other_labs_{game}_voila_1920x1080_presentation.png"))
        assert not problems, "\n  ".join(["in Voila at 1920x1080, presentation mode:", *problems])
    finally:
        page.goto("about:blank")                 # leave the page before its server goes
        server.stop()


_STACKS_JS = """
([zoom]) => {
  const v = [...Bokeh.index.all_views()].filter(v => v.frame && v.canvas_view && v.canvas_view.el.isConnected)[0];
  const m = v.model, rs = m.renderers.filter(r => r.data_source);
  const badges = rs.find(r => r.data_source.data.names !== undefined && r.glyph.type === "Text");
  const all = rs.find(r => r.tags.length === 2);
  if (zoom) { const x = m.x_range, y = m.y_range, cx = (x.start + x.end) / 2, cy = (y.start + y.end) / 2;
              const hx = (x.end - x.start) / (2 * zoom), hy = (y.end - y.start) / (2 * zoom);
              x.setv({start: cx - hx, end: cx + hx}); y.setv({start: cy - hy, end: cy + hy}); }
  return {badges: badges.visible, numbers: all.visible, texts: badges.data_source.data.text,
          px: v.frame.bbox.width / (m.x_range.end - m.x_range.start), need: all.tags[0]};
}
"""


def _stacks_after(page: Page, until: str) -> dict:
    """:data:`_STACKS_JS` once ``until`` (a JS predicate of it) holds, or as it stands after 5 s."""
    try:
        page.wait_for_function(f"() => ({until})(({_STACKS_JS})([0]))", timeout=5_000)
    except Exception:                     # noqa: BLE001 -- the assertion after says what was found
        pass
    return page.evaluate(_STACKS_JS, [0])


@pytest.mark.browser
def test_level_5_opens_on_counted_stacks_and_zooming_in_brings_the_numbers_back(page: Page, tmp_path) -> None:
    """Level 5 at 1366x768 in Voila: each side's heap of pieces shows as one badge ("42 Red pieces"), not 85
    numbers run together; zoomed in past the scale at which the numbers stand apart, the numbers come back
    and the badges go (in the browser, no kernel round trip); zoomed out again, the badges."""
    page.set_viewport_size({"width": 1366, "height": 768})
    server = D.start_voila(NOTEBOOKS["archipelago"], tmp_path)
    try:
        page.goto(server.url, wait_until="domcontentloaded", timeout=D.LOAD_TIMEOUT_MS)
        expect(page.locator(".lcb-app .bk-Canvas").first).to_be_visible(timeout=D.LOAD_TIMEOUT_MS)
        L.tab(page, "Game").click()
        L.labelled(page, "dropdown", "Scenario").select_option("level_5")
        L.button(page, "New game").click()
        expect(page.locator(".lcb-app .lcb-message").first).to_contain_text("level 5", timeout=D.KERNEL_MS)
        page.wait_for_function(f"() => ({_STACKS_JS})([0]).texts.length === 2", timeout=D.KERNEL_MS)
        got = page.evaluate(_STACKS_JS, [0])
        D.RESULTS.mkdir(exist_ok=True)
        page.screenshot(path=str(D.RESULTS / "other_labs_archipelago_level5_stacks_1366x768.png"))
        assert got["texts"] == ["43 Blue pieces", "42 Red pieces"] and got["px"] < got["need"], got
        assert got["badges"] and not got["numbers"], got
        page.evaluate(_STACKS_JS, [2.0])                        # the CustomJS runs after the change (a promise)
        got = _stacks_after(page, "s => s.numbers")
        assert got["px"] >= got["need"] and got["numbers"] and not got["badges"], got
        page.screenshot(path=str(D.RESULTS / "other_labs_archipelago_level5_zoomed_1366x768.png"))
        page.evaluate(_STACKS_JS, [0.5])
        got = _stacks_after(page, "s => s.badges")
        assert got["px"] < got["need"] and got["badges"] and not got["numbers"], got
    finally:
        page.goto("about:blank")
        server.stop()
