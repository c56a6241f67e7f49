"""A card-response window with nothing to answer, in the browser (9.41, 9.46).

Voila serves Gotland Redux (seed 0) in the Red (RU) view just after US played Open Source Intel:
RU's pool holds no card that may answer it (RU-1 is a Cruise Missile Strike here), yet RU is
asked -- US cannot rule an answer out -- and the decision panel says nothing may answer and
passes with one click on *Pass*; the chain resolves.  Run at 1366x768 and 1920x1080.
"""
from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

import driver as D
import labui as L

EMPTY_WINDOW_RU = """\
from lcb_lab import load_scenario
from lcb_lab.games.lcb import actions as A
from lcb_lab.ui import open_lab

game = load_scenario("gotland_redux", seed=0)
game.state.cards["RU-1"].name = "Cruise Missile Strike"
game.apply(A.BeginImpulse("TF Memphis"))
game.apply(A.Declare((A.CoreAction("play_jcc", (), "Open Source Intel"),)))
game.apply(A.PlayCard("US-2", "A", (), "AJ-22", 1))
lab = open_lab(game=game, team="RU")
lab.widget
"""


@pytest.fixture(scope="module")
def empty_window_url(tmp_path_factory):
    yield from D.serve_staged(tmp_path_factory.mktemp("card_pass"), "card_pass", EMPTY_WINDOW_RU)


@pytest.mark.browser
@pytest.mark.parametrize("width,height", [(1366, 768), (1920, 1080)])
def test_ru_passes_a_window_it_cannot_answer_in_one_click(page: Page, empty_window_url: str, width: int,
                                                          height: int) -> None:
    page.set_viewport_size({"width": width, "height": height})
    page.goto(empty_window_url, wait_until="domcontentloaded", timeout=D.LOAD_TIMEOUT_MS)
    L.wait_for_map(page)
    decision = page.locator(".lcb-app .lcb-decision").first
    expect(decision).to_contain_text("card response", timeout=D.KERNEL_MS)
    expect(decision).to_contain_text("RU may answer Open Source Intel (US)", timeout=D.KERNEL_MS)
    expect(decision).to_contain_text("Nothing may answer: pass.", timeout=D.KERNEL_MS)
    expect(decision).not_to_contain_text("Respond with")
    passing = L.button(page, "Pass", ".lcb-decision")
    passing.scroll_into_view_if_needed()
    expect(passing).to_be_in_viewport(ratio=1, timeout=D.KERNEL_MS)
    D.RESULTS.mkdir(exist_ok=True)
    page.screenshot(path=str(D.RESULTS / f"card_pass_{width}x{height}.png"))
    passing.click()
    expect(decision).to_be_hidden(timeout=D.KERNEL_MS)
    expect(L.lab(page)).to_contain_text("RU does not answer", timeout=D.KERNEL_MS)
