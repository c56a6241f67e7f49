"""The shared lab: one game's map and panels in the frame every game's lab has (no game imported).

Layout (one screen, docs/ui.md "Layout"): a CSS grid as tall as the screen leaves the lab
(:data:`~lcb_lab.ui.lab.style.CSS`).  On top, one row: the message line (a fixed place and height),
the view picker (the game's viewers, ``ui.viewers``), the *Presentation* switch and the game's
toolbar parts.  Below, left, the game's map (it grows with the space it has); then a compact column:
the game's column parts and the tabs -- the game's own, then the shared *Game* (New / Save / Load:
:mod:`.game_panel`), *History* (Undo, timeline, Back to now, Fork here: :mod:`.timeline`,
:mod:`.fork_view`); right, the side column: the game's side parts and
the explained log (:mod:`.log_panel`, in no tab), beside the map at every screen size.  The branch of *Fork here* is a child of the
lab only while it is open.

A game's lab subclasses :class:`LabShell`: :meth:`LabShell.make_controller` (its controller, on its
:class:`~lcb_lab.ui.lab.game_ui.LabGame`), :meth:`LabShell.game_panels` (its panels) and
:meth:`LabShell.game_map` (its map, built after the first drawing).  Every engine call goes
through :meth:`LabShell.run`: a refusal (:class:`~lcb_lab.kernel.errors.LabError`, e.g.
``IllegalAction`` naming its rule) or a bad input becomes one red line and a red log note, and the
state is unchanged.  Hidden information: every shared part draws from the controller's viewer
through the game's calls (view model, timeline, compare, log).
"""
from __future__ import annotations

import os
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable, Sequence

import ipywidgets as W

from lcb_lab.kernel.engine import Engine
from lcb_lab.kernel.errors import LabError
from lcb_lab.ui.lab import style
from lcb_lab.ui.lab.controller import LabController, follow
from lcb_lab.ui.lab.fork_view import ForkView
from lcb_lab.ui.lab.game_panel import GamePanel
from lcb_lab.ui.lab.html import esc, message_html, refusal_note_html
from lcb_lab.ui.lab.log_panel import LogPanel
from lcb_lab.ui.lab.messages import INPUT_ERRORS, MessageLine, echo_in_cell, error_text
from lcb_lab.ui.lab.sync import LazyTab, set_children
from lcb_lab.ui.lab.timeline import HistoryActions, HistoryPanel
from lcb_lab.ui.lab.voila_app import FILES_DIR_ENV

if TYPE_CHECKING:  # pragma: no cover
    from lcb_lab.ui.lab.game_ui import LabMap, LabPanels

__all__ = ["LabShell", "LabBox", "SHARED_TABS", "default_files_dir"]

SHARED_TABS = ("Game", "History")
"""The tabs every game's lab has, after the game's own."""
LOG_TITLE = ("<b>Explained log</b> <span class='lcb-muted lcb-small'>(newest last; rule numbers cite the "
             "rulebook, which is not included)</span>")


def default_files_dir() -> Path:
    """The folder *Save* / *Load* resolve relative names under when no ``files_dir`` is given:
    ``$LCB_LAB_FILES_DIR`` when set (the Voila app's start folder), else the working directory
    (in JupyterLab, the notebook's folder)."""
    return Path(os.environ.get(FILES_DIR_ENV) or Path.cwd())


class LabBox(W.HBox):
    """The lab's layout: displaying it first runs ``before_display`` (a map bringing its bundle up to
    date, so the view the browser creates renders the current map, once)."""

    def __init__(self, children: Sequence[W.Widget], before_display: Callable[[], None] | None, **kw: Any):
        super().__init__(children, **kw)
        self._before_display = before_display

    def _repr_mimebundle_(self, **kwargs):
        if self._before_display is not None:
            self._before_display()
        return super()._repr_mimebundle_(**kwargs)


