"""Expanded rules, the seaplane (l.1084-1117) and the blimp (l.1276-1282), against the text with
forced dice on staged level-5 positions: a flight of exactly die + 7 (picture 71, l.1093), the
take-off run (picture 72, l.1097), the landing (picture 73, l.1101), moves on the water with and
without fuel (pictures 74-75, l.1105-1107), refuelling (l.1113), what may hit it (l.1115), and the
blimp's one step without a blue die (picture 87, l.1280).  The pictures are not in the text: each
test places the pieces so the geometry its example describes holds."""
from lcb_lab.games.archipelago import actions as A
from lcb_lab.games.archipelago.model.board import Base, Board
from lcb_lab.games.archipelago.stage import stage
from tests.archipelago.helpers import NE, NW, SE, N, SEA, at, titles
from tests.archipelago.test_level3 import refused

FLY = {"flying": True}
FOE = ("Blue TB-1", at((SE, 5), (N, 10)), "S")
MINE = ("Red TB-2", at((SE, 5)), "N")


def test_picture_71_flying_exactly_die_plus_7_and_it_must_fly_every_turn():
    g = stage(SEA, [("Red H-7", at(), "N", FLY), MINE, FOE], forced=[3, 2], level=5)
    g.apply(A.RollMovement())
    g.apply(A.Move("Red TB-2", "F", 3))
    refused(g, A.EndTurn(), "l.1313")                                    # in the air it must move (l.1093)
    g = stage(SEA, [("Red H-7", at(), "N", FLY), MINE, FOE], forced=[3, 2], level=5)
    g.apply(A.RollMovement())
    g.apply(A.Move("Red TB-2", "F", 3))
    refused(g, A.Fly("Red H-7", "FFFFFFFF", 2), "l.1093")               # 8 is short of 2 + 7
    g.apply(A.Fly("Red H-7", "FFRFFFLFF", 2))
    p = g.state.pieces["Red H-7"]
    assert (p.point, p.facing, p.fuel) == (tuple(at((N, 3), (NE, 4), (N, 2))), N, 9)
    assert titles(g)[-1].startswith("Red H-7 flies FFRFFFLFF")


def test_picture_72_take_off_five_on_the_water_the_sixth_lifts_off_then_turns():
    land = at((N, 6))
    g = stage(SEA.with_points({land: "orange"}), [("Red H-7", at(), "N"), MINE, FOE], forced=[2, 3], level=5)
    g.apply(A.RollMovement())
    refused(g, A.Fly("Red H-7", "FFFFRFFFF", 2), "l.1097")              # turns before the seventh step
    refused(g, A.Fly("Red H-7", "FFFFFFFFF", 2, True), "l.1097")
    g.apply(A.Fly("Red H-7", "FFFFFFRFF", 2))                            # the sixth step over land (l.1097)
    p = g.state.pieces["Red H-7"]
    assert p.flying and (p.point, p.facing) == (tuple(at((N, 6), (NE, 3))), NE)
    g = stage(SEA.with_points({at((N, 3)): "orange"}), [("Red H-7", at(), "N"), MINE, FOE], forced=[2, 3], level=5)
    g.apply(A.RollMovement())
    refused(g, A.Fly("Red H-7", "FFFFFFFFF", 2), "l.1097")              # the run needs water


def test_picture_73_landing_last_five_straight_last_four_on_water_and_shorter():
    isle = at((N, 3))
    g = stage(SEA.with_points({isle: "orange"}), [("Red H-7", at(), "N", FLY), MINE, FOE], forced=[4, 3], level=5)
    g.apply(A.RollMovement())
    refused(g, A.Fly("Red H-7", "FFFFRFF", 4, True), "l.1101")          # not five straight at the end
    refused(g, A.Fly("Red H-7", "FFFFFF", 4, True), "l.1101")           # the island is among the last four points
    assert A.Fly("Red H-7", "FFFFFFF", 4, True) in [a.make(None, o) for a in g.legal_actions()
                                                    if getattr(a, "kind", "") == "seaplane" for o in a.options]
    g.apply(A.Fly("Red H-7", "FFFFFFF", 4, True))                        # 7 of 4 + 7: it may stop short
    p = g.state.pieces["Red H-7"]
    assert not p.flying and p.point == tuple(at((N, 7))) and p.fuel == 9
    assert titles(g)[-1] == "Red H-7 lands FFFFFFF: 6,12 (D6) -> 6,5 (D3)"


def test_pictures_74_75_on_the_water_as_a_vessel_one_step_spends_no_fuel():
    g = stage(SEA.with_points({at((N, 2)): "light_blue"}), [("Red H-7", at(), "N", {"fuel": 4}), MINE, FOE],
              forced=[3, 2], level=5)
    g.apply(A.RollMovement())
    refused(g, A.Move("Red H-7", "FFFF", 3), "l.1105")                  # at most the die
    refused(g, A.Move("Red H-7", "BF", 3), "l.1107")                    # never backward
    g.apply(A.Move("Red H-7", "FFR", 3))                                 # over shallow water too
    assert (g.state.pieces["Red H-7"].point, g.state.pieces["Red H-7"].fuel) == (tuple(at((N, 2))), 3)
    g = stage(SEA, [("Red H-7", at(), "N"), MINE, FOE], forced=[3, 2], level=5)
    g.state.pieces["Red H-7"].fuel = 0                                   # (staging fills an empty tank)
    g.apply(A.RollMovement())
    refused(g, A.Move("Red H-7", "FF", 3), "l.1107")                    # empty tank: one step only
    g.apply(A.Move("Red H-7", "F", 3))
    assert g.state.pieces["Red H-7"].fuel == 0 and "no fuel spent (l.1107)" in g.state.log[-1]["text"]


