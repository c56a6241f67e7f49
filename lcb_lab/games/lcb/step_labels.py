"""A step of LC:B's record named for one viewer (design principle 8): ``Game.step_label_for``.

A label is built only from the log entries the viewer may read in the step's log range
(``game.log_entries(team, since, until)``: the observer's :func:`~lcb_lab.games.lcb.observer.redact`),
never from the raw :attr:`lcb_lab.kernel.history.Step.label` (which can name a concealed unit).
The other team's steps are not even named by their action kind (a *conceal* of a counter
already face down is itself a secret); undone steps, whose log entries are gone, are named by
their kind (own steps) or only by their team; a step the viewer reads nothing of is
``"<team> acted"``.
"""
from __future__ import annotations

from lcb_lab.games.lcb import actions as A
from lcb_lab.games.lcb.model.state import other
from lcb_lab.kernel.history import Step
from lcb_lab.kernel.timeline import step_log_range
from lcb_lab.games.lcb.rules.common import GameLike

CHANCE = "chance"
INSTRUCTOR = "instructor"
TEAM_NAMES = {"US": "Blue (US)", "RU": "Red (RU)", CHANCE: "Chance", INSTRUCTOR: "Instructor"}


def step_actor(step: Step) -> str | None:
    """Who took ``step``: the defender for an :class:`~lcb_lab.games.lcb.actions.Answer`
    (the impulse's opponent, 7.5, 7.1), ``"chance"`` for a
    :class:`~lcb_lab.games.lcb.actions.ResolveCombat` (7.010), ``"instructor"`` for a
    :class:`~lcb_lab.games.lcb.actions.ScriptedEffect`, else the step's team (its ``player``)."""
    a = step.action
    if isinstance(a, A.ScriptedEffect):
        return INSTRUCTOR
    if isinstance(a, A.ResolveCombat):
        return CHANCE
    if isinstance(a, A.Answer) and step.player in ("US", "RU"):
        return other(step.player)
    return step.player


def _kind(step: Step) -> str:
    return step.action.KIND.replace("_", " ")


_HEADING_KINDS = frozenset(("impulse_start", "impulse_end", "declare", "pass", "odds"))
"""Log entries a row does not repeat: the group heading names the impulse, the row sums them up."""


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def _summary(st: Step, entries: list[dict], own: bool) -> str:
    """The start of a row: the step in a few words, without what the heading already says
    (``"begin impulse (3 AP)"``, ``"declare 2 actions (1 AP unused)"``, ``"pass (3 AP unused)"``,
    ``"end impulse"``; the other team's rows: ``"impulse begins"`` ...); ``""`` for other steps."""
    a = st.action
    if isinstance(a, A.BeginImpulse):
        ap = next((e.get("text", "") for e in entries if e.get("kind") == "impulse_start"), "")
        head = "begin impulse" if own else "impulse begins"
        return f"{head} ({ap})" if ap else head
    if isinstance(a, A.Declare):
        n = sum(1 for e in entries if e.get("kind") == "declare")
        unused = next((e.get("title", "") for e in entries if e.get("kind") == "pass"), "")
        if n == 0:
            return f"pass ({unused})" if unused else "pass"
        head = f"declare {_plural(n, 'action')}" if own else f"declares {_plural(n, 'action')}"
        return f"{head} ({unused})" if unused else head
    if isinstance(a, A.EndImpulse):
        return "end impulse" if own else "impulse ends"
    return ""


_SELF_NAMED = {"play_card": "JCC played"}
"""Step kind -> the start of its log title that already names the step: the row reads the
title once (``"JCC played: Tactical Cyber Attack"``, not ``"play card: JCC played: ..."``)."""


def _own_row(st: Step, first: str) -> str:
    """A team's own step: its kind and the first log title (``"move: DDG-51 moves ..."``), or
    the title alone when it already names the step (:data:`_SELF_NAMED`)."""
    if not first:
        return _kind(st)
    said = _SELF_NAMED.get(st.action.KIND)
    return first if said and first.startswith(said) else f"{_kind(st)}: {first}"


def step_label(game: GameLike, n: int, team: str) -> str:
    """Step ``n`` (1-based) as ``team`` may read it (see the module docstring): a few words
    for the step (its kind, for the team's own steps) and the first other title of its log
    range, without repeating the group heading (``"begin impulse (3 AP)"``, ``"pass (3 AP
    unused)"``, ``"commit combat: Revealed: DDG-51"``, ``"Move 1 concealed counter"``)."""
    h = game.history
    st = h.steps[n - 1]
    actor = step_actor(st)
    own = team == INSTRUCTOR or actor == team
    if n > h.cursor:
        return f"{_kind(st)} (undone)" if own else f"{TEAM_NAMES.get(actor, actor)} act (undone)"
    since, until = step_log_range(game, n)
    entries = [e for e in game.log_entries(team, since, until) if e.get("kind") != "odds"]
    first = next((e.get("title", "") for e in entries if e.get("title") and e.get("kind") not in _HEADING_KINDS),
                 "")
    head = _summary(st, entries, own)
    if head:
        return f"{head} \u00b7 {first}" if first else head
    if own:
        return _own_row(st, first)
    return first or f"{TEAM_NAMES.get(actor, actor)} acted"
