"""Chapters 10-14 in the browser: a port disembarkation clicked like a person.

Voila serves a small notebook (written to the test's folder) with a Gotland Redux game staged
for it: LHD 1 in Visby's large port (AJ-21), TF Memphis's impulse begun and the ship's Move
and/or Initiate Combat declared.  Clicking AJ-21 on the map shows the offer in the Impulse tab's
*Landing, ports, markers, submarines* section with LHD 1's Embark Area (capacity bars) in the Unit
Tracker; clicking *Port disembark from LHD 1* moves the units ashore: the map's counters source
(read from BokehJS) puts them in AJ-21, the capacity bar empties, the hex info lists them.
The strict harness (conftest.py) fails the test on any browser-console error.
"""
from __future__ import annotations

import time

import pytest
from playwright.sync_api import Page, expect

import driver as D
import labui as L

STAGED = """\
from lcb_lab import load_scenario
from lcb_lab.ui import open_lab

game = load_scenario("gotland_redux", seed=1)
game.state.units["LHD 1"].hex = "AJ-21"          # staged: LHD 1 in Visby's large port (12.3)
lab = open_lab(game=game)
lab.begin_impulse("TF Memphis")
lab.declare([{"kind": "move_combat", "units": ["LHD 1"]}])
lab.widget
"""

COUNTERS_JS = r"""
() => {
  for (const v of Bokeh.index.all_views()) {
    const m = v.model;
    if (!m || !m.renderers) continue;
    const r = m.renderers.find(r => r.name === "counters");
    if (r) { const d = r.data_source.data; return {hex: Array.from(d.hex), uid: Array.from(d.uid)}; }
  }
  return null;
}
"""


@pytest.fixture
def staged_url(tmp_path):
    yield from D.serve_staged(tmp_path, "ch10_14_port", STAGED)


def _in_hex(page, label: str) -> list[str]:
    got = page.evaluate(COUNTERS_JS)
    assert got is not None, "no counters source in the page's BokehJS documents"
    return [u for h, u in zip(got["hex"], got["uid"]) if h == label]


@pytest.mark.browser
def test_a_port_disembarkation_moves_the_counters_ashore(page: Page, staged_url: str) -> None:
    page.set_viewport_size({"width": 1920, "height": 1400})
    page.goto(staged_url, wait_until="domcontentloaded", timeout=D.LOAD_TIMEOUT_MS)
    L.wait_for_map(page)
    L.wait_kernel_listening(page)
    assert _in_hex(page, "AJ-21") == ["LHD 1"]
    L.tab(page, L.TAB_IMPULSE).click()
    L.click_hex(page, "AJ-21")
    tracker = page.locator(".lcb-app .lcb-unit-tracker").first
    expect(tracker).to_contain_text("Embark Area", timeout=D.KERNEL_MS)
    expect(tracker).to_contain_text("GPSV8 / 25", timeout=D.KERNEL_MS)
    special = page.locator(".lcb-app .lcb-special").first
    expect(special).to_contain_text("about AJ-21", timeout=D.KERNEL_MS)
    L.button(page, "Port disembark from LHD 1", ".lcb-special").click()
    L.expect_message(page, "done.")
    deadline = time.monotonic() + D.KERNEL_MS / 1000
    ashore = _in_hex(page, "AJ-21")
    while "1 Alpha" not in ashore and time.monotonic() < deadline:
        page.wait_for_timeout(200)
        ashore = _in_hex(page, "AJ-21")
    assert {"LHD 1", "1 Alpha", "2 Alpha", "1 Kilo"} <= set(ashore), ashore
    expect(tracker).to_contain_text("GPSV0 / 25", timeout=D.KERNEL_MS)
    expect(page.locator(".lcb-app .lcb-hex-info").first).to_contain_text("1 Alpha", timeout=D.KERNEL_MS)
    D.RESULTS.mkdir(exist_ok=True)
    page.screenshot(path=str(D.RESULTS / "ch10_14_port.png"))
