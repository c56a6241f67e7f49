"""No dead ends in the browser: the Planning tab offers only cards the team can still place.

Voila serves Gotland Redux in its Planning Stage in the Blue (US) view.  The deck list of the
Planning tab (the listed purchases, ``Offers.buys``) names the Amphibious: LCU (LHD 1's well deck
already holds one: the same type fits, 10.22) but neither the Amphibious: LCAC (a second type:
no ship could take it, 10.22, 3.22) nor the Tactical Network (never bought, 7.6).  In the
Deployment Stage, with the MEU Fixed-Wing (ASV 2, must be Embarked) still in the pool and one
Unmanned Helo aboard LHD 1, the Deployment tab lists the Fixed-Wing to place but not the second
Helo, which would take its room (10.21, 3.22).  Run at 1366x768 and 1920x1080.
"""
from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

import driver as D
import labui as L

PLANNING_US = """\
from lcb_lab import load_scenario
from lcb_lab.ui import open_lab

game = load_scenario("gotland_redux", seed=1, start="planning")
lab = open_lab(game=game, team="US")
lab.widget
"""

DEPLOYMENT_US = """\
from lcb_lab import load_scenario
from lcb_lab.games.lcb import actions as A
from lcb_lab.games.lcb.rules.stages.deployment import auto_deploy
from lcb_lab.ui import open_lab

game = load_scenario("gotland_redux", seed=1, start="planning")
game.state.cp = {**game.state.cp, "US": 30}
for name in ("MEU Fixed-Wing", "Unmanned Helo", "Unmanned Helo"):
    game.apply(A.BuyCard("US", name))
game.apply(A.EndPlanning("US"))
game.apply(A.EndPlanning("RU"))
auto_deploy(game, "US")
helo = sorted(c.cid for c in game.state.cards.values() if c.name == "Unmanned Helo")[0]
game.apply(A.PlaceCard(helo, embark_on="LHD 1"))
lab = open_lab(game=game, team="US")
lab.widget
"""


@pytest.fixture(scope="module")
def deployment_us_url(tmp_path_factory):
    yield from D.serve_staged(tmp_path_factory.mktemp("deadends_deployment"), "deadends_deployment", DEPLOYMENT_US)


@pytest.fixture(scope="module")
def planning_us_url(tmp_path_factory):
    yield from D.serve_staged(tmp_path_factory.mktemp("deadends_planning"), "deadends_planning", PLANNING_US)


@pytest.mark.browser
@pytest.mark.parametrize("width,height", [(1366, 768), (1920, 1080)])
def test_the_planning_deck_lists_no_card_that_could_not_be_placed(page: Page, planning_us_url: str, width: int,
                                                                   height: int) -> None:
    page.set_viewport_size({"width": width, "height": height})
    page.goto(planning_us_url, wait_until="domcontentloaded", timeout=D.LOAD_TIMEOUT_MS)
    L.wait_for_map(page)
    L.wait_kernel_listening(page)
    panel = page.locator(".lcb-app .lcb-planning").first
    expect(panel).to_contain_text("CP left: Blue (US) 6 CP", timeout=D.KERNEL_MS)
    options = panel.locator("select option")
    expect(options.filter(has_text="Amphibious: LCU")).to_have_count(1, timeout=D.KERNEL_MS)
    texts = [t.replace("\xa0", " ") for t in options.all_inner_texts()]     # ipywidgets writes no-break spaces
    assert "Amphibious: LCU \u2014 2 CP" in texts
    assert not [t for t in texts if t.startswith(("Amphibious: LCAC", "Tactical Network"))], texts
    D.RESULTS.mkdir(exist_ok=True)
    page.screenshot(path=str(D.RESULTS / f"deadends_planning_{width}x{height}.png"))


@pytest.mark.browser
@pytest.mark.parametrize("width,height", [(1366, 768), (1920, 1080)])
def test_the_deployment_tab_lists_no_card_that_would_take_a_must_embark_cards_room(
        page: Page, deployment_us_url: str, width: int, height: int) -> None:
    page.set_viewport_size({"width": width, "height": height})
    page.goto(deployment_us_url, wait_until="domcontentloaded", timeout=D.LOAD_TIMEOUT_MS)
    L.wait_for_map(page)
    L.wait_kernel_listening(page)
    panel = page.locator(".lcb-app .lcb-deployment").first
    expect(panel).to_contain_text("Deployment Stage", timeout=D.KERNEL_MS)
    options = panel.locator("select option")
    expect(options.filter(has_text="MEU Fixed-Wing")).to_have_count(1, timeout=D.KERNEL_MS)
    texts = [t.replace("\xa0", " ") for t in options.all_inner_texts()]
    assert "MEU Fixed-Wing (in the pool)" in texts and "LHD 1" in texts, texts     # the card and its ship
    assert not [t for t in texts if t.startswith("Unmanned Helo")], texts
    D.RESULTS.mkdir(exist_ok=True)
    page.screenshot(path=str(D.RESULTS / f"deadends_deployment_{width}x{height}.png"))
