"""Optional rules 17.3 NAVAL GUNFIRE, 17.4 SHORE BOMBARDMENT and 17.5 ARTILLERY DIRECT FIRE,
with forced dice on staged situations (:mod:`lcb_lab.games.lcb.content.optional_gunfire`).  The
rulebook prints no example for these rules: each test stages the numbered rule and its corners
and asserts the exact rolls, CVs, HP and supply."""
from __future__ import annotations

import pytest

import lcb_lab
from lcb_lab.games.lcb import actions as A
from lcb_lab.games.lcb.choice_options import Defender
from lcb_lab.games.lcb.choices import GaDefenseChoice, InterceptChoice, MildecChoice
from lcb_lab.games.lcb.content import optional_gunfire as og
from lcb_lab.games.lcb.rules.markers.placement import new_marker
from tests.refusals import refused

GUN = "GUN"
SEA = list(og.SEA)


def _roll(g, end: str) -> dict:
    """The (last) roll entry whose title ends with ``end`` (e.g. ``"DDG 1 -> Ivan"``)."""
    return [e for e in g.state.log if e["kind"] in ("gunfire_roll", "lrs_roll", "ga_roll")
            and e["title"].endswith(end)][-1]


def _ships(extra: dict | None = None, rules=("17.3",), forced=(), **kw):
    """US DDG ``DDG 1`` and RU DDG ``Ivan`` (and ``extra``) in sea hex E-6; the US impulse begun,
    ``DDG 1``'s Move and/or Combat declared."""
    units = {"DDG 1": {"type": "usn_ddg_51", "hex": "E-6", "face_up": True},
             "Ivan": {"type": "rubf_ddg", "hex": "E-6", "face_up": True}, **(extra or {})}
    g = lcb_lab.situation(units, naval=SEA, initiative="US", optional_rules=list(rules), forced=list(forced), **kw)
    us = tuple(u for u, d in units.items() if d["type"].startswith("usn") and d["hex"] == "E-6")
    g.apply(A.BeginImpulse("TF Blue"))
    g.apply(A.Declare((A.CoreAction("move_combat", us),)))
    return g


# ---------------------------------------------------------------- 17.31
def test_17_31_the_gun_hits_on_1_to_6_with_up_to_four_dice_no_supply_and_reveals_the_ship():
    g = og.naval_gunfire(forced=[6, 7, 1, 20])
    g.state.units["DDG 1"].revealed = False            # a concealed ship: firing reveals it
    g.apply(A.CommitCombat(lrs=(A.LrsAttack("DDG 1", GUN, "Ivan", 4),)))
    assert g.unit("DDG 1").revealed
    rev = next(e for e in g.state.log if e["kind"] == "reveal")
    assert "17.31" in rev["rules"] and "DDG 1" in rev["title"]
    g.apply(A.Answer())                                  # RU declines to fire back
    g.apply(A.ResolveCombat())
    r = _roll(g, "DDG 1 -> Ivan")
    assert (r["data"]["cv"], r["data"]["dice"], r["data"]["hits"]) == (6, [6, 7, 1, 20], 2)   # 6 hits, 7 misses
    assert r["title"].startswith("NAVAL GUNFIRE (attacker)") and "17.31" in r["rules"]
    assert g.unit("Ivan").destroyed
    assert g.unit("DDG 1").supply["LRS1"] == 8            # the gun spends no supply (infinite)


def test_17_31_refusals_name_the_rule_and_change_nothing():
    g = og.naval_gunfire()
    refused(g, A.CommitCombat(lrs=(A.LrsAttack("DDG 1", GUN, "Ivan", 5),)), "17.31", "at most 4")
    refused(g, A.CommitCombat(lrs=(A.LrsAttack("DDG 1", GUN, "Ivan", 3), A.LrsAttack("DDG 1", GUN, "ISR-1", 2))),
            "17.31", "at most 4")                        # four dice per unit, over all its targets
    refused(g, A.CommitCombat(lrs=(A.LrsAttack("DDG 1", GUN, "Ivan", 2), A.LrsAttack("DDG 1", "LRS1", "Ivan", 2))),
            "7.02", "one CV")                            # the gun or the missiles in one action, not both
    refused(g, A.CommitCombat(lrs=(A.LrsAttack("Ivan", GUN, "DDG 1", 2),)), "3.31")
    refused(g, A.CommitCombat(lrs=(A.LrsAttack("DDG 1", GUN, "Ivan", 0),)), "7.05")
    off = _ships(rules=())
    refused(off, A.CommitCombat(lrs=(A.LrsAttack("DDG 1", GUN, "Ivan", 1),)), "17.3", "not on")


