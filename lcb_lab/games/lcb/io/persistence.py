"""Saving and loading a Game as JSON (mixed into :class:`~lcb_lab.games.lcb.game.Game`).

A save (``"version": 3``) holds the state, the dice (seed, generator state,
forced queue), the map name -- or the whole board when it is a synthetic one
(:func:`lcb_lab.situation`) --, the auto-answer policies, the scenario
description and the record (:mod:`lcb_lab.kernel.history`): the state before the
first recorded action and every step with its dice.  Loading replays the
record and refuses the save when it does not reproduce the saved state, so
undo, goto and fork work on a loaded game exactly as before saving.  With or without a
record, the saved state (and the record's first state) must hold the state invariants
(:mod:`lcb_lab.games.lcb.model.invariants`).  A save
without a version (lcb_lab 0.1) loads with an empty record (it cannot be
undone past the load); a newer version is refused with a clear message.  A version-2
save was played before card-response windows opened from the player's knowledge (9.41,
:func:`lcb_lab.games.lcb.rules.cards.responses.player_cannot_rule_out`): its record may not
replay under today's rules (a window opens where it did not; a submarine ZOR or TORPEDO ATTACK
now rolls its DETECT die whatever is in reach, 14.09, 14.011), and then it loads like a
version-1 save, its checked state without a record.
"""
from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, Literal, Optional, Self

from pydantic import BaseModel, ConfigDict, Field

from lcb_lab.games.lcb.io.inputs import DiceState
from lcb_lab.games.lcb.io.saved_logs import upgrade_destroyed_hp, upgrade_influence_kills, upgrade_logs
from lcb_lab.games.lcb.model.catalog import Catalog
from lcb_lab.games.lcb.model.invariants import refuse_broken
from lcb_lab.games.lcb.die import dice_from_state
from lcb_lab.kernel.errors import InputError, LabError, ScenarioError
from lcb_lab.games.lcb.model.state import GameState

if TYPE_CHECKING:
    from lcb_lab.games.lcb.model.cards import Decks

SAVE_VERSION = 3
"""Version 1: no ``version`` key and no record; version 2 adds ``record`` and ``board``; version 3:
the same shape, played with card-response windows opened from the player's knowledge (9.41) and
DETECT dice drawn whatever is in reach (14.09, 14.011)."""
READ_VERSIONS = (1, 2, SAVE_VERSION)


class GamePersistence:
    """``to_json`` / ``save`` / ``from_json`` / ``load`` (see Game)."""

    def to_json(self) -> str:
        """The whole game (state, dice, map or board, scenario description, record) as JSON."""
        from lcb_lab.games.lcb.model.board import board_to_dict, map_name_problem
        info = self.scenario_info.model_dump() if self.scenario_info is not None else None
        own_board = self.board.name != self.map_name or map_name_problem(self.map_name) is not None
        record = self.record_to_json()
        return json.dumps({"version": SAVE_VERSION, "map": self.map_name,
                           "board": board_to_dict(self.board) if own_board else None,
                           "state": self.state.to_dict(), "dice": self.dice.state(),
                           "auto_policies": self.auto_policies, "scenario_info": info, "record": record})

    def save(self, path: str | Path) -> None:
        """Write :meth:`to_json` to ``path``, whole (:func:`lcb_lab.kernel.files.write_whole`: a save already
        there is replaced only by a complete one). Raises LabError when it cannot be written."""
        from lcb_lab.kernel.files import write_whole
        try:
            write_whole(path, self.to_json())
        except OSError as e:
            raise LabError(f"cannot save the game to {path}: {e.strerror or e}") from None

    @classmethod
    def from_json(cls, text: str, catalog: Catalog | None = None, file: str = "<saved game>",
                  decks: Decks | None = None) -> Self:
        """Rebuild a saved game (``decks``: the card decks it was played with, a
        :class:`lcb_lab.games.lcb.model.cards.Decks`; default the packaged ones). Raises ScenarioError naming
        the file, key and problem -- the invariant, for a state that breaks one -- (InputError when
        ``text`` is not a string)."""
        from lcb_lab.games.lcb.model.catalog import load_catalog
        from lcb_lab.games.lcb.io.save_check import check_save, saved_board   # the save's strict models: built when a save is read
        from lcb_lab.games.lcb.io.scenario import ScenarioFile
        d = check_save(text, catalog, file)
        upgrade_logs(d)
        upgrade_destroyed_hp(d)                                  # 4.21: saves from before
        upgrade_influence_kills(d)                               # 15.22: saves from before
        version = d.get("version", 1)
        if version not in READ_VERSIONS:
            raise ScenarioError(file, "version", f"this save is version {version!r}; lcb_lab {SAVE_VERSION} reads "
                                f"versions 1 to {SAVE_VERSION} (a newer lcb_lab wrote it?)")
        catalog = catalog or load_catalog()
        board = saved_board(d, file)
        try:
            state = GameState.from_dict(d["state"])
            dice = dice_from_state(d["dice"])
        except (TypeError, KeyError, ValueError, AttributeError) as e:
            raise ScenarioError(file, "state", f"malformed saved state: {e}") from None
        g = cls(state, board, catalog, dice, d.get("auto_policies"))
        g.decks = decks
        g.map_name = d.get("map", "gotland")
        if d.get("scenario_info"):
            g.scenario_info = ScenarioFile.model_validate(d["scenario_info"])
        refuse_broken(state, board, catalog, decks, file)        # the meaning, with or without a record
        if d.get("record"):
            _check_initial(d["record"], board, catalog, decks, file)
            _load_record(g, d["record"], file, version)
        return g

    @classmethod
    def load(cls, path: str | Path) -> Self:
        """Load a game saved with :meth:`save`. Raises ScenarioError / LabError."""
        from lcb_lab.kernel.files import read_text
        return cls.from_json(read_text(path, "saved game"), file=str(path))


