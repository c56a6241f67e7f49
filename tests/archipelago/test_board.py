"""The Archipelago board model against the text (l.106-130): colours admit the pieces the text says,
sectors A1-G7 cut the board in 7 x 7 bands, and a malformed board names its problem."""
import pytest

from lcb_lab.games.archipelago.model.board import ADMITS, Base, Board, check
from lcb_lab.kernel.hexgrid import Axial


def test_colours_admit_what_the_text_says():
    assert ADMITS["dark_blue"] == {"ship", "boat", "hovercraft", "flying"}       # l.122
    assert "ship" not in ADMITS["light_blue"] and "boat" in ADMITS["light_blue"]   # l.124
    assert ADMITS["red"] == {"flying", "launcher"}                                 # l.126; a land launcher, l.991
    assert "landed" in ADMITS["white"] and "landed" not in ADMITS["orange"]       # l.128


def test_sectors_are_seven_by_seven_bands():
    b = Board.open_sea(21, 14)
    assert b.sector(b.from_col_row(0, 0)) == "A1" and b.sector(b.from_col_row(20, 13)) == "G7"
    assert b.sector(b.from_col_row(3, 2)) == "B2" and len(b.points_in("B2")) == 6
    assert sum(len(b.points_in(f"{c}{r}")) for c in "ABCDEFG" for r in range(1, 8)) == 21 * 14


def test_staged_island_and_admits():
    b = Board.open_sea(5, 5)
    p = b.from_col_row(2, 2)
    island = b.with_points({p: "red"})
    assert island.admits(p, "flying") and not island.admits(p, "boat") and b.admits(p, "ship")
    assert not island.admits(Axial(99, 99), "flying")
    with pytest.raises(KeyError, match="99,148 is not a point of board"):
        b.with_points({Axial(99, 99): "red"})


def test_check_names_the_problem():
    b = Board.open_sea(3, 3)
    check(b)
    with pytest.raises(ValueError, match="colour 'green'"):
        check(b.__class__(b.name, 3, 3, {**b.points, Axial(0, 0): "green"}))
    with pytest.raises(ValueError, match="symbol 'dock'"):
        check(b.__class__(b.name, 3, 3, b.points, {Axial(0, 0): frozenset({"dock"})}))
    with pytest.raises(ValueError, match="base 'A-Red' point"):
        check(b.__class__(b.name, 3, 3, b.points, bases={"A-Red": Base("A-Red", "A", "Red", (Axial(50, 0),))}))
