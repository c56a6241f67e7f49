"""A saved Force on Force state checked against the game's meaning, not only its types: each unit
of a side (l.403), a Troop Quality die the sandbox table knows (:data:`~.rules.spotting.OPTIMUM_RANGE`,
l.114), figures from 0, a place on the table; the initiative side and the phase are the game's
(l.405); every side has its count of figures lost and its UAV's spotted units; a pending question
has its activation, naming units and points the game has; the log keeps the shape of an
explained step (:func:`~lcb_lab.kernel.explain.log_problem`).  :func:`state_problem` says the first fault with the keys down to it; the engine's
``state_from_data`` raises it as a :class:`~lcb_lab.kernel.datacodec.DataError`, so a hand-edited
save (``"side": "Purple"``, ``"tq": 7``) is refused when it is read, in one line naming the key,
instead of loading a game that breaks at its next roll.
"""
from __future__ import annotations

from math import isfinite
from typing import Iterator

from lcb_lab.games.force_on_force.model.table import Table
from lcb_lab.games.force_on_force.rules.spotting import OPTIMUM_RANGE
from lcb_lab.games.force_on_force.state import SIDES, FofState
from lcb_lab.kernel.explain import log_problem

KINDS = ("infantry", "vehicle", "gun")
"""A unit's kinds (:class:`~.model.units.Unit`)."""
PHASES = ("overwatch", "activate", "over")
"""The turn's phases: declaring Overwatch (l.405), activating, and the game over."""
MAX_FIGURES = 100
"""The most figures a saved unit may have (sandbox: the table's largest unit has six; each figure is a
Firepower die rolled, l.15, so a save's 10**30 figures would ask the dice for more than a machine holds)."""


def state_problem(s: FofState, table: Table) -> tuple[tuple, str] | None:
    """``(loc, problem)`` for the first fault of ``s`` (module doc), None when it has none."""
    return next(_faults(s, table), None)


def _faults(s: FofState, table: Table) -> Iterator[tuple[tuple, str]]:
    sides = ", ".join(SIDES)
    for name, u in s.units.items():
        at = ("units", name)
        if u.name != name:
            yield (*at, "name"), f"{u.name!r} under the unit {name!r}"
        if u.side not in SIDES:
            yield (*at, "side"), f"{u.side!r} is not a side ({sides})"
        if u.tq not in OPTIMUM_RANGE:
            yield (*at, "tq"), (f"d{u.tq} is not a Troop Quality die of the sandbox table "
                                f"({', '.join(f'd{t}' for t in OPTIMUM_RANGE)})")
        if u.figures < 0:
            yield (*at, "figures"), f"a unit has 0 figures or more, not {u.figures}"
        if u.figures > MAX_FIGURES:
            yield (*at, "figures"), f"a unit has at most {MAX_FIGURES} figures, not {u.figures}"
        for i, seen in enumerate(u.spotted):
            if seen not in s.units:
                yield (*at, "spotted", i), f"{seen!r} is not a unit of the game"
        if u.kind not in KINDS:
            yield (*at, "kind"), f"{u.kind!r} is not a kind of unit ({', '.join(KINDS)})"
        for k, v, most in (("x", u.x, table.width), ("y", u.y, table.height)):
            if not (isfinite(v) and 0 <= v <= most):
                yield (*at, k), f"{v!r} inches is off the table (0 to {most:g})"
    if s.initiative not in SIDES:
        yield ("initiative",), f"{s.initiative!r} is not a side ({sides})"
    if s.phase not in PHASES:
        yield ("phase",), f"{s.phase!r} is not a phase ({', '.join(PHASES)})"
    if s.turn < 1:
        yield ("turn",), f"the turns count from 1, not {s.turn}"
    for i, side in enumerate(s.uav):
        if side not in SIDES:
            yield ("uav", i), f"{side!r} is not a side ({sides})"
    for key in (*s.uav_spotted, *s.lost):
        if key not in SIDES:
            yield ("uav_spotted" if key in s.uav_spotted else "lost", key), f"{key!r} is not a side ({sides})"
    for field, table_ in (("uav_spotted", s.uav_spotted), ("lost", s.lost)):
        for side in SIDES:
            if side not in table_:
                yield (field,), f"the side {side!r} is missing (each of {sides} has one)"
    for side, seen in s.uav_spotted.items():
        for i, name in enumerate(seen):
            if name not in s.units:
                yield ("uav_spotted", side, i), f"{name!r} is not a unit of the game"
    yield from _activation_faults(s, table)
    bad = log_problem(s.log, SIDES)
    if bad is not None:
        yield ("log", *bad[0]), bad[1]
    if s.winner not in ("", *SIDES, "draw"):
        yield ("winner",), f"{s.winner!r} is not a side ({sides}), 'draw' or none"


def _activation_faults(s: FofState, table: Table) -> Iterator[tuple[tuple, str]]:
    """A question waits only on an activation; the activation names units and points of the game."""
    for i, c in enumerate(s.choices):
        if c.question not in ("react", "interrupt"):
            yield ("choices", i, "question"), f"{c.question!r} is not a question of the game (react, interrupt)"
        if c.side not in SIDES:
            yield ("choices", i, "side"), f"{c.side!r} is not a side ({', '.join(SIDES)})"
    if s.choices and s.activation is None:
        yield ("activation",), f"missing: the question {s.choices[-1].question!r} waits on an activation"
    if s.activation is None:
        return
    act, points = s.activation.act, dict(table.points)
    for key, name in (("unit", act.unit), ("fire_at", act.fire_at), ("breach", act.breach)):
        if (name or key == "unit") and name not in s.units:
            yield ("activation", "act", key), f"{name!r} is not a unit of the game"
    if act.to and act.to not in points:
        yield ("activation", "act", "to"), f"{act.to!r} is not a point of the table ({', '.join(points)})"
    for i, r in enumerate(s.activation.reactions):
        if r.unit not in s.units:
            yield ("activation", "reactions", i, "unit"), f"{r.unit!r} is not a unit of the game"
        if r.to and r.to not in points:
            yield ("activation", "reactions", i, "to"), f"{r.to!r} is not a point of the table ({', '.join(points)})"
    for i, x in enumerate(s.activation.interrupts):
        for key in ("overwatch", "target"):
            if getattr(x, key) not in s.units:
                yield ("activation", "interrupts", i, key), f"{getattr(x, key)!r} is not a unit of the game"
