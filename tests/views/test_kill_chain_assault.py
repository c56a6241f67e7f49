"""GROUND ASSAULT (7.1) and TORPEDO ATTACK (14.07) as the target/engage means of a kill chain
(docs/kill_chain.md; lcb_lab.games.lcb.analysis.kill_chain_assault).

The expected numbers are derived here by hand from the rule text (binomials over d20 hits,
7.02: a die hits on a roll <= CV), not by the engine's odds code.  Unit values are the
catalog's: RU tank platoon GA 6 (MP 3, HP 3, GA supply 10), RU mortars platoon GA 3 / LRS 8
range 1 (LRS supply 6), US logistics company (no GA value, 2 HP), RU Kilo-class submarine
(torpedo CV 10, DETECT 12, sandbox values), US LHD (4 HP, no ASW), US DDG-51 (ASW-capable).
"""
from math import comb

import pytest

import lcb_lab
from lcb_lab.games.lcb import actions as A
from lcb_lab.games.lcb.analysis.kill_chain import kill_chain
from lcb_lab.games.lcb.content.worked.ch14 import R, SSK, sea
from lcb_lab.kernel.errors import IllegalAction

MIKE, TANK, MORTAR = "1 Mike", "1 Tank", "1 Mortar"
LHD, ANNA = "LHD 1", "Anna"


def binom(n: int, p: float) -> list[float]:
    return [comb(n, k) * p ** k * (1 - p) ** (n - k) for k in range(n + 1)]


def at_least(k: int, n: int, p: float) -> float:
    return sum(binom(n, p)[k:])


def ps(kc) -> list[float]:
    return [lk.p for lk in kc.links]


def ground(tank_up: bool = False, markers: dict | None = None, colours: dict | None = None, tank: str = "F-4"):
    return lcb_lab.situation(units={TANK: {"type": "runi_tank_platoon", "hex": tank, "face_up": tank_up},
                                    MORTAR: ("runi_mortars_platoon", "F-5"),
                                    MIKE: {"type": "usmc_logistics_company", "hex": "F-6", "face_up": True}},
                             markers=markers, colours=colours, initiative="RU")


# ---------------------------------------------------------------- GROUND ASSAULT (7.1)
def test_a_ground_assault_is_the_strongest_single_act_7_1():
    """1 Tank (F-4) moves 2 green hexes (1 MP each, 5.11; MP 3) into 1 Mike's hex (F-6): GA has
    range 0, the assault is made in the contested hex (7.11, 7.12).  All its GA supply, 10 dice
    (7.04), at CV 6: a green hex takes nothing off (7.09), no LRS damaged the hex this impulse
    (no 7.17 bonus).  1 Mike has no GA value: it cannot fire back (7.16), and GA cannot be
    INTERCEPTED (7.1).  2 HP: P(destroyed) = P(2+ of 10 at 0.3) = 1 - 0.7^10 - 3 * 0.7^9.
    Beside it: 1 Mortar's LRS (6 dice at 8, range 1: P(2+ of 6 at 0.4) = 0.76672) and its GA
    (10 dice at 3: P(2+ of 10 at 0.15)) -- both weaker."""
    kc = kill_chain(ground(), "instructor", MIKE)
    two = 1 - 0.7 ** 10 - 3 * 0.7 ** 9
    assert two == pytest.approx(0.8506916541)
    assert kc.plan == ({"attacker": TANK, "target": MIKE, "dice": 10},) and kc.intercepts == ()
    assert ps(kc) == pytest.approx([1, 1, 1, 1 - 0.7 ** 10, 1, two / (1 - 0.7 ** 10)])
    assert kc.p == pytest.approx(two)
    assert kc.damage == pytest.approx((0.7 ** 10, 3 * 0.7 ** 9, two))
    assert kc.expected_damage == pytest.approx(3 * 0.7 ** 9 + 2 * two)
    target = kc.link("target")
    assert [(m.ident, m.rules) for m in target.means if m.chosen] == [(TANK, ("7.1", "7.12"))]
    assert "1 Tank GROUND ASSAULT (moves into the target's hex): 10 dice at CV 6" in [m.what for m in target.means]
    lrs = next(m for m in target.means if m.rules[0] == "7.3")
    assert lrs.ident == MORTAR and not lrs.chosen and "6 dice" in lrs.what
    assert at_least(2, 6, 0.4) == pytest.approx(0.76672) and at_least(2, 6, 0.4) < two and at_least(2, 10, 0.15) < two
    assert kc.link("engage").means[0].what == "1 Tank rolls 10 d20 (GROUND ASSAULT) at CV 6"
    assert "cannot be INTERCEPTED (7.1)" in kc.link("defend").note
    assert kc.ap == 1 and [lk.ap for lk in kc.links] == [0, 0, 1, 0, 0, 0]       # Move and/or Initiate Combat (3.31)
    assert [ln for ln in kc.lines() if ln["chosen"]] == [
        {"stage": "target", "ident": TANK, "name": TANK, "from": "F-4", "to": "F-6", "chosen": True}]
    assert [(ln["ident"], ln["chosen"]) for ln in kc.lines()] == [(MORTAR, False), (TANK, True), (MORTAR, False)]
    assert any("return_fire" in w for w in kc.policies)


