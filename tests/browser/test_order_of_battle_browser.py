"""The Order of Battle lab in a real browser: ``notebooks/order_of_battle_lab.ipynb`` served by Voila, strict
page.  The Umpire draws each Commander's Fame cards from the *Acts* tab (the phase track moves to the
Revenue Phase); Ash's view shows its own hand as cards; a hand-over to Birch shows Birch's view, whose
whole page (text, attributes, hidden nodes) names none of Ash's own cards while the Umpire's names them
(so the scan can fail); the three Commanders collect revenue and the Initiative draw's exact odds are
shown before the draw.  A screenshot in ``test-results/``."""
from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

import driver as D
import labui as L

NOTEBOOK = "notebooks/order_of_battle_lab.ipynb"
ASH_ONLY = ("Data Heist", "Night Strip")
"""Cards of Ash's first hand (seed 1) that no other Commander's first hand holds."""


@pytest.fixture(scope="module")
def oob_url(tmp_path_factory):
    server = D.start_voila(NOTEBOOK, tmp_path_factory.mktemp("oob_voila"))
    try:
        yield server.url
    finally:
        server.stop()


def _message(page: Page, text: str) -> None:
    expect(page.locator(".lcb-app .lcb-message").first).to_contain_text(text, timeout=D.KERNEL_MS)


@pytest.mark.browser
def test_a_class_plays_the_draw_and_revenue_phases_with_hand_over_and_hidden_hands(page: Page, oob_url: str) -> None:
    page.set_viewport_size({"width": 1366, "height": 768})
    page.goto(oob_url, wait_until="domcontentloaded", timeout=D.LOAD_TIMEOUT_MS)
    track = page.locator(".lcb-app .oob-track").first
    expect(track).to_be_visible(timeout=D.LOAD_TIMEOUT_MS)
    expect(page.locator(".lcb-app .oob-phase.oob-now").first).to_have_text("I. Draw Phase")
    expect(page.locator(".lcb-app .lcb-side-log").first).to_contain_text("Explained log")
    L.tab(page, "Acts").click()
    for _ in range(3):                                            # the Umpire acts for each Commander in turn
        L.button(page, "draw up to the hand maximum").click()
        _message(page, "draw fame: done.")
    expect(page.locator(".lcb-app .oob-phase.oob-now").first).to_have_text("II. Revenue Phase", timeout=D.KERNEL_MS)
    umpire = L.page_text(page)
    assert all(card in umpire for card in ASH_ONLY)
    L.show_view(page, "Ash")
    expect(page.locator(".lcb-app .oob-hand").first).to_contain_text("Ash (yours)", timeout=D.KERNEL_MS)
    expect(page.locator(".lcb-app .oob-hand").first).to_contain_text("Data Heist")
    L.button(page, "Legit").click()
    _message(page, "revenue: done.")
    L.button(page, "Hand over to Birch").click()
    _message(page, "Showing the Birch view.")
    expect(page.locator(".lcb-app .oob-hand").first).to_contain_text("Birch (yours)", timeout=D.KERNEL_MS)
    birch = L.page_text(page)
    assert not any(card in birch for card in ASH_ONLY)
    L.button(page, "Criminal").click()
    _message(page, "revenue: done.")
    L.button(page, "Hand over to Cedar").click()
    _message(page, "Showing the Cedar view.")
    L.button(page, "Legit").click()
    _message(page, "revenue: done.")
    expect(page.locator(".lcb-app .oob-phase.oob-now").first).to_have_text("III. Initiative Phase", timeout=D.KERNEL_MS)
    L.button(page, "Hand over to Ash").click()
    _message(page, "Showing the Ash view.")
    expect(L.lab(page)).to_contain_text("your Fortune card: cost 1: 7%, cost 2: 29%, cost 3: 50%", timeout=D.KERNEL_MS)
    D.RESULTS.mkdir(exist_ok=True)
    page.screenshot(path=str(D.RESULTS / "order_of_battle_initiative_1366x768.png"))


