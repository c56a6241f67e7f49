"""In JupyterLab, as a student types it: ``lab`` as a cell's last expression shows the lab, a
game, a card and a pending choice show as small tables in words (a card by its name, never its
id), and a refused action prints one line naming the rule.

A notebook written into the served copy (``display_check.ipynb``) is run with *Run All* at
both screen sizes. Screenshots for humans: ``test-results/rich-display-<size>.png`` (the lab) and
``rich-display-outputs-<size>.png`` (the game's table and the refusal).
"""
from __future__ import annotations

import nbformat
import pytest
from playwright.sync_api import Page, expect

import driver as D
import labui as L

CELLS = [
    'from lcb_lab.ui import open_lab\nlab = open_lab("gotland_redux", seed=1)\nlab',
    "g = lab.game\ng",
    'g.state.cards["US-2"]',
    'from lcb_lab import load_scenario\nfrom lcb_lab.games.lcb.actions import (BeginImpulse, CommitCombat, CoreAction, Declare, LrsAttack,\n'
    '                             ScriptedEffect)\nk = load_scenario("gotland_redux", seed=1)\n'
    'k.apply(ScriptedEffect("reveal", units=("1 Anna",)))\nk.apply(BeginImpulse("TF Boston"))\n'
    'k.apply(Declare((CoreAction("move_combat", ("DDG-51",)),)))\nf = k.fork()\n'
    'f.apply(CommitCombat(lrs=(LrsAttack("DDG-51", "LRS1", "1 Anna", 4),)))\nf.pending',
    'from lcb_lab import load_scenario\nfrom lcb_lab.games.lcb.actions import BeginImpulse, CoreAction, Declare, Move\n'
    'h = load_scenario("gotland_redux", seed=1)\nh.apply(BeginImpulse("TF Boston"))\n'
    'h.apply(Declare((CoreAction("move_combat", ("DDG-51",)),)))\nh.apply(Move(action=1, path=("AL-20",)))',
]
REFUSAL = "IllegalAction: Refused by rule 5.11: no water connection from AL-29 to AL-20 for naval units"


@pytest.mark.browser
def test_lab_game_and_refusal_display_in_jupyterlab(page: Page, jupyterlab_server: D.Server, screen) -> None:
    name, _size = screen
    nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(c) for c in CELLS])
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
    nbformat.write(nb, jupyterlab_server.root / "notebooks" / "display_check.ipynb")
    try:
        L.open_notebook(page, jupyterlab_server, "notebooks/display_check.ipynb")
        L.run_all(page)
        L.wait_for_map(page)                                       # the lab itself, not "<LabApp ...>"
        L.wait_kernel_idle(page)
        cells = page.locator(".jp-NotebookPanel:not(.lm-mod-hidden) .jp-CodeCell")
        expect(cells.nth(0).locator(".lcb-app")).to_have_count(1)
        expect(cells.nth(0).locator(".jp-Cell-outputArea")).not_to_contain_text("<LabApp")
        table = cells.nth(1).locator("table.lcb-lab-record")
        expect(table).to_be_visible(timeout=D.KERNEL_MS)
        expect(table.locator("caption")).to_have_text("Game: gotland_redux")
        expect(table.locator("tr", has_text="winner")).to_have_text("winnernone yet")
        expect(cells.nth(1).locator(".jp-Cell-outputArea")).not_to_contain_text("at 0x")
        card = cells.nth(2).locator("table.lcb-lab-record")       # a card by its name, never its id
        expect(card.locator("caption")).to_have_text("Card: Open Source Intel (US, pool)", timeout=D.KERNEL_MS)
        expect(card.locator("tr").first).to_have_text("cardOpen Source Intel")
        box, row = card.locator("caption").bounding_box(), card.locator("tr").first.bounding_box()
        assert box and row and box["height"] < 1.5 * row["height"], (box, row)     # the heading on one line
        choice = cells.nth(3).locator("table.lcb-lab-record")     # an Attached card's slot by the card's name
        expect(choice.locator("tr", has_text="INTERCEPT for 1 Anna")).to_have_text(
            "INTERCEPT for 1 Anna4 LRS dice incoming; may intercept: 2 Anna INT1 of Pantsir-SM: IAMD (up to 6 dice), "
            "FFG-454 INT1 (up to 8 dice)", timeout=D.KERNEL_MS)
        for i in (2, 3):
            expect(cells.nth(i).locator(".jp-Cell-outputArea")).not_to_contain_text("US-2")
            expect(cells.nth(i).locator(".jp-Cell-outputArea")).not_to_contain_text("RU-3")
        err = cells.nth(4).locator(".jp-OutputArea-output[data-mime-type='application/vnd.jupyter.stderr']")
        expect(err).to_have_text(REFUSAL, timeout=D.KERNEL_MS)
        assert err.inner_text().strip().count("\n") == 0, err.inner_text()
        cells.nth(3).scroll_into_view_if_needed()
        D.RESULTS.mkdir(exist_ok=True)
        page.screenshot(path=str(D.RESULTS / f"rich-display-outputs-{name}.png"))
    finally:
        D.RESULTS.mkdir(exist_ok=True)
        page.screenshot(path=str(D.RESULTS / f"rich-display-{name}.png"))
