"""The scenarios' symmetric forms and rotated variations (l.1421, l.1442, l.1481, l.1518, l.1550),
the Breakthrough's combat aircraft (l.1506) and the captured seaplane's flight (l.1568): each set up
as printed (or by the reading its data names), each outcome in a staged end position with its line,
each restriction refused byte-identically, and random legal play of each finishing.  Points are
``(col, row)`` of the sandbox expanded board (sector row 1 is its top row, row 11 its bottom)."""
import pytest

from lcb_lab.games.archipelago import actions as A
from lcb_lab.games.archipelago.model.scenario_book import SCENARIOS
from lcb_lab.games.archipelago.rules.scenario import refusal
from lcb_lab.games.archipelago.scenario_setup import scenario_opening
from lcb_lab.kernel.autoplay import play_random
from lcb_lab.kernel.hexgrid import distance, neighbour, to_offset
from lcb_lab.kernel.legal import Template
from tests.archipelago.helpers import refused
from tests.archipelago.test_scenario_tasks import B, FAR_BLUE, FAR_RED, end_turn, over, scen, ship_near

NEW = ["convoy_both", "oil_platform_both", "salvage_red", "breakthrough_red", "landing_both"]


def red_port():
    return next(p for p in B.bases["Red Base A"].points if "port" in B.symbols_at(p))


# ------------------------------------------------------------------ Convoy, both sides (l.1421)
def test_convoy_both_more_cargo_ships_out_wins():
    g = scen("convoy_both", [("Red T-33", (60, 0), "N"), ("Red T-34", (62, 0), "N"), ("Blue T-33", (20, 40), "N"),
                             FAR_RED])                     # Blue's T-34 and TA-35 sunk: it can bring out one at most
    end_turn(g)
    over(g, "Red", "l.1421")
    g = scen("convoy_both", [("Red T-33", (60, 0), "N"), ("Blue T-33", (20, 40), "N"), ("Blue T-34", (22, 40), "N"),
                             FAR_RED])
    end_turn(g)
    assert not g.state.over and g.state.progress == {"out Red T-33": 1}        # Blue can still bring out two


def test_convoy_both_at_the_limit_more_out_wins_as_many_is_a_draw():
    g = scen("convoy_both", [("Red T-33", (60, 0), "N"), ("Red T-34", (80, 20), "N"), ("Blue T-33", (42, 54), "S"),
                             ("Blue T-34", (20, 40), "N")], turn_limit=2)
    end_turn(g)                                            # Red: T-33 out through row 1 (l.1413)
    assert not g.state.over
    end_turn(g)                                            # Blue: T-33 out through row 11 (l.1419); the limit
    over(g, "", "l.1421")
    g = scen("convoy_both", [("Red T-33", (60, 0), "N"), ("Red T-34", (62, 0), "N"), ("Blue T-33", (42, 54), "S"),
                             ("Blue T-34", (20, 40), "N"), ("Blue TA-35", (22, 40), "N"), FAR_RED], turn_limit=2)
    end_turn(g)                                            # Red 2 out, Blue can still bring out 3: not decided
    assert not g.state.over
    end_turn(g)
    over(g, "Red", "l.1421")


def test_convoy_both_each_convoy_keeps_its_own_lane():
    start = next(p for p in B.points_in("M6") if B.col_row(p)[0] == 72 and B.admits(p, "ship")
                 and B.admits(neighbour(p, 5), "ship") and B.sector(neighbour(p, 5)).startswith("L"))
    g = scen("convoy_both", [("Red T-33", start, "NW"), FAR_BLUE], forced=[3, 3])
    g.apply(A.RollMovement())
    assert "west of the M sectors" in refused(g, A.Move("Red T-33", "F", 3), "l.1421")
    start = next(p for p in B.points_in("F6") if B.col_row(p)[0] == 35 and B.admits(p, "ship")
                 and B.admits(neighbour(p, 1), "ship") and B.sector(neighbour(p, 1)).startswith("G"))
    g = scen("convoy_both", [("Blue T-33", start, "NE"), FAR_RED], forced=[3, 3], to_move="Blue")
    g.apply(A.RollMovement())
    assert "east of the F sectors" in refused(g, A.Move("Blue T-33", "F", 3), "l.1421")


