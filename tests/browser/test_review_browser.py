"""The after-action review file (``lcb-lab review``) in Chromium, opened from disk: it asks for
nothing outside the file (every request is watched: only the file itself may be loaded), logs
no console error, and its map pictures and plots render (the board drawn once, used by every
picture: land, sea and counters' colours are on screen).  Screenshot for humans:
``test-results/review-<team>.png``."""
from __future__ import annotations

import io

import numpy as np
import pytest
from PIL import Image

import driver as D
from lcb_lab.__main__ import main
from lcb_lab.games.lcb.content.lesson import Lesson
from lcb_lab.ui.lcb.map import palette


def _rgb(hex_colour: str) -> tuple[int, int, int]:
    h = hex_colour.lstrip("#")
    return tuple(int(h[i:i + 2], 16) for i in (0, 2, 4))


def _share(img: Image.Image, colour: tuple[int, int, int], tol: int = 6) -> float:
    """The share of ``img``'s pixels within ``tol`` of ``colour`` on each channel."""
    px = np.asarray(img.convert("RGB"), dtype=int)
    return float(np.all(np.abs(px - np.array(colour)) <= tol, axis=-1).mean())


@pytest.mark.browser
@pytest.mark.parametrize("team", ["RU"])
def test_the_review_opens_offline_and_its_maps_render(browser, tmp_path, team):
    save, out = tmp_path / "game.json", tmp_path / "review.html"
    Lesson("appendix_b_combat").run().save(save)
    assert main(["review", str(save), "-o", str(out), "--team", team]) == 0
    context = browser.new_context(viewport={"width": 1366, "height": 900})
    requests, errors = [], []
    context.route("**/*", lambda route: (requests.append(route.request.url),
                                         route.continue_() if route.request.url == out.as_uri()
                                         else route.abort("blockedbyclient")))
    context.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    context.on("weberror", lambda e: errors.append(str(e.error)))
    page = context.new_page()
    try:
        page.goto(out.as_uri())
        page.wait_for_load_state("load")
        maps = page.locator("svg.map")
        assert maps.count() == 4 and page.locator("svg.plot").count() == 2
        sizes = page.evaluate("() => [...document.querySelectorAll('svg.map > use')].map(u => u.getBBox().width)")
        assert len(sizes) == 4 and all(w > 100 for w in sizes), sizes          # the board symbol resolves
        for i in (0, 3):
            maps.nth(i).scroll_into_view_if_needed()
            img = Image.open(io.BytesIO(maps.nth(i).screenshot()))
            assert img.width > 300 and img.height > 300
            assert _share(img, _rgb(palette.SEA)) > 0.2, "the sea of the board is drawn"
            assert _share(img, _rgb(palette.TEAM["RU"])) > 0.001, "RU's own counters are drawn"
        plot = Image.open(io.BytesIO(page.locator("svg.plot").nth(0).screenshot()))
        assert _share(plot, _rgb(palette.TEAM["US"]), tol=10) > 0.001, "the kills line of US is drawn"
        D.RESULTS.mkdir(exist_ok=True)
        page.screenshot(path=str(D.RESULTS / f"review-{team}.png"))
        page.evaluate("() => 0")
    finally:
        context.close()
    assert requests == [out.as_uri()], requests
    assert errors == []
