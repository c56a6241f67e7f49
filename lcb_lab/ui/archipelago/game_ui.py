"""*Naval Battle in Archipelago*'s side of the shared lab: :class:`ArchUi` (a
:class:`~lcb_lab.ui.lab.game_ui.LabGame`).

* **Viewers**: Red, Blue and the all-seeing umpire (the kernel's ``"instructor"``, named *Umpire*).
* **View model** (:class:`ArchViewModel`): built from the game's observer only
  (:func:`lcb_lab.games.archipelago.observer.view` and the kernel's ``redact``): the pieces and T
  markers on the board (the board is open, l.134), each Base A panel and ammunition ship's cargo as
  a count where it lies face down (optional l.283, l.370), the flagships the viewer may know
  (l.392 / secret l.394), and the viewer's legal acts -- the player to move's, for the umpire.
* **Undo** (:meth:`ArchUi.undo_allowed`): the umpire may undo any step; a player only its own last
  step, while it is still its turn, if the step rolled no die and revealed nothing (a step that
  ended the game showed every secret flagship, l.394).
* **Timeline**: one heading per turn and player ("Turn 2 · Blue"); **compare** (the fork view):
  the pieces afloat, their hits and the winner, from each game's view for the viewer.
* **Save / Load**: the record as JSON (``{"game": "archipelago", "level", "board", "record"}``; the
  initial state and every act with its dice), replayed on load.
* **Scenarios** (:data:`SCENARIOS`): ``level_1`` (eight torpedo boats a side) to ``level_4``, each side
  in the suggested zone 1 (l.146-149) of the sandbox board; ``level_5`` (the expanded rules on the
  expanded board A1-Q11, :data:`EXPANDED`; a new game on the other board redraws the map) and
  ``level_5_cards`` (with the optional cards, l.757); ``skirmish`` (three torpedo boats a side in
  torpedo range: a sandbox position, :data:`SKIRMISH`); the text's scenarios of the expanded rules
  (``convoy``, ``oil_platform``, ...: l.1393-1568,
  :func:`~lcb_lab.games.archipelago.scenario_setup.scenario_opening`), with the land launchers each
  side chose (``ArchUi.launchers``, l.995) where the scenario uses them (:func:`launcher_choices`).
"""
from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, Callable

from lcb_lab.games.archipelago.game import Archipelago
from lcb_lab.games.archipelago.model.board_data import load_board, point_name
from lcb_lab.games.archipelago.model.scenario_book import SCENARIOS as TEXT_SCENARIOS
from lcb_lab.games.archipelago.scenario_setup import scenario_opening
from lcb_lab.games.archipelago.model.state import PLAYERS
from lcb_lab.games.archipelago.observer import view
from lcb_lab.games.archipelago.stage import opening, stage
from lcb_lab.kernel.errors import ScenarioError
from lcb_lab.kernel.history import Step
from lcb_lab.kernel.observer import INSTRUCTOR
from lcb_lab.games.archipelago.scenario_setup import LAUNCHERS
from lcb_lab.kernel.saved import restore
from lcb_lab.ui.lab.game_ui import LabDiff, LabViewModel, UmpireLabGame, mover_offers, record_place, steps_text

__all__ = ["ArchUi", "ArchViewModel", "ArchDiff", "ARCH_UI", "UMPIRE", "SCENARIOS", "LAUNCHERS", "launcher_choices", "launcher_squares",
           "new_archipelago"]

UMPIRE = INSTRUCTOR
"""The all-seeing viewer (the umpire or instructor): the kernel's ``"instructor"``."""

SCENARIOS = {"level_1": (1, "Level 1: torpedo boats"), "level_2": (2, "Level 2: ships"),
             "level_2_secret": (2, "Level 2 with its secrets: flagships on paper, Base A and ammunition "
                                   "ship face down (optional l.283, l.370, l.394)"),
             "level_3": (3, "Level 3: helicopters (hover and progressive flight, missiles, machine guns)"),
             "level_4": (4, "Level 4: hovercraft, garrisons and commandos"),
             "level_5": (5, "Level 5, the expanded rules: missiles, submarines, mines, aircraft, on the expanded "
                            "board A1-Q11 (l.799-840)"),
             "level_5_cards": (5, "Level 5 with the cards (optional l.757): three each, chosen face down before "
                                  "turn 1, used at the end of a turn"),
             "skirmish": (1, "Level 1 skirmish: three torpedo boats a side in torpedo range (sandbox position)"),
             **{name: (5, f"Scenario: {title} (expanded rules, l.1393-1568)") for name, title in TEXT_SCENARIOS.items()}}
