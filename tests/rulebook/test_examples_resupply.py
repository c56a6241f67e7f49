"""Worked EXAMPLEs of chapter 8 (RESUPPLY)."""
import pytest

from lcb_lab.kernel.errors import IllegalAction
from lcb_lab import situation
from lcb_lab.games.lcb import actions as A

B, R = "TF Blue", "TF Red"


def resupply_game(units, **kw):
    g = situation(units, **kw)
    return g


def declare_resupply(g, units, tf=B):
    g.apply(A.BeginImpulse(tf))
    g.apply(A.Declare((A.CoreAction("move_resupply", units),)))


def test_8_01_example_echo_gives_2_rp_to_each_of_three_units():
    """8.01: Echo Company (RV 6, range 3) gives 2 GA to 3 Delta, 2 LRS(1) to 1 Whiskey
    and 2 INTERCEPT to 1 Kilo: its RP pool goes from 20 to 14.  (The printed text names
    "Lima" for the pool; the unit resupplying is Echo, see facts.md section 6 item 6.)"""
    g = resupply_game([("Echo", "usmc_logistics_company", "F-6", B),
                       ("3 Delta", "usmc_infantry_platoon", "F-8", B),
                       ("1 Whiskey", "usmc_himars_section", "G-6", B),
                       ("1 Kilo", "usmc_iamd_section", "F-3", B)])
    u = g.state.units
    u["3 Delta"].supply = {**u["3 Delta"].supply, "GA": 5}
    u["1 Whiskey"].supply = {**u["1 Whiskey"].supply, "LRS1": 3}
    u["1 Kilo"].supply = {**u["1 Kilo"].supply, "INT1": 4}
    declare_resupply(g, ["Echo"])
    g.apply(A.Resupply(1, "Echo", "RV1", (A.Grant("3 Delta", "GA", 2), A.Grant("1 Whiskey", "LRS1", 2), A.Grant("1 Kilo", "INT1", 2))))
    assert u["Echo"].supply["RP"] == 14
    assert (u["3 Delta"].supply["GA"], u["1 Whiskey"].supply["LRS1"], u["1 Kilo"].supply["INT1"]) == (7, 5, 6)
    assert not any(x.revealed for x in u.values())                     # 8.06
    with pytest.raises(IllegalAction) as e:                             # one RESUPPLY per impulse
        g.apply(A.Resupply(1, "Echo", "RV1", (A.Grant("3 Delta", "GA", 1),)))
    assert e.value.rule == "8.01"


def test_8_01_rv_caps_the_rp_handed_out_per_action():
    g = resupply_game([("Echo", "usmc_logistics_company", "F-6", B), ("3 Delta", "usmc_infantry_platoon", "F-7", B),
                       ("4 Delta", "usmc_infantry_platoon", "F-8", B)])
    for d in ("3 Delta", "4 Delta"):
        g.state.units[d].supply = {**g.state.units[d].supply, "GA": 0}
    declare_resupply(g, ["Echo"])
    with pytest.raises(IllegalAction) as e:
        g.apply(A.Resupply(1, "Echo", "RV1", (A.Grant("3 Delta", "GA", 4), A.Grant("4 Delta", "GA", 3))))
    assert e.value.rule == "8.01" and "at most 6" in e.value.reason


def test_8_02_example_whiskey_never_exceeds_its_starting_lrs1_of_6():
    g = resupply_game([("Echo", "usmc_logistics_company", "F-6", B), ("1 Whiskey", "usmc_himars_section", "F-7", B)])
    g.state.units["1 Whiskey"].supply = {**g.state.units["1 Whiskey"].supply, "LRS1": 5}
    declare_resupply(g, ["Echo"])
    before = g.to_json()
    with pytest.raises(IllegalAction) as e:
        g.apply(A.Resupply(1, "Echo", "RV1", (A.Grant("1 Whiskey", "LRS1", 2),)))
    assert e.value.rule == "8.02" and "6" in e.value.reason
    assert g.to_json() == before