@pytest.mark.browser
def test_an_instructor_tries_presentation_hand_over_undo_fork_and_a_broken_save(page: Page, oob_url: str, screen,
                                                                                tmp_path) -> None:
    name, _size = screen
    page.goto(oob_url, wait_until="domcontentloaded", timeout=D.LOAD_TIMEOUT_MS)
    expect(page.locator(".lcb-app .oob-track").first).to_be_visible(timeout=D.LOAD_TIMEOUT_MS)
    L.presentation(page)
    L.show_view(page, "Ash")
    L.tab(page, "Acts").click()
    L.button(page, "draw up to the hand maximum").click()
    _message(page, "draw fame: done.")
    L.button(page, "Hand over to Birch").click()
    _message(page, "Showing the Birch view.")
    expect(page.locator(".lcb-app .oob-hand").first).to_contain_text("Birch (yours)", timeout=D.KERNEL_MS)
    D.RESULTS.mkdir(exist_ok=True)
    page.screenshot(path=str(D.RESULTS / f"order_of_battle_presentation_{name}.png"))
    L.umpire_undo_fork_and_broken_save(        # Ash's step (a draw, l.17): Birch's Undo greyed
        page, table=".oob-track", saved=tmp_path / "broken.json",
        saved_text='{"game": "order_of_battle", "state": {"seats": ["Ash", "Birch", "Cedar"]}, "dice": {}}',
        key="state.commanders", problem="missing (a required field)",
        still="turn 1, I. Draw Phase, 0 steps", shot=f"order_of_battle_broken_save_{name}")


@pytest.mark.browser
def test_at_1366x768_the_lab_fits_and_the_acts_stay_in_sight_beside_a_full_hand(page: Page, oob_url: str) -> None:
    """The whole lab fits a 1366x768 window (its heading one line, as the LC:B app's), and in the Purchase Phase,
    where a Commander's view shows its Fame hand and its Fortune draw as ten cards, the *Acts* tab stays in
    sight: the hands scroll inside at most 45% of the column (before, they pushed the tab to the window's
    bottom edge, its acts below it)."""
    page.set_viewport_size({"width": 1366, "height": 768})
    page.goto(oob_url, wait_until="domcontentloaded", timeout=D.LOAD_TIMEOUT_MS)
    expect(page.locator(".lcb-app .oob-track").first).to_be_visible(timeout=D.LOAD_TIMEOUT_MS)
    fits = L.lab_fits_screen(page)
    assert fits["bottom"] <= fits["vh"], fits
    L.tab(page, "Acts").click()
    for act, done in (("draw up to the hand maximum", "draw fame"), ("Legit", "revenue"),
                      ("Draw a Fortune card", "draw initiative")):
        for _ in range(3):                                        # the Umpire acts for each Commander in turn
            L.button(page, act).click()
            _message(page, f"{done}: done.")
    expect(page.locator(".lcb-app .oob-phase.oob-now").first).to_have_text("IV. Purchase Phase", timeout=D.KERNEL_MS)
    lead = page.locator(".lcb-app .oob-display.oob-acting b").first.inner_text()
    L.show_view(page, lead)
    expect(page.locator(".lcb-app .oob-hand").first).to_contain_text("Fortune draw to buy from", timeout=D.KERNEL_MS)
    D.RESULTS.mkdir(exist_ok=True)
    page.screenshot(path=str(D.RESULTS / "order_of_battle_purchase_1366x768.png"))
    assert L.in_sight(L.tab(page, "Acts"))
    assert all(L.in_sight(L.button(page, act)) for act in ("End the purchase", "Buy Shield Matrix (3 Credits)"))


