"""The maps a newcomer reads stay true: the rules package's docstring names every rules module, and
``docs/rule_index.md`` (rule number -> modules and functions) is what ``tools/rule_index.py`` writes."""
from __future__ import annotations

import ast
import importlib.util
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
RULES = ROOT / "lcb_lab" / "games" / "lcb" / "rules"
SUBJECTS = ["cards", "combat", "embarking", "events", "markers", "movement", "optional", "stages", "submarines",
            "transport"]


def _named_in_rules_docstring() -> list[str]:
    doc = ast.get_docstring(ast.parse((RULES / "__init__.py").read_text(encoding="utf-8"))) or ""
    return re.findall(r"^\* ``([\w.]+)``: \S", doc, re.M)


def _rules_modules() -> list[str]:
    return sorted(".".join(p.relative_to(RULES).with_suffix("").parts) for p in RULES.rglob("*.py")
                  if p.stem != "__init__")


def test_the_rules_are_in_one_subpackage_per_rulebook_subject():
    assert sorted(p.name for p in RULES.iterdir() if (p / "__init__.py").exists()) == SUBJECTS
    assert [m for m in _rules_modules() if "." not in m] == ["common"]     # the shared context only


def test_the_rules_docstring_names_every_rules_module_once():
    modules = _rules_modules()
    named = _named_in_rules_docstring()
    assert len(modules) >= 57     # the subjects of chapters 3-15 and the optional rules; each named once below
    assert sorted(named) == modules                 # each module once, and no module that is gone


def test_each_rules_module_line_gives_rule_numbers():
    doc = ast.get_docstring(ast.parse((RULES / "__init__.py").read_text(encoding="utf-8"))) or ""
    lines = {m.group(1): m.group(2) for m in re.finditer(r"^\* ``([\w.]+)``: (.*)$", doc, re.M)}
    without = sorted(n for n, line in lines.items() if not re.search(r"\b\d{1,2}\.[\dx]", line))
    assert without == ["common"]                    # the shared context cites no rule


def test_the_effects_module_does_not_say_cards_are_unsimulated():
    doc = ast.get_docstring(ast.parse((RULES / "cards" / "scripted.py").read_text(encoding="utf-8"))) or ""
    assert "not simulated" not in doc and ":mod:`~lcb_lab.games.lcb.rules.cards.jcc`" in doc


# ------------------------------------------------------------------ docs/rule_index.md (tools/rule_index.py)
def _rule_index():
    spec = importlib.util.spec_from_file_location("rule_index", ROOT / "tools" / "rule_index.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def test_the_rule_index_is_up_to_date():
    r = subprocess.run([sys.executable, "tools/rule_index.py", "--check"], cwd=ROOT, capture_output=True,
                       text=True, timeout=120)
    assert (r.returncode, r.stdout, r.stderr) == (0, "", ""), "docs/rule_index.md is out of date: run make rule-index"


def test_the_rule_index_check_fails_on_a_stale_file(tmp_path, monkeypatch, capsys):
    ri = _rule_index()
    stale = tmp_path / "rule_index.md"
    stale.write_text(ri.render(ri.collect()).replace("| 7.53 |", "| 7.99 |"), encoding="utf-8")
    monkeypatch.setattr(ri, "OUT", stale)
    assert ri.main(["--check"]) == 1
    assert capsys.readouterr().err == "docs/rule_index.md is out of date: run make rule-index\n"


def test_rule_numbers_are_read_as_the_rulebook_numbers_them():
    ri = _rule_index()
    text = ("INTERCEPT (7.5-7.58, 7.510); 10.311 ex.; 13.4x; 3.x; App. B; 1.0 when no roll; ``2.5``; "
            "facts §6.29; Python 3.11; about 1.5 MB; 31.0%; 7.53/7.54")
    assert ri.rules_in(text) == ["7.5-7.58", "7.510", "10.311", "13.4x", "3.x", "7.53", "7.54", "App. B"]
    rules = ["App. B", "7.110", "7.19", "7.1", "7.010", "7.09", "13.41", "13.4x", "13.4", "3.x", "3.0", "10.31",
             "10.311", "10.4", "7.5-7.58", "7.5"]
    assert sorted(rules, key=ri.sort_key) == ["3.x", "3.0", "7.09", "7.010", "7.1", "7.19", "7.110", "7.5",
                                               "7.5-7.58", "10.31", "10.311", "10.4", "13.4", "13.4x", "13.41",
                                               "App. B"]


def test_the_rule_index_names_the_modules_and_functions_citing_a_rule():
    ri = _rule_index()
    index = ri.collect()
    assert set(index["10.311"]["lcb_lab.games.lcb.rules.embarking.losses"]) >= {""}          # the module docstring
    assert "Game.to_act" in index["7.010"]["lcb_lab.games.lcb.game"]
    text = ri.render(index)
    assert "| 10.311 | " in text and "`lcb_lab.games.lcb.rules.embarking.losses` (module" in text
    assert text.index("## Chapter 9\n") < text.index("## Chapter 10\n") < text.index("## Appendices\n")


def test_a_doctest_s_printed_values_are_not_citations():
    ri = _rule_index()
    doc = ("The legend's size (7.02 is not cited here).\n\n>>> legend_fit(['deep water'], 10, 14, 60, 8)\n"
           "(1, 8.0)\n\nSee 3.32.")
    assert ri.rules_in(ri.prose(doc)) == ["7.02", "3.32"]
    assert "8.0" in ri.rules_in(doc)
