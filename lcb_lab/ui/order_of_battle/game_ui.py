"""*Order of Battle*'s side of the shared lab: :class:`OobUi` (a :class:`~lcb_lab.ui.lab.game_ui.LabGame`).

* **Viewers**: each Commander (Ash, Birch, Cedar ... in clockwise seating order, sandbox names) and
  the all-seeing umpire or instructor (the kernel's ``"instructor"``).
* **View model** (:class:`OobViewModel`): built from the game's observer only
  (:func:`lcb_lab.games.order_of_battle.observer.view` and :mod:`lcb_lab.games.order_of_battle.lab_api`):
  the viewer's own hand, Fortune draw and Credits, the others' as counts, face-down PUDs and
  deactivated Hotspots as backs to the others, a skirmish round committed face down as "committed"
  until revealed (l.91-93); the viewer's legal acts (the Commander the game waits for, for the
  umpire); the odds of the Initiative draw (l.33) -- the whole draw for the umpire, a Commander's
  own card for a Commander.
* **Undo** (:meth:`OobUi.undo_allowed`): the umpire may undo any step; a Commander only its own
  last step while the game still waits for it, in the same phase, if the step drew or revealed no
  card (:data:`NO_TAKE_BACK`).
* **Timeline**: one heading per turn and phase ("Turn 1 · IV. Purchase Phase"); **compare**: Fame,
  Reputation, active Hotspots and the winner, from each game's view for the viewer.
* **Save / Load**: :func:`~lcb_lab.games.order_of_battle.lab_api.save_data` as JSON, replayed on load.
* **Scenarios**: two, three or four Commanders with the sandbox card set (the text prints no card).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Sequence

from lcb_lab.games.order_of_battle.game import OrderOfBattle, new_game
from lcb_lab.games.order_of_battle.lab_api import from_save, own_odds, read_log, save_data
from lcb_lab.games.order_of_battle.observer import view
from lcb_lab.games.order_of_battle.state import NAMES, PHASES, TITLES
from lcb_lab.kernel.history import Step
from lcb_lab.kernel.observer import INSTRUCTOR
from lcb_lab.ui.lab.game_ui import LabDiff, LabViewModel, UmpireLabGame, record_place, steps_text

__all__ = ["OobUi", "OobViewModel", "OobDiff", "OOB_UI", "UMPIRE", "SCENARIOS", "NO_TAKE_BACK", "offers_for"]

UMPIRE = INSTRUCTOR
"""The all-seeing viewer (the umpire or instructor): the kernel's ``"instructor"``."""

SCENARIOS = {"three_commanders": (3, "Three Commanders (sandbox card set)"),
             "two_commanders": (2, "Two Commanders (sandbox card set)"),
             "four_commanders": (4, "Four Commanders (sandbox card set)")}
"""Scenario name -> (Commanders seated, title).  The text says neither how many play nor which
cards: both are sandbox."""

NO_TAKE_BACK = ("draw_fame", "draw_initiative", "attack", "offer_defense", "declare_form", "choose_defender",
                "place_face_down", "retreat")
"""Act kinds a Commander may not take back: each drew cards (l.17, l.33) or is a step of a skirmish,
where the other side has answered or seen a reveal (l.87-97)."""

OobDiff = LabDiff
"""One difference of two games (the fork view's row): ``topic`` ("fame", "reputation",
"hotspots", "winner"), ``item`` (a Commander or "game"), its values in the first game and the branch."""


@dataclass(frozen=True)
class OobViewModel(LabViewModel):
    """One viewer's picture of the game (:class:`~lcb_lab.ui.lab.game_ui.LabViewModel`: ``actor`` is the
    Commander whose acts ``offers`` are, or None), plus ``to_act``: the Commander the game waits for;
    ``odds``: the Initiative draw's kernel ``ChanceStep`` (the umpire's) or None; ``own_odds``: the
    viewer's own Initiative card in words, or ""."""

    to_act: str | None
    odds: Any
    own_odds: str


def offers_for(game: OrderOfBattle, viewer: str) -> tuple[str | None, tuple]:
    """``(actor, acts)``: the Commander whose acts ``viewer`` may make now and those acts (the engine's
    ``legal_actions``).  A Commander acts for itself -- when the game waits for it, or when a skirmish
    round waits for its face-down placement (l.91); the umpire acts for the Commander the game waits for."""
    who = game.to_act() if viewer == UMPIRE else viewer
    if who is None:
        return None, ()
    acts = tuple(game.legal_actions(who))
    return (who, acts) if acts else (None, ())


def _odds(game: OrderOfBattle, viewer: str, v: dict) -> tuple[Any, str]:
    if v["phase"] != "initiative" or not v["pending"]:
        return None, ""
    if viewer == UMPIRE:
        return game.chance_outcomes(), ""
    return None, own_odds(game, viewer) if viewer in v["pending"] else ""


def _phase_title(v: dict) -> str:
    return TITLES.get(v["phase"], "game over")


