"""The README's commands that start a game at its Planning Stage work as written: the CLI line
(``python -m lcb_lab --scenario ... --start planning --save ...``), ``lcb-lab voila --start=planning``
(its option is lcb_lab's, taken out before Voila; the browser test serves it) and
``open_lab("gotland_redux", start="planning")``."""
from __future__ import annotations

import re
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

from lcb_lab.games.lcb.game import Game

ROOT = Path(__file__).resolve().parents[2]
README = (ROOT / "README.md").read_text(encoding="utf-8")


def _sh_lines(word: str) -> list[str]:
    """The README's shell lines (in ```sh blocks, comments cut) that hold ``word``."""
    blocks = re.findall(r"```sh\n(.*?)```", README, re.S)
    return [ln.split("#")[0].strip() for b in blocks for ln in b.splitlines() if word in ln]


def test_the_readme_cli_line_starts_a_game_at_its_planning_stage(tmp_path):
    line, = _sh_lines("--start planning")
    assert line == ".venv/bin/python -m lcb_lab --scenario gotland_redux --start planning --save planning.json"
    argv = shlex.split(line)
    run = subprocess.run([sys.executable, *argv[1:]], capture_output=True, text=True, cwd=tmp_path, timeout=180)
    assert run.returncode == 0, run.stderr
    assert "Turn 1: Planning Stage: both teams buy Joint Capability Cards with their CP" in run.stdout
    game = Game.load(tmp_path / "planning.json")
    assert (game.state.stage, game.state.turn, game.state.scenario) == ("planning", 1, "gotland_redux")


def test_the_readme_voila_start_option_is_lcb_labs(tmp_path):
    pytest.importorskip("voila")
    assert "`.venv/bin/lcb-lab voila --start=planning`" in README
    lcb_lab_exe = Path(sys.executable).with_name("lcb-lab")
    cmd = [str(lcb_lab_exe)] if lcb_lab_exe.exists() else [sys.executable, "-m", "lcb_lab"]
    run = subprocess.run([*cmd, "voila", "--start=planning", "missing.ipynb"], capture_output=True, text=True,
                         cwd=tmp_path, timeout=180)                 # accepted, then: no such notebook
    assert (run.returncode, run.stderr) == (2, "error: no notebook at missing.ipynb\n")
    bad = subprocess.run([*cmd, "voila", "--start=later"], capture_output=True, text=True, cwd=tmp_path, timeout=180)
    assert bad.returncode == 2 and bad.stderr.startswith("error: --start=later: start at 'planning'")


def test_the_readme_open_lab_call_starts_at_the_planning_stage(tmp_path, monkeypatch):
    call = 'open_lab("gotland_redux", start="planning")'
    assert f"`{call}`" in README
    monkeypatch.chdir(tmp_path)
    from lcb_lab.ui import open_lab  # noqa: F401 - the name the README's call uses
    lab = eval(call)
    assert lab.game.state.stage == "planning"


def test_the_readme_review_line_writes_a_teams_review_of_the_saved_game(tmp_path):
    """The README's ``--save game.json`` line, then its ``review`` line, as written (from a folder)."""
    save, = [ln for ln in _sh_lines("--save game.json") if "appendix_b_combat" in ln]
    review, = _sh_lines(" review ")
    assert review == ".venv/bin/python -m lcb_lab review game.json -o review.html --team US"
    for line in (save, review):
        run = subprocess.run([sys.executable, *shlex.split(line)[1:]], capture_output=True, text=True, cwd=tmp_path,
                             timeout=300)
        assert run.returncode == 0, run.stderr
    assert run.stdout.startswith("wrote review.html (US view, ")
    page = (tmp_path / "review.html").read_text(encoding="utf-8")
    assert page.startswith("<!DOCTYPE html>") and "Blue (US) view \u00b7 4 parts" in page
