"""The lab: the Bokeh map beside ipywidgets panels, driven by one :class:`~lcb_lab.game.Game`.

Layout: left, the map (a ``jupyter_bokeh`` ``BokehModel``) and the explained
log under it; right, a message line, the view picker (Blue / Red /
Instructor) with the *Large text* toggle, the hex info panel, the unit panel
(Unit Tracker + overlays), the decision panel (only while the engine waits
for the defender), tabs for the impulse, the lesson replay and the game
(new / save / load) and the history (Undo, timeline, Fork here: :mod:`.timeline`,
:mod:`.fork_view`), the last message again, and -- in the Instructor view
only -- the scripted card-effect panel.

This module wires them together (the view, the selected hex and unit, the
refresh after every action); the panels live in their own modules:
:mod:`.messages` (the message line), :mod:`.unit_panel`, :mod:`.decisions`,
:mod:`.impulse`, :mod:`.lesson_replay`, :mod:`.game_panel` (the *Game* tab: New / Save / Load),
:mod:`.cards`; the methods that mirror the buttons in :mod:`.actions`.

Every engine call goes through :meth:`LabApp.run`: a refused action
(:class:`~lcb_lab.errors.LcbError`, e.g. ``IllegalAction`` naming its rule)
becomes a red message and a red log line, and the engine leaves the state
unchanged; so does any other bad-input error (``TypeError``, ``KeyError``,
``ValueError``, ``IndexError``) raised below the lab: "Could not ...: <why>".

Hidden information: a team view never shows (nor sends to the browser) what
that team may not know.  The impulse controls belong to the team that plays
(the active Task Force's team, or the team due to begin the next impulse) and
to the instructor; a decision belongs to the deciding team and the instructor.

    from lcb_lab.widgets import open_lab
    lab = open_lab("gotland_redux", seed=1)
    lab.widget            # display it (last expression of a cell)
"""
from __future__ import annotations

import time
from pathlib import Path
from typing import Any, Callable

import ipywidgets as W

from ..errors import LcbError
from ..views import MapView
from . import panels
from .actions import LabActions
from .cards import CardEffectPanel
from .decisions import DecisionPanel
from .fork_view import ForkView
from .game_panel import DEFAULT_SAVE, GamePanel, scenario_names
from .impulse import ImpulsePanel
from .lesson_replay import LESSON_INTRO, LessonReplayPanel, lesson_names
from .messages import INPUT_ERRORS, MessageLine, error_text
from .timeline import HistoryActions, HistoryPanel
from .unit_panel import UnitPanel

__all__ = ["LabApp", "open_lab", "normalise_team", "error_text", "INPUT_ERRORS", "DEFAULT_SAVE", "LESSON_INTRO",
           "VIEWS", "TEAMS", "LARGE_TEXT", "RIGHT_WIDTH"]

VIEWS = [("Blue (US)", "US"), ("Red (RU)", "RU"), ("Instructor", "instructor")]
RIGHT_WIDTH = "450px"
LARGE_TEXT = 1.4
"""``font_scale`` of the *Large text* toggle (projector mode)."""
TEAMS = ("US", "RU", "instructor")


def normalise_team(team) -> str | None:
    """``"US"``, ``"RU"`` or ``"instructor"`` (any case), else None."""
    if not isinstance(team, str):
        return None
    return {t.lower(): t for t in TEAMS}.get(team.strip().lower())


def _notebook_output(lab: "LabApp") -> None:
    """Carry BokehJS in the lab's own widget: offline, once per page, not saved (:mod:`.bokehjs`).

    The hidden loader goes last in ``lab.widget``'s children; its view renders
    before the map's ``BokehModel`` view, which is nested deeper.
    """
    from .bokehjs import bokehjs_loader
    loader = bokehjs_loader(lab.map.figure)
    if loader not in lab.widget.children:
        lab.widget.children = (*lab.widget.children, loader)


