"""Level 2 (ships, l.264-394) against the text, with forced dice: the dice table and the force
example (l.274-299), the bonus move of picture 21 (blue 3-3-3), ship movement and damage
(l.307, l.344), gun fire (pictures 23 and 24), sinking (l.346, l.374), repair (l.350-364),
transfers (l.376), the end of the game (l.384-394).  Positions are staged on an open sea; the
text labels two destroyers "R-13"/"R-14" in picture 24 (l.336): they are D-13 and D-14 here."""
import dataclasses

import pytest

from lcb_lab.games.archipelago import actions as A
from lcb_lab.games.archipelago.model.board import Base
from lcb_lab.games.archipelago.rules.setup import check_forces
from lcb_lab.games.archipelago.rules.turn import dice_count
from lcb_lab.games.archipelago.stage import stage
from tests.archipelago.helpers import NE, SE, SW, N, S, SEA, at
from tests.archipelago.test_level1_rules import refused

FAR = ("Blue TB-8", SEA.from_col_row(13, 0), "S")


def red_fleet(n_boats: int, ships: list[str]) -> list:
    boats = [(f"Red TB-{i + 1}", SEA.from_col_row(i, 15), "N") for i in range(n_boats)]
    return boats + [(s, SEA.from_col_row(2 * i, 12), "N") for i, s in enumerate(ships)]


def test_the_force_example_and_its_dice():
    """l.274-277: 30 points each; Red's 11 vessels roll 4 dice, Blue's 9 roll 3 (l.295)."""
    red = red_fleet(8, ["Red C-9", "Red D-13", "Red D-14"])
    blue = [(f"Blue {n}", SEA.from_col_row(i, 2), "S") for i, n in
            enumerate(["TB-1", "TB-2", "C-9", "C-10", "C-11", "D-13", "D-14", "A-15", "R-16"])]
    g = stage(SEA, red + blue, level=2)
    assert check_forces(g.state.pieces.values()) == {"Red": 30, "Blue": 30}
    assert dice_count(g.state, "Red") == 4 and dice_count(g.state, "Blue") == 3
    for n, dice in [(10, 3), (6, 3), (5, 2), (2, 2), (1, 1)]:
        ids = [f"Red TB-{i}" for i in range(1, 9)] + ["Red C-9", "Red C-10"]
        small = stage(SEA, [(pid, SEA.from_col_row(i, 15), "N") for i, pid in enumerate(ids[:n])] + [FAR], level=2)
        assert dice_count(small.state, "Red") == dice, n                    # l.289-293


def test_picture_21_bonus_from_three_3s():
    """10 active pieces roll three dice; 3-3-3 is a bonus: four pieces move.  C-9 forward, right,
    forward (3, the most); TB-5 five steps (3 + 2); C-11 one step back; D-14 turns twice."""
    g = stage(SEA, red_fleet(5, ["Red C-9", "Red C-10", "Red C-11", "Red D-13", "Red D-14"]) + [FAR],
              forced=[3, 3, 3], level=2)
    g.apply(A.RollMovement())
    assert g.state.rolled == [3, 3, 3] and g.state.dice == [3, 3, 3, 3] and g.state.bonus      # l.299
    refused(g, A.Move("Red C-9", "FRFF", 3), "l.307")
    refused(g, A.Move("Red TB-5", "RFFLFF", 3), "l.178")
    g.apply(A.Move("Red C-9", "FRF", 3))
    g.apply(A.Move("Red TB-5", "RFFLF", 3))
    g.apply(A.Move("Red C-11", "B", 3))
    g.apply(A.Move("Red D-14", "RR", 3))
    assert g.state.dice == []
    refused(g, A.Move("Red C-10", "F", 3), "l.170")
    assert g.state.pieces["Red D-14"].facing == SE and g.state.pieces["Red C-11"].point == \
        tuple(at((S, 1), start=SEA.from_col_row(4, 12)))


