"""Appendix B, turn 1 of "Meeting Engagement - Gotland Redux", replayed from the Planning Stage
to the Victory Check with NO scripted effect (chapter 9 by the rules).

Every narrated outcome is asserted on the state the rules produced, at the step where the
narrative has it (paralysis, for instance, lasts only until the end of the turn).  The
lesson file (``appendix_b_turn1.toml``) lists which dice are the narrative's and which are
forced, and every place the narrative is silent or contradicts the rules with the choice made.
"""
from __future__ import annotations

import json
import subprocess
import sys
from dataclasses import dataclass

import pytest

from lcb_lab.games.lcb import actions as A
from lcb_lab.games.lcb import observer, observer_cards
from lcb_lab.games.lcb.content.lesson import Lesson, scripted_steps, summary
from lcb_lab.kernel.errors import LabError
from lcb_lab.games.lcb.model.state import GameState

LESSON = "appendix_b_turn1"


@dataclass
class Rec:
    """One replayed step: its title, the state after it, the d20 it rolled (purpose, values)."""

    title: str
    note: str
    state: GameState
    rolls: list[tuple[str, list[int]]]
    before: GameState
    log: tuple[int, int] = (0, 0)      # the slice of the game's log the step wrote


@pytest.fixture(scope="module")
def replay():
    lesson = Lesson(LESSON)
    recs = []
    before, n, at = lesson.game.state.clone(), 0, len(lesson.game.state.log)
    for done in lesson.steps():
        g = lesson.game
        rolls = [(p, list(v)) for p, v in g.dice.history[n:]]
        n = len(g.dice.history)
        recs.append(Rec(done.title, done.note, g.state.clone(), rolls, before, (at, len(g.state.log))))
        before, at = recs[-1].state, len(g.state.log)
    return lesson, recs


def find(recs, *words: str) -> Rec:
    """The first step whose title holds every one of ``words``."""
    for r in recs:
        if all(w in r.title for w in words):
            return r
    raise AssertionError(f"no lesson step titled with {words}")


def after(recs, *words: str) -> GameState:
    return find(recs, *words).state


def card(state: GameState, team: str, name: str):
    got = [c for c in state.cards.values() if c.team == team and c.name == name]
    assert len(got) == 1, f"{team} has {len(got)} cards named {name!r}"
    return got[0]


def cards(state: GameState, team: str) -> dict[str, object]:
    return {c.name: c for c in state.cards.values() if c.team == team}


@pytest.fixture(scope="module")
def game(replay):
    return replay[0].game


# ---------------------------------------------------------------- the lesson itself
def test_no_scripted_effect_in_the_lesson(replay):
    lesson, _ = replay
    assert scripted_steps(lesson) == []
    kinds = [st.action.KIND for st in lesson.game.history.steps]
    assert A.ScriptedEffect.KIND not in kinds
    assert not [e for e in lesson.game.state.log if "scripted" in e.get("title", "") + e.get("text", "")]
    # the stages are played with their own actions, not created in place
    for kind in ("buy_card", "end_planning", "deploy_unit", "place_card", "end_deployment", "play_card"):
        assert kind in kinds, kind


def test_the_scripted_step_check_can_fail():
    old = Lesson("appendix_b_combat")             # the combat lesson scripts its card outcomes
    assert len(scripted_steps(old)) == 6
    g = old.run()
    assert [st.action.KIND for st in g.history.steps].count(A.ScriptedEffect.KIND) == 6
    assert [e for e in g.state.log if "scripted" in e.get("text", "")]


def test_the_lesson_starts_in_the_planning_stage_with_6_cp_each():
    g = Lesson(LESSON).game
    assert g.state.stage == "planning"
    assert g.state.cp == {"US": 6, "RU": 6}
    assert all(not u.on_map for u in g.state.units.values())      # off the map until deployed


