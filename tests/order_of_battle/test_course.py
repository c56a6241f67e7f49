"""The course's checkpoints: their answers, computed by the engine, are the ones the rules give
on the staged positions; a wrong answer gets the hint with its line."""
from lcb_lab.games.order_of_battle import course


def test_the_answers_follow_the_rules():
    by = {c.key: c for c in course.CHECKPOINTS}
    # Ash above Birch: Kade (8) beats all 3; Gunner (3) beats Flak Vest (2); Street Tough (2) beats none
    assert by["oob.initiative"].correct_answer() == 4 / 9
    assert by["oob.purchase"].correct_answer() == 1
    assert by["oob.skirmish"].correct_answer() == frozenset({"Birch's Supporting PUD"})
    assert by["oob.initiative"].check("44.4%").correct and by["oob.purchase"].check(1).correct
    wrong = by["oob.skirmish"].check(["Birch's leader"])
    assert not wrong.correct and wrong.text.startswith("Not yet. Hint (l.94)")


def test_the_staged_positions_wait_for_their_acts():
    tables = course.staged()
    assert tables["purchase"].to_act() == "Ash" and tables["purchase"].state.commanders["Ash"].offer == [
        "Vex Marlowe", "Scanner"]
    assert tables["skirmish"].to_act() == "Ash" and tables["skirmish"].state.battle.form == "ranged"


def test_a_placement_reads_as_the_viewer_may_know_it():
    from lcb_lab.games.order_of_battle import actions as A
    from lcb_lab.games.order_of_battle import course
    g = course.skirmish_table()
    assert course.placement(g, "Birch", "Ash") == "nothing yet"
    g.apply(A.PlaceFaceDown("Ash", battle=("Ambush",)))
    assert course.placement(g, "Birch", "Ash") == "committed, face down"          # l.91: face down
    assert course.placement(g, "Ash", "Ash") == "Battle cards Ambush; Matrices none"
    assert course.lines(g, "Birch")[-1].startswith("[l.")
