"""GameState's plain-data fields are tracked (lcb_lab.kernel.datacodec.FieldTracked): after a snapshot
or a restore the live state is *clean* and remembers which of them were assigned since; the next
snapshot takes the others from its twin without comparing them (benchmark figure 9), and a restore
copies only the assigned ones.  Checked here against the plain path -- snapshots that are full
copies -- over random games of several scenarios: the same acts and dice give the same snapshots, the
same record and the same final state; and the guard (on for every test) names a field changed in
place behind the tracking."""
from __future__ import annotations

import json

import pytest

from lcb_lab import load_scenario
from lcb_lab.games.lcb import actions as A
from lcb_lab.games.lcb.game import Game
from lcb_lab.games.lcb.model.state import GameState
from lcb_lab.games.lcb.whatif.autoplay import play_random_turns
from lcb_lab.games.lcb.whatif.experiments import land_embarked
from lcb_lab.kernel import datacodec, datashare
from lcb_lab.kernel.engine import Engine
from lcb_lab.kernel.errors import IllegalAction

CLEAN = datacodec.clean_class(GameState)


def _data(state) -> str:
    """The state but its log (a snapshot shares the live log list; its ``log_len`` marks its end)."""
    return json.dumps({k: v for k, v in state.to_dict().items() if k != "log"})


def _game(scenario: str = "gotland_redux", seed: int = 1, turns: int = 1) -> Game:
    g = load_scenario(scenario, seed=seed, auto_policies={})
    if scenario == "gotland_redux":
        assert land_embarked(g, "AL-23")
    play_random_turns(g, turns, seed)
    return g


@pytest.fixture
def guard():
    old = datashare.set_guard(True)
    yield
    datashare.set_guard(old)


@pytest.fixture
def product():
    """The guard off, as the product runs: nothing compares a clean field with its twin."""
    old = datashare.set_guard(False)
    yield
    datashare.set_guard(old)


def test_an_unwritten_field_is_the_twins_a_written_one_is_shared_or_copied(guard):
    g = _game()
    s, prev = g.state, g.history.snapshots[g.history.cursor - 1].state
    first = s.snapshot(prev)
    assert type(s) is CLEAN and s._twin is first and s._dirty == set()
    again = s.snapshot(prev)                                 # nothing written: every plain field is first's
    assert all(getattr(again, f) is getattr(first, f) for f in ("kills", "tf_order", "sot", "cp", "victory"))
    s.kills = {**s.kills, "US": s.kills["US"] + 2}           # the rules' way: an assignment, seen
    assert s._dirty == {"kills"} and type(s) is CLEAN
    third = s.snapshot(first)
    assert third.kills == {**first.kills, "US": first.kills["US"] + 2} and third.kills is not s.kills
    assert third.tf_order is first.tf_order and s._dirty == set() and s._twin is third
    s.tf_order.append("TF Nowhere")                          # in place, then marked
    datacodec.touched(s, "tf_order")
    assert s.snapshot(third).tf_order == [*third.tf_order, "TF Nowhere"]


def test_the_guard_names_a_plain_field_changed_in_place_unseen_and_without_it_the_twin_is_taken(guard):
    g = _game()
    s, prev = g.state, g.history.snapshots[g.history.cursor - 1].state
    first = s.snapshot(prev)
    s.cp["US"] = s.cp.get("US", 0) + 7                       # in place, behind the field hook
    with pytest.raises(datashare.UnseenChange, match="GameState.cp changed in place"):
        s.snapshot(first)
    with pytest.raises(datashare.UnseenChange, match="GameState.cp changed in place"):
        s.put_back(first)
    assert type(s) is GameState                              # a failed restore leaves the state untrusted
    second = s.snapshot(first)                               # compared: the change is in, the state clean
    assert second.cp == s.cp != first.cp and type(s) is CLEAN
    s.cp["US"] += 1                                          # in place again
    datashare.set_guard(False)                               # the product trusts the tracking: not compared
    assert s.snapshot(second).cp is second.cp != s.cp


def test_a_restore_copies_only_the_written_fields_and_leaves_the_state_clean(guard):
    g = _game(seed=2)
    s, prev = g.state, g.history.snapshots[g.history.cursor - 1].state
    snap = s.snapshot(prev)
    kills, sot = s.kills, s.sot
    s.kills = {**s.kills, "RU": s.kills["RU"] + 1}
    s.put_back(snap)
    assert s.kills == snap.kills and s.kills is not snap.kills and s.kills is not kills
    assert s.sot is sot                                      # not written: kept, not copied
    assert type(s) is CLEAN and s._twin is snap and s._dirty == set()
    assert _data(s) == _data(snap)


class PlainGame(Game):
    """The plain path: every snapshot a full copy, every restore a full copy (the kernel's defaults)."""

    def state_snapshot(self, prev):
        return self.state.clone(share_log=True)

    def state_put_back(self, state, snap):
        Engine.state_put_back(self, state, snap)

    def spawn(self, state, dice):
        g = Game.spawn(self, state, dice)
        g.__class__ = PlainGame
        return g


