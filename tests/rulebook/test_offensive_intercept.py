"""Offensive INTERCEPT and offensive BMD INTERCEPT (7.5, 7.59, 7.510, 7.512, 9.06): the printed
examples 7.59 ex. 1 and 7.510 ex. 2 with forced dice, and the refusals, each naming its rule.

The examples use the packaged decks: the 7.59 example's "UAS" is RU's "Tactical Unmanned Aerial
System (UAS)" (its marker is the UAS placed on the map); 7.510 ex. 2's Space Satellites are RU's,
Winston's BMD is a THAAD Attached to a US ground unit.  Dice values the text does not print are
chosen so the printed outcomes come out (failures as failures, successes as successes).
"""
from __future__ import annotations

import lcb_lab
from lcb_lab.games.lcb import actions as A
from tests.refusals import refused

UAS = "Tactical Unmanned Aerial System (UAS)"


def _uas_on_the_map(forced=(), kilo="J-5"):
    """RU's impulse: 1 Tanya's Attached UAS card places its (revealed) UAS marker in E-5, where it
    reveals 1 Anna; 1 Kilo (IAMD range 2) in ``kilo`` is out of range, so the US has no defensive
    INTERCEPT.  Then the US impulse begins and declares a Move and/or Initiate Combat for 1 Kilo."""
    g = lcb_lab.situation(units={"1 Tanya": {"type": "runi_mlrs_section", "hex": "B-5", "face_up": True},
                                 "1 Kilo": {"type": "usmc_iamd_section", "hex": kilo},
                                 "1 Anna": {"type": "usmc_infantry_platoon", "hex": "E-5"}},
                          cards={"RU": [{"name": UAS, "attach_to": "1 Tanya"}]},
                          forced=[5, *forced], initiative="RU")
    g.apply(A.BeginImpulse("TF Red"))
    g.apply(A.Declare((A.CoreAction("play_jcc", (), jcc=UAS),)))
    g.apply(A.PlayCard(UAS, "A", hex="E-5", action=1))
    assert [o for o in g.pending.options.to_dict()["interceptors"]] == []     # out of range: no defensive INTERCEPT
    g.apply(A.Answer())
    g.apply(A.EndImpulse())
    g.apply(A.BeginImpulse("TF Blue"))
    g.apply(A.Declare((A.CoreAction("move_combat", ("1 Kilo",)), A.CoreAction("move_conceal", ("1 Anna",)))))
    return g


def _offers(g):
    return [a for a in g.legal_actions() if isinstance(a, A.OffensiveIntercept)]


def test_7_59_ex1_move_into_range_then_offensive_intercept_destroys_the_uas():
    """7.59 ex.: the IAMD unit was out of range of the enemy's UAS; on its own impulse it moves
    into range and offensively engages (a Move and/or Initiate Combat, 1 AP): a roll at or under
    its INTERCEPT value destroys the card.  1 Kilo: INT CV 12; rolled 7 (a hit)."""
    g = _uas_on_the_map(forced=[7])
    assert g.state.card_markers["UAS-1"].revealed
    assert _offers(g) == []                                   # 7 hexes away: range 2
    refused(g, A.OffensiveIntercept(1, "1 Kilo", "INT1", "UAS-1", 1), "7.512", "beyond its INTERCEPT range 2")
    g.apply(A.Move(1, ("I-5", "H-5", "G-5")))
    assert _offers(g) == [A.OffensiveIntercept(1, "1 Kilo", "INT1", "UAS-1", 8)]
    step = g.chance_outcomes(A.OffensiveIntercept(1, "1 Kilo", "INT1", "UAS-1", 1))[0]
    assert step.rule == "7.59" and step.outcomes == (((0,), 0.4), ((1,), 0.6))
    ap = g.state.impulse.ap
    g.apply(A.OffensiveIntercept(1, "1 Kilo", "INT1", "UAS-1", 1))
    assert g.state.impulse.ap == ap                            # the declared action paid its 1 AP (7.59)
    assert "UAS-1" not in g.state.card_markers
    card = next(c for c in g.state.cards.values() if c.name == UAS)
    assert (card.where, card.cubes) == ("removed", 1)           # an Attached card is not cycled back (9.07)
    assert g.unit("1 Kilo").supply["INT1"] == 7 and g.unit("1 Kilo").revealed      # 7.58, 7.511
    assert g.pending is None                                     # no defensive INTERCEPT against it (7.59)
    titles = [e["title"] for e in g.state.log]
    assert "Odds before rolling: Offensive INTERCEPT: 1 Kilo -> UAS-1" in titles
    assert "Offensive INTERCEPT: 1 Kilo -> UAS-1: 1 hit" in titles
    odds = next(e for e in g.state.log if e["title"].startswith("Odds before rolling: Offensive"))
    assert "P(1+ hit: destroyed) 60.0%" in odds["text"]


