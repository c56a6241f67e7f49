"""LC:B's die and its hit rule: every LC:B roll is a d20 (7.01); a die hits on a roll <= the CV
after modifiers, so a CV below 1 never hits and a CV of 20 or more always does (7.02).

The kernel offers dice and odds over any die and any rule (:mod:`lcb_lab.kernel.dice`,
:mod:`lcb_lab.kernel.odds`) and names neither; this module names LC:B's (no numpy: the rules
import it).

>>> p_hit(14), p_hit(0), p_hit(25), p_any_hit(2, 10)
(0.7, 0.0, 1.0, 0.75)
>>> new_dice(forced=[20]).roll(1, "LRS"), type(new_dice()).__name__, new_dice().die.name
([20], 'LcbDice', 'd20')
"""
from __future__ import annotations

import functools

from typing import Iterable

from lcb_lab.kernel.dice import D20, Dice, Die, Rule, at_most

DIE = D20
"""LC:B's die (7.01): a d20, faces 1..20."""


def hits_on(cv: int) -> Rule:
    """The rule "a roll <= ``cv`` hits" (7.02; ``cv``: the CV after modifiers, any int)."""
    return at_most(cv)


@functools.lru_cache(maxsize=256)
def p_hit(cv: int) -> float:
    """Chance one d20 hits on ``cv`` (7.02): ``clamp(cv, 0, 20) / 20``, exactly (remembered by CV:
    the die and its rule never change)."""
    return DIE.chance(at_most(cv))


def p_any_hit(dice: int, cv: int) -> float:
    """Chance at least one of ``dice`` d20 hits on ``cv`` (7.02); 0.0 for no dice."""
    return 1.0 - (1.0 - p_hit(cv)) ** max(0, dice)


class LcbDice(Dice):
    """LC:B's dice: a :class:`~lcb_lab.kernel.dice.Dice` whose own die is the d20 (7.01), so
    ``LcbDice(seed=7)`` and ``type(game.dice)(forced=[...])`` roll d20s (``forced``: values
    1..20, else LabError); a roll may still name another die (a shuffle, a random pick)."""

    def __init__(self, seed: int | None = None, forced: Iterable[int] = (), die: Die | None = DIE):
        super().__init__(seed, forced, die)

    @classmethod
    def from_state(cls, d: dict, die: Die | None = DIE) -> "LcbDice":
        """LC:B's dice at a saved :meth:`~lcb_lab.kernel.dice.Dice.state` (its die: the d20)."""
        return super().from_state(d, die)


def new_dice(seed: int | None = None, forced: Iterable[int] = ()) -> LcbDice:
    """LC:B's dice (:class:`LcbDice`), seeded and / or scripted."""
    return LcbDice(seed=seed, forced=forced)


def dice_from_state(d: dict) -> LcbDice:
    """LC:B's dice at a saved :meth:`~lcb_lab.kernel.dice.Dice.state`."""
    return LcbDice.from_state(d)
