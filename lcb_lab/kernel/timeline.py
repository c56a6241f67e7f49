"""A game's record as rows one viewer may read: what every game's *History* tab draws.

Kernel module (knows no game): a row is one step of :class:`~lcb_lab.kernel.history.History`
(applied or undone), its place (turn, sub-turn), the group heading it falls under and its
one-line label as ``Engine.step_label_for`` gives it to the viewer (never the raw
:attr:`~lcb_lab.kernel.history.Step.label`, which may name a hidden piece).  The game says how
steps group (its turn structure) and who took each (its actor); a game's own rows are built on
:func:`timeline_rows`.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Callable, Sequence

from lcb_lab.kernel.history import Step

if TYPE_CHECKING:  # pragma: no cover
    from lcb_lab.kernel.engine import Engine

__all__ = ["TimelineRow", "timeline_rows", "step_log_range"]


@dataclass(frozen=True)
class TimelineRow:
    """One step of the record as a viewer may read it.

    ``step``: 1-based (the game after ``step`` actions); ``turn`` / ``sub_turn``: the step's place;
    ``group``: the heading it falls under (e.g. ``"Turn 1 · round 2 · Red"``); ``actor``: who took it (a player, or the game's word such as ``"chance"``, or
    None); ``label``: one line; ``undone``: the step is after the cursor (kept for going forward)."""

    step: int
    turn: int
    sub_turn: int
    group: str
    actor: str | None
    label: str
    undone: bool


def timeline_rows(game: "Engine", viewer: Any, groups: Callable[[Sequence[Step]], list[str]],
                  actor: Callable[[Step], str | None]) -> list[TimelineRow]:
    """Every step of ``game``'s record (applied and undone) as ``viewer`` may read it, oldest first;
    ``groups(steps)`` gives each step's heading, ``actor(step)`` who took it."""
    h = game.history
    heads = groups(h.steps)
    return [TimelineRow(i, st.turn, st.sub_turn, heads[i - 1], actor(st), game.step_label_for(i, viewer), i > h.cursor)
            for i, st in enumerate(h.steps, start=1)]


def step_log_range(game: "Engine", n: int) -> tuple[int, int]:
    """``(since, until)`` log indexes of step ``n`` (1-based) of ``game``'s record.
    Meaningful only for applied steps (``n <= game.history.cursor``)."""
    h = game.history
    first = h.snapshots.get(0)
    since = h.steps[n - 2].log_len if n > 1 else (first.log_len if first is not None else 0)
    return since, h.steps[n - 1].log_len
