"""Chapter 5 course module: the staged EXAMPLEs and the checkpoints' computed answers."""
from lcb_lab.games.lcb.course import ch05


def _cp(key):
    return next(c for c in ch05.CHECKPOINTS if c.key == key)


def test_checkpoint_answers_are_the_engines():
    assert _cp("ch05.stack-mp").correct_answer() == 2                   # 5.13: the logistics company's 2 MP
    assert _cp("ch05.reach").correct_answer() == frozenset({"F-5", "F-8", "G-6", "H-6"})   # 5.11-5.14
    assert _cp("ch05.brown-conceal").correct_answer() == "5.14"


def test_right_answers_explained_wrong_ones_refused_with_the_rules_hint():
    mp = _cp("ch05.stack-mp")
    assert mp.check(3).text == "Not yet. Hint (5.13): A stack moves together at the MP of its slowest unit."
    assert mp.check("2").text.startswith("Correct: 2. The logistics company is the slowest")
    reach = _cp("ch05.reach")
    assert not reach.check(["F-5", "F-8"]).correct                       # G-6: one hex beyond is allowed
    v = reach.check(["H-6", "G-6", "F-8", "F-5"])
    assert v.correct and v.text.startswith("Correct: F-5, F-8, G-6, H-6. F-5, F-8, G-6, H-6: green costs 1")
    assert _cp("ch05.brown-conceal").check("5.16").text.startswith("Not yet. Hint (5.14):")


def test_the_checkpoints_leave_their_game_untouched():
    g = ch05.staged()
    before = g.to_json()
    for cp in ch05.checkpoints(g):
        cp.correct_answer()
    assert g.to_json() == before and g.impulse.ap == 2


def test_examples_5_12_to_5_14():
    g = ch05.ex_5_12()
    reach = g.movement_reach(["Inf"])
    assert (reach["F-9"], reach["F-4"]) == (3, 3) and "F-3" not in reach          # 5.12 EXAMPLE
    g = ch05.ex_5_13()
    assert [(g.unit(u).hex, g.unit(u).revealed) for u in ch05.STACK] == [("F-8", False)] * 2 and g.impulse.ap == 2
    g = ch05.ex_5_14()
    assert g.unit("Inf").hex == "F-5" and g.unit("Inf").revealed
    assert ch05.refusing_rule(g, ch05.A.Conceal(1)) == "5.14"
