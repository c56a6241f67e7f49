"""Worked EXAMPLEs and rules of chapter 3 (sequence of play)."""
import json
import pytest

from lcb_lab.kernel.errors import IllegalAction
from lcb_lab import situation
from tests.conftest import lrs_impulse, pass_impulse
from lcb_lab.games.lcb import actions as A
from lcb_lab.kernel.datacodec import touched

B, R = "TF Blue", "TF Red"
FOUR_TF = {"TF Boston": "US", "TF Memphis": "US", "TF Moscow": "RU", "TF St. Petersburg": "RU"}


def four_tf_game(**kw):
    return situation([("DDG-51", "usn_ddg_51", "F-12", "TF Boston"),
                      ("1 Alpha", "usmc_infantry_platoon", "B-2", "TF Memphis"),
                      ("1 Anna", "runi_naval_infantry_platoon", "F-2", "TF Moscow"),
                      ("Ivan Co", "runi_logistics_company", "J-2", "TF St. Petersburg")],
                     task_forces=FOUR_TF, mixed=["F-12"], **kw)


run_impulse = pass_impulse


def test_3_3_example_impulses_alternate_initiative_team_first_then_checks():
    """3.3 / 3.311 examples: with the Blue team holding the initiative the order is
    Blue, Red, Blue, Red; each Task Force takes one impulse, chosen by its team (3.39)."""
    g = four_tf_game()
    assert g.available_task_forces() == ["TF Boston", "TF Memphis"]
    run_impulse(g, "TF Boston")
    assert g.available_task_forces() == ["TF Moscow", "TF St. Petersburg"]
    with pytest.raises(IllegalAction) as e:
        g.apply(A.BeginImpulse("TF Memphis"))
    assert e.value.rule == "3.3" and "RU's turn" in e.value.reason
    run_impulse(g, "TF St. Petersburg")
    assert g.available_task_forces() == ["TF Memphis"]
    run_impulse(g, "TF Memphis")
    run_impulse(g, "TF Moscow")
    assert g.state.turn == 2 and g.state.initiative == "US"   # tie 0-0: initiative stays (3.04)
    assert [e["kind"] for e in g.log[-3:]] == ["initiative", "victory", "turn"]


def test_3_32_a_fourth_core_action_is_refused_and_nothing_changes():
    g = situation([(f"{i} Alpha", "usmc_infantry_platoon", f"{c}-5", B) for i, c in enumerate("BDFH", 1)])
    g.apply(A.BeginImpulse(B))
    before = g.to_json()
    with pytest.raises(IllegalAction) as e:
        g.apply(A.Declare(tuple(A.CoreAction("move_conceal", (f"{i} Alpha",)) for i in range(1, 5))))
    assert e.value.rule == "3.32"
    assert g.to_json() == before
    g.apply(A.Declare(tuple(A.CoreAction("move_conceal", (f"{i} Alpha",)) for i in range(1, 4))))
    assert g.impulse.ap == 0


def test_3_34_example_a_stack_acts_for_one_ap_and_a_unit_acts_once_per_turn():
    """3.34: a stack of 4 infantry Moves and/or Initiates Combat for 1 AP; a unit cannot
    then also Move and/or Conceal in the same turn."""
    stack = [(f"{i} Alpha", "usmc_infantry_platoon", "F-6", B) for i in range(1, 5)]
    g = situation(stack)
    g.apply(A.BeginImpulse(B))
    before = g.to_json()
    with pytest.raises(IllegalAction) as e:
        g.apply(A.Declare((A.CoreAction("move_combat", ("1 Alpha", "2 Alpha", "3 Alpha", "4 Alpha")), A.CoreAction("move_conceal", ("1 Alpha",)))))
    assert e.value.rule == "3.34" and g.to_json() == before
    g.apply(A.Declare((A.CoreAction("move_combat", ("1 Alpha", "2 Alpha", "3 Alpha", "4 Alpha")),)))
    assert g.impulse.ap == 2 and not g.impulse.actions[0].split


