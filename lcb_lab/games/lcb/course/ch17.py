"""Chapter 17 (optional rules) for the course: checkpoints on the 17.1 Interoperability Network.

The situation is :func:`lcb_lab.games.lcb.content.optional_interop.liz_and_david` (17.1 example
1, optional rule 17.1 on; the nations and cube counts are sandbox values: the box holds neither
the card nor the nations of the counters) one step before its end: Liz (US) revealed DDG-605,
her UK teammate David has committed 2 dice of his LRS 14 at it, and the dice wait.
:data:`CHECKPOINTS` ask the chance of at least 1 HP with the network's 3 cubes, and with 1 cube;
the answers are the engine's odds before the roll.  The notebook: ``notebooks/12_optional_rules.ipynb``.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from lcb_lab.games.lcb.content import optional_interop
from lcb_lab.kernel.checkpoints import Checkpoint

if TYPE_CHECKING:
    from lcb_lab.games.lcb.game import Game

TITLE = "Optional rules"
"""The lesson's title."""


def staged(**kw: Any) -> Game:
    """17.1 example 1 with David's LRS committed, the roll waiting (a fork one step before the
    end of ``liz_and_david``; ``kw`` goes to it, e.g. ``cubes=1``)."""
    g = optional_interop.liz_and_david(**kw)
    return g.fork(at=len(g.history.steps) - 1)


def p_any_hp(game: Game) -> float:
    """P(David's waiting LRS does at least 1 HP to DDG-605): the engine's odds before the roll."""
    return 1 - game.chance_outcomes().probability(0)


def checkpoints(game: Game | None = None) -> list[Checkpoint]:
    """The chapter's checkpoints on ``game`` (default: a fresh :func:`staged`, 3 cubes) and on
    the same example with 1 cube."""
    g = game or staged()
    one = staged(cubes=1)
    return [
        Checkpoint("ch17.interop", "The network holds 3 cubes. David (UK, LRS 14) fires 2 dice at DDG-605, which "
                   "Liz (US) revealed. What is the chance of at least 1 HP?", kind="probability",
                   answer=lambda: p_any_hp(g), rule="17.1",
                   hint="Against a target another nation revealed, the LRS value drops by 2, 4, 6 or 8 for 2, 3, "
                        "4 or 5 cubes.",
                   explanation=lambda: f"3 cubes: 14 - 4 = 10, each die hits on 10 or less: {p_any_hp(g):.2%}."),
        Checkpoint("ch17.one-cube", "The same shot with 1 cube on the network?", kind="probability",
                   answer=lambda: p_any_hp(one), rule="17.1",
                   hint="With a single cube the network changes nothing.",
                   explanation=lambda: f"The full 14: {p_any_hp(one):.2%}."),
    ]


CHECKPOINTS: list[Checkpoint] = checkpoints()
"""The chapter's checkpoints on :func:`staged` (answers computed when asked)."""
