"""The lab: the Bokeh map beside ipywidgets panels, driven by one :class:`~lcb_lab.game.Game`.

Layout: left, the map (a ``jupyter_bokeh`` ``BokehModel``) and the explained
log under it; right, a message line, the view picker (Blue / Red /
Instructor) with the *Large text* toggle, the hex info panel, the unit panel
(Unit Tracker + overlays), the decision panel (only while the engine waits
for the defender), tabs for the impulse, the lesson replay and the game
(new / save / load), the last message again, and -- in the Instructor view
only -- the scripted card-effect panel.

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

import re
import time
from pathlib import Path
from typing import Any, Callable

import ipywidgets as W

from ..errors import LcbError
from ..views import MapView, overlays as ov, palette
from . import panels
from .cards import CardEffectPanel
from .decisions import DecisionPanel
from .impulse import ImpulsePanel

VIEWS = [("Blue (US)", "US"), ("Red (RU)", "RU"), ("Instructor", "instructor")]
RIGHT_WIDTH = "450px"
LARGE_TEXT = 1.4
"""``font_scale`` of the *Large text* toggle (projector mode)."""
DEFAULT_SAVE = "saves/game.json"
"""Default file of *Save* / *Load*, relative to the notebook's folder."""
TEAMS = ("US", "RU", "instructor")
INPUT_ERRORS = (LcbError, TypeError, KeyError, ValueError, IndexError, AttributeError)
"""What the lab turns into a red message instead of a traceback (bad input from a widget or a script)."""


def normalise_team(team) -> str | None:
    """``"US"``, ``"RU"`` or ``"instructor"`` (any case), else None."""
    if not isinstance(team, str):
        return None
    return {t.lower(): t for t in TEAMS}.get(team.strip().lower())


def error_text(what: str, err: BaseException) -> str:
    """Words for a failed action: a rule refusal, or "Could not <what>: <why>. Nothing changed."."""
    if isinstance(err, LcbError):
        return f"{what}: {panels.refusal_text(err)}"
    if isinstance(err, KeyError) and err.args:
        why = f"{err.args[0]!r} not found"
    else:
        why = str(err) or type(err).__name__
    verb = what[:1].lower() + what[1:] if what[1:2].islower() else what
    return f"Could not {verb}: {why.rstrip('.')}. Nothing changed."


LESSON_INTRO = ('<div class="lcb-muted">Replay a scripted lesson (forced dice) one step per click; the map and '
                "the log follow. Loading a lesson replaces the current game.</div>")


def _notebook_output() -> None:
    """Inline BokehJS (offline, no CDN) for notebooks and Voila."""
    from bokeh.io import output_notebook
    from bokeh.resources import INLINE
    output_notebook(resources=INLINE, hide_banner=True)


