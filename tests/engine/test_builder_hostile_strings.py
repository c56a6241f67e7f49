"""The scenario builder's TOML writer with strange strings: what it writes loads back identically,
or the draft names the key that no TOML file can hold (never a file that does not load, never an
encoding traceback on save)."""
import tomllib

import pytest

from lcb_lab.games.lcb.io import toml_write
from lcb_lab.games.lcb.io.builder import ScenarioDraft

STRANGE = ['a"b', "back\\slash", "new\nline", "tab\tx", "Fårö ✓", "del\x7fx", "nul\x00x", "esc\x1b[31m",
           "c1\x85x", "bom\ufeffx", "'''", '"""', "ls\u2028x", ""]


@pytest.mark.parametrize("text", STRANGE)
def test_every_string_toml_holds_is_written_so_it_reads_back_equal(text):
    data = {"scenario": {"name": text, text or "k": 1}, "unit": [{"uid": text, "area": [text]}]}
    assert tomllib.loads(toml_write.dumps(data)) == data


def test_del_is_escaped_not_written_bare():
    assert toml_write.value("a\x7fb") == '"a\\u007fb"'


def test_a_lone_surrogate_is_refused_naming_its_key():
    with pytest.raises(ValueError, match=r"^unit\[0\]\.uid: a lone surrogate") as e:
        toml_write.dumps({"unit": [{"uid": "x\ud800"}]})
    assert e.value.loc == ("unit", 0, "uid")


def _draft(name):
    d = ScenarioDraft.new("odd", name)
    d.add_task_force("TF Blue", "US"), d.add_task_force("TF Red", "RU")
    d.place_unit("1 Alpha", "usmc_infantry_platoon", "AK-23", "TF Blue")
    d.place_unit("1 Anna", "runi_naval_infantry_platoon", "AL-21", "TF Red")
    return d


def test_a_scenario_name_with_del_saves_and_loads_back(tmp_path):
    d = _draft("Gotland\x7f night")
    assert d.problems() == []
    assert d.game(folder=tmp_path).view("US")["scenario_name"] == "Gotland\x7f night"


def test_a_scenario_name_with_a_lone_surrogate_is_a_problem_of_its_field_not_a_crash(tmp_path):
    d = _draft("Gotland\udc80")
    assert [(p.key, p.field) for p in d.problems()] == [("scenario.name", "scenario.name")]
    assert d.problems()[0].text.startswith("a lone surrogate ('\\udc80')")
    with pytest.raises(ValueError, match="^scenario.name: a lone surrogate"):
        d.save(tmp_path / "odd.toml")
    assert not (tmp_path / "odd.toml").exists()
