"""A game's record as a timeline a team may read, and who may take a step back (undo, goto, fork).

Kernel module (no UI library): the lab's *History* tab (:mod:`lcb_lab.ui.widgets.timeline`)
draws what :func:`timeline` returns and asks :func:`undo_allowed` before an *Undo*.

Hidden information (design principle 8): a row's label is built only from the
log entries ``team`` may read in the step's log range (``game.log_entries(team,
since, until)``), never from the raw :attr:`lcb_lab.kernel.history.Step.label` (which
can name a concealed unit).  The other team's steps are not even named by their
action kind (a *conceal* of a counter already face down is itself a secret);
undone steps, whose log entries are gone, are named by their kind (own steps)
or only by their team.  The group heading ("Turn 1 · impulse 2 · TF Boston")
names the Task Force, which the impulse's beginning makes public (3.3).

Undo rule for a team (:func:`undo_allowed`): a team may take back its own last
step while the game still waits for that same team, the step drew no dice and
it revealed no counter of the other team -- once the opponent has answered,
chance has rolled, the dice were drawn (initiative, combat) or an enemy unit or
MILDEC was turned face up (a ground ZOR, 6.21; a naval ZOR, 6.23; contact, 6.22),
only the instructor may undo.  Otherwise a team could scout: read the enemy's
names, undo, and find the enemy face down again.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from dataclasses import dataclass

from lcb_lab.games.lcb import actions as A
from lcb_lab.kernel.history import Step
from lcb_lab.games.lcb.model.state import other

if TYPE_CHECKING:
    from lcb_lab.games.lcb.game import Game

CHANCE = "chance"
INSTRUCTOR = "instructor"
TEAM_NAMES = {"US": "Blue (US)", "RU": "Red (RU)", CHANCE: "Chance", INSTRUCTOR: "Instructor"}


@dataclass(frozen=True)
class TimelineRow:
    """One step of the record as ``team`` may read it.

    ``step``: 1-based (the game after ``step`` actions); ``group``: e.g.
    ``"Turn 1 · impulse 2 · TF Boston"``; ``actor``: ``"US"`` / ``"RU"`` /
    ``"chance"`` / ``"instructor"`` / None; ``label``: one line; ``undone``:
    the step is after the cursor (still in the record for going forward)."""

    step: int
    turn: int
    impulse: int
    group: str
    actor: str | None
    label: str
    undone: bool


def step_actor(step: Step) -> str | None:
    """Who took ``step``: the defender for an :class:`~lcb_lab.games.lcb.actions.Answer`
    (the impulse's opponent, 7.5, 7.1), ``"chance"`` for a
    :class:`~lcb_lab.games.lcb.actions.ResolveCombat` (7.010), ``"instructor"`` for a
    :class:`~lcb_lab.games.lcb.actions.ScriptedEffect`, else the step's team."""
    a = step.action
    if isinstance(a, A.ScriptedEffect):
        return INSTRUCTOR
    if isinstance(a, A.ResolveCombat):
        return CHANCE
    if isinstance(a, A.Answer) and step.team in ("US", "RU"):
        return other(step.team)
    return step.team


def step_log_range(game: Game, n: int) -> tuple[int, int]:
    """``(since, until)`` log indexes of step ``n`` (1-based) of ``game``'s record.
    Meaningful only for applied steps (``n <= game.history.cursor``)."""
    h = game.history
    first = h.snapshots.get(0)
    since = h.steps[n - 2].log_len if n > 1 else (first.log_len if first is not None else 0)
    return since, h.steps[n - 1].log_len


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


def step_label(game: Game, n: int, team: str) -> str:
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


def _groups(steps: list[Step]) -> list[str]:
    out, tf = [], {}
    for st in steps:
        key = (st.turn, st.impulse)
        if isinstance(st.action, A.BeginImpulse):
            tf[key] = st.action.task_force
        if key in tf:
            out.append(f"Turn {st.turn} \u00b7 impulse {st.impulse} \u00b7 {tf[key]}")
        elif st.impulse:
            out.append(f"Turn {st.turn} \u00b7 impulse {st.impulse}")
        else:
            out.append(f"Turn {st.turn} \u00b7 between impulses")
    return out


def timeline(game: Game, team: str = INSTRUCTOR) -> list[TimelineRow]:
    """Every step of ``game``'s record (applied and undone) as ``team`` may read it, oldest first."""
    h = game.history
    groups = _groups(h.steps)
    return [TimelineRow(i, st.turn, st.impulse, groups[i - 1], step_actor(st), step_label(game, i, team),
                        i > h.cursor) for i, st in enumerate(h.steps, start=1)]


def undo_allowed(game: Game, team: str) -> tuple[bool, str]:
    """May ``team`` (``"US"`` / ``"RU"`` / ``"instructor"``) undo the last applied step now?

    Returns ``(allowed, why)``.  The instructor may undo any applied step; a
    team only its own last step, while :meth:`~lcb_lab.games.lcb.game.Game.to_act` is
    still that team and the step drew no dice (see the module docstring).
    """
    h = game.history
    if h.cursor == 0:
        return False, "nothing to undo"
    if team == INSTRUCTOR:
        return True, "the instructor may undo any step"
    st = h.steps[h.cursor - 1]
    actor = step_actor(st)
    if actor != team:
        return False, f"the last step was {TEAM_NAMES.get(actor, actor)}'s"
    if game.to_act() != team:
        return False, "the other side has already answered or must answer now"
    if st.dice:
        return False, "the last step rolled dice"
    if revealed_enemy(game, team):
        return False, "the last step revealed enemy counters"
    return True, "your own last step, before the other side has answered"


def revealed_enemy(game: Game, team: str) -> list[str]:
    """The other team's units and MILDECs (ids, sorted) that ``game``'s last applied step
    turned face up (6.2): the snapshot before the step against the state now, and the
    step's ``reveal`` log entries.  ``[]`` when nothing of theirs was revealed (or no step)."""
    h = game.history
    n = h.cursor
    if n == 0:
        return []
    enemy = other(team)
    snap = h.snapshots.get(n - 1)
    before = snap.state if snap is not None else game.fork(at=n - 1).state
    now = game.state
    out = {uid for uid, u in now.units.items() if u.team == enemy and u.revealed
           and uid in before.units and not before.units[uid].revealed}
    out |= {mid for mid, m in now.markers.items() if m.team == enemy and m.revealed
            and mid in before.markers and not before.markers[mid].revealed}
    since, until = step_log_range(game, n)
    for e in game.log[since:until]:
        if e.get("kind") == "reveal":
            out |= {uid for uid in (e.get("data") or {}).get("units", [])
                    if uid in now.units and now.units[uid].team == enemy}
    return sorted(out)
