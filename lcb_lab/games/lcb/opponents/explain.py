"""What each viewer reads of an opponent's decision (hidden information, principle 8; 3.03, 6.11).

A :class:`~lcb_lab.games.lcb.opponents.policy.Decision`'s ``reason`` is written from the deciding
team's knowledge: it may name that team's face-down units and figures resting on their values.
So the full reason is read by that team and by the instructor only; the other team reads the
decision's ``public`` line, which names no counter and gives no figure (what the act did shows
in the game log, as the observer redacts it).  :class:`Note` is one decision as the lab logs it.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from lcb_lab.games.lcb.actions import CHANCE
from lcb_lab.games.lcb.observer import INSTRUCTOR
from lcb_lab.games.lcb.opponents.policy import Decision


@dataclass(frozen=True)
class Note:
    """One opponent decision for the lab's log: ``team`` (who decided), ``policy`` (its name),
    ``turn`` and ``impulse`` (where), ``decision``."""

    team: str
    policy: str
    turn: int
    impulse: int
    decision: Decision

    def text_for(self, viewer: str | None) -> str:
        """The line ``viewer`` (``"US"``, ``"RU"``, ``"instructor"`` or None: the instructor) reads."""
        return f"Turn {self.turn}, impulse {self.impulse}: " + reason_for(self.decision, self.team, viewer)


def reason_for(decision: Decision, team: str, viewer: str | None) -> str:
    """``decision``'s reason as ``viewer`` may read it: the full reason for ``team`` and the
    instructor (or None), the public line for the other team."""
    if viewer in (None, INSTRUCTOR, team):
        return f"{team} ({decision.reason})"
    return decision.public


def acting_team(game: Any) -> str | None:
    """The team the game waits for now: a pending choice's team or the impulse's team, and for a
    committed combat's roll (``CHANCE``, 7.0) the team whose impulse it is; None when the game is over."""
    who = game.to_act()
    if who == CHANCE and game.state.impulse is not None:
        return game.state.impulse.team
    return who


def note_for(game: Any, team: str, policy: str, decision: Decision) -> Note:
    """The :class:`Note` of ``decision`` by ``team``'s ``policy`` now (its turn and impulse number, 3.3)."""
    s = game.state
    return Note(team, policy, s.turn, len(s.tf_order) + (1 if s.impulse else 0), decision)
