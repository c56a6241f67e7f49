"""The packaged sandbox board against the text: it loads and is checked, its bases hold what l.108
and l.404 list, its white points are where l.443 counts them, each suggested set-up zone
(l.146-150) has water for eight torpedo boats, boats reach every water point from each base,
ships have a deep-water route between the two bases A; a malformed file names file, key, problem."""
from collections import deque
from pathlib import Path

import pytest

from lcb_lab.games.archipelago.model.board import Board
from lcb_lab.games.archipelago.model.board_data import load_board, parse_point, point_label
from lcb_lab.kernel.errors import InputError
from lcb_lab.kernel.hexgrid import Axial, neighbours

BOARD = load_board()

ZONES = [  # l.146-149, as printed (the third pair is not quite symmetric in the text: A2 vs C6)
    (["B1", "B2", "A1", "A2", "A3"], ["F6", "F7", "G5", "G6", "G7"]),
    (["A1", "B1", "C1", "D1"], ["D7", "E7", "F7", "G7"]),
    (["A2", "B2", "B3", "A6"], ["C6", "F6", "F5", "G2"]),
    (["C1", "C2", "B5", "B6"], ["E6", "E7", "F2", "F3"]),
]


def reach(board: Board, start: set[Axial], mobility: str) -> set[Axial]:
    """Every point a piece of ``mobility`` reaches from ``start`` by steps between neighbours it may stand on."""
    seen = {p for p in start if board.admits(p, mobility)}
    todo = deque(seen)
    while todo:
        for n in neighbours(todo.popleft()):
            if n not in seen and board.admits(n, mobility):
                seen.add(n)
                todo.append(n)
    return seen


def rotated(board: Board, p: Axial) -> Axial:
    col, row = board.col_row(p)
    return board.from_col_row(board.cols - 1 - col, board.rows - 1 - row)


def test_the_packaged_board_is_a_checked_sandbox_of_seven_by_seven_sectors():
    b = BOARD
    assert (b.name, b.source, b.cols, b.rows) == ("archipelago", "sandbox", 42, 35)
    assert len(b.points) == 42 * 35
    sectors = {b.sector(p) for p in b.points}
    assert sectors == {f"{c}{r}" for c in "ABCDEFG" for r in range(1, 8)}
    assert {len(b.points_in(s)) for s in sectors} == {30}      # 6 x 5 points each
    assert set(b.points.values()) == {"dark_blue", "light_blue", "white", "orange", "red"}


def test_point_symmetric_so_the_set_up_zones_are_fair():
    b = BOARD
    for p, c in b.points.items():
        assert b.colour(rotated(b, p)) == c, point_label(p)
    for p, syms in b.symbols.items():
        assert b.symbols_at(rotated(b, p)) == syms
    assert b.sector(rotated(b, b.from_col_row(0, 0))) == "G7"


def test_bases_hold_what_the_text_lists():
    b = BOARD
    assert sorted(b.bases) == ["Blue Base A", "Blue Base B", "Red Base A", "Red Base B"]
    for owner in ("Red", "Blue"):
        a, bb = b.bases[f"{owner} Base A"], b.bases[f"{owner} Base B"]
        assert (a.kind, a.owner, bb.kind, bb.owner) == ("A", owner, "B", owner)
        syms_a = [s for p in a.points for s in b.symbols_at(p)]
        assert sorted(syms_a) == ["ammunition", "fuel", "port", "workshop"]                   # l.108
        port = next(p for p in a.points if "port" in b.symbols_at(p))
        assert b.admits(port, "ship") and any(n in a.points and not b.is_water(n) for n in neighbours(port))
        assert [b.colour(p) for p in a.points].count("white") == 2                           # l.443
        assert sorted(s for p in bb.points for s in b.symbols_at(p)) == ["ammunition", "fuel"]  # l.404
        assert [b.colour(p) for p in bb.points].count("white") == 1                          # l.443
        assert "port" not in {s for p in bb.points for s in b.symbols_at(p)}                 # l.404
    assert b.sector(b.bases["Red Base A"].points[0]) in {"A1", "B1"}
    assert b.sector(b.bases["Blue Base A"].points[0]) in {"F7", "G7"}


