"""Typed actions of the optional rules (17.0: 17.1, 17.2, 17.6, 17.71, 17.9): each is legal only
while its rule is switched on.

Kept apart from :mod:`lcb_lab.games.lcb.actions` (which registers them in its ``ACTION_TYPES``
and re-exports them, so ``A.NavalSupply`` is the one name to use):

>>> from lcb_lab.games.lcb import actions as A
>>> A.to_json(A.NavalSupply("DDG-1", (A.SlotSupply("LRS1", 5), A.SlotSupply("INT1", 15))))["kind"]
'naval_supply'
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated, ClassVar, Literal, Optional

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


@dataclass(frozen=True)
class SubmarineMovement(Action):
    """Optional rule 17.2: write ``mode`` (``"quiet"`` 1 MP, ``"normal"`` 3 MP, ``"noisy"`` 5 MP)
    on the SOT for the next move of submarine ``sub`` of declared action ``action`` (secret)."""

    KIND: ClassVar[str] = "submarine_movement"
    action: Int
    sub: Str
    mode: Literal["quiet", "normal", "noisy"]


@dataclass(frozen=True)
class ExpendAswCard(Action):
    """Optional rules 17.2 / 17.71: expend (flip over) the team's ASW card ``card`` (its cid) over
    ``hexes``: enemy submarines there are DETECTED more easily by the team's next ASW.
    ``action``: None for a deployed card (a Persistent card's free use, 9.2); for a card in the
    team pool, the declared Play a JCC Core Action naming it, which paid its 1 AP (9.03, 9.41)."""

    KIND: ClassVar[str] = "expend_asw_card"
    card: Str
    hexes: tuple[Str, ...]
    action: Optional[Int] = None


@dataclass(frozen=True)
class InteropAttempt(Action):
    """Optional rule 17.1: in the first Planning Stage ``team`` pays 5 CP to try to remove one cube
    from its Interoperability Network (one d20, 1-8 succeeds)."""

    KIND: ClassVar[str] = "interop_attempt"
    team: Literal["US", "RU"]
