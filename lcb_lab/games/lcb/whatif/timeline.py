"""A game's record as a timeline a team may read, and who may take a step back (undo, goto, fork).

Kernel module (no UI library): the lab's *History* tab (:mod:`lcb_lab.ui.lab.timeline`)
draws what :func:`timeline` returns and asks :func:`undo_allowed` before an *Undo*.

Hidden information (design principle 8): a row's label is the game's label of the step for
``team`` (``Game.step_label_for``, :mod:`lcb_lab.games.lcb.step_labels`: built only from the log
entries ``team`` may read, never from the raw :attr:`lcb_lab.kernel.history.Step.label`, which
can name a concealed unit).  The group heading ("Turn 1 · impulse 2 · TF Boston")
names the Task Force, which the impulse's beginning makes public (3.3).

Undo rule for a team (:func:`undo_allowed`): a team may take back its own last
step while the game still waits for that same team, the step drew no dice and
it told the team nothing of the other side -- once the opponent has answered,
chance has rolled, the dice were drawn (initiative, combat), or the step's log
told the team something about the enemy (:func:`told_other_side`: a looking act
such as a ground ZOR, 6.21, *a negative result included*; an enemy unit or
MILDEC turned face up by a naval ZOR, 6.23, or contact, 6.22), only the
instructor may undo.  Otherwise a team could scout: look, undo, and look
elsewhere -- one ZOR would search all six neighbours.  The refusal reads the
same whether or not something was found, and it is decided from the step's own
facts (what its log told the team), never from the hidden state.  A move while
the other team may hold secret mines is such a look too (:func:`moved_past_secret_mines`:
a mined hex stops it, which shows the hex is mined, 13.34; one that went on found none),
and so is a card play that carries units to a landing (:func:`sailed_by_card`, 13.38),
refused in its own words (:data:`MINES_LOOK`).
The team's own moves and declarations that show it nothing of the enemy stay
undoable; the instructor may undo any step, for teaching.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Iterable, Mapping

from lcb_lab.games.lcb import actions as A
from lcb_lab.games.lcb import observer
from lcb_lab.games.lcb.model.state import TEAMS, GameState, other
from lcb_lab.kernel.undo import last_step_undo
from lcb_lab.games.lcb.step_labels import (CHANCE, INSTRUCTOR, TEAM_NAMES, step_actor,  # noqa: F401 - the timeline's names too
                                           step_label, step_log_range)
from lcb_lab.kernel.history import Step
from lcb_lab.kernel.observer import all_seeing
from lcb_lab.kernel.timeline import TimelineRow, timeline_rows

if TYPE_CHECKING:
    from lcb_lab.games.lcb.game import Game


def _groups(steps: list[Step]) -> list[str]:
    out, tf = [], {}
    for st in steps:
        key = (st.turn, st.sub_turn)
        if isinstance(st.action, A.BeginImpulse):
            tf[key] = st.action.task_force
        if key in tf:
            out.append(f"Turn {st.turn} \u00b7 impulse {st.sub_turn} \u00b7 {tf[key]}")
        elif st.sub_turn:
            out.append(f"Turn {st.turn} \u00b7 impulse {st.sub_turn}")
        else:
            out.append(f"Turn {st.turn} \u00b7 between impulses")
    return out


def timeline(game: Game, team: str = INSTRUCTOR) -> list[TimelineRow]:
    """Every step of ``game``'s record (applied and undone) as ``team`` may read it, oldest first
    (:func:`lcb_lab.kernel.timeline.timeline_rows`, grouped by turn and impulse)."""
    return timeline_rows(game, team, _groups, step_actor)


def undo_allowed(game: Game, team: str) -> tuple[bool, str]:
    """May ``team`` (``"US"`` / ``"RU"`` / ``"instructor"``) undo the last applied step now?

    Returns ``(allowed, why)``.  The instructor may undo any applied step; a
    team only its own last step, while :meth:`~lcb_lab.games.lcb.game.Game.to_act` is
    still that team, the step drew no dice and told the team nothing of the other side
    (:data:`TOLD`; see the module docstring).
    """
    return last_step_undo(
        game, team, INSTRUCTOR, actor=step_actor, name=lambda actor: TEAM_NAMES.get(actor, actor),
        all_seeing_name="instructor",
        looks=(lambda: TOLD if told_other_side(game, team) or revealed_enemy(game, team) else None,
               lambda: MINES_LOOK if moved_past_secret_mines(game, team) else None))


SCOUTING_KINDS = frozenset({"zor", "detect", "asw"})
"""Log entry kinds of acts that look at the other team (a ground ZOR, 6.21; a DETECT, 9.06, 14.12;
an ASW search, 14.13-14.15): reading one tells a team something of the other side even when
nothing was found."""

_FACT_KEYS = ("units", "by", "uid", "marker", "mid", "target", "targets", "about", "sub", "subs")


def _fact_ids(value) -> Iterable[tuple[str, object]]:
    """(kind or "", id) pairs named by one fact of an entry's ``data`` (module doc: refs, ids, ``about``)."""
    if isinstance(value, str):
        yield "", value
    elif isinstance(value, Mapping):
        for k, v in value.items():
            if k in ("uid", "mid") or k in observer.REF_KINDS:
                yield ("" if k in ("uid", "mid") else k), v
    elif isinstance(value, (list, tuple)):
        for v in value:
            yield from _fact_ids(v)


