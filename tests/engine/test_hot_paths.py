"""The hot paths of undo and of the observer take their short cuts and give the same answers.

* ``History.base_for`` finds a kept snapshot at the target step without scanning the record.
"""
from __future__ import annotations

from lcb_lab import load_scenario
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
