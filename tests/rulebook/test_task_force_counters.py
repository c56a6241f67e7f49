"""4.35 Task Force Counters: one stack, one AP for one Core Action, one Core Action a turn, its
units never alone; the other team sees one back marked as a Task Force Counter.

Where the rulebook is silent (how a counter is placed, what breaks it up), lcb_lab's reading is
sandbox: see ``docs/rules_detail.md`` (Task Force Counters) and
:mod:`lcb_lab.games.lcb.model.tf_counters`.
"""
from __future__ import annotations

from pathlib import Path

import pytest

from lcb_lab import situation
from lcb_lab.games.lcb import actions as A
from lcb_lab.games.lcb.io.loading import load_scenario
from lcb_lab.games.lcb.model.invariants import violations
from lcb_lab.games.lcb.observer import known_state, redact_log
from lcb_lab.games.lcb.rules.common import Ctx
from lcb_lab.games.lcb.rules.movement import tf_counters
from lcb_lab.games.lcb.view_model import view_model
from lcb_lab.kernel.errors import IllegalAction, ScenarioError

INF = "runi_naval_infantry_platoon"
R = "TF Red"


def _game(n: int = 2, **kw):
    """RU: ``n`` infantry platoons under Task Force Counter "TF 1" in F-6, a loose one (3 Anna... )
    in F-6 too when ``loose``; US: a HIMARS far away.  RU has the initiative."""
    loose = kw.pop("loose", False)
    units = {f"{i} Anna": (INF, "F-6", R) for i in range(1, n + 1)}
    if loose:
        units["9 Anna"] = (INF, "F-6", R)
    units["1 Whiskey"] = ("usmc_himars_section", "B-2")
    return situation(units=units, task_force_counters={"TF 1": [f"{i} Anna" for i in range(1, n + 1)]},
                     initiative="RU", **kw)


def _members(n: int) -> tuple[str, ...]:
    return tuple(f"{i} Anna" for i in range(1, n + 1))


# ------------------------------------------------------------------ one AP, one Core Action
def test_4_35_the_counter_conducts_one_core_action_for_one_ap():
    g = _game(3)
    g.apply(A.BeginImpulse(R))
    ap = g.impulse.ap
    g.apply(A.Declare((A.CoreAction("move_combat", _members(3)),)))
    assert g.impulse.ap == ap - 1 and not g.impulse.actions[0].split
    g.apply(A.Move(1, ("F-7",)))
    assert [g.state.units[u].hex for u in _members(3)] == ["F-7"] * 3
    assert all(g.state.units[u].tf_counter == "TF 1" for u in _members(3))


def test_4_35_a_second_core_action_of_the_counter_in_the_turn_is_refused():
    g = _game(2)
    g.apply(A.BeginImpulse(R))
    before = g.to_json()
    with pytest.raises(IllegalAction) as e:
        g.apply(A.Declare((A.CoreAction("move_combat", _members(2)), A.CoreAction("move_conceal", _members(2)))))
    assert e.value.rule == "4.35" and "no more than one Core Action per turn" in e.value.reason
    assert g.to_json() == before


def test_4_35_its_units_cannot_act_alone():
    g = _game(2)
    g.apply(A.BeginImpulse(R))
    before = g.to_json()
    with pytest.raises(IllegalAction) as e:
        g.apply(A.Declare((A.CoreAction("move_combat", ("1 Anna",)),)))
    assert e.value.rule == "4.35" and "cannot act alone" in e.value.reason
    assert g.to_json() == before


def test_4_35_its_units_cannot_act_with_a_unit_outside_the_counter():
    """A unit of the same Task Force in the counter's hex is not under it: another stack."""
    g = _game(2, loose=True)
    g.apply(A.BeginImpulse(R))
    assert sorted(g.stack_of("1 Anna")) == ["1 Anna", "2 Anna"] and g.stack_of("9 Anna") == ["9 Anna"]
    before = g.to_json()
    with pytest.raises(IllegalAction) as e:
        g.apply(A.Declare((A.CoreAction("move_combat", ("1 Anna", "2 Anna", "9 Anna")),)))
    assert e.value.rule == "4.35" and g.to_json() == before
    g.apply(A.Declare((A.CoreAction("move_combat", _members(2)), A.CoreAction("move_conceal", ("9 Anna",)))))
    assert g.impulse.ap == 1 and not any(d.split for d in g.impulse.actions)


def test_4_35_a_unit_of_the_counter_makes_no_move_on_its_own():
    g = _game(2)
    with pytest.raises(IllegalAction) as e:
        tf_counters.check_alone(g.state.units["1 Anna"])
    assert e.value.rule == "4.35" and "move only together" in e.value.reason
    tf_counters.check_alone(g.state.units["1 Whiskey"])      # no counter: nothing to refuse


