"""Exact odds of every roll of the game, from the kernel's :mod:`~lcb_lab.kernel.odds`.

* a launched torpedo (l.202-206): the red die is the run's length, a 1 fails; a torpedo whose
  course reaches the target at step ``k`` hits on a red of at least ``max(k, 2)``;
* a torpedo continuing its run (l.207): the green die (1/2/2/3/3/4) is the length; the first
  enemy piece it may hit at step ``k`` is hit on a green of at least ``k``;
* the expanded air (l.880, l.1343, l.1349, l.1357): air-to-ground rockets, a red of at least the
  step (a 1 fails); a combat aircraft's missiles +2; its decoy flare, red 4-6;
* a gun shell (l.322-329): red + green reaches the distance, a double 1 fails;
* an A-S missile (l.505-507): green + green reaches the target's step, a double 1 fails; an A-A
  missile (l.526): the red die reaches it; the machine gun (l.539, l.634): a red of at least 2
  (helicopter) or 5 (hovercraft);
* commandos landing (l.661): red against the defender's red (commandos) or green (garrison),
  ties rolled again: the attacker's chance to win one fight;
* the blue dice: the chance they all match (the bonus move, l.172, l.299; the blue die's faces
  are a sandbox reading, :mod:`~lcb_lab.games.archipelago.dice`).

>>> round(torpedo_hit(4), 4), round(torpedo_hit(2), 4), torpedo_hit(0)
(0.5, 0.8333, 0.0)
>>> round(gun_hit(6), 4), gun_hit(11)
(0.5833, 0.0)
>>> round(as_hit(2), 4), round(aa_hit(3), 4), round(machine_gun(2), 4)
(0.9722, 0.6667, 0.8333)
>>> round(as_hit(10, 2), 4), round(aa_hit(8, 2), 4), round(agr_hit(3), 4), decoy()
(0.0278, 0.1667, 0.6667, 0.5)
>>> round(fight("green"), 4), round(fight("red"), 4)
(0.7, 0.5)
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


def as_hit(steps: int, plus: int = 0) -> float:
    """P(an A-S missile hits a target its course reaches at step ``steps``): green + green (+ ``plus``,
    2 from a combat aircraft, l.1357) >= steps, not a double 1 (l.505-507); 0 when the course never reaches it."""
    if steps <= 0:
        return 0.0
    total = at_least(sum_pmf(face_pmf(GREEN), face_pmf(GREEN)), steps - plus)
    return total - (1 / 36 if steps - plus <= 2 else 0.0)


def aa_hit(steps: int, plus: int = 0) -> float:
    """P(an A-A missile hits an aircraft its course reaches from the rear at step ``steps``): red
    (+ ``plus``, 2 from a combat aircraft, l.1343) >= steps (l.526)."""
    return 0.0 if steps <= 0 else at_least(face_pmf(RED), steps - plus)


def agr_hit(steps: int) -> float:
    """P(air-to-ground rockets hit a target straight ahead at step ``steps``): red >= steps, a 1 fails (l.880)."""
    return 0.0 if steps <= 0 else at_least(face_pmf(RED), max(steps, 2))


def decoy() -> float:
    """P(a combat aircraft's decoy flare draws an A-A missile away): red 4-6 (l.1349)."""
    return at_least(face_pmf(RED), 4)


def machine_gun(need: int) -> float:
    """P(a red die of at least ``need``) (l.539: 2, l.634: 5)."""
    return at_least(face_pmf(RED), need)


def fight(defender: str) -> float:
    """P(the attacker's red beats the defender's die, ``"red"`` (commandos) or ``"green"`` (garrison)),
    ties rolled again (l.661, l.670)."""
    a, d = face_pmf(RED), face_pmf(GREEN if defender == "green" else RED)
    win = sum(a[i] * d[j] for i in range(len(a)) for j in range(len(d)) if i > j)
    tie = sum(a[i] * d[i] for i in range(min(len(a), len(d))))
    return float(win / (1 - tie))


# --- expanded: ssm
def ss_hit(steps: int) -> float:
    """P(an S-S missile hits a target its course reaches at step ``steps``): red + red >= steps
    (l.854; no failed launch is printed); 0 when the course never reaches it."""
    if steps <= 0:
        return 0.0
    return at_least(sum_pmf(face_pmf(RED), face_pmf(RED)), steps)


def cruise_hit(steps: int) -> float:
    """P(a cruise missile's second part reaches a target ``steps`` points along its course): the
    red die + 5 >= steps (l.981, l.983); 0 when the course never reaches it."""
    return 0.0 if steps <= 0 else at_least(face_pmf(RED), steps - 5)
