"""What a front end (the lab, ``lcb_lab/ui/order_of_battle/``) asks the game besides the observer's
:func:`~lcb_lab.games.order_of_battle.observer.view`, so that it never reads the state itself:

* :func:`read_log` -- the explained log as one viewer may read it (an entry about another
  Commander's secret in its public form, :func:`~lcb_lab.kernel.observer.redact_log`);
* :func:`own_odds` -- a Commander's own chances in the Initiative draw (l.33), as it knows its
  Fortune pile (:func:`~lcb_lab.games.order_of_battle.chance.own_line`); the instructor reads the
  whole draw from ``game.chance_outcomes()``;
* :func:`save_data` / :func:`from_save` -- a game as JSON-native data (``{"game": "order_of_battle",
  "state", "dice", "record"}``) and back, the record replayed.
"""
from __future__ import annotations

from typing import Any

from lcb_lab.games.order_of_battle.chance import own_line
from lcb_lab.games.order_of_battle.game import OrderOfBattle, new_game
from lcb_lab.kernel.errors import ScenarioError
from lcb_lab.kernel.saved import READ_ERRORS, read_part, reason, restore
from lcb_lab.kernel.observer import redact_log

__all__ = ["read_log", "own_odds", "save_data", "from_save", "SAVE_KIND"]

SAVE_KIND = "order_of_battle"
"""The ``"game"`` value of a saved Order of Battle game."""


def read_log(g: OrderOfBattle, viewer: Any) -> list[dict]:
    """Every log entry ``viewer`` (a Commander or the instructor) may read, as it reads it: dicts
    with ``title``, ``text``, ``rules`` (``l.N``), ``turn`` and ``phase_no``."""
    return redact_log(g.state.log, viewer, ("turn", "phase_no"))


def own_odds(g: OrderOfBattle, name: str) -> str:
    """Commander ``name``'s own Initiative card as it knows its Fortune pile (l.33, l.39: an empty
    pile is its discards shuffled anew): ``"cost 2: 29%, cost 3: 43%"``.  Raises KeyError for a
    name not seated."""
    return own_line(g.state.commanders[name], g.cards)


def save_data(g: OrderOfBattle) -> dict:
    """``g`` as JSON-native data: its current state and dice and its record (None before any act)."""
    return {"game": SAVE_KIND, "state": g.state_to_data(g.state), "dice": g.dice.state(),
            "record": g.record_to_json()}


def from_save(d: Any, file: str = "<saved game>") -> OrderOfBattle:
    """The game :func:`save_data` wrote (its record replayed, checked against the saved state; the
    state read by the engine's own ``state_from_data``).
    Raises ScenarioError naming ``file`` for data that is not a saved Order of Battle game or
    does not replay."""
    if not isinstance(d, dict) or d.get("game") != SAVE_KIND:
        raise ScenarioError(file, "game", "not a saved game of Order of Battle")
    seats = read_part(d, "state", file, lambda st: list(st["seats"]))
    try:
        proto = new_game(seats, start=False)
    except READ_ERRORS as e:
        raise ScenarioError(file, "state.seats", f"malformed: {reason(e)}") from None
    return restore(proto, d, file, die=None)
