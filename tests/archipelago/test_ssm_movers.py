"""Expanded rules (level 5): the hydrofoil hullborne and foilborne (l.1069-1082, picture 70) and the
ekranoplan on the water and flying (l.1219-1254, picture 83), with forced dice on staged positions."""

from lcb_lab.games.archipelago import actions as A
from lcb_lab.games.archipelago.rules.torpedo import hittable
from lcb_lab.games.archipelago.stage import stage
from lcb_lab.kernel.hexgrid import neighbour
from tests.archipelago.helpers import N, NE, NW, S, SE, SEA, SW, at, refused, titles

FLY = {"flying": True}


def test_picture_70_hy29_hullborne_turns_in_place_hy30_foilborne_moves_die_plus_3():
    """HY-29 hullborne on a blue 3: at most 3 steps, turning in place allowed (l.1078).  HY-30
    foilborne on a blue 4: exactly 4 + 3 = 7 steps, a mild turn on a step, none in place (l.1080);
    like a boat it may cross light-blue water (l.1073)."""
    hy30 = at((SE, 4))
    board = SEA.with_points({at((N, 2), start=hy30): "light_blue"})
    g = stage(board, [("Red HY-29", at(), "N"), ("Red HY-30", hy30, "N"), ("Blue TB-1", at((N, 11)), "S")],
              forced=[3, 4], level=5)
    g.apply(A.RollMovement())
    refused(g, A.Move("Red HY-29", "FFFF", 3), "l.178")                    # hullborne: the die, +0
    refused(g, A.Foilborne("Red HY-30", "FFFFFF", 4), "l.1080")            # not 7
    refused(g, A.Foilborne("Red TB-1", "FFFFFFF", 4), "l.1080")
    g.apply(A.Move("Red HY-29", "LFF", 3))
    assert g.state.pieces["Red HY-29"].point == tuple(at((NW, 2))) and g.state.pieces["Red HY-29"].facing == NW
    refused(g, A.Foilborne("Red HY-30", "FFFFFFX", 4), "l.1080")
    g.apply(A.Foilborne("Red HY-30", "FFLFFFF", 4))
    p = g.state.pieces["Red HY-30"]
    assert p.point == tuple(at((N, 2), (NW, 5), start=hy30)) and p.facing == NW
    assert titles(g)[-1].startswith("Red HY-30 foilborne FFLFFFF") and g.state.dice == []


def test_foilborne_is_offered_and_cannot_cross_land_or_pieces():
    """The listed foilborne moves are each exactly die + 3 steps; a path over land or another piece is refused."""
    g = stage(SEA.with_points({at((N, 3)): "orange"}), [("Red HY-29", at(), "N"), ("Blue TB-1", at((N, 11)), "S")],
              forced=[2], level=5)
    g.apply(A.RollMovement())
    tpl = next(a for a in g.legal_actions() if getattr(a, "kind", "") == "foilborne")
    assert tpl.options and all(len(o) == 5 for o in tpl.options)
    refused(g, A.Foilborne("Red HY-29", "FFFFF", 2), "l.120")
    assert all(g.is_legal(A.Foilborne("Red HY-29", o, 2)) for o in tpl.options[:10])


def test_picture_83_the_ekranoplan_turns_once_then_flies_straight():
    """E1 in the air on a blue 3 flies exactly 3 + 7 = 10 steps (l.1234); after a mild turn the next
    step is straight (l.1238): "FLFF..." is good, "FLRF..." refused.  It cannot fly over red land
    but may over orange (l.1234), nor over a vessel."""
    g = stage(SEA.with_points({at((N, 2)): "orange", at((NE, 2)): "red"}),
              [("Red E-1", at(), "N", FLY), ("Blue TB-1", at((N, 11), (NE, 1)), "S")], forced=[3], level=5)
    g.apply(A.RollMovement())
    refused(g, A.FlyEkranoplan("Red E-1", "FLRFFFFFFF", 3), "l.1238")
    refused(g, A.FlyEkranoplan("Red E-1", "FFFFFFFFF", 3), "l.1234")       # 9, not 10
    refused(g, A.FlyEkranoplan("Red E-1", "RFFFFFFFFF", 3), "l.1234")      # over the red point
    refused(g, A.Move("Red E-1", "FF", 3), "l.1230")                        # in the air it flies
    g.apply(A.FlyEkranoplan("Red E-1", "FFFFFFFRFF", 3))
    p = g.state.pieces["Red E-1"]
    assert p.point == tuple(at((N, 7), (NE, 3))) and p.facing == NE and p.flying


