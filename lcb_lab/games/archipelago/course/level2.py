"""Level 2 (ships, l.264-394) for the course: the printed examples staged as games, and the
checkpoints a class answers.

As at level 1 the pictures are not in the text: each example stages its pieces on
:data:`~.SEA` so that the geometry the text describes holds (the positions of
``tests/archipelago/test_level2.py``), with the dice forced in the order they are rolled:

* :func:`forces` -- the force example of l.274-277: 30 points a side, Red's 11 vessels roll 4 blue
  dice and Blue's 9 roll 3 (l.289-295);
* :func:`picture_21` -- ten active pieces roll blue 3-3-3: a bonus, four pieces move
  (:data:`MOVES_21`, l.299, l.311);
* :func:`picture_23` -- D-13 moves one point and fires at C-10 6 d away over an island and a
  boat: red 5 + green 2 (:data:`SHOT_23`, l.334);
* :func:`picture_24` -- four shots (:data:`SHOTS_24`, l.336): 3 + 1 short of 5 d; 2 + 3 ruins the
  ammunition storage at 4 d; 1 + 1 fails at 2 d; a red 6 torpedo just reaches C-10.  The text labels
  the two destroyers "R-13" and "R-14"; they are D-13 and D-14 (l.1579; R-16 is the repair ship).

Checkpoints (:data:`CHECKPOINTS`), every answer computed by the engine on positions other than the
examples the lesson shows: may picture 23's destroyer fire over a ship (l.330), with what chance
at 7 d (:func:`staged`, l.322-329), which targets its gun can take (l.324-330), how many blue dice
7 pieces roll (l.289-293), how many hits sink a ship (l.346).
"""
from __future__ import annotations

import dataclasses
from typing import Any

from lcb_lab.games.archipelago import actions as A
from lcb_lab.games.archipelago.course import NE, SE, SEA, SW, N, S, at, refusing_rule
from lcb_lab.games.archipelago.model.board import Base
from lcb_lab.games.archipelago.stage import stage
from lcb_lab.kernel.checkpoints import Checkpoint

TITLE = "Level 2: ships"
"""The lesson's title."""
FAR_BLUE = ("Blue TB-8", SEA.from_col_row(13, 0), "S")
MOVES_21 = (A.Move("Red C-9", "FRF", 3), A.Move("Red TB-5", "RFFLF", 3), A.Move("Red C-11", "B", 3),
            A.Move("Red D-14", "RR", 3))
SHOT_23 = A.FireGun("Red D-13", "Blue C-10")
SHOTS_24 = (A.FireGun("Blue C-10", "Red C-11"), A.FireGun("Blue C-9", "A-Red ammunition"), A.EndTurn(),
            A.RollMovement(), A.FireGun("Red D-14", "Blue TB-7"), A.LaunchTorpedo("Red D-13", "Blue C-10"))
TARGETS = ("Blue C-9", "Blue C-10", "Blue C-11", "Blue TB-1", "Blue TB-2")


def red_fleet(n_boats: int, ships: list[str]) -> list:
    """Red's ``n_boats`` torpedo boats on the south row and ``ships`` on the row above, facing north."""
    boats = [(f"Red TB-{i + 1}", SEA.from_col_row(i, 15), "N") for i in range(n_boats)]
    return boats + [(s, SEA.from_col_row(2 * i, 12), "N") for i, s in enumerate(ships)]


def forces(**kw: Any) -> Any:
    """The force example (l.274-277): Red 8 TB, 1 corvette, 2 destroyers; Blue 2 TB, 3 corvettes,
    2 destroyers, the ammunition and the repair ship; Red to roll."""
    red = red_fleet(8, ["Red C-9", "Red D-13", "Red D-14"])
    blue = [(f"Blue {n}", SEA.from_col_row(i, 2), "S") for i, n in
            enumerate(["TB-1", "TB-2", "C-9", "C-10", "C-11", "D-13", "D-14", "A-15", "R-16"])]
    return stage(SEA, red + blue, level=2, **kw)


