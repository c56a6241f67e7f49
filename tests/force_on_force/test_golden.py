"""The golden transcript of a seeded random game (``tests/golden/force_on_force_playthrough.txt``):
the same seed gives the same text, step by step (regenerate after an intended change with
``python -m lcb_lab golden --regen``)."""
from lcb_lab.games.force_on_force import playthrough


def test_golden_transcript_is_unchanged():
    name, make = playthrough.KINDS["force_on_force"]
    text = make()
    assert text == (playthrough.GOLDEN_DIR / name).read_text(encoding="utf-8")
    assert "# End\nToAct: nobody (the game is over)" in text and "Log(Red)" in text and "[l.318" in text
