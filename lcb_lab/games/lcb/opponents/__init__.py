"""Opponents that explain themselves: policies that play a team and say why (``docs/opponents.md``).

* :mod:`.policy` -- :class:`~.policy.Decision` (an act and its reason), :class:`~.policy.Policy`
  (``decide(game, team, rng)``, ``play_impulse(game, rng)``), :class:`~.policy.RandomPolicy`;
* :mod:`.greedy` -- :class:`~.greedy.GreedyPolicy`: each act scored on exact odds (7.02, 7.5: the
  kill chain of :mod:`lcb_lab.games.lcb.analysis.kill_chain`) from its own team's knowledge;
* :mod:`.search` -- :class:`~.search.SearchPolicy`: a rollout improvement of greedy, its
  candidates compared by paired rollouts in the same worlds sampled from its team's knowledge
  (:mod:`lcb_lab.games.lcb.whatif.worlds`, shared with a team's plan studies), under a CPU cap;
* :mod:`.explain` -- what each viewer reads of a decision (the policy's team and the
  instructor: the reason; the other team: the public line).

``POLICIES`` maps a seat name (``"random"``, ``"greedy"``, ``"search"``) to a factory.
"""
from __future__ import annotations

from typing import Any

from lcb_lab.games.lcb.opponents.greedy import GreedyPolicy
from lcb_lab.games.lcb.opponents.policy import Decision, Policy, RandomPolicy
from lcb_lab.games.lcb.opponents.search import SearchPolicy
from lcb_lab.games.lcb.whatif.study.plan import CONTINUATIONS

POLICIES = {"random": RandomPolicy, "greedy": GreedyPolicy, "search": SearchPolicy}
"""Seat name -> policy class (each constructible with no argument)."""

CONTINUATIONS.setdefault("greedy", GreedyPolicy())   # plan studies may play on greedily (docs/what_if.md)

__all__ = ["Decision", "Policy", "RandomPolicy", "GreedyPolicy", "SearchPolicy", "POLICIES", "make_policy"]


def make_policy(name: str, **options: Any) -> Policy:
    """The policy of seat ``name`` (a key of :data:`POLICIES`); KeyError for another name."""
    return POLICIES[name](**options)
