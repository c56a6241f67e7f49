"""NULLIFY and FTR NULLIFY on the own impulse at a deployed enemy card, escorts, and F-22
Escorts' option B, on the packaged decks with forced dice (9.21, 9.24, 9.41, 9.44, 9.45, 9.46).

The values are the packaged decks' (``docs/cards.md``): Combat Air Patrols DETECT 10, FTR
NULLIFY on 12 or less, up to 2 targets, discarded at its 2nd cube; F-22 Escorts DETECT 8, FTR
NULLIFY on 12 (one target), option B on 10 (sandbox); B-1B Lancer and TU-160M2 DETECT 12;
Malware in Space NULLIFY on 12 (the 9.42 diagram's 1-12).

lcb_lab's readings (also in ``docs/rules_detail.md``):

* on the own impulse a NULLIFY / FTR NULLIFY card targets an enemy card *deployed on the map*,
  active or expended (9.21, 9.44), that its team sees (9.02); it is a use of the card like any
  other: 1 AP from the pool, a deployed Persistent card's use free once a turn (9.41, 9.45
  bullet 3);
* the card aimed at may answer (9.45 bullet 5); when it answers with an FTR NULLIFY aimed at the
  card attacking it, the two fight one opposed engagement (9.44);
* an escort (the 9.45 diagram's "paired with a Persistent JCC that can FTR NULLIFY") is a
  deployed FTR NULLIFY card named with the play; the enemy sees it and may aim at it; it engages
  the enemy FTR NULLIFY cards aimed at the card it escorts; one that engages nothing is not
  expended;
* F-22 Escorts' option B ("attempt to INTERCEPT the enemy's attack", 9.24) is played as a
  triggered NULLIFY of the enemy attempt on a friendly card.
"""
from __future__ import annotations

import json

import pytest

import lcb_lab
from lcb_lab.games.lcb import actions as A
from lcb_lab.games.lcb.content.passes import pass_empty_windows
from lcb_lab.games.lcb.offers import offers
from tests.refusals import refused
from tests.rulebook.test_ch9_chains import packaged_cards

B, R = "TF Blue", "TF Red"
UNITS = [("Alpha", "usmc_infantry_platoon", "F-8", B, True), ("Bravo", "usmc_infantry_platoon", "F-9", B, True),
         ("Ivan", "runi_tank_platoon", "F-5", R, True), ("Anna", "runi_tank_platoon", "F-6", R, True)]


def game(cards, forced=(), units=UNITS, **kw):
    """A situation on the packaged decks with ``cards`` (:func:`packaged_cards`)."""
    return packaged_cards(lcb_lab.situation(list(units), forced=list(forced), **kw), cards)


def begin(g, tf, *declared):
    """Begin ``tf``'s impulse declaring one Play a JCC action per card name in ``declared``."""
    if not g.state.tf_order:
        g.state.initiative = g.state.task_forces[tf]
    g.apply(A.BeginImpulse(tf))
    g.apply(A.Declare(tuple(A.CoreAction("play_jcc", jcc=n) for n in declared)))


def answer(g, *responses, intercepts=()):
    g.apply(A.AnswerCards(responses=tuple(responses), card_intercepts=tuple(intercepts)))
    pass_empty_windows(g)


def card(g, cid):
    return g.state.cards[cid]


def titles(g):
    return [e["title"] for e in g.state.log]


def plays(g, team):
    return offers(g, team).card_plays()


