"""Ballistic LRS from units (7.510) and the optional CIWS (7.514), with forced dice.

The catalog flags a unit's LRS value ``ballistic`` (``data/units.toml``; the HIMARS section's LRS2,
PrSM -- a sandbox value: the text names no ballistic unit, only ballistic JCCs).  7.510: only BMD
INTERCEPT answers a ballistic LRS, and BMD answers no other LRS.
"""
from __future__ import annotations

import lcb_lab
from lcb_lab.games.lcb import actions as A
from tests.refusals import refused

SEA = ["G-4", "G-5", "G-6", "H-4", "H-5", "H-6"]


def _fire(slot, forced=(), bmd=True, optional_rules=(), int1=8):
    """US impulse: 1 Whiskey (HIMARS) in D-5 fires 2 dice of ``slot`` at DDG-605 (RU, face up) in
    H-5; DDG-605 has INT1 (CV 10, range 3, 8 supply) and, if ``bmd``, an Attached "Ballistic Missile
    Defense" (BMD INT2 CV 12, 4 supply)."""
    g = lcb_lab.situation(units={"1 Whiskey": {"type": "usmc_himars_section", "hex": "D-5"},
                                 "DDG-605": {"type": "rubf_ddg", "hex": "H-5", "face_up": True,
                                             "supply": {"INT1": int1}}},
                          naval=SEA, cards={"RU": [{"name": "Ballistic Missile Defense", "attach_to": "DDG-605"}]
                                            if bmd else []},
                          forced=list(forced), optional_rules=list(optional_rules))
    g.apply(A.BeginImpulse("TF Blue"))
    g.apply(A.Declare((A.CoreAction("move_combat", ("1 Whiskey",)),)))
    g.apply(A.CommitCombat(lrs=(A.LrsAttack("1 Whiskey", slot, "DDG-605", 2),)))
    return g


def _options(g):
    t = g.pending.options.targets[0].attacks[0]
    return {o.slot.rsplit(":", 1)[-1]: o for o in t.interceptors}


def test_7_510_a_ballistic_unit_lrs_is_answered_only_by_bmd():
    g = _fire("LRS2", forced=[3, 5, 4, 20])        # LRS 3, 5 hit (14); BMD 4 hits, 20 misses (12)
    opts = _options(g)
    assert not opts["INT1"].eligible and "only BMD INTERCEPT answers a ballistic LRS" in opts["INT1"].reason
    assert opts["INT2"].eligible
    refused(g, A.AnswerIntercept(intercepts=(A.Intercept("DDG-605", "INT1", "DDG-605", 2),)), "7.53", "only BMD")
    bmd = opts["INT2"].slot
    g.apply(A.AnswerIntercept(intercepts=(A.Intercept("DDG-605", bmd, "DDG-605", 2),)))
    g.apply(A.ResolveCombat())
    assert g.unit("DDG-605").hp == g.utype("DDG-605").hp - 1          # 2 hits - 1 BMD success
    net = next(e for e in g.state.log if e["title"] == "Net LRS on DDG-605")
    assert net["text"].startswith("2 LRS hits - 1 intercepted = 1 HP")


def test_7_510_bmd_does_not_answer_a_normal_unit_lrs():
    g = _fire("LRS1")
    opts = _options(g)
    assert opts["INT1"].eligible
    assert not opts["INT2"].eligible and "BMD INTERCEPT answers only ballistic LRS" in opts["INT2"].reason


