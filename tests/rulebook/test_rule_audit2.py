"""Corners of "done" rules found by a second designer's audit (chapters 3, 5, 6, 8, 12, 13, 17)
against the rulebook text: boundary values, the "unless" / "except" clauses, what a team may
know.  Every roll is forced and every act goes through ``Game.apply``; each assertion is a
value the rule's text gives."""
from __future__ import annotations

import pytest

from lcb_lab import situation
from lcb_lab.games.lcb import actions as A
from lcb_lab.games.lcb.model.state import Marker
from tests.refusals import refused
from tests.conftest import assault_into

B, R = "TF Blue", "TF Red"
CORRIDOR = [f"E-{r}" for r in range(1, 13)] + [f"G-{r}" for r in range(1, 13)]
"""Water on both sides of column F: a ground path along F is the only one."""


def _resupply(units, markers=None, **kw):
    """Echo (RV1 6 RP, range 3) declares Move and/or Resupply for Inf, whose GA supply is 0."""
    g = situation([("Echo", "usmc_logistics_company", "F-6", B)] + units, markers=markers, **kw)
    g.state.units["Inf"].supply = {**g.state.units["Inf"].supply, "GA": 0}
    g.apply(A.BeginImpulse(B))
    g.apply(A.Declare((A.CoreAction("move_resupply", ("Echo",)),)))
    return g


# ------------------------------------------------------------------ 8.05
@pytest.mark.parametrize("back", ["unit", "mildec"])
def test_8_05_a_face_down_enemy_counter_blocks_the_resupply_path_whatever_it_is(back):
    """8.05: no path "through hexes occupied by the opposing team".  The only ground path from
    Echo (F-6) to Inf (F-8) runs through F-7, where the US sees one RU back: a platoon or a
    MILDEC (4.22: the backs look alike, 6.11).  Both worlds look the same to the US, so both
    refuse the RESUPPLY with the same words and leave the state as it was (the engine used to let
    it through a MILDEC back only, telling the US what the back was)."""
    units = [("Inf", "usmc_infantry_platoon", "F-8", B)]
    markers = None
    if back == "unit":
        units.append(("Anna", "runi_naval_infantry_platoon", "F-7", R))
    else:
        markers = [Marker("M", "mildec", "RU", R, "F-7")]
    g = _resupply(units, markers, naval=CORRIDOR)
    assert sorted(g.resupply_reach("Echo", "RV1")) == ["F-3", "F-4", "F-5", "F-6"]
    e = refused(g, A.Resupply(1, "Echo", "RV1", (A.Grant("Inf", "GA", 2),)), "8.05")
    assert e.reason == ("Inf in F-8 is not within 3 hexes of Echo along a ground path clear of enemy, "
                        "contested and prohibited hexes")


def test_8_05_a_face_up_enemy_mildec_blocks_no_resupply():
    """4.22: a MILDEC is not a unit; face up it is a known decoy, so F-7 is not "occupied by the
    opposing team" and Echo's 2 RP reach Inf (0 -> 2 GA; Echo's pool 20 -> 18)."""
    g = _resupply([("Inf", "usmc_infantry_platoon", "F-8", B)], [Marker("M", "mildec", "RU", R, "F-7", revealed=True)],
                  naval=CORRIDOR)
    g.apply(A.Resupply(1, "Echo", "RV1", (A.Grant("Inf", "GA", 2),)))
    assert (g.state.units["Inf"].supply["GA"], g.state.units["Echo"].supply["RP"]) == (2, 18)


def test_8_03_the_range_counts_hexes_not_terrain_and_ends_at_the_rv_range():
    """8.03: range 3 of Echo's RV1, its own hex not counted, "not affected by a hex's terrain":
    Inf 3 hexes away behind two brown (4 MP) hexes gets its 2 RP; 4 hexes away it is refused and
    nothing changes."""
    g = _resupply([("Inf", "usmc_infantry_platoon", "F-9", B)], colours={"F-7": "brown", "F-8": "brown"})
    g.apply(A.Resupply(1, "Echo", "RV1", (A.Grant("Inf", "GA", 2),)))
    assert g.state.units["Inf"].supply["GA"] == 2
    g = _resupply([("Inf", "usmc_infantry_platoon", "F-10", B)])
    assert g.resupply_reach("Echo", "RV1")["F-9"] == 3 and "F-10" not in g.resupply_reach("Echo", "RV1")
    refused(g, A.Resupply(1, "Echo", "RV1", (A.Grant("Inf", "GA", 2),)), "8.05", "not within 3 hexes")


