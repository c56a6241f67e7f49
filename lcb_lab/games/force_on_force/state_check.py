"""A saved Force on Force state checked against the game's meaning, not only its types: each unit
of a side (l.403), a Troop Quality die the sandbox table knows (:data:`~.rules.spotting.OPTIMUM_RANGE`,
l.114), figures from 0, a place on the table; the initiative side and the phase are the game's
(l.405).  :func:`state_problem` says the first fault with the keys down to it; the engine's
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

KINDS = ("infantry", "vehicle", "gun")
"""A unit's kinds (:class:`~.model.units.Unit`)."""
PHASES = ("overwatch", "activate", "over")
"""The turn's phases: declaring Overwatch (l.405), activating, and the game over."""


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
    if s.winner not in ("", *SIDES, "draw"):
        yield ("winner",), f"{s.winner!r} is not a side ({sides}), 'draw' or none"
