"""The hot paths of undo and of the observer take their short cuts and give the same answers.

* ``History.base_for`` finds a kept snapshot at the target step without scanning the record;
* ``observer.knows`` answers about a unit before the (slow, ABC) ``Mapping`` check, with the
  answers of the unit rule (6.11, 10.34).
"""
from __future__ import annotations

import pytest

from lcb_lab import load_scenario
from lcb_lab.games.lcb import observer
from lcb_lab.kernel.history import History


class _NoScan(dict):
    """A snapshots dict that refuses to be scanned (``base_for`` of a kept step must not)."""

    def __iter__(self):
        raise AssertionError("base_for scanned the snapshots")


def test_base_for_a_kept_step_does_not_scan_the_snapshots():
    h = History(snapshots=_NoScan({0: "s0", 4: "s4", 9: "s9"}))
    assert h.base_for(4) == 4
    assert h.base_for(9) == 9
    assert h.base_for(0) == 0


def test_base_for_a_step_between_kept_snapshots_is_the_latest_before_it():
    h = History(snapshots={0: "s0", 4: "s4", 9: "s9"})
    assert [h.base_for(n) for n in range(12)] == [0, 0, 0, 0, 4, 4, 4, 4, 4, 9, 9, 9]


def test_undo_mid_game_lands_on_the_kept_snapshot():
    g = load_scenario("gotland_redux", seed=1, auto_policies={})
    from lcb_lab.games.lcb.whatif.autoplay import play_random_turns
    play_random_turns(g, 1, 1)
    c = g.history.cursor
    before = g.history.snapshots[c - 1].state
    g.history.snapshots = _NoScan(g.history.snapshots)
    g.undo(1)
    assert g.history.cursor == c - 1
    assert g.state == before


class _NoMappingCheck(type):
    def __instancecheck__(cls, obj):
        raise AssertionError("knows asked the Mapping check about a unit")


class _Mapping(metaclass=_NoMappingCheck):
    pass


def test_knows_answers_about_a_unit_without_the_mapping_check(monkeypatch):
    g = load_scenario("gotland_redux", seed=1)
    units = list(g.state.units.values())
    want = {(u.uid, team): observer._knows_unit(g.state, team, u) for u in units for team in ("US", "RU")}
    assert sorted(set(want.values())) == [False, True]        # both answers occur: the check means something
    monkeypatch.setattr(observer, "Mapping", _Mapping)
    got = {(u.uid, team): observer.knows(g.state, team, u) for u in units for team in ("US", "RU")}
    assert got == want


def test_knows_still_answers_about_references_and_refuses_other_things():
    g = load_scenario("gotland_redux", seed=1)
    ru = next(u for u in g.state.units.values() if u.team == "RU")
    assert observer.knows(g.state, "RU", {"unit": ru.uid}) is True
    assert observer.knows(g.state, "US", {"unit": ru.uid}) is observer._knows_unit(g.state, "US", ru)
    with pytest.raises(TypeError, match="cannot tell whether a team knows a int"):
        observer.knows(g.state, "US", 3)


def test_action_data_reads_each_class_fields_once_and_gives_the_same_data(monkeypatch):
    from dataclasses import fields

    from lcb_lab.games.lcb import actions as A
    from lcb_lab.kernel import actions as K
    calls = []
    monkeypatch.setattr(K, "_FIELD_NAMES", {})
    monkeypatch.setattr(K, "fields", lambda v: calls.append(type(v).__name__) or fields(v))
    decl = A.Declare((A.CoreAction("move_combat", ("1 Anna", "2 Anna")), A.CoreAction("move_conceal", ("3 Anna",))))
    want = {"actions": [{"kind": "move_combat", "units": ["1 Anna", "2 Anna"], "jcc": None, "markers": []},
                        {"kind": "move_conceal", "units": ["3 Anna"], "jcc": None, "markers": []}]}
    assert [K.data(decl) for _ in range(3)] == [want] * 3
    assert K.data(A.Move(1, ("AK-20", "AK-21"))) == {"action": 1, "path": ["AK-20", "AK-21"], "units": None}
    assert sorted(calls) == ["CoreAction", "Declare", "Move"]
    assert A.check(decl) == decl and A.to_json(A.Move(2, ["AK-20"])) == {"kind": "move", "action": 2, "path": ["AK-20"], "units": None}


def test_board_neighbours_are_cached_per_label_and_handed_out_as_new_lists(monkeypatch):
    from lcb_lab.games.lcb import hexes
    g = load_scenario("gotland_redux", seed=1)
    b = g.board
    first = b.neighbours("AL-23")
    assert first == ["AM-22", "AM-23", "AL-24", "AK-23", "AK-22", "AL-22"]
    first.append("ZZ-1")                                   # a caller's list is its own
    monkeypatch.setattr(hexes, "neighbours", lambda h: (_ for _ in ()).throw(AssertionError("recomputed")))
    assert b.neighbours("AL-23") == ["AM-22", "AM-23", "AL-24", "AK-23", "AK-22", "AL-22"]
    assert b.neighbours("AL-23") is not b.neighbours("AL-23")
