"""The blimp (aerostat, l.1276-1282): one step a turn, no blue die.

Each turn its owner may move it one step (a :class:`~lcb_lab.games.archipelago.actions.Drift`):
straight on (``F``), a mild turn while moving (``L`` / ``R``: to the point 60 degrees aside,
turning with it, as a progressive flight's step), or a 60-degree turn in place (``TL`` / ``TR``);
no blue die is spent (l.1280).  It moves in the movement, after the blue dice (*reading*, as a
helicopter's hovering, l.453).  *Reading*: it is in the air over land and water; as a helicopter it
does not stop on or pass a point with another piece (l.444), and it stays on the board.  Its role
comes from the scenarios (l.1278, l.1483); it is an airborne "other aircraft" for the machine gun
and the A-A missile (sandbox reading, :mod:`~.machine_gun`, :mod:`~.missiles`).
"""
from __future__ import annotations

from typing import Any

from lcb_lab.games.archipelago.rules.common import air_kind, log, own_piece, where
from lcb_lab.kernel.errors import IllegalAction
from lcb_lab.kernel.hexgrid import neighbour

STEPS = {"F": (0, True), "L": (-1, True), "R": (1, True), "TL": (-1, False), "TR": (1, False)}
"""A blimp's one step: (turn in 60-degree units, moves to the next point) (l.1280)."""


def drift(g: Any, pid: str, step: str) -> None:
    """Move blimp ``pid`` one ``step`` of :data:`STEPS` (module docstring). Raises IllegalAction naming the rule."""
    s = g.state
    p = own_piece(s, pid, "l.1280", "move")
    if air_kind(p) != "blimp":
        raise IllegalAction("l.1280", f"{pid} is not a blimp")
    if s.phase != "move":
        raise IllegalAction("l.170" if s.phase == "start" else "l.174", "the blimp moves in the movement: after the "
                            "blue dice, before the first shot")
    if p.moved:
        raise IllegalAction("l.1280", f"{pid} has moved this turn: one step a turn")
    if step not in STEPS:
        raise IllegalAction("l.1280", f"a blimp's step is F, L, R (moving) or TL, TR (turning in place), not {step!r}")
    turn, moves = STEPS[step]
    facing = (p.facing + turn) % 6
    point = neighbour(p.at, facing) if moves else p.at
    if moves:
        if point not in g.board:
            raise IllegalAction("l.1280", f"{pid} cannot leave the board at {where(g, point)}")
        other = s.at(point)
        if other:
            raise IllegalAction("l.444", f"{pid} cannot move onto {other} (reading: one piece a point, as helicopters)")
    start = p.point
    p.point, p.facing, p.moved = tuple(point), facing, True
    log(g, "move", f"{pid} drifts {step}: {where(g, start)} -> {where(g, point)}", "A blimp moves one step a turn: "
        "straight on, a mild turn while moving, or a 60-degree turn in place; no blue die is spent (l.1280).",
        ["l.1280"], piece=pid, steps=step)
