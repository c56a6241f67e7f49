"""The state invariants (:mod:`lcb_lab.games.lcb.model.invariants`): each one catches a state that
breaks it and passes a legal one, and the save loader refuses a broken state with or without a
record (a tester's five hand edits of a save loaded silently once the record was dropped)."""
from __future__ import annotations

import json

import pytest

from lcb_lab.games.lcb.actions import BeginImpulse
from lcb_lab.games.lcb.game import Game
from lcb_lab.games.lcb.io.loading import load_scenario
from lcb_lab.games.lcb.model import invariants as inv
from lcb_lab.games.lcb.model.invariants import INVARIANTS, Violation, violations
from lcb_lab.games.lcb.model.state import CardMarker, Marker
from lcb_lab.kernel.errors import ScenarioError
from lcb_lab.kernel.datacodec import touched


def _game(name: str = "gotland_redux", impulse: bool = False) -> Game:
    g = load_scenario(name, seed=1)
    if impulse:
        g.apply(BeginImpulse("TF Boston" if name == "gotland_redux" else "TF Memphis"))
    return g


def _found(g: Game) -> list[Violation]:
    return violations(g.state, g.board, g.catalog, g.decks)


# ------------------------------------------------------------------ the tester's five edits
def _edit_zero_hp(s: dict) -> None:
    s["units"]["1 Anna"]["hp"] = 0


def _edit_sub_coastal(s: dict) -> None:
    s["units"]["SSN-774"]["hex"] = "AL-23"


def _edit_lrs_supply(s: dict) -> None:
    s["units"]["DDG-51"]["supply"]["LRS1"] = 99


def _edit_card_supply(s: dict) -> None:
    s["cards"]["RU-3"]["supply"]["INT1"] = 99


def _edit_ap(s: dict) -> None:
    s["impulse"]["ap"] = 1_000_000


TESTER_EDITS = [
    ("gotland_redux", False, _edit_zero_hp, "state.units[1 Anna].hp",
     "1 Anna has 0 HP but is not destroyed: a unit at 0 HP is removed (4.21) (invariant: 0 HP means destroyed)"),
    ("slite_landing", False, _edit_sub_coastal, "state.units[SSN-774].hex",
     "SSN-774 is a submarine but AL-23 is a coastal hex: submarines never enter coastal hexes on the Baltic "
     "maps (14.02) (invariant: submarines in open water)"),
    ("gotland_redux", False, _edit_lrs_supply, "state.units[DDG-51].supply[LRS1]",
     "DDG-51's LRS1 supply is 99; it runs 0..8 (4.32, 8.02) (invariant: supply within its track)"),
    ("gotland_redux", False, _edit_card_supply, "state.cards[RU-3].supply[INT1]",
     "Pantsir-SM: IAMD's INT1 supply is 99; an Attached card's supply runs 0..6, never above its original "
     "(9.33) (invariant: Attached card supply within its original)"),
    ("gotland_redux", True, _edit_ap, "state.impulse.ap",
     "TF Boston's impulse has 1000000 AP; an impulse has 0..4 (3 AP, 3.32; +1 at Influence 6 or more, 15.13) "
     "(invariant: AP within 0..4)"),
]


def _saved(g: Game, edit, record: str) -> str:
    """``g`` saved, ``edit`` made to its state; ``record``: "none" (a version 1 save: no record),
    "null" (version 2, ``"record": null``) or "kept"."""
    d = json.loads(g.to_json())
    edit(d["state"])
    if record == "none":
        del d["version"], d["record"]
    elif record == "null":
        d["record"] = None
    return json.dumps(d)


@pytest.mark.parametrize("name,impulse,edit,key,problem", TESTER_EDITS, ids=lambda x: getattr(x, "__name__", ""))
@pytest.mark.parametrize("record", ["none", "null"])
def test_each_tester_edit_is_refused_on_a_save_without_a_record(name, impulse, edit, key, problem, record):
    g = _game(name, impulse)
    assert Game.from_json(_saved(g, lambda s: None, record), file="edited.json").state.to_dict() == g.state.to_dict()
    with pytest.raises(ScenarioError) as e:
        Game.from_json(_saved(g, edit, record), file="edited.json")
    assert (e.value.file, e.value.key, e.value.problem) == ("edited.json", key, problem)
    assert str(e.value) == f"edited.json: {key}: {problem}" and "\n" not in str(e.value)


