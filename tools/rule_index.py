#!/usr/bin/env python
"""Write ``docs/rule_index.md``: every LC:B rule number the package's docstrings cite, and where.

Usage::

    python tools/rule_index.py            # rewrite docs/rule_index.md (or: make rule-index)
    python tools/rule_index.py --check    # exit 1 if docs/rule_index.md is not what it would write

Reads the docstrings of ``lcb_lab/`` with :mod:`ast` (nothing is imported): each module's, and
each class's and function's (methods as ``Class.method``).  A rule number is LC:B's numbering:
a chapter 1-17, a dot, then a section digit and an item number (``7.53``, ``10.311``, ``7.010``),
or a whole section or chapter (``13.4x``, ``3.x``); a range (``9.41-9.47``) is one entry; an
appendix is ``App. B`` / ``Appendix B``.  Rule numbers sort by chapter, section, then item
(``7.19`` < ``7.110``, as the rulebook orders them).  The output is deterministic (no dates).
"""
from __future__ import annotations

import argparse
import ast
import doctest
import re
import sys
from collections import defaultdict
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "lcb_lab"
OUT = ROOT / "docs" / "rule_index.md"

_NUM = r"(?:1[0-7]|[1-9])\.(?:\d+x?|x)"
RULE = re.compile(rf"(?<![\w.]){_NUM}(?:\s*[-\u2013]\s*{_NUM})?(?![\w.]*\d)(?!\s*(?:%|px\b|s\b|seconds?\b|MB\b|=|when\b))")
"""A rule number or range of them, not part of a longer number, version or measure."""
APPENDIX = re.compile(r"\b(?:App\.|Appendix)\s+([A-C])\b")
"""An appendix of the rulebook (A reference sheets, B playthrough, C glossary)."""
NOT_RULES = re.compile(r"(?:[Pp]ython|version|\bv|<=?|>=?|=|\*|\bx|\+|~|``|e\.g\.|lost|bokeh|§|facts)\s*$")
"""Text just before a number that makes it a value, a version, a factor or a fact-sheet
paragraph (``facts §6.29``), not a rule."""
IGNORE = {("lcb_lab.ui.lcb.map.map", "1.4"), ("lcb_lab.ui.lcb.app", "1.4")}
"""(module, number) pairs that are not rules: the projector's font scale."""

Citations = dict[str, dict[str, set[str]]]
"""rule -> module (dotted) -> names of its functions/classes citing it ("" = the module docstring)."""


def _docstrings(tree: ast.Module) -> Iterator[tuple[str, str]]:
    """(qualified name, docstring) of the module ("") and every class and function in it."""
    yield "", ast.get_docstring(tree) or ""

    def walk(node: ast.AST, prefix: str) -> Iterator[tuple[str, str]]:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                name = prefix + child.name
                yield name, ast.get_docstring(child) or ""
                yield from walk(child, name + ".")

    yield from walk(tree, "")


def prose(doc: str) -> str:
    r"""``doc`` without its doctest examples and their expected output: values printed by an example are
    not citations (``(1, 8.0)`` is a legend's size).

    >>> prose("Fits 7.5.\n\n>>> f(1)\n(1, 8.0)\n\nSee 7.6.")
    'Fits 7.5.\n\n\nSee 7.6.'
    """
    return "".join(part for part in doctest.DocTestParser().parse(doc) if isinstance(part, str))


def rules_in(text: str) -> list[str]:
    """The rule numbers ``text`` cites, in order, each once (``"7.53"``, ``"9.41-9.47"``, ``"App. B"``).

    >>> rules_in("INTERCEPT (7.5-7.58, 7.510); 10.311 ex.; 13.4x; App. B; 1.0 when no roll; ``2.5``; facts §6.29")
    ['7.5-7.58', '7.510', '10.311', '13.4x', 'App. B']
    """
    found = []
    for m in RULE.finditer(text):
        if not NOT_RULES.search(text[max(0, m.start() - 8):m.start()]):
            found.append(re.sub(r"\s*[-\u2013]\s*", "-", m.group()))
    found += [f"App. {m.group(1)}" for m in APPENDIX.finditer(text)]
    return list(dict.fromkeys(found))