def test_4_35_combined_arms_movement_does_not_leave_a_unit_of_the_counter_behind():
    """5.13's exception lets GROUND ASSAULT units move on while LRS units stay; under a Task Force
    Counter they are one stack that moves together (4.35)."""
    g = situation(units={"1 Anna": (INF, "F-6", R), "1 Uran": ("runi_coastal_missile_section", "F-6", R),
                         "1 Whiskey": ("usmc_himars_section", "B-2")},
                  task_force_counters={"TF 1": ["1 Anna", "1 Uran"]}, initiative="RU")
    g.apply(A.BeginImpulse(R))
    g.apply(A.Declare((A.CoreAction("move_combat", ("1 Anna", "1 Uran")),)))
    before = g.to_json()
    with pytest.raises(IllegalAction) as e:
        g.apply(A.Move(1, ("F-7",), units=("1 Anna",)))
    assert e.value.rule == "4.35" and "1 Uran stands under Task Force Counter TF 1" in e.value.reason
    assert g.to_json() == before


# ------------------------------------------------------------------ what the other team sees
def test_4_35_the_other_team_sees_one_back_marked_as_a_task_force_counter():
    g = _game(3)
    backs = [c for c in g.view("US")["counters"] if c.get("back")]
    assert backs == [{"id": "hidden:F-6:0", "team": "RU", "hex": "F-6", "back": True, "revealed": False,
                      "tf_counter": True}]
    own = {c["uid"]: c["tf_counter"] for c in g.view("RU")["counters"] if c["team"] == "RU"}
    assert own == {"1 Anna": "TF 1", "2 Anna": "TF 1", "3 Anna": "TF 1"}
    assert view_model(g, "RU").task_force_counters == {"TF 1": ["1 Anna", "2 Anna", "3 Anna"]}
    assert view_model(g, "US").task_force_counters == {}
    ks = known_state(g.state, g.catalog, "US")        # one stand-in for the whole counter
    assert sorted(u for u in ks.units if u.startswith("hidden:")) == ["hidden:F-6:0"]


def test_4_35_the_log_counts_the_counter_as_one_concealed_counter():
    g = _game(4)
    g.apply(A.BeginImpulse(R))
    n = len(g.state.log)
    g.apply(A.Declare((A.CoreAction("move_combat", _members(4)),)))
    g.apply(A.Move(1, ("F-7",)))
    read = [f"{e['title']}: {e['text']}" for e in redact_log(g.state.log[n:], "US")]
    assert read == ["TF Red declares: #1 Move and/or Initiate Combat: 1 concealed counter in F-6",
                    "2 AP unused: passed AP are lost (3.310)",
                    "Move 1 concealed counter: 1 concealed counter moves F-6 -> F-7"]


@pytest.mark.parametrize("n", [2, 4])
def test_4_35_a_counter_of_2_units_and_one_of_4_read_the_same_to_the_other_team(n):
    """The other team's view, offers and log read alike whatever the counter holds."""
    small, big = _game(2), _game(4)
    for g in (small, big):
        g.state.salt = "same"
    assert small.view("US") == big.view("US")
    g = small if n == 2 else big
    g.apply(A.BeginImpulse(R))
    g.apply(A.Declare((A.CoreAction("move_conceal", _members(n)),)))
    g.apply(A.Move(1, ("F-7",)))
    g.apply(A.EndImpulse())
    other = big if n == 2 else small
    other.apply(A.BeginImpulse(R))
    other.apply(A.Declare((A.CoreAction("move_conceal", _members(6 - n)),)))
    other.apply(A.Move(1, ("F-7",)))
    other.apply(A.EndImpulse())
    assert g.view("US") == other.view("US")
    assert [str(a) for a in g.legal_actions("US")] == [str(a) for a in other.legal_actions("US")]
    strip = [{k: e.get(k) for k in ("title", "text", "rules")} for e in redact_log(g.state.log, "US")]
    assert strip == [{k: e.get(k) for k in ("title", "text", "rules")} for e in redact_log(other.state.log, "US")]


# ------------------------------------------------------------------ what breaks it up (sandbox)
def test_4_35_a_unit_lost_leaves_the_counter_and_a_counter_spread_over_hexes_breaks_up():
    g = _game(3)
    ctx = Ctx(g.state, g.board, g.catalog)
    u = g.state.units["3 Anna"]
    u.hp, u.destroyed = 0, True
    tf_counters.sweep(ctx)
    assert u.tf_counter == "" and g.state.units["1 Anna"].tf_counter == "TF 1"
    g.state.units["2 Anna"].hex = "F-7"                # a card moved one away
    tf_counters.sweep(ctx)
    assert [g.state.units[x].tf_counter for x in ("1 Anna", "2 Anna")] == ["", ""]
    assert g.state.log[-1]["kind"] == "tf_counter" and g.state.log[-1]["rules"] == ["4.35"]
    assert not violations(g.state, g.board, g.catalog)


