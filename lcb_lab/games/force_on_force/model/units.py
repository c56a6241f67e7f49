"""Units: Troop Quality die, figures (one Firepower die each, l.15) and what the text's rules ask
of them (hidden, Overwatch, Rapid move, reactions declared this turn, what each has spotted).

A unit's Troop Quality is a die type given by its sides (6, 8, 10, 12); Trained is d8 (l.403).
Firepower is one die of the unit's Troop Quality per figure (six Trained figures: 6D8, l.15).
"""
from __future__ import annotations

from dataclasses import dataclass, field

from lcb_lab.kernel.dice import Die, dN

QUALITY = {6: "Untrained", 8: "Trained", 10: "Veteran", 12: "Elite"}
"""Troop Quality names by die (only Trained = d8 is printed, l.403; the others are sandbox)."""


@dataclass
class Unit:
    """One unit on the table. ``tq``: Troop Quality die sides; ``figures``: figures left;
    ``x``, ``y``: inches; ``kind``: ``"infantry"``, ``"vehicle"`` or ``"gun"``; the flags are the
    scenario's (stealthy, camouflaged, breach kit, swimmers, climbers, advanced optics) and the
    turn's (hidden, overwatch, rapid, activated, lost_test, reactions...)."""

    name: str
    side: str
    tq: int
    figures: int
    x: float
    y: float
    kind: str = "infantry"
    irregular: bool = False
    stealthy: bool = False
    camouflaged: bool = False
    breach_kit: bool = False
    swimmer: bool = False
    climber: bool = False
    optics: bool = False
    buttoned: bool = False
    hidden: bool = False
    overwatch: bool = False
    fallen_off: bool = False
    activated: bool = False
    rapid: bool = False
    lost_test: bool = False
    reaction_moved: bool = False
    reaction_fired: bool = False
    reactions: int = 0
    overwatch_fires: int = 0
    jammed: int = 0
    spotted: list[str] = field(default_factory=list)

    @property
    def alive(self) -> bool:
        """Whether any figure is left."""
        return self.figures > 0

    @property
    def die(self) -> Die:
        """The unit's Troop Quality die (also its Firepower die type, l.15)."""
        return dN(self.tq)

    @property
    def pos(self) -> tuple[float, float]:
        """``(x, y)`` in inches."""
        return (self.x, self.y)

    def firepower(self) -> int:
        """Firepower dice now: one per figure, less one per Reaction after the first (l.364), less
        jams; never below 0."""
        lost = max(0, self.reactions - 1) + self.jammed
        return max(0, self.figures - lost)


def distance(a: Unit, b: Unit) -> float:
    """Straight-line distance between two units, inches."""
    return ((a.x - b.x) ** 2 + (a.y - b.y) ** 2) ** 0.5
