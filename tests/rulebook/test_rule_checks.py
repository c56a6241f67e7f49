"""Checks of two rule corners against the text, with forced dice on the packaged decks:

* 9.06: a friendly IAMD DETECT success is remembered for the attack -- a later INTERCEPT attempt
  on the same card (another response window of the same chain) rolls no DETECT of its own; a
  failure is not remembered;
* 13.12 with 7.12, 7.13, 7.16: a Proxy Force fires back at a GROUND ASSAULT in its hex.
"""
from __future__ import annotations

import pytest

import lcb_lab
from lcb_lab.games.lcb import actions as A
from tests.rulebook.test_ch9_own_impulse import B, R, UNITS, begin, card, game, titles

FFGS = UNITS + [("FFG-1", "rubf_ffg_gorshkov", "H-8", R), ("FFG-2", "rubf_ffg_gorshkov", "H-7", R)]


def _cap_intercepted_twice(forced):
    """US Combat Air Patrols (option B, an LRS attack on Ivan) is answered by FFG-1's INTERCEPT
    (window 1); the deployed US F-22 Escorts answers with option B at that attempt (window 2);
    RU answers again with FFG-2's INTERCEPT of the CAP (window 3).  The chain resolves from its
    last link (9.46): FFG-2's attempt, then the F-22 on FFG-1's, then FFG-1's."""
    g, c = game({"cap": ("US", "Combat Air Patrols", "pool"), "f22": ("US", "F-22 Escorts", "deployed")},
                forced=forced, units=FFGS, naval=["H-8", "H-7"])
    begin(g, B, "Combat Air Patrols")
    g.apply(A.PlayCard(c["cap"], "B", ("Ivan",), action=1))
    g.apply(A.AnswerCards(card_intercepts=(A.CardIntercept("FFG-1", "INT1", 2),)))
    g.apply(A.AnswerCards(responses=(A.Response(c["f22"], option="B", to=2),)))
    assert g.pending.team == "RU" and [i.uid for i in g.pending.options.interceptors] == ["FFG-2"]
    g.apply(A.AnswerCards(card_intercepts=(A.CardIntercept("FFG-2", "INT1", 2, to=1),)))
    assert g.pending is None
    return g, c


def test_9_06_a_detect_success_is_remembered_a_later_attempt_rolls_no_detect():
    """9.06: "as long as one friendly IAMD unit has successfully DETECTED the JCC, then all
    eligible IAMD units may INTERCEPT".  FFG-2 DETECTs the CAP (4, 10 or less) and misses (15,
    16); the F-22's option B fails (15); FFG-1's INTERCEPT then rolls no DETECT -- its 3 and 4
    hit: two cubes, the CAP is discarded before its attack (9.04, 9.010)."""
    g, c = _cap_intercepted_twice([4, 15, 16, 15, 3, 4])
    assert g.dice.history == [
        ("FFG-2's INTERCEPT: DETECT Combat Air Patrols (US)", [4]),
        ("FFG-2's INTERCEPT: INTERCEPT Combat Air Patrols (US)", [15, 16]),
        ("F-22 Escorts (US): NULLIFY FFG-1's INTERCEPT", [15]),
        ("FFG-1's INTERCEPT: INTERCEPT Combat Air Patrols (US)", [3, 4])]
    assert card(g, c["cap"]).where == "discarded" and not g.state.impulse.card_lrs
    line = next(e for e in g.state.log if e["title"] == "RU IAMD has already DETECTED Combat Air Patrols (US)")
    assert line["rules"] == ["9.06"] and "FFG-2 DETECTed it earlier" in line["text"]


