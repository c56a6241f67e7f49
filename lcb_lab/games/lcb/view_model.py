"""LC:B's view model: what one viewer ("US", "RU" or "instructor") may know now, for the lab to draw.

:func:`view_model` builds a frozen :class:`ViewModel` (it fits the kernel's
:class:`lcb_lab.kernel.view_model.ViewModel` protocol) from the observer's outputs only:

* ``game.view(viewer)`` (:meth:`Game.view`: counters, markers, cards, CP as the observer lets the
  viewer see them, principle 8, 9.02);
* the viewer's offers (:func:`lcb_lab.games.lcb.offers.offers`: only its own legal actions, none
  while another team is to act);
* the pending choice if it is the viewer's to answer (or the instructor's), else only its kind
  and the deciding team (7.5, 9.41: the prompt and options name the deciding team's units and
  cards);
* the viewer's log (``game.log_entries(viewer)``, :func:`~lcb_lab.games.lcb.observer.redact`)
  and the last step's label (``game.step_label_for``, built from that log);
* public facts: the stage (3.0), the turn, the initiative, whose impulse it is (3.3), and the
  table's (``game.view``'s :func:`~lcb_lab.games.lcb.observer_table.observe_table`: impulses
  begun, Task Forces, teams done with a stage, rulings, the open card chain).

It never reads the game's state itself (``tests/engine/test_view_model.py`` scans this module
for it): whatever a panel draws from a view model holds nothing its viewer may not know.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from lcb_lab.games.lcb.offers import Offers, offers

__all__ = ["PendingView", "ViewModel", "view_model", "VIEWERS"]

VIEWERS = ("US", "RU", "instructor")


@dataclass(frozen=True)
class PendingView:
    """The choice waiting, as one viewer sees it: ``kind`` ("intercept", "card_response", ...),
    ``player`` (the deciding team), ``rule`` (the rule that asks); ``mine``: may the viewer answer
    it (its team, or the instructor)?  ``choice`` is the choice itself (prompt, options) only then,
    else None."""

    kind: str
    player: str
    rule: str
    mine: bool
    choice: Any = None


@dataclass(frozen=True)
class ViewModel:
    """One viewer's picture of the game at one version (see the module docstring).

    ``view``: ``game.view(viewer)`` (a dict; do not modify it); ``offers``: the viewer's
    :class:`~lcb_lab.games.lcb.offers.Offers`; ``pending``: :class:`PendingView` or None;
    ``log``: the log entries the viewer reads (dicts); ``step_label``: the last step of the record
    as the viewer reads it ("" before the first); ``stage``: "planning" / "deployment" / "action"
    / "over" (3.0); ``playing``: the team whose impulse it is, or that begins the next one (None
    at the end of the turn, 3.3); ``impulse``: ``(team, task force, phase)`` of the impulse under
    way, or None; ``step`` and ``revision``: where the record stands and the engine's count of changes
    (the kernel's :class:`~lcb_lab.kernel.view_model.ViewModel`; public)."""

    viewer: str
    stage: str
    view: dict = field(repr=False)
    offers: Offers = field(repr=False)
    pending: PendingView | None = None
    log: tuple[dict, ...] = field(default=(), repr=False)
    step_label: str = ""
    playing: str | None = None
    impulse: tuple[str, str, str] | None = None
    step: int = 0
    revision: int = 0

    # ------------------------------------------------------------ what the viewer may know
    @property
    def turn(self) -> int:
        """The turn (1-based)."""
        return int(self.view.get("turn") or 0)

    @property
    def initiative(self) -> str | None:
        """The team holding the initiative (3.03, 3.4)."""
        return self.view.get("initiative")

    @property
    def result(self) -> str:
        """The game's result once it is over ("" before, 3.0)."""
        return self.view.get("result") or ""

    @property
    def tf_order(self) -> tuple[str, ...]:
        """The Task Forces that took their impulse this turn, in order (3.3)."""
        return tuple(self.view.get("tf_order") or ())

    @property
    def impulses_begun(self) -> int:
        """How many impulses have begun this turn (the one under way included)."""
        under_way = self.impulse is not None and self.impulse[1] not in self.tf_order
        return len(self.tf_order) + (1 if under_way else 0)

    def tf_team(self, task_force: str) -> str | None:
        """The team of a Task Force (public, 3.3), or None for an unknown one."""
        return (self.view.get("task_forces") or {}).get(task_force)

    def is_ready(self, team: str) -> bool:
        """Is ``team`` done with the Planning / Deployment Stage under way (3.1, 3.2)?"""
        return team in (self.view.get("ready") or ())

    @property
    def planning_stages(self) -> int:
        """Planning Stages begun so far (9.31: Attached cards only in the first)."""
        return int(self.view.get("planning_stages") or 0)

    @property
    def optional_rules(self) -> list[str]:
        """The optional rules switched on for the game, by number (17.0; public): ``["17.3"]``."""
        return list(self.view.get("optional_rules") or ())

    @property
    def events_drawn(self) -> list[dict]:
        """The Event Cards drawn so far, in order (16.0; public once drawn): ``{"turn", "name"}``."""
        return [dict(e) for e in self.view.get("events_drawn") or ()]

    @property
    def events_this_turn(self) -> list[str]:
        """The names of the Event Cards drawn for the current turn (16.0)."""
        return [e["name"] for e in self.events_drawn if e.get("turn") == self.turn]

    @property
    def gray_cubes(self) -> list[dict]:
        """The gray cubes on the map (3.26; public): ``{"id", "kind", "hex", "source"}``."""
        return [dict(c) for c in self.view.get("gray_cubes") or ()]

    @property
    def action_pool(self) -> dict[str, int]:
        """{team: AP left in its Action Pool} while the "Action Pool" event holds this turn (3.312)."""
        return dict(self.view.get("action_pool") or {})

    @property
    def cv_changes(self) -> dict[str, int]:
        """An Event Card's CV changes this turn (16.0): ``{"LRS": -2}``."""
        return dict(self.view.get("cv_changes") or {})

    @property
    def rulings(self) -> list[dict]:
        """The instructor's rulings so far (13.14; public): ``{"n", "team", "text", "succeeds_on", ...}``."""
        return self.view.get("rulings") or []

    @property
    def chain(self) -> list[dict]:
        """The open card chain's links (9.46; played cards are face up, 9.03):
        ``{"pid", "card", "team", "responds_to", "status"}``; [] when none is open."""
        return self.view.get("chain") or []

    @property
    def marker_details(self) -> dict[str, dict]:
        """{card marker id: details} of the markers the viewer sees face up or owns
        (:func:`~lcb_lab.games.lcb.observer_cards.marker_details`: ``mp``, ``moved``, ``cargo`` ...)."""
        return self.view.get("marker_details") or {}

    @property
    def may_play(self) -> bool:
        """May the viewer see and drive the impulse controls (its own impulse, or the instructor)?"""
        return self.viewer == "instructor" or self.playing is None or self.viewer == self.playing

    @property
    def counters(self) -> list[dict]:
        """The counters the viewer sees (enemy concealed ones as backs: ``{"back": True, "hex"}``)."""
        return self.view["counters"]

    @property
    def task_force_counters(self) -> dict[str, list[str]]:
        """{Task Force Counter name: designators} of the counters the viewer sees the units of (its
        own team's; every team's for the instructor), in view order (4.35).  The other team's counter
        is a back with ``"tf_counter": True`` in :attr:`counters`: one back, whatever it holds."""
        out: dict[str, list[str]] = {}
        for c in self.counters:
            if not c.get("back") and c.get("tf_counter"):
                out.setdefault(c["tf_counter"], []).append(c["uid"])
        return out

    @property
    def units(self) -> tuple[str, ...]:
        """The designators the viewer may know: its own units and the face-up enemy ones."""
        return tuple(c["uid"] for c in self.counters if not c.get("back") and c.get("uid"))

    @property
    def cards(self) -> list[dict]:
        """Every card the viewer may know (its own in full, the enemy's face-up ones, 9.02)."""
        return self.view["cards"]

    def own_cards(self) -> list[dict]:
        """The viewer's own cards (the instructor: both teams')."""
        return [c for c in self.cards if self.viewer == "instructor" or c.get("team") == self.viewer]

    @property
    def hidden_cards(self) -> dict[str, dict[str, int]]:
        """The other team's hidden cards, counted per place: ``{team: {place: n}}``."""
        return self.view["hidden_cards"]

    def card_names(self) -> set[str]:
        """Every card name the viewer may read (its cards, face-up enemy ones, its pools)."""
        names = {c["name"] for c in self.cards if c.get("name")}
        return names | {j for js in self.view["jccs"].values() for j in js}

    def answers(self) -> bool:
        """Does the viewer answer the pending choice (it is its own, or the instructor's)?"""
        return self.pending is not None and self.pending.mine


def _pending(game: Any, viewer: str) -> PendingView | None:
    ch = game.pending
    if ch is None:
        return None
    mine = viewer == "instructor" or ch.team == viewer
    return PendingView(ch.kind, ch.team, ch.rule, mine, ch if mine else None)


def _playing(game: Any) -> str | None:
    imp = game.impulse
    return imp.team if imp is not None else game.next_team()


def view_model(game: Any, viewer: str, shown_offers: Offers | None = None) -> ViewModel:
    """``viewer``'s :class:`ViewModel` of ``game`` now ("US", "RU" or "instructor").

    ``shown_offers``: the offers to show instead of the game's own (e.g.
    :data:`~lcb_lab.games.lcb.offers.NOTHING` while the lab shows a past step).  Raises
    ValueError for an unknown viewer."""
    if viewer not in VIEWERS:
        raise ValueError(f"viewer must be one of {', '.join(VIEWERS)}, not {viewer!r}")
    imp = game.impulse
    cursor = game.history.cursor
    return ViewModel(
        viewer=viewer, stage=game.stage, view=game.view(viewer),
        offers=offers(game, viewer) if shown_offers is None else shown_offers,
        pending=_pending(game, viewer), log=tuple(game.log_entries(viewer)),
        step_label=game.step_label_for(cursor, viewer) if cursor > 0 else "",
        playing=_playing(game),
        impulse=(imp.team, imp.task_force, imp.phase) if imp is not None else None,
        step=cursor, revision=game.revision)
