"""Secret mines in the browser (13.34, 13.37): a move of the team whose enemy may hold them is a
look, so the History tab's *Undo* is off -- and the page says nothing of where the mines are.

Voila serves a small notebook with Return to Slite (RU holds the scenario's secret minefield in
AM-21) staged for it: TF Memphis's LHD 1 has moved AN-23 -> AM-22 (no mines there, nothing seen,
no die) and the lab is open in the Blue (US) view.  The History tab's *Undo* is disabled, saying
why in words that hold whether the move met mines or not, and the page's DOM names neither the
minefield's marker nor its hex.
Run at 1366x768 and 1920x1080; screenshot ``test-results/secret_mines_undo-<w>x<h>.png``.
"""
from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

import driver as D
import labui as L

STAGED = """\
from lcb_lab import load_scenario
from lcb_lab.games.lcb import actions as A
from lcb_lab.ui import open_lab

game = load_scenario("slite_landing", seed=1)
game.apply(A.BeginImpulse("TF Memphis"))
game.apply(A.Declare((A.CoreAction("move_combat", ("LHD 1",)),)))
game.apply(A.Move(1, ("AM-22",)))
lab = open_lab(game=game, team="US")
lab.widget
"""

OFF = "Undo: off (a move while the other side may hold secret mines cannot be taken back (13.34, 13.37))"


@pytest.fixture(scope="module")
def staged_url(tmp_path_factory):
    yield from D.serve_staged(tmp_path_factory.mktemp("secret_mines_undo"), "secret_mines_undo", STAGED)


@pytest.mark.browser
@pytest.mark.parametrize("width,height", [(1366, 768), (1920, 1080)])
def test_blue_cannot_undo_a_move_while_red_may_hold_secret_mines(page: Page, staged_url: str, width: int,
                                                                 height: int) -> None:
    page.set_viewport_size({"width": width, "height": height})
    try:
        page.goto(staged_url, wait_until="domcontentloaded", timeout=D.LOAD_TIMEOUT_MS)
        L.wait_for_map(page)
        L.wait_kernel_listening(page)
        L.tab(page, L.TAB_HISTORY).click()
        undo = L.button(page, L.UNDO)
        expect(undo).to_be_visible(timeout=D.KERNEL_MS)
        expect(undo).to_be_disabled(timeout=D.KERNEL_MS)
        expect(L.lab(page)).to_contain_text(OFF, timeout=D.KERNEL_MS)
        html = page.content()
        assert "MINE-1" not in html and "AM-21" not in L.lab(page).inner_text()
    finally:
        D.RESULTS.mkdir(exist_ok=True)
        page.screenshot(path=str(D.RESULTS / f"secret_mines_undo-{width}x{height}.png"))
