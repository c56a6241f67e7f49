"""The lab by keyboard and without colour, in a real browser (Voila, the app; 1366x768 and 1920x1080).

* **Tab** from the top of the page reaches the hex box (every control on the way is a button,
  an input, a list, a tab title or a link: nothing the keyboard cannot leave); typing "AM-26" and
  Enter shows that hex's counters in the hex info panel (LHD 1 is there), as a click would; the
  focused box and the next control (the map, right after the side column in page order: the ring
  round its box) have a visible focus ring (computed ``outline``); Tab on from the box to the map, ArrowUp and ArrowRight move the selection AM-26 -> AM-25
  -> AN-25, the hex info and the hex box follow.
* **JupyterLab** (1920x1080): the arrow keys on the clicked map move the hex, not the notebook's
  active cell.
* **Tabs**: Tab goes on to the current tab's title ("Impulse"), ArrowRight to "Overlays" (Lumino's
  tab bar), Enter opens it, Tab enters it (its first switch); each with the ring.
* **Terrain hatches**: the map's terrain renderer (the land part of each hex) in the page's Bokeh
  document draws each row's hatch from its ``hatch`` column (dots on green, dashes on yellow), and
  the map key lists the board's MP colours with their swatches and hatches.

Screenshots: ``test-results/keyboard-<size>.png`` (the lab after the hex box) and
``test-results/terrain-<size>.png`` (the map canvas).
"""
from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

import driver as D
import labui as L
from lcb_lab.ui.lcb.map import palette

MAX_TABS = 80
"""Tab presses allowed to reach the hex box from the top of the page."""

_ACTIVE_JS = r"""
() => {
  let e = document.activeElement;
  while (e && e.shadowRoot && e.shadowRoot.activeElement) e = e.shadowRoot.activeElement;
  if (!e || e === document.body) return null;
  const s = getComputedStyle(e);
  const inBox = !!(e.closest && e.closest('.lcb-hex-box'));
  const inTabs = !!(e.closest && e.closest('.widget-tab-contents'));
  return {tag: e.tagName.toLowerCase(), text: (e.innerText || e.value || e.getAttribute('aria-label') || '').slice(0, 40),
          cls: typeof e.className === 'string' ? e.className.slice(0, 80) : '', hexBox: inBox, inTabs,
          outline: s.outlineStyle, outlineWidth: parseFloat(s.outlineWidth), outlineColor: s.outlineColor,
          shadow: s.boxShadow};
}
"""

_TERRAIN_JS = r"""
() => {
  const views = [...Bokeh.index.all_views()].filter(v => v.model && v.model.renderers && v.canvas_view);
  const plot = views[0].model;
  const byName = n => plot.renderers.find(r => r.name === n);
  const terrain = byName('terrain'), key = byName('terrain_key');
  const g = terrain.glyph, src = terrain.data_source.data;
  const legend = plot.center.find(m => m.name === 'terrain_legend');
  const at = lab => src.hatch[[...src.label].indexOf(lab)];
  return {pattern: g.hatch_pattern, colour: g.hatch_color, alpha: g.hatch_alpha, scale: g.hatch_scale,
          hatches: [...new Set(src.hatch)].sort(), green: at('AD-20'), yellow: at('AJ-21'),
          key: legend.items.map(it => [it.label.value, key.data_source.data.hatch[it.index],
                                       key.data_source.data.fill[it.index]]),
          keyVisible: legend.visible, keyLocation: legend.location};
}
"""

_MAP_RING_JS = ("() => { const s = getComputedStyle(document.querySelector('.lcb-app .lcb-map'));"
                " return [s.outlineStyle, parseFloat(s.outlineWidth), s.outlineColor]; }")
"""The map box's outline (the ring while the map, whose event layer Bokeh keeps in its shadow DOM, holds focus)."""


def _spec(v):
    """A BokehJS property spec as its field or value ({field: "hatch"} -> "hatch")."""
    if isinstance(v, dict):
        return v.get("field", v.get("value"))
    return v


def _tab_to_hex_box(page: Page) -> list[dict]:
    page.locator("body").click(position={"x": 2, "y": 2})
    seen = []
    for _ in range(MAX_TABS):
        page.keyboard.press("Tab")
        got = page.evaluate(_ACTIVE_JS)
        seen.append(got)
        if got and got["hexBox"]:
            return seen
    raise AssertionError(f"the hex box is not reached in {MAX_TABS} Tabs: {seen}")


def _assert_ring(focused: dict) -> None:
    assert focused["outline"] != "none" and focused["outlineWidth"] >= 2, repr(focused)
    assert focused["outlineColor"] == "rgb(11, 92, 173)", repr(focused)


