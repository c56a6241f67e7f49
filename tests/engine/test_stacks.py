"""One definition of a stack (3.23, 3.37, 5.11, 5.15): Game.stack_of, the declaration
check and the random player's stacks agree."""
import pytest

from lcb_lab import situation
from lcb_lab.games.lcb.rules.movement.stacks import available_stacks
from lcb_lab.kernel.errors import IllegalAction
from lcb_lab.games.lcb.model.state import GameState
from tests.conftest import pass_impulse
from lcb_lab.games.lcb import actions as A

B, R = "TF Blue", "TF Red"


def port_game():
    """A HIMARS and a destroyer of one Task Force in one mixed (port) hex."""
    return situation({"W": ("usmc_himars_section", "F-6"), "DDG": ("usn_ddg_51", "F-6"),
                      "Inf": ("usmc_infantry_platoon", "F-6"), "Anna": ("runi_naval_infantry_platoon", "F-2")},
                     mixed=["F-6"], naval=["F-7", "F-8"])


def declared_split(g, units) -> bool:
    """Whether declaring ``units`` as one action is a split (3.37), on a copy."""
    c = g.clone()
    c.apply(A.BeginImpulse(B))
    c.apply(A.Declare((A.CoreAction("move_combat", units),)))
    return c.impulse.actions[0].split


def _stacks(g, tf):
    """The stacks the legal actions (and so the random player) offer: lcb_lab.games.lcb.legal_declare.declaration_options."""
    return available_stacks(g._ctx(), tf)


def test_ship_and_himars_in_one_port_hex_are_two_stacks_to_every_caller():
    g = port_game()
    assert g.stack_of("W") == ["W", "Inf"]
    assert g.stack_of("DDG") == ["DDG"]
    assert sorted(map(sorted, _stacks(g, B))) == [["DDG"], ["Inf", "W"]]
    assert not declared_split(g, ["DDG"]) and not declared_split(g, ["W", "Inf"])
    assert declared_split(g, ["W"])
    g.apply(A.BeginImpulse(B))
    before = g.to_json()
    with pytest.raises(IllegalAction) as e:          # two stacks cannot take one Core Action
        g.apply(A.Declare((A.CoreAction("move_combat", ("W", "DDG")),)))
    assert e.value.rule == "3.23" and "5.11" in e.value.reason
    assert g.to_json() == before


def test_3_37_units_that_join_a_stack_stay_separate_until_the_next_turn():
    """3.37 example 2: two units from B-1 and two from B-3 enter B-2, where a fifth already
    stands (2 AP); in the next turn all five are one stack and act together for 1 AP."""
    g = situation({"1 Alpha": ("usmc_infantry_platoon", "B-1"), "2 Alpha": ("usmc_infantry_platoon", "B-1"),
                   "3 Alpha": ("usmc_infantry_platoon", "B-3"), "4 Alpha": ("usmc_infantry_platoon", "B-3"),
                   "Hold": ("usmc_infantry_platoon", "B-2"), "Anna": ("runi_naval_infantry_platoon", "L-12")})
    g.apply(A.BeginImpulse(B))
    g.apply(A.Declare((A.CoreAction("move_combat", ("1 Alpha", "2 Alpha")), A.CoreAction("move_combat", ("3 Alpha", "4 Alpha")))))
    assert g.impulse.ap == 1
    g.apply(A.Move(1, ("B-2",)))
    g.apply(A.Move(2, ("B-2",)))
    assert g.stack_of("Hold") == ["Hold"]
    assert g.stack_of("1 Alpha") == ["1 Alpha", "2 Alpha"]
    assert g.stack_of("4 Alpha") == ["3 Alpha", "4 Alpha"]
    g.apply(A.EndImpulse())
    assert g.stack_of("Hold") == ["Hold"]            # still this turn
    pass_impulse(g, R)
    assert g.state.turn == 2
    four = ["1 Alpha", "2 Alpha", "3 Alpha", "4 Alpha", "Hold"]
    assert sorted(g.stack_of("Hold")) == four
    assert [sorted(s) for s in _stacks(g, B)] == [four]
    g.apply(A.BeginImpulse(B))
    g.apply(A.Declare((A.CoreAction("move_conceal", four),)))
    assert g.impulse.ap == 2 and not g.impulse.actions[0].split


def test_3_37_an_armor_breakthrough_into_a_friendly_hex_is_a_stack_of_its_own():
    """The tank wins a Continuing Combat (7.22) without moving, then breaks through
    (7.111) into a hex its Task Force already holds: two stacks until the next turn."""
    g = situation({"Tank": ("runi_tank_platoon", "F-6", True), "Friend": ("runi_naval_infantry_platoon", "F-5"),
                   "Inf": ("usmc_infantry_platoon", "F-6", True), "Far": ("usmc_infantry_platoon", "L-12")},
                  continuing=["F-6"], initiative="RU", forced=[1, 1], auto={"ga_defence": "no_defence"})
    g.apply(A.BeginImpulse(R))
    g.apply(A.Declare())
    g.apply(A.CommitCombat(ga=(A.GroundAssault("Tank", "Inf", 2),)))
    g.apply(A.ResolveCombat())
    assert g.state.units["Inf"].destroyed
    g.apply(A.ArmorBreakthrough("Tank", "F-5"))
    assert g.stack_of("Friend") == ["Friend"] and g.stack_of("Tank") == ["Tank"]


def test_the_three_callers_agree_on_every_stack():
    g = situation({"W": ("usmc_himars_section", "F-6"), "DDG": ("usn_ddg_51", "F-6"),
                   "Inf": ("usmc_infantry_platoon", "F-6"), "Log": ("usmc_logistics_company", "F-6"),
                   "Lone": ("usmc_infantry_platoon", "H-8"),
                   "Para": {"type": "usmc_infantry_platoon", "hex": "J-3", "paralysed": True},
                   "Mate": ("usmc_infantry_platoon", "J-3"),
                   "Anna": ("runi_naval_infantry_platoon", "F-2")},
                  mixed=["F-6"], naval=["F-7"])
    auto = _stacks(g, B)
    for stack in auto:
        for uid in stack:                            # the query holds every available member
            assert [x for x in g.stack_of(uid) if not g.unit(x).paralysed] == stack
        assert not declared_split(g, stack)          # the whole stack: no split (3.37)
        if len(stack) > 1:
            assert declared_split(g, stack[:1])
    assert sorted(map(sorted, auto)) == [["DDG"], ["Inf", "Log", "W"], ["Lone"], ["Mate"]]


def test_unit_moved_with_is_cloned_saved_and_optional_in_old_saves():
    g = situation({"A": ("usmc_infantry_platoon", "F-6"), "E": ("runi_naval_infantry_platoon", "L-12")})
    g.apply(A.BeginImpulse(B))
    g.apply(A.Declare((A.CoreAction("move_combat", ("A",)),)))
    g.apply(A.Move(1, ("F-7",)))
    u = g.state.units["A"]
    assert u.moved_with == "A" and u.clone().moved_with == "A"
    d = g.state.to_dict()
    assert GameState.from_dict(d).units["A"].moved_with == "A"
    del d["units"]["A"]["moved_with"]                # a save from before the field existed
    assert GameState.from_dict(d).units["A"].moved_with == ""