# ---------------------------------------------------------------- 9.41, 9.44: at a deployed card
def test_9_44_ftr_nullify_a_deployed_cap_on_the_own_impulse_1_ap_the_first_time():
    """9.44 ("Active or expended JCCs can be targeted for FTR NULLIFY"), 9.41 ("If a player uses
    their NULLIFY JCC on their impulse, it requires an AP"): the US CAP from the pool, paid by
    Play a JCC #1, FTR NULLIFYs the deployed RU CAP; DETECT 4 (10 or less), FTR NULLIFY 5 (12 or
    less): one blue cube on the RU CAP, which survives (2 to discard it, 9.04) and is expended;
    the US CAP is now deployed and expended (9.45 bullet 3)."""
    g, c = game({"us": ("US", "Combat Air Patrols", "pool"), "ru": ("RU", "Combat Air Patrols", "deployed")},
                forced=[4, 5])
    begin(g, B, "Combat Air Patrols")
    act = A.PlayCard(c["us"], "A", (c["ru"],), None, 1)
    assert act in plays(g, "US")
    assert g.chance_outcomes(act) == ()               # a window opens first: nothing is rolled yet
    g.apply(act)
    ch = g.pending                       # the aimed card itself may answer (9.45 bullet 5)
    assert ch.team == "RU" and [(o.cid, o.free, o.targets) for o in ch.options.cards] == [(c["ru"], True, (2,))]
    steps = g.chance_outcomes(A.AnswerCards())        # RU's pass resolves the chain: the exact odds
    assert [(s.rule, dict(s.outcomes)) for s in steps] == [("9.06", {(0,): 0.5, (1,): 0.5}),
                                                           ("9.4", {(0,): 0.4, (1,): 0.6})]
    answer(g)
    us, ru = card(g, c["us"]), card(g, c["ru"])
    assert (ru.where, ru.cubes, ru.expended) == ("deployed", 1, True)
    assert (us.where, us.deployed, us.expended) == ("deployed", True, True)
    assert g.dice.history == [("Combat Air Patrols (US): DETECT Combat Air Patrols (RU)", [4]),
                              ("Combat Air Patrols (US): FTR NULLIFY Combat Air Patrols (RU)", [5])]
    assert g.state.impulse.actions[0].played == c["us"]
    played = next(e for e in g.state.log if e["title"] == "JCC played: Combat Air Patrols")
    assert {"9.41", "9.44"} <= set(played["rules"]) and "(1 AP, action #1)" in played["text"]


def test_9_45_a_deployed_cap_is_free_once_a_turn_and_the_2nd_cube_discards_an_expended_target():
    """9.45 bullet 3 (later uses free, once per turn), 9.21 (an expended card may still be
    targeted), 9.04 (the 2nd success discards a CAP): DETECT 3, FTR NULLIFY 2."""
    g, c = game({"us": ("US", "Combat Air Patrols", "deployed"), "ru": ("RU", "Combat Air Patrols", "deployed")},
                forced=[3, 2])
    ru = card(g, c["ru"])
    ru.cubes, ru.expended = 1, True
    begin(g, B)
    act = A.PlayCard(c["us"], "A", (c["ru"],))
    assert act in plays(g, "US")
    assert [dict(s.outcomes) for s in g.chance_outcomes(act)] == [{(0,): 0.5, (1,): 0.5}, {(0,): 0.4, (1,): 0.6}]
    g.apply(act)
    assert g.pending is None            # an expended card cannot answer (9.45): resolved at once
    assert ru.where == "discarded" and ru.cubes == 2
    assert card(g, c["us"]).expended and g.dice.forced_left == 0
    refused(g, A.PlayCard(c["us"], "A", (c["ru"],)), "9.21", "expended")


