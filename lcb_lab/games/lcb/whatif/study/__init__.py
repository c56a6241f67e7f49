"""Plan studies: a plan of one impulse played many times through the real engine, with fresh dice.

* :mod:`.plan` -- :class:`Plan` (the acts, the answer policies, the horizon, the continuation),
  :data:`CONTINUATIONS`, :func:`make_plan_from` (the impulse in progress as a plan);
* :mod:`.run` -- one run (its dice from ``SeedSequence(seed, spawn_key=(i,))``);
* :mod:`.outcome` -- what a run counts, as a viewer may know it;
* :mod:`.exact` -- the exact odds of the plan's first engagement (7.010);
* :mod:`.result` -- :class:`StudyResult`, :func:`compare`;
* :mod:`.runner` -- :func:`study`: serial or on Dask distributed (imported only when used).

The plots are the lab's (:mod:`lcb_lab.ui.lcb.study_plot`); the guide is ``docs/what_if.md``.
"""
from lcb_lab.games.lcb.whatif.study.plan import CONTINUATIONS, HORIZONS, Continuation, Plan, make_plan_from, study_offer
from lcb_lab.games.lcb.whatif.study.result import Freq, StudyResult, compare
from lcb_lab.games.lcb.whatif.study.runner import study

__all__ = ["CONTINUATIONS", "HORIZONS", "Continuation", "Plan", "make_plan_from", "study_offer", "Freq", "StudyResult",
           "compare", "study"]
