"""The repository's top folder holds only what belongs there.

A stray file named ``0`` (a shell redirect typed as ``>0`` / ``2>0`` instead of ``2>&1`` or
``2>/dev/null``, then committed with ``git add -A``) once sat at the top.  These checks fail on
any new top-level entry in git, and on a redirect-named leftover in the working tree (a name of
digits only, or starting with ``&`` or ``-``) before it is committed.  Skipped outside a git
checkout (an unpacked sdist).
"""
from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
EXPECTED = {
    ".ci", ".gitignore", "LICENSE", "MANIFEST.in", "Makefile", "README.md", "benchmarks", "binder",
    "docs", "lcb_lab", "notebooks", "pyproject.toml", "scenarios", "scripts", "tests", "tools",
}
"""Every top-level entry git tracks; add a new one here on purpose."""
REDIRECT_NAME = re.compile(r"\d+|[&-].*")
"""What a mistyped shell redirect leaves behind: ``0``, ``1``, ``2``, ``&1``, ``-``."""


def _git(*args: str) -> list[str]:
    if shutil.which("git") is None or not (ROOT / ".git").exists():
        pytest.skip("not a git checkout")
    r = subprocess.run(["git", *args], capture_output=True, text=True, cwd=ROOT, timeout=60)
    assert r.returncode == 0, r.stderr
    return [ln for ln in r.stdout.splitlines() if ln]


def _top(paths: list[str]) -> set[str]:
    return {p.split("/", 1)[0] for p in paths}


def test_git_tracks_only_the_expected_top_level_entries():
    assert _top(_git("ls-files")) == EXPECTED


def test_no_redirect_leftover_at_the_top_of_the_working_tree():
    untracked = _top(_git("ls-files", "--others", "--exclude-standard", "--directory"))
    assert {n.rstrip("/") for n in untracked if REDIRECT_NAME.fullmatch(n.rstrip("/"))} == set()


@pytest.mark.parametrize("name,stray", [("0", True), ("2", True), ("&1", True), ("-", True),
                                        ("Makefile", False), ("v0", False), ("0.txt", False)])
def test_the_leftover_pattern_catches_redirect_names_only(name, stray):
    assert bool(REDIRECT_NAME.fullmatch(name)) is stray


def test_the_scenarios_sit_at_the_top_by_game_and_not_inside_the_package():
    tracked = _git("ls-files", "scenarios", "lcb_lab")
    assert sorted(f for f in tracked if f.startswith("scenarios/")) == [
        "scenarios/lcb/central_baltic.toml", "scenarios/lcb/gotland_events.toml", "scenarios/lcb/gotland_redux.toml", "scenarios/lcb/lessons/appendix_b_combat.toml",
        "scenarios/lcb/lessons/appendix_b_turn1.toml", "scenarios/lcb/lessons/slite_landing_lesson.toml",
        "scenarios/lcb/slite_landing.toml"]
    assert not [f for f in tracked if "/scenarios/" in f and f.startswith("lcb_lab/")]   # no second copy
