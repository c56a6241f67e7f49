"""Chapter 13 (special markers) for the course: checkpoints on the 13.33 mines example.

The situation is the worked example :func:`lcb_lab.games.lcb.content.worked.ch13.ex_13_33` one
step before its end: a revealed US stack of three ships has entered C-2, where RU (Nikolai) has
2 mine cubes, and RU is asked whether to detonate them.  :data:`CHECKPOINTS` ask the chance that
both mines against DDG-51 do at least 1 HP, and that both hit (13.33: one die per cube, 13 or
less); the answers are the engine's odds before the roll.  The notebook:
``notebooks/07_ch13_markers.ipynb``.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from lcb_lab.games.lcb import actions as A
from lcb_lab.games.lcb.content.worked import ch13 as worked
from lcb_lab.kernel.checkpoints import Checkpoint

if TYPE_CHECKING:
    from lcb_lab.games.lcb.game import Game

TITLE = "Special markers"
"""The lesson's title."""
SHOT = A.AnswerMines(mines=(A.MineShot("DDG-51", 2),))
"""RU's answer in the example: both mine cubes against DDG-51."""


def staged(**kw: Any) -> Game:
    """The 13.33 example before RU answers the mine question (a fork of the played example at
    its last step; the dice go on as forced there: 13, 14).  ``kw`` goes to ``ex_13_33``
    (``dice=(a, b)``)."""
    g, _ = worked.ex_13_33(**kw)
    return g.fork(at=len(g.history.steps) - 1)


def mine_hits(game: Game, hits: int) -> float:
    """P(the mines of :data:`SHOT` hit DDG-51 exactly ``hits`` times): the engine's odds."""
    return game.chance_outcomes(SHOT)[0].probability(hits)


def checkpoints(game: Game | None = None) -> list[Checkpoint]:
    """The chapter's checkpoints on ``game`` (default: a fresh :func:`staged`)."""
    g = game or staged()
    return [
        Checkpoint("ch13.any-hit", "RU detonates both mine cubes against DDG-51. What is the chance DDG-51 loses "
                   "at least 1 HP?", kind="probability", answer=lambda: 1 - mine_hits(g, 0), rule="13.33",
                   hint="Each mine cube rolls one die and hits on 13 or less; only both missing leaves the ship unhurt.",
                   explanation="1 - (7/20)^2 = 87.75%: each die misses on 14-20 (7 chances in 20)."),
        Checkpoint("ch13.both-hit", "And the chance that both mines hit (2 HP)?", kind="probability",
                   answer=lambda: mine_hits(g, 2), rule="13.33",
                   hint="Both dice must roll 13 or less: multiply the two chances.",
                   explanation="(13/20)^2 = 42.25%."),
    ]


CHECKPOINTS: list[Checkpoint] = checkpoints()
"""The chapter's checkpoints on :func:`staged` (answers computed when asked)."""
