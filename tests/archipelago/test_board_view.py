"""The Archipelago board's drawing: every point in the figure's data with its colour and hover
fields, a tap selects the right point and calls back, pieces point their bow along their facing,
the sector grid agrees with ``Board.sector``, and the Shapely overlays measure what they should
(areas in d², lengths in d, against hand values)."""
import math

import pytest
from bokeh.models import HoverTool
from shapely.geometry import MultiPolygon, Polygon

from lcb_lab.games.archipelago.model.board import Board
from lcb_lab.games.archipelago.model.board_data import load_board, point_label
from lcb_lab.kernel.hexgrid import Axial, Facing, neighbour, ray
from lcb_lab.ui.archipelago import geometry as geo
from lcb_lab.ui.archipelago.board_layers import COLOUR_WORDS, DRAW_ORDER, sector_lines
from lcb_lab.ui.archipelago.board_view import BoardView, PieceMark, piece_outline, title_text

BOARD = load_board()
VIEW = BoardView(BOARD, frame_height=500)
CELL = math.sqrt(3) / 2          # a point's cell, d²


def test_the_figure_holds_every_point_with_its_colour_and_hover_fields():
    seen = {}
    for colour in DRAW_ORDER:
        data = VIEW.sources[f"points_{colour}"].data
        assert set(data["colour"]) <= {COLOUR_WORDS[colour]}          # the hover says what the key's word means
        for i, label in enumerate(data["label"]):
            seen[label] = {k: data[k][i] for k in ("x", "y", "name", "sector", "colour", "symbols", "base")}
    assert set(seen) == {point_label(p) for p in BOARD.points}
    port = seen["9,4"]
    assert (port["name"], port["sector"], port["colour"], port["symbols"], port["base"]) == \
        ("9,4 (B1)", "B1", "dark blue: deep water, everyone (l.120)", "port", "Red Base A")
    assert (port["x"], port["y"]) == pytest.approx((9 * CELL, -4.5))           # odd column: half a step south
    assert seen["4,23"]["symbols"] == "ammunition, fuel" and seen["4,23"]["base"] == "Red Base B"
    assert seen["0,0"]["symbols"] == "-" and seen["0,0"]["base"] == "-"
    hover = [t for t in VIEW.figure.tools if isinstance(t, HoverTool)][0]
    assert hover.tooltips == [("point", "@name"), ("colour", "@colour"), ("symbols", "@symbols"), ("base", "@base")]
    assert "SANDBOX" in VIEW.figure.title.text and "l.106-130" in title_text(BOARD)[0]


def test_a_tap_selects_the_point_under_it_and_calls_back():
    view = BoardView(BOARD, frame_height=400)
    got = []
    view.on_point(got.append)
    x, y = geo.xy(BOARD.from_col_row(12, 2))
    assert view.tap(x + 0.3, y - 0.2) == "12,2"           # inside the point's cell, off its centre
    assert got == ["12,2"] and view.selected == "12,2"
    assert view.sources["selected"].data == {"x": [x], "y": [y]}
    assert view.tap(x + 0.7, y - 0.1) == "13,2"           # past the cell's side: the SE neighbour (odd column)
    assert view.tap(-5.0, 3.0) is None and got == ["12,2", "13,2"]


@pytest.mark.parametrize("facing", list(Facing))
def test_a_piece_points_its_bow_to_the_neighbour_it_faces(facing):
    p = Axial(5, 3)
    cx, cy = geo.xy(p)
    nx, ny = geo.xy(neighbour(p, facing))
    view = BoardView(BOARD, frame_height=300)
    view.show_pieces([PieceMark("2", "Red", p, facing, "torpedo_boat", hits=1)])
    data = view.sources["pieces"].data
    tip = (data["xs"][0][0], data["ys"][0][0])
    assert tip == pytest.approx((cx + 0.55 * (nx - cx), cy + 0.55 * (ny - cy)))   # half of a 1.1 d hull
    far = max(zip(data["xs"][0], data["ys"][0]), key=lambda v: (v[0] - cx) * (nx - cx) + (v[1] - cy) * (ny - cy))
    assert far == pytest.approx(tip)
    assert data["facing"] == [facing.name] and data["owner"] == ["Red"] and len(view.sources["hits"].data["x"]) == 1
    assert view.sources["piece_labels"].data["text"] == ["2"]


