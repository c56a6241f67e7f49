"""Projector layout: one screen holds the map, the tracker, the impulse controls, the odds, the log.

At 1920x1080 and 1366x768 (``screen``), in JupyterLab with its file browser sidebar open and closed
(the start notebook after *Run All*) and in Voila started the README's way (``lcb-lab voila``, the app
notebook), with presentation mode off and on -- in this order of priority:

1. the map in view: as the page opens (Voila) wholly on screen; right after Run All (JupyterLab) at
   least :data:`SHOWN_AFTER_RUN_ALL` of it in the notebook area; and it opens on the scenario's area:
   every hex where the scenario put a counter is inside the map's frame (:data:`AREA`), and (Voila) the empty
   *Hex* box shows its hint whole;
2. the counters' designators are at least 12 px (16 px in presentation) as rendered on the page (the
   size BokehJS draws them at times the canvas's scale on the page);
3. the explained log is beside the map (the side column, right of the map, not behind a tab) and on
   screen;
4. the map uses the space: its frame is at least :data:`MIN_FRAME` px tall for the screen, the columns
   leave no blank stretch (:func:`blank_columns`); closing JupyterLab's file browser lets the map and
   the columns take the room (no blank strip), opening it again shrinks them into the notebook area;
5. the hex info shows the clicked hex's counter list whole (no scroll box smaller than its content);
6. in presentation on a screen at least 1000 px tall, the side column's hex info is zoomed
   like the right column (:data:`MIN_SIDE_PX` as rendered);
7. the map's legends (DDG-51's overlays, the map key) lie inside the map's frame: a legend row wider than
   a narrow frame (presentation at 1366x768 with the file browser open) would be cut at its edge.

Besides, clicked like a person into a combat allocation -- reveal 1 Anna (card effect), begin TF Boston's
impulse, declare DDG-51, the LRS row with its exact odds, DDG-51 selected -- the map canvas, the Unit
Tracker, the impulse controls and the odds are on screen together, none cut by a scrolling panel, and
nothing in the lab is clipped (:func:`labui.clipping_problems`: no text cut, no panel holding content
wider than itself, no scroll box smaller than its content but the log's, a tab's and the message's).

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

MIN_DESIGNATOR_PX = {False: 12.0, True: 16.0}
"""The least designator size (rendered CSS px) in the default look and in presentation."""

SHOWN_AFTER_RUN_ALL = 0.5
"""The least share of the map canvas in JupyterLab's notebook area right after Run All (the start
notebook's intro above the lab may push the map's foot below the fold)."""

MIN_LOG_WIDTH = 200
"""The least width (px) of the explained log beside the map."""


def _area() -> list[str]:
    from lcb_lab import load_scenario
    g = load_scenario("gotland_redux", seed=1)
    seen = [{c["hex"] for c in g.view(team)["counters"] if c.get("hex")} for team in ("US", "RU")]
    return sorted(seen[0] & seen[1])


AREA = _area()
"""The start notebook's scenario's area: the hexes where the scenario put a counter both teams see."""

_FRAME_JS = """
() => {
  const figs = [...Bokeh.index.all_views()].filter(v => v.frame && v.canvas_view && v.canvas_view.el.isConnected);
  const v = figs[0];
  // the smallest text size of the counters' designators (renderer "counter_names", column of sizes)
  // drawn (t_name not empty) at the renderer's size times the canvas's scale on the page (CSS px)
  let designator = null;
  const r = v.model.renderers.find(r => r.name === "counter_names");
  const scale = v.canvas_view.el.getBoundingClientRect().width / v.canvas_view.bbox.width;
  if (r) {
    const spec = r.glyph.text_font_size, d = r.data_source.data;
    const get = (k) => d instanceof Map ? d.get(k) : d[k];
    const col = spec && spec.field ? get(spec.field) : null, names = get("t_name") || [];
    names.forEach((t, i) => {
      if (!t) return;
      const n = parseFloat(col ? col[i] : spec.value) * scale;
      if (!isNaN(n)) designator = designator === null ? n : Math.min(designator, n);
    });
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
side column (hex info and log; null while it is not displayed)."""

_LOG_JS = """
() => {
  const figs = [...Bokeh.index.all_views()].filter(v => v.frame && v.canvas_view && v.canvas_view.el.isConnected);
  const m = figs[0].canvas_view.el.getBoundingClientRect();
  const e = document.querySelector('.lcb-app .lcb-grid > .lcb-side-log .lcb-log-box');
  const r = e ? e.getBoundingClientRect() : null;
  return {map: {left: m.left, right: m.right, top: m.top, bottom: m.bottom},
          log: r && r.width > 0 ? {left: r.left, right: r.right, top: r.top, bottom: r.bottom, width: r.width} : null};
}
"""

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


def log_problems(page: Page) -> list[str]:
    """The explained log beside the map: displayed (not behind a tab), at least :data:`MIN_LOG_WIDTH`
    px wide, right of the map's canvas and level with it."""
    got = page.evaluate(_LOG_JS)
    m, g = got["map"], got["log"]
    if g is None:
        return ["the explained log is not shown beside the map"]
    out = []
    if g["width"] < MIN_LOG_WIDTH:
        out.append(f"the explained log is {g['width']:.0f} px wide (< {MIN_LOG_WIDTH})")
    if g["left"] < m["right"] - 1:
        out.append(f"the explained log (x {g['left']:.0f}..{g['right']:.0f}) is not right of the map "
                   f"(x {m['left']:.0f}..{m['right']:.0f})")
    level = min(g["bottom"], m["bottom"]) - max(g["top"], m["top"])
    if level < 0.5 * (m["bottom"] - m["top"]):
        out.append(f"the explained log (y {g['top']:.0f}..{g['bottom']:.0f}) is not level with the map "
                   f"(y {m['top']:.0f}..{m['bottom']:.0f})")
    return out


def area_problems(page: Page) -> list[str]:
    """Every hex of the scenario's area (:data:`AREA`) inside the map's frame as it stands."""
    out = []
    for label in AREA:
        try:
            L.hex_point(page, label)
        except RuntimeError as e:
            out.append(str(e))
    return out


def hex_info_problems(page: Page, units: list[str]) -> list[str]:
    """The hex info lists the clicked hex's counters (``units``), whole: nothing of it scrolled away."""
    got = page.locator(".lcb-app .lcb-hex-info").first.evaluate(
        "e => ({text: e.innerText, scroll: e.scrollHeight, client: e.clientHeight})")
    out = [f"the hex info does not list {u}" for u in units if u not in got["text"]]
    if "Counters" not in got["text"]:
        out.append("the hex info shows no counter list")
    if got["scroll"] > got["client"] + 1:
        out.append(f"the hex info shows {got['client']} px of its {got['scroll']} px")
    return out


_RENDERED_PX_JS = """
(sel) => { const e = document.querySelector(sel); if (!e) return null;
           let z = 1; for (let a = e; a; a = a.parentElement) z *= parseFloat(getComputedStyle(a).zoom || 1);
           return parseFloat(getComputedStyle(e).fontSize) * z; }
"""
MIN_SIDE_PX = 15.0
"""The least text size (px as rendered: the font times the zoom) of the hex info in
presentation on a screen at least 1000 px tall, where the right column is zoomed 1.25 (12.5 px -> 15.6)."""


def side_column_problems(page: Page, presentation: bool, size: str) -> list[str]:
    """In presentation on a tall screen the side column's hex info is as large as the zoomed right
    column's texts (not left at 13 px beside them on the projector)."""
    if not presentation or size != "1920x1080":
        return []
    out = []
    for name, sel in (("hex info", ".lcb-app .lcb-hex-info"),):
        got = page.evaluate(_RENDERED_PX_JS, sel)
        if got is None or got < MIN_SIDE_PX:
            out.append(f"the {name}'s text is {got} px as rendered in presentation (< {MIN_SIDE_PX:g})")
    return out


def designator_problems(page: Page, presentation: bool) -> list[str]:
    got = page.evaluate(_FRAME_JS)
    least = MIN_DESIGNATOR_PX[presentation]
    if got["designator"] is None or got["designator"] < least - 0.05:
        d = got["designator"]
        return [f"the counters' designators are {'none' if d is None else f'{d:.1f}'} px on the page (< {least:g})"]
    return []


def _scroll_lab_into_view(page: Page) -> None:
    """As a class sees the lab: its top at the top of the notebook area (JupyterLab) / page."""
    page.evaluate("() => document.querySelector('.lcb-app').scrollIntoView({block: 'start'})")
    page.wait_for_timeout(300)


def _presentation_on(page: Page) -> None:
    L.button(page, PRESENTATION).click()
    expect(page.locator(".lcb-app.lcb-presentation").first).to_be_attached(timeout=D.KERNEL_MS)
    page.wait_for_timeout(1500)             # the map's texts and the column's zoom settle


def _frame(page: Page) -> dict:
    return page.evaluate(_FRAME_JS)


def _check(page: Page, where: str, size: str, opened: list[str], presentation: bool) -> list[str]:
    problems = [f"as opened: {p}" for p in opened]
    tag = f"{where}-{size}" + ("-presentation" if presentation else "")
    try:
        if presentation:
            _presentation_on(page)
        problems += [f"as opened: {p}" for p in area_problems(page) + designator_problems(page, presentation)]
        L.to_combat(page)
        L.click_hex(page, "AL-29")              # DDG-51 selected: its Unit Tracker
        expect(page.locator(".lcb-app .lcb-hex-info").first).to_contain_text("Hex AL-29", timeout=D.KERNEL_MS)
        page.wait_for_timeout(800)
        page.mouse.move(2, 2)                   # no hover tip over the panels
        _scroll_lab_into_view(page)
        targets = {**L.layout_targets(page), "hex info": page.locator(".lcb-app .lcb-hex-info").first,
                   "explained log": page.locator(".lcb-app .lcb-grid > .lcb-side-log .lcb-log-box").first}
        problems += [f"in combat: {p}" for p in L.viewport_problems(page, targets)]
        problems += [f"clipped: {p}" for p in L.clipping_problems(page)]
        problems += L.legend_problems(page)     # DDG-51's overlays: the legend's rows inside the map's frame
        problems += [f"columns: {p}" for p in blank_columns(page)]
        problems += [f"log: {p}" for p in log_problems(page)]
        problems += [f"hex info: {p}" for p in hex_info_problems(page, ["DDG-51"])]
        problems += designator_problems(page, presentation)
        problems += side_column_problems(page, presentation, size)
        got = _frame(page)
        if got["h"] < MIN_FRAME[size]:
            problems.append(f"the map's frame is {got['w']:.0f}x{got['h']:.0f} px: less than {MIN_FRAME[size]} px "
                            f"tall at {size} (it should grow with the screen)")
    finally:
        D.RESULTS.mkdir(exist_ok=True)
        page.screenshot(path=str(D.RESULTS / f"projector-{tag}.png"))
    return [f"{tag}: {p}" for p in problems]


def _toggle_file_browser(page: Page, tag: str) -> list[str]:
    """Close JupyterLab's file browser, then open it again: the lab takes the room (no blank strip, the
    map not smaller), then fits the narrower notebook area again (the map not larger)."""
    out = []
    before = _frame(page)
    page.locator(".jp-SideBar.jp-mod-left .lm-TabBar-tab[data-id='filebrowser']").first.click()
    page.wait_for_function("() => { const e = document.querySelector('#filebrowser'); "
                           "return !e || e.getBoundingClientRect().width < 50; }", timeout=10_000)
    page.wait_for_timeout(1500)                 # the grid relays out, BokehJS reports the frame
    wide = _frame(page)
    out += [f"file browser closed: {p}" for p in blank_columns(page)]
    if wide["w"] * wide["h"] < before["w"] * before["h"] - 1:          # (a title may take a few px back)
        out.append(f"file browser closed: the map shrank from {before['w']:.0f}x{before['h']:.0f} to "
                   f"{wide['w']:.0f}x{wide['h']:.0f}")
    L.open_file_browser(page)
    page.wait_for_timeout(1500)
    back = _frame(page)
    out += [f"file browser open again: {p}" for p in blank_columns(page)]
    out += [f"file browser open again: {p}" for p in L.clipping_problems(page)]
    out += [f"file browser open again: {p}" for p in L.viewport_problems(page, {
        "map": page.locator(".lcb-app .bk-Canvas").first,
        "explained log": page.locator(".lcb-app .lcb-grid > .lcb-side-log .lcb-log-box").first})]
    if back["w"] > wide["w"] + 1:
        out.append(f"file browser open again: the map is {back['w']:.0f} px wide, more than with the "
                   f"sidebar closed ({wide['w']:.0f})")
    page.screenshot(path=str(D.RESULTS / f"projector-{tag}-browser-reopened.png"))
    return [f"{tag}: {p}" for p in out]


@pytest.fixture(params=[False, True], ids=["", "presentation"])
def presentation(request):
    """Presentation mode off and on."""
    return request.param


@pytest.mark.browser
@pytest.mark.parametrize("file_browser", [True, False], ids=["browser-open", "browser-closed"])
def test_jupyterlab_projector_layout(page: Page, jupyterlab_server: D.Server, screen, presentation,
                                     file_browser) -> None:
    name, _size = screen
    L.open_notebook(page, jupyterlab_server)
    if file_browser:
        L.open_file_browser(page)
    else:
        L.close_file_browser(page)
    L.run_all(page)
    L.wait_for_map(page)
    L.wait_kernel_idle(page)
    page.wait_for_timeout(500)
    shown = page.evaluate(_SHOWN_JS)
    opened = [] if shown >= SHOWN_AFTER_RUN_ALL else [
        f"right after Run All only {shown:.0%} of the map is in the notebook area"]
    if L.file_browser_open(page) != file_browser:
        opened.append(f"the file browser sidebar is {'closed' if file_browser else 'open'}")
    _scroll_lab_into_view(page)
    L.wait_kernel_listening(page)
    where = "jupyterlab-" + ("browser-open" if file_browser else "browser-closed")
    problems = _check(page, where, name, opened, presentation)
    if file_browser:
        problems += _toggle_file_browser(page, f"{where}-{name}" + ("-presentation" if presentation else ""))
    assert not problems, "\n  ".join(["layout problems:", *problems])


@pytest.mark.browser
def test_voila_projector_layout(page: Page, voila_app_url: str, screen, presentation) -> None:
    name, _size = screen
    page.goto(voila_app_url, wait_until="domcontentloaded", timeout=D.LOAD_TIMEOUT_MS)
    L.wait_for_map(page)
    page.wait_for_timeout(500)
    opened = L.viewport_problems(page, {"map": page.locator(".lcb-app .bk-Canvas").first})
    opened += [p for p in L.clipping_problems(page) if p.startswith("hint cut")]     # the empty Hex box's hint whole
    opened += _page_scrolls(page)
    L.wait_kernel_listening(page)
    problems = _check(page, "voila", name, opened, presentation)
    problems += _page_scrolls(page, "in presentation mode" if presentation else "after the checks")
    assert not problems, "\n  ".join(["layout problems:", *problems])


def _page_scrolls(page: Page, when: str = "") -> list[str]:
    """The app fills the window and no more: a page that scrolls (12 px with Voila's margins once) moves the
    whole lab under a wheel turned over the map's edge or a panel's foot."""
    n = L.lab_fits_screen(page)["scroll"]
    return [f"{when + ': ' if when else ''}the page scrolls {n} px (the lab is taller than the window)"] if n > 0 else []
