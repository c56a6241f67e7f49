"""``lcb_lab.games.lcb.actions.__all__`` names every public typed action, part and helper, and only those."""
from __future__ import annotations

import inspect
from dataclasses import is_dataclass

from lcb_lab.games.lcb import actions

PARTS = {"CoreAction", "LrsAttack", "GroundAssault", "Intercept", "MineShot", "Defense", "Grant", "Response",
         "CardIntercept", "SlotSupply"}
HELPERS = {"ACTION_TYPES", "ANSWER_TYPES", "CHANCE", "EFFECT_CUBES", "to_json", "from_json", "check", "from_fields"}
ANSWERS = {"AnswerIntercept", "AnswerDefense", "AnswerMildec", "AnswerCards", "AnswerEmbarkLosses", "AnswerMines",
           "AnswerEvent"}


def _public_classes() -> set[str]:
    return {n for n, v in vars(actions).items() if inspect.isclass(v) and v.__module__ == actions.__name__
            and not n.startswith("_")}


def test_every_name_in_all_exists_once():
    assert len(actions.__all__) == len(set(actions.__all__))
    assert [n for n in actions.__all__ if not hasattr(actions, n)] == []


def test_every_public_action_class_and_part_is_in_all():
    assert _public_classes() - set(actions.__all__) == set()
    assert {c.__name__ for c in actions.ACTION_TYPES.values()} <= set(actions.__all__)
    assert PARTS | HELPERS | {"Action"} <= set(actions.__all__)


def test_all_holds_nothing_else():
    typed = {c.__name__ for c in actions.ACTION_TYPES.values()}
    assert {c.__name__ for c in actions.ANSWER_TYPES.values()} == ANSWERS
    assert set(actions.__all__) == typed | ANSWERS | PARTS | HELPERS | {"Action"}
    assert len(typed) == 32 and all(is_dataclass(getattr(actions, n)) for n in typed | PARTS)   # + NavalSupply, PreloadCraft (17.6, 17.9), SubmarineMovement, ExpendAswCard (17.2, 17.71), InteropAttempt (17.1), OffensiveIntercept (7.59)


def test_star_import_gives_the_actions():
    ns: dict = {}
    exec("from lcb_lab.games.lcb.actions import *", ns)
    assert ns["Move"] is actions.Move and ns["CHANCE"] == "chance"
    assert "Strict" not in ns and "InputError" not in ns and "dataclass" not in ns
