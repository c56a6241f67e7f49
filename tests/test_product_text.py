"""What a user reads names the thing, never the ticket that added it ("issue 7", "issue-8").

Scanned: every notebook (sources and stored outputs), the user docs, the golden transcripts,
the packaged data files, every string literal of the package that is not a docstring (log lines,
labels, tooltips, refusals, the lab's CSS), every widget text of the lab at start, and the CLI's
``--help``.  Code comments and docstrings are not product text, but a newcomer reads them too: the
whole source (package, tests, tools, scripts, benchmarks, docs, build files) and its file names are
scanned as well (this file excepted: it spells ticket numbers out to test the scanner).
"""
from __future__ import annotations

import ast
import re
import subprocess
import sys
from pathlib import Path

import pytest

from lcb_lab import load_scenario
from lcb_lab.ui import LabApp
from tests.widgets.conftest import widget_texts

ROOT = Path(__file__).resolve().parents[1]
TICKET = re.compile(r"\bissues?[ -]?#?\d", re.I)
"""A ticket number: "issue 6", "issue-8", "(issue 7)", "issues 5", "issue #4"."""
USER_DOCS = ("README.md", "binder/README.md", "docs/ui.md", "docs/scenarios.md", "docs/cards.md",
             "docs/catalog.md", "benchmarks/README.md")


SOURCE_TICKET = re.compile(r"(?<![a-z])issues?[ _-]?#?\d", re.I)
"""A ticket number in source: as :data:`TICKET`, and also inside a name ("ISSUE8_KINDS", "test_issue8")."""
SOURCE_DIRS = ("lcb_lab", "scenarios", "tests", "tools", "scripts", "benchmarks", "docs", "binder", "notebooks")
SOURCE_TOP = ("README.md", "Makefile", "pyproject.toml", "MANIFEST.in")
TEXT_SUFFIXES = {".py", ".md", ".toml", ".txt", ".json", ".geojson", ".js", ".css", ".j2", ".sh", ".ipynb",
                 ".cfg", ".ini", ".yml", ".yaml", ""}


def _hits(text: str) -> list[str]:
    return [text[max(0, m.start() - 40):m.end() + 20] for m in TICKET.finditer(text)]


def _files() -> list[Path]:
    return ([ROOT / d for d in USER_DOCS] + sorted((ROOT / "notebooks").glob("*.ipynb"))
            + sorted((ROOT / "tests" / "golden").glob("*.txt")) + sorted((ROOT / "lcb_lab" / "games" / "lcb" / "data").rglob("*.toml"))
            + sorted((ROOT / "scenarios").rglob("*.toml")))


def _source_files() -> list[Path]:
    """Every text file of the source tree, this scanner excepted (caches and build output skipped)."""
    found = [ROOT / name for name in SOURCE_TOP]
    for d in SOURCE_DIRS:
        found += [p for p in sorted((ROOT / d).rglob("*")) if p.is_file() and p.suffix in TEXT_SUFFIXES
                  and not {"__pycache__", ".ipynb_checkpoints", ".pytest_cache"} & set(p.parts)]
    return [p for p in found if p != Path(__file__).resolve()]


def _source_hits(path: Path) -> list[str]:
    text = path.read_text(encoding="utf-8", errors="replace")
    return [text[max(0, m.start() - 40):m.end() + 20] for m in SOURCE_TICKET.finditer(text)]


def _literals(path: Path) -> list[str]:
    """The string literals of a module that are not docstrings (f-strings' constant parts included)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    docs = set()
    for node in ast.walk(tree):
        body = getattr(node, "body", None)
        if isinstance(body, list):                # module / class / function docstrings and attribute docstrings
            docs |= {id(s.value) for s in body if isinstance(s, ast.Expr) and isinstance(s.value, ast.Constant)}
    return [n.value for n in ast.walk(tree)
            if isinstance(n, ast.Constant) and isinstance(n.value, str) and id(n) not in docs]


def test_the_scanner_finds_ticket_numbers_and_nothing_else(tmp_path):
    for text in ("(issue 7)", "issue-8: markers", "Issue 6, item 2", "issues 5 and 6", "issue #4"):
        assert _hits(text), text
    for text in ("no issue", "tissue 8", "an issue with 7.37", "issued 3 cards"):
        assert not _hits(text), text
    mod = tmp_path / "m.py"
    mod.write_text("'''Doc (issue 5).'''\nx = 1\n'''Attr doc (issue 6).'''\ny = f'a {x} (issue 7)'\n",
                   encoding="utf-8")
    assert _literals(mod) == ["a ", " (issue 7)"]


def test_the_source_scanner_finds_names_too():
    for text in ("(issue 7)", "issue-8: markers", "ISSUE8_KINDS", "test_hostile_issue8_saves", "Issue 6's", "issue_8"):
        assert SOURCE_TICKET.search(text), text
    for text in ("no issue", "tissue 8", "an issue with 7.37", "issued 3 cards", "issues, 7.53"):
        assert not SOURCE_TICKET.search(text), text
    names = {p.relative_to(ROOT).as_posix() for p in _source_files()}
    assert {"lcb_lab/games/lcb/game.py", "tests/engine/test_import_graph.py", "tools/build_map.py", "docs/architecture.md",
            "docs/rules_coverage.md", "Makefile", "README.md", "scenarios/lcb/gotland_redux.toml"} <= names
    user_text = {p.relative_to(ROOT).as_posix() for p in _files()}   # the scenarios and lessons are read by users
    assert {"scenarios/lcb/slite_landing.toml", "scenarios/lcb/lessons/appendix_b_combat.toml",
            "lcb_lab/games/lcb/data/units.toml", "notebooks/00_start_here.ipynb"} <= user_text
    assert "tests/test_product_text.py" not in names and not any(n.endswith((".png", ".pyc")) for n in names)


def test_no_ticket_number_in_the_source_comments_docstrings_or_file_names():
    found = [f"{p.relative_to(ROOT)}: {h!r}" for p in _source_files() for h in _source_hits(p)]
    found += [str(p.relative_to(ROOT)) for p in _source_files() if SOURCE_TICKET.search(p.name)]
    assert found == []


@pytest.mark.parametrize("path", _files(), ids=lambda p: str(p.relative_to(ROOT)))
def test_no_ticket_number_in_a_notebook_doc_transcript_or_data_file(path):
    assert _hits(path.read_text(encoding="utf-8")) == []


def test_no_ticket_number_in_the_package_strings():
    found = {f"{p.relative_to(ROOT)}: {h}" for p in sorted((ROOT / "lcb_lab").rglob("*.py"))
             for s in _literals(p) for h in _hits(s)}
    assert found == set()


def test_no_ticket_number_in_the_lab_at_start(tmp_path):
    lab = LabApp(load_scenario("gotland_redux", seed=1), files_dir=tmp_path)
    texts = widget_texts(lab.widget)
    assert len(texts) > 50                                   # the walk did reach the panels
    assert [h for t in texts for h in _hits(t)] == []


@pytest.mark.parametrize("module", ["lcb_lab", "lcb_lab.games.lcb.content.playthrough"])
def test_no_ticket_number_in_the_cli_help(module):
    r = subprocess.run([sys.executable, "-m", module, "--help"], capture_output=True, text=True, cwd=ROOT,
                       timeout=120)
    assert r.returncode == 0 and r.stdout.startswith("usage: "), r.stderr[-500:]
    assert _hits(r.stdout + r.stderr) == []
