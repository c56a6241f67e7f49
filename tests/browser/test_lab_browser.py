"""One real-browser test: the start notebook in headless Chromium, clicked like a person.

Serves notebooks/00_start_here.ipynb with Voila (see conftest.py; override the
notebook with $LCB_BROWSER_NOTEBOOK), waits for the Bokeh map canvas, clicks near
the centre of the canvas and checks that the hex-info panel names the hex under
the click: with the lab's layout that is hex AL-23 (a 1400 px wide lab leaves the map
narrower than the board's aspect: the board fills the frame's height, centred on the
scenario's area, and the canvas holds the title and toolbar too); a click up to 8 px
off the centre may name a neighbour of AL-23.

Screenshots for humans, in test-results/:

* ``lab.png`` -- the whole lab (map, log and panels), taken of the lab element
  with a viewport tall enough that Voila's scroll container holds all of it
  (``full_page`` cannot reach inside that container);
* ``map.png`` -- the map canvas alone (title, map and toolbar).
"""

from __future__ import annotations

import re
import time
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

REPO = Path(__file__).resolve().parents[2]

CANVAS_TIMEOUT_MS = 120_000
HEX_LABEL = re.compile(r"Hex\W{0,3}([A-Z]{1,2}-\d+)")
RESULTS = REPO / "test-results"
SCREENSHOT = RESULTS / "lab.png"
MAP_SCREENSHOT = RESULTS / "map.png"
VIEWPORT = {"width": 1400, "height": 2400}   # taller than the notebook page: nothing is scrolled away
CENTRE_HEX = "AL-23"


def _near_centre_hexes() -> set[str]:
    from lcb_lab.games.lcb.model.board import load_board
    board = load_board("gotland")
    return {CENTRE_HEX, *board.neighbours(CENTRE_HEX)}


def _settled_box(page: Page, timeout_s: float = 20.0) -> dict | None:
    """The canvas's box once it stays put: the lab's map may re-render once after the page
    connects (``LiveBokehModel`` resends a stale document), replacing the canvas element."""
    deadline = time.monotonic() + timeout_s
    last = None
    while time.monotonic() < deadline:
        canvas = page.locator(".bk-Canvas").first
        box = canvas.bounding_box() if canvas.count() else None
        if box and box == last:
            return box
        last = box
        page.wait_for_timeout(300)
    return last


@pytest.mark.browser
def test_click_on_map_names_the_hex(page: Page, voila_url: str) -> None:
    page.set_viewport_size(VIEWPORT)
    try:
        page.goto(voila_url, wait_until="domcontentloaded", timeout=CANVAS_TIMEOUT_MS)

        canvas = page.locator(".bk-Canvas").first
        expect(canvas).to_be_visible(timeout=CANVAS_TIMEOUT_MS)

        info = page.locator(".lcb-hex-info").first
        expect(info).to_be_visible(timeout=30_000)
        expect(info).to_contain_text("Click a hex", timeout=30_000)
        before = info.inner_text()

        box = _settled_box(page)
        assert box and box["width"] > 50 and box["height"] > 50, f"canvas too small: {box}"
        # Click near the centre; if the kernel round trip is not wired up yet, try again
        # a little off-centre (bounded: 4 clicks over at most ~60 s).
        offsets = [(0, 0), (8, 8), (-8, 8), (0, -8)]
        for i, (dx, dy) in enumerate(offsets):
            page.mouse.click(box["x"] + box["width"] / 2 + dx, box["y"] + box["height"] / 2 + dy)
            deadline = time.monotonic() + 15
            while time.monotonic() < deadline:
                text = info.inner_text()
                if text != before and HEX_LABEL.search(text):
                    break
                page.wait_for_timeout(250)
            else:
                continue
            break
        text = info.inner_text()
        assert text != before, f"info panel did not change after {len(offsets)} clicks: {text!r}"
        m = HEX_LABEL.search(text)
        assert m, f"info panel does not name a hex (e.g. 'Hex AL-23'): {text!r}"
        assert m.group(1) in _near_centre_hexes(), \
            f"a click at the canvas centre named {m.group(1)}, expected {CENTRE_HEX} or a neighbour"
        if i == 0:
            assert m.group(1) == CENTRE_HEX, f"the centre of the canvas is {CENTRE_HEX}, not {m.group(1)}"
    finally:
        lab_box = _screenshots(page)
    # the screenshot is of the whole lab: nothing of it lies below the viewport (Voila's scroll
    # container would leave it out) and the PNG is as tall as the lab
    assert lab_box is not None, "the lab (.lcb-app) never rendered"
    assert lab_box["y"] + lab_box["height"] <= VIEWPORT["height"], \
        f"the lab ends at y={lab_box['y'] + lab_box['height']:.0f}, below the {VIEWPORT['height']} px viewport"
    from PIL import Image
    with Image.open(SCREENSHOT) as im:
        assert abs(im.height - lab_box["height"]) <= 2, (im.size, lab_box)
    assert MAP_SCREENSHOT.is_file()


def _screenshots(page: Page) -> dict | None:
    """Save lab.png (the lab element) and map.png (the map canvas); return the lab's box."""
    RESULTS.mkdir(exist_ok=True)
    page.wait_for_timeout(300)            # let the map repaint the selection
    lab = page.locator(".lcb-app").first
    box = lab.bounding_box() if lab.count() else None
    if box:
        lab.screenshot(path=str(SCREENSHOT))
    else:                                 # the lab never rendered: show what the page shows
        page.screenshot(path=str(SCREENSHOT), full_page=True)
    map_canvas = page.locator(".bk-Canvas").first
    if map_canvas.count():
        map_canvas.screenshot(path=str(MAP_SCREENSHOT))
    return box
