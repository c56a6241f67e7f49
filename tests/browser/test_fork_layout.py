"""Real-browser test of *Fork here*'s layout: the branch's lab is drawn at full size beside the
first lab on a 1920x1080 screen and below it at 1366x768, in Voila and in JupyterLab (its file
browser open), with the differences table; the fork message fits its line.

Each lab (its ``.lcb-grid``: top bar, map, right column) must be at least :data:`MIN_WIDTH` px
wide and :data:`MIN_HEIGHT` px tall and lie inside the viewport's width; the branch's map is
painted (a canvas at least :data:`MIN_MAP` px wide). Screenshots for humans:
``test-results/fork-<where>-<size>.png``.
"""
from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

import driver as D
import labui as L

MIN_WIDTH, MIN_HEIGHT, MIN_MAP = 600, 450, 250
PLACE = {"1920x1080": "beside", "1366x768": "below"}

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


def _fork_and_measure(page: Page, where: str, size: str) -> None:
    problems: list[str] = []
    try:
        L.tab(page, L.TAB_HISTORY).click()
        L.button(page, "Fork here").click()
        expect(page.locator(".lcb-fork").first).to_contain_text("Branch from step 0", timeout=D.KERNEL_MS)
        expect(page.locator(".lcb-fork .lcb-fork-diff").first).to_contain_text("No difference yet",
                                                                             timeout=D.KERNEL_MS)
        expect(page.locator(".lcb-fork .lcb-app .bk-Canvas").first).to_be_visible(timeout=D.LOAD_TIMEOUT_MS)
        page.wait_for_timeout(1000)                       # the branch's map settles at its size
        got = page.evaluate(_BOXES_JS)
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
        msg = got["message"]
        if not msg or "Branch from step 0" not in msg["text"]:
            problems.append(f"the fork message is missing: {msg}")
        elif msg["scroll"] > msg["client"] + 1:
            problems.append(f"the fork message is cut: {msg['scroll']} px of text in {msg['client']} px "
                            f"({msg['text']!r})")
    finally:
        D.RESULTS.mkdir(exist_ok=True)
        page.screenshot(path=str(D.RESULTS / f"fork-{where}-{size}.png"))
    assert not problems, f"{where} {size}:\n  " + "\n  ".join(problems)


@pytest.mark.browser
def test_voila_fork_layout(page: Page, voila_app_url: str, screen) -> None:
    name, _size = screen
    L.open_voila_lab(page, voila_app_url)
    _fork_and_measure(page, "voila", name)


@pytest.mark.browser
def test_jupyterlab_fork_layout(page: Page, jupyterlab_server: D.Server, screen) -> None:
    name, _size = screen
    L.open_and_run_all(page, jupyterlab_server, file_browser=True)
    page.evaluate("() => document.querySelector('.lcb-app').scrollIntoView({block: 'start'})")
    L.wait_kernel_listening(page)
    _fork_and_measure(page, "jupyterlab", name)
