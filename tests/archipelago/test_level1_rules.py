"""Level 1 rules against the text: the turn and bonus move (l.170-174), movement (l.178-191),
torpedo launching corners (l.202-209, l.241), restocking at Base A (l.251-255), wrecks (l.243),
the end of the game (l.259-262).  Positions are staged on an open sea."""
import dataclasses

import pytest

from lcb_lab.games.archipelago import actions as A
from lcb_lab.games.archipelago.model.board import Base
from lcb_lab.games.archipelago.rules.torpedo import REAR, bearing
from lcb_lab.games.archipelago.stage import stage
from tests.archipelago.helpers import N, NE, NW, S, SE, SEA, SW, at, refused


def two_boats(forced, **kw):
    return stage(SEA, [("Red TB-1", at(), "N"), ("Red TB-2", at((SE, 2)), "N"), ("Red TB-3", at((SE, 4)), "N"),
                       ("Blue TB-1", at((N, 9)), "S")], forced=forced, **kw)


def test_two_blue_dice_move_two_pieces_a_matching_pair_three():
    g = two_boats([3, 4])
    g.apply(A.RollMovement())
    assert g.state.dice == [3, 4] and not g.state.bonus                   # l.170
    g.apply(A.Move("Red TB-1", "F", 3))
    refused(g, A.Move("Red TB-1", "F", 4), "l.170")                        # a piece moves once
    g.apply(A.Move("Red TB-2", "F", 4))
    refused(g, A.Move("Red TB-3", "F", 4), "l.170")                        # no die left
    b = two_boats([2, 2])
    b.apply(A.RollMovement())
    assert b.state.dice == [2, 2, 2] and b.state.bonus                     # l.172
    for pid in ("Red TB-1", "Red TB-2", "Red TB-3"):
        b.apply(A.Move(pid, "F", 2))


def test_steps_forward_turns_and_one_step_back():
    g = two_boats([3, 4])
    g.apply(A.RollMovement())
    refused(g, A.Move("Red TB-1", "FFFFFF", 3), "l.178")                   # 6 > 3 + 2
    refused(g, A.Move("Red TB-1", "BFB", 4), "l.191")                      # one step back a turn
    refused(g, A.Move("Red TB-1", "FX", 4), "l.180")
    g.apply(A.Move("Red TB-1", "FLFFR", 3))                                # picture 8's TB-3 kind of move
    p = g.state.pieces["Red TB-1"]
    assert p.point == tuple(at((N, 1), (NW, 2))) and p.facing == N
    g.apply(A.Move("Red TB-2", "B", 4))                                    # picture 10
    assert g.state.pieces["Red TB-2"].point == tuple(at((SE, 2), (S, 1)))


def test_no_passing_through_pieces_and_no_sea_off_the_board():
    g = stage(SEA, [("Red TB-1", at(), "N"), ("Red TB-2", at((N, 1)), "N"), ("Blue TB-1", at((N, 9)), "S")],
              forced=[3, 4])
    g.apply(A.RollMovement())
    assert "Red TB-2 stands there" in refused(g, A.Move("Red TB-1", "FF", 3), "l.182")
    edge = stage(SEA, [("Red TB-1", SEA.from_col_row(0, 0), "N"), ("Blue TB-1", at(), "N")], forced=[3, 4])
    edge.apply(A.RollMovement())
    refused(edge, A.Move("Red TB-1", "F", 3), "l.120")


def test_wreck_on_shallow_water_blocks_boats():
    shallow = at((N, 2))
    sea = SEA.with_points({shallow: "light_blue"})
    g = stage(sea, [("Red TB-1", at(), "N"), ("Blue TB-1", shallow, "N"), ("Blue TB-2", at((N, 9)), "N"),
                    ("Red TB-2", at((SW, 1), (N, 2)), "NE")], forced=[2, 3, 5, 2, 3, 2, 3])
    g.apply(A.RollMovement())
    g.apply(A.LaunchTorpedo("Red TB-1", "Blue TB-1"))
    assert g.state.wrecks == [tuple(shallow)]                              # l.243
    for act in (A.EndTurn(), A.RollMovement(), A.EndTurn(), A.RollMovement()):
        g.apply(act)
    refused(g, A.Move("Red TB-2", "F", 2), "l.243")


