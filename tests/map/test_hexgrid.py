"""The game-free hex geometry (lcb_lab.kernel.hexgrid) and LC:B's labels and hex size on it (lcb_lab.games.lcb.hexes)."""
import ast
import math
import re
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, strategies as st

from lcb_lab.kernel import hexgrid as G
from lcb_lab.games.lcb import hexes as L
from lcb_lab.kernel.hexgrid import Axial, Facing

ROOT = Path(__file__).resolve().parents[2]
axials = st.builds(Axial, st.integers(-40, 40), st.integers(-40, 40))


# ------------------------------------------------------------------ game-free
def test_the_geometry_module_imports_only_the_standard_library():
    tree = ast.parse((ROOT / "lcb_lab" / "kernel" / "hexgrid.py").read_text(encoding="utf-8"))
    imported = {a.name.split(".")[0] for n in ast.walk(tree) if isinstance(n, ast.Import) for a in n.names}
    imported |= {n.module.split(".")[0] for n in ast.walk(tree) if isinstance(n, ast.ImportFrom) and n.level == 0}
    assert not [n for n in ast.walk(tree) if isinstance(n, ast.ImportFrom) and n.level > 0]   # no `from . import`
    assert imported == {"__future__", "math", "enum", "typing"}
    assert imported <= set(sys.stdlib_module_names) | {"__future__"}


def test_the_geometry_module_loads_alone_and_knows_no_lc_b_label_or_hex_size():
    code = ("import importlib.util, sys\n"
            f"spec = importlib.util.spec_from_file_location('hexgrid', {str(ROOT / 'lcb_lab' / 'kernel' / 'hexgrid.py')!r})\n"
            "m = importlib.util.module_from_spec(spec); spec.loader.exec_module(m)\n"
            "print(sorted(n for n in sys.modules if n.startswith('lcb_lab')))\n"
            "print(sorted(n for n in vars(m) if n.isupper() and not n.startswith('_')))\n")
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert r.returncode == 0, r.stderr
    assert r.stdout.splitlines() == ["[]", "['SQRT3']"]
    text = (ROOT / "lcb_lab" / "kernel" / "hexgrid.py").read_text(encoding="utf-8")
    assert not re.search(r"\b[A-Z]{1,3}-?\d+\b", text) and "HEX_KM" not in text   # no "AL-23", no LC:B constant


# ------------------------------------------------------------------ facings
@pytest.mark.parametrize("facing, step", [(Facing.N, (0, -1)), (Facing.NE, (1, -1)), (Facing.SE, (1, 0)),
                                          (Facing.S, (0, 1)), (Facing.SW, (-1, 1)), (Facing.NW, (-1, 0))])
def test_each_facing_steps_to_its_neighbour_and_back(facing, step):
    h = Axial(5, -2)
    n = G.neighbour(h, facing)
    assert n == Axial(5 + step[0], -2 + step[1]) and facing.vector == step
    assert G.facing_between(h, n) is facing and G.facing_between(n, h) is facing.opposite
    assert G.distance(h, n) == 1


def test_facings_are_clockwise_from_north_on_the_north_up_plane():
    lay = G.Layout(1.0)
    bearings = []
    for f in Facing:
        x, y = lay.centre(G.neighbour(Axial(0, 0), f))
        bearings.append(round(math.degrees(math.atan2(x, -y)) % 360))   # compass bearing, y grows south
    assert bearings == [0, 60, 120, 180, 240, 300]


def test_turning():
    assert [Facing.N.turn(k).name for k in range(-1, 7)] == ["NW", "N", "NE", "SE", "S", "SW", "NW", "N"]
    assert G.turn(Facing.SE, -3) is Facing.NW and G.turn(4, 5) is Facing.S
    assert [f.opposite.name for f in Facing] == ["S", "SW", "NW", "N", "NE", "SE"]


