"""Saves written when a cost was logged in nested brackets ("(1 AP (action #1))", "(free: a
deployed Persistent card (9.2))", a port transfer's "1 AP (action #2)") still load with their
record: the loader writes those entries as the rules log them now, so the record replays to the
saved state (undo and fork work on the loaded game as before saving)."""
from __future__ import annotations

import json
import re

import pytest

from lcb_lab.games.lcb.content.lesson import Lesson
from lcb_lab.games.lcb.content.playthrough import random_game
from lcb_lab.games.lcb.game import Game
from lcb_lab.games.lcb.io.saved_logs import upgrade_saved_entry

_OLD = ((re.compile(r"1 AP, action #(\d+)"), r"1 AP (action #\1)"),
        (re.compile(r"\(free: a deployed Persistent card\)"), "(free: a deployed Persistent card (9.2))"))


def _as_written_before(text: str) -> tuple[str, int]:
    """A save's JSON with every cost in the old words, and how many entries changed."""
    d = json.loads(text)
    changed = 0
    for e in d["state"]["log"]:
        old = e["text"], e["title"]
        for key in ("text", "title"):
            for pattern, words in _OLD:
                e[key] = pattern.sub(words, e[key])
        changed += (e["text"], e["title"]) != old
    return json.dumps(d), changed


@pytest.mark.parametrize("make", [lambda: Lesson("slite_landing_lesson").run(), lambda: random_game(turns=2)],
                         ids=["lesson: card and port costs", "random game: free Persistent plays"])
def test_an_old_save_loads_with_its_record_and_todays_words(make):
    g = make()
    text = g.to_json()
    old, changed = _as_written_before(text)
    assert changed >= 2 and old != text
    loaded = Game.from_json(old, file="old.json")
    assert len(loaded.history.steps) == len(g.history.steps) > 0
    assert loaded.to_json() == text


def test_a_deployment_stage_play_gains_its_rule():
    e = {"kind": "card", "title": "JCC played: X", "text": "Do it. (Deployment Stage, no AP (9.5))",
         "rules": ["3.31", "9.03", "9.41"], "data": {}}
    assert upgrade_saved_entry(e) == dict(e, text="Do it. (Deployment Stage, no AP)", rules=["3.31", "9.03", "9.5", "9.41"])


def test_an_answer_s_cost_and_other_entries_are_left_as_they_are():
    e = {"kind": "card", "title": "US answers with X: NULLIFY Y", "text": "Z. Costs 1 AP (action #3, 9.41).",
         "rules": ["9.41"], "data": {}}
    assert upgrade_saved_entry(e) is e