def picture_21(**kw: Any) -> Any:
    """Red's ten active pieces (5 TB, C-9 to C-11, D-13, D-14), the blue dice forced to 3-3-3."""
    return stage(SEA, red_fleet(5, ["Red C-9", "Red C-10", "Red C-11", "Red D-13", "Red D-14"]) + [FAR_BLUE],
                 forced=[3, 3, 3], level=2, **kw)


def picture_23(between: str = "Blue TB-1", **kw: Any) -> Any:
    """Red D-13 one point south of the launching point, an island (red point) 2 north of it, blue
    TB-1 4 north and blue C-10 6 north facing south; blue 3 and 5 rolled, D-13 moved one point
    forward.  The gun dice will show red 5 and green 2 (:data:`SHOT_23`).  ``between``: the blue
    piece 4 north (a ship there forbids the shot, l.330)."""
    island = at((N, 2))
    g = stage(SEA.with_points({island: "red"}), [("Red D-13", at((S, 1)), "N"), (between, at((N, 4)), "N"),
              ("Blue C-10", at((N, 6)), "S")], forced=[3, 5, 2], level=2, **kw)
    g.apply(A.RollMovement())
    g.apply(A.Move("Red D-13", "F", 3))
    return g


def base_board(owner: str, land: Any, port: Any) -> Any:
    """:data:`SEA` with ``owner``'s Base A: ``land`` (white) holding the ammunition storage, the
    workshop and the fuel depot, ``port`` beside it (sandbox layout: the board is only pictures)."""
    base = Base(f"A-{owner}", "A", owner, (port, land))
    return dataclasses.replace(SEA.with_points({land: "white"}), symbols={
        port: frozenset({"port"}), land: frozenset({"ammunition", "workshop", "fuel"})}, bases={base.name: base})


def picture_24(**kw: Any) -> Any:
    """Picture 24's board: Blue to move with C-10 5 d ahead of red C-11 and C-9 4 d from Red's
    ammunition storage; then Red's D-14 2 d behind blue TB-7 and D-13 six points from C-10.  Blue
    has rolled (2, 3, 3); the rest of the dice are forced for :data:`SHOTS_24`."""
    land, port = at((SW, 2)), at((SW, 1))
    x = at((SE, 4), (N, 6))
    pieces = [("Blue C-10", x, "S"), ("Red C-11", at((SE, 4), (N, 1)), "N"),
              ("Blue C-9", at((NE, 4), start=land), "SW"), ("Red D-14", at((SE, 6)), "N"),
              ("Blue TB-7", at((SE, 6), (N, 2)), "N"), ("Red D-13", at((SW, 6), start=x), "NE")]
    g = stage(base_board("Red", land, port), pieces, forced=[2, 3, 3, 1, 2, 3, 2, 3, 1, 1, 6], level=2,
              to_move="Blue", **kw)
    g.apply(A.RollMovement())
    return g


def staged(distance: int = 7, **kw: Any) -> Any:
    """The checkpoints' position (not a picture): red D-13 facing north, blue C-10 ``distance``
    points ahead facing south; Red has rolled."""
    g = stage(SEA, [("Red D-13", at(), "N"), ("Blue C-10", at((N, distance)), "S"), FAR_BLUE],
              forced=[3, 4], level=2, **kw)
    g.apply(A.RollMovement())
    return g


def gun_lines(**kw: Any) -> Any:
    """Red D-13 facing north; blue C-9 2 north and C-10 4 north behind it, C-11 off the lines, TB-1
    on the line 120 degrees off the bow, TB-2 3 d on the right diagonal; Red has rolled."""
    g = stage(SEA, [("Red D-13", at(), "N"), ("Blue C-9", at((N, 2)), "N"), ("Blue C-10", at((N, 4)), "S"),
                    ("Blue C-11", at((NE, 2), (N, 1)), "S"), ("Blue TB-1", at((SE, 3)), "N"),
                    ("Blue TB-2", at((NE, 3)), "N")], forced=[3], level=2, **kw)
    g.apply(A.RollMovement())
    return g


def gun_targets() -> frozenset[str]:
    """The targets of :data:`TARGETS` red D-13's gun may fire at in :func:`gun_lines` (no refusal)."""
    g = gun_lines()
    return frozenset(t for t in TARGETS if not refusing_rule(g, A.FireGun("Red D-13", t)))


