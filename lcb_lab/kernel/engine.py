"""The engine of any game on the kernel: one entry point for every act, and its record.

:class:`Engine` holds a game's ``state`` (a dataclass with a ``log`` list of explained entries,
:mod:`lcb_lab.kernel.explain`), its :class:`~lcb_lab.kernel.dice.Dice` and its
:class:`~lcb_lab.kernel.history.History`, and gives every game the same verbs:

* :meth:`Engine.apply` -- transactional: the act runs on the live state after a snapshot; when
  it raises (a rule refuses it: :class:`~lcb_lab.kernel.errors.IllegalAction`), the state, log and
  dice are put back exactly (the same objects, byte-identical); else it is recorded with the dice
  it drew;
* :meth:`Engine.undo`, :meth:`Engine.goto`, :meth:`Engine.fork`, :meth:`Engine.replay` -- along
  the record (going back restores a snapshot, going forward replays recorded actions with their
  recorded dice, exactly);
* :meth:`Engine.record_to_json` / :meth:`Engine.load_record` -- the record as JSON and back
  (replayed and checked against the saved state);
* :meth:`Engine.rollout` -- for random play and studies that never go back: the same acts, states
  and refusals, nothing recorded (no steps, labels or events);
* :meth:`Engine.to_act`, :meth:`Engine.legal_actions`, :meth:`Engine.is_legal`, :meth:`Engine.check_legal` -- who acts
  (a player of :attr:`Engine.players`, :data:`~lcb_lab.kernel.actions.CHANCE`, or None when the game is over) and what
  they may do.

A game supplies hooks by subclassing: :attr:`Engine.codec` (its action classes,
:class:`~lcb_lab.kernel.actions.ActionCodec`), :attr:`Engine.handlers` (action class ->
``handler(engine, action)``, or override :meth:`Engine.handle`), :attr:`Engine.players`,
:meth:`Engine.to_act`, :meth:`Engine.legal_actions`, :meth:`Engine.keeps_snapshot` (which acts
keep their snapshot for good: e.g. a turn's start), :meth:`Engine.step_place` (turn, sub-turn,
player of a step, for timelines; :attr:`Engine.place_keys` their JSON keys),
:meth:`Engine.step_label_for` (a step's label as one viewer may read it) and the state hooks (:meth:`Engine.state_snapshot`,
:meth:`Engine.state_clone`, :meth:`Engine.state_to_data`, :meth:`Engine.state_from_data`), whose
defaults work for any dataclass state (:mod:`lcb_lab.kernel.datacodec`,
:mod:`lcb_lab.kernel.datashare`).
"""
from __future__ import annotations

import copy
import operator
from dataclasses import fields
from typing import Any, Callable, ClassVar, Mapping, Sequence

from lcb_lab.kernel import datacodec, datashare
from lcb_lab.kernel.actions import CHANCE, Action, ActionCodec  # noqa: F401 - CHANCE: what to_act may return
from lcb_lab.kernel.datashare import share
from lcb_lab.kernel.dice import Dice, Die, default_rng, seed_problem, state_problem
from lcb_lab.kernel.errors import IllegalAction, InputError, LabError, ScenarioError
from lcb_lab.kernel.events import Event
from lcb_lab.kernel.history import PLACE_KEYS, History, Snapshot, Step, new_step
from lcb_lab.kernel.observer import all_seeing, redact_log

def _reseed(reseed: Any) -> int:
    """``fork``'s ``reseed`` as a plain int (an int or a numpy integer), else InputError naming the problem."""
    try:
        seed = operator.index(reseed)
    except TypeError:
        raise InputError("fork", "reseed", f"a whole number is expected, not {type(reseed).__name__}") from None
    problem = seed_problem(seed)
    if problem:
        raise InputError("fork", "reseed", problem)
    return seed


