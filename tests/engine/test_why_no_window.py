"""``Game.pending`` is None when no response window opened; ``Game.why_no_window`` says why in
words with the rule (7.53), and notebook 01 run with 1 Kilo moved out of range shows that
instead of an ``AttributeError`` on ``g.pending.prompt``."""
from __future__ import annotations

from pathlib import Path

import nbformat
import pytest
from nbclient import NotebookClient

from lcb_lab.games.lcb.content.worked.ch07 import LRS_737, example_737
from lcb_lab.games.lcb.actions import (
    Answer,
    AnswerIntercept,
    BeginImpulse,
    CommitCombat,
    CoreAction,
    Declare,
    Intercept,
    LrsAttack,
    ResolveCombat)
from lcb_lab.kernel.errors import IllegalAction, InputError

NB = Path(__file__).resolve().parents[2] / "notebooks" / "01_lrs_and_intercept.ipynb"
FAR = "No INTERCEPT window: 1 Kilo is 3 hexes from 1 Whiskey; its INTERCEPT reaches 2 hexes (7.53)"
OPEN = "A window is open: US must answer: Allocate INTERCEPT dice against each LRS attack before any roll (7.54)"


def _staged(kilo: str):
    g = example_737("situation", kilo_hex=kilo)
    assert g.why_no_window() == "No response window: no impulse is under way, so nothing waits for an answer"
    g.apply(BeginImpulse("TF Red"))
    g.apply(Declare((CoreAction("move_combat", ("1 Uran",)),)))
    assert g.why_no_window() == ("No INTERCEPT window: TF Red has committed no LRS this impulse, so there is "
                                 "nothing to intercept (7.54)")
    g.apply(CommitCombat(lrs=(LRS_737,)))
    return g


def test_out_of_range_interceptor_is_named_with_its_rule():
    g = _staged("F-9")
    assert g.pending is None and g.to_act() == "chance"
    assert g.why_no_window() == FAR
    assert g.why_no_window("US") == FAR and g.why_no_window("instructor") == FAR
    # the attacker is not told where the defender's IAMD stands
    assert g.why_no_window("RU") == "No INTERCEPT window: no US IAMD value could intercept the LRS on its targets (7.53)"
    with pytest.raises(InputError):
        g.why_no_window("us")


def test_answer_without_a_window_is_refused_in_words():
    g = _staged("F-9")
    with pytest.raises(IllegalAction) as e:
        g.apply(AnswerIntercept(intercepts=(Intercept("1 Kilo", "INT1", "1 Whiskey", 2),)))
    assert (e.value.rule, e.value.reason) == ("7.010", "no choice is pending \u2014 no INTERCEPT window: no US IAMD "
                                                        "value could intercept the LRS on its targets (7.53)")


def test_preview_refuses_an_interceptor_out_of_range():
    g = _staged("F-9")
    with pytest.raises(IllegalAction) as e:
        g.preview_lrs([{"shooter": "1 Uran", "slot": "LRS1", "target": "1 Whiskey", "dice": 2}],
                      [{"interceptor": "1 Kilo", "slot": "INT1", "target": "1 Whiskey", "dice": 2}])
    assert (e.value.rule, e.value.reason) == ("7.53", "1 Kilo is 3 hexes from 1 Whiskey; its INTERCEPT reaches 2 hexes")


def test_preview_refuses_more_intercept_dice_than_the_supply_as_the_answer_does():
    """Notebook 01, cell 9 with 9 dice: the preview refuses what ``is_legal`` refuses, same rule and words."""
    g = _staged("F-6")
    nine = Intercept("1 Kilo", "INT1", "1 Whiskey", 9)
    assert g.is_legal(AnswerIntercept(intercepts=(nine,))) is False
    with pytest.raises(IllegalAction) as answered:
        g.fork().apply(AnswerIntercept(intercepts=(nine,)))
    with pytest.raises(IllegalAction) as previewed:
        g.preview_lrs([{"shooter": "1 Uran", "slot": "LRS1", "target": "1 Whiskey", "dice": 2}],
                      [{"interceptor": "1 Kilo", "slot": "INT1", "target": "1 Whiskey", "dice": 9}])
    assert (previewed.value.rule, previewed.value.reason) == ("7.58", "1 Kilo allocates 9 INT1 dice but has 8 INT1 supply")
    assert str(previewed.value) == str(answered.value)
    eight = g.preview_lrs([LrsAttack("1 Uran", "LRS1", "1 Whiskey", 2)], [Intercept("1 Kilo", "INT1", "1 Whiskey", 8)])
    assert eight["1 Whiskey"]["summary"] == "P(at least 1 HP) 0.2%, P(destroyed) 0.0%, expected HP lost 0.00 of 2"


