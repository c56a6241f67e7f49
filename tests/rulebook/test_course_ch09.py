"""Chapter 9 course module: the 9.24 diagram staged and the checkpoints' computed answers."""
from lcb_lab.games.lcb.course import ch09


def _cp(key):
    return next(c for c in ch09.CHECKPOINTS if c.key == key)


def test_checkpoint_answers_are_the_engines():
    assert _cp("ch09.cp").correct_answer() == 5                     # 9.24 diagram: cost 5
    assert _cp("ch09.ap-first").correct_answer() == 1               # 9.03: 1 AP as a Core Action
    assert _cp("ch09.ap-next").correct_answer() == 0                # 9.2, 9.24: free once deployed
    assert _cp("ch09.odds").correct_answer() == 0.6                 # sandbox: succeeds on 12 or less


def test_right_answers_explained_wrong_ones_refused_with_the_rules_hint():
    assert _cp("ch09.ap-next").check(1).text.startswith("Not yet. Hint (9.24): Once deployed, a Persistent card")
    assert _cp("ch09.ap-next").check(0).text.startswith("Correct: 0. 0 AP: a deployed Persistent card")
    odds = _cp("ch09.odds")
    assert odds.check("60%").text.startswith("Correct: 60.0%. 60%: the engine's odds before the roll")
    assert odds.check(0.55).text.startswith("Not yet. Hint (9.0):")


def test_the_9_24_diagram_turn_1_one_ap_turn_2_free():
    g = ch09.ex_9_24()
    assert g.state.turn == 2 and g.impulse.ap == 3 and g.unit("Anna").revealed
    assert ch09.card_id(g) in g.state.cards and g.state.cards[ch09.card_id(g)].expended
    g = ch09.staged()
    before = g.to_json()
    for cp in ch09.checkpoints(g):
        cp.correct_answer()
    assert g.to_json() == before
