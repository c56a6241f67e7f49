"""The lab's *study this plan* panel, for any game: the turn or impulse so far, played many times.

A game gives the panel what differs (:class:`StudyPanel`'s hooks): who may study now and why
(``may_study(game, viewer) -> (ok, why)``), the plan from the game in progress (``make_plan(game) ->
(start, plan)``: it reads the panel's pickers), the study itself (``run_study(start, plan, runs=,
seed=, workers=, progress=, viewer=, on_progress=)``, the kernel's runner under the game's hooks) and
the result drawn (``render(result) -> html``, ``figures_of(result) -> [widget]``).  The panel gives the rest: the runs
and horizon pickers, the button (disabled while a study runs; a second click the page sent while it ran
is dropped, :meth:`StudyPanel.clicked`), the progress bar that follows the runs with its count ("1500 of
2000 runs"), the offer line, the refusal of a view that may not study or of a number of runs it cannot
play (1 to :data:`MAX_RUNS`), and a study's error -- or its interruption by the kernel's Stop -- as one line.

Hidden information: a study's result belongs to the view that ran it and to the game in play.  When
the view changes (a hand-over, the view picker) or another game is loaded, the result, its figures
and its bar are taken off the page: a team never reads the other team's study (its plan, its own
units and supply) nor the instructor's (the true board).

A study that has gone stale: a result belongs to the moment of the game it studied, the view model's
``revision`` (the engine's count of changes) and ``step``.  Once the game shown has changed since (a
later act, an Undo, a past step shown from the History tab) the result stays, greyed, under one line
that says so -- "Studied at step 3; the game has moved on (now step 4): Study again for the plan as it
stands." -- so a class never reads an old study as the current plan's.  The step numbers are public
(the History tab numbers the steps for every view).

What it observes: the controller's ``version`` and ``viewer`` (the offer line, the result's owner,
the stale line), and its own button.
"""
from __future__ import annotations

import time
from datetime import datetime
from typing import Any, Callable, Sequence

import ipywidgets as W

from lcb_lab.kernel.errors import LabError
from lcb_lab.kernel.study import StudyInterrupted
from lcb_lab.ui.lab.controller import follow
from lcb_lab.ui.lab.html import esc
from lcb_lab.ui.lab.messages import sent_at

__all__ = ["StudyPanel", "RESULT_HEAD", "MAX_RUNS", "runs_ok", "runs_refusal", "stale_line"]

RESULT_HEAD = "<tr><th>event</th><th>rule</th><th>exact</th><th>sampled (95 %)</th></tr>"
"""The head of a study's exact-versus-sampled table."""


