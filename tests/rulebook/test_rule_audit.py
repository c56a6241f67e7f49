"""Corners of "done" rules found by a designer's audit of chapters 5-15 against the rulebook
text: the boundary values, the "unless" / "except" clauses and the order of steps the main
tests leave out.  Every roll is forced and every act goes through ``Game.apply``; each
assertion is a value the rule's text gives."""
from __future__ import annotations

import pytest

from lcb_lab import situation
from lcb_lab.games.lcb import actions as A
from lcb_lab.games.lcb.content.worked import ch14
from lcb_lab.games.lcb.model.state import Marker, PlanningGrant
from tests.refusals import refused
from tests.conftest import assault_into

B, R = "TF Blue", "TF Red"


# ------------------------------------------------------------------ 7.17
def _lrs_then_assault(case: str):
    """RU's Tornado-S (LRS 10) fires 1 die at the US platoon P in F-6 while RU's infantry
    (GA 4) moves in and puts 2 GA dice on the US platoon Q there.  The LRS die hits (1); the
    GA dice are 5 and 6: both hit at CV 6 (with the 7.17 bonus), both miss at CV 4."""
    markers = [Marker("M1", "mildec", "US", B, "F-6")] if case == "mildec" else None
    units = [("Tornado", "runi_mlrs_section", "F-10", R), ("Inf", "runi_naval_infantry_platoon", "F-7", R),
             ("P", "usmc_infantry_platoon", "F-6", B, True), ("Q", "usmc_infantry_platoon", "F-6", B, True)]
    if case == "intercept":
        units.append(("MADIS", "usmc_iamd_section", "F-5", B, True))
    forced = [1, 1, 5, 6] if case == "intercept" else [1, 5, 6]
    g = situation(units, initiative="RU", markers=markers, forced=forced)
    g.apply(A.BeginImpulse(R))
    g.apply(A.Declare((A.CoreAction("move_combat", ("Tornado",)), A.CoreAction("move_combat", ("Inf",)))))
    g.apply(A.Move(2, ("F-6",)))
    g.apply(A.CommitCombat(lrs=(A.LrsAttack("Tornado", "LRS1", "P", 1),), ga=(A.GroundAssault("Inf", "Q", 2),)))
    asked = []
    while g.pending is not None:          # before the roll: INTERCEPT (7.54), then the GA defense (7.13)
        asked.append(g.pending.kind)
        dice = (A.Intercept("MADIS", "INT1", "P", 1),) if case == "intercept" and asked[-1] == "intercept" else ()
        g.apply(A.AnswerIntercept(dice) if asked[-1] == "intercept" else A.AnswerDefense(()))
    assert asked[-1] == "ga_defence" and (case != "intercept" or asked[0] == "intercept")
    g.apply(A.ResolveCombat())
    if case == "mildec":
        assert g.pending.kind == "mildec" and g.pending.options.damage == 1
        g.apply(A.AnswerMildec(1))
    assert g.pending is None and g.dice.forced_left == 0
    return g, next(e for e in g.log if e["kind"] == "ga_roll")["data"]


def test_7_17_the_bonus_needs_an_lrs_hit_that_did_damage():
    """7.17: the hex's LRS hit damaged P (2 -> 1 HP), so the GA CV is 4 + 2 = 6 and 5, 6 both hit Q."""
    g, ga = _lrs_then_assault("hit")
    assert (ga["base_cv"], ga["cv"], ga["hits"]) == (4, 6, 2)
    assert g.state.units["P"].hp == 1 and g.state.units["Q"].destroyed


@pytest.mark.parametrize("case", ["intercept", "mildec"])
def test_7_17_an_lrs_hit_intercepted_or_taken_by_a_mildec_gives_no_bonus(case):
    """7.17 asks for an LRS attack "that caused at least one HP of damage against an enemy unit".
    The same LRS hit cancelled by a successful INTERCEPT (7.57) or absorbed by a MILDEC (4.22,
    7.06) damages no unit: the GA stays at CV 4, the 5 and 6 miss and Q keeps its 2 HP."""
    g, ga = _lrs_then_assault(case)
    assert (ga["base_cv"], ga["cv"], ga["hits"]) == (4, 4, 0)
    assert g.state.units["P"].hp == 2 and g.state.units["Q"].hp == 2


