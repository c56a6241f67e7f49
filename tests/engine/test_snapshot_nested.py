"""The snapshot's nested records and lists of records (lcb_lab.kernel.datashare): a nested record
(the impulse, its combat plan) is shared by one pass of its sharer -- the previous record itself
exactly when the two are the same (``datashare.same``), without comparing them first -- and a list
of records (the impulse's declared actions, the card chain, the pending choices) keeps each of the
previous list's records that is the same at its place.  Checked against the plain verdicts
(``same``, ``clone``) on toy records and on every impulse of random games."""
import json

from lcb_lab import load_scenario
from lcb_lab.games.lcb import game as game_module
from lcb_lab.games.lcb.model.state import CombatPlan, Declared, Impulse
from lcb_lab.games.lcb.whatif.autoplay import play_random_turns
from lcb_lab.games.lcb.whatif.experiments import land_embarked
from lcb_lab.kernel import datacodec, datashare


def _data(x) -> str:
    return json.dumps(datacodec.to_data(x))


def test_a_nested_record_the_same_is_the_previous_one_and_a_changed_one_a_new_copy():
    old = Impulse("TF Blue", "US", 3, actions=[Declared("move_combat", ["DDG-51"]), Declared("conceal", ["FFG-1"])])
    same = datacodec.clone(old)
    assert datashare._share_record(same, old, False) is old
    new = datacodec.clone(old)
    new.actions[1].moved = True
    s = datashare._share_record(new, old, False)
    assert s is not old and s is not new and _data(s) == _data(new)
    assert s.actions is not old.actions and s.actions is not new.actions
    assert s.actions[0] is old.actions[0]                  # the unchanged declaration is the old one
    assert s.actions[1] is not new.actions[1] and s.actions[1].moved is True     # the changed one: a copy
    assert s.attacked_hexes is old.attacked_hexes          # an unchanged field is the old one
    new.actions[1].path.append("AL-28")
    assert s.actions[1].path == []                         # a copy: later writes to `new` do not reach it


def test_a_nested_record_equal_but_not_strictly_the_same_is_not_shared():
    old = Impulse("TF Blue", "US", 3, card_lrs=[{"shooter": "c1", "bmd": 1}], combat=CombatPlan())
    new = datacodec.clone(old)
    new.card_lrs[0]["bmd"] = True                          # == 1, but saves as true (same_data is strict)
    s = datashare._share_record(new, old, False)
    assert s is not old and s.card_lrs[0]["bmd"] is True and s.combat is old.combat
    new = datacodec.clone(old)
    new.actions.append(Declared("move_combat", ["DDG-51"]))
    s = datashare._share_record(new, old, False)
    assert s is not old and len(s.actions) == 1 and s.actions[0] is not new.actions[0]


def test_a_list_of_records_keeps_the_same_records_at_their_place():
    a, b, c = Declared("move_combat", ["U1"]), Declared("conceal", ["U2"]), Declared("resupply", ["U3"])
    old = [a, b]
    copy = datacodec.copier(Declared)
    assert datashare._share_list([datacodec.clone(a), datacodec.clone(b)], old, False, copy) is old
    got = datashare._share_list([datacodec.clone(a), datacodec.clone(b), c], old, False, copy)
    assert got[0] is a and got[1] is b and got[2] is not c and _data(got[2]) == _data(c)
    got = datashare._share_list([datacodec.clone(b)], old, False, copy)        # shifted: b is not at its place
    assert got[0] is not b and _data(got[0]) == _data(b)
    own = datashare._share_list([datacodec.clone(a), c], old, True, copy)
    assert own[0] is a and own[1] is c                     # own: a changed record is taken as it is
    assert datashare._share_list([], [], False, copy) == [] and datashare._share_list([c], [], False, copy)[0] is not c


def test_the_impulse_shared_in_random_games_agrees_with_the_strict_comparison(monkeypatch):
    """Every impulse a snapshot shared in whole random games: the previous one exactly when
    ``same`` says so, else a record with the live impulse's data sharing nothing with it."""
    pairs = []
    snapshot = game_module.Game.state_snapshot

    def spy(self, prev):
        if prev is not None and self.state.impulse is not None and prev.impulse is not None:
            pairs.append((datacodec.clone(self.state.impulse), prev.impulse))
        return snapshot(self, prev)

    monkeypatch.setattr(game_module.Game, "state_snapshot", spy)
    for seed in (1, 2, 3):
        g = load_scenario("gotland_redux", seed=seed, auto_policies={})
        assert land_embarked(g, "AL-23")
        play_random_turns(g, 2, seed)
    assert len(pairs) > 50
    kept = 0
    for live, prev in pairs:
        s = datashare._share_record(live, prev, False)
        assert (s is prev) == datashare.same(live, prev)
        assert datashare.same(s, live) and _data(s) == _data(live)
        assert all(x is not y for x in s.actions for y in live.actions)
        kept += s is not prev and any(x is y for x in s.actions for y in prev.actions)
    assert kept > 0                                        # changed impulses kept unchanged declarations
