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

The game is the kernel's engine (:class:`lcb_lab.kernel.engine.Engine`: transactional
``apply``, the record, ``undo`` / ``goto`` / ``fork`` / ``replay``) with LC:B's hooks: its
action codec and handlers, its two teams, who acts, which snapshots the record keeps (each
impulse start) and the state's copies.  Every act runs on the live state after a snapshot;
when a rule refuses it (:class:`~lcb_lab.kernel.errors.IllegalAction`) the state and the dice
are put back exactly -- the same objects, byte-identical (design principle 6).  Every
applied act is recorded with the dice it drew (:mod:`lcb_lab.kernel.history`):
:meth:`Game.undo`, :meth:`Game.goto`, :meth:`Game.fork`.
"""
from __future__ import annotations

from typing import Any

from lcb_lab.games.lcb import actions as A
from lcb_lab.games.lcb.actions import CHANCE
from lcb_lab.games.lcb.io import inputs as I
from lcb_lab.games.lcb.model.board import Board
from lcb_lab.games.lcb.model.catalog import Catalog
from lcb_lab.games.lcb.die import DIE, new_dice
from lcb_lab.kernel.dice import Dice
from lcb_lab.kernel.engine import Engine
from lcb_lab.kernel.errors import InputError, LabError
from lcb_lab.kernel.events import Event
from lcb_lab.games.lcb.queries import GameQueries
from lcb_lab.games.lcb.io.persistence import GamePersistence, check_step_fields
from lcb_lab.games.lcb.rules.common import Ctx
from lcb_lab.games.lcb.rules.movement import tf_counters
from lcb_lab.games.lcb.model.state import TEAMS, GameState
from lcb_lab.games.lcb.observer import INSTRUCTOR, PLACE_KEYS


class Game(GameQueries, GamePersistence, Engine):
    """One game: state + board + catalog + dice + history; the rules through :meth:`apply`.

    ``auto_policies``: when set (e.g. ``{"intercept": "no_intercept"}`` or ``{}`` for all
    defaults), choices are answered at once by these named policies."""

    codec = A.CODEC
    die = DIE          # 7.01: every LC:B roll is a d20
    place_keys = PLACE_KEYS   # a step's turn, impulse and team: the keys of every save and record
    players = TEAMS
    Error = LabError

    def __init__(self, state: GameState, board: Board, catalog: Catalog, dice: Dice | None = None,
                 auto_policies: dict[str, str] | None = None):
        state.migrate_jccs()       # an old pool of card names becomes pool cards (9.0)
        Engine.__init__(self, state, new_dice(seed=0) if dice is None else dice, auto_policies)
        self.board = board
        self.catalog = catalog
        self.map_name = "gotland"
        self.scenario_info = None  # the parsed scenario file, when loaded from one
        self.decks = None          # the card decks (lcb_lab.games.lcb.model.cards.Decks); None: the packaged sandbox decks

    # ------------------------------------------------------------------ one entry point
    def _ctx(self, state: GameState | None = None) -> Ctx:
        return Ctx(state or self.state, self.board, self.catalog, self.dice, self.decks)

    def apply(self, action: A.Action) -> list[Event]:
        """Apply one typed action (:mod:`lcb_lab.games.lcb.actions`) and record it.

        Returns the events (explained log entries) it produced, in order.
        Raises :class:`~lcb_lab.kernel.errors.IllegalAction` (rule, reason) when the
        rules refuse it and :class:`~lcb_lab.kernel.errors.InputError` when it is
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

    # ------------------------------------------------------------------ LC:B's engine hooks
    def handle(self, action: A.Action) -> Any:
        """Run LC:B's handler of ``action`` (:data:`lcb_lab.games.lcb.handlers.HANDLERS`) in a rules context,
        then the Task Force Counters' sweep (4.35: units lost leave them; one spread over hexes breaks up)."""
        ctx = self._ctx()
        out = (_HANDLERS if _HANDLERS is not None else _load_handlers())[type(action)](self, ctx, action)
        tf_counters.sweep(ctx)
        return out

    def keeps_snapshot(self, action: A.Action | None) -> bool:
        """The record keeps the snapshot before each impulse start for good (3.3)."""
        return isinstance(action, A.BeginImpulse)

    def step_place(self, action: A.Action, before: GameState) -> tuple[int, int, str | None]:
        """``(turn, impulse number, team)`` of a step: the impulse's team, the initiative team's
        relinquish (3.41), or the acting team of a Planning / Deployment act."""
        s = self.state
        imp = before.impulse or s.impulse
        team = imp.team if imp else (before.initiative if isinstance(action, A.Relinquish) else None)
        if team is None and before.stage in ("planning", "deployment"):
            team = _stage_team(action, before)
        return before.turn, len(before.tf_order) + (1 if imp else 0), team

    def step_label_for(self, n: int, viewer: str | None) -> str:
        """Step ``n`` (1-based) as ``viewer`` (``"US"`` / ``"RU"`` / ``"instructor"`` / None) may
        read it: :func:`lcb_lab.games.lcb.step_labels.step_label` (built from the log entries the
        viewer may read, never from the stored label). Raises IndexError for a step not recorded."""
        from lcb_lab.games.lcb.step_labels import step_label
        return step_label(self, n, INSTRUCTOR if viewer is None else viewer)

    def state_snapshot(self, prev: GameState | None) -> GameState:
        """Kernel hook: a read-only snapshot of the current state for the record, sharing what equals
        ``prev`` (:meth:`GameState.snapshot`)."""
        return self.state.snapshot(prev)

    def state_put_back(self, state: GameState, snap: GameState) -> None:
        """Put the read-only snapshot ``snap`` back into ``state`` in place but the log: records not
        changed since ``snap`` stay these very objects (:meth:`GameState.put_back`)."""
        state.put_back(snap)

    def state_clone(self, state: GameState, share_log: bool = False) -> GameState:
        """Kernel hook: a deep copy of ``state`` (its log list shared when ``share_log``)."""
        return state.clone(share_log=share_log)

    def state_to_data(self, state: GameState) -> dict:
        """Kernel hook: ``state`` as plain JSON-ready data (:meth:`GameState.to_dict`)."""
        return state.to_dict()

    def state_from_data(self, data: Any) -> GameState:
        """Kernel hook: the state of plain data from :meth:`state_to_data` (:meth:`GameState.from_dict`)."""
        return GameState.from_dict(data)

    def check_index(self, what: str, n: Any) -> int:
        """Kernel hook: ``n`` checked as a strict int (a step count or index; no bool, float or string).
        Raises InputError naming ``what``."""
        return I.check(what, I.INDEX, n)

    def check_step_fields(self, f: dict) -> dict:
        """Kernel hook: a saved record step's fields checked strictly
        (:func:`lcb_lab.games.lcb.io.persistence.check_step_fields`).  Raises InputError."""
        return check_step_fields(f)

    def spawn(self, state: GameState, dice: Dice) -> "Game":
        """A Game on ``state`` and ``dice`` with this one's board, catalog, decks,
        map and scenario description and a copy of its auto policies; an empty record."""
        g = Game(state, self.board, self.catalog, dice,
                       dict(self.auto_policies) if self.auto_policies is not None else None)
        g.map_name = self.map_name
        g.scenario_info = self.scenario_info
        g.decks = self.decks
        return g

    # ------------------------------------------------------------------ who acts, what is legal
    def __repr__(self) -> str:
        from lcb_lab.games.lcb.display import game_repr
        return game_repr(self)

    def _repr_html_(self) -> str:
        """A small table for notebooks: turn, stage, impulse, who acts, the pending question,
        meter, cubes, units and winner (:mod:`lcb_lab.games.lcb.display`; nothing a team view hides)."""
        from lcb_lab.games.lcb.display import game_html
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
        split would explode, a :class:`lcb_lab.games.lcb.legal_templates.Template` gives the
        options with their limits and ``sample(rng)`` draws a legal action
        from it (declarations, combat allocations, INTERCEPT / defense
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
        if team is not None and team not in (*self.players, CHANCE, "instructor"):
            teams = ", ".join(repr(p) for p in self.players)
            raise InputError("legal_actions", "team", f"{team!r} is not a team: use {teams}, "
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
        from lcb_lab.games.lcb.legal_trial import trial
        return trial(self, A.check(action))

    # ------------------------------------------------------------------ history
    def undo(self, n: int = 1) -> None:
        """Take back the last ``n`` applied actions (the record keeps them for :meth:`goto`
        forward until a new action is applied). Raises LabError when fewer were applied.

        >>> from lcb_lab import situation
        >>> from lcb_lab.games.lcb import actions as A
        >>> g = situation(units={"1 Whiskey": ("usmc_himars_section", "F-6")})
        >>> _ = g.apply(A.BeginImpulse("TF Blue")); _ = g.apply(A.Declare())
        >>> g.undo(); g.state.impulse.phase, g.history.cursor, len(g.history.steps)
        ('declare', 1, 2)
        >>> g.undo(5)
        Traceback (most recent call last):
        lcb_lab.kernel.errors.LabError: undo: 1 step(s) can be undone, not 5
        """
        Engine.undo(self, n)

    def goto(self, step: int) -> None:
        """Put the game at ``step`` of its record (0 = before the first action,
        ``len(game.history.steps)`` = after the last). Exact: recorded actions are
        replayed with their recorded dice. Raises LabError for a step out of range.

        >>> from lcb_lab import situation
        >>> from lcb_lab.games.lcb import actions as A
        >>> g = situation(units={"1 Whiskey": ("usmc_himars_section", "F-6")})
        >>> _ = g.apply(A.BeginImpulse("TF Blue")); _ = g.apply(A.Declare())
        >>> g.goto(0); g.state.impulse is None
        True
        >>> g.goto(2); g.state.impulse.phase
        'act'
        """
        Engine.goto(self, step)

    def fork(self, at: int | None = None, reseed: int | None = None) -> "Game":
        """An independent game from step ``at`` of this one's record (default: now).

        The fork shares nothing mutable with this game (state, dice, record) and
        keeps the record up to ``at``: it can be undone further back.  Its dice go on
        exactly as this game's would (an instructor compares two plans under the same
        rolls); ``reseed=n`` gives the fork new dice (``Dice(seed=n)``, no forced
        values), so a team's branch cannot preview the real game's rolls.
        Raises LabError when ``at`` is not a step of the record.

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
        return Engine.fork(self, at, reseed)


_HANDLERS: dict | None = None
""":data:`lcb_lab.games.lcb.handlers.HANDLERS` once the first act has imported it (loading a game runs no handler)."""


def _load_handlers() -> dict:
    """The handlers (:mod:`lcb_lab.games.lcb.handlers`), imported at the first act rather than with the game."""
    global _HANDLERS
    from lcb_lab.games.lcb.handlers import HANDLERS
    _HANDLERS = HANDLERS
    return HANDLERS


def _stage_team(action: A.Action, s: GameState) -> str | None:
    """The team of a Planning / Deployment act (for the record's timeline)."""
    if isinstance(action, (A.DeployUnit, A.NavalSupply)) and action.unit in s.units:
        return s.units[action.unit].team
    if isinstance(action, A.PreloadCraft) and action.card in s.cards:
        return s.cards[action.card].team
    if isinstance(action, (A.PlaceCard, A.PlayCard)) and action.card in s.cards:
        return s.cards[action.card].team
    if isinstance(action, A.DeploymentOrder):
        return s.initiative
    return getattr(action, "team", None)