def test_the_lesson_lists_its_forced_dice_and_the_text_s_gaps():
    text = " ".join(Lesson(LESSON).spec.lesson.assumptions)
    for gap in ("DDG-80", "1 Yelena", "AK-21", "3.23", "1 Whiskey", "Constantin", "Cruise Missile Strike",
                "CAP-versus-CAP", "FTR NULLIFIED", "Forced dice", "20", "7"):
        assert gap in text, gap


# ---------------------------------------------------------------- Planning Stage (3.1)
def test_planning_purchases_spend_6_cp_each(replay):
    _, recs = replay
    s = after(recs, "Planning Stage", "end_planning")     # the US ends first (initiative)
    us = cards(s, "US")
    for name in ("MUX: Unmanned", "Open Source Intel", "P-8A: Surveillance"):
        assert us[name].where == "pool" and not us[name].free, name
    s = find(recs, "Planning Stage", "step 8").state
    assert s.stage == "deployment"
    ru = cards(s, "RU")
    for name in ("Signals Management", "Attack on Command and Control"):
        assert ru[name].where == "pool" and not ru[name].free, name
    pantsir = ru["Pantsir-SM: IAMD"]
    assert (pantsir.where, pantsir.host, pantsir.free) == ("attached", "2 Anna", False)
    # 2 + 1 + 3 and 2 + 2 + 2: nothing left (3.13: unspent CP are lost anyway)
    assert s.cp == {"US": 0, "RU": 0}


def test_each_purchase_spends_its_cost(replay):
    _, recs = replay
    spent = []
    for r in recs:
        if "Planning Stage" in r.title and "buy" in r.title:
            team = "US" if r.before.cp["US"] != r.state.cp["US"] else "RU"
            spent.append((team, r.before.cp[team] - r.state.cp[team]))
    assert spent == [("US", 2), ("US", 1), ("US", 3), ("RU", 2), ("RU", 2), ("RU", 2)]


PRESCRIBED = {
    "US": {"Aegis Ballistic Missile Defense": ("attached", "DDG(X)-106"),
           "Unmanned Ground Vehicles (UGVs)": ("attached", "1 Alpha"), "V-BAT": ("attached", "1 Whiskey"),
           "Tactical Cyber Attack": ("pool", None), "Combat Air Patrols": (None, None),
           "MARSOC HALO": ("pool", None), "Amphibious: LCU": ("embarked", "LHD 1"),
           "MEU Rotary Attack": ("embarked", "LHD 1")},
    "RU": {"T-14 Tank: Unmanned": ("attached", "1 Anna"),
           "Tactical Unmanned Aerial System (UAS)": ("attached", "1 Tanya"),
           "Tactical Cyber Attack": ("pool", None), "Combat Air Patrols": (None, None),
           "Cruise Missile Strike": ("pool", None), "Thermal Camo": ("pool", None),
           "Social Media Exploitation": ("pool", None)},
}


@pytest.mark.parametrize("team", ["US", "RU"])
def test_the_prescribed_cards_are_free_with_their_hosts(replay, team):
    _, recs = replay
    s = [r.state for r in recs if "Deployment Stage" in r.title][-1]
    have = cards(s, team)
    for name, (where, host) in PRESCRIBED[team].items():
        c = have[name]
        assert c.free, name
        if where is not None:
            assert (c.where, c.host) == (where, host), name


def test_the_other_team_never_sees_the_purchases_during_planning(replay):
    lesson, recs = replay
    s = after(recs, "Planning Stage", "end_planning")
    seen = json.dumps([observer.observe(s, lesson.game.catalog, "RU"), observer_cards.observe_cards(s, "RU")])
    for secret in ("MUX: Unmanned", "Open Source Intel", "P-8A: Surveillance", "MARSOC HALO"):
        assert secret not in seen, secret
    log = json.dumps(lesson.game.log_entries("RU", 0, len(s.log)))
    for secret in ("MUX: Unmanned", "Open Source Intel", "P-8A: Surveillance"):
        assert secret not in log, secret
    s = [r.state for r in recs if "Planning Stage" in r.title][-1]
    seen = json.dumps([observer.observe(s, lesson.game.catalog, "US"), observer_cards.observe_cards(s, "US")])
    assert "Pantsir-SM" not in seen and "Attack on Command and Control" not in seen