def dice_for(pieces: int) -> int:
    """The blue dice Red rolls with ``pieces`` vessels afloat at level 2: rolled by the engine."""
    ids = [f"Red TB-{i}" for i in range(1, 9)] + ["Red C-9", "Red C-10", "Red C-11", "Red C-12"]
    g = stage(SEA, [(pid, SEA.from_col_row(i, 15), "N") for i, pid in enumerate(ids[:pieces])] + [FAR_BLUE],
              level=2, seed=1)
    g.apply(A.RollMovement())
    return len(g.state.rolled)


def hits_to_sink() -> int:
    """Gun hits an undamaged blue corvette takes before it sinks: three red ships 3 d off it on
    three lattice lines fire at it in turn with the dice forced to hit (red 6, green 4) until it
    is gone; 0 if three hits do not sink it."""
    target = at((N, 3))
    shooters = [("Red C-9", S), ("Red C-10", SW), ("Red C-11", SE)]
    specs = [(pid, at((side, 3), start=target), (side + 3) % 6) for pid, side in shooters]
    g = stage(SEA, [("Blue C-12", target, "S"), FAR_BLUE] + specs, forced=[2, 3] + [6, 4] * 3, level=2)
    g.apply(A.RollMovement())
    for n, (pid, _) in enumerate(shooters, 1):
        g.apply(A.FireGun(pid, "Blue C-12"))
        if "Blue C-12" in g.state.sunk:
            return n
    return 0


def checkpoints() -> list[Checkpoint]:
    """The level's checkpoints (module docstring); each builds its staged position when asked."""
    return [
        Checkpoint("arch2.over-ship", "Picture 23 again, but blue corvette C-9 stands where TB-1 was, between "
                   "D-13 and C-10 (the island too). May D-13 fire its gun at C-10?", kind="choice",
                   options=("yes", "no"),
                   answer=lambda: "no" if refusing_rule(picture_23("Blue C-9"), SHOT_23) else "yes",
                   rule="l.330", hint="A shell flies over islands and boats; what may it not fly over?",
                   explanation="No: a shell flies over an island and over a boat, but no gun fires over a ship "
                               "(its masts and cables), own or enemy."),
        Checkpoint("arch2.gun-odds", "Red D-13 faces north and blue C-10 is 7 d straight ahead. With what chance "
                   "does D-13's gun hit it?", kind="probability",
                   answer=lambda: staged(7).chance_outcomes(SHOT_23).probability(1),
                   rule="l.329", hint="Red + green must reach the distance; the green die is 1/2/2/3/3/4.",
                   explanation="15 of 36 (41.7%): red + green is 7 or more for 15 of the 36 equally likely "
                               "pairs of faces; the failing double 1 (l.323) only matters at 2 d."),
        Checkpoint("arch2.gun-lines", "Red D-13 faces north. Which of these blue pieces may its gun fire at?",
                   kind="choices", options=TARGETS, answer=gun_targets, rule="l.324",
                   hint="Three directions only (ahead and the two diagonals), at least 2 d, and never over a ship.",
                   explanation=lambda: ", ".join(sorted(gun_targets())) + ": C-10 stands behind the ship C-9 "
                               "(l.330), C-11 is on no straight line, TB-1 is 120 degrees off the bow (l.324)."),
        Checkpoint("arch2.dice-7", "Red has 7 vessels left afloat. How many blue dice does it roll?",
                   kind="number", answer=lambda: dice_for(7), rule="l.289",
                   hint="The table: 1 piece 1 die, 2-5 pieces 2, 6-10 pieces 3, 11 or more 4.",
                   explanation="Three: 6 to 10 pieces roll three blue dice."),
        Checkpoint("arch2.hits-to-sink", "How many hits sink an undamaged corvette?", kind="number",
                   answer=hits_to_sink, rule="l.346",
                   hint="A ship survives one hit, slowed; a torpedo boat does not.",
                   explanation="Two: the first hit damages it (it moves one step less, l.344), the second sinks it."),
    ]


CHECKPOINTS: list[Checkpoint] = checkpoints()
"""The level's checkpoints (answers computed when asked)."""
