"""Expanded rules, the helicopters H3-H6 (l.872-1019), against the text with forced dice on staged
level-5 positions: the utility helicopter's panel, flight length and AGR (l.874-880, picture 56 with
a torpedo boat standing in for the missile boat MB-20, which another part builds), the descent of
commandos (l.886-891, picture 57), the combat helicopter's two places, armor and machine gun
(l.897-935, pictures 58-59, the rebuilt tables), the transport helicopter's cargo and platform
(l.1009-1017, pictures 64-65).  The pictures are not in the text: each test places the pieces so the
geometry its example describes holds."""
import pytest

from lcb_lab.games.archipelago import actions as A
from lcb_lab.games.archipelago.model.board import Base
from lcb_lab.games.archipelago.rules.armament import fits
from lcb_lab.games.archipelago.rules.machine_gun import NEEDS
from lcb_lab.games.archipelago.stage import stage
from lcb_lab.kernel.errors import IllegalAction
from tests.archipelago.helpers import NE, SE, S, N, SEA, at, titles
from tests.archipelago.test_level3 import refused, xy

FLY = {"flying": True}


def test_utility_helicopter_flies_seven_turns_and_its_panel_takes_as_agr_or_commandos():
    """H3: fuel 7 (l.876), one A-S or AGR or a unit of commandos (l.874); one fall on its eighth turn."""
    g = stage(SEA, [("Red H-3", at(), "N", FLY), ("Blue TB-1", at((N, 9)), "S")], level=5)
    h3 = g.state.pieces["Red H-3"]
    assert h3.fuel == 7 and h3.ammo == ["A-S"]
    assert not fits(h3, ["AGR"]) and not fits(h3, ["A-A"])
    h3.ammo = []
    assert fits(h3, ["AGR"]) and fits(h3, ["C"]) and not fits(h3, ["C", "AGR"])
    g = stage(SEA, [("Red H-3", at(), "N", {"flying": True, "fuel": 1}), ("Red TB-2", at((S, 2)), "N"),
                    ("Blue TB-1", at((N, 9)), "S")], seed=3, level=5)
    for _ in range(2):
        g.apply(A.RollMovement())
        g.apply(A.EndTurn())
    assert g.state.pieces["Red H-3"].fuel == 0                           # its next turn burns the last notch
    g.apply(A.RollMovement())
    g.apply(A.EndTurn())
    assert "Red H-3" in g.state.sunk and "Red H-3 falls" in titles(g)
    assert "7 turns of flight" in next(e["text"] for e in g.state.log if e["title"] == "Red H-3 falls")


def test_arming_the_combat_helicopter_two_places_from_the_base():
    """H5 carries one A-A or AGR and one A-S or AGR (l.897): with an A-A aboard it may take an A-S or
    an AGR, never a second A-A; loading holds it for the turn (l.502)."""
    w = at((N, 1))
    board = SEA.with_points({w: "white"})
    board = type(board)(board.name, board.cols, board.rows, board.points, {w: frozenset({"ammunition"})},
                        {"Red Base A": Base("Red Base A", "A", "Red", (w,))})
    g = stage(board, [("Red H-5", w, "N", {"ammo": ["A-A"]}), ("Blue TB-1", at((N, 9)), "S")], level=5,
              stock={"Red": {"A-S": 1, "AGR": 2, "A-A": 3}, "Blue": {}})
    assert A.Restock("Red H-5", ("AGR",)) in g.legal_actions() and A.Restock("Red H-5", ("A-A",)) not in g.legal_actions()
    refused(g, A.Restock("Red H-5", ("A-A",)), "l.499")
    refused(g, A.Restock("Red H-5", ("T",)), "l.502")
    g.apply(A.Restock("Red H-5", ("AGR",)))
    assert g.state.pieces["Red H-5"].ammo == ["A-A", "AGR"] and g.state.stock["Red"]["AGR"] == 1
    assert titles(g)[-1] == "Red H-5 is armed with AGR from Red Base A"
    refused(g, A.Restock("Red H-5", ("A-S",)), "l.502")                  # held this turn, and full


