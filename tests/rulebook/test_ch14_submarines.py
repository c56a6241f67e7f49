"""Chapter 14: submarines and ASW -- the worked EXAMPLES (lcb_lab.games.lcb.content.worked.ch14) with forced
dice, the refusals, and the hidden information of the Submarine Operations Tracker."""
import json

import pytest

from lcb_lab.games.lcb import actions as A
from lcb_lab.kernel.errors import IllegalAction
from lcb_lab.games.lcb.game import Game
from lcb_lab.games.lcb.content.worked import ch14
from lcb_lab.games.lcb.content.worked.ch14 import B, R, SSK, SSN, ZOR_DIE, sea
from lcb_lab.kernel.datacodec import touched


def refused(g, action, rule):
    before = json.dumps(g.state.to_dict(), sort_keys=True)
    dice = g.dice.state()
    with pytest.raises(IllegalAction) as e:
        g.apply(action)
    assert e.value.rule == rule, e.value
    assert json.dumps(g.state.to_dict(), sort_keys=True) == before      # byte-identical
    assert g.dice.state() == dice
    return str(e.value)


def begin(g, tf, *actions):
    g.apply(A.BeginImpulse(tf))
    g.apply(A.Declare(tuple(A.CoreAction(k, tuple(u)) for k, u in actions)))


def unit(g, uid):
    return g.state.units[uid]


# ---------------------------------------------------------------- the worked examples
def test_14_08_anna_one_die_per_target_one_hit_sinks_whatever_its_hp():
    g, lines = ch14.anna()
    assert unit(g, "LHD 1").destroyed and unit(g, "LHD 1").hp == 0      # sunk: a destroyed unit has 0 HP (4.21)
    assert any(x.endswith("LHD 1 torpedoed: a successful TORPEDO ATTACK sinks a naval unit regardless of its HP "
                          "(4 HP left)") for x in lines)                 # sunk with its 4 HP left
    assert not unit(g, "LHD 2").destroyed and unit(g, "LHD 2").hp == 4  # the 15 missed
    assert g.dice.forced_left == 0                                       # exactly 2 dice: 1 per TORPEDO ATTACK
    assert not unit(g, "Anna").revealed                                  # a torpedo does not reveal it (14.07)
    assert not g.state.choices and g.impulse.combat is None               # no INTERCEPT, no combat plan (14.11)
    assert unit(g, "Anna").fired == "torpedo"
    assert any("rolled 4*, 15 needing 10 or less: 1 hit" in x for x in lines)


def test_14_08_a_miss_everywhere_sinks_nothing():
    g, _ = ch14.anna(hit=11, miss=15)
    assert not unit(g, "LHD 1").destroyed and not unit(g, "LHD 2").destroyed


def test_14_09_jin_zor_reveals_two_ships_and_the_enemy_sub_rolled_14_stays_hidden():
    g, lines = ch14.jin()
    assert unit(g, "DDG-605").revealed and unit(g, "FFG-454").revealed
    assert not unit(g, "Kilo 1").revealed                      # DETECT 12 needed, 14 rolled
    assert not unit(g, "Jin").revealed                         # the ZOR does not reveal the submarine
    assert g.dice.forced_left == 0                             # one DETECT die; no defensive ASW for a ZOR
    assert any("DETECT needs 12: rolled 14: it stays hidden" in x for x in lines)
    assert "Kilo 1" not in {c.get("uid") for c in g.view("US")["counters"]}


def test_14_09_a_detect_of_12_or_less_places_the_marker():
    g, _ = ch14.jin(roll=12)
    k = unit(g, "Kilo 1")
    assert k.revealed
    entry = g.state.sot["RU"][-1]
    assert entry["sub"] == "Kilo 1" and entry["hex"] == "E-6" and entry["public"]
    assert g.view("US")["sot"]["RU"] == [{"sub": "Kilo 1", "turn": 1, "impulse": 1, "hex": "E-6", "public": True}]


def test_14_011_ling_detects_target_fails_two_dice_one_hit_sinks():
    g, lines = ch14.ling()
    assert unit(g, "Kilo 1").destroyed
    assert not unit(g, "Ling").destroyed and not unit(g, "Ling").revealed   # the target never DETECTed her
    assert g.dice.forced_left == 0                       # Ling's DETECT, the target's DETECT, 2 torpedoes
    assert any("Kilo 1 DETECT Ling (needs 8): 15" in x for x in lines)


def test_14_011_if_the_defender_detects_both_fire_and_damage_is_simultaneous():
    g = sea({"Ling": (SSN, "C-4", B), "Kilo 1": (SSK, "C-4", R)}, forced=[5, 8, 3, 18, 2, 20])
    begin(g, B, ("move_combat", ["Ling"]))
    g.apply(A.TorpedoAttack(1, "Ling", ("submarine",)))    # suspected, not named: simultaneous DETECT
    assert unit(g, "Kilo 1").destroyed and unit(g, "Ling").destroyed   # both sink: simultaneous
    assert g.dice.forced_left == 0


@pytest.mark.parametrize("boats", [1, 2])
def test_14_011_every_defending_boat_that_detects_fires_back_and_the_attacker_sees_how_many(boats):
    """What 14.011 gives the attacker, read from the text: every defending submarine rolls
    DETECT, and each one that DETECTs the attacker fires its own TORPEDO ATTACK back ("2 dice
    each"; one that does not DETECT "does not roll in its defense").  Those dice are rolled in
    the open, so the attacker learns how many boats fired at it -- that is the rules', not a
    leak.  It learns no more: the firing boats are neither named nor marked (a TORPEDO ATTACK
    does not reveal a submarine, 14.07; only being DETECTED places a marker, 14.06), and when
    its own DETECT misses it reads the same words whatever is in the hex.  (The one shared
    DETECT die of the defenders is lcb_lab's reading, docs/rules_detail.md: Submarines.)"""
    kilos = {f"Kilo {i}": (SSK, "C-4", R) for i in range(1, boats + 1)}
    g = sea({"Ling": (SSN, "C-4", B), **kilos}, forced=[20, 1] + [20, 20] * boats)
    begin(g, B, ("move_combat", ["Ling"]))
    n = len(g.log)
    g.apply(A.TorpedoAttack(1, "Ling", ("submarine",)))   # Ling misses (20); the defenders DETECT her (1)
    assert g.dice.forced_left == 0                          # 2 DETECT dice, then 2 torpedoes per boat
    assert unit(g, "Ling").revealed and not unit(g, "Ling").destroyed
    us = g.log_entries("US", since=n)
    back = [e for e in us if e["title"] == "An enemy submarine fires back"]
    assert len(back) == boats                               # one line per boat: the rules' open dice
    assert all(e["text"] == "2 torpedoes at Ling: rolled 20, 20 needing 10 or less: 0 hits (simultaneous, 14.011)"
               for e in back)
    assert not any("Kilo" in json.dumps(e) for e in us)     # never named
    assert not any(unit(g, k).revealed for k in kilos)      # nor marked
    assert not any("Kilo" in str(c.get("uid")) for c in g.view("US")["counters"])


