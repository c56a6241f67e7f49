"""The steps the hostile-save tests of the umpire-run games share (Archipelago, Force on Force,
Order of Battle): a good save made by random legal play, one value of its state edited (in
``state`` or in ``record.initial.state``), and the refusal its load gives."""
from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Callable, Iterator

import numpy as np
import pytest

from lcb_lab.kernel.autoplay import pick
from lcb_lab.kernel.errors import LabError, ScenarioError

AT = ["state", "record.initial.state"]
"""Where a test edits the state: the saved state alone (record dropped: nothing replays to catch
it), or the record's first state."""


def random_acts(game: Any, acts: int, seed: int = 0) -> Iterator[Any]:
    """Play up to ``acts`` random legal acts of ``game`` (refusals skipped), yielding it before each
    act (a test checks the state there); stops when no one is to act."""
    rng = np.random.default_rng(seed)
    for _ in range(acts):
        yield game
        if game.to_act() is None:
            return
        try:
            game.apply(pick(game, rng))
        except LabError:
            pass


def good_save(ui: Any, game: Any, tmp_path: Path, acts: int, seed: int = 1) -> dict:
    """``game`` played ``acts`` random legal acts (refusals skipped), saved by ``ui`` and read back."""
    for _ in random_acts(game, acts, seed):
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


WALK_EDITS: dict[str, Callable[[Any, Any], None] | None] = {
    "a string": set_to("x\u202e\x1b"), "a huge number": set_to(10**30), "-1": set_to(-1),
    "a nested list": set_to([[[]]]), "an object": set_to({"a": {"b": 1}}), "null": set_to(None),
    "a fraction": set_to(1.5), "true": set_to(True), "removed": None,
}
"""The edits :func:`walk` makes at every key path: a value of each JSON type (and a huge and a
negative number, control and bidi characters), or the key removed (``None``)."""


def _paths(d: Any, at: tuple = ()) -> Any:
    """Every key path of JSON data ``d``: the first three items of a list, the first two records of a
    table (an object whose values are objects with the same keys: the pieces or units by name)."""
    yield at
    if isinstance(d, dict):
        table = len(d) > 2 and len({tuple(v) if isinstance(v, dict) else None for v in d.values()} - {None}) == 1 \
            and all(isinstance(v, dict) for v in d.values())
        for k, v in list(d.items())[:2] if table else d.items():
            yield from _paths(v, (*at, k))
    elif isinstance(d, list):
        for i, v in enumerate(d[:3]):
            yield from _paths(v, (*at, i))


def walk(ui: Any, saved: dict, tmp_path: Path, edits: Any = None) -> tuple[int, list[str]]:
    """Edit ``saved`` (record dropped: nothing replays to catch the edit) at every key path of its
    state -- once per shape of path (list indexes as ``*``) and edit of :data:`WALK_EDITS` -- and load
    each through ``ui.load_game``.  Each must be refused with one ScenarioError line naming the file,
    or load a game every viewer can draw (``ui.view_model``) and that plays on (five random legal acts,
    refusals being LabErrors).  Returns the number of cases tried and the faults, one line each."""
    d0 = json.loads(json.dumps(saved))
    d0["record"] = None
    seen: set = set()
    tried, faults = 0, []
    path = tmp_path / "walked.json"
    for at in _paths(d0["state"], ("state",)):
        shape = tuple("*" if isinstance(k, int) else k for k in at)
        for name, change in WALK_EDITS.items():
            if (edits is not None and name not in edits) or len(at) < 2 or (shape, name) in seen:
                continue
            seen.add((shape, name))
            d = json.loads(json.dumps(d0))
            inner = d
            for k in at[:-1]:
                inner = inner[k]
            if change is None:
                del inner[at[-1]]
            else:
                change(inner, at[-1])
            path.write_text(json.dumps(d))
            tried += 1
            where = f"{'.'.join(map(str, shape))} {name}"
            try:
                g = ui.load_game(path)
            except ScenarioError as e:
                if "\n" in str(e) or e.file != str(path):
                    faults.append(f"{where}: refused in more than one line or without the file: {e}")
                continue
            except Exception as e:  # noqa: BLE001 -- the fault this walk looks for
                faults.append(f"{where}: {type(e).__name__}: {e}"[:300])
                continue
            try:
                for _, viewer in ui.viewers:
                    ui.view_model(g, viewer, False)
                for _ in random_acts(g, 5):
                    pass
            except Exception as e:  # noqa: BLE001
                faults.append(f"{where}: loaded, then {type(e).__name__}: {e}"[:300])
    return tried, faults
