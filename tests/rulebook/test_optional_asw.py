"""Optional rules 17.2 (advanced submarine operations) and 17.7 (ASW bonus, 17.71-17.73): the
printed EXAMPLES with forced dice, the corners, the refusals and the secret movement type.

Reading (facts.md §20): 17.2 gives an expended Persistent ASW card DETECT +4, 17.71 and the
17.72 example give an expended ASW card +2.  Each is followed where its rule is on: the 17.72
and 17.73 examples run with 17.7 alone (+2), the 17.2 example with 17.2 alone (+4).  The
defender's card is expended in its own impulse, in advance, over the hex it guards (the engine
has no pause inside an enemy TORPEDO ATTACK: lcb_lab's reading, rules/optional/asw_bonus.py).
"""
import json

import pytest

from lcb_lab.games.lcb import actions as A
from lcb_lab.games.lcb import observer
from lcb_lab.games.lcb.content import optional_asw
from lcb_lab.games.lcb.content.worked.ch14 import B, R, SSK, SSN, sea
from lcb_lab.games.lcb.model.catalog import Catalog, load_catalog
from lcb_lab.games.lcb.rules.optional import advanced_submarines as adv
from lcb_lab.games.lcb.rules.submarines import sot
from lcb_lab.kernel.errors import IllegalAction
from lcb_lab.kernel.explain import render

P8A = "P-8A: Surveillance"


def refused(g, action, rule):
    before = json.dumps(g.state.to_dict(), sort_keys=True)
    dice = g.dice.state()
    with pytest.raises(IllegalAction) as e:
        g.apply(action)
    assert e.value.rule == rule, e.value
    assert json.dumps(g.state.to_dict(), sort_keys=True) == before
    assert g.dice.state() == dice
    return str(e.value)


def catalog_detect(n: int) -> Catalog:
    """The catalog with the Kilo's DETECT set to ``n`` (the examples state the submarine's DETECT)."""
    cat = load_catalog()
    units = dict(cat.units)
    units[SSK] = units[SSK].model_copy(update={"detect": n})
    return Catalog(units=units, markers=cat.markers)


def text(g, since=0, team="instructor"):
    return "\n".join(render(e) for e in g.log_entries(team, since=since))


# ---------------------------------------------------------------- 17.72 / 17.73 examples
def test_17_72_example_lauren_jamie_detect_6_to_9_asw_13_roll_11_kills():
    """17.72 ex.: P-8A expended (+2, 17.71) and one more DDG (+1): DETECT 6 -> 9; one DDG
    DETECTs (9, at the new value); ASW 10 -> 13 (17.73), the roll of 11 destroys the submarine."""
    g = optional_asw.lauren_and_jamie(detects=(15, 9), asw=11)
    kilo = g.state.units["Kilo 1"]
    assert kilo.destroyed
    assert not g.state.units["DDG-1"].destroyed and not g.state.units["DDG-2"].destroyed   # no torpedo fired
    log = text(g)
    assert "the required DETECT value +3: P-8A: Surveillance expended +2 (17.71), 1 more friendly ASW-capable " \
           "unit(s) in F-8 +1 (17.72); the ASW value +3, the same amount (17.73)" in log
    assert "DDG-1 15, DDG-2 9 (DETECT needs 9 or less); ASW 11 (needs 13 or less)" in log
    assert g.state.cards["US-1"].expended
    assert g.dice.forced_left == 1          # the torpedo die is never rolled: the submarine is destroyed (14.12)


def test_17_72_the_same_rolls_fail_without_the_bonus():
    """Control: with 17.7 off the same DETECT 9 misses (DETECT 6) and the torpedo is fired."""
    g = optional_asw.lauren_and_jamie(detects=(15, 9), asw=11, torpedo=20, rules=())
    assert not g.state.units["Kilo 1"].destroyed
    assert "(DETECT needs 6 or less)" in text(g)


def test_17_73_example_michael_detect_6_to_8_roll_7_asw_15_roll_14_kills():
    """17.73 ex.: the P-8A's card ASW (14.15) over the hex holding two friendly DDGs: +1 per
    DDG (the card is the attacker, every DDG lends +1): DETECT 6 -> 8, roll 7; ASW 13 -> 15,
    roll 14 destroys the submarine."""
    g = optional_asw.michael(detect=7, asw=14)
    assert g.state.units["Kilo 1"].destroyed
    log = text(g)
    assert "the required DETECT value +2: 2 more friendly ASW-capable unit(s) in G-5 +2 (17.72); the ASW value " \
           "+2, the same amount (17.73)" in log
    assert "one DETECT die, rolled 7: Kilo 1 DETECTED" in log
    assert "one die, rolled 14, needs 15 or less: destroyed" in log