def test_facing_between_refuses_hexes_that_are_not_adjacent():
    with pytest.raises(ValueError, match=r"^hexes \(0, 0\) and \(2, 0\) are not adjacent \(distance 2\)$"):
        G.facing_between(Axial(0, 0), Axial(2, 0))
    with pytest.raises(ValueError, match="distance 0"):
        G.facing_between(Axial(1, 1), Axial(1, 1))


# ------------------------------------------------------------------ rays and lines
def test_a_ray_runs_straight_out_on_its_facing():
    assert G.ray(Axial(2, 2), Facing.SW, 3) == [Axial(1, 3), Axial(0, 4), Axial(-1, 5)]
    assert G.ray(Axial(2, 2), Facing.N, 0) == []
    with pytest.raises(ValueError, match="^a ray's length must be 0 or more, got -1$"):
        G.ray(Axial(0, 0), Facing.N, -1)


@given(axials, st.sampled_from(list(Facing)), st.integers(0, 12))
def test_a_ray_is_the_line_to_its_last_hex(h, facing, n):
    r = G.ray(h, facing, n)
    assert [G.distance(h, x) for x in r] == list(range(1, n + 1))
    assert G.line(h, r[-1] if r else h) == [h, *r]


def test_lines_along_a_hex_side_take_the_tie_side():
    a, east = Axial(0, 0), Axial(4, -2)                     # due east: every other point on a side
    assert G.line(a, east) == [a, Axial(1, -1), Axial(2, -1), Axial(3, -2), east]          # north (left)
    assert G.line(a, east, tie="right") == [a, Axial(1, 0), Axial(2, -1), Axial(3, -1), east]
    assert G.line(east, a) == [east, Axial(3, -1), Axial(2, -1), Axial(1, 0), a]           # west: south is left
    with pytest.raises(ValueError, match="^tie must be 'left' or 'right', not 'up'$"):
        G.line(a, east, tie="up")


@given(axials, axials)
def test_a_line_is_a_chain_of_adjacent_hexes_and_left_one_way_is_right_the_other(a, b):
    ln = G.line(a, b)
    assert ln[0] == a and ln[-1] == b and len(ln) == G.distance(a, b) + 1
    assert all(G.distance(x, y) == 1 for x, y in zip(ln, ln[1:]))
    assert G.line(b, a, tie="right") == ln[::-1]


# ------------------------------------------------------------------ distance, rings
@given(axials, axials, axials)
def test_distance_is_a_metric_on_the_axial_plane(a, b, c):
    assert G.distance(a, b) == G.distance(b, a) >= 0 and G.distance(a, a) == 0
    assert G.distance(a, c) <= G.distance(a, b) + G.distance(b, c)


@given(axials, st.integers(0, 7))
def test_rings_hold_6k_hexes_at_distance_k(h, k):
    ring = G.ring(h, k)
    assert len(set(ring)) == len(ring) == max(1, 6 * k)
    assert {G.distance(h, x) for x in ring} == {k}
    assert len(set(G.within(h, k))) == 1 + 3 * k * (k + 1)


def test_a_ring_starts_on_facing_nw_and_walks_clockwise():
    assert G.ring(Axial(0, 0), 2)[:4] == [Axial(-2, 0), Axial(-1, -1), Axial(0, -2), Axial(1, -2)]
    with pytest.raises(ValueError, match="^a ring's radius must be 0 or more, got -2$"):
        G.ring(Axial(0, 0), -2)


# ------------------------------------------------------------------ offsets, lattice, labels
@given(st.integers(-60, 60), st.integers(-60, 60), st.sampled_from(["odd", "even"]))
def test_offset_coordinates_round_trip(col, row, shifted):
    assert G.to_offset(G.from_offset(col, row, shifted), shifted) == (col, row)


def test_odd_q_shifts_odd_columns_south_and_even_q_even_ones():
    lay = G.Layout(1.0)
    y = {(c, s): lay.centre(G.from_offset(c, 1, s))[1] for c in (2, 3) for s in ("odd", "even")}
    assert y[(3, "odd")] - y[(2, "odd")] == pytest.approx(0.5)
    assert y[(2, "even")] - y[(3, "even")] == pytest.approx(0.5)
    with pytest.raises(ValueError, match="^shifted must be 'odd' or 'even', not 'both'$"):
        G.from_offset(1, 1, "both")


