"""Expanded rules, combat aircraft (l.1284-1391), against the text with forced dice on staged
level-5 positions: the approach -- Ready, Takeoff, Climb, Approach, then onto the western edge
(picture 88, l.1307-1313); flights of die + 10, the afterburner (picture 89, l.1317-1319); leaving
at pointer 1 and the plane lost for want of fuel (picture 90, l.1325-1327); the gun from straight
behind (picture 91, l.1333-1337); A-A missiles +2 and the decoy flare (pictures 92-93,
l.1343-1349); A-S missiles +2 at a boat and at a target on land (pictures 94-95, l.1357; a torpedo
boat stands in for the missile boat MB-21, which another part builds); what cannot shoot them down
(l.1365-1367).  The pictures are not in the text: each test places the pieces so the geometry its
example describes holds."""
import pytest

from lcb_lab.games.archipelago import actions as A
from lcb_lab.games.archipelago.model.board import Base, Board
from lcb_lab.games.archipelago.stage import stage
from lcb_lab.kernel.hexgrid import from_offset
from tests.archipelago.helpers import NE, SE, S, N, SEA, at, titles
from tests.archipelago.test_level3 import refused, xy

FLY = {"flying": True}
SHIPS = [("Red TB-2", at((SE, 5)), "N"), ("Blue TB-1", at((SE, 5), (N, 10)), "S")]


def _pass(g, n=1):
    """End ``n`` rounds of both players without moving."""
    for _ in range(2 * n):
        g.apply(A.RollMovement())
        g.apply(A.EndTurn())


def test_picture_88_approach_ready_takeoff_climb_approach_then_the_western_edge():
    g = stage(SEA, SHIPS, seed=5, level=5, airfield={"Red A-1": "ready", "Blue A-5": "ready"})
    g.apply(A.Scramble("Red A-1"))
    assert g.state.airfield["Red A-1"] == "takeoff" and titles(g)[-1] == "Red A-1 takes off from its distant base"
    refused(g, A.Scramble("Red A-1"), "l.1288")                          # one combat flight
    refused(g, A.Scramble("Blue A-5"), "l.1307")
    refused(g, A.EnterZone("Red A-1", *xy(from_offset(0, 5)), NE), "l.1309")
    _pass(g)
    assert g.state.airfield["Red A-1"] == "climb"
    _pass(g)
    assert g.state.airfield["Red A-1"] == "approach"
    _pass(g)
    assert g.state.airfield["Red A-1"] == "enter"
    g.apply(A.RollMovement())
    refused(g, A.EndTurn(), "l.1309")                                    # it must come on this turn
    refused(g, A.EnterZone("Red A-1", *xy(from_offset(1, 5)), NE), "l.1309")   # not on the western edge
    assert any(type(a).__name__ == "EnterTemplate" for a in g.legal_actions())
    g.apply(A.EnterZone("Red A-1", *xy(from_offset(0, 5)), NE))
    a1 = g.state.pieces["Red A-1"]
    assert (a1.fuel, a1.moved, a1.ammo) == (6, True, ["A-A", "A-S"]) and g.state.airfield["Red A-1"] == "zone"
    g.apply(A.EndTurn())


def test_picture_89_die_plus_10_and_the_afterburner_plus_15_two_notches():
    start = from_offset(0, 15)
    g = stage(SEA, [("Red A-4", start, "NE", {"flying": True, "fuel": 8})] + SHIPS, forced=[3, 2], level=5,
              airfield={"Red A-4": "zone"})
    g.apply(A.RollMovement())
    g.apply(A.Move("Red TB-2", "F", 2))
    refused(g, A.EndTurn(), "l.1313")                                    # A4 must move while a die is left
    refused(g, A.FlyAircraft("Red A-4", "F" * 12, 3), "l.1317")         # 3 + 10 = 13
    refused(g, A.FlyAircraft("Red A-4", "F" * 13, 3, True), "l.1317")   # 3 + 15 = 18
    steps = "F" * 8 + "L" + "F" * 9                                      # 18 steps with afterburner
    g.apply(A.FlyAircraft("Red A-4", steps, 3, True))
    a4 = g.state.pieces["Red A-4"]
    assert (a4.point, a4.facing, a4.fuel) == (tuple(at((NE, 8), (N, 10), start=start)), N, 6)
    assert titles(g)[-1].startswith("Red A-4 flies " + steps) and g.state.log[-1]["rules"] == ["l.1317", "l.1319"]
    g = stage(SEA, [("Red A-1", start, "NE", {"flying": True})] + SHIPS, forced=[3, 2], level=5, airfield={"Red A-1": "zone"})
    g.apply(A.RollMovement())
    refused(g, A.FlyAircraft("Red A-1", steps, 3, True), "l.1319")      # A1 has no afterburner