def _plain_replay(g: Game) -> PlainGame:
    p = PlainGame.__new__(PlainGame)
    p.__dict__.update(g.__dict__)
    first = g.history.snapshots[0]
    p = p.spawn(first.state.clone(), type(g.dice).from_state(first.dice, g.dice.die))
    p.state.log = list(g.state.log[:first.log_len])
    p.history.steps = list(g.history.steps)
    p.history.snapshots = {0: p._snapshot()}
    p.goto(len(p.history.steps))
    return p


@pytest.mark.parametrize("scenario, seed", [("gotland_redux", 3), ("gotland_events", 5), ("slite_landing", 7),
                                            ("central_baltic", 8)])
def test_random_games_give_the_plain_paths_snapshots_record_and_state(product, scenario, seed):
    """Every snapshot the tracked game kept equals the plain game's at the same step (each a full copy
    there), after a refused act too; the final states and the records agree (the guard off: the
    product's path)."""
    g = _game(scenario, seed, 16)
    with pytest.raises(IllegalAction):
        g.apply(A.BeginImpulse("no such Task Force") if g.state.impulse else A.EndImpulse())
    p = _plain_replay(g)
    assert _data(p.state) == _data(g.state) and p.state.log == g.state.log
    assert p.record_to_json() == g.record_to_json()
    hits = 0
    for k, snap in g.history.snapshots.items():
        p.goto(k)
        assert _data(snap.state) == _data(p.state), f"step {k}"
        hits += k > 0 and snap.state.tf_order is g.history.snapshots.get(k - 1, snap).state.tf_order
    assert hits > 10                                         # the twins' fields were taken, not copied
    end = len(g.history.steps)
    g.undo(5)
    p.goto(end - 5)
    assert _data(g.state) == _data(p.state)


def test_a_map_of_records_unassigned_and_unwritten_is_the_twins_and_a_write_is_seen(guard):
    """The units, cards and markers maps: neither assigned nor any of their records written since the
    last snapshot or restore, the twin's very map (not compared with ``prev``: here an older snapshot
    with other units); a record written, or the map changed in place and touched, is looked at again."""
    g = _game()
    s, old = g.state, g.history.snapshots[0].state
    first = s.snapshot(g.history.snapshots[g.history.cursor - 1].state)
    assert old.units is not first.units and old.units != first.units
    again = s.snapshot(old)
    assert again.units is first.units and again.cards is first.cards and again.card_markers is first.card_markers
    uid = next(iter(s.units))
    s.units[uid].hp -= 1                                    # a field write: the clean record turns plain
    third = s.snapshot(again)
    assert third.units is not again.units and third.units[uid].hp == again.units[uid].hp - 1
    assert third.cards is again.cards                       # no card written: still the twin's
    s.units = {k: u for k, u in s.units.items() if k != uid}      # the map assigned
    assert uid not in s.snapshot(third).units


def test_the_guard_names_a_map_changed_in_place_unseen_and_without_it_the_twin_is_taken(guard):
    g = _game()
    s = g.state
    first = s.snapshot(g.history.snapshots[g.history.cursor - 1].state)
    gone, before = next(iter(s.cards)), dict(s.cards)
    del s.cards[gone]                                       # in place, behind the field hook
    with pytest.raises(datashare.UnseenChange, match="GameState.cards changed in place"):
        s.snapshot(first)
    s.cards.clear()
    s.cards.update(before)                                  # as it was, in order: the guard is content
    second = s.snapshot(first)
    assert second.cards is first.cards
    del s.cards[gone]
    datashare.set_guard(False)                              # the product trusts the tracking: not looked at
    assert gone in s.snapshot(second).cards
    datacodec.touched(s, "cards")                           # the rules' way after an in-place change
    assert gone not in s.snapshot(second).cards


def test_a_restore_from_another_snapshot_keeps_what_its_twin_shares_with_it(guard):
    """Restoring a state whose twin is not the snapshot restored (a benchmark's or a what-if's repeated
    restore point): a field not written whose twin's value IS the snapshot's is kept as it is."""
    g = _game(seed=2)
    s = g.state
    first = s.snapshot(g.history.snapshots[g.history.cursor - 1].state)
    second = s.snapshot(first)                              # nothing written: second shares first's fields
    assert second.kills is first.kills and s._twin is second
    kills, units, cp = s.kills, s.units, s.cp
    s.cp = {**s.cp, "US": s.cp.get("US", 0) + 3}
    s.put_back(first)
    assert s.kills is kills and s.units is units            # kept, not copied
    assert s.cp == first.cp and s.cp is not first.cp and s.cp is not cp
    assert type(s) is CLEAN and s._twin is first and _data(s) == _data(first)


def test_a_clean_states_other_fields_are_shared_with_its_twin_not_an_older_snapshot(guard):
    """After a restore the state's twin is the snapshot restored, while the record's snapshot before the
    cursor may be older: the impulse, compared field by field, is shared with the twin's."""
    g = load_scenario("gotland_redux", seed=1, auto_policies={})
    tf = g.available_task_forces()[0]
    g.apply(A.BeginImpulse(tf))
    g.apply(A.Declare(()))
    s, older = g.state, g.history.snapshots[g.history.cursor - 1].state    # before the declaration
    first = s.snapshot(older)
    assert older.impulse != first.impulse
    again = s.snapshot(older)
    assert again.impulse is first.impulse and again.impulse == s.impulse
