"""Click the lab like a person, and check its layout (real browser, Playwright sync API).

Shared by the browser tests and benchmarks/browser.py; servers and the timing probe are in
:mod:`driver`.

* **Lab** helpers: click a hex by its label (:func:`hex_point` asks BokehJS where the hex is
  and checks the map is what a click there hits), the lab's buttons, tabs and lists by their
  visible texts; a combat allocation reached by clicks (:func:`to_combat`).
* **JupyterLab as a user**: open a notebook, the menus (Run All, Restart Kernel, Clear Outputs),
  the file browser.
* **Layout** checks (:func:`viewport_problems`, :func:`clipping_problems`, :func:`layout_targets`).

Selectors this module relies on (stable CSS classes of the lab, Lumino, ipywidgets, JupyterLab):
``.lcb-app``, ``.lcb-hex-info``, ``.lcb-log-panel``, ``.lcb-decision``, ``.lcb-card-effect``,
``.lcb-timeline``, ``.bk-Canvas``, ``.lm-TabBar-tab`` (tab titles), ``.widget-dropdown`` /
``.widget-select-multiple`` with their ``label``, ``.widget-toggle-buttons``, ``button`` by its
text; JupyterLab's ``.lm-MenuBar-item`` / ``.lm-Menu-item`` texts, ``.jp-Dialog .jp-mod-accept``,
``.jp-Notebook-ExecutionIndicator``, ``.jp-StatusBar-TextItem``, ``#filebrowser``. Optional, used
when the lab provides them: ``.lcb-unit-tracker``, ``.lcb-impulse``, ``.lcb-odds`` (else the
``.widget-html`` with the unit's heading and Track table, the Impulse tab's panel, the HTML whose
text holds "odds").
"""
from __future__ import annotations

import time

from driver import KERNEL_MS, LOAD_TIMEOUT_MS, RESULTS, START_NOTEBOOK, Probe, Server

# the lab's visible texts the helpers click (see lcb_lab/ui/lab and lcb_lab/ui/lcb)
TAB_IMPULSE, TAB_HISTORY = "Impulse", "History"
BEGIN, ADD_ACTION, DECLARE, UNDO = "Begin impulse", "Add action", "Declare", "Undo"
ADD_LRS, COMMIT = "Add LRS", "Commit combat"
APPLY_EFFECT = "Apply scripted effect"

TRACKER = ".lcb-unit-tracker"
IMPULSE = ".lcb-impulse"
ODDS = ".lcb-odds"


# ================================================================ the lab
_FIGURE_JS = r"""
([x, y, n]) => {
  const B = window.Bokeh;
  if (!B || !B.index) return {error: "no BokehJS on the page (window.Bokeh)"};
  const all = B.index.all_views ? [...B.index.all_views()] : [...B.index.roots];
  const figs = all.filter(v => v.frame && v.frame.x_scale && v.canvas_view && v.canvas_view.el
                              && v.canvas_view.el.isConnected);
  if (figs.length <= n) return {error: `map ${n} not found (${figs.length} figure views)`};
  const v = figs[n];
  const r = v.canvas_view.el.getBoundingClientRect();
  const sx = v.frame.x_scale.compute(x), sy = v.frame.y_scale.compute(y);
  const b = v.frame.bbox;
  const px = r.left + sx, py = r.top + sy;
  // is the map what a click there hits (not scrolled away, not under a panel or a status bar)?
  let hit = document.elementFromPoint(px, py), onMap = false;
  for (let e = hit; e; e = e.parentElement || (e.getRootNode && e.getRootNode().host) || null)
    if (e === v.el) { onMap = true; break; }
  const what = hit ? hit.tagName.toLowerCase() + (typeof hit.className === "string" && hit.className
                     ? "." + hit.className.split(/\s+/).slice(0, 2).join(".") : "") : "nothing";
  return {x: px, y: py, inside: sx >= b.left && sx <= b.right && sy >= b.top && sy <= b.bottom, onMap, hit: what,
          frame: {left: r.left + b.left, top: r.top + b.top, width: b.width, height: b.height}};
}
"""

_SCROLL_TO_JS = """
([y]) => {
  // scroll the map's nearest vertically scrolling ancestor (or the page) so that y is mid-way
  const figs = [...Bokeh.index.all_views()].filter(v => v.frame && v.canvas_view && v.canvas_view.el.isConnected);
  let e = figs[0].el.parentElement;
  for (; e; e = e.parentElement) {
    const s = getComputedStyle(e);
    if (/(auto|scroll)/.test(s.overflowY) && e.scrollHeight > e.clientHeight + 1) break;
  }
  const box = e ? e.getBoundingClientRect() : {top: 0, bottom: window.innerHeight};
  const dy = y - (Math.max(box.top, 0) + Math.min(box.bottom, window.innerHeight)) / 2;
  if (e) e.scrollTop += dy; else window.scrollBy(0, dy);
}
"""


_MAP_TEXTS_JS = """
([n]) => {
  const figs = [...Bokeh.index.all_views()].filter(v => v.frame && v.canvas_view && v.canvas_view.el.isConnected);
  if (figs.length <= n) return {error: `map ${n} not found (${figs.length} figure views)`};
  const v = figs[n], m = v.model, ctx = document.createElement("canvas").getContext("2d");
  const titles = [m.title, ...m.above].filter(t => t && typeof t.text === "string" && t.text && t.text_font_size);
  return {canvas: v.canvas_view.bbox.width,
          titles: titles.map(t => { ctx.font = `${t.text_font_style} ${t.text_font_size} ${t.text_font}`;
                                    return [t.text, ctx.measureText(t.text).width]; }),
          texts: [...v.renderer_views.values()].map(r => r.model.glyph)
                   .filter(g => g && g.text_font_size !== undefined).map(g => g.text_font_size.value)};
}
"""