class Engine:
    """A game's state, dice and record, with the verbs every game shares (see the module)."""

    codec: ClassVar[ActionCodec]
    """The game's action classes (JSON codec and :meth:`ActionCodec.check`)."""
    handlers: ClassVar[Mapping[type, Callable[[Any, Any], Any]]] = {}
    """Action class -> ``handler(engine, action)``: applies the act to ``engine.state`` or raises."""
    players: Sequence[str] = ()
    """The game's players (two or more: teams or seats), in turn order."""
    Error: ClassVar[type] = LabError
    """The error class :meth:`undo` / :meth:`goto` / :meth:`fork` raise (a game may name its own)."""
    die: ClassVar[Die | None] = None
    """The game's own die: what its :class:`Dice` rolls when a rule names no die (None: the game
    passes its dice, or every roll names its die)."""
    place_keys: ClassVar[tuple[str, str, str]] = PLACE_KEYS
    """The JSON keys of a step's place -- turn, sub-turn, player -- in a saved record, the first two
    also the keys of a log entry's turn and sub-turn (a game may keep its own words)."""
    rollout_span: ClassVar[int] = 12
    """At most this many acts of a rollout (:meth:`rollout`) are replayed to put back a refused act:
    a new restore point is taken at least that often."""

    def __init__(self, state: Any, dice: Dice | None = None, auto_policies: dict[str, str] | None = None):
        """``state``: the game's dataclass state with a ``log`` list; ``dice`` (default ``Dice(seed=0, die=self.die)``).
        Raises ValueError when the class's :attr:`players` are not two or more distinct names."""
        if len(self.players) < 2 or len(set(self.players)) != len(self.players):
            raise ValueError(f"{type(self).__name__}: a game has two or more distinct players, not "
                             f"{', '.join(map(str, self.players)) or 'none'}")
        self.state = state
        if dice is None:
            if self.die is None:
                raise ValueError(f"{type(self).__name__}: pass dice or name the game's die (Engine.die)")
            dice = Dice(seed=0, die=self.die)
        self.dice = dice
        self.auto_policies = auto_policies
        """When set, pending choices are answered at once by these named policies (the game's)."""
        self.history = History()
        self.result: Any = None    # what the last applied action's handler returned
        self.revision = 0
        """Counts every change made through the engine (an applied action, a move in the record,
        a loaded record): a front end's cache key for what it derives from the state."""
        self.recording = True
        """False after :meth:`rollout`: acts are applied exactly as before but not recorded."""
        self._base: Snapshot | None = None         # rollout mode: the restore point (see :meth:`rollout`)
        self._since: list[tuple[Action, dict | None]] = []   # rollout mode: the acts applied since, with their policies
        self._tip: tuple = (None, None, -1, -1, -1)  # rollout mode: state, dice and their lengths after the last act

    # ------------------------------------------------------------------ hooks a game supplies
    def handle(self, action: Action) -> Any:
        """Run ``action``'s rule on ``self.state`` (raise to refuse it); returns the handler's result."""
        return self.handlers[type(action)](self, action)

    def to_act(self) -> str | None:
        """Who the game waits for: a player, :data:`~lcb_lab.kernel.actions.CHANCE`, or None when it is over."""
        raise NotImplementedError

    def log_length(self) -> int:
        """How many entries the game's explained log holds (every viewer's): where a front end
        pins a note or a highlight, and part of its cache key; never shown as such."""
        return len(self.state.log)

    def legal_actions(self, player: str | None = None) -> list:
        """What ``player`` (default: :meth:`to_act`) may do now: actions, or templates of them
        (:class:`lcb_lab.kernel.legal.Template`); ``[]`` when it is not its turn."""
        raise NotImplementedError

    def keeps_snapshot(self, action: Action | None) -> bool:
        """Whether the snapshot before ``action`` is kept for good (others are thinned out of
        the record after a while and reached by replay): e.g. a turn's start."""
        return False

    def step_place(self, action: Action, before: Any) -> tuple[int, int, str | None]:
        """``(turn, sub_turn, player)`` of a step applied on state ``before`` (for timelines)."""
        return 0, 0, None

    def step_label_for(self, n: int, viewer: Any) -> str:
        """Step ``n`` (1-based) of the record as ``viewer`` may read it, one line.  The all-seeing
        viewer (None / ``"instructor"``) reads the stored label; a player reads the first log title
        it may read (:func:`~lcb_lab.kernel.observer.redact_log`) -- after the step's kind when
        it was that player's turn -- or ``"<player> acts (hidden)"`` when it reads none (an undone
        step, whose entries are gone: ``"<player> acts (undone)"``).  A game may word its own.
        Raises IndexError for a step not in the record."""
        st = self.history.steps[n - 1]
        if all_seeing(viewer):
            return st.label
        who = st.player or "a player"
        if n > self.history.cursor:
            return f"{who} acts (undone)"
        since = self.history.steps[n - 2].log_len if n > 1 else self.history.snapshots[0].log_len
        seen = redact_log(self.state.log[since:st.log_len], viewer, self.place_keys[:2])
        first = next((e["title"] for e in seen if e.get("title")), "")
        if not first:
            return f"{who} acts (hidden)"
        return f"{st.action.KIND.replace('_', ' ')}: {first}" if viewer == st.player else first

    def step_labels(self, viewer: Any = None) -> list[dict[str, Any]]:
        """One row per step of the record as ``viewer`` may read it (:meth:`History.labels
        <lcb_lab.kernel.history.History.labels>` with :meth:`step_label_for`)."""
        return self.history.labels(lambda n: self.step_label_for(n, viewer))

    def state_snapshot(self, prev: Any | None) -> Any:
        """A read-only copy of the state for the record, sharing the parts equal to ``prev``'s
        and the live log list."""
        state = self.state
        log, state.log = state.log, []
        try:
            c = share(state, prev)
        finally:
            state.log = log
        c.log = log
        return c

    def state_clone(self, state: Any, share_log: bool = False) -> Any:
        """An independent copy of ``state`` (its log list shared when ``share_log``)."""
        return datacodec.clone(state, "log" if share_log else None)

    def state_to_data(self, state: Any) -> dict:
        """JSON-native data of ``state``."""
        return datacodec.to_data(state)

    def state_from_data(self, data: Any) -> Any:
        """Inverse of :meth:`state_to_data` (the state class: the live state's), :meth:`checked`.
        Raises DataError (the keys down to the bad value)."""
        return self.checked(datacodec.from_data(type(self.state), data))

    def checked(self, state: Any) -> Any:
        """``state`` read from data, when :meth:`state_problem` finds no fault in it; else raises
        DataError, so a hand-edited save is refused when it is read, not at its next act."""
        bad = self.state_problem(state)
        if bad is not None:
            raise datacodec.DataError(*bad)
        return state

    def state_problem(self, state: Any) -> tuple[tuple, str] | None:
        """Game hook: ``(loc, problem)`` for the first thing ``state`` names that the game has not
        (a piece, a side, a phase: what its types let through), None when it has none (the default)."""
        return None

    def check_index(self, what: str, n: Any) -> int:
        """``n`` as a step count or index (a plain int). Raises InputError."""
        if not isinstance(n, int) or isinstance(n, bool):
            raise InputError(what, "(value)", f"a whole number, not {type(n).__name__}")
        return n

    def check_step_fields(self, f: dict) -> dict:
        """A saved step's fields but its action, checked: ``dice`` a list of whole numbers,
        ``dice_after`` a dice state (:func:`~lcb_lab.kernel.dice.state_problem`), ``log_len`` an int
        (a game checks its dice's faces and its players).
        Raises InputError("record step", field, problem)."""
        need = {"dice": list, "dice_after": dict, "log_len": int}
        for k, t in need.items():
            if not isinstance(f.get(k), t) or isinstance(f.get(k), bool):
                raise InputError("record step", k, f"missing or not a {t.__name__}")
        bad = next((i for i, v in enumerate(f["dice"]) if type(v) is not int), None)
        if bad is not None:
            raise InputError("record step", f"dice[{bad}]", f"a whole number is expected, not {f['dice'][bad]!r:.40}")
        wrong = state_problem(f["dice_after"])
        if wrong is not None:
            raise InputError("record step", "dice_after" + datacodec.key_path(wrong[0]), wrong[1])
        turn, sub, player = self.place_keys
        extra = sorted(set(f) - {*need, "auto", turn, sub, player, "label"})
        if extra:
            raise InputError("record step", extra[0], "unknown field")
        return {"auto": None, turn: 0, sub: 0, player: None, "label": "", **f}

    def spawn(self, state: Any, dice: Dice) -> "Engine":
        """A new game of this class on ``state`` and ``dice``, with this one's fixed parts (board,
        catalog...) and a copy of its auto policies; an empty record."""
        g = copy.copy(self)
        g.state, g.dice, g.result, g.history = state, dice, None, History()
        g._base, g._since = None, []
        g.auto_policies = dict(self.auto_policies) if self.auto_policies is not None else None
        return g

    # ------------------------------------------------------------------ one entry point
    def apply(self, action: Action) -> list[Event]:
        """Apply one typed action and record it; returns the events (log entries) it produced.
        Raises IllegalAction (rule, reason) when the rules refuse it and InputError when it is
        malformed -- in both cases the state, the log and the dice are exactly as before.
        Applying after :meth:`undo` drops the undone steps."""
        return self._apply(self.codec.check(action))

    def rollout(self) -> None:
        """Switch this game to *rollout mode* for good: random play and studies that never go back.

        Every act is still checked, run and refused exactly as before (the same states, log, dice
        and results; a refused act leaves the state, log and dice byte-identical), but nothing is
        recorded: no :class:`~lcb_lab.kernel.history.Step`, no step label, and :meth:`apply` builds
        no events (it returns ``[]``).  Nor is a snapshot taken before every act: one restore point
        is kept (a snapshot sharing its unchanged records with the one before), taken before an act
        whose snapshot the record would keep for good (:meth:`keeps_snapshot`, e.g. a turn's
        start) or after :attr:`rollout_span` acts, with the acts applied since and their auto
        policies.  A refused act goes back to it and replays those acts -- exactly, as
        :meth:`goto` replays the record: the same handlers on the same state draw the same dice --
        and the point before the refused act becomes the restore point (a run of refusals costs one
        replay).  So between the acts of a rollout the game changes only through its verbs: a
        change made by hand would not be replayed (a new state or dice object, log entries, rolls or
        forced dice since the last act are noticed and give a new restore point; a field edited by
        hand is not).
        The record so far is dropped: :meth:`undo` and :meth:`goto` then find no step,
        :meth:`fork` of now works (the fork is a rollout too) and :meth:`record_to_json` gives None."""
        self.recording = False
        self.history = History()
        self._base, self._since = None, []

    def _apply(self, action: Action, record: bool = True, events: bool = True) -> list[Event]:
        if not self.recording:
            return self._apply_rollout(action)
        snap = self._snapshot(action)
        try:
            self.result = self.handle(action)
        except BaseException:
            self._restore(snap, keep=snap.shared)     # a shared snapshot's records are the record's
            raise
        self.revision += 1
        if record:
            dh = self.dice.history
            drawn = tuple(v for _, vals in dh[snap.dice_hist:] for v in vals) if len(dh) > snap.dice_hist else ()
            self.history.push(snap, self._step(action, drawn, snap))
        if not events:
            return []
        log = self.state.log
        keys = self.place_keys[:2]
        return [Event.from_log(log, i, keys) for i in range(snap.log_len, len(log))]

    def _apply_rollout(self, action: Action) -> list[Event]:
        """Rollout mode's :meth:`_apply` (see :meth:`rollout`): no snapshot unless a new restore
        point is due; a refusal goes back to the restore point and replays the acts since."""
        since, dice, state = self._since, self.dice, self.state
        base = self._base
        n_log, n_dice = len(state.log), len(dice.history)
        tip = self._tip             # the game after the last act: a new restore point when changed by hand since
        if base is None or len(since) >= self.rollout_span or self.keeps_snapshot(action) or tip[0] is not state \
                or tip[1] is not dice or tip[2] != n_log or tip[3] != n_dice or tip[4] != dice.forced_left:
            base = self._base = self._snapshot(action)
            since = self._since = []
        auto = self.auto_policies
        try:
            self.result = self.handle(action)
        except BaseException:
            self._back_to_rollout_point(base, since, n_log, n_dice)
            raise
        self.revision += 1
        since.append((action, None if auto is None else dict(auto)))
        self._tip = (state, dice, len(state.log), len(dice.history), dice.forced_left)
        return []

    def _back_to_rollout_point(self, base: Snapshot, since: list, n_log: int, n_dice: int) -> None:
        """Put the game back to where it was before a refused act of a rollout: the restore point
        ``base``, then the acts applied since (``since``) replayed, which must give back the log and
        dice lengths ``n_log`` and ``n_dice`` (else :attr:`Error`).  The point reached becomes the
        restore point."""
        log, hist = self.state.log, self.dice.history
        seen = (log[base.log_len:n_log], hist[base.dice_hist:n_dice]) if datashare.GUARD else None
        self._restore(base)
        if not since:
            return
        result, auto = self.result, self.auto_policies
        try:
            for action, policies in since:
                self.auto_policies = policies
                self.handle(action)
        except Exception as e:      # Ctrl-C (KeyboardInterrupt) stays itself: no "does not replay"
            raise self.Error(f"a rollout does not replay its acts since the restore point ({e})") from e
        finally:
            self.auto_policies = auto
        self.result = result
        if len(log) != n_log or len(hist) != n_dice or (
                seen is not None and (log[base.log_len:] != seen[0] or hist[base.dice_hist:] != seen[1])):
            raise self.Error("a rollout does not replay its acts since the restore point exactly")
        self._base, self._since = self._snapshot(), []

    def is_legal(self, action: Action) -> bool:
        """Whether the rules accept ``action`` now (tried, then put back; nothing is recorded).
        A malformed action raises InputError."""
        try:
            self.check_legal(action)
            return True
        except IllegalAction:
            return False

    def check_legal(self, action: Action) -> Action:
        """``action`` checked (tried, then put back; nothing is recorded); returns it.  Raises
        IllegalAction (rule, reason) when the rules refuse it now, InputError when it is malformed;
        the game is as before either way."""
        action = self.codec.check(action)
        snap = self._snapshot(action)
        try:
            self.handle(action)
            return action
        finally:
            self._restore(snap, keep=snap.shared)

    def _snapshot(self, action: Action | None = None) -> Snapshot:
        """The game now, sharing its unchanged parts with the record's snapshot before the cursor
        (in a rollout: with the restore point)."""
        h = self.history
        prev = h.snapshots.get(h.cursor - 1) if self.recording else self._base
        return Snapshot(self.state_snapshot(prev.state if prev is not None else None), len(self.state.log),
                        self.dice.state(), len(self.dice.history), action is not None and self.keeps_snapshot(action),
                        prev is not None)

    def _restore(self, snap: Snapshot, keep: bool = True) -> None:
        """Put the state (same object) and the dice (same object) back to ``snap``
        (``keep=False``: the snapshot is used up, its parts are taken, not copied; ``keep``:
        :meth:`state_put_back`)."""
        state = self.state
        del state.log[snap.log_len:]
        if keep:
            self.state_put_back(state, snap.state)
        else:
            for f in fields(state):
                if f.name != "log":
                    setattr(state, f.name, getattr(snap.state, f.name))
        self.dice.set_state(snap.dice)
        del self.dice.history[snap.dice_hist:]

    def state_put_back(self, state: Any, snap: Any) -> None:
        """Make ``state`` equal to the read-only snapshot ``snap`` again, in place, but its log
        (the caller truncates it). Default: copy every other field of ``snap``; a game whose
        records know whether they changed may keep the unchanged ones."""
        saved = self.state_clone(snap, share_log=True)
        for f in fields(state):
            if f.name != "log":
                setattr(state, f.name, getattr(saved, f.name))

    def _step(self, action: Action, drawn: tuple[int, ...], snap: Snapshot) -> Step:
        turn, sub, player = self.step_place(action, snap.state)
        d = self.dice          # no draw (every draw is recorded, dice.roll): the dice are as before
        after = snap.dice if len(d.history) == snap.dice_hist and d.forced_left == len(snap.dice["forced"]) \
            else d.state()
        log = self.state.log
        return new_step(action, drawn, after, len(log),
                        dict(self.auto_policies) if self.auto_policies is not None else None,
                        turn, sub, player, step_label(action, log, snap.log_len))

    # ------------------------------------------------------------------ the record
    def undo(self, n: int = 1) -> None:
        """Take back the last ``n`` applied actions (the record keeps them for :meth:`goto`
        forward until a new action is applied). Raises :attr:`Error` when fewer were applied."""
        n = self.check_index("undo", n)
        if not 0 <= n <= self.history.cursor:
            raise self.Error(f"undo: {self.history.cursor} step(s) can be undone, not {n}")
        self.goto(self.history.cursor - n)

    def goto(self, step: int) -> None:
        """Put the game at ``step`` of its record (0 = before the first action, ``len(steps)`` =
        after the last). Exact: recorded actions are replayed with their recorded dice.
        Raises :attr:`Error` for a step out of range."""
        step = self.check_index("goto", step)
        h = self.history
        self.revision += 1
        if not 0 <= step <= len(h.steps):
            raise self.Error(f"goto: the record has steps 0..{len(h.steps)}, not {step}")
        if step < h.cursor:
            if h.cursor == len(h.steps):
                h.tip_dice = self.dice.state()
            base = h.base_for(step)
            self._restore(h.snapshots[base])
            h.cursor = base
        while h.cursor < step:
            self._replay(h.steps[h.cursor])
        if h.cursor == len(h.steps) and h.tip_dice is not None:
            self.dice.set_state(h.tip_dice)

    def _replay(self, st: Step) -> None:
        h = self.history
        snap = self._snapshot(st.action)       # before the step, with the dice as they were
        self.dice.set_state({"seed": None, "rng": None, "forced": list(st.dice)})
        auto, self.auto_policies = self.auto_policies, st.auto
        try:
            self.handle(st.action)
            exact = not self.dice.forced_left and len(self.state.log) == st.log_len
            self.dice.set_state(st.dice_after)
        except Exception as e:
            self._restore(snap)
            raise self.Error(f"the record does not replay at step {h.cursor + 1} ({st.label}): {e}") from e
        except BaseException:               # Ctrl-C during a replay is no fault of the record: put back, re-raise
            self._restore(snap)
            raise
        finally:
            self.auto_policies = auto
        if not exact:
            raise self.Error(f"the record does not replay exactly at step {h.cursor + 1} ({st.label})")
        h.snapshots.setdefault(h.cursor, snap)
        h.cursor += 1

    def fork(self, at: int | None = None, reseed: int | None = None) -> "Engine":
        """An independent game from step ``at`` of this one's record (default: now), sharing
        nothing mutable with this one and keeping the record up to ``at``.  Its dice go on
        exactly as this game's would; ``reseed=n`` gives it new dice (seeded ``n``; the same class and die).
        Raises :attr:`Error` when ``at`` is not a step of the record, InputError for a ``reseed`` that is
        no dice seed (:func:`~lcb_lab.kernel.dice.seed_problem`)."""
        if reseed is not None:
            reseed = _reseed(reseed)
        g = self.spawn(self.state_clone(self.state), type(self.dice).from_state(self.dice.state(), self.dice.die))
        g.dice.history = list(self.dice.history)
        g.history = self.history.copy()
        g.recording, g._base, g._since = self.recording, None, []
        if at is not None and at != g.history.cursor:
            if not isinstance(at, int) or isinstance(at, bool) or not 0 <= at <= len(g.history.steps):
                raise self.Error(f"fork: the record has steps 0..{len(g.history.steps)}, not {at!r}")
            g.goto(at)
        if reseed is not None:
            g.dice.set_state({"seed": reseed, "rng": default_rng(reseed).bit_generator.state,
                              "forced": []})
        del g.history.steps[g.history.cursor:]
        return g

    def clone(self) -> "Engine":
        """An independent what-if copy (= :meth:`fork` of now)."""
        return self.fork()

    def replay(self) -> "Engine":
        """A new game rebuilt from the state before the first recorded action by re-applying
        every recorded action with its recorded dice (a check that the record is exact)."""
        g = self.fork()
        target = g.history.cursor
        g.history.snapshots = {0: g.history.snapshots[0]} if g.history.steps else {}
        if g.history.steps:
            g.goto(0)
            g.goto(target)
        return g

    def record_to_json(self) -> dict | None:
        """The record up to the cursor as JSON-native data: ``{"initial": {"state", "dice"},
        "steps": [...]}`` (None when nothing was applied)."""
        h = self.history
        if not h.steps:
            return None
        first = h.snapshots[0]
        return {"initial": {"state": dict(self.state_to_data(first.state), log=self.state.log[:first.log_len]),
                            "dice": first.dice},
                "steps": [s.to_json(self.codec.to_json, self.place_keys) for s in h.steps[:h.cursor]]}

    def step_from_json(self, d: Any) -> Step:
        """One saved step (the game's codec and field checks). Raises InputError."""
        return Step.from_json(d, self.codec.from_json, self.check_step_fields, self.place_keys)

    def load_record(self, rec: Any, file: str = "<saved game>") -> None:
        """Take the saved record ``rec`` (:meth:`record_to_json`) as this game's, replayed from its
        initial state; refused unless it gives this game's state.  Raises ScenarioError naming
        ``file`` and the key (``record``, ``record.steps[i].<field>``)."""
        from lcb_lab.kernel.saved import first_difference, json_type, read_part
        if not isinstance(rec, dict):
            raise ScenarioError(file, "record", f"an object ({{...}}) or null is expected, the file has {json_type(rec)}")
        initial = read_part(rec, "initial", file, lambda v: v, at="record")
        first = read_part(initial, "state", file, self.state_from_data, at="record.initial")
        dice = read_part(initial, "dice", file, lambda v: type(self.dice).from_saved(v, self.dice.die),
                         at="record.initial")
        raw = rec.get("steps")
        if not isinstance(raw, list):
            raise ScenarioError(file, "record.steps", f"a list of steps is expected, the file has {json_type(raw)}")
        steps = []
        for i, s in enumerate(raw):
            try:
                steps.append(self.step_from_json(s))
            except InputError as e:
                where = "" if e.where == "(value)" else f".{e.where}"
                raise ScenarioError(file, f"record.steps[{i}]{where}", e.problem) from None
        g = self.spawn(first, dice)
        g.history.steps = steps
        g.history.snapshots = {0: g._snapshot()}
        try:
            g.goto(len(steps))
        except LabError as e:              # the replay's own words: "the record does not replay at step ..."
            raise ScenarioError(file, "record", str(e)) from None
        mine, replayed = self.state_to_data(self.state), self.state_to_data(g.state)
        if replayed != mine:
            where = first_difference(mine, replayed)
            raise ScenarioError(file, "record", "replaying the record does not give the saved state"
                                + (f" (they differ first at {where})" if where else ""))
        self.history = g.history
        self.revision += 1


def step_label(action: Action, log: list[dict], since: int) -> str:
    """A one-line description of a step for timelines: the action and its first log title."""
    head = action.KIND.replace("_", " ")
    first = next((e["title"] for e in log[since:] if e.get("kind") not in ("odds",)), "")
    return f"{head}: {first}" if first else head
