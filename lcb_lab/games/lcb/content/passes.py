"""Scripts (lessons, worked examples, tests) pass the card-response windows nothing may answer.

A card-response window opens whenever the team whose card waits cannot rule out an answer
(:func:`lcb_lab.games.lcb.rules.cards.responses.player_cannot_rule_out`, 9.41, 9.46), so it often
opens for a team with no card or IAMD unit that may answer: a person passes it with one click
(*Pass*), random play with the default policy.  A script written for the rulebook's narrative
names only the answers the narrative gives; :func:`pass_empty_windows` passes the rest for it,
as the team holding nothing would.  A window with an answer on offer is never passed here: the
script must say what that team does.
"""
from __future__ import annotations

from lcb_lab.games.lcb import actions as A
from lcb_lab.games.lcb.choices import CardResponseChoice
from lcb_lab.games.lcb.game import Game

__all__ = ["pass_empty_windows"]


def pass_empty_windows(game: Game) -> int:
    """Pass (``AnswerCards()``, 9.46) every card-response window on top of ``game``'s stack whose
    team has no card and no IAMD unit that may answer; returns how many were passed (0: none
    was waiting).  Each pass is the answering team's own recorded step."""
    n = 0
    while isinstance(game.pending, CardResponseChoice) and not (game.pending.options.cards
                                                               or game.pending.options.interceptors):
        game.apply(A.AnswerCards())
        n += 1
    return n
