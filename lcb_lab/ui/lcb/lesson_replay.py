"""The *Replay lesson* tab: a scripted lesson (forced dice) replayed one step per click.

Pick a lesson (a packaged one), *Load lesson* (it replaces the
current game: over a game in progress it asks first, like *New game* -- the
button becomes *Confirm load lesson*, with *Cancel*), then *Next step* / *Run
all*: each step shows its title, the impulse's narrative and the log entries it
produced, as far as the lab's view may read them; the map and the explained log
follow.

It observes the controller's ``lesson`` (a new or loaded game drops it),
``confirm`` (the button's label), ``version`` and ``viewer`` (the last step).

A ``checkpoint`` step (a question of the course, :mod:`lcb_lab.games.lcb.course`) changes nothing in
the game: the tab shows the question's widget (:func:`lcb_lab.ui.lab.checkpoint.ask`) under the step,
*Run all* stops there, and *Next step* goes on (the widget leaves).  The question and its answer are
about the course's own staged game, not the lab's, so every view may be shown it.  Until it is
answered right the controller's ``checkpoint`` names it, and the decision panel keeps the pending
choice's options back (they would give the answer away: who may INTERCEPT, 7.53).

Hidden information: a step's entries are filtered like ``game.log_entries(team)``;
the lesson's own text (the impulse's narrative, a step's note) is shown only
to the impulse's team and the instructor; a step none of whose entries the
view may read is not named.
"""
from __future__ import annotations

import re
from typing import TYPE_CHECKING, Protocol

import ipywidgets as W

from lcb_lab.ui.lcb.map import palette
from lcb_lab.ui.lcb import panels
from lcb_lab.ui.lab.controller import follow
from lcb_lab.ui.lab.messages import INPUT_ERRORS, error_text
from lcb_lab.ui.lab.sync import set_children

if TYPE_CHECKING:  # pragma: no cover
    from lcb_lab.games.lcb.game import Game
    from lcb_lab.ui.lcb.controller import LcbController
    from lcb_lab.games.lcb.content.lesson import Done, Lesson


class LessonCommands(Protocol):
    """What the tab calls on the lab."""

    def set_game(self, game: "Game", lesson: Lesson | None = None) -> None:
        """Show ``game`` in the lab (``lesson``: the lesson replaying it)."""

    def back_to_now(self) -> None:
        """Leave a past step shown (History tab) for the present."""


LESSON_INTRO = ('<div class="lcb-muted">Replay a scripted lesson (forced dice) one step per click; the map and '
                "the log follow. Loading a lesson replaces the current game.</div>")


def lesson_names() -> list[str]:
    """The lessons the tab offers: the packaged ones (:func:`lcb_lab.games.lcb.io.resources.lesson_names`)."""
    from lcb_lab.games.lcb.io.resources import lesson_names as packaged
    return packaged()