def test_17_31_amphibious_ships_have_no_gun():
    g = _ships({"LHD 1": {"type": "usn_lhd", "hex": "E-6", "face_up": True}})
    e = refused(g, A.CommitCombat(lrs=(A.LrsAttack("LHD 1", GUN, "Ivan", 1),)), "17.31", "amphibious")
    assert "LHD" in e.reason
    offer = next(t for t in g.legal_actions() if getattr(t, "kind", "") == "commit_combat")
    assert A.LrsAttack("DDG 1", GUN, "Ivan", 1) in offer.options
    assert not any(o.shooter == "LHD 1" for o in offer.options)


def test_17_31_legal_actions_offer_the_gun_only_with_the_rule_on():
    on = next(t for t in og.naval_gunfire().legal_actions() if getattr(t, "kind", "") == "commit_combat")
    assert {o for o in on.options if o.slot == GUN} == {A.LrsAttack("DDG 1", GUN, "Ivan", 1),
                                                        A.LrsAttack("DDG 1", GUN, "ISR-1", 1)}
    assert on.limits["max_dice"]["DDG 1/GUN"] == 4
    off = next(t for t in _ships(rules=()).legal_actions() if getattr(t, "kind", "") == "commit_combat")
    assert not any(o.slot == GUN for o in off.options)


def test_17_31_naval_gunfire_cannot_be_intercepted():
    """Ivan has an INTERCEPT CV in range of its own hex: no INTERCEPT is asked against the gun."""
    g = og.naval_gunfire()
    g.apply(A.CommitCombat(lrs=(A.LrsAttack("DDG 1", GUN, "Ivan", 2),)))
    assert not any(isinstance(c, InterceptChoice) for c in g.state.choices)
    assert isinstance(g.pending, GaDefenseChoice) and g.pending.rule == "17.33" and g.pending.options.gunfire


# ---------------------------------------------------------------- 17.32
def test_17_32_range_0_against_enemy_ships_and_naval_isr_markers_only():
    g = _ships({"Pyotr": {"type": "rubf_ffg_gorshkov", "hex": "E-7", "face_up": True},
                "DDG 2": {"type": "usn_ddg_51", "hex": "E-6", "face_up": True}})
    refused(g, A.CommitCombat(lrs=(A.LrsAttack("DDG 1", GUN, "Pyotr", 1),)), "17.32", "range 0")
    refused(g, A.CommitCombat(lrs=(A.LrsAttack("DDG 1", GUN, "DDG 2", 1),)), "17.32", "friendly")
    isr = new_marker(g._ctx(), "isr", "RU", "", "E-6", revealed=False)
    isr.data = {"naval": True}
    refused(g, A.CommitCombat(lrs=(A.LrsAttack("DDG 1", GUN, isr.mid, 1),)), "7.32")     # a concealed marker is unseen
    sb = og.shore_bombardment()
    sb.state.optional_rules = ["17.3"]                     # NAVAL GUNFIRE without SHORE BOMBARDMENT
    refused(sb, A.CommitCombat(lrs=(A.LrsAttack("DDG 1", GUN, "Anna", 1),)), "17.32", "ground unit")


def test_17_32_a_ship_fires_its_gun_in_one_hex_per_turn():
    """Ivan fires back in E-6 on the US impulse; on its own impulse it moves to E-7 and may not
    fire its gun there (one hex per turn), though its missiles may."""
    g = _ships({"DDG 2": {"type": "usn_ddg_51", "hex": "E-7", "face_up": True}}, forced=[20] * 8)
    g.apply(A.CommitCombat(lrs=(A.LrsAttack("DDG 1", GUN, "Ivan", 1),)))
    g.apply(A.AnswerDefense(defence=(A.Defense("Ivan", "DDG 1", 1),)))
    g.apply(A.ResolveCombat())
    assert g.unit("Ivan").gunfire_hex == "E-6"
    g.apply(A.EndImpulse())
    g.apply(A.BeginImpulse("TF Red"))
    g.apply(A.Declare((A.CoreAction("move_combat", ("Ivan",)),)))
    g.apply(A.Move(1, ("E-7",)))
    refused(g, A.CommitCombat(lrs=(A.LrsAttack("Ivan", GUN, "DDG 2", 1),)), "17.32", "one hex per turn")
    g.apply(A.CommitCombat(lrs=(A.LrsAttack("Ivan", "LRS1", "DDG 2", 1),)))