"""Scenario name -> (level, title); the text's own scenarios (:data:`TEXT_SCENARIOS`) by their names."""

def launcher_choices(scenario: str) -> tuple[tuple[str, ...], str]:
    """``(names, why)``: the land launchers a side may choose for a new game of ``scenario`` (l.995:
    "players can choose launchers or not"), and the line and reason when it may choose none -- the
    scenario's restriction (l.1431, l.1510, l.1526) or a lab scenario that is not one of the text's.
    A launcher whose missile the scenario does not use is not offered (*reading*: S-S in Salvage l.1473 and Tanker l.1452).

    >>> launcher_choices("convoy")[0], launcher_choices("capture")[1]
    (('L-1', 'L-2', 'L-3', 'L-4'), 'l.1526: Capturing Island uses no land launchers')
    """
    if scenario not in TEXT_SCENARIOS:
        return (), "chosen only for the scenarios of the text (l.995)"
    from lcb_lab.games.archipelago.model.scenario_book import ref, table
    from lcb_lab.games.archipelago.scenario_setup import launchers_allowed
    t = table()[scenario]
    names = launchers_allowed(t)
    return names, "" if names else f"{ref(t, 'restrictions')}: {t['title']} uses no land launchers"


def launcher_squares(scenario: str, side: str) -> list[tuple[str, tuple[int, int]]]:
    """``[(label, (col, row))]``: the square red points of ``side`` a land launcher of ``scenario`` may
    stand on (l.991; in the side's zone where the scenario says so, l.1560), labelled as the lab names
    points (``"point 14,27 (C6)"``); empty for a scenario that is not one of the text's.

    >>> launcher_squares("convoy", "Blue")[0]
    ('point 14,27 (C6)', (14, 27))
    """
    if scenario not in TEXT_SCENARIOS:
        return []
    from lcb_lab.games.archipelago.model.scenario_book import table
    from lcb_lab.games.archipelago.rules.expanded import BOARD
    from lcb_lab.games.archipelago.scenario_setup import launcher_points
    board = load_board(BOARD)
    out = []
    for p in launcher_points(board, table()[scenario], side)[0]:
        out.append((f"point {point_name(board, p)}", board.col_row(p)))
    return out


SECRET_RULES = ("l.283", "l.370", "l.394")
"""The optional rules of ``level_2_secret``: what each player keeps from the other."""

FLAGSHIP_CHOICES = ("C-9", "C-10", "C-11", "C-12", "D-13", "D-14")
"""The warships a side's secret flagship is drawn from in ``level_2_secret``: the text lets each
player write any ship (l.394); the lab draws one per side with the game's seed (*sandbox*)."""


def secret_flagships(seed: int | None) -> dict[str, str]:
    """``{"Red": "Red D-13", "Blue": ...}``: each side's flagship for ``level_2_secret``, drawn from
    :data:`FLAGSHIP_CHOICES` with ``seed`` (*sandbox*: the players' papers, l.394).

    >>> secret_flagships(1) == secret_flagships(1)
    True
    """
    rng = random.Random(seed)
    return {side: f"{side} {rng.choice(FLAGSHIP_CHOICES)}" for side in ("Red", "Blue")}

SKIRMISH = [(f"{owner} TB-{i + 1}", (30 + 2 * i, row), "S") for owner, row in (("Red", 21), ("Blue", 25))
            for i in range(3)]
"""The skirmish's pieces, ``(id, (col, row), facing)`` on the sandbox board: Red's three boats chase
Blue's three, four points astern of them on open deep water (a *sandbox* position for a first lesson:
Red's first torpedo can reach a Blue boat from the rear, l.209)."""

BOARD = "archipelago"
"""The sandbox board the lab's games of levels 1-4 are played on (``docs/archipelago_board.md``)."""
EXPANDED = "archipelago_expanded"
"""The sandbox expanded board A1-Q11 of level 5 (l.813; ``rules/expanded.py``'s ``BOARD``)."""


