"""Bad input is refused the same way everywhere.

The CLI never shows a traceback: a malformed lesson, scenario or save gives
exit code 2 and one line ``error: FILE: KEY: PROBLEM`` on stderr.  Saves are
checked like scenarios (lcb_lab/games/lcb/io/save_check.py); map names cannot leave the
maps folder; designators cannot hold control characters; wrong argument
types into the API raise InputError.
"""
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from lcb_lab.games.lcb import actions as A
from lcb_lab import load_scenario
from lcb_lab.games.lcb.model.board import load_board
from lcb_lab.kernel.errors import InputError, LabError, ScenarioError
from lcb_lab.games.lcb.game import Game
from lcb_lab.games.lcb.content.lesson import Lesson
from lcb_lab.games.lcb.io.resources import lesson_text, scenario_text
from lcb_lab.games.lcb import actions as A

ROOT = Path(__file__).resolve().parents[2]
SCEN = scenario_text("gotland_redux")
LESSON = lesson_text("appendix_b_combat")
NETWORK_STEP = 'effect = "network_cube"\ncard = "Tactical Cyber Attack"\nteam = "RU"\n'
LCU_HEX = 'from = "LHD 1"\nhex = "AL-23"\n'


def _cli(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "lcb_lab", *args], capture_output=True, text=True,
                          cwd=ROOT, timeout=120)


def _assert_clean_refusal(r: subprocess.CompletedProcess, *names: str) -> None:
    out = r.stdout + r.stderr
    assert "Traceback" not in out, out
    assert r.returncode == 2, out
    lines = r.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: "), r.stderr
    for n in names:
        assert n in lines[0], (n, lines[0])


def _lesson(tmp_path: Path, text: str) -> Path:
    p = tmp_path / "lesson.toml"
    p.write_text(text, encoding="utf-8")
    return p


def _with_scenario(tmp_path: Path, scenario_text: str) -> Path:
    sc = tmp_path / "scen.toml"
    sc.write_text(scenario_text, encoding="utf-8")
    return _lesson(tmp_path, LESSON.replace('scenario = "gotland_redux"', f"scenario = {json.dumps(str(sc))}", 1))


def _save_dict() -> dict:
    return json.loads(load_scenario("gotland_redux").to_json())


# ------------------------------------------------------------------ 1. the CLI never shows a traceback
LESSON_CASES = {
    "not utf-8": (lambda t: _raw_bytes(t, b"\xff\xfe[lesson]\n", "l.toml"), ["l.toml", "(file)", "UTF-8"]),
    "a directory": (lambda t: (t / "lessondir").mkdir() or t / "lessondir", ["lessondir", "(file)", "directory"]),
    "seed = -5": (lambda t: _lesson(t, LESSON.replace("seed = 20301", "seed = -5", 1)), ["lesson.toml", "lesson.seed"]),
    "effect without team": (lambda t: _lesson(t, LESSON.replace(NETWORK_STEP, NETWORK_STEP.replace('team = "RU"\n', ""),
                                                                1)),
                            ["lesson.toml", "impulse[TF Memphis], step 5", "needs team"]),
    "effect without hex": (lambda t: _lesson(t, LESSON.replace(LCU_HEX, 'from = "LHD 1"\n', 1)),
                           ["lesson.toml", "impulse[TF Memphis], step 2", "needs hex"]),
    "TOML nested deep": (lambda t: _lesson(t, "x = " + "[" * 100_000 + "]" * 100_000 + "\n"),
                         ["lesson.toml", "(syntax)", "nested"]),
    "TOML nested 60 deep": (lambda t: _lesson(t, "x = " + "[" * 60 + "]" * 60 + "\n"),
                            ["lesson.toml", "(syntax)", "nested"]),
    "map outside the maps folder": (
        lambda t: _with_scenario(t, SCEN.replace('map = "gotland"', 'map = "../../etc/passwd"')),
        ["scen.toml", "scenario.map", "not a map name"]),
    "control character in a designator": (
        lambda t: _with_scenario(t, SCEN.replace('uid = "DDG-51"', 'uid = "DDG-51\\u001b[31m"', 1)),
        ["scen.toml", "unit[DDG-51\\x1b[31m].uid", "control character"]),
    "no such lesson": (lambda t: t / "missing.toml", ["missing.toml", "no such lesson"]),
}


