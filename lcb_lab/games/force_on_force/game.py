"""The *Force on Force* game on the kernel's :class:`~lcb_lab.kernel.engine.Engine`.

:class:`ForceOnForce` gives the engine its codec, handlers, players (``Blue``, ``Red``), who acts
(:meth:`~ForceOnForce.to_act`: the side a pending question waits for, else the initiative side,
None when over) and :meth:`~ForceOnForce.legal_actions` (every act its side may take now, each one
accepted; nothing in the list depends on what that side may not know).  The table is a fixed part
of the engine (``engine.table``).  :func:`new_game` builds a game from the packaged sandbox table.
"""
from __future__ import annotations

from typing import Any, ClassVar, Iterable

from lcb_lab.games.force_on_force import actions as A
from lcb_lab.games.force_on_force import checks as C
from lcb_lab.games.force_on_force.handlers import HANDLERS
from lcb_lab.games.force_on_force.model.table import Table, load
from lcb_lab.games.force_on_force.model.units import Unit
from lcb_lab.games.force_on_force.rules import fog_of_war
from lcb_lab.games.force_on_force.state import SIDES, FofState
from lcb_lab.games.force_on_force import state_check
from lcb_lab.kernel import choices as K
from lcb_lab.kernel.actions import Action
from lcb_lab.kernel.dice import Dice, Piles
from lcb_lab.kernel.engine import Engine
from lcb_lab.kernel.legal import passing
from lcb_lab.kernel.odds import ChanceStep


class ForceOnForce(Engine):
    """The game (module doc)."""

    codec = A.CODEC
    handlers = HANDLERS
    players = SIDES
    place_keys: ClassVar[tuple[str, str, str]] = ("turn", "activation", "side")
    table: Table

    def state_problem(self, state: FofState) -> tuple[tuple, str] | None:
        """Kernel hook: a unit, side or phase the game has not (:func:`~.state_check.state_problem`)."""
        return state_check.state_problem(state, self.table)

    def to_act(self) -> str | None:
        """The side a pending question waits for, else the initiative side; None when over."""
        s = self.state
        c = K.top(s.choices)
        if c is not None:
            return c.side
        return None if s.phase == "over" else s.initiative

    def legal_actions(self, player: str | None = None) -> list:
        """Every act ``player`` (default: who acts) may take now; each passes its checks."""
        who = player or self.to_act()
        s = self.state
        if who is None or s.phase == "over" or who != self.to_act():
            return []
        c = K.top(s.choices)
        if c is not None:
            return _answers(self, c)
        if s.phase == "overwatch":
            return [A.StartActivations()] + passing((A.GoOnOverwatch(u.name) for u in _mine(self, who)),
                                                     lambda a: _check_ow(self, a))
        return [A.EndTurn()] + passing(_activations(self, who), lambda a: _check(self, a))

    def chance_outcomes(self, action: Action) -> ChanceStep | None:
        """The first chance node ``action`` would open now, or None (:func:`.chance.preview`).
        Raises IllegalAction when the rules refuse it."""
        from lcb_lab.games.force_on_force.chance import preview
        return preview(self, self.codec.check(action))

    def keeps_snapshot(self, action: Action | None) -> bool:
        """A turn's first act (the Overwatch declarations closing) keeps its snapshot."""
        return isinstance(action, A.StartActivations)

    def step_place(self, action: Action, before: FofState) -> tuple[int, int, str | None]:
        """(turn, activations so far, acting side)."""
        c = K.top(before.choices)
        return before.turn, before.acts, c.side if c is not None else before.initiative


def _mine(g: ForceOnForce, side: str) -> list[Unit]:
    return [u for u in g.state.units.values() if u.side == side and u.alive]


def _check_ow(g: ForceOnForce, a: A.GoOnOverwatch) -> None:
    from lcb_lab.games.force_on_force.rules.overwatch import check_go
    check_go(g, C.own(g, a.unit, g.state.initiative))


def _check(g: ForceOnForce, a: Action) -> None:
    if isinstance(a, A.Activate):
        C.check_activate(g, a)
    elif isinstance(a, A.Breach):
        C.check_breach(g, a)
    else:
        C.check_simple(g, a)


def _activations(g: ForceOnForce, side: str) -> Iterable[Action]:
    s, points = g.state, [p for p, _ in g.table.points]
    enemies = sorted(u.name for u in s.units.values() if u.side != side)
    for u in _mine(g, side):
        if u.activated:
            continue
        for t in enemies:
            yield A.Activate(u.name, fire_at=t)
            yield A.Breach(u.name, t)
            yield A.Artillery(u.name, t)
        for p in points:
            for rapid in (False, True):
                yield A.Activate(u.name, to=p, rapid=rapid)
                for t in enemies:
                    yield A.Activate(u.name, to=p, fire_at=t, rapid=rapid)
        yield A.Hide(u.name)
        for f in g.table.features:
            yield A.Spot(u.name, f.name)
            yield A.Cross(u.name, f.name)


def _answers(g: ForceOnForce, c: Any) -> list:
    s = g.state
    if c.question == "react":
        acts = []
        for u in _mine(g, c.side):
            acts.append(A.React(u.name, "fire"))
            acts += [A.React(u.name, "move", p, r) for p, _ in g.table.points for r in (False, True)]
        return [A.DoneReacting()] + passing(acts, lambda a: C.check_react(g, a))
    acts = [A.Interrupt(u.name, r.unit) for u in _mine(g, c.side) for r in s.activation.reactions]
    return [A.DoneInterrupting()] + passing(acts, lambda a: C.check_interrupt(g, a))


def new_game(seed: int | None = None, forced: Iterable[int] = (), units: list[Unit] | None = None,
             deck: list[str] | None = None, initiative: str = "Blue", phase: str = "overwatch",
             max_turns: int = 3, uav: Iterable[str] = ()) -> ForceOnForce:
    """A game on the packaged sandbox table.  ``units``: replace the table's units (a situation
    for a lesson or test); ``forced``: scripted dice (then the seed, if any); ``deck``: the Fog of
    War deck's order (default: shuffled through the dice when seeded, else :data:`fog_of_war.DECK`
    in its printed order); ``phase``: ``"overwatch"`` or ``"activate"``.  Raises ValueError for an
    unknown side or phase."""
    if initiative not in SIDES or phase not in ("overwatch", "activate"):
        raise ValueError(f"initiative is one of {SIDES} and phase 'overwatch' or 'activate'")
    table, packaged = load()
    state = FofState({u.name: u for u in (units if units is not None else packaged)}, initiative=initiative,
                     phase=phase, max_turns=max_turns, uav=list(uav))
    dice = Dice(seed=seed, forced=list(forced)) if (seed is not None or forced) else Dice(seed=0)
    g = ForceOnForce(state, dice)
    g.table = table
    if deck is not None:
        state.fog = Piles(list(deck), [])
    elif seed is not None and not forced:
        state.fog = fog_of_war.new_piles(g)
    else:
        state.fog = Piles(list(fog_of_war.DECK), [])
    return g