def test_3_33_only_the_active_task_forces_units_act():
    g = situation([("1 Alpha", "usmc_infantry_platoon", "F-6", B), ("2 Alpha", "usmc_infantry_platoon", "F-8", "TF Other")],
                  task_forces={B: "US", "TF Other": "US", R: "RU"})
    g.apply(A.BeginImpulse(B))
    with pytest.raises(IllegalAction) as e:
        g.apply(A.Declare((A.CoreAction("move_combat", ("2 Alpha",)),)))
    assert e.value.rule == "3.33"


def test_3_03_declarations_cannot_be_changed():
    g = situation([("1 Alpha", "usmc_infantry_platoon", "F-6", B), ("2 Alpha", "usmc_infantry_platoon", "F-8", B)])
    g.apply(A.BeginImpulse(B))
    g.apply(A.Declare((A.CoreAction("move_combat", ("1 Alpha",)),)))
    with pytest.raises(IllegalAction) as e:
        g.apply(A.Declare((A.CoreAction("move_combat", ("2 Alpha",)),)))
    assert e.value.rule == "3.03"


def test_3_37_example_splitting_a_stack_costs_an_ap_per_new_stack():
    """3.37: four units in a stack move into two hexes, two units each: 2 AP; one new
    stack moves and conceals, the other moves and initiates combat."""
    g = situation([(f"{i} Alpha", "usmc_infantry_platoon", "F-6", B, True) for i in range(1, 5)])
    g.apply(A.BeginImpulse(B))
    g.apply(A.Declare((A.CoreAction("move_conceal", ("1 Alpha", "2 Alpha")), A.CoreAction("move_combat", ("3 Alpha", "4 Alpha")))))
    assert g.impulse.ap == 1 and all(a.split for a in g.impulse.actions)
    with pytest.raises(IllegalAction) as e:          # must move into its own hex first
        g.apply(A.Conceal(1))
    assert e.value.rule == "3.37"
    g.apply(A.Move(1, ("F-5",)))
    g.apply(A.Conceal(1))
    with pytest.raises(IllegalAction) as e:          # the other half never moved
        g.apply(A.EndImpulse())
    assert e.value.rule == "3.37"
    g.apply(A.Move(2, ("F-7",)))
    g.apply(A.EndImpulse())
    u = g.state.units
    assert u["1 Alpha"].hex == "F-5" and not u["1 Alpha"].revealed
    assert u["3 Alpha"].hex == "F-7" and u["3 Alpha"].revealed


def test_3_36_example_partial_activation_one_lrs_unit_fires():
    """3.36: two LRS units move together for 1 AP; only one of them fires and reveals."""
    g = situation([("1 Whiskey", "usmc_himars_section", "F-9", B), ("2 Whiskey", "usmc_himars_section", "F-9", B),
                   ("1 Anna", "runi_naval_infantry_platoon", "F-4", R, True)], seed=2, auto={})
    g.apply(A.BeginImpulse(B))
    g.apply(A.Declare((A.CoreAction("move_combat", ("1 Whiskey", "2 Whiskey")),)))
    g.apply(A.Move(1, ("F-8",)))
    g.apply(A.CommitCombat(lrs=(A.LrsAttack("1 Whiskey", "LRS1", "1 Anna", 2),)))
    assert g.state.units["1 Whiskey"].revealed and not g.state.units["2 Whiskey"].revealed
    assert g.state.units["2 Whiskey"].hex == "F-8"


