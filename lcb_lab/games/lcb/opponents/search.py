"""The search policy: a rollout improvement of the greedy policy, in worlds sampled from its own team's knowledge.

Bertsekas' *rollout* (one step of policy iteration on the greedy policy as base).  At each decision
(:meth:`SearchPolicy.decide`):

1. greedy's choice and ranking (:meth:`lcb_lab.games.lcb.opponents.greedy.GreedyPolicy.ranked`,
   computed once a decision) give the candidates: greedy's choice, the next ``width - 1`` acts of
   its ranking, up to ``cards`` acts greedy does not score (a card played, 9.0; an offensive ASW,
   14.14) and End Impulse when offered (3.3);
2. round after round, **one** world is sampled from ``team``'s knowledge
   (:func:`lcb_lab.games.lcb.whatif.worlds.sample_world`: never the real state's secrets) with one
   dice seed and one seed for the base policy's draws, and *every* candidate is tried in a copy of
   that same world with the same dice and draws (common random numbers): the candidate, then the
   rest of the impulse and, with ``reply`` (default), the next impulse (the enemy's answer, 3.3)
   played by the greedy policy for both teams (choices by the named default answers, combat rolled;
   inside a rollout greedy draws 2 samples of each template and scores 6 options alone, against
   6 and 12 at the decision itself: cheaper, the same scores);
3. a rollout's value is what the strength figure judges, then what leads to it: ``KILL`` (5) a
   unit the enemy lost less a unit the team lost (``state.total_kills``), plus the HP the enemy
   lost less the HP the team lost (7.05), plus ``INFLUENCE`` (0.5) a point of the Influence Meter
   moved the team's way (15.0) -- *sandbox* weights;
4. each other candidate is compared with greedy's choice by its *paired* differences (same world,
   same dice); greedy's choice is kept unless a candidate's mean difference has a 95 % interval
   (``z`` = 1.96 standard errors, over 2 paired worlds at least) above 0 -- then the best such
   candidate is taken.  So the search
   departs from its base only on evidence, never by the noise of the luckiest mean.

It stops when every candidate is decided (its interval excludes 0, or it equalled greedy's choice in
every world; after ``min_rounds``), after ``rollouts`` rounds, or when ``budget`` seconds of CPU
(``time.process_time``; default 1 s) are spent: the budget is a *cap*, not a quota -- a clear
decision takes a few rounds.  Under a CPU budget the number of rounds depends on the machine; with
``budget=None`` a decision depends only on the team's knowledge and ``rng``
(``tests/engine/test_opponent_worlds.py``).
"""
from __future__ import annotations

import math
import time
from typing import Any

import numpy as np

from lcb_lab.games.lcb import actions as A
from lcb_lab.games.lcb import choices
from lcb_lab.games.lcb.actions import CHANCE
from lcb_lab.games.lcb.model.state import other
from lcb_lab.games.lcb.opponents.greedy import GreedyPolicy
from lcb_lab.games.lcb.opponents.policy import Decision, Policy, act_words, answer_decision, public_line
from lcb_lab.games.lcb.whatif.worlds import sample_world
from lcb_lab.kernel.errors import LabError

KILL = 5.0
"""Value of a unit destroyed (the strength figure's kill margin), against 1 a HP (sandbox)."""
INFLUENCE = 0.5
"""Value of one point of the Influence Meter (15.0) moved the team's way (sandbox)."""
UNSCORED = (A.PlayCard, A.OffensiveAsw)
"""Kinds of act the greedy policy scores 0 (it plays no card) that the search tries besides its ranking."""
ROLLOUT_ACTS = 60
"""Acts a rollout plays at most after the candidate (then it is judged where it stands)."""