def test_14_011_an_empty_hex_completes_without_result_but_still_rolls():
    g = sea({"Ling": (SSN, "C-4", B), "Kilo 1": (SSK, "A-1", R)}, forced=[1, 1])   # Ling's DETECT, the answer's
    begin(g, B, ("move_combat", ["Ling"]))
    g.apply(A.TorpedoAttack(1, "Ling", ("submarine",)))
    assert g.dice.forced_left == 0 and not unit(g, "Kilo 1").revealed     # both dice, no hint
    assert g.impulse.ap == 2                                               # the AP is consumed
    assert not g.log_entries("RU", since=0)[-1]["title"].startswith("Submarine engagement")


def test_14_13_victor_one_detect_asw_12_fails_one_torpedo_sinks_the_2_hp_ddg():
    g, lines = ch14.victor()
    assert unit(g, "DDG-1").destroyed and not unit(g, "DDG-2").destroyed
    assert not unit(g, "Victor").destroyed
    assert unit(g, "Victor").revealed           # DETECTED by DDG-2: its marker stays (14.06)
    assert unit(g, "DDG-1").revealed and unit(g, "DDG-2").revealed
    assert g.dice.forced_left == 0               # 2 DETECT, 1 ASW (one DETECT), 2 torpedoes
    assert any("DETECT DDG-1 15, DDG-2 6 (DETECT needs 8 or less); ASW 12" in x for x in lines)


def test_14_13_a_successful_asw_destroys_the_sub_before_it_fires():
    g, _ = ch14.victor(detects=(15, 6), asw=10, torpedoes=(1, 1))
    assert unit(g, "Victor").destroyed and not unit(g, "DDG-1").destroyed
    assert g.dice.forced_left == 2               # no torpedo rolled (14.12)
    assert g.state.kills["RU"] == 1


def test_14_13_james_two_subs_asw_kills_number_2_and_number_1_sinks_a_ddg():
    g, _ = ch14.james()
    assert unit(g, "SSN 2").destroyed and not unit(g, "SSN 1").destroyed
    assert unit(g, "DDG-1").destroyed and not unit(g, "DDG-2").destroyed
    assert g.impulse.ap == 1 and g.dice.forced_left == 0    # 2 AP for the two submarines


def test_14_14_michael_detect_1_to_6_rolls_12_and_5_asw_7_kills():
    g, lines = ch14.michael()
    assert unit(g, "Kilo 1").destroyed
    assert unit(g, "DDG-51").revealed and unit(g, "DDG-80").revealed   # revealing themselves
    assert unit(g, "DDG-51").asw_hex == unit(g, "DDG-80").asw_hex == "G-5"
    assert g.dice.forced_left == 0               # 2 DETECT dice, ONE ASW die (one DETECT)
    assert any("DETECT DDG-51 12, DDG-80 5; ASW DDG-80 vs Kilo 1: 7" in x for x in lines)


def test_14_14_offensive_asw_rolls_in_an_empty_hex_too_and_one_hex_per_action_stage():
    g = sea({"DDG-51": ("usn_ddg_51", "G-4", B), "Kilo 1": (SSK, "A-1", R)}, forced=[1])
    begin(g, B, ("move_combat", ["DDG-51"]))
    g.apply(A.OffensiveAsw(1, ("DDG-51",)))
    assert g.dice.forced_left == 0 and not unit(g, "Kilo 1").revealed     # rolled: no hint
    refused(g, A.OffensiveAsw(1, ("DDG-51",)), "14.14")


# ---------------------------------------------------------------- refusals
def test_a_submarine_never_enters_a_coastal_hex():
    g = sea({"SSN": (SSN, "H-3", B)})
    begin(g, B, ("move_combat", ["SSN"]))
    assert "coastal" in refused(g, A.Move(1, ("I-3",)), "14.02")
    assert "I-3" not in g.movement_reach(["SSN"])
    assert all(not g.board.hex(h).has_land for h in g.movement_reach(["SSN"]))
    g.apply(A.Move(1, ("G-3", "F-3", "E-3", "D-3", "C-3")))      # MP 5 through water
    assert unit(g, "SSN").hex == "C-3"
    refused(g, A.Move(1, ("B-3",)), "5.16")                        # once per impulse


def test_a_submarine_moves_at_most_5_mp():
    g = sea({"SSN": (SSN, "A-1", B)})
    begin(g, B, ("move_combat", ["SSN"]))
    refused(g, A.Move(1, tuple(f"A-{r}" for r in range(2, 8))), "5.12")


def test_a_scenario_cannot_put_a_submarine_in_a_coastal_hex():
    from lcb_lab.kernel.errors import ScenarioError
    with pytest.raises(ScenarioError, match="14.02"):
        sea({"SSN": (SSN, "I-3", B)})


def test_torpedoes_have_range_0():
    g = sea({"SSN": (SSN, "C-3", B), "DDG": {"type": "rubf_ddg", "hex": "C-4", "face_up": True}})
    begin(g, B, ("move_combat", ["SSN"]))
    assert "range 0" in refused(g, A.TorpedoAttack(1, "SSN", ("DDG",)), "14.07")


def test_three_torpedoes_are_refused_and_two_is_the_limit():
    g = sea({"SSN": (SSN, "C-3", B), "DDG": {"type": "rubf_ddg", "hex": "C-3", "face_up": True}}, forced=[20, 20, 20])
    begin(g, B, ("move_combat", ["SSN"]))
    refused(g, A.TorpedoAttack(1, "SSN", ("DDG", "DDG", "DDG")), "14.07")
    g.apply(A.TorpedoAttack(1, "SSN", ("DDG", "DDG")))      # the DDG's DETECT 20 fails; torpedoes 20, 20 miss
    assert g.dice.forced_left == 0
    refused(g, A.TorpedoAttack(1, "SSN", ("DDG",)), "14.07")  # its 2 TORPEDO ATTACKs are made


