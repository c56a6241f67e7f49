"""Plan studies of the *Force on Force* game on the kernel's :func:`~lcb_lab.kernel.study.run_study`:
a plan (a list of typed actions) played many times from one start with fresh dice, each run's
outcome measured -- e.g. a Reaction declared against an activation, to set the sampled share of
won Reaction Tests beside its exact chance (:mod:`lcb_lab.games.force_on_force.chance`).

The runs are all-seeing (the instructor's study: the start's hidden units stand where they are).
"""
from __future__ import annotations

from typing import Any

from lcb_lab.kernel.study import StudyHooks, run_seeds


class PlanStudy(StudyHooks):
    """Run ``index``: the start forked with run ``index``'s dice, the plan applied through
    ``Engine.apply``; the outcome: the Reaction Tests the non-initiative units won and lost, the
    figures each side lost, and whether the game is over."""

    def run_one(self, start: Any, plan: Any, seed: int, index: int, viewer: Any = None) -> dict[str, Any]:
        """One run (class doc); ``viewer`` is not used (all-seeing)."""
        dice_seed, _ = run_seeds(seed, index)
        g = start.fork(reseed=dice_seed)
        since, before = len(g.state.log), dict(g.state.lost)
        for act in plan:
            g.apply(act)
        tests = [e["data"]["won"] for e in g.state.log[since:] if e["kind"] == "reaction_test"]
        return {"index": index, "won": sum(tests), "lost_tests": len(tests) - sum(tests),
                "lost": {k: v - before[k] for k, v in g.state.lost.items()}, "over": g.state.phase == "over"}