# ---------------------------------------------------------------- 17.33, 17.35
def test_17_33_both_sides_fire_then_take_hp_at_once_and_the_odds_are_exact():
    g = _ships(forced=[1, 1, 9, 9, 1, 2, 3, 9])
    g.apply(A.CommitCombat(lrs=(A.LrsAttack("DDG 1", GUN, "Ivan", 4),)))
    d = g.pending
    assert d.team == "RU" and d.options.defenders == (Defender(uid="Ivan", cv=6, supply=None),)
    assert [(a.uid, a.dice) for a in d.options.attackers] == [("DDG 1", 4)]
    g.apply(A.AnswerDefense(defence=(A.Defense("Ivan", "DDG 1", 4),)))       # no AP: RU has no impulse
    step = g.chance_outcomes()
    p_ivan, p_ddg = 1 - 0.7 ** 4 - 4 * 0.3 * 0.7 ** 3, 4 * 0.3 ** 3 * 0.7 + 0.3 ** 4
    assert dict(step.outcomes)[(2, 3)] == pytest.approx(p_ivan * p_ddg)
    g.apply(A.ResolveCombat())
    assert _roll(g, "Ivan -> DDG 1")["data"]["hits"] == 3 and _roll(g, "DDG 1 -> Ivan")["data"]["hits"] == 2
    assert g.unit("Ivan").destroyed and g.unit("DDG 1").destroyed       # Ivan's loss does not stop its fire
    res = next(e for e in g.state.log if e["kind"] == "gunfire_result")
    assert "17.33" in res["rules"] and "Ivan 2 HP, DDG 1 3 HP" in res["text"]


def test_17_33_return_fire_goes_at_the_attacking_ships_within_four_dice():
    g = _ships({"Oleg": {"type": "rubf_ffg_gorshkov", "hex": "E-6", "face_up": True}})
    g.apply(A.CommitCombat(lrs=(A.LrsAttack("DDG 1", GUN, "Ivan", 1),)))
    assert {d.uid for d in g.pending.options.defenders} == {"Ivan", "Oleg"}     # Oleg, not fired at, fires too
    refused(g, A.AnswerDefense(defence=(A.Defense("Ivan", "DDG 1", 5),)), "17.31", "at most 4")
    refused(g, A.AnswerDefense(defence=(A.Defense("Ivan", "Oleg", 1),)), "17.33")


# ---------------------------------------------------------------- 17.34
def test_17_34_naval_mildec_may_absorb_a_gun_hit_after_the_dice():
    g = _ships(markers={"NM-1": ("E-6", "TF Red", "naval_mildec")}, forced=[1, 20])
    g.apply(A.CommitCombat(lrs=(A.LrsAttack("DDG 1", GUN, "Ivan", 2),)))
    g.apply(A.Answer())
    g.apply(A.ResolveCombat())
    assert isinstance(g.pending, MildecChoice) and g.pending.options.damage == 1   # asked after the roll
    g.apply(A.AnswerMildec(absorb=1))
    assert g.unit("Ivan").hp == 2 and g.state.markers["NM-1"].destroyed


# ---------------------------------------------------------------- 17.36
def test_17_36_a_naval_isr_marker_takes_hp_but_neither_fires_nor_defends():
    g = og.naval_gunfire(forced=[3, 15])
    g.apply(A.CommitCombat(lrs=(A.LrsAttack("DDG 1", GUN, "ISR-1", 2),)))
    assert [d.uid for d in g.pending.options.defenders] == ["Ivan"]        # the marker never answers
    g.apply(A.Answer())
    g.apply(A.ResolveCombat())
    assert _roll(g, "DDG 1 -> ISR-1")["data"]["hits"] == 1
    assert "ISR-1" not in g.state.card_markers
    gone = next(e for e in g.state.log if e["title"] == "ISR-1 destroyed")
    assert "17.36" in gone["rules"]


