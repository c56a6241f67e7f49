"""Level 3, helicopters (l.396-577), against the text's examples with forced dice: hovering and
progressive flight (pictures 30-31, l.449-461), landing (picture 33, l.469-475), fuel and
refuelling (picture 34, l.477-491), A-S missiles (pictures 36-37, l.497-518), A-A missiles
(pictures 38-39, l.520-533), the machine gun (picture 41: a red 3 downs H1, l.545; picture 42,
l.549), the frigate (l.400, l.465, l.473, l.553) and the dice count (l.437).  The pictures are
not in the text: each test places the pieces so the geometry its example describes holds."""
import pytest

from lcb_lab.games.archipelago import actions as A
from lcb_lab.games.archipelago.model.board import Base, Board
from lcb_lab.games.archipelago.rules.turn import dice_count
from lcb_lab.games.archipelago.stage import stage
from lcb_lab.kernel.hexgrid import Axial
from tests.archipelago.helpers import N, NE, NW, S, SE, SEA, at, refused, titles

FLY = {"flying": True}


def xy(p):
    return p.q, p.r


def test_pictures_30_31_hovering_spends_no_die_progressive_flight_is_exact():
    """H1 turns 120 degrees in place, H2 moves to an adjacent point and turns about (picture 30):
    the blue dice stay. Then flights of exactly 3 + 5 = 8 and 2 + 5 = 7 steps (picture 31)."""
    h2 = at((SE, 3))
    g = stage(SEA, [("Red H-1", at(), "N", FLY), ("Red H-2", h2, "N", FLY), ("Red TB-1", at((S, 2)), "N"),
                    ("Blue TB-1", at((N, 11)), "S")], forced=[3, 2], level=3)
    g.apply(A.RollMovement())
    assert g.state.dice == [3, 2]
    g.apply(A.Hover("Red H-1", *xy(at()), SE))                           # 120 degrees in place
    g.apply(A.Hover("Red H-2", *xy(at((N, 1), start=h2)), S))            # next point, turned 180
    assert g.state.dice == [3, 2]                                        # no blue die spent (l.453)
    assert (g.state.pieces["Red H-1"].point, g.state.pieces["Red H-1"].facing) == (tuple(at()), SE)
    assert (g.state.pieces["Red H-2"].point, g.state.pieces["Red H-2"].facing) == (tuple(at((N, 1), start=h2)), S)
    refused(g, A.Fly("Red H-1", "FFFFFFFF", 3), "l.448")                # one mode, one move a turn
    refused(g, A.Hover("Red H-1", *xy(at()), N), "l.448")

    g = stage(SEA, [("Red H-1", at(), "N", FLY), ("Red H-2", h2, "N", FLY), ("Red TB-1", at((S, 2)), "N"),
                    ("Blue TB-1", at((N, 11)), "S")], forced=[3, 2], level=3)
    g.apply(A.RollMovement())
    refused(g, A.Fly("Red H-1", "FFFFFFF", 3), "l.458")                 # 7 is short of 3 + 5
    refused(g, A.Fly("Red H-1", "FFFFFFFFF", 3), "l.458")               # 9 is over
    refused(g, A.Fly("Red H-1", "FFBFFFFF", 3), "l.459")                # no step back, no turn in place
    g.apply(A.Fly("Red H-1", "FFRFFFFF", 3))
    g.apply(A.Fly("Red H-2", "LFFFFFF", 2))
    h1 = g.state.pieces["Red H-1"]
    assert (h1.point, h1.facing) == (tuple(at((N, 2), (NE, 6))), NE)
    assert g.state.pieces["Red H-2"].point == tuple(at((NW, 7), start=h2)) and g.state.dice == []
    assert titles(g)[-1].startswith("Red H-2 flies LFFFFFF")


def test_no_flying_over_vessels_but_over_an_h_marker():
    sea = SEA.with_points({at((N, 3)): "white"})
    g = stage(sea, [("Red H-1", at(), "N", FLY), ("Red H-2", at((N, 3)), "N"), ("Red TB-1", at((SE, 1), (N, 4)), "N"),
                    ("Blue TB-1", at((SE, 2), (N, 3)), "N")], forced=[2, 2, 2], level=3)
    g.apply(A.RollMovement())
    g.apply(A.Fly("Red H-1", "FFFFFFF", 2))                               # over the landed H-2 (l.444)
    assert g.state.pieces["Red H-1"].point == tuple(at((N, 7)))
    g = stage(sea, [("Red H-1", at(), "NE", FLY), ("Red TB-1", at((NE, 3)), "N"), ("Blue TB-1", at((N, 12)), "S")],
              forced=[2, 2], level=3)
    g.apply(A.RollMovement())
    assert "vessel Red TB-1" in refused(g, A.Fly("Red H-1", "FFFFFFF", 2), "l.444")


