"""The reference workload and the load average that every benchmark figure is printed with.

A loaded machine slows a figure and a fixed pure-Python workload alike, so a figure's CPU
time divided by the reference's CPU time, measured in the same process just before and just
after the figure, stays put when the absolute times do not (``benchmarks/README.md``).
"""
from __future__ import annotations

import os
import time

REF_N = 250_000
"""Iterations of :func:`reference_workload` (about 50 ms of CPU on the 2-core development machine)."""
REF_CHECK = 46043296
"""What ``reference_workload(REF_N)`` returns: the work is the same on every run and machine."""
QUIET_LOAD = 1.0
"""A verdict (PASS/MISS) is printed only when the 1-minute load average is below this."""


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