def test_7_59_a_miss_spends_the_supply_and_the_unit_may_not_try_again():
    g = _uas_on_the_map(forced=[13, 20])
    g.apply(A.Move(1, ("I-5", "H-5", "G-5")))
    g.apply(A.OffensiveIntercept(1, "1 Kilo", "INT1", "UAS-1", 2))
    assert "UAS-1" in g.state.card_markers and g.unit("1 Kilo").supply["INT1"] == 6
    refused(g, A.OffensiveIntercept(1, "1 Kilo", "INT1", "UAS-1", 1), "7.02", "one CV per Core Action")
    assert _offers(g) == []


def test_7_59_refusals_name_their_rule():
    g = _uas_on_the_map()
    g.apply(A.Move(1, ("I-5", "H-5", "G-5")))
    refused(g, A.OffensiveIntercept(2, "1 Anna", "INT1", "UAS-1", 1), "7.59", "Move and/or Initiate Combat")
    refused(g, A.OffensiveIntercept(1, "1 Anna", "INT1", "UAS-1", 1), "3.36")
    refused(g, A.OffensiveIntercept(1, "1 Kilo", "INT2", "UAS-1", 1), "7.5", "no INTERCEPT value")
    refused(g, A.OffensiveIntercept(1, "1 Kilo", "INT1", "UAS-1", 9), "7.58", "8 INT1")
    refused(g, A.OffensiveIntercept(1, "1 Kilo", "INT1", "UAS-1", 0), "7.55", "no dice")
    e1 = refused(g, A.OffensiveIntercept(1, "1 Kilo", "INT1", "UAS-9", 1), "7.512")
    e2 = refused(g, A.OffensiveIntercept(1, "1 Kilo", "INT1", "RU-1", 1), "7.512")    # the card: no direct INTERCEPT
    assert "name its revealed ISR marker" in e2.reason and "only those may be" in e1.reason


def test_7_59_a_unit_that_intercepted_allocates_no_lrs_in_the_same_action():
    """7.02: one CV per Core Action; the offensive INTERCEPT used 1 Kilo's."""
    g = _uas_on_the_map(forced=[20])
    g.apply(A.Move(1, ("I-5", "H-5", "G-5")))
    g.apply(A.OffensiveIntercept(1, "1 Kilo", "INT1", "UAS-1", 1))
    refused(g, A.CommitCombat(ga=(A.GroundAssault("1 Kilo", "1 Tanya", 1),)), "7.02")


def test_7_59_the_other_team_reads_the_same_lines():
    """Nothing in an offensive INTERCEPT is secret: the unit reveals itself (7.511), the target
    is a revealed enemy marker; RU reads every line of it."""
    from lcb_lab.games.lcb.observer import redact_log
    g = _uas_on_the_map(forced=[7])
    g.apply(A.Move(1, ("I-5", "H-5", "G-5")))
    n = len(g.state.log)
    g.apply(A.OffensiveIntercept(1, "1 Kilo", "INT1", "UAS-1", 1))
    ru = [e["title"] for e in redact_log(g.state.log[n:], "RU")]
    assert "Offensive INTERCEPT: 1 Kilo -> UAS-1: 1 hit" in ru


# ---------------------------------------------------------------- 7.510 ex. 2: offensive BMD
SAT = "Space Satellites"