class SearchPolicy(Policy):
    """Rollout improvement of the greedy policy (module doc).  ``budget``: CPU seconds a decision at
    most (None: no limit); ``rollouts``: rounds (paired worlds) a decision at most; ``width``:
    candidates from greedy's ranking (its choice first); ``reply``: play the enemy's next impulse
    in the rollouts too; ``min_rounds``: rounds before it may stop early; ``z``: the interval's
    half-width in standard errors; ``samples``: draws of each template (greedy's, default 6);
    ``cards``: acts greedy does not score (:data:`UNSCORED`: card plays, offensive ASW) tried at most."""

    name = "search"

    def __init__(self, budget: float | None = 1.0, rollouts: int = 64, width: int = 4, samples: int = 6,
                 reply: bool = True, min_rounds: int = 6, z: float = 1.96, cards: int = 4):
        self.budget, self.rollouts, self.width, self.samples, self.cards = budget, rollouts, width, samples, cards
        self.reply, self.min_rounds, self.z = reply, min_rounds, z
        self.base = GreedyPolicy(samples=samples)
        self.last: tuple[list[A.Action], list[list[float]]] | None = None   # the latest search: (pool, paired differences)
        self.play = GreedyPolicy(samples=2, singles=6)      # the base policy inside the rollouts (cheaper draws)

    def decide(self, game: Any, team: str, rng: np.random.Generator) -> Decision:
        """Greedy's act unless a candidate beats it on paired rollouts (module doc), with the
        reason (:attr:`last`: the candidates and their paired differences, None when no search ran).
        ValueError when ``team`` may not act now."""
        self.last = None
        if game.pending is not None and game.pending.team == team:
            return answer_decision(game, team, self.name)
        first, ranked = self.base.ranked(game, team, rng)
        pool = [first.action] + [a for a, _, _ in ranked if a != first.action][:self.width - 1]
        pool += _diverse([a for a, _, _ in ranked if isinstance(a, UNSCORED) and a not in pool])[:self.cards]
        if any(isinstance(a, A.EndImpulse) for a, _, _ in ranked) and A.EndImpulse() not in pool:
            pool.append(A.EndImpulse())
        if len(pool) == 1:
            return Decision(first.action, f"{first.reason}; the only act offered", public_line(team, self.name, first.action))
        diffs = self.compare(game, team, pool, rng)
        self.last = (pool, diffs)
        return self._choose(team, pool, diffs, first, game)

    def compare(self, game: Any, team: str, pool: list[A.Action], rng: np.random.Generator) -> list[list[float]]:
        """The paired differences ``value(candidate) - value(pool[0])``, one list a candidate of
        ``pool[1:]``, one entry a round whose world accepted both (module doc, steps 2 to 4)."""
        diffs: list[list[float]] = [[] for _ in pool[1:]]
        start, rounds = time.process_time(), 0
        while rounds < self.rollouts:
            w = sample_world(game, team, rng)
            w.rollout()                                 # nothing recorded: the copies are thrown away
            seed = int(rng.integers(2**31))
            values = [self.value(w, team, a, seed) for a in pool]
            rounds += 1
            if values[0] is not None:
                for d, v in zip(diffs, values[1:]):
                    if v is not None:
                        d.append(v - values[0])
            if self.budget is not None and time.process_time() - start >= self.budget:
                break
            if rounds >= self.min_rounds and all(self._decided(d) for d in diffs):
                break
        return diffs

    def value(self, world: Any, team: str, action: A.Action, seed: int) -> float | None:
        """The value (module doc, step 3) of ``action`` in a copy of ``world`` with dice and base
        draws seeded ``seed``, played on by greedy; None when that world refuses the act."""
        w = world.fork(reseed=seed)
        s = w.state
        kills, hp, inf = dict(s.total_kills), _hp(s), s.influence
        during = s.impulse is not None
        try:
            w.apply(action)
        except LabError:
            return None                     # the sampled world refuses the act (a back was not what it was drawn as)
        ended = during and w.state.impulse is None
        play_on(w, self.play, np.random.default_rng(seed), (2 if self.reply else 1) - ended)
        enemy = other(team)
        s = w.state
        killed = (s.total_kills[team] - kills[team]) - (s.total_kills[enemy] - kills[enemy])
        sign = 1 if team == "US" else -1
        return KILL * killed + margin(hp, _hp(s), team) + INFLUENCE * sign * (s.influence - inf)

    def _decided(self, d: list[float]) -> bool:
        lo, hi = interval(d, self.z)
        return not d or (len(d) >= 2 and (lo > 0 or hi < 0 or (lo == hi and hi <= 0)))   # no entry: refused in every world

    def _choose(self, team: str, pool: list[A.Action], diffs: list[list[float]], first: Decision,
                game: Any = None) -> Decision:
        """The best candidate whose paired interval lies above 0, else greedy's choice; the reason in words."""
        stats = [(sum(d) / len(d) if d else 0.0, *interval(d, self.z), len(d)) for d in diffs]
        better = [i for i, (_, lo, _, k) in enumerate(stats) if lo > 0 and k >= 2]     # one world is no evidence
        n = max((k for *_, k in stats), default=0)
        if not better:
            best_other = max(range(len(stats)), key=lambda i: stats[i][0])
            m = stats[best_other][0]
            why = (f"{first.reason}; kept greedy's choice: no other act beats it over {n} paired worlds "
                   f"(next best {act_words(pool[best_other + 1], game)} {m:+.2f} a world, 95 % interval "
                   f"[{stats[best_other][1]:+.2f}, {stats[best_other][2]:+.2f}])")
            return Decision(first.action, why, public_line(team, self.name, first.action))
        b = max(better, key=lambda i: stats[i][0])
        m, lo, hi, k = stats[b]
        a = pool[b + 1]
        why = (f"{act_words(a, game)}: beats greedy's choice ({act_words(first.action, game)}) by {m:+.2f} a world "
               f"(95 % interval [{lo:+.2f}, {hi:+.2f}]) over {k} paired worlds sampled from {team}'s knowledge "
               f"(a unit destroyed {KILL:g}, a HP 1, 7.05; the rest of the impulse and the next by greedy)")
        return Decision(a, why, public_line(team, self.name, a))


