"""Projector layout: one screen holds the map, the tracker, the impulse controls, the odds.

At 1920x1080 and 1366x768 (``screen``), in JupyterLab with its file browser sidebar open (the
start notebook after *Run All*) and in Voila (the app notebook, notebooks/lab_app.ipynb, else the
start notebook), with presentation mode off and on:

1. as the page opens (Voila), with no scrolling, the map is wholly on screen; right after Run All
   (JupyterLab) at least half of it is in the notebook area (the start notebook keeps its lab in
   view; the intro above it may push the map's foot below the fold);
2. the lab scrolled into view as a class sees it (JupyterLab: its top at the top of the notebook
   area; the lab is as tall as that area) and clicked like a person into a combat allocation -- reveal 1 Anna (card effect), begin
   TF Boston's impulse, declare DDG-51, the LRS row with its exact odds, DDG-51 selected -- the
   map canvas, the Unit Tracker, the impulse controls and the odds are all on screen together,
   none cut by a scrolling panel;
3. nothing in the lab is clipped: no button, tab title, label or list cut (ellipsis, text wider
   than its box) and no panel holding content wider than itself;
4. the map uses the space: its frame is at least :data:`MIN_FRAME` px tall for the screen
   (it grows with the screen, lcb_lab.ui.views.map.MapView.fill_box), and in presentation mode the
   lab says so (``.lcb-presentation``) and the map's designators are drawn at >= 16 px;
5. presentation leaves no blank column: the map, the right column and the log column (dropped
   under 1640 px) fill the lab's width within :data:`FILL_SLACK` px.

All problems are collected and reported together. Screenshots for humans:
``test-results/projector-<where>-<size>[-presentation].png``.
"""
from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

import driver as D
import labui as L

MIN_FRAME = {"1920x1080": 760, "1366x768": 470}
"""The least map frame height (px) at each screen: what the layout must give the map (sandbox
figures: the notebook area less the lab's top bar and the map's titles, with ~5 % to spare)."""

PRESENTATION = "Presentation"

_FRAME_JS = """
() => {
  const figs = [...Bokeh.index.all_views()].filter(v => v.frame && v.canvas_view && v.canvas_view.el.isConnected);
  const v = figs[0];
  // the smallest text size of the counters' designators (renderer "counter_names", column of sizes)
  let designator = null;
  const r = v.model.renderers.find(r => r.name === "counter_names");
  if (r) {
    const spec = r.glyph.text_font_size, d = r.data_source.data;
    const col = spec && spec.field ? (d instanceof Map ? d.get(spec.field) : d[spec.field]) : [spec && spec.value];
    for (const x of col || []) { const n = parseFloat(x); if (!isNaN(n)) designator = designator === null ? n : Math.min(designator, n); }
  }
  return {w: v.frame.bbox.width, h: v.frame.bbox.height, designator};
}
"""


_SHOWN_JS = """
() => {
  const figs = [...Bokeh.index.all_views()].filter(v => v.frame && v.canvas_view && v.canvas_view.el.isConnected);
  const r = figs[0].canvas_view.el.getBoundingClientRect();
  const area = document.querySelector('.jp-NotebookPanel:not(.lm-mod-hidden) .jp-WindowedPanel-outer')
               || document.querySelector('.jp-NotebookPanel:not(.lm-mod-hidden) .jp-Notebook');
  const a = area ? area.getBoundingClientRect() : {top: 0, bottom: innerHeight, left: 0, right: innerWidth};
  const h = Math.max(0, Math.min(r.bottom, a.bottom, innerHeight) - Math.max(r.top, a.top, 0));
  const w = Math.max(0, Math.min(r.right, a.right, innerWidth) - Math.max(r.left, a.left, 0));
  return (w * h) / (r.width * r.height);
}
"""


_COLUMNS_JS = """
() => {
  const app = document.querySelector('.lcb-app'), grid = app.querySelector('.lcb-grid');
  const figs = [...Bokeh.index.all_views()].filter(v => v.frame && v.canvas_view && v.canvas_view.el.isConnected);
  const box = e => { const r = e.getBoundingClientRect(); return [r.left, r.right]; };
  const log = grid.querySelector('.lcb-side-log');
  return {grid: box(grid), map: box(figs[0].canvas_view.el), right: box(grid.querySelector('.lcb-right')),
          log: getComputedStyle(log).display === 'none' ? null : box(log)};
}
"""
"""The left and right edges (px) of the lab's grid, the map's canvas, the right column and the
log column (null while it is dropped)."""

