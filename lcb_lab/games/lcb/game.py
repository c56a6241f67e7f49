"""Game: one entry point for every act, its legal acts, and a history (3.3, 3.03, 7.010).

Typical impulse, with typed actions (:mod:`lcb_lab.games.lcb.actions`)::

    from lcb_lab.games.lcb.actions import BeginImpulse, Declare, CoreAction, Move, CommitCombat, LrsAttack
    g = load_scenario("gotland_redux", seed=1)
    g.apply(BeginImpulse("TF Boston"))
    g.apply(Declare((CoreAction("move_combat", ("DDG-51",)),)))
    g.apply(Move(action=1, path=("AL-28", "AL-27")))        # non-combat first (3.38)
    g.apply(CommitCombat(lrs=(LrsAttack("DDG-51", "LRS1", "1 Anna", 4),)))
    g.to_act()          # "RU" while RU must answer its INTERCEPT choice, then "chance"
    ...

Typed actions through :meth:`Game.apply` are the only way in.  A pending choice is answered
with its typed answer action: ``g.apply(choices.answer_with(g.pending, policy))`` or
``g.apply(g.pending.answer_from(value))`` (:mod:`lcb_lab.games.lcb.choices`).

Every act runs on the live state after a snapshot; when a rule refuses it
(:class:`~lcb_lab.kernel.errors.IllegalAction`) the state and the dice are put back
exactly -- the same objects, byte-identical (design principle 6).  Every
applied act is recorded with the dice it drew (:mod:`lcb_lab.kernel.history`):
:meth:`Game.undo`, :meth:`Game.goto`, :meth:`Game.fork`.
"""
from __future__ import annotations

from dataclasses import fields
from typing import Any

from lcb_lab.games.lcb import actions as A
from lcb_lab.games.lcb.actions import CHANCE
from lcb_lab.games.lcb.io import inputs as I
from lcb_lab.games.lcb.handlers import HANDLERS
from lcb_lab.games.lcb.model.board import Board
from lcb_lab.games.lcb.model.catalog import Catalog
from lcb_lab.games.lcb.choices import Decision
from lcb_lab.kernel.dice import Dice, default_rng
from lcb_lab.kernel.errors import LcbError
from lcb_lab.kernel.events import Event
from lcb_lab.games.lcb.queries import GameQueries
from lcb_lab.kernel.history import History, Snapshot, Step
from lcb_lab.games.lcb.io.persistence import GamePersistence
from lcb_lab.games.lcb.rules.common import Ctx
from lcb_lab.games.lcb.model.state import GameState


_STATE_FIELDS = tuple(f.name for f in fields(GameState) if f.name != "log")
"""GameState's fields but the log (which :meth:`Game._restore` keeps and truncates)."""


