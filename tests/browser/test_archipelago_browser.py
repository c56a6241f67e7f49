"""The Archipelago lab in a real browser: ``notebooks/archipelago_lab.ipynb`` served by Voila (``lcb-lab
voila``), strict page, at both screen sizes.  A class plays several turns with hand-over: the Game tab
starts the skirmish, Red (its own view) rolls the blue dice with their odds shown first, taps a boat on
the map, plans a step forward and moves it, takes the move back (its own step that rolled nothing),
moves again, launches a torpedo with its exact odds shown before the roll, ends its turn and hands over
to Blue; Blue rolls, ends its turn and hands back; Red forks its turn 2 into a second lab beside the
first; level 5 from the Game tab on the expanded board, a cruise missile with its odds, hand-over.
Screenshots in ``test-results/``."""
from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

import driver as D
import labui as L

NOTEBOOK = "notebooks/archipelago_lab.ipynb"


@pytest.fixture(scope="module")
def archipelago_url(tmp_path_factory):
    server = D.start_voila(NOTEBOOK, tmp_path_factory.mktemp("archipelago_voila"))
    try:
        yield server.url
    finally:
        server.stop()


def _point(page: Page, col: int, row: int) -> dict:
    """Viewport coordinates of the board's point ``col,row`` (BokehJS's own scales)."""
    from lcb_lab.games.archipelago.model.board_data import load_board
    from lcb_lab.ui.archipelago.geometry import xy
    x, y = xy(load_board().from_col_row(col, row))
    got = page.evaluate(L._FIGURE_JS, [x, y, 0])
    assert "error" not in got and got["inside"] and got["onMap"], got
    return got


def _message(page: Page, text: str) -> None:
    expect(page.locator(".lcb-app .lcb-message").first).to_contain_text(text, timeout=D.KERNEL_MS)


def _click(page: Page, text: str) -> None:
    L.button(page, text).click()


TOOLBAR_PX = 40
"""The map's toolbar, right of the figure: a title must end before it."""


def _titles_fit(page: Page) -> None:
    """Each of the map's title lines, as the browser's font measures it, ends inside the figure (Bokeh
    draws titles on the canvas: a longer one is cut at its edge, as the one-line title was at 1366 x 768)."""
    got = L.map_texts(page)
    assert all(w + 8 <= got["canvas"] - TOOLBAR_PX for _t, w in got["titles"]), got
    assert [t for t, _w in got["titles"]] == ["archipelago: SANDBOX board (l.106-130)",
                                              "the text prints its board only as pictures"]


@pytest.mark.browser
def test_a_class_plays_archipelago_turns_with_hand_over_torpedo_undo_and_fork(page: Page, archipelago_url: str,
                                                                             screen) -> None:
    name, _size = screen
    page.goto(archipelago_url, wait_until="domcontentloaded", timeout=D.LOAD_TIMEOUT_MS)
    expect(page.locator(".lcb-app .bk-Canvas").first).to_be_visible(timeout=D.LOAD_TIMEOUT_MS)
    expect(page.locator(".lcb-app .lcb-side-log").first).to_contain_text("Explained log")
    expect(L.lab(page)).to_contain_text("BONUS move: 27.8%", timeout=D.KERNEL_MS)      # the odds before the roll
    _titles_fit(page)
    L.tab(page, "Game").click()
    L.labelled(page, "dropdown", "Scenario").select_option("skirmish")
    _click(page, "New game")
    _message(page, "New game: Archipelago, level 1")
    L.show_view(page, "Red")
    L.tab(page, "Turn").click()
    _click(page, "Roll the blue dice")
    _message(page, "roll movement: done.")
    pt = _point(page, 30, 21)                                    # tap Red TB-1 on the map
    page.mouse.click(pt["x"], pt["y"])
    expect(page.locator(".lcb-app .arch-piece-card").first).to_contain_text("Red TB-1", timeout=D.KERNEL_MS)
    _click(page, "Forward")
    expect(L.lab(page)).to_contain_text("Planned on blue", timeout=D.KERNEL_MS)
    _click(page, "Move")
    _message(page, "move: done.")
    L.tab(page, "History").click()
    _click(page, "Undo")
    _message(page, "Undo: done.")
    expect(page.locator(".lcb-app .arch-piece-card").first).to_contain_text("point 30,21", timeout=D.KERNEL_MS)
    L.tab(page, "Turn").click()
    _click(page, "Forward")
    _click(page, "Move")
    _message(page, "move: done.")
    L.labelled(page, "dropdown", "Shot").select_option(label="Red TB-2: torpedo at Blue TB-2 (straight)")
    expect(page.locator(".lcb-app .arch-odds").last).to_contain_text("HIT: 50.0%", timeout=D.KERNEL_MS)
    D.RESULTS.mkdir(exist_ok=True)
    page.screenshot(path=str(D.RESULTS / f"archipelago_torpedo_odds_{name}.png"))
    _click(page, "Fire")
    _message(page, "launch torpedo: done.")
    expect(page.locator(".lcb-app .lcb-side-log").first).to_contain_text("launches a torpedo at Blue TB-2")
    _click(page, "End turn")
    _message(page, "end turn: done.")
    _click(page, "Hand over to Blue")
    _message(page, "Showing the Blue view.")
    _click(page, "Roll the blue dice")
    _message(page, "roll movement: done.")
    _click(page, "End turn")
    _message(page, "end turn: done.")
    _click(page, "Hand over to Red")
    _message(page, "Showing the Red view.")
    expect(L.lab(page)).to_contain_text("Turn 2", timeout=D.KERNEL_MS)
    L.tab(page, "History").click()
    _click(page, "Fork here")
    expect(page.locator(".lcb-app .bk-Canvas").nth(1)).to_be_visible(timeout=D.KERNEL_MS)   # the branch's board
    page.screenshot(path=str(D.RESULTS / f"archipelago_fork_{name}.png"))


