"""Optional rule 17.1, the Interoperability Network: both printed EXAMPLES with forced dice, the
cube table, the first Planning Stage's attempts, National Markers, RESUPPLY across nations and
what the other team may know.  Nations and cubes are sandbox values (the card is not in the box,
17.1; rules/optional/interoperability.py)."""
import json

import pytest

from lcb_lab.games.lcb import actions as A
from lcb_lab.games.lcb import observer
from lcb_lab.games.lcb.content import optional_interop
from lcb_lab.games.lcb.content.worked.ch14 import B, R, sea
from lcb_lab.games.lcb.rules.optional import interoperability as interop
from lcb_lab.kernel.errors import IllegalAction
from lcb_lab.kernel.explain import render


def refused(g, action, rule):
    before = json.dumps(g.state.to_dict(), sort_keys=True)
    dice = g.dice.state()
    with pytest.raises(IllegalAction) as e:
        g.apply(action)
    assert e.value.rule == rule, e.value
    assert json.dumps(g.state.to_dict(), sort_keys=True) == before
    assert g.dice.state() == dice
    return str(e.value)


def text(g, team="instructor"):
    return "\n".join(render(e) for e in g.log_entries(team))


def test_17_1_cube_table_0_2_4_6_8():
    assert [interop.penalty(n) for n in (1, 2, 3, 4, 5)] == [0, -2, -4, -6, -8]


def test_17_1_example_1_liz_reveals_david_lrs_14_to_10_with_3_cubes():
    """Liz's card reveals the ship (US National Marker); David (UK) fires LRS 14 -> 10: a roll of
    10 hits, 11 misses: 1 HP."""
    g = optional_interop.liz_and_david(lrs=(10, 11))
    assert g.state.optional_data["interop"]["flags"] == {"DDG-605": ["US"]}
    log = text(g)
    assert "National Markers placed: US on DDG-605" in log
    assert "CV 14, Interoperability Network (3 cubes): DDG-605 revealed by US, not UK -4 (17.1) -> 10; rolled 10*, 11 " \
           "needing 10 or less: 1 hit" in log
    assert "David 2 dice at 10" in log                 # the odds before the roll use the reduced value
    assert g.state.units["DDG-605"].hp == 1


def test_17_1_a_target_with_the_shooters_own_marker_or_one_cube_is_resolved_as_normal():
    g = optional_interop.liz_and_david(lrs=(14, 15), cubes=1)      # 1 cube: no effect
    assert "CV 14; rolled 14*, 15 needing 14 or less: 1 hit" in text(g)
    g = optional_interop.liz_and_david(commit=False)
    g.state.units["David"].uid                                     # David is UK; a US shooter is not reduced
    g.state.optional_data["interop"]["nations"].clear()
    g.apply(A.CommitCombat((A.LrsAttack("David", "LRS1", "DDG-605", 2),)))
    while g.pending is not None:
        g.apply(A.Answer())
    g.apply(A.ResolveCombat())
    assert "LRS: David -> DDG-605: CV 14; rolled 10*, 11* needing 14 or less: 2 hits" in text(g)


def test_17_1_example_2_rachel_intercepts_for_mori_13_to_7_with_4_cubes():
    g = optional_interop.rachel_and_mori(intercept=(7, 8))
    log = text(g)
    assert "INTERCEPT: Rachel for Mori: CV 13, Interoperability Network (4 cubes): US INTERCEPT in defense of JP's " \
           "Mori -6 (17.1) -> 7; rolled 7*, 8 needing 7 or less: 1 hit" in log
    assert "INTERCEPT Rachel 2 dice at 7" in log                    # exact odds before the roll


def test_17_1_intercept_for_the_own_nation_is_normal():
    g = sea({"Rachel": {"type": "usn_ddg_51", "hex": "D-5", "face_up": True},
             "Mori": {"type": "usn_ddg_51", "hex": "D-6", "face_up": True},
             "DDG-605": {"type": "rubf_ddg", "hex": "H-10", "face_up": True}},
            optional_rules=["17.1"], interop_cubes={"US": 4}, initiative="RU", forced=[20, 13, 14])
    g.apply(A.BeginImpulse(R))
    g.apply(A.Declare((A.CoreAction("move_combat", ("DDG-605",)),)))
    g.apply(A.CommitCombat((A.LrsAttack("DDG-605", "LRS1", "Mori", 1),)))
    g.apply(A.AnswerIntercept(intercepts=(A.Intercept("Rachel", "INT1", "Mori", 2),)))
    g.apply(A.ResolveCombat())
    assert "INTERCEPT: Rachel for Mori: CV 13; rolled 13*, 14 needing 13 or less: 1 hit" in text(g)