# ------------------------------------------------------------------ Oil Platform, both sides (l.1442)
def l3_spot():
    return next(p for p in B.points_in("L3") if B.admits(p, "ship") and B.admits(neighbour(p, 3), "ship")
                and B.sector(neighbour(p, 3)) == "L3")


def test_oil_platform_both_the_first_deployed_wins():
    g = scen("oil_platform_both", [("Red MLP-36", l3_spot(), "N"), ("Red OP-38", l3_spot(), "N", {"aboard": "Red MLP-36"}),
                                   ("Blue MLP-36", (37, 46), "N"),
                                   ("Blue OP-38", (37, 46), "N", {"aboard": "Blue MLP-36"})], to_move="Red")
    g.apply(A.RollMovement())
    g.apply(A.UnloadCargo("Red MLP-36", "Red OP-38", 0))
    g.apply(A.EndTurn())
    over(g, "Red", "l.1442")                               # Red's in L3 first (l.1441)
    g = scen("oil_platform_both", [("Blue MLP-36", (37, 46), "N"), ("Blue OP-38", (37, 46), "N", {"aboard": "Blue MLP-36"}),
                                   ("Red MLP-36", l3_spot(), "N"), ("Red OP-38", l3_spot(), "N", {"aboard": "Red MLP-36"})])
    g.apply(A.RollMovement())
    g.apply(A.UnloadCargo("Blue MLP-36", "Blue OP-38", 0))
    assert B.sector(g.state.pieces["Blue OP-38"].at) == "G10"
    g.apply(A.EndTurn())
    over(g, "Blue", "l.1442")                              # Blue's in G10 first (l.1433)


def test_oil_platform_both_one_lost_plays_on_both_lost_is_a_draw():
    g = scen("oil_platform_both", [("Red MLP-36", l3_spot(), "N"), ("Red OP-38", l3_spot(), "N", {"aboard": "Red MLP-36"}),
                                   FAR_BLUE])               # Blue's laden MLP sunk: Red may still deploy
    end_turn(g)
    assert not g.state.over
    g = scen("oil_platform_both", [FAR_RED, FAR_BLUE])
    end_turn(g)
    over(g, "", "l.1442")


# ------------------------------------------------------------------ Salvage, Red's variation (l.1481)
def test_salvage_red_set_up_turned_half_round():
    g = scenario_opening("salvage_red", seed=2)
    s = g.state
    assert g.board.sector(s.pieces["Red F-17"].at) == "H11"            # J1 turned about I6 (l.1469, l.1518)
    assert s.pieces["Red MLP-36"].at in g.board.bases["Red Base A"].points and s.to_move == "Red"
    assert all(g.board.sector(p.at)[0] in "ABCDEFGH" and int(g.board.sector(p.at)[1:]) <= 4
               for p in s.pieces.values() if p.owner == "Blue" and not p.aboard)       # A1-H4


def test_salvage_red_the_mlp_brings_the_frigate_home_blue_prevents():
    h11 = next(p for p in B.points_in("H11") if B.admits(p, "ship") and B.admits(neighbour(p, 0), "ship"))
    g = scen("salvage_red", [("Red F-17", h11, "N"), ("Red MLP-36", red_port(), "N"), FAR_BLUE], forced=[4, 4])
    g.apply(A.RollMovement())
    assert "immobilised" in refused(g, A.Move("Red F-17", "F", 4), "l.1481")
    g = scen("salvage_red", [("Red MLP-36", red_port(), "N"), ("Red F-17", red_port(), "N", {"aboard": "Red MLP-36"}),
                             FAR_BLUE])
    end_turn(g)
    over(g, "Red", "l.1479")
    g = scen("salvage_red", [("Red MLP-36", red_port(), "N"), FAR_BLUE])
    end_turn(g)
    over(g, "Blue", "l.1479")


