"""Chapter 6 (Conceal and the Zone of Reconnaissance) for the course: EXAMPLEs and checkpoints.

Each ``ex_*`` function stages one printed EXAMPLE through the typed actions and returns the
game as the example leaves it (``tests/rulebook/test_examples_movement_conceal.py`` asserts the
same rules on its own games):

* :func:`ex_6_21` -- a stack of two infantry platoons moves next to three enemy hexes and
  exercises its ZOR into one (G-5): only that hex is revealed; the stack stays concealed, and a
  ground ZOR never reveals a ship (6.21);
* :func:`ex_6_23_1` -- DDG(X) 103 moves within five hexes of an enemy ship: both revealed (6.23);
* :func:`ex_6_23_2` -- DDG(X) 104 sails through an enemy naval ZOR (both revealed), ends beyond
  it and Conceals; the enemy ship stays revealed (6.23).

:func:`staged` is the 6.23 example 2 before the move (Move and/or Conceal declared); its
checkpoints ask where the destroyer may end and still Conceal, and what is revealed after;
:func:`zor_staged` is the 6.21 stack in F-6, for the ZOR checkpoint.  Answers are computed by
the engine on forks of those games.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from lcb_lab.games.lcb import actions as A
from lcb_lab.games.lcb.content.situation import situation
from lcb_lab.games.lcb.course.staging import begin
from lcb_lab.kernel.checkpoints import Checkpoint

if TYPE_CHECKING:
    from lcb_lab.games.lcb.game import Game

TITLE = "Conceal and the Zone of Reconnaissance"
"""The lesson's title."""
BLUE = "TF Blue"
RED = "TF Red"
SEA = [f"{c}-{r}" for c in "BCDEFGHIJK" for r in range(1, 13)]
ROUTE = ("C-11", "D-11", "E-10", "F-10", "F-11")
"""DDG(X) 104's route in the 6.23 example 2 (F-10 is 5 hexes from the enemy in H-6, F-11 is 6)."""
END_OPTIONS = ("E-10", "F-10", "F-11")
SHIPS = ("DDG(X) 104", "Enemy")
ZOR_UNITS = ("E1", "E2", "E3", "Ship", "1 Alpha", "2 Alpha")


def ex_6_21(**kw: Any) -> Game:
    """6.21 EXAMPLE: 1 Alpha and 2 Alpha (F-8) move to F-6, next to enemy platoons E1 (F-5),
    E2 (G-5), E3 (E-5), and exercise their ZOR into G-5."""
    g = zor_staged(**kw)
    g.apply(A.ExerciseZor(1, "G-5"))
    return g


def zor_staged(**kw: Any) -> Game:
    """The 6.21 stack after its move to F-6 under Move and/or Combat, its ZOR not yet used;
    a RU ship lies in mixed hex G-6 (a ground ZOR never reveals it)."""
    g = situation([("1 Alpha", "usmc_infantry_platoon", "F-8", BLUE), ("2 Alpha", "usmc_infantry_platoon", "F-8", BLUE),
                   ("E1", "runi_naval_infantry_platoon", "F-5", RED), ("E2", "runi_naval_infantry_platoon", "G-5", RED),
                   ("E3", "runi_naval_infantry_platoon", "E-5", RED), ("Ship", "rubf_ddg", "G-6", RED)],
                  mixed=["G-6"], **kw)
    begin(g, BLUE, A.CoreAction("move_combat", ("1 Alpha", "2 Alpha")))
    g.apply(A.Move(1, ("F-7", "F-6")))
    return g


def ex_6_23_1(**kw: Any) -> Game:
    """6.23 EXAMPLE 1: DDG(X) 103 (F-12) moves to F-8, within five hexes of an enemy DDG in F-3."""
    g = situation([("DDG(X) 103", "usn_ddg_x", "F-12", BLUE), ("Enemy", "rubf_ddg", "F-3", RED)],
                  naval=[f"{c}-{r}" for c in "EFG" for r in range(1, 13)], **kw)
    begin(g, BLUE, A.CoreAction("move_combat", ("DDG(X) 103",)))
    g.apply(A.Move(1, ("F-11", "F-10", "F-9", "F-8")))
    return g


