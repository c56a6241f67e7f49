"""LC:B's side of the shared lab: :class:`LcbUi`, the :class:`~lcb_lab.ui.lab.game_ui.LabGame` of
Littoral Commander: Baltic (its views, scenarios, saves, view model, undo rule, timeline, compare
and explained log), each a call into the game's own modules."""
from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Sequence

from lcb_lab.games.lcb.offers import NOTHING
from lcb_lab.games.lcb.view_model import ViewModel, view_model
from lcb_lab.games.lcb.whatif.compare import DiffRow, compare
from lcb_lab.games.lcb.whatif.timeline import INSTRUCTOR, timeline, undo_allowed
from lcb_lab.kernel.timeline import TimelineRow
from lcb_lab.games.lcb.rules.optional.switches import OPTIONAL_RULES, describe
from lcb_lab.ui.lab.html import esc
from lcb_lab.ui.lcb import panels

if TYPE_CHECKING:  # pragma: no cover
    from lcb_lab.games.lcb.game import Game

__all__ = ["LcbUi", "VIEWS", "TEAMS", "LCB_UI", "START_OPTIONS", "START_WORDS"]

VIEWS = [("Blue (US)", "US"), ("Red (RU)", "RU"), ("Instructor", INSTRUCTOR)]
"""The view picker's buttons."""
TEAMS = ("US", "RU", INSTRUCTOR)
START_OPTIONS = [("Action Stage", "action"), ("Planning Stage", "planning")]
"""*Start at*: the stage a new game begins in (``load_scenario(..., start=...)``): the Action Stage with
the units and cards in place, or the Planning Stage (buy cards, then deploy; 3.1, 3.2)."""
START_WORDS = {"action": "Action Stage", "planning": "Planning Stage"}
_TIPS = {"US": "what the US team may see", "RU": "what the RU team may see",
         INSTRUCTOR: "everything (the instructor)"}


