"""A file in the other format says so: a saved game (JSON) given where a TOML file is read, or a
scenario or lesson (TOML) given to ``--load``.  Before: ``game.json: (syntax): Invalid statement (at
line 1, column 1)`` and ``x.toml: (syntax): not JSON: Expecting value: line 1 column 1 (char 0)``,
which tell a new user nothing about what went wrong; a TOML syntax error now starts "not TOML:" like
a JSON one starts "not JSON:"."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from lcb_lab.kernel.errors import ScenarioError
from lcb_lab.kernel.files import parse_json, parse_toml

ROOT = Path(__file__).resolve().parents[2]
SCENARIO = ROOT / "scenarios" / "lcb" / "gotland_redux.toml"


def _problem(parse, text):
    with pytest.raises(ScenarioError) as e:
        parse(text, "f")
    assert (e.value.file, e.value.key) == ("f", "(syntax)")
    return e.value.problem


def test_json_read_as_toml_and_toml_read_as_json_are_named():
    assert _problem(parse_toml, '{"version": 3, "state": {}}') == "not TOML but JSON (a saved game?)"
    assert _problem(parse_json, SCENARIO.read_text()) == "not JSON but TOML (a scenario or lesson file?)"


def test_a_plain_syntax_error_keeps_its_place():
    assert _problem(parse_toml, "x = [1,\n") == "not TOML: Invalid value (at end of document)"
    assert _problem(parse_json, '{"a": 1,') .startswith("not JSON: Expecting property name")
    assert _problem(parse_json, "") == "not JSON: Expecting value: line 1 column 1 (char 0)"


@pytest.mark.parametrize("argv, line", [
    (["--load", str(SCENARIO)], f"error: {SCENARIO}: (syntax): not JSON but TOML (a scenario or lesson file?)"),
    (["{save}"], "error: {save}: (syntax): not TOML but JSON (a saved game?)"),
    (["--scenario", "{save}"], "error: {save}: (syntax): not TOML but JSON (a saved game?)"),
])
def test_the_cli_says_which_format_it_got(tmp_path, argv, line):
    save = tmp_path / "game.json"
    save.write_text('{"version": 3}')
    argv = [a.replace("{save}", str(save)) for a in argv]
    r = subprocess.run([sys.executable, "-m", "lcb_lab", *argv], capture_output=True, text=True, cwd=ROOT,
                       timeout=120)
    assert (r.returncode, r.stdout, r.stderr.splitlines()) == (2, "", [line.replace("{save}", str(save))])
