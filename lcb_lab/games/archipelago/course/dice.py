"""This game's side of the lesson comparing the two games' dice: how *Naval Battle in
Archipelago* decides a shot, as exact distributions (the kernel's :mod:`~lcb_lab.kernel.odds` over
the game's own dice, :mod:`~lcb_lab.games.archipelago.dice`; the chances the rules log,
:mod:`~lcb_lab.games.archipelago.chance`).

* a torpedo's run: one red die, the length of the run (l.204); a 1 fails (l.203) -- P(hit) against
  the step the target stands on (:func:`torpedo_curve`);
* a gun shell: red + green reaches the distance (l.322, l.329); a double 1 fails (l.323)
  (:func:`gun_pmf`, :func:`gun_curve`);
* an air-to-surface missile: green + green reaches the distance (l.505); a double 1 fails (l.507)
  (:func:`missile_pmf`, :func:`missile_hit`; the level-3 weapon, computed here from the text, the
  course path's rules set aside: a straight line);
* the blue movement dice: the chance all match (the bonus move, l.172) with the sandbox blue die
  2/3/3/4/4/5 against a plain d6 (:func:`bonus_rows`): the blue die's faces are *sandbox*.

>>> [round(p, 4) for p in gun_curve(range(2, 5))]
[0.9722, 0.9722, 0.8889]
>>> round(missile_hit(4), 4), len(missile_pmf()) - 1
(0.8611, 8)
"""
from __future__ import annotations

from typing import Iterable

import numpy as np

from lcb_lab.games.archipelago import chance
from lcb_lab.games.archipelago.dice import BLUE_SOURCE, GREEN, RED
from lcb_lab.kernel.checkpoints import Checkpoint
from lcb_lab.kernel.dice import D6
from lcb_lab.kernel.odds import face_pmf, sum_pmf

__all__ = ["torpedo_curve", "gun_pmf", "gun_curve", "missile_pmf", "missile_hit", "bonus_rows",
           "CHECKPOINTS", "BLUE_SOURCE"]

DOUBLE_ONE = 1 / 36
"""P(a double 1) of red + green or green + green: each die shows 1 on one face in six (l.1584)."""


def torpedo_curve(steps: Iterable[int]) -> list[float]:
    """P(a launched torpedo hits) for a target on each step of its course (l.203-206)."""
    return [chance.torpedo_hit(k) for k in steps]


def gun_pmf() -> np.ndarray:
    """P(red + green = v), indexed by v = 0..10 (l.322)."""
    return sum_pmf(face_pmf(RED), face_pmf(GREEN))


def gun_curve(distances: Iterable[int]) -> list[float]:
    """P(a gun shell hits) at each distance in d (l.322-329)."""
    return [chance.gun_hit(d) for d in distances]


def missile_pmf() -> np.ndarray:
    """P(green + green = v), indexed by v = 0..8 (l.505)."""
    return sum_pmf(face_pmf(GREEN), face_pmf(GREEN))


def missile_hit(distance: int) -> float:
    """P(an air-to-surface missile reaches a target ``distance`` d away): green + green >= distance,
    not a double 1 (l.505, l.507); 0 below the minimum 2 d (l.504)."""
    if distance < 2:
        return 0.0
    return float(missile_pmf()[distance:].sum()) - (DOUBLE_ONE if distance <= 2 else 0.0)


def bonus_rows(dice: Iterable[int] = (2, 3, 4)) -> list[tuple[int, float, float]]:
    """``(n, P(bonus) with the sandbox blue die, P(bonus) were it a plain d6)`` for ``n`` blue dice (l.172)."""
    plain = face_pmf(D6)
    return [(n, chance.bonus(n), float(sum(p ** n for p in plain if p))) for n in dice]


def _most_likely(pmf: np.ndarray) -> frozenset[str]:
    top = pmf.max()
    return frozenset(str(v) for v, p in enumerate(pmf) if abs(p - top) < 1e-12)


def checkpoints() -> list[Checkpoint]:
    """Questions on this game's dice; each answer computed from the distributions above."""
    totals = tuple(str(v) for v in range(2, 11))
    return [
        Checkpoint("archdice.gun-6", "A gun fires at a target 6 d away. What is the chance of a hit?",
                   kind="probability", answer=lambda: chance.gun_hit(6), rule="l.329",
                   hint="Count the (red, green) pairs whose sum is 6 or more; the green die is 1/2/2/3/3/4.",
                   explanation="21 of 36 equally likely pairs of faces reach 6: 58.3%."),
        Checkpoint("archdice.likeliest-sum", "Which totals of red + green are the most likely?", kind="choices",
                   options=totals, answer=lambda: _most_likely(gun_pmf()), rule="l.322",
                   hint="A sum of two dice piles up in the middle: count the ways to make each total.",
                   explanation="5, 6 and 7, each 6 ways in 36: the green die's doubled 2 and 3 widen the top "
                               "of the bell."),
        Checkpoint("archdice.missile-4", "A helicopter's air-to-surface missile at a target 4 d away: chance "
                   "that green + green reaches it?", kind="probability", answer=lambda: missile_hit(4),
                   rule="l.505", hint="Two green dice, 1/2/2/3/3/4 each; the sum must be at least the distance.",
                   explanation="31 of 36: only sums of 2 or 3 fall short (1 + 4 ways of 36)."),
        Checkpoint("archdice.bonus-plain-3", "Were the blue die a plain d6 (1-6), what would the chance be that "
                   "three blue dice all match (a bonus move)?", kind="probability",
                   answer=lambda: bonus_rows((3,))[0][2], rule="l.172",
                   hint="Add, over each value, the chance that all three dice show it.",
                   explanation=lambda: f"6 x (1/6)^3 = 1 in 36 (2.8%), against {chance.bonus(3):.1%} with the lab's "
                               "sandbox blue die: the faces the text does not print decide how often the bonus comes."),
    ]


CHECKPOINTS: list[Checkpoint] = checkpoints()
"""Questions on this game's dice (answers computed when asked)."""