def test_9_44_the_aimed_cap_fights_back_one_opposed_engagement():
    """9.45 bullet 5 and 9.44: the RU CAP answers the US CAP aimed at it: one engagement, both
    DETECT at once (the answer's roll first); RU DETECT 3, US DETECT 15 fails: RU rolls first, 4:
    a red cube on the US CAP, which goes no further; nothing more is rolled."""
    g, c = game({"us": ("US", "Combat Air Patrols", "pool"), "ru": ("RU", "Combat Air Patrols", "deployed")},
                forced=[3, 15, 4])
    begin(g, B, "Combat Air Patrols")
    g.apply(A.PlayCard(c["us"], "A", (c["ru"],), action=1))
    fight = A.AnswerCards(responses=(A.Response(c["ru"]),))
    steps = g.chance_outcomes(fight)      # each roll of the engagement, as if reached
    assert [(s.label.split(" (if")[0], dict(s.outcomes)[(1,)]) for s in steps] == [
        ("Combat Air Patrols (RU) DETECT of Combat Air Patrols (US)", 0.5),
        ("Combat Air Patrols (RU) FTR NULLIFY roll against Combat Air Patrols (US)", 0.6),
        ("Combat Air Patrols (US) DETECT of Combat Air Patrols (RU)", 0.5),
        ("Combat Air Patrols (US) FTR NULLIFY roll against Combat Air Patrols (RU)", 0.6)]
    answer(g, A.Response(c["ru"]))
    assert [t for t in titles(g) if t.startswith("FTR NULLIFY engagement")] == [
        "FTR NULLIFY engagement: Combat Air Patrols (RU) against Combat Air Patrols (US)"]
    us, ru = card(g, c["us"]), card(g, c["ru"])
    assert (us.cubes, ru.cubes) == (1, 0) and us.expended and ru.expended
    assert g.dice.forced_left == 0 and g.state.chain == []


@pytest.mark.parametrize("roll, expended, cubes", [(12, True, {"US": 1, "RU": 0}), (13, False, {"US": 0, "RU": 0})])
def test_9_42_diagram_malware_in_space_nullifies_deployed_satellites_on_its_own_impulse(roll, expended, cubes):
    """The 9.42 diagram ("Once per turn, roll 1 die. On 1-12, NULLIFY the Space Satellites JCC"),
    played on RU's own impulse at the deployed US Space Satellites: 12 expends them for the turn,
    not discarded (9.21, 9.41), and the strategic-cyber success adds a cube to the US Tactical
    Network (7.61); 13 fails and the satellites stay active."""
    g, c = game({"sat": ("US", "Space Satellites", "deployed"), "mal": ("RU", "Malware in Space", "pool")},
                forced=[roll])
    begin(g, R, "Malware in Space")
    act = A.PlayCard(c["mal"], "A", (c["sat"],), action=1)
    assert act in plays(g, "RU")
    assert [dict(s.outcomes) for s in g.chance_outcomes(act)] == [{(0,): 0.4, (1,): 0.6}]
    g.apply(act)
    pass_empty_windows(g)
    sat = card(g, c["sat"])
    assert (sat.where, sat.expended, sat.cubes) == ("deployed", expended, 0)
    assert g.state.network_cubes == cubes and card(g, c["mal"]).expended


def test_own_impulse_nullify_refusals_name_their_rule_and_change_nothing():
    g, c = game({"us": ("US", "Combat Air Patrols", "pool"), "ru": ("RU", "Combat Air Patrols", "deployed"),
                 "mal": ("US", "Malware in Space", "pool"), "sat": ("RU", "Space Satellites", "deployed"),
                 "rupool": ("RU", "Combat Air Patrols", "pool"), "own": ("US", "Space Satellites", "deployed"),
                 "ru2": ("RU", "Malware in Space", "deployed")})
    begin(g, B, "Combat Air Patrols", "Malware in Space")
    refused(g, A.PlayCard(c["us"], "A", (c["ru"],)), "3.31", "costs 1 AP")
    refused(g, A.PlayCard(c["us"], "A", (), action=1), "9.41", "deployed enemy card")
    refused(g, A.PlayCard(c["us"], "A", (c["rupool"],), action=1), "9.02", "not an enemy card US sees")
    refused(g, A.PlayCard(c["us"], "A", (c["own"],), action=1), "9.02")
    refused(g, A.PlayCard(c["us"], "A", (c["sat"],), action=1), "9.44", "no FTR symbol")
    refused(g, A.PlayCard(c["us"], "A", (c["ru"], c["sat"], c["ru2"]), action=1), "9.44", "at most 2")
    refused(g, A.PlayCard(c["mal"], "A", (c["ru"],), action=2), "9.09", "space")
    refused(g, A.PlayCard(c["mal"], "A", (c["sat"], c["sat"]), action=2), "9.4", "at most 1")
    card(g, c["ru"]).where = "discarded"
    refused(g, A.PlayCard(c["us"], "A", (c["ru"],), action=1), "9.02")


