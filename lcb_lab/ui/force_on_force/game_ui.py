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

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Sequence

from lcb_lab.games.force_on_force.game import ForceOnForce, new_game
from lcb_lab.games.force_on_force.observer import pending, read_log, view
from lcb_lab.games.force_on_force.saves import from_save, save_data
from lcb_lab.kernel.files import parse_json, read_text
from lcb_lab.kernel.history import Step
from lcb_lab.kernel.observer import INSTRUCTOR
from lcb_lab.kernel.timeline import TimelineRow, timeline_rows
from lcb_lab.kernel.undo import last_step_undo
from lcb_lab.ui.lab.html import log_html, status_card

__all__ = ["FofUi", "FofViewModel", "FofDiff", "FOF_UI", "UMPIRE", "SCENARIOS", "offers_for", "question_text"]

UMPIRE = INSTRUCTOR
"""The all-seeing viewer (the umpire or instructor): the kernel's ``"instructor"``."""
SCENARIOS = {"sandbox_table": "The sandbox table: SAS, SAS, Marines against an MG team, gunmen and a hidden cell"}
"""Scenario name -> title (sandbox: the text prints no scenario)."""
QUESTIONS = {"react": "declares its Reactions to {unit}", "interrupt": "may interrupt the Reactions to {unit} "
             "(Overwatch, l.407; Opportunity Fire, l.324)"}


@dataclass(frozen=True)
class FofViewModel:
    """One viewer's picture of the game (the kernel's ``ViewModel`` fields, plus ``view``: the
    observer's view for the viewer; ``actor``: the side whose acts ``offers`` are, or None;
    ``question``: the question waiting, as everyone may know it, or None)."""

    viewer: str
    step_label: str
    log: Sequence[dict]
    offers: tuple
    pending: None
    view: dict
    actor: str | None
    question: dict | None


@dataclass(frozen=True)
class FofDiff:
    """One difference of two games (the fork view's row): ``topic`` ("figures", "lost", "winner"),
    ``item`` (a unit, a side or "game"), its values in the first game and the branch."""

    topic: str
    item: str
    left: Any
    right: Any


def offers_for(game: ForceOnForce, viewer: str) -> tuple[str | None, tuple]:
    """``(actor, acts)``: whose acts the viewer may make now (its own side's; the umpire's are the
    side to act's) and those acts (the engine's ``legal_actions``, which name only units that side
    knows)."""
    who = game.to_act()
    if who is None or (viewer != UMPIRE and viewer != who):
        return None, ()
    return who, tuple(game.legal_actions(who))


def question_text(q: dict | None) -> str:
    """The waiting question in words ("Blue declares its Reactions to MG team"), or ""."""
    if q is None:
        return ""
    return f"{q['side']} " + QUESTIONS.get(q["question"], q["question"]).format(unit=q["unit"]) + f" ({q['rule']})"


