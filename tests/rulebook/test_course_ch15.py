"""Chapter 15 course module: the 15.25 EXAMPLE, the staged strike and the checkpoints' computed answers."""
from lcb_lab.games.lcb.course import ch15


def _cp(key):
    return next(c for c in ch15.CHECKPOINTS if c.key == key)


def test_checkpoint_answers_are_the_engines():
    assert _cp("ch15.strike").correct_answer() == "0"              # 15.23 toward US, 15.25 toward RU
    assert _cp("ch15.ap").correct_answer() == 4                    # 15.13: 3 + 1
    assert _cp("ch15.cp").correct_answer() == 5                    # 15.12


def test_right_answers_explained_wrong_ones_refused_with_the_rules_hint():
    s = _cp("ch15.strike")
    assert s.check("US 1").text.startswith("Not yet. Hint (15.23): Sinking an enemy naval unit")
    assert s.check("0").correct
    assert _cp("ch15.ap").check(4).text == "Correct: 4. 3 AP as usual (3.3) plus 1 (15.13): 4."
    assert _cp("ch15.cp").check(0).text.startswith("Not yet. Hint (15.12):")


def test_meter_labels_and_the_15_25_example():
    assert [ch15.meter_label(v) for v in (-2, 0, 3)] == ["RU 2", "0", "US 3"]
    g = ch15.ex_15_25()
    assert g.state.influence == 2                                   # one space per town hex attacked
    assert [e["rules"] for e in g.state.log if e["kind"] == "influence"] == [["15.25"], ["15.25"]]
    assert not g.unit("1 Alpha").destroyed and not g.unit("2 Alpha").destroyed   # the attack, not the hits


def test_the_staged_strike_moves_the_meter_both_ways():
    g = ch15.staged()
    before = g.to_json()
    assert ch15.meter_after_strike(g) == "0" and g.to_json() == before
    ch15.strike(g)
    assert g.unit("Ship").destroyed and g.unit("P0").destroyed
    assert [e["rules"] for e in g.state.log if e["kind"] == "influence"] == [["15.25"], ["15.23"]]
