"""Worked EXAMPLEs of chapter 7 (combat) and 4.22 (MILDEC), reproduced with forced dice."""
import pytest

from lcb_lab.games.lcb.choices import answer_with
from lcb_lab.kernel.errors import IllegalAction
from lcb_lab.games.lcb.model.state import Marker
from lcb_lab import situation
from lcb_lab.games.lcb import actions as A

B, R = "TF Blue", "TF Red"


def lrs(shooter, target, dice, slot="LRS1"):
    return A.LrsAttack(shooter, slot, target, dice)


def itc(unit, target, dice, slot="INT1"):
    return {"interceptor": unit, "slot": slot, "target": target, "dice": dice}


def strike(g, tf, units_actions, allocs):
    g.apply(A.BeginImpulse(tf))
    g.apply(A.Declare(tuple(A.CoreAction("move_combat", tuple(u)) for u in units_actions)))
    g.apply(A.CommitCombat(lrs=tuple(allocs)))
    return g.pending


def test_7_37_example_follows_rule_7_02_not_the_printed_tally():
    """7.37: 1 Uran (LRS CV 10) fires 2 dice at 1 Whiskey in a brown hex: CV 10 - 2 = 8
    (7.09).  Rolls 8 and 12.  The printed example counts two successes, but by 7.02 a 12
    misses against 8: one hit.  1 Kilo intercepts with 2 dice, 11 and 16: one success,
    negating the one hit.  The rules give 0 damage where the text prints 1 HP
    (facts.md section 6 item 1)."""
    g = situation([("1 Uran", "runi_coastal_missile_section", "F-2", R),
                   ("1 Whiskey", "usmc_himars_section", "F-6", B, True),
                   ("1 Kilo", "usmc_iamd_section", "F-6", B)],
                  colours={"F-6": "brown"}, initiative="RU", forced=[8, 12, 11, 16])
    d = strike(g, R, [["1 Uran"]], [lrs("1 Uran", "1 Whiskey", 2)])
    assert d.kind == "intercept" and d.team == "US"
    g.apply(g.pending.answer_from([itc("1 Kilo", "1 Whiskey", 2)]))
    g.apply(A.ResolveCombat())
    assert g.result is True
    roll = next(e for e in g.log if e["kind"] == "lrs_roll")
    assert roll["data"]["base_cv"] == 10 and roll["data"]["cv"] == 8
    assert roll["data"]["hits"] == 1                        # not 2 as printed
    assert g.state.units["1 Whiskey"].hp == 2               # not 1 as printed
    assert g.state.units["1 Uran"].revealed and g.state.units["1 Kilo"].revealed   # 7.37, 7.511
    assert g.state.units["1 Uran"].supply["LRS1"] == 4 - 2 and g.state.units["1 Kilo"].supply["INT1"] == 8 - 2


def test_7_32_lrs_on_a_concealed_unit_is_refused_and_nothing_changes():
    g = situation([("DDG-51", "usn_ddg_51", "F-10", B), ("1 Anna", "runi_naval_infantry_platoon", "F-4", R)],
                  mixed=["F-10"])
    g.apply(A.BeginImpulse(B))
    g.apply(A.Declare((A.CoreAction("move_combat", ("DDG-51",)),)))
    before = g.to_json()
    with pytest.raises(IllegalAction) as e:
        g.apply(A.CommitCombat(lrs=(lrs("DDG-51", "1 Anna", 4),)))
    assert e.value.rule == "7.32" and "concealed" in e.value.reason
    assert g.to_json() == before


def test_7_31_range_and_7_08_supply_are_enforced():
    g = situation([("1 Whiskey", "usmc_himars_section", "F-10", B),
                   ("1 Anna", "runi_naval_infantry_platoon", "F-4", R, True),
                   ("2 Anna", "runi_naval_infantry_platoon", "F-7", R, True)])
    g.apply(A.BeginImpulse(B))
    g.apply(A.Declare((A.CoreAction("move_combat", ("1 Whiskey",)),)))
    with pytest.raises(IllegalAction) as e:         # LRS1 range 4, target 6 hexes away
        g.apply(A.CommitCombat(lrs=(lrs("1 Whiskey", "1 Anna", 2),)))
    assert e.value.rule == "7.31"
    with pytest.raises(IllegalAction) as e:         # LRS1 supply 6 (8.02 ex.)
        g.apply(A.CommitCombat(lrs=(lrs("1 Whiskey", "2 Anna", 7),)))
    assert e.value.rule == "7.08"
    with pytest.raises(IllegalAction) as e:         # one LRS value per action (7.34)
        g.apply(A.CommitCombat(lrs=(lrs("1 Whiskey", "2 Anna", 2), lrs("1 Whiskey", "2 Anna", 1, "LRS2"))))
    assert e.value.rule == "7.34"