def test_torpedoes_at_a_concealed_ship_are_refused_without_telling_it_is_there():
    g = sea({"SSN": (SSN, "C-3", B), "DDG": ("rubf_ddg", "C-3", R)})
    begin(g, B, ("move_combat", ["SSN"]))
    refused(g, A.TorpedoAttack(1, "SSN", ("DDG",)), "14.07")


def test_torpedo_then_lrs_in_one_impulse_is_refused():
    g = sea({"SSN": (SSN, "C-3", B), "DDG": {"type": "rubf_ddg", "hex": "C-3", "face_up": True},
             "FFG": {"type": "rubf_ffg_gorshkov", "hex": "F-3", "face_up": True}}, forced=[20, 20, 20])
    begin(g, B, ("move_combat", ["SSN"]))
    g.apply(A.TorpedoAttack(1, "SSN", ("DDG",)))      # DDG DETECT 20 fails; torpedo 20 misses
    refused(g, A.CommitCombat(lrs=(A.LrsAttack("SSN", "LRS1", "FFG", 2),)), "14.04")


def test_lrs_then_torpedo_in_one_impulse_is_refused_and_the_marker_comes_and_goes():
    g = sea({"SSN": (SSN, "C-3", B), "DDG": {"type": "rubf_ddg", "hex": "C-3", "face_up": True},
             "FFG": {"type": "rubf_ffg_gorshkov", "hex": "F-3", "face_up": True}}, seed=5, auto={})
    begin(g, B, ("move_combat", ["SSN"]))
    g.apply(A.CommitCombat(lrs=(A.LrsAttack("SSN", "LRS1", "FFG", 2),)))
    assert unit(g, "SSN").revealed                                      # the marker is placed for the LRS (14.05)
    g.apply(A.ResolveCombat())
    assert g.impulse.phase == "combat_done"
    sub = unit(g, "SSN")
    assert sub.fired == "lrs" and not sub.revealed                       # removed right after its LRS (14.06)
    published = [e for e in g.state.sot["US"] if e["public"]]
    assert published and published[-1]["hex"] == "C-3" and published[-1]["why"] == "lrs"
    assert g.view("RU")["sot"]["US"] == [{"sub": "SSN", "turn": 1, "impulse": 1, "hex": "C-3", "public": True}]
    assert "SSN" not in {c.get("uid") for c in g.view("RU")["counters"]}   # marker gone again
    refused(g, A.TorpedoAttack(1, "SSN", ("DDG",)), "14.04")


def test_a_submarine_is_never_an_lrs_target_even_when_detected():
    g, _ = ch14.jin(roll=1)                      # Kilo 1 DETECTED: its marker is on the map
    k = unit(g, "Kilo 1")
    assert k.revealed
    g2 = sea({"DDG": ("usn_ddg_51", "A-1", B), "Kilo 1": {"type": SSK, "hex": "A-5", "face_up": True}})
    begin(g2, B, ("move_combat", ["DDG"]))
    refused(g2, A.CommitCombat(lrs=(A.LrsAttack("DDG", "LRS1", "Kilo 1", 1),)), "14.05")


def test_a_submarine_bought_after_the_first_planning_stage_is_refused():
    g = sea({"DDG": ("rubf_ddg", "D-5", R)}, stage="planning", cp={"US": 10}, planning_stages=2)
    assert "first" in refused(g, A.BuyCard("US", "Virginia-Class Sub"), "14.01")


def test_a_submarine_does_not_conceal_by_action():
    g = sea({"SSN": {"type": SSN, "hex": "C-3", "face_up": True}})
    begin(g, B, ("move_conceal", ["SSN"]))
    refused(g, A.Conceal(1), "14.06")


# ---------------------------------------------------------------- ZOR, MILDEC, naval ZOR
def test_naval_zor_never_reveals_a_submarine_nor_is_it_revealed_by_one():
    g = situation_with_zor({"SSN": (SSN, "C-3", B), "DDG": ("rubf_ddg", "C-4", R)})
    assert not unit(g, "SSN").revealed and not unit(g, "DDG").revealed
    begin(g, B, ("move_combat", ["SSN"]))
    g.apply(A.Move(1, ("C-4",)))
    assert not unit(g, "SSN").revealed and not unit(g, "DDG").revealed


def situation_with_zor(units):
    from lcb_lab.games.lcb.content.situation import situation
    return situation(units, naval=ch14.SEA, mixed=ch14.COAST, naval_zor=True)


def test_a_naval_mildec_absorbs_a_torpedo_hit_but_never_protects_a_submarine():
    g = sea({"SSN": (SSN, "C-3", B), "LHD": {"type": "usn_lhd", "hex": "C-3", "face_up": True},
             "DDG": ("usn_ddg_51", "C-3", B), "Kilo 1": (SSK, "C-3", R)},
            markers={"NM1": {"hex": "C-3", "type": "naval_mildec", "team": "US"}}, forced=[1, 1], initiative="RU")
    begin(g, R, ("move_combat", ["Kilo 1"]))
    g.apply(A.TorpedoAttack(1, "Kilo 1", ("submarine",)))     # US SSN and DDG defend the hex
    # defensive ASW by the DDG: DETECT 1, ASW 1 -> the Kilo is sunk before it fires; no MILDEC for it
    assert unit(g, "Kilo 1").destroyed and not g.state.markers["NM1"].destroyed
    g2 = _torpedoed_lhd()
    g2.apply(A.AnswerMildec(1))
    assert not unit(g2, "LHD").destroyed and g2.state.markers["NM1"].destroyed     # 14.08, 4.22


def _torpedoed_lhd(**kw):
    """The Kilo's torpedo (forced 2 <= its CV) hits the revealed LHD, with a US Naval MILDEC of
    another Task Force in the hex."""
    g = sea({"Kilo 1": (SSK, "C-3", R), "LHD": {"type": "usn_lhd", "hex": "C-3", "face_up": True}},
            markers={"NM1": {"hex": "C-3", "type": "naval_mildec", "task_force": "TF Grey"}}, forced=[2],
            initiative="RU", task_forces={B: "US", "TF Grey": "US", R: "RU"}, **kw)
    begin(g, R, ("move_combat", ["Kilo 1"]))
    g.apply(A.TorpedoAttack(1, "Kilo 1", ("LHD",)))
    return g