@pytest.mark.browser
def test_a_hex_picked_by_keyboard_and_the_terrain_hatched(page: Page, voila_app_url: str, screen) -> None:
    name, _size = screen
    L.open_voila_lab(page, voila_app_url)
    # the terrain: hatches in the page's Bokeh document, the map key
    t = page.evaluate(_TERRAIN_JS)
    assert (_spec(t["pattern"]), _spec(t["colour"]), _spec(t["alpha"]), _spec(t["scale"])) == (
        "hatch", palette.TERRAIN_HATCH_COLOUR, palette.TERRAIN_HATCH_ALPHA, palette.TERRAIN_HATCH_SCALE), t
    assert t["hatches"] == [".", ":"] and (t["green"], t["yellow"]) == (".", ":"), t
    assert t["key"] == [["Blue: 1 MP (naval)", " ", "#a5c5dc"], ["Green: 1 MP", ".", "#c3d794"],
                        ["Yellow: 2 MP", ":", "#ffe865"]], t
    assert t["keyVisible"] and t["keyLocation"] == "bottom_left"
    D.RESULTS.mkdir(exist_ok=True)
    page.locator(".lcb-app .bk-Canvas").first.screenshot(path=str(D.RESULTS / f"terrain-{name}.png"))
    # the keyboard: Tab to the hex box, a label, Enter
    seen = _tab_to_hex_box(page)
    assert all(s is None or s["tag"] in ("button", "input", "select", "a", "li", "div", "textarea") for s in seen), seen
    _assert_ring(seen[-1])
    page.keyboard.type("am-26")
    page.keyboard.press("Enter")
    info = page.locator(".lcb-hex-info").first
    expect(info).to_contain_text("Hex AM-26", timeout=D.KERNEL_MS)
    expect(info).to_contain_text("LHD 1", timeout=D.KERNEL_MS)
    expect(page.locator(".lcb-hex-box input").first).to_have_value("AM-26", timeout=D.KERNEL_MS)
    page.keyboard.press("Tab")
    after = page.evaluate(_ACTIVE_JS)
    assert after is not None and not after["hexBox"], after
    if "bk-events" in after["cls"]:             # the map (next after the side column): the ring round its box
        assert page.evaluate(_MAP_RING_JS) == ["solid", 3, "rgb(11, 92, 173)"], after
    else:
        _assert_ring(after)
    page.screenshot(path=str(D.RESULTS / f"keyboard-{name}.png"))
    # on to the tabs: the current tab's title takes focus, the arrow keys move along the titles, Enter opens one
    for _ in range(MAX_TABS):
        page.keyboard.press("Tab")
        got = page.evaluate(_ACTIVE_JS)
        if got and "lm-TabBar-tab" in got["cls"]:
            break
    else:
        raise AssertionError("Tab does not reach the tab titles")
    assert got["text"] == "Impulse", got
    _assert_ring(got)
    page.keyboard.press("ArrowRight")
    got = page.evaluate(_ACTIVE_JS)
    assert got["text"] == "Overlays", got
    _assert_ring(got)
    page.keyboard.press("Enter")
    expect(L.tab(page, "Overlays")).to_have_class(re.compile("lm-mod-current"), timeout=D.KERNEL_MS)
    # a tab's page is built in the browser once first shown (one kernel round trip): Tab once it is there
    expect(page.locator(".lcb-app .widget-tab-contents .widget-checkbox:visible").first).to_be_visible(
        timeout=D.KERNEL_MS)
    page.keyboard.press("Tab")
    got = page.evaluate(_ACTIVE_JS)
    assert (got["tag"], got["inTabs"]) == ("input", True), got        # the first switch of the Overlays tab
    _assert_ring(got)
    page.locator(".lcb-hex-box input").first.focus()
    # the map, after the top bar: Tab on to it from the hex box; the arrow keys move the selection hex by hex
    for _ in range(MAX_TABS):
        page.keyboard.press("Tab")
        got = page.evaluate(_ACTIVE_JS)
        if got and "bk-events" in got["cls"]:
            break
    else:
        raise AssertionError("Tab does not reach the map from the hex box")
    ring = page.evaluate(_MAP_RING_JS)
    assert ring == ["solid", 3, "rgb(11, 92, 173)"], ring
    page.keyboard.press("ArrowUp")
    expect(info).to_contain_text("Hex AM-25", timeout=D.KERNEL_MS)
    page.keyboard.press("ArrowRight")
    expect(info).to_contain_text("Hex AN-25", timeout=D.KERNEL_MS)
    expect(page.locator(".lcb-hex-box input").first).to_have_value("AN-25", timeout=D.KERNEL_MS)
    page.screenshot(path=str(D.RESULTS / f"keyboard-map-{name}.png"))


_ACTIVE_CELL_JS = "() => [...document.querySelectorAll('.jp-Notebook .jp-Cell')].findIndex(c => c.classList.contains('jp-mod-active'))"


@pytest.mark.browser
def test_the_arrow_keys_in_jupyterlab_move_the_hex_not_the_notebook(page: Page, jupyterlab_server: D.Server) -> None:
    """In JupyterLab an arrow key on the focused map moves the selected hex, not the notebook's active
    cell (JupyterLab's own ArrowUp / ArrowDown in command mode)."""
    page.set_viewport_size({"width": 1920, "height": 1080})
    L.open_and_run_all(page, jupyterlab_server)
    L.wait_kernel_listening(page)
    L.click_hex(page, "AM-26")                     # a click focuses the map too
    info = page.locator(".lcb-hex-info").first
    expect(info).to_contain_text("Hex AM-26", timeout=D.KERNEL_MS)
    got = page.evaluate(_ACTIVE_JS)
    assert got is not None and "bk-events" in got["cls"], got
    cell = page.evaluate(_ACTIVE_CELL_JS)
    page.keyboard.press("ArrowUp")
    expect(info).to_contain_text("Hex AM-25", timeout=D.KERNEL_MS)
    page.keyboard.press("ArrowDown")
    expect(info).to_contain_text("Hex AM-26", timeout=D.KERNEL_MS)
    assert page.evaluate(_ACTIVE_CELL_JS) == cell