def map_texts(page, nth_map: int = 0) -> dict:
    """What BokehJS draws as text on the ``nth_map`` map: ``canvas`` (the figure's width in px),
    ``titles`` (``[text, drawn width in px]``, measured in the title's font) and ``texts`` (each text
    glyph's font size, e.g. ``"16px"``, in the order of the figure's renderers)."""
    got = page.evaluate(_MAP_TEXTS_JS, [nth_map])
    if "error" in got:
        raise RuntimeError(got["error"])
    return got


_LEGENDS_JS = """
([n]) => {
  const figs = [...Bokeh.index.all_views()].filter(v => v.frame && v.canvas_view && v.canvas_view.el.isConnected);
  if (figs.length <= n) return {error: `map ${n} not found (${figs.length} figure views)`};
  const v = figs[n], f = v.frame.bbox;
  return {frame: [f.left, f.top, f.right, f.bottom],
          legends: [...v.renderer_views.values()].filter(r => r.model.type === "Legend" && r.model.visible)
            .map(r => ({name: r.model.name || r.model.location, font: r.model.label_text_font_size,
                        box: [r.bbox.left, r.bbox.top, r.bbox.right, r.bbox.bottom]}))};
}
"""


def legend_problems(page, nth_map: int = 0) -> list[str]:
    """Each legend the ``nth_map`` map shows wholly inside its frame, by BokehJS's own boxes (a legend
    row wider than the frame is cut at the frame's edge); one line per legend that is not."""
    got = page.evaluate(_LEGENDS_JS, [nth_map])
    if "error" in got:
        raise RuntimeError(got["error"])
    fl, ft, fr, fb = got["frame"]
    return [f"the map's legend ({g['name']}, {g['font']}) spans x {g['box'][0]:.0f}..{g['box'][2]:.0f}, "
            f"y {g['box'][1]:.0f}..{g['box'][3]:.0f}: outside the frame x {fl:.0f}..{fr:.0f}, y {ft:.0f}..{fb:.0f}"
            for g in got["legends"]
            if g["box"][0] < fl - 1 or g["box"][1] < ft - 1 or g["box"][2] > fr + 1 or g["box"][3] > fb + 1]


def px_of(size: str) -> float:
    """``"16px"`` -> 16.0, ``"8pt"`` -> 10.67 (CSS: 1 pt = 4/3 px)."""
    return float(size[:-2]) * (4 / 3 if size.endswith("pt") else 1)


_BRANCH_JS = """
() => {
  const first = document.querySelector('.lcb-app > .lcb-grid');
  const branch = document.querySelector('.lcb-app > .lcb-fork .lcb-app > .lcb-grid');
  if (!first || !branch) return {error: "no branch open"};
  const a = first.getBoundingClientRect(), b = branch.getBoundingClientRect();
  return {first: [a.left, a.top, a.right, a.bottom], branch: [b.left, b.top, b.right, b.bottom]};
}
"""


def branch_place(page) -> str:
    """Where *Fork here*'s branch lab is drawn: ``"below"`` the first lab (its grid starts under the
    first's, as wide within 60 px) or ``"beside"`` it (to its right, the same top within 60 px), else
    ``"elsewhere"`` with the boxes."""
    got = page.evaluate(_BRANCH_JS)
    if "error" in got:
        raise RuntimeError(got["error"])
    (l1, t1, r1, b1), (l2, t2, r2, b2) = got["first"], got["branch"]
    if t2 >= b1 - 1 and abs((r2 - l2) - (r1 - l1)) <= 60:
        return "below"
    if l2 >= r1 - 1 and abs(t2 - t1) <= 60:
        return "beside"
    return f"elsewhere: {got}"


def hex_point(page, label: str, nth_map: int = 0) -> dict:
    """Viewport coordinates ``{x, y}`` of the centre of hex ``label`` on the ``nth_map`` map
    (BokehJS's own scales of the plot frame; the board coordinates from lcb_lab.ui.lcb.map.overlays)."""
    from lcb_lab.ui.lcb.map.overlays import hex_centre
    x, y = hex_centre(label)
    got = page.evaluate(_FIGURE_JS, [x, y, nth_map])
    if "error" in got:
        raise RuntimeError(f"cannot place hex {label}: {got['error']}")
    if not got["inside"]:
        raise RuntimeError(f"hex {label} is outside the map's frame {got['frame']}")
    return got


MAPS_FITTED_JS = """
() => [...Bokeh.index.all_views()].filter(v => v.frame && v.canvas_view && v.canvas_view.el.isConnected)
        .filter(v => v.model.x_range.factors === undefined && v.model.y_range.factors === undefined)
        .map(v => { const b = v.frame.bbox, x = v.model.x_range, y = v.model.y_range;
                    const kx = (x.end - x.start) / b.width, ky = (y.end - y.start) / b.height;
                    return {w: Math.round(b.width), h: Math.round(b.height),
                            fitted: b.width > 0 && b.height > 0 && Math.abs(kx - ky) <= 0.01 * Math.max(kx, ky)}; })
"""
"""Each map on the page (BokehJS's figure views with number ranges, in page order): its frame's size (px)
and whether the kernel has fitted the board to that frame (``fitted``: the x and y ranges have the
frame's aspect, 1 km as wide as tall -- :meth:`MapView.frame_resized` answers each size the browser
reports, :meth:`MapView.fill_box`)."""

_QUIET_JS = """
([key, quiet]) => {
  const value = (%s)(), v = JSON.stringify(value), now = performance.now(), all = (window.__lcbQuiet ||= {});
  if (!(%s)(value)) { delete all[key]; return false; }
  if (!all[key] || all[key].v !== v) { all[key] = {v, t: now}; return false; }
  return now - all[key].t >= quiet;
}
"""


