"""The lesson of the second scenario (``slite_landing_lesson.toml``): turn 1 of Return to Slite
replayed with NO scripted effect; every narrated outcome is asserted on the state the rules
produced at the step where the narrative has it, with the forced dice the lesson lists.

The scenario is sandbox (docs/scenarios.md); the rules are the rulebook's (chapters 10-14).
"""
from __future__ import annotations

import json
from dataclasses import dataclass

import pytest

from lcb_lab.games.lcb.content.lesson import Lesson, report, scripted_steps
from lcb_lab.games.lcb.model.state import GameState

LESSON = "slite_landing_lesson"


@dataclass
class Rec:
    title: str
    state: GameState
    rolls: list[tuple[str, list[int]]]
    log: tuple[int, int]


@pytest.fixture(scope="module")
def replay():
    lesson = Lesson(LESSON)
    recs, n, at = [], 0, len(lesson.game.state.log)
    for done in lesson.steps():
        g = lesson.game
        rolls = [(p, list(v)) for p, v in g.dice.history[n:]]
        n = len(g.dice.history)
        recs.append(Rec(done.title, g.state.clone(), rolls, (at, len(g.state.log))))
        at = len(g.state.log)
    return lesson, recs


def find(recs, *words: str) -> Rec:
    for r in recs:
        if all(w in r.title for w in words):
            return r
    raise AssertionError(f"no lesson step titled with {words}")


def card(state: GameState, team: str, name: str):
    got = [c for c in state.cards.values() if c.team == team and c.name == name]
    assert len(got) == 1, f"{team} has {len(got)} cards named {name!r}"
    return got[0]


def markers_of(state: GameState, cid: str):
    return [m for m in state.card_markers.values() if m.card == cid]


def view_text(lesson, team: str, state: GameState) -> str:
    """What ``team`` may read with the game put at ``state`` (its view and its log)."""
    g = lesson.game.fork()
    g.state = state.clone()
    return json.dumps([g.view(team), g.log_entries(team)], default=str)


# ---------------------------------------------------------------- the lesson itself
def test_no_scripted_effect_and_it_runs_to_its_end(replay):
    lesson, recs = replay
    assert scripted_steps(lesson) == []
    assert recs and recs[-1].title.endswith("end")
    assert report([], lesson.game) == "no choice is pending" or lesson.game.pending is None


# ---------------------------------------------------------------- landing by LCU (12.2, 12.07)
LANDED = ["1 Alpha", "2 Alpha", "3 Alpha", "1 Kilo", "1 Whiskey"]


def test_the_lcu_lands_the_first_wave_face_down_in_al_23(replay):
    lesson, recs = replay
    s = find(recs, "play Amphibious: LCU").state
    assert s.units["LHD 1"].hex == "AM-22"
    for uid in LANDED:
        u = s.units[uid]
        assert (u.hex, u.embarked_on, u.revealed) == ("AL-23", None, False), uid
        assert u.no_move and u.expended, uid                     # 12.07: MP exhausted, expended
    lcu = card(s, "US", "Amphibious: LCU")
    assert lcu.where == "embarked" and lcu.host == "LHD 1" and lcu.deployed and lcu.expended
    [m] = markers_of(s, lcu.cid)
    assert (m.kind, m.hex, m.revealed) == ("isr", "AL-23", False)   # placed unrevealed (12.21)
    ru = view_text(lesson, "RU", s)
    for uid in LANDED:
        assert uid not in ru                                      # RU sees backs in AL-23 only (6.11)
    assert "MEU Rotary Lift" not in ru                            # still Embarked, unplayed (10.34)


# ---------------------------------------------------------------- ISR marker reveal (13.2)
def test_the_v_bat_survives_the_pantsir_and_reveals_3_boris_and_1_yelena(replay):
    lesson, recs = replay
    flown = find(recs, "play V-BAT").state
    vbat = card(flown, "US", "V-BAT")
    [m] = markers_of(flown, vbat.cid)
    assert (m.kind, m.hex, m.revealed) == ("isr", "AK-21", True)   # revealed passing 1 Zhuk's hex (13.23)
    assert not flown.units["3 Boris"].revealed                     # its effect waits for RU's window (13.25)
    r = find(recs, "respond", "Pantsir")
    s = r.state
    assert [v for _, v in r.rolls] == [[15], [6]]                 # INTERCEPT 15 > 12 misses; V-BAT 6 <= 14
    assert s.units["3 Boris"].revealed and s.units["1 Yelena"].revealed
    assert s.units["2 Boris"].revealed                            # an interceptor reveals itself (7.511)
    assert not s.units["1 Lima"].revealed                         # the host stays hidden (9.34)
    assert card(s, "US", "V-BAT").where == "attached"             # not INTERCEPTed: still in play
    assert not s.units["1 Boris"].revealed and not s.units["1 Zhuk"].revealed