def test_mildecs_absorb_a_ground_assault_first_4_22():
    """A face-up US MILDEC in F-6 absorbs 1 HP (absorb_all, 4.22, 7.14): 1 Mike needs 3 hits now,
    P(3+ of 10 at 0.3) = 0.6172; the LRS alternative falls to P(3+ of 6 at 0.4) = 0.45568, so
    the tank's assault stays the strongest.  Defend: P(3+ | 1+) hits."""
    kc = kill_chain(ground(markers={"M-1": {"hex": "F-6", "team": "US", "face_up": True}}), "instructor", MIKE)
    three = at_least(3, 10, 0.3)
    assert three == pytest.approx(0.6172172136) and at_least(3, 6, 0.4) == pytest.approx(0.45568)
    assert kc.plan[0]["attacker"] == TANK and kc.p == pytest.approx(three)
    hit = 1 - 0.7 ** 10
    assert kc.link("defend").p == pytest.approx(at_least(2, 10, 0.3) / hit)
    assert kc.link("assess").p == pytest.approx(three / at_least(2, 10, 0.3))
    assert [(m.ident, m.p) for m in kc.link("defend").means] == [("M-1", 1.0)]


def test_terrain_takes_off_the_ground_assault_cv_and_a_declared_plan_is_read_7_09():
    """1 Tank already in 1 Mike's brown hex (contested): the declared GroundAssault of 4 dice at
    CV 6 - 2 = 4 (7.09), P(2+ of 4 at 0.2) = 0.1808.  The same assault in a CommitCombat (no LRS on
    1 Mike) reads the same; the unit is already in the hex and already declared: no AP counted
    beyond the Core Action it needs (3.31)."""
    g = ground(tank="F-6", colours={"F-6": "brown"})
    plan = A.GroundAssault(TANK, MIKE, 4)
    kc = kill_chain(g, "instructor", MIKE, plan=plan)
    assert kc.declared and kc.plan == ({"attacker": TANK, "target": MIKE, "dice": 4},)
    assert kc.p == pytest.approx(1 - 0.8 ** 4 - 4 * 0.2 * 0.8 ** 3) and kc.p == pytest.approx(0.1808)
    assert "(CV 6, target in brown hex -2 (7.09) -> 4)" in kc.link("engage").means[0].what
    assert kill_chain(g, "instructor", MIKE, plan=A.CommitCombat(ga=(plan,))).p == pytest.approx(0.1808)


def test_a_ground_assault_plan_the_rules_refuse_raises_with_its_rule():
    """From F-4 the tank is not in the hex: GA range 0 (7.12); 11 dice exceed its supply of 10
    (7.08); 1 Mike cannot assault (no GA value, 7.16)."""
    g = ground()
    for plan, rule in ((A.GroundAssault(TANK, MIKE, 2), "7.12"), (A.GroundAssault(MIKE, TANK, 1), "7.16")):
        with pytest.raises(IllegalAction) as e:
            kill_chain(g, "instructor", MIKE if rule == "7.12" else TANK, plan=plan)
        assert e.value.rule == rule
    with pytest.raises(IllegalAction) as e:
        kill_chain(ground(tank="F-6"), "instructor", MIKE, plan=A.GroundAssault(TANK, MIKE, 11))
    assert e.value.rule == "7.08"
    with pytest.raises(TypeError):
        kill_chain(g, "instructor", MIKE, plan=A.Move(1, ("F-5",)))