def wait_quiet(page, js: str, quiet_ms: int = 700, timeout_ms: int = KERNEL_MS, until: str = "(v) => true"):
    """Wait until the value of the page function ``js`` (JSON-able: sizes, boxes) holds the JS predicate
    ``until`` and has not changed for ``quiet_ms``; return the value.  For layouts that settle after
    kernel round trips (a fork's second lab, a map fitted to its frame): a state, never a fixed sleep,
    so a loaded machine only makes it slower.
    Raises Playwright's TimeoutError after ``timeout_ms``, with the last value."""
    key = f"q{time.monotonic_ns()}"
    try:
        page.wait_for_function(_QUIET_JS % (js, until), arg=[key, quiet_ms], timeout=timeout_ms, polling=100)
    except Exception as e:  # noqa: BLE001 - Playwright's TimeoutError: say what the page showed last
        raise type(e)(f"{e}\nlast value: {page.evaluate(js)}") from None
    return page.evaluate(js)


def wait_maps_fitted(page, count: int = 1, quiet_ms: int = 700, timeout_ms: int = KERNEL_MS) -> list[dict]:
    """Wait until at least ``count`` maps are drawn, every map's frame has stayed the same size for
    ``quiet_ms`` and the kernel has fitted the board to it (:data:`MAPS_FITTED_JS`); return the maps'
    ``{w, h, fitted}``."""
    return wait_quiet(page, MAPS_FITTED_JS, quiet_ms, timeout_ms,
                      until=f"(ms) => ms.length >= {int(count)} && ms.every(m => m.fitted)")


def map_frame(page, nth_map: int = 0) -> dict:
    """The plot frame of the ``nth_map`` map in viewport coordinates ``{left, top, width, height}``."""
    got = page.evaluate(_FIGURE_JS, [0.0, 0.0, nth_map])
    if "error" in got:
        raise RuntimeError(got["error"])
    return got["frame"]


DOUBLE_TAP_MS = 300
"""BokehJS reads a second tap within 300 ms (``UIGestures.doubletap_threshold``) as a DoubleTap,
which the lab does not listen to: :func:`click_hex` leaves more than that between two clicks."""
_last_map_click: dict[int, float] = {}


SLOW_ANSWERS_JS = """
(() => {   // every message of the page's WebSockets (the kernel's answers) handed on window.__lcbAnswerDelay ms late
  const Native = window.WebSocket;
  window.__lcbAnswerDelay = 0;
  const later = (ws, f) => f && ((e) => { const d = window.__lcbAnswerDelay; if (d > 0) setTimeout(() => f.call(ws, e), d); else f.call(ws, e); });
  class Slow extends Native {
    set onmessage(f) { super.onmessage = later(this, f); }
    get onmessage() { return super.onmessage; }
  }
  window.WebSocket = Slow;
})();
"""
"""An init script (``context.add_init_script``) that makes the kernel answer late on demand: with
``window.__lcbAnswerDelay = ms`` each message the page's WebSockets receive reaches the page ``ms`` later
(in order) -- a busy kernel or a loaded classroom server, made deterministic for a test."""


def click_hex(page, label: str, probe: Probe | None = None, arm: str | None = None, answered: bool = True) -> None:
    """Click hex ``label`` on the first map (scrolls the map into view first if it is not),
    at least :data:`DOUBLE_TAP_MS` after this page's previous map click; ``answered``: then wait
    until the lab has answered the click (its hex info names the hex, within :data:`KERNEL_MS`).

    Waiting for the answer matters: it re-selects lists (the Units of the declaration builder), and a
    list choice made on options the kernel has already replaced is lost.  (It no longer moves the
    controls: the Unit Tracker keeps one height whatever unit it shows, test_steady_controls.py.)"""
    wait = _last_map_click.get(id(page), 0.0) + (DOUBLE_TAP_MS + 80) / 1000 - time.monotonic()
    if wait > 0:
        time.sleep(wait)
    pt = hex_point(page, label)
    if not pt["onMap"]:
        page.evaluate(_SCROLL_TO_JS, [pt["y"]])
        page.wait_for_timeout(100)
        pt = hex_point(page, label)
        if not pt["onMap"]:
            raise RuntimeError(f"hex {label} cannot be clicked: at ({pt['x']:.0f}, {pt['y']:.0f}) the page shows "
                               f"{pt['hit']}, not the map")
    if probe is not None and arm:
        probe.arm(arm, "pointerdown")
    page.mouse.click(pt["x"], pt["y"])
    _last_map_click[id(page)] = time.monotonic()
    if answered:
        from playwright.sync_api import expect
        expect(page.locator(".lcb-hex-info").first).to_contain_text(f"Hex {label}", timeout=KERNEL_MS)


def lab(page):
    return page.locator(".lcb-app").first


def show_view(page, name: str) -> None:
    """Click the toolbar's view button ``name`` ("Blue (US)", "Red (RU)", "Instructor") and wait for
    the message line to say the view is shown."""
    page.locator(".lcb-app .lcb-toolbar button", has_text=name).first.click()
    expect_message(page, f"Showing the {name} view")


def tab(page, title: str):
    """The first lab's tab title ``title`` (Lumino tab bar of ipywidgets 8)."""
    return page.locator(".lcb-app .lm-TabBar-tab", has_text=title).first


def button(page, text: str, within: str = ".lcb-app"):
    """The first visible button of ``within`` whose text is ``text``."""
    return page.locator(f"{within} button:visible", has_text=text).first


def labelled(page, kind: str, label: str, within: str = ".lcb-app"):
    """The ``select`` of the ipywidgets ``kind`` ("dropdown", "select-multiple") labelled ``label``."""
    return (page.locator(f"{within} .widget-{kind}:visible")
            .filter(has=page.locator("label", has_text=label)).first.locator("select"))


def expect_message(page, text: str, timeout_ms: int = KERNEL_MS) -> None:
    from playwright.sync_api import expect
    expect(lab(page)).to_contain_text(text, timeout=timeout_ms)


