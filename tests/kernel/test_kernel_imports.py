"""The kernel knows no game: each kernel module, imported alone in a fresh interpreter, loads no
``lcb_lab`` module outside ``lcb_lab.kernel`` beyond what ``import lcb_lab`` itself loads (outside
IPython nothing: the package's ``__init__`` imports the one-line notebook error display,
``lcb_lab.ui.lab.notebook_errors``, only inside IPython, and loads nothing of a game)."""
import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
KERNEL = sorted(p.stem for p in (ROOT / "lcb_lab" / "kernel").glob("*.py") if p.stem != "__init__")


PACKAGE: list[str] = []
"""What ``import lcb_lab`` loads outside the kernel outside IPython (test_the_package_itself_loads_no_game)."""


def _outside_kernel(module: str) -> list[str]:
    """The lcb_lab modules outside the kernel that importing ``module`` alone loads, beyond
    :data:`PACKAGE`."""
    code = (f"import importlib, json, sys\nimportlib.import_module({module!r})\n"
            "print(json.dumps(sorted(m for m in sys.modules if m.startswith('lcb_lab') and m != 'lcb_lab'"
            f" and not m.startswith('lcb_lab.kernel') and m not in {PACKAGE!r})))")
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True)
    return json.loads(out.stdout)


def test_the_package_itself_loads_no_game():
    code = ("import json, sys, lcb_lab\nprint(json.dumps(sorted(m for m in sys.modules if m.startswith('lcb_lab')"
            " and m != 'lcb_lab' and not m.startswith('lcb_lab.kernel'))))")
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True)
    assert json.loads(out.stdout) == PACKAGE


def test_the_kernel_has_its_modules():
    assert {"actions", "choices", "engine", "errors", "history", "legal", "observer", "dice", "odds"} <= set(KERNEL)


@pytest.mark.parametrize("name", KERNEL)
def test_a_kernel_module_alone_imports_no_game(name):
    assert _outside_kernel(f"lcb_lab.kernel.{name}") == []


def test_the_probe_sees_a_game_module():
    # the check above can fail: LC:B's actions load LC:B's inputs
    assert "lcb_lab.games.lcb.io.inputs" in _outside_kernel("lcb_lab.games.lcb.actions")


def _game_imports(path: Path) -> list[str]:
    """Every ``lcb_lab`` module outside the kernel that ``path`` imports, at its top or inside a function."""
    import ast
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        names = [a.name for a in node.names] if isinstance(node, ast.Import) else \
            [node.module or ""] if isinstance(node, ast.ImportFrom) and not node.level else []
        found += [n for n in names if n.startswith("lcb_lab.") and not n.startswith("lcb_lab.kernel")]
    return found


@pytest.mark.parametrize("name", KERNEL)
def test_no_kernel_function_imports_a_game_later_either(name):
    # a deferred import (events.seen_by once asked LC:B's observer) escapes the probe above
    assert _game_imports(ROOT / "lcb_lab" / "kernel" / f"{name}.py") == []


def test_the_static_check_sees_a_deferred_import(tmp_path):
    f = tmp_path / "m.py"
    f.write_text("def f():\n    from lcb_lab.games.lcb.observer import redact\n    return redact\n")
    assert _game_imports(f) == ["lcb_lab.games.lcb.observer"]
