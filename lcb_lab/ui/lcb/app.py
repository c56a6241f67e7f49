"""LC:B's lab: the Bokeh map beside ipywidgets panels, driven by one :class:`~lcb_lab.games.lcb.game.Game`,
in the shared lab's frame (:class:`~lcb_lab.ui.lab.shell.LabShell`: the message line, the view
picker, *Presentation*, the *Game* / *History* tabs, the explained log, *Fork here*, run / fail / say).

Layout (one screen, docs/ui.md "Layout"): a CSS grid as tall as the screen leaves the lab
(:data:`~lcb_lab.ui.lab.style.CSS`).  On top, one row: the message line (a fixed place and
height), the view picker (Blue / Red / Instructor), the *Presentation* switch and (Instructor
view) the *Card effect* switch.  Below, left, the map, sized by the browser (it grows with the
space it has and opens on the scenario's area, :meth:`MapView.fill_box`); then a compact column:
the unit panel (Unit dropdown + Unit Tracker), the decision panel (only while the engine waits
for the defender), tabs for the impulse, the map's overlays, the lesson replay, the scenario
builder (:mod:`.build_tab`), the game (new /
save / load), the history (Undo, timeline, Fork here: :mod:`.timeline`, :mod:`.fork_view`) and the
explained log; in the Instructor view, above the tabs, the scripted card-effect panel (it folds
away once applied); right, the side column: the hex box, the hex info (whole) and the explained log, beside
the map at every screen size.

The game and the UI state live in a :class:`~lcb_lab.ui.lcb.controller.LcbController`
(``lab.controller``): observable traits (``version``, ``viewer``, ``selected_hex``,
``selected_unit``, ``pending``, ``message``, ``font_scale``...).  Every panel gets the
controller (and, for its buttons, the lab's commands) and observes only the traits
it draws, so a hex click redraws the hex info, the ring and -- when the unit
changes -- the unit panel and its overlays, and an act redraws what depends on the
game; no panel imports this module or reaches into another.  This module builds
the layout, validates what scripts pass in, and calls the engine: :mod:`.messages`
(the message line), :mod:`.board_view` (the map, the hex info), :mod:`.unit_panel`,
:mod:`.decisions`, :mod:`.impulse`, :mod:`.lesson_replay`, :mod:`.game_panel` (the
*Game* tab), :mod:`.log_panel`, :mod:`.cards`; the methods that mirror the buttons
in :mod:`.actions` and :mod:`.timeline`.

Every engine call goes through :meth:`~lcb_lab.ui.lab.shell.LabShell.run`: a refused action
(:class:`~lcb_lab.kernel.errors.LabError`, e.g. ``IllegalAction`` naming its rule)
becomes a red message and a red log line, and the engine leaves the state
unchanged; so does any other bad-input error (``TypeError``, ``KeyError``,
``ValueError``, ``IndexError``) raised below the lab: "Could not ...: <why>".
The changes one act makes reach the browser's map as one Bokeh patch
(:meth:`LabController.batch`, :mod:`.bokeh_model`).

Hidden information: a team view never shows (nor sends to the browser) what
that team may not know.  The impulse controls belong to the team that plays
(the active Task Force's team, or the team due to begin the next impulse) and
to the instructor; a decision belongs to the deciding team and the instructor.

    from lcb_lab.ui import open_lab
    lab = open_lab("gotland_redux", seed=1)
    lab.widget            # display it (last expression of a cell)
"""
from __future__ import annotations

import html
import re
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any

import ipywidgets as W

