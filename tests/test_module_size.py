"""Modules of a focused size: no module under ``lcb_lab/`` is over :data:`MAX_LINES` lines.

A module that grows past it is split by the subject it holds (for rules: by the rulebook's own
sections), not trimmed by squeezing lines.
"""
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
MAX_LINES = 600


def long_modules(base: Path = ROOT, package: str = "lcb_lab", limit: int = MAX_LINES) -> dict[str, int]:
    """``{path relative to base: lines}`` of every ``*.py`` under ``base/package`` over ``limit`` lines."""
    out = {}
    for p in sorted((base / package).rglob("*.py")):
        n = len(p.read_text(encoding="utf-8").splitlines())
        if n > limit:
            out[p.relative_to(base).as_posix()] = n
    return out


def test_no_module_is_over_600_lines():
    assert long_modules() == {}, "split by subject: " + ", ".join(f"{p} ({n} lines)" for p, n in long_modules().items())


def test_the_check_names_a_long_module(tmp_path):
    pkg = tmp_path / "pkg"
    pkg.mkdir()
    (pkg / "short.py").write_text("x = 1\n" * 600, encoding="utf-8")
    (pkg / "long.py").write_text("x = 1\n" * 601, encoding="utf-8")
    assert long_modules(tmp_path, "pkg") == {"pkg/long.py": 601}
