"""A snapshot takes a clean unit's, card's or marker's twin without comparing its lists and dicts
(lcb_lab.kernel.datashare), so no rule may change them in place unseen: each assigns a new list or
dict (or calls ``datacodec.touched``).  The guard (``datashare.set_guard``, on for every test,
tests/conftest.py) compares them again and raises ``UnseenChange``; here it runs over whole random
games of every scenario, several seeds, with undo / goto / fork / refusals."""
import json

import pytest

from lcb_lab import load_scenario
from lcb_lab.games.lcb import actions as A
from lcb_lab.games.lcb.model.state import Unit
from lcb_lab.games.lcb.whatif.autoplay import play_random_turns
from lcb_lab.games.lcb.whatif.experiments import land_embarked
from lcb_lab.kernel import datacodec, datashare
from lcb_lab.kernel.errors import IllegalAction


@pytest.fixture
def guard():
    old = datashare.set_guard(True)
    yield
    datashare.set_guard(old)


def _dumps(state) -> str:
    """The state but its log (a snapshot shares the live log list; its ``log_len`` marks its end)."""
    return json.dumps({k: v for k, v in state.to_dict().items() if k != "log"}, sort_keys=True)


def _game(scenario: str, seed: int, turns: int):
    g = load_scenario(scenario, seed=seed, auto_policies={})
    if scenario == "gotland_redux":
        assert land_embarked(g, "AL-23")
    play_random_turns(g, turns, seed)
    return g


def _clean_unit(g):
    s, prev = g.state, g.history.snapshots[g.history.cursor - 1].state
    s.snapshot(prev)                              # every live unit is now clean: the unchanged ones twins of prev's
    uid = next(k for k, u in s.units.items() if type(u) is datacodec.clean_class(Unit) and u._twin is prev.units.get(k)
               and len(u.supply) >= 1)
    return s, prev, uid


def test_the_guard_names_a_list_or_dict_changed_in_place(guard):
    g = _game("gotland_redux", 1, 1)
    s, prev, uid = _clean_unit(g)
    u, twin = s.units[uid], s.units[uid]._twin
    slot = next(iter(u.supply))
    u.supply[slot] += 5                                   # in place, behind the field hook
    with pytest.raises(datashare.UnseenChange, match=f"Unit '{uid}': supply changed in place"):
        s.snapshot(prev)
    with pytest.raises(datashare.UnseenChange, match="supply"):
        s.put_back(prev)
    datashare.set_guard(False)                            # the product trusts the clean record: not compared
    assert s.snapshot(prev).units[uid] is twin
    datashare.set_guard(True)
    datacodec.touched(u)                                  # marked changed: compared, copied
    assert type(u) is Unit
    snap = s.snapshot(prev)
    assert snap.units[uid] is not twin and snap.units[uid].supply[slot] == twin.supply[slot] + 5
    u.supply = {**u.supply, slot: u.supply[slot] - 5}     # the rules' way: a new dict, seen by the hook
    assert s.snapshot(snap).units[uid] is not snap.units[uid]
    assert s.snapshot(snap).units[uid].supply[slot] == twin.supply[slot]


def test_touched_leaves_a_plain_record_plain():
    u = Unit("1 Anna", "runi_coastal_missile_section", "RU", "TF Red", "F-2", 2, {"LRS1": 1})
    datacodec.touched(u)
    assert type(u) is Unit and u.supply == {"LRS1": 1}


@pytest.mark.parametrize("scenario, seed, turns", [
    ("gotland_redux", 1, 16), ("gotland_redux", 2, 16), ("gotland_redux", 5, 16),
    ("gotland_events", 3, 16), ("slite_landing", 4, 16), ("central_baltic", 6, 16)])
def test_random_games_change_no_record_in_place_unseen(guard, scenario, seed, turns):
    """Every snapshot and restore of a whole random game compares the clean records' containers
    (the guard): none changed in place.  Then undo, goto, fork and a refused act stay exact."""
    g = _game(scenario, seed, turns)
    h = g.history
    assert h.cursor > 20
    frozen = {k: _dumps(s.state) for k, s in h.snapshots.items()}
    end, last = h.cursor, _dumps(g.state)
    for step in (end - 1, end - 7, 0):
        g.goto(step)
        assert _dumps(g.state) == frozen.get(step, _dumps(g.fork(at=step).state))
        if step in h.snapshots:
            assert len(g.state.log) == h.snapshots[step].log_len
    g.goto(end)
    assert _dumps(g.state) == last
    g.undo(3)
    g.goto(end)
    assert _dumps(g.state) == last
    with pytest.raises(IllegalAction):
        g.apply(A.BeginImpulse("no such Task Force") if g.state.impulse else A.EndImpulse())
    assert _dumps(g.state) == last
    assert {k: _dumps(s.state) for k, s in h.snapshots.items() if k in frozen} == \
        {k: v for k, v in frozen.items() if k in h.snapshots}


def test_a_map_with_a_few_changed_records_shares_the_rest_and_copies_those(guard):
    """The twin map's path for the same keys in order: clean twins are the previous map's records,
    a written record equal to its old one is shared (and clean again), a changed one is copied
    (``own``: taken), and a new key order goes the general way."""
    share_map, put_back_map = datashare.twin_maps(Unit)
    live = {uid: Unit(uid, "t", "US", "TF", "A-1", 2, {"LRS1": i}) for i, uid in enumerate(("a", "b", "c", "d"))}
    old = share_map(live, None, False)                       # first snapshot: copies, live now clean twins
    assert all(old[k] is live[k]._twin and old[k] == live[k] for k in live)
    assert share_map(live, old, False) is old
    live["b"].hp = 2                                          # written, same value: shared again
    live["c"].supply = {"LRS1": 9}                            # changed: copied
    new = share_map(live, old, False)
    assert new is not old and list(new) == list(old)
    assert (new["a"], new["b"], new["d"]) == (old["a"], old["b"], old["d"]) and new["b"] is old["b"]
    assert new["c"] is not live["c"] and new["c"].supply == {"LRS1": 9} and old["c"].supply == {"LRS1": 2}
    assert live["b"]._twin is old["b"] and live["c"]._twin is new["c"]
    live["d"].hp = 1
    mine = share_map(live, new, True)                         # own: the changed live record itself
    assert mine["d"] is live["d"] and mine["a"] is new["a"]
    assert put_back_map(live, new)["d"] is not live["d"] and put_back_map(live, new)["d"] == new["d"]
    turned = dict(reversed(list(live.items())))
    assert list(share_map(turned, new, False)) == ["d", "c", "b", "a"]
