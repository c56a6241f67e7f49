"""What a game supplies to the shared lab: :class:`LabGame` (the game's side), :class:`LabPanels` and
:class:`LabMap` (its lab's widgets).

The shared lab (:class:`~lcb_lab.ui.lab.shell.LabShell`: the controller, the message line, the view
picker, *Presentation*, the *Game* / *History* tabs, the explained log, *Fork here* and its compare view)
knows a game only through these two: a :class:`LabGame` says who may look (its viewers and the
all-seeing one), how to make, save and load a game, what a viewer may know (its view model, built
by the game's observer), who may take a step back (its undo rule), how its record reads as a
timeline and how two games differ; a game's lab (a ``LabShell`` subclass) returns its panels as
:class:`LabPanels` and its map as :class:`LabMap`.  LC:B's: :class:`lcb_lab.ui.lcb.game_ui.LcbUi`; a toy game's, in the
tests, proves the lab is shared (``tests/widgets/test_toy_lab.py``).

:class:`UmpireLabGame` is the common base of the games whose all-seeing viewer is an umpire
(Archipelago, Force on Force, Order of Battle): viewer names and tips, the scenario check of *New
game*, save / load as JSON through :mod:`lcb_lab.kernel.files`, the *Game* card, undo through
:func:`~lcb_lab.kernel.undo.last_step_undo`, the timeline and the explained log; a game's subclass
supplies its scenarios, how a game is made, saved and read back, its title, progress and view model.

Hidden information: everything the shared parts draw comes from these calls made for the
current viewer -- the view model, the timeline rows, the compare rows and the log parts are the
game's, decided by its observer.
"""
from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable, Mapping, Protocol, Sequence

from lcb_lab.kernel.files import parse_json, read_text
from lcb_lab.kernel.observer import INSTRUCTOR
from lcb_lab.kernel.timeline import timeline_rows
from lcb_lab.kernel.undo import last_step_undo
from lcb_lab.ui.lab.html import log_html, status_card

if TYPE_CHECKING:  # pragma: no cover
    import ipywidgets as W

    from lcb_lab.kernel.engine import Engine
    from lcb_lab.kernel.history import Step
    from lcb_lab.kernel.timeline import TimelineRow
    from lcb_lab.kernel.view_model import ViewModel

__all__ = ["LabGame", "LabPanels", "LabMap", "DiffLike", "LabDiff", "LabViewModel", "UmpireLabGame", "mover_offers", "record_place",
           "steps_text"]


class DiffLike(Protocol):
    """One difference of two games as the fork view shows it: ``topic`` and ``item`` name it,
    ``left`` / ``right`` are its values in the first game and the branch."""

    topic: str
    item: str
    left: Any
    right: Any


class LabGame(Protocol):
    """A game's side of the shared lab (every method is asked for the current viewer)."""

    viewers: Sequence[tuple[str, str]]
    """The view picker's buttons: ``(label, viewer)``, the all-seeing viewer among them."""
    all_seeing: str
    """The viewer who sees everything (the instructor): undo of any step, the same dice in a fork."""
    default_scenario: str
    """The scenario *New game* offers first."""
    starts: Sequence[tuple[str, str]]
    """*Start at* choices of *New game*: ``(label, start)``; empty when a game has one start."""

    def viewer_name(self, viewer: str) -> str:
        """The one name of a viewer's view ("Red (RU) view", "Instructor view")."""

    def viewer_tip(self, viewer: str) -> str:
        """The view picker's tooltip of ``viewer`` ("what the US team may see")."""

    def scenario_names(self) -> list[str]:
        """The scenarios *New game* offers."""

    def new_game(self, scenario: str, seed: int | None, start: str | None) -> "Engine":
        """A fresh game of ``scenario``; raises an input error (``LabError``, ``ValueError`` ...) or OSError."""

    def load_game(self, path: Path) -> "Engine":
        """The game saved in ``path``; raises ``ScenarioError`` for a broken file, OSError."""

    def save_game(self, game: "Engine", path: Path) -> None:
        """Write ``game`` to ``path`` (the folder exists); raises OSError or an input error."""

    def start_of(self, game: "Engine") -> str | None:
        """The *Start at* value matching ``game`` now (None when the game has no starts)."""

    def title(self, game: "Engine") -> str:
        """The game's title (its scenario's name)."""

    def progress(self, game: "Engine") -> str:
        """How far the game went, e.g. "turn 1, 2 impulses begun"."""

    def in_progress(self, game: "Engine") -> bool:
        """Has anything happened in ``game`` (then *New game* and *Load* ask first)?"""

    def status_html(self, game: "Engine") -> str:
        """The *Game* tab's card: the game in play (HTML, nothing hidden from anyone)."""

    def first_hint(self, game: "Engine") -> str:
        """What to do first in a new game ("Begin the first impulse in the Impulse tab.")."""

    def misfit(self, shown: "Engine", game: "Engine") -> str | None:
        """Why ``game`` cannot replace ``shown`` in the same lab (e.g. another map), or None."""

    def view_model(self, game: "Engine", viewer: str, past: bool) -> "ViewModel":
        """``viewer``'s view model of ``game`` (``past``: a past step is shown, it offers nothing)."""

    def undo_allowed(self, game: "Engine", viewer: str) -> tuple[bool, str]:
        """May ``viewer`` undo the last applied step now: ``(allowed, why)``."""

    def timeline(self, game: "Engine", viewer: str) -> "list[TimelineRow]":
        """The record as ``viewer`` may read it (:func:`lcb_lab.kernel.timeline.timeline_rows`)."""

    def compare(self, first: "Engine", branch: "Engine", viewer: str) -> Sequence[DiffLike]:
        """What differs between two games, as ``viewer`` may know it."""

    def review_html(self, game: "Engine", viewer: str) -> str:
        """The after-action review of ``game`` as ``viewer`` may know it: one standalone HTML page
        (:mod:`lcb_lab.ui.lab.review`). Optional: the *Game* tab shows *Review* only when the game has it."""

    def log_parts(self, game: "Engine", viewer: str, notes: Sequence[tuple[int, str]],
                  highlight_from: int | None) -> list[str]:
        """The explained log as ``viewer`` may read it, one HTML part per entry, a heading part starting
        with :data:`~lcb_lab.ui.lab.html.LOG_HEAD`; ``notes`` (log length then, html) where they happened."""


