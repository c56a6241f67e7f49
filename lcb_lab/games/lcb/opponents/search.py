"""The search policy: flat Monte Carlo over the candidate acts, in worlds sampled from its own team's knowledge.

At each decision (:meth:`SearchPolicy.decide`):

1. the candidates are the acts ``game.legal_actions(team)`` offers (templates sampled), the
   ``width`` best by the greedy policy's score (:func:`lcb_lab.games.lcb.opponents.greedy.rank`)
   kept, plus End Impulse when offered (3.3);
2. round after round, for each candidate, a world is sampled from ``team``'s knowledge
   (:func:`lcb_lab.games.lcb.whatif.worlds.sample_world`: never the real state's secrets),
   the candidate is applied there and the rest of the impulse is played out at random (the
   other team's choices by the named default answers); the rollout's value is the *margin*:
   HP the enemy lost minus HP the team lost in that world, plus the Influence moved its way (15.0);
3. it stops when ``budget`` seconds of CPU (``time.process_time``; default 1 s) are spent or
   ``rollouts`` rollouts are done, whichever comes first, and takes the best mean margin.

Under a CPU budget the number of rollouts depends on the machine; with ``budget=None`` and a
fixed ``rollouts`` a decision depends only on the team's knowledge and ``rng``
(``tests/engine/test_opponent_worlds.py``).
"""
from __future__ import annotations

import time
from typing import Any

import numpy as np

from lcb_lab.games.lcb import actions as A
from lcb_lab.games.lcb.actions import CHANCE
from lcb_lab.games.lcb.model.state import other
from lcb_lab.games.lcb.opponents import greedy
from lcb_lab.games.lcb.opponents.policy import Decision, Policy, act_words, answer_decision, candidates, public_line
from lcb_lab.games.lcb.whatif.worlds import sample_world
from lcb_lab.kernel.errors import DiceExhausted, IllegalAction, LabError

ROLLOUT_ACTS = 30
"""Acts a rollout plays at most after the candidate (then it is judged where it stands)."""


class SearchPolicy(Policy):
    """Flat Monte Carlo (module doc).  ``budget``: CPU seconds a decision (None: no limit);
    ``rollouts``: rollouts a decision at most; ``width``: candidates searched; ``samples``: draws
    of each template."""

    name = "search"

    def __init__(self, budget: float | None = 1.0, rollouts: int = 10_000, width: int = 5, samples: int = 4):
        self.budget, self.rollouts, self.width, self.samples = budget, rollouts, width, samples

    def decide(self, game: Any, team: str, rng: np.random.Generator) -> Decision:
        """The candidate with the best mean margin over its rollouts, with the reason.  ValueError
        when ``team`` may not act now."""
        if game.pending is not None and game.pending.team == team:
            return answer_decision(game, team, self.name)
        acts = candidates(game, team, rng, self.samples)
        if not acts:
            raise ValueError(f"{team} may not act now")
        ranked = greedy.rank(game, team, acts)
        pool = [a for a, _, _ in ranked[:self.width]]
        pool += [a for a in acts if isinstance(a, A.EndImpulse) and a not in pool]
        if len(pool) == 1:
            return Decision(pool[0], f"{act_words(pool[0])}: the only act offered", public_line(team, self.name, pool[0]))
        sums, counts = self._search(game, team, pool, rng)
        means = [sums[i] / counts[i] if counts[i] else float("-inf") for i in range(len(pool))]
        order = sorted(range(len(pool)), key=lambda i: -means[i])
        b = order[0]
        runner = f"; next best {act_words(pool[order[1]])} {means[order[1]]:+.2f}" if len(order) > 1 else ""
        why = (f"{act_words(pool[b])}: mean margin {means[b]:+.2f} HP over {counts[b]} sampled worlds "
               f"(HP the enemy lost less HP lost, 7.05){runner}")
        return Decision(pool[b], why, public_line(team, self.name, pool[b]))

    def _search(self, game: Any, team: str, pool: list, rng: np.random.Generator) -> tuple[list[float], list[int]]:
        sums, counts = [0.0] * len(pool), [0] * len(pool)
        start, done = time.process_time(), 0
        while done < self.rollouts:
            for i, a in enumerate(pool):
                v = rollout(game, team, a, rng)
                if v is not None:
                    sums[i] += v
                    counts[i] += 1
                done += 1
            if self.budget is not None and time.process_time() - start >= self.budget:
                break
        return sums, counts


def rollout(game: Any, team: str, action: A.Action, rng: np.random.Generator) -> float | None:
    """The margin of one rollout of ``action`` in a world sampled from ``team``'s knowledge
    (module doc); None when the sampled world refuses the act."""
    w = sample_world(game, team, rng)
    before = _hp(w)
    inf0 = w.state.influence
    try:
        w.apply(action)
    except (IllegalAction, LabError):
        return None                     # the sampled world refuses the act (a back was not what it was drawn as)
    try:
        _finish_impulse(w, team, rng)
    except (LabError, DiceExhausted):
        pass                            # judged where it stands
    return margin(before, _hp(w), team) + (w.state.influence - inf0) * (1 if team == "US" else -1)


def _hp(g: Any) -> dict[str, tuple[str, int]]:
    return {u.uid: (u.team, 0 if u.destroyed else u.hp) for u in g.state.units.values()}


def margin(before: dict[str, tuple[str, int]], after: dict[str, tuple[str, int]], team: str) -> float:
    """HP ``team``'s enemy lost minus HP ``team`` lost between two ``{uid: (team, hp)}`` tallies
    (a unit gone from ``after`` counts as 0 HP)."""
    out = 0.0
    for uid, (t, hp) in before.items():
        lost = hp - after.get(uid, (t, 0))[1]
        out += lost if t == other(team) else -lost
    return out


def _finish_impulse(w: Any, team: str, rng: np.random.Generator) -> None:
    """Random legal acts of ``team`` until its impulse ends (combat resolved, the other team's
    choices by the named defaults), at most :data:`ROLLOUT_ACTS`."""
    from lcb_lab.games.lcb import choices
    for _ in range(ROLLOUT_ACTS):
        if w.state.impulse is None and w.pending is None:
            return
        actor = w.to_act()
        if actor is None:
            return
        if actor == CHANCE:
            w.apply(A.ResolveCombat())
        elif actor != team:
            w.apply(choices.answer_with(w.pending))
        else:
            acts = candidates(w, team, rng, samples=1)
            if not acts:
                return
            try:
                w.apply(acts[int(rng.integers(len(acts)))])
            except IllegalAction:       # a template's draw the sampled world refuses: draw again
                continue