def test_8_01_one_action_may_give_two_supply_types_to_one_unit():
    """8.01: "can provide different types of supply in the same action to a single receiving unit":
    1 Whiskey (HIMARS) gets 2 LRS(1) and 3 LRS(2) from Echo's RV1 (6) at once; the pool drops by 5."""
    g = situation([("Echo", "usmc_logistics_company", "F-6", B), ("Inf", "usmc_himars_section", "F-7", B)])
    w = g.state.units["Inf"]
    full = dict(w.supply)
    w.supply = {**w.supply, "LRS1": full["LRS1"] - 2, "LRS2": full["LRS2"] - 3}
    g.apply(A.BeginImpulse(B))
    g.apply(A.Declare((A.CoreAction("move_resupply", ("Echo",)),)))
    g.apply(A.Resupply(1, "Echo", "RV1", (A.Grant("Inf", "LRS1", 2), A.Grant("Inf", "LRS2", 3))))
    assert (w.supply["LRS1"], w.supply["LRS2"], g.state.units["Echo"].supply["RP"]) == (full["LRS1"], full["LRS2"], 15)


# ------------------------------------------------------------------ 5.14
@pytest.mark.parametrize("colour, fights", [("orange", True), ("brown", False)])
def test_5_14_only_a_single_hex_move_beyond_the_mp_forbids_the_rest_of_the_action(colour, fights):
    """5.14: a 3-MP platoon may always move one hex; only "If this single hex move exceeds" its MP
    may it do nothing else.  Into an orange hex (3 MP, not beyond) it still assaults Anna there
    (1, 1: two hits); into a brown one (4 MP) the GROUND ASSAULT is refused under 5.14 and the
    state stays as it was."""
    g = situation([("Inf", "usmc_infantry_platoon", "F-6", B, True), ("Anna", "runi_naval_infantry_platoon", "F-5", R, True)],
                  colours={"F-5": colour}, forced=[1, 1])
    if not fights:
        g.apply(A.BeginImpulse(B))
        g.apply(A.Declare((A.CoreAction("move_combat", ("Inf",)),)))
        g.apply(A.Move(1, ("F-5",)))
        refused(g, A.CommitCombat(ga=(A.GroundAssault("Inf", "Anna", 2),)), "5.14")
        return
    assault_into(g, B, "Inf", "F-5", "Anna", 2)
    assert g.state.units["Anna"].destroyed


# ------------------------------------------------------------------ 5.13 / 5.17
def test_5_13_a_mildec_does_not_slow_its_stack_the_slowest_unit_does():
    """5.13: a stack moves at its slowest unit's MP, "MILDECs do NOT count": the platoon (3 MP)
    with a MILDEC goes 3 green hexes and takes it along; with Echo (2 MP) in the stack 3 hexes are
    refused and 2 allowed."""
    g = situation([("Inf", "usmc_infantry_platoon", "F-6", B)], markers=[Marker("M", "mildec", "US", B, "F-6")])
    g.apply(A.BeginImpulse(B))
    g.apply(A.Declare((A.CoreAction("move_conceal", ("Inf",), markers=("M",)),)))
    g.apply(A.Move(1, ("F-7", "F-8", "F-9")))
    assert (g.state.units["Inf"].hex, g.state.markers["M"].hex) == ("F-9", "F-9")
    g = situation([("Inf", "usmc_infantry_platoon", "F-6", B), ("Echo", "usmc_logistics_company", "F-6", B)])
    g.apply(A.BeginImpulse(B))
    g.apply(A.Declare((A.CoreAction("move_conceal", ("Inf", "Echo")),)))
    refused(g, A.Move(1, ("F-7", "F-8", "F-9")), "5.12")
    g.apply(A.Move(1, ("F-7", "F-8")))
    assert g.state.units["Echo"].hex == g.state.units["Inf"].hex == "F-8"


def test_5_17_a_naval_mildec_alone_moves_4_hexes_not_5():
    """5.17: a Naval MILDEC moving on its own has MP 4 (naval), for 1 AP: 5 hexes refused, 4 taken."""
    sea = [f"F-{r}" for r in range(1, 13)]
    g = situation([("DDG", "usn_ddg_51", "F-1", B)], naval=sea, markers=[Marker("N", "naval_mildec", "US", B, "F-10")])
    g.apply(A.BeginImpulse(B))
    g.apply(A.Declare((A.CoreAction("move_conceal", markers=("N",)),)))
    assert g.impulse.ap == 2
    refused(g, A.Move(1, ("F-9", "F-8", "F-7", "F-6", "F-5")), "5.17")
    g.apply(A.Move(1, ("F-9", "F-8", "F-7", "F-6")))
    assert g.state.markers["N"].hex == "F-6"