def _satellites(forced):
    """7.510 ex. 2: Jack (RU) plays Space Satellites at Alpha; Winston's THAAD (Attached to Alpha,
    BMD INT 14) fails its free defensive BMD INTERCEPT; the satellites' own roll fails and the
    card is flipped (expended, 9.2)."""
    g = lcb_lab.situation(units={"Alpha": {"type": "usmc_infantry_platoon", "hex": "E-5", "face_up": True},
                                 "Ivan": {"type": "runi_naval_infantry_platoon", "hex": "H-8"}},
                          cards={"US": [{"name": "THAAD", "attach_to": "Alpha"}], "RU": [SAT]},
                          forced=list(forced), initiative="RU")
    g.apply(A.BeginImpulse("TF Red"))
    g.apply(A.Declare((A.CoreAction("play_jcc", (), jcc=SAT),)))
    g.apply(A.PlayCard(SAT, "A", targets=("Alpha",), action=1))
    g.apply(A.AnswerCards(card_intercepts=(A.CardIntercept("Alpha", "INT2", 2),)))   # free, defensive: misses
    return g


def test_7_510_ex2_offensive_bmd_removes_the_expended_satellites():
    g = _satellites([18, 19, 15, 3, 9])          # BMD 18, 19 miss (14); satellites 15 > 12 fail; then 3, 9 hit
    sat = next(c for c in g.state.cards.values() if c.name == SAT)
    thaad = next(c for c in g.state.cards.values() if c.name == "THAAD")
    assert (sat.where, sat.expended, sat.cubes, sat.face_up) == ("deployed", True, 0, True)
    assert thaad.supply["INT2"] == 2
    g.apply(A.EndImpulse())
    g.apply(A.BeginImpulse("TF Blue"))
    g.apply(A.Declare((A.CoreAction("move_combat", ("Alpha",)),)))
    assert g.state.impulse.ap == 2                                            # the one AP it costs (7.59)
    a = A.OffensiveIntercept(1, "Alpha", "INT2", sat.cid, 2)
    assert a in _offers(g)
    step = g.chance_outcomes(a)[0]
    assert step.rule == "7.510" and dict(step.outcomes)[(2,)] == 0.7 * 0.7
    g.apply(a)
    assert (sat.where, sat.cubes) == ("discarded", 2)                        # 2 hits remove it (9.04)
    assert thaad.supply["INT2"] == 0 and g.pending is None
    assert "Offensive BMD INTERCEPT: Alpha -> Space Satellites: 2 hits" in [e["title"] for e in g.state.log]


def test_7_510_only_bmd_engages_the_satellites_and_bmd_engages_nothing_else():
    g = lcb_lab.situation(units={"Alpha": {"type": "usmc_infantry_platoon", "hex": "E-5"},
                                 "1 Kilo": {"type": "usmc_iamd_section", "hex": "E-5"},
                                 "1 Tanya": {"type": "runi_mlrs_section", "hex": "B-5"}},
                          cards={"US": [{"name": "THAAD", "attach_to": "Alpha"}],
                                 "RU": [{"name": SAT, "where": "deployed", "face_up": True, "expended": True},
                                        {"name": UAS, "attach_to": "1 Tanya"}]},
                          forced=[5], initiative="RU")
    g.apply(A.BeginImpulse("TF Red"))
    g.apply(A.Declare((A.CoreAction("play_jcc", (), jcc=UAS),)))
    g.apply(A.PlayCard(UAS, "A", hex="F-5", action=1))
    g.apply(A.Answer())
    g.apply(A.EndImpulse())
    g.apply(A.BeginImpulse("TF Blue"))
    g.apply(A.Declare((A.CoreAction("move_combat", ("Alpha", "1 Kilo")),)))
    sat = next(c for c in g.state.cards.values() if c.name == SAT)
    refused(g, A.OffensiveIntercept(1, "1 Kilo", "INT1", sat.cid, 1), "7.510", "only by BMD")
    refused(g, A.OffensiveIntercept(1, "Alpha", "INT2", "UAS-1", 1), "7.510", "BMD INTERCEPT engages only")
    assert {(a.interceptor, a.target) for a in _offers(g)} == {("Alpha", sat.cid), ("1 Kilo", "UAS-1")}


