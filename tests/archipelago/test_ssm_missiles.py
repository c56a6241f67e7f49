"""Expanded rules (level 5): surface-to-surface missiles from the missile boat, missile corvette and
frigate (l.842-870, pictures 54-55), surface-to-air missiles from the Guided Missile Cruiser and the
land SAM launchers (l.949-955, l.1003, picture 64), the land launchers (l.989-1005) and the cruise
missile (l.961-987, pictures 61 and 63), with forced dice.  The pictures are not in the text: each
test places the pieces so the geometry its example describes holds."""
import pytest

from lcb_lab.games.archipelago import actions as A
from lcb_lab.games.archipelago import chance
from lcb_lab.games.archipelago.rules.ssm import best_course
from lcb_lab.games.archipelago.rules.turn import dice_count
from lcb_lab.games.archipelago.stage import stage
from lcb_lab.kernel.errors import IllegalAction
from tests.archipelago.helpers import N, NE, NW, S, SE, SEA, SW, at, refused, titles

FLY = {"flying": True}


def land(*points):
    """The staging sea with ``points`` made red land (square launcher points are not drawn: sandbox)."""
    return SEA.with_points({p: "red" for p in points})


def odds_line(g):
    return next(e for e in reversed(g.state.log) if e["kind"] == "odds")


def test_picture_54_mb20_reaches_its_target_and_mb21_misses():
    """MB-20 launches straight ahead at C-9 six points away: red 4 + red 3 = 7 reaches it, a HIT
    (an S-S marker on C-9's panel, a damaged ship).  MB-21's missile flies two steps straight,
    turns once (l.854) and needs 8 steps: red 2 + red 3 = 5 is a MISS, the marker gone."""
    mb21 = at((SE, 3))
    g = stage(SEA, [("Red MB-20", at(), "N"), ("Red MB-21", mb21, "N"), ("Blue C-9", at((N, 6)), "S"),
                    ("Blue C-10", at((N, 2), (NW, 6), start=mb21), "S")], forced=[3, 4, 4, 3, 2, 3], level=5)
    g.apply(A.RollMovement())
    g.apply(A.LaunchSurfaceMissile("Red MB-20", "Blue C-9"))
    assert odds_line(g)["data"]["p_hit"] == pytest.approx(26 / 36)          # red + red >= 6
    assert g.state.pieces["Blue C-9"].hits == ["S-S"] and g.state.pieces["Red MB-20"].ammo == ["S-S"]
    assert "red 4 + red 3 = 7: the S-S missile hits Blue C-9" in titles(g)
    refused(g, A.LaunchSurfaceMissile("Red MB-20", "Blue C-9"), "l.543")   # one weapon a turn
    refused(g, A.LaunchSurfaceMissile("Red MB-21", "Blue C-10", turn_at=2, turn=-1), "l.854")  # 2 straight first
    g.apply(A.LaunchSurfaceMissile("Red MB-21", "Blue C-10", turn_at=3, turn=-1))
    assert odds_line(g)["data"]["steps"] == 8 and odds_line(g)["data"]["p_hit"] == pytest.approx(chance.ss_hit(8))
    assert chance.ss_hit(8) == pytest.approx(15 / 36)
    assert titles(g)[-1] == "red 2 + red 3 = 5: the S-S missile misses Blue C-10"
    assert g.state.pieces["Blue C-10"].hits == [] and g.state.pieces["Red MB-21"].ammo == ["S-S"]