# ------------------------------------------------------------------ 7.14 / 7.06
def _ga_with_mildecs(absorb: tuple[int, int]):
    """1 Alpha (US) and 1 Anna (RU) share F-6, each with a MILDEC.  1 Alpha puts 2 GA dice on
    1 Anna (1, 2: two hits), 1 Anna answers with 2 at 1 Alpha (1, 20: one hit)."""
    markers = [Marker("MU", "mildec", "US", B, "F-6"), Marker("MR", "mildec", "RU", R, "F-6")]
    g = situation([("1 Alpha", "usmc_infantry_platoon", "F-6", B, True),
                   ("1 Anna", "runi_naval_infantry_platoon", "F-6", R, True)], markers=markers, forced=[1, 2, 1, 20])
    g.apply(A.BeginImpulse(B))
    g.apply(A.Declare((A.CoreAction("move_combat", ("1 Alpha",)),)))
    g.apply(A.CommitCombat(ga=(A.GroundAssault("1 Alpha", "1 Anna", 2),)))
    g.apply(g.pending.answer_from([{"defender": "1 Anna", "target": "1 Alpha", "dice": 2}]))
    g.apply(A.ResolveCombat())
    asked = []
    for n in absorb:
        d = g.pending
        asked.append((d.kind, d.team, d.options.target, d.options.damage, d.options.mildecs))
        g.apply(A.AnswerMildec(n))
    assert g.pending is None
    return g, asked


def test_7_14_both_sides_may_spend_a_mildec_after_the_ground_assault_dice():
    """7.14: "After the dice have been rolled and HP damage assessed, each player may choose to use
    MILDEC" (7.06: 1 HP each).  Both choices come after all four dice: RU's MILDEC takes 1 of
    1 Anna's 2 hits (2 -> 1 HP), the US MILDEC takes 1 Alpha's only hit (it keeps 2 HP); both
    MILDECs are destroyed and nobody is killed."""
    g, asked = _ga_with_mildecs((1, 1))
    assert asked == [("mildec", "RU", "1 Anna", 2, 1), ("mildec", "US", "1 Alpha", 1, 1)]
    u = g.state.units
    assert (u["1 Alpha"].hp, u["1 Anna"].hp) == (2, 1)
    assert g.state.markers["MU"].destroyed and g.state.markers["MR"].destroyed
    assert g.state.kills == {"US": 0, "RU": 0}


def test_7_14_a_side_may_decline_its_mildec_and_the_damage_stays_simultaneous():
    """7.14 / 4.22: RU declines, so 1 Anna takes both hits and is destroyed; it still fired
    (simultaneous damage, 7.13) and the US MILDEC takes 1 Alpha's hit."""
    g, _ = _ga_with_mildecs((0, 1))
    u = g.state.units
    assert u["1 Anna"].destroyed and u["1 Alpha"].hp == 2
    assert not g.state.markers["MR"].destroyed and g.state.markers["MU"].destroyed
    assert g.state.kills == {"US": 1, "RU": 0}


# ------------------------------------------------------------------ 15.11-15.14
def _turn_of(influence: int):
    g = situation([("W", "usmc_himars_section", "F-6", B), ("A", "runi_naval_infantry_platoon", "A-1", R)],
                  influence=influence)
    aps = []
    for tf in (B, R):
        g.apply(A.BeginImpulse(tf))
        aps.append(g.impulse.ap)
        g.apply(A.Declare())
        g.apply(A.EndImpulse())
    return g, tuple(aps)


