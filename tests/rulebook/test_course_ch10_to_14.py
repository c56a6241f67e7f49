"""Checkpoints of chapters 10-14, 16 and 17 (notebooks 04-08, 11, 12): exact computed answers, the
games left untouched, a wrong answer refused with the hint."""
import pytest

from lcb_lab.games.lcb.course import ch10, ch13, ch14


def _answers(mod):
    return {cp.key: cp.correct_answer() for cp in mod.CHECKPOINTS}


def test_chapter_10_answers():
    assert _answers(ch10) == {"ch10.asv-left": 2, "ch10.lsd": frozenset({"Amphibious: LCU"})}   # 10.21, 10.35
    cp = ch10.CHECKPOINTS[1]
    assert cp.check(["Amphibious: LCU", "MUX: Unmanned"]).text.startswith("Not yet. Hint (10.35): An aviation card needs")
    with pytest.raises(TypeError):
        ch10.staged(seed=1)


def test_chapter_13_answers_are_the_mines_odds():
    a = _answers(ch13)
    assert a["ch13.any-hit"] == pytest.approx(1 - 0.35 ** 2) and a["ch13.both-hit"] == pytest.approx(0.65 ** 2)
    g = ch13.staged()
    assert g.pending.kind == "mine_attack" and g.to_act() == "RU"
    assert ch13.CHECKPOINTS[0].check("42%").text.startswith("Not yet. Hint (13.33):")
    assert ch13.CHECKPOINTS[0].check("87.75%").correct


def test_chapter_14_answers():
    a = _answers(ch14)
    assert a["ch14.detect"] == pytest.approx(0.6)                       # DETECT 12 of the catalog's Kilo
    assert a["ch14.reveals"] == frozenset({"DDG-605", "FFG-454"})        # the roll of 14 misses the Kilo
    assert ch14.revealed_after_zor(ch14.staged(roll=12)) == frozenset(ch14.ENEMIES)
    g = ch14.staged()
    before = g.to_json()
    for cp in ch14.checkpoints(g):
        cp.correct_answer()
    assert g.to_json() == before


def test_chapter_16_storm_front_answers():
    from lcb_lab.games.lcb.course import ch16
    assert _answers(ch16) == {"ch16.ap": 2, "ch16.lrs": pytest.approx(0.75)}     # 3 - 1 AP; hits on 12 - 2
    g = ch16.staged()
    assert g.to_act() == "chance"
    assert ch16.CHECKPOINTS[1].check("0.8775").text.startswith("Not yet. Hint (16.0): The event lowers every LRS value by 2")


def test_chapter_17_interoperability_answers():
    from lcb_lab.games.lcb.course import ch17
    assert _answers(ch17) == {"ch17.interop": pytest.approx(0.75), "ch17.one-cube": pytest.approx(0.91)}  # CV 10 / 14
    assert ch17.p_any_hp(ch17.staged(cubes=5)) == pytest.approx(1 - 0.7 ** 2)                         # 14 - 8 = 6
    assert ch17.CHECKPOINTS[0].check("91%").text.startswith("Not yet. Hint (17.1):")


def test_chapter_11_answers():
    from lcb_lab.games.lcb.course import ch11
    assert _answers(ch11) == {"ch11.stack-cards": 0, "ch11.host": frozenset({"1 Anna"})}   # 11.12, 11.1
    g = ch11.staged()
    assert (g.impulse.ap, g.unit("LHA 8").hex, g.unit("LHD 1").hex) == (2, "E-6", "E-6")
    assert ch11.face_up_after_ian(forced=(20,)) == frozenset()              # the roll fails: nobody revealed
    assert ch11.CHECKPOINTS[0].check(2).text.startswith("Not yet. Hint (11.12):")


def test_chapter_12_answers():
    from lcb_lab.games.lcb.course import ch12
    assert _answers(ch12) == {"ch12.second-lift": 0, "ch12.rp-run": 1}     # 9.2 / 12.1 free; 5 RP - 2 hits x 2
    g = ch12.staged()
    assert (g.state.turn, g.impulse.ap) == (2, 3)
    assert ch12.CHECKPOINTS[1].check(5).text.startswith("Not yet. Hint (12.13):")
