"""A save or scenario naming a map by a 5000-character name is refused with the reason on the line.
Before: the whole name was quoted first, so the CLI's one line (cut at 1000 characters) ended
inside the name and never said what was wrong."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from lcb_lab import load_scenario
from lcb_lab.games.lcb.model.board import map_name_problem

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("name, problem", [
    ("x" * 5000, "'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx'... (5000 characters) is not a map name "
                 "(a plain name like 'gotland', no path)"),
    ("x/" * 2500, "'x/x/x/x/x/x/x/x/x/x/x/x/x/x/x/x/x/x/x/x/'... (5000 characters) is not a map name "
                  "(a plain name like 'gotland', no path)"),
    ("gotland2", "no map named 'gotland2' in"),
])
def test_the_map_name_problem_fits_a_line(name, problem):
    got = map_name_problem(name)
    assert got.startswith(problem) and len(got) < 250, got


def test_the_cli_says_why_a_long_map_name_is_refused(tmp_path):
    save = tmp_path / "g.json"
    load_scenario("gotland_redux", seed=1).save(save)
    d = json.loads(save.read_text())
    d["map"] = "x" * 5000
    save.write_text(json.dumps(d))
    r = subprocess.run([sys.executable, "-m", "lcb_lab", "--load", str(save)], capture_output=True, text=True,
                       cwd=ROOT, timeout=120)
    line, = r.stderr.splitlines()
    assert r.returncode == 2 and line.endswith("is not a map name (a plain name like 'gotland', no path)"), line