@pytest.mark.parametrize("heading,hit", [(N, True), (NE, True), (NW, True), (S, False), (SE, False), (SW, False)])
def test_a_torpedo_boat_is_hit_only_from_its_three_rear_directions(heading, hit):
    """Reading of l.209 against picture 11 (l.213): a boat facing north is hit by a torpedo heading
    north, north-east or north-west (coming from behind it), never by one heading south-ish."""
    assert (bearing(N, heading) in REAR) is hit


def test_launch_corners_minimum_distance_course_and_marker():
    g = stage(SEA, [("Red TB-1", at(), "N"), ("Blue TB-1", at((N, 1)), "S"), ("Blue TB-2", at((N, 6)), "N")],
              forced=[2, 3, 6])
    refused(g, A.LaunchTorpedo("Red TB-1", "Blue TB-2"), "l.174")           # before the blue dice
    g.apply(A.RollMovement())
    refused(g, A.LaunchTorpedo("Red TB-1", "Blue TB-1"), "l.202")           # 1 d
    refused(g, A.LaunchTorpedo("Red TB-1", "Blue TB-2", 2, 1), "l.205")     # turns before step 3
    refused(g, A.LaunchTorpedo("Red TB-1", "Red TB-1"), "l.201")
    refused(g, A.LaunchTorpedo("Red TB-1", "Blue TB-2", 3, 2), "l.205")
    g.apply(A.LaunchTorpedo("Red TB-1", "Blue TB-2"))                      # red 6 reaches step 6 from behind
    assert "Blue TB-2" in g.state.sunk
    refused(g, A.LaunchTorpedo("Red TB-1", "Blue TB-1"), "l.543")
    refused(g, A.Move("Red TB-1", "F", 2), "l.174")                         # movement over after a shot


def test_a_torpedo_not_continued_leaves_and_one_meeting_land_is_lost():
    land = at((N, 3))
    sea = SEA.with_points({land: "red"})
    g = stage(sea, [("Red TB-1", at(), "N"), ("Red TB-2", at((SE, 3)), "N"), ("Blue TB-1", at((N, 5)), "N"),
                    ("Blue TB-2", at((SE, 3), (N, 5)), "N")], forced=[2, 3, 5, 2, 2, 3, 2, 3])
    g.apply(A.RollMovement())
    g.apply(A.LaunchTorpedo("Red TB-1", "Blue TB-1", 0, 0))                # the island on step 3
    assert not g.state.torpedoes and "runs aground" in g.state.log[-1]["title"]
    g.apply(A.LaunchTorpedo("Red TB-2", "Blue TB-2"))                     # red 2: short of 5
    assert list(g.state.torpedoes) == ["T1"]
    g.apply(A.EndTurn())
    g.apply(A.RollMovement())
    g.apply(A.EndTurn())
    refused(g, A.ContinueTorpedo("T1", 1, 2), "l.207")                      # one turn, by 60 degrees (or none)
    g.apply(A.RollMovement())                                              # not continued: removed (l.241)
    assert not g.state.torpedoes and "not continued" in g.state.log[-3]["title"]


def port_board(owner="Red"):
    port = at((SW, 1))
    land = at((SW, 2))
    base = Base(f"A-{owner}", "A", owner, (port, land))
    return dataclasses.replace(SEA.with_points({land: "white"}), symbols={port: frozenset({"port"}),
                               land: frozenset({"ammunition", "workshop", "fuel"})}, bases={base.name: base}), port


def test_restocking_takes_three_turns():
    """l.251: turn 1 into the port; turn 2 load (no move); turn 3 move out."""
    board, port = port_board()
    g = stage(board, [("Red TB-1", at(), "SW", {"ammo": []}), ("Blue TB-1", at((N, 9)), "S")],
              forced=[2, 3, 2, 3, 2, 3, 2, 3, 2, 3])
    g.apply(A.RollMovement())
    g.apply(A.Move("Red TB-1", "F", 2))
    refused(g, A.Restock("Red TB-1"), "l.251")                             # it did not start the turn there
    for _ in range(2):
        g.apply(A.EndTurn())
        if g.state.to_move == "Blue":
            g.apply(A.RollMovement())
    g.apply(A.Restock("Red TB-1"))
    assert g.state.pieces["Red TB-1"].ammo == ["T", "T"] and g.state.stock["Red"]["T"] == 30 - 2
    g.apply(A.RollMovement())
    refused(g, A.Move("Red TB-1", "RRRF", 2), "l.251")
    g.apply(A.EndTurn())
    g.apply(A.RollMovement())
    g.apply(A.EndTurn())
    g.apply(A.RollMovement())
    g.apply(A.Move("Red TB-1", "RRRF", 2))


