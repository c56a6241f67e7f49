"""Hostile files and inputs found by the action pipeline's review are refused cleanly.

Each case is refused where the data is read or checked -- the JSON/TOML reader
(lcb_lab/kernel/files.py), the save check (save_check.py), a record step
(history.Step.from_json), a saved board (board.board_from_dict), a situation
(situation.py), a designator (inputs.designator_problem), a typed action
(actions.py), a lesson (lesson.py) -- with a ScenarioError / InputError naming
the key; through the CLI: exit code 2, one line ``error: FILE: KEY: PROBLEM``,
no traceback, and no control character reaches the terminal.
"""
import copy
import json
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

import lcb_lab
from lcb_lab.games.lcb import actions as A
from lcb_lab.kernel.errors import InputError, ScenarioError
from lcb_lab.games.lcb.game import Game
from lcb_lab.kernel.history import Step
from lcb_lab.games.lcb.content.lesson import Lesson, read_lesson
from lcb_lab.games.lcb.io.resources import lesson_text

ROOT = Path(__file__).resolve().parents[2]
LESSON = lesson_text("appendix_b_combat")
U = '[units."1 Whiskey"]\ntype = "usmc_himars_section"\nhex = "F-6"\n'


@pytest.fixture(scope="module")
def base() -> dict:
    """A version-2 save with a record (the Appendix B combat lesson played through)."""
    return json.loads(Lesson("appendix_b_combat").run().to_json())


@pytest.fixture(scope="module")
def loaded(base) -> Game:
    """The ``base`` save loaded: its record steps are read by ``Game.step_from_json``."""
    return Game.from_json(json.dumps(base))


def _cli(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "lcb_lab", *args], capture_output=True, text=True,
                          cwd=ROOT, timeout=120)


def _write(tmp_path: Path, d) -> Path:
    p = tmp_path / "save.json"
    p.write_text(d if isinstance(d, str) else json.dumps(d), encoding="utf-8")
    return p


def _refused(r: subprocess.CompletedProcess, file: Path, key: str) -> str:
    out = r.stdout + r.stderr
    assert "Traceback" not in out, out
    assert r.returncode == 2, out
    lines = r.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith(f"error: {file}: {key}: "), r.stderr
    return lines[0]


def _load_refused(d, key: str) -> ScenarioError:
    with pytest.raises(ScenarioError) as e:
        Game.from_json(d if isinstance(d, str) else json.dumps(d))
    assert e.value.key == key, str(e.value)
    return e.value


# ------------------------------------------------------------------ 1. the CLI on hostile saves
def _rec_rng(d):
    d["record"]["steps"][3]["dice_after"] = {"seed": 1, "rng": {"bit_generator": "PCG64", "state": 5}, "forced": []}


def _rec_log_len_inf(d):
    d["record"]["steps"][0]["log_len"] = 1e400


def _board(d):
    d["board"] = {"hexes": 5}


def _log_no_title(d):
    d["record"] = None
    del d["state"]["log"][0]["title"]


def _log_public_int(d):
    d["record"] = None
    e = next(e for e in d["state"]["log"] if "audience" in e)
    e["public"] = 7


CLI_CASES = [
    (_rec_rng, "record.steps[3].dice_after.rng.state"),
    (_rec_log_len_inf, "record.steps[0].log_len"),
    (_board, "board.hexes"),
    (_log_no_title, "state.log[0].title"),
    (_log_public_int, "state.log[1].public"),
]


@pytest.mark.parametrize("mutate,key", CLI_CASES, ids=[c[0].__name__ for c in CLI_CASES])
def test_cli_refuses_a_hostile_save_in_one_line(tmp_path, base, mutate, key):
    d = copy.deepcopy(base)
    mutate(d)
    p = _write(tmp_path, d)
    _refused(_cli("--load", str(p), "--team", "RU"), p, key)


def test_cli_refuses_a_5000_digit_integer(tmp_path, base):
    text = json.dumps(base).replace('"turn": 2', '"turn": ' + "9" * 5000, 1)
    assert "9" * 5000 in text
    p = _write(tmp_path, text)
    line = _refused(_cli("--load", str(p)), p, "(syntax)")
    assert "4300 digits" in line


def test_cli_escapes_control_characters_from_a_save(tmp_path, base):
    d = copy.deepcopy(base)
    d["record"] = None
    d["state"]["log"][0]["title"] = "\x1b[2J\x1b[31mPWNED\x07\rX"
    p = _write(tmp_path, d)
    r = _cli("--load", str(p), "--team", "RU")
    assert r.returncode == 0, r.stderr
    assert not any(c in r.stdout for c in "\x1b\x07\r"), r.stdout[:300]
    assert "\\x1b[2J\\x1b[31mPWNED\\x07\\rX" in r.stdout
    assert "\n" in r.stdout.strip()     # newlines still separate the log lines


