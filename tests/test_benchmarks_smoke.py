"""Smoke test: ``benchmarks/run.py --quick`` runs and prints every figure.

Only the output format is checked, never the timings: benchmarks report,
they do not gate.
"""
from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
FIGURES = range(1, 17)


def test_benchmarks_quick_prints_every_figure():
    r = subprocess.run([sys.executable, str(ROOT / "benchmarks" / "run.py"), "--quick"],
                       capture_output=True, text=True, cwd=str(ROOT), timeout=300)
    out = r.stdout
    assert r.returncode == 0, r.stderr[-2000:]
    assert "numpy" in out and "python" in out          # machine header
    for n in FIGURES:
        line = re.search(rf"^FIGURE {n}: .+ \| target .+ \| (PASS|MISS|n/a)$", out, re.M)
        assert line, f"figure {n} missing:\n{out[-3000:]}"
        assert re.search(rf"^\s+{n}\s+.+\s(PASS|MISS|n/a)\s", out, re.M), f"figure {n} not in the summary"
    assert "=== summary" in out