def test_17_73_michael_at_15_exactly_kills_and_16_misses():
    assert optional_asw.michael(detect=8, asw=15).state.units["Kilo 1"].destroyed
    g = optional_asw.michael(detect=8, asw=16)
    assert not g.state.units["Kilo 1"].destroyed and g.state.units["Kilo 1"].revealed


def test_17_72_the_rolling_ship_lends_no_bonus_and_a_lone_ship_gets_none():
    """17.72: the defending unit itself gives no bonus: one DDG alone rolls at the plain value."""
    g = sea({"Kilo 1": (SSK, "F-8", R), "DDG-1": ("usn_ddg_51", "F-8", B)}, forced=[7, 20, 20, 20],
            catalog=catalog_detect(6), optional_rules=["17.7"], initiative="RU")
    g.apply(A.BeginImpulse(R))
    g.apply(A.Declare((A.CoreAction("move_combat", ("Kilo 1",)),)))
    g.state.units["DDG-1"].revealed = True
    g.apply(A.TorpedoAttack(1, "Kilo 1", ("DDG-1",)))
    assert "DDG-1 7 (DETECT needs 6 or less)" in text(g)


def test_17_72_offensive_asw_two_ddgs_each_roll_with_plus_1_and_asw_plus_1():
    """Offensive ASW (14.14) by two DDGs: each has one more friendly ASW ship: DETECT 6 -> 7,
    ASW 10 -> 11 (17.73); a DETECT of 7 and an ASW roll of 11 destroy the submarine."""
    g = sea({"DDG-51": ("usn_ddg_51", "G-4", B), "DDG-80": ("usn_ddg_51", "G-4", B), "Kilo 1": (SSK, "G-5", R)},
            forced=[12, 7, 11], catalog=catalog_detect(6), optional_rules=["17.7"])
    g.apply(A.BeginImpulse(B))
    g.apply(A.Declare((A.CoreAction("move_combat", ("DDG-51", "DDG-80")),)))
    g.apply(A.Move(1, ("G-5",)))
    (step,) = g.chance_outcomes(A.OffensiveAsw(1, ("DDG-51", "DDG-80")))
    assert "Kilo 1 (7 or less)" in " ".join(step.dice) and "destroying on 11 or less" in " ".join(step.dice)
    g.apply(A.OffensiveAsw(1, ("DDG-51", "DDG-80")))
    assert g.state.units["Kilo 1"].destroyed


def test_17_7_odds_of_defensive_asw_count_the_bonus():
    g = optional_asw.lauren_and_jamie(stop_before_attack=True)
    (step,) = g.chance_outcomes(A.TorpedoAttack(1, "Kilo 1", ("DDG-1",)))
    p = 1 - (1 - (9 / 20) * (13 / 20)) ** 2          # 2 DDGs: DETECT 9, ASW 13
    assert step.counts[0] == "Kilo 1 destroyed by ASW"
    assert sum(pr for o, pr in step.outcomes if o[0] == 1) == pytest.approx(p)
    assert "2 d20 hitting on 9 or less: ASW DETECT vs Kilo 1 (DDG-1, DDG-2)" in step.dice


# ---------------------------------------------------------------- 17.2: the expended Persistent card
def test_17_2_example_detect_10_to_14_with_the_p8a_expended():
    """17.2 ex.: an enemy submarine (DETECT 10) attacks a DDG(X), which expends the P-8A: DETECT
    10 -> 14 (+4, no AP).  The roll of 14 DETECTs; 17.2 alone does not raise the ASW value (10)."""
    g = optional_asw.ddg_x(detect=14, asw=10)
    assert g.state.units["Kilo 1"].destroyed
    log = text(g)
    assert "the required DETECT value +4: P-8A: Surveillance expended +4 (17.2)" in log
    assert "(DETECT needs 14 or less); ASW 10 (needs 10 or less)" in log
    assert "17.73" not in log


def test_17_2_the_bonus_is_used_up_by_one_engagement():
    g = optional_asw.ddg_x(detect=20, asw=20)
    assert g.state.optional_data.get("asw_cards", []) == []


