"""The lesson of the second scenario (``slite_landing_lesson.toml``): turn 1 of Return to Slite
replayed with NO scripted effect; every narrated outcome is asserted on the state the rules
produced at the step where the narrative has it, with the forced dice the lesson lists.

The scenario is sandbox (docs/scenarios.md); the rules are the rulebook's (chapters 10-14).
"""
from __future__ import annotations

import json
from dataclasses import dataclass

import pytest

from lcb_lab.lesson import Lesson, report, scripted_steps
from lcb_lab.state import GameState

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
    r = find(recs, "respond", "Pantsir")
    s = r.state
    assert [v for _, v in r.rolls] == [[15], [6]]                 # INTERCEPT 15 > 12 misses; V-BAT 6 <= 14
    assert s.units["3 Boris"].revealed and s.units["1 Yelena"].revealed
    assert s.units["2 Boris"].revealed                            # an interceptor reveals itself (7.511)
    assert not s.units["1 Lima"].revealed                         # the host stays hidden (9.34)
    vbat = card(s, "US", "V-BAT")
    [m] = markers_of(s, vbat.cid)
    assert m.hex == "AK-21" and m.revealed
    assert not s.units["1 Boris"].revealed and not s.units["1 Zhuk"].revealed
