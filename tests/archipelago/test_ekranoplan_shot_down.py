"""The ekranoplan in the air against helicopters (l.1242, l.1244-1248): shot down by an A-A missile
only from its rear, as a helicopter (l.527); the combat helicopter's machine-gun rows against it
(airborne 6, on the water 5) -- with forced dice on staged positions."""
import pytest

from lcb_lab.games.archipelago import actions as A
from lcb_lab.games.archipelago.rules.machine_gun import EKRANOPLAN
from lcb_lab.games.archipelago.stage import stage
from tests.archipelago.helpers import N, NE, S, SEA, at, refused, titles

FLY = {"flying": True}


def _aa(facing: str, forced: list[int]):
    g = stage(SEA, [("Red H-1", at(), "N", {"flying": True, "ammo": ["A-A"]}), ("Blue E-1", at((N, 3)), facing, FLY),
                    ("Blue TB-1", at((N, 11)), "S")], forced=forced, level=5)
    g.apply(A.RollMovement())
    return g


def test_an_a_a_shoots_the_flying_ekranoplan_down_from_its_rear_only():
    """l.1242: an A-A missile shoots it down; as a helicopter's, only coming from the rear (l.527).
    From behind, 3 d: a red 3 or more reaches it (4/6); a red 6 downs it.  From its front: a miss."""
    g = _aa("N", [3, 6])
    assert any(isinstance(a, A.LaunchMissile) and a.target == "Blue E-1" for a in g.legal_actions())
    assert g.chance_outcomes(A.LaunchMissile("Red H-1", "Blue E-1", 0, 0, "A-A")).outcomes[-1][1] == pytest.approx(4 / 6)
    n = len(g.state.log)
    g.apply(A.LaunchMissile("Red H-1", "Blue E-1", 0, 0, "A-A"))
    assert titles(g, n) == ["Red H-1 launches an A-A missile at Blue E-1: 66.7% to hit",
                            "red 6: the A-A missile hits Blue E-1", "Blue E-1 is shot down"]
    assert "l.1242" in g.state.log[n]["rules"] and "Blue E-1" not in g.state.pieces
    g = _aa("S", [3, 6])                                    # facing the missile: it comes at its front
    n = len(g.state.log)
    g.apply(A.LaunchMissile("Red H-1", "Blue E-1", 0, 0, "A-A"))
    assert titles(g, n) == ["Red H-1 launches an A-A missile at Blue E-1: 0.0% to hit",
                            "red 6: the A-A missile misses Blue E-1"]
    assert "Blue E-1" in g.state.pieces and g.state.pieces["Red H-1"].ammo == []


def test_the_combat_helicopters_machine_gun_rows_against_the_ekranoplan():
    """l.1247-1248: H5 needs a 6 at it airborne, a 5 or 6 on the water (a ship or boat 5 and 4, l.1253-1254).
    Flying, H5 fires from the point straight behind it, facing it (as at a helicopter, l.929); a red 5
    misses, a 6 destroys it and it leaves the board (no R marker: no white point)."""
    assert EKRANOPLAN == {("vessel", True): (5, "l.1253"), ("vessel", False): (4, "l.1254"),
                          ("helicopter", True): (6, "l.1247"), ("helicopter", False): (5, "l.1248")}
    e = at((N, 2))
    pieces = [("Red H-5", at((N, 1)), "N", FLY), ("Blue E-1", e, "N", FLY), ("Blue TB-1", at((N, 11)), "S")]
    g = stage(SEA, pieces, forced=[3, 5], level=5)
    g.apply(A.RollMovement())
    assert A.FireMachineGun("Red H-5", "Blue E-1") in g.legal_actions()
    g.apply(A.FireMachineGun("Red H-5", "Blue E-1"))
    assert titles(g)[-2:] == ["Red H-5's machine gun at Blue E-1: 16.7% to destroy", "red 5: a miss"]
    assert g.state.log[-2]["rules"] == ["l.1247"] and "Blue E-1" in g.state.pieces
    g = stage(SEA, pieces, forced=[3, 6], level=5)
    g.apply(A.RollMovement())
    g.apply(A.FireMachineGun("Red H-5", "Blue E-1"))
    assert titles(g)[-1] == "red 6: Blue E-1 is destroyed" and "Blue E-1" not in g.state.pieces
    assert g.state.red_points == []                         # nothing burns on the water
    side = stage(SEA, [("Red H-5", at((N, 2), (S, 1), start=at((NE, 1))), "N", FLY), ("Blue E-1", e, "S", FLY),
                       ("Blue TB-1", at((N, 11)), "S")], forced=[3], level=5)
    side.apply(A.RollMovement())
    refused(side, A.FireMachineGun("Red H-5", "Blue E-1"), "l.929")    # not straight behind it
    water = stage(SEA, [("Red H-5", at((N, 1)), "N", FLY), ("Blue E-1", e, "S"), ("Blue TB-1", at((N, 11)), "S")],
                  forced=[3, 5], level=5)
    water.apply(A.RollMovement())
    water.apply(A.FireMachineGun("Red H-5", "Blue E-1"))           # on the water: adjacent, faced (l.935)
    assert titles(water)[-2:] == ["Red H-5's machine gun at Blue E-1: 33.3% to destroy", "red 5: Blue E-1 is destroyed"]
    assert water.state.log[-2]["rules"] == ["l.1248"] and water.state.red_points == []
