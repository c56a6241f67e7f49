"""The maps a newcomer reads stay true: the rules package's docstring names every rules module."""
from __future__ import annotations

import ast
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
RULES = ROOT / "lcb_lab" / "rules"


def _named_in_rules_docstring() -> list[str]:
    doc = ast.get_docstring(ast.parse((RULES / "__init__.py").read_text(encoding="utf-8"))) or ""
    return re.findall(r"^\* ``(\w+)``: \S", doc, re.M)


def test_the_rules_docstring_names_every_rules_module_once():
    modules = sorted(p.stem for p in RULES.glob("*.py") if p.stem != "__init__")
    named = _named_in_rules_docstring()
    assert len(modules) == 41
    assert sorted(named) == modules                 # each module once, and no module that is gone


def test_each_rules_module_line_gives_rule_numbers():
    doc = ast.get_docstring(ast.parse((RULES / "__init__.py").read_text(encoding="utf-8"))) or ""
    lines = {m.group(1): m.group(2) for m in re.finditer(r"^\* ``(\w+)``: (.*)$", doc, re.M)}
    without = sorted(n for n, line in lines.items() if not re.search(r"\b\d{1,2}\.[\dx]", line))
    assert without == ["common"]                    # the shared context cites no rule


def test_the_effects_module_does_not_say_cards_are_unsimulated():
    doc = ast.get_docstring(ast.parse((RULES / "effects.py").read_text(encoding="utf-8"))) or ""
    assert "not simulated" not in doc and ":mod:`.jcc`" in doc
