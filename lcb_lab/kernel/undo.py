"""Who may take back the last step: the rule every game's lab starts from.

The all-seeing viewer (the instructor, the umpire) may undo any applied step.  A player may undo
only its own last step, while the game still waits for that player (no one else has answered or
looked), and only if the step drew no dice (a roll taken back and made again would let a player
fish for results).  A game adds its *looks*: acts whose taking back would tell a player more than
it knew (a search that found nothing reads the same as one that found something); they are asked
before the dice, so the refusal's reason never tells which way a look went.

>>> from types import SimpleNamespace as NS
>>> step = NS(player="Red", dice=(4,))
>>> game = NS(history=NS(cursor=1, steps=[step]), to_act=lambda: "Red")
>>> last_step_undo(game, "Red", "umpire")
(False, 'the last step rolled dice')
>>> last_step_undo(game, "umpire", "umpire")
(True, 'the umpire may undo any step')
"""
from __future__ import annotations

from typing import Any, Callable, Iterable

__all__ = ["last_step_undo", "WAITING"]

WAITING = "another player has already answered or must act now"
"""Why a player may not undo once another player is to act."""


def last_step_undo(game: Any, viewer: str, all_seeing: str, *, actor: Callable[[Any], Any] | None = None,
                   name: Callable[[Any], str] = str, looks: Iterable[Callable[[], str | None]] = (),
                   all_seeing_name: str | None = None) -> tuple[bool, str]:
    """May ``viewer`` undo ``game``'s last applied step now?  Returns ``(allowed, why)``.

    ``game``: an :class:`~lcb_lab.kernel.engine.Engine` (its ``history`` and ``to_act``);
    ``all_seeing``: the viewer who may undo anything; ``actor(step)``: who took a step (default
    its ``player``); ``name(actor)``: how a refusal names another player; ``looks``: the game's
    own checks, each returning a refusal reason or None, asked after "whose step" and "who is to
    act" and before "dice were drawn" (module docstring)."""
    h = game.history
    if h.cursor == 0:
        return False, "nothing to undo"
    if viewer == all_seeing:
        return True, f"the {all_seeing_name or all_seeing} may undo any step"
    st = h.steps[h.cursor - 1]
    who = actor(st) if actor is not None else st.player
    if who != viewer:
        return False, f"the last step was {name(who)}'s"
    if game.to_act() != viewer:
        return False, WAITING
    for look in looks:
        why = look()
        if why:
            return False, why
    if st.dice:
        return False, "the last step rolled dice"
    return True, "your own last step, before anyone else has answered"
