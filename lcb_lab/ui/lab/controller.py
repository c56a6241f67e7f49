"""The lab controller: the game and the lab's UI state as observable traits (the lab's one source of truth).

:class:`LabController` is a ``traitlets.HasTraits``: every panel of the lab
receives it and observes only the traits it draws, the way ipyleaflet and
bqplot widgets observe their models::

    ctl.observe(self._on_selection, names=["selected_hex", "viewer"])

so a click redraws what depends on it and nothing else (a hex click never
rebuilds the log, the History tab or the decision panel).  :func:`follow`
wraps that pattern: it redraws a part of a panel only when the tuple of its
inputs changed, so several traits changing together draw it once.

The controller knows the game through its :class:`~lcb_lab.ui.lab.game_ui.LabGame` (``ui``: its
viewers, its view model, its words for progress); a game's lab may add its own traits and
derived values in a subclass (LC:B's: :class:`lcb_lab.ui.lcb.controller.LcbController`).

Traits (who observes what: ``docs/ui.md``):

=================  ==================================================================
``live``           the game being played (an :class:`~lcb_lab.kernel.engine.Engine`)
``game``           the game shown: ``live``, or a fork of a past step (History tab)
``past_step``      the step shown while looking at the past (None: now)
``version``        bumped after every applied action, undo, step shown, new game
                   (:meth:`changed`); every drawing of the game keys on it
``viewer``         whose view is drawn: one of the game's viewers (``ui.viewers``)
``selected_hex``   the clicked hex (a label of the board, or None)
``selected_unit``  the unit whose panel and overlays are shown (or None)
``pending``        the decision waiting (the game's ``pending``, if it has one; or None)
``message``        the message line (HTML)
``font_scale``     the text size multiplier of map and panels (1 = the default look)
``presentation``   presentation mode (a projector): the map's projector text sizes, panels larger
``confirm``        the replacing act armed by a first click (``"new"``, ``"load"``, a game's
                   own, e.g. LC:B's ``"lesson"``), waiting for its confirmation (None: nothing armed)
``notes``          refused acts for the log: ``(log length then, html, view)`` tuples
``highlight_from`` the log index from which entries are the last act's (or None)
``branch_link``    HTML of the link to the open branch (*Fork here*; "" when none)
``can_fork``       False in a branch's own lab (one branch at a time)
=================  ==================================================================

Rule facts are the engine's: :meth:`view_model` is the viewer's view model (the game's, built from
its observer's outputs only: ``ui.view_model``), :meth:`offers` its legal actions, both computed
once per ``(version, viewer)``.  Hidden information: everything derived here is computed from
``viewer``'s view model.
"""
from __future__ import annotations

from contextlib import ExitStack, contextmanager
from typing import TYPE_CHECKING, Any, Callable, ContextManager, Iterator, Sequence

import traitlets as T

from lcb_lab.kernel.engine import Engine
from lcb_lab.ui.lab.html import message_html

if TYPE_CHECKING:  # pragma: no cover
    from lcb_lab.kernel.actions import Action
    from lcb_lab.kernel.view_model import ViewModel
    from lcb_lab.ui.lab.game_ui import LabGame

