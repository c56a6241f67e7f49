"""The cheap paths of ``Game.apply`` agree with the plain ones they stand for (benchmark figures 9
and 11): the dice's state built once until the dice change and its generator made on first use,
a state's plain-data fields compared in one marshal key (:func:`lcb_lab.kernel.datashare.sharer`),
steps and events made without their frozen ``__init__``."""
from __future__ import annotations

import dataclasses

import pytest

from lcb_lab import load_scenario
from lcb_lab.games.lcb import actions as A
from lcb_lab.games.lcb.whatif.autoplay import play_random_turns
from lcb_lab.games.lcb.whatif.experiments import land_embarked
from lcb_lab.kernel import datashare
from lcb_lab.kernel.dice import Dice, dN
from lcb_lab.kernel.errors import IllegalAction
from lcb_lab.kernel.events import Event
from lcb_lab.kernel.history import Step, new_step


def _eager_state(d: Dice) -> dict:
    """The dice state as :meth:`Dice.state` built it before it was kept (reference)."""
    rng = d._generator() if d._rng is not None else None
    return {"seed": d.seed, "rng": rng.bit_generator.state if rng is not None else None, "forced": list(d._forced)}


def test_dice_state_is_kept_until_the_dice_change_and_always_equals_a_fresh_one():
    d = Dice(seed=5, die=dN(20))
    first = d.state()
    assert d.state() is first and first == _eager_state(d)
    d.roll(2)
    second = d.state()
    assert second is not first and second == _eager_state(d) and second["rng"] != first["rng"]
    d.force([7, 3])
    assert d.state()["forced"] == [7, 3] and d.state() == _eager_state(d)
    assert d.roll(1) == [7] and d.state()["forced"] == [3]
    d.shuffle([1, 2, 3])
    assert d.state() == _eager_state(d)
    d.set_state(first)
    assert d.state() == first and d.roll(2) == Dice(seed=5, die=dN(20)).roll(2)


def test_set_state_of_the_state_the_dice_are_in_changes_nothing():
    d = Dice(seed=11, die=dN(20))
    d.roll(3)
    s = d.state()
    d.set_state(s)
    assert d.state() is s
    assert d.roll(4) == Dice.from_state(s, dN(20)).roll(4)


@pytest.mark.parametrize("seed", [0, 3, 2026])
def test_dice_from_a_state_make_their_generator_on_first_use_and_draw_the_same(seed):
    ref = Dice(seed=seed, die=dN(20))
    ref.roll(5)
    saved = ref.state()
    lazy = Dice.from_state(saved, dN(20))
    assert lazy.state() == saved                 # read without making the generator
    later = Dice(seed=seed + 1, die=dN(20))
    later.set_state(saved)                        # an unmade generator takes the state on first use
    assert later.state() == saved
    want = ref.roll(6) + ref.shuffle(list(range(5)))
    assert lazy.roll(6) + lazy.shuffle(list(range(5))) == want
    assert later.roll(6) + later.shuffle(list(range(5))) == want
    assert lazy.state() == later.state() == ref.state() == _eager_state(ref)


def _reference_sharer(cls):
    """``cls``'s sharer comparing every field on its own (no marshal key), for the agreement test."""
    old = datashare.GROUP_MIN, dict(datashare._SHARERS)
    try:
        datashare.GROUP_MIN = 10 ** 9
        datashare._SHARERS.clear()
        return datashare.sharer(cls)
    finally:
        datashare.GROUP_MIN = old[0]
        datashare._SHARERS.clear()
        datashare._SHARERS.update(old[1])


def _pattern(a, b) -> list:
    """Which fields of ``a`` are ``b``'s very objects (the sharing), field by field."""
    return [getattr(a, f.name) is getattr(b, f.name) for f in dataclasses.fields(a)]


@pytest.mark.parametrize("seed", [1, 4])
def test_keyed_share_agrees_with_field_by_field_share_along_a_game(seed):
    g = load_scenario("gotland_redux", seed=seed, auto_policies={})
    assert land_embarked(g, "AL-23")
    play_random_turns(g, 2, seed)
    h, cls = g.history, type(g.state)
    keyed, plain = datashare.sharer(cls), _reference_sharer(cls)
    assert keyed is not plain
    hits = 0
    for n in range(1, h.cursor):
        prev, now = h.snapshots.get(n - 1), h.snapshots.get(n)
        if prev is None or now is None:
            continue
        k1 = keyed(now.state, prev.state, True)          # a snapshot against the one before it
        k2 = keyed(now.state, prev.state, True)          # ... again: prev's key is now kept
        p = plain(now.state, prev.state, True)
        assert datashare.same(k1, p) and datashare.same(k2, p)
        assert _pattern(k1, prev.state) == _pattern(k2, prev.state) == _pattern(p, prev.state)
        hits += all(getattr(k2, f) is getattr(prev.state, f) for f in ("victory", "task_forces", "sot"))
    assert hits > 10          # the one-key path was taken (nothing of those changed between most steps)


def test_a_keyed_share_sees_a_change_in_one_plain_data_field():
    g = load_scenario("gotland_redux", seed=1, auto_policies={})
    g.apply(A.BeginImpulse(g.available_task_forces()[0]))
    before = g.history.snapshots[0].state
    s1 = g.state.clone().snapshot(before)
    live = g.state.clone()                             # not clean (a fork's, a loaded one): the key path
    live.kills["US"] += 1                              # changed in place: no field write
    live.victory.append({"kind": "test"})
    s2 = live.snapshot(s1)
    assert s2.kills == {"US": s1.kills["US"] + 1, "RU": s1.kills["RU"]} and s2.kills is not s1.kills
    assert s2.victory[-1] == {"kind": "test"} and s2.victory is not live.victory
    assert s2.task_forces is s1.task_forces and s2.sot is s1.sot
    s3 = live.clone().snapshot(s2)
    assert s3.kills is s2.kills and s3.victory is s2.victory


def test_new_step_and_event_from_log_equal_their_dataclass_constructors_and_stay_frozen():
    a = A.Move(1, ("AK-20",))
    st = new_step(a, (3, 4), {"seed": 1}, 7, {"intercept": "none"}, 2, 3, "US", "move: x")
    assert st == Step(a, (3, 4), {"seed": 1}, 7, {"intercept": "none"}, 2, 3, "US", "move: x")
    entry = {"kind": "volley", "title": "T", "text": "x", "rules": ["7.3"], "turn": 2, "impulse": 5}
    ev = Event.from_log([entry], 0, ("turn", "impulse"))
    assert ev == Event(0, "volley", "T", "x", ("7.3",), 2, 5, entry, ("turn", "impulse"))
    for obj, name in ((st, "label"), (ev, "title")):
        with pytest.raises(dataclasses.FrozenInstanceError):
            setattr(obj, name, "changed")


def test_apply_undo_and_a_refused_act_stay_exact_with_the_kept_dice_state():
    g = load_scenario("gotland_redux", seed=3, auto_policies={})
    assert land_embarked(g, "AL-23")
    play_random_turns(g, 1, 3)
    data, dice = g.state.to_dict(), g.dice.state()
    with pytest.raises(IllegalAction):
        g.apply(A.Move(99, ("AA-1",)))
    assert g.state.to_dict() == data and g.dice.state() == dice
    f = g.fork()
    play_random_turns(f, 1, 9)
    n = f.history.cursor - g.history.cursor
    f.undo(n)
    assert n > 0 and f.state.to_dict() == data and f.dice.state() == dice