def test_expend_refusals():
    g = sea({"DDG": ("usn_ddg_x", "F-8", B)}, cards={"US": [{"name": P8A, "where": "deployed"}]})
    g.apply(A.BeginImpulse(B))
    g.apply(A.Declare(()))
    refused(g, A.ExpendAswCard("US-1", ("F-8",)), "17.71")      # neither rule on
    g = sea({"DDG": ("usn_ddg_x", "F-8", B)}, cards={"US": [P8A]}, optional_rules=["17.2"])
    g.apply(A.BeginImpulse(B))
    g.apply(A.Declare(()))
    refused(g, A.ExpendAswCard("US-1", ("F-8",)), "17.2")       # in the pool, not deployed
    g = sea({"DDG": ("usn_ddg_x", "F-8", B)}, cards={"US": [{"name": P8A, "where": "deployed"}]},
            optional_rules=["17.2"])
    g.apply(A.BeginImpulse(B))
    g.apply(A.Declare(()))
    refused(g, A.ExpendAswCard("US-1", ("F-8", "F-7", "F-6", "F-5")), "17.2")   # covers at most 3 hexes
    assert A.ExpendAswCard("US-1", ("F-8",)) in g.legal_actions()
    g.apply(A.ExpendAswCard("US-1", ("F-8", "F-7")))
    refused(g, A.ExpendAswCard("US-1", ("F-8",)), "17.2")       # expended already


# ---------------------------------------------------------------- 17.2: movement types
def _moving(mode=None, rules=("17.2",)):
    g = sea({"SSN": (SSN, "C-3", B)}, optional_rules=list(rules))
    g.apply(A.BeginImpulse(B))
    g.apply(A.Declare((A.CoreAction("move_combat", ("SSN",)),)))
    if mode:
        g.apply(A.SubmarineMovement(1, "SSN", mode))
    return g


def test_17_2_quiet_is_1_mp_normal_3_noisy_5():
    g = _moving("quiet")
    refused(g, A.Move(1, ("C-4", "C-5")), "5.12")
    g.apply(A.Move(1, ("C-4",)))
    assert sot.detect_of(g._ctx(), g.state.units["SSN"]) == 8 - 2          # Virginia DETECT 8, Quiet -2
    g = _moving()                                                           # none written: Normal
    refused(g, A.Move(1, ("C-4", "C-5", "C-6", "C-7")), "5.12")
    g.apply(A.Move(1, ("C-4", "C-5", "C-6")))
    assert sot.detect_of(g._ctx(), g.state.units["SSN"]) == 8
    g = _moving("noisy")
    g.apply(A.Move(1, ("C-4", "C-5", "C-6", "C-7", "C-8")))
    assert sot.detect_of(g._ctx(), g.state.units["SSN"]) == 8 + 2
    assert g.state.sot["US"][-1]["mode"] == "noisy"


def test_17_2_no_movement_is_minus_2_and_the_rule_off_changes_nothing():
    g = _moving()
    assert sot.detect_of(g._ctx(), g.state.units["SSN"]) == 6               # not moved this turn
    g = _moving(rules=())
    assert sot.detect_of(g._ctx(), g.state.units["SSN"]) == 8
    refused(g, A.SubmarineMovement(1, "SSN", "quiet"), "17.2")
    g.apply(A.Move(1, ("C-4", "C-5", "C-6", "C-7", "C-8")))                  # 5 MP as in 14.02


def test_17_2_the_movement_type_is_written_before_moving_and_offered():
    g = _moving()
    assert A.SubmarineMovement(1, "SSN", "quiet") in g.legal_actions()
    g.apply(A.Move(1, ("C-4",)))
    assert not [a for a in g.legal_actions() if isinstance(a, A.SubmarineMovement)]
    refused(g, A.SubmarineMovement(1, "SSN", "noisy"), "17.2")


def test_17_2_the_movement_type_is_secret():
    g = _moving("noisy")
    assert observer.known_state(g.state, g.catalog, "RU").optional_data["sub_modes"] == {}
    assert observer.known_state(g.state, g.catalog, "US").optional_data["sub_modes"] == {"SSN": "noisy"}
    assert "noisy" not in json.dumps(g.view("RU"))
    assert "noisy" not in text(g, team="RU").lower()
    assert "noisy movement" in text(g, team="US")
    g.apply(A.Move(1, ("C-4",)))
    assert all("mode" not in e for e in observer.observe_sot(g.state, "RU")["US"])
    assert "noisy" not in text(g, team="RU").lower()