@pytest.mark.parametrize("influence, aps, free", [
    (5, (3, 3), (0, 0)), (6, (4, 3), (0, 0)), (8, (4, 3), (0, 0)), (9, (4, 3), (2, 0)), (10, (4, 3), (2, 0)),
    (-5, (3, 3), (0, 0)), (-6, (3, 4), (0, 0)), (-8, (3, 4), (0, 0)), (-9, (3, 4), (0, 2))])
def test_15_13_15_14_the_levels_start_at_6_and_9_and_are_cumulative(influence, aps, free):
    """15.13: +1 AP at 6 to 8, none at 5; 15.14: 2 free cards at 9 to 10, none at 8; 15.1: at 9
    and 10 the +1 AP of 15.13 still holds (cumulative).  Toward RU the same levels hold."""
    g, got = _turn_of(influence)
    assert got == aps
    assert (g.state.turn, g.state.stage) == (2, "action")
    assert (g.state.free_cards["US"], g.state.free_cards["RU"]) == free


@pytest.mark.parametrize("influence, cp", [(2, (3, 2)), (3, (8, 2)), (-2, (3, 2)), (-3, (3, 7))])
def test_15_11_15_12_the_cp_bonus_starts_at_3_and_2_gives_nothing(influence, cp):
    """15.11: 0 to 2 gives no benefit; 15.12: at 3 the team leaning that way gets +5 CP at the
    Planning Stage the scenario grants (3 US, 2 RU here)."""
    g = situation([("W", "usmc_himars_section", "F-6", B), ("A", "runi_naval_infantry_platoon", "A-1", R)],
                  influence=influence)
    g.state.planning_grants = [PlanningGrant(2, {"US": 3, "RU": 2})]
    for tf in (B, R):
        g.apply(A.BeginImpulse(tf))
        g.apply(A.Declare())
        g.apply(A.EndImpulse())
    assert (g.state.turn, g.state.stage) == (2, "planning")
    assert (g.state.cp["US"], g.state.cp["RU"]) == cp


# ------------------------------------------------------------------ 14.08 / 14.12 / 14.13
def test_14_12_14_08_detect_asw_and_torpedo_succeed_on_equal_and_fail_one_above():
    """Victor (Virginia: DETECT 8, torpedo CV 12, sandbox values) torpedoes DDG-1.  14.12: DETECT
    succeeds on a roll "equal or less" (DDG-1 9 fails, DDG-2 8 succeeds) and the ASW die needs
    "10 or less": 11 misses, so 14.13 lets the torpedoes go; 14.08: 13 misses, 12 hits and sinks
    the 2-HP DDG.  The same DETECTs with an ASW roll of 10 destroy Victor before it fires."""
    g, _ = ch14.victor(detects=(9, 8), asw=11, torpedoes=(13, 12))
    assert g.dice.history[1:] == [("ASW DETECT vs Victor", [9, 8]), ("ASW vs Victor", [11]),
                                  ("Victor: TORPEDO ATTACK", [13, 12])]
    assert not g.state.units["Victor"].destroyed and g.state.units["DDG-1"].destroyed
    assert g.state.units["DDG-2"].hp == 2
    g, _ = ch14.victor(detects=(9, 8), asw=10, torpedoes=(1, 1))
    assert g.dice.history[-1] == ("ASW vs Victor", [10]) and g.dice.forced_left == 2
    assert g.state.units["Victor"].destroyed and not g.state.units["DDG-1"].destroyed
    g, _ = ch14.victor(detects=(9, 9), asw=13, torpedoes=(12, 20))   # no DETECT: no ASW die at all
    assert [p for p, _ in g.dice.history[1:]] == ["ASW DETECT vs Victor", "Victor: TORPEDO ATTACK"]
    assert g.dice.history[-1][1] == [13, 12] and g.state.units["DDG-1"].destroyed