# ------------------------------------------------------------------ 6.21 / 6.22
def test_6_21_a_ground_zor_into_a_mixed_hex_reveals_the_ground_unit_not_the_ship():
    """6.21: a ground ZOR reveals "all units in 1 adjacent ground hex" but "never reveal[s] naval
    units".  Inf looks into the mixed hex F-7 holding RU's platoon Anna, an RU DDG and an RU Naval
    MILDEC: only Anna turns face up; Inf itself stays concealed."""
    g = situation([("Inf", "usmc_infantry_platoon", "F-6", B), ("Ship", "rubf_ddg", "F-7", R),
                   ("Anna", "runi_naval_infantry_platoon", "F-7", R)], mixed=["F-7"], naval=["G-7", "G-8"],
                  markers=[Marker("N", "naval_mildec", "RU", R, "F-7")])
    g.apply(A.BeginImpulse(B))
    g.apply(A.Declare((A.CoreAction("move_combat", ("Inf",)),)))
    g.apply(A.ExerciseZor(1, "F-7"))
    u = g.state.units
    assert g.result == ["Anna"] and u["Anna"].revealed
    assert not u["Ship"].revealed and not g.state.markers["N"].revealed and not u["Inf"].revealed


def test_6_22_a_ground_unit_entering_a_hex_with_only_an_enemy_ship_reveals_nobody():
    """6.22 reveals "opposing ground units" entering one hex.  Inf enters the mixed hex F-7 where an
    RU DDG lies face down: it must stop there (5.18: a back may be a ground unit) but neither
    counter is revealed."""
    g = situation([("Inf", "usmc_infantry_platoon", "F-6", B), ("Ship", "rubf_ddg", "F-7", R)],
                  mixed=["F-7"], naval=["G-7", "G-8"])
    g.apply(A.BeginImpulse(B))
    g.apply(A.Declare((A.CoreAction("move_combat", ("Inf",)),)))
    refused(g, A.Move(1, ("F-7", "F-8")), "5.18", "face-down enemy counter")
    g.apply(A.Move(1, ("F-7",)))
    u = g.state.units
    assert u["Inf"].hex == "F-7" and not u["Inf"].revealed and not u["Ship"].revealed


# ------------------------------------------------------------------ 17.62
def test_17_62_a_rotary_wing_lift_never_takes_a_preloaded_unit_off():
    """17.62: in the Action Stage the pre-load "cannot change": LHD 1's MEU Rotary Lift may not fly
    Pre (pre-loaded on its Amphibious: LCU, 17.61) ashore -- refused, nothing changes -- while Free,
    Embarked on the ship itself, is lifted to H-6 in the same play."""
    from lcb_lab.games.lcb.content import optional_supply as O
    from lcb_lab.games.lcb.content.worked.ch12 import cid
    units = {"LHD 1": {"type": "usn_lhd", "hex": "E-6"}, "Picket": {"type": "runi_recon_platoon", "hex": "K-11"},
             "Pre": {"type": "usmc_infantry_platoon", "embark_area": "LHD 1"},
             "Free": {"type": "usmc_infantry_platoon", "embark_area": "LHD 1"}}
    g = situation(units, size=12, naval=O.SEA, mixed=O.COAST, stage="deployment", optional_rules=["17.6"],
                  cards={"US": [{"name": "Amphibious: LCU", "embark_on": "LHD 1"},
                                {"name": "MEU Rotary Lift", "embark_on": "LHD 1"}]})
    lcu, lift = cid(g, "Amphibious: LCU"), cid(g, "MEU Rotary Lift")
    g.apply(A.PreloadCraft(lcu, ("Pre",)))
    g.apply(A.DeployUnit("Free", embark_on="LHD 1"))
    O.to_action_stage(g)
    g.apply(A.BeginImpulse(B))
    g.apply(A.Declare((A.CoreAction("move_embarked_jcc", ("LHD 1",), jcc="MEU Rotary Lift"),)))
    refused(g, A.PlayCard(lift, "A", ("Pre",), "H-6", action=1), "17.62", "Pre is pre-loaded on Amphibious: LCU")
    g.apply(A.PlayCard(lift, "A", ("Free",), "H-6", action=1))
    u = g.state.units
    assert (u["Free"].hex, u["Pre"].hex, u["Pre"].embarked_on) == ("H-6", None, "LHD 1")