def wait_for_map(page, timeout_ms: int = LOAD_TIMEOUT_MS) -> None:
    from playwright.sync_api import expect
    expect(page.locator(".lcb-app .bk-Canvas").first).to_be_visible(timeout=timeout_ms)
    expect(page.locator(".lcb-hex-info").first).to_be_visible(timeout=timeout_ms)


def wait_kernel_listening(page, timeout_ms: int = 60_000) -> None:
    """Wait until a click on the map reaches the kernel: the hex-info panel answers a click."""
    from playwright.sync_api import expect
    info = page.locator(".lcb-hex-info").first
    deadline = time.monotonic() + timeout_ms / 1000
    for label in ("AK-23", "AK-24", "AK-23", "AK-24"):     # empty hexes (the benchmark clicks others)
        click_hex(page, label, answered=False)            # the first clicks may come before the kernel listens
        try:
            expect(info).to_contain_text(label, timeout=max(1000, int((deadline - time.monotonic()) * 1000 / 2)))
            return
        except AssertionError:
            if time.monotonic() > deadline:
                raise
    expect(info).to_contain_text("Hex", timeout=5000)


# ---------------------------------------------------------------- the game, clicked like a person
def reveal(page, unit: str, hex_label: str) -> None:
    """Instructor view: the card-effect panel (opened by its switch when folded) reveals ``unit``
    (in ``hex_label``) as a scripted effect."""
    from playwright.sync_api import expect
    folded = button(page, "Card effect: hidden")
    if folded.count():
        folded.click()
        expect(button(page, "Card effect: shown")).to_be_visible(timeout=KERNEL_MS)
    click_hex(page, hex_label)
    units = page.locator(".lcb-card-effect .widget-select-multiple select").first
    for attempt in range(3):
        expect(units.locator("option", has_text=unit).first).to_be_attached(timeout=KERNEL_MS)
        units.select_option(label=unit)
        button(page, APPLY_EFFECT, ".lcb-card-effect").click()
        # the selection and the click are two widgets' messages: now and then (a busy kernel, a list
        # redrawn by the click's follow-up) the click is taken with no unit chosen -- refused, nothing
        # changed, and a person picks the unit again; three times is a real failure
        page.wait_for_function("""() => { const t = document.querySelector('.lcb-app').innerText;
                                          return t.includes('reveal: done.') || t.includes('choose at least one unit'); }""",
                               timeout=KERNEL_MS, polling=100)
        if "reveal: done." in lab(page).inner_text():
            return
    expect_message(page, "reveal: done.")


def begin_impulse(page, task_force: str) -> None:
    from playwright.sync_api import expect
    tab(page, TAB_IMPULSE).click()
    tf = labelled(page, "dropdown", "Task Force")
    expect(tf.locator("option", has_text=task_force).first).to_be_attached(timeout=KERNEL_MS)
    tf.select_option(label=task_force)
    button(page, BEGIN).click()
    expect_message(page, f"Begin impulse {task_force}: done.")


def add_action(page, hex_label: str, unit: str) -> None:
    """Declare builder: click the unit's hex (its units are picked), then *Add action*."""
    from playwright.sync_api import expect
    click_hex(page, hex_label)
    units = labelled(page, "select-multiple", "Units")
    expect(units.locator("option", has_text=unit).first).to_be_attached(timeout=KERNEL_MS)
    units.select_option(label=unit)
    button(page, ADD_ACTION).click()
    expect(lab(page)).to_contain_text(f": {unit}", timeout=KERNEL_MS)


def undo(page) -> None:
    from playwright.sync_api import expect
    tab(page, TAB_HISTORY).click()
    options = page.locator(".lcb-timeline select").first.locator("option")
    n = options.count()
    button(page, UNDO).click()
    expect(options.nth(n - 1)).to_contain_text("(undone)", timeout=KERNEL_MS)
    tab(page, TAB_IMPULSE).click()


def dice_input(page, within: str):
    """The first visible number box of ``within`` (the LRS row's dice, an INTERCEPT dice box)."""
    return page.locator(f"{within} input[type=number]:visible").first


def type_number(page, box, value: int, probe: Probe | None = None, arm: str | None = None) -> None:
    """Type ``value`` into the number ``box`` as a person does (select, type, Enter): the widget
    sends the new value on Enter (its ``change`` event). The probe's label goes on the Enter."""
    box.click()
    page.keyboard.press("Control+A")
    page.keyboard.type(str(value))
    if probe is not None and arm:
        probe.arm(arm, "keydown")
    page.keyboard.press("Enter")


def to_combat(page, lrs_dice: int | None = None) -> None:
    """From a fresh Gotland Redux game (Instructor view): reveal 1 Anna, begin TF Boston's
    impulse, declare DDG-51's Move and/or Initiate Combat: the combat row is offered (shooter
    DDG-51, LRS1, target 1 Anna) with its exact odds."""
    from playwright.sync_api import expect
    reveal(page, "1 Anna", "AL-21")
    begin_impulse(page, "TF Boston")
    add_action(page, "AL-29", "DDG-51")
    button(page, DECLARE).click()
    expect_message(page, "Declare: done.")
    expect(button(page, ADD_LRS)).to_be_visible(timeout=KERNEL_MS)
    if lrs_dice is not None:
        type_number(page, combat_dice(page), lrs_dice)
    expect(odds_panel(page)).to_be_visible(timeout=KERNEL_MS)


def combat_dice(page):
    """The dice box of the combat row being edited (shooter / track / target / dice)."""
    row = page.locator(".lcb-app .widget-hbox:visible").filter(has=page.locator("input[type=number]")).filter(
        has=page.locator("select")).first
    return row.locator("input[type=number]").first


def odds_panel(page):
    """The exact-odds preview (``.lcb-odds`` when the lab tags it, else the HTML that says so)."""
    tagged = page.locator(f".lcb-app {ODDS}:visible")
    if tagged.count():
        return tagged.first
    return page.locator(".lcb-app .widget-html:visible", has_text="odds").first