class LabApp(LabActions, HistoryActions):
    """The assembled lab for one game (``.widget`` is the ipywidgets layout).

    Python methods mirror the buttons, so scripts and tests drive the same
    code paths: :meth:`select_hex`, :meth:`select_unit`, :meth:`set_team`,
    :meth:`begin_impulse`, :meth:`declare`, :meth:`move_to`, :meth:`conceal`,
    :meth:`zor`, :meth:`resupply`, :meth:`commit_combat`, :meth:`answer`,
    :meth:`answer_policy`, :meth:`resolve`, :meth:`end_impulse`,
    :meth:`relinquish`, :meth:`load_lesson`, :meth:`step`, :meth:`run_lesson`,
    :meth:`new_game`, :meth:`save_game`, :meth:`load_game`,
    :meth:`apply_card_effect`, :meth:`set_font_scale`.

    ``font_scale`` (1.4 = *Large text*) scales the map's texts and the panels
    for a projector; ``files_dir`` is where *Save* / *Load* resolve relative
    file names (default: the working directory, i.e. the notebook's folder).
    """

    lesson_names = staticmethod(lesson_names)
    scenario_names = staticmethod(scenario_names)

    def __init__(self, game, team: str = "instructor", font_scale: float = 1.0,
                 files_dir: str | Path | None = None):
        norm = normalise_team(team)
        if norm is None:
            raise ValueError(f"team must be one of {', '.join(TEAMS)}, not {team!r}")
        if not isinstance(font_scale, (int, float)) or isinstance(font_scale, bool) or not 0.5 <= font_scale <= 3:
            raise ValueError(f"font_scale must be a number from 0.5 to 3 (1.4 = large text), not {font_scale!r}")
        self.game = game
        self.files_dir = Path(files_dir) if files_dir is not None else Path.cwd()
        self.font_scale = 1.0
        self._css_class = f"lcb-lab-{id(self):x}"
        self.team = norm
        self.last_hex: str | None = None
        self.selected_uid: str | None = None
        self.notes: list[tuple[int, str, str]] = []
        """Refused actions for the log: (log length then, html, the view it was made in); a note is
        shown in that view and the instructor's (it may name what only that view knows)."""
        self.highlight_from: int | None = None
        self.timings: dict[str, float] = {}
        self.map = MapView(game.board)
        self.map.on_hex(self.select_hex)
        self._build()
        self.refresh()
        if font_scale != 1.0:
            self.set_font_scale(font_scale)

    # ================================================================ layout
    def _build(self) -> None:
        self.css = W.HTML(panels.CSS)
        self.messages = MessageLine()
        self.message, self.message_echo = self.messages.line, self.messages.echo
        self.view_picker = W.ToggleButtons(options=VIEWS, value=self.team, tooltips=[
            "what the US team may see", "what the RU team may see", "everything (the instructor)"],
            style={"button_width": "104px"})
        self.view_picker.observe(lambda c: self.set_team(c["new"]), "value")
        self.large_text = W.ToggleButton(value=False, description="Large text", icon="text-height",
                                         layout=W.Layout(width="108px"),
                                         tooltip=f"projector mode: map texts and panels x{LARGE_TEXT}")
        self.large_text.observe(self._on_large_text, "value")
        self.hex_info = W.HTML(panels.hex_info_html(self.game.board, None))
        self.hex_info.add_class("lcb-hex-info")

        self.unit_box = UnitPanel(self)
        self.decision = DecisionPanel(self.answer, self.answer_policy, self.set_team, preview=self.intercept_odds)
        self.impulse_panel = ImpulsePanel(self)
        self.card_panel = CardEffectPanel(self)
        self.lesson_panel = LessonReplayPanel(self)
        self.game_panel = GamePanel(self)
        self.history_panel, self.fork_view = HistoryPanel(self), ForkView(self)   # History tab; Fork here
        # the panels' widgets under the lab's names (scripts and tests use them)
        u, lp, gp = self.unit_box, self.lesson_panel, self.game_panel
        (self.unit_picker, self.clear_button, self.show_reach, self.show_ranges, self.show_zor, self.show_resupply,
         self.umbrella_picker, self.overlay_note, self.unit_panel) = (
            u.unit_picker, u.clear_button, u.show_reach, u.show_ranges, u.show_zor, u.show_resupply,
            u.umbrella_picker, u.overlay_note, u.tracker)
        self.lesson_picker, self.lesson_load, self.lesson_next, self.lesson_all, self.lesson_info = (
            lp.lesson_picker, lp.lesson_load, lp.lesson_next, lp.lesson_all, lp.lesson_info)
        (self.game_info, self.scenario_picker, self.seed_box, self.new_button, self.file_box, self.save_button,
         self.load_button, self.cancel_button) = (gp.game_info, gp.scenario_picker, gp.seed_box, gp.new_button,
                                                  gp.file_box, gp.save_button, gp.load_button, gp.cancel_button)

        self.tabs = W.Tab(children=[self.impulse_panel.widget, lp.widget, gp.widget, self.history_panel.widget])
        self.tabs.set_title(0, "Impulse")
        self.tabs.set_title(1, "Lesson")        # short titles: four tabs fit the 450 px column
        self.tabs.set_title(2, "Game")
        self.tabs.set_title(3, "History")

        self.log = W.HTML(layout=W.Layout(height="100%"))
        self.log.add_class("lcb-log-panel")
        self.log_box = W.Box([self.log], layout=W.Layout(height="260px", border="1px solid #cfc8b4",
                                                         overflow="hidden", width="100%"))
        self.map_model = self._bokeh_model()
        left = W.VBox([self.map_model, W.HTML("<b>Explained log</b> <span class='lcb-muted'>(newest last; rule "
                                              "numbers cite the rulebook, which is not included)</span>"),
                       self.log_box],
                      layout=W.Layout(flex="0 0 auto", width=f"{self.map.figure.frame_width + 50}px"))
        self.right = W.VBox([self.message, W.HBox([self.view_picker, self.large_text]), self.hex_info, u.widget,
                             self.decision.widget, self.tabs, self.message_echo, self.card_panel.widget],
                            layout=W.Layout(width=RIGHT_WIDTH, min_width=RIGHT_WIDTH, margin="0 0 0 10px"))
        self.right.add_class("lcb-right")
        self.widget = W.HBox([self.css, left, self.right, self.fork_view.widget],
                             layout=W.Layout(align_items="flex-start"))
        self.widget.add_class("lcb-app")
        self.widget.add_class(self._css_class)

    def _on_large_text(self, change) -> None:
        if change["new"] != (self.font_scale > 1.0):         # set_font_scale moves the toggle too
            self.set_font_scale(LARGE_TEXT if change["new"] else 1.0)

    def _bokeh_model(self):
        from .bokeh_model import LiveBokehModel
        return LiveBokehModel(self.map.figure)

    # ================================================================ the panels' state
    @property
    def lesson(self):
        """The :class:`~lcb_lab.lesson.Lesson` being replayed (None: none)."""
        return self.lesson_panel.lesson

    @property
    def umbrella_target(self) -> str | None:
        """The target of the INTERCEPT umbrella drawn for the selected unit (None: none)."""
        return self.unit_box.umbrella_target

    @property
    def _confirm(self) -> str | None:
        """The replacing action (``"new"`` / ``"load"``) armed by a first click, waiting for its confirmation."""
        return self.game_panel.confirm

    # ================================================================ helpers
    def jcc_names(self, team: str) -> list[str]:
        """The team's JCC names from the scenario (for the declaration builder)."""
        return self.game.view(team)["jccs"].get(team, [])

    def view(self) -> dict:
        return self.game.view(self.team)

    def hex_units(self, label: str | None, view: dict | None = None) -> list[str]:
        """Face-up (or own) units the current view shows in ``label``, and their embarked units."""
        if not label:
            return []
        v = view or self.view()
        here = [c["uid"] for c in v["counters"] if c.get("hex") == label and not c.get("back")]
        carried = [c["uid"] for c in v["counters"] if c.get("embarked_on") in here]
        return here + carried

    def visible_counters(self, view: dict | None = None) -> dict[str, dict]:
        """The face-up (or own) counters of the current view, by unit id."""
        v = view or self.view()
        return {c["uid"]: c for c in v["counters"] if not c.get("back")}

    # ================================================================ engine calls and messages
    def run(self, what: str, fn: Callable[..., Any], *args, **kw) -> Any:
        """Call the engine; show a refusal in red (rule + reason) and keep the state.

        A rule refusal (:class:`~lcb_lab.errors.LcbError`) and any bad-input
        error (:data:`INPUT_ERRORS`) become a red message and a red log note;
        the engine rolls its state back on any exception, so nothing changed.
        """
        before = len(self.game.log)
        t0 = time.perf_counter()
        try:
            out = fn(*args, **kw)
        except INPUT_ERRORS as e:
            self.fail(what, e)
            self.timings[what] = time.perf_counter() - t0
            return None
        self.highlight_from = before
        self.messages.show(panels.message_html(f"{what}: done."))
        self.refresh()
        self.timings[what] = time.perf_counter() - t0
        return out

    def fail(self, what: str, err: BaseException) -> None:
        """Show ``err`` as a red message (and a red note in the log); change nothing."""
        if isinstance(err, LcbError):
            self.notes.append((len(self.game.log), panels.refusal_note_html(err), self.team))
        else:
            self.notes.append((len(self.game.log), '<div class="lcb-log-line lcb-refused">'
                               f"{panels.esc(error_text(what, err))}</div>", self.team))
        self.messages.show(panels.message_html(error_text(what, err), refused=True))
        self._refresh_log()

    def say(self, text: str, refused: bool = True) -> None:
        """A message about the lab itself (a bad hex label, the wrong view): no log note."""
        self.messages.show(panels.message_html(text, refused=refused))

    # ================================================================ the game: new / save / load
    def game_in_progress(self) -> bool:
        """Has anything happened in this game (a log entry, an impulse, a lesson)?"""
        g = self.game
        return bool(g.log) or g.impulse is not None or bool(g.state.tf_order) or self.lesson is not None

    def game_title(self) -> str:
        return self.game.view("instructor").get("scenario_name") or self.game.state.scenario

    def new_game(self, scenario: str | None = "gotland_redux", seed: int | None = 1, confirm: bool = False):
        """Start a fresh game of ``scenario`` with ``seed``; returns the new Game.

        When a game is in progress, the first call only asks: the button becomes
        *Confirm new game* (and a second click, or ``confirm=True``, starts it).
        """
        return self.game_panel.new_game(scenario, seed, confirm)

    def save_path(self, filename: str | Path | None = None) -> Path:
        """``filename`` (default :data:`DEFAULT_SAVE`) resolved against :attr:`files_dir`."""
        return self.game_panel.save_path(filename)

    def save_game(self, filename: str | Path | None = None) -> Path | None:
        """Write the game to ``filename`` (JSON, ``Game.save``); creates the folder. Returns the path."""
        return self.game_panel.save_game(filename)

    def load_game(self, filename: str | Path | None = None, confirm: bool = False):
        """Replace the game by the one saved in ``filename`` (``Game.load``); asks first when a
        game is in progress (like :meth:`new_game`). Returns the loaded Game."""
        return self.game_panel.load_game(filename, confirm)

    def set_game(self, game) -> None:
        """Replace the game (e.g. a lesson's); keeps the map and the view."""
        self.game = game
        self.selected_uid = None
        self.unit_box.umbrella_target = None
        self.lesson_panel.last_step = None
        self.notes = []
        self.highlight_from = None
        self.impulse_panel.clear()
        self.card_panel.clear()
        self.decision.refresh(None, self.team)
        self.refresh()

    # ================================================================ projector mode
    def set_font_scale(self, scale: float) -> None:
        """Scale the map's texts and the panels by ``scale`` (1.4 = *Large text*; 1 = the default look)."""
        if not isinstance(scale, (int, float)) or isinstance(scale, bool) or not 0.5 <= scale <= 3:
            self.say(f"Text size: {scale!r} is not a scale from 0.5 to 3 (1.4 = large text). Nothing changed.")
            return
        scale = float(scale)
        self.font_scale = scale
        self.map.set_font_scale(scale)
        if self.large_text.value != (scale > 1.0):
            self.large_text.value = scale > 1.0      # the observer sees the scale already set: no-op
        self.css.value = panels.CSS + panels.scale_css(self._css_class, scale)
        self.log_box.layout.height = f"{round(260 * max(scale, 1.0))}px"
        # a wide right column goes under the map rather than off the page
        self.widget.layout.flex_flow = "row wrap" if scale > 1.0 or self.fork_view.branch else None

    # ================================================================ selection
    def set_team(self, team: str) -> None:
        """Redraw everything from ``team``'s view ("US", "RU" or "instructor")."""
        norm = normalise_team(team)
        if norm is None:
            self.say(f"Unknown view {team!r}: choose US, RU or instructor. The view stays the "
                     f"{panels.view_name(self.team)}.")
            return
        if norm == self.team:
            return
        self.team = norm
        if self.view_picker.value != norm:
            self.view_picker.value = norm     # the observer re-enters with the same team: no-op
        # the last message may name what only the previous view knows
        self.say(f"Showing the {panels.view_name(norm)}.", refused=False)
        if self.selected_uid and self.selected_uid not in self.visible_counters():
            self.selected_uid = None
        self.refresh()

    def hex_label(self, label) -> str | None:
        """``label`` as a hex of this board (``" al-23"`` -> ``"AL-23"``), or None if it is not one."""
        if not isinstance(label, str):
            return None
        if label in self.game.board.hexes:
            return label
        tidy = label.strip().upper()
        return tidy if tidy in self.game.board.hexes else None

    def select_hex(self, label: str | None) -> str | None:
        """What a tap on the map does: show the hex, list its units (idempotent).

        A label that is not a hex of the board is refused with a red message
        and the previous selection stays; returns the selected label.
        """
        t0 = time.perf_counter()
        if label is not None:
            good = self.hex_label(label)
            if good is None:
                self.say(f"Select hex: {label!r} is not a hex of the {self.game.board.name} map "
                         "(labels look like 'AL-23'). The selection is unchanged.")
                return self.last_hex
            label = good
        self.last_hex = label
        self.map.select_hex(label)
        view = self.view()
        self.hex_info.value = panels.hex_info_html(self.game.board, label, view)
        units = self.hex_units(label, view)
        if units and self.selected_uid not in units:
            self.select_unit(units[0], view=view)     # a hex with units: its first unit
        else:
            self.unit_box.sync_picker(view)                   # the same unit, or an empty hex: the selection stays
        self.impulse_panel.refresh()
        self.card_panel.refresh()
        self.timings["tap"] = time.perf_counter() - t0
        return label

    def select_unit(self, uid: str | None, view: dict | None = None) -> None:
        """Show a unit's Unit Tracker and overlays (None clears the selection); the Unit
        dropdown always shows the same unit as the Unit Tracker."""
        view = view or self.view()
        vis = self.visible_counters(view)
        if uid is not None and uid not in vis:
            uid = None
        changed = uid != self.selected_uid
        self.selected_uid = uid
        self.unit_box.sync_picker(view)
        if not changed:
            return
        self.unit_box.umbrella_target = None
        self.unit_box.refresh(view)
        self.map.update(self.game, self.team, selected=uid)

    def picker_options(self, view: dict | None = None) -> list[tuple[str, str]]:
        """The Unit dropdown: the clicked hex's units, and the selected unit first when it is
        elsewhere (so the dropdown and the Unit Tracker always name the same unit)."""
        return self.unit_box.picker_options(view)

    def show_umbrella(self, target: str | None) -> None:
        """Draw the INTERCEPT umbrella over ``target`` against the selected unit (7.53)."""
        self.unit_box.show_umbrella(target)

    # ================================================================ refresh
    def refresh(self) -> None:
        """Redraw map, panels and log from the game (after every successful action)."""
        self._offers = None               # the view's legal actions are computed again (LabActions.offers)
        if self.last_hex is not None and self.last_hex not in self.game.board.hexes:
            self.last_hex = None          # never let a stale selection break an unrelated action
            self.map.select_hex(None)
        view = self.view()
        vis = self.visible_counters(view)
        if self.selected_uid and self.selected_uid not in vis:
            self.selected_uid = None
        self.game_panel.disarm()          # a pending "Confirm new game / load" asks again after any change
        self.map.update(self.game, self.team, selected=self.selected_uid)
        self.hex_info.value = panels.hex_info_html(self.game.board, self.last_hex, view)
        self.unit_box.sync_picker(view)
        self.unit_box.refresh(view)
        self.decision.refresh(self.game.pending, self.team, self.offers())
        self.impulse_panel.refresh()
        self.card_panel.refresh()
        self._refresh_log()
        self.lesson_panel.refresh()
        self.game_panel.refresh()
        self.history_panel.refresh()

    def _refresh_log(self) -> None:
        notes = [(i, h) for i, h, t in self.notes if self.team in ("instructor", t)]
        self.log.value = panels.log_html(self.game, self.team, notes, self.highlight_from)

    # ================================================================ lessons
    def load_lesson(self, name_or_path: str = "appendix_b_combat") -> None:
        """Start replaying a lesson (``scenarios/lessons/<name>.toml``) on a fresh game."""
        self.lesson_panel.load(name_or_path)

    def step(self):
        """Replay the next lesson step; returns the :class:`~lcb_lab.lesson.Done` (or None at the end).

        The panel shows only what the current view may read: the step's log
        entries filtered like ``game.log_entries(team)``, the impulse's
        narrative only to its own team and the instructor.
        """
        return self.lesson_panel.step()

    def step_view(self, team: str | None = None) -> dict | None:
        """The last replayed step as ``team`` (default: the current view) may see it:
        ``{"n", "title", "entries", "narrative", "narrative_hidden"}``; None before the first step.

        Entries are filtered like ``game.log_entries(team)``; the lesson's own
        text (the impulse's narrative, a step's note) is shown only to the
        impulse's team and the instructor; a step none of whose entries the
        team may read is not named."""
        return self.lesson_panel.step_view(team or self.team)

    def step_text(self) -> str:
        """Replay the next lesson step and return it as plain text (for notebooks), as the view may read it."""
        done = self.step()
        if done is None:
            return "(the lesson is finished)"
        sv = self.step_view()
        body = panels.render_entries_text(sv["entries"])
        head = f"Step {sv['n']}: {sv['title']}"
        return f"{head}\n{body}" if body else head

    def run_lesson(self) -> int:
        """Replay every remaining lesson step; returns how many ran."""
        n = 0
        while self.step() is not None:
            n += 1
        return n


def open_lab(scenario: str = "gotland_redux", seed: int | None = 1, team: str = "instructor",
             game=None, font_scale: float = 1.0, files_dir: str | Path | None = None) -> LabApp:
    """Load a scenario (or take ``game``) and build the lab; display ``lab.widget``.

    ``font_scale=1.4`` opens it in projector mode (*Large text*); *Save* / *Load*
    resolve relative file names under ``files_dir`` (default: the notebook's folder).
    """
    if game is None:
        from ..scenario import load_scenario
        game = load_scenario(scenario, seed=seed)
    lab = LabApp(game, team=team, font_scale=font_scale, files_dir=files_dir)
    _notebook_output(lab)
    lab.seed_box.value = seed if isinstance(seed, int) and not isinstance(seed, bool) else 1
    if scenario in lab.scenario_picker.options:
        lab.scenario_picker.value = scenario
    return lab