class StudyPanel:
    """Pickers (``runs``, ``horizon`` and a game's ``extra`` ones), the button, a progress bar, the
    result table (``table``) and figure box (``figures``); ``.widget`` is the panel's body.

    ``ctl``: the lab's controller; ``runs``: the run counts offered, the second the default;
    ``horizons`` and ``horizon``: the horizons offered and the default; ``label``: the button's text;
    ``note``: what a run is, said under the button; ``extra``: more pickers (a game's own)."""

    may_study: Callable[[Any, Any], tuple[bool, str]]
    make_plan: Callable[[Any], tuple[Any, Any]]
    run_study: Callable[..., Any]
    render: Callable[[Any], str]

    def __init__(self, ctl: Any, runs: Sequence[int], horizons: Sequence[str], horizon: str, label: str,
                 note: str, extra: Sequence[W.Widget] = ()):
        self.ctl = ctl
        self.result: Any = None
        """The last study shown (None: none yet)."""
        self._studied: tuple[Any, int, int] | None = None
        """(game shown, view model revision, step) of the moment the result shown studied (None: none shown)."""
        self.runs = W.Dropdown(description="Runs", options=list(runs), value=runs[1], layout=W.Layout(width="150px"))
        self.horizon = W.Dropdown(description="Until", options=list(horizons), value=horizon,
                                  layout=W.Layout(width="170px"))
        self.button = W.Button(description=label, button_style="primary", icon="chart-bar")
        self.bar = W.IntProgress(value=0, min=0, max=1, layout=W.Layout(width="200px"))
        self.count = W.HTML()
        """The bar's words: "1500 of 2000 runs", on one line beside the bar (never wrapped under it)."""
        self.count.add_class("lcb-study-count")
        self.run_row = W.HBox([self.button], layout=W.Layout(flex_flow="row wrap", align_items="center"))
        """The button, and the progress bar and its count once a study has begun (on the page only then)."""
        self._owner: tuple[Any, Any] | None = None
        """(viewer, game) of the result shown (None: none shown)."""
        self.offer = W.HTML()
        """The line that says whether and what this view may study."""
        self.table = W.HTML()
        self.figures = W.VBox()
        self.stale = W.HTML()
        """The line over a result the game has moved on from (:func:`stale_line`; "" while it is current)."""
        self.result_box = W.VBox([self.table, self.figures])
        """The table and the figures; class ``lcb-stale`` (greyed) while :attr:`stale` speaks."""
        pickers = W.HBox([self.runs, *extra, self.horizon], layout=W.Layout(flex_flow="row wrap"))
        self.widget = W.VBox([self.offer, pickers, self.run_row,
                              W.HTML(f'<div class="lcb-small lcb-muted">{esc(note)}</div>'), self.stale, self.result_box])
        self._last_click: tuple[datetime, float] | None = None
        """(the page's send time of the click that ran the last study, the seconds the kernel spent on it)."""
        self.button.on_click(lambda _b: self.clicked())
        self.redraw = follow(ctl, ["version", "viewer"], self.draw)
        self.redraw()

    def figures_of(self, result: Any) -> list[W.Widget]:
        """The figures drawn under the table (none unless a game draws some)."""
        return []

    def draw(self) -> None:
        """The offer line and the button's state for the game shown and the view; the result shown
        taken off when it belongs to another view or another game (module doc)."""
        if self._owner is not None and (self._owner[0] != self.ctl.viewer or self._owner[1] is not self.ctl.live):
            self.clear()
        ok, why = self.may_study(self.ctl.game, self.ctl.viewer)
        self.offer.value = f'<div class="lcb-small">{esc(why)}</div>'
        self.button.disabled = not ok
        self._mark_stale()

    def _mark_stale(self) -> None:
        """The stale line and the greyed result when the game shown has changed since the study (module doc)."""
        line = ""
        if self._studied is not None:
            game, revision, step = self._studied
            now_game, now_revision = self.ctl.moment()
            if game is not now_game or revision != now_revision:
                line = stale_line(step, self.ctl.view_model().step)
        self.stale.value = f'<div class="lcb-card lcb-stale-line">{line}</div>' if line else ""
        if line:
            self.result_box.add_class("lcb-stale")
        else:
            self.result_box.remove_class("lcb-stale")

    def clear(self) -> None:
        """Take the result, its figures and the progress bar off the page."""
        self.result, self._owner, self._studied = None, None, None
        self.table.value = ""
        self._mark_stale()
        self.figures.children = ()
        self.run_row.children = (self.button,)

    def _progress(self, done: int, total: int) -> None:
        self.bar.value = done
        self.count.value = f'<span class="lcb-small" style="white-space: nowrap">{done} of {total} runs</span>'

    def clicked(self) -> Any:
        """The button's click: :meth:`run`, unless the page sent the click while the last study ran.

        The kernel takes clicks one after the other: a double click, or a second click before the page
        has heard that the button is disabled, waits in line and would start the same study again the
        moment the first ends.  Such a click (sent, by the page's clock, less than the first study's
        length after the click that started it: :func:`~lcb_lab.ui.lab.messages.sent_at`) is dropped;
        a click sent after the result could be read always runs."""
        sent = sent_at()
        if sent is not None and self._last_click is not None:
            first, took = self._last_click
            if (sent - first).total_seconds() < took:
                return None
        t0 = time.monotonic()
        try:
            return self.run()
        finally:
            if sent is not None:
                self._last_click = (sent, time.monotonic() - t0)

    def run(self, runs: int | None = None, seed: int = 0) -> Any:
        """Study the game so far with ``runs`` (default: the picker's) and ``seed``; the result, or None
        when the view may not study now or the study is refused (the table says why in one line)."""
        ok, why = self.may_study(self.ctl.game, self.ctl.viewer)
        n = self.runs.value if runs is None else runs
        if ok and not runs_ok(n):
            ok, why = False, runs_refusal(n)
        if not ok:
            self.clear()                                # no earlier result under the refusal, read as this one's
            self.table.value = f"<div>{esc(why)}</div>"
            return None
        start, plan = self.make_plan(self.ctl.game)
        self.clear()
        moment = (*self.ctl.moment(), self.ctl.view_model().step)
        self.bar.max = n
        self._progress(0, n)
        self.run_row.children = (self.button, self.bar, self.count)
        self.button.disabled = True                     # a second click would queue a second study
        try:
            r = self.run_study(start, plan, runs=n, seed=seed, workers=0, progress=False, viewer=self.ctl.viewer,
                               on_progress=self._progress)
        except (LabError, StudyInterrupted) as e:      # a refusal, or the kernel interrupted (Ctrl-C): one line
            self.table.value = f"<div>{esc(e)}</div>"
            return None
        finally:
            self.button.disabled = not self.may_study(self.ctl.game, self.ctl.viewer)[0]
        self.result, self._owner, self._studied = r, (self.ctl.viewer, self.ctl.live), moment
        self.table.value = self.render(r)
        self.figures.children = self.figures_of(r)
        return r


MAX_RUNS = 100_000
"""The most runs the panel plays (serially, in the lab's kernel, which answers no click meanwhile: about
5 minutes of a one-impulse plan); a bigger study is the notebook's, on Dask (docs/what_if.md)."""


def runs_ok(runs: Any) -> bool:
    """Is ``runs`` a number of runs the panel plays: an int from 1 to :data:`MAX_RUNS` (not a bool)?"""
    return isinstance(runs, int) and not isinstance(runs, bool) and 1 <= runs <= MAX_RUNS


def runs_refusal(runs: Any) -> str:
    """The one line that refuses ``runs`` (not :func:`runs_ok`)."""
    return (f"A study plays from 1 to {MAX_RUNS:,} runs here, not {runs!r}; a bigger study runs on Dask from a "
            "notebook (docs/what_if.md).")


def stale_line(studied: int, now: int) -> str:
    """The line over a study of step ``studied`` once the game has changed since, the game now at step
    ``now`` (HTML): "Studied at step 3; the game has moved on (now step 4): Study again for the plan as it
    stands."; taken back before it (an Undo, a past step shown) "the game has gone back (now step 2)"; back at
    the same step number (an undo, perhaps then other acts) "the game has changed since (now at step 3 again)"."""
    since = (f"the game has moved on (now step {now})" if now > studied
             else f"the game has gone back (now step {now})" if now < studied
             else f"the game has changed since (now at step {now} again)")
    return (f"<b>Studied at step {studied}</b>; {since}: <b>Study again</b> for the plan as it stands.")