def test_7_04_ddgx_spreads_15_lrs_over_three_targets():
    """7.04: a DDG(X) with LRS supply 15 fires 5 dice at each of 3 revealed targets."""
    g = situation([("DDG(X)", "usn_ddg_x", "F-12", B)] +
                  [(f"{i} Anna", "runi_naval_infantry_platoon", f"{c}-4", R, True)
                   for i, c in ((1, "E"), (2, "F"), (3, "G"))], seed=3, auto={}, mixed=["F-12"])
    strike(g, B, [["DDG(X)"]], [lrs("DDG(X)", f"{i} Anna", 5) for i in (1, 2, 3)])
    assert g.state.units["DDG(X)"].supply["LRS1"] == 0
    g.apply(A.ResolveCombat())
    assert len([e for e in g.log if e["kind"] == "lrs_roll"]) == 3


def test_7_05_hits_do_not_roll_over_to_another_target_in_the_hex():
    """7.05: 4 dice on target A, 2 on target B in the same hex; A's extra hits are lost."""
    g = situation([("DDG-51", "usn_ddg_51", "F-12", B),
                   ("A", "runi_naval_infantry_platoon", "F-4", R, True),
                   ("B", "runi_naval_infantry_platoon", "F-4", R, True)],
                  forced=[1, 2, 3, 4, 20, 20], mixed=["F-12"])
    strike(g, B, [["DDG-51"]], [lrs("DDG-51", "A", 4), lrs("DDG-51", "B", 2)])
    g.apply(A.ResolveCombat())
    assert g.state.units["A"].destroyed          # 4 hits on 2 HP
    assert g.state.units["B"].hp == 2            # the 2 spare hits do not carry over


def test_7_03_one_combat_commit_per_impulse_and_all_attackers_revealed():
    """7.03: Raja uses 2 AP: one ship in hex A and a stack of two in hex B attack one
    enemy in hex C; all attackers reveal.  He may not attack again after rolling."""
    g = situation([("S1", "usn_ddg_51", "B-10", B), ("S2", "usn_ddg_51", "J-10", B),
                   ("S3", "usn_ddg_51", "J-10", B),
                   ("T", "rubf_ddg", "F-3", R, True)], forced=[20] * 12, mixed=["B-10", "J-10", "F-3"])
    strike(g, B, [["S1"], ["S2", "S3"]], [lrs("S1", "T", 4), lrs("S2", "T", 4), lrs("S3", "T", 4)])
    assert all(g.state.units[s].revealed for s in ("S1", "S2", "S3"))
    g.apply(answer_with(g.pending, "no_intercept")) if g.pending else None
    g.apply(A.ResolveCombat())
    with pytest.raises(IllegalAction) as e:
        g.apply(A.CommitCombat(lrs=(lrs("S1", "T", 1),)))
    assert e.value.rule == "3.38"


def test_7_54_intercept_supply_is_spent_even_when_every_lrs_misses():
    """7.54: 4 INTERCEPT dice against the 3 LRS on one platoon and 5 against the 4 LRS
    on another; both sides reduce supply even though all LRS miss (7.58)."""
    g = situation([("DDG-51", "usn_ddg_51", "F-12", B),
                   ("P1", "runi_naval_infantry_platoon", "E-4", R, True),
                   ("P2", "runi_naval_infantry_platoon", "G-4", R, True),
                   ("FFG", "rubf_ffg_gorshkov", "F-3", R), ("DDG", "rubf_ddg", "F-3", R)],
                  forced=[20] * 3 + [1] * 4 + [20] * 4 + [1] * 5, mixed=["F-12", "F-3"])
    strike(g, B, [["DDG-51"]], [lrs("DDG-51", "P1", 3), lrs("DDG-51", "P2", 4)])
    g.apply(g.pending.answer_from([itc("FFG", "P1", 4), itc("DDG", "P2", 5)]))
    assert g.state.units["FFG"].supply["INT1"] == 8 - 4 and g.state.units["DDG"].supply["INT1"] == 8 - 5
    g.apply(A.ResolveCombat())
    assert g.state.units["DDG-51"].supply["LRS1"] == 8 - 7
    assert g.state.units["P1"].hp == 2 and g.state.units["P2"].hp == 2
    assert [e["data"]["hits"] for e in g.log if e["kind"] == "intercept_roll"] == [4, 5]


