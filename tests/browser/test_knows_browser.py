"""Hidden information in the browser: the Red team's view of a face-up US LHD's Embark Area.

Voila serves a small notebook with Gotland Redux staged for it: LHD 1 turned face up in AM-26
and the lab opened in the Red (RU) view.  Clicking AM-26 shows LHD 1's Unit Tracker with the
Embark Area as the observer lets RU know it (``observer.observe_load``, 10.34, 9.02): the six
units aboard by name, the GPSV bar of the units only, and the two Embarked cards as a count --
no card name and no ASV bar reaches the page.  Run at 1366x768 and 1920x1080.  A second
notebook opens the Planning Stage in the Red view: its CP line reads Red's CP only (3.12, the
view's ``cp`` from ``observer.observe``).
"""
from __future__ import annotations


import pytest
from playwright.sync_api import Page, expect

import driver as D
import labui as L

STAGED = """\
from lcb_lab import load_scenario
from lcb_lab.ui import open_lab

game = load_scenario("gotland_redux", seed=1)
game.state.units["LHD 1"].revealed = True        # staged: the LHD is face up on the map
lab = open_lab(game=game, team="RU")
lab.widget
"""


PLANNING = """\
from lcb_lab import load_scenario
from lcb_lab.ui import open_lab

game = load_scenario("gotland_redux", seed=1, start="planning")
lab = open_lab(game=game, team="RU")
lab.widget
"""


def _serve(tmp_path_factory, name: str, source: str):
    yield from D.serve_staged(tmp_path_factory.mktemp(name), name, source)


@pytest.fixture(scope="module")
def staged_url(tmp_path_factory):
    yield from _serve(tmp_path_factory, "knows_embark_area", STAGED)


@pytest.fixture(scope="module")
def planning_url(tmp_path_factory):
    yield from _serve(tmp_path_factory, "knows_planning", PLANNING)


SPENT = """\
from lcb_lab import load_scenario
from lcb_lab.games.lcb import actions as A
from lcb_lab.ui import open_lab

game = load_scenario("gotland_redux", seed=1, start="planning")
game.apply(A.BuyCard("US", "Open Source Intel"))       # 1 of its 6 CP: 5 left unspent
game.apply(A.EndPlanning("US"))
lab = open_lab(game=game, team="RU")
lab.widget
"""


@pytest.fixture(scope="module")
def spent_url(tmp_path_factory):
    yield from _serve(tmp_path_factory, "knows_spent", SPENT)


@pytest.mark.browser
@pytest.mark.parametrize("width,height", [(1366, 768), (1920, 1080)])
def test_red_reads_a_face_up_lhds_embark_area_without_its_cards(page: Page, staged_url: str, width: int,
                                                                 height: int) -> None:
    page.set_viewport_size({"width": width, "height": height})
    page.goto(staged_url, wait_until="domcontentloaded", timeout=D.LOAD_TIMEOUT_MS)
    L.wait_for_map(page)
    L.wait_kernel_listening(page)
    L.click_hex(page, "AM-26")
    tracker = page.locator(".lcb-app .lcb-unit-tracker").first
    expect(tracker).to_contain_text("Embark Area", timeout=D.KERNEL_MS)
    expect(tracker).to_contain_text("GPSV (units)8 / 25", timeout=D.KERNEL_MS)
    expect(tracker).to_contain_text("Embarked cards: 2 face down", timeout=D.KERNEL_MS)
    for uid in ("1 Alpha", "2 Alpha", "3 Alpha", "4 Alpha", "1 Kilo", "1 Whiskey"):
        expect(tracker).to_contain_text(uid, timeout=D.KERNEL_MS)
    text = tracker.inner_text()
    assert "ASV" not in text.replace("GPSV", "")          # no ASV bar: it would tell the cards' Space Values
    html = page.content()
    assert "Amphibious: LCU" not in html and "MEU Rotary Attack" not in html
    D.RESULTS.mkdir(exist_ok=True)
    page.screenshot(path=str(D.RESULTS / f"knows_embark_area_{width}x{height}.png"))


@pytest.mark.browser
def test_red_reads_its_own_cp_only_in_the_planning_stage(page: Page, planning_url: str) -> None:
    page.set_viewport_size({"width": 1366, "height": 768})
    page.goto(planning_url, wait_until="domcontentloaded", timeout=D.LOAD_TIMEOUT_MS)
    L.wait_for_map(page)
    L.wait_kernel_listening(page)
    panel = page.locator(".lcb-app .lcb-planning").first
    expect(panel).to_contain_text("CP left: Red (RU) 6 CP", timeout=D.KERNEL_MS)
    assert "Blue (US)" not in panel.locator(".lcb-card").first.inner_text()
    D.RESULTS.mkdir(exist_ok=True)
    page.screenshot(path=str(D.RESULTS / "knows_planning_1366x768.png"))


@pytest.mark.browser
@pytest.mark.parametrize("width,height", [(1366, 768), (1920, 1080)])
def test_red_reads_that_blue_ended_its_planning_not_what_it_spent(page: Page, spent_url: str, width: int,
                                                                  height: int) -> None:
    """3.13, 9.02: a team's CP are its own; Red's log reads Blue's purchase and its end, no CP."""
    page.set_viewport_size({"width": width, "height": height})
    page.goto(spent_url, wait_until="domcontentloaded", timeout=D.LOAD_TIMEOUT_MS)
    L.wait_for_map(page)
    L.wait_kernel_listening(page)
    log = page.locator(".lcb-app .lcb-log").first
    expect(log).to_contain_text("US ends its Planning Stage", timeout=D.KERNEL_MS)
    expect(log).to_contain_text("US buys a card", timeout=D.KERNEL_MS)
    expect(page.locator(".lcb-app .lcb-planning").first).to_contain_text("CP left: Red (RU) 6 CP",
                                                                         timeout=D.KERNEL_MS)
    html = page.content()
    assert "5 unspent CP" not in html and "Open Source Intel" not in html
    D.RESULTS.mkdir(exist_ok=True)
    page.screenshot(path=str(D.RESULTS / f"knows_spent_{width}x{height}.png"))
