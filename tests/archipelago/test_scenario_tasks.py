"""Each expanded scenario's task reached (or failed) in a staged end position on the expanded board,
giving the printed outcome with its line (win, draw, loss; l.1403-1568), and its restrictions
refused byte-identically naming the scenario's line.  Points are ``(col, row)`` of the sandbox
board (``data/boards/archipelago_expanded.toml``): sector row 1 is its top row, row 11 its bottom."""
import pytest

from lcb_lab.games.archipelago import actions as A
from lcb_lab.games.archipelago.model.board_data import load_board
from lcb_lab.games.archipelago.model.state import Commando
from lcb_lab.games.archipelago.rules.commandos import near
from lcb_lab.games.archipelago.rules.expanded import BOARD, garrisons
from lcb_lab.games.archipelago.model.scenario_book import key, table
from lcb_lab.games.archipelago.stage import stage
from lcb_lab.kernel.hexgrid import distance, neighbour
from tests.archipelago.helpers import refused

B = load_board(BOARD)
FAR_BLUE = ("Blue C-9", (20, 40), "N")
FAR_RED = ("Red C-9", (80, 30), "N")


def scen(name, pieces, forced=(), **extra):
    """A staged position of scenario ``name`` (its line in force, its first player to move)."""
    t = table()[name]
    extra.setdefault("to_move", t["first"])
    extra.setdefault("turn_limit", 2 * t["limit"])
    return stage(B, pieces, forced=forced, seed=0, level=5, scenario=key(t), **extra)


def end_turn(g):
    if g.state.phase == "start":
        g.apply(A.RollMovement())
    g.apply(A.EndTurn())


def over(g, winner, rule):
    s = g.state
    assert s.over and s.winner == winner, s.outcome
    assert s.log[-1]["kind"] == "over" and rule in s.log[-1]["rules"]


def admits(col_row, what="ship"):
    return B.admits(B.from_col_row(*col_row), what)


# ------------------------------------------------------------------ Convoy (l.1403-1421)
def test_convoy_two_cargo_ships_out_through_row_1_win():
    g = scen("convoy", [("Red T-33", (60, 0), "N"), ("Red T-34", (62, 0), "N"), ("Red TA-35", (80, 30), "N"), FAR_BLUE])
    end_turn(g)
    assert {"Red T-33", "Red T-34"}.isdisjoint(g.state.pieces)
    assert sum(e["title"].endswith("leaves the battle zone at " + e["title"].split(" at ")[-1]) for e in g.state.log) == 2
    over(g, "Red", "l.1417")


def test_convoy_one_out_and_the_others_sunk_is_a_draw():
    g = scen("convoy", [("Red T-33", (60, 0), "N"), FAR_RED, FAR_BLUE])      # T-34, TA-35 sunk before
    end_turn(g)
    over(g, "", "l.1417")


def test_convoy_none_out_by_the_limit_blue_wins():
    g = scen("convoy", [("Red T-33", (80, 20), "N"), FAR_BLUE], turn_limit=2)
    end_turn(g)
    assert not g.state.over
    end_turn(g)
    over(g, "Blue", "l.1417")


def test_convoy_may_not_go_west_of_the_m_sectors_but_in_row_1():
    start = next(p for p in B.points_in("M6") if B.col_row(p)[0] == 72 and B.admits(p, "ship")
                 and B.admits(neighbour(p, 5), "ship") and B.sector(neighbour(p, 5)).startswith("L"))
    g = scen("convoy", [("Red T-33", start, "NW"), FAR_BLUE], forced=[3, 3])
    g.apply(A.RollMovement())
    assert "west of the M sectors" in refused(g, A.Move("Red T-33", "F", 3), "l.1413")


