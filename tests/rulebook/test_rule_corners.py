"""Corners of numbered rules whose main cases are tested elsewhere: the Initiative Check taken
by the team without the initiative (3.04, 3.42, a submarine kill counted), a card's hex type in a
mixed hex (5.11), ZORs beside a deployed Signals Management (6.24) and the ``influence`` card
effect (15.24). Every roll is forced; every assertion is a value the rule's text gives."""
import json

import pytest

from lcb_lab import situation
from lcb_lab.games.lcb import actions as A
from lcb_lab.games.lcb.content.worked import ch14
from lcb_lab.games.lcb.model.cards import Decks, load_decks
from lcb_lab.kernel.errors import IllegalAction
from tests.conftest import lrs_impulse, pass_impulse

B, R = "TF Blue", "TF Red"
TFS = {B: "US", R: "RU"}


def refused(g, action, rule):
    before = json.dumps(g.state.to_dict(), sort_keys=True)
    with pytest.raises(IllegalAction) as e:
        g.apply(action)
    assert e.value.rule == rule, e.value
    assert json.dumps(g.state.to_dict(), sort_keys=True) == before
    return e.value


# ------------------------------------------------------------------ 3.04 / 3.42
def _duel(forced):
    """US (initiative) and RU each fire 4 LRS dice from a Msta / HIMARS at an enemy infantry
    platoon (2 HP) in the open; the forced dice decide who kills."""
    return situation([("HIMARS", "usmc_himars_section", "F-2", B, True), ("1 Alpha", "usmc_infantry_platoon", "F-6", B, True),
                      ("Msta", "runi_cannon_artillery", "F-8", R, True), ("1 Anna", "runi_naval_infantry_platoon", "F-5", R, True)],
                     task_forces=TFS, initiative="US", forced=forced)


def test_3_04_the_team_without_the_initiative_seizes_it_by_destroying_more_units():
    """3.04 / 3.42: RU, without the initiative, destroys 1 Alpha (2 hits) while the US misses
    everything: RU destroyed more units, so RU has the initiative next turn (and the meter moves
    one space toward it, 15.21)."""
    g = _duel([20, 20, 20, 20,  1, 1, 20, 20])
    lrs_impulse(g, B, "HIMARS", "1 Anna", 4)
    assert not g.state.units["1 Anna"].destroyed
    lrs_impulse(g, R, "Msta", "1 Alpha", 4)
    assert g.state.units["1 Alpha"].destroyed
    assert g.state.turn == 2 and g.state.initiative == "RU"
    line = next(e for e in reversed(g.log) if e["kind"] == "initiative")
    assert line["text"].startswith("US destroyed 0, RU destroyed 1") and line["text"].endswith("RU seizes the initiative")
    assert g.state.influence == -1


def test_3_04_one_kill_each_is_a_tie_and_the_holder_keeps_the_initiative():
    """3.04: both teams destroy one unit: tied, so the initiative stays with the US, its holder."""
    g = _duel([1, 1, 20, 20,  1, 1, 20, 20])
    lrs_impulse(g, B, "HIMARS", "1 Anna", 4)
    lrs_impulse(g, R, "Msta", "1 Alpha", 4)
    assert g.state.units["1 Anna"].destroyed and g.state.units["1 Alpha"].destroyed
    assert g.state.turn == 2 and g.state.initiative == "US" and g.state.influence == 0


def test_3_42_a_submarine_destroyed_counts_toward_seizing_the_initiative():
    """3.42: submarines count. The US submarine Victor attacks two RU DDGs; the DDGs' defensive
    ASW (10 or less, 14.12) destroys it before it fires. RU destroyed one unit, the US none:
    RU, without the initiative, seizes it."""
    g, _ = ch14.victor(detects=(15, 6), asw=10, torpedoes=(1, 1))
    assert g.state.initiative == "US"
    assert g.state.units["Victor"].destroyed and g.state.kills == {"US": 0, "RU": 1}
    g.apply(A.EndImpulse())
    pass_impulse(g, R)
    assert g.state.turn == 2 and g.state.initiative == "RU"