def test_17_1_the_rule_off_changes_nothing():
    g = sea({"David": {"type": "usn_ddg_51", "hex": "A-1", "nation": "UK"}, "DDG-605": ("rubf_ddg", "H-10", R)},
            interop_cubes={"US": 5})
    assert interop.lrs_modifiers(g.state, "UK", "US", g.state.units["DDG-605"]) == []
    assert not interop.active(g.state)


def test_17_1_national_markers_leave_a_unit_that_conceals():
    g = optional_interop.liz_and_david(commit=False)
    assert g.state.optional_data["interop"]["flags"] == {"DDG-605": ["US"]}
    g.apply(A.EndImpulse())
    g.apply(A.BeginImpulse(R))
    g.apply(A.Declare((A.CoreAction("move_conceal", ("DDG-605",)),)))
    g.apply(A.Conceal(1))
    assert g.state.optional_data["interop"]["flags"] == {}
    assert "National Markers removed" in text(g)


def test_17_1_ground_zor_marks_with_the_stacks_nation():
    g = sea({"Tommy": {"type": "usmc_infantry_platoon", "hex": "J-5", "nation": "UK"},
             "1 Anna": ("runi_naval_infantry_platoon", "J-6", R)},
            optional_rules=["17.1"], interop_cubes={"US": 2}, check_terrain=False)
    g.apply(A.BeginImpulse(B))
    g.apply(A.Declare((A.CoreAction("move_conceal", ("Tommy",)),)))
    g.apply(A.ExerciseZor(1, "J-6"))
    assert g.state.optional_data["interop"]["flags"] == {"1 Anna": ["UK"]}


def test_17_1_logistics_resupply_only_their_own_nation():
    g = sea({"Log": ("usmc_logistics_company", "J-5", B), "Tommy": {"type": "usmc_himars_section", "hex": "J-6",
             "nation": "UK", "supply": {"LRS1": 0}}, "Sam": {"type": "usmc_himars_section", "hex": "J-6",
                                                             "supply": {"LRS1": 0}}},
            optional_rules=["17.1"], interop_cubes={"US": 2}, check_terrain=False)
    g.apply(A.BeginImpulse(B))
    g.apply(A.Declare((A.CoreAction("move_resupply", ("Log",)),)))
    refused(g, A.Resupply(1, "Log", "RV1", (A.Grant("Tommy", "LRS1", 1),)), "17.1")
    g.apply(A.Resupply(1, "Log", "RV1", (A.Grant("Sam", "LRS1", 1),)))
    assert g.state.units["Sam"].supply["LRS1"] == 1


# ---------------------------------------------------------------- the first Planning Stage
def test_17_1_attempt_5_cp_succeeds_on_8_fails_on_9():
    g = optional_interop.staged()
    g.dice.force([8, 9])
    (step,) = g.chance_outcomes(A.InteropAttempt("US"))
    assert step.probability(1) == pytest.approx(0.4)
    assert A.InteropAttempt("US") in g.legal_actions("US")
    g.apply(A.InteropAttempt("US"))
    assert g.state.optional_data["interop"]["cubes"]["US"] == 2 and g.state.cp["US"] == 15
    g.apply(A.InteropAttempt("US"))
    assert g.state.optional_data["interop"]["cubes"]["US"] == 2 and g.state.cp["US"] == 10
    ru = text(g, "RU")
    assert "rolled 9, needs 8 or less (40%): failed, 2 cubes stay" in ru and "CP paid" not in ru   # CP are secret


def test_17_1_attempt_refusals():
    g = optional_interop.staged()
    refused(g, A.InteropAttempt("RU"), "17.1")                  # RU has no network: no cube to remove
    g.state.cp = {**g.state.cp, "US": 4}
    refused(g, A.InteropAttempt("US"), "17.1")                  # fewer than 5 CP
    g = optional_interop.liz_and_david(commit=False)
    refused(g, A.InteropAttempt("US"), "17.1")                  # not in the first Planning Stage


