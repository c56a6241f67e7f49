"""The lab's panels draw from the view model only (``LabController.view_model()``, built from the
observer's outputs for one viewer): no module of ``lcb_lab/ui/`` reads the game's state.

The scan is the one ``tests/engine/test_view_model.py`` runs on ``view_model.py``: no ``.state``
attribute (nor ``_ctx`` / ``_state``, the rules' doors to it) anywhere in the package."""
from __future__ import annotations

import ast
from pathlib import Path

UI = Path(__file__).resolve().parents[2] / "lcb_lab" / "ui"
DOORS = ("state", "_ctx", "_state")


def state_reads(source: str) -> list[str]:
    """``"line N: .state"`` for every attribute read of :data:`DOORS` in ``source``."""
    return [f"line {n.lineno}: .{n.attr}" for n in ast.walk(ast.parse(source))
            if isinstance(n, ast.Attribute) and n.attr in DOORS]


def test_the_scan_finds_a_state_read():
    assert state_reads("x = ctl.game.state.rulings\ny = g._ctx()\n") == ["line 1: .state", "line 2: ._ctx"]
    assert state_reads("from lcb_lab.games.lcb.model.state import Declared\nvm.rulings\n") == []


def test_no_module_of_the_lab_reads_the_game_state():
    reads = {str(p.relative_to(UI)): r for p in sorted(UI.rglob("*.py"))
             if (r := state_reads(p.read_text(encoding="utf-8")))}
    assert reads == {}