def test_open_then_answered_then_resolved():
    g = _staged("F-6")
    assert g.why_no_window() == OPEN
    g.apply(Answer())
    assert g.why_no_window() == ("No INTERCEPT window: this combat's window is closed, it was answered before "
                                 "the dice (7.54)")
    g.apply(ResolveCombat())
    if g.pending is not None:      # 4.22, 6.11: 1 Kilo is a back to RU, so US is asked about MILDECs (none there)
        assert (g.pending.kind, g.pending.options.mildecs) == ("mildec", 0)
        g.apply(g.pending.answer_from({"absorb": 0}))
    assert g.why_no_window() in ("No INTERCEPT window: this impulse's combat is resolved (7.010)",
                                 "No response window: no impulse is under way, so nothing waits for an answer")


def test_notebook_01_with_1_kilo_out_of_range_explains_instead_of_crashing():
    nb = nbformat.read(NB, as_version=4)
    stage = nb.cells[3]
    assert 'example_737(kilo_hex="F-6")' in stage.source
    stage.source = stage.source.replace('example_737(kilo_hex="F-6")', 'example_737(kilo_hex="F-9")')
    nb.cells = nb.cells[:18]                                      # the staged part: up to undo / goto
    NotebookClient(nb, timeout=300, kernel_name="python3", allow_errors=True,
                   resources={"metadata": {"path": str(NB.parent)}}).execute()
    errors = [(i, o) for i, c in enumerate(nb.cells) if c.cell_type == "code" for o in c.outputs
              if o.output_type == "error"]
    assert [(i, o.ename) for i, o in errors] == [(12, "IllegalAction"), (15, "IllegalAction")]  # the answer, the fork
    assert all(len(o.traceback) == 1 and o.traceback[0].startswith("IllegalAction: Refused by rule ")
               for _, o in errors)
    no_window = ("IllegalAction: Refused by rule 7.010: no choice is pending \u2014 no INTERCEPT window: no US IAMD "
                 "value could intercept the LRS on its targets (7.53)")
    assert [o.traceback for _, o in errors] == [[no_window], [no_window]]
    assert "".join(o.get("text", "") for o in nb.cells[9].outputs) == (
        "P(at least 1 HP) 64.0%, P(destroyed) 16.0%, expected HP lost 0.80 of 2\n")   # no INTERCEPT in the odds
    text = "".join(o.get("text", "") for o in nb.cells[7].outputs)
    assert text.splitlines()[0] == FAR
    undo = "".join(o.get("text", "") for o in nb.cells[17].outputs)
    assert "after undo(2): No INTERCEPT window: TF Red has committed no LRS" in undo


def _run_staged_part(edit) -> list[tuple[int, list[str]]]:
    """Notebook 01's staged part (cells up to undo / goto) with ``edit(cells)`` applied:
    ``(cell index, traceback lines)`` of every error output."""
    nb = nbformat.read(NB, as_version=4)
    nb.cells = nb.cells[:18]
    edit(nb.cells)
    NotebookClient(nb, timeout=300, kernel_name="python3", allow_errors=True,
                   resources={"metadata": {"path": str(NB.parent)}}).execute()
    return [(i, o.traceback) for i, c in enumerate(nb.cells) if c.cell_type == "code" for o in c.outputs
            if o.output_type == "error"]


def test_notebook_01_after_a_bad_hex_shows_one_line_per_cell_naming_the_cause():
    def bad_hex(cells):
        assert 'example_737(kilo_hex="F-6")' in cells[3].source
        cells[3].source = cells[3].source.replace('kilo_hex="F-6"', 'kilo_hex="Z-99"')
    errors = _run_staged_part(bad_hex)
    cause = "ScenarioError: <situation>: units.1 Kilo.hex: 'Z-99' is not a hex of the test map"
    g_line = f"NameError: `g` is not defined — an earlier cell stopped ({cause}); fix that cell and run it again."
    odds_line = g_line.replace("`g`", "`odds_737`")          # cell 9 stopped before it set odds_737: same cause
    assert errors == [(3, [cause]), (5, [g_line]), (7, [g_line]), (9, [g_line]), (10, [odds_line]),
                      (12, [g_line]), (15, [g_line]), (17, [g_line])]


def test_notebook_01_after_a_refused_act_shows_no_traceback():
    def refused(cells):
        assert 'BeginImpulse("TF Red")' in cells[5].source
        cells[5].source = cells[5].source.replace('BeginImpulse("TF Red")', 'BeginImpulse("TF Blue")')
    errors = _run_staged_part(refused)
    assert errors == [
        (5, ["IllegalAction: Refused by rule 3.3: TF Blue cannot go now: it is RU's turn to take an impulse"]),
        (12, ["IllegalAction: Refused by rule 7.010: no choice is pending \u2014 no response window: no impulse is "
              "under way, so nothing waits for an answer"]),
        (15, ["LabError: fork: the record has steps 0..0, not 3"]),      # not a NameError on `committed`
        (17, ["LabError: undo: 0 step(s) can be undone, not 2"])]
