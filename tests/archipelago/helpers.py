"""Staging helpers for the Archipelago tests: a tall open sea, a point ``O`` near its south, and
points named by steps from it (the pictures are not in the text: each test places the pieces so
the geometry its example describes holds)."""
from __future__ import annotations

import json

import pytest

from lcb_lab.games.archipelago.model.board import Board
from lcb_lab.kernel.errors import IllegalAction
from lcb_lab.kernel.hexgrid import Axial, Facing, neighbour

SEA = Board.open_sea(14, 16)
O = SEA.from_col_row(6, 12)
N, NE, SE, S, SW, NW = (int(f) for f in Facing)


def at(*legs: tuple[int, int], start: Axial = O) -> Axial:
    """The point reached from ``start`` by legs ``(facing, steps)``."""
    p = start
    for f, n in legs:
        p = neighbour(p, f, n)
    return p


def snapshot(g) -> str:
    """The state and dice as one JSON string (byte-identity after a refusal)."""
    return json.dumps([g.state_to_data(g.state), g.dice.state()], sort_keys=True, default=str)


def titles(g, since: int = 0) -> list[str]:
    """The log's titles from entry ``since`` on."""
    return [e["title"] for e in g.state.log[since:]]


def refused(g, act, rule: str) -> str:
    """Apply ``act`` to ``g`` expecting an IllegalAction that cites ``rule`` and leaves the state
    byte-identical; returns the refusal's text."""
    before = snapshot(g)
    with pytest.raises(IllegalAction) as e:
        g.apply(act)
    assert e.value.rule == rule, e.value
    assert snapshot(g) == before
    return str(e.value)
