"""The kill chain (F2T2EA) on one target, from one viewer's knowledge (docs/kill_chain.md).

Staged on the 7.37 situation of notebook 01: 1 Uran (RU, LRS CV 10, range 6, supply 4) and
1 Whiskey (US HIMARS, 2 HP, face up) in a brown hex (7.09: CV 10 - 2 = 8) with 1 Kilo (US IAMD,
INTERCEPT CV 12, supply 8) in the same hex.  The expected numbers are computed here from
binomials by hand, not by the engine's odds code.
"""
import re
from math import comb

import pytest

import lcb_lab
from lcb_lab.games.lcb import actions as A
from lcb_lab.games.lcb.analysis.kill_chain import STAGES, kill_chain
from lcb_lab.kernel.errors import IllegalAction, UnknownName
from tests.worlds import Change, twin_of

WHISKEY = "1 Whiskey"


def staged(whiskey_up: bool = True, uran: str = "F-2", cards: dict | None = None):
    return lcb_lab.situation(
        units={"1 Uran": ("runi_coastal_missile_section", uran),
               WHISKEY: {"type": "usmc_himars_section", "hex": "F-6", "face_up": whiskey_up},
               "1 Kilo": ("usmc_iamd_section", "F-6")},
        colours={"F-6": "brown"}, initiative="RU", forced=[8, 12, 11, 16], cards=cards)


def binom(n: int, p: float) -> list[float]:
    return [comb(n, k) * p ** k * (1 - p) ** (n - k) for k in range(n + 1)]


def lost(lrs: int, p_lrs: float, itc: int, p_itc: float, hp: int) -> list[float]:
    """P(HP lost = k): net hits max(0, LRS - INTERCEPT) (7.57), capped at the HP (7.05)."""
    out = [0.0] * (hp + 1)
    for a, pa in enumerate(binom(lrs, p_lrs)):
        for b, pb in enumerate(binom(itc, p_itc)):
            out[min(max(a - b, 0), hp)] += pa * pb
    return out


def ps(kc) -> list[float]:
    return [lk.p for lk in kc.links]


def test_the_7_37_plan_as_the_instructor_sees_it():
    """2 dice at 8 (0.4 each) against 1 Kilo's default answer, 2 dice at 12 (0.6 each)."""
    kc = kill_chain(staged(), "instructor", WHISKEY, plan=A.LrsAttack("1 Uran", "LRS1", WHISKEY, 2))
    assert [lk.stage for lk in kc.links] == list(STAGES)
    assert kc.declared and kc.plan == ({"shooter": "1 Uran", "slot": "LRS1", "target": WHISKEY, "dice": 2},)
    assert kc.intercepts == ({"interceptor": "1 Kilo", "slot": "INT1", "target": WHISKEY, "dice": 2},)
    d = lost(2, 0.4, 2, 0.6, 2)                     # [0.8208, 0.1536, 0.0256]
    assert kc.damage == pytest.approx(tuple(d)) and d[2] == pytest.approx(0.0256)
    hit = 1 - 0.6 ** 2                               # 0.64
    assert ps(kc) == pytest.approx([1, 1, 1, hit, (1 - d[0]) / hit, d[2] / (1 - d[0])])
    assert ps(kc)[3:] == pytest.approx([0.64, 0.28, 1 / 7])
    assert kc.p == pytest.approx(0.0256)
    engage = kc.link("engage").means[0]
    assert engage.what == "1 Uran rolls 2 d20 at CV 8" and engage.p == pytest.approx(hit)
    defend = kc.link("defend").means[0]
    assert defend.ident == "1 Kilo" and defend.p == pytest.approx(1 - 0.4 ** 2) and defend.chosen
    assert kc.expected_damage == pytest.approx(d[1] + 2 * d[2])
    assert kc.unknowns == ()


def test_the_strongest_single_act_fires_all_the_supply():
    """No plan: 1 Uran's only value, all 4 dice; 1 Kilo matches them with 4 (match_incoming, 7.54)."""
    kc = kill_chain(staged(), "instructor", WHISKEY)
    assert not kc.declared and kc.plan[0]["dice"] == 4 and kc.intercepts[0]["dice"] == 4
    d = lost(4, 0.4, 4, 0.6, 2)
    assert kc.p == pytest.approx(d[2]) and kc.p == pytest.approx(0.04980736)
    assert kc.link("engage").p == pytest.approx(1 - 0.6 ** 4)
    assert kc.link("target").means[0].chosen and "4 dice" in kc.link("target").means[0].what
    rows = kc.rows()
    assert [r["title"] for r in rows] == ["Find", "Fix and track", "Target", "Engage", "Defend", "Assess"]
    assert rows[-1]["cumulative"] == pytest.approx(kc.p)
    assert kc.lines() == [{"stage": "target", "ident": "1 Uran", "name": "1 Uran", "from": "F-2", "to": "F-6",
                           "chosen": True}]


