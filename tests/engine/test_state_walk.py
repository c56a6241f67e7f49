"""A saved state is checked by walking the state's own type hints (lcb_lab.kernel.datacodec.from_data),
the walk the codec and the copies use: every field of every record, nested records and lists
included, refused with the file, the key path and what is wrong."""
import json

import pytest

from lcb_lab.kernel import datacodec
from lcb_lab import load_scenario
from lcb_lab.kernel.datacodec import DataError
from lcb_lab.kernel.errors import ScenarioError
from lcb_lab.games.lcb.game import Game
from lcb_lab.games.lcb.model.state import GameState, Impulse


@pytest.fixture(scope="module")
def save() -> str:
    return load_scenario("gotland_redux").to_json()


def _impulse(d: dict, **kw) -> dict:
    d["state"]["impulse"] = dict({"task_force": "TF Boston", "team": "US", "ap": 3,
                                  "actions": [{"kind": "move_combat", "units": ["DDG-51"], "aid": 1}]}, **kw)
    return d


def _refused(save: str, change) -> ScenarioError:
    d = json.loads(save)
    change(d)
    with pytest.raises(ScenarioError) as e:
        Game.from_json(json.dumps(d), file="g.json")
    assert e.value.file == "g.json"
    return e.value


CASES = [
    (lambda d: d["state"]["units"]["DDG-51"].update(revealed=1), "state.units[DDG-51].revealed",
     "expected a boolean, got an integer"),
    (lambda d: d["state"]["units"]["DDG-51"].update(attachments=["x", 2]), "state.units[DDG-51].attachments[1]",
     "expected a string, got an integer"),
    (lambda d: d["state"]["units"]["DDG-51"].pop("hp"), "state.units[DDG-51].hp", "missing (a required field)"),
    (lambda d: _impulse(d, ap=True), "state.impulse.ap", "expected an integer, got a boolean"),
    (lambda d: _impulse(d)["state"]["impulse"]["actions"][0].update(path="AL-28"),
     "state.impulse.actions[0].path", "expected a list, got a string"),
    (lambda d: _impulse(d)["state"]["impulse"]["actions"][0].update(speed=3),
     "state.impulse.actions[0].speed", "Extra field: a declared has no such field"),
    (lambda d: _impulse(d, combat={"lrs": [{"shooter": "DDG-51", "dice": [1]}]}),
     "state.impulse.combat.lrs[0].dice", "expected a string or a boolean or an integer or null, got a list"),
    (lambda d: d["state"].update(cards={"US-1": 5}), "state.cards[US-1]",
     "expected an object (a dictionary) of card fields, got an integer"),
]


@pytest.mark.parametrize("change,key,problem", CASES, ids=[c[1] for c in CASES])
def test_a_saved_state_is_walked_by_its_type_hints(save, change, key, problem):
    e = _refused(save, change)
    assert (e.key, e.problem) == (key, problem), str(e)


def test_an_old_combat_plan_loads_and_unknown_keys_of_the_state_are_refused(save):
    d = _impulse(json.loads(save), combat={"queue": []})
    g = Game.from_json(json.dumps(d))
    assert g.state.impulse.combat.lrs == []
    d["state"]["written_by"] = "someone else"
    with pytest.raises(ScenarioError) as e:
        Game.from_json(json.dumps(d))
    assert (e.value.key, e.value.problem) == ("state.written_by", "Extra field: a game state has no such field")


def test_the_walk_rebuilds_what_to_data_wrote():
    s = load_scenario("gotland_redux").state
    assert datacodec.from_data(GameState, s.to_dict()) == s
    with pytest.raises(DataError) as e:
        datacodec.from_data(Impulse, {"task_force": "TF Boston", "team": "US", "ap": "3"})
    assert (e.value.loc, e.value.problem) == (("ap",), "expected an integer, got a string")
    assert str(e.value) == "ap: expected an integer, got a string"


def test_the_save_check_builds_no_model_of_the_state():
    from lcb_lab.games.lcb.io import save_check, save_check_cards, save_check_pieces
    for mod in (save_check, save_check_pieces, save_check_cards):
        assert not any(hasattr(mod, n) for n in ("_model_of", "_state_model", "_STATE_MODEL", "_swap"))