def test_3_41_relinquishing_initiative_counts_as_seizing_for_the_other_team():
    """3.41/3.42 example: Blue cedes the initiative; Red goes first and keeps it while
    no units are destroyed."""
    g = four_tf_game()
    g.apply(A.Relinquish())
    assert g.state.initiative == "RU" and g.available_task_forces() == ["TF Moscow", "TF St. Petersburg"]
    assert g.state.influence == -1           # one space toward RU (3.42, 15.0)
    for tf in ("TF Moscow", "TF Boston", "TF St. Petersburg", "TF Memphis"):
        run_impulse(g, tf)
    assert g.state.turn == 2 and g.state.initiative == "RU"
    with pytest.raises(IllegalAction):        # only at the start of the Action Stage
        g.apply(A.BeginImpulse("TF Moscow"))
        g.apply(A.Relinquish())


def test_3_312_a_task_force_without_units_has_one_ap():
    g = situation([("1 Anna", "runi_naval_infantry_platoon", "F-2", R)], task_forces={B: "US", R: "RU"})
    g.apply(A.BeginImpulse(B))
    assert g.impulse.ap == 1


def test_3_42_example_units_lost_with_their_transport_count_for_initiative():
    """3.42: when a carrier with units aboard is destroyed, those units count too."""
    g = situation([("Msta", "runi_cannon_artillery", "F-2", R),
                   ("LHD 1", "usn_lhd", "F-4", B, True)], initiative="RU", forced=[1] * 4,
                  task_forces={B: "US", R: "RU"}, mixed=["F-4"])
    for i in range(1, 4):
        g.state.units[f"{i} Alpha"] = g.state.units["LHD 1"].clone()
        touched(g.state, "units")      # staged in place: the snapshot looks at the map again
        a = g.state.units[f"{i} Alpha"]
        a.uid, a.type_id, a.hex, a.embarked_on, a.hp, a.supply = f"{i} Alpha", "usmc_infantry_platoon", None, "LHD 1", 2, {"GA": 10}
    lrs_impulse(g, R, "Msta", "LHD 1", 4)
    pass_impulse(g, B)
    assert all(g.state.units[f"{i} Alpha"].destroyed for i in range(1, 4))
    assert g.state.total_kills["RU"] == 4
    assert g.state.initiative == "RU"


def test_ship_and_ground_units_in_one_port_hex_are_separate_stacks():
    """Interpretation (5.11, 3.37): they cannot move together, so activating the ground
    units alone is not a split that must move away."""
    g = situation([("Inf", "usmc_infantry_platoon", "F-6", B, True), ("DDG", "usn_ddg_51", "F-6", B)],
                  mixed=["F-6"], naval=["F-7", "F-8"])
    g.apply(A.BeginImpulse(B))
    g.apply(A.Declare((A.CoreAction("move_conceal", ("Inf",)),)))
    assert not g.impulse.actions[0].split
    g.apply(A.Conceal(1))
    g.apply(A.EndImpulse())


def test_3_37_no_split_where_the_new_stack_could_reach_no_other_hex():
    """3.37: a split-off stack must Move into its own hex.  On Gotska Sandön (AM-17, a mixed island
    hex of the Gotland map with no ground link) a ground unit can reach no other hex, so declaring
    part of the stack is refused at once (it could never end the impulse); the whole stack may act.
    Found by a random walk over the legal actions that ended with nothing legal."""
    g = situation([(f"{i} Alpha", "usmc_infantry_platoon", "AM-17", B) for i in (1, 2)], map="gotland")
    g.apply(A.BeginImpulse(B))
    before = json.dumps(g.state.to_dict())
    with pytest.raises(IllegalAction) as e:
        g.apply(A.Declare((A.CoreAction("move_combat", ("1 Alpha",)),)))
    assert e.value.rule == "3.37" and "reach no other hex" in str(e.value)
    assert json.dumps(g.state.to_dict()) == before
    assert not any(isinstance(a, A.Declare) and any(c.units == ("1 Alpha",) for c in a.actions)
                   for a in g.legal_actions())
    g.apply(A.Declare((A.CoreAction("move_combat", ("1 Alpha", "2 Alpha")),)))
    g.apply(A.EndImpulse())
