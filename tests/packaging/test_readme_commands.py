"""The commands README.md, docs/*.md and benchmarks/README.md show work as written.

A command that runs something of the checkout (``-m lcb_lab``, ``tools/``, ``scripts/``, ``benchmarks/``,
pytest, an editable install) names the checkout's ``.venv`` as the README's own lines do: a bare
``python`` is no command on a fresh Debian (python3 only) and, where it is one, another interpreter
without lcb_lab's requirements.  The README says which commands need the checkout and what a wheel
user types instead, and every ``python -m lcb_lab`` line the documents show runs, in their order,
from an empty folder (the packaged lessons and scenarios need no checkout)."""
from __future__ import annotations

import re
import shlex
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
DOCS = [ROOT / "README.md", ROOT / "benchmarks" / "README.md", *sorted((ROOT / "docs").glob("*.md"))]


def commands(text: str) -> list[str]:
    """The shell commands of a Markdown text: each line of its ``sh``/``bash`` fenced blocks and of its
    4-space indented blocks (comments cut), and each inline code span; the other fenced blocks (Python,
    TOML, diagrams) left out."""
    out: list[str] = []
    for lang, body in re.findall(r"```(\w*)\n(.*?)```", text, re.S):
        if lang in ("sh", "bash", "console"):
            out += [_uncommented(ln) for ln in body.splitlines()]
    prose = re.sub(r"```.*?```", "", text, flags=re.S)
    out += [_uncommented(ln) for ln in prose.splitlines() if ln.startswith("    ") and ln.strip()]
    out += re.findall(r"`([^`\n]+)`", prose)
    return [c for c in out if c]


def _uncommented(line: str) -> str:
    return re.split(r"\s#\s|\s#$", line)[0].strip()


CHECKOUT_RUN = re.compile(r"(?<![\w/.-])(?<!-m )(python3?|pytest|pip)\s+(-m lcb_lab|-m pytest|tools/|scripts/|benchmarks/|"
                          r"tests\b|-e\b|install -e\b)")


def test_the_commands_extracted_include_the_readmes_own():
    found = commands((ROOT / "README.md").read_text(encoding="utf-8"))
    assert "make lab" in found and ".venv/bin/python -m lcb_lab appendix_b_combat --json" in found
    assert ".venv/bin/python benchmarks/run.py --only 3,9" in commands(
        (ROOT / "benchmarks" / "README.md").read_text(encoding="utf-8"))
    assert CHECKOUT_RUN.search("python tools/build_map.py") and CHECKOUT_RUN.search("pytest tests/map -q")
    assert not CHECKOUT_RUN.search(".venv/bin/python -m lcb_lab x") and not CHECKOUT_RUN.search("pip install lcb_lab")


def test_a_command_run_from_the_checkout_names_its_venv():
    bare = [f"{p.relative_to(ROOT)}: {c}" for p in DOCS for c in commands(p.read_text(encoding="utf-8"))
            if CHECKOUT_RUN.search(c)]
    assert bare == [], "\n".join(bare)


def test_the_readme_says_which_commands_need_the_checkout_and_what_a_wheel_user_types():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    top = readme[:readme.index("## What's where")]
    assert "Every `make` and `.venv/...` line below runs in the repository's top folder" in top
    replay = readme[readme.index("## Replay a lesson without a browser"):readme.index("The lesson replays turn 1")]
    assert "Installed from a wheel, the same lines are `lcb-lab appendix_b_combat`" in replay
    app = readme[readme.index("## The lab as an app, offline"):readme.index("No request leaves the machine.")]
    assert "notebooks/00_start_here.ipynb`, from a checkout: from a wheel,\nname a notebook of your own" in app


def _lcb_lab_lines() -> list[str]:
    """Every ``.venv/bin/python -m lcb_lab ...`` command of the documents, in order, duplicates once; not
    ``golden --regen`` (it rewrites the checkout's tests/golden: ``make golden``, tests/engine/test_cli_tripwires.py)."""
    seen: dict[str, None] = {}
    for p in DOCS:
        for c in commands(p.read_text(encoding="utf-8")):
            if c.startswith(".venv/bin/python -m lcb_lab ") and "golden --regen" not in c:
                seen.setdefault(c, None)
    return list(seen)


def test_every_lcb_lab_line_of_the_documents_runs_from_an_empty_folder(tmp_path):
    lines = _lcb_lab_lines()
    assert ".venv/bin/python -m lcb_lab slite_landing_lesson" in lines and len(lines) >= 7
    for line in lines:                                   # the README's order: --save game.json before --load
        run = subprocess.run([sys.executable, *shlex.split(line)[1:]], capture_output=True, text=True,
                             cwd=tmp_path, timeout=300)
        assert run.returncode == 0 and run.stdout.strip(), f"{line}: {run.stderr[-1000:]}"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["game.json", "planning.json", "review.html"]


def test_an_extra_is_quoted_where_a_shell_would_glob_it():
    """``.[mapbuild]`` unquoted is a glob: zsh stops with "no matches found"."""
    shown = [c for p in DOCS for c in commands(p.read_text(encoding="utf-8")) if re.search(r"\s\.\[\w+\]", c)]
    assert shown == []