def test_17_33_the_return_fire_pause_tells_the_attacker_nothing_about_a_back():
    """A face-down RU counter in the bombarded hex: cannon artillery (which may fire back) or
    infantry (which may not) -- the US sees the same pause for RU either way."""
    views = []
    for kind in ("runi_cannon_artillery", "runi_naval_infantry_platoon"):
        g = og.shore_bombardment()
        g.state.units["1 Msta"].type_id = kind
        g.state.units["1 Msta"].revealed = False
        before = g.view("US")
        g.apply(A.CommitCombat(lrs=(A.LrsAttack("DDG 1", GUN, "Anna", 1),)))
        assert g.to_act() == "RU" and isinstance(g.pending, GaDefenseChoice)
        views.append((before, g.to_act(), [e["title"] for e in g.log_entries("US")]))
    assert views[0] == views[1]
    assert og.shore_bombardment().pending is None


# ---------------------------------------------------------------- 17.4, 17.41
def test_17_4_shore_bombardment_and_the_cannon_artillery_counterfire():
    g = og.shore_bombardment(forced=[6, 6, 7, 7, 10, 11, 1])
    g.apply(A.CommitCombat(lrs=(A.LrsAttack("DDG 1", GUN, "Anna", 4),)))
    assert g.pending.options.defenders == (Defender(uid="1 Msta", cv=10, supply=16),)   # Anna (GA only) stays silent
    g.apply(A.AnswerDefense(defence=(A.Defense("1 Msta", "DDG 1", 3),)))
    assert g.unit("1 Msta").supply["LRS1"] == 13              # LRS supply spent per die
    g.apply(A.ResolveCombat())
    sb, cf = _roll(g, "DDG 1 -> Anna"), _roll(g, "1 Msta -> DDG 1")
    assert sb["title"].startswith("SHORE BOMBARDMENT") and "17.4" in sb["rules"]
    assert (sb["data"]["cv"], sb["data"]["hits"]) == (6, 2)
    assert cf["title"].startswith("Counterfire") and "17.41" in cf["rules"]
    assert (cf["data"]["cv"], cf["data"]["dice"], cf["data"]["hits"]) == (10, [10, 11, 1], 2)
    assert g.unit("Anna").destroyed and g.unit("DDG 1").hp == 1


def test_17_41_only_cannon_artillery_with_supply_fires_back_and_only_at_bombarding_ships():
    g = og.shore_bombardment()
    g.apply(A.CommitCombat(lrs=(A.LrsAttack("DDG 1", GUN, "Anna", 1),)))
    refused(g, A.AnswerDefense(defence=(A.Defense("Anna", "DDG 1", 1),)), "17.41", "cannon artillery")
    refused(g, A.AnswerDefense(defence=(A.Defense("1 Msta", "DDG 1", 17),)), "7.08")
    dry = og.shore_bombardment()
    dry.state.units["1 Msta"].supply = {**dry.state.units["1 Msta"].supply, "LRS1": 0}
    dry.apply(A.CommitCombat(lrs=(A.LrsAttack("DDG 1", GUN, "Anna", 1),)))
    assert dry.to_act() == "chance" and dry.pending is None            # nobody may answer: no choice
    mixed = lcb_lab.situation(
        {"DDG 1": {"type": "usn_ddg_51", "hex": og.COAST, "face_up": True},
         "DDG 2": {"type": "usn_ddg_51", "hex": og.COAST, "face_up": True},
         "Ivan": {"type": "rubf_ddg", "hex": og.COAST, "face_up": True},
         "1 Msta": {"type": "runi_cannon_artillery", "hex": og.COAST, "face_up": True},
         "Anna": {"type": "runi_naval_infantry_platoon", "hex": og.COAST, "face_up": True}},
        naval=SEA, mixed=[og.COAST], initiative="US", optional_rules=["17.3", "17.4"])
    mixed.apply(A.BeginImpulse("TF Blue"))
    mixed.apply(A.Declare((A.CoreAction("move_combat", ("DDG 1", "DDG 2")),)))
    mixed.apply(A.CommitCombat(lrs=(A.LrsAttack("DDG 1", GUN, "Anna", 1), A.LrsAttack("DDG 2", GUN, "Ivan", 1))))
    refused(mixed, A.AnswerDefense(defence=(A.Defense("1 Msta", "DDG 2", 1),)), "17.41", "does not bombard")
    mixed.apply(A.AnswerDefense(defence=(A.Defense("1 Msta", "DDG 1", 1), A.Defense("Ivan", "DDG 2", 1))))