@pytest.mark.parametrize("case", list(LESSON_CASES))
def test_cli_refuses_bad_lessons_in_one_line(tmp_path, case):
    make, names = LESSON_CASES[case]
    path = make(tmp_path)
    _assert_clean_refusal(_cli(str(path)), *names)   # names[0] is the file to blame


def _bad_info(d):
    d["scenario_info"] = {"x": 1}


SAVE_CASES = {
    "malformed scenario_info": (lambda t: _save(t, _bad_info), ["scenario_info"]),
    "JSON nested 100000 deep": (lambda t: _raw(t, "[" * 100_000 + "]" * 100_000), ["(syntax)", "nested"]),
    "not utf-8": (lambda t: _raw_bytes(t, b'{"state": "\xff"}'), ["(file)", "UTF-8"]),
    "a directory": (lambda t: (t / "savedir").mkdir() or t / "savedir", ["(file)", "directory"]),
    "map ../../etc/passwd": (lambda t: _save(t, lambda d: d.update(map="../../etc/passwd")), ["map", "not a map name"]),
    "HP 99": (lambda t: _save(t, lambda d: d["state"]["units"]["DDG-51"].update(hp=99)),
              ["state.units[DDG-51].hp"]),
    "not JSON": (lambda t: _raw(t, "{not json"), ["(syntax)"]),
}


def _save(t: Path, mutate) -> Path:
    d = _save_dict()
    mutate(d)
    return _raw(t, json.dumps(d))


def _raw(t: Path, text: str) -> Path:
    p = t / "save.json"
    p.write_text(text, encoding="utf-8")
    return p


def _raw_bytes(t: Path, data: bytes, name: str = "save.json") -> Path:
    p = t / name
    p.write_bytes(data)
    return p


@pytest.mark.parametrize("case", list(SAVE_CASES))
def test_cli_refuses_bad_saves_in_one_line(tmp_path, case):
    make, names = SAVE_CASES[case]
    path = make(tmp_path)
    _assert_clean_refusal(_cli("--load", str(path)), Path(path).name, *names)


def test_cli_refuses_an_unwritable_save_and_still_runs_a_good_lesson(tmp_path):
    r = _cli("appendix_b_combat", "--save", str(tmp_path))            # a directory cannot be written
    _assert_clean_refusal(r, "cannot save")
    ok = _cli("appendix_b_combat", "--json", "--team", "US")
    assert ok.returncode == 0 and json.loads(ok.stdout)["view"] == "US", ok.stderr


def test_cli_save_says_where_the_game_went_and_keeps_stdout_for_the_json(tmp_path):
    out = tmp_path / "game.json"
    r = _cli("appendix_b_combat", "--save", str(out), "--json")
    assert r.returncode == 0 and out.exists(), r.stderr
    assert json.loads(r.stdout)["scenario"]                           # the JSON alone on stdout
    python = os.path.relpath(sys.executable, ROOT)                   # run as `<python> -m lcb_lab` from ROOT
    again = f"{sys.executable if python.startswith('..') else python} -m lcb_lab"
    assert r.stderr.strip() == f"saved {out} (turn 2, action stage): go on with {again} --load {out}"


@pytest.mark.parametrize("argv0, which, line", [
    ("/v/bin/lcb-lab", "/v/bin/lcb-lab", "lcb-lab"),                  # the console script, found on PATH
    (".venv/bin/lcb-lab", None, ".venv/bin/lcb-lab"),                  # typed as a path: the same path again
    ("/a b/bin/lcb-lab", None, "'/a b/bin/lcb-lab'"),
    ("/x/lcb_lab/__main__.py", None, "PYTHON -m lcb_lab"),             # python -m lcb_lab
    ("", None, "lcb-lab"),                                             # main() called from Python
])
def test_the_saved_line_names_the_command_as_it_was_run(argv0, which, line, monkeypatch, tmp_path):
    """The README runs ``.venv/bin/python -m lcb_lab ... --save game.json``: the line it prints must be one
    that runs again there (it said ``lcb-lab --load``, no command on PATH in a checkout's shell)."""
    from lcb_lab import __main__ as cli
    monkeypatch.setattr("shutil.which", lambda name: which)
    monkeypatch.setattr("os.path.samefile", lambda a, b: a == b)
    monkeypatch.chdir(tmp_path)
    python = str(tmp_path / ".venv" / "bin" / "python")
    assert cli.invoked_as(argv0, python) == line.replace("PYTHON", ".venv/bin/python")
    assert cli.invoked_as(argv0, "/elsewhere/python3") == line.replace("PYTHON", "/elsewhere/python3")