__all__ = ["LabController", "follow", "Redraw"]


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
    """The game and the lab's UI state (see the module docstring for the traits); ``ui`` is the
    game's side of the lab.  Raises ``traitlets.TraitError`` for a ``viewer`` that is not one of
    the game's viewers.
    """

    live = T.Instance(Engine)
    game = T.Instance(Engine)
    past_step = T.Int(None, allow_none=True)
    version = T.Int(0)
    viewer = T.Unicode()
    selected_hex = T.Unicode(None, allow_none=True)
    selected_unit = T.Unicode(None, allow_none=True)
    pending = T.Any(None)
    message = T.Unicode("")
    font_scale = T.Float(1.0)
    presentation = T.Bool(False)
    confirm = T.Unicode(None, allow_none=True)
    notes = T.Tuple()
    highlight_from = T.Int(None, allow_none=True)
    branch_link = T.Unicode("")
    can_fork = T.Bool(True)

    def __init__(self, game: Engine, ui: "LabGame", viewer: str | None = None, **kw: Any):
        self.ui = ui
        self._cache: dict[str, tuple] = {}
        self._batchers: list[Callable[[], ContextManager]] = []
        super().__init__(live=game, game=game, viewer=viewer if viewer is not None else ui.all_seeing,
                         pending=getattr(game, "pending", None), **kw)

    @property
    def viewer_ids(self) -> tuple[str, ...]:
        """The game's viewers (the view picker's values)."""
        return tuple(v for _, v in self.ui.viewers)

    def normalise_viewer(self, viewer: object) -> str | None:
        """``viewer`` as one of :attr:`viewer_ids` (any case, spaces trimmed), else None."""
        if not isinstance(viewer, str):
            return None
        return {v.lower(): v for v in self.viewer_ids}.get(viewer.strip().lower())

    @T.validate("viewer")
    def _a_viewer(self, proposal):
        v = proposal["value"]
        if v not in self.viewer_ids:
            raise T.TraitError(f"viewer must be one of {', '.join(self.viewer_ids)}, not {v!r}")
        return v

    @T.validate("selected_hex")
    def _board_hex(self, proposal):
        """A label that is not a place of the map is no selection (it never breaks an act)."""
        v = proposal["value"]
        return v if v is None or self.is_place(v) else None

    def is_place(self, label: str) -> bool:
        """Is ``label`` a place of the lab's map (a hex)? Every label, unless the game's lab says otherwise."""
        return True

    def unit_shown(self, uid: str) -> bool:
        """Does the current view show unit ``uid`` (else it is deselected)? Yes, unless the game's lab says."""
        return True

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
    def _key(self, g: Any = None) -> tuple:
        g = self.game if g is None else g
        return (id(g), self.version, self.viewer, g.log_length(), g.history.cursor, len(g.history.steps))

    def _cached(self, name: str, make: Callable[[], Any], g: Any = None) -> Any:
        key = self._key(g)
        hit = self._cache.get(name)
        if hit is not None and hit[0] == key:
            return hit[1]
        value = make()
        self._cache[name] = (key, value)
        return value

    def view_model(self) -> "ViewModel":
        """The current viewer's view model (the game's: ``ui.view_model``; its view, offers, pending
        choice if its own, log, step label), built once per change of the game or the view; while
        the past is shown it offers nothing.  The panels that carry secrets build from it only."""
        past = self.game is not self.live
        return self._cached("view_model", lambda: self.ui.view_model(self.game, self.viewer, past))

    def moment(self) -> tuple[Any, int]:
        """``(game shown, view model revision)``: one moment of the game as this lab shows it -- what a drawing
        made now belongs to (a study's result, a folded question); any later act, undo or past step shown
        is another moment, even where the step number comes back."""
        return self.game, self.view_model().revision

    def live_view_model(self) -> "ViewModel":
        """The current viewer's view model of the live game (:meth:`view_model` while no past step
        is shown), cached the same way: what the Game tab and the status line draw from."""
        if self.game is self.live:
            return self.view_model()
        return self._cached("live_view_model", lambda: self.ui.view_model(self.live, self.viewer, False), self.live)

    def offers(self) -> Any:
        """The current view's legal actions (the view model's), computed once per change of the
        game or the view; none while the past is shown."""
        return self.view_model().offers

    # ================================================================ the one way in
    def apply(self, action: "Action") -> Any:
        """``game.apply(action)`` (a typed action of the game): the lab's one apply path; returns
        what the act's handler returned (``game.result``).  Raises what ``game.apply`` raises
        (``IllegalAction`` naming its rule, ``InputError`` naming the field; the state is
        unchanged).  The caller (``LabShell.run``) bumps :attr:`version`."""
        self.game.apply(action)
        return self.game.result

    # ================================================================ the game in play
    def game_title(self) -> str:
        """The game's title (``ui.title``)."""
        return self.ui.title(self.live)

    def game_in_progress(self) -> bool:
        """Has anything happened in this game (``ui.in_progress``)?"""
        return self.ui.in_progress(self.live)

    def progress_text(self) -> str:
        """How far the game went (``ui.progress``), e.g. "turn 1, 2 impulses begun"."""
        return self.ui.progress(self.live)

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
            self.pending = getattr(self.game, "pending", None)
            self.confirm = None
            self._drop_hidden_selection()
            if message is not None:
                self.message = message

    def _drop_hidden_selection(self) -> None:
        if self.selected_hex is not None and not self.is_place(self.selected_hex):
            self.selected_hex = None
        if self.selected_unit is not None and not self.unit_shown(self.selected_unit):
            self._select_unit(None)

    def acted(self, what: str, log_before: int, said: str | None = None) -> None:
        """An act succeeded: "<what>: done." (or ``said``, a whole sentence naming what was done), its log
        entries highlighted, everything follows."""
        self.changed(highlight_from=log_before, message=message_html(said or f"{what}: done."))

    def set_game(self, game: Engine) -> None:
        """Play ``game`` (a new or loaded game): nothing selected, no notes, no highlight, now
        (not the past)."""
        with self.hold_trait_notifications():
            self.live = game
            self.game = game
            self.past_step = None
            self._select_unit(None)
            self.notes = ()
            self.highlight_from = None
            self.changed()

    def show_game(self, game: Engine, past_step: int | None) -> None:
        """Show ``game``: a fork of the live game at ``past_step``, or the live game (None)."""
        with self.hold_trait_notifications():
            self.game = game
            self.past_step = past_step
            self.changed()

    def set_viewer(self, team: str) -> None:
        """Draw ``team``'s view (one of the game's viewers); a unit it does not see is deselected
        and the message names the view (the last one may name what only the previous view knew)."""
        with self.batch(), self.hold_trait_notifications():
            self.viewer = team
            self.message = message_html(f"Showing the {self.ui.viewer_name(team)}.")
            self._drop_hidden_selection()

    def select_hex(self, label: str | None) -> None:
        """Select a place of the map (or None)."""
        with self.batch(), self.hold_trait_notifications():
            self.selected_hex = label

    def select_unit(self, uid: str | None) -> None:
        """Select a unit the view shows; anything else clears the selection."""
        with self.batch(), self.hold_trait_notifications():
            self._select_unit(uid if uid is not None and self.unit_shown(uid) else None)

    def _select_unit(self, uid: str | None) -> None:
        self.selected_unit = uid

    # ================================================================ messages and notes
    def say(self, text: str, refused: bool = True, path: object = None) -> None:
        """A message about the lab itself (a bad hex label, the wrong view): red unless ``refused=False``;
        ``path``: the file the text names as ``{path}`` (elided in the middle, whole in its tooltip)."""
        self.message = message_html(text, refused=refused, path=path)

    def note(self, html: str) -> None:
        """A refused act's note in the log, where it happened, shown in this view and the instructor's."""
        self.notes = self.notes + ((self.game.log_length(), html, self.viewer),)

    def drop_notes_after(self, log_length: int) -> None:
        """Forget the notes made once the log was longer than ``log_length`` entries (an undo took
        those moments back)."""
        keep = tuple(n for n in self.notes if n[0] <= log_length)
        if keep != self.notes:
            self.notes = keep

    def visible_notes(self) -> list[tuple[int, str]]:
        """The notes the current view may read: (log length then, html)."""
        return [(i, h) for i, h, t in self.notes if self.viewer in (self.ui.all_seeing, t)]

    # ================================================================ asking first
    def arm(self, which: str, text: str, path: object = None) -> None:
        """A replacing act (``"new"``, ``"load"``, a game's own) asks first: its button becomes
        *Confirm ...* (the panels observe ``confirm``) and ``text`` says so (``path``: as for :meth:`say`)."""
        self.confirm = which
        self.say(text, path=path)

    def disarm(self, say: bool = False) -> None:
        """Nothing armed any more (*Cancel* with ``say``: the message says the game goes on)."""
        was, self.confirm = self.confirm, None
        if say and was:
            self.say("Cancelled: the game goes on. Nothing changed.", refused=False)
