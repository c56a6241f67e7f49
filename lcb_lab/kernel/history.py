"""The record of a game: every applied action with the dice it drew (the undo / goto / fork record).

Modelled on python-chess's move stack: :meth:`lcb_lab.kernel.engine.Engine.apply` pushes a
:class:`Step`; ``Engine.undo``, ``Engine.goto`` and ``Engine.fork``
move along it.  Going back restores the snapshot taken just before the step
(the same snapshot that lets a refused act leave the state untouched), so an
undo costs one state copy; snapshots of steps long past are thinned to the
ones the game keeps (``Engine.keeps_snapshot``, e.g. each turn's start), and a step between two
kept snapshots is reached by replaying the recorded actions with their recorded dice -- the
replay is exact.

Steps are numbered from 0 (the state before the first recorded action);
``step n`` is the game after ``n`` actions.  After going back, the later steps
stay available (``goto`` forward re-applies them) until a new action is
applied, which drops them (like an editor's redo).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable

from lcb_lab.kernel.actions import Action
from lcb_lab.kernel.datashare import share
from lcb_lab.kernel.errors import InputError

KEEP_ALL = 32
"""Snapshots of the last KEEP_ALL steps are kept; older ones only where the game keeps them
(:attr:`Snapshot.kept`)."""

PLACE_KEYS = ("turn", "sub_turn", "player")
"""The JSON keys of a step's place (:attr:`Step.turn`, :attr:`Step.sub_turn`, :attr:`Step.player`)
unless the game names its own (``Engine.place_keys``)."""


@dataclass(frozen=True, slots=True)
class Step:
    """One applied action: the ``action``, every die value it drew (``dice``), the dice
    state after it (``dice_after``: seed, generator state, forced queue), the log
    length after it, the auto-answer policies in force, and where it happened -- its *place*:
    ``turn``, ``sub_turn`` (a phase, a round, a level: the game's part of a turn; 0 for none) and
    ``player`` (whose part of the turn it was; None between them), from the game's
    ``Engine.step_place`` -- with a one-line ``label``: the all-seeing view (it may name a hidden
    piece; a player reads ``Engine.step_label_for``)."""

    action: Action
    dice: tuple[int, ...]
    dice_after: dict = field(repr=False)
    log_len: int
    auto: dict | None
    turn: int
    sub_turn: int
    player: str | None
    label: str

    def to_json(self, action_to_json: Callable[[Action], dict],
                keys: tuple[str, str, str] = PLACE_KEYS) -> dict:
        """The step as JSON-native data, the action by the game's codec (``action_to_json``), its
        place under the game's ``keys`` (turn, sub-turn, player)."""
        turn, sub, player = keys
        return {"action": action_to_json(self.action), "dice": list(self.dice), "dice_after": self.dice_after,
                "log_len": self.log_len, "auto": self.auto, turn: self.turn, sub: self.sub_turn,
                player: self.player, "label": self.label}

    @classmethod
    def from_json(cls, d: Any, action_from_json: Callable[[Any], Any],
                  check_fields: Callable[[dict], dict], keys: tuple[str, str, str] = PLACE_KEYS) -> "Step":
        """Inverse of :meth:`to_json`, strictly, with the game's checks: ``action_from_json``
        decodes the action (its codec's ``from_json``), ``check_fields`` returns the other fields
        checked (``dice``, ``dice_after``, ``log_len``, ``auto``, the place under ``keys``,
        ``label``; the game's ``Engine.check_step_fields``).
        Raises InputError("record step", field, problem) (the loader names the file and step)."""
        if not isinstance(d, dict):
            raise InputError("record step", "(value)", f"a step is an object, not {type(d).__name__}")
        if "action" not in d:
            raise InputError("record step", "action", "missing")
        f = check_fields({k: v for k, v in d.items() if k != "action"})
        try:
            action = action_from_json(d["action"])
        except InputError as e:
            raise InputError("record step", f"action.{e.where}", f"{e.what}: {e.problem}") from None
        turn, sub, player = keys
        return cls(action, tuple(f["dice"]), f["dice_after"], f["log_len"], f["auto"],
                   f[turn], f[sub], f[player], f["label"])


_STEP_SET = tuple(Step.__dict__[n].__set__ for n in Step.__slots__)     # type: ignore[attr-defined]
assert Step.__slots__ == ("action", "dice", "dice_after", "log_len", "auto", "turn", "sub_turn",  # type: ignore[attr-defined]
                          "player", "label")


def new_step(action: Action, dice: tuple[int, ...], dice_after: dict, log_len: int, auto: dict | None,
             turn: int, sub_turn: int, player: str | None, label: str,
             _new: Callable = object.__new__, _s: tuple = _STEP_SET) -> Step:
    """``Step(...)`` with the same fields, made without the frozen ``__init__``'s ``object.__setattr__``
    per field (the engine makes one per applied act)."""
    st = _new(Step)
    _s[0](st, action); _s[1](st, dice); _s[2](st, dice_after); _s[3](st, log_len); _s[4](st, auto)  # noqa: E702
    _s[5](st, turn); _s[6](st, sub_turn); _s[7](st, player); _s[8](st, label)                       # noqa: E702
    return st


@dataclass(slots=True)
class Snapshot:
    """The game just before a step: the state (read-only, its log list the game's), log length,
    dice state. ``kept``: kept for good (the game's ``Engine.keeps_snapshot``, e.g. a turn's
    start); ``shared``: the state already shares its unchanged parts with the snapshot before it
    (the game's ``Engine.state_snapshot``), so a restore must copy it."""

    state: Any
    log_len: int
    dice: dict
    dice_hist: int
    kept: bool = False
    shared: bool = False


@dataclass
class History:
    """Steps applied so far, the cursor (how many are in effect) and snapshots."""

    steps: list[Step] = field(default_factory=list)
    cursor: int = 0
    snapshots: dict[int, Snapshot] = field(default_factory=dict)
    tip_dice: dict | None = None
    """The dice as they stood at the last step when the game went back from it: going forward
    to the last step again restores them (dice forced after the last act are not lost)."""

    def copy(self) -> "History":
        """An independent record sharing the immutable steps and snapshots."""
        return History(list(self.steps), self.cursor, dict(self.snapshots), self.tip_dice)

    def push(self, before: Snapshot, step: Step) -> None:
        """Record ``step`` applied at the cursor, dropping any undone steps after it."""
        n = self.cursor
        if n < len(self.steps):
            del self.steps[n:]
            for k in [k for k in self.snapshots if k > n]:
                del self.snapshots[k]
        self._share(before, step, n)
        self.snapshots[n] = before
        self.steps.append(step)
        self.tip_dice = None
        self.cursor = n + 1
        old = n - KEEP_ALL
        s = self.snapshots.get(old)
        if old > 0 and s is not None and not s.kept:
            del self.snapshots[old]

    def _share(self, before: Snapshot, step: Step, n: int) -> None:
        """Let ``before`` and ``step`` hold the previous snapshot's and step's equal parts (state
        records, dice states, auto policies) instead of equal copies: the record's memory per step."""
        prev = self.snapshots.get(n - 1)
        if prev is not None and not before.shared:
            before.state = share(before.state, prev.state, own=True)
            before.shared = True
        last = self.steps[n - 1] if n else None
        if last is not None and before.dice is not last.dice_after and before.dice == last.dice_after:
            before.dice = last.dice_after
        if step.dice_after is not before.dice and step.dice_after == before.dice:
            object.__setattr__(step, "dice_after", before.dice)     # a frozen Step, made for this push
        if last is not None and step.auto is not None and step.auto is not last.auto and step.auto == last.auto:
            object.__setattr__(step, "auto", last.auto)

    def base_for(self, target: int) -> int:
        """The latest snapshot at or before ``target``."""
        if target in self.snapshots:        # the usual case (undo of a recent step): no scan
            return target
        return max(k for k in self.snapshots if k <= target)

    def labels(self, label: Callable[[int], str] | None = None) -> list[dict[str, Any]]:
        """One row per step: ``{"step", "turn", "sub_turn", "player", "label", "undone"}``
        (``step`` 1-based).  ``label(step)`` gives each row's label; without it, the stored
        all-seeing label, which may name a hidden piece: for a player, use the game's
        ``Engine.step_labels(viewer)``."""
        return [{"step": i + 1, "turn": s.turn, "sub_turn": s.sub_turn, "player": s.player,
                 "label": s.label if label is None else label(i + 1), "undone": i >= self.cursor}
                for i, s in enumerate(self.steps)]