# ------------------------------------------------------------------ Deploying Oil Platform (l.1423-1442)
def test_oil_platform_unloaded_in_g10_wins_for_blue():
    g = scen("oil_platform", [("Blue MLP-36", (37, 46), "N"), ("Blue OP-38", (37, 46), "N", {"aboard": "Blue MLP-36"}),
                              FAR_RED])
    g.apply(A.RollMovement())
    g.apply(A.UnloadCargo("Blue MLP-36", "Blue OP-38", 0))
    assert B.sector(g.state.pieces["Blue OP-38"].at) == "G10"
    g.apply(A.EndTurn())
    over(g, "Blue", "l.1437")


def test_oil_platform_lost_with_the_mlp_red_wins():
    g = scen("oil_platform", [FAR_RED, FAR_BLUE])             # the laden MLP already sunk
    end_turn(g)
    over(g, "Red", "l.1437")


# ------------------------------------------------------------------ Tanker (l.1444-1463)
def ship_near(col_row, k=4):
    """A deep-water point within ``k`` of ``col_row``, not on it nor beside it."""
    c = B.from_col_row(*col_row)
    return next(p for p in B if B.admits(p, "ship") and 2 < distance(p, c) <= k)


def tanker_game(**extra):
    assert distance(B.from_col_row(49, 15), B.from_col_row(50, 15)) == 1
    return scen("tanker", [("Red TA-35", (49, 15), "N"), ("Red OP-38", (50, 15), "N"),
                           ("Blue C-9", ship_near((49, 15)), "N"), FAR_RED], **extra)


def test_tanker_loads_two_turns_then_may_not_be_shot():
    g = tanker_game()
    end_turn(g)                                                  # Red: beside the platform, not moving
    assert g.state.progress["oil"] == 1
    refused(g, A.FireGun("Blue C-9", "Red TA-35"), "l.1452")     # loading: it may not be destroyed
    refused(g, A.FireGun("Blue C-9", "Red OP-38"), "l.1452")
    refused(g, A.FireGun("Blue C-9", "Red Base A ammunition"), "l.1452")   # no shooting at enemy bases
    end_turn(g)
    end_turn(g)
    assert g.state.progress["oil"] == 2 and not g.state.over


def test_tanker_with_oil_in_the_port_of_base_a_wins_and_without_oil_does_not():
    g = scen("tanker", [("Red TA-35", (80, 47), "N"), ("Red OP-38", (50, 15), "N"), FAR_BLUE], progress={"oil": 2})
    end_turn(g)
    over(g, "Red", "l.1458")
    g = scen("tanker", [("Red TA-35", (80, 47), "N"), ("Red OP-38", (50, 15), "N"), FAR_BLUE], turn_limit=2)
    end_turn(g)
    assert not g.state.over
    end_turn(g)
    over(g, "Blue", "l.1458")


# ------------------------------------------------------------------ Salvage of Frigate (l.1465-1481)
def test_salvage_the_mlp_brings_the_frigate_into_base_a():
    g = scen("salvage", [("Blue MLP-36", (13, 30), "N"), ("Blue F-17", (13, 30), "N", {"aboard": "Blue MLP-36"}), FAR_RED])
    end_turn(g)
    over(g, "Blue", "l.1479")


def test_salvage_the_frigate_cannot_move_and_its_loss_is_reds_win():
    j1 = next(p for p in B.points_in("J1") if B.admits(p, "ship") and B.admits(neighbour(p, 0), "ship"))
    g = scen("salvage", [("Blue F-17", j1, "N"), ("Blue MLP-36", (13, 30), "N"), FAR_RED], forced=[4, 4])
    g.apply(A.RollMovement())
    assert "immobilised" in refused(g, A.Move("Blue F-17", "F", 4), "l.1475")
    assert not any(a for a in g.legal_actions() if getattr(a, "limits", {}).get("piece") == "Blue F-17")
    g = scen("salvage", [("Blue MLP-36", (13, 30), "N"), FAR_RED])
    end_turn(g)
    over(g, "Red", "l.1479")