def test_ekranoplan_takes_off_and_lands_as_the_seaplane():
    """Taking off (l.1236, l.1097): the first six steps straight, the first five on the water;
    landing (l.1101): the last five straight, the last four points on the water, fewer steps than
    the blue die + 7 allowed; on the water it moves as a ship, on a blue die (l.1232)."""
    g = stage(SEA.with_points({at((N, 3)): "orange"}), [("Red E-1", at(), "N"), ("Blue TB-1", at((N, 11), (NE, 2)), "S")],
              forced=[2, 3, 5], level=5)
    g.apply(A.RollMovement())
    refused(g, A.FlyEkranoplan("Red E-1", "F" * 9, 2), "l.1236")            # on the water: take off first
    refused(g, A.FlyEkranoplan("Red E-1", "FFFFFRFFF", 2, take_off=True), "l.1097")
    refused(g, A.FlyEkranoplan("Red E-1", "F" * 9, 2, take_off=True), "l.1097")   # (N, 3) is land in the run
    g2 = stage(SEA, [("Red E-1", at(), "N"), ("Blue TB-1", at((N, 8), (SW, 3)), "S")], forced=[2, 3, 5], level=5)
    g2.apply(A.RollMovement())
    g2.apply(A.FlyEkranoplan("Red E-1", "FFFFFFFRF", 2, take_off=True))
    assert g2.state.pieces["Red E-1"].flying and g2.state.pieces["Red E-1"].point == tuple(at((N, 7), (NE, 2)))
    g2.apply(A.EndTurn())
    g2.apply(A.RollMovement())
    g2.apply(A.EndTurn())
    g2.apply(A.RollMovement())
    refused(g2, A.FlyEkranoplan("Red E-1", "FFRFF", 5, land=True), "l.1101")
    g2.apply(A.FlyEkranoplan("Red E-1", "FFFFF", 5, land=True))
    assert g2.state.pieces["Red E-1"].point == tuple(at((N, 7), (NE, 7)))
    assert not g2.state.pieces["Red E-1"].flying and "landing on the water" in titles(g2)[-1]


def test_what_hits_the_ekranoplan():
    """On the water: a gun shell, S-S and the machine gun (red 4+ from a ship, l.1254), never a torpedo
    (l.1242).  In the air: not a gun nor S-S nor S-A; the machine gun needs 5+ (l.1253)."""
    e = at((N, 4))
    g = stage(SEA, [("Red C-9", at(), "N"), ("Red TB-1", neighbour(e, SE), "N"), ("Blue E-1", e, "S")],
              forced=[3, 3, 4], level=5)
    assert not hittable(g, "Blue E-1", S)
    g.apply(A.RollMovement())
    assert A.FireGun("Red C-9", "Blue E-1") in g.legal_actions()
    g.apply(A.FireMachineGun("Red TB-1", "Blue E-1"))
    assert "Blue E-1" not in g.state.pieces and "red 4: Blue E-1 is destroyed" in titles(g)
    h = stage(SEA, [("Red C-9", at(), "N"), ("Red TB-1", neighbour(e, SE), "N"), ("Red GMC-37", at((S, 2)), "N"),
                    ("Blue E-1", e, "S", FLY), ("Blue TB-2", at((N, 11)), "S")], forced=[3, 3, 4, 4], level=5)
    h.apply(A.RollMovement())
    refused(h, A.FireGun("Red C-9", "Blue E-1"), "l.1242")
    refused(h, A.LaunchSurfaceMissile("Red GMC-37", "Blue E-1"), "l.852")
    refused(h, A.LaunchSurfaceMissile("Red GMC-37", "Blue E-1", "S-A"), "l.955")
    h.apply(A.FireMachineGun("Red TB-1", "Blue E-1"))
    assert "Blue E-1" in h.state.pieces and titles(h)[-1] == "red 4: a miss"