def test_17_2_the_detect_value_in_an_asw_log_line_is_the_owners_secret():
    """With 17.2 on the DETECT value holds the submarine's movement type (secret on the SOT):
    the hunting team reads the rolls and what they found, the owner the value too."""
    g = optional_asw.ddg_x(detect=14, asw=10)
    us, ru = text(g, team="US"), text(g, team="RU")
    assert "(DETECT needs 14 or less); ASW 10 (needs 10 or less)" in ru
    assert "DETECT needs" not in us and "DETECT DDG(X) 14: 1 DETECTED; ASW 10 (needs 10 or less)" in us


def test_17_2_a_teams_odds_count_the_printed_detect_of_an_enemy_submarine():
    """The hunting team's odds do not know the enemy's movement type: the printed DETECT (12) of a
    DETECTED Kilo that moved Noisy (+2); the instructor's odds count 14."""
    g = sea({"DDG-51": ("usn_ddg_51", "G-4", B), "Kilo 1": (SSK, "G-6", R)}, optional_rules=["17.2"],
            initiative="RU")
    g.apply(A.BeginImpulse(R))
    g.apply(A.Declare((A.CoreAction("move_combat", ("Kilo 1",)),)))
    g.apply(A.SubmarineMovement(1, "Kilo 1", "noisy"))
    g.apply(A.Move(1, ("G-5", "G-4")))
    g.state.units["Kilo 1"].revealed = True                      # as if DETECTED
    g.apply(A.EndImpulse())
    g.apply(A.BeginImpulse(B))
    g.apply(A.Declare((A.CoreAction("move_combat", ("DDG-51",)),)))
    act = A.OffensiveAsw(1, ("DDG-51",))
    (mine,) = g.chance_outcomes(act, viewer="US")
    (full,) = g.chance_outcomes(act)
    assert "Kilo 1 (12 or less)" in " ".join(mine.dice) and "Kilo 1 (14 or less)" in " ".join(full.dice)


# ---------------------------------------------------------------- 17.2 OPTIONAL: cumulative movement
CUMULATIVE = ["17.2", "17.2-cumulative"]


def _sub_turn(g, mode, path):
    """One US impulse of the Virginia (DETECT 8): write ``mode`` (none: Normal), move ``path``
    (none: no movement), end the impulse; then every Task Force passes to the next turn."""
    g.apply(A.BeginImpulse(B))
    g.apply(A.Declare((A.CoreAction("move_combat", ("SSN",)),)))
    if mode:
        g.apply(A.SubmarineMovement(1, "SSN", mode))
    if path:
        g.apply(A.Move(1, path))
    g.apply(A.EndImpulse())
    return sot.detect_of(g._ctx(), g.state.units["SSN"])


def _next_turn(g):
    turn = g.state.turn
    while g.state.turn == turn or g.state.stage != "action":
        g.apply(g.legal_actions()[0])


def test_17_2_cumulative_example_quiet_normal_noisy_sum_to_zero():
    """17.2 OPTIONAL ex.: Quiet (-2), then Normal (0), then Noisy (+2) over three turns: the
    modifier for the third turn is 0, so the Virginia's DETECT is its printed 8 (not 10, as
    17.2 alone gives Noisy)."""
    g = sea({"SSN": (SSN, "C-3", B)}, optional_rules=CUMULATIVE, max_turns=6)
    assert _sub_turn(g, "quiet", ("C-4",)) == 8 - 2
    _next_turn(g)
    assert sot.detect_of(g._ctx(), g.state.units["SSN"]) == 8 - 2 - 2     # turn 2, not moved yet
    assert _sub_turn(g, "normal", ("C-5",)) == 8 - 2 + 0
    _next_turn(g)
    assert _sub_turn(g, "noisy", ("C-6",)) == 8 - 2 + 0 + 2
    assert adv.describe(g.state, g.state.units["SSN"]) == (
        "turn 1 quiet movement -2, turn 2 normal movement +0, turn 3 noisy movement +2: DETECT +0 "
        "(17.2, cumulative over the last three turns)")
    _next_turn(g)                              # turn 4: the Quiet of turn 1 has dropped out
    assert _sub_turn(g, "noisy", ("C-7",)) == 8 + 0 + 2 + 2