def board_name(level: int) -> str:
    """The board file a game of ``level`` is played on in the lab: :data:`EXPANDED` at level 5, else
    :data:`BOARD`."""
    return EXPANDED if level >= 5 else BOARD

PLACE = ("turn", "phase")
"""The log entries' place keys (turn, phase)."""


def new_archipelago(level: int = 1, seed: int | None = 1, **extra: Any) -> Archipelago:
    """A new game of ``level`` (1 to 5) on the sandbox board, each side in zone 1 facing the other
    (:func:`~lcb_lab.games.archipelago.stage.opening`; from level 3 the helicopters start landed
    on white points; level 5 on the expanded board A1-Q11, Blue west, Red east, l.799-840), dice
    seeded ``seed``. Raises ValueError for another level."""
    if level not in (1, 2, 3, 4, 5):
        raise ValueError(f"the lab plays levels 1 to 5, not {level!r}")
    return opening(load_board(board_name(level)), level=level, zone=1, seed=seed, **extra)


@dataclass(frozen=True)
class ArchViewModel(LabViewModel):
    """One viewer's picture of the game (:class:`~lcb_lab.ui.lab.game_ui.LabViewModel`: ``view`` is the
    observer's :func:`~lcb_lab.games.archipelago.observer.view` for the viewer, ``actor`` the player
    whose acts ``offers`` are, or None)."""


ArchDiff = LabDiff
"""One difference of two games (the fork view's row): ``topic`` ("afloat", "hits", "winner"),
``item`` (a piece id or "game"), its values in the first game and the branch."""


def offers_for(game: Archipelago, viewer: str) -> tuple[str | None, tuple]:
    """``(actor, acts)``: whose acts the viewer may make now (its own; the umpire's are the player
    to move's) and those acts (the engine's ``legal_actions``: acts and templates)."""
    return mover_offers(game, viewer, UMPIRE)


