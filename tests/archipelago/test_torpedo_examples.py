"""The printed torpedo examples (pictures 12-18, l.215-235) with forced dice, exact outcomes.

The pictures are not in the text: each test stages the pieces on an open sea so the geometry the
example describes holds (said in each docstring).  Dice are forced in the order they are rolled:
blue dice for the movement, then the red (launch) or green (continuation) die."""
import pytest

from lcb_lab.games.archipelago import actions as A
from lcb_lab.games.archipelago.rules.torpedo import continuation_reach
from lcb_lab.games.archipelago.stage import stage
from lcb_lab.kernel.errors import IllegalAction
from tests.archipelago.helpers import NE, N, SEA, S, at, snapshot, titles


def odds_entry(g):
    return next(e for e in reversed(g.state.log) if e["kind"] == "odds")


def test_picture_12_hit_from_the_minimum_distance():
    """Red TB-2 two points behind blue TB-6, both facing north: red 4 runs past the 2 steps needed."""
    g = stage(SEA, [("Red TB-2", at(), "N"), ("Blue TB-6", at((N, 2)), "N")], forced=[2, 3, 4])
    g.apply(A.RollMovement())
    g.apply(A.LaunchTorpedo("Red TB-2", "Blue TB-6"))
    assert odds_entry(g)["data"]["p_hit"] == pytest.approx(5 / 6)          # any red but 1 (l.203)
    assert "Blue TB-6" not in g.state.pieces and g.state.sunk["Blue TB-6"].hits == ["T"]   # l.237, l.243
    assert g.state.pieces["Red TB-2"].ammo == ["T"] and not g.state.torpedoes
    assert g.state.over and g.state.winner == "Red"                        # l.261: Blue has no boat left


def test_picture_13_hit_after_one_turn_needs_the_full_five():
    """Blue TB-3 faces north; red TB-1 lies 2 north then 3 north-east, facing north-east: the
    course turns right on step 3; a red 5 is just enough (and a red 4 would fall short)."""
    pieces = [("Blue TB-3", at(), "N"), ("Red TB-1", at((N, 2), (NE, 3)), "NE"), ("Red TB-8", at((S, 2)), "N")]
    g = stage(SEA, pieces, forced=[3, 4, 5], to_move="Blue")
    g.apply(A.RollMovement())
    assert g.legal_actions().count(A.LaunchTorpedo("Blue TB-3", "Red TB-1", 3, 1)) == 1   # the shortest course
    g.apply(A.LaunchTorpedo("Blue TB-3", "Red TB-1", 3, 1))
    assert odds_entry(g)["data"]["steps"] == 5 and odds_entry(g)["data"]["p_hit"] == pytest.approx(2 / 6)
    assert "Red TB-1" in g.state.sunk
    short = stage(SEA, pieces, forced=[3, 4, 4], to_move="Blue")
    short.apply(A.RollMovement())
    short.apply(A.LaunchTorpedo("Blue TB-3", "Red TB-1", 3, 1))
    t = short.state.torpedoes["T1"]
    assert "Red TB-1" in short.state.pieces and t.point == tuple(at((N, 2), (NE, 2))) and t.facing == NE   # l.207


def test_picture_14_front_side_miss_and_failed_launch():
    """Red TB-7 faces north; blue TB-5 lies 2 north then 3 north-east, facing south-west: a
    course turning right on step 3 reaches it on step 5 but from its front -- it passes beneath
    (l.209) and the red 6 leaves the marker one point beyond.  Red TB-8 rolls a 1 at blue TB-2:
    the launch fails (l.203), the marker goes back to the box."""
    pieces = [("Red TB-7", at(), "N"), ("Blue TB-5", at((N, 2), (NE, 3)), "SW"),
              ("Red TB-8", at((SE := 2, 3)), "N"), ("Blue TB-2", at((SE, 3), (N, 3)), "N")]
    g = stage(SEA, pieces, forced=[2, 3, 6, 1])
    g.apply(A.RollMovement())
    g.apply(A.LaunchTorpedo("Red TB-7", "Blue TB-5", 3, 1))
    assert odds_entry(g)["data"]["p_hit"] == 0.0                           # no hit from the front
    assert "Blue TB-5" in g.state.pieces and not g.state.pieces["Blue TB-5"].hits
    t = g.state.torpedoes["T1"]
    assert t.point == tuple(at((N, 2), (NE, 4))) and t.facing == NE and t.target == "Blue TB-5"
    g.apply(A.LaunchTorpedo("Red TB-8", "Blue TB-2"))
    assert g.state.pieces["Red TB-8"].ammo == ["T"] and list(g.state.torpedoes) == ["T1"]
    assert titles(g)[-1] == "red 1: the launch from Red TB-8 fails"


