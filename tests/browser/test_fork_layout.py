"""Real-browser test of *Fork here*'s layout: the branch's lab is drawn at full size below the
first lab (beside it only on a screen where both fit at full size) on 1920x1080 and 1366x768
screens, in Voila and in JupyterLab (its file browser open), presentation mode off and on, with the
differences table; the fork message fits its line.

Each lab (its ``.lcb-grid``: top bar, map, right column, side column) must be at least
:data:`MIN_WIDTH` px wide and :data:`MIN_HEIGHT` px tall and lie inside the viewport's width; the
first lab's map keeps the frame it had before the fork, the branch's map frame is at least
:data:`BRANCH_SHARE` of it (no tiny maps); the parts of each lab's grid and the controls of its top bar
overlap nothing (no label drawn over another). Screenshots for humans:
``test-results/fork-<where>-<size>[-presentation].png``.
"""
from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

import driver as D
import labui as L

MIN_WIDTH, MIN_HEIGHT, MIN_MAP = 600, 450, 250
PLACE = {"1920x1080": "below", "1366x768": "below"}
BRANCH_SHARE = 0.8
"""The branch's map frame is at least this share of the first lab's, width and height (the branch's lab
is indented 25 px and, in JupyterLab, 86 px shorter: it fits under its heading and the differences;
side by side at 1920 px the maps were 206 px wide, 0.3 of the first lab's 688)."""

_FRAMES_JS = """
() => [...Bokeh.index.all_views()].filter(v => v.frame && v.canvas_view && v.canvas_view.el.isConnected)
        .map(v => ({w: v.frame.bbox.width, h: v.frame.bbox.height}))
"""

_OVERLAPS_JS = """
() => {
  const out = [], box = (e) => e.getBoundingClientRect();
  const name = (e) => (e.className || "").toString().split(/\\s+/).filter(c => c.startsWith("lcb-") || c.startsWith("widget-")
                       || c.startsWith("jupyter-")).slice(0, 2).join(".") + ` "${(e.innerText || "").trim().slice(0, 30)}"`;
  const cross = (a, b) => { const r = box(a), q = box(b);
    return Math.min(r.right, q.right) - Math.max(r.left, q.left) > 1 && Math.min(r.bottom, q.bottom) - Math.max(r.top, q.top) > 1; };
  const shown = (e) => { const r = box(e); return r.width > 0 && r.height > 0; };
  const grids = [...document.querySelectorAll('.lcb-app > .lcb-grid')];
  grids.forEach((g, n) => {
    const parts = [...g.children].filter(shown);
    const bar = g.querySelector(':scope > .lcb-topbar');
    const controls = bar ? [bar.querySelector('.lcb-message'), ...bar.querySelectorAll('.lcb-toolbar button')].filter(e => e && shown(e)) : [];
    for (const set of [parts, controls])
      for (let i = 0; i < set.length; i++) for (let j = i + 1; j < set.length; j++)
        if (cross(set[i], set[j])) out.push(`lab ${n + 1}: ${name(set[i])} overlaps ${name(set[j])}`);
  });
  for (let i = 0; i < grids.length; i++) for (let j = i + 1; j < grids.length; j++)
    if (cross(grids[i], grids[j])) out.push(`lab ${i + 1} overlaps lab ${j + 1}`);
  return out;
}
"""

_BOXES_JS = """
() => {
  const box = (e) => { if (!e) return null; const r = e.getBoundingClientRect();
                       return {left: r.left, top: r.top, right: r.right, bottom: r.bottom,
                               width: r.width, height: r.height}; };
  const first = document.querySelector('.lcb-app');
  const fork = first.querySelector(':scope > .lcb-fork');
  const branch = fork && fork.querySelector('.lcb-app');
  const msg = first.querySelector(':scope > .lcb-grid .lcb-topbar .lcb-message');
  const card = msg && msg.querySelector('.lcb-card');
  return {first: box(first.querySelector(':scope > .lcb-grid')),
          branch: box(branch && branch.querySelector('.lcb-grid')),
          diff: box(fork && fork.querySelector(':scope > .lcb-fork-diff')),
          width: document.documentElement.clientWidth,
          message: msg && {text: msg.innerText.trim(), scroll: msg.scrollHeight, client: msg.clientHeight,
                           lines: card ? Math.round(card.getBoundingClientRect().height
                                                    / parseFloat(getComputedStyle(card).lineHeight || 16)) : 0}};
}
"""

_DRAWN_JS = f"() => [({_BOXES_JS.strip()})(), document.querySelectorAll('.lcb-app *').length]"
"""The boxes :data:`_BOXES_JS` measures and how many elements the labs hold: unchanged for a while once
the branch's lab (some 600 widget views, built one by one) is drawn whole."""