def test_picture_56_h4_launches_an_a_s_and_agr_rockets_fly_straight_on_a_red_die():
    """H4's A-S at a boat 4 d ahead: green 1 + green 3 = 4 reaches it (l.505); AGR (l.880): straight
    ahead only, a red 1 fails, a red 3 reaches 3 d."""
    g = stage(SEA, [("Red H-4", at(), "N", FLY), ("Blue TB-1", at((N, 4)), "S")], forced=[2, 1, 3], level=5)
    g.apply(A.RollMovement())
    n = len(g.state.log)
    g.apply(A.LaunchMissile("Red H-4", "Blue TB-1"))
    assert titles(g, n)[:2] == ["Red H-4 launches an A-S missile at Blue TB-1: 86.1% to hit",
                                "green 1 + green 3 = 4: the A-S missile hits Blue TB-1"]
    assert "Blue TB-1" in g.state.sunk
    board_pieces = [("Red H-4", at(), "N", {"flying": True, "ammo": ["AGR"]}), ("Blue TB-1", at((N, 3)), "S"),
                    ("Blue TB-2", at((N, 2), (NE, 2)), "S")]
    g = stage(SEA, board_pieces, forced=[2, 1], level=5)
    g.apply(A.RollMovement())
    refused(g, A.LaunchMissile("Red H-4", "Blue TB-2", 3, 1), "l.880")   # no turn for rockets
    assert g.chance_outcomes(A.LaunchMissile("Red H-4", "Blue TB-1")).outcomes[-1][1] == pytest.approx(4 / 6)
    g.apply(A.LaunchMissile("Red H-4", "Blue TB-1"))
    assert titles(g)[-2:] == ["Red H-4 launches an AGR rocket at Blue TB-1: 66.7% to hit", "red 1: the launch fails"]
    g = stage(SEA, board_pieces, forced=[2, 3], level=5)
    g.apply(A.RollMovement())
    g.apply(A.LaunchMissile("Red H-4", "Blue TB-1"))
    assert "red 3: the AGR rocket hits Blue TB-1" in titles(g) and g.state.sunk["Blue TB-1"].hits == ["AGR"]


def _island_board():
    isle = [at((N, 4)), at((N, 5)), at((N, 4), (NE, 1))]
    colours = {isle[0]: "orange", isle[1]: "white", isle[2]: "white"}
    return SEA.with_points(colours), isle


def test_picture_57_h3_descends_commandos_the_turn_after_it_comes_above_the_island():
    """Turn 1: H3 comes above the island (l.888); the descent that turn is refused (l.889). Its next
    turn it turns in place (hovering) and the commandos go down: red 5 against the garrison's green 3
    wins (l.890, l.661); then H3 lands on a free white point of the island (l.891)."""
    board, isle = _island_board()
    name = board.island_at(isle[0])
    g = stage(board, [("Red H-3", at((S, 3)), "N", {"flying": True, "ammo": ["C"]}), ("Red TB-2", at((SE, 3)), "N"),
                      ("Blue TB-1", at((N, 11)), "S")], forced=[2, 2, 2, 2, 2, 5, 3, 2, 2, 2, 2, 2], level=5,
              garrisons={name: "Blue"})
    g.apply(A.RollMovement())
    g.apply(A.Fly("Red H-3", "FFFFFFF", 2))                             # 2 + 5 = 7 steps: onto isle[0]
    assert g.state.pieces["Red H-3"].point == tuple(isle[0])
    refused(g, A.DescendCommandos("Red H-3", name), "l.889")
    g.apply(A.EndTurn())
    g.apply(A.RollMovement())
    g.apply(A.EndTurn())
    g.apply(A.RollMovement())
    assert A.DescendCommandos("Red H-3", name) in g.legal_actions()
    g.apply(A.Hover("Red H-3", *xy(isle[0]), NE))                       # turning in place is allowed
    g.apply(A.DescendCommandos("Red H-3", name))
    assert titles(g)[-2:] == [f"red 5 against green 3: the garrison of {name} is destroyed", f"Red's commandos hold {name}"]
    assert name not in g.state.garrisons and [c.island for c in g.state.commandos if c.owner == "Red"] == [name]
    assert g.state.pieces["Red H-3"].ammo == []
    g.apply(A.EndTurn())
    g.apply(A.RollMovement())
    g.apply(A.EndTurn())
    g.apply(A.RollMovement())
    g.apply(A.Hover("Red H-3", *xy(isle[1]), 0, True))                  # lands on the won island (l.891)
    assert not g.state.pieces["Red H-3"].flying


