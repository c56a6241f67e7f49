"""A scenario or lesson file that lacks a key says so in words, not pydantic's "Field required".

Before, another game's TOML (or an empty file) given to ``--scenario`` read
``scenario: Field required``, and a misspelt key (``max_turn = 3``) read
``scenario.max_turns: Field required``, naming the key the file lacks but not the one it has.
"""
from __future__ import annotations

from pathlib import Path

import pytest

from lcb_lab.games.lcb.content.lesson import read_lesson
from lcb_lab.games.lcb.io.scenario import read_scenario
from lcb_lab.kernel.errors import ScenarioError

ROOT = Path(__file__).resolve().parents[2]
GOTLAND = (ROOT / "scenarios" / "lcb" / "gotland_redux.toml").read_text(encoding="utf-8")
OTHER_GAME = ROOT / "lcb_lab" / "games" / "archipelago" / "data" / "scenarios.toml"


def _refusal(read, path) -> tuple[str, str]:
    with pytest.raises(ScenarioError) as e:
        read(path)
    assert e.value.file == str(path)
    return e.value.key, e.value.problem


def test_another_games_file_names_the_table_it_lacks():
    assert _refusal(read_scenario, OTHER_GAME) == ("scenario", "missing: a scenario file has a [scenario] table")
    assert _refusal(read_lesson, OTHER_GAME) == ("lesson", "missing: a lesson file has a [lesson] table")


def test_an_empty_file_names_the_table_it_lacks(tmp_path):
    p = tmp_path / "empty.toml"
    p.write_text("")
    assert _refusal(read_scenario, p) == ("scenario", "missing: a scenario file has a [scenario] table")


def test_a_misspelt_key_is_named(tmp_path):
    p = tmp_path / "typo.toml"
    assert "\nmax_turns = 3 " in GOTLAND
    p.write_text(GOTLAND.replace("\nmax_turns = 3 ", "\nmax_turn = 3 ", 1), encoding="utf-8")
    assert _refusal(read_scenario, p) == ("scenario.max_turn", "unknown key; is it 'max_turns', which is missing?")


def test_a_missing_key_with_an_unrelated_unknown_one_is_just_missing(tmp_path):
    p = tmp_path / "bogus.toml"
    p.write_text('[scenario]\nname = "x"\nbogus = 1\n', encoding="utf-8")
    assert _refusal(read_scenario, p) == ("scenario.id", "missing")