def test_ships_keep_to_deep_water_and_a_damaged_ship_slows():
    shallow = at((N, 1))
    g = stage(SEA.with_points({shallow: "light_blue"}), [("Red C-9", at(), "N", {"hits": ["G"]}),
              ("Red C-10", at((SE, 3)), "N"), FAR], forced=[2, 3], level=2)
    g.apply(A.RollMovement())
    refused(g, A.Move("Red C-9", "F", 2), "l.122")                          # light blue: no ship
    refused(g, A.Move("Red C-9", "RF", 2), "l.344")                         # a 2 moves a damaged ship 1
    g.apply(A.Move("Red C-9", "B", 2))                                     # backward: damage does not matter


def base_board(owner: str, land, port):
    base = Base(f"A-{owner}", "A", owner, (port, land))
    return dataclasses.replace(SEA.with_points({land: "white"}), symbols={
        port: frozenset({"port"}), land: frozenset({"ammunition", "workshop", "fuel"})}, bases={base.name: base})


def test_picture_23_five_and_two_against_six_over_an_island_and_a_boat():
    island = at((N, 2))
    g = stage(SEA.with_points({island: "red"}), [("Red D-13", at((S, 1)), "N"), ("Blue TB-1", at((N, 4)), "N"),
              ("Blue C-10", at((N, 6)), "S")], forced=[3, 5, 2], level=2)
    g.apply(A.RollMovement())
    g.apply(A.Move("Red D-13", "F", 3))
    g.apply(A.FireGun("Red D-13", "Blue C-10"))
    odds = [e for e in g.state.log if e["kind"] == "odds"][-1]["data"]
    assert odds["distance"] == 6 and odds["p_hit"] == pytest.approx(21 / 36)
    assert g.state.pieces["Blue C-10"].hits == ["G"] and g.state.pieces["Red D-13"].ammo == ["G", "G", "T", "T"]


def test_no_firing_over_a_ship_nor_off_the_three_lines():
    g = stage(SEA, [("Red D-13", at(), "N"), ("Blue C-9", at((N, 2)), "N"), ("Blue C-10", at((N, 4)), "S"),
                    ("Blue C-11", at((NE, 2), (N, 1)), "S"), ("Blue TB-1", at((SE, 3)), "N")], forced=[3], level=2)
    g.apply(A.RollMovement())
    assert "Blue C-9 stands between" in refused(g, A.FireGun("Red D-13", "Blue C-10"), "l.330")
    refused(g, A.FireGun("Red D-13", "Blue C-11"), "l.324")                 # not on a straight line
    refused(g, A.FireGun("Red D-13", "Blue TB-1"), "l.324")                 # 120 degrees off the bow
    refused(g, A.FireGun("Red D-13", "Red D-13"), "l.321")


def test_picture_24_four_shots():
    """C-10 at C-11, 5 d: 3 + 1 misses.  C-9 at Red's ammunition storage, 4 d: 2 + 3 hits (an R
    marker).  D-14 ("R-14") at TB-7, 2 d: 1 + 1 fails.  D-13 ("R-13") launches at C-10 along 6
    points: red 6 just reaches it, a hit."""
    land, port = at((SW, 2)), at((SW, 1))
    x = at((SE, 4), (N, 6))
    pieces = [("Blue C-10", x, "S"), ("Red C-11", at((SE, 4), (N, 1)), "N"),
              ("Blue C-9", at((NE, 4), start=land), "SW"), ("Red D-14", at((SE, 6)), "N"),
              ("Blue TB-7", at((SE, 6), (N, 2)), "N"), ("Red D-13", at((SW, 6), start=x), "NE")]
    g = stage(base_board("Red", land, port), pieces, forced=[2, 3, 3, 1, 2, 3,   2, 3, 1, 1, 6], level=2,
              to_move="Blue")
    g.apply(A.RollMovement())
    g.apply(A.FireGun("Blue C-10", "Red C-11"))
    assert g.state.log[-1]["title"] == "red 3 + green 1 = 4 < 5: a miss" and not g.state.pieces["Red C-11"].hits
    g.apply(A.FireGun("Blue C-9", "A-Red ammunition"))
    assert g.state.ruins == ["A-Red ammunition"]
    g.apply(A.EndTurn())
    g.apply(A.RollMovement())
    g.apply(A.FireGun("Red D-14", "Blue TB-7"))
    assert "fails" in g.state.log[-1]["title"] and "Blue TB-7" in g.state.pieces
    g.apply(A.LaunchTorpedo("Red D-13", "Blue C-10"))
    assert [e for e in g.state.log if e["kind"] == "odds"][-1]["data"]["steps"] == 6
    assert g.state.pieces["Blue C-10"].hits == ["T"]
    assert g.dice.forced_left == 0