def test_refuelling_at_an_anchor_point_or_to_the_side_of_a_ship_and_what_hits_it():
    port = at((N, 1))
    board = Board("port", SEA.cols, SEA.rows, dict(SEA.points), {port: frozenset({"port"})},
                  {"Red Base A": Base("Red Base A", "A", "Red", (port,))})
    g = stage(board, [("Red H-7", port, "N", {"fuel": 2}), MINE, FOE], forced=[3, 3], level=5)
    g.apply(A.Refuel("Red H-7"))
    assert g.state.pieces["Red H-7"].fuel == 10
    g.apply(A.RollMovement())
    refused(g, A.Move("Red H-7", "F", 3), "l.1093")                     # refuelling takes the whole turn
    g = stage(SEA, [("Red H-7", at((N, 1)), "N", {"fuel": 2}), ("Red F-17", at(), "N"), MINE, FOE], level=5)
    refused(g, A.Refuel("Red H-7", "Red F-17"), "l.1113")               # ahead of the frigate, not to its side
    g = stage(SEA, [("Red H-7", at((NE, 1)), "N", {"fuel": 2}), ("Red F-17", at(), "N"), MINE, FOE], level=5)
    g.apply(A.Refuel("Red H-7", "Red F-17"))
    assert g.state.pieces["Red H-7"].fuel == 10 and g.state.pieces["Red F-17"].held
    g = stage(SEA, [("Blue D-13", at(), "N"), ("Red H-7", at((N, 4)), "N"), ("Red TB-2", at((SE, 4)), "N")],
              forced=[2, 4, 3], level=5, to_move="Blue")
    g.apply(A.RollMovement())
    refused(g, A.LaunchTorpedo("Blue D-13", "Red H-7"), "l.1113")
    g.apply(A.FireGun("Blue D-13", "Red H-7"))                            # on the water a shell hits it (l.1115)
    assert "Red H-7" in g.state.sunk


def test_picture_87_the_blimp_one_step_a_turn_without_a_blue_die():
    g = stage(SEA, [("Red BL-1", at(), "N"), MINE, FOE], forced=[3, 3], level=5)
    refused(g, A.Drift("Red BL-1", "F"), "l.170")
    g.apply(A.RollMovement())
    refused(g, A.Drift("Red BL-1", "FF"), "l.1280")
    g.apply(A.Drift("Red BL-1", "R"))                                    # mild turn while moving
    assert (g.state.pieces["Red BL-1"].point, g.state.pieces["Red BL-1"].facing) == (tuple(at((NE, 1))), NE)
    assert g.state.dice == [3, 3, 3]                                     # no blue die spent (a bonus too)
    refused(g, A.Drift("Red BL-1", "TL"), "l.1280")                     # one step a turn
    g = stage(SEA, [("Red BL-1", at(), "N"), MINE, FOE], forced=[3, 2], level=5)
    g.apply(A.RollMovement())
    assert {a for a in g.legal_actions() if isinstance(a, A.Drift)} == {A.Drift("Red BL-1", s) for s in ("F", "L", "R", "TL", "TR")}
    g.apply(A.Drift("Red BL-1", "TL"))
    assert (g.state.pieces["Red BL-1"].point, g.state.pieces["Red BL-1"].facing) == (tuple(at()), NW)


def test_the_hydrofoil_and_ekranoplan_leave_the_flying_seaplane_its_die():
    """l.1313 / l.1093: with one blue die left and H-7 in the air not yet moved, a foilborne move or
    an ekranoplan flight is neither listed nor accepted (byte-identical refusal)."""
    g = stage(SEA, [("Red H-7", at(), "N", FLY), ("Red HY-29", at((SE, 3)), "N"), ("Red E-1", at((SE, 6)), "N"),
                    MINE, FOE], forced=[3, 2], level=5)
    g.apply(A.RollMovement())
    kinds = {getattr(a, "kind", type(a).__name__) for a in g.legal_actions()}
    assert {"foilborne", "FlyEkranoplan"} <= kinds                     # two dice: one may be theirs
    g.apply(A.Move("Red TB-2", "F", 3))
    kinds = {getattr(a, "kind", type(a).__name__) for a in g.legal_actions()}
    assert not {"foilborne", "FlyEkranoplan"} & kinds
    refused(g, A.Foilborne("Red HY-29", "FFFFF", 2), "l.1313")
    refused(g, A.FlyEkranoplan("Red E-1", "F" * 9, 2, take_off=True), "l.1313")