def _load_record(g, rec: Any, file: str, version: int) -> None:
    """Take the saved record; a version-2 one that no longer replays (module doc) is left out."""
    try:
        g.load_record(rec, file)
    except ScenarioError as e:
        if version != 2 or not ("does not replay" in e.problem or "does not give the saved state" in e.problem):
            raise


def _check_initial(rec: Any, board, catalog: Catalog, decks, file: str) -> None:
    """The record's first state holds the invariants too (:mod:`lcb_lab.games.lcb.model.invariants`):
    undo may go back to it.  A malformed one is left to :meth:`load_record`'s message."""
    try:
        first = GameState.from_dict(rec["initial"]["state"])
    except (TypeError, KeyError, ValueError, AttributeError, LabError):
        return
    try:
        refuse_broken(first, board, catalog, decks, file)
    except ScenarioError as e:
        raise ScenarioError(file, f"record.initial.{e.key}", e.problem) from None


def check_step_fields(f: dict) -> dict:
    """A saved record step's fields but its action, checked strictly: ``dice`` d20 values 1..20,
    ``dice_after`` a :class:`lcb_lab.games.lcb.io.inputs.DiceState`, ``log_len`` / ``turn`` /
    ``impulse`` ints >= 0 (no ``"1"``, ``1.0`` or ``True``), ``auto`` None or {decision kind:
    policy name} (choices.POLICIES), ``team`` None / US / RU, ``label`` a string.
    Raises InputError("record step", field, problem)."""
    from lcb_lab.games.lcb.choices import check_policies
    from lcb_lab.games.lcb.io import inputs as I
    f = I.check("record step", _StepFields, f)
    try:
        f["auto"] = check_policies("record step", f["auto"])
    except InputError as e:
        raise InputError("record step", "auto" if e.where == "(value)" else f"auto.{e.where}", e.problem) \
            from None
    return f



class _StepFields(BaseModel):
    """A record step's fields but its action (schema built on first use: loading a game needs none)."""
    model_config = ConfigDict(strict=True, extra="forbid", defer_build=True)
    dice: list[Annotated[int, Field(ge=1, le=20)]]
    dice_after: DiceState
    log_len: Annotated[int, Field(ge=0)]
    auto: Any = None
    turn: Annotated[int, Field(ge=0)] = 0
    impulse: Annotated[int, Field(ge=0)] = 0
    team: Optional[Literal["US", "RU"]] = None
    label: str = ""