# ------------------------------------------------------------------ Breakthrough, Red's variation (l.1518)
def test_breakthrough_red_four_out_through_m1_q1_wins_three_draw():
    ships = ["Red D-13", "Red D-14", "Red C-9", "Red C-10"]
    tops = [p for p in B.points_in("O1") if B.col_row(p)[1] == 0 and B.admits(p, "ship")]
    g = scen("breakthrough_red", [(s, tops[k], "N") for k, s in enumerate(ships)] + [FAR_BLUE])
    end_turn(g)
    over(g, "Red", "l.1516")
    g = scen("breakthrough_red", [(s, tops[k], "N") for k, s in enumerate(ships[:3])] + [FAR_BLUE])
    end_turn(g)
    over(g, "", "l.1516")


def test_breakthrough_red_blue_fleet_stays_in_rows_1_to_8():
    start = next(p for p in B if B.sector(p)[1:] == "8" and B.admits(p, "ship")
                 and all(B.admits(neighbour(p, 3, k), "ship") for k in (1, 2)) and B.sector(neighbour(p, 3, 2))[1:] == "9")
    g = scen("breakthrough_red", [("Blue C-9", start, "S"), ("Red C-10", (60, 54), "N")], to_move="Blue", forced=[2, 2])
    g.apply(A.RollMovement())
    assert "row 8" in refused(g, A.Move("Blue C-9", "FF", 2), "l.1510")


def test_breakthrough_red_set_up_rotated_with_the_aircraft_exchanged():
    g = scenario_opening("breakthrough_red", seed=3)
    s = g.state
    red = [i for i in s.pieces if i.startswith("Red ")]
    assert len(red) == 7 and {g.board.sector(s.pieces[i].at) for i in red} <= {f"{c}11" for c in "GHI"}
    assert s.airfield == {"Blue A-1": "ready", "Blue A-2": "ready", "Blue A-3": "ready",
                          "Red A-4": "ready", "Red A-5": "ready"}


# ------------------------------------------------------------------ the Breakthrough's combat aircraft (l.1506)
def test_breakthrough_aircraft_on_ready_scramble_enter_and_fly():
    g = scenario_opening("breakthrough", seed=1)
    s = g.state
    assert s.airfield == {"Red A-1": "ready", "Red A-2": "ready", "Red A-3": "ready",
                          "Blue A-4": "ready", "Blue A-5": "ready"}           # l.1506, on Ready (l.1307)
    assert A.Scramble("Blue A-4") in g.legal_actions() and A.Scramble("Red A-1") not in g.legal_actions()
    g.apply(A.Scramble("Blue A-4"))
    stages = [s.airfield["Blue A-4"]]
    while s.airfield["Blue A-4"] != "enter":
        for _ in range(2):
            g.apply(A.RollMovement())
            g.apply(A.EndTurn())
        stages.append(s.airfield["Blue A-4"])
    assert stages == ["takeoff", "climb", "approach", "enter"]               # l.1307-1309
    enter = next(a for a in g.legal_actions() if isinstance(a, Template) and a.kind == "enter_zone")
    g.apply(enter.make(None, enter.options[0]))
    p = s.pieces["Blue A-4"]
    assert to_offset(p.at)[0] == g.board.cols - 1 and p.fuel == 8 and s.airfield["Blue A-4"] == "zone"   # l.1309


# ------------------------------------------------------------------ Hidden Landing, both sides (l.1550)
def test_landing_both_both_s32_start_hidden_on_their_notepads():
    g = scenario_opening("landing_both", seed=1)
    s = g.state
    assert s.scenario == "l.1550 both"
    assert s.hidden["Red S-32"].path == [(0, "P2")] and s.hidden["Blue S-32"].path == [(0, "C6")]