def _diverse(acts: list[A.Action]) -> list[A.Action]:
    """``acts`` with the first of each kind, card and option first (then the others, in order)."""
    seen: set = set()
    first, rest = [], []
    for a in acts:
        key = (type(a).__name__, getattr(a, "card", None), getattr(a, "option", None))
        (rest if key in seen else first).append(a)
        seen.add(key)
    return first + rest


def interval(d: list[float], z: float = 1.96) -> tuple[float, float]:
    """``(lo, hi)``: the mean of ``d`` less / plus ``z`` standard errors (``(0, 0)`` for no entry;
    a single entry: its value both ways)."""
    n = len(d)
    if n == 0:
        return 0.0, 0.0
    m = sum(d) / n
    if n == 1:
        return m, m
    se = math.sqrt(sum((x - m) ** 2 for x in d) / (n - 1) / n)
    return m - z * se, m + z * se


def _hp(s: Any) -> dict[str, tuple[str, int]]:
    """``{uid: (team, HP)}`` of the units of state ``s`` (0 HP a destroyed one)."""
    return {u.uid: (u.team, 0 if u.destroyed else u.hp) for u in s.units.values()}


def margin(before: dict[str, tuple[str, int]], after: dict[str, tuple[str, int]], team: str) -> float:
    """HP ``team``'s enemy lost minus HP ``team`` lost between two ``{uid: (team, hp)}`` tallies
    (a unit gone from ``after`` counts as 0 HP; a unit new in ``after``, an arrival, counts nothing)."""
    out = 0.0
    for uid, (t, hp) in before.items():
        lost = hp - after.get(uid, (t, 0))[1]
        out += lost if t == other(team) else -lost
    return out


def play_on(w: Any, policy: Policy, rng: np.random.Generator, impulses: int) -> None:
    """Play ``w`` by ``policy`` for both teams until ``impulses`` impulses have ended (3.3; the one
    under way counts; the pending choices by their named defaults, combat rolled), the game leaves
    the Action Stage or :data:`ROLLOUT_ACTS` acts are taken; an act the world refuses ends the
    impulse instead."""
    ended = 0
    for _ in range(ROLLOUT_ACTS):
        s = w.state
        if s.stage != "action" or (ended >= impulses and s.impulse is None and w.pending is None):
            return
        actor = w.to_act()
        if actor is None:
            return
        during = s.impulse is not None
        try:
            if actor == CHANCE:
                w.apply(A.ResolveCombat())
            elif w.pending is not None and w.pending.team == actor:
                w.apply(choices.answer_with(w.pending))
            else:
                w.apply(policy.decide(w, actor, rng).action)
        except (LabError, ValueError):
            try:
                w.apply(A.EndImpulse())
            except LabError:
                return
        ended += during and w.state.impulse is None
