"""Bad input around the chapter 10-14 choices and views: a clear InputError / IllegalAction, the
state unchanged (found by the chapter 10-14 review)."""
import pytest

from lcb_lab.games.lcb import actions as A
from lcb_lab import load_scenario
from lcb_lab.kernel.errors import IllegalAction, InputError
from lcb_lab.games.lcb.content.worked.ch13 import lay_mines


def _mine_choice():
    g = load_scenario("slite_landing", seed=3)
    lay_mines(g, "RU", "AM-21", 2)
    g.apply(A.BeginImpulse("TF Memphis"))
    g.apply(A.Declare((A.CoreAction("move_combat", ("LSD 41",)),)))
    g.apply(A.Move(1, ("AN-21", "AM-21", "AL-21")))
    assert g.pending is not None and g.pending.kind == "mine_attack"
    return g


@pytest.mark.parametrize("value", [[["LSD 41", "two"]], [["LSD 41", [2]]], [["LSD 41", 1.7]], [["LSD 41", True]],
                                   [[3, 2]]])
def test_a_malformed_mine_answer_is_an_input_error(value):
    g = _mine_choice()
    before = g.to_json()
    with pytest.raises(InputError, match="mine_attack"):
        g.apply(g.pending.answer_from(value))
    assert g.to_json() == before


def test_an_answer_of_another_shape_does_not_give_the_mines_up():
    g = _mine_choice()
    before = g.to_json()
    with pytest.raises(IllegalAction) as e:
        g.apply(A.AnswerEmbarkLosses(picks=("DDG-80", "5 Alpha")))
    assert e.value.rule == "13.33" and g.to_json() == before


@pytest.mark.parametrize("call", [lambda g: g.view("us"), lambda g: g.view("XX"), lambda g: g.log_entries("XX"),
                                  lambda g: g.legal_actions("XX")])
def test_an_unknown_team_name_is_an_input_error_not_a_blank_board(call):
    g = load_scenario("slite_landing", seed=3)
    with pytest.raises(InputError, match="not a team"):
        call(g)