def test_a_unit_that_cannot_reach_the_hex_within_its_mp_does_not_assault_5_14():
    """From F-2 (4 hexes) the tank (MP 3) cannot enter F-6 this impulse; one hex beyond MP
    would end its Core Action (5.14).  1 Mortar's LRS is left the strongest act."""
    kc = kill_chain(ground(tank="F-2"), "instructor", MIKE)
    assert kc.plan[0].get("shooter") == MORTAR and kc.p == pytest.approx(0.76672)
    assert TANK not in [m.ident for m in kc.link("target").means if m.p]


def test_the_defender_counts_no_assault_by_a_unit_it_cannot_see_6_11():
    """US sees 1 Tank and 1 Mortar only as backs: nothing can strike 1 Mike as far as US knows;
    the backs are named; face up, the tank's assault is counted for US too."""
    kc = kill_chain(ground(), "US", MIKE)
    assert ps(kc) == [1.0, 1.0, 0.0, 0.0, 0.0, 0.0] and kc.plan == ()
    assert kc.unknowns == ("2 concealed RU counter(s) elsewhere: any may be a shooter or sensor or a MILDEC (6.11)",)
    assert TANK not in repr(kc)
    seen = kill_chain(ground(tank_up=True), "US", MIKE)
    assert seen.plan == ({"attacker": TANK, "target": MIKE, "dice": 10},)
    assert seen.p == pytest.approx(1 - 0.7 ** 10 - 3 * 0.7 ** 9)


# ---------------------------------------------------------------- TORPEDO ATTACK (14.07)
def sea_game(**extra):
    return sea({ANNA: (SSK, "D-4", R), LHD: {"type": "usn_lhd", "hex": "D-6", "face_up": True}, **extra},
               initiative="RU")


def test_a_torpedo_attack_is_the_strongest_single_act_14_07():
    """Anna (D-4) moves 2 sea hexes into LHD 1's hex (MP 5, 14.02) and fires its 2 torpedoes at it
    (14.07: at most 2, range 0), CV 10 (0.5 each).  A hit sinks it whatever its 4 HP (14.08);
    the LHD has no ASW (no defensive ASW, 14.12) and IAMD cannot INTERCEPT a torpedo (14.11):
    P = 1 - 0.5^2 = 0.75.  Anna's own LRS (4 dice at 12 into 4 HP under the LHD's INTERCEPT)
    is far weaker."""
    kc = kill_chain(sea_game(), "instructor", LHD)
    assert kc.plan == ({"sub": ANNA, "targets": (LHD, LHD)},) and kc.intercepts == ()
    assert ps(kc) == pytest.approx([1, 1, 1, 0.75, 1, 1]) and kc.p == pytest.approx(0.75)
    assert kc.damage == pytest.approx((0.25, 0, 0, 0, 0.75)) and kc.expected_damage == pytest.approx(3.0)
    assert [m.ident for m in kc.link("target").means if m.chosen] == [ANNA]
    assert kc.link("engage").means[0].what == "Anna rolls 2 d20 (torpedo) at CV 10"
    assert "IAMD cannot INTERCEPT a torpedo (14.11)" in kc.link("defend").note
    assert kc.ap == 1 and kc.link("target").ap == 1         # Move and/or Initiate Combat, 1 AP (14.04, 3.31)
    assert [ln for ln in kc.lines() if ln["chosen"]] == [
        {"stage": "target", "ident": ANNA, "name": ANNA, "from": "D-4", "to": "D-6", "chosen": True}]


def test_defensive_asw_first_then_a_naval_mildec_absorbs_a_torpedo_14_12_4_22():
    """A face-up DDG-51 (ASW-capable) in the hex rolls defensive ASW before the torpedoes (14.12):
    a DETECT d20 on Anna's DETECT 12 or less (0.6), then an ASW d20 on 10 or less (0.5):
    Anna destroyed first with 0.3; chain 0.7 * 0.75 = 0.525 (defend 0.7).  A face-up Naval MILDEC
    of the LHD's team instead absorbs one hit (4.22, 14.08): it takes both torpedoes hitting,
    0.25 (defend 0.25 / 0.75)."""
    ddg = kill_chain(sea_game(**{"DDG 1": {"type": "usn_ddg_51", "hex": "D-6", "face_up": True}}), "instructor", LHD)
    assert ps(ddg) == pytest.approx([1, 1, 1, 0.75, 0.7, 1]) and ddg.p == pytest.approx(0.525)
    assert [(m.ident, m.p) for m in ddg.link("defend").means] == [("DDG 1", pytest.approx(0.3))]
    g = sea({ANNA: (SSK, "D-4", R), LHD: {"type": "usn_lhd", "hex": "D-6", "face_up": True}},
            markers={"N-1": {"hex": "D-6", "team": "US", "type": "naval_mildec", "face_up": True}}, initiative="RU")
    mil = kill_chain(g, "instructor", LHD)
    assert ps(mil) == pytest.approx([1, 1, 1, 0.75, 1 / 3, 1]) and mil.p == pytest.approx(0.25)
    assert [(m.ident, m.p) for m in mil.link("defend").means] == [("N-1", 1.0)]


