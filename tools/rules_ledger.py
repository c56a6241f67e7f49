#!/usr/bin/env python
"""The completeness ledger: every rulebook item has a row in ``docs/rules_coverage.md``.

Usage::

    python tools/rules_ledger.py            # rewrite the counts block at the top of docs/rules_coverage.md
    python tools/rules_ledger.py --check    # exit 1 (naming each problem) if the ledger is incomplete
    python tools/rules_ledger.py --items    # rewrite tools/rulebook_items.txt from the rulebook

A rulebook *item* is one of: a bracketed rule number (``[7.53]``, a section heading such as
``[9.1]`` included; the printed duplicate 7.06 is one item), a chapter header ``N.0`` followed by
rule text (``9.0``), or a printed EXAMPLE (a paragraph or diagram caption starting "EXAMPLE" /
"Example", or an "EXAMPLE" inside a rule's paragraph), named after the rule it follows and
numbered in order (``3.37 example 2``).  The rulebook's chapters 3-17 are read, up to the
appendices.  Without the rulebook (its text is not part of the product) the item list stored in
``tools/rulebook_items.txt`` (numbers only, no rulebook text) is used; with it, the stored list
must equal what the rulebook gives.

A ledger row is a table row of ``docs/rules_coverage.md`` whose first cell is one item's key;
its ``status`` cell is one of :data:`STATUSES`; a ``n.a.`` row says why in its note; a ``done``
row names at least one test id (``file::test``; ``T/x::test`` with the doc's legend of short
names).  The counts block (between the two ``ledger-counts`` comments) is generated here.
Nothing is imported from the package; the test ids are checked by
``tests/test_rules_ledger.py``, which asks pytest to collect them.
"""
from __future__ import annotations

import argparse
import os
import re
import sys
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DOC = ROOT / "docs" / "rules_coverage.md"
ITEMS = ROOT / "tools" / "rulebook_items.txt"
RULEBOOK = Path(os.environ.get("LCB_RULEBOOK", "/work/shared/rulebook/lcb_rulebook.txt"))
STATUSES = ("done", "partly", "not built", "n.a.")
"""The ledger's statuses, in the order the counts are printed."""
FIRST, LAST = 3, 17
"""The chapters the ledger covers."""

_BRACKET = re.compile(r"^\[(\d+)\.(\d+)\]")
_HEADER = re.compile(r"^(\d+)\.0 [A-Z]")
_EXAMPLE_START = re.compile(r"^(?:EXAMPLE\b|Example\b)")
_EXAMPLE_INSIDE = re.compile(r"(?<=[.!?] )EXAMPLE\b")
KEY = re.compile(r"^(\d+)\.(\d+)(?: example (\d+))?$")
"""A ledger key: ``7.53``, ``9.0`` or ``3.37 example 2``."""
COUNTS_BEGIN, COUNTS_END = "<!-- ledger-counts: begin -->", "<!-- ledger-counts: end -->"


@dataclass(frozen=True)
class Item:
    """One rulebook item: ``key`` (``"7.53"``, ``"9.0"``, ``"3.37 example 2"``), ``kind``
    (``"rule"``, ``"section"`` or ``"example"``) and ``text`` (the rulebook's paragraph(s);
    empty when read from the stored list)."""
    key: str
    kind: str
    text: str = ""


def parse_rulebook(text: str) -> list[Item]:
    """The items of chapters 3-17 of the rulebook ``text``, in printed order.  A rule's text runs
    from its bracket to the next bracketed rule or chapter header (its EXAMPLEs included)."""
    items: dict[str, Item] = {}
    texts: dict[str, list[str]] = {}
    current: str | None = None
    chapter = 0
    examples: Counter[str] = Counter()

    def add(key: str, kind: str) -> None:
        if key not in items:
            items[key] = Item(key, kind)
            texts[key] = []

    def example(owner: str) -> None:
        examples[owner] += 1
        add(f"{owner} example {examples[owner]}", "example")

    for line in text.splitlines():
        if line.startswith("APPENDIX") and chapter >= LAST:
            break
        h = _HEADER.match(line)
        b = _BRACKET.match(line)
        if h:
            chapter = int(h.group(1))
            current = f"{chapter}.0" if FIRST <= chapter <= LAST else None
            if current:
                add(current, "section")
            continue
        if current is None:
            continue
        if b:
            current = f"{b.group(1)}.{b.group(2)}"
            add(current, "rule")
        elif _EXAMPLE_START.match(line):
            example(current)
        for _ in _EXAMPLE_INSIDE.finditer(line):
            example(current)
        texts[current].append(line)
    out = []
    for key, it in items.items():
        body = texts[key]
        if it.kind == "section" and not any(s.strip() for s in body):
            continue                        # a chapter header with no rule text of its own (4.0)
        out.append(Item(key, it.kind, "\n".join(body)))
    return out


