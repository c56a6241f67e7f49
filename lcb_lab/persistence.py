"""Saving and loading a Game as JSON (mixed into :class:`~lcb_lab.game.Game`).

A save holds the state, the dice (seed, generator state, forced queue), the
map name, the auto-answer policies and the scenario description, so a game
saved in the middle of an impulse continues with an identical log.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

import json
from pathlib import Path

from .catalog import Catalog
from .dice import Dice
from .errors import LcbError
from .save_check import check_save
from .state import GameState

if TYPE_CHECKING:
    from .game import Game


class GamePersistence:
    """``to_json`` / ``save`` / ``from_json`` / ``load`` (see Game)."""
    def to_json(self) -> str:
        """The whole game (state, dice, map, scenario description) as JSON."""
        info = self.scenario_info.model_dump() if self.scenario_info is not None else None
        return json.dumps({"map": self.map_name, "state": self.state.to_dict(), "dice": self.dice.state(),
                           "auto_policies": self.auto_policies, "scenario_info": info})

    def save(self, path: str | Path) -> None:
        """Write :meth:`to_json` to ``path``. Raises LcbError when it cannot be written."""
        try:
            Path(path).write_text(self.to_json(), encoding="utf-8")
        except OSError as e:
            raise LcbError(f"cannot save the game to {path}: {e.strerror or e}") from None

    @classmethod
    def from_json(cls, text: str, catalog: Catalog | None = None, file: str = "<saved game>") -> "Game":
        """Rebuild a saved game. Raises ScenarioError naming the file, key and problem."""
        from .board import load_board
        from .catalog import load_catalog
        from .errors import ScenarioError
        from .scenario import ScenarioFile
        check_save(text, catalog, file)
        try:
            d = json.loads(text)
        except json.JSONDecodeError as e:
            raise ScenarioError(file, "(syntax)", f"not JSON: {e}") from None
        if not isinstance(d, dict):
            raise ScenarioError(file, "(top)", "a saved game is a JSON object")
        for key in ("state", "dice"):
            if key not in d:
                raise ScenarioError(file, key, "missing")
        catalog = catalog or load_catalog()
        try:
            state = GameState.from_dict(d["state"])
            dice = Dice.from_state(d["dice"])
        except (TypeError, KeyError, ValueError, AttributeError) as e:
            raise ScenarioError(file, "state", f"malformed saved state: {e}") from None
        for u in state.units.values():
            if u.type_id not in catalog.units:
                raise ScenarioError(file, f"state.units[{u.uid}].type_id", f"unknown unit type {u.type_id!r}")
        g = cls(state, load_board(d.get("map", "gotland")), catalog, dice, d.get("auto_policies"))
        g.map_name = d.get("map", "gotland")
        if d.get("scenario_info"):
            g.scenario_info = ScenarioFile.model_validate(d["scenario_info"])
        return g

    @classmethod
    def load(cls, path: str | Path) -> "Game":
        """Load a game saved with :meth:`save`. Raises ScenarioError / LcbError."""
        from .errors import ScenarioError
        try:
            text = Path(path).read_text(encoding="utf-8")
        except OSError as e:
            raise ScenarioError(str(path), "(file)", e.strerror or str(e)) from None
        return cls.from_json(text, file=str(path))