def test_4_35_a_counter_spread_over_hexes_breaks_the_state_invariant():
    g = _game(2)
    g.state.units["2 Anna"].hex = "F-7"
    found = violations(g.state, g.board, g.catalog)
    assert [v.invariant for v in found] == ["a Task Force Counter is one stack"]


# ------------------------------------------------------------------ the data, checked at load
@pytest.mark.parametrize("spec, problem", [
    ({"TF 1": ["1 Anna", "nobody"]}, "no unit named 'nobody'"),
    ({"TF 1": ["1 Anna", "1 Whiskey"]}, "mixes the teams"),
    ({"TF 1": ["1 Anna", "5 Anna"]}, "has units in F-6, F-8"),
    ({"TF 1": []}, "names no unit"),
    ({"TF 1": ["1 Anna"], "TF 2": ["1 Anna"]}, "a unit stands under one counter"),
])
def test_4_35_a_task_force_counter_is_checked_at_load(spec, problem):
    units = {"1 Anna": (INF, "F-6", R), "5 Anna": (INF, "F-8", R), "1 Whiskey": ("usmc_himars_section", "F-6")}
    with pytest.raises(ScenarioError) as e:
        situation(units=units, task_force_counters=spec)
    assert problem in str(e.value) and "task_force_counters." in str(e.value)


def test_4_35_a_scenario_file_places_task_force_counters(tmp_path: Path):
    text = (Path(__file__).parents[2] / "scenarios" / "lcb" / "gotland_redux.toml").read_text(encoding="utf-8")
    ru = next(u for u, x in load_scenario("gotland_redux").state.units.items() if x.team == "RU" and x.hex)
    g0 = load_scenario("gotland_redux")
    mates = [u for u, x in g0.state.units.items() if x.hex == g0.state.units[ru].hex
             and x.task_force == g0.state.units[ru].task_force
             and g0.catalog.unit(x.type_id).domain == g0.catalog.unit(g0.state.units[ru].type_id).domain]
    assert len(mates) >= 2
    f = tmp_path / "tfc.toml"
    f.write_text(text + f'\n[[task_force_counter]]\nname = "TF 1"\nunits = {mates!r}\n'.replace("'", '"'),
                 encoding="utf-8")
    g = load_scenario(f)
    assert [u for u, x in g.state.units.items() if x.tf_counter == "TF 1"] == mates
    f.write_text(text + '\n[[task_force_counter]]\nname = "TF 1"\nunits = ["nobody"]\n', encoding="utf-8")
    with pytest.raises(ScenarioError) as e:
        load_scenario(f)
    assert "task_force_counter[TF 1].units" in str(e.value) and "no unit named 'nobody'" in str(e.value)


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_4_35_random_legal_play_keeps_the_counter_one_stack_in_one_hex(seed):
    """Random legal play with a counter on each side: the state stays sound after each turn,
    while the counter stands its units share one hex and each back of it stays one."""
    from lcb_lab.games.lcb.whatif.autoplay import play_random_turns
    g = situation(units={"1 Anna": (INF, "F-6", R), "2 Anna": (INF, "F-6", R), "3 Anna": (INF, "G-7", R),
                         "1 Alpha": ("usmc_infantry_platoon", "F-9"), "2 Alpha": ("usmc_infantry_platoon", "F-9"),
                         "1 Whiskey": ("usmc_himars_section", "E-9")},
                  task_force_counters={"TF 1": ["1 Anna", "2 Anna"], "TF 2": ["1 Alpha", "2 Alpha"]},
                  seed=seed, max_turns=3)
    steps = play_random_turns(g, 3, seed)
    assert steps > 0 and not violations(g.state, g.board, g.catalog)
    for name in ("TF 1", "TF 2"):
        units = [u for u in g.state.units.values() if u.tf_counter == name and u.on_map]
        assert len({u.hex for u in units}) <= 1
        team = "US" if name == "TF 1" else "RU"
        backs = [c for c in g.view(team)["counters"] if c.get("back") and c.get("tf_counter")]
        assert len(backs) == (1 if any(not u.revealed for u in units) else 0)


def test_4_35_a_mine_owner_names_the_counter_by_its_one_back():
    """13.34 with 4.35: the owner of mines that a counter meets names its targets by the backs it
    sees -- the counter's units are one back, the unit beside it another; a hit on the counter's
    back falls on one of its units (sandbox)."""
    from lcb_lab.games.lcb.model.state import CardMarker
    from lcb_lab.games.lcb.rules.markers import mines
    g = _game(3, loose=True)
    m = CardMarker("MINE-1", "mine", "US", "", "F-6", revealed=False)
    ctx = Ctx(g.state, g.board, g.catalog)
    ids = mines.target_ids(ctx, m, g.state.units_in("F-6"))
    assert len(ids) == 2 and all(i.startswith("hidden:F-6:") for i in ids)
    hit = {mines._resolve_id(ctx, m, i).uid for i in ids}
    assert "9 Anna" in hit and len(hit & {"1 Anna", "2 Anna", "3 Anna"}) == 1