# ---------------------------------------------------------------- the mine strike (13.33-13.37, 10.311)
def test_lsd_41_is_stopped_by_the_secret_mines_in_am_21(replay):
    lesson, recs = replay
    before = find(recs, "impulse 1", "declare").state
    [mine] = [m for m in before.card_markers.values() if m.kind == "mine"]
    assert (mine.team, mine.hex, mine.level, mine.revealed) == ("RU", "AM-21", 2, False)
    assert "AM-21" not in view_text(lesson, "US", before)                  # secret until it strikes (13.37)
    s = find(recs, "move", "triggers the secret mines").state
    assert s.units["LSD 41"].hex == "AM-21" and s.units["LSD 41"].revealed   # FFG-454's naval ZOR (6.23)
    [c] = s.choices
    assert (c.kind, c.team, c.options.hex, c.options.cubes) == ("mine_attack", "RU", "AM-21", 2)
    assert c.options.targets == ("LSD 41",)


def test_one_mine_hits_and_the_attacker_strikes_4_gpsv_of_cargo(replay):
    lesson, recs = replay
    r = find(recs, "answer", "designates both cubes")
    s = r.state
    assert r.rolls == [("mines AM-21->LSD 41", [9, 17])]          # 1 d20 a cube, 13 or less (13.33)
    assert s.units["LSD 41"].hp == 2 and s.units["LSD 41"].hex == "AL-21"   # 3 -> 2; the move went on (13.34)
    assert not [m for m in s.card_markers.values() if m.kind == "mine"]       # the cubes are spent
    [c] = s.choices
    assert (c.kind, c.team, c.options.hp) == ("embark_losses", "RU", 1)  # the attacker picks (10.311)
    s = find(recs, "answer", "10.311").state
    assert s.units["1 Echo"].destroyed and s.units["5 Alpha"].destroyed
    assert s.units["4 Alpha"].embarked_on == "LSD 41" and not s.units["4 Alpha"].destroyed
    assert s.total_kills["RU"] == 2


# ---------------------------------------------------------------- port disembarkation (12.3) and the boats
def test_the_unmanned_boats_deploy_from_the_embarked_platoon(replay):
    lesson, recs = replay
    s = find(recs, "play Unmanned Boats").state
    boats = card(s, "US", "Unmanned Boats")
    assert boats.host == "4 Alpha" and boats.deployed
    [m] = markers_of(s, boats.cid)
    assert (m.hex, m.revealed) == ("AL-21", True)                 # in FFG-454's naval ZOR (13.23)


def test_4_alpha_lands_through_the_port_of_slite_and_the_orange_cube_is_placed(replay):
    lesson, recs = replay
    s = find(recs, "Port disembarkation").state
    u = s.units["4 Alpha"]
    assert (u.hex, u.embarked_on, u.revealed, u.no_move, u.expended) == ("AL-21", None, False, True, True)
    assert s.port_cubes == {"AL-21": "US"}
    assert s.impulse.transfers == {"LSD 41": 1}                   # 1 GPSV of the 8 an impulse (12.3)
    assert card(s, "US", "Unmanned Boats").host == "4 Alpha"      # the card goes ashore with its host


# ---------------------------------------------------------------- the torpedo attack and defensive ASW (14.x)
def test_b_271_moves_in_secret_and_its_zor_reveals_ddg_51(replay):
    lesson, recs = replay
    r = find(recs, "impulse 2 (TF Baltiysk), step 1")
    s = r.state
    assert s.units["B-271"].hex == "AO-22" and not s.units["B-271"].revealed
    assert s.sot["RU"][-1]["hex"] == "AO-22" and not s.sot["RU"][-1]["public"]
    us = view_text(lesson, "US", s)
    assert "B-271" not in us and "AO-20" not in us               # the SOT is RU's alone (14.03)
    s = find(recs, "impulse 2 (TF Baltiysk), step 2").state
    assert s.units["DDG-51"].revealed and not s.units["B-271"].revealed   # the ZOR does not reveal it (14.09)


