"""The lab's words and presentation mode as a class sees them (Voila app, real Chromium, both screens).

At 1366x768 and 1920x1080 (``screen``):

1. presentation mode: every counter designator is drawn at >= 14 px (>= 16 px at 1920x1080), and at
   1920x1080 no place name's text box (measured in the page with the glyph's own font) meets a hex
   label's or a counter's box on the canvas;
2. the hover tip of a counter near the map's right edge stays over the map: it never covers the
   Unit Tracker beside it;
3. every button icon sits inside its button (a button shown again as a flex box drew its icon at
   the top, poking out) in the Impulse, History, Lesson and Game tabs.

Screenshots for humans: ``test-results/words-<size>-*.png``.
"""
from __future__ import annotations

import pytest
from playwright.sync_api import Page

import driver as D
import labui as L

_DESIGNATORS_JS = """
() => {
  const v = [...Bokeh.index.all_views()].find(v => v.frame && v.canvas_view && v.canvas_view.el.isConnected);
  const r = v.model.renderers.find(r => r.name === "counter_names");
  const d = r.data_source.data, get = (k) => d instanceof Map ? d.get(k) : d[k];
  const names = get("t_name"), sizes = get("name_size");
  return [...names].map((t, i) => [t, parseFloat(sizes[i])]).filter(([t]) => t);
}
"""

_BOXES_JS = """
() => {
  // screen boxes (canvas px) of the shown place names, the hex labels and the counters, measured
  // with each glyph's own font on a scratch canvas
  const v = [...Bokeh.index.all_views()].find(v => v.frame && v.canvas_view && v.canvas_view.el.isConnected);
  const xs = v.frame.x_scale, ys = v.frame.y_scale, ctx = document.createElement("canvas").getContext("2d");
  const rend = (n) => v.model.renderers.find(r => r.name === n);
  const col = (r, k) => { const d = r.data_source.data; return [...(d instanceof Map ? d.get(k) : d[k])]; };
  const spec = (g, k) => g[k] && g[k].field !== undefined ? null : (g[k] && g[k].value !== undefined ? g[k].value : g[k]);
  const out = {names: [], labels: [], counters: []};
  const nr = rend("names"), ng = nr.glyph, nfont = spec(ng, "text_font");
  const nt = col(nr, "text"), nx = col(nr, "x"), ny = col(nr, "y"), nsz = col(nr, "size"), na = col(nr, "alpha"), nst = col(nr, "style");
  nt.forEach((t, i) => {
    if (!(na[i] > 0)) return;
    const px = parseFloat(nsz[i]);
    ctx.font = `${nst[i] === "normal" ? "" : nst[i]} ${px}px ${nfont}`;
    const w = ctx.measureText(t).width, sx = xs.compute(nx[i]), sy = ys.compute(ny[i]);
    out.names.push({t, box: [sx - w / 2 - 1, sy - px / 2 - 1, sx + w / 2 + 1, sy + px / 2 + 1]});
  });
  const lr = rend("hex_labels"), lpx = parseFloat(spec(lr.glyph, "text_font_size"));
  const lt = col(lr, "text"), lx = col(lr, "x"), ly = col(lr, "y");
  ctx.font = `${lpx}px ${spec(lr.glyph, "text_font") || "helvetica"}`;
  lt.forEach((t, i) => {
    const w = ctx.measureText(t).width, sx = xs.compute(lx[i]), sy = ys.compute(ly[i]);
    out.labels.push({t, box: [sx - w / 2, sy, sx + w / 2, sy + lpx]});        // text_baseline "top"
  });
  const cr = rend("counters"), side = cr.glyph.width.value;
  const cx = col(cr, "x"), cy = col(cr, "y"), ch = col(cr, "hex");
  cx.forEach((x, i) => {
    const a = xs.compute(x - side / 2), b = xs.compute(x + side / 2), c = ys.compute(cy[i] + side / 2), d = ys.compute(cy[i] - side / 2);
    out.counters.push({t: ch[i], box: [a, c, b, d]});
  });
  return out;
}
"""

_TIP_JS = """
() => {
  const tips = [...document.querySelectorAll(".bk-Canvas, .bk-Figure")].flatMap(e => e.shadowRoot ?
      [...e.shadowRoot.querySelectorAll(".bk-Tooltip, .bk-tooltip")] : []);
  const shown = [...document.querySelectorAll(".bk-Tooltip, .bk-tooltip"), ...tips]
      .map(t => t.getBoundingClientRect()).filter(r => r.width > 0 && r.height > 0);
  const v = [...Bokeh.index.all_views()].find(v => v.frame && v.canvas_view && v.canvas_view.el.isConnected);
  const c = v.canvas_view.el.getBoundingClientRect();
  const tracker = document.querySelector(".lcb-unit-tracker");
  const t = tracker ? tracker.getBoundingClientRect() : null;
  return {tips: shown.map(r => [r.left, r.top, r.right, r.bottom]), canvas: [c.left, c.top, c.right, c.bottom],
          tracker: t ? [t.left, t.top, t.right, t.bottom] : null};
}
"""

_ICONS_JS = """
() => [...document.querySelectorAll(".lcb-app button")].filter(b => b.offsetParent && b.querySelector("i.fa"))
  .map(b => {
    const r = b.getBoundingClientRect(), i = b.querySelector("i.fa").getBoundingClientRect();
    return {t: b.innerText.trim().slice(0, 40), out: i.top < r.top + 1 || i.bottom > r.bottom - 1 || i.left < r.left
            || i.right > r.right || i.height > r.height - 4, wide: b.scrollWidth > b.clientWidth + 1};
  })
"""