# ------------------------------------------------------------------ 2. a save is checked like a scenario
def _units(d):
    return d["state"]["units"]


SAVE_CHECKS = [
    ("HP below 0", lambda d: _units(d)["DDG-51"].update(hp=-1), "state.units[DDG-51].hp", "0..3"),
    ("HP above the type's", lambda d: _units(d)["DDG-51"].update(hp=4), "state.units[DDG-51].hp", "0..3"),
    ("HP as text", lambda d: _units(d)["DDG-51"].update(hp="2"), "state.units[DDG-51].hp", "integer"),
    ("hex off the map", lambda d: _units(d)["DDG-51"].update(hex="ZZ-99"), "state.units[DDG-51].hex", "not on"),
    ("ship on land", lambda d: _units(d)["DDG-51"].update(hex="AK-21"), "state.units[DDG-51].hex", "no water"),
    ("ground unit at sea", lambda d: _units(d)["1 Yelena"].update(hex="AE-21"), "state.units[1 Yelena].hex",
     "no land"),
    ("NaN influence", lambda d: d["state"].update(influence=float("nan")), "state.influence", "integer"),
    ("10^9 influence", lambda d: d["state"].update(influence=10**9), "state.influence", "-10..10"),
    ("unknown team", lambda d: _units(d)["DDG-51"].update(team="FR"), "state.units[DDG-51].team", "unknown team"),
    ("unknown initiative", lambda d: d["state"].update(initiative="FR"), "state.initiative", "unknown team"),
    ("unknown stage", lambda d: d["state"].update(stage="lunch"), "state.stage", "unknown stage"),
    ("unknown policy", lambda d: d.update(auto_policies={"intercept": "bogus"}), "auto_policies.intercept",
     "no policy"),
    ("unknown decision kind", lambda d: d.update(auto_policies={"bribe": "no_intercept"}), "auto_policies.bribe",
     "no decision kind"),
    ("dangling embarked_on", lambda d: _units(d)["1 Alpha"].update(embarked_on="LHD 9"),
     "state.units[1 Alpha].embarked_on", "LHD 9"),
    ("unknown Task Force", lambda d: _units(d)["DDG-51"].update(task_force="TF Nowhere"),
     "state.units[DDG-51].task_force", "unknown Task Force"),
    ("unknown unit type", lambda d: _units(d)["DDG-51"].update(type_id="usn_battleship"),
     "state.units[DDG-51].type_id", "unknown unit type"),
    ("unknown field", lambda d: _units(d)["DDG-51"].update(armour=1), "state.units[DDG-51].armour", "Extra"),
    ("negative supply", lambda d: _units(d)["DDG-51"]["supply"].update(LRS1=-1),
     "state.units[DDG-51].supply[LRS1]", "negative"),
    ("negative seed", lambda d: d["dice"].update(seed=-5), "dice.seed", "-5 is out of range: allowed 0..18446744073709551615"),
    ("forced d20 of 0", lambda d: d["dice"].update(forced=[0]), "dice.forced[0]", "greater than"),
    ("malformed scenario_info", lambda d: d["scenario_info"]["scenario"].update(max_turns=0),
     "scenario_info.scenario.max_turns", "is out of range: allowed 1..20"),
    ("absolute map path", lambda d: d.update(map="/etc/passwd"), "map", "not a map name"),
    ("control character in a designator",
     lambda d: _units(d).update({"X\x1b[2J": dict(_units(d)["DDG-51"], uid="X\x1b[2J")}),
     "state.units[X\\x1b[2J]", "control character"),
    ("a unit filed under another id", lambda d: _units(d)["DDG-51"].update(uid="DDG-52"), "state.units[DDG-51]",
     "filed under"),
    ("state is a list", lambda d: d.update(state=[]), "state", "dictionary"),
]