# ---------------------------------------------------------------- Deployment Stage (3.2)
HEXES = {"LHD 1": "AM-26", "DDG-51": "AL-29", "DDG(X)-106": "AO-24", "DDG-80": "AM-27",
         "1 Anna": "AL-21", "2 Anna": "AL-21", "3 Anna": "AL-21", "1 Yelena": "AK-21", "1 Zhuk": "AK-20",
         "DDG-605": "AN-18", "1 Tanya": "AJ-24", "Ivan Co": "AJ-22", "FFG-454": "AL-18"}
EMBARKED = ("1 Alpha", "2 Alpha", "3 Alpha", "4 Alpha", "1 Kilo", "1 Whiskey")


def test_deployment_puts_every_unit_in_its_appendix_b_hex(replay):
    _, recs = replay
    s = [r.state for r in recs if "Deployment Stage" in r.title][-1]
    assert (s.stage, s.turn, s.initiative) == ("action", 1, "US")
    for uid, hx in HEXES.items():
        assert (s.units[uid].hex, s.units[uid].revealed) == (hx, False), uid
    for uid in EMBARKED:
        assert (s.units[uid].hex, s.units[uid].embarked_on) == (None, "LHD 1"), uid
    assert s.network_cubes == {"US": 1, "RU": 1}


def test_both_combat_air_patrols_are_face_up_on_the_map(replay):
    lesson, recs = replay
    s = [r.state for r in recs if "Deployment Stage" in r.title][-1]
    for team in ("US", "RU"):
        cap = card(s, team, "Combat Air Patrols")
        assert cap.where == "deployed" and cap.face_up and cap.hex, team
        assert not cap.expended
    seen = observer_cards.observe_cards(s, "US")["cards"]
    assert "Combat Air Patrols" in [c["name"] for c in seen if c["team"] == "RU"]   # the RU CAP is public


def test_aegis_adds_its_supply_to_ddg_x_106(replay):
    lesson, recs = replay
    s = [r.state for r in recs if "Deployment Stage" in r.title][-1]
    base = {cv.slot for cv in lesson.game.catalog.unit(s.units["DDG(X)-106"].type_id).cvs}
    aegis = card(s, "US", "Aegis Ballistic Missile Defense")
    assert aegis.where == "attached" and aegis.host == "DDG(X)-106"
    # the card's own supply (9.33) or new slots on its host (App. B: "adds the associated supply")
    assert aegis.supply or set(s.units["DDG(X)-106"].supply) - base, "Aegis brought no supply"
    # ... and it is not the one attachment DDG(X)-106 may take (9.31 EXCEPTION)
    assert lesson.game._ctx().ctype(aegis).free_attachment


# ---------------------------------------------------------------- US impulse 1 (Stephanie)
def test_the_lcu_lands_five_units_face_down_in_al_23(replay):
    _, recs = replay
    s = find(recs, "impulse 1 (TF Memphis)", "play", "Amphibious").state
    assert s.units["LHD 1"].hex == "AM-23"
    for uid in ("1 Alpha", "2 Alpha", "3 Alpha", "1 Kilo", "1 Whiskey"):
        u = s.units[uid]
        assert (u.hex, u.embarked_on, u.revealed, u.no_move) == ("AL-23", None, False, True), uid
    assert s.units["4 Alpha"].embarked_on == "LHD 1"
    lcu = card(s, "US", "Amphibious: LCU")
    assert lcu.expended and lcu.in_play                    # flipped face down: expended (App. B)


