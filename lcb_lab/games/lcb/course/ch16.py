"""Chapter 16 (Event Cards) for the course: checkpoints on the Storm Front situation.

The rulebook prints no Event Card text: Storm Front is a sandbox card of lcb_lab's event deck
(``docs/events.md``: every impulse loses 1 AP, every LRS value is 2 lower this turn).  The
situation is :func:`lcb_lab.games.lcb.content.worked.ch16.storm_front` one step before its end:
1 Whiskey (HIMARS, LRS(1) CV 12) has committed 2 dice at the revealed 1 Uran, and the dice wait.
:data:`CHECKPOINTS` ask the AP TF Blue's impulse has under the event and the chance the strike
does at least 1 HP; the answers are the engine's (the impulse's AP, the odds before the roll).
The notebook: ``notebooks/11_events.ipynb``.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from lcb_lab.games.lcb.content.worked import ch16 as worked
from lcb_lab.kernel.checkpoints import Checkpoint

if TYPE_CHECKING:
    from lcb_lab.games.lcb.game import Game

TITLE = "Event Cards"
"""The lesson's title."""


def staged(**kw: Any) -> Game:
    """Storm Front, turn 1: the LRS committed, its roll waiting (a fork of the played situation
    one step before the end; the dice go on as forced there).  ``kw`` goes to ``storm_front``
    (``dice=(a, b)``)."""
    g, _ = worked.storm_front(**kw)
    return g.fork(at=len(g.history.steps) - 1)


def impulse_ap(game: Game) -> int:
    """The AP TF Blue's impulse began with (the game at the step after its BeginImpulse)."""
    return game.fork(at=1).impulse.ap


def p_any_hp(game: Game) -> float:
    """P(the waiting LRS does at least 1 HP to 1 Uran): the engine's odds before the roll."""
    return 1 - game.chance_outcomes().probability(0)


def checkpoints(game: Game | None = None) -> list[Checkpoint]:
    """The chapter's checkpoints on ``game`` (default: a fresh :func:`staged`)."""
    g = game or staged()
    return [
        Checkpoint("ch16.ap", "Turn 1 draws Storm Front. How many AP does TF Blue's impulse have?", kind="number",
                   answer=lambda: impulse_ap(g), rule="16.0",
                   hint="Read the event: it takes 1 AP from every impulse of the turn (3 as usual, 3.3).",
                   explanation=lambda: f"{impulse_ap(g)} AP: 3 less the Storm Front's 1. Event cards are resolved "
                               "before any action that turn, and no JCC negates them (16.0)."),
        Checkpoint("ch16.lrs", "1 Whiskey (LRS CV 12) fires 2 dice at 1 Uran under Storm Front. What is the chance "
                   "of at least 1 HP?", kind="probability", answer=lambda: p_any_hp(g), rule="16.0",
                   hint="The event lowers every LRS value by 2: each die hits on the lowered value or less.",
                   explanation="Each die hits on 10 or less (12 - 2): 1 - (10/20)^2 = 75%."),
    ]


CHECKPOINTS: list[Checkpoint] = checkpoints()
"""The chapter's checkpoints on :func:`staged` (answers computed when asked)."""