class LessonReplayPanel:
    """The lesson picker, *Load lesson*, *Next step*, *Run all* and the last step (``lesson_info``);
    ``.widget`` is the tab.  ``lesson`` is the :class:`~lcb_lab.games.lcb.content.lesson.Lesson` being replayed."""

    def __init__(self, ctl: "LcbController", cmd: LessonCommands):
        self.ctl, self.cmd = ctl, cmd
        self.steps = None
        """The lesson's step iterator (None: no lesson loaded)."""
        self.last_step = None
        """(step number, :class:`~lcb_lab.games.lcb.content.lesson.Done`, log length before it, impulse number), or None."""
        self._n = 0
        self._impulse_no = 0
        self.lesson_picker = W.Dropdown(options=lesson_names(), layout=W.Layout(width="230px"))
        self.lesson_load = W.Button(description="Load lesson", layout=W.Layout(width="auto", min_width="110px"),
                                    tooltip="replace the game by the lesson's (asks first when a game is in progress)")
        self.lesson_load.on_click(lambda _b: self.load(self.lesson_picker.value,
                                                       confirm=self.ctl.confirm == "lesson"))
        self.lesson_cancel = W.Button(description="Cancel", layout=W.Layout(width="80px"))
        self.lesson_cancel.on_click(lambda _b: self.ctl.disarm(say=True))
        self.lesson_next = W.Button(description="Next step", button_style="primary", icon="step-forward",
                                    layout=W.Layout(width="110px"), disabled=True)
        self.lesson_next.on_click(lambda _b: self.step())
        self.lesson_all = W.Button(description="Run all", icon="fast-forward", layout=W.Layout(width="100px"),
                                   disabled=True)
        self.lesson_all.on_click(lambda _b: self.run_all())
        self.lesson_info = W.HTML(LESSON_INTRO)
        self.checkpoint_box = W.VBox([])
        """The checkpoint the lesson stopped at (:func:`lcb_lab.ui.lab.checkpoint.ask`), or empty."""
        self.asked = None
        """The :class:`~lcb_lab.ui.lab.checkpoint.CheckpointWidget` on show, or None."""
        self.load_row = W.HBox([self.lesson_picker, self.lesson_load])
        """The lesson picker, *Load lesson*, and *Cancel* while it is armed (on the page only then)."""
        self.widget = W.VBox([self.load_row,
                              W.HBox([self.lesson_next, self.lesson_all]), self.lesson_info, self.checkpoint_box])
        self.label = follow(ctl, ["confirm"], self._draw_button)
        self.forgets = follow(ctl, ["lesson"], self._on_lesson)
        self.follower = follow(ctl, ["version", "viewer"], self.refresh)

    @property
    def lesson(self) -> Lesson | None:
        """The :class:`~lcb_lab.games.lcb.content.lesson.Lesson` being replayed (the controller's ``lesson``)."""
        return self.ctl.lesson

    def _draw_button(self) -> None:
        armed = self.ctl.confirm == "lesson"
        self.lesson_load.description = "Confirm load lesson" if armed else "Load lesson"
        self.lesson_load.button_style = "danger" if armed else ""
        set_children(self.load_row, [self.lesson_picker, self.lesson_load, armed and self.lesson_cancel])

    def _on_lesson(self) -> None:
        if self.ctl.lesson is None and self.steps is not None:
            self.forget()

    def load(self, name_or_path: str = "appendix_b_combat", confirm: bool = False) -> bool:
        """Start replaying a lesson (a packaged name, or a path) on a fresh game; over a
        game in progress the first call only asks (see the module docstring).  True when loaded."""
        from lcb_lab.games.lcb.content.lesson import Lesson
        c = self.ctl
        if c.game_in_progress() and not confirm:
            c.arm("lesson", f"A game is in progress ({c.progress_text()}): Confirm load lesson discards it, "
                              "or Cancel. Nothing changed.")         # two lines at most: the lesson is named beside
            return False
        try:
            lesson = Lesson(name_or_path)
        except (*INPUT_ERRORS, OSError) as e:
            c.disarm()
            c.say(error_text(f"Load lesson {name_or_path}", e))
            return False
        self.steps = lesson.steps()
        self.last_step = None
        self._n = 0
        self._impulse_no = 0
        self.cmd.set_game(lesson.game, lesson=lesson)
        self.lesson_next.disabled = False
        self.lesson_all.disabled = False
        info = lesson.spec.lesson
        self.lesson_info.value = (f'<div class="lcb-card"><h4>{panels.esc(info.title)}</h4>'
                                  f'<div class="lcb-small lcb-muted">{panels.esc(info.source)}; '
                                  f'{len(info.assumptions)} stated assumption(s). Press <b>Next step</b>.</div></div>')
        c.say(f"Lesson loaded: {info.title}", refused=False)
        return True

    def run_all(self) -> int:
        """Replay every remaining step, stopping after a ``checkpoint`` step; returns how many ran."""
        n = 0
        with self.ctl.batch():
            while (done := self.step()) is not None:
                n += 1
                if done.checkpoint:
                    break
        return n

    def step(self) -> Done | None:
        """Replay the next step (loading the default lesson first if none is loaded and no game
        is in progress); returns the :class:`~lcb_lab.games.lcb.content.lesson.Done` (or None at the end)."""
        c = self.ctl
        self.cmd.back_to_now()           # a step plays on the game, not on a past step shown (History tab)
        if self.steps is None:
            self.load()
            if self.steps is None:       # not loaded: asked first, or could not (message shown)
                return None
        before = len(c.game.log)
        self._ask(None)
        try:
            done = next(self.steps)
        except StopIteration:
            self.lesson_next.disabled = self.lesson_all.disabled = True
            self.last_step = None
            self.lesson_info.value = '<div class="lcb-card"><b>Lesson finished.</b></div>'
            return None
        except INPUT_ERRORS as e:
            self.lesson_next.disabled = self.lesson_all.disabled = True
            c.say(error_text("Lesson step", e))
            return None
        self._n += 1
        m = re.match(r"impulse (\d+):", done.title)
        if m:
            self._impulse_no = int(m.group(1))
        self.last_step = (self._n, done, before, self._impulse_no)
        if done.checkpoint:
            self._ask(done.checkpoint)
        c.changed(highlight_from=before)
        return done

    def _ask(self, key: str | None) -> None:
        """Show the checkpoint ``key`` under the step (None: take it away); a key of no checkpoint is
        said on the message line."""
        self.asked = None
        if key is not None:
            from lcb_lab.games.lcb.course import checkpoint
            from lcb_lab.ui.lab.checkpoint import ask
            try:
                self.asked = ask(checkpoint(key), on_right=self._answered)
            except INPUT_ERRORS as e:
                self.ctl.say(error_text("Lesson checkpoint", e))
        set_children(self.checkpoint_box, [self.asked])
        self.ctl.checkpoint = key if self.asked is not None else ""

    def _answered(self) -> None:
        """The checkpoint was answered right: the decision panel shows the choice again."""
        self.ctl.checkpoint = ""

    def _impulse(self, impulse_no: int):
        if self.lesson is None or not 0 < impulse_no <= len(self.lesson.spec.impulse):
            return None
        return self.lesson.spec.impulse[impulse_no - 1]

    def step_view(self, team: str) -> dict | None:
        """The last replayed step as ``team`` may see it (see ``LabApp.step_view``)."""
        if not self.last_step:
            return None
        game = self.ctl.game
        n, done, before, impulse_no = self.last_step
        # the step's entries as game.log_entries(team) filters them: the visible ones since the
        # step began, less those logged after it (by later actions)
        since = game.log_entries(team, since=before)
        later = game.log_entries(team, since=before + len(done.entries))
        entries = since[:len(since) - len(later)]
        imp = self._impulse(impulse_no)
        imp_team = self.ctl.view_model().tf_team(imp.task_force) if imp else None
        narrative = imp.narrative if imp and team in ("instructor", imp_team) else ""
        title = done.title
        if imp and not narrative and " - " in title:
            title = title.split(" - ", 1)[0]      # a step's note is lesson text, like the narrative
        if team != "instructor" and done.entries and not entries:
            title = (f"a step of {imp.task_force}'s impulse" if imp else "a step") + \
                f" that {palette.TEAM_NAME.get(team, team)} may not see"
        return {"n": n, "title": title, "entries": entries, "narrative": narrative,
                "narrative_hidden": bool(imp and imp.narrative and not narrative)}

    def refresh(self) -> None:
        """Show the last step as the lab's view may read it (nothing to do before the first step)."""
        sv = self.step_view(self.ctl.viewer)
        if sv is None:
            return
        esc = panels.esc
        if sv["narrative"]:
            narrative = f'<div class="lcb-small"><i>{esc(sv["narrative"])}</i></div>'
        elif sv["narrative_hidden"]:
            narrative = ('<div class="lcb-small lcb-muted">(the narrative of the other team\'s impulse is shown '
                         "in its own view and the Instructor view)</div>")
        else:
            narrative = ""
        entries = "".join(panels.entry_html(e) for e in sv["entries"])
        nothing = "<span class=lcb-muted>(nothing logged that this view may read)</span>"
        self.lesson_info.value = (f'<div class="lcb-card"><h4>Step {sv["n"]}: {esc(sv["title"])}</h4>'
                                  f"{narrative}{entries or nothing}</div>")

    def forget(self) -> None:
        """Drop the lesson (a new or loaded game replaces it): the tab shows its introduction."""
        self.steps = None
        self.last_step = None
        self._ask(None)
        self.lesson_next.disabled = self.lesson_all.disabled = True
        self.lesson_info.value = LESSON_INTRO
