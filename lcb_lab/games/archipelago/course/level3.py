"""Level 3 (helicopters, l.396-577) for the course: the printed examples staged as games, and the
checkpoints a class answers.

The pictures are not in the text: each example stages its pieces on :data:`~.SEA` so that the
geometry the text describes holds (the positions of ``tests/archipelago/test_level3.py``), with
the dice forced in the order they are rolled:

* :func:`picture_30` -- hovering: H-1 turns 120 degrees in place, H-2 moves one point and turns
  about; no blue die is spent (:data:`HOVERS_30`, l.449-453);
* :func:`picture_31` -- progressive flight: exactly the blue die + 5 steps, 3 + 5 = 8 and
  2 + 5 = 7, no turn in place and no step back (:data:`FLIGHTS_31`, l.455-461);
* :func:`picture_36` -- two A-S missiles sink destroyer D-13: green 2 + green 2 reaches 4 d, then
  4 + 1 reaches 5 d (:data:`MISSILES_36`, l.497-507);
* :func:`picture_38` -- an A-A missile from the rear: red 3 reaches blue H-1 3 d ahead (l.520-528);
* :func:`picture_41` -- torpedo boat TB-3's machine gun downs H-1 on a red 3 (l.539-545).

Checkpoints (:data:`CHECKPOINTS`), every answer computed by the engine on staged positions: how
many steps a progressive flight on a blue 3 takes (l.458), whether hovering spends a blue die
(l.453), the chance of an A-S missile at 5 d (l.505), whether an A-A missile can hit a helicopter
from the front (l.526-528), the machine gun's chance against a flying helicopter (l.539).
"""
from __future__ import annotations

from typing import Any

from lcb_lab.games.archipelago import actions as A
from lcb_lab.games.archipelago.course import NE, NW, SE, SEA, N, S, at, refusing_rule
from lcb_lab.games.archipelago.stage import stage
from lcb_lab.kernel.checkpoints import Checkpoint

TITLE = "Level 3: helicopters"
"""The lesson's title."""
FLY = {"flying": True}
H2 = at((SE, 3))
"""Where H-2 hovers in pictures 30 and 31."""
HOVERS_30 = (A.Hover("Red H-1", *at(), SE), A.Hover("Red H-2", *at((N, 1), start=H2), S))
FLIGHTS_31 = (A.Fly("Red H-1", "FFRFFFFF", 3), A.Fly("Red H-2", "LFFFFFF", 2))
MISSILES_36 = (A.LaunchMissile("Red H-1", "Blue D-13"), A.LaunchMissile("Red H-2", "Blue D-13"))
A_A_38 = A.LaunchMissile("Red H-1", "Blue H-1")
MG_41 = A.FireMachineGun("Blue TB-3", "Red H-1")


def _two_helicopters(**kw: Any) -> Any:
    g = stage(SEA, [("Red H-1", at(), "N", FLY), ("Red H-2", H2, "N", FLY), ("Red TB-1", at((S, 2)), "N"),
                    ("Blue TB-1", at((N, 11)), "S")], forced=[3, 2], level=3, **kw)
    g.apply(A.RollMovement())
    return g


def picture_30(**kw: Any) -> Any:
    """Red H-1 and H-2 flying (hovering), blue 3 and 2 rolled: ready for :data:`HOVERS_30`."""
    return _two_helicopters(**kw)


def picture_31(**kw: Any) -> Any:
    """The same start, ready for the progressive flights :data:`FLIGHTS_31`."""
    return _two_helicopters(**kw)


def picture_36(**kw: Any) -> Any:
    """Red H-1 4 d and H-2 5 d south of blue destroyer D-13; blue 3, 3 rolled, then the missiles'
    greens forced 2 + 2 and 4 + 1 (:data:`MISSILES_36`)."""
    g = stage(SEA, [("Red H-1", at(), "N", FLY), ("Red H-2", at((S, 1)), "N", FLY), ("Red TB-1", at((SE, 3)), "N"),
                    ("Blue D-13", at((N, 4)), "S")], forced=[3, 3, 2, 2, 4, 1], level=3, **kw)
    g.apply(A.RollMovement())
    return g


