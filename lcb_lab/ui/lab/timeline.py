"""The *History* tab: *Undo*, the timeline of turns / impulses / steps, *Back to now* and *Fork here*.

* **Undo** takes back the last applied step (``Game.undo``); the lab then
  refreshes (map, panels, log), and the log forgets the refused acts noted after that step.  Who may undo is the game's rule (``ui.undo_allowed``; LC:B's
  :func:`lcb_lab.games.lcb.whatif.timeline.undo_allowed`: the instructor always, a team only its
  own last step while the game still waits for that team and the step drew no dice).  Otherwise
  the button is disabled and the line under it says why.
* **Timeline**: one list, grouped by "Turn 1 · impulse 2 · TF Boston"
  headings; each row is a step as the current view may read it
  (the game's ``ui.timeline``, :func:`lcb_lab.kernel.timeline.timeline_rows`); the row of the game's own step ends
  with "◀ now" and the row shown is selected.  Clicking a row shows the map and
  the log as they were after that step -- on a *fork* of the game at that step,
  so the game itself and its later steps are untouched; acting is refused
  while the past is shown.  **Back to now** returns to the game.
* **Fork here** opens a branch (``Game.fork(at=step)``: the step shown, or
  now) in a second lab beside (on a narrow screen: below) the first, with the
  differences of the two games (:mod:`.fork_view`, the game's ``ui.compare``);
  the message line says where and links to it ("Go to the branch").  One branch at a time:
  while the open branch has steps of its own, a second *Fork here* only asks (the button becomes
  *Confirm fork*, with *Cancel*, like *New game*): the class's work in it is dropped on the second
  click only.

Hidden information: the rows and the past map / log are the current view's
(the team view of the fork at that step, its team-filtered log).  The dice
are secret too: after an instructor's *Undo* the undone steps hold the game's
next rolls, so a team view shows their rows (a label) but not the steps
themselves, and a team's *Fork here* gives the branch new dice
(``Engine.fork(reseed=...)`` from :mod:`secrets`); the all-seeing viewer's branch keeps
the same dice (two plans compared under the same rolls).

The tab observes the controller's ``version`` and ``viewer`` (the rows),
``branch_link`` (the link to the open branch) and ``can_fork``; the game shown
is the controller's ``game`` (a fork while ``past_step`` is set), the game
played its ``live``.
"""
from __future__ import annotations

import textwrap

import secrets
from typing import TYPE_CHECKING, Any, Callable, Protocol

import ipywidgets as W

from lcb_lab.kernel.engine import Engine as Game
from lcb_lab.kernel.errors import LabError
from lcb_lab.kernel.timeline import TimelineRow, step_log_range
from lcb_lab.ui.lab.controller import follow
from lcb_lab.ui.lab.html import esc
from lcb_lab.ui.lab.sync import set_children

if TYPE_CHECKING:  # pragma: no cover
    from lcb_lab.ui.lab.controller import LabController


class HistoryCommands(Protocol):
    """What the tab calls on the lab."""

    def run(self, what: str, fn: Callable[..., Any], *args: Any, **kw: Any) -> Any:
        """Call ``fn(*args, **kw)``; a refusal becomes a red message naming ``what`` (None returned)."""

    def fail(self, what: str, err: BaseException) -> None:
        """Show ``err`` as a red message naming ``what``."""

    def open_branch(self, game: Game, at: int, same_dice: bool) -> str:
        """Show ``game``, forked at step ``at``, in a second lab; returns the link to it."""

    def branch_work(self) -> tuple[int, int] | None:
        """``(step it was forked from, steps of its own)`` of the open branch; None: no branch open."""


def _steps(n: int) -> str:
    return f"{n} step" + ("" if n == 1 else "s")


START_ROW = "Start (before the first step)"
NOW_MARK = " \u25c0 now"
"""Ends the timeline row of the game's own step (its cursor)."""
TIMELINE_WRAP = 62
"""Most characters of a timeline row on one line (the History tab's list is >= 400 px wide, ~6 px a character): a longer
row goes on on the next line(s), indented, so no row is cut off at the list's edge."""


