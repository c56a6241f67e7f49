"""The typed act of an offensive INTERCEPT (7.59, 7.510, 7.512).

Kept apart from :mod:`lcb_lab.games.lcb.actions` only for that module's size: ``actions`` imports it,
registers it (``ACTION_TYPES``, JSON tag ``offensive_intercept``) and exports it, so
``lcb_lab.games.lcb.actions.OffensiveIntercept`` is the name to use.  The field types are those of
``actions`` (strict ints and strings, :data:`lcb_lab.games.lcb.io.inputs.Designator` for names).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated, ClassVar

from pydantic import Field, Strict

from lcb_lab.games.lcb.io.inputs import Designator
from lcb_lab.kernel.actions import Action


@dataclass(frozen=True)
class OffensiveIntercept(Action):
    """Offensive INTERCEPT (7.59, 7.512) or offensive BMD INTERCEPT (7.510) on the own impulse:
    ``dice`` d20 of ``interceptor``'s INTERCEPT value ``slot`` (its own ``"INT1"`` or an Attached
    card's), the unit being in declared Move and/or Initiate Combat ``action`` (its 1 AP), at
    ``target``: a revealed enemy ISR marker (its id, ``"ISR-1"``) or an enemy card in play that
    only BMD may engage (its card id).  :mod:`lcb_lab.games.lcb.rules.combat.offensive`.

    >>> OffensiveIntercept(1, "1 Kilo", "INT1", "UAS-1", 2).KIND
    'offensive_intercept'
    """

    KIND: ClassVar[str] = "offensive_intercept"
    action: Annotated[int, Strict()]
    interceptor: Designator
    slot: Annotated[str, Strict()]
    target: Designator
    dice: Annotated[int, Strict(), Field(ge=0, le=1000)]
