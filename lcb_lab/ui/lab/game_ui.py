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

Hidden information: everything the shared parts draw comes from these calls made for the
current viewer -- the view model, the timeline rows, the compare rows and the log parts are the
game's, decided by its observer.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable, Protocol, Sequence

if TYPE_CHECKING:  # pragma: no cover
    import ipywidgets as W

    from lcb_lab.kernel.engine import Engine
    from lcb_lab.kernel.timeline import TimelineRow
    from lcb_lab.kernel.view_model import ViewModel

__all__ = ["LabGame", "LabPanels", "LabMap", "DiffLike"]


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
