"""What the engine modules and the rules that drive whole actions need of a game: :class:`GameLike`.

:class:`lcb_lab.games.lcb.game.Game` is one; the modules below it (``handlers``, ``legal``,
``legal_cards``, the Deployment Stage's automatic placement, the saves) annotate with this
protocol instead of importing ``Game``, so the import graph has no cycle through the game
(``tests/engine/test_import_graph.py``, annotations counted).  A protocol only: nothing
checks it at run time.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

from lcb_lab.games.lcb.model.board import Board
from lcb_lab.games.lcb.model.catalog import Catalog, UnitType
from lcb_lab.games.lcb.model.state import GameState, Unit
from lcb_lab.games.lcb.rules.common import Ctx
from lcb_lab.kernel.dice import Dice

if TYPE_CHECKING:
    from lcb_lab.games.lcb.actions import Action
    from lcb_lab.games.lcb.choices import Decision
    from lcb_lab.games.lcb.model.cards import Decks


class GameLike(Protocol):
    """A game the handlers act on (state, board, catalog, dice, decks, auto-answer policies,
    the pending decision) and the few methods they call back."""

    state: GameState
    board: Board
    catalog: Catalog
    dice: Dice
    decks: "Decks | None"
    auto_policies: dict[str, str] | None
    result: Any

    @property
    def pending(self) -> "Decision | None": ...

    def _ctx(self, state: GameState | None = None) -> Ctx: ...

    def _apply(self, action: "Action", record: bool = True, events: bool = True) -> list: ...

    def apply(self, action: "Action") -> list: ...

    def is_legal(self, action: "Action") -> bool: ...

    def to_act(self) -> str | None: ...

    def available_task_forces(self) -> list[str]: ...

    def unit(self, uid: str) -> Unit: ...

    def utype(self, uid: str) -> UnitType: ...

    def resupply_reach(self, uid: str, rv_slot: str = "RV1", viewer: str | None = None) -> dict[str, int]: ...