def test_4_22_14_08_the_defender_decides_whether_a_naval_mildec_absorbs_a_torpedo():
    """14.08: a MILDEC may absorb a successful TORPEDO ATTACK per the usual MILDEC rules (4.22),
    where the defending player chooses between the MILDEC and the unit. So the hit waits on a
    typed MILDEC choice of the target's team (rule 14.08, at most 1 to absorb), any of its Task
    Forces' Naval MILDECs in the hex counting as for LRS and GROUND ASSAULT (4.22: "for a
    co-located unit"); declining sinks the LHD whatever its HP. The default policy absorbs."""
    g = _torpedoed_lhd()
    d = g.pending
    assert (d.kind, d.team, d.rule, d.options.target, d.most) == ("mildec", "US", "14.08", "LHD", 1)
    assert not unit(g, "LHD").destroyed and not g.state.markers["NM1"].destroyed
    refused(g, A.AnswerMildec(2), "4.22")
    refused(g, A.EndImpulse(), "14.08")
    g.apply(A.AnswerMildec(0))
    assert unit(g, "LHD").destroyed and not g.state.markers["NM1"].destroyed and g.pending is None
    auto = _torpedoed_lhd(auto={})                                 # the default policy: absorb_all
    assert not unit(auto, "LHD").destroyed and auto.state.markers["NM1"].destroyed and auto.pending is None


def test_asw_kills_a_sub_even_with_a_friendly_naval_mildec_in_its_hex():
    g = sea({"SSN": (SSN, "C-3", B), "DDG": {"type": "rubf_ddg", "hex": "C-3", "face_up": True}},
            markers={"NM1": {"hex": "C-3", "type": "naval_mildec", "team": "US"}}, forced=[1, 1])
    begin(g, B, ("move_combat", ["SSN"]))
    g.apply(A.TorpedoAttack(1, "SSN", ("DDG",)))
    assert unit(g, "SSN").destroyed and not g.state.markers["NM1"].destroyed   # 14.16


# ---------------------------------------------------------------- the SOT and hidden information
def test_the_other_team_sees_nothing_of_an_unrevealed_sub_its_moves_or_sot():
    g = sea({"SSN": (SSN, "C-3", B), "DDG": ("rubf_ddg", "G-9", R)}, forced=[ZOR_DIE])
    begin(g, B, ("move_combat", ["SSN"]))
    g.apply(A.Move(1, ("D-3", "E-3", "F-3")))
    g.apply(A.SubmarineZor(1, "SSN"))               # nothing in reach: the ZOR implies the hex (14.09)
    g.apply(A.EndImpulse())
    v = g.view("RU")
    assert all(c.get("uid") != "SSN" and c["hex"] not in ("C-3", "F-3") for c in v["counters"])   # not even a back
    assert v["sot"]["US"] == []
    ru_log = json.dumps(g.log_entries("RU"))
    assert "SSN" not in ru_log and "C-3" not in ru_log and "D-3" not in ru_log
    assert "Move" not in [e["title"][:4] for e in g.log_entries("RU")]
    us = g.view("US")
    assert [e["hex"] for e in us["sot"]["US"]] == ["F-3"] and us["sot"]["US"][0]["path"] == ["C-3", "D-3", "E-3", "F-3"]
    from lcb_lab.games.lcb import observer
    ks = observer.known_state(g.state, g.catalog, "RU")
    assert "SSN" not in ks.units and ks.sot["US"] == []


def test_legal_actions_give_no_hint_of_a_hidden_enemy_sub():
    def ru_offers(units):
        g = sea(units, initiative="RU")
        begin(g, R, ("move_combat", ["DDG"]))
        return sorted(json.dumps(A.to_json(a) if hasattr(A, "to_json") else repr(a)) for a in g.legal_actions()
                      if not hasattr(a, "options"))
    base = {"DDG": ("rubf_ddg", "C-3", R)}
    assert ru_offers(base) == ru_offers({**base, "SSN": (SSN, "C-3", B)})
    g = sea({**base, "SSN": (SSN, "C-3", B)}, initiative="RU")
    begin(g, R, ("move_combat", ["DDG"]))
    offered = [a for a in g.legal_actions() if isinstance(a, A.OffensiveAsw)]
    assert offered == [A.OffensiveAsw(1, ("DDG",))]


def test_own_legal_actions_offer_the_zor_torpedoes_and_engagement():
    g = sea({"SSN": (SSN, "C-3", B), "DDG": {"type": "rubf_ddg", "hex": "C-3", "face_up": True}}, seed=3)
    begin(g, B, ("move_combat", ["SSN"]))
    acts = g.legal_actions()
    kinds = {type(a).__name__ for a in acts}
    assert {"SubmarineZor", "TorpedoAttack"} <= kinds
    torps = {a.targets for a in acts if isinstance(a, A.TorpedoAttack)}
    assert torps == {("submarine",), ("DDG",), ("DDG", "DDG")}
    assert all(g.is_legal(a) for a in acts if isinstance(a, (A.TorpedoAttack, A.SubmarineZor)))


def test_markers_leave_at_the_end_of_the_action_stage():
    g, _ = ch14.victor()
    assert unit(g, "Victor").revealed
    g.apply(A.EndImpulse())
    while g.state.turn == 1 and g.state.stage == "action":
        tf = g.available_task_forces()[0] if hasattr(g, "available_task_forces") else R
        g.apply(A.BeginImpulse(tf))
        g.apply(A.Declare(()))
        g.apply(A.EndImpulse())
    assert not unit(g, "Victor").revealed
    assert unit(g, "Victor").asw_hex is None and unit(g, "Victor").fired == ""


def test_a_bought_submarine_is_a_unit_of_its_card_deployed_in_water_only():
    g = sea({"DDG": ("rubf_ddg", "D-5", R)}, stage="planning", cp={"US": 10, "RU": 0})
    g.apply(A.BuyCard("US", "Virginia-Class Sub"))
    u = unit(g, "SSN US-1")
    assert (u.type_id, u.card, u.hex, u.hp) == (SSN, "US-1", None, 1)
    assert g.state.cards["US-1"].host == "SSN US-1"
    g.apply(A.EndPlanning("US"))
    g.apply(A.EndPlanning("RU"))
    refused(g, A.DeployUnit("SSN US-1", "I-3"), "14.02")
    g.apply(A.DeployUnit("SSN US-1", "C-3"))
    assert g.state.sot["US"][0]["hex"] == "C-3" and not g.state.sot["US"][0]["public"]
    assert "C-3" not in json.dumps(g.log_entries("RU")) and "SSN" not in json.dumps(g.view("RU")["counters"])


