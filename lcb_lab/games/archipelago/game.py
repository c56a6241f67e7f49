"""*Naval Battle in Archipelago* on the kernel: :class:`Archipelago` is a kernel
:class:`~lcb_lab.kernel.engine.Engine` with this game's hooks.

* players "Red" and "Blue" (Red begins: a sandbox reading, the text does not say);
* the state :class:`~lcb_lab.games.archipelago.model.state.ArchState`, the fixed ``board``
  (:class:`~lcb_lab.games.archipelago.model.board.Board`) held by the engine, not the state;
* one handler per act (:mod:`~lcb_lab.games.archipelago.handlers`), the legal acts of
  :mod:`~lcb_lab.games.archipelago.legal`;
* a step's place is ``(turn, phase number, player)`` (phases ``setup``, ``start``, ``move``, ``fire``) (JSON keys ``turn``, ``phase``, ``player``);
  the snapshot before each roll of the blue dice is kept for good.

>>> from lcb_lab.games.archipelago.stage import stage
>>> g = stage(pieces=[("Red TB-1", (1, 1), "N"), ("Blue TB-1", (1, 5), "N")], forced=[3, 3])
>>> _ = g.apply(RollMovement()); g.state.dice, g.state.bonus
([3, 3, 3], True)
"""
from __future__ import annotations

from typing import Any, ClassVar

from lcb_lab.games.archipelago.actions import CODEC, AnswerInterceptors, EndTurn, RollMovement
from lcb_lab.games.archipelago.chance_steps import chance_step
from lcb_lab.games.archipelago.dice import RED
from lcb_lab.games.archipelago.handlers import HANDLERS
from lcb_lab.games.archipelago.legal import legal_actions
from lcb_lab.games.archipelago.model.board import Board
from lcb_lab.games.archipelago.model.state import PHASES, PLAYERS, ArchState
from lcb_lab.games.archipelago import state_check
from lcb_lab.kernel.actions import Action
from lcb_lab.kernel.dice import Dice
from lcb_lab.kernel.engine import Engine
from lcb_lab.kernel.odds import ChanceStep

__all__ = ["Archipelago", "RollMovement", "EndTurn"]


class Archipelago(Engine):
    """A game of *Naval Battle in Archipelago* (levels 1 to 4) on ``board``; see the module."""

    codec = CODEC
    handlers = HANDLERS
    players = PLAYERS
    die = RED
    place_keys: ClassVar[tuple[str, str, str]] = ("turn", "phase", "player")

    def __init__(self, state: ArchState, board: Board, dice: Dice | None = None):
        super().__init__(state, dice)
        self.board = board

    def state_problem(self, state: ArchState) -> tuple[tuple, str] | None:
        """Kernel hook: a piece, player, phase or level the game has not
        (:func:`~.state_check.state_problem`)."""
        return state_check.state_problem(state, self.board)

    def to_act(self) -> str | None:
        """The player to move (the answerer of a waiting choice first: the Interceptors question,
        l.778; a found submarine's owner, l.1185), or None when the game is over."""
        if self.state.over:
            return None
        return self.state.choices[-1].answerers()[0] if self.state.choices else self.state.to_move

    def legal_actions(self, player: str | None = None) -> list:
        """What ``player`` (default: the one to move) may do now (:mod:`~lcb_lab.games.archipelago.legal`)."""
        return legal_actions(self, player)

    def keeps_snapshot(self, action: Action | None) -> bool:
        """The snapshot before each roll of the blue dice is kept for good."""
        return isinstance(action, RollMovement)

    def step_place(self, action: Action, before: ArchState) -> tuple[int, int, str | None]:
        """``(turn, phase number 1-4: setup, start, move, fire, player)`` of a step applied on ``before``."""
        who = action.player if isinstance(action, AnswerInterceptors) else before.to_move    # the one asked (l.778)
        return before.turn, PHASES.index(before.phase) + 1, who

    def chance_outcomes(self, action: Action) -> ChanceStep | None:
        """The chance node ``action`` would open now (:mod:`~lcb_lab.games.archipelago.chance_steps`),
        or None when it rolls nothing. Raises IllegalAction when the rules refuse it."""
        return chance_step(self, self.codec.check(action))

    def view(self, viewer: Any = None) -> dict:
        """What ``viewer`` sees (:func:`~lcb_lab.games.archipelago.observer.view`)."""
        from lcb_lab.games.archipelago.observer import view
        return view(self, viewer)

    # ------------------------------------------------------------------ what the lab reads
    @property
    def level(self) -> int:
        """The level played (1 torpedo boats, 2 ships, 3 helicopters, 4 hovercraft and commandos)."""
        return self.state.level

    def read_log(self, viewer: str) -> list[dict | None]:
        """The log as ``viewer`` may read it, one item per entry (None where the viewer reads
        nothing), so an entry's index is the same as in the record: redacted by the game's observer
        (kernel ``redact``, place keys ``turn`` and ``phase``)."""
        from lcb_lab.kernel.observer import redact
        return [redact(e, viewer, ("turn", "phase")) for e in self.state.log]

    def save_data(self) -> dict:
        """The game as JSON-native data for a save: level, board name, the state it started from is
        the record's (``record``), the current ``state`` and ``dice`` (``"game": "archipelago"``)."""
        return {"game": "archipelago", "level": self.state.level, "board": self.board.name,
                "state": self.state_to_data(self.state), "dice": self.dice.state(), "record": self.record_to_json()}