from lcb_lab.ui.lab.controller import follow
from lcb_lab.ui.lab.game_panel import DEFAULT_SAVE
from lcb_lab.ui.lab.game_ui import LabMap, LabPanels
from lcb_lab.ui.lab.messages import INPUT_ERRORS, error_text
from lcb_lab.ui.lab.shell import LabShell, default_files_dir
from lcb_lab.ui.lab.style import RIGHT_WIDTH
from lcb_lab.ui.lcb import style as lcb_style
from lcb_lab.ui.lab.sync import set_children
from lcb_lab.ui.lab.voila_app import start_stage
from lcb_lab.ui.lcb import panels
from lcb_lab.ui.lcb.actions import LabActions
from lcb_lab.ui.lcb.build_tab import BuildPanel
from lcb_lab.ui.lcb.kill_chain_panel import KillChainPanel
from lcb_lab.ui.lcb.seats import SeatPanel
from lcb_lab.ui.lcb.study_panel import StudyPanel
from lcb_lab.ui.lcb.board_view import HexInfoPanel, MapPresenter, scenario_area
from lcb_lab.ui.lcb.card_actions import CardActions
from lcb_lab.ui.lcb.cards import CardEffectPanel, CardsPanel
from lcb_lab.ui.lcb.controller import TEAMS, LcbController, normalise_team
from lcb_lab.ui.lcb.decisions import DecisionPanel
from lcb_lab.ui.lcb.game_ui import LCB_UI, VIEWS
from lcb_lab.ui.lcb.hex_box import HexBox
from lcb_lab.ui.lcb.impulse import ImpulsePanel
from lcb_lab.ui.lcb.lesson_replay import LESSON_INTRO, LessonReplayPanel, lesson_names
from lcb_lab.ui.lcb.map import MapView
from lcb_lab.ui.lcb.planning import DeploymentPanel, PlanningPanel
from lcb_lab.ui.lcb.special_actions import RulingPanel, SpecialActions, SpecialActionsPanel
from lcb_lab.ui.lcb.unit_panel import UnitPanel

if TYPE_CHECKING:
    from lcb_lab.games.lcb.content.lesson import Done, Lesson
    from lcb_lab.games.lcb.game import Game

__all__ = ["LabApp", "open_lab", "normalise_team", "error_text", "INPUT_ERRORS", "DEFAULT_SAVE", "LESSON_INTRO",
           "VIEWS", "TEAMS", "LARGE_TEXT", "RIGHT_WIDTH", "default_files_dir"]

TAB_TITLES = ("Impulse", "Overlays", "Kill chain", "Lesson", "Build", "Game", "History")
"""The right column's tabs (short: six fit the compact column): LC:B's four, then the shared ones."""
LARGE_TEXT = 1.4
"""A ``font_scale`` for a projector (``open_lab(font_scale=1.4)``); the lab's switch is *Presentation*."""


def _notebook_output(lab: "LabApp") -> None:
    """Carry BokehJS in the lab's own widget: offline, once per page, not saved (:mod:`.bokehjs`).

    The hidden loader goes last in ``lab.widget``'s children; its view renders
    before the map's ``BokehModel`` view, which is nested deeper.
    """
    from lcb_lab.ui.lab.bokehjs import loader_for
    loader = loader_for(lab.map.figure, "map")            # every map has the same models: Bokeh asked once
    lab.add_to_page(loader)


