"""LC:B is a game on the kernel: its Game is the kernel's Engine with LC:B's hooks, its actions,
choices, templates and observer are built on the kernel's bases."""
from dataclasses import dataclass
from typing import ClassVar

import pytest

from lcb_lab import situation
from lcb_lab.games.lcb import actions as A
from lcb_lab.games.lcb import choices, legal_templates, observer
from lcb_lab.games.lcb.game import Game
from lcb_lab.kernel import actions as KA
from lcb_lab.kernel import choices as KC
from lcb_lab.kernel import legal as KL
from lcb_lab.kernel import observer as KO
from lcb_lab.kernel.engine import Engine
from lcb_lab.kernel.errors import InputError, LabError


def test_the_game_is_the_engine_with_lcb_hooks():
    g = situation(units={"1 Whiskey": ("usmc_himars_section", "F-6")})
    assert isinstance(g, Engine) and Game.players == ("US", "RU") and Game.codec is A.CODEC
    assert g.keeps_snapshot(A.BeginImpulse("TF Blue")) and not g.keeps_snapshot(A.Declare())
    g.apply(A.BeginImpulse("TF Blue"))
    assert g.history.snapshots[0].kept is True
    assert g.step_place(A.Declare(), g.state) == (1, 1, "US")


def test_lcb_builds_on_the_kernel_bases():
    assert issubclass(A.BeginImpulse, KA.Action) and A.Action is KA.Action and A.CHANCE == KA.CHANCE == "chance"
    assert issubclass(choices.InterceptChoice, KC.Choice) and issubclass(legal_templates.Template, KL.Template)
    assert KO.Observer is type(observer.OBSERVER) and observer.OBSERVER.players == ("US", "RU")
    assert Game.place_keys == observer.PLACE_KEYS == ("turn", "impulse", "team")


def test_a_choice_answers_for_its_team_only():
    c = choices.MildecChoice("RU", "4.22", "absorb?", {"key": "lrs:x", "target": "x", "damage": 2, "mildecs": 1})
    assert c.answerers() == ("RU",)
    assert c.answer_from({"absorb": 1}) == A.AnswerMildec(absorb=1)
    with pytest.raises(LabError, match=r"^no policy 'x' for MILDEC choices; known: absorb_all, never_absorb$"):
        c.policy_value("x")


def test_the_codec_refuses_a_second_class_for_a_tag():
    @dataclass(frozen=True)
    class Other(KA.Action):
        KIND: ClassVar[str] = "move"

    with pytest.raises(ValueError, match=r"^Other: the action tag 'move' is empty or already used$"):
        A.CODEC.register(Other)
    with pytest.raises(InputError, match=r"^apply: \(value\): Other is not one of the typed actions"):
        A.check(Other())
