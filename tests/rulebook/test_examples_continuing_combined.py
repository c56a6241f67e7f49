"""Worked EXAMPLEs of 7.18 (Combined Arms Activation) and 7.2x (Continuing Combat)."""
import pytest

from lcb_lab.kernel.errors import IllegalAction
from lcb_lab import situation
from tests.conftest import pass_impulse
from lcb_lab.games.lcb import actions as A

B, R = "TF Blue", "TF Red"


def test_7_18_example_himars_supports_the_assault_for_0_ap_and_is_expended():
    """7.18: Nick's stack holds 1 Whiskey (HIMARS) and 1 Alpha.  For 1 AP 1 Alpha moves into
    the enemy logistics unit's hex to assault it; 1 Whiskey joins with LRS for no AP, the LRS
    is resolved before the GROUND ASSAULT, and 1 Whiskey is expended for the turn."""
    g = situation([("1 Whiskey", "usmc_himars_section", "F-7", B), ("1 Alpha", "usmc_infantry_platoon", "F-7", B),
                   ("Log", "runi_logistics_company", "F-6", R)], forced=[1, 20, 1, 1])
    g.apply(A.BeginImpulse(B))
    g.apply(A.Declare((A.CoreAction("move_combat", ("1 Alpha",)),)))
    g.apply(A.Move(1, ("F-6",)))                                    # contact: both revealed (6.22)
    g.apply(A.CommitCombat(lrs=(A.LrsAttack("1 Whiskey", "LRS1", "Log", 2),), ga=(A.GroundAssault("1 Alpha", "Log", 2),)))
    assert g.impulse.ap == 2                              # only 1 Alpha's action cost an AP
    assert g.state.units["1 Whiskey"].expended and g.state.units["1 Whiskey"].acted
    g.apply(A.ResolveCombat())
    kinds = [e["kind"] for e in g.log]
    assert kinds.index("lrs_roll") < kinds.index("ga_roll")
    ga = next(e for e in g.log if e["kind"] == "ga_roll")
    assert ga["data"]["cv"] == 6                          # 7.17: LRS damaged the hex first
    assert g.state.units["Log"].destroyed


@pytest.mark.parametrize("extra,rule", [
    ((), "3.31"),                                         # no GROUND ASSAULT to support
    ((A.GroundAssault("1 Alpha", "Log", 1),), "7.18"),   # LRS aimed at another hex
])
def test_7_18_support_only_against_the_assaulted_hex(extra, rule):
    g = situation([("1 Whiskey", "usmc_himars_section", "F-8", B), ("1 Alpha", "usmc_infantry_platoon", "F-7", B),
                   ("Log", "runi_logistics_company", "F-6", R), ("Anna", "runi_naval_infantry_platoon", "F-4", R, True)])
    g.apply(A.BeginImpulse(B))
    g.apply(A.Declare((A.CoreAction("move_combat", ("1 Alpha",)),)))
    g.apply(A.Move(1, ("F-6",)))
    with pytest.raises(IllegalAction) as e:
        g.apply(A.CommitCombat(lrs=(A.LrsAttack("1 Whiskey", "LRS1", "Anna", 1),), ga=extra))
    assert e.value.rule == rule


def test_7_18_support_comes_from_one_hex():
    g = situation([("W1", "usmc_himars_section", "F-8", B), ("W2", "usmc_himars_section", "G-8", B),
                   ("1 Alpha", "usmc_infantry_platoon", "F-7", B), ("Log", "runi_logistics_company", "F-6", R)])
    g.apply(A.BeginImpulse(B))
    g.apply(A.Declare((A.CoreAction("move_combat", ("1 Alpha",)),)))
    g.apply(A.Move(1, ("F-6",)))
    with pytest.raises(IllegalAction) as e:
        g.apply(A.CommitCombat(lrs=(A.LrsAttack("W1", "LRS1", "Log", 1), A.LrsAttack("W2", "LRS1", "Log", 1)), ga=(A.GroundAssault("1 Alpha", "Log", 1),)))
    assert e.value.rule == "7.18"