def test_picture_33_landing_from_flight_stops_short_and_on_the_frigate():
    """H2 lands on a white point after 5 of its 8 steps; H1 lands from hovering on F-17 and rides
    on its panel (l.470-473); F-17's move carries it; a frigate takes one helicopter (l.400)."""
    w = at((N, 5))
    sea = SEA.with_points({w: "white"})
    f = at((SE, 3))
    g = stage(sea, [("Red H-2", at(), "N", FLY), ("Red H-1", at((N, 1), start=f), "N", FLY), ("Red F-17", f, "N"),
                    ("Blue TB-1", at((N, 11)), "S")], forced=[3, 3, 3], level=3)
    g.apply(A.RollMovement())
    refused(g, A.Fly("Red H-2", "FFFFF", 3), "l.458")                   # short only when landing
    g.apply(A.Fly("Red H-2", "FFFFF", 3, land=True))
    h2 = g.state.pieces["Red H-2"]
    assert (h2.point, h2.flying, h2.aboard) == (tuple(w), False, "")
    refused(g, A.Hover("Red H-1", *xy(at((N, 2), start=f)), 0, True), "l.443")   # not white: no landing
    g.apply(A.Hover("Red H-1", *xy(f), 0, True))
    h1 = g.state.pieces["Red H-1"]
    assert (h1.aboard, h1.flying) == ("Red F-17", False) and g.state.at(f) == "Red F-17"
    g.apply(A.Move("Red F-17", "FF", 3))
    assert h1.point == tuple(at((N, 2), start=f))
    assert dice_count(g.state, "Red") == 2                             # 3 pieces, landed ones too (l.437)


def base_b_sea():
    """The open sea with Red's Base B: a white landing point and its storage (fuel and ammunition)."""
    w, st = at((N, 4)), at((N, 4), (NE, 1))
    pts = dict(SEA.points) | {w: "white", st: "orange"}
    return Board("base B", SEA.cols, SEA.rows, pts, {st: frozenset({"ammunition", "fuel"})},
                 {"Red Base B": Base("Red Base B", "B", "Red", (st, w))}), w


def _turn(g, *acts):
    g.apply(A.RollMovement())
    for a in acts:
        g.apply(a)
    g.apply(A.EndTurn())
    g.apply(A.RollMovement())
    g.apply(A.EndTurn())


def test_picture_34_landing_in_base_b_on_the_fourth_turn_then_refuel_then_take_off():
    board, w = base_b_sea()
    g = stage(board, [("Red H-1", w, "N"), ("Red TB-1", at((S, 2)), "N"), ("Blue TB-1", at((N, 11)), "S")], seed=3,
              level=3)
    _turn(g, A.TakeOff("Red H-1", *xy(at((N, 1), start=w)), N))
    assert g.state.pieces["Red H-1"].fuel == 4                          # 5 on take-off (l.479), 4 on turn 2 after
    _turn(g, A.Hover("Red H-1", *xy(at((N, 1), start=w)), S))
    _turn(g, A.Hover("Red H-1", *xy(at((N, 1), start=w)), N))
    g.apply(A.RollMovement())
    g.apply(A.Hover("Red H-1", *xy(w), 0, True))                        # the fourth turn: lands
    assert g.state.pieces["Red H-1"].fuel == 2
    refused(g, A.Refuel("Red H-1"), "l.485")                            # landing took this turn
    g.apply(A.EndTurn())
    g.apply(A.RollMovement())
    g.apply(A.EndTurn())
    g.apply(A.Refuel("Red H-1"))                                        # turn 2: refuelling
    assert g.state.pieces["Red H-1"].fuel == 6
    g.apply(A.RollMovement())
    refused(g, A.TakeOff("Red H-1", *xy(w), N), "l.448")               # not on the refuelling turn
    g.apply(A.EndTurn())
    g.apply(A.RollMovement())
    g.apply(A.EndTurn())
    g.apply(A.RollMovement())
    g.apply(A.TakeOff("Red H-1", *xy(w), N))                            # turn 3: take-off
    assert g.state.pieces["Red H-1"].fuel == 5