def ex_6_23_2(**kw: Any) -> Game:
    """6.23 EXAMPLE 2: DDG(X) 104 sails :data:`ROUTE` past the enemy DDG in H-6, ends in F-11
    (six hexes away) and Conceals."""
    g = staged(**kw)
    g.apply(A.Move(1, ROUTE))
    g.apply(A.Conceal(1))
    return g


def staged(**kw: Any) -> Game:
    """The checkpoints' situation: DDG(X) 104 in B-12 and an enemy DDG in H-6 (columns B-K
    sea), TF Blue's impulse with Move and/or Conceal declared for DDG(X) 104."""
    g = situation([("DDG(X) 104", "usn_ddg_x", "B-12", BLUE), ("Enemy", "rubf_ddg", "H-6", RED)], naval=SEA, **kw)
    begin(g, BLUE, A.CoreAction("move_conceal", ("DDG(X) 104",)))
    return g


def may_conceal_at(game: Game, ends: tuple[str, ...] = END_OPTIONS) -> frozenset[str]:
    """Which of ``ends`` (hexes on :data:`ROUTE`) DDG(X) 104 may end its move in and then
    Conceal (the engine tries each on a fork)."""
    ok = set()
    for end in ends:
        f = game.fork()
        f.apply(A.Move(1, ROUTE[:ROUTE.index(end) + 1]))
        if f.is_legal(A.Conceal(1)):
            ok.add(end)
    return frozenset(ok)


def revealed_after_route(game: Game) -> frozenset[str]:
    """The ships face up after the whole 6.23 example 2 (move to F-11, then Conceal)."""
    f = game.fork()
    f.apply(A.Move(1, ROUTE))
    f.apply(A.Conceal(1))
    return frozenset(u for u in SHIPS if f.unit(u).revealed)


def revealed_by_zor(game: Game, into: str = "G-5") -> frozenset[str]:
    """The units of :data:`ZOR_UNITS` face up after the stack's ZOR into ``into`` (a fork)."""
    f = game.fork()
    f.apply(A.ExerciseZor(1, into))
    return frozenset(u for u in ZOR_UNITS if f.unit(u).revealed)


def checkpoints(game: Game | None = None, zor_game: Game | None = None) -> list[Checkpoint]:
    """The chapter's checkpoints on ``game`` (default :func:`staged`) and ``zor_game``
    (default :func:`zor_staged`)."""
    g, z = game or staged(), zor_game or zor_staged()
    return [
        Checkpoint("ch06.conceal-end", "DDG(X) 104 sails C-11, D-11, E-10, F-10, F-11 past the enemy DDG in H-6. "
                   "Ending in which of these hexes may it still Conceal?", kind="choices", options=END_OPTIONS,
                   answer=lambda: may_conceal_at(g), rule="6.23",
                   hint="A naval unit cannot Conceal inside an enemy naval ZOR: five hexes, traced through water.",
                   explanation=lambda: f"Only outside the enemy's five-hex ZOR: {', '.join(sorted(may_conceal_at(g)))}. "
                               "Passing through the ZOR revealed both ships, but the destination decides."),
        Checkpoint("ch06.revealed", "After the move to F-11 and the Conceal, which ships are face up?", kind="choices",
                   options=SHIPS, answer=lambda: revealed_after_route(g), rule="6.23",
                   hint="Transit through the ZOR reveals both ships; the Conceal turns over only the one concealing.",
                   explanation="DDG(X) 104 conceals beyond the ZOR; the enemy ship it revealed stays face up."),
        Checkpoint("ch06.zor", "1 Alpha and 2 Alpha in F-6 exercise their ZOR into G-5. Which units are face up afterwards?",
                   kind="choices", options=ZOR_UNITS, answer=lambda: revealed_by_zor(z), rule="6.21",
                   hint="A ground ZOR reveals the units of one adjacent hex, never naval units, and does not "
                        "reveal the units exercising it.",
                   explanation="Only E2 in G-5. The stack stays concealed, and the ship in G-6 is not touched by a ground ZOR."),
    ]


CHECKPOINTS: list[Checkpoint] = checkpoints()
"""The chapter's checkpoints on :func:`staged` and :func:`zor_staged` (answers computed when asked)."""
