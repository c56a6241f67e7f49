"""The Dock Landing Ship and the Landing Boat (l.1021-1047): the well dock's exit behind the ship
(picture 67, l.1043) and entry after an approach (picture 66, l.1045), the hovercraft too (l.1047),
commandos moved inside the dock (l.1029, l.1047), the landing boat's speed and torpedo side
(l.1039) and its landing (l.658)."""
from lcb_lab.games.archipelago import actions as A
from lcb_lab.games.archipelago.stage import stage
from tests.archipelago.helpers import NE, SE, SW, N, S, SEA, at, titles
from tests.archipelago.test_level3 import refused

DOCKED = {"aboard": "Red DLS-26"}


def docked(forced=(), craft="Red LB-27", extra=None, **kw):
    """The DLS at O facing north with ``craft`` in its well dock (l.1037); a Blue boat far north."""
    return stage(SEA, [("Red DLS-26", at(), "N"), (craft, at(), "N", {**DOCKED, **(extra or {})}),
                       ("Blue TB-1", at((N, 10)), "S")], forced=list(forced), level=5, **kw)


def test_picture_67_the_boat_exits_behind_and_the_dls_stays_that_turn():
    g = docked(forced=[3, 4, 2, 3, 3])
    assert g.state.at(at()) == "Red DLS-26"                              # the boat is inside, not on the board
    g.apply(A.RollMovement())
    refused(g, A.Move("Red LB-27", "F", 3), "l.1043")
    assert A.ExitDock("Red LB-27", SW) in g.legal_actions()
    g.apply(A.ExitDock("Red LB-27", SW))                                 # behind the DLS, facing any way
    lb = g.state.pieces["Red LB-27"]
    assert (lb.point, lb.facing, lb.aboard) == (tuple(at((S, 1))), SW, "")
    refused(g, A.Move("Red DLS-26", "F", 3), "l.251")                    # the DLS does not move that turn
    refused(g, A.Move("Red LB-27", "F", 4), "l.251")                     # nor the boat
    g.apply(A.EndTurn())
    g.apply(A.RollMovement())                                            # Blue: 2
    g.apply(A.EndTurn())
    g.apply(A.RollMovement())                                            # Red: 3, 3
    refused(g, A.Move("Red LB-27", "FFFF", 3), "l.1039")                 # blue 3 + 0: a boat at a ship's speed
    g.apply(A.Move("Red LB-27", "FFF", 3))
    g.apply(A.Move("Red DLS-26", "FFF", 3))
    assert g.state.pieces["Red LB-27"].point == tuple(at((S, 1), (SW, 3)))


def test_picture_66_approach_then_enter_the_next_turn():
    g = stage(SEA, [("Red DLS-26", at(), "N"), ("Red LB-27", at((S, 3)), "N"), ("Blue TB-1", at((N, 10)), "S")],
              forced=[2, 4, 2, 2, 2], level=5)
    g.apply(A.RollMovement())
    g.apply(A.Move("Red LB-27", "FF", 2))                                # approach: behind the DLS
    refused(g, A.EnterDock("Red LB-27", "Red DLS-26"), "l.1045")         # it moved this turn
    g.apply(A.EndTurn())
    g.apply(A.RollMovement())
    g.apply(A.EndTurn())
    assert A.EnterDock("Red LB-27", "Red DLS-26") in g.legal_actions()
    g.apply(A.EnterDock("Red LB-27", "Red DLS-26"))
    assert g.state.pieces["Red LB-27"].aboard == "Red DLS-26" and g.state.pieces["Red DLS-26"].held
    g.apply(A.RollMovement())
    refused(g, A.Move("Red DLS-26", "F", 2), "l.251")


def test_the_entry_needs_the_point_behind_and_room_and_a_dock():
    g = stage(SEA, [("Red DLS-26", at(), "N"), ("Red LB-27", at((SE, 1)), "N"), ("Red HC-18", at((S, 1)), "N"),
                    ("Red CS-25", at((S, 3)), "N"), ("Blue TB-1", at((N, 10)), "S")], level=5)
    refused(g, A.EnterDock("Red LB-27", "Red DLS-26"), "l.1045")         # beside, not behind
    refused(g, A.EnterDock("Red HC-18", "Red CS-25"), "l.1045")          # the command ship has no well dock
    g.apply(A.EnterDock("Red HC-18", "Red DLS-26"))                      # a hovercraft too (l.1047)
    g = stage(SEA, [("Red DLS-26", at(), "N"), ("Red HC-18", at(), "N", DOCKED), ("Red LB-27", at((S, 1)), "N"),
                    ("Blue TB-1", at((N, 10)), "S")], level=5)
    refused(g, A.EnterDock("Red LB-27", "Red DLS-26"), "l.1029")         # one craft in the dock


