"""A *Force on Force* game saved as JSON and loaded back: :func:`save_data`, :func:`from_save`.

The save is ``{"game": "force_on_force", "state", "dice", "record"}``: the state now, the dice's
state and the record (the initial state and every act with its dice, the kernel's
:meth:`~lcb_lab.kernel.engine.Engine.record_to_json`), replayed on load so undo and the timeline
work on a loaded game.  The table is the packaged sandbox table (a fixed part of the engine).
"""
from __future__ import annotations

from typing import Any

from lcb_lab.games.force_on_force.game import ForceOnForce, new_game
from lcb_lab.kernel.errors import ScenarioError
from lcb_lab.kernel.saved import restore

GAME = "force_on_force"
"""The ``game`` key of a save."""


def save_data(g: ForceOnForce) -> dict:
    """``g`` as JSON-native data (module doc)."""
    return {"game": GAME, "state": g.state_to_data(g.state), "dice": g.dice.state(), "record": g.record_to_json()}


def from_save(d: Any, file: str = "<saved game>") -> ForceOnForce:
    """The game saved as ``d`` (:func:`save_data`).  Raises ScenarioError naming ``file`` for data that
    is not a Force on Force save or does not replay."""
    if not isinstance(d, dict) or d.get("game") != GAME:
        raise ScenarioError(file, "game", "not a saved game of Force on Force")
    return restore(new_game(seed=0), d, file)