def test_7_2_example_continuing_combat_across_turns():
    """7.2x: Shawn's and Ziva's units survive a GROUND ASSAULT in turn 1; the hex gets a
    Continuing Combat marker.  In turn 2 the first player with engaged units resolves it
    for 0 AP with the impulse's combat, the marker flips to Resolved, and at the end of
    the Action Stage it flips back."""
    g = situation([("Shawn", "usmc_infantry_platoon", "F-7", B), ("Ziva", "runi_naval_infantry_platoon", "F-6", R)],
                  forced=[20] * 12, auto={"ga_defence": "return_fire"}, initiative="US")
    g.apply(A.BeginImpulse(B))
    g.apply(A.Declare((A.CoreAction("move_combat", ("Shawn",)),)))
    g.apply(A.Move(1, ("F-6",)))
    g.apply(A.CommitCombat(ga=(A.GroundAssault("Shawn", "Ziva", 2),)))
    g.apply(A.ResolveCombat())
    g.apply(A.EndImpulse())
    pass_impulse(g, R)
    assert g.state.turn == 2 and g.state.continuing == {"F-6": "continuing"}       # 7.21
    # turn 2: Blue's impulse must resolve it; it costs no AP and needs no declaration
    g.apply(A.BeginImpulse(B))
    g.apply(A.Declare())
    with pytest.raises(IllegalAction) as e:
        g.apply(A.EndImpulse())
    assert e.value.rule == "7.22"
    g.apply(A.CommitCombat(ga=(A.GroundAssault("Shawn", "Ziva", 2),)))
    assert g.impulse.ap == 3
    g.apply(A.ResolveCombat())
    assert g.state.continuing == {"F-6": "resolved"}                                # 7.22
    g.apply(A.EndImpulse())
    g.apply(A.BeginImpulse(R))                                    # Ziva's side: already resolved this turn
    g.apply(A.Declare())
    g.apply(A.EndImpulse())
    assert g.state.continuing == {"F-6": "continuing"}                              # 7.23
    # 2 dice attacking each turn; 4 dice of return fire each turn (policy "return_fire")
    assert g.state.units["Shawn"].supply["GA"] == 10 - 4 and g.state.units["Ziva"].supply["GA"] == 10 - 8


def test_7_22_a_continuing_combat_that_ends_the_contest_removes_the_marker():
    g = situation([("Shawn", "usmc_infantry_platoon", "F-6", B, True), ("Ziva", "runi_naval_infantry_platoon", "F-6", R, True),
                   ("W", "usmc_himars_section", "F-10", B), ("Other", "runi_naval_infantry_platoon", "F-8", R, True)],
                  forced=[20, 1, 1], auto={"ga_defence": "no_defence", "intercept": "no_intercept"})
    g.state.continuing = {"F-6": "continuing"}
    g.apply(A.BeginImpulse(B))
    g.apply(A.Declare((A.CoreAction("move_combat", ("W",)),)))
    with pytest.raises(IllegalAction) as e:               # the impulse's combat must include the hex
        g.apply(A.CommitCombat(lrs=(A.LrsAttack("W", "LRS1", "Other", 1),)))
    assert e.value.rule == "7.22"
    g.apply(A.CommitCombat(lrs=(A.LrsAttack("W", "LRS1", "Other", 1),), ga=(A.GroundAssault("Shawn", "Ziva", 2),)))
    g.apply(A.ResolveCombat())
    assert g.state.units["Ziva"].destroyed and g.state.continuing == {}


def test_7_111_example_armor_breakthrough_one_free_mp():
    """7.111: an armor unit (MP 3) assaults an enemy infantry unit and destroys it; alone in
    the hex, it may move 1 MP for free -- not into enemy hexes or hexes costing 2 MP or more."""
    g = situation([("Tank", "runi_tank_platoon", "F-7", R), ("Inf", "usmc_infantry_platoon", "F-6", B),
                   ("Other", "usmc_infantry_platoon", "G-5", B)],
                  colours={"F-4": "yellow"}, initiative="RU", forced=[1, 1] + [20] * 4,
                  auto={"ga_defence": "return_fire"})
    g.apply(A.BeginImpulse(R))
    g.apply(A.Declare((A.CoreAction("move_combat", ("Tank",)),)))
    with pytest.raises(IllegalAction):                   # no assault fought yet
        g.apply(A.ArmorBreakthrough("Tank", "F-5"))
    g.apply(A.Move(1, ("F-6",)))
    g.apply(A.CommitCombat(ga=(A.GroundAssault("Tank", "Inf", 2),)))
    g.apply(A.ResolveCombat())
    assert g.state.units["Inf"].destroyed
    for dest, rule in (("F-4", "7.19"), ("G-5", "7.110")):   # F-4 is 2 hexes away; G-5 holds Other
        with pytest.raises(IllegalAction) as e:
            g.apply(A.ArmorBreakthrough("Tank", dest))
        assert e.value.rule == rule
    g.apply(A.ArmorBreakthrough("Tank", "F-5"))
    assert g.state.units["Tank"].hex == "F-5" and g.impulse.ap == 2
    with pytest.raises(IllegalAction) as e:
        g.apply(A.ArmorBreakthrough("Tank", "F-4"))              # once, and yellow costs 2 MP anyway
    assert e.value.rule in ("7.19", "7.111")