class LabApp:
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
        self._confirm: str | None = None
        """The replacing action (``"new"`` / ``"load"``) armed by a first click, waiting for its confirmation."""
        self._syncing = False
        self._css_class = f"lcb-lab-{id(self):x}"
        self.team = norm
        self.last_hex: str | None = None
        self.selected_uid: str | None = None
        self.umbrella_target: str | None = None
        self.notes: list[tuple[int, str, str]] = []
        """Refused actions for the log: (log length then, html, the view it was made in); a note is
        shown in that view and the instructor's (it may name what only that view knows)."""
        self.highlight_from: int | None = None
        self.lesson = None
        self._lesson_steps = None
        self._last_step = None
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
        self.message = W.HTML()
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

        self.unit_picker = W.Dropdown(description="Unit", options=[], value=None, layout=W.Layout(width="250px"),
                                      style={"description_width": "35px"})
        self.unit_picker.observe(self._on_unit_picked, "value")
        self.clear_button = W.Button(description="Clear", layout=W.Layout(width="70px"),
                                     tooltip="clear the selected unit and its overlays")
        self.clear_button.on_click(lambda _b: self.select_unit(None))
        self.show_reach = W.Checkbox(value=True, description="Movement reach", indent=False, layout=W.Layout(width="auto"))
        self.show_ranges = W.Checkbox(value=True, description="CV ranges", indent=False, layout=W.Layout(width="auto"))
        self.show_zor = W.Checkbox(value=False, description="ZOR", indent=False, layout=W.Layout(width="auto"))
        self.show_resupply = W.Checkbox(value=True, description="Resupply reach", indent=False,
                                        layout=W.Layout(width="auto"))
        for cb in (self.show_reach, self.show_ranges, self.show_zor, self.show_resupply):
            cb.observe(lambda _c: self._redraw_overlays(), "value")
        self.umbrella_picker = W.Dropdown(options=[("\u2014", None)], layout=W.Layout(width="170px"))
        self.umbrella_picker.observe(lambda c: self.show_umbrella(c["new"]), "value")
        self.unit_panel = W.HTML()
        self.overlay_note = W.HTML()
        unit_box = W.VBox([W.HBox([self.unit_picker, self.clear_button]),
                           W.HBox([self.show_reach, self.show_ranges, self.show_zor, self.show_resupply],
                                  layout=W.Layout(flex_flow="row wrap", justify_content="space-between")),
                           W.HBox([W.HTML("INTERCEPT umbrella <span class='lcb-rule'>7.53</span> of its LRS on&nbsp;"),
                                   self.umbrella_picker]),
                           self.overlay_note, self.unit_panel])

        self.decision = DecisionPanel(self.answer, self.answer_policy, self.set_team, preview=self.intercept_odds)
        self.impulse_panel = ImpulsePanel(self)
        self.card_panel = CardEffectPanel(self)

        # lesson replay
        self.lesson_picker = W.Dropdown(options=self.lesson_names(), layout=W.Layout(width="230px"))
        self.lesson_load = W.Button(description="Load lesson", layout=W.Layout(width="110px"))
        self.lesson_load.on_click(lambda _b: self.load_lesson(self.lesson_picker.value))
        self.lesson_next = W.Button(description="Next step", button_style="primary", icon="step-forward",
                                    layout=W.Layout(width="110px"), disabled=True)
        self.lesson_next.on_click(lambda _b: self.step())
        self.lesson_all = W.Button(description="Run all", icon="fast-forward", layout=W.Layout(width="100px"),
                                   disabled=True)
        self.lesson_all.on_click(lambda _b: self.run_lesson())
        self.lesson_info = W.HTML(LESSON_INTRO)
        lesson_box = W.VBox([W.HBox([self.lesson_picker, self.lesson_load]),
                             W.HBox([self.lesson_next, self.lesson_all]), self.lesson_info])

        # the game: new / save / load
        self.game_info = W.HTML()
        self.scenario_picker = W.Dropdown(options=self.scenario_names(), value="gotland_redux"
                                          if "gotland_redux" in self.scenario_names() else None,
                                          description="Scenario", layout=W.Layout(width="260px"),
                                          style={"description_width": "60px"})
        self.seed_box = W.IntText(value=1, description="Seed", layout=W.Layout(width="120px"),
                                  style={"description_width": "35px"})
        self.new_button = W.Button(description="New game", icon="file", button_style="primary",
                                   layout=W.Layout(width="170px"),
                                   tooltip="start a fresh game of the scenario (asks first when a game is in progress)")
        self.new_button.on_click(lambda _b: self.new_game(self.scenario_picker.value, self.seed_box.value,
                                                          confirm=self._confirm == "new"))
        self.file_box = W.Text(value=DEFAULT_SAVE, description="File", layout=W.Layout(width="300px"),
                               style={"description_width": "35px"})
        self.save_button = W.Button(description="Save", icon="save", layout=W.Layout(width="90px"),
                                    tooltip="write the whole game to the file (JSON)")
        self.save_button.on_click(lambda _b: self.save_game(self.file_box.value))
        self.load_button = W.Button(description="Load", icon="folder-open", layout=W.Layout(width="150px"),
                                    tooltip="replace the game by the one saved in the file (asks first)")
        self.load_button.on_click(lambda _b: self.load_game(self.file_box.value, confirm=self._confirm == "load"))
        self.cancel_button = W.Button(description="Cancel", layout=W.Layout(width="80px", display="none"))
        self.cancel_button.on_click(lambda _b: self._disarm(say=True))
        game_box = W.VBox([self.game_info,
                           W.HTML("<b>New game</b>"), W.HBox([self.scenario_picker, self.seed_box]),
                           W.HBox([self.new_button, self.cancel_button]),
                           W.HTML("<b>Save / Load</b> <span class='lcb-muted lcb-small'>(a JSON file; a relative "
                                  f"name is under {panels.esc(self.files_dir)})</span>"),
                           self.file_box, W.HBox([self.save_button, self.load_button])])

        self.tabs = W.Tab(children=[self.impulse_panel.widget, lesson_box, game_box])
        self.tabs.set_title(0, "Impulse")
        self.tabs.set_title(1, "Replay lesson")
        self.tabs.set_title(2, "New / Save / Load")
        self.message_echo = W.HTML()
        """The last message again, right under the tabs' buttons (Commit, Resolve, ...)."""

        self.log = W.HTML(layout=W.Layout(height="100%"))
        self.log.add_class("lcb-log-panel")
        self.log_box = W.Box([self.log], layout=W.Layout(height="260px", border="1px solid #cfc8b4",
                                                         overflow="hidden", width="100%"))
        self.map_model = self._bokeh_model()
        left = W.VBox([self.map_model, W.HTML("<b>Explained log</b> <span class='lcb-muted'>(newest last; rule "
                                              "numbers cite the rulebook, which is not included)</span>"),
                       self.log_box],
                      layout=W.Layout(flex="0 0 auto", width=f"{self.map.figure.frame_width + 50}px"))
        self.right = W.VBox([self.message, W.HBox([self.view_picker, self.large_text]), self.hex_info, unit_box,
                             self.decision.widget, self.tabs, self.message_echo, self.card_panel.widget],
                            layout=W.Layout(width=RIGHT_WIDTH, min_width=RIGHT_WIDTH, margin="0 0 0 10px"))
        self.right.add_class("lcb-right")
        self.widget = W.HBox([self.css, left, self.right], layout=W.Layout(align_items="flex-start"))
        self.widget.add_class("lcb-app")
        self.widget.add_class(self._css_class)

    def _on_large_text(self, change) -> None:
        if change["new"] != (self.font_scale > 1.0):         # set_font_scale moves the toggle too
            self.set_font_scale(LARGE_TEXT if change["new"] else 1.0)

    def _bokeh_model(self):
        from .bokeh_model import LiveBokehModel
        return LiveBokehModel(self.map.figure)

    # ================================================================ helpers
    @staticmethod
    def lesson_names() -> list[str]:
        from ..scenario import SCENARIO_DIR
        return sorted(p.stem for p in (Path(SCENARIO_DIR) / "lessons").glob("*.toml"))

    @staticmethod
    def scenario_names() -> list[str]:
        from ..scenario import SCENARIO_DIR
        return sorted(p.stem for p in Path(SCENARIO_DIR).glob("*.toml"))

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

    def _visible(self, view: dict | None = None) -> dict[str, dict]:
        v = view or self.view()
        return {c["uid"]: c for c in v["counters"] if not c.get("back")}

    # ================================================================ engine calls
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
        self._show_message(panels.message_html(f"{what}: done."))
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
        self._show_message(panels.message_html(error_text(what, err), refused=True))
        self._refresh_log()

    def say(self, text: str, refused: bool = True) -> None:
        """A message about the lab itself (a bad hex label, the wrong view): no log note."""
        self._show_message(panels.message_html(text, refused=refused))

    def _show_message(self, html: str) -> None:
        """The message line at the top, and the same again under the tabs' buttons."""
        self.message.value = html
        self.message_echo.value = html

    # ------------------------------------------------------------ who may play
    def playing_team(self) -> str | None:
        """The team whose impulse controls are live: the active impulse's team, or
        the team due to begin the next impulse (None at the end of the turn)."""
        imp = self.game.impulse
        return imp.team if imp is not None else self.game.next_team()

    def may_play(self) -> bool:
        """May the current view see and drive the impulse controls?"""
        who = self.playing_team()
        return self.team == "instructor" or who is None or self.team == who

    def locked_text(self) -> str:
        """Why the current view may not play the impulse (hidden information)."""
        who = self.playing_team()
        name, view = palette.TEAM_NAME.get(who, who), panels.view_name(who)
        if self.game.impulse is not None:
            return f"{name} is playing its impulse \u2014 switch to the {view} or the Instructor view to play it"
        return f"{name} begins the next impulse \u2014 switch to the {view} or the Instructor view to begin it"

    def _gate(self, what: str) -> bool:
        if self.may_play():
            return True
        self.say(f"{what}: not from the {panels.view_name(self.team)}. {self.locked_text()}. Nothing changed.")
        return False

    def _gate_decision(self, what: str) -> bool:
        d = self.game.pending
        if d is None or self.team in ("instructor", d.team):
            return True
        name = palette.TEAM_NAME.get(d.team, d.team)
        self.say(f"{what}: only {name} or the instructor may answer this question \u2014 switch to the "
                 f"{panels.view_name(d.team)} or the Instructor view. Nothing changed.")
        return False

    def begin_impulse(self, task_force: str | None):
        what = f"Begin impulse {task_force}"
        return self.run(what, self.game.begin_impulse, task_force) if self._gate(what) else None

    def relinquish(self):
        what = "Relinquish the initiative"
        return self.run(what, self.game.relinquish_initiative) if self._gate(what) else None

    def declare(self, actions: list[dict]):
        if not self._gate("Declare"):
            return None
        out = self.run("Declare", self.game.declare, actions)
        if self.game.impulse is not None and self.game.impulse.phase != "declare":
            self.impulse_panel.pending_decl = []
        return out

    @staticmethod
    def _action_name(action) -> str:
        return f"#{action + 1}" if isinstance(action, int) and not isinstance(action, bool) else repr(action)

    def move_to(self, action: int | None, dest: str | None):
        what = f"Move action {self._action_name(action or 0)} to {dest}"
        if not self._gate(what):
            return None

        def go():
            imp = self.game.impulse
            if action is None:
                raise LcbError("choose a declared action first")
            if not dest:
                raise LcbError("click the destination hex on the map first")
            if not isinstance(dest, str) or dest not in self.game.board.hexes:
                raise LcbError(f"{dest!r} is not a hex of the {self.game.board.name} map")
            if imp is None:
                raise LcbError("no impulse in progress: begin one first")
            if not isinstance(action, int) or isinstance(action, bool) or not 0 <= action < len(imp.actions):
                n = len(imp.actions)
                raise LcbError(f"there is no declared action {self._action_name(action)} (this impulse has "
                               f"{n} declared action{'s' if n != 1 else ''}"
                               f"{': #1' + (f' to #{n}' if n > 1 else '') if n else ''})")
            path = self.game.path_to(imp.actions[action].units, dest)
            self.game.move(action, path)
            return path
        return self.run(what, go)

    def conceal(self, action: int | None, units: list[str] | None = None):
        what = f"Conceal action {self._action_name(action or 0)}"
        return self.run(what, self.game.conceal, action, units) if self._gate(what) else None

    def zor(self, action: int | None, into_hex: str | None):
        what = f"ZOR of action {self._action_name(action or 0)} into {into_hex}"
        return self.run(what, self.game.exercise_zor, action, into_hex) if self._gate(what) else None

    def resupply(self, action: int | None, logistics: str | None, rv_slot: str, grants: list[dict]):
        what = f"Resupply by {logistics}"
        if not self._gate(what):
            return None
        out = self.run(what, self.game.resupply, action, logistics, rv_slot, grants)
        imp = self.game.impulse
        if imp and isinstance(action, int) and 0 <= action < len(imp.actions) and imp.actions[action].resupplied:
            self.impulse_panel.grants = []
            self.impulse_panel.show_grants()
        return out

    def commit_combat(self, lrs: list[dict] = (), ga: list[dict] = ()):
        if not self._gate("Commit combat"):
            return None
        out = self.run("Commit combat", self.game.commit_combat, list(lrs), list(ga))
        if self.game.impulse is not None and self.game.impulse.combat is not None:
            self.impulse_panel.allocs = []
            self.impulse_panel._show_alloc()
        return out

    def answer(self, value):
        return self.run("Answer", self.game.answer, value) if self._gate_decision("Answer") else None

    def answer_policy(self, name: str | None = None):
        what = f"Answer with policy {name}"
        return self.run(what, self.game.answer_policy, name) if self._gate_decision(what) else None

    def resolve(self):
        return self.run("Resolve combat", self.game.resolve_combat) if self._gate("Resolve combat") else None

    def end_impulse(self):
        return self.run("End impulse", self.game.end_impulse) if self._gate("End impulse") else None

    def intercept_odds(self, intercepts: list[dict]) -> dict[str, dict]:
        """Exact odds per target of the committed LRS plan against ``intercepts`` (the dice the
        defender has entered so far): ``game.preview_lrs(plan, intercepts)`` (7.57)."""
        imp = self.game.impulse
        plan = (imp.combat or {}).get("lrs", []) if imp is not None else []
        lrs = [{k: a[k] for k in ("shooter", "slot", "target", "dice")} for a in plan]
        return self.game.preview_lrs(lrs, list(intercepts)) if lrs else {}

    def apply_card_effect(self, effect: dict):
        """Apply a card's outcome as a *scripted* effect (``game.apply_effect``; cards are not
        simulated): Instructor view only."""
        kind = effect.get("effect") if isinstance(effect, dict) else None
        what = f"Card effect (scripted) {kind or ''}".rstrip()
        if self.team != "instructor":
            self.say(f"{what}: scripted card effects are applied from the Instructor view only. Nothing changed.")
            return None
        if isinstance(effect, dict):
            why = None
            if kind in ("reveal", "paralyse", "disembark") and not effect.get("units"):
                why = ("choose at least one unit: click its hex on the map and pick it in the Units list"
                       if kind != "disembark" else "choose at least one unit embarked on the ship")
            elif kind == "disembark" and not effect.get("from"):
                why = "choose the ship (or unit) the units disembark from"
            elif kind == "disembark" and not effect.get("hex"):
                why = "click the hex the units land in"
            elif kind == "network_cube" and not effect.get("n"):
                why = "choose how many cubes (1 to 5; negative removes cubes)"
            if why:
                self.say(f"{what}: {why}. Nothing changed.")
                return None
        return self.run(what, self.game.apply_effect, effect)

    # ================================================================ the game: new / save / load
    def game_in_progress(self) -> bool:
        """Has anything happened in this game (a log entry, an impulse, a lesson)?"""
        g = self.game
        return bool(g.log) or g.impulse is not None or bool(g.state.tf_order) or self.lesson is not None

    def _arm(self, which: str, text: str) -> None:
        self._confirm = which
        button = self.new_button if which == "new" else self.load_button
        other = self.load_button if which == "new" else self.new_button
        button.description = "Confirm new game" if which == "new" else "Confirm load"
        button.button_style = "danger"
        other.description = "Load" if which == "new" else "New game"
        other.button_style = "primary" if other is self.new_button else ""
        self.cancel_button.layout.display = "flex"
        self.say(text)

    def _disarm(self, say: bool = False) -> None:
        was = self._confirm
        self._confirm = None
        self.new_button.description, self.new_button.button_style = "New game", "primary"
        self.load_button.description, self.load_button.button_style = "Load", ""
        self.cancel_button.layout.display = "none"
        if say and was:
            self.say("Cancelled: the game goes on. Nothing changed.", refused=False)

    def _progress_text(self) -> str:
        s = self.game.state
        n = len(s.tf_order) + (1 if self.game.impulse is not None and
                               self.game.impulse.task_force not in s.tf_order else 0)
        lesson = f", lesson {self.lesson.spec.lesson.title!r}" if self.lesson is not None else ""
        return f"turn {s.turn}, {n} impulse{'s' if n != 1 else ''} begun{lesson}"

    def new_game(self, scenario: str | None = "gotland_redux", seed: int | None = 1, confirm: bool = False):
        """Start a fresh game of ``scenario`` with ``seed``; returns the new Game.

        When a game is in progress, the first call only asks: the button becomes
        *Confirm new game* (and a second click, or ``confirm=True``, starts it).
        """
        from ..scenario import load_scenario
        scenario = scenario or "gotland_redux"
        if self.game_in_progress() and not confirm:
            self._arm("new", f"A game is in progress ({self._progress_text()}). Press Confirm new game to "
                             f"discard it and start {scenario} with seed {seed}, or Cancel. Nothing changed yet.")
            return None
        try:
            game = load_scenario(scenario, seed=seed)
        except (*INPUT_ERRORS, OSError) as e:
            self._disarm()
            self.say(error_text(f"Start a new game of {scenario}", e))
            return None
        if not self._same_map(game, f"Start a new game of {scenario}"):
            return None
        self._forget_lesson()
        self.set_game(game)
        self._show_message(panels.message_html(f"New game: {self.game_title()}, seed {seed}. "
                                               "Begin the first impulse in the Impulse tab."))
        return game

    def _same_map(self, game, what: str) -> bool:
        if game.board.name == self.map.board.name:
            return True
        self._disarm()
        self.say(f"Could not {what[:1].lower() + what[1:]}: it is played on the {game.board.name} map and this lab "
                 f"shows the {self.map.board.name} map; open it in its own lab with open_lab(game=...). "
                 "Nothing changed.")
        return False

    def game_title(self) -> str:
        return self.game.view("instructor").get("scenario_name") or self.game.state.scenario

    def save_path(self, filename: str | Path | None = None) -> Path:
        """``filename`` (default :data:`DEFAULT_SAVE`) resolved against :attr:`files_dir`."""
        name = str(filename).strip() if filename is not None and str(filename).strip() else DEFAULT_SAVE
        p = Path(name).expanduser()
        return p if p.is_absolute() else self.files_dir / p

    def save_game(self, filename: str | Path | None = None) -> Path | None:
        """Write the game to ``filename`` (JSON, ``Game.save``); creates the folder. Returns the path."""
        path = self.save_path(filename)
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            self.game.save(path)
        except (*INPUT_ERRORS, OSError) as e:
            self._file_error("save the game to", path, e)
            return None
        self._show_message(panels.message_html(f"Saved {self.game_title()} ({self._progress_text()}) to {path}."))
        return path

    def load_game(self, filename: str | Path | None = None, confirm: bool = False):
        """Replace the game by the one saved in ``filename`` (``Game.load``); asks first when a
        game is in progress (like :meth:`new_game`). Returns the loaded Game."""
        from ..game import Game
        path = self.save_path(filename)
        if not path.is_file():
            self._disarm()
            self.say(f"Could not load {path}: there is no such file (save a game first). Nothing changed.")
            return None
        if self.game_in_progress() and not confirm:
            self._arm("load", f"A game is in progress ({self._progress_text()}). Press Confirm load to replace "
                              f"it by the game saved in {path}, or Cancel. Nothing changed yet.")
            return None
        try:
            game = Game.load(path)
        except (*INPUT_ERRORS, OSError) as e:
            self._disarm()
            self._file_error("load", path, e)
            return None
        if not self._same_map(game, f"Load {path}"):
            return None
        self._forget_lesson()
        self.set_game(game)
        self._show_message(panels.message_html(f"Loaded {self.game_title()} ({self._progress_text()}) from {path}."))
        return game

    def _file_error(self, verb: str, path: Path, err: BaseException) -> None:
        from ..errors import ScenarioError
        if isinstance(err, ScenarioError):
            why = f"{err.key}: {err.problem}"
        elif isinstance(err, OSError):
            why = err.strerror or str(err)
        else:
            why = str(err).replace(f"cannot save the game to {path}: ", "") or type(err).__name__
        self.say(f"Could not {verb} {path}: {why.rstrip('.')}. Nothing changed.")

    def _forget_lesson(self) -> None:
        self.lesson = None
        self._lesson_steps = None
        self._last_step = None
        self.lesson_next.disabled = self.lesson_all.disabled = True
        self.lesson_info.value = LESSON_INTRO

    def _refresh_game_info(self) -> None:
        s = self.game.state
        over = (f" \u00b7 <span class='lcb-refused'>game over: {panels.esc(s.result)}</span>"
                if s.stage != "action" else "")
        self.game_info.value = (f'<div class="lcb-card"><b>{panels.esc(self.game_title())}</b> \u00b7 turn {s.turn} '
                                f"of {s.max_turns} \u00b7 {panels.esc(self._progress_text().split(', ', 1)[1])}"
                                f"{over}</div>")

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
        self.widget.layout.flex_flow = "row wrap" if scale > 1.0 else None

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
        if self.selected_uid and self.selected_uid not in self._visible():
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
            self._sync_picker(view)                   # the same unit, or an empty hex: the selection stays
        self.impulse_panel.refresh()
        self.card_panel.refresh()
        self.timings["tap"] = time.perf_counter() - t0
        return label

    def select_unit(self, uid: str | None, view: dict | None = None) -> None:
        """Show a unit's Unit Tracker and overlays (None clears the selection); the Unit
        dropdown always shows the same unit as the Unit Tracker."""
        view = view or self.view()
        vis = self._visible(view)
        if uid is not None and uid not in vis:
            uid = None
        changed = uid != self.selected_uid
        self.selected_uid = uid
        self._sync_picker(view)
        if not changed:
            return
        self.umbrella_target = None
        self._refresh_unit(view)
        self.map.update(self.game, self.team, selected=uid)

    def _on_unit_picked(self, change) -> None:
        if not self._syncing and change["new"] is not None:
            self.select_unit(change["new"])

    def picker_options(self, view: dict | None = None) -> list[tuple[str, str]]:
        """The Unit dropdown: the clicked hex's units, and the selected unit first when it is
        elsewhere (so the dropdown and the Unit Tracker always name the same unit)."""
        view = view or self.view()
        units = self.hex_units(self.last_hex, view)
        opts = [(u, u) for u in units]
        sel = self.selected_uid
        vis = self._visible(view)
        if sel is not None and sel not in units and sel in vis:
            c = vis[sel]
            where = c.get("hex") or f"on {c.get('embarked_on')}"
            opts.insert(0, (f"{sel} (selected, in {where})", sel))
        return opts

    def _sync_picker(self, view: dict | None = None) -> None:
        """Make the Unit dropdown show :attr:`selected_uid` (None: nothing selected)."""
        opts = self.picker_options(view)
        self._syncing = True
        try:
            if list(self.unit_picker.options) != opts:
                self.unit_picker.options = opts
            if self.unit_picker.value != self.selected_uid:
                self.unit_picker.value = self.selected_uid
        finally:
            self._syncing = False

    def show_umbrella(self, target: str | None) -> None:
        """Draw the INTERCEPT umbrella over ``target`` against the selected unit (7.53)."""
        if target is not None and target not in [o[1] for o in self.umbrella_picker.options]:
            self.say(f"INTERCEPT umbrella: {target!r} is not a target of the selected unit in this view "
                     "(a face-up enemy counter, and a selected unit with LRS).")
            return
        self.umbrella_target = target
        if self.umbrella_picker.value != target and target in [o[1] for o in self.umbrella_picker.options]:
            self.umbrella_picker.value = target
        self._redraw_overlays()

    # ================================================================ refresh
    def refresh(self) -> None:
        """Redraw map, panels and log from the game (after every successful action)."""
        if self.last_hex is not None and self.last_hex not in self.game.board.hexes:
            self.last_hex = None          # never let a stale selection break an unrelated action
            self.map.select_hex(None)
        view = self.view()
        vis = self._visible(view)
        if self.selected_uid and self.selected_uid not in vis:
            self.selected_uid = None
        self._disarm()                    # a pending "Confirm new game / load" asks again after any change
        self.map.update(self.game, self.team, selected=self.selected_uid)
        self.hex_info.value = panels.hex_info_html(self.game.board, self.last_hex, view)
        self._sync_picker(view)
        self._refresh_unit(view)
        self.decision.refresh(self.game.pending, self.team)
        self.impulse_panel.refresh()
        self.card_panel.refresh()
        self._refresh_log()
        self._refresh_lesson()
        self._refresh_game_info()

    def _refresh_log(self) -> None:
        notes = [(i, h) for i, h, t in self.notes if self.team in ("instructor", t)]
        self.log.value = panels.log_html(self.game, self.team, notes, self.highlight_from)

    def _refresh_unit(self, view: dict) -> None:
        uid = self.selected_uid
        vis = self._visible(view)
        if uid is None:
            self.unit_panel.value = ('<div class="lcb-card lcb-muted">Select a unit: click its hex, then pick it '
                                     "above. Its Unit Tracker and overlays appear here.</div>")
            self.umbrella_picker.options = [("\u2014", None)]
            self.map.clear_overlays()
            self.overlay_note.value = ""
            return
        self.unit_panel.value = panels.unit_tracker_html(self.game, vis[uid])
        me = vis[uid]["team"]
        targets = [c["uid"] for c in vis.values()
                   if c["team"] != me and c.get("hex") and c.get("revealed")]
        has_lrs = bool(self.game.utype(uid).cvs_of("LRS")) and self.game.unit(uid).hex is not None
        opts = [("\u2014", None)] + ([(t, t) for t in targets] if has_lrs else [])
        if list(self.umbrella_picker.options) != opts:
            keep = self.umbrella_target if self.umbrella_target in targets else None
            self.umbrella_picker.options = opts
            self.umbrella_picker.value = keep
            self.umbrella_target = keep
        self._redraw_overlays()

    def _redraw_overlays(self) -> None:
        uid = self.selected_uid
        if uid is None or self.game.unit(uid).hex is None or self.game.unit(uid).destroyed:
            self.map.clear_overlays()
            self.overlay_note.value = ""
            return
        stack = [u for u in self.game.stack_of(uid) if u in self._visible()]
        ovs = ov.unit_overlays(self.game, uid, stack, reach=self.show_reach.value, ranges=self.show_ranges.value,
                               zor=self.show_zor.value, resupply=self.show_resupply.value)
        umb = None
        if self.umbrella_target:
            visible = None if self.team == "instructor" else set(self._visible())
            umb = ov.umbrella_markers(self.game, uid, self.umbrella_target, visible)
        self.map.show_overlays(ovs, umb)
        notes = [o.note for o in ovs if o.note]
        lines = [f"{panels.esc(o.label)} {panels.rule_badges(o.rules)}" for o in ovs if o.drawn]
        lines += [f"{panels.esc(n)} {panels.rule_badges(['7.31'])}" for n in notes]
        if umb:
            for i in umb["interceptors"]:
                lines.append(f'<span style="color:{i["colour"]}">\u25cf</span> {panels.esc(i["uid"])} '
                             f'{panels.esc(i["slot"])}: {panels.esc(i["reason"])}')
            if umb["hidden_note"]:
                lines.append(f'<span class="lcb-muted">{panels.esc(umb["hidden_note"])}</span>')
        self.overlay_note.value = ('<div class="lcb-small">' + "<br>".join(lines) + "</div>") if lines else ""

    # ================================================================ lessons
    def set_game(self, game) -> None:
        """Replace the game (e.g. a lesson's); keeps the map and the view."""
        self.game = game
        self.selected_uid = None
        self.umbrella_target = None
        self._last_step = None
        self.notes = []
        self.highlight_from = None
        self.impulse_panel.clear()
        self.card_panel.clear()
        self.decision.refresh(None, self.team)
        self.refresh()

    def load_lesson(self, name_or_path: str = "appendix_b_combat") -> None:
        """Start replaying a lesson (``scenarios/lessons/<name>.toml``) on a fresh game."""
        from ..lesson import Lesson
        try:
            lesson = Lesson(name_or_path)
        except (*INPUT_ERRORS, OSError) as e:
            self.say(error_text(f"Load lesson {name_or_path}", e))
            return
        self.lesson = lesson
        self._lesson_steps = lesson.steps()
        self._last_step = None
        self._lesson_n = 0
        self._impulse_no = 0
        self.set_game(lesson.game)
        self.lesson_next.disabled = False
        self.lesson_all.disabled = False
        info = lesson.spec.lesson
        self.lesson_info.value = (f'<div class="lcb-card"><h4>{panels.esc(info.title)}</h4>'
                                  f'<div class="lcb-small lcb-muted">{panels.esc(info.source)}; '
                                  f'{len(info.assumptions)} stated assumption(s). Press <b>Next step</b>.</div></div>')
        self._show_message(panels.message_html(f"Lesson loaded: {info.title}"))

    def step(self):
        """Replay the next lesson step; returns the :class:`~lcb_lab.lesson.Done` (or None at the end).

        The panel shows only what the current view may read: the step's log
        entries filtered like ``game.log_entries(team)``, the impulse's
        narrative only to its own team and the instructor.
        """
        if self._lesson_steps is None:
            self.load_lesson()
            if self._lesson_steps is None:       # the lesson could not be loaded (message shown)
                return None
        before = len(self.game.log)
        try:
            done = next(self._lesson_steps)
        except StopIteration:
            self.lesson_next.disabled = self.lesson_all.disabled = True
            self._last_step = None
            self.lesson_info.value = '<div class="lcb-card"><b>Lesson finished.</b></div>'
            return None
        except INPUT_ERRORS as e:
            self.lesson_next.disabled = self.lesson_all.disabled = True
            self.say(error_text("Lesson step", e))
            return None
        self._lesson_n += 1
        m = re.match(r"impulse (\d+):", done.title)
        if m:
            self._impulse_no = int(m.group(1))
        self._last_step = (self._lesson_n, done, before, self._impulse_no)
        self.highlight_from = before
        self.refresh()
        return done

    def _lesson_impulse(self, impulse_no: int):
        if self.lesson is None or not 0 < impulse_no <= len(self.lesson.spec.impulse):
            return None
        return self.lesson.spec.impulse[impulse_no - 1]

    def step_view(self, team: str | None = None) -> dict | None:
        """The last replayed step as ``team`` (default: the current view) may see it:
        ``{"n", "title", "entries", "narrative", "narrative_hidden"}``; None before the first step.

        Entries are filtered like ``game.log_entries(team)``; the lesson's own
        text (the impulse's narrative, a step's note) is shown only to the
        impulse's team and the instructor; a step none of whose entries the
        team may read is not named."""
        if not self._last_step:
            return None
        team = team or self.team
        n, done, before, impulse_no = self._last_step
        # the step's entries as game.log_entries(team) filters them: the visible ones since the
        # step began, less those logged after it (by later actions)
        since = self.game.log_entries(team, since=before)
        later = self.game.log_entries(team, since=before + len(done.entries))
        entries = since[:len(since) - len(later)]
        imp = self._lesson_impulse(impulse_no)
        imp_team = self.game.state.task_forces.get(imp.task_force) if imp else None
        narrative = imp.narrative if imp and team in ("instructor", imp_team) else ""
        title = done.title
        if imp and not narrative and " - " in title:
            title = title.split(" - ", 1)[0]      # a step's note is lesson text, like the narrative
        if team != "instructor" and done.entries and not entries:
            title = (f"a step of {imp.task_force}'s impulse" if imp else "a step") + \
                f" that {palette.TEAM_NAME.get(team, team)} may not see"
        return {"n": n, "title": title, "entries": entries, "narrative": narrative,
                "narrative_hidden": bool(imp and imp.narrative and not narrative)}

    def _refresh_lesson(self) -> None:
        sv = self.step_view()
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
        self.lesson_info.value = (f'<div class="lcb-card"><h4>Step {sv["n"]}: {esc(sv["title"])}</h4>'
                                  f"{narrative}{entries or '<span class=lcb-muted>(nothing logged that this view may read)</span>'}</div>")

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
    _notebook_output()
    if game is None:
        from ..scenario import load_scenario
        game = load_scenario(scenario, seed=seed)
    lab = LabApp(game, team=team, font_scale=font_scale, files_dir=files_dir)
    lab.seed_box.value = seed if isinstance(seed, int) and not isinstance(seed, bool) else 1
    if scenario in lab.scenario_picker.options:
        lab.scenario_picker.value = scenario
    return lab
