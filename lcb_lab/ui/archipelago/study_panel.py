"""The Archipelago lab's *Study* tab: the turn so far, played many times with fresh dice.

It takes the turn in progress as the plan (:func:`lcb_lab.games.archipelago.study.plan_from`: the
acts since the turn began), lets the user pick the number of runs and the horizon (the rest of
the turn, or the game's end), runs the study in this process with a progress bar, and shows the
first shot's exact chance beside its sampled share, the winners and each side's mean losses.

Hidden information: a player's view may study only its own turn, and its runs start in worlds drawn
from what it knows (:mod:`lcb_lab.games.archipelago.worlds`); the Umpire view studies any turn
(:func:`~lcb_lab.games.archipelago.study.study_offer`).

What it observes: ``version`` and ``viewer`` (the offer line), and its own button.
"""
from __future__ import annotations

from typing import Any

import ipywidgets as W

from lcb_lab.games.archipelago.model.state import PLAYERS
from lcb_lab.games.archipelago.study import HORIZONS, StudyResult, plan_from, study, study_offer
from lcb_lab.kernel.errors import LabError
from lcb_lab.ui.lab.controller import follow
from lcb_lab.ui.lab.html import esc

RUNS = (100, 200, 500, 1000)
"""The run counts offered (a display choice)."""
NOTE = ("Each run replays this turn's acts on a copy of the game with fresh dice, then random legal play "
        "to the horizon. In a player's view each run starts in a world drawn from what that player knows "
        "(the other side's face-down markers and secret flagship drawn afresh), never the true game.")


class ArchStudyPanel:
    """Runs / horizon pickers, the *Study this turn* button, a progress bar and the result table
    (``table``); ``.widget`` is the tab's content.  ``ctl``: the lab's controller."""

    def __init__(self, ctl: Any):
        self.ctl = ctl
        self.result: StudyResult | None = None
        """The last study shown (None: none yet)."""
        self.runs = W.Dropdown(description="Runs", options=list(RUNS), value=RUNS[1], layout=W.Layout(width="150px"))
        self.horizon = W.Dropdown(description="Until", options=list(HORIZONS), value="turn",
                                  layout=W.Layout(width="170px"))
        self.button = W.Button(description="Study this turn", button_style="primary", icon="chart-bar")
        self.bar = W.IntProgress(value=0, min=0, max=1, layout=W.Layout(width="200px"))
        self.run_row = W.HBox([self.button])
        """The button, and the progress bar once a study has begun."""
        self.offer = W.HTML()
        self.table = W.HTML()
        self.widget = W.VBox([self.offer, W.HBox([self.runs, self.horizon], layout=W.Layout(flex_flow="row wrap")),
                              self.run_row, W.HTML(f'<div class="lcb-small lcb-muted">{esc(NOTE)}</div>'), self.table])
        self.widget.add_class("arch-study")
        self.button.on_click(lambda _b: self.run())
        self.redraw = follow(ctl, ["version", "viewer"], self.draw)
        self.redraw()

    def draw(self) -> None:
        """The offer line and the button's state for the game shown and the view."""
        ok, why = study_offer(self.ctl.game, self.ctl.viewer)
        self.offer.value = f'<div class="lcb-small">{esc(why)}</div>'
        self.button.disabled = not ok

    def run(self, runs: int | None = None, seed: int = 0) -> StudyResult | None:
        """Study the turn so far (module doc) with ``runs`` (default: the picker's); the result, or
        None when the view may not study now (the offer line says why)."""
        ok, why = study_offer(self.ctl.game, self.ctl.viewer)
        if not ok:
            self.table.value = f"<div>{esc(why)}</div>"
            return None
        start, plan = plan_from(self.ctl.game, horizon=self.horizon.value)
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
        return r


def result_html(r: StudyResult) -> str:
    """The study as HTML: the first shot (exact beside sampled), the winners, each side's means."""
    shot = r.first_shot()
    rows = ""
    if shot.n:
        exact = f"{r.exact.p_hit:.1%}" if r.exact else "none (a move comes first)"
        rule = esc(r.exact.rule) if r.exact else ""
        rows += f"<tr><td>first shot hits</td><td>{rule}</td><td>{exact}</td><td>{esc(shot.text())}</td></tr>"
    rows += "".join(f"<tr><td>{esc(w)} wins</td><td></td><td></td><td>{esc(f.text())}</td></tr>"
                    for w, f in r.winners().items() if f.k and w != "none")
    table = ("<table class='lcb-table'><tr><th>event</th><th>rule</th><th>exact</th><th>sampled (95 %)</th></tr>"
             f"{rows}</table>") if rows else ""
    means = "".join(f"<tr><td>{esc(o)}</td><td>{r.mean('sunk', o):.2f}</td><td>{r.mean('hits', o):.2f}</td>"
                    f"<td>{r.mean('ammo_spent', o):.2f}</td></tr>" for o in PLAYERS)
    means = ("<table class='lcb-table'><tr><th>side (mean per run)</th><th>pieces lost</th><th>hits taken</th>"
             f"<th>ammunition spent</th></tr>{means}</table>")
    head = f"<div>{esc(r.plan.name)}: {r.runs} runs, seed {r.seed}, until {esc(r.plan.horizon)}</div>"
    refused = "".join(f"<div>refused in {k} run(s): {esc(why)}</div>" for why, k in r.refused().items())
    return head + table + means + refused