class LabShell(HistoryActions):
    """The shared lab for one game (``.widget`` is the ipywidgets layout; ``controller`` its
    :class:`~lcb_lab.ui.lab.controller.LabController`).

    ``team``: the view drawn first (one of the game's viewers; default the all-seeing one);
    ``font_scale`` (0.5..3, 1.4 = large text) scales the map's texts and the panels;
    ``files_dir``: where *Save* / *Load* resolve relative names (default :func:`default_files_dir`);
    ``presentation``: open in presentation mode.  Raises ValueError for an unknown ``team`` or a
    ``font_scale`` outside 0.5..3.
    """

    def __init__(self, game: Engine, team: str | None = None, font_scale: float = 1.0,
                 files_dir: str | Path | None = None, presentation: bool = False):
        if not isinstance(font_scale, (int, float)) or isinstance(font_scale, bool) or not 0.5 <= font_scale <= 3:
            raise ValueError(f"font_scale must be a number from 0.5 to 3 (1.4 = large text), not {font_scale!r}")
        self.ctl = self.controller = self.make_controller(game)
        norm = self.ctl.viewer if team is None else self.ctl.normalise_viewer(team)
        if norm is None:
            raise ValueError(f"team must be one of {', '.join(self.ctl.viewer_ids)}, not {team!r}")
        self.ctl.viewer = norm
        self.files_dir = Path(files_dir) if files_dir is not None else default_files_dir()
        self._css_class = f"lcb-lab-{id(self):x}"
        self._tail: list[W.Widget] = []
        self.timings: dict[str, float] = {}
        self._build_shared()
        self.panels = self.game_panels()
        self.tabs = LazyTab(children=[w for _, w in self.panels.tabs] + [
            self.game_panel.widget, self.history_panel.widget])   # the one explained log is beside the map
        for i, title in enumerate([t for t, _ in self.panels.tabs] + list(SHARED_TABS)):
            self.tabs.set_title(i, title)
        self.ctl.changed()                      # the first drawing of every panel and of the map
        if font_scale != 1.0:
            self.set_font_scale(font_scale)
        if presentation:
            self.set_presentation(True)
        self.lab_map = self.game_map()          # after the first drawing: a map's bundle is the map as it is
        if self.lab_map.batcher is not None:
            self.ctl.add_batcher(self.lab_map.batcher)
        self._build_layout()

    # ================================================================ what a game's lab supplies
    def make_controller(self, game: Engine) -> LabController:
        """The lab's controller on ``game`` (a game's lab returns its own, on its ``LabGame``)."""
        raise NotImplementedError

    def game_panels(self) -> "LabPanels":
        """The game's panels (tabs, column, side and toolbar parts), built on :attr:`ctl`."""
        raise NotImplementedError

    def game_map(self) -> "LabMap":
        """The game's map widget (called after the first drawing)."""
        raise NotImplementedError

    def map_aspect(self) -> float:
        """The map column's width over height (the board's); :data:`~lcb_lab.ui.lab.style.DEFAULT_ASPECT` by default."""
        return style.DEFAULT_ASPECT

    def game_css(self) -> str:
        """The game's own stylesheet (``<style>`` blocks), after the shared :data:`~lcb_lab.ui.lab.style.CSS`."""
        return ""

    # ================================================================ layout
    def _build_shared(self) -> None:
        c = self.ctl
        self.css = W.HTML(style.CSS + self.game_css())
        self.messages = MessageLine(c)
        self.message, self.message_echo = self.messages.line, self.messages.echo
        self.view_picker = W.ToggleButtons(options=list(c.ui.viewers), value=c.viewer,
                                           tooltips=[c.ui.viewer_tip(v) for _, v in c.ui.viewers],
                                           style={"button_width": "84px"})
        self.view_picker.observe(lambda ch: self.set_team(ch["new"]), "value")
        follow(c, ["viewer"], lambda: setattr(self.view_picker, "value", c.viewer))
        self.presentation_toggle = W.ToggleButton(
            value=False, description="Presentation", icon="desktop", layout=W.Layout(width="auto"),
            tooltip="presentation mode for a projector: large map texts (designators 16 px), larger panels")
        self.presentation_toggle.observe(lambda ch: self.set_presentation(ch["new"]), "value")
        follow(c, ["presentation"], lambda: setattr(self.presentation_toggle, "value", c.presentation))
        self.game_panel = gp = GamePanel(c, self, self.files_dir)
        (self.game_info, self.scenario_picker, self.seed_box, self.new_button, self.file_box, self.save_button,
         self.load_button, self.cancel_button) = (gp.game_info, gp.scenario_picker, gp.seed_box, gp.new_button,
                                                  gp.file_box, gp.save_button, gp.load_button, gp.cancel_button)
        self.history_panel = HistoryPanel(c, self)
        self.fork_view = ForkView(c, self._make_branch, self.set_team, come_back=self._back_from_branch,
                                  set_presentation=self.set_presentation)
        self.log_panel = LogPanel(c)
        self.log, self.log_box = self.log_panel, self.log_panel.widget
        """``lab.log.value``: the explained log's HTML; ``lab.log_box``: its box beside the map."""

    def _build_layout(self) -> None:
        p = self.panels
        self.map_box = W.Box([self.lab_map.widget])
        self.map_box.add_class("lcb-map")
        self.toolbar = W.HBox([self.view_picker, self.presentation_toggle, *p.toolbar])
        self.toolbar.add_class("lcb-toolbar")
        self.topbar = W.HBox([self.message, self.toolbar])
        """The lab's top row: the message line (a fixed place, fixed height), the views, Presentation."""
        self.topbar.add_class("lcb-topbar")
        self.right = W.VBox([*p.column, self.tabs])
        self.right.add_class("lcb-right")
        self.side_log = W.VBox([*p.side, W.HTML(LOG_TITLE), self.log_box])
        self.side_log.add_class("lcb-side-log")
        self.grid = W.Box([self.topbar, self.side_log, self.map_box, self.right])   # side first: Tab reaches it, then the map
        self.grid.add_class("lcb-grid")
        self.widget = LabBox([self.css, self.grid], self.lab_map.before_display)
        self.widget.add_class("lcb-app")
        self.widget.add_class(self._css_class)
        self.fork_follower = follow(self.fork_view, ["shown"], self._draw_page)
        self.mode_follower = follow(self.ctl, ["presentation"], self._draw_mode)
        self.mode_follower()
        self.scale_follower = follow(self.ctl, ["font_scale"], self._draw_scale)
        self.flow_follower = follow(self.ctl, ["font_scale", "branch_link"], self._draw_flow)
        self.scale_follower()
        self.flow_follower()

    def add_to_page(self, widget: W.Widget) -> None:
        """Keep ``widget`` last among the lab's children (e.g. a hidden script loader)."""
        if widget not in self._tail:
            self._tail.append(widget)
        self._draw_page()

    def _draw_page(self) -> None:
        """The lab's children: the CSS, the grid, the branch while one is open, the tail."""
        set_children(self.widget, [self.css, self.grid, self.fork_view.shown and self.fork_view.widget, *self._tail])

    def _draw_scale(self) -> None:
        self.css.value = style.CSS + self.game_css() + style.scale_css(self._css_class, self.ctl.font_scale, self.map_aspect())

    def _draw_mode(self) -> None:
        (self.widget.add_class if self.ctl.presentation else self.widget.remove_class)("lcb-presentation")

    def _draw_flow(self) -> None:
        # a wide right column, or the branch, goes under the map rather than off the page
        c = self.ctl
        self.widget.layout.flex_flow = "row wrap" if c.font_scale > 1.0 or c.branch_link else None
        (self.widget.add_class if c.branch_link else self.widget.remove_class)("lcb-branch-open")

    def _repr_mimebundle_(self, **kwargs):
        """``lab`` as a cell's last expression shows the lab itself (its :attr:`widget`)."""
        data = self.widget._repr_mimebundle_(**kwargs)
        return {**data, "text/plain": repr(self)} if isinstance(data, dict) else data

    def __repr__(self) -> str:
        return f"<{type(self).__name__}: {self.ctl.game_title()}, {self.team} view>"

    def _make_branch(self, game: Engine) -> "LabShell":
        """The lab of a branch (*Fork here*): the same kind of lab, view, text size and folder."""
        return type(self)(game, team=self.ctl.viewer, font_scale=self.ctl.font_scale, files_dir=self.files_dir,
                          presentation=self.ctl.presentation)

    def _back_from_branch(self) -> None:
        """After *Close branch*: the *History* tab shown and its *Fork here* focused, where the
        instructor opened the branch (the browser scrolls the focused button into view)."""
        self.tabs.selected_index = len(self.tabs.children) - len(SHARED_TABS) + SHARED_TABS.index("History")
        self.history_panel.fork_button.focus()

    def open_branch(self, game: Engine, at: int, same_dice: bool) -> str:
        """Show ``game`` (forked at step ``at``) in a second lab beside this one; returns the link to it."""
        return self.fork_view.open(game, at, same_dice=same_dice)

    def branch_work(self) -> tuple[int, int] | None:
        """``(step it was forked from, steps of its own)`` of the open branch (None: none open)."""
        return self.fork_view.work()

    # ================================================================ the controller's state
    @property
    def game(self) -> Engine:
        """The game shown (the game played, or a fork of a past step: History tab)."""
        return self.ctl.game

    @game.setter
    def game(self, game: Engine) -> None:
        self.set_game(game)

    @property
    def team(self) -> str:
        """The view drawn (one of the game's viewers; :meth:`set_team` changes it)."""
        return self.ctl.viewer

    @property
    def font_scale(self) -> float:
        """The text scale of the lab (1 is the default; from 0.5 to 3, 1.4 = large text)."""
        return self.ctl.font_scale

    @property
    def notes(self) -> list[tuple[int, str, str]]:
        """Refused actions for the log: (log length then, html, the view it was made in); a note is
        shown in that view and the all-seeing one's (it may name what only that view knows)."""
        return list(self.ctl.notes)

    @property
    def highlight_from(self) -> int | None:
        """The log index from which entries are the last act's (highlighted), or None."""
        return self.ctl.highlight_from

    @property
    def _confirm(self) -> str | None:
        """The replacing action armed by a first click, waiting for its confirmation."""
        return self.ctl.confirm

    # ================================================================ engine calls and messages
    def run(self, what: str, fn: Callable[..., Any], *args: Any, **kw: Any) -> Any:
        """Call the engine; show a refusal in red (rule + reason) and keep the state.

        A rule refusal (:class:`~lcb_lab.kernel.errors.LabError`) and any bad-input error
        (:data:`~lcb_lab.ui.lab.messages.INPUT_ERRORS`) become a red message and a red log note;
        the engine rolls its state back on any exception, so nothing changed.  A success bumps
        the controller's ``version``: what depends on the game follows."""
        return self.run_said(what, None, fn, *args, **kw)

    def run_said(self, what: str, said: Callable[[], str | None] | None, fn: Callable[..., Any],
                 *args: Any, **kw: Any) -> Any:
        """:meth:`run`, whose success says ``said()`` (a whole sentence, called once ``fn`` returned;
        None or "": the usual "<what>: done.") -- e.g. what a team answered; a refusal names ``what``."""
        before = self.game.log_length()
        t0 = time.perf_counter()
        with self.ctl.batch():
            try:
                out = fn(*args, **kw)
            except INPUT_ERRORS as e:
                self.fail(what, e)
                out = None
            else:
                self.ctl.acted(what, before, said() if said is not None else None)
        self.timings[what] = time.perf_counter() - t0
        return out

    def fail(self, what: str, err: BaseException) -> None:
        """Show ``err`` as a red message (and a red note in the log); change nothing."""
        if isinstance(err, LabError):
            self.ctl.note(refusal_note_html(err))
        else:
            self.ctl.note(f'<div class="lcb-log-line lcb-refused">{esc(error_text(what, err))}</div>')
        self.ctl.message = message_html(error_text(what, err), refused=True)
        echo_in_cell(error_text(what, err))

    def say(self, text: str, refused: bool = True) -> None:
        """A message about the lab itself (a bad label, the wrong view): no log note (a red one asked
        from a notebook cell is printed under the cell too)."""
        self.ctl.say(text, refused=refused)
        if refused:
            echo_in_cell(text)

    def apply_act(self, action: Any) -> Any:
        """Apply one typed act (a game's button or picker) through :meth:`run` and :meth:`apply_in_view`:
        a refusal is one red line and nothing changes; None (nothing chosen) is said, nothing changes."""
        if action is None:
            self.say("Nothing chosen to apply. Nothing changed.")
            return None
        return self.run(getattr(action, "KIND", "act").replace("_", " "), self.apply_in_view, action)

    def apply_in_view(self, action: Any) -> Any:
        """Apply ``action`` for the view shown (the controller's ``apply``; a game may first check that the
        view may make it, raising a rule refusal)."""
        return self.ctl.apply(action)

    # ================================================================ the game: new / save / load
    def game_in_progress(self) -> bool:
        """Has anything happened in this game?"""
        return self.ctl.game_in_progress()

    def game_title(self) -> str:
        """The game's title, as the lab's *Game* tab shows it."""
        return self.ctl.game_title()

    def new_game(self, scenario: str | None = None, seed: int | None = 1, confirm: bool = False,
                 start: str | None = None) -> Engine | None:
        """Start a fresh game of ``scenario`` (default: the game's first) with ``seed`` at ``start``
        (one of the game's starts, or None: its own).  When a game is in progress, the first call
        only asks: the button becomes *Confirm new game* (a second click, or ``confirm=True``,
        starts it)."""
        return self.game_panel.new_game(scenario, seed, confirm, start)

    def save_path(self, filename: str | Path | None = None) -> Path:
        """``filename`` (default :data:`~lcb_lab.ui.lab.game_panel.DEFAULT_SAVE`) resolved against :attr:`files_dir`."""
        return self.game_panel.save_path(filename)

    def save_game(self, filename: str | Path | None = None) -> Path | None:
        """Write the game to ``filename`` (the game's save format); creates the folder. Returns the path."""
        return self.game_panel.save_game(filename)

    def write_review(self, filename: str | Path | None = None) -> Path | None:
        """*Review*: write the game's after-action review as the current view may know it, beside the
        save file ``filename`` (:meth:`GamePanel.write_review`). Returns the path, or None (a red message)."""
        return self.game_panel.write_review(filename)

    def load_game(self, filename: str | Path | None = None, confirm: bool = False) -> Engine | None:
        """Replace the game by the one saved in ``filename``; asks first when a game is in progress
        (like :meth:`new_game`). Returns the loaded game."""
        return self.game_panel.load_game(filename, confirm)

    def set_game(self, game: Engine) -> None:
        """Replace the game; keeps the map and the view."""
        with self.ctl.batch():
            self.ctl.set_game(game)

    # ================================================================ projector mode
    def set_presentation(self, on: bool = True) -> None:
        """Presentation mode (a projector) on or off: the map's projector text sizes, wider lines, and
        the panels' text larger (:data:`~lcb_lab.ui.lab.style.CSS`); the lab still fits the screen.
        The *Presentation* switch calls it."""
        with self.ctl.batch():
            self.ctl.presentation = bool(on)

    def set_font_scale(self, scale: float) -> None:
        """Scale the map's texts and the panels by ``scale`` (1.4 = *Large text*; 1 = the default look)."""
        if not isinstance(scale, (int, float)) or isinstance(scale, bool) or not 0.5 <= scale <= 3:
            self.say(f"Text size: {scale!r} is not a scale from 0.5 to 3 (1.4 = large text). Nothing changed.")
            return
        with self.ctl.batch():
            self.ctl.font_scale = float(scale)

    # ================================================================ the view
    def set_team(self, team: str) -> None:
        """Redraw everything from ``team``'s view (one of the game's viewers)."""
        norm = self.ctl.normalise_viewer(team)
        if norm is None:
            ids = self.ctl.viewer_ids
            self.say(f"Unknown view {team!r}: choose {', '.join(ids[:-1])} or {ids[-1]}. The view stays the "
                     f"{self.ctl.ui.viewer_name(self.team)}.")
            if self.view_picker.value != self.team:
                self.view_picker.value = self.team
            return
        if norm == self.team:
            return
        self.ctl.set_viewer(norm)

    def refresh(self) -> None:
        """Redraw map, panels and log from the game (e.g. after changing the game behind the lab's
        back): the controller's ``version`` goes up and every drawing of the game follows."""
        with self.ctl.batch():
            self.ctl.changed()
