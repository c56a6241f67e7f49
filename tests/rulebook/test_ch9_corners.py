"""Chapter 9 corners checked against the text with forced dice: every IAMD unit rolls its own
DETECT (9.06), one CV per Core Action, an Attached card's included (9.32 with 7.02 / 7.34), and
a card removed from the game is never bought again (9.08).

The packaged decks are used where the card exists (Combat Air Patrols, Scatterable Landmines);
9.08 has no packaged card, so a test deck adds one (:func:`removed_deck`)."""
from __future__ import annotations

import pytest

import lcb_lab
from lcb_lab.games.lcb import actions as A
from lcb_lab.games.lcb.rules.cards import jcc
from tests.refusals import refused

B, R = "TF Blue", "TF Red"


# ---------------------------------------------------------------- 9.06: each IAMD unit rolls DETECT
def _cap_on_target(forced, seed=5):
    """RU's deployed Combat Air Patrols (packaged: DETECT 10, discarded after 2 successes, 9.04)
    uses option B (an LRS attack) on the US ship ``Target``; two US DDGs are in INTERCEPT range
    of the target hex and answer it."""
    units = [("Target", "usn_ddg_51", "H-5", B, True), ("DDG-1", "usn_ddg_51", "H-4", B),
             ("DDG-2", "usn_ddg_51", "H-6", B), ("Ivan", "runi_tank_platoon", "F-5", R, True)]
    g = lcb_lab.situation(units, forced=list(forced), naval=["H-4", "H-5", "H-6"], initiative="RU", seed=seed)
    cap = jcc.add_card(g.state, "RU", "Combat Air Patrols", where="deployed", face_up=True)
    cap.deployed = True
    g.apply(A.BeginImpulse(R))
    g.apply(A.Declare(()))
    g.apply(A.PlayCard(cap.cid, option="B", targets=("Target",)))       # its free use (9.2)
    return g, cap


TWO = A.AnswerCards(card_intercepts=(A.CardIntercept("DDG-1", "INT1", 2, to=1),
                                     A.CardIntercept("DDG-2", "INT1", 2, to=1)))


def test_9_06_each_iamd_unit_rolls_detect_and_one_success_lets_both_intercept():
    """9.06: "Each unit ... attempting to DETECT rolls a d20"; "as long as one friendly IAMD
    unit has successfully ... DETECTED the JCC ..., then all eligible IAMD units may INTERCEPT".
    DDG-1 rolls 15 (fails, needs 10), DDG-2 rolls 4 (DETECTs); both INTERCEPT: DDG-1's 3 and 9
    hit (CV 13), DDG-2's 19 and 20 miss -- two successes discard the CAP before its attack."""
    g, cap = _cap_on_target([15, 4, 3, 9, 19, 20])
    g.apply(TWO)
    assert [d for d in g.dice.history] == [
        ("DDG-1's INTERCEPT: DETECT Combat Air Patrols (RU)", [15]),
        ("DDG-2's INTERCEPT: DETECT Combat Air Patrols (RU)", [4]),
        ("DDG-1's INTERCEPT: INTERCEPT Combat Air Patrols (RU)", [3, 9]),
        ("DDG-2's INTERCEPT: INTERCEPT Combat Air Patrols (RU)", [19, 20])]
    assert (cap.where, cap.cubes) == ("discarded", 2)
    assert g.state.units["DDG-1"].supply["INT1"] == 10 and g.state.units["DDG-2"].supply["INT1"] == 10
    assert g.state.impulse.card_lrs == []                    # stopped before its LRS (9.010)
    lines = [e for e in g.state.log if e["kind"] == "detect"]
    assert [(e["title"], e["rules"]) for e in lines] == [
        ("DDG-1's INTERCEPT fails to DETECT Combat Air Patrols (RU)", ["9.06"]),
        ("DDG-2's INTERCEPT DETECTs Combat Air Patrols (RU)", ["9.06"]),
        ("US IAMD DETECTs Combat Air Patrols (RU)", ["9.06"])]


def test_9_06_every_iamd_unit_failing_detect_no_intercept_of_the_card():
    """Both DDGs fail DETECT (15, 11 > 10): no INTERCEPT of the card, no supply spent, the CAP's
    LRS goes on to the impulse's combat (9.06 ex., 9.011)."""
    g, cap = _cap_on_target([15, 11])
    g.apply(TWO)
    assert cap.cubes == 0 and cap.where == "deployed"
    assert g.state.units["DDG-1"].supply["INT1"] == 12 and g.state.units["DDG-2"].supply["INT1"] == 12
    assert [a["target"] for a in g.state.impulse.card_lrs] == ["Target"]
    fail = next(e for e in g.state.log if e["title"] == "US IAMD fails to DETECT Combat Air Patrols (RU)")
    assert "9.06" in fail["rules"]