# ------------------------------------------------------------------ Blimp (l.1483-1500)
def test_blimp_through_i6_to_its_base_a():
    g = scen("blimp", [("Red BL-1", (79, 45), "N"), FAR_RED, FAR_BLUE])      # in N10 without passing I6: not yet
    end_turn(g)
    assert not g.state.over
    g = scen("blimp", [("Red BL-1", (48, 25), "N"), FAR_RED, FAR_BLUE])
    end_turn(g)
    assert g.state.progress["via"] == 1 and not g.state.over
    g = scen("blimp", [("Red BL-1", (79, 45), "N"), FAR_RED, FAR_BLUE], progress={"via": 1})
    end_turn(g)
    over(g, "Red", "l.1493")


def test_blimp_no_shot_at_the_enemy_base():
    g = scen("blimp", [("Red BL-1", (48, 25), "N"), ("Red C-9", (70, 30), "N"), FAR_BLUE])
    refused(g, A.FireGun("Red C-9", "Blue Base A workshop"), "l.1491")


# ------------------------------------------------------------------ Breakthrough (l.1502-1518)
def test_breakthrough_four_out_wins_three_draw():
    ships = ["Blue D-13", "Blue D-14", "Blue C-9", "Blue C-10"]
    g = scen("breakthrough", [(s, (18 + k, 54), "S") for k, s in enumerate(ships)] + [FAR_RED])
    end_turn(g)
    over(g, "Blue", "l.1516")
    g = scen("breakthrough", [(s, (18 + k, 54), "S") for k, s in enumerate(ships[:3])] + [FAR_RED])
    end_turn(g)
    over(g, "", "l.1516")


def test_breakthrough_red_fleet_stays_in_rows_4_to_11():
    assert admits((80, 14)) and B.sector(B.from_col_row(80, 14)) == "N3" and B.sector(B.from_col_row(80, 15)) == "N4"
    g = scen("breakthrough", [("Red C-9", (80, 15), "N"), ("Blue C-10", (18, 54), "N")], to_move="Red", forced=[2, 2])
    g.apply(A.RollMovement())
    assert "row 4" in refused(g, A.Move("Red C-9", "F", 2), "l.1510")


# ------------------------------------------------------------------ Capturing Island (l.1520-1532)
def test_capture_commandos_hold_j2_one_more_turn_to_win():
    g = scen("capture", [FAR_RED, FAR_BLUE], commandos=[Commando("Blue", "island J2")])
    end_turn(g)
    assert g.state.progress["hold Blue"] == 1 and not g.state.over
    end_turn(g)
    end_turn(g)
    over(g, "Blue", "l.1532")


def test_capture_no_landing_on_an_enemy_base():
    g = scen("capture", [("Red HC-18", (16, 25), "N", {"ammo": ["C"]}), FAR_BLUE], to_move="Red")
    g.apply(A.RollMovement())
    assert "capturing an enemy base" in refused(g, A.LandCommandos("Red HC-18", "Blue Base A"), "l.1526")


# ------------------------------------------------------------------ Hidden Landing of Saboteurs (l.1534-1550)
def test_landing_s32_sets_its_saboteurs_ashore_on_an_enemy_base_island():
    spot = next(p for p in B if B.admits(p, "ship") and any(distance(p, q) == 1 for q in B.islands()["Blue Base C"]))

    class Board:                                                  # commandos.near reads g.board
        board = B
    assert near(Board, spot, "Blue Base C")
    gar = garrisons(B)
    g = scen("landing", [("Red S-32", spot, "N", {"ammo": ["C"]}), FAR_BLUE], garrisons=gar)
    g.apply(A.RollMovement())
    assert A.LandCommandos("Red S-32", "Blue Base C") in g.legal_actions()
    g.apply(A.LandCommandos("Red S-32", "Blue Base C"))
    assert g.state.garrisons == gar and g.state.pieces["Red S-32"].ammo == []   # no fight, no capture
    g.apply(A.EndTurn())
    over(g, "Red", "l.1548")