def test_sixth_turn_in_the_air_falls_and_an_empty_base_depot_gives_no_fuel():
    board, w = base_b_sea()
    g = stage(board, [("Red H-1", at((N, 1), start=w), "N", {"flying": True, "fuel": 1}), ("Red TB-1", at((S, 2)), "N"),
                      ("Blue TB-1", at((N, 11)), "S")], seed=3, level=3, to_move="Blue")
    g.apply(A.RollMovement())
    g.apply(A.EndTurn())
    assert g.state.pieces["Red H-1"].fuel == 0 and titles(g)[-1] == "Red H-1: fuel pointer 0"
    g.apply(A.RollMovement())
    g.apply(A.EndTurn())
    assert "Red H-1" in g.state.sunk and "Red H-1 falls" in titles(g)
    g = stage(board, [("Red H-1", w, "N", {"fuel": 2}), ("Red TB-1", at((S, 2)), "N"), ("Blue TB-1", at((N, 11)), "S")],
              seed=3, level=3, ruins=["Red Base B storage"])
    refused(g, A.Refuel("Red H-1"), "l.485")


def test_take_off_from_the_frigate_and_going_down_with_it():
    f = at((N, 2))
    g = stage(SEA, [("Red F-17", f, "N"), ("Red H-1", f, "N", {"aboard": "Red F-17"}), ("Blue C-9", at((N, 5)), "S")],
              forced=[2, 2, 6, 4], level=3)
    g.apply(A.RollMovement())
    refused(g, A.TakeOff("Red H-1", *xy(f), N), "l.465")               # next to the frigate only
    g.apply(A.TakeOff("Red H-1", *xy(at((NW, 1), start=f)), N))
    assert g.state.pieces["Red H-1"].aboard == "" and g.state.pieces["Red H-1"].fuel == 5
    g = stage(SEA, [("Red F-17", f, "N", {"hits": ["G"]}), ("Red H-1", f, "N", {"aboard": "Red F-17"}),
                    ("Red TB-1", at((S, 1)), "N"), ("Blue C-9", at((N, 5)), "S")], forced=[2, 6, 4], level=3,
              to_move="Blue")
    g.apply(A.RollMovement())
    g.apply(A.FireGun("Blue C-9", "Red F-17"))
    assert {"Red F-17", "Red H-1"} <= set(g.state.sunk) and "Red H-1 goes down with Red F-17" in titles(g)


def test_picture_41_the_machine_gun_downs_h1_on_a_3_and_the_torpedo_is_not_fired():
    """Blue TB-3 beside both red helicopters, with a torpedo shot at C-11 open: it chooses the
    machine gun at H1 (one weapon a turn, l.543); red 3 >= 2 downs it (l.545)."""
    tb = at()
    g = stage(SEA, [("Blue TB-3", tb, "N"), ("Red H-1", at((NE, 1)), "N", FLY), ("Red H-2", at((NW, 1)), "N", FLY),
                    ("Red C-11", at((N, 4)), "S")], forced=[2, 3], level=3, to_move="Blue")
    g.apply(A.RollMovement())
    legal = g.legal_actions()
    assert A.FireMachineGun("Blue TB-3", "Red H-1") in legal and A.FireMachineGun("Blue TB-3", "Red H-2") in legal
    assert any(isinstance(a, A.LaunchTorpedo) and a.target == "Red C-11" for a in legal)
    step = g.chance_outcomes(A.FireMachineGun("Blue TB-3", "Red H-1"))
    assert step.rule == "l.539" and dict(step.outcomes)[(1,)] == pytest.approx(5 / 6)
    n = len(g.state.log)
    g.apply(A.FireMachineGun("Blue TB-3", "Red H-1"))
    assert titles(g, n) == ["Blue TB-3's machine gun at Red H-1: 83.3% to destroy", "red 3: Red H-1 is destroyed"]
    assert "Red H-1" in g.state.sunk
    refused(g, A.LaunchTorpedo("Blue TB-3", "Red C-11"), "l.543")
    refused(g, A.FireMachineGun("Blue TB-3", "Red H-2"), "l.543")


def test_machine_gun_red_1_misses_and_a_landed_helicopter_goes_without_a_roll():
    g = stage(SEA, [("Blue TB-3", at(), "N"), ("Red H-1", at((NE, 1)), "N", FLY), ("Red C-9", at((N, 6)), "S")],
              forced=[2, 1], level=3, to_move="Blue")
    g.apply(A.RollMovement())
    g.apply(A.FireMachineGun("Blue TB-3", "Red H-1"))
    assert "Red H-1" in g.state.pieces and titles(g)[-1] == "red 1: a miss"
    w = at((N, 2))
    g = stage(SEA.with_points({w: "white"}), [("Red C-10", at((N, 1), (NE, 1)), "N"), ("Blue H-2", w, "N"),
                                             ("Red H-1", at((N, 4)), "N", FLY), ("Blue TB-1", at((N, 9)), "S")],
              forced=[2, 2], level=3)
    g.apply(A.RollMovement())
    assert g.chance_outcomes(A.FireMachineGun("Red C-10", "Blue H-2")) is None     # no roll (l.549)
    g.apply(A.FireMachineGun("Red C-10", "Blue H-2"))
    assert "Blue H-2" in g.state.sunk and tuple(w) in g.state.red_points
    g2 = stage(SEA.with_points({w: "white"}), [("Red H-1", at((N, 3)), "N", FLY), ("Blue TB-1", at((N, 9)), "S")],
               forced=[2], level=3, red_points=[tuple(w)])
    g2.apply(A.RollMovement())
    assert "R marker" in refused(g2, A.Hover("Red H-1", *xy(w), 0, True), "l.443")   # a red point now (l.510)