def test_tactical_cyber_attack_nullify_20_fails_then_4_reveals_and_paralyses(replay):
    _, recs = replay
    r = find(recs, "impulse 1 (TF Memphis)", "resolves from its last link")
    values = [v for _, vals in r.rolls for v in vals]
    assert values == [20, 4]
    s = r.state
    for uid in ("1 Anna", "2 Anna", "3 Anna"):
        assert s.units[uid].revealed and s.units[uid].paralysed, uid
    # The narrative counts 1 Yelena in the stack, but it deployed in AK-21 (its own list, the
    # scenario): the card targets one stack, the units of one hex (3.23), so 1 Yelena is untouched.
    assert s.units["1 Yelena"].hex == "AK-21"
    assert not s.units["1 Yelena"].revealed and not s.units["1 Yelena"].paralysed
    assert not card(s, "RU", "Attack on Command and Control").in_play     # used up (9.43)
    assert not card(s, "US", "Tactical Cyber Attack").in_play              # a one-time card (9.07)
    # +1 blue cube (7.61): RU now at 2, so RU LRS and INTERCEPT CVs -4 (7.62)
    assert (r.before.network_cubes["RU"], s.network_cubes["RU"]) == (1, 2)
    assert s.network_cubes["US"] == 1


def test_the_nullify_window_was_dimitri_s_and_cost_no_ap(replay):
    _, recs = replay
    r = find(recs, "impulse 1 (TF Memphis)", "Attack on Command and Control")
    assert r.before.impulse.ap == r.state.impulse.ap == 0      # 3 AP declared; the NULLIFY is free (9.41)
    assert [c.kind for c in r.before.choices][-1:] == ["card_response"]
    assert r.before.choices[-1].team == "RU"


def test_marsoc_halo_s_sof_marker_reveals_1_zhuk(replay):
    _, recs = replay
    r = find(recs, "impulse 1 (TF Memphis)", "MARSOC HALO")
    assert not r.before.units["1 Zhuk"].revealed and r.state.units["1 Zhuk"].revealed
    sof = [m for m in r.state.card_markers.values() if m.kind == "sof"]
    assert [m.hex for m in sof] == ["AK-20"] and sof[0].team == "US"
    assert r.state.cards[sof[0].card].name == "MARSOC HALO"
    assert not r.state.units["1 Whiskey"].revealed


# ---------------------------------------------------------------- RU impulse 1 (Constantin)
def test_constantin_s_thermal_camo_fails_and_the_stack_stays_revealed(replay):
    _, recs = replay
    r = find(recs, "impulse 2 (TF Moscow)", "Thermal Camo")
    assert [v for _, vals in r.rolls for v in vals] == [19]
    for uid in ("1 Anna", "2 Anna", "3 Anna"):
        assert r.state.units[uid].revealed, uid
    assert not card(r.state, "RU", "Thermal Camo").in_play        # a one-time card, used (9.07)


def test_1_zhuk_s_zor_reveals_the_landing_so_whiskey_and_kilo_may_be_attacked(replay):
    _, recs = replay
    r = find(recs, "impulse 2 (TF Moscow)", "zor")
    landed = ("1 Alpha", "2 Alpha", "3 Alpha", "1 Kilo", "1 Whiskey")
    assert not any(r.before.units[u].revealed for u in landed)
    assert all(r.state.units[u].revealed for u in landed)       # 6.21: every unit in the hex
    assert r.state.units["1 Zhuk"].hex == "AK-22"
    s = find(recs, "impulse 2 (TF Moscow)", "conceal").state
    assert not s.units["1 Zhuk"].revealed                        # 6.1
    assert s.network_cubes == {"US": 1, "RU": 2}                 # no card success: the US network stays at 1