def tracker_panel(page):
    """The selected unit's Unit Tracker (``.lcb-unit-tracker`` when tagged, else the HTML with
    the unit's heading and its Track/CV table)."""
    tagged = page.locator(f".lcb-app {TRACKER}:visible")
    if tagged.count():
        return tagged.first
    return page.locator(".lcb-app .widget-html:visible").filter(has=page.locator("table.lcb-table")).filter(
        has=page.locator("h4")).first


def impulse_panel(page):
    """The active impulse controls (``.lcb-impulse`` when tagged, else the Impulse tab's panel)."""
    tagged = page.locator(f".lcb-app {IMPULSE}:visible")
    if tagged.count():
        return tagged.first
    return page.locator(".lcb-app .widget-tab > .widget-tab-contents > :visible, "
                        ".lcb-app .lm-TabPanel-stackedPanel > :visible").first


# ================================================================ layout checks
_BOX_JS = """
(el) => {
  const r = el.getBoundingClientRect();
  let clip = {left: 0, top: 0, right: window.innerWidth, bottom: window.innerHeight};
  const by = [];
  // up through shadow roots too (the map canvas lives in Bokeh's); body's overflow is the viewport's
  const up = (e) => e.parentElement || (e.getRootNode && e.getRootNode().host) || null;
  for (let a = up(el); a && a !== document.body; a = up(a)) {
    const s = getComputedStyle(a);
    if (/(auto|scroll|hidden|clip)/.test(s.overflowX + s.overflowY)) {
      const b = a.getBoundingClientRect();
      if (b.left > clip.left || b.top > clip.top || b.right < clip.right || b.bottom < clip.bottom)
        by.push((a.className && a.className.baseVal === undefined ? a.className : a.tagName).toString().slice(0, 60));
      clip = {left: Math.max(clip.left, b.left), top: Math.max(clip.top, b.top),
              right: Math.min(clip.right, b.right), bottom: Math.min(clip.bottom, b.bottom)};
    }
  }
  return {box: {left: r.left, top: r.top, right: r.right, bottom: r.bottom, width: r.width, height: r.height},
          clip, by, vw: window.innerWidth, vh: window.innerHeight};
}
"""


def viewport_problems(page, targets: dict) -> list[str]:
    """Which of ``targets`` (name -> Locator) are not wholly on screen as the page stands (no
    scrolling): each box must lie inside the viewport and inside every scrolling or clipping
    ancestor (a notebook's scroll area, JupyterLab's panels). Returns one line per problem."""
    out = []
    for name, loc in targets.items():
        if loc.count() == 0:
            out.append(f"{name}: not found")
            continue
        g = loc.first.evaluate(_BOX_JS)
        b, c = g["box"], g["clip"]
        if b["width"] < 1 or b["height"] < 1:
            out.append(f"{name}: not displayed ({b['width']:.0f}x{b['height']:.0f})")
            continue
        tol = 1.0
        if b["left"] < c["left"] - tol or b["top"] < c["top"] - tol or b["right"] > c["right"] + tol \
                or b["bottom"] > c["bottom"] + tol:
            area = ("nothing of it is visible" if c["right"] <= c["left"] or c["bottom"] <= c["top"] else
                    f"the visible area is x {c['left']:.0f}..{c['right']:.0f}, y {c['top']:.0f}..{c['bottom']:.0f}")
            out.append(f"{name}: box x {b['left']:.0f}..{b['right']:.0f}, y {b['top']:.0f}..{b['bottom']:.0f} of the "
                       f"{g['vw']}x{g['vh']} viewport; {area}"
                       + (f" (clipped by {'; '.join(g['by'][:3])})" if g["by"] else ""))
    return out


SCROLLERS = (".lcb-log, .widget-tab-contents, .lcb-message, .lcb-fork-diff, "
             ".lcb-right:has(.lcb-checkpoint) > :not(.widget-tab), .lcb-unit > .lcb-unit-tracker")
"""The lab's boxes made to scroll a long content (the explained log, a tab's content, the message line,
the branch's differences, the panels above the tabs while a lesson is paused at a checkpoint, the Unit
Tracker: one reserved height whatever unit it shows, a ship's Embark Area scrolling in it at 1366x768):
:func:`clipping_problems` lets them hold more than they show."""

_CLIPPED_JS = """
([root, SCROLLERS]) => {
  const out = [];
  const name = (e) => {
    const t = (e.innerText || e.value || "").trim().replace(/\\s+/g, " ").slice(0, 40);
    const cls = (typeof e.className === "string" ? e.className : "").split(/\\s+/).filter(c => c.startsWith("lcb-")
                || c.startsWith("widget-") || c.startsWith("lm-") || c.startsWith("jupyter-")).slice(0, 2).join(".");
    return `${e.tagName.toLowerCase()}${cls ? "." + cls : ""}${t ? ` "${t}"` : ""}`;
  };
  const visible = (e) => { const r = e.getBoundingClientRect(); return r.width > 0 && r.height > 0; };
  // texts cut with an ellipsis, or wider than their box: buttons, tab titles, labels, lists
  for (const e of root.querySelectorAll("button, .lm-TabBar-tabLabel, .widget-label, label, select, option")) {
    if (!visible(e) || e.tagName === "OPTION") continue;
    if (e.scrollWidth > e.clientWidth + 1) out.push(`text cut: ${name(e)} needs ${e.scrollWidth} px, has ${e.clientWidth}`);
  }
  // an empty text box whose hint (placeholder) is wider than the box: its end hidden ("e.g. AM-26, then" without "Enter")
  const ctx = document.createElement("canvas").getContext("2d");
  for (const e of root.querySelectorAll("input[placeholder]")) {
    if (!visible(e) || e.value || !e.placeholder) continue;
    const s = getComputedStyle(e);
    ctx.font = `${s.fontStyle} ${s.fontWeight} ${s.fontSize} ${s.fontFamily}`;
    const room = e.clientWidth - parseFloat(s.paddingLeft) - parseFloat(s.paddingRight);
    const need = ctx.measureText(e.placeholder).width;
    if (need > room + 1) out.push(`hint cut: input "${e.placeholder}" needs ${Math.ceil(need)} px, has ${Math.floor(room)}`);
  }
  // panels whose content is wider than the panel (scrolled or hidden sideways)
  for (const e of root.querySelectorAll("div")) {
    if (!visible(e)) continue;
    const s = getComputedStyle(e);
    if (s.overflowX !== "visible" && e.scrollWidth > e.clientWidth + 2 && e.clientWidth > 0)
      out.push(`panel clipped sideways: ${name(e)} holds ${e.scrollWidth} px in ${e.clientWidth}`);
    // a box that scrolls (or hides) vertically and is smaller than its content, except the boxes made to
    // scroll a long content: the log, a tab's content, the message line, the branch's differences
    if (s.overflowY !== "visible" && e.scrollHeight > e.clientHeight + 2 && e.clientHeight > 0
        && !e.matches(SCROLLERS))
      out.push(`panel cut: ${name(e)} holds ${e.scrollHeight} px of content in ${e.clientHeight}`);
  }
  return [...new Set(out)].slice(0, 40);
}
"""