# ------------------------------------------------------------------ 3.312
def test_3_312_a_task_force_wiped_out_gets_1_ap_even_with_the_influence_bonus():
    """3.312: "If all the units in a Task Force are eliminated, the associated player can only use
    1 AP per impulse".  At 6 on the meter toward the US (15.13: +1 AP) TF Blue would have 4 AP;
    RU's Msta destroys its only platoon (LRS 1, 1 on 2 HP) first, so Blue's impulse has 1 AP."""
    g = situation([("Inf", "usmc_infantry_platoon", "F-6", B, True), ("Msta", "runi_cannon_artillery", "F-4", R)],
                  influence=6, initiative="RU", forced=[1, 1])
    g.apply(A.BeginImpulse(R))
    g.apply(A.Declare((A.CoreAction("move_combat", ("Msta",)),)))
    g.apply(A.CommitCombat(lrs=(A.LrsAttack("Msta", "LRS1", "Inf", 2),)))
    g.apply(A.ResolveCombat())
    while g.pending is not None:
        g.apply(A.AnswerMildec(0))
    assert g.state.units["Inf"].destroyed
    g.apply(A.EndImpulse())
    g.apply(A.BeginImpulse(B))
    assert g.impulse.ap == 1


def test_3_312_an_embarked_unit_keeps_its_task_force_at_full_ap():
    """3.312 counts the Task Force's units, wherever they are: TF Blue whose only unit is a platoon
    Embarked on a TF Green ship (10.0) is not eliminated and keeps its 3 AP; TF Green has 3 too."""
    g = situation({"LHD 1": {"type": "usn_lhd", "hex": "F-6", "task_force": "TF Green"},
                   "Inf": {"type": "usmc_infantry_platoon", "embarked_on": "LHD 1", "task_force": B},
                   "Anna": ("runi_naval_infantry_platoon", "A-1", R)},
                  task_forces={B: "US", "TF Green": "US", R: "RU"}, naval=["F-6"])
    g.apply(A.BeginImpulse(B))
    assert g.impulse.ap == 3


# ------------------------------------------------------------------ 13.33 / 13.32
@pytest.mark.parametrize("roll, hp", [(13, 2), (14, 3)])
def test_13_33_the_owner_may_detonate_part_of_the_cubes_the_rest_stay_for_the_next_move(roll, hp):
    """13.33: the owner "may remove one or more mine cubes", 1 d20 each (13 or less hits, the card's
    value); 13.32: 1 HP per success, and the cube is removed either way.  RU detonates 1 of its 2
    cubes in C-2 at DDG-51 (3 HP) passing through: 13 hits (3 -> 2 HP), 14 misses; the ship goes on to
    D-2 and one cube is left in C-2 -- which RU detonates when the ship sails back out through it."""
    from lcb_lab.games.lcb.content.worked import ch13
    from lcb_lab.games.lcb.rules.markers import mines
    g = situation({"DDG-51": {"type": "usn_ddg_51", "hex": "B-2", "face_up": True},
                   "1 Anna": ("runi_naval_infantry_platoon", "H-8")}, naval=ch13.SEA, forced=[roll, 20])
    ch13.lay_mines(g, "RU", "C-2", 2)
    g.apply(A.BeginImpulse(B))
    g.apply(A.Declare((A.CoreAction("move_combat", ("DDG-51",)),)))
    g.apply(A.Move(1, ("C-2", "D-2")))
    assert (g.pending.kind, g.pending.options.event) == ("mine_attack", "enters")
    g.apply(A.AnswerMines(mines=(A.MineShot("DDG-51", 1),)))
    assert g.pending is None and g.unit("DDG-51").hex == "D-2" and g.unit("DDG-51").hp == hp
    assert mines.mine_in(g._ctx(), "C-2", "RU").level == 1
    g.apply(A.EndImpulse())
    g.apply(A.BeginImpulse(R))
    g.apply(A.Declare())
    g.apply(A.EndImpulse())
    g.apply(A.BeginImpulse(B))                     # turn 2: back through C-2
    g.apply(A.Declare((A.CoreAction("move_combat", ("DDG-51",)),)))
    g.apply(A.Move(1, ("C-2", "B-2")))
    assert g.pending.kind == "mine_attack"
    g.apply(A.AnswerMines(mines=(A.MineShot("DDG-51", 1),)))        # 20: a miss; the last cube is gone
    assert mines.mine_in(g._ctx(), "C-2", "RU") is None and g.unit("DDG-51").hex == "B-2"