def test_a_broken_first_state_of_the_record_is_refused_too():
    """Undo may go back to the record's first state: it holds the invariants like the saved one."""
    g = _game("gotland_redux", impulse=True)
    d = json.loads(g.to_json())
    d["record"]["initial"]["state"]["units"]["1 Anna"]["hp"] = 0
    with pytest.raises(ScenarioError) as e:
        Game.from_json(json.dumps(d), file="edited.json")
    assert e.value.key == "record.initial.state.units[1 Anna].hp"
    assert e.value.problem.endswith("(invariant: 0 HP means destroyed)")


def test_every_packaged_scenario_and_lesson_start_holds_every_invariant():
    from lcb_lab.games.lcb.content.lesson import Lesson
    from lcb_lab.games.lcb.io.resources import lesson_names, scenario_names
    for name in scenario_names():
        for start in ("planning", "action"):
            assert _found(load_scenario(name, seed=0, start=start)) == [], (name, start)
    for name in lesson_names():
        les = Lesson(name)
        for i, _ in enumerate(les.steps()):
            assert _found(les.game) == [], (name, i)


def test_a_scenario_file_that_breaks_an_invariant_is_refused(tmp_path):
    from pathlib import Path
    text = (Path(__file__).resolve().parents[2] / "scenarios/lcb/gotland_redux.toml").read_text(encoding="utf-8")
    ship = 'uid = "DDG-51"\ntype = "usn_ddg_51"\ntask_force = "TF Boston"\nhex = "AL-29"'
    assert ship in text
    bad = tmp_path / "ship_ashore.toml"       # in range for the file's checks; ashore for the rules
    bad.write_text(text.replace(ship, ship.replace("AL-29", "AK-21"), 1), encoding="utf-8")
    with pytest.raises(ScenarioError) as e:
        load_scenario(bad, seed=0)
    # the file's own check (io/scenario.py) names the file's key before the state's invariant runs
    assert (e.value.key, e.value.problem) == ("unit[DDG-51].hex", "DDG-51 is naval but AK-21 has no water (5.11)")


# ------------------------------------------------------------------ one case per invariant
def _dup_id(g):
    s = g.state
    s.markers["DDG-51"] = Marker("DDG-51", "naval_mildec", "US", "TF Boston", "AL-29")
    touched(s, "markers")      # staged in place: the snapshot looks at the map again


def _hp_over(g):
    g.state.units["DDG-51"].hp = 4


def _zero_hp(g):
    g.state.units["DDG-51"].hp = 0


def _destroyed_with_hp(g):
    g.state.units["1 Tanya"].destroyed = True


def _ship_ashore(g):
    g.state.units["DDG-51"].hex = "AK-21"


def _sub_coastal(g):
    g.state.units["B-271"].hex = "AJ-21"


def _negative_supply(g):
    g.state.units["1 Tanya"].supply = {**g.state.units["1 Tanya"].supply, "LRS1": -1}


def _card_supply(g):
    g.state.cards["RU-3"].supply = {**g.state.cards["RU-3"].supply, "INT1": 7}


def _embarked_on_destroyer(g):
    g.state.units["1 Alpha"].embarked_on = "DDG-51"


def _two_places(g):
    g.state.units["1 Alpha"].hex = "AL-23"


def _attached_to_dead(g):
    g.state.units["1 Tanya"].destroyed = True
    g.state.units["1 Tanya"].hp = 0


def _ap_negative(g):
    g.state.impulse.ap = -1


def _cp(g):
    g.state.cp = {**g.state.cp, "RU": 1000}


def _cp_bonus(g):
    g.state.cp_bonus = {**g.state.cp_bonus, "US": -2}


def _free(g):
    g.state.free_cards = {**g.state.free_cards, "US": 3}


def _cubes(g):
    g.state.network_cubes = {**g.state.network_cubes, "RU": 100}


def _influence(g):
    g.state.influence_turn_start = -11


def _turn(g):
    g.state.turn = 4


def _tf_counter_spread(g):
    g.state.units["1 Anna"].tf_counter = g.state.units["1 Yelena"].tf_counter = "TF 1"   # AL-21 and AK-21


