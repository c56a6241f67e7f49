"""The message after an answer names what was chosen, in the rulebook's words, as the answering
view may know it (7.54, 7.13, 4.22, 9.46, 10.311, 13.33, 16.0): never "Answer: done."."""
from __future__ import annotations

import numpy as np
import pytest

from lcb_lab import load_scenario
from lcb_lab.games.lcb import actions as A
from lcb_lab.games.lcb.choices import EmbarkLossesChoice, EventChoice, GaDefenseChoice, MildecChoice, MineAttackChoice
from lcb_lab.ui import LabApp
from lcb_lab.ui.lcb.answer_words import ANSWER_CHARS, and_list, answer_line
from conftest import plain_text

THREE_DICE = ("Red (RU) answered: 2 Anna (INT1 of Pantsir-SM: IAMD) and FFG-454 INTERCEPT (3 dice) against the "
              "LRS at 1 Anna (7.54).")


def _lrs_at_1_anna():
    """Gotland Redux, seed 1: 1 Anna revealed; DDG-51 commits 4 LRS dice at it: RU's INTERCEPT question."""
    g = load_scenario("gotland_redux", seed=1)
    g.apply(A.ScriptedEffect(effect="reveal", units=("1 Anna",)))
    us = LabApp(g, team="US")
    us.begin_impulse("TF Boston")
    us.declare([{"kind": "move_combat", "units": ["DDG-51"]}])
    us.commit_combat(lrs=[{"shooter": "DDG-51", "slot": "LRS1", "target": "1 Anna", "dice": 4}])
    assert g.pending is not None and g.pending.kind == "intercept" and g.pending.team == "RU"
    return g


def _answer_with_dice(g, team: str = "RU") -> str:
    """2 dice of 2 Anna's Attached Pantsir-SM and 1 of FFG-454, entered in ``team``'s decision panel."""
    lab = LabApp(g, team=team)
    boxes = {spec["interceptor"]: box for spec, box in lab.decision._inputs}
    boxes["2 Anna"].value, boxes["FFG-454"].value = 2, 1
    lab.decision.answer_button.click()
    assert g.pending is None
    return plain_text(lab.message.value)


def test_the_intercept_answer_names_the_units_their_dice_and_the_target():
    assert _answer_with_dice(_lrs_at_1_anna()) == THREE_DICE


def test_the_instructor_answering_for_red_reads_the_same_line():
    assert _answer_with_dice(_lrs_at_1_anna(), team="instructor") == THREE_DICE


def test_a_policy_answer_names_the_policy_and_what_it_chose():
    g = _lrs_at_1_anna()
    ru = LabApp(g, team="RU")
    ru.answer_policy("no_intercept")
    assert plain_text(ru.message.value) == "Red (RU) answered (Never INTERCEPT): no INTERCEPT (7.54)."


def test_a_refused_answer_names_the_act_then_a_typed_decline_names_what_it_chose():
    g = _lrs_at_1_anna()
    ru = LabApp(g, team="RU")
    before = g.state.to_dict()
    ru.answer([{"interceptor": "FFG-454", "slot": "INT1", "target": "1 Anna", "dice": 99}])
    said = plain_text(ru.message.value)
    assert said.startswith("Answer: Refused by rule") and "answered" not in said, said
    assert g.state.to_dict() == before and g.pending is not None
    ru.apply(A.Answer())                                # the bare Answer declines (no INTERCEPT)
    assert g.pending is None
    assert plain_text(ru.message.value) == "Red (RU) answered: no INTERCEPT (7.54)."


RU_UNITS = ("1 Anna", "2 Anna", "3 Anna", "1 Yelena", "1 Zhuk", "DDG-605", "1 Tanya", "Ivan Co", "FFG-454")