_UMPIRE_VIEW_JS = """
() => {
  const app = document.querySelector('.lcb-app');
  const clips = e => { let top = 0, bottom = innerHeight, left = 0, right = innerWidth;
    for (let a = e.parentElement; a; a = a.parentElement) { const s = getComputedStyle(a);
      if (s.overflowY !== 'visible' || s.overflowX !== 'visible') { const b = a.getBoundingClientRect();
        top = Math.max(top, b.top); bottom = Math.min(bottom, b.bottom); left = Math.max(left, b.left);
        right = Math.min(right, b.right); } }
    return [top, bottom, left, right]; };
  const cards = [...app.querySelectorAll('.oob-hand .oob-card, .oob-hand .oob-back, .oob-display .oob-card, .oob-display .oob-back')];
  const hidden = cards.filter(c => { const r = c.getBoundingClientRect(), [t, b, l, rt] = clips(c);
      return !(r.height > 0 && r.top >= t - 0.5 && r.bottom <= b + 0.5 && r.left >= l - 0.5 && r.right <= rt + 0.5); })
    .map(c => { const r = c.getBoundingClientRect();
      return `${c.innerText.split('\\n')[0]} at ${Math.round(r.top)}..${Math.round(r.bottom)} px`; });
  const scrolls = [];
  for (const start of [app.querySelector('.oob-hand .oob-card, .oob-hand .oob-back'), app.querySelector('.oob-display')])
    for (let e = start; e && e !== app.parentElement; e = e.parentElement) {
    const s = getComputedStyle(e);
    if (/(auto|scroll)/.test(s.overflowY) && e.scrollHeight > e.clientHeight + 1)
      scrolls.push(`${String(e.className).split(' ').filter(c => c.startsWith('oob') || c.startsWith('lcb')).join('.') || e.tagName}: `
                   + `${e.clientHeight} px of ${e.scrollHeight}`); }
  return {cards: cards.length, hidden, scrolls: [...new Set(scrolls)]};
}
"""
"""The Umpire view's cards (the hands above the tabs, the Command Displays) that are not whole inside the window
and every box that clips them, and each box round them that scrolls."""


@pytest.mark.browser
def test_at_1366x768_in_voila_the_umpire_sees_every_card_whole_without_scrolling(page: Page, oob_url: str) -> None:
    """An instructor projecting the Umpire view (every hand shown) at 1366x768 in Voila sees the whole table and
    every hand with nothing to scroll: after the Draw Phase (15 hand cards, three Command Displays) and in the
    Purchase Phase (a Fortune draw of 5 beside them), every card of the hands and of the table lies whole inside
    the window, and neither the hand box nor the table scrolls (before, the hand box showed 526 px of 569, Cedar's
    hand below its edge, and in the Purchase Phase 372 of 783).  A compact face names the whole card on hover, and
    a click on it shows the whole face (Enter closes it again)."""
    page.set_viewport_size({"width": 1366, "height": 768})
    page.goto(oob_url, wait_until="domcontentloaded", timeout=D.LOAD_TIMEOUT_MS)
    expect(page.locator(".lcb-app .oob-track").first).to_be_visible(timeout=D.LOAD_TIMEOUT_MS)
    L.tab(page, "Acts").click()
    for act, done, phase, count in (("draw up to the hand maximum", "draw fame", "II. Revenue Phase", 18),
                                    ("Legit", "revenue", "III. Initiative Phase", 18),
                                    ("Draw a Fortune card", "draw initiative", "IV. Purchase Phase", 23)):
        for _ in range(3):                                        # the Umpire acts for each Commander in turn
            L.button(page, act).click()
            _message(page, f"{done}: done.")
        expect(page.locator(".lcb-app .oob-phase.oob-now").first).to_have_text(phase, timeout=D.KERNEL_MS)
        page.wait_for_timeout(500)
        got = page.evaluate(_UMPIRE_VIEW_JS)
        D.RESULTS.mkdir(exist_ok=True)
        page.screenshot(path=str(D.RESULTS / f"order_of_battle_umpire_{phase.split('.')[0]}_1366x768.png"))
        assert got["cards"] == count, got
        assert not got["hidden"] and not got["scrolls"], "\n  ".join(
            [f"the Umpire view in the {phase}, 1366x768 Voila:"] + [f"card not whole in sight: {c}" for c in got["hidden"]]
            + [f"scrolls: {s}" for s in got["scrolls"]])
    chip = page.locator(".lcb-app .oob-hand .oob-chip").first               # Ash's Night Strip: its whole face
    face = chip.locator(".oob-face")
    assert chip.locator("summary").get_attribute("title") == (
        "Night Strip: hotspot; sector 3 \u00b7 legit 1 / criminal 4 (sandbox: the text prints no card)")
    expect(face).to_be_hidden()
    chip.locator("summary").click()                                       # a click opens it, in every browser
    expect(face).to_be_visible()
    expect(face).to_contain_text("hotspot sandbox")
    chip.locator("summary").press("Enter")                                # and the keyboard closes it
    expect(face).to_be_hidden()