def test_picture_90_pointer_1_must_leave_by_its_edge_else_the_plane_is_lost():
    g = stage(SEA, [("Red A-2", from_offset(1, 8), "NW", {"flying": True, "fuel": 1})] + SHIPS, forced=[2, 3], level=5,
              airfield={"Red A-2": "zone"})
    g.apply(A.RollMovement())
    assert any(type(a).__name__ == "JetTemplate" and "FF" in a.options for a in g.legal_actions())
    g.apply(A.FlyAircraft("Red A-2", "FF", 2))                           # off the western edge: home (l.1325)
    assert "Red A-2" not in g.state.pieces and g.state.airfield["Red A-2"] == "returned" and "Red A-2" not in g.state.sunk
    assert titles(g)[-1] == "Red A-2 leaves the battle zone"
    g = stage(SEA, [("Red A-2", from_offset(12, 8), "NE", {"flying": True, "fuel": 1})] + SHIPS, forced=[2, 3], level=5,
              airfield={"Red A-2": "zone"})
    g.apply(A.RollMovement())
    refused(g, A.FlyAircraft("Red A-2", "FF", 2), "l.1325")              # not across the enemy's edge
    g.apply(A.FlyAircraft("Red A-2", "LFLFFFFFFFFF", 2))                 # the last fuel, still on the board
    assert g.state.airfield["Red A-2"] == "dry" and titles(g)[-1] == "Red A-2 cannot reach its base"
    g = stage(SEA, [("Red A-2", from_offset(1, 8), "NE", {"flying": True, "fuel": 1})] + SHIPS, forced=[2, 3], level=5,
              airfield={"Red A-2": "dry"})
    g.apply(A.RollMovement())
    refused(g, A.FlyAircraft("Red A-2", "F" * 12, 2), "l.1327")         # away from its edge
    g.apply(A.FlyAircraft("Red A-2", "LLF", 2))                          # round to NW: off the western edge, lost
    assert g.state.airfield["Red A-2"] == "lost" and "Red A-2" in g.state.sunk and titles(g)[-1] == "Red A-2 is lost"


def test_picture_91_the_gun_from_straight_behind_a2_hits_h1_a5_misses_a3():
    h1 = at((N, 4))
    g = stage(SEA, [("Red A-2", at((N, 3)), "N", FLY), ("Blue H-1", h1, "N", FLY), ("Red A-5", at((SE, 2)), "N", FLY),
                    ("Blue A-3", at((SE, 2), (N, 1)), "N", FLY)] + SHIPS, forced=[2, 3, 3, 2], level=5,
              airfield={"Red A-2": "zone", "Red A-5": "zone", "Blue A-3": "zone"})
    g.state.pieces["Red A-2"].moved = g.state.pieces["Red A-5"].moved = True
    g.apply(A.RollMovement())
    assert A.FireAircraftGun("Red A-2", "Blue H-1") in g.legal_actions()
    refused(g, A.FireAircraftGun("Red A-2", "Blue TB-1"), "l.1333")     # only aircraft in the air
    n = len(g.state.log)
    g.apply(A.FireAircraftGun("Red A-2", "Blue H-1"))
    assert titles(g, n)[:2] == ["Red A-2's machine gun at Blue H-1: 66.7% to destroy", "red 3: Blue H-1 is destroyed"]
    assert g.state.log[n]["rules"] == ["l.1335"]
    g.apply(A.FireAircraftGun("Red A-5", "Blue A-3"))
    assert titles(g)[-1] == "red 2: a miss" and "Blue A-3" in g.state.pieces


def test_pictures_92_93_a_a_plus_2_and_the_decoy_flare():
    """A4's A-A at A3 7 d ahead from its rear: red 5 + 2 = 7 reaches it, the decoy's red 4 draws it (picture 93);
    then red 3: the decoy fails and the missile hits."""
    for decoy, lost in ((4, False), (3, True)):
        g = stage(SEA, [("Red A-4", at(), "N", FLY), ("Blue A-3", at((N, 7)), "N", FLY)] + SHIPS,
                  forced=[2, 2, 5, decoy], level=5, airfield={"Red A-4": "zone", "Blue A-3": "zone"})
        g.state.pieces["Red A-4"].moved = True
        g.apply(A.RollMovement())
        step = g.chance_outcomes(A.LaunchMissile("Red A-4", "Blue A-3", 0, 0, "A-A"))
        assert dict(step.outcomes)[(1,)] == pytest.approx(2 / 6 * 1 / 2)            # red 5-6, then the decoy fails
        n = len(g.state.log)
        g.apply(A.LaunchMissile("Red A-4", "Blue A-3", 0, 0, "A-A"))
        said = titles(g, n)
        assert said[:3] == ["Red A-4 launches an A-A missile at Blue A-3: 33.3% to hit",
                            "red 5 + 2 = 7: the A-A missile hits Blue A-3",
                            "Blue A-3 throws a decoy flare: 50.0% to draw the missile away"]
        assert ("Blue A-3" in g.state.sunk) is lost and g.state.airfield["Blue A-3"] == ("lost" if lost else "zone")


