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


def _in_fresh_process(name: str) -> list[int]:
    """What this module's function ``name`` returns, run in a process of its own: the collector
    counts every thread's garbage, and under pytest-xdist the test process has other threads (an
    event loop another test left) that may make some meanwhile."""
    root = Path(__file__).resolve().parents[2]
    out = subprocess.run([sys.executable, "-c", f"from tests.engine.test_autoplay_gc import {name}; print(*{name}())"],
                         cwd=root, capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stderr
    return [int(x) for x in out.stdout.split()]


def test_random_playouts_leave_no_cyclic_garbage():
    garbage, played = _in_fresh_process("_playouts")
    assert garbage == 0
    assert played > 60                             # real games were played


def _a_cycle() -> tuple[int]:
    def play():
        a, b = [], []
        a.append(b)
        b.append(a)
    return (_cyclic_garbage(play),)


def test_the_check_sees_a_cycle():
    assert _in_fresh_process("_a_cycle") == [2]


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
