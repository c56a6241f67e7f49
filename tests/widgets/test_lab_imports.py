"""The shared lab knows no game: no module of ``lcb_lab.ui.lab`` imports ``lcb_lab.games`` or a game's
lab (``lcb_lab.ui.<game>``) -- counted statically (every ``import`` anywhere in the module: at its top,
inside a function, under ``if TYPE_CHECKING:``, and ``import_module("...")`` with a literal name),
and, importing each module alone in a fresh interpreter, no such module is loaded."""
import ast
import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
LAB = sorted(p.stem for p in (ROOT / "lcb_lab" / "ui" / "lab").glob("*.py") if p.stem != "__init__")


def _imported(tree: ast.AST) -> list[str]:
    """Every absolute module name ``tree`` imports, anywhere in it."""
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found += [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom) and not node.level:
            found += [node.module or ""] + [f"{node.module}.{a.name}" for a in node.names]
        elif isinstance(node, ast.Call) and ast.unparse(node.func).endswith("import_module") and node.args \
                and isinstance(node.args[0], ast.Constant) and isinstance(node.args[0].value, str):
            found.append(node.args[0].value)
    return found


def _game_imports(source: str) -> list[str]:
    """The game modules (``lcb_lab.games...``, ``lcb_lab.ui.<game>...``) ``source`` imports."""
    return sorted({n for n in _imported(ast.parse(source))
                   if n.startswith("lcb_lab.games") or (n.startswith("lcb_lab.ui.") and not n.startswith("lcb_lab.ui.lab"))})


def test_the_shared_lab_has_its_modules():
    assert {"controller", "shell", "game_ui", "timeline", "fork_view", "game_panel", "log_panel", "messages",
            "sync", "html", "style", "bokeh_model", "bokehjs", "voila_app", "notebook_errors"} <= set(LAB)


@pytest.mark.parametrize("name", LAB)
def test_no_lab_module_imports_a_game_anywhere(name):
    assert _game_imports((ROOT / "lcb_lab" / "ui" / "lab" / f"{name}.py").read_text(encoding="utf-8")) == []


def test_the_static_check_sees_every_kind_of_import():
    code = ("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from lcb_lab.games.lcb.game import Game\n"
            "def f():\n    import lcb_lab.ui.lcb.panels\n    from lcb_lab.ui import lcb\n"
            "    import importlib\n    importlib.import_module('lcb_lab.games.lcb.observer')\n"
            "from lcb_lab.ui.lab import html\nimport lcb_lab.kernel.engine\n")
    assert _game_imports(code) == ["lcb_lab.games.lcb.game", "lcb_lab.games.lcb.game.Game", "lcb_lab.games.lcb.observer",
                                   "lcb_lab.ui.lcb", "lcb_lab.ui.lcb.panels"]


def test_no_lab_module_alone_loads_a_game():
    code = ("import importlib, json, sys\n"
            f"for m in {['lcb_lab.ui.lab.' + n for n in LAB]!r}:\n"
            "    importlib.import_module(m)\n"
            "print(json.dumps(sorted(m for m in sys.modules if m.startswith(('lcb_lab.games', 'lcb_lab.ui.lcb')))))")
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True, timeout=300)
    assert json.loads(out.stdout) == []


def test_the_shared_css_styles_no_lc_b_panel():
    """The shared lab's stylesheet holds no LC:B panel's classes (they are ``ui/lcb/style.py``'s,
    added by LC:B's lab after the shared one), and LC:B's lab page carries both."""
    from lcb_lab.ui.lab import style
    from lcb_lab.ui.lcb import style as lcb_style
    lcb_only = ("lcb-team-US", "lcb-cargo", "lcb-cap-bar", "lcb-unit-tracker", "lcb-hex-info", "lcb-impulse",
                "lcb-symbol", "lcb-card-chip", "lcb-special")
    assert [c for c in lcb_only if c in style.CSS] == []
    assert [c for c in lcb_only if c not in lcb_style.CSS] == []
