"""Typed actions of the *Force on Force* game (kernel :class:`~lcb_lab.kernel.actions.Action`).

The text's tables (l.196-246, interleaved in the scan; reading in ``docs/force_on_force.md``):
Actions Move, Fire, Move & Fire, Fire & Move (:class:`Activate`), Go On Overwatch
(:class:`GoOnOverwatch`), Request Artillery (:class:`Artillery`), Hide (:class:`Hide`), Spot
Hidden Units (:class:`Spot`), Place Breaching Charge (:class:`Breach`); Reactions Move and Fire
(:class:`React`); Overwatch interrupts (:class:`Interrupt`).  Crossing an obstacle
(:class:`Cross`, l.39, l.52) is a Tactical move.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from lcb_lab.kernel.actions import Action, ActionCodec


@dataclass(frozen=True)
class GoOnOverwatch(Action):
    """Put ``unit`` on Overwatch before any activation (l.403-405)."""

    KIND: ClassVar[str] = "overwatch"
    unit: str


@dataclass(frozen=True)
class StartActivations(Action):
    """End the Overwatch declarations; units are activated from now on (l.405)."""

    KIND: ClassVar[str] = "start_activations"


@dataclass(frozen=True)
class Activate(Action):
    """Activate ``unit``: move to named point ``to`` (``rapid``: a Rapid move), then fire at
    ``fire_at`` (either may be empty), l.182-186."""

    KIND: ClassVar[str] = "activate"
    unit: str
    to: str = ""
    fire_at: str = ""
    rapid: bool = False


@dataclass(frozen=True)
class Breach(Action):
    """``unit`` breaches into the building holding ``target`` and close assaults it (l.5-15)."""

    KIND: ClassVar[str] = "breach"
    unit: str
    target: str


@dataclass(frozen=True)
class Hide(Action):
    """``unit`` goes into hiding (l.124-128)."""

    KIND: ClassVar[str] = "hide"
    unit: str


@dataclass(frozen=True)
class Spot(Action):
    """``unit`` searches terrain feature ``feature`` for hidden units (l.114-118)."""

    KIND: ClassVar[str] = "spot"
    unit: str
    feature: str


@dataclass(frozen=True)
class Artillery(Action):
    """``unit`` requests an artillery salvo on ``target`` (l.88; the salvo is sandbox)."""

    KIND: ClassVar[str] = "artillery"
    unit: str
    target: str


@dataclass(frozen=True)
class Cross(Action):
    """``unit`` swims or climbs ``obstacle`` to its far side (l.39, l.52)."""

    KIND: ClassVar[str] = "cross"
    unit: str
    obstacle: str


@dataclass(frozen=True)
class EndTurn(Action):
    """The initiative player activates no more units this turn."""

    KIND: ClassVar[str] = "end_turn"


@dataclass(frozen=True)
class React(Action):
    """Declare ``unit``'s Reaction: ``how`` is ``"fire"`` at the activated unit, or ``"move"`` to
    point ``to`` (``rapid``), l.248-264, l.280."""

    KIND: ClassVar[str] = "react"
    unit: str
    how: str
    to: str = ""
    rapid: bool = False


@dataclass(frozen=True)
class DoneReacting(Action):
    """No more Reactions to declare (l.350)."""

    KIND: ClassVar[str] = "done_reacting"


@dataclass(frozen=True)
class Interrupt(Action):
    """Overwatch ``unit`` interrupts ``target``'s Reaction (l.407)."""

    KIND: ClassVar[str] = "interrupt"
    unit: str
    target: str


@dataclass(frozen=True)
class DoneInterrupting(Action):
    """No (more) Overwatch interrupts: the chain is resolved (l.358-364)."""

    KIND: ClassVar[str] = "done_interrupting"


CODEC = ActionCodec([GoOnOverwatch, StartActivations, Activate, Breach, Hide, Spot, Artillery, Cross, EndTurn,
                     React, DoneReacting, Interrupt, DoneInterrupting], home="the Force on Force game's actions")
