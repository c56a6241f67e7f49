"""The *History* tab: *Undo*, the timeline of turns / impulses / steps, *Back to now* and *Fork here*.

* **Undo** takes back the last applied step (``Game.undo``); the lab then
  refreshes (map, panels, log).  The instructor may always undo; a team only
  its own last step while the game still waits for that team and the step drew
  no dice (:func:`lcb_lab.timeline.undo_allowed`).  Otherwise the button is
  disabled and the line under it says why.
* **Timeline**: one list, grouped by "Turn 1 · impulse 2 · TF Boston"
  headings; each row is a step as the current view may read it
  (:func:`lcb_lab.timeline.timeline`); the row of the game's own step ends
  with "◀ now" and the row shown is selected.  Clicking a row shows the map and
  the log as they were after that step -- on a *fork* of the game at that step,
  so the game itself and its later steps are untouched; acting is refused
  while the past is shown.  **Back to now** returns to the game.
* **Fork here** opens a branch (``Game.fork(at=step)``: the step shown, or
  now) in a second lab beside (on a narrow screen: below) the first, with the
  differences of the two games (:mod:`.fork_view`, :mod:`lcb_lab.compare`);
  the message line says where and links to it ("Go to the branch").

Hidden information: the rows and the past map / log are the current view's
(the team view of the fork at that step, its team-filtered log).  The dice
are secret too: after an instructor's *Undo* the undone steps hold the game's
next rolls, so a team view shows their rows (a label) but not the steps
themselves, and a team's *Fork here* gives the branch new dice
(``Game.fork(reseed=...)`` from :mod:`secrets`); the instructor's branch keeps
the same dice (two plans compared under the same rolls).
"""
from __future__ import annotations

import secrets
from typing import TYPE_CHECKING, Callable

import ipywidgets as W

from ..errors import LcbError
from ..game import Game
from ..timeline import INSTRUCTOR, step_log_range, timeline, undo_allowed
from . import panels

if TYPE_CHECKING:  # pragma: no cover
    from .app import LabApp

START_ROW = "Start (before the first step)"
NOW_MARK = " \u25c0 now"
"""Ends the timeline row of the game's own step (its cursor)."""
TIMELINE_ROWS = 12
"""Rows of the timeline list; a longer record scrolls inside it."""


class PastGame(Game):
    """A fork shown for a past step: every act is refused (go *Back to now* to play)."""

    def _apply(self, action, record: bool = True):
        raise LcbError(f"you are looking at step {self.history.cursor} of the past: press "
                       "History \u203a Back to now to act")