CASES = [
    (inv.UNIQUE_IDS, "gotland_redux", _dup_id, "state.markers[DDG-51]",
     "the id DDG-51 is also state.units[DDG-51]: one id names one record"),
    (inv.HP_RANGE, "gotland_redux", _hp_over, "state.units[DDG-51].hp", "DDG-51 has 4 HP; its HP run 0..3 (4.21)"),
    (inv.ZERO_HP, "gotland_redux", _zero_hp, "state.units[DDG-51].hp",
     "DDG-51 has 0 HP but is not destroyed: a unit at 0 HP is removed (4.21)"),
    (inv.DESTROYED_HP, "slite_landing", _destroyed_with_hp, "state.units[1 Tanya].hp",
     "1 Tanya is destroyed in AJ-24 with 2 HP left: a destroyed unit has 0 HP (4.21)"),
    (inv.TERRAIN, "gotland_redux", _ship_ashore, "state.units[DDG-51].hex",
     "DDG-51 is naval but AK-21 has no water (5.11)"),
    (inv.OPEN_WATER, "slite_landing", _sub_coastal, "state.units[B-271].hex",
     "B-271 is a submarine but AJ-21 is a coastal hex: submarines never enter coastal hexes on the Baltic maps "
     "(14.02)"),
    (inv.UNIT_SUPPLY, "gotland_redux", _negative_supply, "state.units[1 Tanya].supply[LRS1]",
     "1 Tanya's LRS1 supply is -1; it runs 0..5 (4.32, 8.02)"),
    (inv.CARD_SUPPLY, "gotland_redux", _card_supply, "state.cards[RU-3].supply[INT1]",
     "Pantsir-SM: IAMD's INT1 supply is 7; an Attached card's supply runs 0..6, never above its original (9.33)"),
    (inv.EMBARKED, "slite_landing", _embarked_on_destroyer, "state.units[1 Alpha].embarked_on",
     "1 Alpha is embarked on DDG-51, which is not a living Embark-capable ship of its team, itself not embarked "
     "(10.0, 10.2)"),
    (inv.ONE_PLACE, "gotland_redux", _two_places, "state.units[1 Alpha]",
     "1 Alpha is in 2 places at once (AL-23, LHD 1): a unit is on the map, embarked or aboard one marker "
     "(10.0, 12.05)"),
    (inv.CARD_PLACE, "gotland_redux", _attached_to_dead, "state.cards[RU-5].host",
     "RU-5 is attached but 1 Tanya is not a living unit of RU: the card leaves play with its host (9.31, 9.07)"),
    (inv.AP_RANGE, "gotland_redux", _ap_negative, "state.impulse.ap",
     "TF Boston's impulse has -1 AP; an impulse has 0..4 (3 AP, 3.32; +1 at Influence 6 or more, 15.13)"),
    (inv.CP_RANGE, "gotland_redux", _cp, "state.cp[RU]",
     "RU has 1000 CP; the range is 0..100 (3.12; the top is the sandbox's)"),
    (inv.CP_BONUS, "gotland_redux", _cp_bonus, "state.cp_bonus[US]",
     "US has -2 bonus CP; the range is 0..100 (3.15; the top is the sandbox's)"),
    (inv.FREE_RANGE, "gotland_redux", _free, "state.free_cards[US]", "US has 3 free cards; the range is 0..2 (15.14)"),
    (inv.CUBES_RANGE, "gotland_redux", _cubes, "state.network_cubes[RU]",
     "RU has 100 Tactical Network cubes; the range is 0..99 (7.61; the top is the sandbox's)"),
    (inv.INFLUENCE, "gotland_redux", _influence, "state.influence_turn_start",
     "the Influence Meter is at -11; it runs -10..10 (15.0)"),
    (inv.TURN, "gotland_redux", _turn, "state.turn", "turn 4 is not in 1..3, the scenario's turns (3.0)"),
    (inv.TF_COUNTER, "gotland_redux", _tf_counter_spread, "state.units[1 Yelena].tf_counter",
     "Task Force Counter TF 1's units stand in 2 hex(es) and 1 Task Force(s): it is one stack (4.35)"),
]


def test_every_invariant_has_a_case():
    assert sorted(i.name for i in INVARIANTS) == sorted(c[0] for c in CASES)
    assert all(i.rule for i in INVARIANTS)


@pytest.mark.parametrize("name,scenario,mutate,key,problem", CASES, ids=[c[0] for c in CASES])
def test_each_invariant_catches_a_broken_state_and_passes_a_legal_one(name, scenario, mutate, key, problem):
    g = _game(scenario, impulse=True)
    assert _found(g) == []
    mutate(g)
    found = _found(g)
    assert [(v.key, v.invariant) for v in found][:1] == [(key, name)], found
    assert found[0].problem == problem
    assert all(v.invariant == name for v in found), found


