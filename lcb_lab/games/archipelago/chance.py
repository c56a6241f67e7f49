"""Exact odds of every roll of the game, from the kernel's :mod:`~lcb_lab.kernel.odds`.

* a launched torpedo (l.202-206): the red die is the run's length, a 1 fails; a torpedo whose
  course reaches the target at step ``k`` hits on a red of at least ``max(k, 2)``;
* a torpedo continuing its run (l.207): the green die (1/2/2/3/3/4) is the length; the first
  enemy piece it may hit at step ``k`` is hit on a green of at least ``k``;
* a gun shell (l.322-329): red + green reaches the distance, a double 1 fails;
* the blue dice: the chance they all match (the bonus move, l.172, l.299; the blue die's faces
  are a sandbox reading, :mod:`~lcb_lab.games.archipelago.dice`).

>>> round(torpedo_hit(4), 4), round(torpedo_hit(2), 4), torpedo_hit(0)
(0.5, 0.8333, 0.0)
>>> round(gun_hit(6), 4), gun_hit(11)
(0.5833, 0.0)
"""
from __future__ import annotations

import numpy as np

from lcb_lab.games.archipelago.dice import BLUE, GREEN, RED
from lcb_lab.kernel.odds import face_pmf, sum_pmf


def at_least(pmf: np.ndarray, k: int) -> float:
    """P(value >= k) of a pmf indexed by value."""
    return float(pmf[max(k, 0):].sum())


def torpedo_hit(steps: int) -> float:
    """P(a launched torpedo hits) when its course reaches the target at step ``steps`` (0: the
    course never reaches it, or only from a side it cannot hit from)."""
    if steps <= 0:
        return 0.0
    return at_least(face_pmf(RED), max(steps, 2))


def continuation_hit(steps: int) -> float:
    """P(a continuing torpedo reaches a piece ``steps`` points along its course) on the green die."""
    return 0.0 if steps <= 0 else at_least(face_pmf(GREEN), steps)


def gun_hit(distance: int) -> float:
    """P(a gun shell hits a target ``distance`` d away): red + green >= distance, not a double 1."""
    total = at_least(sum_pmf(face_pmf(RED), face_pmf(GREEN)), distance)
    double_one = (1 / 6) * (1 / 6)
    return max(0.0, total - (double_one if distance <= 2 else 0.0))


def bonus(dice: int) -> float:
    """P(all ``dice`` blue dice match) (0 for fewer than two dice: reading, ``docs/archipelago.md``)."""
    if dice < 2:
        return 0.0
    return float(sum(p ** dice for p in face_pmf(BLUE) if p))