def test_8_03_graphic_long_range_resupply_around_an_enemy_hex():
    """8.03: Echo cannot trace through 1 Anna's hex, so it uses its long-range RV (2 RP,
    range 6) to reach 1 Whiskey by going around."""
    # a land corridor in column F, walled by water except a detour through column G
    water = [f"E-{r}" for r in range(1, 13)] + [f"H-{r}" for r in range(1, 13)] + ["G-6", "G-7", "G-8", "G-9"]
    g = resupply_game([("Echo", "usmc_logistics_company", "F-8", B), ("1 Anna", "runi_naval_infantry_platoon", "F-7", R),
                       ("1 Whiskey", "usmc_himars_section", "F-6", B)], naval=water)
    g.state.units["1 Whiskey"].supply = {**g.state.units["1 Whiskey"].supply, "LRS1": 2}
    assert "F-6" not in g.resupply_reach("Echo", "RV1")
    declare_resupply(g, ["Echo"])
    with pytest.raises(IllegalAction) as e:
        g.apply(A.Resupply(1, "Echo", "RV1", (A.Grant("1 Whiskey", "LRS1", 2),)))
    assert e.value.rule == "8.05"
    # RV2 (2 RP, range 6): around via G-10 ... G-5
    g2 = resupply_game([("Echo", "usmc_logistics_company", "F-8", B), ("1 Anna", "runi_naval_infantry_platoon", "F-7", R),
                        ("1 Whiskey", "usmc_himars_section", "F-5", B)],
                       naval=[f"E-{r}" for r in range(1, 13)] + ["H-6", "H-7", "H-8"])
    g2.state.units["1 Whiskey"].supply = {**g2.state.units["1 Whiskey"].supply, "LRS1": 2}
    declare_resupply(g2, ["Echo"])
    g2.apply(A.Resupply(1, "Echo", "RV2", (A.Grant("1 Whiskey", "LRS1", 2),)))
    assert g2.state.units["1 Whiskey"].supply["LRS1"] == 4 and g2.state.units["Echo"].supply["RP"] == 18


def test_8_04_example_a_logistics_stack_resupplies_with_every_unit_for_1_ap():
    g = resupply_game([(f"Log{i}", "usmc_logistics_company", "F-6", B) for i in (1, 2, 3)] +
                      [("Inf", "usmc_infantry_platoon", "F-7", B)])
    g.state.units["Inf"].supply = {**g.state.units["Inf"].supply, "GA": 0}
    declare_resupply(g, ["Log1", "Log2", "Log3"])
    for i in (1, 2, 3):
        g.apply(A.Resupply(1, f"Log{i}", "RV1", (A.Grant("Inf", "GA", 3),)))
    assert g.state.units["Inf"].supply["GA"] == 9 and g.impulse.ap == 2


def test_8_05_example_no_resupply_across_water_between_islands():
    g = resupply_game([("Echo", "usmc_logistics_company", "F-6", B), ("Inf", "usmc_infantry_platoon", "G-6", B)],
                      cut=[("F-6", "G-6")], naval=["G-5", "F-7", "E-6", "E-5", "F-5", "G-7",
                                                                      "H-6", "H-7"])
    g.state.units["Inf"].supply = {**g.state.units["Inf"].supply, "GA": 0}
    declare_resupply(g, ["Echo"])
    with pytest.raises(IllegalAction) as e:
        g.apply(A.Resupply(1, "Echo", "RV1", (A.Grant("Inf", "GA", 2),)))
    assert e.value.rule == "8.05"


def test_7_26_and_8_08_no_resupply_into_contested_hexes_or_to_ships():
    g = resupply_game([("Echo", "usmc_logistics_company", "F-6", B), ("Inf", "usmc_infantry_platoon", "F-7", B),
                       ("Anna", "runi_naval_infantry_platoon", "F-7", R, True), ("DDG", "usn_ddg_51", "F-5", B)],
                      mixed=["F-5"])        # Anna face up: opposing ground units in one hex reveal each other (6.22)
    g.state.units["Inf"].supply = {**g.state.units["Inf"].supply, "GA": 0}
    g.state.units["DDG"].supply = {**g.state.units["DDG"].supply, "LRS1": 0}
    declare_resupply(g, ["Echo"])
    with pytest.raises(IllegalAction) as e:
        g.apply(A.Resupply(1, "Echo", "RV1", (A.Grant("Inf", "GA", 2),)))
    assert e.value.rule == "7.26"
    with pytest.raises(IllegalAction) as e:
        g.apply(A.Resupply(1, "Echo", "RV1", (A.Grant("DDG", "LRS1", 2),)))
    assert e.value.rule == "8.08"


def test_8_07_move_into_range_resupply_but_no_second_move():
    """8.07: a unit moves (1 AP) into a logistics unit's range, is resupplied (1 AP), and
    cannot move again that turn."""
    g = resupply_game([("Echo", "usmc_logistics_company", "F-3", B), ("Inf", "usmc_infantry_platoon", "F-9", B)])
    g.state.units["Inf"].supply = {**g.state.units["Inf"].supply, "GA": 0}
    g.apply(A.BeginImpulse(B))
    g.apply(A.Declare((A.CoreAction("move_combat", ("Inf",)), A.CoreAction("move_resupply", ("Echo",)))))
    g.apply(A.Move(1, ("F-8", "F-7", "F-6")))
    g.apply(A.Resupply(2, "Echo", "RV1", (A.Grant("Inf", "GA", 6),)))
    with pytest.raises(IllegalAction) as e:
        g.apply(A.Move(1, ("F-7",)))
    assert e.value.rule == "5.16"
    assert g.state.units["Inf"].supply["GA"] == 6
