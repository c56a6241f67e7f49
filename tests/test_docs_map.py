"""The maps a newcomer reads stay true: every path and dotted module name the docs in :data:`MAPS`
mention exists (``docs/architecture.md``, ``docs/ui.md``, ``README.md`` and the topic docs the
architecture map points to), the architecture map stays short, and its chapter table names a
folder that exists for each rulebook chapter 3-15."""
from __future__ import annotations

import ast
import re
from functools import cache
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
ARCHITECTURE = ROOT / "docs" / "architecture.md"
MAX_LINES = 200
MAPS = ("docs/architecture.md", "docs/ui.md", "docs/rules_detail.md", "docs/scenarios.md", "docs/rules_coverage.md",
        "docs/kill_chain.md", "docs/syllabus.md", "docs/opponents.md",
        "README.md")
BASES = ("", "lcb_lab/", "lcb_lab/games/lcb/", "lcb_lab/games/lcb/rules/", "lcb_lab/ui/", "docs/")
"""Where a path a doc writes may start: the repository root, or a package folder it is inside
(``lcb/map/map.py`` is ``lcb_lab/ui/lcb/map/map.py``, ``rules/cards/chain.py`` is LC:B's)."""
CODE = re.compile(r"`([^`\n]+)`")
EXT = "py|md|toml|json|geojson|ipynb|txt|js|j2|cfg|sh|css|svg|png"
PATH = re.compile(rf"^(?:[A-Za-z_.][\w.-]*/)+(?:[A-Za-z_][\w.-]*\.(?:{EXT}))?$")
"""A path: folders ending in ``/`` or a file with a known extension (not ``3.03/3.31`` or ``Save/Load``)."""
RUNTIME = ("saves/", "test-results/", ".venv/")
"""Folders a reader's own runs make: a doc may name a file there that the repository does not hold."""
DOTTED = re.compile(r"^lcb_lab(?:\.\w+)+$")
PLACEHOLDER = re.compile(r"<\w+>|\bN\b|\.\.\.|…|\*")
"""A path written as a pattern (``ch1N``, ``<name>.toml``, ``test_*.py``) is not a file name."""


def _code_spans(text: str) -> list[str]:
    """Every inline code span and every token of a fenced block that looks like a path."""
    spans = CODE.findall(text)
    for block in re.findall(r"^```[^\n]*\n(.*?)^```", text, re.M | re.S):
        spans += re.findall(r"[\w.-]+(?:/[\w.-]*)+", block)
    return spans


def _is_path(span: str) -> bool:
    return (bool(PATH.match(span)) and not PLACEHOLDER.search(span) and not span.startswith(RUNTIME))


def paths_in(text: str) -> list[str]:
    """The repository paths a Markdown text names (in code spans), each once, in order."""
    spans = (s.rstrip(".,:;") for s in _code_spans(text))
    return list(dict.fromkeys(s for s in spans if _is_path(s)))


def dotted_in(text: str) -> list[str]:
    """The dotted names under ``lcb_lab`` a Markdown text names (``lcb_lab.kernel.odds.ChanceStep``)."""
    words = re.findall(r"\blcb_lab(?:\.\w+)+", " ".join(_code_spans(text)))
    return list(dict.fromkeys(w for w in words if DOTTED.match(w)))


def path_exists(path: str) -> bool:
    """True when ``path`` is a file or folder of the repository, from its root or a package base."""
    return any((ROOT / base / path.rstrip("/")).exists() for base in BASES)


@cache
def _top_names(module: Path) -> frozenset[str]:
    tree = ast.parse(module.read_text(encoding="utf-8"))
    names = set()
    for node in tree.body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            names.add(node.name)
        elif isinstance(node, (ast.Assign, ast.AnnAssign)):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            names |= {t.id for t in targets if isinstance(t, ast.Name)}
            if any(isinstance(t, ast.Name) and t.id == "__all__" for t in targets):
                names |= set(ast.literal_eval(node.value))       # the lazy public API
        elif isinstance(node, (ast.Import, ast.ImportFrom)):
            names |= {(a.asname or a.name).split(".")[0] for a in node.names}
    if module.name == "__init__.py":
        names |= {p.stem for p in module.parent.iterdir() if p.suffix == ".py" or (p / "__init__.py").exists()}
    return frozenset(names)


def dotted_exists(name: str) -> bool:
    """True when the longest module prefix of ``name`` is a module of the package and the rest,
    if any, starts with a name defined (or imported) at its top level."""
    parts = name.split(".")
    for n in range(len(parts), 0, -1):
        base = ROOT.joinpath(*parts[:n])
        module = base / "__init__.py" if (base / "__init__.py").exists() else base.with_suffix(".py")
        if module.exists():
            return n == len(parts) or parts[n] in _top_names(module)
    return False