def test_picture_55_three_directions_of_a_missile_corvette_one_for_a_boat():
    """A missile corvette launches ahead or on the lines 60 degrees to either side (l.862, picture
    55); a missile boat straight ahead only (l.854); not at a target 1 d away (range 2-12, l.1589)."""
    g = stage(SEA, [("Red MC-22", at(), "N"), ("Red MB-20", at((SW, 3)), "N"), ("Blue TB-1", at((N, 4)), "S"),
                    ("Blue TB-2", at((NE, 4)), "S"), ("Blue TB-3", at((NW, 4)), "S"), ("Blue TB-4", at((SE, 4)), "S"),
                    ("Blue TB-5", at((N, 1), start=at((SW, 3))), "S")], forced=[3, 3, 3, 2, 2, 3], level=5)
    g.apply(A.RollMovement())
    refused(g, A.LaunchSurfaceMissile("Red MC-22", "Blue TB-4", bearing=2), "l.862")
    refused(g, A.LaunchSurfaceMissile("Red MB-20", "Blue TB-2", bearing=1), "l.862")
    refused(g, A.LaunchSurfaceMissile("Red MB-20", "Blue TB-5"), "l.1589")
    offered = {a.target: a.bearing for a in g.legal_actions() if isinstance(a, A.LaunchSurfaceMissile)
               and a.shooter == "Red MC-22"}
    assert offered["Blue TB-1"] == 0 and offered["Blue TB-2"] == 1 and offered["Blue TB-3"] == -1
    g.apply(A.LaunchSurfaceMissile("Red MC-22", "Blue TB-2", bearing=1))
    assert "Blue TB-2" not in g.state.pieces                                # red 3 + 2 >= 4: a boat sinks
    assert g.state.pieces["Red MC-22"].ammo == ["S-S", "S-S"]


def test_s_s_hits_landed_helicopters_and_launchers_not_aircraft_in_the_air():
    """Targets on the water and on land (l.852): a landed helicopter is destroyed (an R marker,
    l.510), an enemy launcher too (R marker, l.997); an aircraft in the air is no S-S target."""
    l1 = at((N, 5), (NE, 1))
    board = land(l1).with_points({at((N, 4)): "white"})
    g = stage(board, [("Red MF-24", at(), "N"), ("Red MC-23", at((S, 2)), "N"), ("Blue H-1", at((N, 4)), "N"),
                      ("Blue H-2", at((NE, 4)), "N", FLY), ("Blue L-1", l1, "S"), ("Blue TB-1", at((SE, 4)), "N")],
              forced=[3, 3, 5, 5, 6, 6], level=5)
    g.apply(A.RollMovement())
    refused(g, A.LaunchSurfaceMissile("Red MF-24", "Blue H-2", bearing=1), "l.852")
    refused(g, A.LaunchSurfaceMissile("Red MF-24", "Blue H-1", missile="S-A"), "l.953")     # MF has no S-A
    g.apply(A.LaunchSurfaceMissile("Red MF-24", "Blue H-1"))
    assert "Blue H-1" not in g.state.pieces and g.state.red_points == [tuple(at((N, 4)))]
    k, b, turn_at, turn = best_course(g, "Red MC-23", "Blue L-1", "S-S")
    g.apply(A.LaunchSurfaceMissile("Red MC-23", "Blue L-1", "S-S", b, turn_at, turn))
    assert "Blue L-1" not in g.state.pieces and "Blue L-1" in g.state.ruins
    assert "Blue L-1 is destroyed" in titles(g)


def test_picture_64_sam_launchers_hit_h1_and_miss_and_the_cruiser_s_s_a():
    """L-3 launches an S-A missile at H1 in the air: green 2 + green 3 = 5 reaches it at step 5, a
    HIT, from the front too (radar guided, l.951); L-4's double 1 fails (l.953).  The cruiser's S-A
    is refused against a flying ekranoplan (below its zone, l.1242) and a landed helicopter (l.955)."""
    l3, l4 = at((SW, 2)), at((SE, 2))
    g = stage(land(l3, l4), [("Red L-3", l3, "N"), ("Red L-4", l4, "N"), ("Red GMC-37", at(), "N"),
                             ("Blue H-1", at((N, 5), start=l3), "S", FLY), ("Blue H-2", at((N, 6), start=l4), "N", FLY),
                             ("Blue E-1", at((N, 6)), "S", FLY), ("Blue TB-1", at((NW, 4)), "N")],
              forced=[3, 2, 3, 1, 1], level=5)
    assert dice_count(g.state, "Red") == 1                                   # launchers are not counted (l.995)
    g.apply(A.RollMovement())
    refused(g, A.Move("Red L-3", "F", 3), "l.995")                          # a launcher never moves
    g.apply(A.LaunchSurfaceMissile("Red L-3", "Blue H-1", "S-A"))
    assert odds_line(g)["data"]["p_hit"] == pytest.approx(chance.as_hit(5))
    assert "Blue H-1" not in g.state.pieces and g.state.sunk["Blue H-1"].hits == ["S-A"]
    g.apply(A.LaunchSurfaceMissile("Red L-4", "Blue H-2", "S-A"))
    assert titles(g)[-1] == "green 1 + green 1 = 2: the launch fails" and "Blue H-2" in g.state.pieces
    assert g.state.pieces["Red L-4"].ammo == ["S-A"]
    refused(g, A.LaunchSurfaceMissile("Red GMC-37", "Blue E-1", "S-A"), "l.955")
    refused(g, A.LaunchSurfaceMissile("Red GMC-37", "Blue TB-1", "S-A"), "l.955")
    refused(g, A.FireMachineGun("Red GMC-37", "Blue E-1"), "l.539")         # not adjacent


