"""No internal card id reaches what a student reads: the golden transcripts, the notebooks'
stored outputs, the rich displays (repr / HTML) of cards, units, games and pending choices,
and the lessons' pending-choice text name a card by its name (or "an Attached card", "a
hidden card"), never by the id the engine files it under.

A card id is ``<team>-<n>`` (``"US-2"``, ``"RU-10"``; :func:`lcb_lab.games.lcb.rules.cards.jcc.add_card`),
also inside a CV slot (``"RU-3:INT1"``).  Unit designators (``DDG-51``, ``FFG-454``) and hex
labels (``AL-21``) do not have that form.  Two places keep the id on purpose and are left out:
a JCC submarine's designator is its type's abbreviation and its card's id (``"SSK RU-7"``,
:func:`lcb_lab.games.lcb.rules.submarines.sot.put_in_play`), a unit name; and a transcript's ``Action:`` line is
the typed action as JSON, the machine form a save file and the API use.
"""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from IPython.core.interactiveshell import InteractiveShell

import lcb_lab
from lcb_lab.games.lcb.content import playthrough
from lcb_lab.games.lcb.model.catalog import load_catalog
from lcb_lab.games.lcb.content.lesson import Lesson, pending_text

ROOT = Path(__file__).resolve().parents[1]
CARD_ID = re.compile(r"(?<![\w-])(?:US|RU)-\d+\b")
SUB_ABBREVS = sorted({t.abbrev for t in load_catalog().units.values() if t.is_submarine})
SUB_NAME = re.compile(rf"\b(?:{'|'.join(map(re.escape, SUB_ABBREVS))}) (?:US|RU)-\d+\b") if SUB_ABBREVS else None


def card_ids(text: str) -> list[str]:
    """The card ids in ``text``, not counting a JCC submarine's designator (``"SSK RU-7"``)."""
    text = SUB_NAME.sub("", text) if SUB_NAME else text
    return CARD_ID.findall(text)


def test_the_pattern_finds_card_ids_and_passes_designators_and_hexes():
    assert card_ids("2 Anna RU-3:INT1, card Attack on Command and Control (RU-10), picks: US-1") == [
        "RU-3", "RU-10", "US-1"]
    assert card_ids("DDG-51 fires at FFG-454 in AL-21; DDG(X)-106; hidden:AL-29:0; SOF-1") == []
    if SUB_NAME:
        assert card_ids(f"{SUB_ABBREVS[0]} US-7 moves") == []


# ---------------------------------------------------------------- golden transcripts
@pytest.mark.parametrize("kind", sorted(playthrough.KINDS))
def test_golden_transcripts_name_cards_not_ids(kind):
    text = playthrough.golden_path(kind).read_text(encoding="utf-8")
    found = [(n, line) for n, line in enumerate(text.splitlines(), 1)
             if not line.startswith("Action: ") and card_ids(line)]
    assert found == []
    assert any(line.startswith("Action: ") for line in text.splitlines())


# ---------------------------------------------------------------- notebooks' stored outputs
NOTEBOOKS = sorted((ROOT / "notebooks").glob("*.ipynb"))


def _output_text(output: dict) -> str:
    data = output.get("data", {})
    parts = [output.get("text", ""), data.get("text/plain", ""), data.get("text/html", ""),
             output.get("evalue", "")]
    return "\n".join("".join(p) if isinstance(p, list) else str(p) for p in parts)


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_notebook_outputs_name_cards_not_ids(path):
    nb = json.loads(path.read_text(encoding="utf-8"))
    found = [(i, ids) for i, cell in enumerate(nb["cells"]) if cell["cell_type"] == "code"
             for ids in [card_ids("\n".join(_output_text(o) for o in cell.get("outputs", [])))] if ids]
    assert found == []


# ---------------------------------------------------------------- rich displays and lesson text
@pytest.fixture(scope="module")
def fmt():
    return InteractiveShell.instance().display_formatter.format


def _shown(fmt, obj) -> str:
    data, _ = fmt(obj)
    return data.get("text/plain", "") + "\n" + data.get("text/html", "")


@pytest.mark.parametrize("lesson", ["appendix_b_combat", "appendix_b_turn1", "slite_landing_lesson"])
def test_lessons_show_cards_and_choices_by_name(lesson, fmt):
    """Every step of a lesson with cards: the pending choice (repr, HTML, the lesson's text),
    then every card, unit and the game at the end."""
    les = Lesson(lesson)
    game = les.game
    seen = 0
    for _ in les.steps():
        if game.pending is not None:
            seen += 1
            assert card_ids(_shown(fmt, game.pending) + "\n" + pending_text(game)) == [], pending_text(game)
    objects = [game, *game.state.cards.values(), *game.state.units.values()]
    assert game.state.cards and seen
    assert [card_ids(_shown(fmt, o)) for o in objects] == [[] for _ in objects]