@pytest.mark.parametrize("what,mutate,key,problem", SAVE_CHECKS, ids=[c[0] for c in SAVE_CHECKS])
def test_saves_are_checked_like_scenarios(what, mutate, key, problem):
    d = _save_dict()
    mutate(d)
    with pytest.raises(ScenarioError) as e:
        Game.from_json(json.dumps(d), file="g.json")
    assert (e.value.file, e.value.key) == ("g.json", key), str(e.value)
    assert problem in e.value.problem, str(e.value)


def test_good_saves_still_load_mid_combat_and_at_the_end(tmp_path):
    g = load_scenario("gotland_redux", seed=1)
    g.apply(A.ScriptedEffect(effect="reveal", units=("1 Anna",)))
    g.apply(A.BeginImpulse("TF Boston"))
    g.apply(A.Declare((A.CoreAction("move_combat", ("DDG-51",)),)))
    g.apply(A.CommitCombat(lrs=(A.LrsAttack("DDG-51", "LRS1", "1 Anna", 4),)))
    assert g.pending.kind == "intercept"
    back = Game.from_json(g.to_json())
    assert back.to_json() == g.to_json() and back.pending.kind == "intercept"
    end = Lesson("appendix_b_combat").run()
    assert any(u.destroyed for u in end.state.units.values())
    assert Game.from_json(end.to_json()).to_json() == end.to_json()


# ------------------------------------------------------------------ 3. map names stay in the maps folder
@pytest.mark.parametrize("name", ["../../etc/passwd", "/etc/passwd", "..", "gotland/../gotland", "", "gotland\x00",
                                  ["gotland"], None])
def test_load_board_refuses_map_names_that_are_not_plain_names(name):
    with pytest.raises(ScenarioError) as e:
        load_board(name)
    assert e.value.key == "map"
    assert load_board("gotland").name  # the real map still loads


@pytest.mark.parametrize("name", ["../../etc/passwd", "/etc/passwd", "atlantis"])
def test_scenario_files_cannot_name_a_map_outside_the_folder(tmp_path, name):
    p = tmp_path / "s.toml"
    p.write_text(SCEN.replace('map = "gotland"', f"map = {json.dumps(name)}"), encoding="utf-8")
    with pytest.raises(ScenarioError) as e:
        load_scenario(p)
    assert (e.value.file, e.value.key) == (str(p), "scenario.map")


# ------------------------------------------------------------------ 4. designators without control characters
@pytest.mark.parametrize("old,new,key", [
    ('uid = "DDG-51"', 'uid = "DDG\\u0000-51"', "unit[DDG\\x00-51].uid"),
    ('name = "TF Boston"', 'name = "TF Boston\\u202e"', "task_force[TF Boston\\u202e].name"),
    ('task_force = "TF Boston"', 'task_force = "TF\\nBoston"', "unit[DDG-51].task_force"),
])
def test_scenario_designators_with_control_characters_are_refused(tmp_path, old, new, key):
    assert old in SCEN
    p = tmp_path / "s.toml"
    p.write_text(SCEN.replace(old, new, 1), encoding="utf-8")
    with pytest.raises(ScenarioError) as e:
        load_scenario(p)
    assert e.value.key == key and "control character" in e.value.problem, str(e.value)


@pytest.fixture
def boston():
    g = load_scenario("gotland_redux", seed=1)
    g.apply(A.BeginImpulse("TF Boston"))
    g.apply(A.Declare((A.CoreAction("move_combat", ("DDG-51",)),)))
    return g


@pytest.mark.parametrize("call", [
    lambda g: g.apply(A.CommitCombat(lrs=(A.LrsAttack("DDG-51", "LRS1", "1 Anna\x07", 4),))),
    lambda g: g.apply(A.CommitCombat(ga=(A.GroundAssault("DDG-51\r", "1 Anna", 4),))),
    lambda g: g.movement_reach(["DDG-51\x1b"]),
    lambda g: g.apply(A.Move(1, ("AL-28",), units=("DDG-51\u200b",))),
    lambda g: g.apply(A.ScriptedEffect(effect="reveal", units=("1 Anna\x00",))),
    lambda g: g.apply(A.Resupply(1, "Ivan\tCo", "RV1", (A.Grant("1 Tanya", "LRS1", 1),))),
])
def test_api_designators_with_control_characters_are_refused(boston, call):
    before = boston.to_json()
    with pytest.raises(InputError, match="control character"):
        call(boston)
    assert boston.to_json() == before


