"""Chapter 8 course module: the staged EXAMPLEs and the checkpoints' computed answers."""
from lcb_lab.games.lcb.course import ch08
from lcb_lab.games.lcb.course.staging import refusing_rule


def _cp(key):
    return next(c for c in ch08.CHECKPOINTS if c.key == key)


def test_checkpoint_answers_are_the_engines():
    assert _cp("ch08.rp-left").correct_answer() == 14                      # 8.01: 20 - 6
    assert _cp("ch08.max-lrs").correct_answer() == 3                        # 8.02: 3 of 6
    assert _cp("ch08.who").correct_answer() == frozenset({"3 Delta", "1 Whiskey", "1 Kilo"})   # 8.05, 8.08


def test_right_answers_explained_wrong_ones_refused_with_the_rules_hint():
    rp = _cp("ch08.rp-left")
    assert rp.check(17).text == "Not yet. Hint (8.01): Each cube handed out costs one Resupply Point from the logistics unit's pool."
    assert rp.check(14).text.startswith("Correct: 14. 6 cubes cost 6 RP")
    assert _cp("ch08.max-lrs").check(6).text.startswith("Not yet. Hint (8.02):")
    assert _cp("ch08.max-lrs").check(3).text == "Correct: 3. 1 Whiskey starts with 6 LRS(1): 3 more fill it."
    assert not _cp("ch08.who").check(["3 Delta", "1 Whiskey", "1 Kilo", "DDG-51"]).correct


def test_refusals_behind_the_answers():
    g = ch08.staged()
    grant = lambda uid, n=1: ch08.A.Resupply(1, "Echo", "RV1", (ch08.A.Grant(uid, ch08.SLOTS[uid], n),))  # noqa: E731
    assert refusing_rule(g, grant("DDG-51")) == "8.08"
    assert refusing_rule(g, grant("4 Delta")) == "8.05"
    assert refusing_rule(g, grant("1 Whiskey", 4)) == "8.02"


def test_examples_8_01_and_8_04():
    g = ch08.ex_8_01()
    u = g.state.units
    assert u["Echo"].supply["RP"] == 14 and (u["3 Delta"].supply["GA"], u["1 Whiskey"].supply["LRS1"], u["1 Kilo"].supply["INT1"]) == (7, 5, 6)
    assert not any(x.revealed for x in u.values())                            # 8.06
    g = ch08.ex_8_04()
    assert g.unit("Inf").supply["GA"] == 9 and g.impulse.ap == 2


def test_the_rv_caps_one_resupply_at_6_rp_even_for_an_empty_unit():
    """8.01: RV 6 -- an empty HIMARS section (6 LRS(1) at most, 8.02) takes 6, no more."""
    assert ch08.most_cubes(ch08.staged(whiskey_lrs=0)) == 6
    assert ch08.most_cubes(ch08.staged(whiskey_lrs=6)) == 0
