"""The lab controller: the game and the lab's UI state as observable traits (the lab's one source of truth).

:class:`LabController` is a ``traitlets.HasTraits``: every panel of the lab
receives it and observes only the traits it draws, the way ipyleaflet and
bqplot widgets observe their models::

    ctl.observe(self._on_selection, names=["selected_hex", "viewer"])

so a click redraws what depends on it and nothing else (a hex click never
rebuilds the log, the History tab or the decision panel).  :func:`follow`
wraps that pattern: it redraws a part of a panel only when the tuple of its
inputs changed, so several traits changing together draw it once.

Traits (who observes what: ``docs/ui.md``):

=================  ==================================================================
``live``           the :class:`~lcb_lab.games.lcb.game.Game` being played
``game``           the game shown: ``live``, or a fork of a past step (History tab)
``past_step``      the step shown while looking at the past (None: now)
``version``        bumped after every applied action, undo, step shown, new game
                   (:meth:`changed`); every drawing of the game keys on it
``viewer``         ``"US"``, ``"RU"`` or ``"instructor"``: whose view is drawn
``selected_hex``   the clicked hex (a label of the board, or None)
``selected_unit``  the unit whose Unit Tracker and overlays are shown (or None)
``umbrella_target`` the target of the INTERCEPT umbrella drawn (7.53; or None)
``pending``        the decision waiting on the stack (``game.pending``; or None)
``message``        the message line (HTML)
``font_scale``     the text size multiplier of map and panels (1 = the default look)
``presentation``   presentation mode (a projector): the map's projector text sizes, panels larger
``confirm``        the replacing act armed by a first click (``"new"``, ``"load"``,
                   ``"lesson"``), waiting for its confirmation (None: nothing armed)
``lesson``         the :class:`~lcb_lab.games.lcb.content.lesson.Lesson` being replayed (or None)
``notes``          refused acts for the log: ``(log length then, html, view)`` tuples
``highlight_from`` the log index from which entries are the last act's (or None)
``branch_link``    HTML of the link to the open branch (*Fork here*; "" when none)
``moving``         the units of the move being built (the Impulse tab's chosen action while
                   it may still move; ``()``): a hex click keeps them in the Unit Tracker
``can_fork``       False in a branch's own lab (one branch at a time)
``card_action``    the declared *Play a JCC* action (1-based id) the Impulse tab carries out, or
                   None: the Cards panel's *Play a card* preselects its card use (3.31)
=================  ==================================================================

Rule facts are the engine's: :meth:`view_model` is the viewer's
:class:`~lcb_lab.games.lcb.view_model.ViewModel` (built from the observer's outputs only),
:meth:`offers` is ``lcb_lab.games.lcb.offers.offers`` (the view's legal actions), both computed
once per ``(version, viewer)``; :meth:`view` is ``game.view(viewer)`` cached the same way.  Hidden information: everything
derived here is computed from ``viewer``'s view.
"""
from __future__ import annotations

from contextlib import ExitStack, contextmanager
from typing import TYPE_CHECKING, Any, Callable, ContextManager, Iterator, Sequence

import traitlets as T

from lcb_lab.games.lcb.game import Game
from lcb_lab.games.lcb.view_model import ViewModel, view_model
from lcb_lab.games.lcb.offers import NOTHING, Offers
from lcb_lab.ui.lcb.map import palette
from lcb_lab.ui.lcb import panels

if TYPE_CHECKING:
    from lcb_lab.games.lcb import actions as A
    from lcb_lab.games.lcb.content.lesson import Lesson

__all__ = ["LabController", "TEAMS", "normalise_team", "follow", "Redraw"]

TEAMS = ("US", "RU", "instructor")


def normalise_team(team: object) -> str | None:
    """``"US"``, ``"RU"`` or ``"instructor"`` (any case, spaces trimmed), else None."""
    if not isinstance(team, str):
        return None
    return {t.lower(): t for t in TEAMS}.get(team.strip().lower())


