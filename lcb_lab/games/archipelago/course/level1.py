"""Level 1 (torpedo boats, l.138-262) for the course: the printed torpedo pictures staged as games,
and the checkpoints a class answers.

The pictures are not in the text: each example stages the pieces on :data:`~.SEA` so that the
geometry the text describes holds (the same positions as ``tests/archipelago/test_torpedo_examples.py``),
with the dice forced in the order they are rolled (blue dice for the movement, then the red die
of a launch or the green die of a continuation).  Each function returns the game *before* the
example's shot, so a lesson shows the exact odds first and then applies the act:

* :func:`picture_12` -- :data:`SHOT_12`: red TB-2, 2 d behind blue TB-6, red 4: a hit (l.215);
* :func:`picture_13` -- :data:`SHOT_13`: blue TB-3's course turns right on step 3, red 5 just reaches red TB-1 (l.217);
* :func:`picture_14` -- :data:`SHOT_14` (red 6 reaches blue TB-5 from its front: it passes
  beneath, l.209, l.219) and :data:`SHOT_14_FAIL` (red 1: the launch fails, l.203, l.221);
* :func:`picture_15` / :func:`picture_17` -- red TB-4 has moved one point; :data:`SHOT_15`: red 3 stops one point short
  of blue TB-8 (l.223); then Blue's blue 2 and 3 (:data:`MOVES_16`, l.225) and Red's green 4
  (:data:`CONTINUE_17`: T1 turns right at once and hits blue TB-5, l.229).

Checkpoints (:data:`CHECKPOINTS`), every answer computed by the engine: whether a torpedo can hit a
boat that faces it (l.209), the sides a torpedo boat is hit from (l.209, reading in
``docs/archipelago.md``), the odds of a course that turns (:func:`staged`, :data:`COURSE`,
l.203-206), the pieces a matching pair of blue dice moves (l.172), and what picture 17's torpedo
could hit had Blue not turned TB-3 (l.207-209).  The checkpoints' positions differ from the
examples the lesson shows, so the lesson's outputs do not give their answers away.
"""
from __future__ import annotations

from typing import Any

from lcb_lab.games.archipelago import actions as A
from lcb_lab.games.archipelago.course import NE, SEA, N, S, at
from lcb_lab.games.archipelago.rules.torpedo import continuation_reach
from lcb_lab.games.archipelago.stage import stage
from lcb_lab.kernel.checkpoints import Checkpoint
from lcb_lab.kernel.hexgrid import Facing, neighbour

TITLE = "Level 1: torpedo boats"
"""The lesson's title."""
FAR_BLUE = ("Blue TB-1", SEA.from_col_row(13, 0), "S")
"""A blue boat far away, so that sinking the example's target does not end the game (l.261)."""
SHOT_12 = A.LaunchTorpedo("Red TB-2", "Blue TB-6")
SHOT_13 = A.LaunchTorpedo("Blue TB-3", "Red TB-1", 3, 1)
SHOT_14 = A.LaunchTorpedo("Red TB-7", "Blue TB-5", 3, 1)
SHOT_14_FAIL = A.LaunchTorpedo("Red TB-8", "Blue TB-2")
SHOT_15 = A.LaunchTorpedo("Red TB-4", "Blue TB-8")
MOVES_16 = (A.Move("Blue TB-8", "RFFFF", 3), A.Move("Blue TB-3", "RRR", 2))
CONTINUE_17 = A.ContinueTorpedo("T1", 1, 1)
SIDES = ("ahead", "ahead to starboard", "astern to starboard", "astern", "astern to port", "ahead to port")
"""The six directions a torpedo can come from, clockwise from the bow (lattice lines, l.112)."""


def picture_12(**kw: Any) -> Any:
    """Red TB-2 two points behind blue TB-6, both facing north; Red has rolled blue 2 and 3 and
    the red die will show 4 (:data:`SHOT_12`)."""
    g = stage(SEA, [("Red TB-2", at(), "N"), ("Blue TB-6", at((N, 2)), "N"), FAR_BLUE], forced=[2, 3, 4], **kw)
    g.apply(A.RollMovement())
    return g


def _picture_13(forced: list[int], **kw: Any) -> Any:
    pieces = [("Blue TB-3", at(), "N"), ("Red TB-1", at((N, 2), (NE, 3)), "NE"), ("Red TB-8", at((S, 2)), "N")]
    g = stage(SEA, pieces, forced=forced, to_move="Blue", **kw)
    g.apply(A.RollMovement())
    return g