def test_9_31_4_33_an_attached_uuv_bought_before_its_submarine_gets_it_as_host():
    """9.31: Attached cards are acquired in the first Planning Stage and assigned by the end of
    the Deployment Stage; 14.01: a JCC submarine bought then may take an Attached UUV. Nothing
    makes the host exist at the purchase: the UUV bought first, with no possible host yet, is
    kept; the Virginia-Class Sub bought next hosts it at deployment. An Attached card left
    without a possible host is discarded at the end of the Deployment Stage (4.33), not refused
    when bought."""
    g = sea({"DDG": ("rubf_ddg", "D-5", R)}, stage="planning", cp={"US": 10, "RU": 0})
    g.apply(A.BuyCard("US", "UUV Attack: UNMANNED"))
    g.apply(A.BuyCard("US", "Virginia-Class Sub"))
    assert g.state.cards["US-1"].where == "pool" and unit(g, "SSN US-2").card == "US-2"
    g.apply(A.EndPlanning("US"))
    g.apply(A.EndPlanning("RU"))
    g.apply(A.DeployUnit("SSN US-2", "C-3"))
    assert "UUV Attack: UNMANNED (US) is an Attached card with no host" in refused(g, A.EndDeployment("US"), "3.22")
    g.apply(A.PlaceCard("US-1", attach_to="SSN US-2"))
    g.apply(A.EndDeployment("US"))
    assert (g.state.cards["US-1"].where, g.state.cards["US-1"].host) == ("attached", "SSN US-2")
    alone = sea({"DDG": ("rubf_ddg", "D-5", R), "LHD": ("usn_lhd", "A-1", B)}, stage="planning",
                cp={"US": 10, "RU": 0})
    alone.apply(A.BuyCard("US", "UUV Attack: UNMANNED"))         # no submarine will come
    alone.apply(A.EndPlanning("US"))
    alone.apply(A.EndPlanning("RU"))
    alone.apply(A.EndDeployment("US"))
    assert alone.state.cards["US-1"].where == "discarded"


def test_a_destroyed_card_submarine_discards_its_card():
    g = sea({"DDG": {"type": "rubf_ddg", "hex": "C-3", "face_up": True}}, stage="planning", cp={"US": 10})
    g.apply(A.BuyCard("US", "Virginia-Class Sub"))
    from lcb_lab.games.lcb.rules.submarines import operations
    operations.sink(g._ctx(), unit(g, "SSN US-1"), "RU", "test")
    assert g.state.cards["US-1"].where == "discarded"


def test_p8a_card_asw_one_detect_die_then_one_asw_die():
    g = sea({"DDG": ("usn_ddg_51", "A-1", B), "Kilo 1": (SSK, "E-5", R), "Kilo 2": (SSK, "E-6", R)},
            cards={"US": ["P-8A: Surveillance"]}, forced=[9, 13])
    g.apply(A.BeginImpulse(B))
    g.apply(A.Declare((A.CoreAction("play_jcc", (), "P-8A: Surveillance"),)))
    g.apply(A.PlayCard("P-8A: Surveillance", "B", ("E-5", "E-6"), action=1))
    assert unit(g, "Kilo 1").revealed and unit(g, "Kilo 2").revealed     # one die, all DETECTED (14.15)
    assert unit(g, "Kilo 1").destroyed and not unit(g, "Kilo 2").destroyed   # ONE ASW die at ONE sub
    assert g.dice.forced_left == 0


def test_save_and_load_keep_the_sot_and_the_submarine():
    g, _ = ch14.jin(roll=1)
    g2 = Game.from_json(g.to_json())
    assert g2.state.sot == g.state.sot and g2.state.units["Jin"].type_id == SSN


# ---------------------------------------------------------------- cards: UUV, HELO ASW, convoys
def test_uuv_attack_defensive_asw_first_then_one_torpedo():
    g = sea({"SSN": (SSN, "C-3", B), "DDG": {"type": "rubf_ddg", "hex": "E-3", "face_up": True}},
            cards={"US": [{"name": "UUV Attack: UNMANNED", "attach_to": "SSN"}]}, forced=[15, 4])
    begin_play = A.Declare((A.CoreAction("play_jcc", (), "UUV Attack: UNMANNED"),))
    g.apply(A.BeginImpulse(B))
    g.apply(begin_play)
    g.apply(A.PlayCard("UUV Attack: UNMANNED", "A", ("DDG",), action=1))
    assert unit(g, "DDG").destroyed                    # DETECT 15 > 10 fails; torpedo 4 <= 10 sinks it
    assert g.dice.forced_left == 0
    assert not unit(g, "SSN").revealed                 # the host is not revealed


def test_a_uuv_hit_waits_on_the_defenders_naval_mildec_choice_too_14_08():
    """A UUV card's successful TORPEDO ATTACK (forced 15: DETECT fails; 4 <= 10 hits) on the DDG
    with an RU Naval MILDEC in its hex: RU decides (14.08, 4.22), after the card's chain; with the
    auto policies the default absorbs at once."""
    def played(**kw):
        g = sea({"SSN": (SSN, "C-3", B), "DDG": {"type": "rubf_ddg", "hex": "E-3", "face_up": True}},
                cards={"US": [{"name": "UUV Attack: UNMANNED", "attach_to": "SSN"}]}, forced=[15, 4],
                markers={"NM9": {"hex": "E-3", "type": "naval_mildec", "team": "RU"}}, **kw)
        g.apply(A.BeginImpulse(B))
        g.apply(A.Declare((A.CoreAction("play_jcc", (), "UUV Attack: UNMANNED"),)))
        g.apply(A.PlayCard("UUV Attack: UNMANNED", "A", ("DDG",), action=1))
        return g
    g = played()
    assert (g.pending.team, g.pending.rule, g.pending.options.target) == ("RU", "14.08", "DDG")
    g.apply(A.AnswerMildec(1))
    assert not unit(g, "DDG").destroyed and g.state.markers["NM9"].destroyed and g.pending is None
    auto = played(auto={})
    assert not unit(auto, "DDG").destroyed and auto.state.markers["NM9"].destroyed and auto.pending is None


