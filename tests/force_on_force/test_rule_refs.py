"""Line references: every ``l.N`` the package writes lies in a known section of the text and on a
line that is not blank; :func:`cite` words a reference with its heading."""
import re
from pathlib import Path

import pytest

from lcb_lab.games.force_on_force.rule_refs import SECTIONS, cite, section_of

ROOT = Path(__file__).resolve().parents[2]
PKG = ROOT / "lcb_lab" / "games" / "force_on_force"
TEXT = Path("/work/shared/rulebook/other_games/force_on_force_infantry.txt")


def cited_lines() -> dict[int, list[str]]:
    out: dict[int, list[str]] = {}
    for f in list(PKG.rglob("*.py")) + list(PKG.rglob("*.toml")) + [ROOT / "docs" / "force_on_force.md"]:
        for m in re.finditer(r"\bl\.(\d+)\b", f.read_text(encoding="utf-8")):
            out.setdefault(int(m.group(1)), []).append(f.name)
    return out


def test_every_cited_line_lies_in_a_known_section():
    assert cited_lines()
    bad = {n: files for n, files in cited_lines().items() if not any(s.first <= n <= s.last for s in SECTIONS)}
    assert bad == {}


@pytest.mark.skipif(not TEXT.exists(), reason="the rulebook text is not on this machine")
def test_every_cited_line_holds_text():
    lines = TEXT.read_text(encoding="utf-8").splitlines()
    assert len(lines) == 427
    assert sorted(n for n in cited_lines() if not lines[n - 1].strip()) == []
    for s in SECTIONS:
        assert lines[s.first - 1].strip() and lines[s.last - 1].strip(), s


def test_cite_and_section_of():
    assert cite("l.318") == "The Reaction Test, l.318" and section_of(409).heading == "Overwatch"
    with pytest.raises(KeyError):
        section_of(390)
    with pytest.raises(ValueError):
        cite("4.2")
