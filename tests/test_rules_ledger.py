"""The completeness ledger: ``docs/rules_coverage.md`` accounts for every rulebook item.

It reads the rulebook itself (``tools/rules_ledger.py``: every bracketed rule number, every
chapter header N.0 followed by rule text, every EXAMPLE of chapters 3-17) and fails unless each
item has exactly one row with a status (done / partly / not built / n.a.), each n.a. row says
why, each done row names a test id, every test id named is one pytest collects, and the counts
block at the top of the doc is the one the rows give.  Without the rulebook (its text is not
shipped) the stored item list ``tools/rulebook_items.txt`` stands in; with it, the stored list
must be what the rulebook gives.  The counts are printed (``pytest -s`` or ``-rP``).
"""
from __future__ import annotations

import importlib.util
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def _ledger():
    """``tools/rules_ledger.py`` as a module (loaded once)."""
    if "rules_ledger" not in sys.modules:
        spec = importlib.util.spec_from_file_location("rules_ledger", ROOT / "tools" / "rules_ledger.py")
        sys.modules["rules_ledger"] = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(sys.modules["rules_ledger"])
    return sys.modules["rules_ledger"]


L = _ledger()
DOC = L.DOC.read_text(encoding="utf-8")
ITEMS = L.rulebook_items()


@pytest.mark.skipif(not L.RULEBOOK.exists(), reason="rulebook text not available")
def test_the_stored_item_list_is_the_rulebooks():
    assert L.items_text(L.parse_rulebook(L.RULEBOOK.read_text(encoding="utf-8"))) == \
        L.ITEMS.read_text(encoding="utf-8"), "run python tools/rules_ledger.py --items"


def test_the_items_are_the_rulebooks_numbers_headers_and_examples():
    """Known corners of the reading: 7.06 (printed twice) is one item, 5.0 a chapter header
    (its bracketed mention in 4.1 is a cross-reference), 4.0 (no text of its own) no item, the
    13.34 EXAMPLE inside the rule's paragraph counts, and so do the diagram captions."""
    keys = [it.key for it in ITEMS]
    kinds = {it.key: it.kind for it in ITEMS}
    assert len(keys) == len(set(keys)) and keys.count("7.06") == 1
    assert kinds["5.0"] == "section" and "4.0" not in kinds and kinds["9.1"] == "rule"
    assert {"13.34 example 1", "7.37 example 1", "9.24 example 2", "9.46 example 7", "17.91 example 1"} <= set(keys)
    assert "9.46 example 8" not in kinds and not any(k.startswith(("1.", "2.", "18.")) for k in keys)
    assert [k for k in keys if kinds[k] == "section"] == [f"{c}.0" for c in (3, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14,
                                                                               15, 16, 17)]


def test_every_item_has_one_row_with_a_status_and_the_counts_are_generated():
    problems = L.problems(ITEMS, DOC)
    if L.with_counts(DOC, ITEMS) != DOC:
        problems.append("the counts block is stale: run python tools/rules_ledger.py")
    print(f"\nrules coverage: {L.summary(DOC, ITEMS)}")
    assert problems == []


def test_every_test_id_the_ledger_names_is_collected():
    """Each ``file::test`` the rows name is a test pytest collects (``--collect-only`` of those
    files; a parametrized test counts by its name)."""
    short = L.legend(DOC)
    wanted: dict[str, set[str]] = {}
    for row in L.rows(DOC):
        for tid in row.tests:
            ref, name = tid.split("::", 1)
            wanted.setdefault(L.test_file(ref, short), set()).add(re.sub(r"\[.*\]$", "", name))
    assert None not in wanted
    out = subprocess.run([sys.executable, "-m", "pytest", "--collect-only", "-q", "-p", "no:cacheprovider",
                          "-p", "no:randomly", *sorted(wanted)], cwd=ROOT, capture_output=True, text=True)
    collected = {(f, re.sub(r"\[.*\]$", "", n.split("::")[-1]))
                 for f, n in (line.split("::", 1) for line in out.stdout.splitlines() if "::" in line)}
    missing = sorted(f"{f}::{n}" for f, names in wanted.items() for n in names if (f, n) not in collected)
    assert missing == [], out.stderr[-2000:]


def test_the_ledger_check_fails_on_a_missing_row_a_bare_done_and_a_bad_status():
    """The check can fail: a doc without the 3.26 row, with it twice, a done row naming no
    test, an unknown status and an n.a. without a reason are each reported."""
    lines = DOC.splitlines()
    cut = "\n".join(line for line in lines if not line.startswith("| 3.26 |"))
    assert "3.26: no row in docs/rules_coverage.md" in L.problems(ITEMS, cut)
    twice = next(line for line in lines if line.startswith("| 3.26 |"))
    assert "3.26: 2 rows" in L.problems(ITEMS, DOC.replace(twice, twice + "\n" + twice))
    row = next(line for line in lines if line.startswith("| 3.13 |"))
    cells = row.split("|")
    assert any("done but names no test id" in p
               for p in L.problems(ITEMS, DOC.replace(row, "|".join(cells[:4] + [" none "] + cells[5:]))))
    assert any("is not one of" in p
               for p in L.problems(ITEMS, DOC.replace(row, "|".join(cells[:5] + [" partial "] + cells[6:]))))
    na = "|".join(cells[:5] + [" n.a. ", " "] + cells[7:])
    assert any("n.a. without a reason" in p for p in L.problems(ITEMS, DOC.replace(row, na)))