# ---------------------------------------------------------------- 12.24: INTERCEPT of an LRS on a transport marker
def _katie_intercepted(forced):
    """12.24 ex. (Katie), with the US answering: the LRS on the revealed LCU marker may be INTERCEPTed
    like any LRS (7.53): LHA 8 (INT1 CV 8, range 1, infinite) is 1 hex from the marker, no farther
    than DDG-101."""
    from lcb_lab.games.lcb.content.worked import ch12
    from lcb_lab.games.lcb.content.worked.ch12 import water_path
    g, lcu = ch12._amphib_game("Amphibious: LCU", "D-8",
                               {**ch12.infantry(2, host="LHA 8"), "DDG-101": {"type": "rubf_ddg", "hex": "E-17"}},
                               forced=list(forced))
    g.apply(A.BeginImpulse("TF Blue"))
    g.apply(A.Declare((A.CoreAction("move_embarked_jcc", ("LHA 8",), jcc="Amphibious: LCU"),)))
    g.apply(A.PlayCard(lcu, "A", ("1 Inf", "2 Inf"), "E-8", action=1))
    m = ch12._marker(g, lcu)
    g.apply(A.EndImpulse())
    g.apply(A.BeginImpulse("TF Red"))
    g.apply(A.Declare((A.CoreAction("move_combat", ("DDG-101",)),)))
    g.apply(A.Move(1, tuple(water_path(g, "E-17", m.hex)[:5])))
    g.apply(A.CommitCombat(lrs=(A.LrsAttack("DDG-101", "LRS1", m.mid, 2),)))
    return g, m.mid


def test_12_24_the_lrs_on_a_revealed_transport_marker_may_be_intercepted():
    g, mid = _katie_intercepted([3, 15, 6, 19])        # Katie's 3 hits, 15 misses (as printed); LHA 8: 6 hits
    ch = g.pending
    assert ch.kind == "intercept" and ch.team == "US"
    t = ch.options.targets[0]
    assert t.target == mid and [(o.uid, o.eligible) for o in t.interceptors] == [("LHA 8", True)]
    g.apply(A.AnswerIntercept(intercepts=(A.Intercept("LHA 8", "INT1", mid, 2),)))
    step = g.chance_outcomes()
    assert step.rule == "12.24" and abs(sum(p for _, p in step.outcomes) - 1) < 1e-9
    g.apply(A.ResolveCombat())
    assert mid in g.state.card_markers and not g.state.units["1 Inf"].destroyed      # the hit was intercepted
    net = next(e for e in g.state.log if e["title"] == f"Net LRS on {mid}")
    assert net["text"] == "1 LRS hit - 1 intercepted = 0 hit(s) on the marker"
    assert any(e["title"] == f"Odds before rolling: LRS on {mid}" for e in g.state.log)


def test_12_24_the_example_as_printed_the_us_declines_and_the_marker_is_lost():
    from lcb_lab.games.lcb.content.worked import ch12
    ex = ch12.ex_12_24()
    assert ex.ids["marker"] not in ex.game.state.card_markers
    assert any("it does not, as in the text" in x for x in ex.lines)


