"""The *What if? Study this plan* panel (in the *Impulse* tab): the impulse so far, played many times.

It takes the impulse in progress as the plan (:func:`lcb_lab.games.lcb.whatif.study.make_plan_from`:
its acts since ``BeginImpulse``), lets the user pick the number of runs, the other team's
INTERCEPT answer policy (7.54; the other choices by their defaults) and the horizon, runs the study
in this process with a progress bar, and shows the exact-versus-sampled table and the Bokeh
figures (:mod:`lcb_lab.ui.lcb.study_plot`).

Hidden information: a team view may study only its own impulse, its runs play worlds drawn from
what the team knows (:mod:`lcb_lab.games.lcb.whatif.worlds`), and the outcomes are shown as
that team may know them (:func:`~lcb_lab.games.lcb.whatif.study.study_offer`,
:mod:`lcb_lab.games.lcb.whatif.study.outcome`); the Instructor view studies any moment.

Beside a waiting decision (the INTERCEPT question after an LRS is committed: exactly when the exact
odds exist) the study needs the column: opening the panel, or running a study, folds the waiting
question to one line (:meth:`~lcb_lab.ui.lcb.controller.LcbController.fold_decision`: the controller's
state, which the decision panel draws; its *Open the question* brings it back), and folding the panel
away draws the question whole again.

What it observes: ``version`` and ``viewer`` (the offer line), and its own button and fold.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

import ipywidgets as W

from lcb_lab.games.lcb.choices import POLICIES
from lcb_lab.games.lcb.whatif.study import HORIZONS, StudyResult, make_plan_from, study, study_offer
from lcb_lab.ui.lab.html import esc
from lcb_lab.ui.lab.study_panel import RESULT_HEAD, StudyPanel as _Panel

if TYPE_CHECKING:  # pragma: no cover
    from lcb_lab.ui.lcb.controller import LcbController

RUNS = (200, 500, 1000, 2000, 5000)
"""The run counts offered (a display choice)."""
NOTE = ("Each run replays the plan on a copy of the game with fresh dice; the other team answers "
        "by the named policy, and a continuation plays on to the horizon. In a team view each run "
        "plays a world drawn from what that team knows, never the true board. The exact odds (where "
        "the engine has them) stand beside the sampled share.")


class StudyPanel(_Panel):
    """The shared panel (:class:`lcb_lab.ui.lab.study_panel.StudyPanel`) with LC:B's INTERCEPT answer
    policy picker (``policy``); ``.widget`` is the panel, folded in an accordion."""

    may_study = staticmethod(study_offer)
    run_study = staticmethod(study)

    def __init__(self, ctl: "LcbController"):
        self.policy = W.Dropdown(description="INTERCEPT", options=sorted(POLICIES["intercept"]),
                                 value="match_incoming", layout=W.Layout(width="250px"))
        super().__init__(ctl, RUNS, list(HORIZONS), "impulse", "Study this plan", NOTE, extra=[self.policy])
        self.widget = W.Accordion(children=[self.widget], titles=("What if? Study this plan",), selected_index=None)
        self.widget.add_class("lcb-study")
        self.widget.observe(lambda ch: ctl.fold_decision(ch["new"] is not None), "selected_index")

    def run(self, runs: int | None = None, seed: int = 0) -> Any:
        """The shared panel's study (:meth:`lcb_lab.ui.lab.study_panel.StudyPanel.run`), a waiting decision
        folded to one line first: the result is what the reader asked for."""
        self.ctl.fold_decision(True)
        return super().run(runs, seed)

    def make_plan(self, game: Any) -> tuple[Any, Any]:
        """The impulse so far as the plan, the other team answering by the picked policy."""
        return make_plan_from(game, answers={"intercept": self.policy.value}, horizon=self.horizon.value,
                              name="this plan")

    def render(self, r: StudyResult) -> str:
        """The result table (:func:`result_html`)."""
        return result_html(r)

    def figures_of(self, r: StudyResult) -> list[W.Widget]:
        """The study's Bokeh figures (:mod:`lcb_lab.ui.lcb.study_plot`)."""
        return [_figure(r)]


def result_html(r: StudyResult) -> str:
    """The study as HTML: the exact-versus-sampled rows, then the summary lines."""
    rows = "".join(f"<tr><td>{esc(x['count'])}</td><td>{esc(x['rule'])}</td><td>{x['exact']:.1%}</td>"
                   f"<td>{esc(x['sampled'].text())}</td></tr>" for x in r.exact_vs_sampled())
    table = (f"<table class='lcb-table'>{RESULT_HEAD}{rows}</table>") if rows else ("<div>No exact odds for this plan (it commits no combat, rolls first, or meets more "
                                    "backs than the odds can be averaged over).</div>")
    lines = "".join(f"<div>{esc(line)}</div>" for line in r.summary().splitlines())
    return table + f'<div class="lcb-small">{lines}</div>'


FIGURE_WIDTH = 290
"""The frame width (px) of the panel's HP-lost figures: with its axis the figure fits the lab's middle column
at its narrowest (JupyterLab at 1366x768 with the file browser open: 372 px), like the 300 px count figures."""


def _figure(r: StudyResult) -> W.Widget:
    from jupyter_bokeh.widgets import BokehModel
    from lcb_lab.ui.lcb.study_plot import study_figure
    return BokehModel(study_figure(r, width=FIGURE_WIDTH))
