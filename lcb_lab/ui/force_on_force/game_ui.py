"""*Force on Force*'s side of the shared lab: :class:`FofUi` (a :class:`~lcb_lab.ui.lab.game_ui.LabGame`).

* **Viewers**: Blue, Red and the all-seeing umpire (the kernel's ``"instructor"``, named *Umpire*).
* **View model** (:class:`FofViewModel`): built from the game's observer only
  (:func:`lcb_lab.games.force_on_force.observer.view`, ``read_log``, ``pending``): the units the
  viewer knows -- a hidden enemy unit is absent until one of the viewer's units (or its UAV) spots
  it (l.110, l.120) --, the question waiting (Reactions, l.350; interrupts, l.407) and the viewer's
  legal acts (the side to act's, for the umpire).
* **Undo** (:meth:`FofUi.undo_allowed`): the umpire may undo any step; a side its own last step,
  while it is still its to act, if the step rolled no die.
* **Timeline**: one heading per turn ("Turn 2"); **compare** (the fork view): the figures of each
  unit both games show the viewer, the units lost, the figures lost per side and the winner.
* **Save / Load**: :mod:`lcb_lab.games.force_on_force.saves` (the record replayed on load).
* **Scenarios**: ``sandbox_table`` (the packaged table and units, Overwatch declared first) -- all
  sandbox: the text prints no table, units or scenario (``data/sandbox_table.toml``).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from lcb_lab.games.force_on_force.game import ForceOnForce, new_game
from lcb_lab.games.force_on_force.observer import pending, read_log, view
from lcb_lab.games.force_on_force.saves import from_save, save_data
from lcb_lab.kernel.observer import INSTRUCTOR
from lcb_lab.ui.lab.game_ui import LabDiff, LabViewModel, UmpireLabGame, mover_offers, record_place, steps_text

__all__ = ["FofUi", "FofViewModel", "FofDiff", "FOF_UI", "UMPIRE", "SCENARIOS", "offers_for", "question_text"]

UMPIRE = INSTRUCTOR
"""The all-seeing viewer (the umpire or instructor): the kernel's ``"instructor"``."""
SCENARIOS = {"sandbox_table": "The sandbox table: SAS, SAS, Marines against an MG team, gunmen and a hidden cell"}
"""Scenario name -> title (sandbox: the text prints no scenario)."""
QUESTIONS = {"react": "declares its Reactions to {unit} ({rule})", "interrupt": "may interrupt the Reactions to {unit} "
             "(Overwatch, {rule}; Opportunity Fire, l.324)"}
"""A waiting question in words; ``{rule}``: the rule the engine names for it (l.350, l.407)."""

FofDiff = LabDiff
"""One difference of two games (the fork view's row): ``topic`` ("figures", "lost", "winner"),
``item`` (a unit, a side or "game"), its values in the first game and the branch."""


@dataclass(frozen=True)
class FofViewModel(LabViewModel):
    """One viewer's picture of the game (:class:`~lcb_lab.ui.lab.game_ui.LabViewModel`: ``actor`` is the
    side whose acts ``offers`` are, or None), plus ``question``: the question waiting, as everyone
    may know it, or None."""

    question: dict | None


def offers_for(game: ForceOnForce, viewer: str) -> tuple[str | None, tuple]:
    """``(actor, acts)``: whose acts the viewer may make now (its own side's; the umpire's are the
    side to act's) and those acts (the engine's ``legal_actions``, which name only units that side
    knows)."""
    return mover_offers(game, viewer, UMPIRE)


def question_text(q: dict | None) -> str:
    """The waiting question in words with its rule, once ("Red declares its Reactions to SAS A (l.350)"), or ""."""
    if q is None:
        return ""
    return f"{q['side']} " + QUESTIONS.get(q["question"], q["question"] + " ({rule})").format(**q)


class FofUi(UmpireLabGame):
    """*Force on Force* for the shared lab (module docstring; the common part:
    :class:`~lcb_lab.ui.lab.game_ui.UmpireLabGame`)."""

    viewers = [("Blue", "Blue"), ("Red", "Red"), ("Umpire", UMPIRE)]
    default_scenario = "sandbox_table"
    scenarios = SCENARIOS
    game_words = "Force on Force"
    umpire_tip = "everything, hidden units included (the umpire or instructor)"
    player_tip = "what the {viewer} player may know: a hidden enemy unit only once spotted"
    sandbox_note = ("Sandbox table, units, ranges, combat resolution and Fog of War deck (the fragment prints "
                    "none of them; docs/force_on_force.md).")

    def make_game(self, scenario: str, seed: int | None) -> ForceOnForce:
        """A new game on the sandbox table, dice seeded ``seed`` (1 when None)."""
        return new_game(seed=seed if seed is not None else 1)

    def save_data(self, game: ForceOnForce) -> dict:
        """:func:`~lcb_lab.games.force_on_force.saves.save_data`."""
        return save_data(game)

    def from_save(self, data: Any, source: str) -> ForceOnForce:
        """:func:`~lcb_lab.games.force_on_force.saves.from_save` (the record replayed). Raises ScenarioError."""
        return from_save(data, source)

    def title(self, game: ForceOnForce) -> str:
        """The game's title."""
        return "Force on Force: the sandbox table"

    def progress(self, game: ForceOnForce) -> str:
        """"turn 1 of 3, Blue has the initiative, 4 steps" or the outcome (open facts only)."""
        v, steps = view(game, UMPIRE), steps_text(game.history.cursor)
        if v["phase"] == "over":
            return f"over after turn {v['turn']}: {v['winner'] or 'no winner'} wins, {steps}"
        return f"turn {v['turn']}, {v['initiative']} has the initiative, {steps}"

    def first_hint(self, game: ForceOnForce) -> str:
        """What to do first."""
        return "Declare Overwatch or start the activations in the Turn tab."

    def misfit(self, shown: ForceOnForce, game: ForceOnForce) -> str | None:
        """Why ``game`` cannot replace ``shown``, or None."""
        return None if isinstance(game, ForceOnForce) else "it is not a game of Force on Force"

    def view_model(self, game: ForceOnForce, viewer: str, past: bool) -> FofViewModel:
        """``viewer``'s view model (module docstring); ``past``: it offers nothing."""
        actor, offers = (None, ()) if past else offers_for(game, viewer)
        log = tuple(r for r in read_log(game, viewer) if r is not None)
        return FofViewModel(viewer, self.step_label(game, viewer), log, offers, None, view(game, viewer), actor,
                            pending(game), **record_place(game))

    def read_log(self, game: ForceOnForce, viewer: str) -> list:
        """The log as ``viewer`` may read it (:func:`~lcb_lab.games.force_on_force.observer.read_log`)."""
        return read_log(game, viewer)

    def compare(self, first: ForceOnForce, branch: ForceOnForce, viewer: str) -> list[LabDiff]:
        """Figures of the units both views show, figures lost per side and the winner that differ."""
        a, b = view(first, viewer), view(branch, viewer)
        ua, ub = ({u["name"]: u["figures"] for u in v["units"]} for v in (a, b))
        rows = [FofDiff("figures", n, ua[n], ub[n]) for n in sorted(set(ua) & set(ub)) if ua[n] != ub[n]]
        rows += [FofDiff("lost", s, a["lost"][s], b["lost"][s]) for s in sorted(a["lost"])
                 if a["lost"][s] != b["lost"][s]]
        if a["winner"] != b["winner"]:
            rows.append(FofDiff("winner", "game", a["winner"] or "-", b["winner"] or "-"))
        return rows


FOF_UI = FofUi()
"""The one :class:`FofUi`."""
