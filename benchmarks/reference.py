"""The reference workload and the load average that every benchmark figure is printed with.

A loaded machine slows a figure and a fixed pure-Python workload alike, so a figure's CPU
time divided by the reference's CPU time, measured in the same process just before and just
after the figure, stays put when the absolute times do not (``benchmarks/README.md``).
"""
from __future__ import annotations

import math
import os
import resource
import time

REF_N = 250_000
"""Iterations of :func:`reference_workload` (about 50 ms of CPU on the 2-core development machine)."""
REF_CHECK = 46043296
"""What ``reference_workload(REF_N)`` returns: the work is the same on every run and machine."""
QUIET_LOAD = 1.0
"""A verdict (PASS/MISS) is printed only when the 1-minute load average of the machine's other jobs
(the load average less the run's own share, :class:`OwnLoad`) is below this."""


def reference_workload(n: int = REF_N) -> int:
    """A deterministic integer/dict loop (an LCG filling 4,096 dict slots); returns a checksum."""
    d: dict[int, int] = {}
    x = 12345
    for i in range(n):
        x = (x * 1103515245 + 12345) & 0x7FFFFFFF
        k = x & 4095
        d[k] = d.get(k, 0) + (i ^ x)
    return sum(d.values()) & 0xFFFFFFFF


def measure_reference() -> float:
    """CPU seconds (``time.process_time``) of one ``reference_workload(REF_N)``.

    Raises RuntimeError when the workload's checksum is not ``REF_CHECK`` (the work changed)."""
    t0 = time.process_time()
    got = reference_workload()
    cpu = time.process_time() - t0
    if got != REF_CHECK:
        raise RuntimeError(f"the reference workload returned {got}, expected {REF_CHECK}")
    return cpu


def load_now() -> float:
    """The 1-minute load average (``os.getloadavg()[0]``); -1.0 where the OS has none."""
    try:
        return os.getloadavg()[0]
    except OSError:
        return -1.0


def verdict(ok: bool | None, load: float) -> str:
    """``"PASS"``/``"MISS"`` on a quiet machine, ``"n/a"`` when not measured, else
    ``"load L: verdict not given"`` (load average L at or above ``QUIET_LOAD``)."""
    if ok is None:
        return "n/a"
    if load >= QUIET_LOAD:
        return f"load {load:.2f}: verdict not given"
    return "PASS" if ok else "MISS"


class OwnLoad:
    """This run's own share of the 1-minute load average, so that a figure is judged on the load of
    the machine's *other* jobs: a 2-core figure (a cluster's workers) or minutes of figures raise
    the load average by themselves.  The kernel's average decays with a 60 s time constant; over
    each interval between two readings the run (this process and its reaped children, a cluster's
    workers included) kept ``CPU / wall`` processes busy on average, so its share becomes
    ``share * f + busy * (1 - f)`` with ``f = exp(-wall / 60)``.  Starts at 0 (the interpreter's
    start and imports are not counted: the share is under-, never over-estimated by them).

    >>> o = OwnLoad(clock=lambda: (0.0, 0.0))
    >>> round(o.step(95.5, 188.6), 2)      # 10,000 games on 2 workers: ~1.98 busy for 95.5 s
    1.57
    >>> round(o.step(155.5, 188.6), 2)     # a minute idle: it decays
    0.58
    """

    def __init__(self, clock=None):
        self.clock = clock or (lambda: (time.perf_counter(), _cpu_self_and_children()))
        self.wall, self.cpu = self.clock()
        self.share = 0.0

    def step(self, wall: float | None = None, cpu: float | None = None) -> float:
        """The share now (``wall``/``cpu``: the clock's reading, for tests)."""
        if wall is None:
            wall, cpu = self.clock()
        dt = wall - self.wall
        if dt > 0:
            f = math.exp(-dt / 60.0)
            self.share = self.share * f + (cpu - self.cpu) / dt * (1.0 - f)
        self.wall, self.cpu = wall, cpu
        return self.share


def _cpu_self_and_children() -> float:
    """This process's CPU seconds plus its reaped children's (a cluster's workers once closed)."""
    c = resource.getrusage(resource.RUSAGE_CHILDREN)
    return time.process_time() + c.ru_utime + c.ru_stime


def judged_load(loads: tuple[float, float], owns: tuple[float, float]) -> float:
    """The load a figure is judged at: the load averages before and after it (``loads``), each less
    the run's own share then (``owns``, :class:`OwnLoad`), never below 0; the higher of the two.

    >>> judged_load((0.38, 1.72), (0.0, 1.57))
    0.38
    """
    return max(max(0.0, L - o) for L, o in zip(loads, owns))
