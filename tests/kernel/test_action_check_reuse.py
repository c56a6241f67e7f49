"""``ActionCodec.check`` gives again the action it gave for the same data, and only then.

The check is ``from_fields(cls, data(action))``; an action whose data (as marshal bytes: ``1`` is not
``True`` or ``1.0``) was checked before is given back without validating again.  These tests hold the
reuse to what the plain check would give: the same values, the same refusals, nothing shared that
could change.
"""
from __future__ import annotations

from dataclasses import dataclass

import pytest

from lcb_lab.kernel import actions as K
from lcb_lab.kernel.actions import Action, ActionCodec
from lcb_lab.kernel.errors import InputError


@dataclass(frozen=True)
class Shot(Action):
    KIND = "shot"
    dice: int = 1
    path: tuple[str, ...] = ()


@dataclass
class Loose(Action):           # not frozen: never given again
    KIND = "loose"
    dice: int = 1


@pytest.fixture(autouse=True)
def _fresh(monkeypatch):
    monkeypatch.setattr(K, "_CHECKED", {})


def test_equal_data_gives_the_checked_action_again_and_other_data_its_own():
    codec = ActionCodec([Shot, Loose])
    a = codec.check(Shot(2, ["A-1", "A-2"]))
    assert a == Shot(2, ("A-1", "A-2")) and type(a.path) is tuple          # normalised as before
    assert codec.check(Shot(2, ("A-1", "A-2"))) is a                         # the same data: reused
    assert codec.check(Shot(3, ("A-1", "A-2"))) == Shot(3, ("A-1", "A-2"))  # other data: its own check
    assert codec.check(Shot(3, ("A-1", "A-2"))) is not a


def test_a_bool_or_float_is_checked_on_its_own_after_the_int_and_refusals_every_time():
    codec = ActionCodec([Shot])
    codec.check(Shot(1))
    for v in (True, 1.0, 1):
        got, plain = codec.check(Shot(v)), K.from_fields(Shot, K.data(Shot(v)))
        assert got == plain and type(got.dice) is type(plain.dice), v    # what the plain check gives
    for _ in range(2):                         # a refusal is never kept: refused again
        with pytest.raises(InputError):
            codec.check(Shot("x"))
    assert len(K._CHECKED) == 3            # 1, True and 1.0: each kept on its own


def test_a_mutable_action_is_checked_every_time(monkeypatch):
    codec = ActionCodec([Loose])
    calls = []
    real = K.from_fields
    monkeypatch.setattr(K, "from_fields", lambda cls, d, what=None: calls.append(d) or real(cls, d, what))
    first, second = codec.check(Loose(2)), codec.check(Loose(2))
    assert first == second and first is not second and len(calls) == 2
    codec2 = ActionCodec([Shot])
    codec2.check(Shot(2)), codec2.check(Shot(2))
    assert len(calls) == 3                     # a frozen one: validated once


def test_the_kept_actions_are_bounded(monkeypatch):
    monkeypatch.setattr(K, "CHECKED_KEPT", 3)
    codec = ActionCodec([Shot])
    for n in range(10):
        codec.check(Shot(n))
    assert len(K._CHECKED) <= 3


def test_the_same_immutable_object_checked_again_is_given_at_once_by_its_codec_only(monkeypatch):
    codec = ActionCodec([Shot])
    a, b = Shot(2, ("A-1",)), Shot(2, ["A-1"])             # b: a list, not immutable
    first = codec.check(a)
    assert codec.check(a) is first and codec.check(b) is first     # the data met before
    calls = []
    real = K.data
    monkeypatch.setattr(K, "data", lambda x: calls.append(x) or real(x))
    assert codec.check(a) is first and calls == []               # this very object: its data not read again
    assert codec.check(b) is first and calls == [b]              # a mutable one: read every time
    assert codec.check(Shot(2, ("A-1",))) is first and len(calls) == 2    # an equal other object: read
    with pytest.raises(InputError, match="Shot is not one of the typed actions"):
        ActionCodec([Loose]).check(a)                            # another codec judges it by its own classes