def test_white_points_two_a_base_a_one_a_base_b_four_elsewhere():
    b = BOARD
    white = {p for p, c in b.points.items() if c == "white"}
    in_bases = {p for base in b.bases.values() for p in base.points} & white
    assert (len(white), len(in_bases)) == (10, 6)                                           # l.443
    assert sorted(b.sector(p) for p in white - in_bases) == ["B6", "B7", "F1", "F2"]          # l.572, l.735


@pytest.mark.parametrize("red, blue", ZONES)
def test_each_set_up_zone_holds_eight_torpedo_boats(red, blue):
    for zone in (red, blue):
        water = [p for s in zone for p in BOARD.points_in(s) if BOARD.admits(p, "boat")]
        assert len(water) >= 8, zone


def test_boats_reach_every_water_point_from_each_base():
    b = BOARD
    water = {p for p in b.points if b.admits(p, "boat")}
    for base in b.bases.values():
        start = {n for p in base.points for n in [p, *neighbours(p)] if n in b.points}
        assert reach(b, start, "boat") == water, base.name


def test_ships_have_a_deep_water_route_between_the_bases_a():
    b = BOARD
    ports = [next(p for p in b.bases[f"{o} Base A"].points if "port" in b.symbols_at(p)) for o in ("Red", "Blue")]
    deep = reach(b, {ports[0]}, "ship")
    assert ports[1] in deep
    assert len(deep) == sum(1 for c in b.points.values() if c == "dark_blue")   # no landlocked deep pool


def test_point_labels_round_trip():
    p = BOARD.from_col_row(9, 4)
    assert point_label(p) == "9,4" and parse_point("9,4") == p
    with pytest.raises(ValueError, match="col,row"):
        parse_point("B2")


GOOD = '''
[board]
name = "tiny"
source = "sandbox"
sector_cols = "AB"
sector_rows = 2
rows = ["DD LL", "DW OR"]
[[symbol]]
at = [1, 1]
symbols = ["fuel"]
[[base]]
name = "Red Base B"
kind = "B"
owner = "Red"
points = [[1, 1]]
'''


def _load(tmp_path: Path, text: str) -> Board:
    f = tmp_path / "b.toml"
    f.write_text(text, encoding="utf-8")
    return load_board(path=f)


def test_a_small_file_reads_as_written(tmp_path):
    b = _load(tmp_path, GOOD)
    assert (b.cols, b.rows) == (4, 2)
    assert [b.colour(b.from_col_row(c, 1)) for c in range(4)] == ["dark_blue", "white", "orange", "red"]
    assert b.symbols_at(b.from_col_row(1, 1)) == {"fuel"} and b.bases["Red Base B"].owner == "Red"
    assert b.sector(b.from_col_row(3, 1)) == "B2"


@pytest.mark.parametrize("old, new, key, problem", [
    ('rows = ["DD LL", "DW OR"]', 'rows = ["DD LL", "DX OR"]', "board.rows[1]", "letter 'X' at column 1"),
    ('rows = ["DD LL", "DW OR"]', 'rows = ["DD LL", "DWO"]', "board.rows[1]", "has 3 points, row 0 has 4"),
    ('rows = ["DD LL", "DW OR"]', 'rows = []', "board.rows", "no rows"),
    ('source = "sandbox"', 'source = "printed"', "board.source", "is 'printed'"),
    ('sector_rows = 2', 'sector_rows = "2"', "board.sector_rows", "should be a int"),
    ('name = "tiny"\n', '', "board.name", "missing"),
    ('symbols = ["fuel"]', 'symbols = ["dock"]', "symbol[0].symbols", "'dock' is not one of"),
    ('at = [1, 1]', 'at = [9, 1]', "symbol[0].at", "point [9, 1] lies outside the 4 x 2 board"),
    ('at = [1, 1]', 'at = "1,1"', "symbol[0].at", "should be a point [col, row]"),
    ('kind = "B"', 'kind = "D"', "base[0].kind", "'D' is not 'A'"),
    ('points = [[1, 1]]', 'points = []', "base[0].points", "at least one point"),
    ('points = [[1, 1]]', 'points = [[1, 2]]', "base[0].points[0]", "lies outside"),
])
def test_a_malformed_file_names_file_key_and_problem(tmp_path, old, new, key, problem):
    assert old in GOOD
    with pytest.raises(InputError) as e:
        _load(tmp_path, GOOD.replace(old, new))
    assert e.value.what.endswith("b.toml") and e.value.where == key and problem in e.value.problem