def test_the_attacker_counts_no_interceptor_it_cannot_see():
    """RU sees 1 Kilo only as a back: no INTERCEPT counted (an upper bound), the back named as unknown."""
    kc = kill_chain(staged(), "RU", WHISKEY)
    assert kc.intercepts == () and kc.link("defend").p == pytest.approx(1.0)
    at_least_two = 1 - 0.6 ** 4 - 4 * 0.4 * 0.6 ** 3
    assert kc.p == pytest.approx(at_least_two) and kc.p == pytest.approx(0.5248)
    assert kc.unknowns == ("1 concealed US counter(s) in the target's hex: any may be a MILDEC (4.22) "
                           "or an interceptor (6.11)",)
    assert "1 Kilo" not in repr(kc)
    with pytest.raises(UnknownName):
        kill_chain(staged(), "RU", "1 Kilo")


def test_the_defender_sees_no_shooter_it_cannot_see():
    kc = kill_chain(staged(), "US", WHISKEY)
    assert ps(kc) == [1.0, 1.0, 0.0, 0.0, 0.0, 0.0] and kc.p == 0.0 and kc.plan == ()
    assert kc.unknowns == ("1 concealed RU counter(s) elsewhere: any may be a shooter or sensor or a MILDEC (6.11)",)
    assert "1 Uran" not in repr(kc)


def test_find_a_concealed_target_by_zor_or_by_a_card_less_the_known_nullify():
    """1 Whiskey face down.  1 Uran 4 hexes off can move adjacent (3 MP): its ZOR reveals (6.21),
    1.0.  From 6 hexes off it cannot; the Tactical Cyber Attack reveals on 10 or less (0.5),
    and the US Tactical Cyber Defenses NULLIFY it on 11 or less (0.55, 9.09): 0.5 * 0.45."""
    cards = {"RU": ["Tactical Cyber Attack"], "US": ["Tactical Cyber Defenses"]}
    near = kill_chain(staged(False, cards=cards), "instructor", WHISKEY).link("find")
    assert near.p == 1.0 and [m.ident for m in near.means if m.chosen] == ["1 Uran"]
    assert near.means[0].rules == ("5.12", "6.21")
    far = kill_chain(staged(False, uran="F-12", cards=cards), "instructor", WHISKEY)
    assert far.link("find").p == pytest.approx(0.5 * 0.45)
    assert [m.ident for m in far.link("find").means] == ["RU-1"]
    assert far.link("target").p == 1.0                # in range 6 once found (7.31)
    assert far.p == pytest.approx(0.225 * lost(4, 0.4, 4, 0.6, 2)[2])
    assert kill_chain(staged(False), "US", WHISKEY).link("find").p == 0.0     # US knows no RU means


def test_a_plan_the_rules_refuse_raises_with_its_rule():
    g = staged(uran="A-12")
    with pytest.raises(IllegalAction) as e:
        kill_chain(g, "instructor", WHISKEY, plan=A.LrsAttack("1 Uran", "LRS1", WHISKEY, 2))
    assert e.value.rule == "7.31"
    with pytest.raises(IllegalAction) as e:
        kill_chain(g, "instructor", WHISKEY, plan=A.LrsAttack("1 Uran", "LRS1", "1 Kilo", 2))
    assert e.value.rule == "7.05"
    with pytest.raises(ValueError):
        kill_chain(g, "us", WHISKEY)
    assert kill_chain(g, "instructor", WHISKEY).link("target").p == 0.0


# ---------------------------------------------------------------- indistinguishable worlds
def _drain(uid: str):
    def change(s):
        s.units[uid].supply = {k: 0 for k in s.units[uid].supply}
        return Change(f"{uid} drained", {uid: uid})
    return change


@pytest.mark.parametrize("team, hidden", [("RU", "1 Kilo"), ("US", "1 Uran")])
def test_two_worlds_that_look_the_same_to_a_team_give_it_the_same_chain(team, hidden):
    """A concealed unit's supply is secret (6.11): draining it changes nothing the team's chain
    shows -- while the instructor's chain, which sees it, does change (the test can fail)."""
    g = staged()
    twin, _ = twin_of(g, team, _drain(hidden))
    assert kill_chain(twin, team, WHISKEY) == kill_chain(g, team, WHISKEY)
    assert kill_chain(twin, "instructor", WHISKEY).p != pytest.approx(kill_chain(g, "instructor", WHISKEY).p)