def test_declared_designators_with_control_characters_are_refused():
    g = load_scenario("gotland_redux")
    g.apply(A.BeginImpulse("TF Boston"))
    with pytest.raises(InputError, match=r"^declare action: actions\.0\.units\.0: .*control character"):
        g.apply(A.Declare((A.CoreAction("move_combat", ("DDG-51\x7f",)),)))
    with pytest.raises(InputError, match=r"^begin_impulse action: task_force: .*control character"):
        load_scenario("gotland_redux").apply(A.BeginImpulse("TF Boston\x00"))
    assert g.impulse.phase == "declare"


# ------------------------------------------------------------------ 5. wrong top-level types -> InputError
@pytest.mark.parametrize("call", [
    lambda g: g.apply(A.Declare("x")),
    lambda g: g.apply(A.Declare(None)),
    lambda g: g.apply(A.Move("1", ("AL-28",))),
    lambda g: g.apply(A.CommitCombat(lrs=5)),
    lambda g: g.apply(A.CommitCombat(ga=None)),
    lambda g: g.apply(A.AnswerIntercept(intercepts=3)),
    lambda g: g.apply(A.AnswerMildec(absorb="1")),
    lambda g: g.movement_reach(5),
    lambda g: g.path_to(["DDG-51"], 5),
    lambda g: g.preview_lrs(5),
    lambda g: g.apply(A.ScriptedEffect("reveal")),                       # no units
    lambda g: g.apply(A.ScriptedEffect(effect="network_cube")),             # no team
    lambda g: g.apply(A.ScriptedEffect(effect="disembark", from_="LHD 1", units=("1 Alpha",))),  # no hex
    lambda g: g.apply(A.BeginImpulse(5)),
    lambda g: g.apply(A.ExerciseZor(1, 5)),
    lambda g: g.apply(A.ArmorBreakthrough(["x"], "AL-23")),
])
def test_wrong_argument_types_raise_input_error_and_change_nothing(boston, call):
    before = boston.to_json()
    with pytest.raises(InputError):
        call(boston)
    assert boston.to_json() == before


@pytest.mark.parametrize("call", [
    lambda: Game.from_json(5),
    lambda: Game.from_json(None),
    lambda: load_scenario(5),
    lambda: load_scenario(seed=-5),
    lambda: load_scenario(seed="1"),
    lambda: load_scenario(forced=[0]),
    lambda: load_scenario(forced=5),
    lambda: load_scenario(auto_policies={"intercept": "bogus"}),
    lambda: load_scenario(auto_policies="match_incoming"),
    lambda: Lesson(5),
])
def test_entry_points_refuse_wrong_types_with_input_error(call):
    with pytest.raises(InputError):
        call()


def test_input_errors_are_lcb_errors_and_say_where():
    g = load_scenario("gotland_redux")
    with pytest.raises(LabError) as e:
        g.apply(A.Declare("x"))
    assert isinstance(e.value, InputError) and e.value.what == "declare action" and e.value.where == "actions"


def test_a_map_name_cannot_reach_a_real_map_file_outside_the_folder(tmp_path):
    import os
    from lcb_lab.games.lcb.model.board import MAP_DIR
    (tmp_path / "evil.json").write_text((MAP_DIR / "gotland.json").read_text(encoding="utf-8"), encoding="utf-8")
    for name in (str(tmp_path / "evil"), os.path.relpath(tmp_path / "evil", MAP_DIR)):
        with pytest.raises(ScenarioError, match="not a map name"):
            load_board(name)
    d = _save_dict()
    d["map"] = str(tmp_path / "evil")
    with pytest.raises(ScenarioError) as e:
        Game.from_json(json.dumps(d))
    assert e.value.key == "map"
