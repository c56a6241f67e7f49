"""The Archipelago course: per level of the rulebook, the printed examples staged as games and the
checkpoints a class answers on them.

Each level is a module ``course/levelN.py`` found by its name; it gives

* the printed examples as functions returning a staged game (typed acts, forced dice);
* ``staged(**kw)``: the checkpoints' staged position;
* ``CHECKPOINTS``: :class:`~lcb_lab.kernel.checkpoints.Checkpoint` s whose answers are *computed*
  from the engine on staged positions (legal acts, the chance node an act would open, the state
  after a roll), each hint citing a line of the text (``l.N``);
* ``TITLE``.

:mod:`~lcb_lab.games.archipelago.course.dice` gives this game's side of the lesson comparing the two
games' dice.  Shared helpers: :func:`at` (a point by legs from a start), :func:`odds` (the exact
odds of an act before its roll), :func:`play` (apply an act and explain it), :func:`refusing_rule`.

>>> [lv.number for lv in levels()], level(1).title
([1, 2, 3, 4, 5], 'Level 1: torpedo boats')
"""
from __future__ import annotations

import importlib
import pkgutil
import re
from dataclasses import dataclass
from typing import Any, Callable

from lcb_lab.games.archipelago.model.board import Board
from lcb_lab.kernel.actions import Action
from lcb_lab.kernel.checkpoints import Checkpoint
from lcb_lab.kernel.errors import DiceExhausted, IllegalAction, LabError
from lcb_lab.kernel.explain import explained, odds_lines as odds   # the course's names for them
from lcb_lab.kernel.hexgrid import Axial, Facing, neighbour

__all__ = ["Level", "level", "levels", "checkpoint", "at", "odds", "play", "explained", "log_lines", "refusing_rule",
           "SEA", "O", "N", "NE", "SE", "S", "SW", "NW"]

SEA = Board.open_sea(14, 16)
"""The lessons' board: an open sea of 14 x 16 dark-blue points (the printed board is only
pictures, l.106; the examples' geometry is staged on it)."""
O = SEA.from_col_row(6, 12)
"""The point the examples are staged from, near the south of :data:`SEA`."""
N, NE, SE, S, SW, NW = (int(f) for f in Facing)

_MODULE = re.compile(r"^level(\d)$")


def at(*legs: tuple[int, int], start: Axial = O) -> Axial:
    """The point reached from ``start`` by legs ``(facing, steps)`` (``at((N, 2), (NE, 3))``)."""
    p = start
    for f, n in legs:
        p = neighbour(p, f, n)
    return p


@dataclass(frozen=True)
class Level:
    """One level of the course: ``number`` (1-5, 5 the expanded rules), ``module``, ``title``, ``staged`` and ``checkpoints``."""

    number: int
    module: str
    title: str
    staged: Callable[..., Any]
    checkpoints: tuple[Checkpoint, ...]

    def checkpoint(self, key: str) -> Checkpoint:
        """The checkpoint ``key``; LabError naming the level's keys if none."""
        for cp in self.checkpoints:
            if cp.key == key:
                return cp
        raise LabError(f"level {self.number} has no checkpoint {key!r}; it has: "
                       + ", ".join(cp.key for cp in self.checkpoints))


def level_numbers() -> list[int]:
    """The levels with a course module (``levelN.py``), in order."""
    found = (_MODULE.match(m.name) for m in pkgutil.iter_modules(__path__))
    return sorted(int(m.group(1)) for m in found if m)


def level(n: int) -> Level:
    """Level ``n``'s :class:`Level`. Raises LabError when the course has no such level."""
    if n not in level_numbers():
        raise LabError(f"the Archipelago course has no level {n}; it has levels "
                       + ", ".join(map(str, level_numbers())))
    mod = importlib.import_module(f"{__name__}.level{n}")
    return Level(n, mod.__name__, mod.TITLE, mod.staged, tuple(mod.CHECKPOINTS))


def levels() -> list[Level]:
    """Every level of the course, in order."""
    return [level(n) for n in level_numbers()]


def checkpoint(key: str) -> Checkpoint:
    """The checkpoint ``key`` (``"arch1.tb-sides"``: level from the prefix). Raises LabError."""
    m = re.match(r"^arch(\d)\.", key)
    if not m:
        raise LabError(f"an Archipelago checkpoint key starts with its level, like 'arch1.tb-sides', not {key!r}")
    return level(int(m.group(1))).checkpoint(key)


def play(game: Any, action: Action) -> str:
    """Apply ``action`` to ``game`` and return its explained log lines (the odds line first when it
    rolls). Raises IllegalAction (state untouched) when the rules refuse it."""
    return explained(game.apply(action))


def refusing_rule(game: Any, action: Action) -> str:
    """The ``l.N`` the engine cites refusing ``action`` now, ``""`` if it is legal (tried on a
    fork: ``game`` is untouched; a legal act that would roll past the forced dice counts as legal)."""
    try:
        game.fork().apply(action)
    except IllegalAction as e:
        return e.rule
    except DiceExhausted:
        pass
    return ""


def log_lines(game: Any, since: int = 0) -> str:
    """The game's explained log from entry ``since`` on, one line each: ``[l.N, ...] title: text``."""
    return "\n".join(f"[{', '.join(e.get('rules', ()))}] {e['title']}: {e['text']}" for e in game.state.log[since:])