def test_a_face_down_attached_card_lends_no_interceptor_the_enemy_counts_9_02():
    """2 Anna (face up) holds the Attached Pantsir-SM face down (INTERCEPT CV 12, range 2, 9.31).
    The instructor's strongest act goes round it: HIMARS LRS2 (3 dice at 14, ballistic: only BMD
    answers it, 7.510), P(2+ of 3 at 0.7) = 0.784.  US cannot see the card: it counts no
    INTERCEPT and picks LRS1 (6 dice at 12), P(2+ of 6 at 0.6), the card named as unknown."""
    g = lcb_lab.situation(units={"2 Anna": {"type": "runi_naval_infantry_platoon", "hex": "F-6", "face_up": True},
                                 "1 Whiskey": ("usmc_himars_section", "F-3")},
                          cards={"RU": [{"name": "Pantsir-SM: IAMD", "attach_to": "2 Anna"}]}, initiative="US")
    seen = kill_chain(g, "instructor", "2 Anna")
    assert seen.plan[0]["slot"] == "LRS2" and seen.p == pytest.approx(1 - binom(3, 0.7)[0] - binom(3, 0.7)[1])
    us = kill_chain(g, "US", "2 Anna")
    assert us.intercepts == () and us.plan[0]["slot"] == "LRS1"
    assert us.p == pytest.approx(1 - binom(6, 0.6)[0] - binom(6, 0.6)[1])
    assert us.unknowns == ("1 RU card(s) face down: any may reveal, strike, NULLIFY or INTERCEPT (9.02)",)
    assert "RU-1" not in repr(us) and "Pantsir" not in repr(us)


def test_a_card_strike_is_defended_by_the_known_ftr_nullify_after_its_detect_9_06_9_44():
    """RU's TU-160M2 (4 LRS dice at CV 14 from off the map, 9.05; DETECT 12) on 1 Whiskey in a
    green hex; the US Combat Air Patrols FTR NULLIFY it on 12 or less after a DETECT on 12 or less:
    stopped with 0.6 * 0.6 = 0.36.  Else P(2+ of 4 at 0.7) destroys it (2 HP)."""
    g = lcb_lab.situation(units={WHISKEY: {"type": "usmc_himars_section", "hex": "F-6", "face_up": True},
                                 "1 Uran": ("runi_coastal_missile_section", "L-12")},
                          cards={"RU": ["TU-160M2: Aerial Strike"], "US": ["Combat Air Patrols"]}, initiative="RU")
    kc = kill_chain(g, "instructor", WHISKEY)
    assert kc.plan[0]["card"] == "RU-1" and kc.plan[0]["dice"] == 4
    assert [m.ident for m in kc.link("target").means if m.chosen] == ["RU-1"]
    two = 1 - binom(4, 0.7)[0] - binom(4, 0.7)[1]
    assert kc.link("engage").p == pytest.approx(1 - 0.3 ** 4)
    assert kc.link("defend").p == pytest.approx(0.64)          # no INTERCEPT, no MILDEC: only the FTR NULLIFY
    assert [(m.ident, m.p) for m in kc.link("defend").means] == [("US-1", pytest.approx(0.36))]
    assert kc.p == pytest.approx(0.64 * two)
    assert kill_chain(g, "RU", WHISKEY).p == pytest.approx(two)    # RU does not see the US card
    words = " ".join(f"{r['means']} {r['note']}" for r in kc.rows())
    assert "TU-160M2: Aerial Strike rolls 4 d20 at CV 14" in words and "Combat Air Patrols may NULLIFY" in words
    assert not re.search(r"(?<![\w-])(?:US|RU)-\d+\b", words)      # a card by its name, never its id