def test_cruise_missile_two_parts_red_3_flies_8_then_hits_the_launcher():
    """GMC-37 launches its CM at the enemy launcher L-2 (a fixed target on land, l.965): red 3 flies
    3 + 5 = 8 steps (l.971) and stops even over the target's line -- no hit in the first part
    (l.975); next turn, before the blue dice, red 2: 7 steps, turning from the first, reach the
    launcher at step 4: a HIT, an R marker (l.983)."""
    l2 = at((N, 12))
    g = stage(land(l2), [("Red GMC-37", at(), "N"), ("Blue L-2", l2, "S"), ("Blue TB-1", at((SE, 5)), "N")],
              forced=[3, 3, 4, 2], level=5)
    g.apply(A.RollMovement())
    refused(g, A.LaunchCruiseMissile("Red GMC-37", "Blue TB-1", 0, "FF"), "l.965")     # not a fixed target
    refused(g, A.LaunchCruiseMissile("Red GMC-37", "Blue L-2", 0, "FLF"), "l.969")     # two straight first
    g.apply(A.LaunchCruiseMissile("Red GMC-37", "Blue L-2", 0, "FFFFFFFFFFF"))
    assert "red 3: CM1 flies 3 + 5 = 8 steps to" in titles(g)[-1]
    cm = g.state.cruise["CM1"]
    assert cm.point == tuple(at((N, 8))) and cm.facing == N and "Blue L-2" in g.state.pieces
    assert g.state.pieces["Red GMC-37"].ammo.count("CM") == 0
    g.apply(A.EndTurn())
    g.apply(A.RollMovement())
    g.apply(A.EndTurn())
    refused(g, A.ContinueCruiseMissile("CM1", "FLLR" * 3), "l.973")              # 12 steps: longer than 6 + 5
    g.apply(A.ContinueCruiseMissile("CM1", "FFFF"))
    assert odds_line(g)["data"]["steps"] == 4 and odds_line(g)["data"]["p_hit"] == pytest.approx(1.0)
    assert titles(g)[-3:] == ["red 2: CM1 hits Blue L-2", "Blue L-2 is sunk", "Blue L-2 is destroyed"]
    assert "Blue L-2" not in g.state.pieces and "Blue L-2" in g.state.ruins and not g.state.cruise


def test_cruise_missile_fails_on_a_1_and_is_lost_when_not_continued():
    """A red 1 at the launch is a failed launch, the CM marker removed (l.967); a CM whose owner rolls
    the blue dice without continuing it is lost (reading of l.979)."""
    l2 = at((N, 12))
    g = stage(land(l2), [("Red GMC-37", at(), "N"), ("Blue L-2", l2, "S"), ("Blue TB-1", at((SE, 5)), "N")],
              forced=[3, 1], level=5)
    g.apply(A.RollMovement())
    g.apply(A.LaunchCruiseMissile("Red GMC-37", "Blue L-2", 0, "FF"))
    assert titles(g)[-1] == "red 1: the launch fails" and not g.state.cruise
    h = stage(land(l2), [("Red GMC-37", at(), "N"), ("Blue L-2", l2, "S"), ("Blue TB-1", at((SE, 5)), "N")],
              forced=[3, 6, 4, 2], level=5)
    h.apply(A.RollMovement())
    h.apply(A.LaunchCruiseMissile("Red GMC-37", "Blue L-2", 0, "FF"))   # straight on after the route
    assert h.state.cruise["CM1"].point == tuple(at((N, 11)))
    h.apply(A.EndTurn())
    h.apply(A.RollMovement())
    h.apply(A.EndTurn())
    h.apply(A.RollMovement())
    assert not h.state.cruise and "CM1 is not continued and leaves the board" in titles(h)


