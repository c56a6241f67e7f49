"""The command line: ``lcb-lab --version``, its help names ``lcb-lab`` on both entry paths, no
traceback for bad input, and ``python -m lcb_lab.games.lcb.content.playthrough --regen`` never writes into an
installed package."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

import lcb_lab
from lcb_lab.games.lcb.content import playthrough

BIN = Path(sys.executable).parent
CLI = {"console script": [str(BIN / "lcb-lab")], "python -m": [sys.executable, "-m", "lcb_lab"]}


def _run(cmd: list[str], *args: str, cwd: Path | None = None) -> subprocess.CompletedProcess:
    return subprocess.run([*cmd, *args], capture_output=True, text=True, timeout=120, cwd=cwd)


@pytest.mark.parametrize("entry", list(CLI))
def test_version_prints_the_version(entry):
    r = _run(CLI[entry], "--version")
    assert (r.returncode, r.stdout, r.stderr) == (0, f"lcb-lab {lcb_lab.__version__}\n", "")


@pytest.mark.parametrize("entry", list(CLI))
def test_help_names_lcb_lab(entry):
    r = _run(CLI[entry], "--help")
    assert r.returncode == 0 and r.stdout.startswith("usage: lcb-lab [-h] [--version]"), r.stdout
    assert "__main__" not in r.stdout and "\n    lcb-lab appendix_b_combat " in r.stdout


@pytest.mark.parametrize("args, stderr", [
    ((), "lcb-lab: error: give a lesson (a packaged name or a file), --scenario or --load"),
    (("--team", "XX", "appendix_b_combat"),
     "lcb-lab: error: argument --team: invalid choice: 'XX' (choose from 'instructor', 'US', 'RU')"),
    (("--load", "/dev/zero"), "error: /dev/zero: (file): is a character device, not a saved game file (only regular "
                                "files are read)"),
    (("no_such_lesson",), "error: no_such_lesson: (file): no packaged lesson named 'no_such_lesson' (packaged: "
                          "appendix_b_combat, appendix_b_turn1, slite_landing_lesson); a file of your own is a "
                          "path: it holds a '/' or ends in .toml"),
])
def test_bad_input_is_one_error_line_not_a_traceback(args, stderr):
    r = _run(CLI["console script"], *args)
    assert r.returncode == 2 and "Traceback" not in r.stderr
    assert r.stderr.strip().splitlines()[-1] == stderr


def test_regen_refuses_to_write_into_an_installed_package(tmp_path, monkeypatch, capsys):
    site = tmp_path / "site-packages"                      # no pyproject.toml, no tests/golden: installed
    monkeypatch.setattr(playthrough, "ROOT", site)
    monkeypatch.setattr(playthrough, "GOLDEN_DIR", site / "tests" / "golden")
    assert playthrough.main(["--regen", "random_game"]) == 2
    err = capsys.readouterr().err
    assert err == (f"python -m lcb_lab.games.lcb.content.playthrough: error: --regen rewrites tests/golden of a source checkout, "
                   f"and lcb_lab is installed in {site}: run it from a checkout (make golden) or give --out DIR\n")
    assert not site.exists()


def test_regen_with_out_writes_there(tmp_path, monkeypatch, capsys):
    monkeypatch.setattr(playthrough, "ROOT", tmp_path / "site-packages")
    monkeypatch.setattr(playthrough, "KINDS", {"random_game": ("random_game.txt", lambda: "a transcript\n")})
    assert playthrough.main(["--regen", "--out", str(tmp_path / "gold")]) == 0
    assert (tmp_path / "gold" / "random_game.txt").read_text() == "a transcript\n"
    assert capsys.readouterr().out == f"wrote {tmp_path / 'gold' / 'random_game.txt'} (13 bytes)\n"


def test_the_checkout_is_a_source_checkout(tmp_path):
    assert playthrough.source_checkout() is True
    assert playthrough.source_checkout(tmp_path) is False