def test_17_1_nations_of_units_the_other_team_cannot_see_are_not_told():
    g = optional_interop.staged()
    assert "interop" not in observer.known_state(g.state, g.catalog, "RU").optional_data
    assert "UK" not in json.dumps(g.view("RU")) and "David" not in json.dumps(g.view("RU"))


def test_17_1_intercept_of_a_card_for_another_nation_is_reduced_too():
    """'INTERCEPT values (including JCCs)': the US DDG INTERCEPTs an RU Combat Air Patrols card
    aimed at the Japanese ship 'Target' (nation sandbox): INT 13 - 6 (4 cubes) = 7, in the
    answer's odds and the roll; 7 hits, 8 misses."""
    from tests.rulebook import test_ch9_chains as ch9
    from lcb_lab.games.lcb.rules.cards import effects as card_effects
    UNITS, answer, game = ch9.UNITS, ch9.answer, ch9.game
    card_effects.EFFECTS["test_effect"] = ch9._effect_fn          # the test decks' effect (as in ch9's fixture)
    try:
        _card_intercept(UNITS, answer, game)
    finally:
        card_effects.EFFECTS.pop("test_effect", None)


def _card_intercept(UNITS, answer, game):
    units = UNITS + [("DDG", "usn_ddg_51", "H-4", B), ("Target", "usn_ddg_51", "H-5", B, True)]
    g, c = game({"cap": ("RU", "Combat Air Patrols", "deployed")}, forced=[4, 7, 8], units=units,
                naval=["H-4", "H-5", "H-6"], optional_rules=["17.1"], interop_cubes={"US": 4})
    g.state.optional_data["interop"]["nations"]["Target"] = "JP"
    g.state.initiative = "RU"
    g.apply(A.BeginImpulse(R))
    g.apply(A.Declare(()))
    g.apply(A.PlayCard(c["cap"], option="B", targets=("Target",)))
    (ddg,) = [o for o in g.pending.options.to_dict()["interceptors"] if o["uid"] == "DDG"]
    assert ddg["p_hit"] == pytest.approx(7 / 20)
    answer(g, intercepts=(A.CardIntercept("DDG", "INT1", 2, to=1),))
    assert "Interoperability Network (4 cubes): US INTERCEPT in defense of JP's Target -6 (17.1) -> 7" in text(g)
    assert "INTERCEPTs Combat Air Patrols (RU): 1 hit" in text(g)


def test_optional_records_survive_save_and_load():
    """The optional rules' records (17.1 network, 17.2 written movement types and expended cards)
    are part of a save, checked and restored."""
    from lcb_lab.games.lcb.content import optional_asw
    from lcb_lab.games.lcb.game import Game
    g = optional_interop.liz_and_david()
    g2 = Game.from_json(g.to_json())
    assert g2.state.optional_data == g.state.optional_data and g2.state.optional_data["interop"]["flags"]
    g = optional_asw.staged()
    g.apply(A.BeginImpulse(B))
    g.apply(A.Declare((A.CoreAction("move_combat", ("SSN",)),)))
    g.apply(A.SubmarineMovement(1, "SSN", "quiet"))
    g.apply(A.ExpendAswCard("US-1", ("G-5",)))
    g2 = Game.from_json(g.to_json())
    assert g2.state.optional_data == g.state.optional_data
    assert g2.state.optional_data["sub_modes"] == {"SSN": "quiet"} and g2.state.optional_data["asw_cards"]