def test_a_face_down_deployed_card_is_refused_the_same_whatever_it_is():
    """9.02: a deployed card placed face down is not named to the other team; refusing it may not
    depend on what it is (an FTR-eligible CAP or a Malware in Space), and it is never offered."""
    reasons = []
    for name in ("Combat Air Patrols", "Malware in Space"):
        g, c = game({"us": ("US", "Combat Air Patrols", "deployed"), "ru": ("RU", name, "deployed")})
        card(g, c["ru"]).face_up = False
        begin(g, B)
        e = refused(g, A.PlayCard(c["us"], "A", (c["ru"],)), "9.02")
        reasons.append(e.reason)
        assert not [p for p in plays(g, "US") if p.option == "A"]
    assert reasons[0] == reasons[1]


# ---------------------------------------------------------------- escorts (9.45 diagram, 9.46)
def _escorted(forced):
    g, c = game({"b1": ("US", "B-1B Lancer", "pool"), "us": ("US", "Combat Air Patrols", "deployed"),
                 "ru": ("RU", "Combat Air Patrols", "deployed")}, forced=forced)
    begin(g, B, "B-1B Lancer")
    act = A.PlayCard(c["b1"], "A", ("Ivan",), action=1, escort=c["us"])
    assert act in plays(g, "US")
    g.apply(act)
    ch = g.pending                       # the escort is a link the defender may aim at
    assert ch.team == "RU" and [(o.cid, o.targets) for o in ch.options.cards] == [(c["ru"], (1, 2))]
    saved = type(g).from_json(g.to_json())           # the open chain, escort included, is saved
    assert [x.data.get("kind", "play") for x in saved.state.chain] == ["play", "ftr_nullify"]
    ru = A.AnswerCards(responses=(A.Response(c["ru"], targets=(c["b1"],)),))
    steps = g.chance_outcomes(ru)         # the RU CAP on the escort, then the bomber; the escort on it
    assert [(s.label.split(" (if")[0], dict(s.outcomes)[(1,)]) for s in steps] == [
        ("Combat Air Patrols (RU) DETECT of Combat Air Patrols (US)", 0.5),
        ("Combat Air Patrols (RU) FTR NULLIFY roll against Combat Air Patrols (US)", 0.6),
        ("Combat Air Patrols (RU) DETECT of B-1B Lancer (US)", 0.6),
        ("Combat Air Patrols (RU) FTR NULLIFY roll against B-1B Lancer (US)", 0.6),
        ("Combat Air Patrols (US) DETECT of Combat Air Patrols (RU)", 0.5),
        ("Combat Air Patrols (US) FTR NULLIFY roll against Combat Air Patrols (RU)", 0.6)]
    g.apply(ru)
    pass_empty_windows(g)
    return g, c