# ------------------------------------------------------------------ 5.11
def test_5_11_a_card_for_naval_hexes_takes_only_the_naval_units_of_a_mixed_hex():
    """5.11: for a JCC a mixed hex is land and naval, but the card targets only the units of its
    hex type. P-8A's option A reveals naval units: aimed at a mixed hex holding a concealed RU ship and a
    concealed RU infantry platoon it reveals the ship only; naming a revealed RU platoon of the hex
    is refused under 5.11."""
    g = situation([("Inf", "usmc_infantry_platoon", "B-2", B), ("Ship", "rubf_ddg", "F-6", R),
                   ("1 Anna", "runi_naval_infantry_platoon", "F-6", R, True),
                   ("2 Anna", "runi_naval_infantry_platoon", "F-6", R)],
                  task_forces=TFS, mixed=["F-6"], naval_zor=False, forced=[1],
                  cards={"US": ["P-8A: Surveillance"]})
    g.apply(A.BeginImpulse(B))
    g.apply(A.Declare((A.CoreAction("play_jcc", jcc="P-8A: Surveillance"),)))
    e = refused(g, A.PlayCard("P-8A: Surveillance", targets=("1 Anna",), action=1), "5.11")
    assert "targets naval units only" in e.reason and e.reason.endswith("1 Anna is not one")
    g.apply(A.PlayCard("P-8A: Surveillance", hex="F-6", action=1))
    while g.pending is not None and g.pending.team == "RU":
        g.apply(A.AnswerCards())
    assert g.state.units["Ship"].revealed
    assert not g.state.units["2 Anna"].revealed


# ------------------------------------------------------------------ 6.24
def test_6_24_a_deployed_signals_management_does_not_stop_a_ground_or_naval_zor():
    """6.24: SIGMAN does not negate ZORs. RU has Signals Management deployed face up and unused;
    a US stack's ground ZOR (6.21) reveals the RU platoon next to it and a US ship's naval ZOR
    (6.23) reveals the RU ship within 5 hexes: no response window opens, the card stays unused."""
    sea = [f"{c}-{r}" for c in "IJK" for r in range(1, 13)]
    g = situation([("1 Alpha", "usmc_infantry_platoon", "F-8", B), ("E1", "runi_naval_infantry_platoon", "G-5", R),
                   ("DDG", "usn_ddg_51", "J-12", B), ("Enemy", "rubf_ddg", "J-2", R)],
                  task_forces=TFS, naval=sea,
                  cards={"RU": [{"name": "Signals Management", "where": "deployed", "face_up": True}]})
    sig = next(c for c in g.state.cards.values() if c.name == "Signals Management")
    g.apply(A.BeginImpulse(B))
    g.apply(A.Declare((A.CoreAction("move_combat", ("1 Alpha",)), A.CoreAction("move_combat", ("DDG",)))))
    g.apply(A.Move(1, ("F-7", "F-6")))
    g.apply(A.ExerciseZor(1, "G-5"))
    assert g.pending is None and g.state.units["E1"].revealed
    g.apply(A.Move(2, ("J-11", "J-10", "J-9", "J-8", "J-7")))     # J-7 is 5 hexes from J-2
    assert g.pending is None
    assert g.state.units["Enemy"].revealed and g.state.units["DDG"].revealed
    assert (sig.where, sig.expended) == ("deployed", False)


# ------------------------------------------------------------------ 15.24
def _meter_game(influence, forced, n=1):
    d = load_decks()
    ct = d.card("US", "Strategic Messaging")
    eff = ct.effects[0].model_copy(update={"args": {"n": n}})
    decks = Decks(cards=dict(d.cards, US=dict(d.cards["US"], **{ct.name: ct.model_copy(update={"effects": (eff,)})})))
    g = situation([("Inf", "usmc_infantry_platoon", "F-6", B), ("Anna", "runi_naval_infantry_platoon", "H-6", R)],
                  task_forces=TFS, influence=influence, forced=forced, decks=decks,
                  cards={"US": ["Strategic Messaging"], "RU": ["Social Media Exploitation"]})
    return g


def _play(g, tf, name, option="A"):
    g.apply(A.BeginImpulse(tf))
    g.apply(A.Declare((A.CoreAction("play_jcc", jcc=name),)))
    g.apply(A.PlayCard(name, option=option, action=1))
    while g.pending is not None:
        g.apply(A.AnswerCards())
    g.apply(A.EndImpulse())


def test_15_24_a_card_effect_moves_the_meter_by_its_amount_on_a_success():
    """15.24: the meter moves at once by the card's amount, toward the playing team, only on a
    success: a 2-space variant of Strategic Messaging (US, succeeds on 10 or less) rolls 10 and
    moves +1 -> +3; RU's Social Media Exploitation option B (8 or less) rolls 9 and moves nothing."""
    g = _meter_game(1, [10, 9], n=2)
    _play(g, B, "Strategic Messaging")
    assert g.state.influence == 3
    moves = [e for e in g.log if e["kind"] == "influence"]
    assert [m["rules"] for m in moves] == [["15.24"], ["15.24"]]
    _play(g, R, "Social Media Exploitation", option="B")
    assert g.state.influence == 3


