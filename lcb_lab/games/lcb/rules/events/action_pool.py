"""The "Action Pool" Event Card (3.312, 16.0).

3.312 names the card and one rule of it: with the Action Pool, a team's pool is reduced by 3
for each of its eliminated Task Forces (instead of that Task Force's 1 AP). The rest is
lcb_lab's sandbox reading (docs/events.md):

* when the event is resolved, each team's pool is 3 AP per Task Force (3.32), +1 per Task Force
  when the Influence Meter gives +1 AP (15.13), -3 for each Task Force with no units left
  (3.312);
* each impulse of the team may spend AP from the pool (less any AP loss of a card or event this
  turn, but at least 1 while the pool holds any); AP not spent stay in the pool for the team's later impulses this turn
  (the pool replaces 3.310's per-player AP); the pool empties when the turn ends.
"""
from __future__ import annotations

from lcb_lab.kernel import explain
from lcb_lab.games.lcb.model.invariants import INFLUENCE_AP
from lcb_lab.games.lcb.rules.common import Ctx

PER_TASK_FORCE = 3
"""AP a Task Force adds to the pool, and what an eliminated one takes away (3.312)."""


def form(ctx: Ctx, team: str, per_tf: int = PER_TASK_FORCE) -> int:
    """Form ``team``'s pool for this turn (3.312) and log it; returns its AP."""
    from lcb_lab.games.lcb.rules.stages import influence
    s = ctx.state
    tfs = [tf for tf, t in s.task_forces.items() if t == team]
    gone = [tf for tf in tfs if not s.tf_units(tf)]
    bonus = INFLUENCE_AP if influence.level(s.influence_turn_start, team) >= 6 else 0
    pool = max(0, per_tf * len(tfs) - per_tf * len(gone) + bonus * (len(tfs) - len(gone)))
    s.action_pool = {**s.action_pool, team: pool}
    why = f"{per_tf} AP x {len(tfs)} Task Force(s)"
    if gone:
        why += f", -{per_tf} for each eliminated Task Force ({', '.join(gone)})"
    if bonus:
        why += f", +{bonus} per Task Force from the Influence Meter (15.13)"
    ctx.log(explain.step("action_pool", f"{team}'s Action Pool: {pool} AP", why + "; each impulse of the team "
                         "spends from it, unspent AP stay in it this turn", ["3.312", "16.0"]))
    return pool


def in_force(ctx: Ctx, team: str) -> bool:
    """Whether ``team`` plays this turn from an Action Pool."""
    return team in ctx.state.action_pool


def impulse_ap(ctx: Ctx, team: str) -> int:
    """The AP an impulse of ``team`` may spend: the pool, less the turn's AP loss of a card or event
    (at least 1 AP while the pool holds any, as for a card's AP loss; 0 once it is empty)."""
    pool = ctx.state.action_pool[team]
    return min(pool, max(1, pool - ctx.state.ap_loss.get(team, 0)))


def spend(ctx: Ctx, team: str, ap: int) -> int:
    """Take ``ap`` from ``team``'s pool (declared Core Actions); returns what is left."""
    ctx.state.action_pool = {**ctx.state.action_pool, team: max(0, ctx.state.action_pool[team] - ap)}
    return ctx.state.action_pool[team]
