"""The *New / Save / Load* tab: the game in play, a fresh game, and the game saved to or loaded from a file.

*New game* starts a scenario (a packaged one, default ``gotland_redux``)
with a seed (default 1), at its Action Stage or its Planning Stage (*Start at*; 3.1, 3.2).  When a game is in progress (a log entry, an impulse,
a lesson) the first click only asks: the button becomes *Confirm new game*,
with *Cancel*; any change to the game in between makes it ask again.  *Save* /
*Load* write / read a JSON file (``Game.save`` / ``Game.load``; default
:data:`DEFAULT_SAVE` under the lab's ``files_dir``, the folder is created);
*Load* asks like *New game*.  A missing or broken file is a red message.

What is armed lives in the controller's ``confirm`` (``"new"`` / ``"load"``; the
lesson tab arms ``"lesson"``): any change to the game disarms it
(:meth:`~lcb_lab.ui.lab.controller.LabController.changed`).  The tab observes
``confirm`` (the buttons' labels) and ``version`` (the game in play).
"""
from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Protocol

import ipywidgets as W

from lcb_lab.ui.lcb import panels
from lcb_lab.ui.lab.controller import follow
from lcb_lab.ui.lab.messages import INPUT_ERRORS, error_text

if TYPE_CHECKING:  # pragma: no cover
    from lcb_lab.games.lcb.game import Game
    from lcb_lab.ui.lab.controller import LabController


class GameCommands(Protocol):
    """What the tab calls on the lab."""

    def set_game(self, game: "Game") -> None:
        """Show ``game`` in the lab (a new or loaded game)."""

    def back_to_now(self) -> None:
        """Leave a past step shown (History tab) for the present."""


START_OPTIONS = [("Action Stage", "action"), ("Planning Stage", "planning")]
"""*Start at*: the stage a new game begins in (``load_scenario(..., start=...)``): the Action Stage with
the units and cards in place, or the Planning Stage (buy cards, then deploy; 3.1, 3.2)."""
START_WORDS = {"action": "Action Stage", "planning": "Planning Stage"}


def _stage_start(game: "Game") -> str:
    """The *Start at* value matching ``game``'s stage now (Planning or Deployment: ``"planning"``)."""
    return "planning" if game.state.stage in ("planning", "deployment") else "action"


DEFAULT_SAVE = "saves/game.json"
"""Default file of *Save* / *Load*, relative to the notebook's folder."""


def scenario_names() -> list[str]:
    """The scenarios *New game* offers: the packaged ones (:func:`lcb_lab.games.lcb.io.resources.scenario_names`)."""
    from lcb_lab.games.lcb.io.resources import scenario_names as packaged
    return packaged()