def test_15_24_the_card_move_stops_at_the_end_of_the_meter_and_counts_toward_ru_too():
    """15.24 with the meter's ends (10 spaces toward a team, 1.1): at +9 a 2-space move reaches
    +10 and stops; RU's Social Media Exploitation B rolling 8 moves it one space toward RU."""
    g = _meter_game(9, [1, 8], n=2)
    _play(g, B, "Strategic Messaging")
    assert g.state.influence == 10
    _play(g, R, "Social Media Exploitation", option="B")
    assert g.state.influence == 9


# ------------------------------------------------------------------ 9.22 / 9.23
def test_9_23_a_persistent_nullify_on_its_own_impulse_1_ap_the_first_time_then_free_once_a_turn():
    """9.23 (Persistent and NULLIFY), 9.45 bullet 3, 9.41: the US Signals Management, from the
    pool, paid by Play a JCC #1 (1 AP), NULLIFYs RU's deployed Space Satellites on a roll of 5
    (12 or less): the satellites are expended, Signals Management is deployed and expended. Next
    turn it NULLIFYs them again for free (0 AP, roll 12); a second use that turn is refused."""
    from tests.rulebook.test_ch9_own_impulse import begin, game
    g, c = game({"sig": ("US", "Signals Management", "pool"), "sat": ("RU", "Space Satellites", "deployed")},
                forced=[5, 12])
    begin(g, B, "Signals Management")
    g.apply(A.PlayCard(c["sig"], "A", (c["sat"],), None, 1))
    sig, sat = g.state.cards[c["sig"]], g.state.cards[c["sat"]]
    assert g.impulse.ap == 2
    assert (sig.where, sig.deployed, sig.expended) == ("deployed", True, True)
    assert (sat.where, sat.expended) == ("deployed", True)
    played = next(e for e in g.state.log if e["title"] == "JCC played: Signals Management")
    assert "9.41" in played["rules"] and "(1 AP, action #1)" in played["text"]
    g.apply(A.EndImpulse())
    pass_impulse(g, R)
    assert g.state.turn == 2 and not sig.expended and not sat.expended
    g.apply(A.BeginImpulse(B))
    g.apply(A.Declare())
    g.apply(A.PlayCard(c["sig"], "A", (c["sat"],)))            # free: no declared action
    assert g.impulse.ap == 3 and sig.expended and sat.expended
    assert g.dice.forced_left == 0
    e = refused(g, A.PlayCard(c["sig"], "A", (c["sat"],)), "9.21")
    assert "is expended: a Persistent card is used once a turn" in e.reason


# ------------------------------------------------------------------ 9.33
def test_9_33_a_card_that_modifies_a_cv_needs_a_host_with_that_cv_and_its_supply_stays_within_the_original():
    """9.33: an Attached card that modifies a unit's CV can be attached only to a host that has
    that CV: T-14 Tank: Unmanned (+4 GA supply, a sandbox value) is refused on Ivan Co, a
    logistics company without GA, and taken by 1 Anna (GA 10 -> 14, 2 CP spent). Resupplied, its
    supply never exceeds that original 14: from 9, +6 is refused (8.02), +5 fills it."""
    g = situation([("1 Anna", "runi_naval_infantry_platoon", None, R), ("Ivan Co", "runi_logistics_company", None, R),
                   ("1 Alpha", "usmc_infantry_platoon", None, B)],
                  stage="planning", cp={"US": 5, "RU": 5}, task_forces=TFS)
    e = refused(g, A.BuyCard("RU", "T-14 Tank: Unmanned", attach_to="Ivan Co"), "9.33")
    assert e.reason == "T-14 Tank: Unmanned modifies GA, which Ivan Co does not have"
    g.apply(A.BuyCard("RU", "T-14 Tank: Unmanned", attach_to="1 Anna"))
    assert g.state.units["1 Anna"].supply == {"GA": 14} and g.state.cp["RU"] == 3

    g = situation([("1 Anna", "runi_naval_infantry_platoon", "F-6", R), ("Ivan Co", "runi_logistics_company", "F-7", R),
                   ("1 Alpha", "usmc_infantry_platoon", "B-2", B)], task_forces=TFS, initiative="RU",
                  cards={"RU": [{"name": "T-14 Tank: Unmanned", "attach_to": "1 Anna"}]})
    anna = g.state.units["1 Anna"]
    assert anna.supply == {"GA": 14}
    anna.supply = {**anna.supply, "GA": 9}   # set up: 5 GA dice spent earlier
    g.apply(A.BeginImpulse(R))
    g.apply(A.Declare((A.CoreAction("move_resupply", ("Ivan Co",)),)))
    e = refused(g, A.Resupply(1, "Ivan Co", "RV1", (A.Grant("1 Anna", "GA", 6),)), "8.02")
    assert e.reason == "1 Anna would have 15 GA supply, above its starting 14"
    g.apply(A.Resupply(1, "Ivan Co", "RV1", (A.Grant("1 Anna", "GA", 5),)))
    assert anna.supply == {"GA": 14}