def test_a_mildec_in_the_hex_absorbs_first_as_far_as_the_viewer_knows_4_22():
    """A US MILDEC with 1 Whiskey (absorb_all, 4.22): the 7.37 plan's net hits lose one HP less,
    so 2 net hits leave 1 HP and nothing destroys it (2 dice, 2 HP + 1 MILDEC).  RU sees the
    MILDEC only as a back in the hex: not counted, named."""
    g = lcb_lab.situation(
        units={"1 Uran": ("runi_coastal_missile_section", "F-2"),
               WHISKEY: {"type": "usmc_himars_section", "hex": "F-6", "face_up": True},
               "1 Kilo": ("usmc_iamd_section", "F-6")},
        markers={"M-1": ("F-6", "US")}, colours={"F-6": "brown"}, initiative="RU")
    plan = A.LrsAttack("1 Uran", "LRS1", WHISKEY, 2)
    kc = kill_chain(g, "instructor", WHISKEY, plan=plan)
    d = lost(2, 0.4, 2, 0.6, 3)                      # net hits 0..2 (capped at 3: none reach it)
    assert kc.damage == pytest.approx((d[0] + d[1], d[2], 0.0)) and kc.p == 0.0
    assert ("M-1", 1.0) in [(m.ident, m.p) for m in kc.link("defend").means]
    ru = kill_chain(g, "RU", WHISKEY, plan=plan)
    assert ru.p == pytest.approx(0.16) and "M-1" not in repr(ru)      # both dice hit, no INTERCEPT seen
    assert "2 concealed US counter(s) in the target's hex" in ru.unknowns[0]


def test_the_intercept_umbrella_a_team_asks_for_hides_a_face_down_attached_card_9_02():
    """The same 2 Anna with the Pantsir-SM Attached face down: asked by US (on what US may know,
    ``observer.known_state``), the umbrella over 2 Anna lists no card value; the instructor's does."""
    g = lcb_lab.situation(units={"2 Anna": {"type": "runi_naval_infantry_platoon", "hex": "F-6", "face_up": True},
                                 "1 Whiskey": ("usmc_himars_section", "F-3")},
                          cards={"RU": [{"name": "Pantsir-SM: IAMD", "attach_to": "2 Anna"}]}, initiative="US")
    everyone = g.intercept_umbrella("1 Whiskey", "2 Anna")
    us = g.intercept_umbrella("1 Whiskey", "2 Anna", viewer="US")
    assert any(o.get("uid") == "2 Anna" for o in everyone), everyone
    assert not any(o.get("uid") == "2 Anna" for o in us), us
    assert "Pantsir" not in repr(us) and "RU-1" not in repr(us)


# ------------------------------------------------------------------ AP (3.31, 3.32, 3.34)
def test_the_ap_a_chain_costs_the_attacker_3_31():
    """Face up: nothing to find; 1 Uran's Move and/or Initiate Combat, 1 AP (3.31).  Face down with
    1 Uran near: the one unit moves adjacent (its ZOR finds) and fires, one Core Action, 1 AP (3.34).
    Face down and far: the Tactical Cyber Attack (Play a JCC, 1 AP) finds, 1 Uran fires (1 AP): 2."""
    up = kill_chain(staged(), "instructor", WHISKEY)
    assert [lk.ap for lk in up.links] == [0, 0, 1, 0, 0, 0] and up.ap == 1 and up.ap_left is None
    assert [r["ap"] for r in up.rows()] == [0, 0, 1, 0, 0, 0]
    assert up.link("target").means[0].ap == 1 and up.link("find").means[0].ap is None      # a fact: not an act
    cards = {"RU": ["Tactical Cyber Attack"], "US": ["Tactical Cyber Defenses"]}
    near = kill_chain(staged(False, cards=cards), "instructor", WHISKEY)
    assert [lk.ap for lk in near.links] == [1, 0, 0, 0, 0, 0] and near.ap == 1
    far = kill_chain(staged(False, uran="F-12", cards=cards), "instructor", WHISKEY)
    assert [lk.ap for lk in far.links] == [1, 0, 1, 0, 0, 0] and far.ap == 2
    assert [m.ap for m in far.link("find").means] == [1]                  # RU-1, the card


def test_what_the_impulse_has_declared_is_paid_for_and_the_ap_left_counted_3_32():
    """RU's impulse: 1 Uran declared Move and/or Initiate Combat (1 of 3 AP): it has acted this turn
    (3.34) yet may still fire in this impulse, the shot costs no more AP, and 2 are left."""
    g = staged(uran="F-2")
    g.apply(A.BeginImpulse("TF Red"))
    g.apply(A.Declare((A.CoreAction("move_combat", ("1 Uran",)),)))
    kc = kill_chain(g, "instructor", WHISKEY)
    assert kc.ap == 0 and kc.ap_left == 2 and kc.link("target").means[0].ap == 0
    assert g.unit("1 Uran").acted and kc.p == pytest.approx(lost(4, 0.4, 4, 0.6, 2)[2])
    assert kill_chain(g, "RU", WHISKEY).ap == 0