FILL_SLACK = 16
"""The most blank (px) allowed between the columns and at the lab's right edge (the grid's 8 px gap,
the map's toolbar beside its canvas...)."""


def blank_columns(page: Page) -> list[str]:
    """Blank stretches across the lab: between the map's canvas, the right column and the log
    column (when shown), and after the last column up to the lab's right edge."""
    got = page.evaluate(_COLUMNS_JS)
    cols = [("the map", got["map"]), ("the right column", got["right"])] + (
        [("the log column", got["log"])] if got["log"] else [])
    out = [f"{(b[0] - a[1]):.0f} px blank between {na} and {nb}"
           for (na, a), (nb, b) in zip(cols, cols[1:]) if b[0] - a[1] > FILL_SLACK + 8]
    end = got["grid"][1] - cols[-1][1][1]
    if end > FILL_SLACK:
        out.append(f"{end:.0f} px blank right of {cols[-1][0]} (the lab is {got['grid'][1] - got['grid'][0]:.0f} px wide)")
    return out


def _scroll_lab_into_view(page: Page) -> None:
    """As a class sees the lab: its top at the top of the notebook area (JupyterLab) / page."""
    page.evaluate("() => document.querySelector('.lcb-app').scrollIntoView({block: 'start'})")
    page.wait_for_timeout(300)


def _presentation_on(page: Page) -> None:
    L.button(page, PRESENTATION).click()
    expect(page.locator(".lcb-app.lcb-presentation").first).to_be_attached(timeout=D.KERNEL_MS)
    page.wait_for_timeout(1500)             # the map's texts and the column's zoom settle


def _check(page: Page, where: str, size: str, opened: list[str], presentation: bool) -> None:
    problems = [f"as opened: {p}" for p in opened]
    tag = f"{where}-{size}" + ("-presentation" if presentation else "")
    try:
        if presentation:
            _presentation_on(page)
        L.to_combat(page)
        L.click_hex(page, "AL-29")              # DDG-51 selected: its Unit Tracker
        page.wait_for_timeout(800)
        page.mouse.move(2, 2)                   # no hover tip over the panels
        _scroll_lab_into_view(page)
        problems += [f"in combat: {p}" for p in L.viewport_problems(page, L.layout_targets(page))]
        problems += [f"clipped: {p}" for p in L.clipping_problems(page)]
        if presentation:
            problems += [f"presentation: {p}" for p in blank_columns(page)]
        got = page.evaluate(_FRAME_JS)
        if got["h"] < MIN_FRAME[size]:
            problems.append(f"the map's frame is {got['w']:.0f}x{got['h']:.0f} px: less than {MIN_FRAME[size]} px "
                            f"tall at {size} (it should grow with the screen)")
        if presentation and size == "1920x1080" and (got["designator"] is None or got["designator"] < 16):
            problems.append(f"presentation: the counters' designators are {got['designator']} px (< 16)")
    finally:
        D.RESULTS.mkdir(exist_ok=True)
        page.screenshot(path=str(D.RESULTS / f"projector-{tag}.png"))
    assert not problems, f"{tag}:\n  " + "\n  ".join(problems)


@pytest.fixture(params=[False, True], ids=["", "presentation"])
def presentation(request):
    """Presentation mode off and on (at 1366x768 it changes the map's texts only: the column must fit)."""
    return request.param


@pytest.mark.browser
def test_jupyterlab_projector_layout(page: Page, jupyterlab_server: D.Server, screen, presentation) -> None:
    name, _size = screen
    L.open_and_run_all(page, jupyterlab_server, file_browser=True)
    page.wait_for_timeout(500)
    shown = page.evaluate(_SHOWN_JS)
    opened = [] if shown >= 0.5 else [f"right after Run All only {shown:.0%} of the map is in the notebook area"]
    if not L.file_browser_open(page):
        opened.append("the file browser sidebar closed")
    _scroll_lab_into_view(page)
    L.wait_kernel_listening(page)
    _check(page, "jupyterlab", name, opened, presentation)
    assert L.file_browser_open(page), "the file browser sidebar closed"


@pytest.mark.browser
def test_voila_projector_layout(page: Page, voila_app_url: str, screen, presentation) -> None:
    name, _size = screen
    page.goto(voila_app_url, wait_until="domcontentloaded", timeout=D.LOAD_TIMEOUT_MS)
    L.wait_for_map(page)
    page.wait_for_timeout(500)
    opened = L.viewport_problems(page, {"map": page.locator(".lcb-app .bk-Canvas").first})
    L.wait_kernel_listening(page)
    _check(page, "voila", name, opened, presentation)