def _read(rel: str) -> str:
    return (ROOT / rel).read_text(encoding="utf-8")


# ------------------------------------------------------------------ the checker itself


def test_the_checker_finds_paths_and_module_names_and_leaves_the_rest():
    text = ("See `lcb_lab/kernel/dice.py`, `rules/cards/chain.py`, `scenarios/lcb/`, `x = 1`, "
            "`lcb_lab.kernel.odds.ChanceStep`, `ch1N.py`, `scenarios/<name>.toml`, `A.Move(1, ...)`, `a/b c`.\n"
            "```\nkernel/   lcb_lab/kernel/hexgrid.py and friends\n```\n")
    assert paths_in(text) == ["lcb_lab/kernel/dice.py", "rules/cards/chain.py", "scenarios/lcb/",
                              "kernel/", "lcb_lab/kernel/hexgrid.py"]
    assert dotted_in(text) == ["lcb_lab.kernel.odds.ChanceStep"]


def test_the_checker_refuses_what_does_not_exist():
    assert path_exists("lcb_lab/kernel/dice.py") and path_exists("rules/cards/chain.py")
    assert path_exists("lcb/map/map.py") and path_exists("scenarios/lcb/lessons/")
    assert not path_exists("lcb_lab/rules/combat.py") and not path_exists("lcb_lab/widgets/")
    assert not path_exists("lcb_lab/data/scenarios/")
    assert dotted_exists("lcb_lab.kernel.odds.ChanceStep") and dotted_exists("lcb_lab.games.lcb.rules.cards")
    assert not dotted_exists("lcb_lab.kernel.odds.NoSuchThing") and not dotted_exists("lcb_lab.rules.combat")


# ------------------------------------------------------------------ the maps


@pytest.mark.parametrize("doc", MAPS)
def test_every_path_a_map_names_exists(doc):
    missing = [p for p in paths_in(_read(doc)) if not path_exists(p)]
    assert missing == []


@pytest.mark.parametrize("doc", MAPS)
def test_every_module_name_a_map_names_exists(doc):
    missing = [n for n in dotted_in(_read(doc)) if not dotted_exists(n)]
    assert missing == []


def test_the_architecture_map_is_short():
    lines = ARCHITECTURE.read_text(encoding="utf-8").splitlines()
    assert len(lines) <= MAX_LINES, f"docs/architecture.md has {len(lines)} lines; details go in docstrings or topic docs"


def _chapter_table() -> dict[int, str]:
    """Chapter number -> the text of its row in the architecture map's chapter table."""
    rows = re.findall(r"^\| *(\d{1,2}) *\|(.*)$", ARCHITECTURE.read_text(encoding="utf-8"), re.M)
    return {int(ch): rest for ch, rest in rows}


def _files_in_row(row: str) -> list[tuple[str, str]]:
    """(folder, file) for each bare file name in a chapter row, with the folder named last before it."""
    out, folder = [], ""
    for span in CODE.findall(row):
        if _is_path(span) and span.endswith("/"):
            folder = span
        elif re.fullmatch(r"[\w.]+\.(?:py|toml)", span):
            out.append((folder, span))
    return out


def test_every_bare_module_file_the_architecture_map_names_exists():
    text = ARCHITECTURE.read_text(encoding="utf-8")
    bare = set(re.findall(r"(?<![\w/.])([a-z_]\w*\.py)\b", text))
    known = {p.name for top in ("lcb_lab", "tests") for p in (ROOT / top).rglob("*.py")}
    assert bare and sorted(bare - known) == []


@pytest.mark.parametrize("chapter", range(3, 16))
def test_the_modules_a_chapter_row_names_are_in_its_folder(chapter):
    row = _chapter_table()[chapter]
    missing = [f"{folder}{name}" for folder, name in _files_in_row(row)
               if not path_exists(folder + name) and not path_exists(name)]
    assert missing == []


@pytest.mark.parametrize("chapter", range(3, 16))
def test_each_rulebook_chapter_has_a_row_naming_a_folder_that_exists(chapter):
    row = _chapter_table().get(chapter)
    assert row is not None, f"chapter {chapter} is not in the chapter table of docs/architecture.md"
    folders = [p for p in paths_in(row) if p.endswith("/")]
    assert folders, f"chapter {chapter}'s row names no folder"
    assert [f for f in folders if not path_exists(f)] == []