# ------------------------------------------------------------------ 9.43
def _directed_energy_answers_orion(forced: list[int]):
    """RU plays Orion Sirius: Unmanned (DETECT 12, option A: 2 LRS dice at CV 12) at the US
    platoon Alpha; US answers from its pool with Directed Energy (Persistent NULLIFY of an
    unmanned card, 12 or less, sandbox values) for no AP (9.41, 9.45)."""
    g = situation([("Alpha", "usmc_infantry_platoon", "F-6", B, True), ("Anna", "runi_naval_infantry_platoon", "F-9", R)],
                  cards={"RU": ["Orion Sirius: Unmanned"], "US": ["Directed Energy"]}, initiative="RU", forced=forced)
    g.apply(A.BeginImpulse(R))
    g.apply(A.Declare((A.CoreAction("play_jcc", (), "Orion Sirius: Unmanned"),)))
    g.apply(A.PlayCard("Orion Sirius: Unmanned", "A", ("Alpha",), action=1))
    assert (g.pending.kind, g.pending.team) == ("card_response", "US")
    g.apply(A.AnswerCards((A.Response("US-1", "A"),)))
    assert g.pending is None
    return g


def test_9_43_a_failed_detect_stops_the_nullify_roll_and_still_expends_the_card():
    """9.43: a NULLIFY of a card with a DETECT requirement needs the DETECT first; "If you fail to
    DETECT, you cannot NULLIFY", and "Regardless of success" the NULLIFY card is expended (a
    Persistent one flipped).  DETECT 13 > 12 fails: no NULLIFY die is rolled, Directed Energy is
    deployed and expended, and Orion's two LRS dice (1, 1) go on to destroy Alpha."""
    g = _directed_energy_answers_orion([13, 1, 1])
    assert g.dice.history == [("Directed Energy (US): DETECT Orion Sirius: Unmanned (RU)", [13])]
    de = g.state.cards["US-1"]
    assert (de.where, de.expended) == ("deployed", True)
    g.apply(A.CommitCombat())
    g.apply(A.ResolveCombat())
    assert g.state.units["Alpha"].destroyed and g.dice.forced_left == 0


def test_9_43_detect_on_the_value_then_the_nullify_roll_stops_the_card():
    """9.43 / 9.06: DETECT succeeds on a roll equal to the value (12); the NULLIFY roll 12 succeeds:
    Orion is NULLIFIED before its effect (9.42), no LRS is allocated, Alpha is untouched and
    Directed Energy is expended all the same."""
    g = _directed_energy_answers_orion([12, 12, 1, 1])
    assert [r for _, r in g.dice.history] == [[12], [12]]
    assert g.state.cards["RU-1"].where == "discarded" and g.state.cards["US-1"].expended
    assert not any(e["kind"] == "allocate" for e in g.log)
    assert g.state.units["Alpha"].hp == 2 and g.dice.forced_left == 2