def test_uuv_destroyed_by_defensive_asw_does_not_attack():
    g = sea({"SSN": (SSN, "C-3", B), "DDG": {"type": "rubf_ddg", "hex": "E-3", "face_up": True}},
            cards={"US": [{"name": "UUV Attack: UNMANNED", "attach_to": "SSN"}]}, forced=[10, 9])
    g.apply(A.BeginImpulse(B))
    g.apply(A.Declare((A.CoreAction("play_jcc", (), "UUV Attack: UNMANNED"),)))
    g.apply(A.PlayCard("UUV Attack: UNMANNED", "A", ("DDG",), action=1))
    assert not unit(g, "DDG").destroyed and g.dice.forced_left == 0     # DETECT 10, ASW 9: no torpedo roll
    assert g.state.cards["US-1"].where == "discarded"


def test_14_11_a_uuvs_defensive_asw_reveals_every_asw_ship_that_rolls():
    """14.11: a naval unit conducting ASW combat, offensive or defensive, is revealed; 14.12:
    every enemy ASW-capable naval unit in the target hex rolls DETECT against a UUV attack (that
    roll is its defensive ASW).  So the face-down Gorshkov in the DDG's hex, which rolled (and
    missed), turns face up -- as for a submarine's torpedoes -- and US reads it by name."""
    g = sea({"SSN": (SSN, "C-3", B), "DDG": {"type": "rubf_ddg", "hex": "E-3", "face_up": True},
             "FFG": {"type": "rubf_ffg_gorshkov", "hex": "E-3"}},
            cards={"US": [{"name": "UUV Attack: UNMANNED", "attach_to": "SSN"}]}, forced=[15, 14, 20])
    assert not unit(g, "FFG").revealed
    g.apply(A.BeginImpulse(B))
    g.apply(A.Declare((A.CoreAction("play_jcc", (), "UUV Attack: UNMANNED"),)))
    n = len(g.log)
    g.apply(A.PlayCard("UUV Attack: UNMANNED", "A", ("DDG",), action=1))
    assert g.dice.forced_left == 0                       # 2 DETECT dice (15, 14: both miss 10), 1 torpedo (20)
    assert unit(g, "FFG").revealed and not unit(g, "DDG").destroyed
    assert "FFG" in {c.get("uid") for c in g.view("US")["counters"]}
    assert any("FFG" in x and "14.11" in x for x in ch14.lines_since(g, n, "US"))


def test_uuv_out_of_range_is_refused_before_any_roll():
    g = sea({"SSN": (SSN, "A-1", B), "DDG": {"type": "rubf_ddg", "hex": "H-9", "face_up": True}},
            cards={"US": [{"name": "UUV Attack: UNMANNED", "attach_to": "SSN"}]}, forced=[1, 1])
    g.apply(A.BeginImpulse(B))
    g.apply(A.Declare((A.CoreAction("play_jcc", (), "UUV Attack: UNMANNED"),)))
    refused(g, A.PlayCard("UUV Attack: UNMANNED", "A", ("DDG",), action=1), "7.31")


def test_a_submarine_takes_one_attached_card_at_most():
    from lcb_lab.kernel.errors import ScenarioError
    with pytest.raises((ScenarioError, IllegalAction)):
        sea({"SSN": (SSN, "C-3", B)}, cards={"US": [{"name": "UUV Attack: UNMANNED", "attach_to": "SSN"},
                                                     {"name": "UUV Attack: UNMANNED", "attach_to": "SSN"}]})


def test_helo_asw_searches_one_hex_within_2_of_its_ship():
    g = sea({"DDG": ("usn_ddg_51", "C-3", B), "Kilo 1": (SSK, "C-5", R)},
            cards={"US": [{"name": "HELO ASW", "attach_to": "DDG"}]}, forced=[12, 10])
    g.apply(A.BeginImpulse(B))
    g.apply(A.Declare((A.CoreAction("play_jcc", (), "HELO ASW"),)))
    g.apply(A.PlayCard("HELO ASW", "A", (), hex="C-5", action=1))
    assert unit(g, "Kilo 1").destroyed and g.dice.forced_left == 0     # DETECT 12 <= 12, ASW 10 <= 10


def test_p8a_one_die_that_misses_detects_nothing_and_rolls_no_asw():
    g = sea({"DDG": ("usn_ddg_51", "A-1", B), "Kilo 1": (SSK, "E-5", R)},
            cards={"US": ["P-8A: Surveillance"]}, forced=[13, 1])
    g.apply(A.BeginImpulse(B))
    g.apply(A.Declare((A.CoreAction("play_jcc", (), "P-8A: Surveillance"),)))
    g.apply(A.PlayCard("P-8A: Surveillance", "B", ("E-5",), action=1))
    assert not unit(g, "Kilo 1").revealed and g.dice.forced_left == 1


def test_p8a_searches_at_most_3_hexes():
    g = sea({"DDG": ("usn_ddg_51", "A-1", B), "Kilo 1": (SSK, "E-5", R)},
            cards={"US": ["P-8A: Surveillance"]}, forced=[1, 1])
    g.apply(A.BeginImpulse(B))
    g.apply(A.Declare((A.CoreAction("play_jcc", (), "P-8A: Surveillance"),)))
    with pytest.raises(IllegalAction):
        g.apply(A.PlayCard("P-8A: Surveillance", "B", ("E-5", "E-6", "E-7", "E-8"), action=1))
    assert g.dice.forced_left == 2


def test_a_convoy_loses_1_hp_per_torpedo_hit():
    from lcb_lab.games.lcb.rules.cards import jcc
    from lcb_lab.games.lcb.model.state import CardMarker
    g = sea({"SSN": (SSN, "C-3", B)}, initiative="US", forced=[2, 3])
    card = jcc.add_card(g.state, "RU", "Littoral Movement", where="deployed")
    g.state.card_markers["ISR-1"] = CardMarker("ISR-1", "isr", "RU", card.cid, "C-3", revealed=True, hp=3)
    touched(g.state, "card_markers")      # staged in place: the snapshot looks at the map again
    begin(g, B, ("move_combat", ["SSN"]))
    g.apply(A.TorpedoAttack(1, "SSN", ("ISR-1", "ISR-1")))
    m = g.state.card_markers["ISR-1"]
    assert m.hp == 1 and m.data["torpedo_hits"] == 2          # 2 hits = 2 HP, not the whole convoy


