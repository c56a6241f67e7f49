"""The generated block of figures in ``benchmarks/README.md`` (``run.py --write-readme`` / ``--check``).

The block sits between ``BEGIN`` and ``END``; its first line is a stamp naming the command
that wrote it and the SHA-256 of the rest of the block, so a figure typed in by hand (or a
block written by something else) fails ``--check``.
"""
from __future__ import annotations

import hashlib
import re
from pathlib import Path

BEGIN = "<!-- bench:begin -->"
END = "<!-- bench:end -->"
STAMP = ("<!-- written by `benchmarks/run.py --write-readme` (make bench-readme); do not edit by hand; "
         "sha256 {digest} -->")
STAMP_RE = re.compile(r"^<!-- written by `benchmarks/run\.py --write-readme` \(make bench-readme\); "
                      r"do not edit by hand; sha256 ([0-9a-f]{64}) -->$")
COLUMNS = ("#", "figure", "CPU", "load", "ratio to reference", "target", "target as ratio", "verdict", "value")
TABLE_HEAD = "| " + " | ".join(COLUMNS) + " |"
HEADER_FIELDS = {
    "date": r"Measured \d{4}-\d\d-\d\d \d\d:\d\d UTC",
    "mode": r"(quick|full) run of \d+ s",
    "cores": r"\d+ cores \(\d+ usable\)",
    "load": r"load average -?\d+\.\d\d at the start",
    "reference": r"reference workload [\d.]+ (ms|s|\u00b5s) CPU",
    "commit": r"lcb_lab at \S+",
}


def _digest(body: str) -> str:
    return hashlib.sha256(body.encode("utf-8")).hexdigest()


def _cell(text: str) -> str:
    return str(text).replace("|", "/").replace("\n", " ")


def render(header: str, rows: list[tuple[str, ...]]) -> str:
    """The whole block, markers included. ``header``: one line holding every ``HEADER_FIELDS``
    item; ``rows``: one tuple of ``len(COLUMNS)`` cells per figure."""
    lines = [header, "", TABLE_HEAD, "|" + "|".join("---" for _ in COLUMNS) + "|"]
    lines += ["| " + " | ".join(_cell(c) for c in row) + " |" for row in rows]
    body = "\n".join(lines)
    return "\n".join([BEGIN, STAMP.format(digest=_digest(body)), body, END])


def replace_block(text: str, block: str) -> str:
    """``text`` with its block replaced by ``block`` (appended under a heading when it has none)."""
    i, j = text.find(BEGIN), text.find(END)
    if i < 0 or j < i:
        return text.rstrip("\n") + "\n\n## Last run of `benchmarks/run.py`\n\n" + block + "\n"
    return text[:i] + block + text[j + len(END):]


def check(text: str, figures: list[int]) -> list[str]:
    """Problems with the block in ``text`` (empty when it is as ``render`` writes it, with a
    row for each number in ``figures``)."""
    if text.count(BEGIN) != 1 or text.count(END) != 1 or text.find(END) < text.find(BEGIN):
        return [f"the README needs exactly one {BEGIN} ... {END} block"]
    inner = text[text.find(BEGIN) + len(BEGIN):text.find(END)].strip("\n").split("\n")
    m = STAMP_RE.match(inner[0])
    if not m:
        return ["the block's first line is not the stamp that run.py --write-readme writes"]
    body = "\n".join(inner[1:])
    problems = []
    if _digest(body) != m.group(1):
        problems.append("the block was edited after run.py --write-readme wrote it (sha256 differs)")
    problems += [f"the header line has no {name} ({pat})" for name, pat in HEADER_FIELDS.items()
                 if not re.search(pat, inner[1] if len(inner) > 1 else "")]
    if TABLE_HEAD not in inner:
        problems.append("the table header is not " + TABLE_HEAD)
    rows = {ln.split("|")[1].strip() for ln in inner if ln.startswith("| ") and ln != TABLE_HEAD}
    problems += [f"no row for figure {n}" for n in figures if str(n) not in rows]
    return problems


def check_file(path: Path, figures: list[int]) -> list[str]:
    """``check`` on the file at ``path``; a missing file is one problem."""
    if not path.exists():
        return [f"{path} does not exist"]
    return check(path.read_text(encoding="utf-8"), figures)
