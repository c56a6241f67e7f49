"""Doctests of the public API modules and the README's Python examples.

Every ``>>>`` example in the docstrings of these modules runs (ELLIPSIS and
NORMALIZE_WHITESPACE), and every ```python block of README.md runs as it is
written, each in a fresh namespace.
"""
from __future__ import annotations

import doctest
import importlib
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
MODULES = ["lcb_lab.games.lcb.actions", "lcb_lab.games.lcb.plain", "lcb_lab.kernel.datacodec", "lcb_lab.kernel.datashare", "lcb_lab.games.lcb.content.situation", "lcb_lab.kernel.history", "lcb_lab.games.lcb.legal",
           "lcb_lab.games.lcb.game", "lcb_lab.games.lcb.observer", "lcb_lab.kernel.hexgrid", "lcb_lab.games.lcb.hexes", "lcb_lab.kernel.odds", "lcb_lab.games.lcb.rules.combat.odds", "lcb_lab.kernel.actions", "lcb_lab.kernel.engine", "lcb_lab.kernel.dice",
           "lcb_lab.kernel.explain", "lcb_lab.games.lcb.content.playthrough", "lcb_lab.games.lcb.die", "lcb_lab.kernel.checkpoints"]
WITH_EXAMPLES = {"lcb_lab.games.lcb.actions", "lcb_lab.games.lcb.plain", "lcb_lab.kernel.datacodec", "lcb_lab.games.lcb.content.situation", "lcb_lab.games.lcb.game", "lcb_lab.games.lcb.content.playthrough",
                 "lcb_lab.kernel.hexgrid", "lcb_lab.games.lcb.hexes", "lcb_lab.kernel.actions", "lcb_lab.kernel.odds", "lcb_lab.games.lcb.die", "lcb_lab.kernel.checkpoints"}
GAME_METHODS = ["apply", "legal_actions", "is_legal", "undo", "goto", "fork", "to_act"]
FLAGS = doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE


def _module(name: str):
    # importlib, not attribute access: lcb_lab.situation is also the name of a function
    return importlib.import_module(name)


@pytest.mark.parametrize("name", MODULES)
def test_module_doctests_pass(name):
    result = doctest.testmod(_module(name), optionflags=FLAGS, verbose=False, report=True)
    assert result.failed == 0, f"{result.failed} of {result.attempted} doctest examples of {name} failed"
    if name in WITH_EXAMPLES:
        assert result.attempted > 0, f"{name} lost its doctest examples"


@pytest.mark.parametrize("method", GAME_METHODS)
def test_each_game_method_has_a_short_example(method):
    from lcb_lab.games.lcb.game import Game
    tests = doctest.DocTestFinder().find(getattr(Game, method), f"Game.{method}")
    examples = [ex for t in tests for ex in t.examples]
    assert 3 <= len(examples) <= 8, f"Game.{method}: {len(examples)} examples"
    assert any("situation(" in ex.source for ex in examples), f"Game.{method} builds no situation"


def readme_blocks() -> list[str]:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    return re.findall(r"^```python\n(.*?)^```", text, flags=re.S | re.M)


def test_readme_has_python_examples():
    assert len(readme_blocks()) >= 2


@pytest.mark.parametrize("i", range(len(readme_blocks())))
def test_readme_python_block_runs(i, monkeypatch, tmp_path):
    monkeypatch.chdir(tmp_path)              # the examples must not depend on the working folder
    code = compile(readme_blocks()[i], f"README.md python block {i + 1}", "exec")
    exec(code, {"__name__": "__readme__"})