# ------------------------------------------------------------------ 7.22 / 7.24 / 7.27
def test_7_24_7_27_after_the_resolved_continuing_combat_the_defender_counterattacks_for_1_ap():
    """Shawn (US) resolves the Continuing Combat in F-6 first, for 0 AP (7.22; dice 20, 20: no hits;
    Ziva does not fire back).  The marker is Resolved: in RU's impulse Ziva may not fight it again
    for free (7.22 "only once per Turn"; refused without a declared action, 3.31) but may
    counterattack "by using an AP like a normal Move and/or Combat Core Action" (7.24: 3 -> 2 AP).
    Shawn already fought its offensive combat of the turn, yet it "can always fight in the defense"
    (7.27): both sides roll (Ziva 3, 20; Shawn 4, 20) and each loses 1 HP at once."""
    g = situation([("Shawn", "usmc_infantry_platoon", "F-6", B, True), ("Ziva", "runi_naval_infantry_platoon", "F-6", R, True)],
                  forced=[20, 20, 3, 20, 4, 20], continuing=["F-6"])
    g.apply(A.BeginImpulse(B))
    g.apply(A.Declare())
    g.apply(A.CommitCombat(ga=(A.GroundAssault("Shawn", "Ziva", 2),)))
    g.apply(A.AnswerDefense(()))
    g.apply(A.ResolveCombat())
    assert g.impulse.ap == 3 and g.state.continuing == {"F-6": "resolved"} and g.state.units["Shawn"].acted
    g.apply(A.EndImpulse())
    g.apply(A.BeginImpulse(R))
    g.apply(A.Declare((A.CoreAction("move_combat", ("Ziva",)),)))
    assert g.impulse.ap == 2
    g.apply(A.CommitCombat(ga=(A.GroundAssault("Ziva", "Shawn", 2),)))
    d = g.pending
    assert (d.kind, d.team, [x.uid for x in d.options.defenders]) == ("ga_defence", "US", ["Shawn"])
    g.apply(d.answer_from([{"defender": "Shawn", "target": "Ziva", "dice": 2}]))
    g.apply(A.ResolveCombat())
    assert (g.state.units["Shawn"].hp, g.state.units["Ziva"].hp) == (1, 1) and g.dice.forced_left == 0
    assert g.state.continuing == {"F-6": "resolved"}
    g2 = situation([("Shawn", "usmc_infantry_platoon", "F-6", B, True), ("Ziva", "runi_naval_infantry_platoon", "F-6", R, True)],
                   forced=[20, 20], continuing=["F-6"])
    g2.apply(A.BeginImpulse(B))
    g2.apply(A.Declare())
    g2.apply(A.CommitCombat(ga=(A.GroundAssault("Shawn", "Ziva", 2),)))
    g2.apply(A.AnswerDefense(()))
    g2.apply(A.ResolveCombat())
    g2.apply(A.EndImpulse())
    g2.apply(A.BeginImpulse(R))
    g2.apply(A.Declare())
    refused(g2, A.CommitCombat(ga=(A.GroundAssault("Ziva", "Shawn", 2),)), "3.31", "not activated")


# ------------------------------------------------------------------ 7.09
@pytest.mark.parametrize("colour, attacker_cv, anna_hp", [("brown", 2, 2), ("orange", 3, 0)])
def test_7_09_terrain_lowers_the_attackers_ga_only_the_defender_suffers_no_penalty(colour, attacker_cv, anna_hp):
    """7.09: a target in an orange hex costs the attacker 1, in a brown hex 2; "The defender does not
    suffer any penalties".  Inf (GA 4) assaults Anna in F-6 with 3, 3 (two hits at CV 3, none at
    CV 2); Anna fires back at her unmodified CV 4 with 4, 5: one hit either way."""
    g = situation([("Inf", "usmc_infantry_platoon", "F-6", B, True), ("Anna", "runi_naval_infantry_platoon", "F-6", R, True)],
                  colours={"F-6": colour}, forced=[3, 3, 4, 5])
    g.apply(A.BeginImpulse(B))
    g.apply(A.Declare((A.CoreAction("move_combat", ("Inf",)),)))
    g.apply(A.CommitCombat(ga=(A.GroundAssault("Inf", "Anna", 2),)))
    g.apply(g.pending.answer_from([{"defender": "Anna", "target": "Inf", "dice": 2}]))
    g.apply(A.ResolveCombat())
    rolls = [(e["data"]["base_cv"], e["data"]["cv"], e["data"]["hits"]) for e in g.log if e["kind"] == "ga_roll"]
    assert rolls == [(4, attacker_cv, 2 if attacker_cv == 3 else 0), (4, 4, 1)]
    assert g.state.units["Inf"].hp == 1 and g.state.units["Anna"].hp == anna_hp