def test_two_hits_sink_a_ship_and_the_ammunition_ship_blows_up():
    g = stage(SEA, [("Red C-9", at(), "N"), ("Blue C-10", at((N, 3)), "S", {"hits": ["G"]}),
                    ("Red C-11", at((SE, 3)), "N"), ("Blue A-15", at((SE, 3), (N, 3)), "S"),
                    ("Blue R-16", at((SE, 6), (N, 6)), "N")], forced=[2, 3, 3, 2, 3, 2], level=2)
    g.apply(A.RollMovement())
    g.apply(A.FireGun("Red C-9", "Blue C-10"))
    assert "Blue C-10" in g.state.sunk and g.state.sunk["Blue C-10"].hits == ["G", "G"]      # l.346
    g.apply(A.FireGun("Red C-11", "Blue A-15"))                             # undamaged, 6 markers aboard
    assert "Blue A-15" in g.state.sunk and g.state.sunk["Blue A-15"].hits == ["G"]           # l.374
    assert "blows up" in [e["title"] for e in g.state.log][-1]


def test_a_torpedo_only_damages_the_ammunition_ship():
    g = stage(SEA, [("Red D-13", at(), "N"), ("Blue A-15", at((N, 3)), "S"), ("Blue C-9", at((SE, 5)), "N")],
              forced=[2, 3, 5], level=2)
    g.apply(A.RollMovement())
    g.apply(A.LaunchTorpedo("Red D-13", "Blue A-15"))
    assert g.state.pieces["Blue A-15"].hits == ["T"]


def test_repair_in_the_port_and_by_the_repair_ship():
    land, port = at((SW, 2)), at((SW, 1))
    pieces = [("Red D-13", port, "N", {"hits": ["G"]}), ("Red C-9", at((SE, 1), (N, 1)), "N", {"hits": ["G"]}),
              ("Red R-16", at((SE, 2)), "S"), ("Red C-10", at((SE, 1)), "S", {"hits": ["T"]}),
              ("Red C-11", at((SE, 3)), "N", {"hits": ["G"]}), FAR]
    g = stage(base_board("Red", land, port), pieces, forced=[2, 3, 4], level=2)
    g.apply(A.Repair("Red D-13", "base"))
    assert g.state.pieces["Red D-13"].hits == [] and g.state.stock["Red"]["Repair"] == 8 - 2 - 1   # l.350
    refused(g, A.Repair("Red C-9", "Red R-16"), "l.358")                    # not beside it in parallel
    g.apply(A.Repair("Red C-11", "Red R-16"))                              # parallel, opposite facings
    assert g.state.pieces["Red C-11"].hits == [] and g.state.pieces["Red R-16"].ammo == ["Repair"]
    refused(g, A.Repair("Red C-10", "Red R-16"), "l.356")                   # a torpedo hit
    g.apply(A.RollMovement())
    refused(g, A.Move("Red R-16", "F", 2), "l.251")                         # held this turn
    refused(g, A.Move("Red D-13", "F", 2), "l.251")


