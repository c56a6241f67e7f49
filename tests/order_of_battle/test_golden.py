"""The golden transcript of a seeded random game (``tests/golden/order_of_battle_playthrough.txt``):
the same seed gives the same text, step by step (regenerate after an intended change with
``python -m lcb_lab golden --regen``)."""
from lcb_lab.games.order_of_battle import playthrough


def test_golden_transcript_is_unchanged():
    name, make = playthrough.KINDS["order_of_battle"]
    text = make()
    assert text == (playthrough.GOLDEN_DIR / name).read_text(encoding="utf-8")
    assert "# End\nToAct: nobody (the game is over)" in text and "Log(Birch)" in text and "[l.94]" in text
    assert "Ash draws 6 Fame card(s) (5 free, 1 more for 1 Fame); hand 6" in text      # the others read a count