# ------------------------------------------------------------------ 13.51 / 7.09
def test_13_51_a_fortification_adds_to_the_orange_terrain_and_never_hampers_the_defender():
    """13.51: "The CV modifiers from the Fortifications add to normal terrain modifiers for orange and
    brown hexes (7.09)".  1 Alpha's Combat Engineers build a Level 1 Fortification (-2 GA) for
    2 Alpha in the orange hex D-4 (-1): RU's 1 Anna (GA 4) assaults at CV 1, so 1 hits and 2 misses
    (2 Alpha 2 -> 1 HP).  2 Alpha fires back at its full CV 4 (7.09: the defender suffers no penalty):
    4 hits, 5 misses (1 Anna 2 -> 1 HP)."""
    g = situation({"1 Alpha": {"type": "usmc_infantry_platoon", "hex": "B-4"},
                   "2 Alpha": {"type": "usmc_infantry_platoon", "hex": "D-4", "face_up": True},
                   "1 Anna": {"type": "runi_naval_infantry_platoon", "hex": "E-4"}},
                  cards={"US": [{"name": "Combat Engineers", "attach_to": "1 Alpha"}]}, colours={"D-4": "orange"},
                  forced=[1, 2, 4, 5])
    g.apply(A.BeginImpulse(B))
    g.apply(A.Declare((A.CoreAction("play_jcc", (), jcc="Combat Engineers"),)))
    g.apply(A.PlayCard("Combat Engineers", "A", hex="D-4", action=1))
    g.apply(A.EndImpulse())
    g.apply(A.BeginImpulse(R))
    g.apply(A.Declare((A.CoreAction("move_combat", ("1 Anna",)),)))
    g.apply(A.Move(1, ("D-4",)))
    g.apply(A.CommitCombat(ga=(A.GroundAssault("1 Anna", "2 Alpha", 2),)))
    g.apply(g.pending.answer_from([{"defender": "2 Alpha", "target": "1 Anna", "dice": 2}]))
    g.apply(A.ResolveCombat())
    while g.pending is not None:
        g.apply(A.AnswerMildec(0))
    rolls = [(e["data"]["base_cv"], e["data"]["cv"], [tuple(m) for m in e["data"]["modifiers"]], e["data"]["hits"])
             for e in g.log if e["kind"] == "ga_roll"]
    assert rolls == [(4, 1, [("target in orange hex", -1, "7.09"), ("Fortification level 1", -2, "13.51")], 1),
                     (4, 4, [], 1)]
    assert (g.state.units["2 Alpha"].hp, g.state.units["1 Anna"].hp) == (1, 1) and g.dice.forced_left == 0


# ------------------------------------------------------------------ 12.1 / 12.04
def test_12_1_12_04_a_lift_reaches_exactly_5_hexes_into_a_friendly_hex():
    """12.1: MEU Rotary Lift carries units "within 5 hexes" to "a friendly or unoccupied land hex";
    12.04: counted from the host ship (LHA 8 in F-8).  K-8 is 5 hexes away and holds the US HIMARS:
    1 Inf lands there, face down and expended (12.07); L-8 (6 hexes) was refused with nothing changed."""
    from lcb_lab.games.lcb.content.worked import ch12
    from lcb_lab.games.lcb.hexes import distance
    g, lift = ch12._lift_game(1, extra={"HIMARS": {"type": "usmc_himars_section", "hex": "K-8"}})
    ch12._lift_declare(g)
    assert (distance("F-8", "K-8"), distance("F-8", "L-8")) == (5, 6)
    refused(g, A.PlayCard(lift, "A", ("1 Inf",), "L-8", action=1), "12.04")
    g.apply(A.PlayCard(lift, "A", ("1 Inf",), "K-8", action=1))
    while g.pending is not None:                # an empty response window (9.011): nobody answers
        g.apply(A.AnswerCards(()))
    u = g.state.units["1 Inf"]
    assert (u.hex, u.embarked_on, u.revealed, u.expended) == ("K-8", None, False, True)