class HistoryPanel:
    """*Undo*, *Back to now*, *Fork here*, the timeline (``steps``: a Select) and a status line
    (``info``); ``.widget`` is the tab.  ``live`` is the game being played; ``past`` the
    fork shown for ``past_step`` while the lab looks at the past (None: now)."""

    def __init__(self, app: "LabApp"):
        self.app = app
        self.live = app.game
        self.past: Game | None = None
        self.past_step: int | None = None
        self.nested = False
        """True in a fork's own lab: *Fork here* is off there (one branch at a time)."""
        self.listeners: list[Callable[[], None]] = []
        """Called after every refresh (the fork view updates its diff)."""
        self._targets: list[int] = []
        self._quiet = False
        self._saved: tuple[list, int | None] | None = None
        self.undo_button = W.Button(description="Undo", icon="undo", layout=W.Layout(width="90px"),
                                    tooltip="take back the last step")
        self.undo_button.on_click(lambda _b: self.undo())
        self.back_button = W.Button(description="Back to now", icon="step-forward", layout=W.Layout(width="120px"),
                                    tooltip="show the game as it is now", disabled=True)
        self.back_button.on_click(lambda _b: self.back_to_now())
        self.fork_button = W.Button(description="Fork here", icon="code-fork", layout=W.Layout(width="110px"),
                                    tooltip="open a branch from the step shown in a second lab beside this one")
        self.fork_button.on_click(lambda _b: self.fork_here())
        self.info = W.HTML()
        self.steps = W.Select(options=[], rows=TIMELINE_ROWS, layout=W.Layout(width="100%"))
        self.steps.add_class("lcb-timeline")
        self.steps.observe(self._on_pick, "index")
        self.widget = W.VBox([W.HBox([self.undo_button, self.back_button, self.fork_button]), self.info,
                              self.steps])

    # ------------------------------------------------------------ the buttons
    def undo(self) -> bool:
        """Take back the last step of the game, when the view may (see the module docstring).
        Returns True when a step was undone."""
        if self.past is not None:
            self.app.say("Undo: you are looking at the past \u2014 press Back to now first. Nothing changed.")
            return False
        ok, why = undo_allowed(self.live, self.app.team)
        if not ok:
            self.app.say(f"Undo: not from the {panels.view_name(self.app.team)} ({why}). Nothing changed.")
            return False
        n = self.live.history.cursor
        self.app.run("Undo", self.live.undo)      # refreshes map, panels and log
        return self.live.history.cursor == n - 1

    def show_step(self, n: int) -> None:
        """Show the map and the log as they were after step ``n`` (0 = the start) on a fork;
        the game's own step (its cursor) is *Back to now*."""
        h = self.live.history
        if not isinstance(n, int) or isinstance(n, bool) or not 0 <= n <= len(h.steps):
            self.app.say(f"Timeline: the record has steps 0..{len(h.steps)}, not {n!r}.")
            return
        if n == h.cursor:
            self.back_to_now()
            return
        if n > h.cursor and self.app.team != INSTRUCTOR:
            self.app.say(f"Timeline: step {n} was undone; a team view does not show an undone step "
                         "(its dice are the game's next rolls). Only the instructor's view may.")
            self._draw()                                # the list selects the step shown again
            return
        try:
            past = self.live.fork(at=n)
        except LcbError as e:
            self.app.fail("Show the step", e)
            return
        past.__class__ = PastGame
        if self._saved is None:                     # the game's notes and highlight wait for Back to now
            self._saved = (self.app.notes, self.app.highlight_from)
        self.past, self.past_step = past, n
        self.app.notes = []
        self.app.highlight_from = self._since(n) if n else None    # the step's own entries
        self.app.game = past
        self.app.say(f"Showing step {n} of {len(h.steps)} (the past; acting is off). "
                     "History \u203a Back to now returns.", refused=False)
        self.app.refresh()

    def _since(self, n: int) -> int:
        if n <= self.live.history.cursor:
            return step_log_range(self.live, n)[0]
        return self.past.history.steps[n - 2].log_len if n > 1 else 0   # an undone step: from the fork

    def back_to_now(self) -> None:
        """Show the game as it is (after looking at a past step)."""
        if self.past is None:
            return
        self.past = self.past_step = None
        if self._saved is not None:
            self.app.notes, self.app.highlight_from = self._saved
            self._saved = None
        self.app.game = self.live
        self.app.say("Back to now.", refused=False)
        self.app.refresh()

    def fork_here(self):
        """Open a branch from the step shown (now, unless a past step is shown) in a second
        lab beside this one; returns the branch's Game (None when refused)."""
        if self.nested:
            self.app.say("Fork here: this lab already shows a branch; fork from the first lab.")
            return None
        at = self.past_step if self.past is not None else self.live.history.cursor
        same_dice = self.app.team == INSTRUCTOR
        try:                                    # a team's branch must not preview the game's rolls
            branch = self.live.fork(at=at, reseed=None if same_dice else secrets.randbits(63))
        except LcbError as e:
            self.app.fail("Fork here", e)
            return None
        self.back_to_now()
        fv = self.app.fork_view
        fv.open(branch, at, same_dice=same_dice)
        self._draw()                            # the status line links to the branch
        dice = ("the same dice as this game" if same_dice else "new dice")
        self.app.messages.show(
            f'<div class="lcb-card"><span class="lcb-ok">{panels.esc(f"Branch from step {at} opened below ")}'
            f'{panels.esc(f"(beside on a wide screen), with {dice}.")}</span> {fv.link_html()}</div>')
        return branch

    # ------------------------------------------------------------ drawing
    def _on_pick(self, change) -> None:
        if self._quiet or change["new"] is None or not 0 <= change["new"] < len(self._targets):
            return
        self.show_step(self._targets[change["new"]])

    def refresh(self) -> None:
        """Follow the lab's game (a new game, a loaded one, a lesson) and redraw the tab."""
        if self.app.game is not self.live and self.app.game is not self.past:
            self.live, self.past, self.past_step, self._saved = self.app.game, None, None, None
        if (self.past is not None and self.app.team != INSTRUCTOR
                and self.past_step > self.live.history.cursor):      # an undone step: not in a team view
            self.back_to_now()                  # refreshes the lab (and this tab) again
            return
        self._draw()
        for fn in list(self.listeners):
            fn()

    def _draw(self) -> None:
        g, team = self.live, self.app.team
        h = g.history
        options, targets, group = [START_ROW + (NOW_MARK if h.cursor == 0 and h.steps else "")], [0], None
        for r in timeline(g, team):
            if r.group != group:
                group = r.group
                options.append(f"\u2014 {group}")
                targets.append(r.step)           # a heading shows its first step
            options.append(f"   {r.step}. {r.label}" + (NOW_MARK if r.step == h.cursor else ""))
            targets.append(r.step)
        shown = self.past_step if self.past is not None else h.cursor
        index = max(i for i, t in enumerate(targets) if t == shown)
        self._quiet = True
        try:
            self._targets = targets
            self.steps.options = options
            self.steps.index = index
        finally:
            self._quiet = False
        ok, why = undo_allowed(g, team)
        browsing = self.past is not None
        self.undo_button.disabled = browsing or not ok
        self.back_button.disabled = not browsing
        self.fork_button.disabled = self.nested
        where = (f"Showing step {self.past_step} of {len(h.steps)} (the past; acting is off)" if browsing
                 else f"Now: step {h.cursor} of {len(h.steps)}")
        undo = "" if browsing else (" \u00b7 Undo: " + ("allowed" if ok else f"off ({why})"))
        fv = getattr(self.app, "fork_view", None)
        link = f" \u00b7 {fv.link_html()}" if fv is not None and fv.branch is not None else ""
        self.info.value = f'<span class="lcb-small lcb-muted">{panels.esc(where + undo)}</span>{link}'


class HistoryActions:
    """The History tab's buttons as lab methods (a mixin of :class:`~lcb_lab.widgets.app.LabApp`)."""

    def undo(self) -> bool:
        """*Undo* (see :class:`HistoryPanel`); True when a step was undone."""
        return self.history_panel.undo()

    def show_step(self, n: int) -> None:
        """Click step ``n`` of the timeline: the map and log as they were (a fork; the game is kept)."""
        self.history_panel.show_step(n)

    def back_to_now(self) -> None:
        """*Back to now*."""
        self.history_panel.back_to_now()

    def fork_here(self):
        """*Fork here*: the branch's Game, shown in a second lab beside this one."""
        return self.history_panel.fork_here()

    def timeline_rows(self) -> list:
        """The timeline as the current view may read it (:func:`lcb_lab.timeline.timeline`)."""
        return timeline(self.history_panel.live, self.team)