@pytest.mark.parametrize("case, forced, bomber, cubes", [
    ("only the attacker succeeds", [3, 4, 15, 5], "attacks", {"us": 0, "ru": 1}),
    ("only the defender succeeds", [3, 4, 5, 15, 6, 7], "discarded", {"us": 1, "ru": 0}),
    ("both fail", [3, 4, 15, 16], "attacks", {"us": 0, "ru": 0}),
    ("both succeed", [3, 4, 5, 6], "attacks", {"us": 1, "ru": 1}),
])
def test_9_45_diagram_complex_chain_bomber_escorted_by_a_cap(case, forced, bomber, cubes):
    """The 9.45 diagram "A Complex FTR NULLIFY Chain" on the packaged decks: the B-1B paired
    with (escorted by) the US CAP; the RU CAP FTR NULLIFYs the bomber and, having a target to
    spare, fights the escort first (9.46).  Dice: RU DETECT, US DETECT, RU FTR, US FTR; when only
    the defender succeeds it goes on to the bomber: DETECT 6 (12 or less), FTR NULLIFY 7.  In
    ALL cases both CAPs are expended; the bomber's LRS attack joins the combat when it survives."""
    g, c = _escorted(forced)
    us, ru, b1 = card(g, c["us"]), card(g, c["ru"]), card(g, c["b1"])
    assert (us.cubes, ru.cubes) == (cubes["us"], cubes["ru"]) and us.expended and ru.expended
    assert "Combat Air Patrols (RU) fights Combat Air Patrols (US) first" in titles(g)
    assert g.dice.forced_left == 0
    if bomber == "attacks":
        assert [x["card"] for x in g.state.impulse.card_lrs] == [c["b1"]]
    else:
        assert b1.where == "discarded" and not g.state.impulse.card_lrs


def test_9_46_ex3_on_the_packaged_decks_escort_attacks_a_one_target_f22_unopposed():
    """9.46 ex. 3 with Sam's CAP as the TU-160M2's escort: Amelia's F-22 (one target, already
    given to the bomber) cannot fight the CAP; the CAP DETECTs it on 5 (8 or less), fails its FTR
    NULLIFY on 15; the F-22 survives and DETECTs the TU-160M2 on 3, FTR NULLIFYs it on 4."""
    g, c = game({"tu": ("RU", "TU-160M2: Aerial Strike", "pool"), "cap": ("RU", "Combat Air Patrols", "deployed"),
                 "f22": ("US", "F-22 Escorts", "pool")}, forced=[5, 15, 3, 4])
    begin(g, R, "TU-160M2: Aerial Strike")
    g.apply(A.PlayCard(c["tu"], "A", ("Alpha",), action=1, escort=c["cap"]))
    answer(g, A.Response(c["f22"], targets=(c["tu"],)))
    assert not any(t.startswith("FTR NULLIFY engagement") for t in titles(g))
    assert [p for p, _ in g.dice.history] == [
        "Combat Air Patrols (RU): DETECT F-22 Escorts (US)", "Combat Air Patrols (RU): FTR NULLIFY F-22 Escorts (US)",
        "F-22 Escorts (US): DETECT TU-160M2: Aerial Strike (RU)", "F-22 Escorts (US): FTR NULLIFY TU-160M2: Aerial Strike (RU)"]
    assert card(g, c["tu"]).where == "discarded" and card(g, c["f22"]).cubes == 0
    assert card(g, c["cap"]).expended and not g.state.impulse.card_lrs


def test_9_46_ex3_printed_counter_on_the_packaged_decks():
    """9.46 ex. 3 as printed: Sam's TU-160M2; Amelia's F-22 answers; then Sam's deployed CAP
    counters at the F-22 (free, 9.2); same rolls and outcome as the escort."""
    g, c = game({"tu": ("RU", "TU-160M2: Aerial Strike", "pool"), "cap": ("RU", "Combat Air Patrols", "deployed"),
                 "f22": ("US", "F-22 Escorts", "pool")}, forced=[5, 15, 3, 4])
    begin(g, R, "TU-160M2: Aerial Strike")
    g.apply(A.PlayCard(c["tu"], "A", ("Alpha",), action=1))
    answer(g, A.Response(c["f22"]))
    answer(g, A.Response(c["cap"]))
    assert card(g, c["tu"]).where == "discarded" and card(g, c["f22"]).cubes == 0 and g.dice.forced_left == 0


def test_an_escort_that_engages_nothing_is_not_expended():
    g, c = game({"b1": ("US", "B-1B Lancer", "pool"), "us": ("US", "Combat Air Patrols", "deployed")})
    begin(g, B, "B-1B Lancer")
    g.apply(A.PlayCard(c["b1"], "A", ("Ivan",), action=1, escort=c["us"]))
    pass_empty_windows(g)
    assert not card(g, c["us"]).expended and [x["card"] for x in g.state.impulse.card_lrs] == [c["b1"]]
    assert "Combat Air Patrols escorts B-1B Lancer" in titles(g)


