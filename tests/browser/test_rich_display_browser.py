"""In JupyterLab, as a student types it: ``lab`` as a cell's last expression shows the lab, a
game shows as a small table in words, and a refused action prints one line naming the rule.

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
    'from lcb_lab.widgets import open_lab\nlab = open_lab("gotland_redux", seed=1)\nlab',
    "g = lab.game\ng",
    'from lcb_lab import load_scenario\nfrom lcb_lab.actions import BeginImpulse, CoreAction, Declare, Move\n'
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
        err = cells.nth(2).locator(".jp-OutputArea-output[data-mime-type='application/vnd.jupyter.stderr']")
        expect(err).to_have_text(REFUSAL, timeout=D.KERNEL_MS)
        assert err.inner_text().strip().count("\n") == 0, err.inner_text()
        cells.nth(2).scroll_into_view_if_needed()
        D.RESULTS.mkdir(exist_ok=True)
        page.screenshot(path=str(D.RESULTS / f"rich-display-outputs-{name}.png"))
    finally:
        D.RESULTS.mkdir(exist_ok=True)
        page.screenshot(path=str(D.RESULTS / f"rich-display-{name}.png"))
