"""The ekranoplan E1 (Ekranoplan, l.1219-1258): on the water or flying a few metres up.

* **On the water** (its E marker, l.1230): an ordinary
  :class:`~lcb_lab.games.archipelago.actions.Move` on a blue die, forward steps and turns in
  place, as a seaplane on the water (l.1232; like a boat: dark and light blue points, sandbox).
* **Flying** (:func:`fly`, the piece): exactly the blue die + 7 steps in progressive flight (l.1234),
  over water, orange and white points but never red land (l.1234), never over another piece (as a
  helicopter, l.444), and never two mild turns in a row: after a turn the next step is straight
  (l.1238, picture 83).  No limit of flight time (l.1225).
* **Take-off and landing** as the seaplane's (l.1236, l.1097-1101): taking off, the first five steps
  straight on the water and the sixth straight too, turns from the seventh; landing, the last five
  steps straight with the last four points on the water, and the flight may be shorter than the
  blue die + 7.
* In one turn it moves in one mode only (l.1230): one act on one blue die.  Hit: on the water by a
  gun shell, S-S, A-S or a machine gun, never a torpedo; flying only by an A-A missile or a
  machine gun, not S-A (l.1242); the machine gun's table l.1253-1254.
"""
from __future__ import annotations

from typing import Any

from lcb_lab.games.archipelago.rules.air import flight_path
from lcb_lab.games.archipelago.rules.common import log, own_piece, where
from lcb_lab.games.archipelago.rules.flight import reserve
from lcb_lab.kernel.errors import IllegalAction

FLIGHT = 7
"""Added to the blue die in flying mode (l.1234)."""


def _check_steps(steps: str, die: int, take_off: bool, land: bool) -> None:
    n = die + FLIGHT
    if not steps or set(steps) - set("FLR"):
        raise IllegalAction("l.1234", f"a flight is steps F, L or R (no turning in place), not {steps!r}")
    if len(steps) > n or (len(steps) < n and not land):
        raise IllegalAction("l.1234", f"flying on a blue {die} is exactly {n} steps (fewer only when landing, l.1101), "
                                      f"not {len(steps)}")
    if any(a in "LR" and b in "LR" for a, b in zip(steps, steps[1:])):
        raise IllegalAction("l.1238", "an ekranoplan cannot turn two steps in a row: after a turn, a straight step")
    if take_off and not steps.startswith("F" * 6):
        raise IllegalAction("l.1097", "taking off, the first six steps are straight forward")
    if land and not steps.endswith("F" * 5):
        raise IllegalAction("l.1101", "landing, the last five steps are straight forward")


def check(g: Any, pid: str, steps: str, die: int, take_off: bool, land: bool) -> list:
    """The path of a legal flight (module docstring). Raises IllegalAction naming the line."""
    s = g.state
    if s.phase != "move":
        raise IllegalAction("l.1234", "the ekranoplan moves on a blue die, after the roll and before the first shot")
    p = own_piece(s, pid, "l.1234", "fly")
    if p.kind != "ekranoplan":
        raise IllegalAction("l.1234", f"{pid} is not an ekranoplan")
    if die not in s.dice or p.moved or p.held:
        raise IllegalAction("l.1232", f"{pid} needs a blue die left and a move not yet made this turn")
    if take_off == p.flying:
        raise IllegalAction("l.1236", f"{pid} is {'in the air: it cannot take off' if p.flying else 'on the water: it takes off first'}")
    _check_steps(steps, die, take_off, land)
    out = flight_path(p.at, p.facing, steps)
    water = set(range(5)) if take_off else set(range(len(out) - 4, len(out))) if land else set()
    for k, (pt, _) in enumerate(out):
        if pt not in g.board or not g.board.admits(pt, "hovercraft"):
            raise IllegalAction("l.1234", f"{pid} cannot fly over {where(g, pt)}: red land or off the board")
        if k in water and not g.board.is_water(pt):
            raise IllegalAction("l.1101" if land else "l.1097", f"{pid} must be on the water at {where(g, pt)} "
                                "(the take-off run or the last four points of the landing)")
        other = s.at(pt)
        if other and other != pid:
            raise IllegalAction("l.1234", f"{pid} cannot fly over {other} at {where(g, pt)} (as a helicopter, l.444)")
    reserve(g, pid)                            # not a die the aircraft in the air need (l.1313)
    return out


def fly(g: Any, pid: str, steps: str, die: int, take_off: bool, land: bool) -> None:
    """Fly ekranoplan ``pid`` (module docstring)."""
    s = g.state
    out = check(g, pid, steps, die, take_off, land)
    p = s.pieces[pid]
    start = p.point
    p.point, p.facing = tuple(out[-1][0]), out[-1][1]
    p.moved = True
    s.dice.remove(die)
    p.flying = not land
    how = " taking off (l.1097)" if take_off else " landing on the water (l.1101)" if land else ""
    log(g, "fly", f"{pid} flies {steps}{how}: {where(g, start)} -> {where(g, p.point)}",
        f"Blue {die} + 7 = {die + FLIGHT} steps{', fewer to land' if land else ' exactly'} (l.1234); no two turns in a "
        "row (l.1238); over water, orange and white points, never red land (l.1234).",
        ["l.1234", "l.1238"] + (["l.1097"] if take_off else ["l.1101"] if land else []), piece=pid, steps=steps, die=die)
