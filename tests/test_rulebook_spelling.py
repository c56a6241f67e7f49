"""The rulebook's spelling: it writes "defense" and "paralyze" (US), so do the product's words
(log lines, labels, docstrings, card and unit texts, user docs).  Only the keys and values that
saves, card files and policies already hold keep the old spelling (``ga_defence``, ``no_defence``,
``air_defence``, the answer's ``defence`` field, ``Unit.paralysed``, the effects ``paralyse`` /
``reveal_paralyse``)."""
from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
RULEBOOK = Path("/work/shared/rulebook/lcb_rulebook.txt")
OLD = re.compile(r"\b(defence|defences|paralyse|paralysed|paralyses|paralysing)\b", re.I)
SAVED = re.compile(r"\b(ga_defence|no_defence|air_defence|reveal_paralyse)\b|[\"'.`]defence\b|\bdefence\s*[:=]|"
                   r"[\"'.`]paralysed?\b|\bparalysed\s*[:=]")
"""Saved keys and values (and their spelled-out uses) kept as written."""


def _files() -> list[Path]:
    out = [p for p in (ROOT / "lcb_lab").rglob("*") if p.suffix in (".py", ".toml")]
    out += [p for p in (ROOT / "scenarios").rglob("*.toml")] + list((ROOT / "docs").glob("*.md"))
    return out + [ROOT / "README.md"]


def test_the_product_spells_defense_and_paralyze_as_the_rulebook_does():
    if RULEBOOK.exists():
        book = RULEBOOK.read_text(encoding="utf-8")
        assert "defense" in book.lower() and "defence" not in book.lower() and "paralyze" in book
    bad = []
    for p in _files():
        for n, line in enumerate(p.read_text(encoding="utf-8").splitlines(), 1):
            if OLD.search(SAVED.sub("", line)):
                bad.append(f"{p.relative_to(ROOT)}:{n}: {line.strip()[:100]}")
    assert bad == []


def test_the_choice_and_the_panel_say_defense():
    from lcb_lab.games.lcb.choices import GaDefenseChoice
    from lcb_lab.ui.lcb.decisions import POLICY_LABELS
    assert (GaDefenseChoice.kind, GaDefenseChoice.title) == ("ga_defence", "GROUND ASSAULT defense")
    assert POLICY_LABELS["no_defence"][0] == "No defense fire"


def test_the_lab_asks_a_staged_ground_assault_defense():
    """The decision panel draws a GROUND ASSAULT defense choice with the offers' own
    ``Offers.defense`` (7.13): the header and the policy say defense."""
    from lcb_lab import load_scenario
    from lcb_lab.games.lcb.choices import GaDefenseChoice
    from lcb_lab.ui import open_lab
    game = load_scenario("gotland_redux", seed=1)
    game.state.push_choice(GaDefenseChoice("RU", "7.13", "Declare GROUND ASSAULT defense dice in AL-21", {
        "hex": "AL-21", "defenders": [{"uid": "1 Anna", "supply": None, "cv": 6}],
        "attackers": [{"uid": "1 Alpha", "dice": 2}]}))
    lab = open_lab(game=game, team="RU")
    assert "</span>: GROUND ASSAULT defense <span" in lab.decision.header.value
    assert lab.decision.choice.kind == "ga_defence" and lab.decision.choice.team == "RU"