MID_GAME = """\
from IPython.display import Markdown, display
from lcb_lab.games.order_of_battle import actions as A
from lcb_lab.games.order_of_battle.game import new_game
from lcb_lab.ui.order_of_battle.app import open_order_of_battle_lab
from tests.order_of_battle.helpers import give, squad

g = new_game(3, seed=1)
for who in ("Ash", "Birch", "Cedar"):
    g.apply(A.DrawFame(0))
tables = {"Ash": ["Iron Kade", "Gunner", "Netrunner", "Flak Vest", "Shield Matrix", "Scanner", "Street Tough",
                  "Night Strip"],
          "Birch": ["Vex Marlowe", "Street Tough", "Monoblade", "Gunner", "Rail Pistol", "Data Haven", "Street Tough"],
          "Cedar": ["Netrunner", "Flak Vest", "Shield Matrix", "Data Haven", "Gunner"]}
ids = {who: [give(g, who, card) for card in cards] for who, cards in tables.items()}
squad(g, "Ash", ids["Ash"][0], puds=ids["Ash"][1:3], equipment=ids["Ash"][3:4])
squad(g, "Ash", ids["Ash"][6])
squad(g, "Birch", ids["Birch"][0], puds=ids["Birch"][1:2], equipment=ids["Birch"][2:3])
squad(g, "Birch", ids["Birch"][3], equipment=ids["Birch"][4:5])
squad(g, "Cedar", ids["Cedar"][0], equipment=ids["Cedar"][1:2])
lab = open_order_of_battle_lab(game=g)
display(Markdown("**Order of Battle** \u2014 the lab, a fourth turn's table (the app's one-line heading above it)."))
lab.widget
"""
"""A table as a fourth turn's: every Commander's Fame hand drawn, 9, 8 and 6 cards on the Command Displays (Home
Turf with them), five squads -- Battlelords, PUDs and Equipment, a face-down PUD among Birch's."""


@pytest.fixture(scope="module")
def mid_game_url(tmp_path_factory):
    yield from D.serve_staged(tmp_path_factory.mktemp("oob_mid_game"), "oob_mid_game", MID_GAME)


@pytest.mark.browser
def test_at_1366x768_in_voila_the_umpire_sees_a_fourth_turns_table_whole(page: Page, mid_game_url: str) -> None:
    """The same with a table as a fourth turn's (:data:`MID_GAME`: 23 cards on the Command Displays, five squads):
    every card whole in the window, nothing scrolls (before, the table scrolled too)."""
    page.set_viewport_size({"width": 1366, "height": 768})
    page.goto(mid_game_url, wait_until="domcontentloaded", timeout=D.LOAD_TIMEOUT_MS)
    expect(page.locator(".lcb-app .oob-track").first).to_be_visible(timeout=D.LOAD_TIMEOUT_MS)
    expect(page.locator(".lcb-app .oob-squad")).to_have_count(5, timeout=D.KERNEL_MS)
    page.wait_for_timeout(500)
    got = page.evaluate(_UMPIRE_VIEW_JS)
    D.RESULTS.mkdir(exist_ok=True)
    page.screenshot(path=str(D.RESULTS / "order_of_battle_umpire_mid_game_1366x768.png"))
    assert got["cards"] == 15 + 23, got
    assert not got["hidden"] and not got["scrolls"], "\n  ".join(
        ["the Umpire view of a fourth turn's table, 1366x768 Voila:"] + [f"card not whole in sight: {c}" for c in got["hidden"]]
        + [f"scrolls: {s}" for s in got["scrolls"]])
