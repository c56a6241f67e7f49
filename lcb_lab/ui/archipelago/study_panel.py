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

from lcb_lab.games.archipelago.model.state import PLAYERS
from lcb_lab.games.archipelago.study import HORIZONS, StudyResult, plan_from, study, study_offer
from lcb_lab.ui.lab.html import esc
from lcb_lab.ui.lab.study_panel import RESULT_HEAD, StudyPanel

RUNS = (100, 200, 500, 1000)
"""The run counts offered (a display choice)."""
NOTE = ("Each run replays this turn's acts on a copy of the game with fresh dice, then random legal play "
        "to the horizon. In a player's view each run starts in a world drawn from what that player knows "
        "(the other side's face-down markers and secret flagship drawn afresh), never the true game.")


class ArchStudyPanel(StudyPanel):
    """The shared panel (:class:`lcb_lab.ui.lab.study_panel.StudyPanel`) on Archipelago's turn;
    ``.widget`` is the tab's content.  ``ctl``: the lab's controller."""

    may_study = staticmethod(study_offer)
    run_study = staticmethod(study)

    def __init__(self, ctl: Any):
        super().__init__(ctl, RUNS, list(HORIZONS), "turn", "Study this turn", NOTE)
        self.widget.add_class("arch-study")

    def make_plan(self, game: Any) -> tuple[Any, Any]:
        """The turn so far as the plan, to the picked horizon."""
        return plan_from(game, horizon=self.horizon.value)

    def render(self, r: StudyResult) -> str:
        """The result table (:func:`result_html`)."""
        return result_html(r)


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
    table = f"<table class='lcb-table'>{RESULT_HEAD}{rows}</table>" if rows else ""
    means = "".join(f"<tr><td>{esc(o)}</td><td>{r.mean('sunk', o):.2f}</td><td>{r.mean('hits', o):.2f}</td>"
                    f"<td>{r.mean('ammo_spent', o):.2f}</td></tr>" for o in PLAYERS)
    means = ("<table class='lcb-table'><tr><th>side (mean per run)</th><th>pieces lost</th><th>hits taken</th>"
             f"<th>ammunition spent</th></tr>{means}</table>")
    head = f"<div>{esc(r.plan.name)}: {r.runs} runs, seed {r.seed}, until {esc(r.plan.horizon)}</div>"
    refused = "".join(f"<div>refused in {k} run(s): {esc(why)}</div>" for why, k in r.refused().items())
    return head + table + means + refused