def test_embarked_on_a_sunk_ship_names_every_unit_aboard():
    g = _game("slite_landing")
    lsd = g.state.units["LSD 41"]
    lsd.destroyed, lsd.hp = True, 0                 # sunk: at 0 HP (4.21)
    found = _found(g)
    assert [v.key for v in found] == [f"state.units[{u}].embarked_on" for u in ("4 Alpha", "5 Alpha", "1 Echo")]
    assert found[0].problem == ("4 Alpha is embarked on LSD 41, which is not a living Embark-capable ship of its "
                                "team, itself not embarked (10.0, 10.2)")


def test_a_card_out_of_play_keeps_no_host_and_a_pool_card_only_its_submarine():
    g = _game("gotland_redux")
    g.state.cards["US-1"].host = "DDG-51"
    g.state.cards["US-2"].where, g.state.cards["US-2"].host = "discarded", "DDG-80"
    assert [(v.key, v.problem) for v in _found(g)] == [
        ("state.cards[US-1].host", "US-1 is in the pool with the host DDG-51, which is not the submarine this "
         "card is (14.0)"),
        ("state.cards[US-2].host", "US-2 is discarded but still has the host DDG-80: a card out of play is under "
         "no tracker (9.07, 9.08)")]


def test_an_attached_card_that_adds_supply_raises_its_hosts_top():
    """T-14 Tank: Unmanned adds 4 GA supply to 1 Anna (App. B): 14 is 1 Anna's top, 15 is over."""
    g = _game("gotland_redux")
    assert g.state.units["1 Anna"].supply["GA"] == 14 and _found(g) == []
    g.state.units["1 Anna"].supply = {**g.state.units["1 Anna"].supply, "GA": 15}
    assert [v.problem for v in _found(g)] == ["1 Anna's GA supply is 15; it runs 0..14 (4.32, 8.02)"]


def test_a_card_marker_carrying_a_unit_on_the_map_is_two_places():
    g = _game("gotland_redux")
    g.state.card_markers["ISR-1"] = CardMarker("ISR-1", "isr", "RU", "RU-5", "AJ-24", cargo=["1 Zhuk"])
    touched(g.state, "card_markers")      # staged in place: the snapshot looks at the map again
    assert [(v.key, v.invariant) for v in _found(g)] == [("state.units[1 Zhuk]", inv.ONE_PLACE)]


# ------------------------------------------------------------------ checked after every step
def test_a_step_that_leaves_a_broken_state_fails_naming_the_step():
    from tests.sound import checked_steps
    g = _game("gotland_redux")
    g.state.units["1 Anna"].hp = 0
    with checked_steps(), pytest.raises(AssertionError) as e:
        g.apply(BeginImpulse("TF Boston"))
    assert str(e.value).splitlines()[:2] == [
        "after step 1 (BeginImpulse(task_force='TF Boston')): the state breaks 1 invariant(s):",
        "  state.units[1 Anna].hp: 1 Anna has 0 HP but is not destroyed: a unit at 0 HP is removed (4.21) "
        "(invariant: 0 HP means destroyed)"]
    assert "_apply" not in Game.__dict__                 # put back after the block


@pytest.mark.fuzz
def test_a_fuzz_test_runs_with_every_step_checked():
    """tests/conftest.py wraps every test marked ``fuzz`` in :func:`tests.sound.checked_steps`."""
    assert "checked_steps" in Game.__dict__["_apply"].__qualname__
    g = _game("gotland_redux")
    g.state.units["DDG-51"].supply = {**g.state.units["DDG-51"].supply, "LRS1": 9}
    with pytest.raises(AssertionError, match=r"after step 1 \(BeginImpulse"):
        g.apply(BeginImpulse("TF Boston"))


def test_two_declared_actions_with_one_number_are_caught():
    from lcb_lab.games.lcb.model.state import Declared
    g = _game("gotland_redux", impulse=True)
    g.state.impulse.actions = [Declared("move_combat", ["DDG-51"], aid=1), Declared("move_combat", ["DDG-80"], aid=1)]
    assert _found(g) == [Violation("state.impulse.actions", inv.UNIQUE_IDS,
                                   "the number 1 is given to two entries: one number names one entry")]
    g.state.impulse.actions[1].aid = 2
    assert _found(g) == []


def test_a_naval_mildec_on_land_is_off_its_terrain():
    g = _game("gotland_redux")
    g.state.markers["M-1"] = Marker("M-1", "naval_mildec", "US", "TF Boston", "AL-29")
    touched(g.state, "markers")      # staged in place: the snapshot looks at the map again
    assert _found(g) == []
    g.state.markers["M-1"].hex = "AK-21"
    assert _found(g) == [Violation("state.markers[M-1].hex", inv.TERRAIN,
                                   "M-1 (Naval MILDEC) is naval but AK-21 has no water (5.11)")]