# ------------------------------------------------------------------ 13.52
def _fortify_beside(back: str | None, face_up: bool = False):
    """1 Alpha's Combat Engineers (Attached, 1 AP) aim at the mixed hex D-4, where 2 Alpha stands
    beside an RU counter: a DDG (``"ship"``) or a Naval MILDEC (``"naval_mildec"``), face down
    unless ``face_up``."""
    units = {"1 Alpha": {"type": "usmc_infantry_platoon", "hex": "B-4"},
             "2 Alpha": {"type": "usmc_infantry_platoon", "hex": "D-4", "face_up": True},
             "1 Anna": {"type": "runi_naval_infantry_platoon", "hex": "H-8"}}
    markers = None
    if back == "ship":
        units["Ship"] = {"type": "rubf_ddg", "hex": "D-4", "face_up": face_up}
    elif back == "naval_mildec":
        markers = [Marker("N", "naval_mildec", "RU", R, "D-4", revealed=face_up)]
    g = situation(units, markers=markers, mixed=["D-4"], naval=["C-5", "D-5", "E-5"],
                  cards={"US": [{"name": "Combat Engineers", "attach_to": "1 Alpha"}]})
    g.apply(A.BeginImpulse(B))
    g.apply(A.Declare((A.CoreAction("play_jcc", (), jcc="Combat Engineers"),)))
    return g


@pytest.mark.parametrize("back", ["ship", "naval_mildec"])
def test_13_52_a_face_down_enemy_counter_makes_the_hex_unfriendly_whatever_it_is(back):
    """13.52: a Fortification goes only in a friendly hex, "with only friendly units".  In D-4 the US
    sees 2 Alpha and one RU back: a DDG or a Naval MILDEC (4.22: alike face down, 6.11).  Both
    worlds look the same to the US, so both refuse with the same words and change nothing (the
    engine used to build beside a Naval MILDEC back only, telling the US what the back was)."""
    g = _fortify_beside(back)
    e = refused(g, A.PlayCard("Combat Engineers", "A", hex="D-4", action=1), "13.52")
    assert e.reason == "D-4 is contested (both sides' counters are there): no Fortification"


def test_13_52_a_face_up_enemy_naval_mildec_leaves_the_hex_friendly():
    """4.22: a MILDEC is not a unit; face up it is a known decoy, so D-4 holds only friendly units
    and the Level 1 Fortification is built there."""
    from lcb_lab.games.lcb.rules.markers import fortify
    g = _fortify_beside("naval_mildec", face_up=True)
    g.apply(A.PlayCard("Combat Engineers", "A", hex="D-4", action=1))
    assert fortify.fort_in(g.state, "D-4").level == 1


@pytest.mark.parametrize("back", ["unit", "mildec"])
def test_12_1_a_face_down_enemy_counter_bars_the_landing_hex_whatever_it_is(back):
    """12.1: a lift lands on "a friendly or unoccupied land hex".  The US sees one RU back in J-8:
    a platoon or a MILDEC (4.22: alike face down, 6.11).  Both worlds look the same to the US, so
    both refuse the landing with the same words and change nothing (the engine used to land beside
    a MILDEC back only, telling the US what the back was)."""
    from lcb_lab.games.lcb.content.worked import ch12
    anna = {"type": "runi_naval_infantry_platoon", "hex": "J-8" if back == "unit" else "K-12"}
    markers = [Marker("M", "mildec", "RU", R, "J-8")] if back == "mildec" else None
    g, lift = ch12._lift_game(1, extra={"Anna": anna}, markers=markers)
    ch12._lift_declare(g)
    e = refused(g, A.PlayCard(lift, "A", ("1 Inf",), "J-8", action=1), "12.1")
    assert e.reason == "J-8 holds enemy counters: a rotary-wing landing needs a friendly or unoccupied hex"


def test_12_1_a_face_up_enemy_mildec_leaves_the_landing_hex_unoccupied():
    """4.22: a face-up MILDEC is a known decoy, not a unit: 1 Inf lands in J-8 beside it."""
    from lcb_lab.games.lcb.content.worked import ch12
    g, lift = ch12._lift_game(1, extra={"Anna": {"type": "runi_naval_infantry_platoon", "hex": "K-12"}},
                              markers=[Marker("M", "mildec", "RU", R, "J-8", revealed=True)])
    ch12._lift_declare(g)
    g.apply(A.PlayCard(lift, "A", ("1 Inf",), "J-8", action=1))
    while g.pending is not None:
        g.apply(A.AnswerCards(()))
    assert g.state.units["1 Inf"].hex == "J-8"