class FofUi:
    """*Force on Force* for the shared lab (module docstring)."""

    viewers = [("Blue", "Blue"), ("Red", "Red"), ("Umpire", UMPIRE)]
    all_seeing = UMPIRE
    default_scenario = "sandbox_table"
    starts: Sequence[tuple[str, str]] = ()

    def viewer_name(self, viewer: str) -> str:
        """"Blue view", "Red view", "Umpire view"."""
        return "Umpire view" if viewer == UMPIRE else f"{viewer} view"

    def viewer_tip(self, viewer: str) -> str:
        """The view picker's tooltip."""
        return "everything, hidden units included (the umpire or instructor)" if viewer == UMPIRE else \
            f"what the {viewer} player may know: a hidden enemy unit only once spotted"

    def scenario_names(self) -> list[str]:
        """The names of :data:`SCENARIOS`."""
        return list(SCENARIOS)

    def new_game(self, scenario: str, seed: int | None, start: str | None) -> ForceOnForce:
        """A new game of ``scenario``, dice seeded ``seed``. Raises ValueError for another name."""
        if scenario not in SCENARIOS:
            raise ValueError(f"no Force on Force scenario {scenario!r}: choose {' or '.join(SCENARIOS)}")
        return new_game(seed=seed if seed is not None else 1)

    def save_game(self, game: ForceOnForce, path: Path) -> None:
        """Write the save (:func:`~lcb_lab.games.force_on_force.saves.save_data`) as JSON; raises OSError."""
        path.write_text(json.dumps(save_data(game)), encoding="utf-8")

    def load_game(self, path: Path) -> ForceOnForce:
        """The game saved in ``path``, its record replayed. Raises ScenarioError, OSError."""
        return from_save(parse_json(read_text(path, "save"), str(path)), str(path))

    def start_of(self, game: ForceOnForce) -> None:
        """No starts."""
        return None

    def title(self, game: ForceOnForce) -> str:
        """The game's title."""
        return "Force on Force: the sandbox table"

    def progress(self, game: ForceOnForce) -> str:
        """"turn 1 of 3, Blue has the initiative, 4 steps" or the outcome (open facts only)."""
        v, n = view(game, UMPIRE), game.history.cursor
        steps = f"{n} step{'s' if n != 1 else ''}"
        if v["phase"] == "over":
            return f"over after turn {v['turn']}: {v['winner'] or 'no winner'} wins, {steps}"
        return f"turn {v['turn']}, {v['initiative']} has the initiative, {steps}"

    def in_progress(self, game: ForceOnForce) -> bool:
        """Has any act been applied?"""
        return bool(game.history.steps)

    def status_html(self, game: ForceOnForce) -> str:
        """The *Game* tab's card (open facts only)."""
        return status_card(self.title(game), self.progress(game), "Sandbox table, units, ranges, combat resolution "
                           "and Fog of War deck (the fragment prints none of them; docs/force_on_force.md).")

    def first_hint(self, game: ForceOnForce) -> str:
        """What to do first."""
        return "Declare Overwatch or start the activations in the Turn tab."

    def misfit(self, shown: ForceOnForce, game: ForceOnForce) -> str | None:
        """Why ``game`` cannot replace ``shown``, or None."""
        return None if isinstance(game, ForceOnForce) else "it is not a game of Force on Force"

    def view_model(self, game: ForceOnForce, viewer: str, past: bool) -> FofViewModel:
        """``viewer``'s view model (module docstring); ``past``: it offers nothing."""
        n = game.history.cursor
        actor, offers = (None, ()) if past else offers_for(game, viewer)
        log = tuple(r for r in read_log(game, viewer) if r is not None)
        return FofViewModel(viewer, game.step_label_for(n, viewer) if n else "", log, offers, None, view(game, viewer),
                            actor, pending(game))

    def undo_allowed(self, game: ForceOnForce, viewer: str) -> tuple[bool, str]:
        """The umpire: any step; a side: its own last step, still its to act, no die rolled."""
        return last_step_undo(game, viewer, UMPIRE, all_seeing_name="umpire")

    def timeline(self, game: ForceOnForce, viewer: str) -> list[TimelineRow]:
        """Every step as ``viewer`` may read it, under "Turn N" headings."""
        return timeline_rows(game, viewer, lambda steps: [_group(s) for s in steps], lambda s: s.player)

    def compare(self, first: ForceOnForce, branch: ForceOnForce, viewer: str) -> list[FofDiff]:
        """Figures of the units both views show, figures lost per side and the winner that differ."""
        a, b = view(first, viewer), view(branch, viewer)
        ua, ub = ({u["name"]: u["figures"] for u in v["units"]} for v in (a, b))
        rows = [FofDiff("figures", n, ua[n], ub[n]) for n in sorted(set(ua) & set(ub)) if ua[n] != ub[n]]
        rows += [FofDiff("lost", s, a["lost"][s], b["lost"][s]) for s in sorted(a["lost"])
                 if a["lost"][s] != b["lost"][s]]
        if a["winner"] != b["winner"]:
            rows.append(FofDiff("winner", "game", a["winner"] or "-", b["winner"] or "-"))
        return rows

    def log_parts(self, game: ForceOnForce, viewer: str, notes: Sequence[tuple[int, str]],
                  highlight_from: int | None) -> list[str]:
        """The explained log as ``viewer`` may read it: a heading per turn, each entry with its ``l.N``
        badges (the text's line numbers), the last act's entries highlighted, ``notes`` where they happened."""
        return log_html(read_log(game, viewer), notes, highlight_from, lambda r: f"Turn {r.get('turn')}")


def _group(st: Step) -> str:
    return f"Turn {st.turn}"


FOF_UI = FofUi()
"""The one :class:`FofUi`."""