def picture_13(**kw: Any) -> Any:
    """Blue TB-3 faces north; red TB-1 lies 2 north then 3 north-east, facing north-east: the
    course turning right on step 3 reaches it on step 5; the red die will show 5 (:data:`SHOT_13`)."""
    return _picture_13([3, 4, 5], **kw)


def picture_14(**kw: Any) -> Any:
    """Red TB-7 faces north, blue TB-5 2 north then 3 north-east facing south-west (its bow toward
    the torpedo's course); red TB-8 aims at blue TB-2.  Red dice: 6 for :data:`SHOT_14`, 1 for
    :data:`SHOT_14_FAIL`."""
    pieces = [("Red TB-7", at(), "N"), ("Blue TB-5", at((N, 2), (NE, 3)), "SW"),
              ("Red TB-8", at((2, 3)), "N"), ("Blue TB-2", at((2, 3), (N, 3)), "N")]
    g = stage(SEA, pieces, forced=[2, 3, 6, 1], **kw)
    g.apply(A.RollMovement())
    return g


def picture_15(**kw: Any) -> Any:
    """Red TB-4 has moved one point north to the launching point; blue TB-8 is 4 points ahead,
    blue TB-3 and TB-5 near the torpedo's end point.  Forced dice, in order: the red 3 of
    :data:`SHOT_15`, Blue's blue 2 and 3 (:data:`MOVES_16`), Red's green 4 (:data:`CONTINUE_17`)."""
    m = at((N, 3))
    pieces = [("Red TB-4", at((S, 1)), "N"), ("Blue TB-8", at((N, 4)), "N"),
              ("Blue TB-3", at((N, 2), start=m), "N"), ("Blue TB-5", at((NE, 3), start=m), "NE")]
    g = stage(SEA, pieces, forced=[2, 5, 3, 2, 3, 4], **kw)
    g.apply(A.RollMovement())
    g.apply(A.Move("Red TB-4", "F", 2))
    return g


def picture_17(moves: tuple = MOVES_16, **kw: Any) -> Any:
    """:func:`picture_15` played on: Red's launch, Blue's turn (``moves``, default :data:`MOVES_16`),
    and Red's turn begun, the T marker T1 waiting for its green die (:data:`CONTINUE_17`)."""
    g = picture_15(**kw)
    for act in (SHOT_15, A.EndTurn(), A.RollMovement(), *moves, A.EndTurn()):
        g.apply(act)
    return g


COURSE = A.LaunchTorpedo("Red TB-4", "Blue TB-6", 3, 1)
"""The checkpoints' launch: two steps straight, a right turn on step 3 (l.205)."""


def staged(**kw: Any) -> Any:
    """The checkpoints' position (not a picture): red TB-4 facing north, blue TB-6 two points
    north then two north-east, facing north-east (its stern toward :data:`COURSE`); Red has rolled."""
    g = stage(SEA, [("Red TB-4", at(), "N"), ("Blue TB-6", at((N, 2), (NE, 2)), "NE"), FAR_BLUE],
              forced=[2, 4], **kw)
    g.apply(A.RollMovement())
    return g


def hit_chance(game: Any, shooter: str, target: str) -> float:
    """The best chance, over every course a launch may take (straight, or one turn on steps
    3-6, l.205), that ``shooter``'s torpedo hits ``target`` now: the engine's chance node."""
    courses = [(0, 0)] + [(k, d) for k in range(3, 7) for d in (-1, 1)]
    return max(game.chance_outcomes(A.LaunchTorpedo(shooter, target, k, d)).probability(1) for k, d in courses)


def facing_boat(**kw: Any) -> Any:
    """Red TB-2 and blue TB-6, 3 points apart, bow to bow (blue TB-6 faces the torpedo); Red to fire."""
    g = stage(SEA, [("Red TB-2", at(), "N"), ("Blue TB-6", at((N, 3)), "S")], forced=[3, 3], **kw)
    g.apply(A.RollMovement())
    return g


def hit_sides() -> frozenset[str]:
    """The directions (:data:`SIDES`) from which a straight torpedo hits a torpedo boat, found by
    staging a shooter 3 points off blue TB-6 on each of its six lattice lines, aimed at it."""
    out = set()
    target = at((N, 4))
    for side, name in zip(Facing, SIDES):
        shooter = neighbour(target, (int(Facing.N) + int(side)) % 6, 3)
        g = stage(SEA, [("Blue TB-6", target, "N"), ("Red TB-2", shooter, (int(side) + 3) % 6)], forced=[2, 2])
        g.apply(A.RollMovement())
        if g.chance_outcomes(A.LaunchTorpedo("Red TB-2", "Blue TB-6")).probability(1) > 0:
            out.add(name)
    return frozenset(out)


