"""LC:B's lab controller: the shared :class:`~lcb_lab.ui.lab.controller.LabController` with LC:B's
own traits and the values its panels draw from, all from the viewer's view model.

Traits added (who observes what: ``docs/ui.md``):

=================  ==================================================================
``umbrella_target`` the target of the INTERCEPT umbrella drawn (7.53; or None)
``lesson``         the :class:`~lcb_lab.games.lcb.content.lesson.Lesson` being replayed (or None)
``moving``         the units of the move being built (the Impulse tab's chosen action while
                   it may still move; ``()``): a hex click keeps them in the Unit Tracker
``card_action``    the declared *Play a JCC* action (1-based id) the Impulse tab carries out, or
                   None: the Cards panel's *Play a card* preselects its card use (3.31)
``decision_folded`` the moment (game, view model revision, viewer) whose waiting decision is folded
                   to one line (:meth:`fold_decision`; None: drawn whole)
=================  ==================================================================

:meth:`view` is ``game.view(viewer)`` (the view model's), :meth:`offers` is
``lcb_lab.games.lcb.offers.offers``; both cached per ``(version, viewer)``.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

import traitlets as T

from lcb_lab.games.lcb.game import Game
from lcb_lab.ui.lab.controller import LabController
from lcb_lab.ui.lcb import panels
from lcb_lab.ui.lcb.game_ui import LCB_UI, TEAMS
from lcb_lab.ui.lcb.map import palette

if TYPE_CHECKING:  # pragma: no cover
    from lcb_lab.games.lcb.content.lesson import Lesson

__all__ = ["LcbController", "TEAMS", "normalise_team"]


def normalise_team(team: object) -> str | None:
    """``"US"``, ``"RU"`` or ``"instructor"`` (any case, spaces trimmed), else None."""
    if not isinstance(team, str):
        return None
    return {t.lower(): t for t in TEAMS}.get(team.strip().lower())


class LcbController(LabController):
    """LC:B's game and lab state. ``board`` is the map's board (fixed for the lab's life: a game on
    another map opens in its own lab).  Raises ``traitlets.TraitError`` for a ``viewer`` that is
    not one of :data:`TEAMS`."""

    live = T.Instance(Game)
    game = T.Instance(Game)
    umbrella_target = T.Unicode(None, allow_none=True)
    lesson = T.Any(None)
    moving = T.Tuple()
    card_action = T.Int(None, allow_none=True)
    tab = T.Unicode("")
    """The title of the right column's open tab ("Build", ...; "" before the tabs exist)."""
    checkpoint = T.Unicode("")
    """The key of the lesson checkpoint waiting for its right answer (the *Replay lesson* tab);
    while it waits the decision panel keeps the pending choice's options back, since they
    would give the answer away.  "" when none waits."""
    decision_folded = T.Any(None)
    """``(game, revision, viewer)`` of the moment whose waiting decision the decision panel draws folded to
    one line (its kind, the deciding team, *Open the question*): set by :meth:`fold_decision` (the panel's
    *Fold*, or a study opened beside it).  A decision at any other moment (a later act, an undo, another
    game) or in another view is drawn whole: it is :meth:`decision_is_folded` only at that moment."""
    map_draft = T.Any(None)
    """A game the map draws instead of the game in play: the *Build* tab's draft
    (:func:`lcb_lab.games.lcb.io.draft_preview.preview_game`) while that tab is open in the
    Instructor view; None: the map draws the game."""

    def __init__(self, game: Game, viewer: str = "instructor", **kw: Any):
        self.board = game.board
        super().__init__(game, LCB_UI, viewer=viewer, **kw)

    def is_place(self, label: str) -> bool:
        """A hex of the board."""
        return label in self.board.hexes

    def unit_shown(self, uid: str) -> bool:
        """A counter the view shows face up (or its own)."""
        return uid in self.visible_counters()

    def _select_unit(self, uid: str | None) -> None:
        if uid != self.selected_unit:
            self.selected_unit = uid
            self.umbrella_target = None

    # ================================================================ derived, cached per version and viewer
    def view(self) -> dict:
        """``game.view(viewer)``: what the current view may see (do not modify it); the view
        model's (:meth:`view_model`), so every panel draws from the one per-viewer picture."""
        return self.view_model().view

    def cards(self) -> tuple[list[dict], dict[str, dict[str, int]]]:
        """The cards the current view may know: ``(cards, counts)`` of ``game.view(viewer)["cards"]``
        (:func:`lcb_lab.ui.lcb.card_hand.seen_cards`: its own cards in full, the other team's
        face-up ones, counts of its hidden ones), cached per change like :meth:`view`."""
        from lcb_lab.ui.lcb.card_hand import view_cards
        return self._cached("cards", lambda: view_cards(self.game, self.view(), self.viewer))

    def stage(self) -> str:
        """The game's stage: ``"planning"``, ``"deployment"``, ``"action"`` or ``"over"`` (3.0)."""
        return self.view_model().stage

    def visible_counters(self) -> dict[str, dict]:
        """The face-up (or own) counters of the current view, by unit id."""
        return self._cached("visible", lambda: {c["uid"]: c for c in self.view()["counters"] if not c.get("back")})

    def hex_units(self, label: str | None) -> list[str]:
        """Face-up (or own) units the current view shows in ``label``, and their embarked units."""
        if not label:
            return []
        counters = self.view()["counters"]
        here = [c["uid"] for c in counters if c.get("hex") == label and not c.get("back")]
        carried = [c["uid"] for c in counters if c.get("embarked_on") in here]
        return here + carried

    def jcc_names(self, team: str) -> list[str]:
        """The team's JCC names, as far as the current view may know them."""
        return self.view()["jccs"].get(team, [])

    def fold_decision(self, fold: bool = True) -> None:
        """Fold the waiting decision to one line (``fold``) or draw it whole again, at this moment of the game
        in this view (:attr:`decision_folded`); nothing while no decision waits."""
        waiting = self.view_model().pending is not None
        self.decision_folded = (*self.moment(), self.viewer) if fold and waiting else None

    def decision_is_folded(self) -> bool:
        """Is the waiting decision drawn folded to one line now (:attr:`decision_folded`)?"""
        f = self.decision_folded
        return (f is not None and self.view_model().pending is not None and f[0] is self.game
                and (f[1], f[2]) == (self.moment()[1], self.viewer))

    # ================================================================ who plays (hidden information)
    def playing_team(self) -> str | None:
        """The team whose impulse controls are live: the active impulse's team, or the team due
        to begin the next impulse (None at the end of the turn)."""
        imp = self.game.impulse
        return imp.team if imp is not None else self.game.next_team()

    def may_play(self) -> bool:
        """May the current view see and drive the impulse controls (:attr:`ViewModel.may_play`)?"""
        return self.view_model().may_play

    def locked_reason(self) -> str:
        """Why the current view may not play the impulse, in a few words with the rules: "Blue (US) is
        playing its impulse (3.3, 3.31)" (the active player's impulse, its Core Actions its own) or
        "Red (RU) begins the next impulse (3.3)" (the teams alternate impulses)."""
        name = palette.TEAM_NAME.get(self.playing_team(), self.playing_team())
        if self.game.impulse is not None:
            return f"{name} is playing its impulse (3.3, 3.31)"
        return f"{name} begins the next impulse (3.3)"

    def locked_text(self) -> str:
        """:meth:`locked_reason` and what to do: "... \u2014 switch to the Blue (US) view or the Instructor
        view to play it"."""
        view = panels.view_name(self.playing_team())
        verb = "play" if self.game.impulse is not None else "begin"
        return f"{self.locked_reason()} \u2014 switch to the {view} or the Instructor view to {verb} it"

    # ================================================================ the game in play
    def game_in_progress(self) -> bool:
        """Has anything happened in this game (a log entry, an impulse, a lesson)?"""
        return super().game_in_progress() or self.lesson is not None

    def progress_text(self) -> str:
        """"turn 1, 2 impulses begun" (and the lesson being replayed)."""
        lesson = f", lesson {self.lesson.spec.lesson.title!r}" if self.lesson is not None else ""
        return super().progress_text() + lesson

    def set_game(self, game: Game, lesson: Lesson | None = None) -> None:
        """Play ``game`` (a new, loaded or lesson game; ``lesson`` the lesson replaying it)."""
        with self.hold_trait_notifications():
            self.lesson = lesson
            super().set_game(game)

    # ================================================================ selection
    def select_hex(self, label: str | None) -> None:
        """Select a hex of the board (or None): a hex with units the view sees selects its first
        unit, unless the selected unit is there or is being moved (``moving``: the click picks
        the move's destination); an empty hex keeps the selected unit."""
        with self.batch(), self.hold_trait_notifications():
            self.selected_hex = label
            units = self.hex_units(label)
            if units and self.selected_unit not in units and self.selected_unit not in self.moving:
                self._select_unit(units[0])