class GamePanel:
    """The game in play (``game_info``), *New game* (scenario, seed), *Save* / *Load* (file) and
    *Cancel*; ``.widget`` is the tab.  ``files_dir``: where relative file names are."""

    def __init__(self, ctl: "LabController", cmd: GameCommands, files_dir: Path):
        self.ctl, self.cmd, self.files_dir = ctl, cmd, Path(files_dir)
        self.game_info = W.HTML()
        self.scenario_picker = W.Dropdown(options=scenario_names(), value="gotland_redux"
                                          if "gotland_redux" in scenario_names() else None,
                                          description="Scenario", layout=W.Layout(width="260px"),
                                          style={"description_width": "60px"})
        self.seed_box = W.IntText(value=1, description="Seed", layout=W.Layout(width="120px"),
                                  style={"description_width": "35px"})
        self.new_button = W.Button(description="New game", icon="file", button_style="primary",
                                   layout=W.Layout(width="170px"),
                                   tooltip="start a fresh game of the scenario (asks first when a game is in progress)")
        self.start_picker = W.Dropdown(options=START_OPTIONS, value=_stage_start(ctl.game),
                                       description="Start at", layout=W.Layout(width="260px"),
                                       style={"description_width": "60px"})
        """Where *New game* begins: the Planning Stage (buy cards, deploy; 3.1, 3.2) or the Action Stage."""
        self.new_button.on_click(lambda _b: self.new_game(self.scenario_picker.value, self.seed_box.value,
                                                          confirm=self.confirm == "new", start=self.start_picker.value))
        self.file_box = W.Text(value=DEFAULT_SAVE, description="File", layout=W.Layout(width="300px"),
                               style={"description_width": "35px"})
        self.save_button = W.Button(description="Save", icon="save", layout=W.Layout(width="90px"),
                                    tooltip="write the whole game to the file (JSON)")
        self.save_button.on_click(lambda _b: self.save_game(self.file_box.value))
        self.load_button = W.Button(description="Load", icon="folder-open", layout=W.Layout(width="150px"),
                                    tooltip="replace the game by the one saved in the file (asks first)")
        self.load_button.on_click(lambda _b: self.load_game(self.file_box.value, confirm=self.confirm == "load"))
        self.cancel_button = W.Button(description="Cancel", layout=W.Layout(width="80px", display="none"))
        self.cancel_button.on_click(lambda _b: self.ctl.disarm(say=True))
        self.widget = W.VBox([self.game_info,
                              W.HTML("<b>New game</b>"), W.HBox([self.scenario_picker, self.seed_box]), self.start_picker,
                              W.HBox([self.new_button, self.cancel_button]),
                              W.HTML("<b>Save / Load</b> <span class='lcb-muted lcb-small'>(a JSON file; a relative "
                                     f"name is under {panels.esc(self.files_dir)})</span>"),
                              self.file_box, W.HBox([self.save_button, self.load_button])])
        self.labels = follow(ctl, ["confirm"], self._draw_buttons)
        self.info = follow(ctl, ["version"], self.refresh)

    # ------------------------------------------------------------ asking first
    @property
    def confirm(self) -> str | None:
        """The replacing act armed by a first click (the controller's ``confirm``)."""
        return self.ctl.confirm

    def _draw_buttons(self) -> None:
        """*New game* / *Load*, or the armed one as *Confirm ...* (red) with *Cancel*."""
        which = self.ctl.confirm
        new, load = self.new_button, self.load_button
        new.description, new.button_style = ("Confirm new game", "danger") if which == "new" else \
            ("New game", "primary")
        load.description, load.button_style = ("Confirm load", "danger") if which == "load" else ("Load", "")
        self.cancel_button.layout.display = "flex" if which in ("new", "load") else "none"

    def arm(self, which: str, text: str) -> None:
        """Turn *New game* (``"new"``) or *Load* (``"load"``) into its *Confirm* button and say ``text``."""
        self.ctl.arm(which, text)

    def disarm(self, say: bool = False) -> None:
        """Back to *New game* / *Load* (after any change to the game, or *Cancel* with ``say``)."""
        self.ctl.disarm(say)

    def progress_text(self) -> str:
        """"turn 1, 2 impulses begun" (and the lesson being replayed)."""
        return self.ctl.progress_text()

    # ------------------------------------------------------------ new / save / load
    def new_game(self, scenario: str | None, seed: int | None, confirm: bool, start: str | None = None) -> Game | None:
        """See ``LabApp.new_game``."""
        from lcb_lab.games.lcb.io.loading import load_scenario
        c = self.ctl
        scenario = scenario or "gotland_redux"
        at = f" at its {START_WORDS[start]}" if start in START_WORDS else ""
        if c.game_in_progress() and not confirm:
            self.arm("new", f"A game is in progress ({self.progress_text()}). Press Confirm new game to "
                            f"discard it and start {scenario}{at} with seed {seed}, or Cancel. Nothing changed yet.")
            return None
        try:
            game = load_scenario(scenario, seed=seed, start=start)
        except (*INPUT_ERRORS, OSError) as e:
            self.disarm()
            c.say(error_text(f"Start a new game of {scenario}", e))
            return None
        if not self._same_map(game, f"Start a new game of {scenario}"):
            return None
        self.cmd.set_game(game)
        first = ("Buy cards in the Impulse tab's Planning panel (3.1)." if game.state.stage == "planning"
                 else "Begin the first impulse in the Impulse tab.")
        c.say(f"New game: {c.game_title()}{at}, seed {seed}. {first}", refused=False)
        return game

    def _same_map(self, game, what: str) -> bool:
        shown = self.ctl.board.name
        if game.board.name == shown:
            return True
        self.disarm()
        self.ctl.say(f"Could not {what[:1].lower() + what[1:]}: it is played on the {game.board.name} map and this "
                     f"lab shows the {shown} map; open it in its own lab with open_lab(game=...). Nothing changed.")
        return False

    def save_path(self, filename: str | Path | None = None) -> Path:
        """``filename`` (default :data:`DEFAULT_SAVE`) resolved against the lab's ``files_dir``."""
        name = str(filename).strip() if filename is not None and str(filename).strip() else DEFAULT_SAVE
        p = Path(name).expanduser()
        return p if p.is_absolute() else self.files_dir / p

    def save_game(self, filename: str | Path | None) -> Path | None:
        """See ``LabApp.save_game``."""
        c = self.ctl
        path = self.save_path(filename)
        if c.game is not c.live:               # looking at the past: save the game itself
            self.cmd.back_to_now()
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            c.live.save(path)
        except (*INPUT_ERRORS, OSError) as e:
            self._file_error("save the game to", path, e)
            return None
        c.say(f"Saved {c.game_title()} ({self.progress_text()}) to {path}.", refused=False)
        return path

    def load_game(self, filename: str | Path | None, confirm: bool) -> Game | None:
        """See ``LabApp.load_game``."""
        from lcb_lab.games.lcb.game import Game
        c = self.ctl
        path = self.save_path(filename)
        if not path.exists():                  # a folder, a pipe, a device: the reader says what it is
            self.disarm()
            c.say(f"Could not load {path}: there is no such file (save a game first). Nothing changed.")
            return None
        if c.game_in_progress() and not confirm:
            self.arm("load", f"A game is in progress ({self.progress_text()}). Press Confirm load to replace "
                             f"it by the game saved in {path}, or Cancel. Nothing changed yet.")
            return None
        try:
            game = Game.load(path)
        except (*INPUT_ERRORS, OSError) as e:
            self.disarm()
            self._file_error("load", path, e)
            return None
        if not self._same_map(game, f"Load {path}"):
            return None
        self.cmd.set_game(game)
        c.say(f"Loaded {c.game_title()} ({self.progress_text()}) from {path}.", refused=False)
        return game

    def _file_error(self, verb: str, path: Path, err: BaseException) -> None:
        from lcb_lab.kernel.errors import ScenarioError
        if isinstance(err, ScenarioError):
            why = err.problem if err.key == "(file)" else f"{err.key}: {err.problem}"
        elif isinstance(err, OSError):
            why = err.strerror or str(err)
        else:
            why = str(err).replace(f"cannot save the game to {path}: ", "") or type(err).__name__
        self.ctl.say(f"Could not {verb} {path}: {why.rstrip('.')}. Nothing changed.")

    def refresh(self) -> None:
        """The game in play: scenario, turn, impulses begun (and game over)."""
        c = self.ctl
        s = c.live.state
        over = (f" \u00b7 <span class='lcb-refused'>game over: {panels.esc(s.result)}</span>"
                if s.stage != "action" else "")
        self.game_info.value = (f'<div class="lcb-card"><b>{panels.esc(c.game_title())}</b> \u00b7 turn {s.turn} '
                                f"of {s.max_turns} \u00b7 {panels.esc(self.progress_text().split(', ', 1)[1])}"
                                f"{over}</div>")