def test_a_declared_torpedo_attack_is_read_and_already_paid_for():
    """RU's impulse: Anna declared (1 AP), moved into D-6; the plan fires one torpedo at LHD 1 and
    one at LHD 2: P(LHD 1 sunk) = 0.5, no AP more."""
    g = sea({ANNA: (SSK, "D-5", R), LHD: {"type": "usn_lhd", "hex": "D-6", "face_up": True},
             "LHD 2": {"type": "usn_lhd", "hex": "D-6", "face_up": True}}, initiative="RU")
    g.apply(A.BeginImpulse(R))
    g.apply(A.Declare((A.CoreAction("move_combat", (ANNA,)),)))
    g.apply(A.Move(1, ("D-6",)))
    kc = kill_chain(g, "RU", LHD, plan=A.TorpedoAttack(1, ANNA, (LHD, "LHD 2")))
    assert kc.declared and kc.p == pytest.approx(0.5) and kc.ap == 0
    with pytest.raises(IllegalAction) as e:
        kill_chain(g, "RU", LHD, plan=A.TorpedoAttack(1, ANNA, ("LHD 2",)))
    assert e.value.rule == "14.07"


def test_a_submarines_zor_finds_a_face_down_ship_14_09():
    """LHD 1 face down: Anna can move within 1 hex and its ZOR reveals naval units there (14.09):
    found with 1.0; the same boat finds and fires, one Core Action, 1 AP (3.34)."""
    g = sea({ANNA: (SSK, "D-4", R), LHD: ("usn_lhd", "D-6")}, initiative="RU")
    kc = kill_chain(g, "instructor", LHD)
    assert [m.ident for m in kc.link("find").means if m.chosen] == [ANNA]
    assert kc.link("find").means[0].rules == ("14.02", "14.09")     # it moves first
    assert kc.p == pytest.approx(0.75) and kc.ap == 1


def test_the_defender_cannot_see_a_hidden_submarine_and_names_it_14_03():
    """US does not see Anna at all (14.03): its chain on LHD 1 counts no torpedo, names the
    unseen submarines as unknown, and is the same in a world without Anna (the words do not
    tell whether a boat is there)."""
    kc = kill_chain(sea_game(), "US", LHD)
    assert kc.p == 0.0 and kc.plan == () and ANNA not in repr(kc)
    assert kc.unknowns == ("RU submarines US has not DETECTED are not seen at all (14.03): any may make a "
                           "TORPEDO ATTACK on it (14.07)",)
    empty = sea({LHD: {"type": "usn_lhd", "hex": "D-6", "face_up": True}}, initiative="RU")
    assert kill_chain(empty, "US", LHD) == kc
    assert kill_chain(empty, "instructor", LHD).p == 0.0 != kill_chain(sea_game(), "instructor", LHD).p


def test_the_assaulting_unit_finds_and_strikes_in_one_core_action_3_34():
    """1 Mike face down: 1 Mortar (adjacent) and 1 Tank (can move adjacent) both find it by their
    ground ZOR (6.21, 1.0); the tank's assault is the strongest act, so the tank is the means
    that finds too: one Move and/or Initiate Combat, 1 AP in all (3.34), not 2."""
    g = lcb_lab.situation(units={MORTAR: ("runi_mortars_platoon", "F-5"), TANK: ("runi_tank_platoon", "F-4"),
                                 MIKE: ("usmc_logistics_company", "F-6")}, initiative="RU")
    kc = kill_chain(g, "instructor", MIKE)
    assert [m.ident for m in kc.link("find").means] == [MORTAR, TANK]      # the mortar is listed first
    assert [m.ident for m in kc.link("find").means if m.chosen] == [TANK]
    assert kc.plan[0]["attacker"] == TANK and kc.p == pytest.approx(1 - 0.7 ** 10 - 3 * 0.7 ** 9)
    assert kc.ap == 1 and [lk.ap for lk in kc.links] == [1, 0, 0, 0, 0, 0]