def test_17_1_a_submarines_zor_marks_with_its_nation():
    """14.09 with 17.1: the UK submarine's ZOR reveals the two RU ships in its hex and, with a
    DETECT roll of 12 (the Kilo's DETECT 12), the Kilo next to it: each gets a UK National
    Marker, as a naval or ground ZOR would place one; nothing is marked without the rule."""
    units = {"Jin": {"type": "usn_ssn_virginia", "hex": "E-5", "nation": "UK"},
             "DDG-605": ("rubf_ddg", "E-5", R), "FFG-454": ("rubf_ffg_gorshkov", "E-5", R),
             "Kilo 1": ("rubf_ssk_kilo", "E-6", R)}
    g = sea(units, forced=[12], optional_rules=["17.1"], interop_cubes={"US": 3})
    g.apply(A.BeginImpulse(B))
    g.apply(A.Declare((A.CoreAction("move_combat", ("Jin",)),)))
    g.apply(A.SubmarineZor(1, "Jin"))
    assert g.state.optional_data["interop"]["flags"] == {"DDG-605": ["UK"], "FFG-454": ["UK"], "Kilo 1": ["UK"]}
    assert "National Markers placed: UK on DDG-605, UK on FFG-454, UK on Kilo 1" in text(g)
    g = sea(units, forced=[13], optional_rules=["17.1"], interop_cubes={"US": 3})
    g.apply(A.BeginImpulse(B))
    g.apply(A.Declare((A.CoreAction("move_combat", ("Jin",)),)))
    g.apply(A.SubmarineZor(1, "Jin"))                   # 13 misses the Kilo: no marker on it
    assert g.state.optional_data["interop"]["flags"] == {"DDG-605": ["UK"], "FFG-454": ["UK"]}
    g = sea(units, forced=[12], interop_cubes={"US": 3})
    g.apply(A.BeginImpulse(B))
    g.apply(A.Declare((A.CoreAction("move_combat", ("Jin",)),)))
    g.apply(A.SubmarineZor(1, "Jin"))
    assert g.state.optional_data["interop"]["flags"] == {}


# ---------------------------------------------------------------- the card (a sandbox stand-in)
CARD = "Interoperability Network"


def _to_deployment(attempt_roll=None):
    """The staged game (US: 3 cubes, a UK DDG): an optional attempt in the first Planning Stage
    (forced roll), then both teams end it: the Deployment Stage follows (the card is to play)."""
    g = optional_interop.staged()
    if attempt_roll is not None:
        g.dice.force([attempt_roll])
        g.apply(A.InteropAttempt("US"))
    g.apply(A.EndPlanning("US"))
    g.apply(A.EndPlanning("RU"))
    return g


def test_17_1_the_card_is_a_sandbox_record_given_free_and_never_bought():
    """17.1: the card is in the decks as a sandbox stand-in (0 CP, Deployment Stage); a scenario of
    several nations gives it free into the team pool; buying it is refused."""
    g = optional_interop.staged()
    (card,) = [c for c in g.state.cards.values() if c.name == CARD]
    ct = g._ctx().ctype(card)
    assert (card.team, card.where, card.free, ct.cost, ct.deployment_only, ct.permanent) == \
        ("US", "pool", True, 0, True, True)
    assert ct.notes.startswith("Sandbox: the card is not in the box")
    assert ct.source("cost") == "rulebook 17.1 (played for zero CP)" and ct.source("text") == "sandbox"
    assert "must play" not in text(g)
    refused(g, A.BuyCard("US", CARD), "17.1")
    assert not [a for a in g.legal_actions() if isinstance(a, A.BuyCard) and a.card == CARD]


def test_17_1_the_cubes_count_only_once_the_card_is_played_at_deployment():
    """17.1: the first Planning Stage's attempt (roll 8: success) leaves 2 cubes; in the
    Deployment Stage the card is not yet in play (LRS across nations unchanged), the team may
    not end its stage before playing it (17.1); played free (no AP, no CP), its 2 cubes give -2."""
    g = _to_deployment(attempt_roll=8)
    s = g.state
    assert s.stage == "deployment" and s.optional_data["interop"]["cubes"] == {"US": 2}
    s.optional_data["interop"]["flags"]["DDG-605"] = ["US"]          # as if Liz had revealed it
    ddg = s.units["DDG-605"]
    assert interop.lrs_modifiers(s, "UK", "US", ddg) == []             # not yet played: no effect
    assert "must play its Interoperability Network" in refused(g, A.EndDeployment("US"), "17.1")
    assert A.EndDeployment("US") not in g.legal_actions()
    assert A.PlayCard("US-1", "A") in g.legal_actions()
    g.apply(A.PlayCard(CARD, "A"))
    assert s.cards["US-1"].where == "deployed" and s.cards["US-1"].face_up
    assert s.optional_data["interop"]["played"] == ["US"]
    assert interop.lrs_modifiers(s, "UK", "US", ddg) == [
        ("Interoperability Network (2 cubes): DDG-605 revealed by US, not UK", -2, "17.1")]
    assert interop.lrs_modifiers(s, "US", "US", ddg) == []             # its own nation's marker
    assert "played for 0 CP and 0 AP with 2 cube(s)" in text(g, team="RU")
    g.apply(A.EndDeployment("US"))
    g.apply(A.EndDeployment("RU"))
    assert s.stage == "action" and s.cards["US-1"].where == "deployed"


