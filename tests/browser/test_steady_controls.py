"""Real-browser test: selecting or clearing a unit does not move the controls below the Unit Tracker.

A person clicks a counter, then the control they came for (*Add action*, a tab); on a slow server the
lab's answer to the first click -- the new unit's Unit Tracker -- may land between the two.  If the
tracker's height followed its unit (a hint, a destroyer, a ship with its Embark Area), every control
below it would jump 75-190 px under the pointer.  So: during TF Boston's impulse (the declaration
builder and its *Add action* shown), units with trackers of very different heights are selected one
after the other (DDG-51, LHD 1 and its Embark Area, 1 Anna, DDG(X)-106 and its attachment), then
*Clear*; after each, the tab bar, *Add action*, the Unit dropdown and the tabs' content box are where
they were with no unit selected (to the pixel), and the trackers' contents really differ in height.

At 1366x768 and 1920x1080, in Voila started the README's way (the app notebook) and in JupyterLab
(the start notebook after *Run All*), presentation mode off and on (the size alternates over the
other parameters, tests/browser/conftest.py ``BOTH_SIZES``).  Screenshots:
``test-results/steady-<where>-<size>[-presentation]-<unit>.png``.
"""
from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

import driver as D
import labui as L

UNITS = (("AL-29", "DDG-51"), ("AM-26", "LHD 1"), ("AL-21", "1 Anna"), ("AO-24", "DDG(X)-106"))
"""Hexes and the unit a click there selects (its first): trackers of three heights in the lab of main
before the reserved box -- 122, 235, 118 and 138 px at 1366x768 -- against the 47 px hint."""

TOLERANCE_PX = 1.0
"""How far (px) a control may be found from its place: sub-pixel rounding only."""

_PLACES_JS = """
() => {
  const app = document.querySelector('.lcb-app');
  const box = e => { if (!e) return null; const r = e.getBoundingClientRect();
                     return r.width > 0 ? {left: r.left, top: r.top, bottom: r.bottom} : null; };
  const right = app.querySelector('.lcb-right');
  const add = [...right.querySelectorAll('button')].find(b => b.innerText.trim() === 'Add action');
  const tracker = app.querySelector('.lcb-unit-tracker');
  // the height the tracker's content takes (its parts' span, whatever box holds it)
  const span = e => { const rs = [...e.children].map(c => c.getBoundingClientRect()).filter(r => r.height > 0);
                      return rs.length ? Math.round(Math.max(...rs.map(r => r.bottom)) - Math.min(...rs.map(r => r.top))) : 0; };
  return {places: {'the tab bar': box(right.querySelector(':scope > .widget-tab .lm-TabBar')),
                   'the tabs\\' content': box(right.querySelector(':scope > .widget-tab > .widget-tab-contents')),
                   'Add action': box(add),
                   'the Unit dropdown': box(app.querySelector('.lcb-unit .widget-dropdown select'))},
          content: tracker ? span(tracker.querySelector('.lcb-tracker-scroll') || tracker.querySelector('.widget-html-content')
                                  || tracker) : null,
          text: tracker ? tracker.innerText : ''};
}
"""
"""The boxes (viewport px) of the controls a person is about to use, the height of the tracker's content (px)
and its text."""


def _open(page: Page, request, where: str) -> None:
    """The lab on screen with a fresh game, the kernel answering clicks."""
    if where == "voila":
        L.open_voila_lab(page, request.getfixturevalue("voila_app_url"))
        return
    L.open_notebook(page, request.getfixturevalue("jupyterlab_server"))
    L.run_all(page)
    L.wait_for_map(page)
    L.wait_kernel_idle(page)
    page.evaluate("() => document.querySelector('.lcb-app').scrollIntoView({block: 'start'})")
    L.wait_kernel_listening(page)


def _moved(before: dict, after: dict, what: str) -> list[str]:
    out = []
    for name, b in before.items():
        a = after.get(name)
        if b is None or a is None:
            out.append(f"{what}: {name} is {'not shown' if a is None else 'shown'} (was "
                       f"{'not shown' if b is None else 'shown'})")
            continue
        dx, dy = a["left"] - b["left"], a["top"] - b["top"]
        if abs(dx) > TOLERANCE_PX or abs(dy) > TOLERANCE_PX:
            out.append(f"{what}: {name} moved by ({dx:+.0f}, {dy:+.0f}) px (top {b['top']:.0f} -> {a['top']:.0f})")
    return out


@pytest.fixture(params=[False, True], ids=["", "presentation"])
def presentation(request) -> bool:
    """Presentation mode off and on (a fixture: its index and ``where``'s pick the size pairwise)."""
    return request.param