def test_repair_ship_mends_itself_and_the_ruined_workshop_mends_nothing():
    land, port = at((SW, 2)), at((SW, 1))
    g = stage(base_board("Red", land, port), [("Red R-16", at((SE, 2)), "S", {"hits": ["G"]}),
              ("Red D-13", port, "N", {"hits": ["G"]}), FAR], level=2, ruins=["A-Red workshop"])
    refused(g, A.Repair("Red D-13", "base"), "l.388")
    g.apply(A.Repair("Red R-16", "Red R-16"))                              # l.364
    assert g.state.pieces["Red R-16"].hits == [] and g.state.pieces["Red R-16"].ammo == ["Repair"]


def test_transfers_between_vessels_in_parallel():
    g = stage(SEA, [("Red TB-1", at(), "N"), ("Red TB-2", at((SE, 1)), "S", {"ammo": []}),
                    ("Red C-9", at((SW, 1)), "N", {"ammo": []}), ("Red A-15", at((SE, 2)), "N"), FAR],
              level=2)
    refused(g, A.Transfer("Red TB-1", "Red C-9", ("T",)), "l.376")          # a corvette cannot use T
    g.apply(A.Transfer("Red TB-1", "Red TB-2", ("T",)))
    assert g.state.pieces["Red TB-1"].ammo == ["T"] and g.state.pieces["Red TB-2"].ammo == ["T"]
    refused(g, A.Transfer("Red A-15", "Red TB-2", ("T",)), "l.378")         # TB-2 has acted this turn


def test_value_count_when_ammunition_runs_out():
    """l.386's example: one Destroyer (5) beats two torpedo boats (2 + 2)."""
    g = stage(SEA, [("Red TB-1", at(), "N", {"ammo": []}), ("Red TB-2", at((SE, 2)), "N", {"ammo": []}),
                    ("Blue D-13", at((N, 8)), "S", {"ammo": [], "hits": ["G"]})], forced=[2, 3], level=2,
              stock={"Red": {"T": 0, "G": 0, "Repair": 8}, "Blue": {"T": 0, "G": 0, "Repair": 8}})
    g.apply(A.RollMovement())
    g.apply(A.EndTurn())
    assert g.state.over and g.state.winner == "Blue" and "Red 4, Blue 5" in g.state.outcome


def test_destroying_base_a_wins():
    land, port = at((N, 4)), at((N, 3))
    g = stage(base_board("Blue", land, port), [("Red C-9", at(), "N"), ("Blue C-9", at((SE, 6)), "N")],
              forced=[2, 3, 3, 3, 4], level=2, ruins=["A-Blue workshop", "A-Blue fuel"])
    g.apply(A.RollMovement())
    g.apply(A.FireGun("Red C-9", "A-Blue ammunition"))
    assert g.state.over and g.state.winner == "Red" and g.state.outcome == "Blue's Base A is destroyed"


@pytest.mark.parametrize("rule", ["l.392", "l.394"])
def test_sinking_the_flagship_wins(rule):
    g = stage(SEA, [("Red D-13", at(), "N"), ("Blue TB-1", at((N, 3)), "N"), ("Blue C-9", at((SE, 5)), "N")],
              forced=[2, 3, 4], level=2, optional_rules=[rule], flagships={"Blue": "Blue TB-1", "Red": "Red D-13"})
    g.apply(A.RollMovement())
    g.apply(A.LaunchTorpedo("Red D-13", "Blue TB-1"))
    assert g.state.over and g.state.winner == "Red" and "flagship" in g.state.outcome


def test_a_single_die_is_no_bonus_and_bow_to_stern_is_not_parallel():
    g = stage(SEA, [("Red TB-1", at(), "N"), FAR], forced=[3], level=2)
    g.apply(A.RollMovement())
    assert g.state.dice == [3] and not g.state.bonus                      # reading: one die never "matches"
    t = stage(SEA, [("Red TB-1", at(), "N"), ("Red TB-2", at((N, 1)), "N", {"ammo": []}), FAR], level=2)
    refused(t, A.Transfer("Red TB-1", "Red TB-2", ("T",)), "l.370")        # in line, not side by side


