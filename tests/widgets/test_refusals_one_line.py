"""Five refusals a student makes on purpose, each one line naming the rule and why, the state unchanged:
a Move too far (5.12), an LRS out of range (7.31), a card out of its window (9.41), a Conceal by a Move
and/or Initiate Combat action (6.1), a Declare from the other team's view (3.3, 3.31).  The line fits
the lab's two-line message line at 1366x768 (:data:`~lcb_lab.ui.lab.html.MESSAGE_CHARS` a line); asked
from a notebook cell, it is printed under the cell too (the message line may be scrolled away)."""
from __future__ import annotations

import json
import re
from types import SimpleNamespace

import pytest

import lcb_lab
from lcb_lab import load_scenario
from lcb_lab.games.lcb import actions as A
from lcb_lab.ui import LabApp
from lcb_lab.ui.lab import messages
from conftest import plain_text


def _state(g) -> str:
    return json.dumps(g.state.to_dict(), sort_keys=True, default=str) + f"|{g.log_length()}|{g.history.cursor}"


def _boston():
    g = load_scenario("gotland_redux", seed=1)
    us = LabApp(g, team="US")
    us.begin_impulse("TF Boston")
    us.declare([{"kind": "move_combat", "units": ["DDG-51"]}, {"kind": "move_conceal", "units": ["DDG-80"]}])
    return g, us


def _whiskey():
    """1 Whiskey (HIMARS, LRS1 range 4) and 1 Kilo in H-9; 1 Uran face up in B-2, 10 hexes away."""
    g = lcb_lab.situation(units={"1 Uran": {"type": "runi_coastal_missile_section", "hex": "B-2", "face_up": True},
                                 "1 Whiskey": {"type": "usmc_himars_section", "hex": "H-9", "face_up": True},
                                 "1 Kilo": ("usmc_iamd_section", "H-9")}, seed=1)
    us = LabApp(g, team="US")
    us.begin_impulse("TF Blue")
    us.declare([{"kind": "move_combat", "units": ["1 Whiskey", "1 Kilo"]}])
    return g, us


def _moscow():
    """Blue (US) passes TF Boston's impulse; Red (RU) begins TF Moscow's, declaring Play a JCC (its NULLIFY card)."""
    g = load_scenario("gotland_redux", seed=1)
    us = LabApp(g, team="US")
    us.begin_impulse("TF Boston")
    us.pass_impulse()
    ru = LabApp(g, team="RU")
    ru.begin_impulse("TF Moscow")
    ru.declare([{"kind": "play_jcc", "jcc": "Attack on Command and Control"}])
    assert "Declare: done." in plain_text(ru.message.value)
    return g, ru


CASES = {
    "move too far": (_boston, lambda lab: lab.move(1, "AL-20"),
                     "Move #1 to AL-20: Refused by rule 5.12: AL-20 is out of reach for DDG-51 (MP 5). Nothing changed."),
    "LRS out of range": (_whiskey, lambda lab: lab.commit_combat(
        lrs=[{"shooter": "1 Whiskey", "slot": "LRS1", "target": "1 Uran", "dice": 2}]),
        "Commit combat: Refused by rule 7.31: 1 Uran is 10 hexes from 1 Whiskey; LRS1 range is 4. Nothing changed."),
    "card out of its window": (_moscow, lambda lab: lab.play_card("Attack on Command and Control", action=1),
                               "Play Attack on Command and Control: Refused by rule 9.41: option A is a NULLIFY: it answers "
                               "a card, or names a deployed enemy card. Nothing changed."),
    "conceal not allowed": (_boston, lambda lab: lab.conceal(1),
                            "Conceal #1: Refused by rule 6.1: action #1 is Move and/or Initiate Combat, not Move "
                            "and/or Conceal. Nothing changed."),
    "declare for the wrong team": (_boston, lambda lab: LabApp(lab.game, team="RU").declare(
        [{"kind": "move_combat", "units": ["1 Anna"]}]),
        "Declare: not from the Red (RU) view: Blue (US) is playing its impulse (3.3, 3.31) \u2014 "
        "switch to the Blue (US) view. Nothing changed."),
}


@pytest.mark.parametrize("case", list(CASES))
def test_a_refusal_reads_as_one_line_with_its_rule_and_changes_nothing(case, monkeypatch):
    make, act, want = CASES[case]
    g, lab = make()
    before = _state(g)
    said: list[LabApp] = []
    real_say, real_fail = LabApp.say, LabApp.fail
    monkeypatch.setattr(LabApp, "say", lambda self, *a, **k: (said.append(self), real_say(self, *a, **k))[1])
    monkeypatch.setattr(LabApp, "fail", lambda self, *a, **k: (said.append(self), real_fail(self, *a, **k))[1])
    assert act(lab) is None
    text = plain_text(said[-1].message.value)
    assert text == want
    assert "\n" not in text and re.search(r"\b\d+\.\d+\b", text) and text.endswith("Nothing changed.")
    assert len(text) <= 150         # two lines of the message line in JupyterLab at 1366x768, file browser open
    assert _state(g) == before


def _kernel(msg_type: str | None):
    parent = {"header": {"msg_type": msg_type}} if msg_type else {}
    return SimpleNamespace(kernel=SimpleNamespace(get_parent=lambda channel=None: parent))


def test_a_refusal_asked_from_a_cell_is_printed_under_it_but_not_one_from_a_click(monkeypatch, capsys):
    import IPython
    g, us = _boston()
    monkeypatch.setattr(IPython, "get_ipython", lambda: _kernel("execute_request"))
    assert messages.in_a_cell()
    us.move(1, "AL-20")                                 # typed in a cell
    LabApp(g, team="RU").end_impulse()                  # the wrong view, typed in a cell
    out = capsys.readouterr().out.splitlines()
    assert out == ["Move #1 to AL-20: Refused by rule 5.12: AL-20 is out of reach for DDG-51 (MP 5). Nothing changed.",
                   "End impulse: not from the Red (RU) view: Blue (US) is playing its impulse (3.3, 3.31) \u2014 "
                   "switch to the Blue (US) view. Nothing changed."]
    monkeypatch.setattr(IPython, "get_ipython", lambda: _kernel("comm_msg"))       # a click
    us.move(1, "AL-20")
    monkeypatch.setattr(IPython, "get_ipython", lambda: None)                      # no kernel
    us.move(1, "AL-20")
    assert capsys.readouterr().out == ""
    assert "Refused by rule 5.12" in plain_text(us.message.value)
