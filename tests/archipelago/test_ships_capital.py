"""Capital ships (l.937-947, l.1023): three hits sink them, the first slows, the second limits
turning to once a move (l.941) -- picture 60 (l.943) contradicts the rule and the rule is
followed; the Mobile Landing Platform's three hits (l.1266); transport ships and the tanker (l.1262)."""
import pytest

from lcb_lab.games.archipelago import actions as A
from lcb_lab.games.archipelago.rules import movement
from lcb_lab.games.archipelago.stage import stage
from tests.archipelago.helpers import NE, NW, N, S, SEA, at, titles
from tests.archipelago.test_level3 import refused


def cs(hits, forced=(5,), kind="Red CS-25"):
    return stage(SEA, [(kind, at(), "N", {"hits": list(hits)}), ("Blue TB-1", at((N, 9)), "S")],
                 forced=list(forced), level=5)


def test_picture_60_one_hit_a_blue_5_moves_4_and_the_rule_lets_it_turn_freely():
    """Picture 60: CS-25 with one damage marker, blue 5 -> 4 steps (5 - 1, l.344, l.941).  The
    picture says it turns only once; the rule (l.941) limits turning from the *second* hit: with
    one hit the ship still turns twice (the rule is followed, docs/archipelago.md)."""
    g = cs(["G"])
    g.apply(A.RollMovement())
    refused(g, A.Move("Red CS-25", "FFFFF", 5), "l.344")                 # 5 steps: one too many
    g.apply(A.Move("Red CS-25", "FRFR", 5))                              # 4 steps, two turns
    assert g.state.pieces["Red CS-25"].point == tuple(at((N, 1), (NE, 1)))
    assert "4 of at most 4 steps (blue 5 +0 -1 damaged (l.344)" in g.state.log[-1]["text"]


def test_second_hit_turns_only_once_in_a_move():
    g = cs(["G", "T"])
    g.apply(A.RollMovement())
    assert "turns only once" in refused(g, A.Move("Red CS-25", "FRFL", 5), "l.941")
    reach = movement.reachable(g, g.state, "Red CS-25", g.state.pieces["Red CS-25"], 5)
    assert reach and all(sum(ch in "LR" for ch in st) <= 1 for st in reach.values())
    assert (tuple(at((N, 1), (NE, 1))), 1) in reach and (tuple(at((N, 1), (NE, 1))), 2) not in reach
    g.apply(A.Move("Red CS-25", "FRFF", 5))
    assert "two hits: one turn at most (l.941)" in g.state.log[-1]["text"]


def gunned(target, hits, at_point=None):
    """Blue's corvette C-9 two points south of ``target`` facing it, red 4 + green 3 = 7 >= 2: a hit (l.322)."""
    return stage(SEA, [(target, at(), "N", {"hits": list(hits)}), ("Blue C-9", at((S, 2)), "N"),
                       ("Red TB-1", at((N, 9)), "S")], forced=[3, 4, 3], level=5, to_move="Blue")


@pytest.mark.parametrize("target,hits,sunk,rule", [
    ("Red CS-25", [], False, "l.344"), ("Red CS-25", ["G"], False, "l.941"), ("Red CS-25", ["G", "G"], True, "l.941"),
    ("Red DLS-26", ["G", "T"], True, "l.941"), ("Red MLP-36", ["G"], False, "l.1266"),
    ("Red MLP-36", ["G", "G"], True, "l.1266"), ("Red T-33", ["G"], True, "l.346"), ("Red TA-35", [], False, "l.344")])
def test_hits_that_sink(target, hits, sunk, rule):
    """Capital ships and the MLP sink on the third hit (l.941, l.1266), transports and the tanker on
    the second (l.1262); each hit's marker goes onto the panel (l.237)."""
    g = gunned(target, hits)
    g.apply(A.RollMovement())
    g.apply(A.FireGun("Blue C-9", target))
    assert (target in g.state.sunk) is sunk and rule in g.state.log[-1]["rules"]
    assert titles(g)[-1] == f"{target} is {'sunk' if sunk else 'damaged'}"


def test_the_mlp_is_no_capital_ship_two_hits_do_not_limit_its_turning():
    g = cs(["G", "G"], kind="Red MLP-36")
    g.apply(A.RollMovement())
    g.apply(A.Move("Red MLP-36", "FRFL", 5))                             # two turns (reading of l.1266)


def test_transports_and_the_tanker_move_as_ships_and_carry_no_weapon():
    light = SEA.with_points({at((N, 1)): "light_blue"})
    g = stage(light, [("Red T-34", at(), "N"), ("Red TA-35", at((NW, 2)), "N"), ("Blue TB-1", at((N, 3)), "S")],
              forced=[3, 4], level=5)
    g.apply(A.RollMovement())
    refused(g, A.Move("Red T-34", "F", 3), "l.122")                      # ships keep to deep water
    refused(g, A.Move("Red TA-35", "FFFF", 3), "l.307")                  # blue 3 + 0
    g.apply(A.Move("Red TA-35", "FFF", 3))
    refused(g, A.FireGun("Red T-34", "Blue TB-1"), "l.315")               # no armament (l.1262)
