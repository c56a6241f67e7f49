"""The GROUND ASSAULT defense question in the browser, in the rulebook's spelling.

Voila serves a small notebook with Gotland Redux staged for it: a GROUND ASSAULT defense choice
for Red in AL-21 (7.13; 1 Anna may fire back at 1 Alpha) and the lab opened in the Red (RU)
view.  The decision panel asks it as "GROUND ASSAULT defense" and offers the policy "No defense
fire" (the rulebook spells defense; only the saved kind ``ga_defence`` keeps the old spelling and
never reaches the page).  Run at 1366x768 and 1920x1080.
"""
from __future__ import annotations


import pytest
from playwright.sync_api import Page, expect

import driver as D
import labui as L

STAGED = """\
from lcb_lab import load_scenario
from lcb_lab.games.lcb.choices import GaDefenseChoice
from lcb_lab.ui import open_lab

game = load_scenario("gotland_redux", seed=1)
game.state.push_choice(GaDefenseChoice("RU", "7.13", "Declare GROUND ASSAULT defense dice in AL-21", {
    "hex": "AL-21", "defenders": [{"uid": "1 Anna", "supply": None, "cv": 6}],
    "attackers": [{"uid": "1 Alpha", "dice": 2}]}))       # staged: Red's defenders may fire back
lab = open_lab(game=game, team="RU")
lab.widget
"""


@pytest.fixture(scope="module")
def staged_url(tmp_path_factory):
    yield from D.serve_staged(tmp_path_factory.mktemp("defense_panel"), "defense_panel", STAGED)


@pytest.mark.browser
@pytest.mark.parametrize("width,height", [(1366, 768), (1920, 1080)])
def test_red_is_asked_for_its_ground_assault_defense_in_the_rulebooks_spelling(page: Page, staged_url: str,
                                                                                width: int, height: int) -> None:
    page.set_viewport_size({"width": width, "height": height})
    page.goto(staged_url, wait_until="domcontentloaded", timeout=D.LOAD_TIMEOUT_MS)
    L.wait_for_map(page)
    L.wait_kernel_listening(page)
    panel = page.locator(".lcb-app .lcb-decision").first
    expect(panel).to_contain_text("Decision for Red (RU): GROUND ASSAULT defense", timeout=D.KERNEL_MS)
    expect(panel).to_contain_text("No defense fire", timeout=D.KERNEL_MS)
    text = panel.inner_text()
    assert "defence" not in text.lower() and "ga_defence" not in page.content()
    D.RESULTS.mkdir(exist_ok=True)
    page.screenshot(path=str(D.RESULTS / f"defense_panel_{width}x{height}.png"))