def wrap_row(text: str, indent: int, width: int = TIMELINE_WRAP) -> list[str]:
    """``text`` as the lines of a timeline row drawn after ``indent`` characters (the next lines
    2 more), each at most ``width`` characters with the indent; broken at spaces only."""
    lines = textwrap.wrap(text, width=max(width - indent - 2, 10), break_long_words=False, break_on_hyphens=False)
    return lines or [text]


TIMELINE_ROWS = 12
"""Rows of the timeline list; a longer record scrolls inside it."""


class PastGame:
    """A fork shown for a past step: every act is refused (go *Back to now* to play).  Mixed in
    front of the game's own class (:func:`past_game`)."""

    def _apply(self, action, record: bool = True, events: bool = True):
        raise LabError(f"you are looking at step {self.history.cursor} of the past: press "
                       "History \u203a Back to now to act")


_PAST: dict[type, type] = {}


def past_game(game: Game) -> Game:
    """``game`` (a fork) turned into a :class:`PastGame` of its own class: it reads the same, every
    act is refused."""
    cls = type(game)
    if cls not in _PAST:
        _PAST[cls] = type(f"Past{cls.__name__}", (PastGame, cls), {"__module__": __name__})
    game.__class__ = _PAST[cls]
    return game


class HistoryPanel:
    """*Undo*, *Back to now*, *Fork here*, the timeline (``steps``: a Select) and a status line
    (``info``); ``.widget`` is the tab.  ``live`` is the game being played; ``past`` the
    fork shown for ``past_step`` while the lab looks at the past (None: now)."""

    def __init__(self, ctl: "LabController", cmd: HistoryCommands):
        self.ctl, self.cmd = ctl, cmd
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
        self.fork_button.on_click(lambda _b: self.fork_here(confirm=self.ctl.confirm == "fork"))
        self.cancel_button = W.Button(description="Cancel", layout=W.Layout(width="80px"),
                                      tooltip="keep the open branch")
        self.cancel_button.on_click(lambda _b: self.ctl.disarm(say=True))
        self.buttons = W.HBox([self.undo_button, self.back_button, self.fork_button])
        self.info = W.HTML()
        self.steps = W.Select(options=[], rows=TIMELINE_ROWS, layout=W.Layout(width="100%"))
        self.steps.add_class("lcb-timeline")
        self.steps.observe(self._on_pick, "index")
        self.widget = W.VBox([self.buttons, self.info, self.steps])
        self.follower = follow(ctl, ["version", "viewer", "branch_link", "can_fork"], self.refresh)
        self.labels = follow(ctl, ["confirm"], self._draw_fork_button)

    # ------------------------------------------------------------ the controller's state
    @property
    def live(self) -> Game:
        """The game being played."""
        return self.ctl.live

    @property
    def past(self) -> Game | None:
        """The fork shown while the lab looks at the past (None: now)."""
        return self.ctl.game if self.ctl.game is not self.ctl.live else None

    @property
    def past_step(self) -> int | None:
        """The step shown while the lab looks at the past (None: now)."""
        return self.ctl.past_step

    @property
    def nested(self) -> bool:
        """True in a branch's own lab: *Fork here* is off there (one branch at a time)."""
        return not self.ctl.can_fork

    # ------------------------------------------------------------ the buttons
    def undo(self) -> bool:
        """Take back the last step of the game, when the view may (see the module docstring).
        Returns True when a step was undone."""
        if self.past is not None:
            self.ctl.say("Undo: you are looking at the past \u2014 press Back to now first. Nothing changed.")
            return False
        ok, why = self.ctl.ui.undo_allowed(self.live, self.ctl.viewer)
        if not ok:
            self.ctl.say(f"Undo: not from the {self.ctl.ui.viewer_name(self.ctl.viewer)} ({why}). Nothing changed.")
            return False
        n = self.live.history.cursor
        self.cmd.run("Undo", self._undo_step)     # the game changed: map, panels and log follow
        return self.live.history.cursor == n - 1

    def _undo_step(self) -> None:
        """Undo the last step and forget the refusals noted after it (their moment is taken back: left in
        the log they would stand after the next acts, as if refused there)."""
        self.live.undo()
        self.ctl.drop_notes_after(self.live.log_length())

    def show_step(self, n: int) -> None:
        """Show the map and the log as they were after step ``n`` (0 = the start) on a fork;
        the game's own step (its cursor) is *Back to now*."""
        c, h = self.ctl, self.live.history
        if not isinstance(n, int) or isinstance(n, bool) or not 0 <= n <= len(h.steps):
            c.say(f"Timeline: the record has steps 0..{len(h.steps)}, not {n!r}.")
            return
        if n == h.cursor:
            self.back_to_now()
            return
        if n > h.cursor and c.viewer != c.ui.all_seeing:
            c.say(f"Timeline: step {n} was undone; a team view does not show an undone step "
                  f"(its dice are the game's next rolls). Only the {c.ui.viewer_name(c.ui.all_seeing)} may.")
            self._draw()                                # the list selects the step shown again
            return
        try:
            past = self.live.fork(at=n)
        except LabError as e:
            self.cmd.fail("Show the step", e)
            return
        past_game(past)
        since = self._since(n, past) if n else None     # the step's own entries
        with c.batch(), c.hold_trait_notifications():
            if self._saved is None:                     # the game's notes and highlight wait for Back to now
                self._saved = (c.notes, c.highlight_from)
            c.notes = ()
            c.highlight_from = since
            c.say(f"Showing step {n} of {len(h.steps)} (the past; acting is off). "
                  "History \u203a Back to now returns.", refused=False)
            c.show_game(past, n)

    def _since(self, n: int, past: Game) -> int:
        if n <= self.live.history.cursor:
            return step_log_range(self.live, n)[0]
        return past.history.steps[n - 2].log_len if n > 1 else 0   # an undone step: from the fork

    def back_to_now(self) -> None:
        """Show the game as it is (after looking at a past step)."""
        c = self.ctl
        if self.past is None:
            return
        with c.batch(), c.hold_trait_notifications():
            if self._saved is not None:
                c.notes, c.highlight_from = self._saved
                self._saved = None
            c.say("Back to now.", refused=False)
            c.show_game(self.live, None)

    def fork_here(self, confirm: bool = False) -> Game | None:
        """Open a branch from the step shown (now, unless a past step is shown) in a second
        lab beside this one; returns the branch's Game (None when refused, or when it only asked:
        the open branch has steps of its own and ``confirm`` is False)."""
        c = self.ctl
        if self.nested:
            c.say("Fork here: this lab already shows a branch; fork from the first lab.")
            return None
        at = self.past_step if self.past is not None else self.live.history.cursor
        work = self.cmd.branch_work()
        if work is not None and work[1] and not confirm:
            c.arm("fork", f"Fork here would drop the branch from step {work[0]} and its {_steps(work[1])}: "
                          "Confirm fork, or Cancel. Nothing changed.")    # whole on the message line at 1366 px
            return None
        same_dice = c.viewer == c.ui.all_seeing
        try:                                    # a team's branch must not preview the game's rolls
            branch = self.live.fork(at=at, reseed=None if same_dice else secrets.randbits(63))
        except LabError as e:
            self.cmd.fail("Fork here", e)
            return None
        self.back_to_now()
        link = self.cmd.open_branch(branch, at, same_dice)     # the status line links to the branch
        c.confirm = None
        dice = "same dice" if same_dice else "new dice"   # one line, even beside the branch (its heading says more)
        last = "" if work is None else "; the last one dropped" if work[1] else "; the last one closed"
        text = esc(f"Branch from step {at} opened ({dice}{last}).")
        c.message = f'<div class="lcb-card"><span class="lcb-ok">{text}</span> {link}</div>'
        return branch

    # ------------------------------------------------------------ drawing
    def _draw_fork_button(self) -> None:
        """*Fork here*, or *Confirm fork* (red) with *Cancel* in *Back to now*'s place while a second fork is armed."""
        armed = self.ctl.confirm == "fork"
        b = self.fork_button
        b.description, b.button_style = ("Confirm fork", "danger") if armed else ("Fork here", "")
        b.layout.width = "130px" if armed else "110px"
        # while it asks, Cancel takes Back to now's place: four buttons cut one's text in a narrow tab
        set_children(self.buttons, [self.undo_button, not armed and self.back_button, b, armed and self.cancel_button])

    def _on_pick(self, change) -> None:
        if self._quiet or change["new"] is None or not 0 <= change["new"] < len(self._targets):
            return
        self.show_step(self._targets[change["new"]])

    def refresh(self) -> None:
        """Redraw the tab (after a change of the game or the view); a team view leaves the look at
        an undone step (it holds the game's next rolls)."""
        if self.ctl.confirm == "fork" and not (self.cmd.branch_work() or (0, 0))[1]:
            self.ctl.confirm = None             # the branch was closed: nothing left to confirm
        if self.past is None:
            self._saved = None                  # a new game, a loaded one, a lesson: nothing to restore
        elif self.ctl.viewer != self.ctl.ui.all_seeing and self.past_step > self.live.history.cursor:
            self.back_to_now()                  # redraws the lab (and this tab) again
            return
        self._draw()

    def _draw(self) -> None:
        g, team = self.live, self.ctl.viewer
        h = g.history
        options, targets, group = [START_ROW + (NOW_MARK if h.cursor == 0 and h.steps else "")], [0], None
        firsts: set[int] = set()
        for r in self.ctl.ui.timeline(g, team):
            if r.group != group:
                group = r.group
                options.append(f"\u2014 {group}")
                targets.append(r.step)           # a heading shows its first step
            head = f"   {r.step}. "
            lines = wrap_row(r.label + (NOW_MARK if r.step == h.cursor else ""), len(head))
            options.append(head + lines[0])
            targets.append(r.step)
            firsts.add(len(options) - 1)
            for more in lines[1:]:                   # a long row goes on below, never cut off
                options.append(" " * (len(head) + 2) + more)
                targets.append(r.step)
        shown = self.past_step if self.past is not None else h.cursor
        index = max(i for i, t in enumerate(targets) if t == shown and (i in firsts or i == 0))
        self._quiet = True
        try:
            self._targets = targets
            with self.steps.hold_sync():        # options and selection in one message
                if self.steps.options != tuple(options):
                    self.steps.options = options
                self.steps.index = index
        finally:
            self._quiet = False
        ok, why = self.ctl.ui.undo_allowed(g, team)
        browsing = self.past is not None
        self.undo_button.disabled = browsing or not ok
        self.back_button.disabled = not browsing
        self.fork_button.disabled = self.nested
        where = (f"Showing step {self.past_step} of {len(h.steps)} (the past; acting is off)" if browsing
                 else f"Now: step {h.cursor} of {len(h.steps)}")
        undo = "" if browsing else (" \u00b7 Undo: " + ("allowed" if ok else f"off ({why})"))
        link = f" \u00b7 {self.ctl.branch_link}" if self.ctl.branch_link else ""
        self.info.value = f'<span class="lcb-small lcb-muted">{esc(where + undo)}</span>{link}'


class HistoryActions:
    """The History tab's buttons as lab methods (a mixin of :class:`~lcb_lab.ui.lab.shell.LabShell`)."""

    def undo(self) -> bool:
        """*Undo* (see :class:`HistoryPanel`); True when a step was undone."""
        return self.history_panel.undo()

    def show_step(self, n: int) -> None:
        """Click step ``n`` of the timeline: the map and log as they were (a fork; the game is kept)."""
        self.history_panel.show_step(n)

    def back_to_now(self) -> None:
        """*Back to now*."""
        self.history_panel.back_to_now()

    def fork_here(self, confirm: bool = False) -> Game | None:
        """*Fork here*: the branch's Game, shown in a second lab beside this one (while the open
        branch has steps of its own, the first call only asks: ``confirm=True``, or *Confirm fork*)."""
        return self.history_panel.fork_here(confirm)

    def timeline_rows(self) -> list[TimelineRow]:
        """The timeline as the current view may read it (the game's ``ui.timeline``)."""
        return self.ctl.ui.timeline(self.history_panel.live, self.team)
