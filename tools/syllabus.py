#!/usr/bin/env python
"""Write ``docs/syllabus.md`` from the syllabus data (:mod:`lcb_lab.games.lcb.course.syllabus`).

Usage::

    python tools/syllabus.py            # rewrite docs/syllabus.md
    python tools/syllabus.py --check    # exit 1 if docs/syllabus.md is not what the data gives

``tests/test_syllabus.py`` runs the check and that every notebook the syllabus names exists.
"""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DOC = ROOT / "docs" / "syllabus.md"
sys.path.insert(0, str(ROOT))

from lcb_lab.games.lcb.course.syllabus import markdown  # noqa: E402  (after the path, to run from a checkout)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    ap.add_argument("--check", action="store_true", help="write nothing; exit 1 if the doc is out of date")
    args = ap.parse_args(argv)
    text = markdown() + "\n"
    if args.check:
        same = DOC.exists() and DOC.read_text(encoding="utf-8") == text
        print(f"{DOC.relative_to(ROOT)}: {'up to date' if same else 'out of date: run python tools/syllabus.py'}")
        return 0 if same else 1
    DOC.write_text(text, encoding="utf-8")
    print(f"{DOC.relative_to(ROOT)}: written, {len(text.splitlines())} lines")
    return 0


if __name__ == "__main__":
    sys.exit(main())