def test_picture_37_a_s_from_the_minimum_distance_ruins_the_storage_and_h2_misses_tb3():
    st, ws, fu = at((N, 2)), at((N, 3)), at((N, 3), (NE, 1))
    pts = dict(SEA.points) | {st: "orange", ws: "orange", fu: "orange"}
    board = Board("base A", SEA.cols, SEA.rows, pts, {st: frozenset({"ammunition"}), ws: frozenset({"workshop"}),
                                                      fu: frozenset({"fuel"})},
                  {"Blue Base A": Base("Blue Base A", "A", "Blue", (st, ws, fu))})
    h2 = at((SE, 4))
    g = stage(board, [("Red H-1", at(), "N", FLY), ("Red H-2", h2, "N", FLY), ("Blue TB-3", at((N, 5), start=h2), "S"),
                      ("Blue TB-1", at((N, 9)), "S")], forced=[2, 2, 1, 2, 1, 3], level=3)
    g.apply(A.RollMovement())
    assert A.LaunchMissile("Red H-1", "Blue Base A ammunition") in g.legal_actions()
    n = len(g.state.log)
    g.apply(A.LaunchMissile("Red H-1", "Blue Base A ammunition"))
    assert titles(g, n)[:2] == ["Red H-1 launches an A-S missile at Blue Base A ammunition: 97.2% to hit",
                                "green 1 + green 2 = 3: the A-S missile hits Blue Base A ammunition"]
    assert "Blue Base A ammunition" in g.state.ruins and g.state.pieces["Red H-1"].ammo == []
    g.apply(A.LaunchMissile("Red H-2", "Blue TB-3"))                    # 5 d: green 1 + 3 = 4 falls short
    assert titles(g)[-1] == "green 1 + green 3 = 4: the A-S missile misses Blue TB-3"
    assert "Blue TB-3" in g.state.pieces and g.state.pieces["Red H-2"].ammo == []


def test_picture_36_two_a_s_missiles_sink_d13_and_a_double_1_fails():
    d = at((N, 4))
    g = stage(SEA, [("Red H-1", at(), "N", FLY), ("Red H-2", at((S, 1)), "N", FLY), ("Red TB-1", at((SE, 3)), "N"),
                    ("Blue D-13", d, "S")], forced=[3, 3, 2, 2, 4, 1], level=3)
    g.apply(A.RollMovement())
    g.apply(A.LaunchMissile("Red H-1", "Blue D-13"))                    # 4 d: 2 + 2 reaches it
    assert g.state.pieces["Blue D-13"].hits == ["A-S"]
    refused(g, A.LaunchMissile("Red H-1", "Blue D-13"), "l.543")
    g.apply(A.LaunchMissile("Red H-2", "Blue D-13"))                    # 5 d: 4 + 1
    assert "Blue D-13" in g.state.sunk and g.state.sunk["Blue D-13"].hits == ["A-S", "A-S"]
    g = stage(SEA, [("Red H-1", at(), "N", FLY), ("Blue D-13", d, "S")], forced=[2, 1, 1], level=3)
    g.apply(A.RollMovement())
    g.apply(A.LaunchMissile("Red H-1", "Blue D-13"))
    assert titles(g)[-1] == "green 1 + green 1: the launch fails" and g.state.pieces["Blue D-13"].hits == []
    refused(g, A.LaunchMissile("Red H-1", "Blue D-13"), "l.543")


def test_a_gun_shell_destroys_a_landed_helicopter_and_leaves_an_r_marker():
    w = at((N, 3))
    g = stage(SEA.with_points({w: "white"}), [("Red C-9", at(), "N"), ("Blue H-1", w, "S")], forced=[2, 2, 1], level=3)
    g.apply(A.RollMovement())
    g.apply(A.FireGun("Red C-9", "Blue H-1"))                           # red 2 + green 1 = 3 reaches 3 d
    assert "Blue H-1" in g.state.sunk and g.state.red_points == [tuple(w)]