# ---------------------------------------------------------------- 7.54 ex. 1 and 7.510 ex. 1 (defensive, for the section)
def test_7_54_ex1_intercept_dice_allocated_per_attack_and_spent_though_every_lrs_misses():
    """7.54 ex.: one platoon under 3 LRS attacks, another under 4; 4 INTERCEPT dice against the
    first, 5 against the second, announced before any roll; every LRS misses, and the INTERCEPT
    supply is spent all the same (7.58).  Two IAMD sections answer (one per platoon: 5 dice exceed
    the 4 an infinite supply allows, so tracked supply, 8 each)."""
    g = lcb_lab.situation([("S1", "runi_coastal_missile_section", "F-3", "TF Red"),
                           ("S2", "runi_coastal_missile_section", "H-3", "TF Red"),
                           ("P1", "usmc_infantry_platoon", "F-6", "TF Blue", True),
                           ("P2", "usmc_infantry_platoon", "H-6", "TF Blue", True),
                           ("Kilo", "usmc_iamd_section", "F-7", "TF Blue"),
                           ("Kilo2", "usmc_iamd_section", "H-7", "TF Blue")],
                          initiative="RU", forced=[20, 19, 18, 1, 2, 3, 4, 20, 19, 18, 17, 5, 6, 7, 8, 9])
    g.apply(A.BeginImpulse("TF Red"))
    g.apply(A.Declare((A.CoreAction("move_combat", ("S1",)), A.CoreAction("move_combat", ("S2",)))))
    g.apply(A.CommitCombat(lrs=(A.LrsAttack("S1", "LRS1", "P1", 3), A.LrsAttack("S2", "LRS1", "P2", 4))))
    assert g.pending.kind == "intercept"                       # announced before any roll (7.54)
    g.apply(A.AnswerIntercept(intercepts=(A.Intercept("Kilo", "INT1", "P1", 4), A.Intercept("Kilo2", "INT1", "P2", 5))))
    assert (g.unit("Kilo").supply["INT1"], g.unit("Kilo2").supply["INT1"]) == (4, 3)      # spent at once (7.58)
    g.apply(A.ResolveCombat())
    assert g.unit("P1").hp == g.unit("P2").hp == g.utype("P1").hp                          # every LRS missed
    rolls = [e["data"]["dice"] for e in g.state.log if e["kind"] == "intercept_roll"]
    assert rolls == [[1, 2, 3, 4], [5, 6, 7, 8, 9]]                                        # both rolled


def test_7_510_ex1_aegis_bmd_stops_every_iskander_hit():
    """7.510 ex. 1: Joan's "Ballistic: Iskander" (3 dice at CV 14) at Sherlock's platoon; Sherlock
    reveals his destroyer with the Aegis BMD card and allocates its BMD dice; the rolls: Iskander
    2, 5, 9 (3 hits), Aegis 1, 3, 7, 16 (3 successes at 14): no HP damage.  Its ordinary INT1
    may not answer a ballistic LRS."""
    g = lcb_lab.situation(units={"Alpha": {"type": "usmc_infantry_platoon", "hex": "E-5", "face_up": True},
                                 "DDG(X)-106": {"type": "usn_ddg_x", "hex": "G-5"},
                                 "Ivan": {"type": "runi_naval_infantry_platoon", "hex": "B-2"}},
                          naval=["G-4", "G-5", "G-6"],
                          cards={"US": [{"name": "Aegis Ballistic Missile Defense", "attach_to": "DDG(X)-106"}],
                                 "RU": ["Ballistic: Iskander"]},
                          forced=[2, 5, 9, 1, 3, 7, 16], initiative="RU")
    g.apply(A.BeginImpulse("TF Red"))
    g.apply(A.Declare((A.CoreAction("play_jcc", jcc="Ballistic: Iskander"),)))
    g.apply(A.PlayCard("Ballistic: Iskander", targets=("Alpha",), action=1))
    while g.pending is not None:                           # the card's own window: nothing to answer it with
        g.apply(A.Answer())
    g.apply(A.CommitCombat())
    t = g.pending.options.targets[0].attacks[0]
    ok = {o.slot.rsplit(":", 1)[-1]: o for o in t.interceptors if o.uid == "DDG(X)-106"}
    assert ok["INT2"].eligible and not ok["INT1"].eligible and "only BMD" in ok["INT1"].reason
    refused(g, A.AnswerIntercept(intercepts=(A.Intercept("DDG(X)-106", "INT1", "Alpha", 3),)), "7.53", "only BMD")
    g.apply(A.AnswerIntercept(intercepts=(A.Intercept("DDG(X)-106", ok["INT2"].slot, "Alpha", 4),)))
    assert g.unit("DDG(X)-106").revealed                       # Sherlock reveals the naval unit (7.511)
    g.apply(A.ResolveCombat())
    assert g.unit("Alpha").hp == g.utype("Alpha").hp
    net = next(e for e in g.state.log if e["title"] == "Net LRS on Alpha")
    assert net["text"].startswith("3 LRS hits - 3 intercepted = 0 HP")