# ---------------------------------------------------------------- a submarine's LRS and INTERCEPT
def test_a_submarines_lrs_is_intercepted_normally():
    g = sea({"SSN": (SSN, "C-3", B), "FFG": {"type": "rubf_ffg_gorshkov", "hex": "F-3", "face_up": True}},
            forced=[3, 4, 2, 5])
    begin(g, B, ("move_combat", ["SSN"]))
    g.apply(A.CommitCombat(lrs=(A.LrsAttack("SSN", "LRS1", "FFG", 2),)))
    assert g.pending is not None and g.pending.kind == "intercept" and g.pending.team == "RU"
    # the defender names the shooter it sees on the map: the marker is placed for the attack (14.05)
    g.apply(A.AnswerIntercept(intercepts=(A.Intercept("FFG", "INT1", "FFG", 2),)))
    g.apply(A.ResolveCombat())
    assert g.impulse.phase == "combat_done" and not unit(g, "FFG").destroyed     # 2 hits, 2 INTERCEPTs
    assert not unit(g, "SSN").revealed


# ---------------------------------------------------------------- random play: no crash, nothing leaks
@pytest.mark.parametrize("seed", [1, 2, 3, 4])
def test_random_legal_play_with_submarines_on_both_sides(seed):
    import numpy as np
    from lcb_lab.games.lcb import observer
    from lcb_lab.games.lcb.content.playthrough import pick
    g = sea({"SSN": (SSN, "C-3", B), "SSN 2": (SSN, "F-9", B), "DDG-51": ("usn_ddg_51", "D-5", B),
             "Kilo 1": (SSK, "D-4", R), "Kilo 2": (SSK, "G-8", R), "DDG-605": ("rubf_ddg", "E-6", R),
             "FFG-454": ("rubf_ffg_gorshkov", "B-8", R)}, seed=seed, max_turns=3)
    rng = np.random.default_rng(seed)
    kinds = set()
    for _ in range(400):
        if g.to_act() is None:
            break
        a = pick(g, rng)
        try:
            g.apply(a)
        except IllegalAction:
            continue
        kinds.add(type(a).__name__)
        for team in ("US", "RU"):
            other = "RU" if team == "US" else "US"
            hidden = [u for u in g.state.units.values() if u.team == other and not u.revealed and not u.destroyed
                      and g.utype(u.uid).is_submarine]
            seen = {c.get("uid") for c in g.view(team)["counters"]}
            assert not seen & {u.uid for u in hidden}
            assert len(g.view(team)["counters"]) == len([u for u in g.state.units.values()
                                                          if not u.destroyed and u.hex is not None]) - len(hidden)
            ks = observer.known_state(g.state, g.catalog, team)
            assert not any(u.uid in ks.units for u in hidden)
            assert all(e["public"] for e in g.view(team)["sot"][other])
        for u in g.state.units.values():
            if g.utype(u.uid).is_submarine and not u.destroyed:
                assert not g.board.hex(u.hex).has_land          # never in a coastal hex (14.02)
    assert g.state.turn > 1 or g.to_act() is None


def test_a_submarine_has_no_ground_zor_and_is_not_a_ground_unit():
    g = sea({"SSN": (SSN, "H-3", B), "Inf": ("runi_naval_infantry_platoon", "I-3", R)})
    begin(g, B, ("move_combat", ["SSN"]))
    refused(g, A.ExerciseZor(1, "I-3"), "6.21")
    assert not any(isinstance(a, A.ExerciseZor) and g.is_legal(a) for a in g.legal_actions())
    from lcb_lab.games.lcb.rules.common import contested, enemy_ground_in
    ctx = g._ctx()
    assert enemy_ground_in(ctx, "H-3", "RU") == [] and not contested(ctx, "H-3")


def test_bought_submarines_are_offered_their_deployment_and_the_game_reaches_the_action_stage():
    import numpy as np
    from lcb_lab.games.lcb.content.playthrough import pick
    g = sea({"DDG-1": ("rubf_ddg", "D-5", R), "DDG-51": ("usn_ddg_51", "B-5", B)},
            stage="planning", cp={"US": 5, "RU": 4}, seed=7)
    g.apply(A.BuyCard("US", "Virginia-Class Sub"))
    g.apply(A.BuyCard("RU", "Kilo-Class Sub"))
    rng = np.random.default_rng(7)
    for _ in range(200):
        if g.state.stage == "action":
            break
        try:
            g.apply(pick(g, rng))
        except IllegalAction:
            continue
    assert g.state.stage == "action"
    for uid, team in (("SSN US-1", "US"), ("SSK RU-1", "RU")):
        u = unit(g, uid)
        assert u.hex is not None and not g.board.hex(u.hex).has_land and not u.revealed
        assert g.state.sot[team][0] == {"sub": uid, "turn": 1, "impulse": 0, "hex": u.hex, "public": False,
                                        "why": "deploy"}
        assert g.view("RU" if team == "US" else "US")["sot"][team] == []


# ---------------------------------------------------------------- a scenario file listing submarines
def _gotland_with(tmp_path, block: str):
    from lcb_lab.games.lcb.io.resources import scenario_text
    text = scenario_text("gotland_redux")
    p = tmp_path / "with_sub.toml"
    p.write_text(text + "\n" + block, encoding="utf-8")
    return p


def test_a_scenario_lists_a_submarine_in_open_water_and_hides_it_from_the_other_team(tmp_path):
    from lcb_lab.games.lcb.io.loading import load_scenario
    g = load_scenario(_gotland_with(tmp_path, '[[unit]]\nuid = "SSN 774"\ntype = "usn_ssn_virginia"\n'
                                    'task_force = "TF Boston"\nhex = "AH-24"\n'))
    assert unit(g, "SSN 774").hex == "AH-24" and not unit(g, "SSN 774").revealed
    assert "SSN 774" not in {c.get("uid") for c in g.view("RU")["counters"]}
    assert all(c["hex"] != "AH-24" for c in g.view("RU")["counters"])