class LabApp(CardActions, SpecialActions, LabActions, LabShell):
    """The assembled lab for one game (``.widget`` is the ipywidgets layout).

    Python methods mirror the buttons, so scripts and tests drive the same
    code paths: :meth:`select_hex`, :meth:`select_unit`, :meth:`set_team`,
    :meth:`apply` (any typed action), :meth:`begin_impulse`, :meth:`declare`, :meth:`move`, :meth:`conceal`,
    :meth:`exercise_zor`, :meth:`resupply`, :meth:`commit_combat`, :meth:`answer`,
    :meth:`answer_policy`, :meth:`resolve`, :meth:`end_impulse`,
    :meth:`relinquish`, :meth:`load_lesson`, :meth:`step`, :meth:`run_lesson`,
    :meth:`new_game`, :meth:`save_game`, :meth:`load_game`,
    :meth:`apply_card_effect`, :meth:`set_presentation`, :meth:`set_font_scale`.

    ``presentation`` opens it in presentation mode (:meth:`set_presentation`);
    ``font_scale`` (e.g. 1.4) scales the map's texts and the panels; ``files_dir`` is where *Save* / *Load* resolve relative
    file names (default: :func:`default_files_dir`).
    ``controller`` is the lab's :class:`~lcb_lab.ui.lcb.controller.LcbController`.
    Raises ValueError for an unknown ``team`` or a ``font_scale`` outside 0.5..3.
    """

    lesson_names = staticmethod(lesson_names)
    scenario_names = staticmethod(LCB_UI.scenario_names)

    def __init__(self, game: Game, team: str = "instructor", font_scale: float = 1.0,
                 files_dir: str | Path | None = None, presentation: bool = False):
        super().__init__(game, team=team, font_scale=font_scale, files_dir=files_dir, presentation=presentation)
        self.tabs.observe(self._tab_chosen, "selected_index")
        self._tab_chosen()

    def _tab_chosen(self, _change: object = None) -> None:
        """The controller's ``tab``: the open tab's title (the Build tab's map follows it)."""
        i = self.tabs.selected_index
        self.ctl.tab = TAB_TITLES[i] if i is not None and 0 <= i < len(TAB_TITLES) else ""

    # ================================================================ layout
    def make_controller(self, game: Game) -> LcbController:
        """LC:B's controller (its traits: the umbrella, the lesson, the move being built)."""
        return LcbController(game)

    def game_panels(self) -> LabPanels:
        """LC:B's panels: the Impulse, Overlays, Kill chain, Lesson and Build tabs; the unit, decision and card-effect
        panels above the tabs; the hex box and the hex info in the side column."""
        c = self.ctl
        self.map = MapView(c.game.board)
        self.map.on_hex(self.select_hex)
        self.hex_info_panel = HexInfoPanel(c)
        self.hex_info = self.hex_info_panel.widget
        self.map_presenter = MapPresenter(c, self.map)

        self.unit_box = UnitPanel(c, self.map)
        self.decision = DecisionPanel(self.answer, self.answer_policy, self.set_team, preview=self.intercept_odds)
        self.decision.bind(c)
        self.impulse_panel = ImpulsePanel(c, self)
        self.card_panel = CardEffectPanel(c, self.apply_card_effect)
        # chapter 9: the cards of the view, Planning and Deployment -- in the Impulse tab
        self.cards_panel = CardsPanel(c, self.play_card)
        self.planning_panel = PlanningPanel(c, self)
        self.deployment_panel = DeploymentPanel(c, self)
        # chapters 12-14: landing, port, marker and submarine acts (offered by the rules) under the impulse controls
        self.special_panel = SpecialActionsPanel(c, self.special_action)
        self.ruling_panel = RulingPanel(c, self.instructor_ruling)        # 13.14, Instructor view only
        self.study_panel = StudyPanel(c)               # What if? the impulse so far, studied many times
        self.play_tab = W.VBox([self.planning_panel.widget, self.deployment_panel.widget, self.impulse_panel.widget,
                                self.special_panel.widget, self.cards_panel.widget, self.ruling_panel.widget,
                                self.study_panel.widget])
        """The *Impulse* tab: the stage's panel (Planning / Deployment) or the impulse, then the Cards."""
        self.play_tab.add_class("lcb-play-tab")
        self.stage_follower = follow(c, ["version"], self._draw_stage, extra=self.ctl.stage)
        self._draw_stage()
        self.lesson_panel = LessonReplayPanel(c, self)
        self.hex_box = HexBox(c, self.select_hex)     # pick a hex by keyboard (label, Enter)
        self.build_panel = BuildPanel(c, self, c.board.name, lambda: self.tabs.selected_index == TAB_TITLES.index("Build"))
        self.map.on_hex(self.build_panel.on_hex)      # the Build tab: a click places what it has chosen
        # the panels' widgets under the lab's names (scripts and tests use them)
        u, lp = self.unit_box, self.lesson_panel
        (self.unit_picker, self.clear_button, self.show_reach, self.show_ranges, self.show_zor, self.show_resupply,
         self.umbrella_picker, self.overlay_note, self.unit_panel) = (
            u.unit_picker, u.clear_button, u.show_reach, u.show_ranges, u.show_zor, u.show_resupply,
            u.umbrella_picker, u.overlay_note, u.tracker)
        self.lesson_picker, self.lesson_load, self.lesson_next, self.lesson_all, self.lesson_info = (
            lp.lesson_picker, lp.lesson_load, lp.lesson_next, lp.lesson_all, lp.lesson_info)
        self.kill_chain_panel = KillChainPanel(c, self.map)      # F2T2EA on a target (docs/kill_chain.md)
        self.seats = SeatPanel(c, self)                          # who plays each team (docs/opponents.md)
        self.game_panel.widget.children = (*self.game_panel.widget.children, self.seats.widget)
        self.overlays_tab = u.overlay_box
        return LabPanels(tabs=list(zip(TAB_TITLES, [self.play_tab, self.overlays_tab, self.kill_chain_panel.widget,
                                                    lp.widget, self.build_panel.widget])),
                         column=[u.widget, self.decision.widget, self.card_panel.widget],
                         side=[self.hex_box.widget, self.hex_info], toolbar=[self.card_panel.fold_slot])

    def game_map(self) -> LabMap:
        """The Bokeh map, opened on the scenario's area, filling its grid cell (:mod:`lcb_lab.ui.lab.bokeh_model`)."""
        from lcb_lab.ui.lab.bokeh_model import LiveBokehModel
        self.map.set_area(scenario_area(self.game))     # it opens on the scenario's area (a large board)
        self.map.fill_box()                     # the browser sizes the map: it fills its grid cell
        self.map_model = LiveBokehModel(self.map.figure, layout=W.Layout(width="100%", height="100%"))
        return LabMap(self.map_model, self.map_model.before_display, self.map_model.batch)

    def map_aspect(self) -> float:
        """The board's width over height."""
        return self.map.aspect

    def game_css(self) -> str:
        """LC:B's own stylesheet (:data:`lcb_lab.ui.lcb.style.CSS`)."""
        return lcb_style.CSS

    def _draw_stage(self) -> None:
        """The impulse controls on the page in the Action Stage only (Planning / Deployment have their panels)."""
        act = self.ctl.stage() not in ("planning", "deployment")
        set_children(self.play_tab, [self.planning_panel.widget, self.deployment_panel.widget, act and self.impulse_panel.widget,
                                     self.special_panel.widget, self.cards_panel.widget, self.ruling_panel.widget,
                                     act and self.study_panel.widget])

    def __repr__(self) -> str:
        return f"<LabApp: {self.ctl.live_view_model().view['scenario']}, {self.team} view>"

    # ================================================================ the controller's state
    @property
    def last_hex(self) -> str | None:
        """The clicked hex (None: none); a label that is not a hex of the map is no selection."""
        return self.ctl.selected_hex

    @last_hex.setter
    def last_hex(self, label: object) -> None:
        self.ctl.selected_hex = label if isinstance(label, str) else None

    @property
    def selected_uid(self) -> str | None:
        """The unit whose Unit Tracker and overlays are shown (None: none)."""
        return self.ctl.selected_unit

    @property
    def lesson(self) -> Lesson | None:
        """The :class:`~lcb_lab.games.lcb.content.lesson.Lesson` being replayed (None: none)."""
        return self.ctl.lesson

    @property
    def umbrella_target(self) -> str | None:
        """The target of the INTERCEPT umbrella drawn for the selected unit (None: none)."""
        return self.ctl.umbrella_target

    # ================================================================ helpers
    def jcc_names(self, team: str) -> list[str]:
        """The team's JCC names from the scenario (for the declaration builder)."""
        return self.ctl.jcc_names(team)

    def view(self) -> dict:
        """What the current view may see: ``game.view(team)`` (a dict; do not modify it)."""
        return self.ctl.view()

    def hex_units(self, label: str | None, view: dict | None = None) -> list[str]:
        """Face-up (or own) units the current view shows in ``label``, and their embarked units."""
        return self.ctl.hex_units(label)

    def visible_counters(self, view: dict | None = None) -> dict[str, dict]:
        """The face-up (or own) counters of the current view, by unit id."""
        return self.ctl.visible_counters()

    # ================================================================ the game
    def set_game(self, game: Game, lesson: Lesson | None = None) -> None:
        """Replace the game (e.g. a lesson's, then ``lesson`` is that lesson); keeps the map and the view."""
        with self.ctl.batch():
            self.ctl.set_game(game, lesson=lesson)

    # ================================================================ selection
    def hex_label(self, label: object) -> str | None:
        """``label`` as a hex of this board (``" al-23"`` -> ``"AL-23"``; a naval-zone place such as
        ``"w700.1"`` -> ``"W700.1"``, 7.43), or None if it is not one."""
        if not isinstance(label, str):
            return None
        board = self.ctl.board
        if label in board.hexes or board.is_zone_place(label):
            return label
        tidy = label.strip().upper()
        return tidy if tidy in board.hexes or board.is_zone_place(tidy) else None

    def select_hex(self, label: str | None) -> str | None:
        """What a tap on the map does: show the hex, list its units (idempotent).

        A label that is not a hex of the board is refused with a red message
        and the previous selection stays; returns the selected label.
        """
        t0 = time.perf_counter()
        if label is not None:
            good = self.hex_label(label)
            if good is None:
                self.say(f"Select hex: {label!r} is not a hex of the {self.ctl.board.name} map "
                         "(labels look like 'AL-23'). The selection is unchanged.")
                return self.last_hex
            label = good
        self.ctl.select_hex(label)
        self.timings["tap"] = time.perf_counter() - t0
        return label

    def select_unit(self, uid: str | None, view: dict | None = None) -> None:
        """Show a unit's Unit Tracker and overlays (None clears the selection); the Unit
        dropdown always shows the same unit as the Unit Tracker."""
        t0 = time.perf_counter()
        self.ctl.select_unit(uid)
        self.timings["select unit"] = time.perf_counter() - t0

    def picker_options(self, view: dict | None = None) -> list[tuple[str, str]]:
        """The Unit dropdown: the clicked hex's units, and the selected unit first when it is
        elsewhere (so the dropdown and the Unit Tracker always name the same unit)."""
        return self.unit_box.picker_options()

    def show_umbrella(self, target: str | None) -> None:
        """Draw the INTERCEPT umbrella over ``target`` against the selected unit (7.53)."""
        self.unit_box.show_umbrella(target)

    # ================================================================ lessons
    def load_lesson(self, name_or_path: str = "appendix_b_combat", confirm: bool = False) -> bool:
        """Start replaying a lesson (a packaged name, or a path) on a fresh game. Over a game
        in progress the first call only asks (*Confirm load lesson*; ``confirm=True`` loads at once).
        Returns True when the lesson was loaded."""
        with self.ctl.batch():
            return self.lesson_panel.load(name_or_path, confirm)

    def step(self) -> Done | None:
        """Replay the next lesson step; returns the :class:`~lcb_lab.games.lcb.content.lesson.Done` (or None at the end).

        The panel shows only what the current view may read: the step's log
        entries filtered like ``game.log_entries(team)``, the impulse's
        narrative only to its own team and the instructor.
        """
        with self.ctl.batch():
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
            return "(the lesson is finished)" if self.lesson is not None else \
                "(no lesson loaded: " + html.unescape(re.sub(r"<[^>]+>", "", self.message.value)) + ")"
        sv = self.step_view()
        body = panels.render_entries_text(sv["entries"])
        head = f"Step {sv['n']}: {sv['title']}"
        return f"{head}\n{body}" if body else head

    def run_lesson(self) -> int:
        """Replay every remaining lesson step; returns how many ran."""
        return self.lesson_panel.run_all()


