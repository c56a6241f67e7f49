"""Small helpers the chapter modules of the course share to stage a lesson (no rules here).

* :func:`begin` -- begin a Task Force's impulse and declare its Core Actions (3.3);
* :func:`refusing_rule` -- the rule number the engine cites refusing an act, or "" if legal;
* :func:`log_since` -- the explained log lines (with their rule numbers) written since a mark.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from lcb_lab.games.lcb import actions as A
from lcb_lab.games.lcb.offers import refusal

if TYPE_CHECKING:
    from lcb_lab.games.lcb.game import Game


def begin(game: Game, task_force: str, *core: A.CoreAction) -> None:
    """Begin ``task_force``'s impulse and declare ``core`` (one AP each, 3.31).  Raises
    IllegalAction (rule, reason) when the rules refuse either act."""
    game.apply(A.BeginImpulse(task_force))
    game.apply(A.Declare(tuple(core)))


def refusing_rule(game: Game, action: A.Action) -> str:
    """The rule number of the engine's refusal of ``action`` now, ``""`` when it is legal
    (tried on a fork: ``game`` is untouched)."""
    err = refusal(game, action)
    return getattr(err, "rule", "") if err is not None else ""


def log_since(game: Game, mark: int, team: str = "instructor") -> str:
    """The log ``team`` may read from index ``mark`` of ``game.log`` on, explained with rule
    numbers (``mark = len(game.log)`` taken before the acts)."""
    return game.explained_log(team, mark)