@dataclass
class LabPanels:
    """A game's lab's panels, placed by the shared lab's layout: ``tabs`` (``(title, widget)``, before
    the shared *Game*, *History*), ``column`` (above the tabs), ``side`` (the side column,
    above the explained log), ``toolbar`` (after the view picker and *Presentation*)."""

    tabs: list[tuple[str, "W.Widget"]] = field(default_factory=list)
    column: list["W.Widget"] = field(default_factory=list)
    side: list["W.Widget"] = field(default_factory=list)
    toolbar: list["W.Widget"] = field(default_factory=list)


@dataclass
class LabMap:
    """A game's map in the lab: its ``widget`` (the map column); ``before_display`` runs before the
    lab is first shown (a map bringing its bundle up to date); ``batcher()`` is entered around every
    batch of changes (one map patch per act)."""

    widget: "W.Widget"
    before_display: Callable[[], None] | None = None
    batcher: Callable[[], Any] | None = None


@dataclass(frozen=True)
class LabDiff:
    """One difference of two games (the fork view's row, a :class:`DiffLike`): ``topic`` and ``item``
    name it (a game's own words: "hits", "Blue TB-3"), ``left`` / ``right`` its values in the first
    game and the branch."""

    topic: str
    item: str
    left: Any
    right: Any


@dataclass(frozen=True)
class LabViewModel:
    """One viewer's picture of a game (the kernel's ``ViewModel`` fields, plus ``view``: the game
    observer's view for the viewer, and ``actor``: whose acts ``offers`` are, or None; ``step`` and
    ``revision``, keyword only: :func:`record_place`).  A game's subclass adds its own fields after these."""

    viewer: str
    step_label: str
    log: Sequence[dict]
    offers: tuple
    pending: None
    view: dict
    actor: str | None
    step: int = field(default=0, kw_only=True)
    revision: int = field(default=0, kw_only=True)


def record_place(game: "Engine") -> dict[str, int]:
    """A view model's ``step`` (the record's cursor) and ``revision`` (the engine's count of changes)
    of ``game``: public, the History tab numbers the steps for every viewer."""
    return {"step": game.history.cursor, "revision": game.revision}


def mover_offers(game: "Engine", viewer: str, all_seeing: str = INSTRUCTOR) -> tuple[str | None, tuple]:
    """``(actor, acts)``: in a game where one player acts at a time (its ``to_act()``), whose acts
    ``viewer`` may make now -- its own, or, for ``all_seeing``, the player to act's -- and those acts
    (the engine's ``legal_actions``); ``(None, ())`` when it is nobody's or another's turn."""
    who = game.to_act()
    if who is None or (viewer != all_seeing and viewer != who):
        return None, ()
    return who, tuple(game.legal_actions(who))


def steps_text(n: int) -> str:
    """ "1 step", "7 steps"."""
    return f"{n} step{'s' if n != 1 else ''}"