def test_landing_s32_lost_blue_wins():
    g = scen("landing", [FAR_RED, FAR_BLUE])
    end_turn(g)
    over(g, "Blue", "l.1548")


# ------------------------------------------------------------------ Seaplane (l.1552-1568)
def test_seaplane_no_shot_before_take_off_and_capture_by_commandos():
    g = scen("seaplane", [("Blue H-7", (54, 15), "N", {"fuel": 0}), ("Red HC-18", (55, 15), "N", {"ammo": ["C"]}),
                          ("Red C-9", ship_near((54, 15)), "N"), FAR_BLUE], to_move="Red")
    assert distance(B.from_col_row(54, 15), B.from_col_row(55, 15)) == 1
    assert "before it takes off" in refused(g, A.FireGun("Red C-9", "Blue H-7"), "l.1566")
    end_turn(g)
    assert not g.state.over and g.state.pieces["Blue H-7"].owner == "Red"      # captured: it must fly home (l.1568)


def test_seaplane_home_in_c6_wins_and_lost_is_a_draw():
    assert B.sector(B.from_col_row(12, 27)) == "C6"
    g = scen("seaplane", [("Blue H-7", (12, 27), "N"), FAR_RED, FAR_BLUE], progress={"took_off": 1})
    end_turn(g)
    over(g, "Blue", "l.1566")
    g = scen("seaplane", [FAR_RED, FAR_BLUE])
    end_turn(g)
    over(g, "", "l.1566")


@pytest.mark.parametrize("name", ["capture", "seaplane"])
def test_a_scenario_out_of_time_is_a_draw_when_printed_so(name):
    g = scen(name, [FAR_RED, FAR_BLUE] + ([("Blue H-7", (54, 15), "N")] if name == "seaplane" else []), turn_limit=2)
    end_turn(g)
    end_turn(g)
    over(g, "", table()[name]["lines"]["outcome"])


def test_bases_b_and_c_are_not_used():
    store = next(p for p in B.bases["Blue Base B"].points if B.symbols_at(p))
    spot = next(p for p in B if distance(p, store) == 1 and B.admits(p, "hovercraft") and p not in B.bases["Blue Base B"].points)
    pieces = [("Blue HC-18", spot, "N", {"ammo": []}), ("Blue MLP-36", (13, 30), "N"), FAR_RED]
    free = stage(B, pieces, seed=0, level=5, to_move="Blue")
    assert free.is_legal(A.Restock("Blue HC-18", ("A-A",)))          # l.614, from Base B's own panel (l.429)
    g = scen("salvage", pieces, panels_b={"Blue Base B": {"A-A": 1}})
    assert "Base B is not used" in refused(g, A.Restock("Blue HC-18", ("A-A",)), "l.1473")
    assert not any(isinstance(a, A.Restock) for a in g.legal_actions())


def test_base_a_destroyed_or_ammunition_out_does_not_end_a_scenario():
    """l.1399: the task alone decides; the ordinary ends of l.388 and l.386 do not apply."""
    from lcb_lab.games.archipelago.rules.victory import check_base
    objs = [f"Blue Base A {o}" for o in ("ammunition", "workshop", "fuel")]
    empty = {"Red": {}, "Blue": {}}
    g = scen("convoy", [("Red T-33", (80, 20), "N", {"ammo": []}), ("Blue C-9", (20, 40), "N", {"ammo": []})],
             ruins=objs, stock=empty)
    check_base(g, "Blue Base A")
    end_turn(g)
    end_turn(g)
    assert not g.state.over
    plain = stage(B, [("Red T-33", (80, 20), "N", {"ammo": []}), ("Blue C-9", (20, 40), "N", {"ammo": []})],
                  seed=0, level=5, ruins=objs, stock=empty)
    check_base(plain, "Blue Base A")
    assert plain.state.over and plain.state.winner == "Red"              # outside a scenario it ends the game (l.388)