_UNSET = object()


class Redraw:
    """Call ``draw()`` when ``key()`` -- the tuple of what it draws from -- changed.

    Called with a traitlets change (as an observer) or with ``force=True``;
    returns True when it drew."""

    def __init__(self, key: Callable[[], Any], draw: Callable[[], None]):
        self.key, self.draw, self.last = key, draw, _UNSET

    def __call__(self, _change=None, force: bool = False) -> bool:
        k = self.key()
        if not force and k == self.last:
            return False
        self.last = k
        self.draw()
        return True


def follow(ctl: "LabController", names: Sequence[str], draw: Callable[[], None],
           extra: Callable[[], Any] | None = None) -> Redraw:
    """Redraw ``draw`` whenever one of ``ctl``'s traits ``names`` (or ``extra()``, the panel's own
    inputs) has a new value; returns the :class:`Redraw` (call it to draw now)."""
    names = list(names)
    r = Redraw(lambda: (tuple(getattr(ctl, n) for n in names), extra() if extra else None), draw)
    ctl.observe(r, names=names)
    return r


class LabController(T.HasTraits):
    """The game and the lab's UI state (see the module docstring for the traits).

    ``board`` is the map's board (fixed for the lab's life: a game on another map
    opens in its own lab).  Raises ``traitlets.TraitError`` for a ``viewer`` that is
    not one of :data:`TEAMS`.
    """

    live = T.Instance(Game)
    game = T.Instance(Game)
    past_step = T.Int(None, allow_none=True)
    version = T.Int(0)
    viewer = T.Enum(TEAMS, default_value="instructor")
    selected_hex = T.Unicode(None, allow_none=True)
    selected_unit = T.Unicode(None, allow_none=True)
    umbrella_target = T.Unicode(None, allow_none=True)
    pending = T.Any(None)
    message = T.Unicode("")
    font_scale = T.Float(1.0)
    presentation = T.Bool(False)
    confirm = T.Unicode(None, allow_none=True)
    lesson = T.Any(None)
    notes = T.Tuple()
    highlight_from = T.Int(None, allow_none=True)
    branch_link = T.Unicode("")
    can_fork = T.Bool(True)
    moving = T.Tuple()
    card_action = T.Int(None, allow_none=True)

    def __init__(self, game: Game, viewer: str = "instructor", **kw: Any):
        self.board = game.board
        self._cache: dict[str, tuple] = {}
        self._batchers: list[Callable[[], ContextManager]] = []
        super().__init__(live=game, game=game, viewer=viewer, pending=game.pending, **kw)

    @T.validate("selected_hex")
    def _board_hex(self, proposal):
        """A label that is not a hex of the map is no selection (it never breaks an act)."""
        v = proposal["value"]
        return v if v is None or v in self.board.hexes else None

    # ================================================================ batches
    def add_batcher(self, factory: Callable[[], ContextManager]) -> None:
        """Enter ``factory()`` around every batch of changes (the map's Bokeh model sends one
        patch per batch: :meth:`~lcb_lab.ui.lab.bokeh_model.LiveBokehModel.batch`)."""
        self._batchers.append(factory)

    @contextmanager
    def batch(self) -> Iterator[None]:
        """Changes made inside reach the browser together (one Bokeh patch)."""
        with ExitStack() as stack:
            for factory in self._batchers:
                stack.enter_context(factory())
            yield

    # ================================================================ derived, cached per version and viewer
    def _key(self) -> tuple:
        g = self.game
        return (id(g), self.version, self.viewer, len(g.log), g.history.cursor, len(g.history.steps))

    def _cached(self, name: str, make: Callable[[], Any]) -> Any:
        key = self._key()
        hit = self._cache.get(name)
        if hit is not None and hit[0] == key:
            return hit[1]
        value = make()
        self._cache[name] = (key, value)
        return value

    def view(self) -> dict:
        """``game.view(viewer)``: what the current view may see (do not modify it); the view
        model's (:meth:`view_model`), so every panel draws from the one per-viewer picture."""
        return self.view_model().view

    def view_model(self) -> ViewModel:
        """The current viewer's :class:`~lcb_lab.games.lcb.view_model.ViewModel` (its view, offers,
        pending choice if its own, log, step label), built once per change of the game or the
        view like :meth:`view`; while the past is shown it offers nothing.  The panels that carry
        secrets build their children from it only."""
        shown = None if self.game is self.live else NOTHING
        return self._cached("view_model", lambda: view_model(self.game, self.viewer, shown))

    def offers(self) -> Offers:
        """The current view's legal actions (:func:`lcb_lab.games.lcb.offers.offers`), computed once per
        change of the game or the view; :data:`~lcb_lab.games.lcb.offers.NOTHING` while the past is shown."""
        return self.view_model().offers

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

    # ================================================================ the one way in
    def apply(self, action: A.Action) -> Any:
        """``game.apply(action)`` (a typed action of :mod:`lcb_lab.games.lcb.actions`): the lab's one
        apply path; returns what the act's handler returned (``game.result``).  Raises what
        ``game.apply`` raises (``IllegalAction`` naming its rule, ``InputError`` naming the field;
        the state is unchanged).  The caller (``LabApp.run``) bumps :attr:`version`."""
        self.game.apply(action)
        return self.game.result

    # ================================================================ who plays (hidden information)
    def playing_team(self) -> str | None:
        """The team whose impulse controls are live: the active impulse's team, or the team due
        to begin the next impulse (None at the end of the turn)."""
        imp = self.game.impulse
        return imp.team if imp is not None else self.game.next_team()

    def may_play(self) -> bool:
        """May the current view see and drive the impulse controls (:attr:`ViewModel.may_play`)?"""
        return self.view_model().may_play

    def locked_text(self) -> str:
        """Why the current view may not play the impulse."""
        who = self.playing_team()
        name, view = palette.TEAM_NAME.get(who, who), panels.view_name(who)
        if self.game.impulse is not None:
            return f"{name} is playing its impulse \u2014 switch to the {view} or the Instructor view to play it"
        return f"{name} begins the next impulse \u2014 switch to the {view} or the Instructor view to begin it"

    # ================================================================ the game in play
    def game_title(self) -> str:
        """The scenario's name (or its id)."""
        return self.live.view("instructor").get("scenario_name") or self.live.state.scenario

    def game_in_progress(self) -> bool:
        """Has anything happened in this game (a log entry, an impulse, a lesson)?"""
        g = self.live
        return bool(g.log) or g.impulse is not None or bool(g.state.tf_order) or self.lesson is not None

    def progress_text(self) -> str:
        """"turn 1, 2 impulses begun" (and the lesson being replayed)."""
        g = self.live
        s = g.state
        n = len(s.tf_order) + (1 if g.impulse is not None and g.impulse.task_force not in s.tf_order else 0)
        lesson = f", lesson {self.lesson.spec.lesson.title!r}" if self.lesson is not None else ""
        return f"turn {s.turn}, {n} impulse{'s' if n != 1 else ''} begun{lesson}"

    # ================================================================ changes
    def changed(self, highlight_from: Any = _UNSET, message: str | None = None) -> None:
        """The game changed (an act, an undo, a past step shown, a new game): ``version`` goes up,
        ``pending`` follows the game, a selection the view no longer shows is dropped and an
        armed confirmation asks again; optionally the log highlight and the message, all at once.

        The message is set last, so its observers run last: the browser receives "<what>: done."
        after every panel's redraw of the act (a reader, or a browser test, that sees the message
        sees the panels that follow the act already updated)."""
        with self.hold_trait_notifications():
            if highlight_from is not _UNSET:
                self.highlight_from = highlight_from
            self.version += 1
            self.pending = self.game.pending
            self.confirm = None
            self._drop_hidden_selection()
            if message is not None:
                self.message = message

    def _drop_hidden_selection(self) -> None:
        if self.selected_hex is not None and self.selected_hex not in self.board.hexes:
            self.selected_hex = None
        if self.selected_unit is not None and self.selected_unit not in self.visible_counters():
            self.selected_unit = None
            self.umbrella_target = None

    def acted(self, what: str, log_before: int) -> None:
        """An act succeeded: "<what>: done.", its log entries highlighted, everything follows."""
        self.changed(highlight_from=log_before, message=panels.message_html(f"{what}: done."))

    def set_game(self, game: Game, lesson: Lesson | None = None) -> None:
        """Play ``game`` (a new, loaded or lesson game; ``lesson`` the lesson replaying it):
        nothing selected, no notes, no highlight, now (not the past)."""
        with self.hold_trait_notifications():
            self.live = game
            self.game = game
            self.past_step = None
            self.lesson = lesson
            self.selected_unit = None
            self.umbrella_target = None
            self.notes = ()
            self.highlight_from = None
            self.changed()

    def show_game(self, game: Game, past_step: int | None) -> None:
        """Show ``game``: a fork of the live game at ``past_step``, or the live game (None)."""
        with self.hold_trait_notifications():
            self.game = game
            self.past_step = past_step
            self.changed()

    def set_viewer(self, team: str) -> None:
        """Draw ``team``'s view (a team from :data:`TEAMS`); a unit it does not see is deselected
        and the message names the view (the last one may name what only the previous view knew)."""
        with self.batch(), self.hold_trait_notifications():
            self.viewer = team
            self.message = panels.message_html(f"Showing the {panels.view_name(team)}.")
            self._drop_hidden_selection()

    def select_hex(self, label: str | None) -> None:
        """Select a hex of the board (or None): a hex with units the view sees selects its first
        unit, unless the selected unit is there or is being moved (``moving``: the click picks
        the move's destination); an empty hex keeps the selected unit."""
        with self.batch(), self.hold_trait_notifications():
            self.selected_hex = label
            units = self.hex_units(label)
            if units and self.selected_unit not in units and self.selected_unit not in self.moving:
                self._select_unit(units[0])

    def select_unit(self, uid: str | None) -> None:
        """Select a unit the view shows face up (or own); anything else clears the selection."""
        with self.batch(), self.hold_trait_notifications():
            self._select_unit(uid if uid in self.visible_counters() else None)

    def _select_unit(self, uid: str | None) -> None:
        if uid != self.selected_unit:
            self.selected_unit = uid
            self.umbrella_target = None

    # ================================================================ messages and notes
    def say(self, text: str, refused: bool = True) -> None:
        """A message about the lab itself (a bad hex label, the wrong view): red unless ``refused=False``."""
        self.message = panels.message_html(text, refused=refused)

    def note(self, html: str) -> None:
        """A refused act's note in the log, where it happened, shown in this view and the instructor's."""
        self.notes = self.notes + ((len(self.game.log), html, self.viewer),)

    def visible_notes(self) -> list[tuple[int, str]]:
        """The notes the current view may read: (log length then, html)."""
        return [(i, h) for i, h, t in self.notes if self.viewer in ("instructor", t)]

    # ================================================================ asking first
    def arm(self, which: str, text: str) -> None:
        """A replacing act (``"new"``, ``"load"``, ``"lesson"``) asks first: its button becomes
        *Confirm ...* (the panels observe ``confirm``) and ``text`` says so."""
        self.confirm = which
        self.say(text)

    def disarm(self, say: bool = False) -> None:
        """Nothing armed any more (*Cancel* with ``say``: the message says the game goes on)."""
        was, self.confirm = self.confirm, None
        if say and was:
            self.say("Cancelled: the game goes on. Nothing changed.", refused=False)