@pytest.mark.browser
def test_each_players_page_holds_only_its_own_flagship(page: Page, archipelago_url: str) -> None:
    """The secret level-2 game (flagships on paper, l.394; face-down panels, l.283, l.370): the
    page's whole text (attributes and hidden nodes included) names the Red flagship in the Red view
    only, Blue's in the Blue view only, and both in the Umpire view (so the scan can fail)."""
    import re
    page.goto(archipelago_url, wait_until="domcontentloaded", timeout=D.LOAD_TIMEOUT_MS)
    expect(page.locator(".lcb-app .bk-Canvas").first).to_be_visible(timeout=D.LOAD_TIMEOUT_MS)
    L.tab(page, "Game").click()
    L.labelled(page, "dropdown", "Scenario").select_option("level_2_secret")
    _click(page, "New game")
    _message(page, "New game: Archipelago, level 2")
    umpire = L.page_text(page)                                   # the lab opens in the Umpire view
    flags = dict(re.findall(r"(Red|Blue) flagship: (?:Red|Blue) ([CD]-\d+)", umpire))
    assert set(flags) == {"Red", "Blue"}, umpire[:2000]
    for side, other in (("Red", "Blue"), ("Blue", "Red")):
        L.show_view(page, side)
        text = L.page_text(page)
        assert f"{side} flagship: {side} {flags[side]}" in text
        assert f"{other} flagship" not in text and not re.search(rf"{other}.s flagship is", text)


@pytest.mark.browser
def test_level_3_a_helicopter_takes_off_from_more_acts(page: Page, archipelago_url: str) -> None:
    """Level 3 in the lab: Red rolls, picks a helicopter's take-off in *More acts* (the family, then
    the point and facing), applies it; the explained log tells the take-off (l.439) and the map
    keeps the strict page's checks."""
    page.goto(archipelago_url, wait_until="domcontentloaded", timeout=D.LOAD_TIMEOUT_MS)
    expect(page.locator(".lcb-app .bk-Canvas").first).to_be_visible(timeout=D.LOAD_TIMEOUT_MS)
    L.tab(page, "Game").click()
    L.labelled(page, "dropdown", "Scenario").select_option("level_3")
    _click(page, "New game")
    _message(page, "New game: Archipelago, level 3")
    L.show_view(page, "Red")
    L.tab(page, "Turn").click()
    _click(page, "Roll the blue dice")
    _message(page, "roll movement: done.")
    L.labelled(page, "dropdown", "More acts").select_option(label="take off: Red H-2 (36 options)")
    option = L.labelled(page, "dropdown", "Option")
    expect(option.locator("option").first).to_contain_text("take off: Red H-2 to", timeout=D.KERNEL_MS)
    option.select_option(index=2)
    L.button(page, "Apply", ".lcb-app .arch-more").click()
    _message(page, "take off: done.")
    expect(page.locator(".lcb-app .lcb-side-log").first).to_contain_text("Red H-2", timeout=D.KERNEL_MS)