def test_missing_and_non_toml_files(tmp_path):
    with pytest.raises(InputError, match="no such board file"):
        load_board("no_such_board")
    with pytest.raises(InputError, match="unknown table") as e:
        _load(tmp_path, GOOD.replace("[[symbol]]", "[[symbols]]", 1))
    assert e.value.where == "symbols"
    with pytest.raises(InputError, match="not TOML"):
        _load(tmp_path, "[board\n")
    twice = GOOD.replace('symbols = ["fuel"]', 'symbols = ["fuel"]\n[[symbol]]\nat = [1, 1]\nsymbols = ["port"]')
    with pytest.raises(InputError) as e:
        _load(tmp_path, twice)
    assert (e.value.where, e.value.problem) == ("symbol[1].at", "point 1,1 already has symbols")


EXPANDED = load_board("archipelago_expanded")


def test_the_expanded_board_has_187_sectors_a1_to_q11():
    b = EXPANDED
    assert (b.source, b.cols, b.rows, b.sector_cols, b.sector_rows) == ("sandbox", 102, 55, "ABCDEFGHIJKLMNOPQ", 11)
    sectors = {b.sector(p) for p in b.points}
    assert len(sectors) == 187 and {"A1", "Q11", "J2"} <= sectors                           # l.825
    assert {len(b.points_in(s)) for s in sectors} == {30}


def test_the_expanded_bases_stand_where_the_scenarios_put_them():
    b = EXPANDED
    kinds = {n: base.kind for n, base in b.bases.items()}
    assert kinds == {"Blue Base A": "A", "Blue Base B": "B", "Blue Base C": "C",
                     "Red Base A": "A", "Red Base B": "B", "Red Base C": "C"}                 # l.813
    land_sectors = {n: {b.sector(p) for p in base.points if not b.is_water(p)} for n, base in b.bases.items()}
    assert "C6" in land_sectors["Blue Base A"]                      # l.1562: land in C6
    assert "D2" in land_sectors["Blue Base C"]                      # l.1550
    assert land_sectors["Blue Base B"] == {"E11"}                   # l.1499
    assert {"N10"} <= land_sectors["Red Base A"]                    # l.1493 (N10; l.1568 says O10: the bridge's island)
    assert "P2" in land_sectors["Red Base C"]                       # l.1544
    for n, base in b.bases.items():
        syms = sorted(s for p in base.points for s in b.symbols_at(p))
        whites = [b.colour(p) for p in base.points].count("white")
        want = {"A": (["ammunition", "fuel", "port", "workshop"], 2), "C": (["ammunition", "fuel", "port"], 1),
                "B": (["ammunition", "fuel"], 1)}[base.kind]
        assert (syms, whites) == want, n


def test_the_expanded_board_is_connected_and_closes_the_h9_g10_corner():
    b = EXPANDED
    water = {p for p in b.points if b.admits(p, "boat")}
    for base in b.bases.values():
        start = {n for p in base.points for n in [p, *neighbours(p)] if n in b.points}
        assert reach(b, start, "boat") == water, base.name
    ports = [p for p in b.symbols if "port" in b.symbols_at(p)]
    assert len(ports) == 4 and set(ports) <= reach(b, {ports[0]}, "ship")
    h9 = [p for p in b.points_in("H9") if b.is_water(p)]
    assert h9 and not any(b.sector(n) == "G10" and b.is_water(n) for p in h9 for n in neighbours(p))   # l.1159


def test_the_loader_docstring_examples_run():
    import doctest

    from lcb_lab.games.archipelago.model import board_data
    result = doctest.testmod(board_data, optionflags=doctest.ELLIPSIS)
    assert result.failed == 0 and result.attempted >= 3