def test_pictures_94_95_a_s_plus_2_misses_a_boat_and_hits_a_target_on_land():
    st = at((N, 9))
    board = Board("base", SEA.cols, SEA.rows, {**SEA.points, st: "orange"}, {st: frozenset({"ammunition"})},
                  {"Blue Base A": Base("Blue Base A", "A", "Blue", (st,))})
    g = stage(board, [("Red A-1", at(), "N", FLY), ("Blue TB-3", at((N, 8)), "S"), ("Red A-3", at((N, 1)), "N", FLY)] + SHIPS,
              forced=[2, 3, 2, 3, 3, 3], level=5, airfield={"Red A-1": "zone", "Red A-3": "zone"})
    g.state.pieces["Red A-1"].moved = g.state.pieces["Red A-3"].moved = True
    g.apply(A.RollMovement())
    n = len(g.state.log)
    g.apply(A.LaunchMissile("Red A-1", "Blue TB-3", 0, 0, "A-S"))        # picture 94: green 2 + 3 + 2 = 7 < 8
    assert titles(g, n)[:2] == ["Red A-1 launches an A-S missile at Blue TB-3: 36.1% to hit",
                                "green 2 + green 3 + 2 = 7: the A-S missile misses Blue TB-3"]
    n = len(g.state.log)
    g.apply(A.LaunchMissile("Red A-3", "Blue Base A ammunition"))          # picture 95: on land, 8 d ahead
    assert "Blue Base A ammunition" in g.state.ruins and titles(g, n)[1].startswith("green 3 + green 3 + 2 = 8")


def test_no_machine_gun_from_vessels_nor_the_combat_helicopter_at_a_jet():
    g = stage(SEA, [("Red TB-2", at(), "N"), ("Red H-5", at((S, 2)), "N", FLY), ("Blue A-3", at((N, 1)), "N", FLY),
                    ("Blue TB-1", at((N, 9)), "S")], forced=[2, 2], level=5, airfield={"Blue A-3": "zone"})
    g.apply(A.RollMovement())
    refused(g, A.FireMachineGun("Red TB-2", "Blue A-3"), "l.1365")
    g.state.pieces["Red H-5"].point = tuple(at())
    g.state.pieces["Red TB-2"].point = tuple(at((SE, 3)))
    refused(g, A.FireMachineGun("Red H-5", "Blue A-3"), "l.1367")
    refused(g, A.FireGun("Red TB-2", "Blue A-3"), "l.315")


def test_optional_l1323_the_aircraft_roll_their_own_dice():
    """Two planes in the battle zone: the table's dice for the other pieces (two boats: 2 dice, l.836),
    then one die per plane (l.1323); the boats keep their dice, the planes fly on theirs."""
    pieces = [("Red A-1", from_offset(0, 15), "NE", FLY), ("Red A-5", from_offset(0, 3), "SE", FLY), ("Red TB-3", at((SE, 3)), "N")]
    g = stage(SEA, pieces + SHIPS, forced=[3, 4, 2, 5], level=5, optional_rules=["l.1323"],
              airfield={"Red A-1": "zone", "Red A-5": "zone"})
    g.apply(A.RollMovement())
    assert (g.state.dice, g.state.air_dice) == ([3, 4], [2, 5])
    assert titles(g)[-2:] == ["Red rolls 2 blue dice for its combat aircraft", "blue 2-5 for the aircraft"]
    g.apply(A.Move("Red TB-2", "F", 3))
    g.apply(A.Move("Red TB-3", "F", 4))                                  # the planes do not need these
    refused(g, A.EndTurn(), "l.1313")
    refused(g, A.FlyAircraft("Red A-1", "F" * 13, 3), "l.1313")          # a 3 is not among the planes' dice
    g.apply(A.FlyAircraft("Red A-1", "F" * 12, 2))
    assert g.state.air_dice == [5] and g.state.dice == []
    tmpl = next(a for a in g.legal_actions() if type(a).__name__ == "JetTemplate")
    assert tmpl.limits == {"piece": "Red A-5", "die": 5, "afterburner": False} and A.EndTurn() not in g.legal_actions()
    g.apply(tmpl.make(None, tmpl.options[0]))
    assert A.EndTurn() in g.legal_actions()
    g.apply(A.EndTurn())


@pytest.mark.parametrize("rules,over", [(["l.1377"], False), ([], True)])
def test_optional_l1377_base_a_destroyed_does_not_end_a_game_with_combat_aircraft(rules, over):
    """l.1377 (switch ``l.1377``): with combat aircraft in the game the last of Base A's three
    targets ruined does not end it; without the switch it does (l.388)."""
    from tests.archipelago.test_level2 import base_board
    land, port = at((N, 4)), at((N, 3))
    g = stage(base_board("Blue", land, port), [("Red C-9", at(), "N"), ("Blue C-9", at((SE, 6)), "N")],
              forced=[2, 3, 3, 3, 4], level=5, ruins=["A-Blue workshop", "A-Blue fuel"], optional_rules=rules,
              airfield={"Red A-1": "ready", "Blue A-5": "ready"})
    g.apply(A.RollMovement())
    g.apply(A.FireGun("Red C-9", "A-Blue ammunition"))
    assert "A-Blue ammunition" in g.state.ruins and g.state.over == over
    if over:
        assert g.state.winner == "Red" and g.state.outcome == "Blue's Base A is destroyed"
    else:
        assert titles(g)[-1] == "Blue's Base A is destroyed: the game goes on" and g.legal_actions()[-1] == A.EndTurn()
