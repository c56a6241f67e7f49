"""The hydrofoil's foilborne mode (Hydrofoil, l.1069-1082).

A hydrofoil (HY-29, HY-30) is a small vessel: like a boat it moves on dark and light blue points
(l.1073).  In one turn it moves in one mode only (l.1078):

* **hullborne** -- an ordinary :class:`~lcb_lab.games.archipelago.actions.Move`: at most the blue
  die in steps forward and turns in place, as a ship (l.1078; catalog speed +0);
* **foilborne** -- :func:`move_foilborne`: exactly the blue die + 3 steps, no turning in place, a
  mild 60-degree turn on any step (``L`` / ``R``, as a helicopter's progressive flight, l.1080).

Every point stepped on must admit a boat and be free, as in any move (:func:`.movement.check_point`).
"""
from __future__ import annotations

from typing import Any

from lcb_lab.games.archipelago.rules.air import flight_path
from lcb_lab.games.archipelago.rules.common import log, own_piece, where
from lcb_lab.games.archipelago.rules.flight import reserve
from lcb_lab.games.archipelago.model.state import standing
from lcb_lab.games.archipelago.rules.movement import check_point
from lcb_lab.kernel.errors import IllegalAction

FOIL = 3
"""Added to the blue die foilborne (l.1080)."""


def check(g: Any, pid: str, steps: str, die: int) -> list:
    """The path of a legal foilborne move. Raises IllegalAction naming the line."""
    s = g.state
    if s.phase != "move":
        raise IllegalAction("l.1078", "a hydrofoil moves on a blue die, after the roll and before the first shot")
    p = own_piece(s, pid, "l.1080", "move")
    if p.kind != "hydrofoil":
        raise IllegalAction("l.1080", f"{pid} is not a hydrofoil: only hydrofoils move foilborne")
    if die not in s.dice:
        raise IllegalAction("l.1078", f"no blue {die} is left to use (left: {s.dice or 'none'})")
    if p.moved or p.held:
        raise IllegalAction("l.1078", f"{pid} has moved or is held this turn: one mode, one move a turn")
    if not steps or set(steps) - set("FLR"):
        raise IllegalAction("l.1080", f"foilborne steps are F, L or R (no turning in place), not {steps!r}")
    if len(steps) != die + FOIL:
        raise IllegalAction("l.1080", f"foilborne on a blue {die} is exactly {die + FOIL} steps, not {len(steps)}")
    out = flight_path(p.at, p.facing, steps)
    for pt, _ in out:
        check_point(g, s, pid, p, pt)
    reserve(g, pid)                            # not a die the aircraft in the air need (l.1313)
    return out


def move_foilborne(g: Any, pid: str, steps: str, die: int) -> None:
    """Move hydrofoil ``pid`` foilborne (module docstring)."""
    s = g.state
    out = check(g, pid, steps, die)
    p = s.pieces[pid]
    start = p.point
    p.point, p.facing = tuple(out[-1][0]), out[-1][1]
    p.moved = True
    s.dice.remove(die)
    log(g, "move", f"{pid} foilborne {steps}: {where(g, start)} -> {where(g, p.point)}",
        f"Blue {die} + 3 = {die + FOIL} steps exactly, a mild turn allowed on each step, none in place (l.1080).",
        ["l.1080"], piece=pid, steps=steps, die=die)


def options(g: Any, pid: str, die: int) -> tuple[str, ...]:
    """Every legal foilborne step string of ``pid`` on ``die`` ending on a distinct point and facing
    (one each), for the legal acts."""
    s = g.state
    p = s.pieces[pid]
    with standing(s):
        return _options(g, s, pid, p, die)


def _options(g: Any, s: Any, pid: str, p: Any, die: int) -> tuple[str, ...]:
    frontier = {(p.point, p.facing): ""}
    enterable: dict = {}                       # check_point's verdict per point: the same for every path
    for _ in range(die + FOIL):
        nxt: dict = {}
        for (pt, f), st in frontier.items():
            for ch in "FLR":
                (q, nf), = flight_path(type(p.at)(*pt), f, ch)
                if q not in enterable:
                    enterable[q] = _enters(g, s, pid, p, q)
                if enterable[q]:
                    nxt.setdefault((tuple(q), nf), st + ch)
        frontier = nxt
    return tuple(sorted(frontier.values()))


def _enters(g: Any, s: Any, pid: str, p: Any, q: Any) -> bool:
    try:
        check_point(g, s, pid, p, q)
    except IllegalAction:
        return False
    return True