# ------------------------------------------------------------------ 7.53
@pytest.mark.parametrize("hex_, eligible", [("F-6", True), ("F-7", False)])
def test_7_53_an_interceptor_as_far_from_the_target_as_the_attacker_may_intercept(hex_, eligible):
    """7.53: the interceptor must be in range and no farther from the target hex than the attacker
    (the Quick Start's "closer" is read as 7.53's equal-or-closer; facts).  Uran fires 1 LRS die
    from F-2 at A in F-4 (2 hexes).  The DDG (INT 13, range 6) at F-6 is also 2 hexes away: it is
    asked and its 1 cancels the LRS 1, A keeps 2 HP; at F-7 (3 hexes) nobody is asked and A is hit."""
    g = situation([("Uran", "runi_coastal_missile_section", "F-2", R), ("A", "usmc_infantry_platoon", "F-4", B, True),
                   ("IAMD", "usn_ddg_51", hex_, B)], initiative="RU", mixed=[hex_], forced=[1, 1])
    g.apply(A.BeginImpulse(R))
    g.apply(A.Declare((A.CoreAction("move_combat", ("Uran",)),)))
    g.apply(A.CommitCombat(lrs=(A.LrsAttack("Uran", "LRS1", "A", 1),)))
    opt = g.intercept_umbrella("Uran", "A")[0]
    assert (opt["distance"], opt["shooter_distance"], opt["eligible"]) == (int(hex_[-1]) - 4, 2, eligible)
    if eligible:
        assert g.pending.kind == "intercept"
        g.apply(A.AnswerIntercept((A.Intercept("IAMD", "INT1", "A", 1),)))
    assert g.pending is None
    g.apply(A.ResolveCombat())
    while g.pending is not None:          # the MILDEC question a back in F-4 may raise (4.22)
        g.apply(A.AnswerMildec(0))
    assert g.state.units["A"].hp == (2 if eligible else 1)


# ------------------------------------------------------------------ 7.19 / 7.111
def _tank_assault(forced, markers=None):
    """RU's tank (armor, GA 6) moves into F-6 and puts 2 GA dice on the US platoon Inf (2 HP); Inf
    does not fire back.  F-5 is yellow (2 MP), G-6 green."""
    g = situation([("Tank", "runi_tank_platoon", "F-7", R), ("Inf", "usmc_infantry_platoon", "F-6", B)],
                  colours={"F-5": "yellow"}, initiative="RU", forced=forced, markers=markers)
    assault_into(g, R, "Tank", "F-6", "Inf", 2)           # US's MILDEC questions (4.22): declined
    return g


def test_7_19_7_111_breakthrough_needs_an_empty_hex_and_never_exceeds_1_mp():
    """7.19: only "if there are no opposing units ... in the hex": with Inf surviving (1, 20: 1 HP
    left) the breakthrough is refused.  7.111: it "cannot exceed 1 MP" (the 5.14 exception does not
    apply): the adjacent yellow F-5 (2 MP) is refused, the green G-6 taken.  Each refusal leaves
    the state as it was."""
    g = _tank_assault([1, 20])
    assert g.state.units["Inf"].hp == 1
    refused(g, A.ArmorBreakthrough("Tank", "G-6"), "7.19", "opposing units remain")
    g = _tank_assault([1, 1])
    assert g.state.units["Inf"].destroyed
    refused(g, A.ArmorBreakthrough("Tank", "F-5"), "7.111", "2 MP")
    g.apply(A.ArmorBreakthrough("Tank", "G-6"))
    assert g.state.units["Tank"].hex == "G-6" and g.impulse.ap == 2


def test_7_19_an_enemy_mildec_left_in_the_hex_is_no_opposing_unit():
    """7.19 defines opposing units as "units belonging to the opposing team"; a MILDEC is a marker,
    not a unit (4.22).  The US MILDEC left in F-6 after Inf is destroyed does not stop the tank."""
    g = _tank_assault([1, 1], markers=[Marker("M1", "mildec", "US", B, "F-6")])
    assert g.state.units["Inf"].destroyed and not g.state.markers["M1"].destroyed
    g.apply(A.ArmorBreakthrough("Tank", "G-6"))
    assert g.state.units["Tank"].hex == "G-6"