def test_7_54_intercept_over_supply_is_refused():
    g = situation([("DDG-51", "usn_ddg_51", "F-12", B),
                   ("P1", "runi_naval_infantry_platoon", "E-4", R, True),
                   ("P2", "runi_naval_infantry_platoon", "G-4", R, True),
                   ("FFG", "rubf_ffg_gorshkov", "F-3", R)], mixed=["F-12", "F-3"])
    strike(g, B, [["DDG-51"]], [lrs("DDG-51", "P1", 3), lrs("DDG-51", "P2", 4)])
    with pytest.raises(IllegalAction) as e:
        g.apply(g.pending.answer_from([itc("FFG", "P1", 4), itc("FFG", "P2", 5)]))
    assert e.value.rule == "7.58"
    assert g.pending.kind == "intercept"       # still waiting, nothing spent
    assert g.state.units["FFG"].supply["INT1"] == 8


def test_7_56_example_interceptor_farther_than_the_attacker_cannot_intercept():
    """7.56: the attacker is 2 hexes from target A; the IAMD unit has range 4 and is 4
    hexes away: in range, but farther than the attacker, so it may not intercept (7.53)."""
    g = situation([("Uran", "runi_coastal_missile_section", "F-2", R),
                   ("A", "usmc_infantry_platoon", "F-4", B, True),
                   ("IAMD", "usn_ddg_51", "F-8", B)], initiative="RU", mixed=["F-8"])
    g.apply(A.BeginImpulse(R))
    g.apply(A.Declare((A.CoreAction("move_combat", ("Uran",)),)))
    g.apply(A.CommitCombat(lrs=(lrs("Uran", "A", 2),)))
    assert g.pending is None   # nobody eligible: no question
    opt = g.intercept_umbrella("Uran", "A")[0]
    assert opt["distance"] == 4 and opt["shooter_distance"] == 2
    assert opt["in_range"] and not opt["close_enough"] and not opt["eligible"]


def test_7_52_cannon_artillery_cannot_be_intercepted():
    g = situation([("Msta", "runi_cannon_artillery", "F-6", R),
                   ("A", "usmc_infantry_platoon", "F-5", B, True),
                   ("Kilo", "usmc_iamd_section", "F-5", B)], initiative="RU", forced=[1, 1])
    g.apply(A.BeginImpulse(R))
    g.apply(A.Declare((A.CoreAction("move_combat", ("Msta",)),)))
    g.apply(A.CommitCombat(lrs=(lrs("Msta", "A", 2),)))
    assert g.pending is None
    g.apply(A.ResolveCombat())
    # 4.22, 6.11: Kilo is a back to RU in F-5, so US is asked about MILDECs (none there, 0 offered)
    assert (g.pending.kind, g.pending.team, g.pending.options.damage, g.pending.options.mildecs) == ("mildec", "US", 2, 0)
    g.apply(A.AnswerMildec(0))
    assert g.state.units["A"].destroyed


def test_7_09_terrain_and_7_62_network_modifiers():
    g = situation([("DDG-51", "usn_ddg_51", "F-12", B),
                   ("P", "runi_naval_infantry_platoon", "F-4", R, True)],
                  colours={"F-4": "orange"}, network={"US": 4, "RU": 0}, forced=[20, 20], mixed=["F-12"])
    strike(g, B, [["DDG-51"]], [lrs("DDG-51", "P", 2)])
    g.apply(A.ResolveCombat())
    roll = next(e for e in g.log if e["kind"] == "lrs_roll")
    assert roll["data"]["cv"] == 14 - 7 - 1
    assert [m[2] for m in roll["data"]["modifiers"]] == ["7.62", "7.09"]   # network first