def test_a_s_damage_is_mended_by_the_repair_ship():
    g = stage(SEA, [("Red C-9", at(), "N", {"hits": ["A-S"]}), ("Red R-16", at((SE, 1)), "N"), ("Blue TB-1", at((N, 9)), "S")],
              level=3)
    g.apply(A.Repair("Red C-9", "Red R-16"))
    assert g.state.pieces["Red C-9"].hits == []


def test_pictures_38_39_a_a_hits_from_the_rear_and_misses_from_the_front():
    g = stage(SEA, [("Red H-1", at(), "N", {"flying": True, "ammo": ["A-A"]}), ("Blue H-1", at((N, 3)), "N", FLY),
                    ("Blue TB-1", at((N, 9)), "S")], forced=[2, 3], level=3)
    g.apply(A.RollMovement())
    step = g.chance_outcomes(A.LaunchMissile("Red H-1", "Blue H-1"))
    assert dict(step.outcomes)[(1,)] == pytest.approx(4 / 6)            # red 3 or more
    g.apply(A.LaunchMissile("Red H-1", "Blue H-1"))
    assert "Blue H-1" in g.state.sunk and g.state.sunk["Blue H-1"].hits == ["A-A"]
    g = stage(SEA, [("Red H-1", at(), "N", {"flying": True, "ammo": ["A-A"]}), ("Blue H-1", at((N, 3)), "S", FLY),
                    ("Red C-9", at((SE, 2)), "N"), ("Blue TB-1", at((N, 9)), "S")], forced=[2, 2, 6], level=3)
    g.apply(A.RollMovement())
    assert dict(g.chance_outcomes(A.LaunchMissile("Red H-1", "Blue H-1")).outcomes) == {(0,): 1.0}
    refused(g, A.LaunchMissile("Red H-1", "Blue TB-1"), "l.523")        # A-A: aircraft only
    g.apply(A.LaunchMissile("Red H-1", "Blue H-1"))                     # red 6 reaches it from the front
    assert titles(g)[-1] == "red 6: the A-A missile misses Blue H-1" and "Blue H-1" in g.state.pieces
    refused(g, A.FireGun("Red C-9", "Blue H-1"), "l.549")                # a gun does not hit aircraft


def test_min_distance_and_torpedo_and_arming():
    g = stage(SEA, [("Red H-1", at(), "N", FLY), ("Blue TB-1", at((N, 1)), "S"), ("Blue H-1", at((N, 3)), "S", FLY)],
              forced=[2], level=3)
    g.apply(A.RollMovement())
    refused(g, A.LaunchMissile("Red H-1", "Blue TB-1"), "l.504")
    g = stage(SEA, [("Red TB-1", at(), "N"), ("Blue H-1", at((N, 3)), "S", FLY)], forced=[2], level=3)
    g.apply(A.RollMovement())
    refused(g, A.LaunchTorpedo("Red TB-1", "Blue H-1"), "l.1587")
    f = at((N, 2))
    g = stage(SEA, [("Red F-17", f, "N"), ("Red H-1", f, "N", {"aboard": "Red F-17", "ammo": []}),
                    ("Blue TB-1", at((N, 9)), "S")], level=3)
    g.apply(A.Restock("Red H-1", ("A-A",)))
    assert g.state.pieces["Red H-1"].ammo == ["A-A"] and g.state.pieces["Red F-17"].ammo == ["G", "G", "A-S"]
    refused(g, A.Restock("Red H-1", ("A-S",)), "l.502")


def test_dice_count_counts_helicopters_landed_or_flying():
    w = at((N, 5))
    pieces = [(f"Red TB-{i}", at((SE, i)), "N") for i in range(1, 5)] + [("Red H-1", w, "N"), ("Red H-2", at((N, 1)), "N", FLY)]
    g = stage(SEA.with_points({w: "white"}), pieces + [("Blue TB-1", at((N, 9)), "S")], level=3)
    assert dice_count(g.state, "Red") == 3                              # 6 pieces: 3 dice (l.291, l.437)


def test_islands_are_connected_land_points():
    a, b = at((N, 3)), at((N, 4))
    board = SEA.with_points({a: "white", b: "orange", at((SE, 5)): "red"})
    isl = board.islands()
    assert sorted(len(v) for v in isl.values()) == [1, 2]
    assert board.island_at(a) == board.island_at(b) and board.island_at(at()) is None
    assert Axial(*at((N, 2))) in board.coast(board.island_at(a))