def _fact_owner(state: GameState, kind: str, ident) -> str | None:
    """The team owning what a fact names (a unit, MILDEC, card marker or card; ``cp``: a team)."""
    if kind == "cp":
        return ident if ident in TEAMS else None
    if not isinstance(ident, str):
        return None
    tables = (state.markers,) if kind in ("", "mildec") else ()
    for table in tables + (state.units, state.card_markers, state.cards):
        x = table.get(ident)
        if x is not None:
            return x.team
    return None


def tells_of_other_side(state: GameState, entry: dict, viewer: str | None) -> bool:
    """Whether log ``entry`` tells team ``viewer`` something of the other team: ``viewer`` reads
    it (:func:`lcb_lab.games.lcb.observer.redact`) and it is a looking act
    (:data:`SCOUTING_KINDS`, a negative result included), or its facts (``team``, the units, MILDECs, markers, cards and ``about``
    references it names) belong to the other team.  Decided from the entry's facts alone, never
    from what the hidden state held; False for the instructor (it knows everything anyway)."""
    if all_seeing(viewer) or observer.redact(entry, viewer) is None:
        return False
    if entry.get("kind") in SCOUTING_KINDS:
        return True
    d = entry.get("data") or {}
    if d.get("team") in TEAMS and d["team"] != viewer:
        return True
    return any(_fact_owner(state, kind, ident) not in (None, viewer)
               for key in _FACT_KEYS if key in d for kind, ident in _fact_ids(d[key]))


LOOKING_ACTS = (A.ExerciseZor, A.SubmarineZor, A.OffensiveAsw)
"""Acts that look at the other team (a ground ZOR, 6.21; a submarine's ZOR, 14.09; offensive ASW,
14.14): whatever their log says, the team that takes one has learnt something of the enemy, even
that nothing is there."""


TOLD = "the last step told your team something about the other side"
"""The one refusal of an undo after a step that showed the team something of the enemy: the
same words whether the step found something or nothing."""


MINES_LOOK = "a move while the other side may hold secret mines cannot be taken back (13.34, 13.37)"
"""The refusal of an undo after a move that may have met the other side's secret mines
(:func:`moved_past_secret_mines`): the same words whether it met them or went on."""


