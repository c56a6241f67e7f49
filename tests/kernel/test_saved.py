"""A broken save file, loaded by each new game's lab side: one ScenarioError naming the file, the key
(``state``, ``dice``, ``record``, ``record.initial.state``, ``record.steps``) and what is wrong in
words -- a missing key, the wrong JSON type, a value the reader refuses -- never a Python error's
text alone (:mod:`lcb_lab.kernel.saved`)."""
from __future__ import annotations

import json

import pytest

from lcb_lab.kernel.errors import ScenarioError
from lcb_lab.kernel.saved import reason
from lcb_lab.ui.archipelago.game_ui import ARCH_UI
from lcb_lab.ui.force_on_force.game_ui import FOF_UI
from lcb_lab.ui.order_of_battle.game_ui import OOB_UI

UIS = {"archipelago": ARCH_UI, "force_on_force": FOF_UI, "order_of_battle": OOB_UI}


def _saved(ui, tmp_path) -> dict:
    g = ui.new_game(ui.default_scenario, 1, None)
    who = g.to_act()
    g.apply(next(a for a in g.legal_actions(who) if not getattr(a, "kind", None)))
    path = tmp_path / "good.json"
    ui.save_game(g, path)
    return json.loads(path.read_text())


def _drop(d: dict, *keys: str) -> dict:
    d = json.loads(json.dumps(d))
    inner = d
    for k in keys[:-1]:
        inner = inner[k]
    del inner[keys[-1]]
    return d


BROKEN = [
    (lambda d: _drop(d, "state"), "state", "missing: a saved game has it"),
    (lambda d: {**d, "dice": "seed 1"}, "dice", "an object ({...}) is expected, the file has a string"),
    (lambda d: {**d, "record": [1]}, "record", "an object ({...}) or null is expected, the file has a list"),
    (lambda d: _drop(d, "record", "initial", "state"), "record.initial.state", "missing: a saved game has it"),
    (lambda d: {**d, "record": {**d["record"], "steps": 3}}, "record.steps",
     "a list of steps is expected, the file has a number"),
    (lambda d: {**d, "state": {**d["state"], "turn": "two"}}, "state.turn", "expected an integer, got a string"),
]


@pytest.mark.parametrize("game", list(UIS))
@pytest.mark.parametrize("case", range(len(BROKEN)), ids=[k for _, k, _ in BROKEN])
def test_a_broken_save_names_the_file_the_key_and_what_is_wrong(game, case, tmp_path):
    ui = UIS[game]
    change, key, problem = BROKEN[case]
    path = tmp_path / "broken.json"
    path.write_text(json.dumps(change(_saved(ui, tmp_path))))
    with pytest.raises(ScenarioError) as e:
        ui.load_game(path)
    assert (e.value.file, e.value.key, e.value.problem) == (str(path), key, problem)


def test_reason_names_a_missing_key_and_hides_python_words():
    assert reason(KeyError("turn")) == "the key 'turn' is missing"
    assert "object has no attribute" not in reason(AttributeError("'str' object has no attribute 'get'"))
    assert reason(ValueError("turn: 0 is not a turn")) == "turn: 0 is not a turn"


def _set(d: dict, path: tuple, value) -> dict:
    d = json.loads(json.dumps(d))
    inner = d
    for k in path[:-1]:
        inner = inner[k]
    inner[path[-1]] = value
    return d


# (where in the save, the hostile value, the key named, the problem): a dice state read from a file is
# checked when it is read.  Before: numpy's or int()'s own error escaped the loader (a TypeError,
# OverflowError, KeyError or ValueError), or -- the top-level dice -- the game loaded and broke at its
# first seeded roll.
DICE = [
    (("dice", "seed"), -1, "dice.seed",
     "-1 is out of range: allowed 0..18446744073709551615 (sandbox: a 64-bit dice seed)"),
    (("dice", "seed"), 1.5, "dice.seed", "null or a whole number 0..18446744073709551615 is expected, not 1.5"),
    (("dice", "seed"), 2**70, "dice.seed",
     "a 22-digit number is out of range: allowed 0..18446744073709551615 (sandbox: a 64-bit dice seed)"),
    (("dice", "rng", "uinteger"), -1, "dice.rng.uinteger", "a whole number 0 .. 2**32-1 is expected, not -1"),
    (("dice", "rng", "state", "inc"), 2**130, "dice.rng.state.inc",
     f"a whole number 0 .. 2**128-1 is expected, not {2**130}"),
    (("dice", "rng", "bit_generator"), "MT19937", "dice.rng.bit_generator", "'PCG64' is expected, not 'MT19937'"),
    (("dice", "forced"), [3, None], "dice.forced[1]", "a whole number is expected, not None"),
    (("dice", "rigged"), True, "dice.rigged", "unknown key; a dice state has seed, rng, forced"),
    (("record", "initial", "dice", "rng"), [], "record.initial.dice.rng",
     "null or numpy's PCG64 state (bit_generator, state, has_uint32, uinteger) is expected, not []"),
    (("record", "steps", 0, "dice_after", "rng", "state"), [], "record.steps[0].dice_after.rng.state",
     "an object of state and inc is expected, not []"),
    (("record", "steps", 0, "dice_after", "rng", "has_uint32"), True, "record.steps[0].dice_after.rng.has_uint32",
     "0 or 1 is expected, not True"),
    (("record", "steps", 0, "dice"), ["six"], "record.steps[0].dice[0]", "a whole number is expected, not 'six'"),
]


@pytest.mark.parametrize("game", list(UIS))
@pytest.mark.parametrize("case", range(len(DICE)), ids=[k for _, _, k, _ in DICE])
def test_a_hostile_dice_state_is_refused_when_the_save_is_read(game, case, tmp_path):
    ui = UIS[game]
    where, value, key, problem = DICE[case]
    saved = _saved(ui, tmp_path)
    if saved["dice"]["rng"] is None or saved["record"]["steps"][0]["dice_after"]["rng"] is None:
        pytest.skip("no seeded generator in this save")
    path = tmp_path / "broken.json"
    path.write_text(json.dumps(_set(saved, where, value)))
    with pytest.raises(ScenarioError) as e:
        ui.load_game(path)
    assert (e.value.file, e.value.key, e.value.problem) == (str(path), key, problem)

