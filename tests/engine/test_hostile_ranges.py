"""Every number a scenario, lesson or situation file sets lies in a range with its provenance
(lcb_lab/games/lcb/io/ranges.py): a rule or a *sandbox* bound.  A value outside, or of the wrong
type (``true``, ``1.0``, ``"1"``), is refused naming the file, the key and the allowed range;
every shipped scenario and lesson still loads."""
from __future__ import annotations

import re
import typing
from pathlib import Path

import pytest
from pydantic import BaseModel

import lcb_lab
from lcb_lab.games.lcb.content import lesson as L
from lcb_lab.games.lcb.content import lesson_steps as LS
from lcb_lab.games.lcb.content import situation as S
from lcb_lab.games.lcb.io import ranges as R
from lcb_lab.games.lcb.io import scenario as SC
from lcb_lab.games.lcb.io.resources import lesson_names, scenario_names, scenario_text, lesson_text
from lcb_lab.kernel.errors import ScenarioError

from lcb_lab.games.lcb.model import cards as CARDS
from lcb_lab.games.lcb.model import catalog as CAT

MODELS = [SC.ScenarioFile, LS.LessonFile, S.SituationSpec, *LS.STEP_MODELS.values(), LS.ResponseSpec,
          LS.CardInterceptSpec, CAT.UnitType, CARDS.CardType]


def _ints(model: type[BaseModel], seen=None):
    """(model, field name) of every int a model (and the models inside it) holds, with its metadata."""
    seen = set() if seen is None else seen
    if model in seen:
        return
    seen.add(model)
    for name, f in model.model_fields.items():
        for ann, meta in _leaves(f.annotation, list(f.metadata)):
            if ann is int:
                yield model.__name__, name, meta
            elif isinstance(ann, type) and issubclass(ann, BaseModel):
                yield from _ints(ann, seen)


def _leaves(ann, meta):
    """The leaf types of an annotation (through Optional, list, dict values, Union, Annotated)."""
    if typing.get_origin(ann) is typing.Annotated:
        base, *extra = typing.get_args(ann)
        yield from _leaves(base, meta + list(extra))
        return
    args = typing.get_args(ann)
    if typing.get_origin(ann) is dict:
        yield from _leaves(args[1], meta)
    elif args and typing.get_origin(ann) is not typing.Literal:
        for a in args:
            yield from _leaves(a, meta)
    else:
        yield ann, meta


def test_every_int_of_the_file_models_has_a_range_with_its_provenance():
    found, unranged = [], []
    for model in MODELS:
        for owner, name, meta in _ints(model):
            r = R.range_of(meta)
            (found if r else unranged).append(f"{owner}.{name}")
            if r:
                assert re.match(r"^(rule \d+\.\d+|sandbox): \S", r.source), r
                assert r.lo <= r.hi
    # the situation's forced dice are checked by Dice (7.02) and keep their key "forced"
    assert unranged == ["SituationSpec.forced"], unranged
    assert len(found) >= 20, found


def test_the_influence_range_is_the_meters():
    from lcb_lab.games.lcb.rules.stages.influence import LIMIT
    assert (R.INFLUENCE.lo, R.INFLUENCE.hi) == (-LIMIT, LIMIT)


@pytest.mark.parametrize("old,new,key,problem", [
    ("hp = 2\n", "hp = 21\n", "hp", "21 is out of range: allowed 1..20 (sandbox: the catalog's largest HP is 4 (App. A))"),
    ("mp = 3\n", "mp = 99\n", "mp", "99 is out of range: allowed 0..20 (sandbox: the catalog's fastest unit has 5 MP (App. A))"),
])
def test_a_catalog_value_out_of_range_is_refused(tmp_path, old, new, key, problem):
    from lcb_lab.games.lcb.model.catalog import DATA_DIR, load_catalog
    text = (DATA_DIR / "units.toml").read_text(encoding="utf-8")
    assert old in text, old
    p = tmp_path / "units.toml"
    p.write_text(text.replace(old, new, 1), encoding="utf-8")
    with pytest.raises(ScenarioError) as e:
        load_catalog(str(p))
    assert e.value.file == str(p) and e.value.key.endswith(f".{key}"), str(e.value)
    assert e.value.problem == problem


def test_the_tags_say_sandbox_or_rule():
    ranges = [v for v in vars(R).values() if isinstance(v, R.Range)]
    assert {r.sandbox for r in ranges} == {True, False}
    assert R.INFLUENCE.source.startswith("rule 15.0") and not R.INFLUENCE.sandbox
    assert R.TURNS.sandbox and R.NETWORK_CUBES.sandbox