def test_commandos_move_between_the_dls_and_the_craft_inside():
    g = docked(extra={"ammo": []})
    assert g.state.pieces["Red DLS-26"].ammo.count("C") == 2             # sandbox: starts with 2 of its 4
    g.apply(A.ShiftCommandos("Red DLS-26", "Red LB-27"))
    assert g.state.pieces["Red LB-27"].ammo == ["C"]
    refused(g, A.ShiftCommandos("Red DLS-26", "Red LB-27"), "l.1029")    # the boat holds one
    g.apply(A.ShiftCommandos("Red LB-27", "Red DLS-26"))
    assert g.state.pieces["Red DLS-26"].ammo.count("C") == 2 and g.state.pieces["Red LB-27"].ammo == []
    refused(g, A.ShiftCommandos("Red LB-27", "Red DLS-26"), "l.1047")    # nothing left to hand over
    g = stage(SEA, [("Red DLS-26", at(), "N", {"ammo": ["C"] * 4}), ("Red LB-27", at(), "N", DOCKED),
                    ("Blue TB-1", at((N, 10)), "S")], level=5)
    refused(g, A.ShiftCommandos("Red LB-27", "Red DLS-26"), "l.1029")    # the DLS holds four (l.1029)
    g = stage(SEA, [("Red DLS-26", at(), "N"), ("Red LB-27", at((S, 1)), "N"), ("Blue TB-1", at((N, 10)), "S")], level=5)
    refused(g, A.ShiftCommandos("Red DLS-26", "Red LB-27"), "l.1047")    # only inside the dock


def test_no_shot_at_a_docked_craft_and_it_goes_down_with_the_dls():
    g = stage(SEA, [("Red DLS-26", at(), "N", {"hits": ["G", "G"]}), ("Red LB-27", at(), "N", DOCKED),
                    ("Blue D-13", at((S, 2)), "N"), ("Red TB-1", at((N, 10)), "S")], forced=[3, 4, 3], level=5,
              to_move="Blue")
    g.apply(A.RollMovement())
    refused(g, A.FireGun("Blue D-13", "Red LB-27"), "l.1029")
    refused(g, A.LaunchTorpedo("Blue D-13", "Red LB-27"), "l.1029")
    assert not [a for a in g.legal_actions() if getattr(a, "target", "") == "Red LB-27"]
    g.apply(A.FireGun("Blue D-13", "Red DLS-26"))
    assert {"Red DLS-26", "Red LB-27"} <= set(g.state.sunk) and "Red LB-27 goes down with Red DLS-26" in titles(g)


def test_a_torpedo_hits_the_landing_boat_only_from_its_rear():
    """l.1039: as every boat (l.209); from the front the run passes it (picture 14's reading)."""
    g = stage(SEA, [("Red LB-27", at((N, 3)), "S"), ("Blue TB-1", at(), "N")], forced=[5, 4], level=5, to_move="Blue")
    g.apply(A.RollMovement())
    g.apply(A.LaunchTorpedo("Blue TB-1", "Red LB-27"))
    assert "Red LB-27" in g.state.pieces                                   # head-on: a miss
    g = stage(SEA, [("Red LB-27", at((N, 3)), "N"), ("Blue TB-1", at(), "N")], forced=[5, 4], level=5, to_move="Blue")
    g.apply(A.RollMovement())
    g.apply(A.LaunchTorpedo("Blue TB-1", "Red LB-27"))
    assert "Red LB-27" in g.state.sunk                                     # from the rear: sunk by one hit


