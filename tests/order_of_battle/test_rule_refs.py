"""Line references: every ``l.N`` the package, its data and its page write lies in a known
section of the text and on a line that is not blank; every refusal and log line cites one."""
import re
from pathlib import Path

import pytest

from lcb_lab.games.order_of_battle.game import new_game
from lcb_lab.games.order_of_battle.rule_refs import REF, SECTIONS, cite, section_of
from lcb_lab.kernel.autoplay import play_random

ROOT = Path(__file__).resolve().parents[2]
PKG = ROOT / "lcb_lab" / "games" / "order_of_battle"
TEXT = Path("/work/shared/rulebook/other_games/ccg_order_of_battle.txt")


def cited_lines() -> dict[int, list[str]]:
    out: dict[int, list[str]] = {}
    for f in list(PKG.rglob("*.py")) + list(PKG.rglob("*.toml")) + [ROOT / "docs" / "order_of_battle.md"]:
        for m in re.finditer(r"\bl\.(\d+)\b", f.read_text(encoding="utf-8")):
            out.setdefault(int(m.group(1)), []).append(f.name)
    return out


def test_every_cited_line_lies_in_a_known_section():
    assert len(cited_lines()) > 30
    assert {n: f for n, f in cited_lines().items() if not any(s.first <= n <= s.last for s in SECTIONS)} == {}


@pytest.mark.skipif(not TEXT.exists(), reason="the rule text is not on this machine")
def test_every_cited_line_holds_text():
    lines = TEXT.read_text(encoding="utf-8").splitlines()
    assert len(lines) == 135
    assert sorted(n for n in cited_lines() if not lines[n - 1].strip()) == []
    for s in SECTIONS:
        assert lines[s.first - 1].strip() and lines[s.last - 1].strip(), s


def test_every_log_line_of_a_game_cites_its_lines():
    g = new_game(3, seed=2)
    play_random(g, 2, 20000)
    assert g.state.phase == "over"
    for e in g.state.log:
        assert e["rules"] and all(REF.match(r) and section_of(int(r[2:])) for r in e["rules"]), e


def test_cite_and_section_of():
    assert cite("l.95") == "A. Skirmish Subphase, l.95" and section_of(106).heading == "B. Aftermath Subphase"
    with pytest.raises(KeyError):
        section_of(11)