def test_a_scenario_cannot_put_a_submarine_in_a_coastal_hex_of_gotland(tmp_path):
    from lcb_lab.kernel.errors import ScenarioError
    from lcb_lab.games.lcb.io.loading import load_scenario
    with pytest.raises(ScenarioError, match="14.02"):
        load_scenario(_gotland_with(tmp_path, '[[unit]]\nuid = "SSN 774"\ntype = "usn_ssn_virginia"\n'
                                    'task_force = "TF Boston"\nhex = "AL-23"\n'))


def test_a_bought_submarine_card_counts_as_any_hidden_card_and_is_never_played():
    g = sea({"DDG": ("rubf_ddg", "D-5", R)}, stage="planning", cp={"US": 10, "RU": 0})
    g.apply(A.BuyCard("US", "Virginia-Class Sub"))
    assert g.view("RU")["hidden_cards"] == {"US": {"pool": 1}}
    g.apply(A.EndPlanning("US"))
    g.apply(A.EndPlanning("RU"))
    g.apply(A.DeployUnit("SSN US-1", "C-3"))
    g.apply(A.EndDeployment("US"))
    g.apply(A.EndDeployment("RU"))
    g.apply(A.BeginImpulse(B))
    refused(g, A.Declare((A.CoreAction("play_jcc", (), "Virginia-Class Sub"),)), "9.32")


def test_a_card_lrs_at_a_detected_submarine_is_refused():
    g = sea({"DDG": ("usn_ddg_51", "A-1", B), "Kilo 1": {"type": SSK, "hex": "E-5", "face_up": True}},
            cards={"US": ["Combat Air Patrols"]})
    g.apply(A.BeginImpulse(B))
    g.apply(A.Declare((A.CoreAction("play_jcc", (), "Combat Air Patrols"),)))
    refused(g, A.PlayCard("Combat Air Patrols", "B", ("Kilo 1",), action=1), "14.05")


# ---------------------------------------------------------------- more corners
def test_torpedoes_need_a_move_and_or_combat_action_the_zor_works_in_any():
    g = sea({"SSN": (SSN, "C-3", B), "DDG": {"type": "rubf_ddg", "hex": "C-3", "face_up": True}}, forced=[ZOR_DIE])
    begin(g, B, ("move_conceal", ["SSN"]))
    refused(g, A.TorpedoAttack(1, "SSN", ("DDG",)), "14.04")
    g.apply(A.SubmarineZor(1, "SSN"))
    refused(g, A.SubmarineZor(1, "SSN"), "14.09")                  # once per action


def test_offensive_asw_needs_asw_capable_ships_of_the_action():
    g = sea({"LHD": ("usn_lhd", "C-3", B), "DDG": ("usn_ddg_51", "E-3", B)})
    begin(g, B, ("move_combat", ["LHD"]), ("move_combat", ["DDG"]))
    refused(g, A.OffensiveAsw(1, ("LHD",)), "14.11")
    refused(g, A.OffensiveAsw(1, ("DDG",)), "3.36")
    begin2 = sea({"DDG": ("usn_ddg_51", "E-3", B)})
    begin(begin2, B, ("move_conceal", ["DDG"]))
    refused(begin2, A.OffensiveAsw(1, ("DDG",)), "14.14")


def test_the_other_teams_submarine_cannot_be_named_by_an_act():
    g = sea({"SSN": (SSN, "C-3", B), "Kilo 1": (SSK, "C-3", R)}, initiative="RU")
    begin(g, R, ("move_combat", ["Kilo 1"]))
    msg = refused(g, A.TorpedoAttack(1, "Kilo 1", ("SSN",)), "14.07")
    msg2 = refused(g, A.TorpedoAttack(1, "Kilo 1", ("No Such Boat",)), "14.07")
    assert msg.replace("'SSN'", "X") == msg2.replace("'No Such Boat'", "X")   # one refusal: no probing


def test_an_engagement_with_two_enemy_subs_puts_one_torpedo_on_each_detected():
    g = sea({"SSN": (SSN, "C-3", B), "Kilo 1": (SSK, "C-3", R), "Kilo 2": (SSK, "C-3", R)},
            forced=[1, 20, 5, 5])     # SSN's one DETECT die finds both; their one die misses; 2 hits
    begin(g, B, ("move_combat", ["SSN"]))
    g.apply(A.TorpedoAttack(1, "SSN", ("submarine",)))
    assert unit(g, "Kilo 1").destroyed and unit(g, "Kilo 2").destroyed
    assert not unit(g, "SSN").destroyed and g.dice.forced_left == 0


def test_a_sub_moving_into_asw_ships_is_not_attacked_until_it_attacks():
    g = sea({"SSN": (SSN, "C-3", B), "DDG": ("rubf_ddg", "C-4", R)}, forced=[ZOR_DIE])
    begin(g, B, ("move_combat", ["SSN"]))
    g.apply(A.Move(1, ("C-4",)))
    g.apply(A.SubmarineZor(1, "SSN"))       # reveals the DDG; no defensive ASW for a ZOR (14.09, 14.13 ex.)
    assert unit(g, "DDG").revealed and not unit(g, "SSN").revealed and g.dice.forced_left == 0


@pytest.mark.parametrize("seed", [1, 2, 5])
def test_random_legal_play_on_gotland_with_a_submarine_each(tmp_path, seed):
    import numpy as np
    from lcb_lab.games.lcb.io.loading import load_scenario
    from lcb_lab.games.lcb.content.playthrough import pick
    g = load_scenario(_gotland_with(tmp_path, '[[unit]]\nuid = "SSN 774"\ntype = "usn_ssn_virginia"\n'
                                    'task_force = "TF Boston"\nhex = "AH-24"\n\n[[unit]]\nuid = "B-271"\n'
                                    'type = "rubf_ssk_kilo"\ntask_force = "TF St. Petersburg"\nhex = "AO-18"\n'),
                      seed=seed)
    rng = np.random.default_rng(seed)
    for _ in range(600):
        if g.to_act() is None:
            break
        try:
            g.apply(pick(g, rng))
        except IllegalAction:
            continue
        for uid, foe in (("SSN 774", "RU"), ("B-271", "US")):
            u = unit(g, uid)
            if not u.destroyed:
                assert not g.board.hex(u.hex).has_land
            if not u.revealed:
                assert uid not in {c.get("uid") for c in g.view(foe)["counters"]}
    assert g.to_act() is None or g.state.turn == 3
