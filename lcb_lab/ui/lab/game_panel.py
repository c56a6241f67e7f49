"""The *New / Save / Load* tab: the game in play, a fresh game, the game saved to or loaded from a file,
and its after-action review (*Review*, when the game writes one: an HTML file beside the save file).

*New game* starts one of the game's scenarios (``ui.scenario_names``, first ``ui.default_scenario``)
with a seed (default 1), at one of its starts (*Start at*, ``ui.starts``: LC:B's Action Stage or
Planning Stage, 3.1, 3.2; absent when the game has one start).  When a game is in progress
(``ui.in_progress``) the first click only asks: the button becomes *Confirm new game*, with
*Cancel* (on the page only then); any change to the game in between makes it ask again.  *Save* /
*Load* write / read a file (``ui.save_game`` / ``ui.load_game``; default :data:`DEFAULT_SAVE` under
the lab's ``files_dir``, the folder is created); *Load* asks like *New game*.  A missing or broken
file is a red message.

What is armed lives in the controller's ``confirm`` (``"new"`` / ``"load"``; the
lesson tab arms ``"lesson"``): any change to the game disarms it
(:meth:`~lcb_lab.ui.lab.controller.LabController.changed`).  The tab observes
``confirm`` (the buttons' labels) and ``version`` (the game in play).
"""
from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Protocol

import ipywidgets as W

from lcb_lab.kernel.errors import ScenarioError
from lcb_lab.kernel.files import write_whole
from lcb_lab.ui.lab.controller import follow
from lcb_lab.ui.lab.html import esc
from lcb_lab.ui.lab.messages import INPUT_ERRORS, error_text
from lcb_lab.ui.lab.review import download_link_html
from lcb_lab.ui.lab.sync import set_children

if TYPE_CHECKING:  # pragma: no cover
    from lcb_lab.kernel.engine import Engine as Game
    from lcb_lab.ui.lab.controller import LabController


class GameCommands(Protocol):
    """What the tab calls on the lab."""

    def set_game(self, game: "Game") -> None:
        """Show ``game`` in the lab (a new or loaded game)."""

    def back_to_now(self) -> None:
        """Leave a past step shown (History tab) for the present."""


DEFAULT_SAVE = "saves/game.json"
"""Default file of *Save* / *Load*, relative to the notebook's folder."""


