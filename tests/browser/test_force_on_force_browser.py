"""The Force on Force lab in a real browser: ``notebooks/force_on_force_lab.ipynb`` served by Voila
(``lcb-lab voila``), strict page.  Blue (its own view, no hidden Cell anywhere in the page's text)
starts the activations, taps SAS A on the table (its card), reads the search's exact odds before the
roll (a d10 with advanced optics: a modified 4+ on 8 faces of 10, l.116, l.160), searches the North
Wood; the Umpire's view taps the Cell (so the scan can fail) and Blue's no longer names it; Blue
forks the game into a second lab beside the first.  Screenshots in ``test-results/``."""
from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

import driver as D
import labui as L

NOTEBOOK = "notebooks/force_on_force_lab.ipynb"


@pytest.fixture(scope="module")
def fof_url(tmp_path_factory):
    server = D.start_voila(NOTEBOOK, tmp_path_factory.mktemp("fof_voila"))
    try:
        yield server.url
    finally:
        server.stop()


def _message(page: Page, text: str) -> None:
    expect(page.locator(".lcb-app .lcb-message").first).to_contain_text(text, timeout=D.KERNEL_MS)


def _no_cell(page: Page) -> None:
    """The lab's whole text (markup, attributes, inputs) never names the hidden Cell (a CSS class
    such as ``jp-Cell`` is no name)."""
    text = L.page_text(page, ".lcb-app")
    hits = [text[max(0, m.start() - 60):m.end() + 60] for m in re.finditer(r"(?<![-\w])Cell\b", text)]
    assert hits == []


def _table_texts_grow(page: Page) -> None:
    """Presentation mode reaches the table's own texts in the browser (the CSS zoom reaches only the
    columns): the units' labels 16 px, the terrain and place names 14 px (8 pt before)."""
    page.wait_for_function(f"() => ({L._MAP_TEXTS_JS})([0]).texts.slice(-1)[0] === '16px'", timeout=D.KERNEL_MS)
    got = L.map_texts(page)["texts"]
    assert got[-1] == "16px" and len(got) == 3 and all(L.px_of(s) >= 14 for s in got), got   # places, terrain, units


@pytest.mark.browser
def test_blue_searches_with_the_odds_first_never_sees_the_hidden_cell_and_forks(page: Page, fof_url: str) -> None:
    page.goto(fof_url, wait_until="domcontentloaded", timeout=D.LOAD_TIMEOUT_MS)
    expect(page.locator(".lcb-app .bk-Canvas").first).to_be_visible(timeout=D.LOAD_TIMEOUT_MS)
    expect(page.locator(".lcb-app .lcb-side-log").first).to_contain_text("Explained log")
    L.show_view(page, "Blue")
    _no_cell(page)
    L.tab(page, "Turn").click()
    L.button(page, "Start the activations").click()
    _message(page, "start activations: done.")
    pt = page.evaluate(L._FIGURE_JS, [12.0, 2.0, 0])                 # SAS A on the south road, in inches
    assert "error" not in pt and pt["inside"] and pt["onMap"], pt
    page.mouse.click(pt["x"], pt["y"])
    expect(page.locator(".lcb-app .fof-unit-card").first).to_contain_text("SAS A", timeout=D.KERNEL_MS)
    expect(L.lab(page)).to_contain_text("modified 4+: 80.0%", timeout=D.KERNEL_MS)   # the odds before the roll
    D.RESULTS.mkdir(exist_ok=True)
    page.screenshot(path=str(D.RESULTS / "force_on_force_search_odds.png"))
    L.button(page, "Search North Wood").click()
    _message(page, "spot: done.")
    expect(page.locator(".lcb-app .lcb-side-log").first).to_contain_text("SAS A searches North Wood")
    _no_cell(page)
    L.show_view(page, "Umpire")                                      # the umpire sees it: the scan can fail
    pt = page.evaluate(L._FIGURE_JS, [19.0, 18.0, 0])
    page.mouse.click(pt["x"], pt["y"])
    expect(page.locator(".lcb-app .fof-unit-card").first).to_contain_text("Cell", timeout=D.KERNEL_MS)
    assert re.search(r"(?<![-\w])Cell\b", L.page_text(page, ".lcb-app"))
    L.show_view(page, "Blue")
    _no_cell(page)
    L.tab(page, "History").click()
    L.button(page, "Fork here").click()
    expect(page.locator(".lcb-app .bk-Canvas").nth(1)).to_be_visible(timeout=D.KERNEL_MS)   # the branch's table
    _no_cell(page)


@pytest.mark.browser
def test_an_instructor_tries_presentation_hand_over_undo_fork_and_a_broken_save(page: Page, fof_url: str, screen,
                                                                                tmp_path) -> None:
    name, _size = screen
    page.goto(fof_url, wait_until="domcontentloaded", timeout=D.LOAD_TIMEOUT_MS)
    expect(page.locator(".lcb-app .bk-Canvas").first).to_be_visible(timeout=D.LOAD_TIMEOUT_MS)
    assert L.px_of(L.map_texts(page)["texts"][-1]) == 12            # the units' labels, default look (9 pt)
    L.presentation(page)
    _table_texts_grow(page)
    L.show_view(page, "Blue")
    L.tab(page, "Turn").click()
    L.button(page, "Start the activations").click()
    _message(page, "start activations: done.")
    L.labelled(page, "dropdown", "Unit").select_option(label="SAS A (Blue)")
    L.labelled(page, "dropdown", "Move").select_option(label="Move to orchard")
    L.button(page, "Apply the move").click()
    _message(page, "activate: done.")
    L.button(page, "Hand over to Red").click()                      # Red declares its Reactions (l.350)
    _message(page, "Showing the Red view.")
    expect(L.lab(page)).to_contain_text("Red declares its Reactions to SAS A", timeout=D.KERNEL_MS)
    D.RESULTS.mkdir(exist_ok=True)
    page.screenshot(path=str(D.RESULTS / f"force_on_force_presentation_{name}.png"))
    L.umpire_undo_fork_and_broken_save(        # Blue's step: Red's Undo greyed, the umpire's works
        page, table=".bk-Canvas", saved=tmp_path / "broken.json",
        saved_text='{"game": "force_on_force", "state": {}, "dice": "seed 1", "record": null}',
        key="state.units", problem="missing (a required field)",
        still="Blue has the initiative, 1 step", shot=f"force_on_force_broken_save_{name}")


@pytest.mark.browser
def test_at_1366x768_the_whole_lab_fits_the_window(page: Page, fof_url: str) -> None:
    """The lab's heading is one line, as the LC:B app's: the table's foot and the tabs' last row end inside a
    1366x768 window (a two-line heading pushed them 20 px below it)."""
    page.set_viewport_size({"width": 1366, "height": 768})
    page.goto(fof_url, wait_until="domcontentloaded", timeout=D.LOAD_TIMEOUT_MS)
    expect(page.locator(".lcb-app .bk-Canvas").first).to_be_visible(timeout=D.LOAD_TIMEOUT_MS)
    fits = L.lab_fits_screen(page)
    assert fits["bottom"] <= fits["vh"], fits