# ------------------------------------------------------------------ 9.09
def test_9_09_a_nullify_answers_only_the_categories_it_names():
    """9.09: categories tie cards together. The US Tactical Cyber Defenses NULLIFYs tactical cyber
    cards: against RU's High Altitude Balloons (ISR, not cyber) it is not offered and an answer
    with it is refused under 9.09; against RU's Tactical Cyber Attack it is offered, rolls 5
    (11 or less) and NULLIFYs it. A NULLIFY of a cyber card adds no cube to either network (7.61)."""
    from lcb_lab.games.lcb.content.passes import pass_empty_windows
    from tests.rulebook.test_ch9_chains import resp
    from tests.rulebook.test_ch9_own_impulse import begin, game
    g, c = game({"tcd": ("US", "Tactical Cyber Defenses", "pool"), "hab": ("RU", "High Altitude Balloons", "pool"),
                 "tca": ("RU", "Tactical Cyber Attack", "pool")}, forced=[5, 5])
    begin(g, R, "High Altitude Balloons", "Tactical Cyber Attack")
    g.apply(A.PlayCard(c["hab"], "A", ("Alpha",), None, 1))
    assert g.pending.team == "US" and g.pending.options.cards == ()
    e = refused(g, A.AnswerCards(responses=(resp(c["tcd"], c["hab"]),)), "9.09")
    assert e.reason == ("the effect answers only cards of the tactical_cyber category; "
                        "High Altitude Balloons's categories: isr")
    g.apply(A.AnswerCards())
    pass_empty_windows(g)
    g.apply(A.PlayCard(c["tca"], "A", ("Alpha",), None, 2))
    assert [o.cid for o in g.pending.options.cards] == [c["tcd"]]
    g.apply(A.AnswerCards(responses=(resp(c["tcd"]),)))
    pass_empty_windows(g)
    assert (g.state.cards[c["tca"]].where, g.state.cards[c["tcd"]].where) == ("discarded", "discarded")
    assert any(x["title"] == "Tactical Cyber Attack (RU) is stopped (nullified)" for x in g.state.log)
    assert g.state.network_cubes == {"US": 0, "RU": 0}


# ------------------------------------------------------------------ 13.38
def test_13_38_mines_at_the_embarkation_point_trigger_and_a_blocked_sea_triggers_only_the_mines_on_the_way():
    """13.38 for the LCU-2000 sailing from I-5 to the port I-18 (no marker): an RU mine at the
    point of embarkation is triggered; the own team's mines never are (13.36); when RU mines
    close every water path (the whole water row 10), only the mine on the shortest path (I-10)
    is triggered, not the other eight of the row."""
    from lcb_lab.games.lcb.model.state import CardMarker
    from lcb_lab.games.lcb.rules.transport.reinforcements import mines_on_the_way
    from tests.rulebook.test_ch12_transport import _sealift_game
    g, _ = _sealift_game()
    ctx, marks = g._ctx(), g.state.card_markers
    marks["M-EMB"] = CardMarker("M-EMB", "mine", "RU", "RU-1", "I-5")
    marks["M-OWN"] = CardMarker("M-OWN", "mine", "US", "US-1", "I-18")
    assert [m.mid for m in mines_on_the_way(ctx, "US", "I-5", "I-18")] == ["M-EMB"]
    del marks["M-EMB"]
    row = ["A-10", "B-10", "C-10", "D-10", "E-10", "F-10", "G-10", "H-10", "I-10"]
    for h in row:
        marks[f"M-{h}"] = CardMarker(f"M-{h}", "mine", "RU", "RU-1", h)
    assert [m.hex for m in mines_on_the_way(ctx, "US", "I-5", "I-18")] == ["I-10"]
    del marks["M-A-10"]                      # a way round by A-10: nothing is triggered
    assert mines_on_the_way(ctx, "US", "I-5", "I-18") == []