@pytest.mark.parametrize("name", scenario_names())
@pytest.mark.parametrize("start", ["action", "planning"])
def test_every_shipped_scenario_still_loads(name, start):
    assert lcb_lab.load_scenario(name, start=start).state.max_turns >= 1


@pytest.mark.parametrize("name", lesson_names())
def test_every_shipped_lesson_still_reads(name):
    spec, _ = L.read_lesson(name)
    assert spec.lesson.title


def _scenario(tmp_path: Path, old: str, new: str) -> Path:
    text = scenario_text("gotland_redux")
    assert text.count(old) == 1, old
    p = tmp_path / "s.toml"
    p.write_text(text.replace(old, new), encoding="utf-8")
    return p


SANDBOX_TURNS = "sandbox: the rulebook sets no scenario length; Appendix B runs 3 turns"
CUBES = "sandbox: 4 or more cubes already is the Major Effect (7.62)"
CP = "sandbox: a card costs 1 to 5 CP (3.12); 100 CP buys more than a deck"


@pytest.mark.parametrize("old,new,key,problem", [
    ("max_turns = 3 ", "max_turns = 99999999999999999999 ", "scenario.max_turns",
     f"99999999999999999999 is out of range: allowed 1..20 ({SANDBOX_TURNS})"),
    ("max_turns = 3 ", "max_turns = 1" + "0" * 30 + " ", "scenario.max_turns",
     f"a 31-digit number is out of range: allowed 1..20 ({SANDBOX_TURNS})"),
    ("max_turns = 3 ", "max_turns = 21 ", "scenario.max_turns", f"21 is out of range: allowed 1..20 ({SANDBOX_TURNS})"),
    ("max_turns = 3 ", "max_turns = 0 ", "scenario.max_turns", f"0 is out of range: allowed 1..20 ({SANDBOX_TURNS})"),
    ("max_turns = 3 ", "max_turns = true ", "scenario.max_turns", "Input should be a valid integer (got True)"),
    ("max_turns = 3 ", "max_turns = 3.0 ", "scenario.max_turns", "Input should be a valid integer (got 3.0)"),
    ("influence = 0 ", "influence = -11 ", "scenario.influence",
     "-11 is out of range: allowed -10..10 (rule 15.0: the Influence Meter runs 10 toward either team)"),
    ("network_cubes = 1    # rulebook App. B: one red", "network_cubes = 999999    # rulebook App. B: one red",
     "teams.US.network_cubes", f"999999 is out of range: allowed 0..10 ({CUBES})"),
    ("cp = 6               # rulebook App. B\nnetwork_cubes = 1    # rulebook App. B: one blue",
     "cp = 101\nnetwork_cubes = 1    # rulebook App. B: one blue", "teams.RU.cp",
     f"101 is out of range: allowed 0..100 ({CP})"),
])
def test_a_scenario_value_out_of_range_names_file_key_and_range(tmp_path, old, new, key, problem):
    p = _scenario(tmp_path, old, new)
    with pytest.raises(ScenarioError) as e:
        lcb_lab.load_scenario(p)
    assert (e.value.file, e.value.key, e.value.problem) == (str(p), key, problem)


@pytest.mark.parametrize("table,key,problem", [
    ('[[planning]]\nturn = 1\ncp = { US = 2 }\n', "planning[0].turn",
     "1 is out of range: allowed 2..20 (sandbox: a later Planning Stage (3.06) falls on turn 2 to the "
     "scenario's last)"),
    ('[[planning]]\nturn = 2\ncp = { US = 1000 }\n', "planning[0].cp.US", f"1000 is out of range: allowed 0..100 ({CP})"),
    ('[[mines]]\nteam = "US"\nhex = "AM-27"\ncubes = 21\n', "mines[0].cubes",
     "21 is out of range: allowed 1..20 (sandbox: the mine cubes of one hex (13.37))"),
    ('[[mines]]\nteam = "US"\nhex = "AM-27"\nsucceeds_on = 21\n', "mines[0].succeeds_on",
     "21 is out of range: allowed 1..20 (rule 7.02: a d20 shows 1 to 20)"),
    ('[[mines]]\nteam = "US"\nhex = "ZZ-99"\n', "mines[0].hex", None),
    ('[[victory]]\nteam = "US"\ntype = "destroy"\ncount = 101\n', "victory[3].count",
     "101 is out of range: allowed 1..100 (sandbox: units to destroy or hexes to hold)"),
    ('[[victory]]\nteam = "US"\ntype = "hold_hex"\nhex = "A-999"\n', "victory[3].hex", None),
    ('[zones]\nfar = ["ZZ-1"]\n', "zones.far", None),
])
def test_an_appended_table_out_of_range_is_refused(tmp_path, table, key, problem):
    p = tmp_path / "s.toml"
    text = scenario_text("gotland_redux")
    assert text.count("[[victory]]") == 3        # the appended condition is victory[3]
    if table.startswith("[zones]"):
        text = text.replace("[teams.US]", table + "\n[teams.US]", 1)
    else:
        text += "\n" + table
    p.write_text(text, encoding="utf-8")
    with pytest.raises(ScenarioError) as e:
        lcb_lab.load_scenario(p)
    assert (e.value.file, e.value.key) == (str(p), key), str(e.value)
    if problem is not None:
        assert e.value.problem == problem
    else:                                       # a hex off the map: the board says so
        assert "hex" in e.value.problem or "map" in e.value.problem, e.value.problem