def test_escort_refusals():
    g, c = game({"b1": ("US", "B-1B Lancer", "pool"), "tca": ("US", "Tactical Cyber Attack", "pool"),
                 "pool": ("US", "Combat Air Patrols", "pool"), "dep": ("US", "Combat Air Patrols", "deployed"),
                 "sat": ("US", "Space Satellites", "deployed")})
    begin(g, B, "B-1B Lancer", "Tactical Cyber Attack")
    refused(g, A.PlayCard(c["b1"], "A", ("Ivan",), action=1, escort=c["pool"]), "9.45", "deployed")
    refused(g, A.PlayCard(c["b1"], "A", ("Ivan",), action=1, escort=c["sat"]), "9.45", "FTR NULLIFY option")
    refused(g, A.PlayCard(c["tca"], "A", ("Ivan",), action=2, escort=c["dep"]), "9.44", "no FTR symbol")
    card(g, c["dep"]).expended = True
    refused(g, A.PlayCard(c["b1"], "A", ("Ivan",), action=1, escort=c["dep"]), "9.45", "expended")


def test_9_45_ex_john_answers_an_ftr_nullify_of_his_deployed_aviation_card_with_f22_option_a():
    """9.45 ex.: on RU's impulse the RU CAP goes after John's deployed P-8A (its free use);
    John's F-22 Escorts, still in the pool, may use option A only (B is no NULLIFY, 9.24) and,
    for no AP, FTR NULLIFYs the RU CAP.  The RU CAP has a target to spare, so it fights the F-22
    (9.46): F-22 DETECT 5 (10 or less), RU DETECT 9 fails (8 or less): the F-22 rolls first, 6
    (12 or less): a blue cube on the RU CAP, which never reaches the P-8A."""
    g, c = game({"cap": ("RU", "Combat Air Patrols", "deployed"), "p8a": ("US", "P-8A: Surveillance", "deployed"),
                 "f22": ("US", "F-22 Escorts", "pool")}, forced=[5, 9, 6])
    begin(g, R)
    g.apply(A.PlayCard(c["cap"], "A", (c["p8a"],)))
    ch = g.pending
    assert ch.team == "US" and [(o.cid, o.option, o.targets, o.free) for o in ch.options.cards] == [
        (c["f22"], "A", (2,), True)]
    answer(g, A.Response(c["f22"], to=2))
    cap, p8a, f22 = card(g, c["cap"]), card(g, c["p8a"]), card(g, c["f22"])
    assert (cap.cubes, cap.expended) == (1, True) and (p8a.where, p8a.cubes) == ("deployed", 0)
    assert (f22.where, f22.deployed, f22.expended) == ("deployed", True, True)       # 9.45 bullet 2
    assert g.dice.forced_left == 0


def test_9_46_ex2_on_the_packaged_decks():
    """9.46 ex. 2: Pauline's B-2; Emily's CAP answers; Pauline's already deployed CAP counters it
    (free, 9.2).  The CAPs fight first: Pauline DETECT 2, Emily 3; Pauline FTR 14 fails, Emily 5:
    a cube on Pauline's CAP; Emily goes on to the B-2: DETECT 6 (6 or less), FTR NULLIFY 7."""
    g, c = game({"b2": ("US", "B-2", "pool"), "emily": ("RU", "Combat Air Patrols", "pool"),
                 "pauline": ("US", "Combat Air Patrols", "deployed")}, forced=[2, 3, 14, 5, 6, 7])
    begin(g, B, "B-2")
    g.apply(A.PlayCard(c["b2"], "A", ("Ivan",), action=1))
    answer(g, A.Response(c["emily"]))
    answer(g, A.Response(c["pauline"]))
    assert card(g, c["pauline"]).cubes == 1 and card(g, c["emily"]).cubes == 0
    assert card(g, c["b2"]).where == "discarded" and not g.state.impulse.card_lrs and g.dice.forced_left == 0


