"""Worked examples of the rulebook, staged as games (one module per chapter: ``ch10``, ``ch11``...).

Each function stages one printed EXAMPLE through the typed actions with forced dice and returns
``(game, lines)``: the game as the example leaves it and the explanation lines a notebook
prints.  The chapter's tests assert the same games (tests/rulebook/test_chNN_*.py).
"""
