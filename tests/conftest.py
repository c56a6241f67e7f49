"""Shared fixtures and helpers for rule tests.

``make_board`` / ``make_game`` are deprecated thin wrappers over the public
:func:`lcb_lab.situation` (and :func:`lcb_lab.situation.synthetic_board`):
new tests call ``situation(...)`` directly.  The synthetic board is a 12 x 12
grid (columns A-L, rows 1-12) of green land unless told otherwise.
"""
from __future__ import annotations

import warnings

import pytest

from lcb_lab import situation     # first: binds lcb_lab.situation to the function, not its module
from lcb_lab.board import Board
from lcb_lab.game import Game
from lcb_lab.situation import synthetic_board

_DEPRECATED = "tests.conftest.{} is deprecated: call lcb_lab.situation(...) instead"


def make_board(naval=(), mixed=(), colours=None, cut=(), size=12) -> Board:
    """Deprecated: ``lcb_lab.situation(naval=..., mixed=..., colours=..., cut=..., size=...)``.
    A size x size board; ``cut``: pairs of hexes with no ground link (water between)."""
    warnings.warn(_DEPRECATED.format("make_board"), DeprecationWarning, stacklevel=2)
    return synthetic_board(size, naval, mixed, colours, cut)


def make_game(units, board=None, forced=(), seed=None, initiative="US", network=None,
              task_forces=None, markers=None, auto=None, catalog=None) -> Game:
    """Deprecated: ``lcb_lab.situation(units, ...)``.  ``units``: list of
    (uid, type_id, hex, task_force[, revealed]) tuples.  As before, terrain is not
    checked and naval ZORs are not swept at creation."""
    warnings.warn(_DEPRECATED.format("make_game"), DeprecationWarning, stacklevel=2)
    return situation(list(units), board=board or synthetic_board(), forced=list(forced), seed=seed,
                     initiative=initiative, network=network, task_forces=task_forces,
                     markers=markers, auto=auto, catalog=catalog, naval_zor=False, check_terrain=False)


@pytest.fixture
def board():
    return make_board()


def lrs_impulse(g: Game, tf: str, shooter: str, target: str, dice: int, slot: str = "LRS1") -> None:
    """One whole impulse: ``shooter`` fires ``dice`` LRS at ``target``, resolve, end."""
    g.begin_impulse(tf)
    g.declare([{"kind": "move_combat", "units": [shooter]}])
    g.commit_combat(lrs=[{"shooter": shooter, "slot": slot, "target": target, "dice": dice}])
    g.resolve_combat()
    g.end_impulse()


def pass_impulse(g: Game, tf: str) -> None:
    """An impulse that declares nothing (3.310)."""
    g.begin_impulse(tf)
    g.declare([])
    g.end_impulse()


def widget_states(w, seen=None) -> list[dict]:
    """The state of every widget in an ipywidgets tree, as ipywidgets sends it to the browser."""
    seen = seen if seen is not None else set()
    if id(w) in seen:
        return []
    seen.add(id(w))
    out = [w.get_state()]
    for c in getattr(w, "children", ()) or ():
        out += widget_states(c, seen)
    return out