def test_enemy_port_is_closed():
    board, port = port_board("Blue")
    g = stage(board, [("Red TB-1", at(), "SW"), ("Blue TB-1", at((N, 9)), "S")], forced=[2, 3])
    g.apply(A.RollMovement())
    refused(g, A.Move("Red TB-1", "F", 2), "l.255")


def test_out_of_ammunition_the_count_of_boats_decides():
    g = stage(SEA, [("Red TB-1", at(), "N", {"ammo": []}), ("Red TB-2", at((SE, 2)), "N", {"ammo": []}),
                    ("Blue TB-1", at((N, 9)), "S", {"ammo": []})], forced=[2, 3], stock={"Red": {"T": 0}, "Blue": {"T": 0}})
    g.apply(A.RollMovement())
    g.apply(A.EndTurn())
    assert g.state.over and g.state.winner == "Red" and "Red 2, Blue 1" in g.state.outcome     # l.262
    assert g.legal_actions() == []
    refused(g, A.RollMovement(), "l.259")


def test_equal_boats_out_of_ammunition_is_a_draw():
    g = stage(SEA, [("Red TB-1", at(), "N", {"ammo": []}), ("Blue TB-1", at((N, 9)), "S", {"ammo": []})],
              forced=[2, 3], stock={"Red": {"T": 0}, "Blue": {"T": 0}})
    g.apply(A.RollMovement())
    g.apply(A.EndTurn())
    assert g.state.over and g.state.winner == ""


def test_the_first_run_passes_pieces_that_are_not_its_target():
    """Reading: only the announced target can be hit on the first run (the second part hits "any"
    piece because the torpedo is then disoriented, l.207-208): an enemy boat in the way is passed."""
    g = stage(SEA, [("Red TB-1", at(), "N"), ("Blue TB-1", at((N, 2)), "N"), ("Blue TB-2", at((N, 4)), "N")],
              forced=[2, 3, 6])
    g.apply(A.RollMovement())
    g.apply(A.LaunchTorpedo("Red TB-1", "Blue TB-2"))
    assert "Blue TB-2" in g.state.sunk and not g.state.pieces["Blue TB-1"].hits


def test_a_missed_interceptor_stays_as_a_marker():
    """Reading: an interceptor that does not meet the enemy torpedo head-on is a torpedo like any
    other, its marker left on the board (l.207, l.233)."""
    g = stage(SEA, [("Red TB-7", at(), "N"), ("Blue TB-6", at((N, 7), (SE, 3)), "N"), ("Blue TB-1", at((N, 9)), "S")],
              forced=[2, 3, 3, 2, 4, 2], optional_rules=["l.233"])
    g.apply(A.RollMovement())
    g.apply(A.LaunchTorpedo("Red TB-7", "Blue TB-6"))
    g.apply(A.EndTurn())
    g.apply(A.RollMovement())
    g.apply(A.LaunchTorpedo("Blue TB-1", "T1"))                            # red 2: 6 points short
    assert set(g.state.torpedoes) == {"T1", "T2"} and g.state.torpedoes["T2"].owner == "Blue"


def test_a_piece_that_loads_may_still_fire():
    """Reading: loading holds a piece in place for the turn (l.251); the text forbids only moving."""
    board, port = port_board()
    g = stage(board, [("Red TB-1", port, "N", {"ammo": ["T"]}), ("Blue TB-1", at((SW, 1), (N, 4)), "N")],
              forced=[2, 3, 6])
    g.apply(A.Restock("Red TB-1"))
    g.apply(A.RollMovement())
    g.apply(A.LaunchTorpedo("Red TB-1", "Blue TB-1"))
    assert "Blue TB-1" in g.state.sunk and g.state.pieces["Red TB-1"].ammo == ["T"]