def test_pictures_15_to_17_short_torpedo_then_green_4_hits_tb5():
    """Red TB-4 moves one point north to O and launches at blue TB-8, 4 points north: red 3 stops
    one short, the marker at 3 north heading north.  Blue (blue 2 and 3) sails TB-8 out of range
    (turning right and running 4 north-east) and turns TB-3 (2 beyond the marker) to face the torpedo; TB-5, 3 north-east of the marker
    facing north-east, stays in range.  Red's green 4, turning right at once, reaches TB-5 on
    step 3: a hit (l.207-208)."""
    m = at((N, 3))
    pieces = [("Red TB-4", at((S, 1)), "N"), ("Blue TB-8", at((N, 4)), "N"),
              ("Blue TB-3", at((N, 2), start=m), "N"), ("Blue TB-5", at((NE, 3), start=m), "NE")]
    g = stage(SEA, pieces, forced=[2, 5, 3,   2, 3,   4])
    g.apply(A.RollMovement())
    g.apply(A.Move("Red TB-4", "F", 2))
    g.apply(A.LaunchTorpedo("Red TB-4", "Blue TB-8"))
    assert odds_entry(g)["data"]["p_hit"] == pytest.approx(3 / 6)          # red 4, 5 or 6
    assert g.state.torpedoes["T1"].point == tuple(m)
    g.apply(A.EndTurn())
    assert continuation_reach(g, "T1") == pytest.approx({"Blue TB-8": 1.0, "Blue TB-5": 0.5})
    g.apply(A.RollMovement())                                               # Blue: blue 2 and 3
    g.apply(A.Move("Blue TB-8", "RFFFF", 3))
    g.apply(A.Move("Blue TB-3", "RRR", 2))                                  # its front to the torpedo
    g.apply(A.EndTurn())
    assert continuation_reach(g, "T1") == pytest.approx({"Blue TB-5": 0.5})
    g.apply(A.ContinueTorpedo("T1", 1, 1))
    assert odds_entry(g)["data"] == {"torpedo": "T1", "p_hit": 0.5, "steps": 3, "target": "Blue TB-5",
                                     "reach": {"Blue TB-5": 0.5}}
    assert "Blue TB-5" in g.state.sunk and not g.state.torpedoes
    assert titles(g)[-2:] == ["green 4: T1 hits Blue TB-5", "Blue TB-5 is sunk"]
    assert g.dice.forced_left == 0
    assert set(g.state.pieces) == {"Red TB-4", "Blue TB-8", "Blue TB-3"}


def test_picture_18_interception_head_on():
    """Red TB-7's torpedo at blue TB-6 ran 3 points (red 3).  Blue moves TB-6 off the line, moves
    TB-1 to 5 points north of the marker facing south and launches at the marker: red 5 meets it
    head-on; both markers leave the board (optional rule l.233)."""
    pieces = [("Red TB-7", at(), "N"), ("Blue TB-6", at((N, 5)), "N"), ("Blue TB-1", at((N, 9)), "S")]
    g = stage(SEA, pieces, forced=[2, 3, 3,   2, 4,   5], optional_rules=["l.233"])
    g.apply(A.RollMovement())
    g.apply(A.LaunchTorpedo("Red TB-7", "Blue TB-6"))
    assert g.state.torpedoes["T1"].point == tuple(at((N, 3)))
    g.apply(A.EndTurn())
    g.apply(A.RollMovement())
    g.apply(A.Move("Blue TB-6", "RFF", 2))
    g.apply(A.Move("Blue TB-1", "F", 4))
    assert A.LaunchTorpedo("Blue TB-1", "T1") in g.legal_actions()
    g.apply(A.LaunchTorpedo("Blue TB-1", "T1"))
    assert odds_entry(g)["data"]["p_hit"] == pytest.approx(2 / 6) and odds_entry(g)["data"]["steps"] == 5
    assert g.state.torpedoes == {} and g.state.pieces["Blue TB-1"].ammo == ["T"]
    assert "head-on" in titles(g)[-1]


def test_interception_is_refused_without_the_switch():
    pieces = [("Red TB-7", at(), "N"), ("Blue TB-6", at((N, 5)), "N"), ("Blue TB-1", at((N, 8)), "S")]
    g = stage(SEA, pieces, forced=[2, 3, 3, 2, 4])
    g.apply(A.RollMovement())
    g.apply(A.LaunchTorpedo("Red TB-7", "Blue TB-6"))
    g.apply(A.EndTurn())
    g.apply(A.RollMovement())
    before = snapshot(g)
    with pytest.raises(IllegalAction) as e:
        g.apply(A.LaunchTorpedo("Blue TB-1", "T1"))
    assert e.value.rule == "l.233" and snapshot(g) == before