def open_lab(scenario: Any = "gotland_redux", seed: int | None = 1, team: str = "instructor",
             game: Game | None = None, font_scale: float = 1.0, files_dir: str | Path | None = None,
             presentation: bool = False, start: str | None = None) -> LabApp:
    """Load a scenario (or take ``game``) and build the lab; display ``lab.widget``.

    ``scenario``: a scenario name or file path, or a Game (``open_lab(g)``, the same as
    ``open_lab(game=g)``).  ``start``: "planning" | "action" | None (:func:`lcb_lab.ui.lab.voila_app.start_stage`).

    ``presentation=True`` opens it in presentation mode (a projector); ``font_scale``
    multiplies every text (1.4: larger still); *Save* / *Load*
    resolve relative file names under ``files_dir`` (default: the notebook's folder).
    """
    from lcb_lab.games.lcb.game import Game
    if game is None and isinstance(scenario, Game):      # open_lab(g): the lab on that game
        game, scenario = scenario, ""
    if game is None:
        from lcb_lab.games.lcb.io.loading import load_scenario
        game = load_scenario(scenario, seed=seed, start=start_stage(start))
    lab = LabApp(game, team=team, font_scale=font_scale, files_dir=files_dir, presentation=presentation)
    _notebook_output(lab)
    lab.seed_box.value = seed if isinstance(seed, int) and not isinstance(seed, bool) else 1
    if scenario in lab.scenario_picker.options:
        lab.scenario_picker.value = scenario
    return lab