# ---------------------------------------------------------------- US impulse 2 (Winston)
def test_the_p8a_cap_cap_exchange(replay):
    _, recs = replay
    r = find(recs, "impulse 3 (TF Boston)", "opposed FTR")
    assert [v for _, vals in r.rolls for v in vals] == [18, 5, 3, 7, 1]
    s = r.state
    us_cap, ru_cap = card(s, "US", "Combat Air Patrols"), card(s, "RU", "Combat Air Patrols")
    # the US CAP's DETECT failed: expended for the turn, and the RU FTR NULLIFY put a red cube on it
    assert us_cap.expended and us_cap.cubes == 1 and us_cap.in_play       # 2 successes discard it (9.04)
    # the RU CAP DETECTed the P-8A on 7 and FTR NULLIFIED it on 1, then flipped (expended)
    assert ru_cap.expended and ru_cap.cubes == 0 and ru_cap.in_play
    p8a = card(s, "US", "P-8A: Surveillance")
    assert p8a.where == "discarded"
    assert not s.units["DDG-605"].revealed and not s.units["FFG-454"].revealed   # its effect never ran
    assert s.chain == [] and not s.choices


def test_ddg_51_and_ddg_80_on_the_anna_stack(replay):
    _, recs = replay
    s = find(recs, "impulse 3 (TF Boston)", "resolve").state
    u = s.units
    assert u["1 Anna"].hp == 1 and not u["1 Anna"].destroyed      # 3 hits - 2 INTERCEPTs
    assert u["2 Anna"].destroyed                                  # 4 hits, no INTERCEPT
    assert u["3 Anna"].hp == 2
    assert u["DDG-51"].revealed and u["DDG-80"].revealed and u["FFG-454"].revealed
    assert u["DDG-51"].supply["LRS1"] == 8 - 4 and u["DDG-80"].supply["LRS1"] == 8 - 4
    assert u["FFG-454"].supply["INT1"] == 8 - 4
    assert not card(s, "RU", "Pantsir-SM: IAMD").in_play         # dies with its host (9.31)


def test_the_pantsir_sm_cannot_intercept(replay):
    _, recs = replay
    r = find(recs, "impulse 3 (TF Boston)", "answer")
    choice = r.before.choices[-1]
    assert choice.kind == "intercept" and choice.team == "RU"
    for tgt in choice.options.targets:
        offered = {o.uid: o for o in tgt.interceptors}
        assert "2 Anna" not in offered or not offered["2 Anna"].eligible   # paralyzed (App. B)
        if tgt.target == "1 Anna":
            assert offered["FFG-454"].eligible
    s = find(recs, "impulse 3 (TF Boston)", "resolve").state
    roll = [e for e in s.log if e["kind"] == "intercept_roll"][-1]
    assert roll["data"]["base_cv"] == 12 and roll["data"]["cv"] == 8     # -4: two blue cubes (7.62)


# ---------------------------------------------------------------- RU impulse 2 (Dimitri)
def test_tanya_at_whiskey_and_the_cruise_missile_strike_at_kilo(replay):
    _, recs = replay
    s = find(recs, "impulse 4 (TF St. Petersburg)", "resolve").state
    u = s.units
    assert u["1 Tanya"].revealed and u["1 Tanya"].supply["LRS1"] == 0
    assert u["1 Whiskey"].hp == 2                                  # 1 hit, 3 INTERCEPTs
    assert u["1 Kilo"].hp == 1 and u["1 Kilo"].revealed           # 4 hits, 3 INTERCEPTs: 1 HP
    assert u["1 Kilo"].supply["INT1"] == 8 - 3 - 4
    assert not card(s, "RU", "Cruise Missile Strike").in_play


def test_the_us_ddgs_may_not_intercept_for_whiskey(replay):
    _, recs = replay
    choice = find(recs, "impulse 4 (TF St. Petersburg)", "answer").before.choices[-1]
    assert choice.kind == "intercept" and choice.team == "US"
    tgt = next(t for t in choice.options.targets if t.target == "1 Whiskey")
    opts = {o.uid: o for o in tgt.interceptors}
    for ddg in ("DDG-51", "DDG-80"):
        assert opts[ddg].in_range and not opts[ddg].close_enough, ddg   # 1 Tanya is closer (7.53)
    assert opts["1 Kilo"].eligible


