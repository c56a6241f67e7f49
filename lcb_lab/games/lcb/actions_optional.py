"""Typed actions of the optional rules (17.0): each is legal only while its rule is switched on.

Kept apart from :mod:`lcb_lab.games.lcb.actions` (which registers them in its ``ACTION_TYPES``
and re-exports them, so ``A.NavalSupply`` is the one name to use):

>>> from lcb_lab.games.lcb import actions as A
>>> A.to_json(A.NavalSupply("DDG-1", (A.SlotSupply("LRS1", 5), A.SlotSupply("INT1", 15))))["kind"]
'naval_supply'
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated, ClassVar

from pydantic import Strict

from lcb_lab.kernel.actions import Action, Words
from lcb_lab.games.lcb.io.inputs import Designator

Int = Annotated[int, Strict()]
Str = Annotated[str, Strict()]


@dataclass(frozen=True)
class SlotSupply(Words):
    """``supply`` cubes in CV slot ``slot`` (``"LRS1"``, ``"INT1"``) of a ship (17.91)."""

    slot: Str
    supply: Int


@dataclass(frozen=True)
class NavalSupply(Action):
    """Optional rule 17.9: before the end of the Deployment Stage, set ship ``unit``'s split of its
    supply between its LRS and INTERCEPT values, ``allocation`` giving every such slot; the total
    stays its initial allocation (17.91, :mod:`lcb_lab.games.lcb.rules.optional.naval_supply`)."""

    KIND: ClassVar[str] = "naval_supply"
    unit: Designator
    allocation: tuple[SlotSupply, ...]


@dataclass(frozen=True)
class PreloadCraft(Action):
    """Optional rule 17.6: in the Deployment Stage, pre-load ``units`` (exactly these; ``()``
    empties it) onto the Embarked LCU or LCAC card ``card`` (cid), up to its GPSV capacity and
    outside its host ship's Embarkation Value (17.61, :mod:`lcb_lab.games.lcb.rules.optional.preload`)."""

    KIND: ClassVar[str] = "preload_craft"
    card: Str
    units: tuple[Designator, ...] = ()