def clipping_problems(page, root: str = ".lcb-app") -> list[str]:
    """Clipped content inside the lab: a button, tab title, label or list whose text is wider than
    its box (cut, with or without an ellipsis), an empty text box whose hint is wider than the box, panels holding content wider than themselves, and
    boxes that scroll (or hide) vertically holding more than they show -- a scroll box smaller than
    its content -- other than the :data:`SCROLLERS`."""
    loc = page.locator(root).first
    if loc.count() == 0:
        return [f"{root}: not found"]
    return loc.evaluate("(e, s) => (" + _CLIPPED_JS + ")([e, s])", SCROLLERS)


def layout_targets(page) -> dict:
    """The four things a class must see together: the map, the selected unit's tracker, the
    active impulse controls, the odds."""
    return {"map": page.locator(".lcb-app .bk-Canvas").first, "unit tracker": tracker_panel(page),
            "impulse controls": impulse_panel(page), "odds": odds_panel(page)}


# ================================================================ JupyterLab as a user
def open_notebook(page, server: Server, path: str = START_NOTEBOOK) -> None:
    """Open ``path`` in JupyterLab and wait until its kernel is idle."""
    from playwright.sync_api import expect
    page.goto(f"{server.url}lab/tree/{path}", wait_until="domcontentloaded", timeout=LOAD_TIMEOUT_MS)
    expect(page.locator(".jp-NotebookPanel").first).to_be_visible(timeout=LOAD_TIMEOUT_MS)
    wait_kernel_idle(page)


def wait_kernel_idle(page, timeout_ms: int = LOAD_TIMEOUT_MS) -> None:
    """The notebook's kernel is connected and idle: the status bar names the kernel and says
    "Idle" (the execution indicator alone reads idle before any kernel exists)."""
    page.wait_for_function(
        r"""() => { const e = document.querySelector('.jp-NotebookPanel:not(.lm-mod-hidden) .jp-Notebook-ExecutionIndicator');
                   if (!e || e.getAttribute('data-status') !== 'idle') return false;
                   return [...document.querySelectorAll('.jp-StatusBar-TextItem')].some(
                     t => /\| Idle$/.test(t.innerText.trim()) && !/^No Kernel/.test(t.innerText.trim())); }""",
        timeout=timeout_ms, polling=200)


def menu(page, top: str, item: str, probe: Probe | None = None, arm: str | None = None) -> None:
    """Click JupyterLab's menu ``top`` then its item ``item`` (as a user)."""
    page.locator(".lm-MenuBar-item", has_text=top).first.click()
    entry = page.locator(".lm-Menu-item:visible", has_text=item).first
    entry.wait_for(state="visible", timeout=10_000)
    if probe is not None and arm:
        probe.arm(arm, "pointerdown")
    entry.click()


def run_all(page, probe: Probe | None = None, arm: str | None = None) -> None:
    """Run ▸ Run All Cells."""
    menu(page, "Run", "Run All Cells", probe, arm)


def restart_kernel(page) -> None:
    """Kernel ▸ Restart Kernel… and accept the dialog; wait until idle."""
    menu(page, "Kernel", "Restart Kernel…")
    accept = page.locator(".jp-Dialog .jp-mod-accept").first
    accept.wait_for(state="visible", timeout=10_000)
    accept.click()
    page.wait_for_timeout(500)
    wait_kernel_idle(page)


def clear_outputs(page) -> None:
    """Edit ▸ Clear Outputs of All Cells."""
    menu(page, "Edit", "Clear Outputs of All Cells")


def file_browser_open(page) -> bool:
    return bool(page.evaluate("() => { const e = document.querySelector('#filebrowser'); "
                              "return !!e && e.getBoundingClientRect().width > 50; }"))


def open_file_browser(page) -> None:
    """Make sure the left sidebar shows the file browser (JupyterLab's default)."""
    if not file_browser_open(page):
        page.locator(".jp-SideBar.jp-mod-left .lm-TabBar-tab[data-id='filebrowser']").first.click()
        page.wait_for_function("() => { const e = document.querySelector('#filebrowser'); "
                               "return !!e && e.getBoundingClientRect().width > 50; }", timeout=10_000)


def close_file_browser(page) -> None:
    """Close the left sidebar's file browser (click its tab) if it is open."""
    if file_browser_open(page):
        page.locator(".jp-SideBar.jp-mod-left .lm-TabBar-tab[data-id='filebrowser']").first.click()
        page.wait_for_function("() => { const e = document.querySelector('#filebrowser'); "
                               "return !e || e.getBoundingClientRect().width < 50; }", timeout=10_000)


