"""Scheduled reinforcements (3.11, 4.31): a scenario's ``[[reinforcements]]`` entry with ``turn``
and ``hex`` arrives face down at the start of that turn in the Task Force the scenario gives it;
before then it is not in the pool reinforcement cards draw from (12.4). On the sandbox scenario
``slite_landing`` with entries added by the test."""
import json
from pathlib import Path

import pytest

from lcb_lab import load_scenario
from lcb_lab.games.lcb import actions as A
from lcb_lab.games.lcb.rules.transport.reinforcements import pool
from lcb_lab.kernel.errors import ScenarioError
from tests.conftest import pass_impulse

WAVE = '''
[[reinforcements]]
uid = "6 Alpha"
type = "usmc_infantry_platoon"
task_force = "TF Memphis"
turn = 2
hex = "AK-23"

[[reinforcements]]
uid = "7 Alpha"
type = "usmc_infantry_platoon"
task_force = "TF Memphis"
turn = 2
hex = "AK-21"

[[reinforcements]]
uid = "4 Boris"
type = "runi_naval_infantry_platoon"
task_force = "TF Baltiysk"
turn = 3
hex = "AJ-22"

[[reinforcements]]
uid = "8 Alpha"
type = "usmc_infantry_platoon"
task_force = "TF Memphis"
'''


def scenario(tmp_path: Path, extra: str = WAVE) -> Path:
    text = (Path(__file__).parents[2] / "scenarios/lcb/slite_landing.toml").read_text(encoding="utf-8") + extra
    p = tmp_path / "slite_wave.toml"
    p.write_text(text, encoding="utf-8")
    return p


def pass_turn(g):
    """Every Task Force passes its impulse of this turn (3.310)."""
    turn = g.state.turn
    while g.state.turn == turn and g.state.stage == "action":
        pass_impulse(g, g.available_task_forces()[0])


def test_3_11_a_scheduled_reinforcement_arrives_face_down_at_the_start_of_its_turn(tmp_path):
    """3.11 / 4.31: 6 Alpha, scheduled for turn 2 in AK-23 (1 Lima's hex), is off the map and not
    in the card pool (12.4) during turn 1; at the start of turn 2 it stands in AK-23 face down,
    with full HP (2) and GA supply (10), in TF Memphis, and may act in TF Memphis's impulse.
    8 Alpha, with no turn, stays in the pool for a card. RU reads a concealed counter arriving."""
    g = load_scenario(scenario(tmp_path), seed=1)
    ctx = g._ctx()
    assert "6 Alpha" not in g.state.units and list(pool(ctx, "US")) == ["8 Alpha"]
    pass_turn(g)
    assert g.state.turn == 2
    u = g.state.units["6 Alpha"]
    assert (u.hex, u.revealed, u.hp, u.supply, u.task_force) == ("AK-23", False, 2, {"GA": 10}, "TF Memphis")
    assert not (u.acted or u.expended or u.no_move)
    assert list(pool(g._ctx(), "US")) == ["8 Alpha", "7 Alpha"]
    line = next(e for e in g.state.log if e["title"] == "6 Alpha arrives in AK-23")
    assert line["rules"] == ["3.11", "3.21", "4.31"]
    ru = [e["title"] for e in g.log_entries("RU")]
    assert "A concealed US counter arrives in AK-23" in ru and not any("6 Alpha" in t for t in ru)
    assert "6 Alpha" not in json.dumps(g.view("RU"))
    g.apply(A.BeginImpulse("TF Memphis"))
    g.apply(A.Declare((A.CoreAction("move_conceal", ("6 Alpha",)),)))
    assert g.impulse.ap == 2


def test_3_11_a_scheduled_hex_held_by_the_enemy_sends_the_unit_to_the_pool_and_a_later_turn_waits(tmp_path):
    """lcb_lab's reading (3.11, 12.4; rules/stages/scheduled.py): 7 Alpha's hex AK-21 is held by RU
    units at the start of turn 2, so it stays off the map, now in the pool a reinforcement card
    draws from; 4 Boris (turn 3) is still waiting at turn 2 and arrives at turn 3 in TF Baltiysk."""
    g = load_scenario(scenario(tmp_path), seed=1)
    pass_turn(g)
    assert "7 Alpha" not in g.state.units and "7 Alpha" in pool(g._ctx(), "US")
    assert any(e["title"] == "7 Alpha cannot arrive in AK-21" and e["rules"] == ["3.11", "12.4"] for e in g.state.log)
    assert "4 Boris" not in g.state.units and "4 Boris" not in pool(g._ctx(), "RU")
    pass_turn(g)
    assert g.state.turn == 3
    b = g.state.units["4 Boris"]
    assert (b.hex, b.revealed, b.task_force) == ("AJ-22", False, "TF Baltiysk")


@pytest.mark.parametrize("entry, key, problem", [
    ('turn = 1\nhex = "AK-23"', "reinforcements[9 Alpha].turn", "not a later turn"),
    ('turn = 2', "reinforcements[9 Alpha]", "both turn and hex"),
    ('turn = 2\nhex = "AO-22"', "reinforcements[9 Alpha].hex", ""),
])
def test_3_11_a_schedule_is_checked_when_the_scenario_loads(tmp_path, entry, key, problem):
    """A scheduled entry gives a later turn and a hex its unit may stand in (5.11: an infantry
    platoon in the open sea AO-22 is refused), else the load names the file and key."""
    extra = f'\n[[reinforcements]]\nuid = "9 Alpha"\ntype = "usmc_infantry_platoon"\ntask_force = "TF Memphis"\n{entry}\n'
    with pytest.raises(ScenarioError) as e:
        load_scenario(scenario(tmp_path, extra))
    assert e.value.key == key and problem in str(e.value)
