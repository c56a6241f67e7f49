"""Chapter 14 (submarines) for the course: checkpoints on the 14.09 example.

The situation is the worked example :func:`lcb_lab.games.lcb.content.worked.ch14.jin` one step
before its end: Jin's Virginia-class submarine (E-5) is about to exercise its ZOR, with two RU
ships in its own hex and a RU Kilo-class submarine (DETECT 12, a sandbox value) adjacent.
:data:`CHECKPOINTS` ask the chance the ZOR DETECTs the Kilo (14.09) and what is revealed with the
example's roll of 14; the answers are the engine's odds and the outcome on a fork.  The
notebook: ``notebooks/08_ch14_submarines.ipynb``.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from lcb_lab.games.lcb import actions as A
from lcb_lab.games.lcb.content.worked import ch14 as worked
from lcb_lab.kernel.checkpoints import Checkpoint

if TYPE_CHECKING:
    from lcb_lab.games.lcb.game import Game

TITLE = "Submarines"
"""The lesson's title."""
ZOR = A.SubmarineZor(1, "Jin")
ENEMIES = ("DDG-605", "FFG-454", "Kilo 1")


def staged(**kw: Any) -> Game:
    """The 14.09 example before Jin's ZOR (a fork of the played example at its last step; the
    die goes on as forced there, 14 by default).  ``kw`` goes to ``jin`` (``roll=n``)."""
    g, _ = worked.jin(**kw)
    return g.fork(at=len(g.history.steps) - 1)


def detect_odds(game: Game) -> float:
    """P(Jin's ZOR DETECTs Kilo 1): the engine's odds before the roll."""
    return game.chance_outcomes(ZOR)[0].probability(1)


def revealed_after_zor(game: Game) -> frozenset[str]:
    """The RU units face up after the ZOR with the game's next die (on a fork)."""
    f = game.fork()
    f.apply(ZOR)
    return frozenset(u for u in ENEMIES if f.unit(u).revealed)


def checkpoints(game: Game | None = None) -> list[Checkpoint]:
    """The chapter's checkpoints on ``game`` (default: a fresh :func:`staged`)."""
    g = game or staged()
    return [
        Checkpoint("ch14.detect", "Jin's submarine exercises its ZOR. What is the chance it DETECTs the Kilo in the "
                   "adjacent hex?", kind="probability", answer=lambda: detect_odds(g), rule="14.09",
                   hint="A submarine's ZOR must roll the enemy submarine's DETECT value or less to find it.",
                   explanation="The Kilo's DETECT is 12 (a sandbox value): 12 in 20, 60%."),
        Checkpoint("ch14.reveals", "Jin rolls 14. Which RU units are face up after the ZOR?", kind="choices",
                   options=ENEMIES, answer=lambda: revealed_after_zor(g), rule="14.09",
                   hint="Surface ships in the submarine's own hex are revealed without a roll; a submarine only on "
                        "a successful DETECT.",
                   explanation="The two ships of its hex; 14 is above the Kilo's 12, so the Kilo stays hidden."),
    ]


CHECKPOINTS: list[Checkpoint] = checkpoints()
"""The chapter's checkpoints on :func:`staged` (answers computed when asked)."""