def test_17_2_cumulative_three_still_turns_give_the_most_minus_6_and_no_more():
    """17.2 OPTIONAL: after three successive turns without movement the reduction is the most,
    6; a fourth still turn gives no more.  Turn 1 counts alone (no turns before the game)."""
    g = sea({"SSN": (SSN, "C-3", B)}, optional_rules=CUMULATIVE, max_turns=6)
    seen = []
    for _ in range(4):
        seen.append(_sub_turn(g, None, None))
        _next_turn(g)
    assert seen == [8 - 2, 8 - 4, 8 - 6, 8 - 6]


def test_17_2_cumulative_needs_17_2_and_off_only_this_turn_counts():
    """Without the variant the same Quiet-then-still turns give -2 each turn; the variant alone
    (without 17.2) is refused by the scenario check."""
    g = sea({"SSN": (SSN, "C-3", B)}, optional_rules=["17.2"], max_turns=6)
    assert _sub_turn(g, "quiet", ("C-4",)) == 6
    _next_turn(g)
    assert _sub_turn(g, None, None) == 6
    with pytest.raises(ValueError, match="17.2-cumulative is a variant of 17.2"):
        sea({"SSN": (SSN, "C-3", B)}, optional_rules=["17.2-cumulative"])


# ---------------------------------------------------------------- 17.71: a card from the pool, for AP
def _pool_p8a(forced=(), rules=("17.7",)):
    """Two US DDGs in G-4, a hidden Kilo (DETECT 6) in G-5, the P-8A in the US team pool; the US
    declares the DDGs' Move and/or Combat and a Play a JCC naming the P-8A (2 AP) and moves in."""
    g = sea({"DDG-51": ("usn_ddg_51", "G-4", B), "DDG-80": ("usn_ddg_51", "G-4", B), "Kilo 1": (SSK, "G-5", R)},
            cards={"US": [P8A]}, forced=list(forced), catalog=catalog_detect(6), optional_rules=list(rules))
    g.apply(A.BeginImpulse(B))
    ap = g.state.impulse.ap
    g.apply(A.Declare((A.CoreAction("move_combat", ("DDG-51", "DDG-80")), A.CoreAction("play_jcc", jcc=P8A))))
    assert g.state.impulse.ap == ap - 2              # the card's play is a Core Action: 1 AP (9.03, 9.41)
    g.apply(A.Move(1, ("G-5",)))
    return g


def test_17_71_a_pool_card_is_played_for_1_ap_and_expended_plus_2():
    """17.71 from the pool: the P-8A is played with the declared Play a JCC action (its 1 AP) and
    expended over G-5: +2; each DDG has one more DDG (+1, 17.72): DETECT 6 -> 9, ASW 10 -> 13
    (17.73).  Rolls 10 (miss), 9 (DETECT at exactly 9), then 13 (ASW at exactly 13) destroy."""
    g = _pool_p8a(forced=[10, 9, 13])
    act = A.ExpendAswCard("US-1", ("G-5",), 2)
    assert act in g.legal_actions()
    assert A.ExpendAswCard("US-1", ("G-5",)) not in g.legal_actions()     # not free: it is not deployed
    g.apply(act)
    card = g.state.cards["US-1"]
    assert (card.where, card.deployed, card.expended) == ("deployed", True, True)   # Persistent: 9.21
    assert g.state.impulse.actions[1].played == "US-1"
    assert "played from the team pool with action #2 (1 AP, 9.03, 9.41): the required DETECT value of every " \
           "enemy submarine there rises by 2" in text(g)
    (step,) = g.chance_outcomes(A.OffensiveAsw(1, ("DDG-51", "DDG-80")))
    assert "Kilo 1 (9 or less)" in " ".join(step.dice) and "destroying on 13 or less" in " ".join(step.dice)
    g.apply(A.OffensiveAsw(1, ("DDG-51", "DDG-80")))
    assert g.state.units["Kilo 1"].destroyed
    assert "P-8A: Surveillance expended +2 (17.71), 1 more friendly ASW-capable unit(s) in G-5 +1 (17.72)" in text(g)


def test_17_71_the_same_rolls_one_above_miss():
    g = _pool_p8a(forced=[10, 10])
    g.apply(A.ExpendAswCard("US-1", ("G-5",), 2))
    g.apply(A.OffensiveAsw(1, ("DDG-51", "DDG-80")))
    assert not g.state.units["Kilo 1"].destroyed
    g = _pool_p8a(forced=[10, 9, 14])
    g.apply(A.ExpendAswCard("US-1", ("G-5",), 2))
    g.apply(A.OffensiveAsw(1, ("DDG-51", "DDG-80")))
    assert not g.state.units["Kilo 1"].destroyed and g.state.units["Kilo 1"].revealed


