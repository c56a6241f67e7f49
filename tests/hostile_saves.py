"""The steps the hostile-save tests of the umpire-run games share (Archipelago, Force on Force,
Order of Battle): a good save made by random legal play, one value of its state edited (in
``state`` or in ``record.initial.state``), and the refusal its load gives."""
from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Callable

import numpy as np
import pytest

from lcb_lab.kernel.autoplay import pick
from lcb_lab.kernel.errors import LabError, ScenarioError

AT = ["state", "record.initial.state"]
"""Where a test edits the state: the saved state alone (record dropped: nothing replays to catch
it), or the record's first state."""


def good_save(ui: Any, game: Any, tmp_path: Path, acts: int, seed: int = 1) -> dict:
    """``game`` played ``acts`` random legal acts (refusals skipped), saved by ``ui`` and read back."""
    rng = np.random.default_rng(seed)
    for _ in range(acts):
        try:
            game.apply(pick(game, rng))
        except LabError:
            pass
    path = tmp_path / "good.json"
    ui.save_game(game, path)
    return json.loads(path.read_text())


def set_to(value: Any) -> Callable[[Any, Any], None]:
    """An edit that sets the key to ``value``."""
    return lambda inner, k: inner.__setitem__(k, value)


def edited(saved: dict, at: str, where: tuple, change: Callable[[Any, Any], None]) -> dict:
    """A copy of ``saved`` with ``change(container, last key)`` made at ``where`` in the state ``at``
    names (one of :data:`AT`); with ``at == "state"`` the record is dropped."""
    d = json.loads(json.dumps(saved))
    if at == "state":
        d["record"] = None
    inner = d["state"] if at == "state" else d["record"]["initial"]["state"]
    for k in where[:-1]:
        inner = inner[k]
    change(inner, where[-1])
    return d


def refusal(ui: Any, saved: dict, tmp_path: Path) -> tuple[ScenarioError, str]:
    """The ScenarioError ``ui.load_game`` gives for ``saved`` written to a file, and that file's name."""
    path = tmp_path / "edited.json"
    path.write_text(json.dumps(saved))
    with pytest.raises(ScenarioError) as e:
        ui.load_game(path)
    return e.value, str(path)
