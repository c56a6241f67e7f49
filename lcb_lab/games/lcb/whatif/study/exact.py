"""The exact odds a plan has, where they exist: the first engagement its combat rolls (7.010).

:func:`exact_odds` plays the plan's acts on a clone (the defender's answers by the plan's named
policies: INTERCEPT 7.54, ...) up to the first moment the committed combat waits for its dice,
and asks the engine what that roll can do (``Game.chance_outcomes``: the same setup the roll
uses, :mod:`lcb_lab.games.lcb.rules.combat.chance`).  Each count of the step
(``"HP lost by 1 Whiskey"``) becomes one :class:`ExactOdds`: the distribution of that count and,
for a unit, the chance it is destroyed (HP lost reaching its HP, 7.05).

Exact odds do not exist (``()``) when the plan rolls a die before its combat (a card's DETECT,
9.06: the combat's odds would depend on that roll), commits no combat, or a plan act is refused.
They are the first engagement's, before any MILDEC absorbs (4.22, asked after the roll); later
engagements of the same roll (``later``) follow from it and are only sampled.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from lcb_lab.games.lcb import actions as A
from lcb_lab.games.lcb.actions import CHANCE
from lcb_lab.games.lcb.whatif.study.plan import Plan
from lcb_lab.kernel.errors import LabError

if TYPE_CHECKING:
    from lcb_lab.games.lcb.game import Game


@dataclass(frozen=True)
class ExactOdds:
    """One count of the first engagement: ``label`` and ``rule`` of the step, ``count`` (e.g.
    ``"HP lost by 1 Whiskey"``), ``unit`` (the unit counted, or None for a marker), ``hp`` (its HP
    before the roll), ``pmf`` (``{value: probability}``) and ``p_destroyed`` (None for a marker)."""

    label: str
    rule: str
    count: str
    unit: str | None
    hp: int | None
    pmf: dict[int, float]
    p_destroyed: float | None
    later: int = 0


def exact_odds(start: "Game", plan: Plan, viewer: str | None = None) -> tuple[ExactOdds, ...]:
    """The plan's exact odds (module doc), from ``viewer``'s form of the step (None: all units)."""
    from lcb_lab.games.lcb.whatif.study.run import fresh_game
    g = fresh_game(start, plan, 0)
    drawn = len(g.dice.history)
    for act in plan.acts:
        if g.to_act() == CHANCE or isinstance(act, A.ResolveCombat):
            break
        try:
            g.apply(act)
        except LabError:
            return ()
    if g.to_act() != CHANCE or len(g.dice.history) != drawn:
        return ()
    step = g.chance_outcomes(viewer=viewer) if viewer else g.chance_outcomes()
    out = []
    for k, count in enumerate(step.counts):
        pmf: dict[int, float] = {}
        for outcome, p in step.outcomes:
            pmf[outcome[k]] = pmf.get(outcome[k], 0.0) + p
        uid = count[len("HP lost by "):] if count.startswith("HP lost by ") else None
        unit = g.state.units.get(uid) if uid else None
        hp = unit.hp if unit is not None else None
        dead = sum(p for v, p in pmf.items() if v >= hp) if hp else None
        out.append(ExactOdds(step.label, step.rule, count, uid if unit is not None else None, hp,
                             dict(sorted(pmf.items())), dead, step.later))
    return tuple(out)