def test_17_4_shore_bombardment_needs_the_switch_and_17_42_level_2_fortification_gives_minus_2():
    g = og.shore_bombardment(forced=[4, 5, 20, 20], fortified=True)
    g.apply(A.CommitCombat(lrs=(A.LrsAttack("DDG 1", GUN, "Anna", 4),)))
    g.apply(A.Answer())
    g.apply(A.ResolveCombat())
    r = _roll(g, "DDG 1 -> Anna")
    assert r["data"]["cv"] == 4 and ["Fortification level 2", -2, "17.42"] in r["data"]["modifiers"]
    assert r["data"]["hits"] == 1 and "17.42" in r["rules"]          # 4 hits, 5 misses
    lvl1 = og.shore_bombardment(forced=[20] * 4, fortified=True)
    next(m for m in lvl1.state.card_markers.values() if m.kind == "fortification").level = 1
    lvl1.apply(A.CommitCombat(lrs=(A.LrsAttack("DDG 1", GUN, "Anna", 4),)))
    lvl1.apply(A.Answer())
    lvl1.apply(A.ResolveCombat())
    assert _roll(lvl1, "DDG 1 -> Anna")["data"]["cv"] == 6              # level 1: no LRS modifier


# ---------------------------------------------------------------- 17.5
def test_17_51_offensive_artillery_direct_fire_at_range_0_without_penalty():
    g = og.artillery_direct_fire(forced=[10, 11])
    g.apply(A.CommitCombat(lrs=(A.LrsAttack("1 Mike", "LRS1", "Anna", 2),)))
    g.apply(A.ResolveCombat())
    r = _roll(g, "1 Mike -> Anna")
    assert r["title"].startswith("ARTILLERY DIRECT FIRE") and {"17.51", "17.53"} <= set(r["rules"])
    assert (r["data"]["cv"], r["data"]["hits"]) == (10, 1)             # no CV penalty; 10 hits, 11 misses
    assert g.unit("1 Mike").supply["LRS1"] == 14 and g.unit("Anna").hp == 1


def test_17_51_without_the_rule_the_same_shot_is_a_plain_lrs():
    g = lcb_lab.situation({"1 Mike": {"type": "usmc_cannon_artillery", "hex": "D-4", "face_up": True},
                           "Anna": {"type": "runi_naval_infantry_platoon", "hex": "D-4", "face_up": True}},
                          initiative="US", forced=[10, 11])
    g.apply(A.BeginImpulse("TF Blue"))
    g.apply(A.Declare((A.CoreAction("move_combat", ("1 Mike",)),)))
    g.apply(A.CommitCombat(lrs=(A.LrsAttack("1 Mike", "LRS1", "Anna", 2),)))
    g.apply(A.ResolveCombat())
    r = _roll(g, "1 Mike -> Anna")
    assert r["title"].startswith("LRS:") and "17.51" not in r["rules"]


def test_17_52_cannon_artillery_answers_a_ground_assault_at_lrs_cv_minus_4():
    g = og.artillery_direct_fire(forced=[20, 20, 6, 7], answer=True)
    g.apply(A.CommitCombat(ga=(A.GroundAssault("Anna", "1 Mike", 2),)))
    d = g.pending
    assert d.rule == "7.13" and d.options.defenders == (Defender(uid="1 Mike", cv=6, supply=16),)
    refused(g, A.AnswerDefense(defence=(A.Defense("1 Mike", "Anna", 17),)), "7.08")
    g.apply(A.AnswerDefense(defence=(A.Defense("1 Mike", "Anna", 2),)))
    assert g.unit("1 Mike").supply["LRS1"] == 14                      # LRS supply, per die (normal rules)
    g.apply(A.ResolveCombat())
    r = _roll(g, "1 Mike -> Anna")
    assert r["title"].startswith("ARTILLERY DIRECT FIRE (defender)") and "17.52" in r["rules"]
    assert (r["data"]["base_cv"], r["data"]["cv"], r["data"]["dice"], r["data"]["hits"]) == (10, 6, [6, 7], 1)
    assert g.unit("Anna").hp == 1 and g.unit("1 Mike").hp == 2