def pieces_after(rolled: list[int]) -> int:
    """How many pieces Red may move after its two blue dice show ``rolled`` (the engine's dice list
    after the roll, l.170-172)."""
    g = stage(SEA, [("Red TB-1", at(), "N"), ("Red TB-2", at((S, 2)), "N"), ("Red TB-3", at((N, 2)), "N"),
                    FAR_BLUE], forced=rolled)
    g.apply(A.RollMovement())
    return len(g.state.dice)


def still_in_range(moves: tuple = MOVES_16[:1]) -> dict[str, float]:
    """Picture 17 after Blue's ``moves`` (default: TB-8 sails away, TB-3 is *not* turned): the blue
    pieces Red's T1 can still hit with the green die, each with its best chance."""
    return continuation_reach(picture_17(moves), "T1")


def _yes(p: float) -> str:
    return "yes" if p > 0 else "no"


def checkpoints() -> list[Checkpoint]:
    """The level's checkpoints (module docstring); each builds its staged position when asked."""
    return [
        Checkpoint("arch1.bow-to-bow", "Blue TB-6 is 3 d ahead of red TB-2 and faces it, bow to bow. Can TB-2's "
                   "torpedo hit it from here, on any course?", kind="choice", options=("yes", "no"),
                   answer=lambda: _yes(hit_chance(facing_boat(), "Red TB-2", "Blue TB-6")), rule="l.209",
                   hint="A torpedo boat has a shallow draft: from which side does a torpedo pass beneath it?",
                   explanation="No: a straight run meets TB-6 from its bow and passes beneath it; a course that "
                               "turns cannot come back onto its stern within six steps."),
        Checkpoint("arch1.tb-sides", "From which directions can a torpedo hit an enemy torpedo boat?",
                   kind="choices", options=SIDES, answer=hit_sides, rule="l.209",
                   hint="Only from the rear side; the text's picture 11 also marks the sides green (a contradiction).",
                   explanation="From the three rear directions only (the lab's reading of l.209 against picture 11, "
                               "as the air-to-air missile's \"three directions from the rear\", l.527). Ships are "
                               "hit from any direction."),
        Checkpoint("arch1.course-odds", "Red TB-4 faces north; blue TB-6 lies 2 points north then 2 north-east, "
                   "facing north-east. TB-4 launches on a course that turns right on step 3. What is the chance "
                   "of a hit?", kind="probability",
                   answer=lambda: staged().chance_outcomes(COURSE).probability(1), rule="l.204",
                   hint="The red die is the length of the run; count the steps to the target, the turn included.",
                   explanation="The course reaches TB-6 on step 4, from astern: a red 4, 5 or 6, 3 of 6 faces."),
        Checkpoint("arch1.bonus", "Red rolls its two blue dice: 3 and 3. How many pieces may Red move this turn?",
                   kind="number", answer=lambda: pieces_after([3, 3]), rule="l.172",
                   hint="Matching blue dice give a bonus move.",
                   explanation="Three: one piece per die, and a matching pair adds one more piece (l.170-172)."),
        Checkpoint("arch1.still-in-range", "Pictures 15-17 again, but Blue only sails TB-8 away and leaves TB-3 "
                   "facing north. Which blue boats can Red's T1 hit with its green die?", kind="choices",
                   options=("Blue TB-3", "Blue TB-5", "Blue TB-8"), answer=lambda: frozenset(still_in_range()),
                   rule="l.207",
                   hint="The continuing torpedo may turn once, at once if it likes, and runs 1-4 points; "
                        "a boat showing it its bow is safe.",
                   explanation=lambda: ", ".join(f"{k} ({v:.0%})" for k, v in sorted(still_in_range().items()))
                               + ": TB-8 is out of range; TB-3, its stern to the torpedo, is hit on a green 2 or "
                               "more -- which is why Blue turned it in the picture (l.209)."),
    ]


CHECKPOINTS: list[Checkpoint] = checkpoints()
"""The level's checkpoints (answers computed when asked)."""

__all__ = ["TITLE", "CHECKPOINTS", "staged", "picture_12", "picture_13", "picture_14", "picture_15",
           "picture_17", "hit_chance", "hit_sides", "pieces_after", "still_in_range"]