def test_9_46_ex6_rachels_joint_target_on_the_packaged_decks():
    """9.46 ex. 6: Rachel dedicates her CAP and her F-22 to the TU-160M2; both DETECT (3, 4: 12
    or less), one die each; the CAP rolls first, 5 (12 or less): the bomber is discarded; the
    F-22's declared target is gone, so it is spent -- expended, no die."""
    g, c = game({"tu": ("RU", "TU-160M2: Aerial Strike", "pool"), "cap": ("US", "Combat Air Patrols", "deployed"),
                 "f22": ("US", "F-22 Escorts", "deployed")}, forced=[3, 4, 5])
    begin(g, R, "TU-160M2: Aerial Strike")
    g.apply(A.PlayCard(c["tu"], "A", ("Alpha",), action=1))
    answer(g, A.Response(c["cap"], targets=(c["tu"],)), A.Response(c["f22"], targets=(c["tu"],)))
    assert [p for p, _ in g.dice.history] == [
        "Combat Air Patrols (US): DETECT TU-160M2: Aerial Strike (RU)", "F-22 Escorts (US): DETECT TU-160M2: Aerial Strike (RU)",
        "Combat Air Patrols (US): FTR NULLIFY TU-160M2: Aerial Strike (RU)"]
    assert card(g, c["tu"]).where == "discarded" and card(g, c["f22"]).expended and card(g, c["cap"]).expended
    assert g.dice.forced_left == 0


# ---------------------------------------------------------------- 9.24: F-22 Escorts option B
def _f22_b(where, forced):
    units = UNITS + [("FFG", "rubf_ffg_gorshkov", "H-8", R)]
    g, c = game({"cap": ("US", "Combat Air Patrols", "pool"), "f22": ("US", "F-22 Escorts", where)},
                forced=forced, units=units, naval=["H-8"])
    begin(g, B, "Combat Air Patrols")
    g.apply(A.PlayCard(c["cap"], "B", ("Ivan",), action=1))
    g.apply(A.AnswerCards(card_intercepts=(A.CardIntercept("FFG", "INT1", 2),)))
    return g, c


def test_9_24_ex_deployed_f22_option_b_stops_the_intercept_of_an_aviation_card():
    """9.24 ex.: the F-22 is already deployed, so when the RU frigate tries to INTERCEPT the US
    CAP, option B answers at no AP; its roll 4 (10 or less, sandbox) stops the INTERCEPT, whose
    2 dice of supply are spent all the same (7.58); the CAP's LRS attack goes on."""
    g, c = _f22_b("deployed", [4])
    ch = g.pending
    assert ch.team == "US" and [(o.option, o.targets, o.free) for o in ch.options.cards] == [("B", (2,), True)]
    answer(g, A.Response(c["f22"], option="B", to=2))
    assert g.state.units["FFG"].supply["INT1"] == 6 and card(g, c["cap"]).cubes == 0
    assert [x["card"] for x in g.state.impulse.card_lrs] == [c["cap"]] and card(g, c["f22"]).expended
    assert g.dice.forced_left == 0