def sort_key(rule: str) -> tuple:
    """Chapter, section, item (``7.19`` < ``7.110``; ``13.4`` < ``13.4x`` < ``13.41``); appendices last."""
    if rule.startswith("App."):
        return (99, rule)
    first = rule.split("-")[0]
    chapter, sub = first.split(".")
    if sub == "x":
        return (int(chapter), -1, -1.0, rule)
    item = sub[1:]
    rank = -1.0 if item == "" else -0.5 if item == "x" else float(int(item.rstrip("x")))
    return (int(chapter), int(sub[0]), rank, rule)


def collect(package: Path = PACKAGE) -> Citations:
    """Every rule number cited in the docstrings under ``package``, with the modules and names citing it."""
    index: Citations = defaultdict(lambda: defaultdict(set))
    for path in sorted(package.rglob("*.py")):
        rel = path.relative_to(package.parent).with_suffix("")
        module = ".".join(rel.parts[:-1] if rel.name == "__init__" else rel.parts)
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        for name, doc in _docstrings(tree):
            for rule in rules_in(prose(doc)):
                if (module, rule) not in IGNORE:
                    index[rule][module].add(name)
    return index


def _cell(names: set[str]) -> str:
    funcs = sorted(n for n in names if n)
    parts = (["module"] if "" in names else []) + [f"`{n}`" for n in funcs]
    return ", ".join(parts)


def _chapter(rule: str) -> str:
    return "Appendices" if rule.startswith("App.") else f"Chapter {rule.split('.')[0]}"


def render(index: Citations) -> str:
    """``docs/rule_index.md`` as text: one table per chapter, rule -> modules (functions)."""
    out = ["# Rule index: rule number → code", "",
           "Generated by `make rule-index` (`.venv/bin/python tools/rule_index.py`) from the docstrings of `lcb_lab/`",
           "(module, class and function docstrings; nothing is imported); do not edit by hand.",
           "`tests/engine/test_source_maps.py` fails when it is out of date.  For each rule number, the",
           "modules whose docstrings cite it: *module* is the module docstring, the names are its",
           "functions and classes.  A range (`9.41-9.47`) or a whole section (`13.4x`, `3.x`) is listed as cited.",
           "[`rules_coverage.md`](rules_coverage.md) gives each rule's status and tests.", ""]
    chapters: dict[str, list[str]] = defaultdict(list)
    for rule in sorted(index, key=sort_key):
        chapters[_chapter(rule)].append(rule)
    for chapter, rules in chapters.items():
        out += [f"## {chapter}", "", "| rule | cited by |", "| --- | --- |"]
        for rule in rules:
            cites = "; ".join(f"`{mod}` ({_cell(names)})" for mod, names in sorted(index[rule].items()))
            out.append(f"| {rule} | {cites} |")
        out.append("")
    return "\n".join(out)


def main(argv: list[str] | None = None) -> int:
    """Write the index, or with ``--check`` exit 1 (one line on stderr) if the committed one differs."""
    ap = argparse.ArgumentParser(description="Write docs/rule_index.md from the docstrings of lcb_lab/.")
    ap.add_argument("--check", action="store_true", help="fail if docs/rule_index.md is out of date")
    args = ap.parse_args(argv)
    text = render(collect())
    if args.check:
        if not OUT.exists() or OUT.read_text(encoding="utf-8") != text:
            print("docs/rule_index.md is out of date: run make rule-index", file=sys.stderr)
            return 1
        return 0
    OUT.write_text(text, encoding="utf-8")
    print(f"wrote {OUT.relative_to(ROOT)} ({len(text.splitlines())} lines)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
