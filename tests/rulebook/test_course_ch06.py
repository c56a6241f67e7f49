"""Chapter 6 course module: the staged EXAMPLEs and the checkpoints' computed answers."""
from lcb_lab.games.lcb.course import ch06


def _cp(key):
    return next(c for c in ch06.CHECKPOINTS if c.key == key)


def test_checkpoint_answers_are_the_engines():
    assert _cp("ch06.conceal-end").correct_answer() == frozenset({"E-10", "F-11"})   # F-10: 5 hexes from H-6
    assert _cp("ch06.revealed").correct_answer() == frozenset({"Enemy"})
    assert _cp("ch06.zor").correct_answer() == frozenset({"E2"})


def test_right_answers_explained_wrong_ones_refused_with_the_rules_hint():
    end = _cp("ch06.conceal-end")
    assert end.check(["F-11"]).text.startswith("Not yet. Hint (6.23): A naval unit cannot Conceal inside")
    assert end.check(["F-11", "E-10"]).text.startswith("Correct: E-10, F-11. Only outside the enemy's five-hex ZOR: E-10, F-11.")
    zor = _cp("ch06.zor")
    assert zor.check(["E2", "1 Alpha", "2 Alpha"]).text.startswith("Not yet. Hint (6.21):")
    assert zor.check(["E2"]).correct
    assert not _cp("ch06.revealed").check(["Enemy", "DDG(X) 104"]).correct


def test_examples_6_21_and_6_23():
    g = ch06.ex_6_21()
    assert {u for u in ch06.ZOR_UNITS if g.unit(u).revealed} == {"E2"} and g.result == ["E2"]
    g = ch06.ex_6_23_1()
    assert g.unit("DDG(X) 103").revealed and g.unit("Enemy").revealed
    g = ch06.ex_6_23_2()
    assert g.unit("DDG(X) 104").hex == "F-11" and not g.unit("DDG(X) 104").revealed and g.unit("Enemy").revealed


def test_the_checkpoints_leave_their_games_untouched():
    g, z = ch06.staged(), ch06.zor_staged()
    before = g.to_json(), z.to_json()
    for cp in ch06.checkpoints(g, z):
        cp.correct_answer()
    assert (g.to_json(), z.to_json()) == before