class OobUi(UmpireLabGame):
    """*Order of Battle* for the shared lab (module docstring; the common part:
    :class:`~lcb_lab.ui.lab.game_ui.UmpireLabGame`); ``players``: the Commanders of the game shown
    (its view picker)."""

    default_scenario = "three_commanders"
    scenarios = SCENARIOS
    game_words = "Order of Battle"
    umpire_tip = "everything: every hand, every face-down card (the umpire or instructor)"
    player_tip = "what Commander {viewer} may know: its own hand, the others' as counts"
    sandbox_note = "Sandbox cards, starting Fame, winning total and last turn (the text prints none)."

    def __init__(self, players: Sequence[str] = NAMES[:3]):
        self.players = tuple(players)
        self.viewers = [(p, p) for p in self.players] + [("Umpire", UMPIRE)]

    def make_game(self, scenario: str, seed: int | None) -> OrderOfBattle:
        """A new game of ``scenario``'s Commanders, decks shuffled with ``seed`` (1 when None)."""
        return new_game(SCENARIOS[scenario][0], seed=seed if seed is not None else 1)

    def save_data(self, game: OrderOfBattle) -> dict:
        """:func:`~lcb_lab.games.order_of_battle.lab_api.save_data` (state, dice, record)."""
        return save_data(game)

    def from_save(self, data: Any, source: str) -> OrderOfBattle:
        """:func:`~lcb_lab.games.order_of_battle.lab_api.from_save`, its record replayed. Raises
        ScenarioError for data that is not an Order of Battle save or does not replay."""
        return from_save(data, source)

    def title(self, game: OrderOfBattle) -> str:
        """"Order of Battle, 3 Commanders"."""
        return f"Order of Battle, {len(game.players)} Commanders"

    def progress(self, game: OrderOfBattle) -> str:
        """"turn 1, I. Draw Phase, 2 steps" or the outcome (open facts only)."""
        v, steps = view(game, UMPIRE), steps_text(game.history.cursor)
        if v["winner"]:
            return f"over in turn {v['turn']}: {v['winner']}, {steps}"
        return f"turn {v['turn']}, {_phase_title(v)}, {steps}"

    def first_hint(self, game: OrderOfBattle) -> str:
        """What to do first."""
        return "Draw Phase: each Commander draws Fame cards in the Acts tab."

    def misfit(self, shown: OrderOfBattle, game: OrderOfBattle) -> str | None:
        """Why ``game`` cannot replace ``shown`` (another game, other Commanders), or None."""
        if not isinstance(game, OrderOfBattle):
            return "it is not a game of Order of Battle"
        if tuple(game.players) != tuple(shown.players):
            return f"its Commanders are {', '.join(game.players)}, not {', '.join(shown.players)}: open a new lab"
        return None

    def view_model(self, game: OrderOfBattle, viewer: str, past: bool) -> OobViewModel:
        """``viewer``'s view model (module docstring); ``past``: it offers nothing."""
        v = view(game, viewer)
        actor, offers = (None, ()) if past else offers_for(game, viewer)
        odds, own = (None, "") if past else _odds(game, viewer, v)
        return OobViewModel(viewer, self.step_label(game, viewer), tuple(read_log(game, viewer)),
                            offers, None, v, actor, game.to_act(), odds, own, **record_place(game))

    def undo_looks(self, game: OrderOfBattle) -> list[Callable[[], str | None]]:
        """A Commander's undo: not of a step that drew or revealed cards (:data:`NO_TAKE_BACK`), nor of
        one that ended the phase (module docstring)."""
        h = game.history

        def drew() -> str | None:
            st = h.steps[h.cursor - 1]
            if st.action.KIND in NO_TAKE_BACK:
                return "the last step drew cards or was a step of a skirmish"
            v = view(game, UMPIRE)
            if (st.turn, st.sub_turn) != (v["turn"], PHASES.index(v["phase"]) + 1 if v["phase"] in PHASES else 0):
                return "the last step ended the phase"
            return None
        return [drew]

    def step_group(self, step: Step) -> str:
        """"Turn 1 · IV. Purchase Phase"."""
        phase = TITLES[PHASES[step.sub_turn - 1]] if 1 <= step.sub_turn <= len(PHASES) else "end"
        return f"Turn {step.turn} · {phase}"

    def read_log(self, game: OrderOfBattle, viewer: str) -> list:
        """The log as ``viewer`` may read it (:func:`~lcb_lab.games.order_of_battle.lab_api.read_log`)."""
        return read_log(game, viewer)

    def compare(self, first: OrderOfBattle, branch: OrderOfBattle, viewer: str) -> list[LabDiff]:
        """Fame, Reputation, active Hotspots and the winner that differ, from each game's view for ``viewer``."""
        a, b = view(first, viewer), view(branch, viewer)
        rows = []
        for ca, cb in zip(a["commanders"], b["commanders"]):
            for topic in ("fame", "reputation"):
                if ca[topic] != cb[topic]:
                    rows.append(OobDiff(topic, ca["name"], ca[topic], cb[topic]))
            ha, hb = (sum(1 for x in c["display"] if x["kind"] == "hotspot" and x["face_up"]) for c in (ca, cb))
            if ha != hb:
                rows.append(OobDiff("hotspots", ca["name"], ha, hb))
        if a["winner"] != b["winner"]:
            rows.append(OobDiff("winner", "game", a["winner"] or "-", b["winner"] or "-"))
        return rows


OOB_UI = OobUi()
"""The lab's side of a three-Commander game (the default)."""