# ---------------------------------------------------------------- 7.514 CIWS (optional)
def test_7_514_ciws_a_ship_out_of_supply_rolls_4_dice_at_cv_4():
    """DDG-605 has spent its INT1 supply (0 of 8): with 7.514 on it rolls CIWS, 4 d20 at CV 4, no
    supply spent.  LRS 3 and 5 hit; CIWS 2, 9, 4, 15: two successes stop both hits."""
    g = _fire("LRS1", forced=[3, 5, 2, 9, 4, 15], bmd=False, optional_rules=["7.514"], int1=0)
    opts = _options(g)
    assert not opts["INT1"].eligible and "no INTERCEPT supply" in opts["INT1"].reason
    c = opts["CIWS"]
    assert (c.eligible, c.cv, c.max_dice, c.range, c.infinite) == (True, 4, 4, 0, False)
    refused(g, A.AnswerIntercept(intercepts=(A.Intercept("DDG-605", "CIWS", "DDG-605", 5),)), "7.514", "at most 4")
    g.apply(A.AnswerIntercept(intercepts=(A.Intercept("DDG-605", "CIWS", "DDG-605", 4),)))
    step = g.chance_outcomes()
    assert step.probability(0) > step.probability(2)          # exact odds before the roll
    g.apply(A.ResolveCombat())
    assert g.unit("DDG-605").hp == g.utype("DDG-605").hp and g.unit("DDG-605").supply["INT1"] == 0
    roll = next(e for e in g.state.log if e["title"] == "INTERCEPT: DDG-605 for DDG-605")
    assert "7.514" in roll["rules"] and "2 hits" in roll["text"]
    odds = next(e for e in g.state.log if e["title"].startswith("Odds before rolling: LRS on DDG-605"))
    assert "INTERCEPT DDG-605 4 dice at 4" in odds["text"]


def test_7_514_ciws_is_off_unless_switched_on_and_only_for_a_ship_out_of_supply():
    assert _fire("LRS1", bmd=False, int1=0).pending is None      # switch off: a face-up ship out of supply is not asked
    assert "CIWS" not in _options(_fire("LRS1", bmd=False, optional_rules=["7.514"]))   # INT1 supply left
    # an Attached BMD card with supply left is INTERCEPT supply too: no CIWS
    from lcb_lab.games.lcb.rules.combat.intercept import interceptor_options
    g = _fire("LRS1", bmd=True, optional_rules=["7.514"], int1=0, forced=[20, 20])
    assert [o["slot"] for o in interceptor_options(g._ctx(), "DDG-605", ["D-5"], False)] == ["INT1", "RU-1:INT2"]


def test_7_514_ciws_answers_no_ballistic_lrs():
    from lcb_lab.games.lcb.rules.combat.intercept import interceptor_options
    g = _fire("LRS2", bmd=False, optional_rules=["7.514"], int1=0, forced=[20, 20])
    assert g.pending is None                     # nothing may answer the ballistic LRS: nobody is asked
    c = next(o for o in interceptor_options(g._ctx(), "DDG-605", ["D-5"], True) if o["slot"] == "CIWS")
    assert not c["eligible"] and "only BMD" in c["reason"]


def test_7_514_the_staged_ciws_demo():
    """content/optional_ciws.staged(): the notebook's situation; LRS 4, 11 hit (12); CIWS 1, 18, 7, 3: 2 stop both."""
    from lcb_lab.games.lcb.content.optional_ciws import staged
    g = staged(forced=[4, 11, 1, 18, 7, 3])
    assert g.state.optional_rules == ["7.514"] and g.pending.team == "RU"
    g.apply(A.AnswerIntercept(intercepts=(A.Intercept("DDG-605", "CIWS", "DDG-605", 4),)))
    g.apply(A.ResolveCombat())
    assert g.unit("DDG-605").hp == g.utype("DDG-605").hp


def test_7_514_the_ciws_allocation_says_it_spends_no_supply():
    """The allocation line of a CIWS INTERCEPT cites 7.514 and says nothing is spent (not 7.58's
    'spent even if unused', which is for INTERCEPT supply)."""
    from lcb_lab.games.lcb.content.optional_ciws import staged
    g = staged(forced=[20, 20, 20, 20, 20, 20])
    g.apply(A.AnswerIntercept(intercepts=(A.Intercept("DDG-605", "CIWS", "DDG-605", 4),)))
    line = next(e for e in g.state.log if e["title"].startswith("INTERCEPT allocated: DDG-605"))
    assert "the CIWS spends no supply (7.514)" in line["text"] and "spent even if unused" not in line["text"]
    assert "7.514" in line["rules"] and "7.58" not in line["rules"]
