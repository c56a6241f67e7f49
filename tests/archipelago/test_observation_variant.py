"""Rescuing Pilot, the observation variant (l.576): Red must fly over the island in F4, Blue over
the island in B4, with any helicopter; the first to do it wins.  Every helicopter lost: a draw (as
l.574).  On the text's board (``data/boards/archipelago.toml``), forced blue dice."""
import pytest

from lcb_lab.games.archipelago import actions as A
from lcb_lab.games.archipelago.model.board_data import load_board
from lcb_lab.games.archipelago.stage import stage
from lcb_lab.kernel.hexgrid import distance
from tests.archipelago.helpers import titles

B = load_board("archipelago")
TARGETS = {"Red": "island F4", "Blue": "island B4"}
NORTH_OF_F4 = B.from_col_row(33, 12)                 # sector F3, 8 steps south cross the island in F4


def game(pieces, forced=(3, 3, 3, 3), **extra):
    return stage(B, pieces, forced=list(forced), level=3, scenario="l.576", targets=TARGETS, **extra)


def test_l576_a_progressive_flight_across_the_island_in_f4_wins_at_the_end_of_the_turn():
    g = game([("Red H-1", NORTH_OF_F4, "S", {"flying": True}), ("Red TB-1", B.from_col_row(2, 2), "S"),
              ("Blue TB-5", B.from_col_row(40, 25), "N")])
    g.apply(A.RollMovement())
    g.apply(A.Fly("Red H-1", "F" * 8, 3, land=False))                 # blue 3 + 5 = 8 steps (l.457)
    assert g.state.pieces["Red H-1"].point == tuple(B.from_col_row(33, 20))
    assert titles(g)[-1] == "Red H-1 flies over island F4" and g.state.log[-1]["rules"] == ["l.576"]
    assert not g.state.over                                          # the task is judged at the turn's end
    g.apply(A.EndTurn())
    assert g.state.over and g.state.winner == "Red" and g.state.outcome == "Red H-1 observes island F4 first"


def test_l576_the_other_sides_island_does_not_count_and_a_ship_does_not_observe():
    g = game([("Red H-1", NORTH_OF_F4, "S", {"flying": True}), ("Red TB-1", B.from_col_row(2, 2), "S"),
              ("Blue TB-5", B.from_col_row(40, 25), "N")], to_move="Blue")
    g.state.targets = {"Red": "island B4", "Blue": "island F4"}
    g.apply(A.RollMovement())
    g.apply(A.EndTurn())
    g.apply(A.RollMovement())
    g.apply(A.Fly("Red H-1", "F" * 8, 3, land=False))                # over Blue's island: nothing for Red
    assert "Red H-1 flies over island F4" not in titles(g)
    g.apply(A.EndTurn())
    assert not g.state.over


def test_l576_a_hover_to_a_point_above_the_island_counts():
    edge = B.from_col_row(35, 15)                                    # a sea point next to the island in F4
    g = game([("Red H-1", edge, "S", {"flying": True}), ("Red TB-1", B.from_col_row(2, 2), "S"),
              ("Blue TB-5", B.from_col_row(40, 25), "N")])
    g.apply(A.RollMovement())
    over = next(q for q in sorted(B.islands()["island F4"]) if distance(q, edge) == 1)
    g.apply(A.Hover("Red H-1", over.q, over.r, 0, False))
    assert titles(g)[-2] == "Red H-1 flies over island F4"
    g.apply(A.EndTurn())
    assert g.state.winner == "Red"


def test_l576_every_helicopter_lost_is_a_draw():
    g = game([("Red H-1", NORTH_OF_F4, "S", {"flying": True, "fuel": 1}), ("Red TB-1", B.from_col_row(2, 2), "S"),
              ("Blue TB-5", B.from_col_row(40, 25), "N")], to_move="Blue")
    g.apply(A.RollMovement())
    g.apply(A.EndTurn())
    g.apply(A.RollMovement())
    g.apply(A.EndTurn())                                             # H-1 out of fuel in the air falls (l.483)
    assert g.state.over and g.state.winner == "" and g.state.outcome == "every helicopter is lost"


def test_l576_a_scenario_needs_both_targets():
    with pytest.raises(ValueError):
        stage(B, [("Red TB-1", B.from_col_row(2, 2), "S"), ("Blue TB-5", B.from_col_row(40, 25), "N")],
              level=3, scenario="l.576", targets={"Red": "island F4"})