def test_7_09_terrain_never_helps_naval_targets():
    g = situation([("DDG-51", "usn_ddg_51", "F-12", B), ("FFG", "rubf_ffg_gorshkov", "F-4", R, True)],
                  naval=["F-4"], mixed=["F-12"], colours={"F-4": "brown"}, forced=[20, 20],
                  auto={"intercept": "no_intercept"})
    strike(g, B, [["DDG-51"]], [lrs("DDG-51", "FFG", 2)])
    g.apply(A.ResolveCombat())
    assert next(e for e in g.log if e["kind"] == "lrs_roll")["data"]["cv"] == 14


def test_7_34_example_partial_activation_only_the_firing_ship_reveals():
    """7.34: Justin moves his concealed stack DDG(X) 103 and 104 together for 1 AP;
    only 103 reveals and fires LRS at two revealed enemy units."""
    g = situation([("DDG(X) 103", "usn_ddg_x", "F-12", B), ("DDG(X) 104", "usn_ddg_x", "F-12", B),
                   ("E1", "runi_naval_infantry_platoon", "G-3", R, True),
                   ("E2", "runi_naval_infantry_platoon", "E-3", R, True)],
                  naval=[f"F-{r}" for r in range(1, 13)], seed=1, auto={})
    g.apply(A.BeginImpulse(B))
    g.apply(A.Declare((A.CoreAction("move_combat", ("DDG(X) 103", "DDG(X) 104")),)))
    assert g.impulse.ap == 2
    g.apply(A.Move(1, ("F-11", "F-10")))
    g.apply(A.CommitCombat(lrs=(lrs("DDG(X) 103", "E1", 3), lrs("DDG(X) 103", "E2", 3))))
    g.apply(A.ResolveCombat())
    u = g.state.units
    assert u["DDG(X) 103"].hex == u["DDG(X) 104"].hex == "F-10"
    assert u["DDG(X) 103"].revealed and not u["DDG(X) 104"].revealed


def test_7_14_example_ground_assault_both_sides_declare_then_damage_is_simultaneous():
    """7.14: Megan's 1 Alpha puts 2 GA dice on each of Jerry's 1 Anna and 1 Boris; Jerry
    answers with 2 dice from 1 Anna at 1 Alpha and 2 from 1 Boris at 2 Alpha.  All dice
    are rolled, then damage applies to both sides at once."""
    g = situation([("1 Alpha", "usmc_infantry_platoon", "F-7", B), ("2 Alpha", "usmc_infantry_platoon", "F-7", B),
                   ("1 Anna", "runi_naval_infantry_platoon", "F-6", R),
                   ("1 Boris", "runi_naval_infantry_platoon", "F-6", R)],
                  forced=[1, 2, 3, 20, 1, 2, 20, 20])
    g.apply(A.BeginImpulse(B))
    g.apply(A.Declare((A.CoreAction("move_combat", ("1 Alpha", "2 Alpha")),)))
    g.apply(A.Move(1, ("F-6",)))
    assert all(g.state.units[x].revealed for x in ("1 Alpha", "1 Anna"))  # 6.22
    g.apply(A.CommitCombat(ga=(A.GroundAssault("1 Alpha", "1 Anna", 2), A.GroundAssault("1 Alpha", "1 Boris", 2))))
    d = g.pending
    assert d.kind == "ga_defence" and d.team == "RU"
    g.apply(g.pending.answer_from([{"defender": "1 Anna", "target": "1 Alpha", "dice": 2},
              {"defender": "1 Boris", "target": "2 Alpha", "dice": 2}]))
    g.apply(A.ResolveCombat())
    u = g.state.units
    # 1 Alpha CV 4: 1, 2 hit 1 Anna (destroyed); 3 hits and 20 misses 1 Boris.
    # 1 Anna CV 4 still fires (simultaneous): 1, 2 -> 1 Alpha destroyed; 1 Boris misses.
    assert u["1 Anna"].destroyed and u["1 Boris"].hp == 1
    assert u["1 Alpha"].destroyed and u["2 Alpha"].hp == 2
    assert u["1 Alpha"].supply["GA"] == 6 and u["1 Anna"].supply["GA"] == 8   # 7.15
    assert g.state.kills == {"US": 1, "RU": 1}