def test_9_21_9_24_ex_john_deploys_his_f22_without_using_it_then_option_b_answers():
    """9.21 ("a player may play or deploy a Persistent JCC using the Core Action and choose not to
    use its effect"), 9.24 ex. ("On his impulse, John plays his F-22 Escorts JCC, deploying
    it"): Play a JCC #1 deploys the F-22 face up, unused (not expended), no window, no die.
    Deployed, its option B then answers the frigate's INTERCEPT of John's CAP (roll 4).
    lcb_lab's reading: a deployed card's trigger answers from its deployment on (9.24: "already
    deployed (played previously)"); the example waits for the next turn, which changes nothing."""
    units = UNITS + [("FFG", "rubf_ffg_gorshkov", "H-8", R)]
    g, c = game({"f22": ("US", "F-22 Escorts", "pool"), "cap": ("US", "Combat Air Patrols", "pool"),
                 "tca": ("US", "Tactical Cyber Attack", "pool")}, forced=[4], units=units, naval=["H-8"])
    begin(g, B, "F-22 Escorts", "Combat Air Patrols", "Tactical Cyber Attack")
    dep = A.PlayCard(c["f22"], "deploy", action=1)
    assert dep in plays(g, "US") and g.chance_outcomes(dep) == ()
    refused(g, A.PlayCard(c["f22"], "deploy"), "3.31", "costs 1 AP")
    refused(g, A.PlayCard(c["f22"], "deploy", action=2), "3.31", "does not play F-22 Escorts")
    refused(g, A.PlayCard(c["tca"], "deploy", action=3), "9.21", "not a Persistent card")
    g.apply(dep)
    f22 = card(g, c["f22"])
    assert (f22.where, f22.deployed, f22.expended, f22.face_up) == ("deployed", True, False, True)
    assert g.pending is None and g.state.impulse.actions[0].played == c["f22"] and g.dice.history == []
    assert "JCC deployed: F-22 Escorts" in titles(g)
    refused(g, A.PlayCard(c["f22"], "deploy", action=1), "9.21", "deployed")
    g.apply(A.PlayCard(c["cap"], "B", ("Ivan",), action=2))
    g.apply(A.AnswerCards(card_intercepts=(A.CardIntercept("FFG", "INT1", 2),)))
    assert [(o.option, o.targets) for o in g.pending.options.cards] == [("B", (2,))]
    answer(g, A.Response(c["f22"], option="B", to=2))
    assert [x["card"] for x in g.state.impulse.card_lrs] == [c["cap"]] and f22.expended and g.dice.forced_left == 0


def test_9_24_ex_f22_in_the_pool_cannot_use_option_b():
    """9.24 ex., first part: the F-22 is still in the team pool: option B cannot answer (it is no
    NULLIFY effect, so it needs the card deployed first); the refusal inside a window is
    ``tests/rulebook/test_ch9_chains.py::test_9_24_f22_option_b_needs_the_card_deployed_and_9_45_option_a_from_the_pool``."""
    g, c = _f22_b("pool", [15])
    # no US window: only a deployed card's trigger answers an INTERCEPT (9.24), and RU sees none;
    # the FFG's DETECT of the CAP rolls 15 (10 or less): no INTERCEPT; the CAP's attack goes on
    assert g.pending is None and g.dice.forced_left == 0
    assert [x["card"] for x in g.state.impulse.card_lrs] == [c["cap"]] and not card(g, c["f22"]).expended
    refused(g, A.AnswerCards(responses=(A.Response(c["f22"], option="B", to=2),)), "9.41")


# ---------------------------------------------------------------- 9.41: before the roll
def test_9_41_a_nullify_after_the_roll_is_refused_citing_9_41():
    """9.41: a NULLIFY "must be played ... before the opposing player rolls"; once RU passed and
    the Tactical Cyber Attack rolled, RU's Tactical Cyber Defenses comes too late."""
    g, c = game({"tca": ("US", "Tactical Cyber Attack", "pool"), "tcd": ("RU", "Tactical Cyber Defenses", "pool")},
                forced=[4])
    begin(g, B, "Tactical Cyber Attack")
    g.apply(A.PlayCard(c["tca"], "A", ("Ivan",), action=1))
    answer(g)                                              # RU passes: the card rolls 4
    assert g.state.units["Ivan"].paralysed and g.dice.forced_left == 0
    before = json.dumps(g.state.to_dict(), sort_keys=True)
    refused(g, A.AnswerCards(responses=(A.Response(c["tcd"]),)), "9.41", "before the opposing player rolls")
    assert json.dumps(g.state.to_dict(), sort_keys=True) == before
