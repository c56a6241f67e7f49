"""The map's opening view (``MapView.fit_scale`` / ``set_area`` / ``frame_resized``): the whole Gotland
board where it fits at a readable scale, the board filling a narrow frame's height (sides panned), and
on a board several times Gotland's size the scenario's area at a readable scale, the rest by panning;
the titles fit a narrow frame; the lab's area is public (both teams' views)."""
from __future__ import annotations

import pytest

from lcb_lab import load_scenario
from lcb_lab.games.lcb import hexes as lcb_hexes
from lcb_lab.games.lcb.model.board import Board, HexInfo
from lcb_lab.ui.lcb.map import MapView
from lcb_lab.ui.lcb.map import overlays as ov
from lcb_lab.ui.lcb.map.map_sizes import READABLE_PX_PER_KM
from lcb_lab.ui.lab import style
from lcb_lab.ui.lcb.board_view import scenario_area


@pytest.fixture(scope="module")
def game():
    return load_scenario("gotland_redux", seed=1)


def _ranges(mv: MapView) -> tuple[float, float, float, float]:
    p = mv.figure
    return p.x_range.start, p.x_range.end, p.y_range.start, p.y_range.end


def _inside(mv: MapView, label: str) -> bool:
    x, y = ov.hex_centre(label)
    x0, x1, y0, y1 = _ranges(mv)
    return x0 <= x <= x1 and y0 <= y <= y1


def large_board(cols: int = 56, rows: int = 60) -> Board:
    """A staged all-sea board about four times Gotland's size each way (Gotland: 13 x 14 hexes)."""
    labels = [f"{lcb_hexes.col_letters(c)}-{r}" for c in range(27, 27 + cols) for r in range(1, rows + 1)]
    return Board(name="staged_large", hexes={lab: HexInfo(lab, "naval", "blue") for lab in labels})


def test_gotland_opens_whole_where_it_fits(game):
    mv = MapView(game.board)
    mv.set_area(scenario_area(game))
    mv.fill_box(assume=(688, 849))                   # JupyterLab at 1920x1080
    x0, x1, y0, y1 = mv.extent
    rx0, rx1, ry0, ry1 = _ranges(mv)
    assert (rx0, rx1) == pytest.approx((x0, x1))     # the board's whole width
    assert ry0 <= y0 and ry1 >= y1 and (ry1 - ry0) - (y1 - y0) < 8      # and height (a thin sea band)
    assert all(_inside(mv, lab) for lab in game.board.hexes)         # every hex's centre


def test_a_narrow_frame_fills_its_height_and_keeps_the_area_in_view(game):
    area = scenario_area(game)
    mv = MapView(game.board)
    mv.set_area(area)
    mv.fill_box(assume=(308, 537))                   # JupyterLab at 1366x768 with the file browser open
    x0, x1, y0, y1 = mv.extent
    rx0, rx1, ry0, ry1 = _ranges(mv)
    assert (ry0, ry1) == (y0, y1) and mv.px_per_km == pytest.approx(537 / (y1 - y0))
    assert rx1 - rx0 < x1 - x0 and x0 <= rx0 and rx1 <= x1 + 1e-9        # the sides are panned to
    assert all(_inside(mv, lab) for lab in area), [lab for lab in area if not _inside(mv, lab)]
    assert mv.figure.x_range.bounds[0] <= x0 and mv.figure.x_range.bounds[1] >= x1   # pan to the whole board
    # without an area the same frame shows the whole board, small, sea above and below
    whole = MapView(game.board)
    whole.fill_box(assume=(308, 537))
    assert whole.px_per_km < mv.px_per_km


def test_a_board_several_times_gotlands_size_opens_on_the_scenarios_area():
    board = large_board()
    area = ["BA-20", "BB-21", "BD-24", "BE-22"]
    mv = MapView(board)
    mv.set_area(area)
    mv.fill_box(assume=(688, 849))
    x0, x1, y0, y1 = mv.extent
    rx0, rx1, ry0, ry1 = _ranges(mv)
    assert (x1 - x0) > 3.5 * 232 and (y1 - y0) > 3.5 * 284           # the staged board: ~4x Gotland each way
    assert mv.px_per_km == pytest.approx(READABLE_PX_PER_KM)        # readable, not the whole board
    assert all(_inside(mv, lab) for lab in area)
    assert rx1 - rx0 < (x1 - x0) / 2 and ry1 - ry0 < (y1 - y0) / 2   # a part of the board...
    bx, by = mv.figure.x_range.bounds, mv.figure.y_range.bounds
    assert bx[0] <= x0 and bx[1] >= x1 and by[0] <= y0 and by[1] >= y1   # ... and a pan to the rest
    assert mv.figure.x_range.reset_start == rx0 and mv.figure.y_range.reset_end == ry1   # Reset: the area
    # no area: the whole large board, too small to read
    whole = MapView(board)
    whole.fill_box(assume=(688, 849))
    assert whole.px_per_km < READABLE_PX_PER_KM / 2


def test_an_area_at_the_board_edge_stays_on_the_board():
    board = large_board()
    mv = MapView(board)
    mv.set_area(["AA-1", "AB-2", "not a hex"])
    mv.fill_box(assume=(688, 849))
    x0, x1, y0, y1 = mv.extent
    rx0, rx1, ry0, ry1 = _ranges(mv)
    assert rx0 == pytest.approx(x0) and rx1 <= x1 + 1e-6 and y0 - 1e-6 <= ry0 and ry1 <= y1 + 1e-6
    assert _inside(mv, "AA-1") and _inside(mv, "AB-2")
    mv.set_area([])                                  # no hex of the board: the whole board
    assert mv.area is None


def test_the_titles_fit_a_narrow_frame(game):
    mv = MapView(game.board)
    mv.fill_box(assume=(308, 537))
    mv.update(game, "instructor")
    size = float(mv.figure.title.text_font_size.rstrip("px"))
    assert size < 13 and 0.56 * len(mv.figure.title.text) * size <= 308 + 26
    mv.frame_resized(688, 849)                       # a wide frame: the titles at their own size
    assert mv.figure.title.text_font_size == "13px" and mv.subtitle.text_font_size == "11px"


def test_the_area_is_what_both_teams_see(game):
    g = load_scenario("gotland_redux", seed=1)
    area = scenario_area(g)
    seen = {t: {c["hex"] for c in g.view(t)["counters"] if c.get("hex")} for t in ("US", "RU")}
    assert area == sorted(seen["US"] & seen["RU"]) and "AL-29" in area and "AL-21" in area
    every = {c["hex"] for c in g.view("instructor")["counters"] if c.get("hex")}
    assert set(area) <= every


def test_the_map_column_follows_the_board_aspect():
    assert style.scale_css("lcb-lab-x", 1.0) == ""                          # Gotland: the CSS default
    wide = style.scale_css("lcb-lab-x", 1.0, 1.3)
    assert "--lcb-aspect: 1.300" in wide and ".lcb-app.lcb-lab-x" in wide
    assert "--lcb-aspect: 1.600" in style.scale_css("lcb-lab-x", 1.4, 5.0)   # kept within 0.6..1.6
