"""Two cheap paths of the record and the copies (benchmark figures 2, 9 and 11), each checked against
the plain form it stands for:

* a snapshot takes a clean unit's, card's or marker's twin as it is even when that twin belongs to
  another snapshot than the one it is shared against -- e.g. the restore point of a refused act --
  instead of comparing the record with the previous snapshot's and copying it
  (:func:`lcb_lab.kernel.datashare.twin_maps`);
* a restore keeps the live state's plain-data fields when their one key equals the snapshot's (a
  refused act that changed none of them) instead of copying the snapshot's
  (:func:`lcb_lab.kernel.datashare.put_back`);
* a ``{key: record}`` map is copied by one generated loop, no call per record
  (:func:`lcb_lab.kernel.datacodec.map_copier`, used by every clone and fork)."""
from __future__ import annotations

import json

import numpy as np
import pytest

from lcb_lab import load_scenario
from lcb_lab.games.lcb import actions as A
from lcb_lab.games.lcb.model.state import Card, CardMarker, GameState, Unit
from lcb_lab.games.lcb.whatif.autoplay import play_random_turns
from lcb_lab.games.lcb.whatif.experiments import land_embarked
from lcb_lab.kernel import datacodec, datashare
from lcb_lab.kernel.errors import IllegalAction
from lcb_lab.kernel.legal import Template


def _game(seed: int, turns: int):
    g = load_scenario("gotland_redux", seed=seed, auto_policies={})
    assert land_embarked(g, "AL-23")
    play_random_turns(g, turns, seed)
    return g


def _data(state) -> str:
    return json.dumps({k: v for k, v in state.to_dict().items() if k != "log"})


def _refused(g) -> A.Action:
    return A.BeginImpulse("no such Task Force") if g.state.impulse else A.EndImpulse()


def test_a_clean_record_whose_twin_is_another_snapshots_is_shared_as_that_twin():
    g = _game(1, 1)
    s, prev = g.state, g.history.snapshots[g.history.cursor - 1].state
    uid = next(k for k in s.units if k in prev.units)
    s.units[uid].moved_with = "elsewhere"            # a field write: differs from prev's record now
    other = s.snapshot(prev)                          # e.g. a refused act's restore point: copies it
    twin = other.units[uid]
    assert twin is not prev.units[uid] and s.units[uid]._twin is twin
    again = s.snapshot(prev)                          # against prev again: the twin, not a new copy
    assert again.units[uid] is twin
    assert all(again.units[k] is other.units[k] for k in again.units)   # the same records, none copied twice
    assert _data(again) == _data(datashare.share(datacodec.clone(s), prev)) == _data(s)


def test_the_guard_sees_an_in_place_change_of_a_record_whose_twin_is_elsewhere():
    g = _game(2, 1)
    s, prev = g.state, g.history.snapshots[g.history.cursor - 1].state
    uid = next(k for k, u in s.units.items() if k in prev.units and u.supply)
    s.units[uid].moved_with = "elsewhere"
    s.snapshot(prev)
    slot = next(iter(s.units[uid].supply))
    s.units[uid].supply[slot] += 1                   # in place, behind the field hook
    with pytest.raises(datashare.UnseenChange, match=f"Unit '{uid}': supply changed in place"):
        s.snapshot(prev)


@pytest.mark.parametrize("seed", [1, 3])
def test_snapshots_after_refused_acts_agree_with_plain_ones_along_a_game(seed):
    """The public loop with a refused act before every act: each recorded snapshot equals the plain
    copy of the state it was taken of, and the records the refusal's restore point copied are
    shared from it (the cheap path was taken)."""
    g = _game(seed, 0)
    rng, from_refusal = np.random.default_rng(seed), 0
    for _ in range(120):
        if g.to_act() is None:
            break
        s = g.state
        before, kills, sot = _data(s), s.kills, s.sot
        with pytest.raises(IllegalAction):
            g.apply(_refused(g))
        assert _data(s) == before and s.kills is kills and s.sot is sot   # plain-data fields kept, not copied
        twins = {k: u._twin for k, u in s.units.items() if type(u) is datacodec.clean_class(Unit)}
        plain = datacodec.clone(s)
        offers = g.legal_actions()
        pick = offers[int(rng.integers(len(offers)))]
        g.apply(pick.sample(rng) if isinstance(pick, Template) else pick)
        h = g.history
        snap, prev = h.snapshots[h.cursor - 1].state, h.snapshots.get(h.cursor - 2)
        assert _data(snap) == _data(plain)
        if prev is not None:
            from_refusal += sum(1 for k, t in twins.items()
                                if snap.units.get(k) is t and prev.state.units.get(k) is not t)
    assert from_refusal > 5