def test_ivan_co_resupplies_1_tanya_and_stays_hidden(replay):
    lesson, recs = replay
    r = find(recs, "impulse 4 (TF St. Petersburg)", "resupply")
    assert (r.before.units["1 Tanya"].supply["LRS1"], r.state.units["1 Tanya"].supply["LRS1"]) == (0, 5)
    assert r.before.units["Ivan Co"].supply["RP"] - r.state.units["Ivan Co"].supply["RP"] == 5
    assert not r.state.units["Ivan Co"].revealed
    # the US reads that a unit was resupplied, not by whom nor where (3.03, 8.06)
    us = json.dumps(lesson.game.log_entries("US", *r.log))
    assert "Ivan Co" not in us and "AJ-22" not in us
    assert "Ivan Co" in json.dumps(lesson.game.log_entries("RU", *r.log))


def test_the_us_never_reads_an_ru_card_before_it_is_played(replay):
    lesson, recs = replay
    first_play = find(recs, "impulse 1 (TF Memphis)", "Tactical Cyber Attack")
    us = json.dumps(lesson.game.log_entries("US", 0, first_play.log[1]))
    for secret in ("Attack on Command and Control", "Signals Management", "Pantsir-SM", "Cruise Missile Strike",
                   "Thermal Camo"):
        assert secret not in us, secret
    # once answered, the NULLIFY card is public (9.4: it is played face up)
    r = find(recs, "impulse 1 (TF Memphis)", "Attack on Command and Control")
    assert "Attack on Command and Control" in json.dumps(lesson.game.log_entries("US", *r.log))


# ---------------------------------------------------------------- Initiative and Victory Checks
def test_initiative_check_the_us_keeps_the_initiative(game):
    s = game.state
    assert s.turn == 2 and s.tf_order == [] and s.stage == "action"
    assert s.initiative == "US"
    assert s.total_kills == {"US": 1, "RU": 0}
    checks = [e["text"] for e in s.log if e["kind"] == "initiative"]
    assert "US destroyed 1, RU destroyed 0" in checks[-1] and "retains" in checks[-1]


def test_victory_check_nobody_wins_after_turn_1(game):
    s = game.state
    assert s.winner is None and s.max_turns == 3
    # paralysis and expended cards end with the turn (9.21)
    assert not any(u.paralysed for u in s.units.values())
    assert not card(s, "US", "Combat Air Patrols").expended and not card(s, "RU", "Combat Air Patrols").expended
    assert card(s, "US", "Combat Air Patrols").cubes == 1          # cubes are counted over the game (9.04)


def test_the_narrative_s_dice_are_the_ones_rolled(replay):
    lesson, _ = replay
    values = [v for _, vals in lesson.game.dice.history for v in vals]
    assert values[:2] == [20, 4]           # NULLIFY fails, Tactical Cyber Attack succeeds
    i = values.index(7, 2)
    assert values[i + 1] == 1              # P-8A DETECTed on 7, FTR NULLIFIED on 1


# ---------------------------------------------------------------- the record, the CLI
def test_the_record_replays_to_the_same_game(game):
    again = game.replay()
    assert again.state.log == game.state.log
    assert summary(again) == summary(game)


