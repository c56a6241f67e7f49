"""Situations for the Force on Force tests: units placed on the sandbox table, dice forced."""
from __future__ import annotations

from lcb_lab.games.force_on_force.game import ForceOnForce, new_game
from lcb_lab.games.force_on_force.model.table import load
from lcb_lab.games.force_on_force.model.units import Unit

TABLE, _ = load()
POINTS = dict(TABLE.points)


def unit(name: str, side: str, tq: int, figures: int, at: str | tuple[float, float], **kw) -> Unit:
    """A unit at a named point or at ``(x, y)``."""
    x, y = POINTS[at] if isinstance(at, str) else at
    return Unit(name, side, tq, figures, x, y, **kw)


def situation(*units: Unit, forced=(), initiative: str = "Red", phase: str = "activate", deck=None,
              uav=()) -> ForceOnForce:
    """A game of just these units, dice forced (no seed: running out of them raises)."""
    return new_game(forced=list(forced), units=list(units), initiative=initiative, phase=phase, deck=deck,
                    uav=uav)


def titles(g: ForceOnForce, kind: str | None = None) -> list[str]:
    """The log titles (of one kind)."""
    return [e["title"] for e in g.state.log if kind is None or e["kind"] == kind]


def rolled(g: ForceOnForce, purpose: str) -> list[list[int]]:
    """The values of every roll made for ``purpose``."""
    return [list(d.values) for d in g.dice.history if d.purpose == purpose]


def done(g: ForceOnForce) -> None:
    """Close the Reaction declarations, and the interrupts if the initiative player is asked."""
    from lcb_lab.games.force_on_force import actions as A
    g.apply(A.DoneReacting())
    if g.state.choices and g.state.choices[-1].question == "interrupt":
        g.apply(A.DoneInterrupting())