# ------------------------------------------------------------------ the variations built as data
def test_variations_blue_blimp_blue_tanker_blue_saboteurs_red_platform():
    g = scen("blimp_blue", [("Blue BL-1", B.points_in("E11")[0], "N"), FAR_RED, FAR_BLUE], progress={"via": 1})
    end_turn(g)
    over(g, "Blue", "l.1499")                                            # F9 -> I6 -> Base B in E11
    g = scen("tanker_blue", [("Blue TA-35", (13, 30), "N"), ("Blue OP-38", (54, 15), "N"), FAR_RED], progress={"oil": 2})
    end_turn(g)
    over(g, "Blue", "l.1458")                                            # oil from J4 into Blue's Base A
    spot = next(p for p in B if B.admits(p, "ship") and any(distance(p, q) == 1 for q in B.islands()["Red Base C"]))
    g = scen("landing_blue", [("Blue S-32", spot, "N", {"ammo": ["C"]}), FAR_RED])
    g.apply(A.RollMovement())
    g.apply(A.LandCommandos("Blue S-32", "Red Base C"))
    g.apply(A.EndTurn())
    over(g, "Blue", "l.1548")
    l3 = next(p for p in B.points_in("L3") if B.admits(p, "ship") and B.admits(neighbour(p, 3), "ship")
              and B.sector(neighbour(p, 3)) == "L3")
    g = scen("oil_platform_red", [("Red MLP-36", l3, "N"), ("Red OP-38", l3, "N", {"aboard": "Red MLP-36"}), FAR_BLUE])
    g.apply(A.RollMovement())
    g.apply(A.UnloadCargo("Red MLP-36", "Red OP-38", 0))
    g.apply(A.EndTurn())
    over(g, "Red", "l.1437")


def test_seaplane_refuelled_by_a_hovercraft_takes_off_and_may_then_be_shot_at():
    from lcb_lab.games.archipelago.rules.scenario import refusal
    from lcb_lab.kernel.legal import Template
    g = scen("seaplane", [("Blue H-7", (54, 15), "N", {"fuel": 0}), ("Blue HC-18", (55, 15), "N"),
                          ("Red C-9", ship_near((54, 15)), "N")])
    g.state.pieces["Blue H-7"].fuel = 0                                  # staged: down for lack of fuel (l.1562)
    g.apply(A.Refuel("Blue H-7", "Blue HC-18"))                          # beside a hovercraft (l.1113, l.1562)
    assert g.state.pieces["Blue H-7"].fuel > 0
    end_turn(g)
    end_turn(g)
    g.apply(A.RollMovement())
    fly = next(a for a in g.legal_actions() if isinstance(a, Template) and a.limits.get("piece") == "Blue H-7")
    g.apply(fly.make(None, next(o for o in fly.options if o[0] == "fly")))      # take-off and flight (l.1093)
    assert g.state.pieces["Blue H-7"].flying and g.state.progress["took_off"] == 1
    g.apply(A.EndTurn())
    assert refusal(g, A.FireGun("Red C-9", "Blue H-7")) is None          # l.1566: only before it takes off


def test_convoy_blue_variation_out_through_row_11_and_not_east_of_f():
    g = scen("convoy_blue", [("Blue T-33", (42, 54), "S"), ("Blue T-34", (44, 54), "S"), ("Blue TA-35", (20, 40), "N"),
                             FAR_RED])
    end_turn(g)
    over(g, "Blue", "l.1417")                                            # two of three out (l.1419, l.1417)
    start = next(p for p in B.points_in("F6") if B.col_row(p)[0] == 35 and B.admits(p, "ship")
                 and B.admits(neighbour(p, 1), "ship") and B.sector(neighbour(p, 1)).startswith("G"))
    g = scen("convoy_blue", [("Blue T-33", start, "NE"), FAR_RED], forced=[3, 3])
    g.apply(A.RollMovement())
    assert "east of the F sectors" in refused(g, A.Move("Blue T-33", "F", 3), "l.1419")
