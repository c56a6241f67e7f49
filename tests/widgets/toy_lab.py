"""A second game's lab on the shared lab: the toy game *Scouts* (``tests/kernel/toy_game.py``).

:class:`ToyUi` is Scouts' :class:`~lcb_lab.ui.lab.game_ui.LabGame` (three players and an umpire,
one scenario, a JSON save of the record, its view model from the toy observer, its undo rule, its
timeline, compare and log); :class:`ToyLab` is the shared :class:`~lcb_lab.ui.lab.shell.LabShell`
with Scouts' "map" (an HTML line of positions with the scouts the viewer knows) and an *Acts*
tab (the viewer's legal acts, *Apply*).  Nothing here imports LC:B."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Sequence

import ipywidgets as W

from lcb_lab.kernel import choices as K
from lcb_lab.kernel.dice import D6
from lcb_lab.kernel.errors import ScenarioError
from lcb_lab.kernel.observer import redact_log
from lcb_lab.kernel.saved import restore
from lcb_lab.ui.lab.controller import LabController, follow
from lcb_lab.ui.lab.game_ui import LabMap, LabPanels, UmpireLabGame
from lcb_lab.ui.lab.html import esc, rule_badges
from lcb_lab.ui.lab.shell import LabShell
from lcb_lab.ui.lab.sync import set_children, set_options
from tests.kernel.toy_game import PLAYERS, BidTemplate, Scouts, new_game, view

UMPIRE = "instructor"
POSITIONS = 8


@dataclass(frozen=True)
class ToyViewModel:
    """One viewer's picture of Scouts (the kernel's ``ViewModel`` fields, plus the toy view)."""

    viewer: str
    step_label: str
    log: Sequence[dict]
    offers: tuple
    pending: None
    view: dict
    step: int = 0
    revision: int = 0


@dataclass(frozen=True)
class ToyDiff:
    """One difference of two Scouts games."""

    topic: str
    item: str
    left: Any
    right: Any


def _acts(game: Scouts, viewer: str) -> tuple:
    """The viewer's legal acts, concrete (a sealed bid's template as its four bids), naming only
    scouts the viewer knows (the game lists every target in range: the offers must not)."""
    who = game.to_act() if viewer == UMPIRE else viewer
    if who is None:
        return ()
    known = set(view(game, viewer)["units"])
    out = []
    for a in game.legal_actions(who):
        out += [a.make(None, o) for o in a.options] if isinstance(a, BidTemplate) else [a]
    return tuple(a for a in out if getattr(a, "target", None) in (None, *known))


class ToyUi(UmpireLabGame):
    """Scouts for the shared lab: the shared umpire-run lab game (viewer names, scenario check,
    JSON save/load through the kernel's reader of a saved game, undo, timeline) with Scouts' parts."""

    viewers = [(p, p) for p in PLAYERS] + [("Umpire", UMPIRE)]
    default_scenario = "three_scouts"
    scenarios = {"three_scouts": None}
    game_words = "Scouts"
    umpire_tip = "everything"
    player_tip = "what {viewer} may know"

    def make_game(self, scenario: str, seed: int | None) -> Scouts:
        return new_game(seed=seed if seed is not None else 0)

    def save_data(self, game: Scouts) -> dict:
        return {"state": game.state_to_data(game.state), "dice": game.dice.state(), "record": game.record_to_json()}

    def from_save(self, data: Any, source: str) -> Scouts:
        if not isinstance(data, dict):
            raise ScenarioError(source, "state", "not a saved game of Scouts")
        return restore(new_game(), data, source, D6)

    def title(self, game: Scouts) -> str:
        return "Scouts"

    def progress(self, game: Scouts) -> str:
        n = game.history.cursor
        return f"turn {game.state.turn}, {n} step{'s' if n != 1 else ''}"

    def first_hint(self, game: Scouts) -> str:
        return "Bid in the Acts tab."

    def misfit(self, shown: Scouts, game: Scouts) -> str | None:
        return None if isinstance(game, Scouts) else "it is not a game of Scouts"

    def view_model(self, game: Scouts, viewer: str, past: bool) -> ToyViewModel:
        n = game.history.cursor
        return ToyViewModel(viewer, game.step_label_for(n, viewer) if n else "",
                            tuple(redact_log(game.state.log, viewer)), () if past else _acts(game, viewer), None,
                            view(game, viewer), n, game.revision)

    def compare(self, first: Scouts, branch: Scouts, viewer: str) -> list[ToyDiff]:
        rows = [ToyDiff("score", p, first.state.scores[p], branch.state.scores[p]) for p in PLAYERS
                if first.state.scores[p] != branch.state.scores[p]]
        seen = set(view(first, viewer)["units"]) & set(view(branch, viewer)["units"])
        return rows + [ToyDiff("lost", u, not first.state.units[u].alive, not branch.state.units[u].alive)
                       for u in sorted(seen) if first.state.units[u].alive != branch.state.units[u].alive]

    def log_parts(self, game: Scouts, viewer: str, notes: Sequence[tuple[int, str]],
                  highlight_from: int | None) -> list[str]:
        parts = []
        for e in redact_log(game.state.log, viewer):
            parts.append(f'<div class="lcb-log-line">{rule_badges(e.get("rules", []))} <b>{esc(e["title"])}</b></div>')
        return parts + [h for _, h in notes]


TOY_UI = ToyUi()


class ToyLab(LabShell):
    """Scouts in the shared lab: its positions as the "map", its acts in the *Acts* tab."""

    def make_controller(self, game: Scouts) -> LabController:
        return LabController(game, TOY_UI)

    def game_panels(self) -> LabPanels:
        c = self.ctl
        self.acts = W.Dropdown(options=[], description="Act")
        self.apply_button = W.Button(description="Apply")
        self.apply_button.on_click(lambda _b: self.apply_act(self.acts.value))
        self.acts_box = W.VBox([])
        self.hand = W.HTML()
        self.acts_follower = follow(c, ["version", "viewer"], self._draw_acts)
        return LabPanels(tabs=[("Acts", self.acts_box)], side=[self.hand])

    def game_map(self) -> LabMap:
        self.board = W.HTML()
        self.board_follower = follow(self.ctl, ["version", "viewer"], self._draw_board)
        self._draw_board()
        return LabMap(self.board)

    def _draw_acts(self) -> None:
        vm = self.ctl.view_model()
        set_options(self.acts, [(repr(a), a) for a in vm.offers])
        set_children(self.acts_box, [bool(vm.offers) and self.acts, bool(vm.offers) and self.apply_button])
        self.hand.value = f"<b>Hand</b>: {esc(', '.join(vm.view['hand']) or '(none)')}"

    def _draw_board(self) -> None:
        g, vm = self.ctl.game, self.ctl.view_model()
        cells = [[] for _ in range(POSITIONS)]
        for uid in vm.view["units"]:
            u = g.state.units[uid]
            cells[u.pos].append(f"{uid}{'' if u.alive else ' (lost)'}")
        row = "".join(f"<td>{i}: {esc(', '.join(c))}</td>" for i, c in enumerate(cells))
        self.board.value = f'<table class="lcb-table toy-board"><tr>{row}</tr></table>'

    def apply_act(self, action: Any) -> Any:
        """Apply one typed act of Scouts through the controller (a refusal: one red line)."""
        return self.run(f"{getattr(action, 'KIND', 'act')}", self.ctl.apply, action)


def open_toy_lab(game: Scouts | None = None, team: str | None = None, **kw: Any) -> ToyLab:
    """A Scouts lab (a new game, seed 0, unless ``game``)."""
    return ToyLab(game if game is not None else new_game(seed=0), team=team, **kw)


def pending_bid(game: Scouts) -> bool:
    """Is a sealed bid open?"""
    return K.top(game.state.choices) is not None