def _lesson(tmp_path: Path, old: str, new: str) -> Path:
    text = lesson_text("appendix_b_combat")
    assert old in text, old
    p = tmp_path / "l.toml"
    p.write_text(text.replace(old, new, 1), encoding="utf-8")
    return p


def test_a_lesson_seed_out_of_range_is_refused(tmp_path):
    text = lesson_text("appendix_b_combat")
    p = tmp_path / "l.toml"
    assert "\nseed = 20301\n" in text
    p.write_text(text.replace("\nseed = 20301\n", "\nseed = 18446744073709551616\n", 1), encoding="utf-8")
    with pytest.raises(ScenarioError) as e:
        L.read_lesson(p)
    assert (e.value.key, e.value.problem) == (
        "lesson.seed", "18446744073709551616 is out of range: allowed 0..18446744073709551615 "
                       "(sandbox: a 64-bit dice seed)")


def test_a_lesson_action_number_out_of_range_is_refused(tmp_path):
    text = lesson_text("appendix_b_combat")
    m = re.search(r'do = "move"\naction = (\d+)', text)
    assert m, "the lesson has a move step with its action number"
    p = tmp_path / "l.toml"
    p.write_text(text.replace(m.group(0), 'do = "move"\naction = 11', 1), encoding="utf-8")
    with pytest.raises(ScenarioError) as e:
        L.read_lesson(p)
    assert e.value.key.endswith(", action"), str(e.value)
    assert e.value.problem == ("11 is out of range: allowed 1..10 (sandbox: 3 APs an impulse (3.32) and what "
                               "cards or the Influence Meter add)")


@pytest.mark.parametrize("toml,key,problem", [
    ('turn = 99\n', "turn", f"99 is out of range: allowed 1..20 ({SANDBOX_TURNS})"),
    ('max_turns = 0\n', "max_turns", f"0 is out of range: allowed 1..20 ({SANDBOX_TURNS})"),
    ('network = { RU = 11 }\n', "network.RU", f"11 is out of range: allowed 0..10 ({CUBES})"),
    ('size = 61\n', "size", "61 is out of range: allowed 2..60 (sandbox: a synthetic board's rows and columns)"),
    ('[units.A]\ntype = "usmc_infantry_platoon"\nhex = "F-6"\nhp = 21\n', "units.A.hp",
     "21 is out of range: allowed 1..20 (sandbox: the catalog's largest HP is 4 (App. A))"),
    ('[units.A]\ntype = "usmc_infantry_platoon"\nhex = "F-6"\nsupply = { GA = 100 }\n', "units.A.supply.GA",
     "100 is out of range: allowed 0..99 (sandbox: a Unit Tracker's supply track (4.32))"),
    ('[units.A]\ntype = "usmc_infantry_platoon"\nhex = "F-6"\nhp = true\n', "units.A.hp",
     "Input should be a valid integer (got True)"),
])
def test_a_situation_value_out_of_range_is_refused(tmp_path, toml, key, problem):
    p = tmp_path / "sit.toml"
    p.write_text(toml, encoding="utf-8")
    with pytest.raises(ScenarioError) as e:
        lcb_lab.situation_from_toml(p)
    assert (e.value.file, e.value.key, e.value.problem) == (str(p), key, problem)


def test_out_of_range_shows_a_long_number_by_its_length():
    assert R.out_of_range(-10**30, R.INFLUENCE) == ("a 31-digit number is out of range: allowed -10..10 "
                                                    "(rule 15.0: the Influence Meter runs 10 toward either team)")
    assert R.INFLUENCE.problem(10) is None and R.INFLUENCE.problem(11) is not None