def test_9_06_the_preview_is_one_d20_per_unit_detected_if_any_succeeds():
    """The odds preview matches the rolls: 2 DETECT d20 at 10 or less, DETECTED unless both fail
    (1 - 0.5 * 0.5 = 0.75); then each unit's INTERCEPT dice (2 at 13: hits 0, 1, 2)."""
    g, _ = _cap_on_target([], seed=12)
    before = g.to_json()
    steps = g.chance_outcomes(TWO)
    detect = steps[0]
    assert detect.rule == "9.06" and detect.label.startswith("IAMD DETECT of Combat Air Patrols (RU) by DDG-1, DDG-2")
    assert detect.outcomes == (((0,), pytest.approx(0.25)), ((1,), pytest.approx(0.75)))
    assert detect.dice == ("2 d20 hitting on 10 or less: DETECT Combat Air Patrols (RU)",)
    hits = [s for s in steps if s.rule == "9.011"]
    assert [s.label for s in hits] == ["DDG-1's INTERCEPT INTERCEPTs Combat Air Patrols (RU) (if DETECTED)",
                                       "DDG-2's INTERCEPT INTERCEPTs Combat Air Patrols (RU) (if DETECTED)"]
    assert [p for _, p in hits[0].outcomes] == pytest.approx([0.35 ** 2, 2 * 0.65 * 0.35, 0.65 ** 2], abs=1e-12)
    assert g.to_json() == before


# ---------------------------------------------------------------- 9.32 with 7.02 / 7.34: one CV per Core Action
def _landmines_host(forced=()):
    """Whiskey (HIMARS: LRS1 and LRS2) hosts the packaged Scatterable Landmines (9.32 ex.: fired
    through the host's Move and/or Combat); Anna, a revealed enemy, is within LRS2's range."""
    g = lcb_lab.situation({"Whiskey": {"type": "usmc_himars_section", "hex": "F-8"},
                           "Anna": {"type": "runi_naval_infantry_platoon", "hex": "J-6", "face_up": True}},
                          cards={"US": [{"name": "Scatterable Landmines", "attach_to": "Whiskey"}]},
                          forced=list(forced), initiative="US")
    mines = next(c.cid for c in g.state.cards.values() if c.name == "Scatterable Landmines")
    g.apply(A.BeginImpulse(B))
    g.apply(A.Declare((A.CoreAction("move_combat", ("Whiskey",)),)))
    return g, mines


LRS_AT_ANNA = A.CommitCombat(lrs=(A.LrsAttack("Whiskey", "LRS2", "Anna", 1),))


def test_9_32_a_host_that_fired_its_attached_card_fires_no_lrs_of_its_own():
    """9.32: the player "decides the CV ... to use (either from the unit's organic CV ... or the
    ones provided by the Attached JCC)" -- one of them; 7.02 / 7.34: one CV per Core Action.
    Whiskey fires Scatterable Landmines through its Move and/or Combat; its own LRS in the same
    action is refused naming 9.32 (the state unchanged) and is no longer offered."""
    g, mines = _landmines_host()
    g.apply(A.PlayCard(mines, targets=("H-5", "H-6", "H-7"), action=1))
    err = refused(g, LRS_AT_ANNA, "9.32")
    assert "Whiskey" in err.reason and "Scatterable Landmines" in err.reason
    assert not [a for a in g.legal_actions() if getattr(a, "kind", "") == "commit_combat"]   # no LRS offered


def test_9_32_a_host_that_fired_its_own_lrs_does_not_fire_its_attached_card_in_the_same_action():
    """The other order: Whiskey's own LRS2 is committed and resolved (die 20: a miss); firing the
    landmines through the same Move and/or Combat is refused naming 9.32; the card stays attached."""
    g, mines = _landmines_host(forced=[20])
    assert [a for a in g.legal_actions() if getattr(a, "kind", "") == "commit_combat"]        # offered before
    g.apply(LRS_AT_ANNA)
    g.apply(A.ResolveCombat())
    err = refused(g, A.PlayCard(mines, targets=("H-5", "H-6", "H-7"), action=1), "9.32")
    assert "LRS2" in err.reason
    assert g.state.cards[mines].where == "attached"


# ---------------------------------------------------------------- 9.08: removed from the game, never bought again
REMOVED_CARDS = [
    dict(name="Strategic Cyber Strike", cost=3, function="information_operations", categories=["strategic_cyber"],
         effects=[dict(fn="network_cube", target="network", succeeds_on=12, network_cube=False, args={"n": 1},
                       text="Add 1 cube to the enemy Tactical Network.")]),
    dict(name="Loitering Munition Strike", cost=2, function="fires", symbols=["intercept"],
         effects=[dict(fn="lrs_attack", target="unit", dice=2, cv=12, text="An LRS attack of 2 dice at CV 12.")]),
]
"""US test cards removed from the game after use (9.08; no packaged card is one)."""


