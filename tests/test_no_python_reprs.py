"""No Python repr in text a person reads: the golden transcripts, the notebooks' stored text
outputs and the CLI's explained log never show ``None``, a dict (``{'``), a list (``['``) or an
object address (``<... at 0x...>``)."""
from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from lcb_lab.games.lcb.plain import plain

REPO = Path(__file__).resolve().parents[1]
REPR = re.compile(r"\bNone\b|\{'|\['|<[^<>]* at 0x[0-9a-fA-F]+>")
GOLDENS = sorted((REPO / "tests" / "golden").glob("*.txt"))
NOTEBOOKS = sorted((REPO / "notebooks").glob("*.ipynb"))


def _reprs(text: str) -> list[str]:
    return [line for line in text.splitlines() if REPR.search(line)]


def _outputs(nb: Path) -> str:
    cells = json.loads(nb.read_text(encoding="utf-8"))["cells"]
    return "\n".join("".join(o.get("text") or o.get("data", {}).get("text/plain") or "")
                     for c in cells for o in c.get("outputs", []))


@pytest.mark.parametrize("line", ["Winner: None", "supply {'GA': 14}", "picks: ['1 Kilo']",
                                  "<lcb_lab.games.lcb.game.Game at 0x7f3a2c>", "range None: farther"])
def test_the_pattern_catches_each_kind_of_repr(line):
    assert _reprs(line) == [line]


@pytest.mark.parametrize("line", ["Winner: none yet", "supply GA 14", "range \u221e", "Nonesuch", "[7.53] {GA}"])
def test_the_pattern_lets_words_through(line):
    assert _reprs(line) == []


@pytest.mark.parametrize("path", GOLDENS, ids=lambda p: p.name)
def test_golden_transcripts_hold_no_repr(path):
    assert _reprs(path.read_text(encoding="utf-8")) == []


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_notebook_outputs_hold_no_repr(path):
    assert _reprs(_outputs(path)) == []


@pytest.mark.parametrize("args", [("appendix_b_combat",), ("appendix_b_combat", "--team", "RU"),
                                  ("slite_landing_lesson", "--team", "US")])
def test_cli_log_holds_no_repr(args):
    r = subprocess.run([sys.executable, "-m", "lcb_lab", *args], capture_output=True, text=True, timeout=300)
    assert r.returncode == 0 and r.stdout.count("\n") > 20
    assert _reprs(r.stdout) == []


def test_plain_words_a_value():
    assert plain({"GA": 14}) == "GA 14"
    assert plain({"US": 1, "RU": 0}) == "US 1, RU 0"
    assert plain(None) == "none" and plain([]) == "none" and plain(None, "\u2014") == "\u2014"
    assert plain([("C-2", 2)]) == "C-2 2" and plain(False) == "no"