def test_ddg_51_detects_but_misses_and_one_torpedo_sinks_it(replay):
    lesson, recs = replay
    r = find(recs, "impulse 2 (TF Baltiysk), step 3")
    s = r.state
    assert r.rolls == [("ASW DETECT vs B-271", [5]), ("ASW vs B-271", [14]),        # defensive ASW first (14.12)
                       ("B-271: TORPEDO ATTACK", [3, 18])]                          # then 1 die a torpedo (14.07)
    assert s.units["DDG-51"].destroyed                           # one hit sinks, whatever the HP (14.08)
    assert not s.units["B-271"].destroyed and s.units["B-271"].revealed   # DETECTed: the marker stays (14.06)
    assert s.total_kills["RU"] == 3 and s.influence == -2         # 15.23 naval unit; 15.22 three units


def test_ddg_80_offensive_asw_sinks_the_detected_kilo(replay):
    lesson, recs = replay
    r = find(recs, "impulse 3 (TF Boston), step 2")
    s = r.state
    assert r.rolls == [("offensive ASW DETECT in AO-22", [7]), ("offensive ASW in AO-22", [4])]
    assert s.units["DDG-80"].hex == "AO-22" and s.units["DDG-80"].revealed   # ASW reveals the ship (14.11)
    assert s.units["B-271"].destroyed and s.total_kills["US"] == 1
    s = find(recs, "impulse 3 (TF Boston), step 3").state
    assert s.units["SSN-774"].hex == "AN-17" and not s.units["SSN-774"].revealed
    ru = view_text(lesson, "RU", s)
    assert "SSN-774" not in ru and "AN-17" not in ru


# ---------------------------------------------------------------- RU hides again; the end of the turn
def test_ru_conceals_and_1_zhuks_zor_reveals_the_landing(replay):
    lesson, recs = replay
    s = find(recs, "impulse 4 (TF Gotland), step 1").state
    assert not s.units["3 Boris"].revealed and not s.units["1 Yelena"].revealed
    s = find(recs, "impulse 4 (TF Gotland), step 2").state
    assert all(s.units[u].revealed for u in LANDED) and not s.units["1 Zhuk"].revealed
    assert not s.units["4 Alpha"].revealed and not s.units["1 Lima"].revealed   # not in AL-23


def test_the_turn_ends_with_ru_seizing_the_initiative(replay):
    lesson, recs = replay
    s = recs[-1].state
    assert (s.turn, s.stage, s.initiative, s.winner) == (2, "action", "RU", None)
    assert s.total_kills == {"US": 1, "RU": 3} and s.influence == -3         # seizing it: 1 more (15.21)
    assert not s.units["SSN-774"].revealed and s.sot["US"][-1]["hex"] == "AN-17"
    assert not any(c.kind == "mine" for c in s.card_markers.values())          # the field is spent
    assert s.port_cubes == {"AL-21": "US"}                                     # LSD 41 is still in Slite


# ---------------------------------------------------------------- hidden information through the turn
def test_no_step_shows_ru_the_us_submarine_or_us_the_ru_mines_and_sot(replay):
    lesson, recs = replay
    for r in recs:
        ru, us = view_text(lesson, "RU", r.state), view_text(lesson, "US", r.state)
        assert "SSN-774" not in ru, r.title                        # never DETECTed in the lesson (14.06)
        assert "MINE-1" not in us, r.title                         # secret, then spent when it struck (13.37)
        if not r.state.units["B-271"].revealed and not r.state.units["B-271"].destroyed:
            assert "B-271" not in us, r.title                      # no marker: nothing of it (14.02)


# ---------------------------------------------------------------- saves through the turn
def test_every_step_saves_and_loads_with_its_markers_sot_and_pending_choice():
    """A game saved at any step of the lesson -- a mine attack or a 10.311 choice pending, ISR
    markers and the orange cube on the map, a submarine marker placed -- loads to the same
    state and record, and the lesson goes on from the loaded game to the same end."""
    from lcb_lab.games.lcb.game import Game
    plain = Lesson(LESSON).run()
    lesson = Lesson(LESSON)
    kinds = set()
    for i, _ in enumerate(lesson.steps()):
        g = lesson.game
        if g.pending is not None:
            kinds.add(g.pending.kind)
        again = Game.from_json(g.to_json())
        assert again.state.to_dict() == g.state.to_dict(), i
        assert again.dice.state() == g.dice.state() and len(again.history.steps) == len(g.history.steps), i
        lesson.game = again                       # go on with the loaded game (lesson.py allows it)
    assert {"mine_attack", "embark_losses", "card_response"} <= kinds
    assert lesson.game.state.to_dict() == plain.state.to_dict()