def stored_items(path: Path = ITEMS) -> list[Item]:
    """The stored item list (``kind key`` a line; ``#`` comments)."""
    out = []
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.strip() and not line.startswith("#"):
            kind, key = line.split(" ", 1)
            out.append(Item(key, kind))
    return out


def items_text(items: list[Item]) -> str:
    """The stored list's text for ``items``."""
    head = ["# Rulebook items of chapters 3-17 (numbers only): written by `python tools/rules_ledger.py --items`",
            "# from the rulebook; the ledger test checks it against the rulebook when the rulebook is present."]
    return "\n".join(head + [f"{it.kind} {it.key}" for it in items]) + "\n"


def rulebook_items() -> list[Item]:
    """The rulebook's items when its text is present, else the stored list."""
    if RULEBOOK.exists():
        return parse_rulebook(RULEBOOK.read_text(encoding="utf-8"))
    return stored_items()


@dataclass(frozen=True)
class Row:
    """One ledger row: its ``key``, ``status``, the test ids it names, its note and line."""
    key: str
    status: str
    tests: tuple[str, ...]
    note: str
    line: int


_CELL_CODE = re.compile(r"`([^`]+)`")
_TEST_ID = re.compile(r"^[\w./-]+\.py::\w+(?:\[[^\]]*\])?$|^T/\w+::\w+(?:\[[^\]]*\])?$")
_LEGEND = re.compile(r"`(T/\w+)`\s*=\s*`(tests/[\w/]+\.py)`")


def legend(md: str) -> dict[str, str]:
    """The doc's short test-file names: ``{"T/seq": "tests/rulebook/test_examples_sequence.py"}``."""
    return dict(_LEGEND.findall(md))


def _cells(line: str) -> list[str]:
    return [c.strip() for c in line.strip().strip("|").split("|")]


def rows(md: str) -> list[Row]:
    """The ledger rows of ``md``: table rows whose first cell is an item key, read through their
    table's header (the ``test``, ``status`` and ``note`` columns)."""
    out: list[Row] = []
    header: list[str] | None = None
    for n, line in enumerate(md.splitlines(), 1):
        if not line.startswith("|"):
            header = None
            continue
        cells = _cells(line)
        if header is None:
            header = [c.lower() for c in cells]
            continue
        if not KEY.match(cells[0]) or "status" not in header:
            continue
        get = dict(zip(header, cells))
        tests = tuple(c for c in _CELL_CODE.findall(get.get("test", "")) if _TEST_ID.match(c))
        out.append(Row(cells[0], get["status"], tests, get.get("note", ""), n))
    return out


def test_file(ref: str, short: dict[str, str]) -> str | None:
    """The repository path of a test id's file part (``T/seq``, ``tests/x/test_y.py`` or a bare
    ``test_y.py`` found once under ``tests/``); None when there is none."""
    if ref.startswith("T/"):
        return short.get(ref)
    if ref.startswith("tests/"):
        return ref if (ROOT / ref).is_file() else None
    found = sorted((ROOT / "tests").rglob(ref))
    return str(found[0].relative_to(ROOT)) if len(found) == 1 else None