@given(axials, st.floats(0.5, 50.0))
def test_the_lattice_adjacent_centres_are_size_apart_and_each_centre_is_in_its_hex(h, size):
    lay = G.Layout(size, origin=(3.0, -7.0))
    c = lay.centre(h)
    assert lay.hex_at(*c) == h
    assert all(math.dist(c, lay.centre(n)) == pytest.approx(size) for n in G.neighbours(h))
    assert all(math.dist(c, p) == pytest.approx(size / math.sqrt(3)) for p in lay.corners(h))
    (bqx, bqy), (brx, bry) = lay.basis
    assert lay.centre(Axial(h.q + 1, h.r + 1)) == pytest.approx((c[0] + bqx + brx, c[1] + bqy + bry))


def test_a_point_inside_a_hex_near_its_side_belongs_to_it():
    lay = G.Layout(10.0)
    x, y = lay.centre(Axial(0, 0))
    assert lay.hex_at(x, y + 4.9) == Axial(0, 0) and lay.hex_at(x, y + 5.1) == Axial(0, 1)


def test_label_schemes_satisfy_the_protocol():
    assert isinstance(L.LABELS, G.Labels) and isinstance(G.AxialLabels(), G.Labels)
    assert G.AxialLabels().parse(G.AxialLabels().label(Axial(-3, 12))) == Axial(-3, 12)
    with pytest.raises(ValueError, match=r"^'A-1' is not a hex label of the form 'q,r' such as '2,-1'$"):
        G.AxialLabels().parse("A-1")


# ------------------------------------------------------------------ LC:B on the kernel grid
def test_lcb_labels_are_odd_q_on_the_1_based_column_number():
    """Column A (1) sits half a hex south of B (2): rule 5.111's path AK-20 -> AL-20 -> AM-19 is adjacent."""
    facings = [G.facing_between(L.LABELS.parse(a), L.LABELS.parse(b))
               for a, b in (("AK-20", "AL-20"), ("AL-20", "AM-19"))]
    assert [f.name for f in facings] == ["NE", "NE"]
    assert L.LABELS.parse("AL-23") == G.from_offset(38, 23, "odd") == L.parse("AL-23").axial
    assert L.LABELS.label(G.neighbour(L.LABELS.parse("A-1"), Facing.SE)) == "B-2"
    assert L.LABELS.label(G.neighbour(L.LABELS.parse("B-2"), Facing.NE)) == "C-1"


def test_lcb_labels_refuse_hexes_off_the_grid():
    with pytest.raises(ValueError, match="^no LC:B hex at column 2, row 0: the grid starts at A-1$"):
        L.LABELS.label(G.neighbour(L.LABELS.parse("B-1"), Facing.N))
    with pytest.raises(ValueError, match="^no LC:B hex at column 0, row 3: the grid starts at A-1$"):
        L.LABELS.label(G.from_offset(0, 3))


def test_lcb_ray_and_line_in_labels():
    """A ray north from AL-23 and the line from AK-20 to AO-22, as LC:B labels."""
    start = L.LABELS.parse("AL-23")
    assert [L.LABELS.label(h) for h in G.ray(start, Facing.N, 3)] == ["AL-22", "AL-21", "AL-20"]
    assert [L.LABELS.label(h) for h in G.line(L.LABELS.parse("AK-20"), L.LABELS.parse("AO-22"))] == [
        "AK-20", "AL-21", "AM-21", "AN-22", "AO-22"]