def test_17_52_without_the_rule_cannon_artillery_cannot_answer_a_ground_assault():
    g = lcb_lab.situation({"1 Mike": {"type": "usmc_cannon_artillery", "hex": "D-4", "face_up": True},
                           "Anna": {"type": "runi_naval_infantry_platoon", "hex": "D-4", "face_up": True}},
                          initiative="RU")
    g.apply(A.BeginImpulse("TF Red"))
    g.apply(A.Declare((A.CoreAction("move_combat", ("Anna",)),)))
    g.apply(A.CommitCombat(ga=(A.GroundAssault("Anna", "1 Mike", 2),)))
    assert g.pending is None and g.to_act() == "chance"                # 7.16: no GA CV, no answer


def test_17_53_artillery_direct_fire_is_never_intercepted():
    """A RU destroyer in the hex INTERCEPTs an ordinary LRS at Anna (a HIMARS's: the choice is
    asked); against the direct fire no INTERCEPT is asked and every hit lands."""
    def game(shooter: str, kind: str):
        g = lcb_lab.situation({shooter: {"type": kind, "hex": og.COAST, "face_up": True},
                               "Anna": {"type": "runi_naval_infantry_platoon", "hex": og.COAST, "face_up": True},
                               "Ivan": {"type": "rubf_ddg", "hex": og.COAST, "face_up": True}},
                              naval=SEA, mixed=[og.COAST], initiative="US", optional_rules=["17.5"], forced=[1, 1])
        g.apply(A.BeginImpulse("TF Blue"))
        g.apply(A.Declare((A.CoreAction("move_combat", (shooter,)),)))
        g.apply(A.CommitCombat(lrs=(A.LrsAttack(shooter, "LRS1", "Anna", 2),)))
        return g
    assert isinstance(game("1 Whiskey", "usmc_himars_section").pending, InterceptChoice)
    g = game("1 Mike", "usmc_cannon_artillery")
    assert g.pending is None and g.to_act() == "chance"
    g.apply(A.ResolveCombat())
    assert g.unit("Anna").destroyed
    net = next(e for e in g.state.log if e["kind"] == "lrs_result")
    assert "0 intercepted" in net["text"]


def test_17_54_level_2_fortification_gives_direct_fire_cv_minus_2():
    g = og.artillery_direct_fire(forced=[8, 9])
    new_marker(g._ctx(), "fortification", "RU", "", "D-4", revealed=True).level = 2
    g.apply(A.CommitCombat(lrs=(A.LrsAttack("1 Mike", "LRS1", "Anna", 2),)))
    g.apply(A.ResolveCombat())
    r = _roll(g, "1 Mike -> Anna")
    assert (r["data"]["cv"], r["data"]["hits"]) == (8, 1) and "17.54" in r["rules"]


def test_the_staged_games_offer_each_rule():
    for rule, stage in og.STAGED.items():
        g = stage()
        assert rule in g.state.optional_rules
        assert any(getattr(t, "kind", "") == "commit_combat" for t in g.legal_actions())


def test_17_52_cannon_artillery_answers_a_proxy_forces_ground_assault_too():
    """A Proxy Force's GROUND ASSAULT (13.12) is an enemy GROUND ASSAULT: with 17.5 on the M777
    fires back at CV 10-4=6 from its LRS supply (forced: the proxy's 3 hits, 20 misses; the M777's
    6 hits, 7 misses)."""
    g = lcb_lab.situation(units={"1 Mike": {"type": "usmc_cannon_artillery", "hex": "D-4"},
                                 "1 Anna": {"type": "runi_naval_infantry_platoon", "hex": "H-8"}},
                          cards={"RU": ["Proxy Forces: Militia"]}, initiative="RU", optional_rules=["17.5"],
                          forced=[3, 20, 6, 7, 8])
    g.apply(A.BeginImpulse("TF Red"))
    g.apply(A.Declare((A.CoreAction("play_jcc", (), jcc="Proxy Forces: Militia"),)))
    g.apply(A.PlayCard("Proxy Forces: Militia", "A", hex="D-4", action=1))
    g.apply(A.MarkerAction("PROXY-1", then="combat", targets=("1 Mike",), dice=2))
    assert g.pending.options.defenders == (Defender(uid="1 Mike", cv=6, supply=16),)
    g.apply(A.AnswerDefense(defence=(A.Defense("1 Mike", "PROXY-1", 2),)))
    back = _roll(g, "1 Mike -> PROXY-1")
    assert (back["data"]["cv"], back["data"]["hits"]) == (6, 1) and "17.52" in back["rules"]
    assert g.unit("1 Mike").supply["LRS1"] == 14 and g.unit("1 Mike").hp == 1
    assert "PROXY-1" not in g.state.card_markers