def test_5_13_exception_combined_arms_movement_one_ap():
    """5.13 example: an infantry platoon and an LRS unit in one stack, 1 AP: the LRS unit
    fires without moving, the infantry moves into the enemy hex and assaults it."""
    g = situation([("W", "usmc_himars_section", "F-8", B), ("Inf", "usmc_infantry_platoon", "F-8", B),
                   ("Anna", "runi_naval_infantry_platoon", "F-6", R, True)], forced=[1, 20, 1, 1],
                  auto={"ga_defence": "no_defence", "intercept": "no_intercept"})
    g.apply(A.BeginImpulse(B))
    g.apply(A.Declare((A.CoreAction("move_combat", ("W", "Inf")),)))
    with pytest.raises(IllegalAction) as e:              # the LRS unit cannot be the one that moves
        g.apply(A.Move(1, ("F-7",), units=("W",)))
    assert e.value.rule == "5.13"
    g.apply(A.Move(1, ("F-7", "F-6"), units=("Inf",)))
    assert g.state.units["W"].hex == "F-8" and g.state.units["Inf"].hex == "F-6" and g.impulse.ap == 2
    g.apply(A.CommitCombat(lrs=(A.LrsAttack("W", "LRS1", "Anna", 2),), ga=(A.GroundAssault("Inf", "Anna", 2),)))
    g.apply(A.ResolveCombat())
    assert g.state.units["Anna"].destroyed


def test_7_24_disengaging_costs_a_normal_core_action_and_ends_the_obligation():
    g = situation([("Shawn", "usmc_infantry_platoon", "F-6", B, True), ("Ziva", "runi_naval_infantry_platoon", "F-6", R, True)])
    g.state.continuing = {"F-6": "continuing"}
    g.apply(A.BeginImpulse(B))
    g.apply(A.Declare((A.CoreAction("move_combat", ("Shawn",)),)))
    assert g.impulse.ap == 2                                  # leaving costs the Core Action's AP
    g.apply(A.Move(1, ("F-7",)))
    g.apply(A.EndImpulse())                                           # no longer engaged: no 7.22 obligation
    pass_impulse(g, R)
    assert g.state.continuing == {}                           # the hex is not contested any more


def test_7_25_example_new_units_join_a_continuing_combat_with_the_engaged_ones_for_0_ap():
    """7.25: Sam's two engaged platoons and three new ones attack into the Continuing Combat hex;
    only the new stack's move costs an AP."""
    units = [(f"Old{i}", "usmc_infantry_platoon", "F-6", B, True) for i in (1, 2)]
    units += [(f"New{i}", "usmc_infantry_platoon", "F-8", B) for i in (1, 2, 3)]
    units += [(f"E{i}", "runi_naval_infantry_platoon", "F-6", R, True) for i in (1, 2, 3)]
    g = situation(units, seed=4, auto={"ga_defence": "return_fire"})
    g.state.continuing = {"F-6": "continuing"}
    g.apply(A.BeginImpulse(B))
    g.apply(A.Declare((A.CoreAction("move_combat", ("New1", "New2", "New3")),)))
    g.apply(A.Move(1, ("F-7", "F-6")))
    pairs = (("Old1", "E1"), ("Old2", "E2"), ("New1", "E1"), ("New2", "E2"), ("New3", "E3"))
    g.apply(A.CommitCombat(ga=tuple(A.GroundAssault(a, t, 2) for a, t in pairs)))
    assert g.impulse.ap == 2
    g.apply(A.ResolveCombat())
    assert all(g.state.units[f"Old{i}"].acted for i in (1, 2))   # their offensive combat for the turn (7.27)


def test_3_35_combat_then_move():
    g = situation([("DDG", "usn_ddg_51", "F-10", B), ("Anna", "runi_naval_infantry_platoon", "F-4", R, True)],
                  naval=["F-10", "F-11"], forced=[20, 20], auto={})
    g.apply(A.BeginImpulse(B))
    g.apply(A.Declare((A.CoreAction("move_combat", ("DDG",)),)))
    g.apply(A.CommitCombat(lrs=(A.LrsAttack("DDG", "LRS1", "Anna", 2),)))
    g.apply(A.ResolveCombat())
    g.apply(A.Move(1, ("F-11",)))
    assert g.state.units["DDG"].hex == "F-11"