def test_landing_both_the_first_ashore_wins_both_lost_a_draw():
    spot = next(p for p in B if B.admits(p, "ship") and any(distance(p, q) == 1 for q in B.islands()["Red Base C"]))
    g = scen("landing_both", [("Blue S-32", spot, "N", {"ammo": ["C"]}), ("Red S-32", (80, 30), "N", {"ammo": ["C"]})],
                 to_move="Blue")
    g.apply(A.RollMovement())
    assert A.LandCommandos("Blue S-32", "Red Base C") in g.legal_actions()
    g.apply(A.LandCommandos("Blue S-32", "Red Base C"))
    g.apply(A.EndTurn())
    over(g, "Blue", "l.1548")
    g = scen("landing_both", [("Red S-32", (80, 30), "N", {"ammo": ["C"]}), FAR_BLUE])
    end_turn(g)
    assert not g.state.over                                # Blue's S-32 lost: Red may still land
    g = scen("landing_both", [FAR_RED, FAR_BLUE])
    end_turn(g)
    over(g, "", "l.1548")


# ------------------------------------------------------------------ the captured seaplane (l.1568)
def test_seaplane_captured_by_commandos_is_refuelled_and_reds():
    g = scen("seaplane", [("Blue H-7", (54, 15), "N", {"fuel": 0}), ("Red HC-18", (55, 15), "N", {"ammo": ["C"]}),
                          ("Red C-9", ship_near((54, 15)), "N"), ("Blue C-10", ship_near((54, 15), 6), "N")],
                 to_move="Red")
    g.state.pieces["Blue H-7"].fuel = 0
    assert "before it takes off" in refused(g, A.FireGun("Red C-9", "Blue H-7"), "l.1566")
    end_turn(g)
    s = g.state
    h7 = s.pieces["Blue H-7"]
    assert not s.over and s.progress["captured"] == 1
    assert h7.owner == "Red" and h7.fuel == 10 and s.pieces["Red HC-18"].ammo == []
    assert any(e["kind"] == "scenario" and "capture" in e["title"] and "l.1568" in e["rules"] for e in s.log)
    assert refusal(g, A.FireGun("Blue C-10", "Blue H-7")) is None          # Blue may shoot at the captured plane


def test_seaplane_captured_flies_to_the_red_base_a_o10_and_wins_lost_is_a_draw():
    g = scen("seaplane", [("Blue H-7", (76, 40), 2, {"flying": True, "fuel": 5}), FAR_RED, FAR_BLUE],
             to_move="Red", forced=[3, 3], progress={"captured": 1})
    g.state.pieces["Blue H-7"].owner = "Red"                               # staged: captured (l.1568)
    g.apply(A.RollMovement())
    g.apply(A.Fly("Blue H-7", "F" * 10, 3, True))                           # blue 3 + 7, landing (l.1101)
    assert B.sector(g.state.pieces["Blue H-7"].at) == "O10"
    g.apply(A.EndTurn())
    over(g, "Red", "l.1568")
    g = scen("seaplane", [FAR_RED, FAR_BLUE], to_move="Blue", progress={"captured": 1})
    end_turn(g)                                                            # captured, then shot down
    over(g, "", "l.1566")


# ------------------------------------------------------------------ random legal play
@pytest.mark.parametrize("name", NEW)
def test_random_play_of_each_new_variation_finishes(name):
    g = scenario_opening(name, seed=0, turn_limit=4)
    assert play_random(g, 0, 2000) < 2000
    s = g.state
    assert s.over and s.outcome.startswith(SCENARIOS[name]) and g.legal_actions() == []


def test_landing_both_each_side_cannot_tell_where_the_other_s32_hides():
    """l.1550: Blue's S-32 written in C6 or in D2 (the two sectors the text offers) looks the same to
    Red through both sides' first turns (``observer.view``, the log Red reads, its legal acts)."""
    from lcb_lab.games.archipelago.observer import view
    from lcb_lab.kernel.worlds import follow
    a, b = scenario_opening("landing_both", seed=4), scenario_opening("landing_both", seed=4)
    b.state.hidden["Blue S-32"].path = [(0, "D2")]
    acts = [A.RollMovement(), A.MoveHidden("Red S-32"), A.EndTurn(), A.RollMovement(), A.MoveHidden("Blue S-32"),
            A.EndTurn(), A.RollMovement()]
    assert follow(a, b, "Red", acts, view) == []
    assert view(a, "Blue") != view(b, "Blue")
