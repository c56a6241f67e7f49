"""A secret is absent from the page, not hidden (Voila, 1366x768 and 1920x1080).

Gotland Redux staged: Blue's TF Memphis has declared LHD 1 (Move and/or Initiate Combat) and AM-26
is clicked, so the Impulse tab holds Blue's acts -- a *Try: Port disembark from LHD 1* button among
them -- and the Cards section Blue's hand (its Attached cards too).  The walk: the Instructor view
(what the whole page may name), then Blue's view, the screen handed to Red with the view picker,
and back to Blue with Red's *Hand over* button.  In each team view the whole page --
``document.documentElement.outerHTML``, every attribute and every input's value, displayed or not
-- names none of the other team's secrets that the Instructor's page named: the designators, card
names and hexes the observer keeps from that team (``tests/secret_text.py``).
"""
from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

import driver as D
import labui as L
from tests.secret_text import leaks, secrets

STAGED = """\
from lcb_lab import load_scenario
from lcb_lab.ui import open_lab

game = load_scenario("gotland_redux", seed=1)
lab = open_lab(game=game, team="US")
lab.begin_impulse("TF Memphis")
lab.declare([{"kind": "move_combat", "units": ["LHD 1"]}])
lab.select_hex("AM-26")
lab.widget
"""

PAGE_TEXT = """() => {
  const out = [document.documentElement.outerHTML, document.body.innerText];
  for (const el of document.querySelectorAll('*')) {
    for (const a of el.attributes) out.push(a.value);
    if ('value' in el && typeof el.value === 'string') out.push(el.value);
  }
  return out.join('\\n');
}"""
"""Everything the page holds as text: its markup, its visible text, every attribute and every
input's current value (an ``<input>``'s value is not in the markup)."""


@pytest.fixture(scope="module")
def staged_url(tmp_path_factory):
    yield from D.serve_staged(tmp_path_factory.mktemp("page_secrets"), "page_secrets", STAGED)


@pytest.fixture(scope="module")
def game_secrets() -> dict[str, dict[str, set[str]]]:
    """The staged game's secrets per team, from the observer (the same cells, run here)."""
    ns: dict = {}
    exec(STAGED.replace("lab.widget\n", ""), ns)
    return {team: secrets(ns["game"], team) for team in ("US", "RU")}


def _view(page: Page, name: str) -> None:
    L.show_view(page, name)


def _on_instructor_page(text: str, found: dict[str, set[str]]) -> dict[str, set[str]]:
    return {k: {s for s in v if leaks(text, {k: {s}})} for k, v in found.items()}


@pytest.mark.browser
@pytest.mark.parametrize("width,height", [(1366, 768), (1920, 1080)])
def test_no_team_page_names_the_other_teams_secrets(page: Page, staged_url: str, game_secrets, width: int,
                                                    height: int) -> None:
    page.set_viewport_size({"width": width, "height": height})
    L.open_voila_lab(page, staged_url)
    _view(page, "Instructor")
    L.expect_message(page, "Try: Port disembark from LHD 1")
    instructor = page.evaluate(PAGE_TEXT)
    look_for = {team: _on_instructor_page(instructor, game_secrets[team]) for team in ("US", "RU")}
    assert "LHD 1" in look_for["RU"]["designator"] and look_for["RU"]["card"], look_for["RU"]
    assert look_for["US"]["card"], look_for["US"]

    _view(page, "Blue (US)")
    L.expect_message(page, "Try: Port disembark from LHD 1")
    assert leaks(page.evaluate(PAGE_TEXT), look_for["US"]) == []
    _view(page, "Red (RU)")                                      # Blue hands the screen to Red
    L.expect_message(page, "Blue (US) is playing its impulse")
    red = page.evaluate(PAGE_TEXT)
    assert "Try: Port disembark" not in red
    assert leaks(red, look_for["RU"]) == []
    D.RESULTS.mkdir(exist_ok=True)
    page.screenshot(path=str(D.RESULTS / f"page_secrets_red_{width}x{height}.png"))
    L.button(page, "Hand over: show the Blue (US) view", ".lcb-impulse").click()    # and back
    L.expect_message(page, "Showing the Blue (US) view")
    expect(page.locator(".lcb-app .lcb-impulse").first).to_contain_text("Carry out", timeout=D.KERNEL_MS)
    assert leaks(page.evaluate(PAGE_TEXT), look_for["US"]) == []