def test_terminal_safe_escapes_all_but_newlines():
    from lcb_lab.__main__ import terminal_safe
    assert terminal_safe("a\x1b[31mb\nc\u202ed\te") == "a\\x1b[31mb\nc\\u202ed\\te"


# ------------------------------------------------------------------ 1. record steps (history.Step.from_json)
@pytest.mark.parametrize("field,value,where", [
    ("dice_after", "x", "dice_after"),
    ("dice_after", {"seed": 1, "rng": None, "forced": [99, "a"]}, "dice_after.forced.0"),
    ("dice_after", {"seed": 1, "rng": {"bit_generator": "PCG64", "state": 5}, "forced": []}, "dice_after.rng.state"),
    ("log_len", "1", "log_len"),
    ("log_len", 1.0, "log_len"),
    ("log_len", True, "log_len"),
    ("auto", "yes", "auto"),
    ("auto", {"intercept": "launch_nukes"}, "auto.intercept"),
    ("auto", {"nuke": "no_intercept"}, "auto.nuke"),
    ("label", {"x": 1}, "label"),
    ("turn", "abc", "turn"),
    ("team", "XX", "team"),
    ("dice", [True], "dice.0"),
])
def test_step_from_json_is_strict(base, loaded, field, value, where):
    g = loaded
    good = base["record"]["steps"][3]
    assert g.step_from_json(good).to_json(A.to_json, g.place_keys) == good
    bad = dict(good, **{field: value})
    with pytest.raises(InputError) as e:
        g.step_from_json(bad)
    assert e.value.where == where, str(e.value)


def test_step_from_json_keeps_known_policies(base, loaded):
    good = dict(base["record"]["steps"][3], auto={"intercept": "no_intercept"})
    assert loaded.step_from_json(good).auto == {"intercept": "no_intercept"}


def test_a_malformed_dice_after_is_named_with_its_step(base):
    d = copy.deepcopy(base)
    d["record"]["steps"][-1]["dice_after"] = {"seed": 1, "rng": None, "forced": [99]}
    err = _load_refused(d, f"record.steps[{len(d['record']['steps']) - 1}].dice_after.forced.0")
    assert "20" in err.problem


def test_a_record_step_that_is_no_object_is_named(base):
    d = copy.deepcopy(base)
    d["record"]["steps"][0] = [1, 2]
    _load_refused(d, "record.steps[0]")


def test_replay_turns_a_failing_dice_state_into_the_replay_error(base):
    """Game._replay sets the recorded dice state inside its try: a failure there is the LabError."""
    from lcb_lab.kernel.errors import LabError
    g = Game.from_json(json.dumps(base))
    st = g.history.steps[0]
    bad = Step(st.action, st.dice, {"seed": None, "rng": {"bit_generator": "PCG64", "state": 5}, "forced": []},
               st.log_len, st.auto, st.turn, st.sub_turn, st.player, st.label)
    g.history.steps[0] = bad
    with pytest.raises(LabError, match="the record does not replay at step 1"):
        g.goto(0)
        g.goto(1)


# ------------------------------------------------------------------ 1. saved boards (board.board_from_dict)
@pytest.mark.parametrize("board,key", [
    ({"hexes": 5}, "hexes"),
    ({"hexes": [5]}, "hexes[0]"),
    ({"hexes": ["A-1"]}, "hexes[0]"),
    ({"hexes": [{"label": "A-1", "kind": "land", "colour": "green", "features": 3}]}, "hexes[0]"),
    ({"hexes": [], "features": {"a": 1}}, "features"),
    ({"hexes": [], "label_map": [1]}, "label_map"),
])
def test_board_from_dict_refuses_malformed_boards(board, key):
    from lcb_lab.games.lcb.model.board import board_from_dict
    with pytest.raises(ScenarioError) as e:
        board_from_dict(board, "b.json")
    assert e.value.key == key, str(e.value)


def test_board_from_dict_refuses_a_non_object():
    from lcb_lab.games.lcb.model.board import board_from_dict
    with pytest.raises(ScenarioError, match="a map is a JSON object"):
        board_from_dict([1], "b.json")


# ------------------------------------------------------------------ 1. log entries (save_check)
def _norec(base: dict) -> dict:
    d = copy.deepcopy(base)
    d["record"] = None
    return d


def _secret(d: dict) -> dict:
    return next(e for e in d["state"]["log"] if "audience" in e)