class ArchUi(UmpireLabGame):
    """*Naval Battle in Archipelago* for the shared lab (module docstring; the common part:
    :class:`~lcb_lab.ui.lab.game_ui.UmpireLabGame`)."""

    viewers = [("Red", "Red"), ("Blue", "Blue"), ("Umpire", UMPIRE)]
    default_scenario = "level_1"
    scenarios = SCENARIOS
    game_words = "Archipelago"
    umpire_tip = "everything, every secret (the umpire or instructor)"
    player_tip = "what the {viewer} player may know"
    sandbox_note = "Sandbox board and blue die (the text prints neither)."

    def __init__(self) -> None:
        self.launchers: dict[str, dict[str, tuple[int, int] | None]] = {}
        """Side -> the L markers it chose for the next new game of a text scenario (l.995), each with
        its square red point ``(col, row)`` (l.991; None: the first free one); the lab's launcher
        picker sets it (:mod:`~lcb_lab.ui.archipelago.launcher_picker`)."""

    def make_game(self, scenario: str, seed: int | None) -> Archipelago:
        """A new game of ``scenario`` (:data:`SCENARIOS`); a text scenario with the :attr:`launchers`
        it uses (l.995). Raises IllegalAction (a ValueError) when a chosen launcher finds no free
        square (l.991, l.1560)."""
        if scenario == "skirmish":
            return stage(load_board(BOARD), SKIRMISH, seed=seed, level=1)
        if scenario == "level_5_cards":
            return new_archipelago(5, seed, optional_rules=["l.757"], card_count=3)
        if scenario in TEXT_SCENARIOS:
            allowed = launcher_choices(scenario)[0]
            chosen = {side: {n: at for n, at in picks.items() if n in allowed} for side, picks in self.launchers.items()}
            return scenario_opening(scenario, seed, launchers={s: n for s, n in chosen.items() if n})
        if scenario == "level_2_secret":
            return new_archipelago(2, seed, optional_rules=list(SECRET_RULES), flagships=secret_flagships(seed))
        return new_archipelago(SCENARIOS[scenario][0], seed)

    def save_data(self, game: Archipelago) -> dict:
        """The record (initial state, acts, dice): the game's ``save_data``."""
        return game.save_data()

    def from_save(self, d: Any, source: str) -> Archipelago:
        """The game saved as ``d``: its record replayed. Raises ScenarioError naming ``source`` for data
        that is not an Archipelago save or does not replay."""
        if not isinstance(d, dict) or d.get("game") != "archipelago":
            raise ScenarioError(source, "game", "not a saved game of Naval Battle in Archipelago")
        level = d.get("level", 1)
        if level not in (1, 2, 3, 4, 5):
            raise ScenarioError(source, "level", f"the lab plays levels 1 to 5, the file has {level!r}")
        if d.get("board") != load_board(board_name(level)).name:
            got = f"{d['board']!r}" if "board" in d else "no board named"
            raise ScenarioError(source, "board", f"the lab plays level {level} on the sandbox board "
                                                 f"{board_name(level)!r}, the file has {got}")
        return restore(new_archipelago(level, 0), d, source)

    def title(self, game: Archipelago) -> str:
        """"Archipelago, level 1: torpedo boats"."""
        level = game.level
        words = {1: "torpedo boats", 2: "ships", 5: "the expanded rules"}.get(level, f"level {level}")
        return f"Archipelago, level {level}: {words}"

    def progress(self, game: Archipelago) -> str:
        """"turn 2, Blue to move (phase move), 7 steps" or the outcome."""
        v, steps = view(game, UMPIRE), steps_text(game.history.cursor)   # open facts only: turn, player, phase, winner
        if v["over"]:
            return f"over after turn {v['turn']}: {v['winner'] or 'no winner'}, {steps}"
        return f"turn {v['turn']}, {v['to_move']} to move ({v['phase']}), {steps}"

    def first_hint(self, game: Archipelago) -> str:
        """What to do first."""
        return "Red begins: roll the blue dice in the Turn tab."

    def misfit(self, shown: Archipelago, game: Archipelago) -> str | None:
        """Why ``game`` cannot replace ``shown`` (another game, or a board that is neither ``shown``'s
        nor one of the lab's two sandbox boards -- the lab redraws its map for the other), or None."""
        if not isinstance(game, Archipelago):
            return "it is not a game of Naval Battle in Archipelago"
        if game.board.name != shown.board.name and game.board.name not in (BOARD, EXPANDED):
            return f"it is played on the board {game.board.name!r}, not {shown.board.name!r}"
        return None

    def view_model(self, game: Archipelago, viewer: str, past: bool) -> ArchViewModel:
        """``viewer``'s view model (module docstring); ``past``: it offers nothing."""
        actor, offers = (None, ()) if past else offers_for(game, viewer)
        log = tuple(r for r in game.read_log(viewer) if r is not None)
        return ArchViewModel(viewer, self.step_label(game, viewer), log, offers, None, view(game, viewer), actor,
                             **record_place(game))

    def undo_looks(self, game: Archipelago) -> list[Callable[[], str | None]]:
        """A player's undo: not of a step that ended the game (it showed every secret, l.394)."""
        def revealed() -> str | None:
            return "the last step ended the game and showed every secret" if view(game, UMPIRE)["over"] else None
        return [revealed]

    def step_group(self, step: Step) -> str:
        """"Set-up" or "Turn 2 · Blue"."""
        return "Set-up" if step.sub_turn == 1 else f"Turn {step.turn} · {step.player}"

    def heading(self, entry: dict) -> str:
        """The explained log's heading: "Set-up" or "Turn 2"."""
        return "Set-up" if entry.get("phase") == "setup" else f"Turn {entry.get('turn')}"

    def compare(self, first: Archipelago, branch: Archipelago, viewer: str) -> list[ArchDiff]:
        """Pieces afloat, hits and the winner that differ, from each game's view for ``viewer``."""
        a, b = view(first, viewer), view(branch, viewer)
        rows = []
        for pid in sorted(set(a["pieces"]) | set(b["pieces"])):
            pa, pb = a["pieces"].get(pid), b["pieces"].get(pid)
            if (pa is None) != (pb is None):
                rows.append(ArchDiff("afloat", pid, pa is not None, pb is not None))
            elif pa is not None and pa["hits"] != pb["hits"]:
                rows.append(ArchDiff("hits", pid, len(pa["hits"]), len(pb["hits"])))
        if (a["over"], a["winner"]) != (b["over"], b["winner"]):
            rows.append(ArchDiff("winner", "game", a["winner"] or "-", b["winner"] or "-"))
        return rows


ARCH_UI = ArchUi()
"""The one :class:`ArchUi`."""


def other_player(player: str) -> str:
    """The other of the two players."""
    return PLAYERS[1 - PLAYERS.index(player)]