def test_descent_refusals_not_above_the_island_and_a_flight_leaves_the_point():
    board, isle = _island_board()
    name = board.island_at(isle[0])
    g = stage(board, [("Red H-3", isle[0], "N", {"flying": True, "ammo": ["C"], "start": tuple(isle[0])}),
                      ("Red H-4", at((S, 2)), "N", {"flying": True, "ammo": ["C"], "start": tuple(at((S, 2)))}),
                      ("Red TB-2", at((SE, 3)), "N"), ("Blue TB-1", at((N, 11)), "S")], forced=[2, 2, 2], level=5)
    refused(g, A.DescendCommandos("Red H-3", name), "l.889")             # before the blue dice
    g.apply(A.RollMovement())
    refused(g, A.DescendCommandos("Red H-4", name), "l.888")             # not above the island
    g.apply(A.DescendCommandos("Red H-3", name))                         # no defenders: they hold it
    assert [c.island for c in g.state.commandos] == [name]
    w = isle[1]
    g = stage(board, [("Red H-3", w, "N", {"ammo": ["C"], "start": tuple(w)}), ("Red TB-2", at((SE, 3)), "N"),
                      ("Blue TB-1", at((N, 11)), "S")], forced=[2, 2, 2], level=5)
    g.apply(A.RollMovement())
    g.apply(A.TakeOff("Red H-3", *xy(w), N))                             # up onto its own point
    refused(g, A.DescendCommandos("Red H-3", name), "l.889")             # it came above the island this turn


def test_machine_gun_tables_armor_and_the_combat_helicopter_from_behind():
    """The rebuilt tables (l.913-927, l.1632, l.1637): a ship needs 3 at an airborne H5, 2 at a landed
    one; H5 needs 6 at a hovercraft and 3 at an airborne helicopter, shooting only from straight behind
    facing it (l.929, pictures 58-59)."""
    assert [NEEDS[("vessel", r)] for r in ("hovercraft", "armored air", "armored landed", "air", "landed")] == [5, 3, 2, 2, 0]
    assert [NEEDS[("helicopter", r)] for r in ("hovercraft", "armored air", "armored landed", "air", "landed")] == [6, 4, 3, 3, 2]
    g = stage(SEA, [("Blue TB-3", at(), "N"), ("Red H-5", at((NE, 1)), "N", FLY), ("Red C-9", at((N, 5)), "S")],
              forced=[2, 2], level=5, to_move="Blue")
    g.apply(A.RollMovement())
    assert titles(g)[-1] and g.chance_outcomes(A.FireMachineGun("Blue TB-3", "Red H-5")).outcomes[-1][1] == pytest.approx(4 / 6)
    g.apply(A.FireMachineGun("Blue TB-3", "Red H-5"))
    assert titles(g)[-2:] == ["Blue TB-3's machine gun at Red H-5: 66.7% to destroy", "red 2: a miss"]
    assert g.state.log[-2]["rules"] == ["l.917"]                          # armor 1 saves it on a 2 (l.903)
    behind = at((S, 1), start=at((N, 3)))
    g = stage(SEA, [("Red H-5", behind, "N", FLY), ("Blue H-3", at((N, 3)), "N", FLY), ("Blue TB-1", at((N, 9)), "S"),
                    ("Blue H-4", at((N, 3), (SE, 1)), "S", FLY)], forced=[3, 3], level=5)
    g.apply(A.RollMovement())
    refused(g, A.FireMachineGun("Red H-5", "Blue H-4"), "l.929")        # adjacent, not faced (picture 59)
    assert A.FireMachineGun("Red H-5", "Blue H-3") in g.legal_actions()
    n = len(g.state.log)
    g.apply(A.FireMachineGun("Red H-5", "Blue H-3"))                     # picture 58: a 3 downs H3
    assert titles(g, n)[:2] == ["Red H-5's machine gun at Blue H-3: 66.7% to destroy", "red 3: Blue H-3 is destroyed"]
    g = stage(SEA, [("Red H-5", behind, "N", FLY), ("Blue H-3", at((N, 3)), "S", FLY), ("Blue TB-1", at((N, 9)), "S")],
              forced=[3], level=5)
    g.apply(A.RollMovement())
    refused(g, A.FireMachineGun("Red H-5", "Blue H-3"), "l.929")        # facing it, but at its front