@pytest.mark.parametrize("change,key", [
    (lambda d: d["state"]["log"][0].pop("title"), "state.log[0].title"),
    (lambda d: d["state"]["log"][0].pop("text"), "state.log[0].text"),
    (lambda d: d["state"]["log"][0].pop("kind"), "state.log[0].kind"),
    (lambda d: d["state"]["log"][0].update(kind=5), "state.log[0].kind"),
    (lambda d: d["state"]["log"][0].update(rules=5), "state.log[0].rules"),
    (lambda d: d["state"]["log"][0].update(rules=[5]), "state.log[0].rules[0]"),
    (lambda d: d["state"]["log"][0].update(turn="1"), "state.log[0].turn"),
    (lambda d: d["state"]["log"][0].update(impulse=1.5), "state.log[0].impulse"),
    (lambda d: d["state"]["log"][0].update(visible_to=5), "state.log[0].visible_to"),
    (lambda d: d["state"]["log"][0].update(visible_to=["XX"]), "state.log[0].visible_to[0]"),
    (lambda d: _secret(d).update(audience="US"), None),
    (lambda d: _secret(d).update(public=7), None),
    (lambda d: _secret(d).update(public={"title": 1}), None),
])
def test_save_check_refuses_malformed_log_entries(base, change, key):
    d = _norec(base)
    change(d)
    if key is not None:
        _load_refused(d, key)
        return
    i = next(i for i, e in enumerate(d["state"]["log"]) if "audience" in e)
    with pytest.raises(ScenarioError) as e:
        Game.from_json(json.dumps(d))
    assert e.value.key.startswith(f"state.log[{i}]."), str(e.value)


def test_a_legacy_log_entry_still_loads(base):
    d = _norec(base)
    e = d["state"]["log"][0]
    e.pop("audience", None)
    e.update(visible_to=["US"], public_copy=False)
    g = Game.from_json(json.dumps(d))
    assert g.state.log[0]["visible_to"] == ["US"]


# ------------------------------------------------------------------ 2. pending choices, victory conditions
CHOICE = {"team": "RU", "rule": "7.54", "prompt": "p", "id": 1}


@pytest.mark.parametrize("choice,key", [
    (dict(CHOICE, kind="nuke", options={}), "state.choices[0].kind"),
    (dict(CHOICE, kind="intercept", options={}), "state.choices[0].options.targets"),
    (dict(CHOICE, kind="intercept", options={"targets": [{"target": "X", "incoming_dice": 2}]}),
     "state.choices[0].options.targets[0].interceptors"),
    (dict(CHOICE, kind="ga_defence", options={"hex": "AL-23", "defenders": []}),
     "state.choices[0].options.attackers"),
    (dict(CHOICE, kind="mildec", options={"key": "k", "target": "X", "damage": "2", "mildecs": 1}),
     "state.choices[0].options.damage"),
    (dict(CHOICE, kind="mildec", team="XX", options={"key": "k", "target": "X", "damage": 2, "mildecs": 1}),
     "state.choices[0].team"),
])
def test_save_check_refuses_malformed_pending_choices(base, choice, key):
    d = _norec(base)
    d["state"]["choices"] = [choice]
    _load_refused(d, key)


def test_a_well_formed_pending_choice_loads(base):
    d = _norec(base)
    d["state"]["choices"] = [dict(CHOICE, kind="mildec",
                                  options={"key": "k", "target": "X", "damage": 2, "mildecs": 1})]
    assert Game.from_json(json.dumps(d)).state.choices[0].options.damage == 2


@pytest.mark.parametrize("victory,key", [
    ({"team": "US", "type": "nuke"}, "state.victory[0].type"),
    ({"team": "XX", "type": "hold"}, "state.victory[0].team"),
    ({"team": "US", "type": "hold", "count": "3"}, "state.victory[0].count"),
    ({"team": "US", "type": "hold", "bogus": 1}, "state.victory[0].bogus"),
])
def test_save_check_refuses_unknown_victory_conditions(base, victory, key):
    d = _norec(base)
    d["state"]["victory"] = [victory]
    _load_refused(d, key)


def test_refused_choices_and_victory_no_longer_crash_legal_actions(base):
    """Before: a save with these loaded and legal_actions() raised KeyError / ValueError."""
    d = _norec(base)
    d["state"]["victory"] = [{"team": "US", "type": "nuke"}]
    with pytest.raises(ScenarioError):
        Game.from_json(json.dumps(d))


# ------------------------------------------------------------------ 4. situation input
@pytest.mark.parametrize("text,key", [
    ("seed = -1\n" + U, "seed"),
    ("turn = 5\nmax_turns = 2\n" + U, "turn"),
    ('network = { US = -5 }\n' + U, "network.US"),
    ('[units."X\\u001b[31m"]\ntype = "usmc_himars_section"\nhex = "F-6"\n', "units.X\\x1b[31m"),
    ('[units.""]\ntype = "usmc_himars_section"\nhex = "F-6"\n', "units."),
    ('[units."hidden:F-6:0"]\ntype = "usmc_himars_section"\nhex = "F-6"\n', "units.hidden:F-6:0"),
    ("x = " + "[" * 3000 + "]" * 3000 + "\n", "(syntax)"),
])
def test_situation_refuses_hostile_toml(text, key):
    with pytest.raises(ScenarioError) as e:
        lcb_lab.situation_from_toml(text)
    assert e.value.key == key, str(e.value)