def picture_38(facing: str = "N", **kw: Any) -> Any:
    """Red H-1 armed with an A-A missile, blue H-1 3 d ahead facing ``facing`` ("N": its rear is
    turned to H-1, picture 38; "S": its front, picture 39); blue 2 rolled, then red 3."""
    g = stage(SEA, [("Red H-1", at(), "N", {"flying": True, "ammo": ["A-A"]}), ("Blue H-1", at((N, 3)), facing, FLY),
                    ("Blue TB-1", at((N, 9)), "S")], forced=[2, 3], level=3, **kw)
    g.apply(A.RollMovement())
    return g


def picture_41(**kw: Any) -> Any:
    """Blue TB-3 with red H-1 and H-2 hovering beside it and red corvette C-11 4 ahead; Blue to move,
    blue 2 rolled, then red 3 for :data:`MG_41`."""
    g = stage(SEA, [("Blue TB-3", at(), "N"), ("Red H-1", at((NE, 1)), "N", FLY), ("Red H-2", at((NW, 1)), "N", FLY),
                    ("Red C-11", at((N, 4)), "S")], forced=[2, 3], level=3, to_move="Blue", **kw)
    g.apply(A.RollMovement())
    return g


def staged(**kw: Any) -> Any:
    """The checkpoints' position (not a picture): :func:`picture_36`'s, Red to act."""
    return picture_36(**kw)


def flight_steps(die: int = 3) -> int:
    """The number of forward steps the engine accepts for H-1's progressive flight on blue ``die``
    (tried 1 to 12 on forks of :func:`picture_31`); 0 if none."""
    g = picture_31()
    return next((n for n in range(1, 13) if not refusing_rule(g, A.Fly("Red H-1", "F" * n, die))), 0)


def hover_spends_a_die() -> str:
    """``"yes"`` if H-1's hover of picture 30 takes a blue die, else ``"no"`` (played on a fork)."""
    g = picture_30().fork()
    before = list(g.state.dice)
    g.apply(HOVERS_30[0])
    return "yes" if g.state.dice != before else "no"


def checkpoints() -> list[Checkpoint]:
    """The level's checkpoints (module docstring); each builds its staged position when asked."""
    return [
        Checkpoint("arch3.flight-steps", "Red H-1 flies progressively on a blue 3. How many steps does its "
                   "flight take?", kind="number", answer=flight_steps, rule="l.458",
                   hint="A progressive flight adds a number to the blue die, and must use every step.",
                   explanation="Eight: the blue die + 5, exactly; no fewer and no more (l.458)."),
        Checkpoint("arch3.hover-die", "Does a hovering helicopter spend a blue die when it moves one point or "
                   "turns in place?", kind="choice", options=("yes", "no"), answer=hover_spends_a_die,
                   rule="l.453", hint="Read how hovering is paid for, and how progressive flight is.",
                   explanation="No: hovering costs no blue die (l.453); only progressive flight uses one."),
        Checkpoint("arch3.a-s-odds", "Red H-2 launches an A-S missile at blue D-13, 5 d ahead. With what "
                   "chance does it hit?", kind="probability",
                   answer=lambda: staged().chance_outcomes(MISSILES_36[1]).probability(1), rule="l.505",
                   hint="Two green dice (1/2/2/3/3/4), and a double 1 fails.",
                   explanation="23 of 36 (63.9%): the two greens sum to 5 or more for 23 of the 36 pairs of faces."),
        Checkpoint("arch3.a-a-front", "Blue H-1, 3 d ahead of red H-1, faces it. May red H-1's A-A missile "
                   "hit it?", kind="choice", options=("yes", "no"),
                   answer=lambda: "yes" if picture_38("S").chance_outcomes(A_A_38).probability(1) > 0 else "no",
                   rule="l.526", hint="From which directions does an A-A missile hit a helicopter?",
                   explanation="No: an A-A missile hits only from the three rear directions (l.526); from "
                               "the front it misses whatever the red die."),
        Checkpoint("arch3.mg-odds", "Blue TB-3's machine gun fires at red H-1 flying beside it. With what "
                   "chance is H-1 destroyed?", kind="probability",
                   answer=lambda: picture_41().chance_outcomes(MG_41).probability(1), rule="l.539",
                   hint="One red die; only a 1 misses.",
                   explanation="5 in 6 (83.3%): a red 2 or more downs a helicopter (l.539)."),
    ]


CHECKPOINTS: list[Checkpoint] = checkpoints()
"""The level's checkpoints (answers computed when asked)."""