# ------------------------------------------------------------------ 5.18 / 6.23
def test_5_18_nothing_stops_a_ship_and_its_naval_zor_reveals_no_ground_unit():
    """5.18: "Naval and/or ground units do NOT stop opposing naval movement through their hex (either
    in naval or mixed land-naval hexes)".  The US DDG (5 MP) sails F-12 -> F-7 through the mixed hex
    F-10 holding a concealed RU platoon and through F-9 holding an RU DDG, for one action.  6.23:
    the ships reveal each other; naval ZORs never reveal ground units, so the platoon stays hidden."""
    sea = [f"F-{r}" for r in range(1, 13) if r != 10]
    g = situation([("DDG", "usn_ddg_51", "F-12", B), ("Ship", "rubf_ddg", "F-9", R),
                   ("Anna", "runi_naval_infantry_platoon", "F-10", R)], naval=sea, mixed=["F-10"])
    assert g.movement_reach(["DDG"])["F-7"] == 5
    g.apply(A.BeginImpulse(B))
    g.apply(A.Declare((A.CoreAction("move_combat", ("DDG",)),)))
    g.apply(A.Move(1, ("F-11", "F-10", "F-9", "F-8", "F-7")))
    u = g.state.units
    assert u["DDG"].hex == "F-7" and g.impulse.ap == 2
    assert u["DDG"].revealed and u["Ship"].revealed and not u["Anna"].revealed


# ------------------------------------------------------------------ 7.08
def test_7_08_a_unit_without_ga_supply_does_not_defend():
    """7.08: "A unit without the appropriate supply can neither attack nor defend" (7.13: the defenders
    "must have GROUND ASSAULT supply").  Inf assaults Anna, whose GA supply is spent (0), in a hex
    shared with Boris (10): only Boris is offered the return fire, Anna's die is refused under 7.08
    and the state is unchanged; Anna still takes the hit (7.16: hits fall on it all the same)."""
    g = situation([("Inf", "usmc_infantry_platoon", "F-6", B, True), ("Anna", "runi_naval_infantry_platoon", "F-6", R, True),
                   ("Boris", "runi_naval_infantry_platoon", "F-6", R, True)], forced=[1, 20])
    g.state.units["Anna"].supply["GA"] = 0
    g.apply(A.BeginImpulse(B))
    g.apply(A.Declare((A.CoreAction("move_combat", ("Inf",)),)))
    g.apply(A.CommitCombat(ga=(A.GroundAssault("Inf", "Anna", 2),)))
    d = g.pending
    assert (d.kind, [(x.uid, x.supply) for x in d.options.defenders]) == ("ga_defence", [("Boris", 10)])
    refused(g, d.answer_from([{"defender": "Anna", "target": "Inf", "dice": 1}]), "7.08", "0 GA supply")
    g.apply(A.AnswerDefense(()))
    g.apply(A.ResolveCombat())
    assert g.state.units["Anna"].hp == 1 and g.state.units["Inf"].hp == 2 and g.dice.forced_left == 0


# ------------------------------------------------------------------ 6.21
def test_6_21_a_unit_in_a_contested_hex_still_exercises_its_zor_once():
    """6.21: "Occupying a contested hex does not stop a unit from exercising its ZOR".  Inf, engaged
    with Anna in F-6 (a Continuing Combat hex), looks into F-5 and reveals E1 there without being
    revealed by it; a second look in the same Core Action is refused (one adjacent hex)."""
    g = situation([("Inf", "usmc_infantry_platoon", "F-6", B, True), ("Anna", "runi_naval_infantry_platoon", "F-6", R, True),
                   ("E1", "runi_naval_infantry_platoon", "F-5", R), ("E2", "runi_naval_infantry_platoon", "F-7", R)],
                  continuing=["F-6"])
    g.apply(A.BeginImpulse(B))
    g.apply(A.Declare((A.CoreAction("move_combat", ("Inf",)),)))
    g.apply(A.ExerciseZor(1, "F-5"))
    assert g.result == ["E1"] and g.state.units["E1"].revealed
    refused(g, A.ExerciseZor(1, "F-7"), "6.21", "already used its ZOR")
    assert not g.state.units["E2"].revealed
