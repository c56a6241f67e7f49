"""Saves written before the submarine ZOR and the engagement rolled their DETECT dice whatever
is in reach (14.09, 14.011) still load: from their saved state, with an empty record (as a
version 1 save), since their record cannot replay under today's dice."""
from __future__ import annotations

import json

import pytest

from lcb_lab.games.lcb import actions as A
from lcb_lab.games.lcb.content.worked.ch14 import B, R, SSN, sea
from lcb_lab.games.lcb.game import Game
from lcb_lab.kernel.errors import ScenarioError


def _zor_save() -> dict:
    """A US SSN's ZOR with nothing in reach (today: one DETECT die, 20), saved."""
    g = sea({"SSN": (SSN, "C-3", B), "DDG": ("rubf_ddg", "G-9", R)}, forced=[20], seed=3)
    g.apply(A.BeginImpulse(B))
    g.apply(A.Declare((A.CoreAction("move_combat", ("SSN",)),)))
    g.apply(A.SubmarineZor(1, "SSN"))
    return json.loads(g.to_json())


def test_todays_save_with_a_zor_replays_its_record():
    g = Game.from_json(json.dumps(_zor_save()))
    assert (g.history.cursor, len(g.history.steps)) == (3, 3)
    assert list(g.history.steps[-1].dice) == [20]


def test_a_save_whose_zor_rolled_no_die_loads_from_its_state_with_an_empty_record():
    d = _zor_save()
    zor = d["record"]["steps"][-1]
    assert zor["action"]["kind"] == "submarine_zor"
    zor["dice"] = []                       # as saved when a ZOR with nothing in reach rolled nothing
    d["version"] = 2                       # ... by the lcb_lab of before
    g = Game.from_json(json.dumps(d))
    assert (g.history.cursor, len(g.history.steps)) == (0, 0)
    assert g.state.to_dict() == d["state"] and g.to_act() == "US"


def test_a_record_that_does_not_replay_without_a_submarine_step_is_still_refused():
    d = _zor_save()
    del d["record"]["steps"][-1]           # the record now stops before the ZOR: not the saved state
    with pytest.raises(ScenarioError, match="record"):
        Game.from_json(json.dumps(d))


def test_a_version_3_save_whose_zor_does_not_replay_is_refused():
    d = _zor_save()
    assert d["version"] == 3
    d["record"]["steps"][-1]["dice"] = []  # today's save, edited: its record no longer replays
    with pytest.raises(ScenarioError, match="record"):
        Game.from_json(json.dumps(d))