def _meets(a, b) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def _open(page: Page, url: str) -> None:
    page.goto(url, wait_until="domcontentloaded", timeout=D.LOAD_TIMEOUT_MS)
    L.wait_for_map(page)
    L.wait_kernel_listening(page)


def _shot(page: Page, name: str) -> None:
    D.RESULTS.mkdir(exist_ok=True)
    page.screenshot(path=str(D.RESULTS / f"words-{name}.png"))


@pytest.mark.browser
def test_presentation_designators_and_place_names(page: Page, voila_app_url: str, screen) -> None:
    name, _size = screen
    _open(page, voila_app_url)
    L.button(page, "Presentation").click()
    page.locator(".lcb-app.lcb-presentation").first.wait_for(state="attached", timeout=D.KERNEL_MS)
    least = 16 if name == "1920x1080" else 14
    page.wait_for_function(f"() => {{ const r = ({_DESIGNATORS_JS})(); return r.length > 5 && "
                           f"Math.min(...r.map(x => x[1])) >= {least}; }}", timeout=D.KERNEL_MS)
    got = page.evaluate(_DESIGNATORS_JS)
    _shot(page, f"{name}-presentation")
    small = [(t, px) for t, px in got if px < least]
    assert len(got) >= 10 and not small, f"designators under {least} px at {name}: {small}"
    if name != "1920x1080":
        return
    boxes = page.evaluate(_BOXES_JS)
    assert {n["t"] for n in boxes["names"]} >= {"Visby", "Klintehamn", "Burgsvik", "Fårösund"}
    problems = [f"{n['t']} over the label {lab['t']}" for n in boxes["names"] for lab in boxes["labels"]
                if _meets(n["box"], lab["box"])]
    problems += [f"{n['t']} over a counter in {c['t']}" for n in boxes["names"] for c in boxes["counters"]
                 if _meets(n["box"], c["box"])]
    assert not problems, "\n".join(problems)


@pytest.mark.browser
def test_the_hover_tip_stays_over_the_map(page: Page, voila_app_url: str, screen) -> None:
    name, _size = screen
    _open(page, voila_app_url)
    L.click_hex(page, "AO-24")                       # DDG(X)-106, near the map's right edge: its tracker
    page.locator(".lcb-unit-tracker", has_text="DDG(X)-106").first.wait_for(timeout=D.KERNEL_MS)
    p = L.hex_point(page, "AO-24")
    page.mouse.move(p["x"] - 3, p["y"] + 6)
    page.wait_for_function(f"() => ({_TIP_JS})().tips.length > 0", timeout=15_000)
    got = page.evaluate(_TIP_JS)
    _shot(page, f"{name}-hover")
    canvas, tracker = got["canvas"], got["tracker"]
    for tip in got["tips"]:
        assert canvas[0] - 1 <= tip[0] and tip[2] <= canvas[2] + 1, f"the tip {tip} leaves the map {canvas}"
        assert tracker is None or not _meets(tip, tracker), f"the tip {tip} covers the Unit Tracker {tracker}"


@pytest.mark.browser
def test_button_icons_sit_inside_their_buttons(page: Page, voila_app_url: str, screen) -> None:
    name, _size = screen
    _open(page, voila_app_url)
    L.to_combat(page)
    problems = []
    for title in ("Impulse", "History", "Lesson", "Game"):
        L.tab(page, title).click()
        page.wait_for_timeout(400)
        got = page.evaluate(_ICONS_JS)
        problems += [f"{title}: the icon of {b['t']!r} pokes out" for b in got if b["out"]]
        problems += [f"{title}: {b['t']!r} is wider than its button" for b in got if b["wide"]]
        if title == "Impulse":
            assert any(b["t"] == "Resolve combat" for b in got) and any("Card effect" in b["t"] for b in got)
    _shot(page, f"{name}-buttons")
    assert not problems, "\n".join(problems)


_PANELS_JS = """
() => { const r = document.querySelector(".lcb-app .lcb-right");
  return {zoom: parseFloat(getComputedStyle(r).zoom), right: r.getBoundingClientRect().width,
          grid: document.querySelector(".lcb-app .lcb-grid").getBoundingClientRect().height}; }
"""


@pytest.mark.browser
def test_presentation_panels_grow_with_the_window(page: Page, voila_app_url: str) -> None:
    """Presentation at 1920x1080 zooms the right column 1.25; on a 2560x1440 projector 1.5, wider,
    and the lab is as tall as the window (no 1300 px cap)."""
    page.set_viewport_size({"width": 1920, "height": 1080})
    _open(page, voila_app_url)
    L.button(page, "Presentation").click()
    page.locator(".lcb-app.lcb-presentation").first.wait_for(state="attached", timeout=D.KERNEL_MS)
    page.wait_for_timeout(1000)
    hd = page.evaluate(_PANELS_JS)
    page.set_viewport_size({"width": 2560, "height": 1440})
    page.wait_for_function("() => parseFloat(getComputedStyle(document.querySelector('.lcb-app .lcb-right')).zoom)"
                           " === 1.5", timeout=15_000)
    page.wait_for_timeout(1000)
    big = page.evaluate(_PANELS_JS)
    _shot(page, "2560x1440-presentation")
    assert hd["zoom"] == 1.25 and big["zoom"] == 1.5
    assert big["right"] > hd["right"] and big["grid"] > 1300, (hd, big)
