"""The random player pauses the cyclic garbage collector: safe only while a playout makes no cycles.

:func:`lcb_lab.games.lcb.whatif.autoplay.play_random_turns` runs with ``gc`` disabled (figure 3
of ``benchmarks/run.py``: the collector only re-scanned the history's
snapshots).  These tests keep that choice honest: random games leave no cyclic
garbage behind (reference counting frees everything), the check does see a
cycle when there is one, and the collector's state is put back as it was.
"""
import gc
import subprocess
import sys
from pathlib import Path

from lcb_lab import load_scenario
from lcb_lab.games.lcb.whatif.autoplay import cyclic_gc_paused, play_random_turns


def _games(seeds):
    for s in seeds:
        g = load_scenario("gotland_redux", seed=s, auto_policies={})
        for u in g.state.units.values():     # as figure 3: the embarked units landed, for richer play
            if u.embarked_on:
                u.hex, u.embarked_on = "AK-22", None
        yield s, g


def _cyclic_garbage(play) -> int:
    """Objects only the cyclic collector could free, left by ``play()`` (run with the collector off)."""
    was = gc.isenabled()
    gc.collect()
    gc.disable()
    try:
        play()
        return gc.collect()
    finally:
        if was:
            gc.enable()


def _playouts() -> tuple[int, int]:
    """Six random games of 3 turns, each then undone 5 steps and forked, with the collector off:
    (the objects only the cyclic collector could free, the impulses played)."""
    games = list(_games(range(6)))
    played = []

    def play():
        for s, g in games:
            played.append(play_random_turns(g, 3, s))
            g.undo(5)                              # the record and its snapshots too
            g.fork()
    return _cyclic_garbage(play), sum(played)


def test_random_playouts_leave_no_cyclic_garbage():
    """In a process of its own: the collector counts every thread's garbage, and the test process
    has others (pytest-xdist's, an event loop another test left) that may make some meanwhile."""
    root = Path(__file__).resolve().parents[2]
    out = subprocess.run([sys.executable, "-c", "from tests.engine.test_autoplay_gc import _playouts; "
                          "print(*_playouts())"], cwd=root, capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stderr
    garbage, played = map(int, out.stdout.split())
    assert garbage == 0
    assert played > 60                             # real games were played


def test_the_check_sees_a_cycle():
    def play():
        a, b = [], []
        a.append(b)
        b.append(a)
    assert _cyclic_garbage(play) == 2


def test_the_collector_is_put_back_as_it_was():
    (s, g), = _games([1])
    assert gc.isenabled()
    play_random_turns(g, 1, s)
    assert gc.isenabled()
    gc.disable()
    try:
        play_random_turns(g, 1, s)
        assert not gc.isenabled()
    finally:
        gc.enable()
    try:
        with cyclic_gc_paused():
            assert not gc.isenabled()
            raise KeyError("inside")
    except KeyError:
        pass
    assert gc.isenabled()