def _fork_and_measure(page: Page, where: str, size: str, presentation: bool = False) -> None:
    problems: list[str] = []
    tag = f"{where}-{size}" + ("-presentation" if presentation else "")
    try:
        if presentation:
            L.button(page, "Presentation").click()
            expect(page.locator(".lcb-app.lcb-presentation").first).to_be_attached(timeout=D.KERNEL_MS)
        L.wait_maps_fitted(page)                          # the first map has its frame (and the texts of it)
        before = page.evaluate(_FRAMES_JS)[0]
        L.tab(page, L.TAB_HISTORY).click()
        L.button(page, "Fork here").click()
        expect(page.locator(".lcb-fork").first).to_contain_text("Branch from step 0", timeout=D.KERNEL_MS)
        expect(page.locator(".lcb-fork .lcb-fork-diff").first).to_contain_text("No difference yet",
                                                                             timeout=D.KERNEL_MS)
        expect(page.locator(".lcb-fork .lcb-app .bk-Canvas").first).to_be_visible(timeout=D.LOAD_TIMEOUT_MS)
        L.wait_maps_fitted(page, count=2)                 # the branch's map settles at its size
        got = L.wait_quiet(page, _DRAWN_JS)[0]            # and the branch's lab is drawn whole
        for name in ("first", "branch"):
            b = got[name]
            if b is None or b["width"] < MIN_WIDTH or b["height"] < MIN_HEIGHT:
                problems.append(f"the {name} lab is {b and round(b['width'])}x{b and round(b['height'])} px "
                                f"(less than {MIN_WIDTH}x{MIN_HEIGHT})")
            elif b["left"] < -1 or b["right"] > got["width"] + 1:
                problems.append(f"the {name} lab spans x {b['left']:.0f}..{b['right']:.0f}, outside the "
                                f"viewport's width {got['width']}")
        m = page.locator(".lcb-fork .lcb-app .bk-Canvas").first.bounding_box()
        if m is None or m["width"] < MIN_MAP:
            problems.append(f"the branch's map is {m and round(m['width'])} px wide (< {MIN_MAP})")
        if got["diff"] is None or got["diff"]["width"] < 200:
            problems.append("the differences table is not shown")
        f, b = got["first"], got["branch"]
        if f and b and not problems:
            beside = b["left"] >= f["right"] - 1 and abs(b["top"] - f["top"]) < 120
            below = b["top"] >= f["bottom"] - 1
            if PLACE[size] == "beside" and not beside:
                problems.append(f"the branch is not beside the first lab at {size}: {f} / {b}")
            if PLACE[size] == "below" and not below:
                problems.append(f"the branch is not below the first lab at {size}: {f} / {b}")
        problems += [f"clipped: {p}" for p in L.clipping_problems(page)]   # both labs and the heading
        problems += [f"overlap: {p}" for p in page.evaluate(_OVERLAPS_JS)]
        page.evaluate("() => document.querySelector('.lcb-fork .lcb-app').scrollIntoView({block: 'start'})")
        L.wait_maps_fitted(page, count=2)                 # the branch's map reports its frame in view
        frames = page.evaluate(_FRAMES_JS)
        first, branch = frames[0], frames[-1]
        if abs(first["w"] - before["w"]) > 2 or abs(first["h"] - before["h"]) > 2:
            problems.append(f"the first lab's map went from {before['w']:.0f}x{before['h']:.0f} to "
                            f"{first['w']:.0f}x{first['h']:.0f} px when the branch opened")
        if len(frames) < 2 or branch["w"] < BRANCH_SHARE * first["w"] or branch["h"] < BRANCH_SHARE * first["h"]:
            problems.append(f"the branch's map is {branch['w']:.0f}x{branch['h']:.0f} px, less than "
                            f"{BRANCH_SHARE:.0%} of the first lab's {first['w']:.0f}x{first['h']:.0f}")
        msg = got["message"]
        if not msg or "Branch from step 0" not in msg["text"]:
            problems.append(f"the fork message is missing: {msg}")
        elif msg["scroll"] > msg["client"] + 1:
            problems.append(f"the fork message is cut: {msg['scroll']} px of text in {msg['client']} px "
                            f"({msg['text']!r})")
    finally:
        D.RESULTS.mkdir(exist_ok=True)
        page.screenshot(path=str(D.RESULTS / f"fork-{tag}.png"))
    assert not problems, f"{tag}:\n  " + "\n  ".join(problems)


@pytest.fixture(params=[False, True], ids=["", "presentation"])
def presentation(request):
    """Presentation mode off and on (switched on before *Fork here*: the branch opens in it too)."""
    return request.param


@pytest.mark.browser
def test_voila_fork_layout(page: Page, voila_app_url: str, screen, presentation) -> None:
    name, _size = screen
    L.open_voila_lab(page, voila_app_url)
    _fork_and_measure(page, "voila", name, presentation)


@pytest.mark.browser
def test_jupyterlab_fork_layout(page: Page, jupyterlab_server: D.Server, screen, presentation) -> None:
    name, _size = screen
    L.open_and_run_all(page, jupyterlab_server, file_browser=True)
    page.evaluate("() => document.querySelector('.lcb-app').scrollIntoView({block: 'start'})")
    L.wait_kernel_listening(page)
    _fork_and_measure(page, "jupyterlab", name, presentation)
