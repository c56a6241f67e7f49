"""A student going off-script in a real JupyterLab (Chromium, 1366x768, file browser open): a cell run
twice, as students do, shows one line saying why and breaks nothing after it.

* Notebook 03 (the Appendix B replay): the cell playing the Planning Stage to step 4, run a second
  time, says in one line that the step was played already and how to see it again; the next cell
  still plays steps 5 to 8 (before: the second run walked the whole turn to its end, and every
  later cell said no step was left).
* Notebook 27 (Order of Battle): the cell printing the Initiative draw's odds and drawing, run a
  second time, is refused by l.33 in one line (before: an AttributeError traceback on None).
"""
from __future__ import annotations

import json
from pathlib import Path

import pytest
from playwright.sync_api import Page

from tests.browser.test_notebooks_browser import CELL, REPO, RUN_TIMEOUT_MS, _run_cell, _watch


def _open_cleared(page: Page, lab_url: str, lab_root: Path, name: str) -> None:
    """Open ``name`` with its stored outputs and prompts cleared (so a prompt's number means it ran now),
    the kernel idle."""
    path = lab_root / "notebooks" / name
    nb = json.loads(path.read_text(encoding="utf-8"))
    for c in nb["cells"]:
        if c["cell_type"] == "code":
            c["outputs"], c["execution_count"] = [], None
    path.write_text(json.dumps(nb), encoding="utf-8")
    _watch(page)
    page.goto(f"{lab_url}/lab/tree/notebooks/{name}?reset", wait_until="domcontentloaded", timeout=RUN_TIMEOUT_MS)
    page.wait_for_function("[...document.querySelectorAll('.jp-StatusBar-Widget')]"
                           ".some(e => /\\(ipykernel\\) \\| Idle/.test(e.textContent))", timeout=RUN_TIMEOUT_MS)


def _source(lab_root: Path, name: str, index: int) -> str:
    nb = json.loads((lab_root / "notebooks" / name).read_text(encoding="utf-8"))
    return "".join(nb["cells"][index]["source"])


@pytest.mark.browser
def test_a_lesson_cell_run_twice_says_why_in_one_line_and_the_next_cell_still_plays(
        page: Page, jupyterlab_server) -> None:
    lab_url, root, name = jupyterlab_server.url.rstrip("/"), jupyterlab_server.root, "03_appendix_b_turn1.ipynb"
    assert 'advance("Planning Stage, step 4")' in _source(root, name, 5)
    assert 'advance("Planning Stage, step 8")' in _source(root, name, 6)
    _open_cleared(page, lab_url, root, name)
    _run_cell(page, 1)
    assert _run_cell(page, 5).endswith("[3.13] US ends its Planning Stage: every CP spent")
    again = _run_cell(page, 5)
    assert again == ("LabError: appendix_b_turn1.toml: the step 'Planning Stage, step 4' was played already (the "
                     "lesson is at 'Planning Stage, step 4: end_planning US'): run the notebook again from the top "
                     "(Kernel › Restart Kernel and Run All Cells) to see it again")
    nxt = _run_cell(page, 6)
    assert nxt.startswith("> Planning Stage, step 5:") and nxt.endswith("stage now: deployment"), nxt
    page.locator(CELL).nth(5).scroll_into_view_if_needed()
    page.screenshot(path=str(REPO / "test-results" / "nb03_cell_run_twice.png"))
    assert "Traceback" not in page.locator(".jp-NotebookPanel:not(.lm-mod-hidden)").first.inner_text()


@pytest.mark.browser
def test_the_initiative_odds_cell_run_twice_is_refused_by_l33_in_one_line(page: Page, jupyterlab_server) -> None:
    lab_url, root, name = jupyterlab_server.url.rstrip("/"), jupyterlab_server.root, "27_order_of_battle.ipynb"
    assert "g.chance_outcomes(A.DrawInitiative())" in _source(root, name, 5)
    _open_cleared(page, lab_url, root, name)
    _run_cell(page, 1)
    _run_cell(page, 3)
    assert _run_cell(page, 5).startswith("Ash leads: 17.9%")
    assert _run_cell(page, 5) == ("IllegalAction: Refused by the rules (l.33): this is the purchase phase, not the "
                                  "initiative phase")