def test_cli_replays_the_lesson():
    out = subprocess.run([sys.executable, "-m", "lcb_lab", LESSON], capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stderr
    assert "Initiative Check" in out.stdout and "Tactical Cyber Attack" in out.stdout
    js = subprocess.run([sys.executable, "-m", "lcb_lab", LESSON, "--json"], capture_output=True, text=True,
                        timeout=300)
    data = json.loads(js.stdout)
    assert data["initiative"] == "US" and data["turn"] == 2
    assert data["units"]["2 Anna"]["destroyed"] is True and data["units"]["1 Kilo"]["hp"] == 1
    ru = json.loads(subprocess.run([sys.executable, "-m", "lcb_lab", LESSON, "--json", "--team", "RU"],
                                   capture_output=True, text=True, timeout=300).stdout)
    us_seen = {c["name"] for c in ru["cards"]["cards"] if c["team"] == "US"}
    assert "MUX: Unmanned" not in us_seen and "Open Source Intel" not in us_seen   # never played: hidden
    assert "Combat Air Patrols" in us_seen                                          # face up on the map
    assert ru["cards"]["hidden"]["US"]["pool"] >= 2


# ---------------------------------------------------------------- the lesson format's card and stage steps
@pytest.mark.parametrize("step, key", [
    ('do = "buy"\nteam = "UK"\ncard = "V-BAT"', "stage[planning], step 1, team"),
    ('do = "respond"\nresponses = [{card = "X", whom = 1}]', "stage[planning], step 1, responses.0.whom"),
    ('do = "play"\ncard = "V-BAT"\ndice = [21]', "stage[planning], step 1, dice.0"),
    ('do = "deploy"', "stage[planning], step 1, unit"),
])
def test_a_malformed_card_step_names_the_file_and_key(tmp_path, step, key):
    from lcb_lab.kernel.errors import ScenarioError
    from lcb_lab.games.lcb.content.lesson import read_lesson
    f = tmp_path / "bad.toml"
    f.write_text('[lesson]\ntitle = "t"\nscenario = "gotland_redux"\n\n[[stage]]\nname = "planning"\n'
                 f'[[stage.step]]\n{step}\n', encoding="utf-8")
    with pytest.raises(ScenarioError) as e:
        read_lesson(f)
    assert e.value.key == key and e.value.file.endswith("bad.toml")


def test_a_refused_card_step_names_the_lesson_step_and_the_rule(tmp_path):
    from lcb_lab.kernel.errors import IllegalAction
    from lcb_lab.games.lcb.io.resources import lesson_text
    text = lesson_text(LESSON).replace('card = "Open Source Intel"', 'card = "Open Source Intel"\nattach_to = "DDG-51"', 1)
    f = tmp_path / "mine.toml"
    f.write_text(text, encoding="utf-8")
    lesson = Lesson(str(f))
    before = json.dumps(lesson.game.state.to_dict())
    with pytest.raises(IllegalAction) as e:
        lesson.advance("Planning Stage, step 2")
    assert "mine.toml: Planning Stage, step 2: buy US Open Source Intel" in e.value.reason
    assert json.dumps(lesson.game.state.to_dict()) != before          # step 1 was applied...
    assert lesson.game.state.cp["US"] == 4                            # ... and the refused one changed nothing


def test_a_notebook_cell_run_twice_is_refused_and_plays_nothing_so_the_next_cells_still_work():
    """Notebook 03 run as a student does: a cell re-run (``advance("Planning Stage, step 4")`` again) is
    refused in one line saying the step was played and how to see it again, the game untouched; the
    next cell then plays its steps (before: the re-run walked the whole turn to its end, then said no
    step was left, and every later cell failed). A title that is nowhere plays nothing either."""
    lesson = Lesson(LESSON)
    lesson.advance("Planning Stage, step 4")
    before = json.dumps(lesson.game.state.to_dict())
    with pytest.raises(LabError) as e:
        lesson.advance("Planning Stage, step 4")
    assert str(e.value) == ("appendix_b_turn1.toml: the step 'Planning Stage, step 4' was played already (the lesson "
                            "is at 'Planning Stage, step 4: end_planning US'): run the notebook again from the top "
                            "(Kernel › Restart Kernel and Run All Cells) to see it again")
    with pytest.raises(LabError, match="no step left titled with 'Planning Stage, step 99'"):
        lesson.advance("Planning Stage, step 99")
    assert json.dumps(lesson.game.state.to_dict()) == before
    done = lesson.advance("Planning Stage, step 8")
    assert [d.title.split(":")[0] for d in done] == [f"Planning Stage, step {i}" for i in range(5, 9)]
    assert lesson.game.state.stage == "deployment"
    assert lesson.titles()[:2] == ["Planning Stage, step 1: buy US MUX: Unmanned",
                                   "Planning Stage, step 2: buy US Open Source Intel"]
