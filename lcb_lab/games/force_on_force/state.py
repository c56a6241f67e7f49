"""The game's state: units, the turn, the pending activation with its declared reactions and
Overwatch interrupts, UAVs, the Fog of War deck (kernel :class:`~lcb_lab.kernel.dice.Piles`), the
figures each side lost, and the explained log.  Plain dataclasses: the kernel copies, saves, undoes
and replays them (:mod:`lcb_lab.kernel.datacodec`)."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import ClassVar

from lcb_lab.games.force_on_force.model.units import Unit
from lcb_lab.kernel import choices as K
from lcb_lab.kernel.dice import Piles

SIDES = ("Blue", "Red")
"""The two forces (sandbox names; the text's examples pit SAS or US troops against insurgents)."""


@dataclass
class Pending(K.Choice):
    """A question on the one stack of choices: ``question`` ``"react"`` (the non-initiative player
    declares which units React, l.350) or ``"interrupt"`` (the initiative player's Overwatch
    units may interrupt the declared Reactions, l.407); ``side`` answers it."""

    kind: ClassVar[str] = "fof"
    name: ClassVar[str] = "reaction declaration"
    question: str = "react"
    side: str = "Red"
    rule: str = "l.350"
    id: int = 0

    def answerers(self) -> tuple[str, ...]:
        """The one side this question waits for."""
        return (self.side,)


@dataclass
class Declared:
    """An initiative unit's declared actions (l.182-186): move to point ``to`` (``rapid``), fire
    at ``fire_at``, or breach the building of ``breach`` (l.5-15)."""

    unit: str
    to: str = ""
    fire_at: str = ""
    rapid: bool = False
    breach: str = ""


@dataclass
class Reaction:
    """A declared Reaction (l.248): ``kind`` ``"fire"`` at the activated unit or ``"move"`` to
    ``to`` (``rapid``); after the tests, ``won`` (the non-initiative unit won, l.318) and
    ``cancelled`` (an Overwatch interrupt stopped it, l.419)."""

    unit: str
    kind: str
    to: str = ""
    rapid: bool = False
    won: bool = False
    cancelled: bool = False


@dataclass
class Interrupt:
    """An Overwatch unit's interrupt of ``target``'s Reaction (l.407)."""

    overwatch: str
    target: str


@dataclass
class Activation:
    """The activation being resolved: the declaration, its Reactions and interrupts."""

    act: Declared
    reactions: list[Reaction] = field(default_factory=list)
    interrupts: list[Interrupt] = field(default_factory=list)


@dataclass
class FofState:
    """The whole game: ``units`` by name, ``turn`` (of ``max_turns``), the ``initiative`` side,
    ``phase`` (``"overwatch"``: declaring Overwatch, l.405; ``"activate"``; ``"over"``), the choice
    stack, the activation being resolved, the sides with a UAV (l.132) and what each UAV spotted,
    the Fog of War piles (sandbox deck, l.372), figures lost per side, the winner, the log."""

    units: dict[str, Unit]
    turn: int = 1
    max_turns: int = 3
    initiative: str = "Blue"
    phase: str = "overwatch"
    acts: int = 0
    choices: list[Pending] = field(default_factory=list)
    last_choice_id: int = 0
    activation: Activation | None = None
    activation_fired: bool = False
    uav: list[str] = field(default_factory=list)
    uav_spotted: dict[str, list[str]] = field(default_factory=lambda: {s: [] for s in SIDES})
    fog: Piles = field(default_factory=Piles)
    lost: dict[str, int] = field(default_factory=lambda: {s: 0 for s in SIDES})
    winner: str = ""
    log: list[dict] = field(default_factory=list)

    def other(self, side: str) -> str:
        """The other side."""
        return SIDES[1 - SIDES.index(side)]