class GamePanel:
    """The game in play (``game_info``), *New game* (scenario, seed), *Save* / *Load* (file) and
    *Cancel*; ``.widget`` is the tab.  ``files_dir``: where relative file names are."""

    def __init__(self, ctl: "LabController", cmd: GameCommands, files_dir: Path):
        self.ctl, self.cmd, self.files_dir = ctl, cmd, Path(files_dir)
        ui = ctl.ui
        self.game_info = W.HTML()
        names = ui.scenario_names()
        self.scenario_picker = W.Dropdown(options=names, value=ui.default_scenario
                                          if ui.default_scenario in names else None,
                                          description="Scenario", layout=W.Layout(width="260px"),
                                          style={"description_width": "60px"})
        self.seed_box = W.IntText(value=1, description="Seed", layout=W.Layout(width="120px"),
                                  style={"description_width": "35px"})
        self.new_button = W.Button(description="New game", icon="file", button_style="primary",
                                   layout=W.Layout(width="170px"),
                                   tooltip="start a fresh game of the scenario (asks first when a game is in progress)")
        self.start_picker = W.Dropdown(options=list(ui.starts), value=ui.start_of(ctl.game),
                                       description="Start at", layout=W.Layout(width="260px"),
                                       style={"description_width": "60px"})
        """Where *New game* begins (``ui.starts``; LC:B: the Planning Stage, 3.1, 3.2, or the Action Stage)."""
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
        self.review_button = W.Button(description="Review", icon="file-text", layout=W.Layout(width="110px"),
                                      tooltip="write the after-action review of the game as this view may know "
                                              "it: one HTML file beside the save file, that opens offline")
        self.review_button.on_click(lambda _b: self.write_review(self.file_box.value))
        self.review_link = W.HTML()
        """The link to the last review written (a download of the file itself: it opens anywhere)."""
        self.cancel_button = W.Button(description="Cancel", layout=W.Layout(width="80px"))
        self.cancel_button.on_click(lambda _b: self.ctl.disarm(say=True))
        self.new_row = W.HBox([self.new_button])
        """*New game*, and *Cancel* while *New game* or *Load* is armed (on the page only then)."""
        self.widget = W.VBox([self.game_info,
                              W.HTML("<b>New game</b>"), W.HBox([self.scenario_picker, self.seed_box]),
                              *([self.start_picker] if ui.starts else []), self.new_row,
                              W.HTML("<b>Save / Load</b> <span class='lcb-muted lcb-small'>(a file; a relative "
                                     f"name is under {esc(self.files_dir)})</span>"),
                              self.file_box, W.HBox([self.save_button, self.load_button,
                                                     *([self.review_button] if self.has_review else [])]),
                              self.review_link])
        self.labels = follow(ctl, ["confirm"], self._draw_buttons)
        self.info = follow(ctl, ["version"], self.refresh)

    # ------------------------------------------------------------ asking first
    @property
    def confirm(self) -> str | None:
        """The replacing act armed by a first click (the controller's ``confirm``)."""
        return self.ctl.confirm

    def _draw_buttons(self) -> None:
        """*New game* / *Load*, or the armed one as *Confirm ...* (red) with *Cancel* (a child only then)."""
        which = self.ctl.confirm
        new, load = self.new_button, self.load_button
        new.description, new.button_style = ("Confirm new game", "danger") if which == "new" else \
            ("New game", "primary")
        load.description, load.button_style = ("Confirm load", "danger") if which == "load" else ("Load", "")
        set_children(self.new_row, [self.new_button, which in ("new", "load") and self.cancel_button])

    def arm(self, which: str, text: str, path: object = None) -> None:
        """Turn *New game* (``"new"``) or *Load* (``"load"``) into its *Confirm* button and say ``text``
        (``path``: the file it names as ``{path}``, :meth:`LabController.say`)."""
        self.ctl.arm(which, text, path)

    def disarm(self, say: bool = False) -> None:
        """Back to *New game* / *Load* (after any change to the game, or *Cancel* with ``say``)."""
        self.ctl.disarm(say)

    def progress_text(self) -> str:
        """"turn 1, 2 impulses begun" (and the lesson being replayed)."""
        return self.ctl.progress_text()

    # ------------------------------------------------------------ new / save / load
    def new_game(self, scenario: str | None, seed: int | None, confirm: bool, start: str | None = None) -> Game | None:
        """See ``LabShell.new_game``."""
        c = self.ctl
        scenario = scenario or c.ui.default_scenario
        words = dict((v, k) for k, v in c.ui.starts)
        at = f" at its {words[start]}" if start in words else ""
        if c.game_in_progress() and not confirm:
            # short: whole on the message line beside the file browser at 1366 px (the scenario, start and
            # seed stand beside the button; tests/widgets/test_guard_rails.py)
            self.arm("new", f"A game is in progress ({self.progress_text()}): Confirm new game discards it, "
                            "or Cancel. Nothing changed.")
            return None
        try:
            game = c.ui.new_game(scenario, seed, start)
        except (*INPUT_ERRORS, OSError) as e:
            self.disarm()
            c.say(error_text(f"Start a new game of {scenario}", e))
            return None
        if not self._same_map(game, f"Start a new game of {scenario}"):
            return None
        self.cmd.set_game(game)
        c.say(f"New game: {c.game_title()}{at}, seed {seed}. {c.ui.first_hint(game)}", refused=False)
        return game

    def _same_map(self, game, what: str) -> bool:
        why = self.ctl.ui.misfit(self.ctl.live, game)
        if why is None:
            return True
        self.disarm()
        self.ctl.say(f"Could not {what[:1].lower() + what[1:]}: {why}. Nothing changed.")
        return False

    def save_path(self, filename: str | Path | None = None) -> Path:
        """``filename`` (default :data:`DEFAULT_SAVE`) resolved against the lab's ``files_dir``."""
        name = str(filename).strip() if filename is not None and str(filename).strip() else DEFAULT_SAVE
        p = Path(name).expanduser()
        return p if p.is_absolute() else self.files_dir / p

    def save_game(self, filename: str | Path | None) -> Path | None:
        """See ``LabShell.save_game``."""
        c = self.ctl
        path = self.save_path(filename)
        if c.game is not c.live:               # looking at the past: save the game itself
            self.cmd.back_to_now()
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            c.ui.save_game(c.live, path)
        except (*INPUT_ERRORS, OSError) as e:
            self._file_error("save the game to", path, e)
            return None
        c.say(f"Saved {c.game_title()} ({self.progress_text()}) to {{path}}.", refused=False, path=path)
        return path

    @property
    def has_review(self) -> bool:
        """Does the game's side write an after-action review (``ui.review_html``)?"""
        return callable(getattr(self.ctl.ui, "review_html", None))

    def review_path(self, filename: str | Path | None = None) -> Path:
        """Where *Review* writes: beside the save file :meth:`save_path`, named for it and the view
        (``saves/game.json`` in the US view: ``saves/game-review-US.html``)."""
        p = self.save_path(filename)
        return p.with_name(f"{p.stem}-review-{self.ctl.viewer}.html")

    def write_review(self, filename: str | Path | None) -> Path | None:
        """Write the after-action review of the game in play as the current view may know it
        (``ui.review_html``) to :meth:`review_path`, say so and link it (:attr:`review_link`);
        a file that cannot be written is a red message. Returns the path, or None."""
        c = self.ctl
        path = self.review_path(filename)
        try:
            text = c.ui.review_html(c.live, c.viewer)
            path.parent.mkdir(parents=True, exist_ok=True)
            write_whole(path, text)                 # an older review is replaced only by a complete one
        except (*INPUT_ERRORS, OSError) as e:
            self.review_link.value = ""
            self._file_error("write the review to", path, e)
            return None
        c.say(f"Wrote the after-action review ({c.ui.viewer_name(c.viewer)}) to {{path}}: one HTML file that "
              "opens offline in any browser.", refused=False, path=path)
        self.review_link.value = download_link_html(path.name, text, "Open the review (a copy of the file)")
        return path

    def load_game(self, filename: str | Path | None, confirm: bool) -> Game | None:
        """See ``LabShell.load_game``."""
        c = self.ctl
        path = self.save_path(filename)
        if not path.exists():                  # a folder, a pipe, a device: the reader says what it is
            self.disarm()
            c.say("Could not load {path}: there is no such file (save a game first). Nothing changed.", path=path)
            return None
        if c.game_in_progress() and not confirm:
            self.arm("load", f"A game is in progress ({self.progress_text()}): Confirm load replaces it, "
                             "or Cancel. Nothing changed.")            # the file stands in its box beside
            return None
        try:
            game = c.ui.load_game(path)
        except (*INPUT_ERRORS, OSError) as e:
            self.disarm()
            self._file_error("load", path, e)
            return None
        if not self._same_map(game, f"Load {path}"):
            return None
        self.cmd.set_game(game)
        c.say(f"Loaded {c.game_title()} ({self.progress_text()}) from {{path}}.", refused=False, path=path)
        return game

    def _file_error(self, verb: str, path: Path, err: BaseException) -> None:
        if isinstance(err, ScenarioError):
            why = err.problem if err.key == "(file)" else f"{err.key}: {err.problem}"
        elif isinstance(err, OSError):
            why = err.strerror or str(err)
        else:
            why = str(err).replace(f"cannot save the game to {path}: ", "") or type(err).__name__
        self.ctl.say(f"Could not {verb} {{path}}: {why.rstrip('.')}. Nothing changed.", path=path)

    def refresh(self) -> None:
        """The game in play (``ui.status_html``: scenario, turn, progress, game over)."""
        self.game_info.value = self.ctl.ui.status_html(self.ctl.live)