def test_9_06_a_detect_failure_is_not_remembered_the_later_attempt_rolls_its_own():
    """The other way (lcb_lab's reading, docs/rules_coverage.md 9.06): FFG-2 fails DETECT (17), so
    it does not INTERCEPT; the F-22 fails (15); FFG-1 rolls its own DETECT (5: DETECTED) and
    INTERCEPTs (3, 20: one success): the CAP takes one cube (discarded only at its 2nd, 9.04) and
    is stopped before its attack (9.010)."""
    g, c = _cap_intercepted_twice([17, 15, 5, 3, 20])
    assert [p for p, _ in g.dice.history] == [
        "FFG-2's INTERCEPT: DETECT Combat Air Patrols (US)", "F-22 Escorts (US): NULLIFY FFG-1's INTERCEPT",
        "FFG-1's INTERCEPT: DETECT Combat Air Patrols (US)", "FFG-1's INTERCEPT: INTERCEPT Combat Air Patrols (US)"]
    assert card(g, c["cap"]).cubes == 1 and card(g, c["cap"]).where == "deployed"
    assert "Combat Air Patrols (US) is stopped (intercepted)" in titles(g) and not g.state.impulse.card_lrs
    assert g.dice.forced_left == 0


# ---------------------------------------------------------------- 13.12: the Proxy Force fires back
def _assault_on_a_proxy(forced):
    g = lcb_lab.situation(units={"1 Alpha": {"type": "usmc_infantry_platoon", "hex": "C-4"},
                                 "1 Anna": {"type": "runi_naval_infantry_platoon", "hex": "H-8"}},
                          cards={"RU": ["Proxy Forces: Militia"]}, initiative="RU", forced=forced, max_turns=6)
    g.apply(A.BeginImpulse(R))
    g.apply(A.Declare((A.CoreAction("play_jcc", (), jcc="Proxy Forces: Militia"),)))
    g.apply(A.PlayCard("Proxy Forces: Militia", "A", hex="D-4", action=1))
    g.apply(A.EndImpulse())
    g.apply(A.BeginImpulse(B))
    g.apply(A.Declare((A.CoreAction("move_combat", ("1 Alpha",)),)))
    g.apply(A.Move(1, ("D-4",)))
    g.apply(A.CommitCombat(ga=(A.GroundAssault("1 Alpha", "PROXY-1", 1),)))
    assert g.pending is None
    return g


def test_13_12_a_proxy_force_fires_back_at_a_ground_assault_with_its_4_dice():
    """13.12: a Proxy Force has a GROUND ASSAULT CV (3, range 0, infinite supply, up to 4 d20);
    7.13: defenders fire back with their GA supply, for no AP; 7.16: only units without a GA CV
    do not; 7.12 names partisans (13.1) in a GROUND ASSAULT's hex.  1 Alpha assaults PROXY-1 with
    1 die (20: a miss); the Proxy Force fires its 4 dice at CV 3 (2, 3, 19, 20: two hits): 1
    Alpha (2 HP) is destroyed, the Proxy Force survives.  The preview counts its dice too."""
    g = _assault_on_a_proxy([20, 2, 3, 19, 20])
    preview = g.chance_outcomes(A.ResolveCombat())
    assert any("GA PROXY-1->1 Alpha" in d for s in preview for d in s.dice)
    g.apply(A.ResolveCombat())
    shot = next(e for e in g.state.log if e["title"] == "GROUND ASSAULT (defender): PROXY-1 -> 1 Alpha")
    assert (shot["data"]["dice"], shot["data"]["cv"], shot["data"]["hits"]) == ([2, 3, 19, 20], 3, 2)
    assert shot["rules"] == ["13.12", "7.13"]
    assert g.unit("1 Alpha").destroyed and "PROXY-1" in g.state.card_markers
    assert g.dice.forced_left == 0


@pytest.mark.parametrize("back, alpha_hp", [([20, 20, 20, 20], 2), ([1, 20, 20, 20], 1)])
def test_13_12_13_13_damage_is_simultaneous_the_proxy_dies_and_still_hits(back, alpha_hp):
    """7.13, 7.15: both sides' hits land together: 1 Alpha's 1 (a hit) destroys the 1-HP Proxy
    Force, whose own dice still count; 13.13: its loss rolls for the meter (5: 1-12, US -1)."""
    g = _assault_on_a_proxy([1] + back + [5])
    g.apply(A.ResolveCombat())
    assert "PROXY-1" not in g.state.card_markers and g.state.influence == -1
    assert g.unit("1 Alpha").hp == alpha_hp and g.dice.forced_left == 0
    assert "GROUND ASSAULT (defender): PROXY-1 -> 1 Alpha" in titles(g)