def test_a_torpedo_in_flight_is_a_small_arrow_without_a_number():
    m = PieceMark("T", "Blue", Axial(0, 0), Facing.S, "torpedo")
    tip = piece_outline(m)[0]
    assert tip == pytest.approx((0.0, -0.275))
    view = BoardView(BOARD, frame_height=300)
    view.show_pieces([m])
    assert view.sources["piece_labels"].data["text"] == []
    ship = piece_outline(PieceMark("C-10", "Blue", Axial(0, 0), Facing.N, "ship"))
    assert Polygon(ship).area > Polygon(piece_outline(PieceMark("1", "Blue", Axial(0, 0), Facing.N))).area


def test_the_sector_grid_agrees_with_board_sectors():
    xs, ys = sector_lines(BOARD)
    assert len(xs) == 6 and len(ys) == 6
    for p in BOARD.points:
        x, y = geo.xy(p)
        letter = "ABCDEFG"[sum(1 for lx in xs if lx < x)]
        number = 1 + sum(1 for ly in ys if ly > y)
        assert BOARD.sector(p) == f"{letter}{number}"


def test_reach_overlay_areas_and_holes():
    o = Axial(0, 0)
    ring = [neighbour(o, f) for f in Facing]
    full = geo.reach_overlay([o, *ring, o])                  # a repeated point counts once
    assert isinstance(full, Polygon) and full.area == pytest.approx(7 * CELL)
    hole = geo.reach_overlay(ring)
    assert hole.area == pytest.approx(6 * CELL) and len(hole.interiors) == 1
    assert hole.interiors[0].length == pytest.approx(6 / math.sqrt(3))   # the centre cell's six sides
    apart = geo.reach_overlay([o, Axial(5, 0)])
    assert isinstance(apart, MultiPolygon) and len(apart.geoms) == 2
    assert geo.cell(o).length == pytest.approx(2 * math.sqrt(3))
    assert geo.reach_overlay([]).is_empty
    view = BoardView(BOARD, frame_height=300)
    view.show_reach(ring)
    assert len(view.sources["reach"].data["xs"]) == 1 and len(view.sources["reach"].data["xs"][0][0]) == 2


def test_firing_lines_run_along_the_lattice_and_stop_at_blockers_and_the_edge():
    o = Axial(0, 0)
    gun = geo.firing_lines(o, Facing.N, (-1, 0, 1), 10)
    assert list(gun) == [Facing.NW, Facing.N, Facing.NE]
    assert [round(ln.length, 9) for ln in gun.values()] == [10.0, 10.0, 10.0]
    assert gun[Facing.NE].coords[-1] == pytest.approx(geo.xy(ray(o, Facing.NE, 10)[-1]))
    blocked = geo.firing_lines(o, Facing.N, (0, 1), 10, blockers=[neighbour(o, Facing.N, 4)])
    assert blocked[Facing.N].length == pytest.approx(4.0) and blocked[Facing.NE].length == pytest.approx(10.0)
    sea = Board.open_sea(5, 5)
    edge = geo.firing_lines(sea.from_col_row(2, 2), Facing.S, (0, 3), 10, on_board=sea.points)
    assert edge[Facing.S].length == pytest.approx(2.0) and edge[Facing.N].length == pytest.approx(2.0)
    assert geo.firing_lines(sea.from_col_row(2, 0), Facing.N, (0,), 3, on_board=sea.points) == {}
    with pytest.raises(ValueError, match="0 d or more"):
        geo.firing_lines(o, Facing.N, (0,), -1)
    view = BoardView(BOARD, frame_height=300)
    view.show_firing_lines(BOARD.from_col_row(24, 25), Facing.N, (-1, 0, 1), 10)
    assert view.sources["firing"].data["direction"] == ["NW", "N", "NE"]