def told_other_side(game: Game, team: str) -> bool:
    """Whether ``game``'s last applied step told ``team`` something of the other side: it is one
    of ``team``'s :data:`LOOKING_ACTS`, or an entry of the step's log range
    (:func:`~lcb_lab.kernel.timeline.step_log_range`) for which :func:`tells_of_other_side`
    says so.  False with no step."""
    n = game.history.cursor
    if n == 0:
        return False
    if isinstance(game.history.steps[n - 1].action, LOOKING_ACTS) and step_actor(game.history.steps[n - 1]) == team:
        return True
    since, until = step_log_range(game, n)
    return any(tells_of_other_side(game.state, e, team) for e in game.log[since:until])


def moved_past_secret_mines(game: Game, team: str) -> bool:
    """Whether ``game``'s last applied step moved ``team``'s counters (a ``Move``, a marker's
    ``MarkerAction`` along a path, a card carrying units to a landing: :func:`sailed_by_card`)
    while the other team may hold secret mines
    (:func:`~lcb_lab.games.lcb.rules.markers.mines.may_hold_secret_mines`, a public fact): such a
    move looks for mines -- a mined hex stops it, which shows the hex is mined (13.34, 13.37),
    and a move that went on tells that none was on its way, a negative result.  Decided from the step
    and the public fact, never from where the mines are.  False with no step."""
    n = game.history.cursor
    if n == 0:
        return False
    st = game.history.steps[n - 1]
    if step_actor(st) != team or not secret_mines_possible(game, other(team)):
        return False
    moved = isinstance(st.action, A.Move) or (isinstance(st.action, A.MarkerAction) and bool(st.action.path))
    return moved or sailed_by_card(game, team)


CARDS_THAT_SAIL = frozenset({"transport", "sealift"})
"""Card effects whose craft sails to a landing point and may meet mines on the way or there: an
amphibious landing craft's first use (12.21, 12.22: its marker traces its path) and a marker-less
sealift (12.4, 13.38: mines at the embarkation / landing point, or blocking every path)."""


def sailed_by_card(game: Game, team: str) -> bool:
    """Whether ``game``'s last applied step resolved a card of ``team`` with an effect of
    :data:`CARDS_THAT_SAIL` (13.38): a card named by the step's ``card`` log entries or waiting in
    the chain before the step, and no longer in the chain after it.  Public facts only (cards
    are played face up, 9.02), never the mines.  False with no step."""
    n = game.history.cursor
    if n == 0:
        return False
    since, until = step_log_range(game, n)
    cids = {(e.get("data") or {}).get("card") for e in game.log[since:until] if e.get("kind") == "card"}
    cids |= {link.card for link in _state_before(game, n).chain}
    cids -= {link.card for link in game.state.chain}
    ctx = game._ctx()
    return any(c is not None and c.team == team and any(e.fn in CARDS_THAT_SAIL for e in ctx.ctype(c).effects)
               for c in (game.state.cards.get(cid) for cid in cids if isinstance(cid, str)))


def _state_before(game: Game, n: int) -> GameState:
    """The state before step ``n`` (1-based) of ``game``'s record: its snapshot, else a fork."""
    snap = game.history.snapshots.get(n - 1)
    return snap.state if snap is not None else game.fork(at=n - 1).state


def secret_mines_possible(game: Game, team: str) -> bool:
    """Whether both teams know that ``team`` may hold secret mines in ``game``: its scenario's
    ``[[mines]]`` (13.37) or a mine card it has played
    (:func:`~lcb_lab.games.lcb.rules.markers.mines.may_hold_secret_mines`)."""
    from lcb_lab.games.lcb.rules.markers.mines import may_hold_secret_mines
    info = game.scenario_info
    teams = {e.team for e in info.mines} if info is not None else set()
    return may_hold_secret_mines(game._ctx(), team, teams)


def revealed_enemy(game: Game, team: str) -> list[str]:
    """The other team's units and MILDECs (ids, sorted) that ``game``'s last applied step
    turned face up (6.2): the snapshot before the step against the state now, and the
    step's ``reveal`` log entries.  ``[]`` when nothing of theirs was revealed (or no step)."""
    h = game.history
    n = h.cursor
    if n == 0:
        return []
    enemy = other(team)
    before = _state_before(game, n)
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
