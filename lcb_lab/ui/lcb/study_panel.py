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

What it observes: ``version`` and ``viewer`` (the offer line), and its own button.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

import ipywidgets as W

from lcb_lab.games.lcb.choices import POLICIES
from lcb_lab.games.lcb.whatif.study import HORIZONS, StudyResult, make_plan_from, study, study_offer
from lcb_lab.kernel.errors import LabError
from lcb_lab.ui.lab.controller import follow
from lcb_lab.ui.lab.html import esc

if TYPE_CHECKING:  # pragma: no cover
    from lcb_lab.ui.lcb.controller import LcbController

RUNS = (200, 500, 1000, 2000, 5000)
"""The run counts offered (a display choice)."""
NOTE = ("Each run replays the plan on a copy of the game with fresh dice; the other team answers "
        "by the named policy, and a continuation plays on to the horizon. In a team view each run "
        "plays a world drawn from what that team knows, never the true board. The exact odds (where "
        "the engine has them) stand beside the sampled share.")


class StudyPanel:
    """Runs / INTERCEPT policy / horizon pickers, the *Study this plan* button, a progress bar, the
    result table (``table``) and figure box (``figures``); ``.widget`` is the panel (folded)."""

    def __init__(self, ctl: "LcbController"):
        self.ctl = ctl
        self.result: StudyResult | None = None
        """The last study shown (None: none yet)."""
        self.runs = W.Dropdown(description="Runs", options=list(RUNS), value=RUNS[1], layout=W.Layout(width="150px"))
        self.policy = W.Dropdown(description="INTERCEPT", options=sorted(POLICIES["intercept"]),
                                 value="match_incoming", layout=W.Layout(width="250px"))
        self.horizon = W.Dropdown(description="Until", options=list(HORIZONS), value="impulse",
                                  layout=W.Layout(width="170px"))
        self.button = W.Button(description="Study this plan", button_style="primary")
        self.bar = W.IntProgress(value=0, min=0, max=1, layout=W.Layout(width="200px"))
        self.run_row = W.HBox([self.button])
        """The button, and the progress bar once a study has begun (on the page only then)."""
        self.offer = W.HTML()
        self.table = W.HTML()
        self.figures = W.VBox()
        body = W.VBox([self.offer, W.HBox([self.runs, self.policy, self.horizon], layout=W.Layout(flex_flow="row wrap")), self.run_row,
                       W.HTML(f'<div class="lcb-small lcb-muted">{esc(NOTE)}</div>'), self.table, self.figures])
        self.widget = W.Accordion(children=[body], titles=("What if? Study this plan",), selected_index=None)
        self.widget.add_class("lcb-study")
        self.button.on_click(lambda _b: self.run())
        self.redraw = follow(ctl, ["version", "viewer"], self.draw)
        self.redraw()

    def draw(self) -> None:
        """The offer line and the button's state for the game shown and the view."""
        ok, why = study_offer(self.ctl.game, self.ctl.viewer)
        self.offer.value = f'<div class="lcb-small">{esc(why)}</div>'
        self.button.disabled = not ok

    def run(self, runs: int | None = None, seed: int = 0) -> StudyResult | None:
        """Study the impulse so far (module doc) with ``runs`` (default: the picker's); the result, or
        None when the view may not study now (the offer line says why)."""
        ok, why = study_offer(self.ctl.game, self.ctl.viewer)
        if not ok:
            self.table.value = f"<div>{esc(why)}</div>"
            return None
        start, plan = make_plan_from(self.ctl.game, answers={"intercept": self.policy.value},
                                     horizon=self.horizon.value, name="this plan")
        n = runs or self.runs.value
        self.bar.max, self.bar.value = n, 0
        self.run_row.children = (self.button, self.bar)
        try:
            r = study(start, plan, runs=n, seed=seed, workers=0, progress=False, viewer=self.ctl.viewer,
                      on_progress=lambda done, _total: setattr(self.bar, "value", done))
        except LabError as e:
            self.table.value = f"<div>{esc(e)}</div>"
            return None
        self.result = r
        self.table.value = result_html(r)
        self.figures.children = [_figure(r)]
        return r


def result_html(r: StudyResult) -> str:
    """The study as HTML: the exact-versus-sampled rows, then the summary lines."""
    rows = "".join(f"<tr><td>{esc(x['count'])}</td><td>{esc(x['rule'])}</td><td>{x['exact']:.1%}</td>"
                   f"<td>{esc(x['sampled'].text())}</td></tr>" for x in r.exact_vs_sampled())
    table = ("<table class='lcb-table'><tr><th>event</th><th>rule</th><th>exact</th><th>sampled (95 %)</th></tr>"
             f"{rows}</table>") if rows else ("<div>No exact odds for this plan (it commits no combat, rolls first, or meets more "
                                    "backs than the odds can be averaged over).</div>")
    lines = "".join(f"<div>{esc(line)}</div>" for line in r.summary().splitlines())
    return table + f'<div class="lcb-small">{lines}</div>'


def _figure(r: StudyResult) -> W.Widget:
    from jupyter_bokeh.widgets import BokehModel
    from lcb_lab.ui.lcb.study_plot import study_figure
    return BokehModel(study_figure(r))