def test_land_and_shallows_are_drawn_as_areas():
    land = geo.union_of_cells(p for p, c in BOARD.points.items() if c in ("white", "orange", "red"))
    n_land = sum(1 for c in BOARD.points.values() if c in ("white", "orange", "red"))
    assert land.area == pytest.approx(n_land * CELL)
    assert all(geo.is_inside(land, p) for p, c in BOARD.points.items() if c == "red")
    assert not geo.is_inside(land, BOARD.from_col_row(9, 4))       # the port is water


def test_the_expanded_board_draws_its_sectors_a1_to_q11():
    big = load_board("archipelago_expanded")
    xs, ys = sector_lines(big)
    assert (len(xs), len(ys)) == (16, 10)
    view = BoardView(big, frame_height=300)
    assert sum(len(view.sources[f"points_{c}"].data["label"]) for c in DRAW_ORDER) == 102 * 55
    key = [t.text for t in view.figure.below if hasattr(t, "text")]
    assert any("sectors A1-Q11" in k and "sandbox" in k for k in key)


def test_the_geometry_docstring_examples_run():
    import doctest
    result = doctest.testmod(geo, optionflags=doctest.ELLIPSIS)
    assert result.failed == 0 and result.attempted >= 3


def test_the_fixed_sonars_near_the_bases_a_are_drawn_in_their_owners_colour_with_a_key_line():
    """l.1181: the expanded board's fixed sonars (sandbox places, the board's ``sonar`` features) are
    public: each is a dashed ring marked SN in its owner's colour, and the key's second line names
    them; the level 1-4 board has none and its key does not mention them.  The key is two lines so
    that each fits the figure at 1366x768."""
    from lcb_lab.ui.archipelago.board_layers import OWNER_COLOURS, key_text
    expanded = load_board("archipelago_expanded")
    d = BoardView(expanded).sources["sonars"].data
    want = sorted((f.owner, geo.xy(q)) for f in expanded.features.values() if f.kind == "sonar" for q in f.points)
    got = sorted((next(o for o, c in OWNER_COLOURS.items() if c == col), (x, y))
                 for col, x, y in zip(d["colour"], d["x"], d["y"]))
    assert got == want and len(got) == 4 and set(d["text"]) == {"SN"}
    assert "SN ring: Base A sonar (l.1181)" in key_text(expanded)[1] and key_text(expanded)[1].endswith("grey: point column,row (sandbox)")
    small = load_board("archipelago")
    assert BoardView(small).sources["sonars"].data["x"] == [] and "sonar" not in " ".join(key_text(small))
    assert all(len(line) <= 120 for b in (small, expanded) for line in key_text(b))


def test_the_edges_carry_the_first_column_and_row_of_each_sector_band():
    """A point's name ``"30,21 (F5)"`` is found on the drawn board: small grey numbers on the edges give
    the first column of each sector letter's band (0, 6, ..., 36; F starts at 30) and the first row of
    each number's band (0, 5, ..., 30; 5 starts at 20), so 30,21 is F5's first column, second row."""
    from lcb_lab.ui.archipelago.board_layers import TICK
    src = next(r.data_source for r in VIEW.figure.renderers
               if getattr(r.glyph, "text_color", None) == TICK)
    d = src.data
    top = sorted((x, t) for x, y, t in zip(d["x"], d["y"], d["text"]) if y > 0.6)
    assert [t for _, t in top] == ["0", "6", "12", "18", "24", "30", "36"]
    assert top[5][0] == pytest.approx(geo.xy(BOARD.from_col_row(30, 21))[0])      # column 30 is F's first
    left = sorted(((y, t) for x, y, t in zip(d["x"], d["y"], d["text"]) if x < 0), reverse=True)
    assert [t for _, t in left] == ["0", "5", "10", "15", "20", "25", "30"]
    assert left[4][0] == pytest.approx(geo.xy(BOARD.from_col_row(30, 20))[1])      # row 20 is sector 5's first
    assert BOARD.sector(BOARD.from_col_row(30, 21)) == "F5"