@pytest.mark.browser
def test_level_5_on_the_expanded_board_a_cruise_missile_with_its_odds_then_hand_over(page: Page, archipelago_url: str,
                                                                                   screen) -> None:
    """Level 5 from the Game tab of a level-1 lab: the expanded board A1-Q11 replaces the map (a new
    Bokeh canvas), its key names the expanded pieces (the blimp's mark tagged sandbox); Red rolls
    its five blue dice, picks a cruise missile in *More acts* with its exact odds before the red die
    (a 1 fails, l.967: 83.3 % to fly), launches it, ends its turn and hands over to Blue."""
    name, _size = screen
    page.goto(archipelago_url, wait_until="domcontentloaded", timeout=D.LOAD_TIMEOUT_MS)
    expect(page.locator(".lcb-app .bk-Canvas").first).to_be_visible(timeout=D.LOAD_TIMEOUT_MS)
    L.tab(page, "Game").click()
    L.labelled(page, "dropdown", "Scenario").select_option("level_5")
    _click(page, "New game")
    _message(page, "New game: Archipelago, level 5: the expanded rules")
    expect(page.locator(".lcb-app .bk-Canvas").first).to_be_visible(timeout=D.KERNEL_MS)
    key = page.locator(".lcb-app .arch-key").first
    expect(key).to_contain_text("a long hull with an SSM tick", timeout=D.KERNEL_MS)
    expect(key).to_contain_text("sandbox: the text prints no mark for the blimp")
    L.show_view(page, "Red")
    L.tab(page, "Turn").click()
    _click(page, "Roll the blue dice")
    _message(page, "roll movement: done.")
    L.labelled(page, "dropdown", "More acts").select_option(
        label="launch cruise missile: Red CS-25 target Blue Base A ammunition route FFFFFFFFFFF")
    expect(page.locator(".lcb-app .arch-more .arch-odds").first).to_contain_text("launched: 83.3%", timeout=D.KERNEL_MS)
    D.RESULTS.mkdir(exist_ok=True)
    page.screenshot(path=str(D.RESULTS / f"archipelago_level5_cruise_odds_{name}.png"))
    L.button(page, "Apply", ".lcb-app .arch-more").click()
    _message(page, "launch cruise missile: done.")
    expect(page.locator(".lcb-app .lcb-side-log").first).to_contain_text("launches a cruise missile",
                                                                        timeout=D.KERNEL_MS)
    _click(page, "End turn")
    _message(page, "end turn: done.")
    _click(page, "Hand over to Blue")
    _message(page, "Showing the Blue view.")
    page.screenshot(path=str(D.RESULTS / f"archipelago_level5_blue_{name}.png"))


@pytest.mark.browser
def test_an_instructor_presents_undoes_forks_and_loads_a_broken_save(page: Page, archipelago_url: str, screen,
                                                                    tmp_path) -> None:
    name, _size = screen
    page.goto(archipelago_url, wait_until="domcontentloaded", timeout=D.LOAD_TIMEOUT_MS)
    expect(page.locator(".lcb-app .bk-Canvas").first).to_be_visible(timeout=D.LOAD_TIMEOUT_MS)
    L.presentation(page)
    L.show_view(page, "Red")
    L.tab(page, "Turn").click()
    _click(page, "Roll the blue dice")
    _message(page, "roll movement: done.")
    _click(page, "End turn")
    _message(page, "end turn: done.")
    _click(page, "Hand over to Blue")
    _message(page, "Showing the Blue view.")
    D.RESULTS.mkdir(exist_ok=True)
    page.screenshot(path=str(D.RESULTS / f"archipelago_presentation_{name}.png"))
    L.umpire_undo_fork_and_broken_save(        # Red's step: Blue's Undo greyed, the umpire's works
        page, table=".bk-Canvas", saved=tmp_path / "broken.json",
        saved_text='{"game": "archipelago", "level": 1, "board": "archipelago", "state": [], "dice": {}}',
        key="state", problem="an object ({...}) is expected, the file has a list",
        still="turn 1, Red to move", shot=f"archipelago_broken_save_{name}")


@pytest.mark.browser
def test_at_1366x768_the_whole_lab_fits_the_window(page: Page, archipelago_url: str) -> None:
    """The lab's heading is one line, as the LC:B app's: the board's key under the map and the tabs' last row
    end inside a 1366x768 window (a two-line heading pushed them 20 px below it)."""
    page.set_viewport_size({"width": 1366, "height": 768})
    page.goto(archipelago_url, wait_until="domcontentloaded", timeout=D.LOAD_TIMEOUT_MS)
    expect(page.locator(".lcb-app .bk-Canvas").first).to_be_visible(timeout=D.LOAD_TIMEOUT_MS)
    fits = L.lab_fits_screen(page)
    assert fits["bottom"] <= fits["vh"], fits
    assert L.in_sight(page.locator(".lcb-app .arch-key").first)


@pytest.mark.browser
def test_the_board_is_drawn_undistorted(page: Page, archipelago_url: str, screen) -> None:
    """The net of equilateral triangles (l.112) keeps its shape: 1 d as many px across as up, the whole
    width of the basic board (columns A to G) in view.  Before, the key beside the board left it 390 px of
    width for 553 of height: the lattice squeezed to 0.69 of its width (0.66 at 1920x1080)."""
    name, _size = screen
    page.goto(archipelago_url, wait_until="domcontentloaded", timeout=D.LOAD_TIMEOUT_MS)
    expect(page.locator(".lcb-app .bk-Canvas").first).to_be_visible(timeout=D.LOAD_TIMEOUT_MS)
    got = L.wait_quiet(page, f"() => ({L._SQUARE_JS})([0])", until="(s) => s.x && Math.abs(s.x / s.y - 1) < 0.02")
    assert abs(got["x"] / got["y"] - 1) < 0.02 and got["w"] >= 0.9 * 38.9 * got["x"], got     # A-G: 38.9 d
    D.RESULTS.mkdir(exist_ok=True)
    page.screenshot(path=str(D.RESULTS / f"archipelago_board_{name}.png"))