def test_7_16_example_units_without_ga_do_not_respond():
    """7.16: Xavier's infantry platoon assaults two enemy logistics units; they have no
    GA value, so no defense is asked and his dice roll uncontested."""
    g = situation([("Inf", "usmc_infantry_platoon", "F-7", B),
                   ("Log1", "runi_logistics_company", "F-6", R), ("Log2", "runi_logistics_company", "F-6", R)],
                  forced=[1, 1, 20, 20])
    g.apply(A.BeginImpulse(B))
    g.apply(A.Declare((A.CoreAction("move_combat", ("Inf",)),)))
    g.apply(A.Move(1, ("F-6",)))
    g.apply(A.CommitCombat(ga=(A.GroundAssault("Inf", "Log1", 2), A.GroundAssault("Inf", "Log2", 2))))
    assert g.pending is None
    g.apply(A.ResolveCombat())
    assert g.state.units["Log1"].destroyed and g.state.units["Log2"].hp == 2


def test_7_17_example_combined_arms_bonus_raises_ga_from_4_to_6():
    """7.17: an LRS this impulse damages a unit in the hex; the infantry's GA CV 4 becomes 6."""
    g = situation([("HIMARS", "usmc_himars_section", "F-9", B), ("Inf", "usmc_infantry_platoon", "F-7", B),
                   ("P", "runi_naval_infantry_platoon", "F-6", R, True),
                   ("Q", "runi_naval_infantry_platoon", "F-6", R, True)],
                  forced=[1, 20, 6, 6], auto={"intercept": "no_intercept", "ga_defence": "no_defence"})
    g.apply(A.BeginImpulse(B))
    g.apply(A.Declare((A.CoreAction("move_combat", ("HIMARS",)), A.CoreAction("move_combat", ("Inf",)))))
    g.apply(A.Move(2, ("F-6",)))
    g.apply(A.CommitCombat(lrs=(lrs("HIMARS", "P", 2),), ga=(A.GroundAssault("Inf", "Q", 2),)))
    g.apply(A.ResolveCombat())
    ga = next(e for e in g.log if e["kind"] == "ga_roll")
    assert ga["data"]["base_cv"] == 4 and ga["data"]["cv"] == 6 and ga["data"]["hits"] == 2
    assert g.state.units["Q"].destroyed


def test_4_22_example_mari_may_decline_mildec_protection():
    """4.22: LRS deals 2 HP to Mari's revealed platoon sharing its hex with two MILDECs and
    a logistics company; she lets the platoon take both hits and it is destroyed."""
    markers = [Marker("M1", "mildec", "US", B, "F-4"), Marker("M2", "mildec", "US", B, "F-4")]
    g = situation([("Msta", "runi_cannon_artillery", "F-6", R),
                   ("Plt", "usmc_infantry_platoon", "F-4", B, True),
                   ("Log", "usmc_logistics_company", "F-4", B)],
                  initiative="RU", markers=markers, forced=[1, 1])
    g.apply(A.BeginImpulse(R))
    g.apply(A.Declare((A.CoreAction("move_combat", ("Msta",)),)))
    g.apply(A.CommitCombat(lrs=(lrs("Msta", "Plt", 2),)))
    g.apply(A.ResolveCombat())
    assert g.result is False            # paused: Mari decides after the roll
    d = g.pending
    assert d.kind == "mildec" and d.team == "US" and d.options.damage == 2 and d.options.mildecs == 2
    g.apply(g.pending.answer_from({"absorb": 0}))
    assert g.state.units["Plt"].destroyed
    assert not any(m.destroyed for m in g.state.markers.values())
    assert g.state.kills["RU"] == 1                 # MILDECs never count (3.04)


def test_4_22_mildecs_absorb_hits_when_chosen():
    markers = [Marker("M1", "mildec", "US", B, "F-4"), Marker("M2", "mildec", "US", B, "F-4")]
    g = situation([("Msta", "runi_cannon_artillery", "F-6", R),
                   ("Plt", "usmc_infantry_platoon", "F-4", B, True)],
                  initiative="RU", markers=markers, forced=[1, 1])
    g.apply(A.BeginImpulse(R))
    g.apply(A.Declare((A.CoreAction("move_combat", ("Msta",)),)))
    g.apply(A.CommitCombat(lrs=(lrs("Msta", "Plt", 2),)))
    g.apply(A.ResolveCombat())
    g.apply(g.pending.answer_from({"absorb": 2}))
    assert g.state.units["Plt"].hp == 2
    assert all(m.destroyed for m in g.state.markers.values())
    assert g.impulse.phase == "combat_done"
    g.apply(A.EndImpulse())