def test_17_1_a_failed_attempt_keeps_3_cubes_and_a_game_started_in_the_action_stage_has_the_card_played():
    g = _to_deployment(attempt_roll=9)
    g.apply(A.PlayCard(CARD, "A"))
    assert g.state.optional_data["interop"]["cubes"] == {"US": 3}
    assert interop.penalty(3) == -4 and "with 3 cube(s)" in text(g)
    g = optional_interop.liz_and_david(commit=False)                  # starts in the Action Stage
    (card,) = [c for c in g.state.cards.values() if c.name == CARD]
    assert card.where == "deployed" and interop.in_play(g.state, "US")
    assert "only in the Deployment Stage" in refused(g, A.PlayCard(CARD, "A"), "9.5")   # not again


# ---------------------------------------------------------------- scenario files
def _scenario(tmp_path, rules='["17.1"]', cubes="interop_cubes = 4\n", nation='nation = "UK"\n', start=None):
    from lcb_lab.games.lcb.io.resources import locate
    text = locate("gotland_redux", "scenario").read_text(encoding="utf-8")
    text = text.replace("\n[scenario]\n", f"\n[scenario]\noptional_rules = {rules}\n", 1)
    text = text.replace("\n[teams.US]\n", f"\n[teams.US]\n{cubes}", 1)
    text = text.replace('\nuid = "1 Whiskey"\n', f'\nuid = "1 Whiskey"\n{nation}', 1)
    if start:
        text = text.replace('start = "action"', f'start = "{start}"', 1)
    p = tmp_path / "interop.toml"
    p.write_text(text, encoding="utf-8")
    return p


def test_17_1_a_scenario_file_gives_nations_and_cubes(tmp_path):
    """[teams.US] interop_cubes and a [[unit]]'s nation: the record and the card; a file that starts
    in the Action Stage has the card played, so the 4 cubes give -6 at once."""
    from lcb_lab.games.lcb.io.loading import load_scenario
    g = load_scenario(_scenario(tmp_path))
    rec = g.state.optional_data["interop"]
    assert (rec["nations"], rec["cubes"], rec["played"]) == ({"1 Whiskey": "UK"}, {"US": 4}, ["US"])
    assert interop.nation(g.state, g.state.units["1 Whiskey"]) == "UK"
    assert interop.nation(g.state, g.state.units["1 Alpha"]) == "US"
    (card,) = [c for c in g.state.cards.values() if c.name == CARD]
    assert (card.team, card.where, card.free) == ("US", "deployed", True)
    rec["flags"]["DDG-605"] = ["US"]
    assert interop.lrs_modifiers(g.state, "UK", "US", g.state.units["DDG-605"])[0][1] == -6


def test_17_1_scenario_file_checks_name_the_file_and_key(tmp_path):
    from lcb_lab.games.lcb.io.loading import load_scenario
    from lcb_lab.kernel.errors import ScenarioError
    cases = [(dict(rules="[]"), "teams.US.interop_cubes", "needs optional rule 17.1 on"),
             (dict(cubes=""), "teams.US.interop_cubes", "US is a team of several nations"),
             (dict(nation=""), "teams.US.interop_cubes", "US's units are of one nation"),
             (dict(cubes="interop_cubes = 6\n"), "teams.US.interop_cubes", "6 is out of range: allowed 1..5 (rule 17.1"),
             (dict(nation="nation = 3\n"), "unit[1 Whiskey].nation", "a valid string")]
    for kw, key, words in cases:
        p = _scenario(tmp_path, **kw)
        with pytest.raises(ScenarioError) as e:
            load_scenario(p)
        assert (e.value.file, e.value.key) == (str(p), key), e.value
        assert words in e.value.problem, e.value