class Game(GameQueries, GamePersistence):
    """One game: state + board + catalog + dice + history; the rules through :meth:`apply`."""

    def __init__(self, state: GameState, board: Board, catalog: Catalog, dice: Dice | None = None,
                 auto_policies: dict[str, str] | None = None):
        self.state = state
        state.migrate_jccs()       # an old pool of card names becomes pool cards (9.0)
        self.board = board
        self.catalog = catalog
        self.dice = dice or Dice(seed=0)
        self.auto_policies = auto_policies
        """When set (e.g. ``{"intercept": "no_intercept"}`` or ``{}`` for all
        defaults), choices are answered at once by these named policies."""
        self.map_name = "gotland"
        self.scenario_info = None  # the parsed scenario file, when loaded from one
        self.history = History()
        self.result: Any = None    # what the last applied action's handler returned
        self.decks = None          # the card decks (lcb_lab.games.lcb.model.cards.Decks); None: the packaged sandbox decks

    # ------------------------------------------------------------------ one entry point
    def _ctx(self, state: GameState | None = None) -> Ctx:
        return Ctx(state or self.state, self.board, self.catalog, self.dice, self.decks)

    def apply(self, action: A.Action) -> list[Event]:
        """Apply one typed action (:mod:`lcb_lab.games.lcb.actions`) and record it.

        Returns the events (explained log entries) it produced, in order.
        Raises :class:`~lcb_lab.kernel.errors.IllegalAction` (rule, reason) when the
        rules refuse it and :class:`~lcb_lab.games.lcb.io.inputs.InputError` when it is
        malformed -- in both cases the state, the log and the dice are exactly
        as before.  Applying after :meth:`undo` drops the undone steps.

        >>> from lcb_lab import situation
        >>> from lcb_lab.games.lcb import actions as A
        >>> g = situation(units={"1 Whiskey": ("usmc_himars_section", "F-6")})
        >>> [(e.kind, e.title, e.rules) for e in g.apply(A.BeginImpulse("TF Blue"))]
        [('impulse_start', 'Turn 1, impulse 1: TF Blue (US)', ('3.3', '3.32'))]
        >>> g.apply(A.BeginImpulse("TF Blue"))
        Traceback (most recent call last):
        lcb_lab.kernel.errors.IllegalAction: Refused by rule 3.3: TF Blue's impulse is still in progress
        """
        return self._apply(A.check(action))

    def _apply(self, action: A.Action, record: bool = True, events: bool = True) -> list[Event]:
        snap = self._snapshot(action)
        try:
            self.result = HANDLERS[type(action)](self, self._ctx(), action)
        except BaseException:
            self._restore(snap, keep=snap.shared)     # a shared snapshot's records are the record's
            raise
        if record:
            drawn = tuple(v for _, vals in self.dice.history[snap.dice_hist:] for v in vals)
            self.history.push(snap, self._step(action, drawn, snap))
        log = self.state.log
        return [Event.from_log(log, i) for i in range(snap.log_len, len(log))] if events else []

    def _snapshot(self, action: A.Action | None = None) -> Snapshot:
        """The game now, sharing its unchanged parts with the record's snapshot before the cursor."""
        h = self.history
        prev = h.snapshots.get(h.cursor - 1)
        return Snapshot(self.state.snapshot(prev.state if prev is not None else None), len(self.state.log),
                        self.dice.state(), len(self.dice.history), isinstance(action, A.BeginImpulse),
                        prev is not None)

    def _restore(self, snap: Snapshot, keep: bool = True) -> None:
        """Put the state (same object) and the dice (same object) back to ``snap``
        (``keep=False``: the snapshot is used up, its parts are taken, not copied; ``keep``: the
        records still equal to the snapshot's stay, :meth:`GameState.put_back`)."""
        state = self.state
        log = state.log
        del log[snap.log_len:]
        if keep:
            state.put_back(snap.state)
        else:
            for name in _STATE_FIELDS:
                setattr(state, name, getattr(snap.state, name))
        self.dice.set_state(snap.dice)
        del self.dice.history[snap.dice_hist:]

    def _step(self, action: A.Action, drawn: tuple[int, ...], snap: Snapshot) -> Step:
        s, before = self.state, snap.state
        imp = before.impulse or s.impulse
        team = imp.team if imp else (before.initiative if isinstance(action, A.Relinquish) else None)
        if team is None and before.stage in ("planning", "deployment"):
            team = _stage_team(action, before)
        d = self.dice          # no draw (every draw is recorded, dice.roll): the dice are as before
        after = snap.dice if len(d.history) == snap.dice_hist and d.forced_left == len(snap.dice["forced"]) \
            else d.state()
        return Step(action, drawn, after, len(s.log),
                    dict(self.auto_policies) if self.auto_policies is not None else None,
                    before.turn, len(before.tf_order) + (1 if imp else 0), team, _label(action, s.log, snap.log_len))

    # ------------------------------------------------------------------ who acts, what is legal
    def __repr__(self) -> str:
        from lcb_lab.ui.display import game_repr
        return game_repr(self)

    def _repr_html_(self) -> str:
        """A small table for notebooks: turn, stage, impulse, who acts, the pending question,
        meter, cubes, units and winner (:mod:`lcb_lab.ui.display`; nothing a team view hides)."""
        from lcb_lab.ui.display import game_html
        return game_html(self)

    def to_act(self) -> str | None:
        """Who the game waits for: ``"US"`` / ``"RU"`` (the team with a pending
        choice, else the impulse's team, else the team due to begin the next
        impulse), :data:`CHANCE` while committed combat waits for its roll, or
        None when the game is over (3.3, 3.5, 7.010).  In the Planning and
        Deployment Stages (simultaneous): the initiative team until it has ended
        the stage, then the other (:func:`lcb_lab.games.lcb.rules.stages.deployment.to_act`).

        >>> from lcb_lab import situation
        >>> from lcb_lab.games.lcb import actions as A
        >>> g = situation(units={"1 Whiskey": ("usmc_himars_section", "F-6"),
        ...                      "1 Uran": {"type": "runi_coastal_missile_section", "hex": "F-2", "face_up": True}})
        >>> for a in (A.BeginImpulse("TF Blue"), A.Declare((A.CoreAction("move_combat", ("1 Whiskey",)),)),
        ...           A.CommitCombat(lrs=(A.LrsAttack("1 Whiskey", "LRS1", "1 Uran", 2),))):
        ...     _ = g.apply(a)
        >>> g.to_act()
        'chance'
        """
        s = self.state
        if s.stage in ("planning", "deployment"):       # simultaneous stages (3.01, 3.21)
            if self.pending is not None:                 # e.g. a response to a Deployment-Stage card
                return self.pending.team
            from lcb_lab.games.lcb.rules.stages.deployment import to_act
            return to_act(self._ctx())
        if s.stage != "action":
            return None
        choice = self.pending
        if choice is not None:
            return choice.team
        imp = s.impulse
        if imp is None:
            return self.next_team()
        if imp.combat is not None and imp.phase != "combat_done":
            return CHANCE
        return imp.team

    def legal_actions(self, team: str | None = None) -> list:
        """What ``team`` (default: :meth:`to_act`) may do now; ``[]`` when it is not its turn.

        Finite choices are listed as concrete actions (each task force to
        begin, each reachable destination with its path, each ZOR hex,
        each armor breakthrough, each MILDEC absorption...); where every dice
        split would explode, a :class:`lcb_lab.games.lcb.legal.Template` gives the
        options with their limits and ``sample(rng)`` draws a legal action
        from it (declarations, combat allocations, INTERCEPT / defence
        answers, RESUPPLY grants).  See :mod:`lcb_lab.games.lcb.legal`.

        >>> from lcb_lab import situation
        >>> from lcb_lab.games.lcb import actions as A
        >>> g = situation(units={"1 Whiskey": ("usmc_himars_section", "F-6")})
        >>> g.legal_actions(), g.legal_actions("RU")
        ([BeginImpulse(task_force='TF Blue'), Relinquish()], [])
        >>> _ = g.apply(A.BeginImpulse("TF Blue"))
        >>> [type(a).__name__ for a in g.legal_actions()]    # pass, two single declarations, end, any mix
        ['Declare', 'Declare', 'Declare', 'EndImpulse', 'Template']
        """
        from lcb_lab.games.lcb.legal import legal_actions
        if team is not None and team not in ("US", "RU", CHANCE, "instructor"):
            raise I.InputError("legal_actions", "team", f"{team!r} is not a team: use 'US', 'RU', "
                               f"{CHANCE!r} or 'instructor' (None: who acts)")
        return legal_actions(self, team)

    def is_legal(self, action: A.Action) -> bool:
        """Whether the rules accept ``action`` now (tried on a copy; this game is untouched).
        A malformed action raises InputError.

        >>> from lcb_lab import situation
        >>> from lcb_lab.games.lcb import actions as A
        >>> g = situation(units={"1 Whiskey": ("usmc_himars_section", "F-6"),
        ...                      "1 Uran": ("runi_coastal_missile_section", "F-2")})
        >>> g.is_legal(A.BeginImpulse("TF Blue")), g.is_legal(A.BeginImpulse("TF Red")), len(g.history.steps)
        (True, False, 0)
        """
        from lcb_lab.games.lcb.legal import trial
        return trial(self, A.check(action))

    # ------------------------------------------------------------------ history
    def undo(self, n: int = 1) -> None:
        """Take back the last ``n`` applied actions (the record keeps them for :meth:`goto`
        forward until a new action is applied). Raises LcbError when fewer were applied.

        >>> from lcb_lab import situation
        >>> from lcb_lab.games.lcb import actions as A
        >>> g = situation(units={"1 Whiskey": ("usmc_himars_section", "F-6")})
        >>> _ = g.apply(A.BeginImpulse("TF Blue")); _ = g.apply(A.Declare())
        >>> g.undo(); g.state.impulse.phase, g.history.cursor, len(g.history.steps)
        ('declare', 1, 2)
        >>> g.undo(5)
        Traceback (most recent call last):
        lcb_lab.kernel.errors.LcbError: undo: 1 step(s) can be undone, not 5
        """
        n = I.check("undo", I.INDEX, n)
        if not 0 <= n <= self.history.cursor:
            raise LcbError(f"undo: {self.history.cursor} step(s) can be undone, not {n}")
        self.goto(self.history.cursor - n)

    def goto(self, step: int) -> None:
        """Put the game at ``step`` of its record (0 = before the first action,
        ``len(game.history.steps)`` = after the last). Exact: recorded actions are
        replayed with their recorded dice. Raises LcbError for a step out of range.

        >>> from lcb_lab import situation
        >>> from lcb_lab.games.lcb import actions as A
        >>> g = situation(units={"1 Whiskey": ("usmc_himars_section", "F-6")})
        >>> _ = g.apply(A.BeginImpulse("TF Blue")); _ = g.apply(A.Declare())
        >>> g.goto(0); g.state.impulse is None
        True
        >>> g.goto(2); g.state.impulse.phase
        'act'
        """
        step = I.check("goto", I.INDEX, step)
        h = self.history
        if not 0 <= step <= len(h.steps):
            raise LcbError(f"goto: the record has steps 0..{len(h.steps)}, not {step}")
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
            HANDLERS[type(st.action)](self, self._ctx(), st.action)
            exact = not self.dice.forced_left and len(self.state.log) == st.log_len
            self.dice.set_state(st.dice_after)
        except BaseException as e:
            self._restore(snap)
            raise LcbError(f"the record does not replay at step {h.cursor + 1} ({st.label}): {e}") from e
        finally:
            self.auto_policies = auto
        if not exact:
            raise LcbError(f"the record does not replay exactly at step {h.cursor + 1} ({st.label})")
        h.snapshots.setdefault(h.cursor, snap)
        h.cursor += 1

    def fork(self, at: int | None = None, reseed: int | None = None) -> "Game":
        """An independent game from step ``at`` of this one's record (default: now).

        The fork shares nothing mutable with this game (state, dice, record) and
        keeps the record up to ``at``: it can be undone further back.  Its dice go on
        exactly as this game's would (an instructor compares two plans under the same
        rolls); ``reseed=n`` gives the fork new dice (``Dice(seed=n)``, no forced
        values), so a team's branch cannot preview the real game's rolls.
        Raises LcbError when ``at`` is not a step of the record.

        >>> from lcb_lab import situation
        >>> from lcb_lab.games.lcb import actions as A
        >>> g = situation(units={"1 Whiskey": ("usmc_himars_section", "F-6")})
        >>> _ = g.apply(A.BeginImpulse("TF Blue")); _ = g.apply(A.Declare())
        >>> f = g.fork(at=1)                 # a new game, before the declaration
        >>> f.state.impulse.phase, len(f.history.steps), g.state.impulse.phase, len(g.history.steps)
        ('declare', 1, 'act', 2)
        >>> f.state is g.state, f.dice is g.dice
        (False, False)
        """
        g = Game(self.state.clone(), self.board, self.catalog, Dice.from_state(self.dice.state()),
                 dict(self.auto_policies) if self.auto_policies is not None else None)
        g.dice.history = list(self.dice.history)
        g.map_name = self.map_name
        g.scenario_info = self.scenario_info
        g.decks = self.decks
        g.history = self.history.copy()
        if at is not None and at != g.history.cursor:
            if not isinstance(at, int) or isinstance(at, bool) or not 0 <= at <= len(g.history.steps):
                raise LcbError(f"fork: the record has steps 0..{len(g.history.steps)}, not {at!r}")
            g.goto(at)
        if reseed is not None:
            g.dice.set_state({"seed": int(reseed), "rng": default_rng(int(reseed)).bit_generator.state,
                              "forced": []})
        del g.history.steps[g.history.cursor:]
        return g

    def clone(self) -> "Game":
        """An independent what-if copy (= :meth:`fork` of now)."""
        return self.fork()

    def replay(self) -> "Game":
        """A new game rebuilt from the state before the first recorded action by
        re-applying every recorded action with its recorded dice (a check that the
        record reproduces the game exactly)."""
        g = self.fork()
        target = g.history.cursor
        g.history.snapshots = {0: g.history.snapshots[0]} if g.history.steps else {}
        if g.history.steps:
            g.goto(0)
            g.goto(target)
        return g



def _stage_team(action: A.Action, s: GameState) -> str | None:
    """The team of a Planning / Deployment act (for the record's timeline)."""
    if isinstance(action, A.DeployUnit) and action.unit in s.units:
        return s.units[action.unit].team
    if isinstance(action, (A.PlaceCard, A.PlayCard)) and action.card in s.cards:
        return s.cards[action.card].team
    if isinstance(action, A.DeploymentOrder):
        return s.initiative
    return getattr(action, "team", None)


def _label(action: A.Action, log: list[dict], since: int) -> str:
    """A one-line description of a step for timelines: the action and its first log title."""
    head = action.KIND.replace("_", " ")
    first = next((e["title"] for e in log[since:] if e.get("kind") not in ("odds",)), "")
    return f"{head}: {first}" if first else head