def test_the_ammunition_ship_restocks_chosen_markers_and_a_ruined_storage_gives_none():
    land, port = at((SW, 2)), at((SW, 1))
    g = stage(base_board("Red", land, port), [("Red A-15", port, "N", {"ammo": []}), FAR], level=2)
    refused(g, A.Restock("Red A-15", ("T",) * 7), "l.376")                 # 6 at most (l.370)
    g.apply(A.Restock("Red A-15", ("Repair", "Repair", "G", "T")))
    assert sorted(g.state.pieces["Red A-15"].ammo) == ["G", "Repair", "Repair", "T"]
    assert g.state.stock["Red"] == {"T": 29, "G": 35, "Repair": 6}
    r = stage(base_board("Red", land, port), [("Red C-9", port, "N", {"ammo": []}), FAR], level=2,
              ruins=["A-Red ammunition"])
    refused(r, A.Restock("Red C-9"), "l.388")


def test_restock_fills_the_panel_by_default_and_panel_a_is_logged_as_sandbox():
    land, port = at((SW, 2)), at((SW, 1))
    g = stage(base_board("Red", land, port), [("Red A-15", port, "N", {"ammo": ["T"]}), FAR], level=2,
              optional_rules=["l.283"])
    g.apply(A.Restock("Red A-15"))
    assert sorted(g.state.pieces["Red A-15"].ammo) == ["G", "G", "G", "T", "T", "T"]
    red = [e for e in g.view("Red")["log"] if "panel A" in e[0]]
    blue = [e for e in g.view("Blue")["log"] if "panel A" in e[0]]
    assert red[0][0] == "Red's panel A holds 73 marker(s)" and "Sandbox" in red[0][1] and "T" in red[0][1]
    assert blue == [(red[0][0], "73 marker(s), face down: their kinds are hidden.")]


def test_optional_stranding_on_shallow_water():
    """l.340 (switch): a ship may end a move on light blue, then never moves again; sunk there it
    leaves a W marker.  Without the switch the point is closed to ships (l.122)."""
    shallow = at((N, 2))
    board = SEA.with_points({shallow: "light_blue"})
    pieces = [("Red C-9", at(), "N"), ("Blue D-13", at((N, 6)), "S"), ("Blue C-9", at((N, 2), (NE, 3)), "SW")]
    g = stage(board, pieces, forced=[3, 2, 3, 3, 2, 3, 3, 3, 2, 2], level=2, optional_rules=["l.340"])
    g.apply(A.RollMovement())
    refused(g, A.Move("Red C-9", "FFR", 3), "l.340")                        # nothing after entering
    g.apply(A.Move("Red C-9", "FF", 3))
    assert g.state.log[-1]["title"] == "Red C-9 is stranded at 6,10 (D5)"
    for act in (A.EndTurn(), A.RollMovement(), A.EndTurn(), A.RollMovement()):
        g.apply(act)
    refused(g, A.Move("Red C-9", "L", 3), "l.340")
    assert not [t for t in g.legal_actions() if getattr(t, "limits", {}).get("piece") == "Red C-9"]
    for act in (A.EndTurn(), A.RollMovement(), A.FireGun("Blue D-13", "Red C-9"), A.FireGun("Blue C-9", "Red C-9")):
        g.apply(act)
    assert "Red C-9" in g.state.sunk and g.state.wrecks == [tuple(shallow)]
    plain = stage(board, pieces, forced=[3], level=2)
    plain.apply(A.RollMovement())
    refused(plain, A.Move("Red C-9", "FF", 3), "l.122")
    with pytest.raises(ValueError, match="unknown optional rule"):
        stage(board, pieces, level=2, optional_rules=["l.999"])