def test_transport_helicopter_carries_but_never_uses_and_lands_only_on_a_large_platform():
    """H6: fuel 8 (l.1009), two markers of any kind (l.1011); a transfer to a boat on an adjacent point
    while landed on a white point, neither moving that turn (l.1013, pictures 64-65); not on a frigate
    (l.1017)."""
    w = at((N, 1))
    g = stage(SEA.with_points({w: "white"}), [("Red H-6", w, "N", {"ammo": ["T", "G"]}), ("Red TB-4", at(), "N", {"ammo": ["T"]}),
                                              ("Red F-17", at((SE, 2)), "N"), ("Blue TB-1", at((N, 9)), "S")],
              forced=[3, 3], level=5)
    assert g.state.pieces["Red H-6"].fuel == 8
    refused(g, A.Transfer("Red H-6", "Red TB-4", ("G",)), "l.1011")      # a torpedo boat holds no G
    g.apply(A.Transfer("Red H-6", "Red TB-4", ("T",)))
    assert g.state.pieces["Red TB-4"].ammo == ["T", "T"] and g.state.pieces["Red H-6"].ammo == ["G"]
    g.apply(A.RollMovement())
    refused(g, A.Move("Red TB-4", "F", 3), "l.251")
    refused(g, A.TakeOff("Red H-6", *xy(at((N, 2))), N), "l.448")
    g.state.pieces["Red H-6"].ammo = ["A-S"]
    g = stage(SEA, [("Red H-6", at((SE, 2), (N, 1)), "S", {"flying": True, "ammo": ["A-S"]}), ("Red F-17", at((SE, 2)), "N"),
                    ("Blue TB-1", at((SE, 2), (N, 4)), "S")], forced=[3, 3], level=5)
    g.apply(A.RollMovement())
    refused(g, A.LaunchMissile("Red H-6", "Blue TB-1"), "l.1011")        # carries, cannot use
    refused(g, A.Hover("Red H-6", *xy(at((SE, 2))), 0, True), "l.443")   # the frigate's platform is too small
    g.apply(A.Hover("Red H-6", *xy(at((SE, 2), (N, 1))), S))


def test_expanded_pieces_play_only_at_level_5():
    with pytest.raises(IllegalAction) as e:
        stage(SEA, [("Red H-3", at(), "N", FLY), ("Red TB-2", at((SE, 2)), "N"), ("Blue TB-1", at((N, 9)), "S")], level=4)
    assert e.value.rule == "l.806"                                       # the expanded set (l.806)
    g = stage(SEA, [("Red H-3", at(), "N", FLY), ("Red TB-2", at((SE, 2)), "N"), ("Blue TB-1", at((N, 9)), "S")], level=5)
    assert g.state.stock["Red"]["AGR"] == 4                              # 2 x 4 AGR markers (l.807)
