"""The typed actions of the optional rules (17.1, 17.2, 17.71), part of
:data:`lcb_lab.games.lcb.actions.ACTION_TYPES` (re-exported by :mod:`lcb_lab.games.lcb.actions`);
their handlers: :mod:`lcb_lab.games.lcb.handlers`."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated, ClassVar, Literal

from pydantic import Strict

from lcb_lab.kernel.actions import Action

Int = Annotated[int, Strict()]
Str = Annotated[str, Strict()]


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
    """Optional rules 17.2 / 17.71: expend (flip over) the team's deployed ASW card ``card`` (its
    cid) over ``hexes``: enemy submarines there are DETECTED more easily by the team's next ASW."""

    KIND: ClassVar[str] = "expend_asw_card"
    card: Str
    hexes: tuple[Str, ...]


@dataclass(frozen=True)
class InteropAttempt(Action):
    """Optional rule 17.1: in the first Planning Stage ``team`` pays 5 CP to try to remove one cube
    from its Interoperability Network (one d20, 1-8 succeeds)."""

    KIND: ClassVar[str] = "interop_attempt"
    team: Literal["US", "RU"]