def open_and_run_all(page, server: Server, path: str = START_NOTEBOOK, file_browser: bool = False) -> None:
    """Open ``path`` in JupyterLab (with the file browser open when ``file_browser``: the narrower
    notebook a class sees), Run All Cells from the menu, wait for the lab's map and an idle kernel."""
    open_notebook(page, server, path)
    if file_browser:
        open_file_browser(page)
    run_all(page)
    wait_for_map(page)
    wait_kernel_idle(page)


def assert_in_viewport(page, selectors: dict | None = None, clipped_root: str | None = ".lcb-app") -> None:
    """Assert that every target is wholly on screen as the page stands, without scrolling, and
    that nothing in the lab is clipped.

    ``selectors``: name -> CSS selector or Playwright Locator (default: the map canvas, the
    selected unit's tracker, the impulse controls and the odds, :func:`driver.layout_targets`).
    A box must lie inside the viewport and inside every scrolling or clipping ancestor; "clipped"
    means a button, tab title, label or list whose text is wider than its box (an ellipsis), or
    a panel whose content is wider than itself (``scrollWidth > clientWidth``)."""
    targets = layout_targets(page) if selectors is None else {
        k: (page.locator(v) if isinstance(v, str) else v) for k, v in selectors.items()}
    problems = viewport_problems(page, targets)
    if clipped_root:
        problems += clipping_problems(page, clipped_root)
    assert not problems, "layout problems:\n  " + "\n  ".join(problems)


def open_voila_lab(page, url: str) -> None:
    """Load the Voila app at ``url`` and wait until its map is drawn and its kernel listens."""
    page.goto(url, wait_until="domcontentloaded", timeout=LOAD_TIMEOUT_MS)
    wait_for_map(page)
    wait_kernel_listening(page)


# ================================================================ a class's checks (test_classroom.py)
PAGE_TEXT_JS = """(sel) => {
  const root = sel ? document.querySelector(sel) : document.documentElement;
  if (!root) return "";
  const out = [root.outerHTML, root.innerText];
  for (const el of [root, ...root.querySelectorAll('*')]) {
    for (const a of el.attributes) out.push(a.value);
    if ('value' in el && typeof el.value === 'string') out.push(el.value);
  }
  return out.join('\\n');
}"""
"""Everything the page holds as text: its markup, its visible text, every attribute and every
input's current value (an ``<input>``'s value is not in the markup)."""


def page_text(page, root: str | None = None) -> str:
    """:data:`PAGE_TEXT_JS` of ``page``: what a team could read from the page with the browser's tools
    (``root``: only the first element that CSS selector matches, e.g. the lab in a notebook whose
    other cells print the instructor's own examples; None: the whole document)."""
    return page.evaluate(PAGE_TEXT_JS, root)


def hand_over(page, within: str, to: str) -> None:
    """The lab's own hand-over control: *Hand over: show the <to> view* in ``within`` (the decision
    panel ``.lcb-decision`` or the Impulse tab ``.lcb-impulse``)."""
    button(page, f"Hand over: show the {to} view", within).click()
    expect_message(page, f"Showing the {to} view")


def control_state(page, text: str, within: str) -> str:
    """``"enabled"``, ``"disabled"`` (shown, greyed) or ``"absent"`` (no visible button): the first
    visible button of the first lab's ``within`` whose text is ``text`` (no waiting: call it once
    the page answered the last click)."""
    loc = page.locator(f".lcb-app {within}").first.locator("button:visible", has_text=text)
    if loc.count() == 0:
        return "absent"
    return "enabled" if loc.first.is_enabled() else "disabled"


def fire_lrs(page, target: str) -> None:
    """The declared shooter's LRS at ``target``: pick it in the allocation row, *Add LRS*, *Commit combat*."""
    from playwright.sync_api import expect
    row = page.locator(".lcb-app .widget-hbox:visible").filter(has=page.locator("input[type=number]")).filter(
        has=page.locator("select")).first
    select = row.locator("select").nth(2)
    expect(select.locator("option", has_text=target).first).to_be_attached(timeout=KERNEL_MS)
    select.select_option(label=target)
    button(page, ADD_LRS).click()
    expect(button(page, COMMIT)).to_be_enabled(timeout=KERNEL_MS)
    button(page, COMMIT).click()
    expect_message(page, "Commit combat: done.")