@pytest.fixture
def removed_deck(tmp_path):
    """The test decks of ``tests/card_deck.py`` with :data:`REMOVED_CARDS` in the US deck."""
    from lcb_lab.games.lcb.model.cards import CardType, Decks
    from tests.card_deck import decks
    base = decks(tmp_path)
    us = dict(base.cards["US"])
    for spec in REMOVED_CARDS:
        us[spec["name"]] = CardType.model_validate(dict(spec, team="US", removed_after_use=True, text="t"))
    return Decks(cards={"US": us, "RU": base.cards["RU"]})


def _buys(g, team="US"):
    return {a.card for a in g.legal_actions(team) if isinstance(a, A.BuyCard)}


def test_9_08_a_card_played_once_is_removed_and_never_bought_again(removed_deck):
    """9.08: the card is played (its roll 4 succeeds: a cube on RU's network) and removed from the
    game; at the next Planning Stage the scenario grants (3.06) it is neither offered nor bought
    -- refused naming 9.08 -- while a card discarded after use (9.07: Tactical Cyber Attack,
    back in the deck) is bought again."""
    from lcb_lab.games.lcb.model.state import PlanningGrant
    g = lcb_lab.situation([("Alpha", "usmc_infantry_platoon", "F-8", B), ("Anna", "runi_tank_platoon", "F-6", R, True)],
                          cards={"US": [{"name": "Strategic Cyber Strike"},
                                        {"name": "Tactical Cyber Attack", "where": "discarded"}]},
                          forced=[4], decks=removed_deck)
    g.state.planning_grants = [PlanningGrant(2, {"US": 10, "RU": 10})]
    strike = next(c for c in g.state.cards.values() if c.name == "Strategic Cyber Strike")
    g.apply(A.BeginImpulse(B))
    g.apply(A.Declare((A.CoreAction("play_jcc", jcc="Strategic Cyber Strike"),)))
    g.apply(A.PlayCard(strike.cid, action=1))
    while g.pending is not None:
        g.apply(A.AnswerCards())
    assert strike.where == "removed" and g.state.network_cubes["RU"] == 1
    while g.state.stage != "planning":
        if g.state.impulse is None:
            g.apply(A.BeginImpulse(g.available_task_forces()[0]))
        if g.impulse.phase == "declare":
            g.apply(A.Declare())
        g.apply(A.EndImpulse())
    assert g.state.turn == 2
    assert "Strategic Cyber Strike" not in _buys(g) and "Tactical Cyber Attack" in _buys(g)
    err = refused(g, A.BuyCard("US", "Strategic Cyber Strike"), "9.08")
    assert "removed from the game" in err.reason
    g.apply(A.BuyCard("US", "Tactical Cyber Attack"))


def test_9_08_nor_taken_as_a_free_card_of_the_influence_meter(removed_deck):
    """15.14's free cards come from the deck: a card removed from the game (9.08) is not there."""
    g = lcb_lab.situation([("Alpha", "usmc_infantry_platoon", "F-8", B), ("Anna", "runi_tank_platoon", "F-6", R)],
                          cards={"US": [{"name": "Strategic Cyber Strike", "where": "removed"}]},
                          decks=removed_deck)
    g.state.free_cards = {**g.state.free_cards, "US": 2}
    refused(g, A.BuyCard("US", "Strategic Cyber Strike"), "9.08")
    g.apply(A.BuyCard("US", "Tactical Cyber Attack"))


def test_9_08_a_played_card_destroyed_by_intercept_is_removed_not_cycled_back(removed_deck):
    """9.08: "can only be played once": a played Loitering Munition Strike INTERCEPTed before its
    effect (RU's DDG: the 3 hits, 9.011) has been played -- it is removed from the game, not
    discarded back into the deck (9.07).  lcb_lab's reading: "after use" includes a use stopped
    by the enemy (a NULLIFIED one goes the same way, 9.43)."""
    g = lcb_lab.situation([("Alpha", "usmc_infantry_platoon", "F-8", B),
                           ("Anna", "runi_tank_platoon", "F-6", R, True), ("Ship", "rubf_ddg", "E-5", R)],
                          naval=["E-5"], cards={"US": [{"name": "Loitering Munition Strike"}]},
                          forced=[3], decks=removed_deck)
    strike = next(c for c in g.state.cards.values() if c.name == "Loitering Munition Strike")
    g.apply(A.BeginImpulse(B))
    g.apply(A.Declare((A.CoreAction("play_jcc", jcc="Loitering Munition Strike"),)))
    g.apply(A.PlayCard(strike.cid, targets=("Anna",), action=1))
    g.apply(A.AnswerCards(card_intercepts=(A.CardIntercept("Ship", "INT1", 1, to=1),)))
    assert strike.cubes == 1 and strike.where == "removed"
    assert g.state.impulse.card_lrs == []            # stopped before its attack (9.011)
