"""benchmarks/strength.py (make bench-strength; docs/opponents.md): a two-game run of both pairings
with a tiny search budget prints its figures, and the verdict is given only when the 95 %
interval excludes 0."""
from __future__ import annotations

import importlib.util
import time
from pathlib import Path

SCRIPT = Path(__file__).resolve().parents[1] / "benchmarks" / "strength.py"


def _module():
    spec = importlib.util.spec_from_file_location("strength", SCRIPT)
    m = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(m)
    return m


def test_a_tiny_run_prints_both_pairings(capsys):
    t = time.process_time()
    assert _module().main(["--games", "2", "--budget", "0.01", "--workers", "1"]) == 0
    out = capsys.readouterr().out
    assert time.process_time() - t < 20
    assert "random vs greedy: 2 games (1 seeds, seats swapped)" in out
    assert "greedy vs search: 2 games (1 seeds, seats swapped)" in out
    assert out.count("no verdict (the interval holds 0)") == 2          # one seed: no interval


def test_the_verdict_needs_the_interval_to_exclude_0():
    m = _module()
    r = {"winner": "RU", "cpu": 0.0}
    rows = [(s, t, v, r) for s, (a, b) in enumerate([(2, 0), (1, 1), (3, 1)]) for t, v in (("RU", a), ("US", b))]
    lines = m.summary("random", "greedy", rows)                        # seed means 1, 1, 2: mean 4/3
    assert "mean +1.33, 95 % CI [+0.68, +1.99] -> greedy beats random" in lines[1]
    rows = [(s, t, -v, r) for s, t, v, r in rows]
    assert "-> random beats greedy" in m.summary("random", "greedy", rows)[1]
    rows = [(0, "RU", 1, r), (0, "US", -1, r), (1, "RU", 2, r), (1, "US", 0, r)]
    assert "no verdict" in m.summary("random", "greedy", rows)[1]


def test_a_bad_option_is_refused_in_one_line(capsys):
    import pytest
    for args, said in ((["--pairings", "greedy:foo"], "greedy:foo: each pairing is X:Y"),
                       (["--pairings", "random:greedy:1"], "random:greedy:1: each pairing is X:Y or X:Y:N (N >= 2"),
                       (["--budget", "0"], "--budget: 0: must be above 0")):
        with pytest.raises(SystemExit) as e:
            _module().main(args)
        assert e.value.code == 2 and said in capsys.readouterr().err


def test_a_pairing_may_have_its_own_number_of_games(capsys):
    assert _module().main(["--games", "2", "--budget", "0.01", "--workers", "1",
                           "--pairings", "random:greedy:4,greedy:random"]) == 0
    out = capsys.readouterr().out
    assert "4 / 2 games a pairing" in out
    assert "random vs greedy: 4 games (2 seeds, seats swapped)" in out
    assert "greedy vs random: 2 games (1 seeds, seats swapped)" in out


def test_ctrl_c_stops_the_run_at_once_in_one_line():
    """Ctrl-C (SIGINT to the whole process group, as a terminal sends it) while the games play: the
    run stops within seconds -- not after every queued game (it took about a minute) -- with one
    line on stderr, no traceback from it or its workers, exit status 130, and no process left."""
    import os
    import signal
    import subprocess
    import sys
    args = [sys.executable, str(SCRIPT), "--games", "40", "--budget", "0.2", "--workers", "2"]
    p = subprocess.Popen(args, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, start_new_session=True,
                         preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    time.sleep(6)                                   # the imports, then games under way
    assert p.poll() is None, "the run ended before Ctrl-C"
    os.killpg(p.pid, signal.SIGINT)
    t = time.monotonic()
    try:
        out, err = p.communicate(timeout=60)
    finally:
        if p.poll() is None:
            os.killpg(p.pid, signal.SIGKILL)
    assert time.monotonic() - t < 10, "Ctrl-C waited for the queued games"
    assert p.returncode == 130 and "Traceback" not in err, err[-2000:]
    assert "strength: interrupted (Ctrl-C) after" in err.splitlines()[-1] and "nothing written" in err
    try:
        os.killpg(p.pid, 0)
        alive = True
    except ProcessLookupError:
        alive = False
    assert not alive, "a worker outlived the run"