def add_card_action(page, card: str) -> None:
    """Add *Play a JCC* (``card``) to the declaration being built (a late redraw of the panel may
    reset the Action dropdown: it is picked again, up to three times)."""
    from playwright.sync_api import expect
    added = lab(page).filter(has_text=f"Play a JCC ({card})")
    for _attempt in range(3):
        labelled(page, "dropdown", "Action").select_option(label="Play a JCC")
        jcc = page.locator(".lcb-app input[placeholder='JCC name (card)']:visible").first
        jcc.fill(card)
        jcc.press("Enter")
        button(page, ADD_ACTION).click()
        try:
            expect(added).to_have_count(1, timeout=KERNEL_MS // 3)
            return
        except AssertionError:
            continue


# ================================================================ the new labs as an instructor tries them
ONE_LINE_JS = """(e) => {
  const tops = [];
  const walk = document.createTreeWalker(e, NodeFilter.SHOW_TEXT);
  for (let n = walk.nextNode(); n; n = walk.nextNode()) {
    if (!n.textContent.trim()) continue;
    const r = document.createRange(); r.selectNodeContents(n);
    for (const b of r.getClientRects()) if (b.width > 0) tops.push(b.top);
  }
  tops.sort((a, b) => a - b);
  return tops.filter((t, i) => i === 0 || t - tops[i - 1] > 8).length;
}"""
"""How many lines of text an element shows (its text boxes' tops, those within 8 px counted once)."""


def presentation(page, on: bool = True) -> None:
    """Press *Presentation* and wait until the lab is (``on``) or is no longer in presentation mode."""
    from playwright.sync_api import expect
    button(page, "Presentation").click()
    loc = page.locator(".lcb-app.lcb-presentation").first
    if on:
        expect(loc).to_be_attached(timeout=KERNEL_MS)
    else:
        expect(loc).not_to_be_attached(timeout=KERNEL_MS)
    page.wait_for_timeout(800)              # the map's texts and the column's zoom settle


def load_broken_save(page, path, key: str, problem: str) -> None:
    """Load ``path`` (a broken save) from the *Game* tab, confirming the replacement of the game in play:
    the message line says in one line which file, which key, what is wrong and that nothing changed."""
    from playwright.sync_api import expect
    from lcb_lab.ui.lab.html import elide_middle, path_room
    tab(page, "Game").click()
    box = page.locator(".lcb-app .widget-text:visible", has=page.locator("label", has_text="File")).first.locator("input")
    box.fill(str(path))
    box.press("Tab")
    button(page, "Load").click()
    expect(button(page, "Confirm load")).to_be_visible(timeout=KERNEL_MS)
    button(page, "Confirm load").click()
    msg = page.locator(".lcb-app .lcb-message").first
    text = f"Could not load {{path}}: {key}: {problem}. Nothing changed."
    expect(msg).to_contain_text(text.replace("{path}", elide_middle(str(path), path_room(text))), timeout=KERNEL_MS)
    expect(msg.locator(".lcb-path").first).to_have_attribute("title", str(path))
    assert msg.evaluate(ONE_LINE_JS) == 1, msg.inner_text()


def umpire_undo_fork_and_broken_save(page, *, table: str, saved, saved_text: str, key: str, problem: str,
                                     still: str, shot: str) -> None:
    """The second half of each umpire-run lab's instructor walk, in presentation mode after a hand-over:
    the player's *Undo* greyed (not its step), the umpire's *Undo*, presentation off, *Fork here* (the
    branch's ``table`` selector drawn a second time, below the game at 1366 and 1920 px), then a broken save
    (``saved_text`` written to ``saved``) refused in one line naming ``key`` and ``problem``, the game in
    play still showing ``still``; screenshot ``test-results/<shot>.png``."""
    from playwright.sync_api import expect
    msg = page.locator(".lcb-app .lcb-message").first
    tab(page, "History").click()
    expect(button(page, "Undo")).to_be_disabled()
    show_view(page, "Umpire")
    button(page, "Undo").click()
    expect(msg).to_contain_text("Undo: done.", timeout=KERNEL_MS)
    presentation(page, on=False)
    button(page, "Fork here").click()
    expect(page.locator(f".lcb-app {table}").nth(1)).to_be_visible(timeout=KERNEL_MS)
    assert branch_place(page) == "below"
    saved.write_text(saved_text)
    load_broken_save(page, saved, key, problem)
    expect(lab(page)).to_contain_text(still)
    page.screenshot(path=str(RESULTS / f"{shot}.png"))


FITS_JS = """() => {
  const g = document.querySelector('.lcb-app .lcb-grid').getBoundingClientRect();
  const page = document.querySelector('#rendered_cells') || document.scrollingElement;
  return {bottom: Math.round(g.bottom), vh: innerHeight, scroll: page.scrollHeight - page.clientHeight};
}"""
"""Where the first lab's grid ends, the window's height, and how far the page scrolls (px)."""


def lab_fits_screen(page) -> dict:
    """:data:`FITS_JS` of ``page``: a lab that fits ends inside the window (``bottom <= vh``: its last row of
    controls and the map's foot in sight without scrolling the page)."""
    return page.evaluate(FITS_JS)


IN_SIGHT_JS = """(e) => {
  const r = e.getBoundingClientRect();
  let top = 0, bottom = innerHeight;
  for (let a = e.parentElement; a; a = a.parentElement) {
    const s = getComputedStyle(a);
    if (s.overflowY !== "visible") { const b = a.getBoundingClientRect(); top = Math.max(top, b.top); bottom = Math.min(bottom, b.bottom); }
  }
  return r.height > 0 && r.top >= top - 0.5 && r.bottom <= bottom + 0.5;
}"""
"""Is an element wholly in sight: inside the window and inside every box that clips it (a scrolling panel)?"""


def in_sight(locator) -> bool:
    """:data:`IN_SIGHT_JS` of the element of ``locator``: a control a class sees without scrolling anything."""
    return locator.evaluate(IN_SIGHT_JS)


_SQUARE_JS = """
([n]) => {
  const figs = [...Bokeh.index.all_views()].filter(v => v.frame && v.canvas_view && v.canvas_view.el.isConnected);
  if (figs.length <= n) return {error: `map ${n} not found`};
  const v = figs[n], m = v.model, f = v.frame.bbox;
  return {x: f.width / (m.x_range.end - m.x_range.start), y: f.height / (m.y_range.end - m.y_range.start),
          w: f.width, h: f.height};
}
"""


def map_scales(page, nth_map: int = 0) -> dict:
    """The ``nth_map`` map's px per data unit across (``x``) and up (``y``), and its frame (``w``, ``h`` px):
    a board drawn undistorted has ``x == y``."""
    return page.evaluate(_SQUARE_JS, [nth_map])


def settled(page, problems_of, *args, tries: int = 20, wait_ms: int = 500) -> tuple[list[str], dict]:
    """``problems_of(page, *args)`` -- a ``(problems, measurements)`` pair -- asked again every ``wait_ms`` until it
    finds none or ``tries`` more asks are spent (the kernel answers a frame's new size in a few round trips);
    the last answer."""
    problems, got = problems_of(page, *args)
    for _ in range(tries):
        if not problems:
            break
        page.wait_for_timeout(wait_ms)
        problems, got = problems_of(page, *args)
    return problems, got