def test_17_71_pool_refusals_name_the_rule():
    g = _pool_p8a()
    assert "costs 1 AP" in refused(g, A.ExpendAswCard("US-1", ("G-5",)), "3.31")       # no action pays it
    refused(g, A.ExpendAswCard("US-1", ("G-5",), 1), "3.31")                          # a Move and/or Combat
    refused(g, A.ExpendAswCard("US-1", ("G-5",), 7), "3.31")                          # no such action
    g.apply(A.ExpendAswCard("US-1", ("G-5",), 2))
    refused(g, A.ExpendAswCard("US-1", ("G-5",), 2), "17.71")                         # expended now
    g = _pool_p8a(rules=("17.2",))
    assert "17.7 on" in refused(g, A.ExpendAswCard("US-1", ("G-5",), 2), "17.2")      # 17.2: deployed cards only
    assert not [a for a in g.legal_actions() if isinstance(a, A.ExpendAswCard)]
    g = sea({"DDG": ("usn_ddg_x", "F-8", B)}, cards={"US": [{"name": P8A, "where": "deployed"}]},
            optional_rules=["17.7"])
    g.apply(A.BeginImpulse(B))
    g.apply(A.Declare((A.CoreAction("play_jcc", jcc=P8A),)))
    refused(g, A.ExpendAswCard("US-1", ("F-8",), 1), "9.2")                           # deployed: its use is free
    g.apply(A.ExpendAswCard("US-1", ("F-8",)))
    assert g.state.impulse.actions[0].played is None


def test_17_71_a_one_time_pool_card_is_played_for_1_ap_and_discarded():
    """17.71 with a one-time ASW card (a test deck's copy of the P-8A without the Persistent symbol:
    the box's decks hold none in the pool), 17.2 and 17.7 on: played for 1 AP, +2 (a pool card is
    17.71's, not 17.2's +4), then discarded (9.1), not deployed; the bonus still waits for the
    team's next ASW roll in the hex.  Rolls 10 (miss), 7 (DETECT at exactly 7), 13 (ASW at 13)."""
    from lcb_lab.games.lcb.model.cards import Decks, load_decks
    decks = load_decks()
    one_time = decks.card("US", P8A).model_copy(update={"name": "Sonobuoy Field", "aliases": [],
                                                         "symbols": [s for s in decks.card("US", P8A).symbols
                                                                     if s != "persist"]})
    decks = Decks(cards={**decks.cards, "US": {**decks.cards["US"], "Sonobuoy Field": one_time}})
    g = sea({"DDG-51": ("usn_ddg_51", "G-4", B), "DDG-80": ("usn_ddg_51", "G-4", B), "Kilo 1": (SSK, "G-5", R)},
            cards={"US": ["Sonobuoy Field"]}, forced=[10, 7, 13], catalog=catalog_detect(6),
            optional_rules=["17.2", "17.7"], decks=decks)
    g.apply(A.BeginImpulse(B))
    g.apply(A.Declare((A.CoreAction("move_combat", ("DDG-51", "DDG-80")),
                       A.CoreAction("play_jcc", jcc="Sonobuoy Field"))))
    g.apply(A.Move(1, ("G-5",)))
    refused(g, A.ExpendAswCard("US-1", ("G-5",)), "3.31")
    g.apply(A.ExpendAswCard("US-1", ("G-5",), 2))
    assert g.state.cards["US-1"].where == "discarded"
    assert g.state.optional_data["asw_cards"][0]["detect"] == 2          # 17.71's +2, not 17.2's +4
    (step,) = g.chance_outcomes(A.OffensiveAsw(1, ("DDG-51", "DDG-80")))
    # DETECT 6, -2 for the Kilo's still turn (17.2), +2 card, +1 the other DDG: 7; ASW 10 + 3 = 13
    assert "Kilo 1 (7 or less)" in " ".join(step.dice) and "destroying on 13 or less" in " ".join(step.dice)
    g.apply(A.OffensiveAsw(1, ("DDG-51", "DDG-80")))
    assert g.state.units["Kilo 1"].destroyed