def _every_interceptor_at(targets: tuple[str, ...]) -> str:
    """Gotland Redux, seed 1, every RU unit revealed: DDG-51 commits 1 LRS die at each of ``targets``
    (8 is its LRS1 supply); RU answers with every eligible INTERCEPT value at every target, 1 die each
    while its supply lasts -- the most an INTERCEPT answer of this position can name."""
    g = load_scenario("gotland_redux", seed=1)
    g.apply(A.ScriptedEffect(effect="reveal", units=RU_UNITS))
    us = LabApp(g, team="US")
    us.begin_impulse("TF Boston")
    us.declare([{"kind": "move_combat", "units": [u]} for u in ("DDG-51", "DDG-80", "DDG(X)-106")])
    us.commit_combat(lrs=[{"shooter": "DDG-51", "slot": "LRS1", "target": t, "dice": 1} for t in targets])
    left: dict[str, int] = {}
    shots = []
    for t in g.pending.options.targets:
        for i in t.interceptors:
            left.setdefault(i.uid, i.max_dice)
            if i.eligible and left[i.uid] > 0:
                shots.append({"interceptor": i.uid, "slot": i.slot, "target": t.target, "dice": 1})
                left[i.uid] -= 1
    ru = LabApp(g, team="RU")
    ru.answer(shots)
    assert g.pending is None
    return plain_text(ru.message.value)


def test_the_longest_intercept_answer_fits_the_message_line_naming_what_was_chosen():
    """Eight targets: the full words (701 characters, about seven lines) become the interceptors, their
    dice and the count of targets; the log keeps every allocation."""
    line = _every_interceptor_at(tuple(t for t in RU_UNITS if t != "1 Tanya"))
    assert line == ("Red (RU) answered: 2 Anna, FFG-454 and DDG-605 INTERCEPT (15 dice) against the LRS at "
                    "8 targets; the log lists each (7.54).")
    assert len(line) <= ANSWER_CHARS


def test_a_few_targets_are_named_once_the_slots_left_to_the_log():
    """Longer than two lines in full: the interceptors once, their dice in all, every target."""
    line = _every_interceptor_at(("1 Anna", "2 Anna", "3 Anna", "1 Yelena"))
    assert line == ("Red (RU) answered: 2 Anna and FFG-454 INTERCEPT (8 dice) against the LRS at 1 Anna, 2 Anna, "
                    "3 Anna and 1 Yelena (7.54).")
    # two targets in full were 194 characters (each with its interceptors' slots and dice)
    assert _every_interceptor_at(("1 Anna", "2 Anna")) == (
        "Red (RU) answered: 2 Anna and FFG-454 INTERCEPT (4 dice) against the LRS at 1 Anna and 2 Anna (7.54).")
    assert _every_interceptor_at(("1 Anna",)) == (            # one target: in full, the Attached card's slot named
        "Red (RU) answered: 2 Anna (INT1 of Pantsir-SM: IAMD) and FFG-454 INTERCEPT (2 dice) against the LRS at "
        "1 Anna (7.54).")


@pytest.mark.parametrize("kind", ["swap_backs", "drain_supply", "enemy_cp", "rename_cards"])
def test_two_worlds_red_cannot_tell_apart_give_red_the_same_line(kind):
    """The indistinguishable-worlds harness (tests/worlds.py): a twin changed in one fact RU may not
    know (a US back, a concealed unit's supply, US CP, a US card) reads the same line to RU."""
    from tests.worlds import make_twin
    g = _lrs_at_1_anna()
    twin, what = make_twin(g, "RU", kind, np.random.default_rng(0))
    assert twin is not None, kind
    assert _answer_with_dice(g) == _answer_with_dice(twin) == THREE_DICE, what