@given(st.integers(1, 60), st.integers(1, 60))
def test_lcb_km_plane_is_the_kernel_lattice_at_20_km(col, row):
    h = L.Hex(col, row)
    assert L.LAYOUT.centre(h.axial) == pytest.approx(L.centre_km(h), abs=1e-9)
    assert sum(L.LAYOUT.corners(h.axial), ()) == pytest.approx(sum(L.corners_km(h), ()), abs=1e-9)
    assert L.LAYOUT.size == L.HEX_KM == 20.0


def test_lcb_neighbours_keep_their_order_and_leave_out_the_grid_edge():
    assert L.labels(L.neighbours("AL-20")) == ["AM-19", "AM-20", "AL-21", "AK-20", "AK-19", "AL-19"]
    assert L.labels(L.neighbours("A-1")) == ["B-1", "B-2", "A-2"]
    assert L.labels(L.ring("B-1", 1)) == ["C-1", "B-2", "A-1"]     # N, NE, NW of B-1 lie above row 1


def test_lcb_hex_at_km_takes_the_nearest_grid_hex_just_off_the_edge_and_refuses_far_out():
    assert L.hex_at_km(-12.0, 10.0).label == "A-1"           # 12 km west of A-1's centre: column 0
    assert L.hex_at_km(17.3, -21.0).label == "B-1"           # 21 km north of B-1's centre: row 0
    with pytest.raises(ValueError, match=r"^point \(-60\.0, 10\.0\) km lies before column A / row 1$"):
        L.hex_at_km(-60.0, 10.0)


# ------------------------------------------------------------------ a game's grid in labels
def test_a_grid_speaks_its_games_labels():
    g = G.Grid(G.AxialLabels(), G.Layout(size=10))
    assert g.neighbours("0,0") == ["0,-1", "1,-1", "1,0", "0,1", "-1,1", "-1,0"]
    assert g.facing_between("0,0", "-1,1") is Facing.SW and g.ring("0,0", 1)[0] == "-1,0"
    assert g.line("0,0", "4,-2", tie="right") == ["0,0", "1,0", "2,-1", "3,-1", "4,-2"]
    assert g.hex_at(*g.centre("3,-2")) == "3,-2" and len(g.within("5,5", 2)) == 19


def test_the_lcb_grid_stops_at_its_edge():
    grid = L.GRID
    assert grid.within("A-1", 1) == ["A-1", "B-1", "B-2", "A-2"]
    assert grid.ring("B-1", 1) == ["C-1", "B-2", "A-1"]
    assert grid.ray("C-3", Facing.NW, 4) == ["B-3", "A-2"]            # column 0 next: the ray ends
    assert grid.hex_at(*L.centre_km("AL-23")) == "AL-23" and grid.centre("A-1") == pytest.approx((0.0, 10.0))
    with pytest.raises(ValueError, match="^no LC:B hex at column 1, row 0: the grid starts at A-1$"):
        grid.neighbour("A-1", Facing.N)


def test_a_grid_names_hexes_that_are_not_adjacent_by_their_labels():
    with pytest.raises(ValueError, match=r"^hexes AK-20 and AM-20 are not adjacent \(distance 2\)$"):
        L.GRID.facing_between("AK-20", "AM-20")


@given(st.integers(1, 70), st.integers(1, 70), st.integers(0, 6))
def test_lcb_fast_neighbours_and_rings_are_the_kernels(col, row, k):
    """lcb_hexes' fast paths (neighbour steps per column parity, cached rings) give the geometry's hexes."""
    label = L.Hex(col, row).label
    order = [Facing.NE, Facing.SE, Facing.S, Facing.SW, Facing.NW, Facing.N]   # LC:B's order, N last
    named = [L.GRID.neighbour(label, f) for f in order
             if G.neighbour(L.LABELS.parse(label), f) in {L.LABELS.parse(n) for n in L.GRID.neighbours(label)}]
    assert L.labels(L.neighbours(label)) == named and sorted(named) == sorted(L.GRID.neighbours(label))
    assert L.labels(L.ring(label, k)) == L.GRID.ring(label, k)
    assert L.labels(L.within(label, k)) == L.GRID.within(label, k)
