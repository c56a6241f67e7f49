"""The exact odds a plan of *Naval Battle in Archipelago* has, where they exist: its first shot.

A plan's first shot (``LaunchTorpedo``, ``FireGun``, ``LaunchMissile``, ``FireMachineGun``) has
exact odds when nothing before it in the plan can change its setup: only ``RollMovement`` comes
first (the blue dice move no piece by themselves, l.170-178; a ``Move`` before the shot makes its
setup depend on the dice and gives none).  :func:`exact_odds` plays those rolls on a clone and asks
the engine what the shot can do (``Archipelago.chance_outcomes``: the same numbers the roll logs,
:mod:`~lcb_lab.games.archipelago.chance_steps`): :attr:`ExactShot.p_hit` is the chance the shot's
own roll hits (a torpedo's red die, l.203; the gun's red + green, l.329; a missile's dice,
l.505/l.526; the machine gun's red die, l.539).  A study counts the same thing in each run
(``"first_shot_hit"``, :mod:`~lcb_lab.games.archipelago.study`), so the sampled share stands beside
the exact chance.  Positions and facings are open (l.134), so a player's exact odds are the
instructor's.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from lcb_lab.games.archipelago import actions as A
from lcb_lab.games.archipelago.dice import RED
from lcb_lab.kernel.dice import Dice
from lcb_lab.kernel.errors import LabError

SHOTS = (A.LaunchTorpedo, A.FireGun, A.LaunchMissile, A.FireMachineGun)
"""The acts whose roll :func:`exact_odds` gives."""


@dataclass(frozen=True)
class ExactShot:
    """The plan's first shot: ``step`` (its index in the plan's acts), ``label`` and ``rule`` of
    the chance step, ``target`` and ``p_hit`` (0..1) the chance its roll hits."""

    step: int
    label: str
    rule: str
    target: str
    p_hit: float


def first_shot(acts: tuple) -> int | None:
    """The index of the first shot among ``acts``, or None."""
    return next((i for i, a in enumerate(acts) if isinstance(a, SHOTS)), None)


def exact_odds(start: Any, acts: tuple) -> ExactShot | None:
    """The exact odds of the first shot among ``acts`` (a plan's acts) played from ``start`` (not
    changed), or None when there is none, an act before it is not ``RollMovement``, or the rules
    refuse an act on the way (module doc)."""
    k = first_shot(acts)
    if k is None or any(not isinstance(a, A.RollMovement) for a in acts[:k]):
        return None
    g = start.spawn(start.state_clone(start.state), Dice(seed=0, die=RED))
    try:
        for act in acts[:k]:
            g.apply(act)
        step = g.chance_outcomes(acts[k])
    except LabError:
        return None
    if step is None:
        return None
    return ExactShot(k, step.label, step.rule, acts[k].target, step.probability(1))


def hit_now(g: Any, target: str, before: tuple[int, bool, bool]) -> bool:
    """Whether ``target`` was hit since ``before`` (:func:`hit_mark`): a hit marker more, gone from
    the board (sunk, shot down, an intercepted torpedo), or a base object ruined (l.338)."""
    hits, present, ruined = hit_mark(g, target)
    return hits > before[0] or (before[1] and not present) or (ruined and not before[2])


def hit_mark(g: Any, target: str) -> tuple[int, bool, bool]:
    """``(hit markers on target, on the board, ruined)`` now; a base object is on no board list."""
    s = g.state
    p = s.pieces.get(target)
    present = p is not None or target in s.torpedoes or target in s.cruise
    return (len(p.hits) if p is not None else 0), present, target in s.ruins