@pytest.mark.parametrize("seed", [1, 5])
def test_map_copies_equal_the_record_copier_along_a_game(seed):
    g = _game(seed, 2)
    for k in sorted(g.history.snapshots)[::4] + [None]:
        s = g.state if k is None else g.history.snapshots[k].state
        for cls, m in ((Unit, s.units), (Card, s.cards), (CardMarker, s.card_markers)):
            one = datacodec.copier(cls)
            got = datacodec.map_copier(cls)(m)
            assert list(got) == list(m) and got == {key: one(r) for key, r in m.items()}
            for key, r in got.items():
                assert type(r) is cls and r is not m[key]
                assert all(getattr(r, f) is not getattr(m[key], f) for f in ("supply", "attachments", "cargo", "data")
                           if isinstance(getattr(r, f, None), (dict, list)))
        c = s.clone()
        assert type(c) is GameState and _data(c) == _data(s)
        assert all(c.units[u] is not s.units[u] and type(c.units[u]) is Unit for u in s.units)


def test_a_restore_copies_the_plain_data_fields_only_when_one_changed():
    g = _game(4, 1)
    s = g.state
    snap = s.snapshot(g.history.snapshots[g.history.cursor - 1].state)
    kills, victory, tf_order = s.kills, s.victory, s.tf_order
    s.put_back(snap)                                          # nothing changed: the live objects stay
    assert (s.kills, s.victory, s.tf_order) == (snap.kills, snap.victory, snap.tf_order)
    assert s.kills is kills and s.victory is victory and s.tf_order is tf_order
    s.kills = {**s.kills, "US": s.kills["US"] + 1}            # written: copied back, the others kept
    s.put_back(snap)
    assert s.kills == snap.kills and s.kills is not kills and s.kills is not snap.kills
    assert s.victory is victory and s.victory == snap.victory
    s.kills = {"RU": snap.kills["RU"], "US": snap.kills["US"]}  # equal values, another key order: seen
    s.put_back(snap)
    assert list(s.kills) == list(snap.kills)
    p = s.clone()                                             # not clean: the key path
    p.kills["US"] += 1                                        # changed in place: seen by the key
    p.put_back(snap)
    assert p.kills == snap.kills and p.victory == snap.victory and p.victory is not snap.victory


def test_a_map_with_other_keys_takes_the_twins_held_by_another_snapshot():
    """The general path of the twin map (keys added or removed): a clean record is its twin, whichever
    snapshot holds it; under the guard an in-place change is still named."""
    share_map = datashare.twin_maps(Unit)[0]
    live = {uid: Unit(uid, "t", "US", "TF", "A-1", 2, {"LRS1": i}) for i, uid in enumerate("abc")}
    first = share_map(live, None, False)                     # copies: live records now their twins
    live["b"].hp = 1
    other = share_map(live, first, False)                    # "b" copied: its twin is other's record
    assert other["b"] is not first["b"] and live["b"]._twin is other["b"]
    del live["c"]
    got = share_map(live, first, False)                      # other keys than first's: the general path
    assert list(got) == ["a", "b"] and got["a"] is first["a"] and got["b"] is other["b"]
    old = datashare.set_guard(True)
    try:
        live["b"].supply["LRS1"] = 7                         # in place, behind the field hook
        with pytest.raises(datashare.UnseenChange, match="Unit 'b': supply changed in place"):
            datashare.twin_maps(Unit)[0](live, first, False)
    finally:
        datashare.set_guard(old)