def problems(items: list[Item], md: str) -> list[str]:
    """What keeps the ledger from being complete (nothing about whether the tests are collected):
    items without a row, rows naming no item, doubled rows, unknown statuses, ``n.a.`` without a
    reason, ``done`` without a test id, test ids whose file is unknown."""
    keys = {it.key for it in items}
    got = rows(md)
    short = legend(md)
    bad = []
    seen: Counter[str] = Counter(r.key for r in got)
    bad += [f"{k}: no row in docs/rules_coverage.md" for k in sorted(keys - set(seen), key=sort_key)]
    bad += [f"{k}: a row for an item the rulebook does not print" for k in sorted(set(seen) - keys, key=sort_key)]
    bad += [f"{k}: {c} rows" for k, c in seen.items() if c > 1]
    for r in got:
        if r.status not in STATUSES:
            bad.append(f"{r.key} (line {r.line}): status {r.status!r} is not one of {', '.join(STATUSES)}")
        if r.status == "n.a." and not r.note.strip():
            bad.append(f"{r.key} (line {r.line}): n.a. without a reason in the note")
        if r.status == "done" and not r.tests:
            bad.append(f"{r.key} (line {r.line}): done but names no test id")
        for t in r.tests:
            if test_file(t.split("::")[0], short) is None:
                bad.append(f"{r.key} (line {r.line}): test file of {t} not found")
    return bad


def sort_key(key: str) -> tuple[int, ...]:
    """Rulebook order of a key: chapter, section digit, item, example (``7.19`` < ``7.110``)."""
    m = KEY.match(key)
    if not m:
        return (999,)
    ch, rest, ex = int(m.group(1)), m.group(2), int(m.group(3) or 0)
    return (ch, int(rest[0]), int(rest[1:] or -1), ex)


def counts(md: str, kinds: dict[str, str]) -> dict[str, Counter[str]]:
    """Status counts of the ledger rows by kind (``rule`` = bracketed rules and chapter
    headers, ``example``) and in all."""
    out: dict[str, Counter[str]] = {"rules": Counter(), "examples": Counter(), "all": Counter()}
    for r in rows(md):
        part = "examples" if kinds.get(r.key) == "example" else "rules"
        out[part][r.status] += 1
        out["all"][r.status] += 1
    return out


def counts_block(md: str, items: list[Item]) -> str:
    """The generated counts table (between the ``ledger-counts`` comments)."""
    c = counts(md, {it.key: it.kind for it in items})
    lines = [COUNTS_BEGIN, "<!-- generated by tools/rules_ledger.py from the rows below: do not edit by hand -->",
             "| status | rules and sections | EXAMPLEs | all |", "| --- | --- | --- | --- |"]
    for s in STATUSES:
        lines.append(f"| {s} | {c['rules'][s]} | {c['examples'][s]} | {c['all'][s]} |")
    total = {k: sum(v.values()) for k, v in c.items()}
    lines.append(f"| **total** | **{total['rules']}** | **{total['examples']}** | **{total['all']}** |")
    lines.append(COUNTS_END)
    return "\n".join(lines)


def with_counts(md: str, items: list[Item]) -> str:
    """``md`` with its counts block regenerated."""
    a, b = md.index(COUNTS_BEGIN), md.index(COUNTS_END) + len(COUNTS_END)
    return md[:a] + counts_block(md, items) + md[b:]


def summary(md: str, items: list[Item]) -> str:
    """One line of counts, as the test prints it."""
    c = counts(md, {it.key: it.kind for it in items})["all"]
    return ", ".join(f"{s} {c[s]}" for s in STATUSES) + f" (of {sum(c.values())} items)"


def main(argv: list[str] | None = None) -> int:
    """The command line (module docstring)."""
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--check", action="store_true", help="report problems, exit 1 if any")
    ap.add_argument("--items", action="store_true", help="rewrite tools/rulebook_items.txt from the rulebook")
    args = ap.parse_args(argv)
    items = rulebook_items()
    if args.items:
        if not RULEBOOK.exists():
            print(f"no rulebook at {RULEBOOK}", file=sys.stderr)
            return 1
        ITEMS.write_text(items_text(items), encoding="utf-8")
        return 0
    md = DOC.read_text(encoding="utf-8")
    if args.check:
        bad = problems(items, md)
        if with_counts(md, items) != md:
            bad.append("the counts block is stale: run python tools/rules_ledger.py")
        for b in bad:
            print(b)
        print(summary(md, items))
        return 1 if bad else 0
    DOC.write_text(with_counts(md, items), encoding="utf-8")
    print(summary(md, items))
    return 0


if __name__ == "__main__":
    sys.exit(main())
