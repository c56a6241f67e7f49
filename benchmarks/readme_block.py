"""The generated blocks of figures in ``benchmarks/README.md`` (``--write-readme`` / ``--check``).

``run.py`` writes one block (``BEGIN`` ... ``END``, :data:`RUN`), ``browser.py`` another
(:data:`BROWSER`), ``strength.py`` one in ``docs/opponents.md`` (:data:`STRENGTH`).  A block's first line is a stamp naming the command that wrote it and the
SHA-256 of the rest of the block, so a figure typed in by hand (or a block written by something
else) fails ``--check``.
"""
from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass
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


@dataclass(frozen=True)
class Kind:
    """One kind of block: its markers, the command in its stamp, its columns and header fields."""
    begin: str
    end: str
    tool: str                        # "benchmarks/run.py --write-readme` (make bench-readme)"-like
    columns: tuple[str, ...]
    header_fields: dict
    heading: str

    @property
    def command(self) -> str:
        """The command as the problems name it, e.g. "run.py --write-readme"."""
        return self.tool.split("`")[0].removeprefix("benchmarks/")

    @property
    def stamp(self) -> str:
        return f"<!-- written by `{self.tool}; do not edit by hand; sha256 {{digest}} -->"

    @property
    def stamp_re(self) -> re.Pattern:
        return re.compile("^" + re.escape(self.stamp).replace(re.escape("{digest}"), "([0-9a-f]{64})") + "$")

    @property
    def table_head(self) -> str:
        return "| " + " | ".join(self.columns) + " |"


RUN = Kind(BEGIN, END, "benchmarks/run.py --write-readme` (make bench-readme)", COLUMNS, HEADER_FIELDS,
           "## Last run of `benchmarks/run.py`")
BROWSER = Kind("<!-- bench-browser:begin -->", "<!-- bench-browser:end -->",
               "benchmarks/browser.py --write-readme`", ("figure", "what", "median", "load", "ratio to reference",
                                                         "reference", "target", "verdict", "details"),
               {**{k: v for k, v in HEADER_FIELDS.items() if k not in ("mode", "reference")},
                "mode": r"(quick|full) run of \d+ s", "reference": r"reference workload [\d.]+ ms wall"},
               "## Last run of `benchmarks/browser.py`")
STRENGTH = Kind("<!-- bench-strength:begin -->", "<!-- bench-strength:end -->",
                "benchmarks/strength.py --write-docs` (make bench-strength)",
                ("pairing", "games", "wins US / RU", "margin (per game)", "95 % CI", "verdict", "CPU"),
                {"date": HEADER_FIELDS["date"], "settings": r"\d+ games a pairing, search budget [\d.]+ s CPU a decision",
                 "full": r"(the issue's full settings|below the full settings)",
                 "cores": HEADER_FIELDS["cores"], "commit": HEADER_FIELDS["commit"]},
                "## Last run of `benchmarks/strength.py`")


def render(header: str, rows: list[tuple[str, ...]], kind: Kind = RUN) -> str:
    """The whole block, markers included. ``header``: one line holding every ``kind.header_fields``
    item; ``rows``: one tuple of ``len(kind.columns)`` cells per figure."""
    lines = [header, "", kind.table_head, "|" + "|".join("---" for _ in kind.columns) + "|"]
    lines += ["| " + " | ".join(_cell(c) for c in row) + " |" for row in rows]
    body = "\n".join(lines)
    return "\n".join([kind.begin, kind.stamp.format(digest=_digest(body)), body, kind.end])


def replace_block(text: str, block: str, kind: Kind = RUN) -> str:
    """``text`` with its block replaced by ``block`` (appended under a heading when it has none)."""
    i, j = text.find(kind.begin), text.find(kind.end)
    if i < 0 or j < i:
        return text.rstrip("\n") + f"\n\n{kind.heading}\n\n" + block + "\n"
    return text[:i] + block + text[j + len(kind.end):]


def check(text: str, figures: list, kind: Kind = RUN) -> list[str]:
    """Problems with the block in ``text`` (empty when it is as ``render`` writes it, with a
    row for each of ``figures``: numbers or names, the first column)."""
    begin, end = kind.begin, kind.end
    if text.count(begin) != 1 or text.count(end) != 1 or text.find(end) < text.find(begin):
        return [f"the README needs exactly one {begin} ... {end} block"]
    inner = text[text.find(begin) + len(begin):text.find(end)].strip("\n").split("\n")
    m = kind.stamp_re.match(inner[0])
    if not m:
        return [f"the block's first line is not the stamp that {kind.command} writes"]
    body = "\n".join(inner[1:])
    problems = []
    if _digest(body) != m.group(1):
        problems.append(f"the block was edited after {kind.command} wrote it (sha256 differs)")
    problems += [f"the header line has no {name} ({pat})" for name, pat in kind.header_fields.items()
                 if not re.search(pat, inner[1] if len(inner) > 1 else "")]
    if kind.table_head not in inner:
        problems.append("the table header is not " + kind.table_head)
    rows = {ln.split("|")[1].strip() for ln in inner if ln.startswith("| ") and ln != kind.table_head}
    problems += [f"no row for figure {n}" for n in figures if str(n) not in rows]
    return problems


def check_file(path: Path, figures: list, kind: Kind = RUN) -> list[str]:
    """``check`` on the file at ``path``; a missing file is one problem."""
    if not path.exists():
        return [f"{path} does not exist"]
    return check(path.read_text(encoding="utf-8"), figures, kind)