def test_situation_refuses_a_100k_character_name_with_a_short_key():
    text = '[units."' + "A" * 100000 + '"]\ntype = "usmc_himars_section"\nhex = "F-6"\n'
    with pytest.raises(ScenarioError) as e:
        lcb_lab.situation_from_toml(text)
    assert "at most 100 characters" in e.value.problem
    assert len(str(e.value)) < 300


def test_situation_refuses_a_name_like_the_observers_stand_ins():
    with pytest.raises(ScenarioError, match="hidden:"):
        lcb_lab.situation(units={"hidden:F-2:0": ("usmc_infantry_platoon", "F-6"),
                                 "1 Uran": ("runi_coastal_missile_section", "F-2")})


def test_situation_seed_zero_and_good_network_still_build():
    g = lcb_lab.situation_from_toml("seed = 0\nnetwork = { US = 2 }\n" + U)
    assert g.state.network_cubes == {"US": 2, "RU": 0}
    assert Game.from_json(g.to_json()).state.network_cubes == {"US": 2, "RU": 0}


def test_designator_problem_refuses_the_hidden_prefix():
    from lcb_lab.games.lcb.io.inputs import designator_problem
    assert "hidden:" in designator_problem("hidden:F-2:0")
    assert designator_problem("hiddenF-2") is None
    assert designator_problem("1 Whiskey") is None


def test_save_check_refuses_a_unit_named_like_a_stand_in(base):
    d = _norec(base)
    units = d["state"]["units"]
    hosts = {u["embarked_on"] for u in units.values()}
    uid = next(k for k in units if k not in hosts)
    u = units.pop(uid)
    u["uid"] = "hidden:AL-23:0"
    units["hidden:AL-23:0"] = u
    err = _load_refused(d, "state.units[hidden:AL-23:0]")
    assert "hidden:" in err.problem


# ------------------------------------------------------------------ 5. ScriptedEffect, actions.check
@pytest.mark.parametrize("fields,where", [
    ({"team": "XX"}, "team"),
    ({"n": 10 ** 30}, "n"),
    ({"n": -11}, "n"),
    ({"n": True}, "n"),
])
def test_scripted_effect_fields_are_strict(fields, where):
    data = {"kind": "scripted_effect", "effect": "network_cube", "team": "RU", **fields}
    with pytest.raises(InputError) as e:
        A.from_json(data)
    assert e.value.where == where, str(e.value)
    with pytest.raises(InputError):
        A.check(A.ScriptedEffect(effect="network_cube", **{"team": "RU", **fields}))


def test_scripted_effect_in_range_is_kept():
    a = A.check(A.ScriptedEffect(effect="network_cube", team="US", n=-2))
    assert (a.team, a.n) == ("US", -2)


def test_check_refuses_an_action_subclass_that_is_no_dataclass():
    class Bogus(A.Action):
        KIND = "bogus"

    with pytest.raises(InputError, match="Bogus"):
        A.check(Bogus())

    @dataclass(frozen=True)
    class Unknown(A.Action):
        KIND = "unknown_kind"

    with pytest.raises(InputError):
        A.check(Unknown())


# ------------------------------------------------------------------ 6. lessons: strict booleans
def test_lesson_relinquish_must_be_a_boolean(tmp_path):
    text = LESSON.replace("[[impulse]]\n", "[[impulse]]\nrelinquish = \"yes\"\n", 1)
    assert 'relinquish = "yes"' in text
    p = tmp_path / "lesson.toml"
    p.write_text(text, encoding="utf-8")
    with pytest.raises(ScenarioError) as e:
        read_lesson(p)
    assert e.value.key.endswith("relinquish"), str(e.value)
    assert "boolean" in e.value.problem


def test_an_embark_cycle_in_a_save_is_refused():
    """Two units embarked on each other (or a unit on an embarked host) cannot be (10.0)."""
    import json as _json
    from lcb_lab import load_scenario as _load
    from lcb_lab.kernel.errors import ScenarioError as _SE
    from lcb_lab.games.lcb.game import Game as _Game
    g = _load("gotland_redux", seed=1)
    d = _json.loads(g.to_json())
    units = d["state"]["units"]
    a, b = [u for u, v in units.items() if v["embarked_on"]][:2]
    units[b]["embarked_on"] = a
    with pytest.raises(_SE) as e:
        _Game.from_json(_json.dumps(d), g.catalog)
    assert "embarked_on" in e.value.key