@pytest.mark.browser
@pytest.mark.parametrize("where", ["voila", "jupyterlab"])
def test_selecting_and_clearing_units_keeps_the_controls_in_place(page: Page, request, screen, where: str,
                                                                  presentation: bool) -> None:
    name, _size = screen
    tag = f"{where}-{name}" + ("-presentation" if presentation else "")
    D.RESULTS.mkdir(exist_ok=True)
    _open(page, request, where)
    if presentation:
        L.presentation(page)
    L.begin_impulse(page, "TF Boston")
    expect(L.button(page, L.ADD_ACTION)).to_be_visible(timeout=D.KERNEL_MS)
    page.mouse.move(2, 2)                                      # no hover tip, no pressed look
    page.wait_for_timeout(500)
    start = page.evaluate(_PLACES_JS)
    assert "Select a unit" in start["text"], f"a unit is selected before the test: {start['text'][:80]!r}"
    problems, contents = [], {"no unit": start["content"]}
    tracker = page.locator(".lcb-app .lcb-unit-tracker").first
    for hex_label, unit in UNITS:
        L.click_hex(page, hex_label)
        expect(tracker).to_contain_text(unit, timeout=D.KERNEL_MS)
        page.mouse.move(2, 2)
        page.wait_for_timeout(300)                              # anything that would relay out, has
        got = page.evaluate(_PLACES_JS)
        contents[unit] = got["content"]
        problems += _moved(start["places"], got["places"], f"{unit} selected")
        page.screenshot(path=str(D.RESULTS / f"steady-{tag}-{unit.replace(' ', '_')}.png"))
    page.locator(".lcb-app .lcb-unit button", has_text="Clear").first.click()
    expect(tracker).to_contain_text("Select a unit", timeout=D.KERNEL_MS)
    page.wait_for_timeout(300)
    problems += _moved(start["places"], page.evaluate(_PLACES_JS)["places"], "cleared")
    # the trackers' contents differ (else nothing was tested): the LHD's Embark Area makes it the tallest
    assert contents["LHD 1"] > 1.5 * contents["DDG-51"] and contents["DDG(X)-106"] > contents["1 Anna"], contents
    assert not problems, "\n  ".join([f"{tag}: the controls moved (tracker contents {contents}):", *problems])


_SCROLL_JS = """
(to) => {
  const t = document.querySelector('.lcb-app .lcb-unit-tracker'), s = t.querySelector('.lcb-tracker-scroll') || t;
  if (to !== null) s.scrollTop = to;
  return {inner: s.scrollTop, outer: t.scrollTop, more: s.scrollHeight - s.clientHeight};
}
"""
"""Scroll the Unit Tracker's scroller to ``to`` (null: leave it); its scroll and the box's, and how far it scrolls."""


@pytest.mark.browser
def test_the_next_unit_is_shown_from_the_top_of_its_tracker(page: Page, request) -> None:
    """In JupyterLab at 1366x768 (the file browser open: the narrowest right column) LHD 1's tracker with its
    Embark Area and DDG(X)-106's with its attachment both scroll in the box; a person scrolls LHD 1's down to its
    cargo, then clicks DDG(X)-106: its tracker starts at its name, not at LHD 1's scroll (the box kept it before)."""
    page.set_viewport_size({"width": 1366, "height": 768})
    _open(page, request, "jupyterlab")
    tracker = page.locator(".lcb-app .lcb-unit-tracker").first
    L.click_hex(page, "AO-24")
    expect(tracker).to_contain_text("DDG(X)-106", timeout=D.KERNEL_MS)
    page.wait_for_timeout(300)
    assert page.evaluate(_SCROLL_JS, None)["more"] > 10, "DDG(X)-106's tracker fits its box: nothing to test"
    L.click_hex(page, "AM-26")
    expect(tracker).to_contain_text("LHD 1", timeout=D.KERNEL_MS)
    page.wait_for_timeout(300)
    assert page.evaluate(_SCROLL_JS, 10_000)["inner"] > 10
    L.click_hex(page, "AO-24")
    expect(tracker).to_contain_text("DDG(X)-106", timeout=D.KERNEL_MS)
    page.wait_for_timeout(300)
    got = page.evaluate(_SCROLL_JS, None)
    assert got["inner"] == 0 and got["outer"] == 0, got
    top, bottom, box_top, box_bottom, name = tracker.locator("h4").first.evaluate(
        "(e) => { const r = e.getBoundingClientRect(), t = e.closest('.lcb-unit-tracker').getBoundingClientRect();"
        " return [r.top, r.bottom, t.top, t.bottom, e.innerText]; }")
    assert "DDG(X)-106" in name and box_top - 0.5 <= top and bottom <= box_bottom + 0.5, \
        f"DDG(X)-106's name is not in its tracker's box: {top:.0f}-{bottom:.0f} in {box_top:.0f}-{box_bottom:.0f}"