def test_the_landing_boat_lands_its_commandos_and_takes_the_garrison():
    land = {at((N, 2)): "orange", at((N, 3)): "white"}
    board = SEA.with_points(land)
    g = stage(board, [("Red LB-27", at((N, 1)), "N"), ("Blue TB-1", at((SW, 5)), "N")], forced=[2, 5, 3],
              level=5, garrisons={board.island_at(at((N, 2))): "Blue"})
    isl = board.island_at(at((N, 2)))
    g.apply(A.RollMovement())
    refused(g, A.LandCommandos("Red LB-27", "Blue Base A"), "l.658")
    g.apply(A.LandCommandos("Red LB-27", isl))                           # red 5 against green 3 (l.661)
    assert g.state.garrisons == {} and [c.owner for c in g.state.commandos] == ["Red"]
    assert g.state.pieces["Red LB-27"].ammo == []
    g = docked(forced=[2, 3])
    g.apply(A.RollMovement())
    refused(g, A.LandCommandos("Red LB-27", isl), "l.1043")               # from inside the dock: exit first


def test_helicopter_platforms_two_on_the_dls_one_on_the_command_ship_no_fuel_on_the_mlp():
    """The DLS carries two helicopters (l.1027), the command ship one (l.945), both with helicopter
    fuel; helicopters land on the MLP (two) but do not refuel there (l.1266)."""
    fly = {"flying": True}
    g = stage(SEA, [("Red DLS-26", at(), "N"), ("Red H-1", at(), "N", {"aboard": "Red DLS-26"}),
                    ("Red H-2", at((NE, 1)), "N", fly), ("Blue TB-1", at((N, 10)), "S")], forced=[3, 3], level=5)
    g.apply(A.RollMovement())
    g.apply(A.Hover("Red H-2", *at(), N, True))                          # the second platform
    assert g.state.pieces["Red H-2"].aboard == "Red DLS-26"
    g = stage(SEA, [("Red CS-25", at(), "N"), ("Red H-1", at(), "N", {"aboard": "Red CS-25"}),
                    ("Red H-2", at((NE, 1)), "N", fly), ("Blue TB-1", at((N, 10)), "S")], forced=[3, 3], level=5)
    g.apply(A.RollMovement())
    refused(g, A.Hover("Red H-2", *at(), N, True), "l.443")              # one platform, taken
    g = stage(SEA, [("Red CS-25", at(), "N"), ("Red H-1", at(), "N", {"aboard": "Red CS-25", "fuel": 2}),
                    ("Blue TB-1", at((N, 10)), "S")], level=5)
    g.apply(A.Refuel("Red H-1", "Red CS-25"))
    assert g.state.pieces["Red H-1"].fuel == 6
    g = stage(SEA, [("Red MLP-36", at(), "N"), ("Red H-1", at(), "N", {"aboard": "Red MLP-36", "fuel": 2}),
                    ("Blue TB-1", at((N, 10)), "S")], level=5)
    refused(g, A.Refuel("Red H-1", "Red MLP-36"), "l.485")               # no fuel on the MLP (l.1266)


def test_the_landing_boat_may_be_placed_in_the_dls_at_the_start():
    """l.1037: at the beginning, the LB can be placed on the DLS's panel -- a Place act on the DLS's point."""
    from lcb_lab.games.archipelago.rules.setup import setup_state
    from lcb_lab.games.archipelago.game import Archipelago
    from lcb_lab.kernel.dice import Dice
    g = Archipelago(setup_state(["Red DLS-26", "Red LB-27", "Blue TB-1"], 5), SEA, Dice(seed=0))
    g.apply(A.Place("Red DLS-26", *at(), N))
    g.apply(A.Place("Red LB-27", *at(), N))
    assert g.state.pieces["Red LB-27"].aboard == "Red DLS-26"
    g.apply(A.Place("Blue TB-1", *at((S, 1)), N))
    refused(g, A.Place("Blue TB-1", *at(), N), "l.144")                   # placed already


def test_a_helicopter_aboard_takes_no_commandos_unless_its_row_says_so():
    g = stage(SEA, [("Red DLS-26", at(), "N"), ("Red H-1", at(), "N", {"aboard": "Red DLS-26", "ammo": []}),
                    ("Blue TB-1", at((N, 10)), "S")], level=5)
    refused(g, A.ShiftCommandos("Red DLS-26", "Red H-1"), "l.1047")      # H1-H2 carry none (l.1029: utility, transport)
    assert not [a for a in g.legal_actions() if isinstance(a, A.ShiftCommandos)]