# ------------------------------------------------------------------ the other kinds, word for word
def test_ga_defense_words():
    d = GaDefenseChoice("RU", "7.13", "", {"hex": "AL-21", "defenders": [{"uid": "1 Anna", "supply": 3},
                                                                         {"uid": "2 Anna", "supply": 4}],
                                           "attackers": [{"uid": "1 Alpha", "dice": 4}]})
    shots = (A.Defense("1 Anna", "1 Alpha", 2), A.Defense("2 Anna", "1 Alpha", 3))
    assert answer_line(d, A.AnswerDefense(defence=shots)) == (
        "Red (RU) answered: 1 Anna and 2 Anna fire GROUND ASSAULT defense (5 dice) at 1 Alpha (7.13).")
    assert answer_line(d, A.AnswerDefense()) == "Red (RU) answered: no defense fire in AL-21 (7.13)."


def test_mildec_words():
    with_two = MildecChoice("US", "4.22", "", {"key": "k", "target": "DDG-51", "damage": 2, "mildecs": 2})
    none_here = MildecChoice("US", "4.22", "", {"key": "k", "target": "DDG-51", "damage": 2, "mildecs": 0})
    torpedo = MildecChoice("US", "14.08", "", {"key": "torpedo:DDG-51", "target": "DDG-51", "damage": 1, "mildecs": 0})
    assert answer_line(with_two, A.AnswerMildec(absorb=1)) == (
        "Blue (US) answered: MILDEC absorbs 1 of the 2 HP on DDG-51 (4.22).")
    assert answer_line(with_two, A.AnswerMildec(absorb=0)) == (
        "Blue (US) answered: no MILDEC absorbs: DDG-51 takes the 2 HP (4.22).")
    assert answer_line(none_here, A.AnswerMildec()) == "Blue (US) answered: DDG-51 takes the 2 HP (4.22)."
    assert answer_line(torpedo, A.AnswerMildec()) == "Blue (US) answered: DDG-51 takes the torpedo hit (14.08)."


def test_embark_mine_and_event_words_name_no_hidden_card():
    d = EmbarkLossesChoice("RU", "10.311", "", {"ship": "LHD 1", "hp": 2, "cards": ["US-1", "hidden:0", "hidden:1"],
                                                "units": [{"uid": "1 Kilo", "gpsv": 2}, {"uid": "unit:3", "gpsv": 1}]})
    picks = ("US-1", "hidden:0", "hidden:1", "1 Kilo", "unit:3")
    line = answer_line(d, A.AnswerEmbarkLosses(picks=picks), {"US-1": "MEU Rotary Attack"})
    assert line == ("Red (RU) answered: LHD 1 loses MEU Rotary Attack, 1 Kilo, a unit aboard and 2 concealed "
                    "Embarked cards (10.311).")
    assert "US-1" not in answer_line(d, A.AnswerEmbarkLosses(picks=("US-1",)))          # no name known: no id either
    assert answer_line(d, A.AnswerEmbarkLosses()) == "Red (RU) answered: LHD 1's cargo is spared (10.311)."
    m = MineAttackChoice("RU", "13.33", "", {"hex": "C-2", "mine": "M1", "cubes": 3, "succeeds_on": 13,
                                             "event": "enters", "targets": ["DDG-51", "hidden:C-2:2"]})
    assert answer_line(m, A.AnswerMines(mines=(A.MineShot("DDG-51", 2), A.MineShot("hidden:C-2:2", 1)))) == (
        "Red (RU) answered: 2 mine cubes at DDG-51, 1 at a face-down counter (2) (13.33).")
    assert answer_line(m, A.AnswerMines()) == "Red (RU) answered: holds the mines in C-2 (13.33)."
    e = EventChoice("US", "16.0", "", {"event": "Refugees", "kind": "civilians", "count": 2,
                                       "hexes": ["C-3", "D-4", "E-5"]})
    assert answer_line(e, A.AnswerEvent(hexes=("C-3", "D-4"))) == (
        "Blue (US) answered: Refugees's gray cubes to C-3 and D-4 (16.0).")


def test_and_list():
    assert [and_list(x) for x in ([], ["a"], ["a", "b"], ["a", "b", "c"])] == ["", "a", "a and b", "a, b and c"]
