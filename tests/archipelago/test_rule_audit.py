"""A designer's audit of Archipelago corners (``naval_battle_in_archipelago.txt``), each staged on
an open sea and played through ``apply`` with forced dice: the gun's sum *equal to* the distance
(l.329), the ammunition ship's four-marker threshold counting T and G markers only (l.370, l.374),
the bonus move only when all the blue dice match (l.299),
and the Base A objects in the value count (l.386)."""
import dataclasses

import pytest

from lcb_lab.games.archipelago import actions as A
from lcb_lab.games.archipelago.model.board import Base
from lcb_lab.games.archipelago.stage import stage
from tests.archipelago.helpers import NE, SE, SW, N, SEA, at


def gun_titles(g) -> list[str]:
    return [e["title"] for e in g.state.log if e["kind"] == "gun"]


def test_a_gun_sum_equal_to_the_distance_hits_and_one_less_misses():
    """Both targets 5 d away on the bow line: red 3 + green 2 = 5 reaches 5, a hit ("the same or
    higher", l.329); red 3 + green 1 = 4 falls short, a miss and the G marker is spent (l.338)."""
    g = stage(SEA, [("Red C-9", at(), "N"), ("Red C-11", at((SE, 3)), "N"), ("Blue C-10", at((N, 5)), "S"),
                    ("Blue TB-1", at((SE, 3), (N, 5)), "S")], forced=[2, 3, 3, 2, 3, 1], level=2)
    g.apply(A.RollMovement())
    g.apply(A.FireGun("Red C-9", "Blue C-10"))
    assert gun_titles(g) == ["red 3 + green 2 = 5 >= 5: Blue C-10 is hit"]
    assert g.state.pieces["Blue C-10"].hits == ["G"]
    g.apply(A.FireGun("Red C-11", "Blue TB-1"))
    assert gun_titles(g)[-1] == "red 3 + green 1 = 4 < 5: a miss"
    assert "Blue TB-1" in g.state.pieces and g.state.pieces["Red C-11"].ammo.count("G") == 3


@pytest.mark.parametrize("ammo, blows_up", [(["T", "G", "G", "G", "Repair", "Repair"], True),
                                            (["T", "G", "G", "Repair", "Repair", "Repair"], False)])
def test_the_ammunition_ship_blows_up_with_four_t_or_g_markers_repair_markers_not_counted(ammo, blows_up):
    """An undamaged A-15 hit by a gun shell blows up with four or more T or G markers aboard
    (l.374); its six places may hold Repair markers too (l.370), which are not ammunition: with
    three T/G and three Repair it is only damaged."""
    g = stage(SEA, [("Red C-9", at(), "N"), ("Blue A-15", at((N, 3)), "S", {"ammo": ammo}),
                    ("Blue C-9", at((SE, 5)), "N")], forced=[2, 3, 2], level=2)
    g.apply(A.RollMovement())
    g.apply(A.FireGun("Red C-9", "Blue A-15"))
    if blows_up:
        assert "Blue A-15" in g.state.sunk and g.state.sunk["Blue A-15"].hits == ["G"]
        assert any("blows up" in e["title"] for e in g.state.log)
    else:
        assert "Blue A-15" in g.state.pieces and g.state.pieces["Blue A-15"].hits == ["G"]
        assert not any("blows up" in e["title"] for e in g.state.log)


def two_bases(red_land, red_port, blue_land, blue_port):
    objs = frozenset({"ammunition", "workshop", "fuel"})
    bases = {f"A-{o}": Base(f"A-{o}", "A", o, (port, land))
             for o, land, port in (("Red", red_land, red_port), ("Blue", blue_land, blue_port))}
    board = SEA.with_points({red_land: "white", blue_land: "white"})
    return dataclasses.replace(board, symbols={red_port: frozenset({"port"}), blue_port: frozenset({"port"}),
                                               red_land: objs, blue_land: objs}, bases=bases)


def test_the_value_count_adds_the_base_a_objects_still_standing():
    """Both out of ammunition (l.386): Red's two torpedo boats (2 + 2) and its whole Base A (fuel 2,
    ammunition storage 4, workshop 3) make 13; Blue's damaged Destroyer at full value (5) and its
    base without the ruined workshop (2 + 4) make 11: Red wins.  Counting the pieces alone, Blue
    would win 5 to 4 (the l.386 example)."""
    board = two_bases(at((SW, 3)), at((SW, 2)), at((NE, 6), (N, 6)), at((NE, 5), (N, 6)))
    g = stage(board, [("Red TB-1", at(), "N", {"ammo": []}), ("Red TB-2", at((SE, 2)), "N", {"ammo": []}),
                      ("Blue D-13", at((N, 8)), "S", {"ammo": [], "hits": ["G"]})], forced=[2, 3], level=2,
              stock={"Red": {"T": 0, "G": 0, "Repair": 8}, "Blue": {"T": 0, "G": 0, "Repair": 8}},
              ruins=["A-Blue workshop"])
    g.apply(A.RollMovement())
    g.apply(A.EndTurn())
    assert g.state.over and g.state.winner == "Red" and "Red 13, Blue 11" in g.state.outcome


@pytest.mark.parametrize("n, rolled", [(6, [3, 3, 4]), (11, [2, 2, 2, 5])])
def test_a_bonus_move_needs_all_the_dice_to_match_not_a_pair(n, rolled):
    """Level 2 rolls 3 dice for 6-10 pieces, 4 for 11 or more (l.289-291); the bonus move comes when
    *all* dice roll the same number (l.299): 3-3-4 and 2-2-2-5 give none, the pieces moved stay the
    dice rolled."""
    pieces = [(f"Red TB-{i + 1}", SEA.from_col_row(i, 15), "N") for i in range(min(n, 8))]
    pieces += [(f"Red C-{9 + i}", SEA.from_col_row(2 * i, 12), "N") for i in range(n - len(pieces))]
    g = stage(SEA, pieces + [("Blue TB-8", SEA.from_col_row(13, 0), "S")], forced=rolled, level=2)
    g.apply(A.RollMovement())
    assert g.state.rolled == rolled and g.state.dice == rolled and not g.state.bonus
    assert [e["title"] for e in g.state.log if e["kind"] == "roll"] == ["blue " + "-".join(map(str, rolled))]
