"""The exact odds a plan has, where they exist: the first engagement its combat rolls (7.010).

:func:`exact_odds` plays the plan's acts on a clone (the defender's answers by the plan's named
policies: INTERCEPT 7.54, ...) up to the first moment the committed combat waits for its dice,
and asks the engine what that roll can do (``Game.chance_outcomes``: the same setup the roll
uses, :mod:`lcb_lab.games.lcb.rules.combat.chance`).  Each count of the step
(``"HP lost by 1 Whiskey"``) becomes one :class:`ExactOdds`: the distribution of that count and,
for a unit, the chance it is destroyed (HP lost reaching its HP, 7.05).

Exact odds do not exist (``()``) when the plan rolls a die before its combat (a card's DETECT,
9.06: the combat's odds would depend on that roll), commits no combat, or a plan act is refused.
In a team's study (``viewer`` "US" / "RU") the runs play worlds drawn from the team's knowledge
(:mod:`lcb_lab.games.lcb.whatif.worlds`: each enemy back drawn from the enemy's order of battle,
6.11), so the exact odds are those of that draw: the mean, world by world, over
:func:`~lcb_lab.games.lcb.whatif.worlds.each_world` (at most :data:`MAX_WORLDS`; more draws than
that, backs drawn from an order of battle, a world that draws more than the backs -- a hidden
hand, a submarine, a minefield, CP --
or worlds whose first engagement counts different things, give none).

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


MAX_WORLDS = 64
"""The most worlds a team's exact odds are averaged over (the ways of drawing the backs)."""


def exact_odds(start: "Game", plan: Plan, viewer: str | None = None) -> tuple[ExactOdds, ...]:
    """The plan's exact odds (module doc), from ``viewer``'s form of the step (None: all units,
    on the true start)."""
    from lcb_lab.games.lcb.whatif.study.run import team_view
    from lcb_lab.games.lcb.whatif.worlds import each_world
    if not team_view(viewer):
        return _in_world(start, plan, None)
    worlds = each_world(start, viewer, MAX_WORLDS)
    if not worlds:
        return ()
    return _mean([_in_world(w, plan, viewer) for w in worlds])


def _mean(per_world: list[tuple[ExactOdds, ...]]) -> tuple[ExactOdds, ...]:
    """Equally likely worlds' odds averaged count by count; () when they differ in what they count."""
    first = per_world[0]
    shape = [(e.label, e.rule, e.count, e.unit, e.hp, e.later) for e in first]
    if not first or any([(e.label, e.rule, e.count, e.unit, e.hp, e.later) for e in w] != shape for w in per_world):
        return ()
    n, out = len(per_world), []
    for k, e in enumerate(first):
        pmf: dict[int, float] = {}
        for w in per_world:
            for v, p in w[k].pmf.items():
                pmf[v] = pmf.get(v, 0.0) + p / n
        dead = None if e.p_destroyed is None else sum(w[k].p_destroyed for w in per_world) / n
        out.append(ExactOdds(e.label, e.rule, e.count, e.unit, e.hp, dict(sorted(pmf.items())), dead, e.later))
    return tuple(out)


def _in_world(start: "Game", plan: Plan, viewer: str | None) -> tuple[ExactOdds, ...]:
    """The exact odds of the plan's first engagement on ``start`` (module doc)."""
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
