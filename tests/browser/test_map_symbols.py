"""The APP-6 symbols really render in Chromium (SVG data URLs in Bokeh ImageURL glyphs), and a team
view paints no symbol of a concealed enemy.  Run with ``pytest tests/views -m browser``."""
from __future__ import annotations

import io

import numpy as np
import pytest

from lcb_lab import load_scenario
from lcb_lab.ui.lcb.map import MapView
from lcb_lab.games.lcb import actions as A

pytestmark = pytest.mark.browser

FRIEND = (128, 224, 255)          # APP-6 friend fill (milsymbol's light colour mode)
HOSTILE = (255, 128, 128)         # APP-6 hostile fill


def _screenshot(browser, fig) -> np.ndarray:
    """``fig`` as a standalone page in pytest-playwright's ``browser`` (the system Chromium, conftest)."""
    from bokeh.embed import file_html
    from bokeh.resources import INLINE
    from PIL import Image

    html = file_html(fig, INLINE, "map")
    page = browser.new_page(viewport={"width": 800, "height": 960})
    errors: list[str] = []
    try:
        page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
        page.on("request", lambda r: errors.append(r.url) if not r.url.startswith(("data:", "about:")) else None)
        page.set_content(html)
        page.wait_for_function("() => window.Bokeh && Bokeh.documents.length > 0 && "
                               "Bokeh.documents[0].is_idle", timeout=30000)
        page.wait_for_timeout(500)               # the SVG images decode asynchronously
        png = page.screenshot()
    finally:
        page.close()
    assert not errors, errors
    return np.asarray(Image.open(io.BytesIO(png)).convert("RGB")).astype(int)


def _count(img: np.ndarray, rgb: tuple[int, int, int], tol: int = 10) -> int:
    return int((np.abs(img - np.array(rgb)).max(axis=2) <= tol).sum())


def _friendish(img: np.ndarray) -> int:
    """Pixels of a friend frame's light blue, full or faded (the sea, R ~165-170, is not)."""
    r, g, b = img[..., 0], img[..., 1], img[..., 2]
    return int(((r < 150) & (g > 170) & (b > 200)).sum())


@pytest.fixture(scope="module")
def game():
    return load_scenario("gotland_redux", seed=1)


def test_symbols_render_in_chromium_and_a_team_view_paints_no_concealed_enemy_symbol(browser, game):
    g = game.fork()
    g.apply(A.ScriptedEffect(effect="reveal", units=tuple(u.uid for u in g.state.units.values() if u.hex)))
    mv = MapView(g.board)
    mv.update(g, "instructor")
    img = _screenshot(browser, mv.figure)
    assert _count(img, FRIEND) > 500 and _count(img, HOSTILE) > 500       # ~10 symbols of each team
    # the opening position: each team sees its own (concealed, faded) symbols, the other's only as backs
    views = {}
    for team in ("US", "RU"):
        mv2 = MapView(game.board)
        mv2.update(game, team)
        views[team] = _screenshot(browser, mv2.figure)
    assert _friendish(views["US"]) > 300 and _count(views["US"], HOSTILE, tol=40) == 0
    # (a few px of Red's sky-blue RP supply pip may match; a friend frame is hundreds)
    assert _friendish(views["RU"]) <= 10 and _count(views["RU"], HOSTILE, tol=40) > 300