class LcbUi:
    """LC:B for the shared lab (see :class:`~lcb_lab.ui.lab.game_ui.LabGame` for each member)."""

    viewers = VIEWS
    all_seeing = INSTRUCTOR
    default_scenario = "gotland_redux"
    starts = START_OPTIONS
    _table_cache: tuple | None = None

    def viewer_name(self, viewer: str) -> str:
        """"Red (RU) view", "Instructor view" (:func:`lcb_lab.ui.lcb.panels.view_name`)."""
        return panels.view_name(viewer)

    def viewer_tip(self, viewer: str) -> str:
        """What the view shows, for the picker's tooltip."""
        return _TIPS.get(viewer, viewer)

    def scenario_names(self) -> list[str]:
        """The packaged scenarios (:func:`lcb_lab.games.lcb.io.resources.scenario_names`)."""
        from lcb_lab.games.lcb.io.resources import scenario_names
        return scenario_names()

    def new_game(self, scenario: str, seed: int | None, start: str | None) -> "Game":
        """``load_scenario(scenario, seed=seed, start=start)``; raises its ScenarioError / InputError."""
        from lcb_lab.games.lcb.io.loading import load_scenario
        return load_scenario(scenario, seed=seed, start=start)

    def load_game(self, path: Path) -> "Game":
        """``Game.load(path)``; raises ScenarioError / LabError."""
        from lcb_lab.games.lcb.game import Game
        return Game.load(path)

    def save_game(self, game: "Game", path: Path) -> None:
        """``game.save(path)`` (JSON); raises LabError when it cannot be written."""
        game.save(path)

    def review_html(self, game: "Game", viewer: str) -> str:
        """The after-action review as ``viewer`` may know it (:func:`lcb_lab.ui.lcb.review.review_html`)."""
        from lcb_lab.ui.lcb.review import review_html
        return review_html(game, viewer)

    def start_of(self, game: "Game") -> str:
        """``"planning"`` in the Planning or Deployment Stage (3.1, 3.2), else ``"action"``."""
        return "planning" if game.stage in ("planning", "deployment") else "action"

    def _table(self, game: "Game") -> ViewModel:
        """The public facts of the table (every viewer may read them): the instructor's view model
        with no offers, built once per change of the game (``Engine.revision``): the Game tab asks
        for the title, the status and the progress on every redraw."""
        cached = self._table_cache
        if cached is None or cached[0] is not game or cached[1] != game.revision:
            cached = self._table_cache = (game, game.revision, view_model(game, INSTRUCTOR, NOTHING))
        return cached[2]

    def title(self, game: "Game") -> str:
        """The scenario's name (or its id)."""
        view = self._table(game).view
        return view.get("scenario_name") or view.get("scenario") or ""

    def progress(self, game: "Game") -> str:
        """"turn 1, 2 impulses begun" (3.3: an impulse begun is public)."""
        vm = self._table(game)
        n = vm.impulses_begun
        return f"turn {vm.turn}, {n} impulse{'s' if n != 1 else ''} begun"

    def in_progress(self, game: "Game") -> bool:
        """A log entry, an impulse, a Task Force begun."""
        return bool(game.log) or self._table(game).impulses_begun > 0

    def status_html(self, game: "Game") -> str:
        """Scenario, turn of the last turn, impulses begun (and game over)."""
        vm = self._table(game)
        over = (f" \u00b7 <span class='lcb-refused'>game over: {esc(vm.result)}</span>"
                if vm.stage != "action" else "")
        options = "".join(f"<br><span title='{esc(OPTIONAL_RULES[r].summary)}'>optional rule on: {esc(line)}</span>"
                          for r, line in zip(vm.optional_rules, describe(vm.optional_rules)))
        return (f'<div class="lcb-card"><b>{esc(self.title(game))}</b> \u00b7 turn {vm.turn} '
                f"of {vm.view['max_turns']} \u00b7 {esc(self.progress(game).split(', ', 1)[1])}{over}{options}"
                f"{events_line(vm)}</div>")

    def first_hint(self, game: "Game") -> str:
        """Buy cards (3.1) or begin the first impulse."""
        return ("Buy cards in the Impulse tab's Planning panel (3.1)." if game.stage == "planning"
                else "Begin the first impulse in the Impulse tab.")

    def misfit(self, shown: "Game", game: "Game") -> str | None:
        """A game on another map opens in its own lab (the lab's map is fixed)."""
        if game.board.name == shown.board.name:
            return None
        return (f"it is played on the {game.board.name} map and this lab shows the {shown.board.name} map; "
                "open it in its own lab with open_lab(game=...)")

    def view_model(self, game: "Game", viewer: str, past: bool) -> ViewModel:
        """:func:`lcb_lab.games.lcb.view_model.view_model` (offering nothing while the past is shown)."""
        return view_model(game, viewer, NOTHING if past else None)

    def undo_allowed(self, game: "Game", viewer: str) -> tuple[bool, str]:
        """:func:`lcb_lab.games.lcb.whatif.timeline.undo_allowed` (a team's undo must not scout)."""
        return undo_allowed(game, viewer)

    def timeline(self, game: "Game", viewer: str) -> list[TimelineRow]:
        """:func:`lcb_lab.games.lcb.whatif.timeline.timeline` (grouped by turn and impulse)."""
        return timeline(game, viewer)

    def compare(self, first: "Game", branch: "Game", viewer: str) -> list[DiffRow]:
        """:func:`lcb_lab.games.lcb.whatif.compare.compare`."""
        return compare(first, branch, viewer)

    def log_parts(self, game: "Game", viewer: str, notes: Sequence[tuple[int, str]],
                  highlight_from: int | None) -> list[str]:
        """:func:`lcb_lab.ui.lcb.panels.log_parts`."""
        return panels.log_parts(game, viewer, list(notes), highlight_from)


LCB_UI = LcbUi()
"""The one :class:`LcbUi` (it holds no state)."""


def events_line(vm: ViewModel) -> str:
    """The status line's Event Cards of this turn (16.0), the Action Pool left (3.312), an event's
    CV change and the gray cubes on the map (3.26): from the table's public facts; "" when none."""
    from lcb_lab.games.lcb.model.events import load_events
    deck = load_events()
    parts = []
    for name in vm.events_this_turn:
        parts.append(f"<span class='lcb-event' title='{esc(deck.card(name).text)} (sandbox card)'>"
                     f"Event Card this turn (16.0): <b>{esc(name)}</b> (sandbox card)</span>")
    if vm.action_pool:
        parts.append("Action Pool (3.312): " + ", ".join(f"{esc(t)} {n} AP" for t, n in sorted(vm.action_pool.items())))
    for kind, n in sorted(vm.cv_changes.items()):
        parts.append(f"every {esc(kind)} value {n:+d} this turn (Event Card, 16.0)")
    if vm.gray_cubes:
        kinds = sorted({c["kind"] for c in vm.gray_cubes})
        parts.append(f"gray cubes on the map (3.26): {len(vm.gray_cubes)} ({', '.join(kinds)})")
    return "".join(f"<br>{p}" for p in parts)