class UmpireLabGame:
    """The common part of a :class:`LabGame` whose all-seeing viewer is the umpire (the kernel's
    ``"instructor"``) and whose games are saved as JSON (module docstring).

    A subclass sets ``viewers``, ``default_scenario``, ``scenarios`` (name -> anything; *New game*
    offers the names), ``game_words`` (the game as an error names it: "Force on Force"),
    ``umpire_tip`` and ``player_tip`` (a format with ``{viewer}``), ``sandbox_note`` (the *Game*
    card's muted line) and ``heading`` (the log's heading of an entry), and defines
    :meth:`make_game`, :meth:`save_data`, :meth:`from_save`, ``title``, ``progress``, ``first_hint``,
    ``misfit``, ``view_model``, ``compare``; :meth:`undo_looks`, :meth:`step_group` and
    :meth:`read_log` have defaults."""

    all_seeing = INSTRUCTOR
    starts: Sequence[tuple[str, str]] = ()
    scenarios: Mapping[str, Any] = {}
    game_words = "this game"
    umpire_tip = "everything (the umpire or instructor)"
    player_tip = "what the {viewer} player may know"
    sandbox_note = ""

    def viewer_name(self, viewer: str) -> str:
        """"Red view", "Umpire view"."""
        return "Umpire view" if viewer == self.all_seeing else f"{viewer} view"

    def viewer_tip(self, viewer: str) -> str:
        """The view picker's tooltip (:attr:`umpire_tip`, :attr:`player_tip`)."""
        return self.umpire_tip if viewer == self.all_seeing else self.player_tip.format(viewer=viewer)

    def scenario_names(self) -> list[str]:
        """The names of :attr:`scenarios`."""
        return list(self.scenarios)

    def new_game(self, scenario: str, seed: int | None, start: str | None) -> "Engine":
        """A new game of ``scenario`` (:meth:`make_game`). Raises ValueError for a name not in :attr:`scenarios`."""
        if scenario not in self.scenarios:
            raise ValueError(f"no {self.game_words} scenario {scenario!r}: choose {' or '.join(self.scenarios)}")
        return self.make_game(scenario, seed)

    def make_game(self, scenario: str, seed: int | None) -> "Engine":
        """A new game of ``scenario`` (a name of :attr:`scenarios`), dice seeded ``seed``."""
        raise NotImplementedError

    def save_data(self, game: "Engine") -> dict:
        """``game`` as JSON-native data (its record: initial state, acts, dice)."""
        raise NotImplementedError

    def from_save(self, data: Any, source: str) -> "Engine":
        """The game :meth:`save_data` wrote, read from ``source`` (a path, for errors); raises ScenarioError."""
        raise NotImplementedError

    def save_game(self, game: "Engine", path: Path) -> None:
        """Write :meth:`save_data` to ``path`` as JSON, whole (:func:`~lcb_lab.kernel.files.write_whole`);
        raises OSError."""
        from lcb_lab.kernel.files import write_whole
        write_whole(path, json.dumps(self.save_data(game)))

    def load_game(self, path: Path) -> "Engine":
        """The game saved in ``path`` (read by :func:`~lcb_lab.kernel.files.read_text`: a regular file,
        capped; then :meth:`from_save`). Raises ScenarioError naming the file, the key and what is
        wrong, or OSError."""
        return self.from_save(parse_json(read_text(path, "save"), str(path)), str(path))

    def start_of(self, game: "Engine") -> str | None:
        """No starts: a game opens ready to play."""
        return None

    def in_progress(self, game: "Engine") -> bool:
        """Has any act been applied?"""
        return bool(game.history.steps)

    def status_html(self, game: "Engine") -> str:
        """The *Game* tab's card: title, progress (open facts only) and :attr:`sandbox_note`."""
        return status_card(self.title(game), self.progress(game), self.sandbox_note)

    def title(self, game: "Engine") -> str:
        """The game's title."""
        raise NotImplementedError

    def progress(self, game: "Engine") -> str:
        """How far the game went."""
        raise NotImplementedError

    def step_label(self, game: "Engine", viewer: str) -> str:
        """The label of the step ``game`` shows, as ``viewer`` may read it ("" before the first)."""
        n = game.history.cursor
        return game.step_label_for(n, viewer) if n else ""

    def undo_looks(self, game: "Engine") -> list[Callable[[], str | None]]:
        """The game's own checks of a player's undo (:func:`~lcb_lab.kernel.undo.last_step_undo`'s ``looks``)."""
        return []

    def undo_allowed(self, game: "Engine", viewer: str) -> tuple[bool, str]:
        """The umpire: any step; a player: its own last step, still its to act, no die rolled, and
        :meth:`undo_looks` passed."""
        return last_step_undo(game, viewer, self.all_seeing, all_seeing_name="umpire", looks=self.undo_looks(game))

    def step_group(self, step: "Step") -> str:
        """The timeline's heading of ``step`` ("Turn 2")."""
        return f"Turn {step.turn}"

    def timeline(self, game: "Engine", viewer: str) -> "list[TimelineRow]":
        """Every step as ``viewer`` may read it, under :meth:`step_group` headings."""
        return timeline_rows(game, viewer, lambda steps: [self.step_group(s) for s in steps], lambda s: s.player)

    def read_log(self, game: "Engine", viewer: str) -> Sequence[dict | None]:
        """The log as ``viewer`` may read it (the game's observer)."""
        return game.read_log(viewer)

    def heading(self, entry: dict) -> str:
        """The explained log's heading of ``entry`` ("Turn 2")."""
        return f"Turn {entry.get('turn')}"

    def log_parts(self, game: "Engine", viewer: str, notes: Sequence[tuple[int, str]],
                  highlight_from: int | None) -> list[str]:
        """The explained log as ``viewer`` may read it: a :meth:`heading` each time it changes, each entry
        with its rule badges (``l.N``: the text's line numbers), the last act's entries highlighted,
        ``notes`` (refusals) where they happened."""
        return log_html(self.read_log(game, viewer), notes, highlight_from, self.heading)