def test_expanded_pieces_play_only_at_level_5():
    """The expanded rules' pieces are not placed in a game of levels 1-4 (the expanded set, l.806)."""
    with pytest.raises(IllegalAction) as e:
        stage(SEA, [("Red MB-20", at(), "N"), ("Blue TB-1", at((N, 6)), "S")], level=4)
    assert e.value.rule == "l.806"
    assert stage(SEA, [("Red MB-20", at(), "N"), ("Blue TB-1", at((N, 6)), "S")], level=5).state.level == 5


def test_an_a_a_missile_intercepts_the_cruise_missile_from_the_rear():
    """After the first part of its flight the CM can be intercepted, only by an A-A missile, as a
    helicopter is hit: at least 2 d, from the rear (l.957, l.987).  H1 flies two steps, turns and
    meets CM1 at step 3 from its rear; red 4 >= 3: both markers leave the board.  The chance node
    before each roll gives the logged odds."""
    l2, h1 = at((N, 12)), at((N, 6), (SE, 1))
    g = stage(land(l2), [("Red GMC-37", at(), "N"), ("Blue L-2", l2, "S"), ("Blue TB-1", at((SE, 5)), "N"),
                         ("Blue H-1", h1, "N", {"flying": True, "ammo": ["A-A"]})], forced=[3, 3, 3, 3, 4], level=5)
    g.apply(A.RollMovement())
    launch = A.LaunchCruiseMissile("Red GMC-37", "Blue L-2", 0, "FF")
    assert g.chance_outcomes(launch).probability(1) == pytest.approx(5 / 6)
    g.apply(launch)
    assert g.state.cruise["CM1"].point == tuple(at((N, 8)))
    g.apply(A.EndTurn())
    g.apply(A.RollMovement())
    offered = [a for a in g.legal_actions() if isinstance(a, A.LaunchMissile) and a.target == "CM1"]
    assert offered == [A.LaunchMissile("Blue H-1", "CM1", 3, -1)]
    assert g.chance_outcomes(offered[0]).probability(1) == pytest.approx(chance.aa_hit(3))
    g.apply(offered[0])
    assert "CM1 is intercepted" in titles(g) and not g.state.cruise and g.state.pieces["Blue H-1"].ammo == []


def test_chance_nodes_of_surface_missiles_match_the_logged_odds():
    """The chance node an S-S or S-A launch opens is the one its log line states (l.854, l.953)."""
    l3 = at((SW, 2))
    g = stage(land(l3), [("Red MB-20", at(), "N"), ("Red L-3", l3, "N"), ("Blue C-9", at((N, 7)), "S"),
                         ("Blue H-1", at((N, 4), start=l3), "S", FLY)], forced=[3, 3, 4, 5, 5], level=5)
    g.apply(A.RollMovement())
    for act in (A.LaunchSurfaceMissile("Red L-3", "Blue H-1", "S-A"), A.LaunchSurfaceMissile("Red MB-20", "Blue C-9")):
        p = g.chance_outcomes(act).probability(1)
        g.apply(act)
        assert odds_line(g)["data"]["p_hit"] == pytest.approx(p)
    assert p == pytest.approx(21 / 36)                              # red + red >= 7


def test_the_odds_read_as_the_text_names_the_outcomes():
    """The lab's odds line names each outcome as the text does: HIT / MISS (l.854), a cruise
    missile launched or its failed launching (l.967), a BONUS move (l.172), a base captured or
    protected (l.663, l.671) -- not "no flies"."""
    from lcb_lab.games.archipelago.chance_steps import outcome_words
    from lcb_lab.kernel.odds import ChanceStep
    from lcb_lab.ui.archipelago.turn_panel import odds_text
    step = ChanceStep("CM", "l.967", ("flies",), (((0,), 1 / 6), ((1,), 5 / 6)), ("one red die: a 1 fails",))
    assert "launched: 83.3% \u00b7 failed launching: 16.7%" in odds_text(step)
    step = ChanceStep("S-S", "l.854", ("hit",), (((0,), 0.75), ((1,), 0.25)), ("red + red",))
    assert "HIT: 25.0% \u00b7 MISS: 75.0%" in odds_text(step)
    assert [outcome_words(c) for c in ("bonus", "captured")] == [("BONUS move", "no BONUS move"), ("captured", "protected")]
