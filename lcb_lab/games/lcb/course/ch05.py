"""Chapter 5 (Movement) for the course: the printed EXAMPLEs staged as games, and checkpoints.

The board is the synthetic one of :func:`lcb_lab.situation` (every hex green land unless
recoloured).  Each ``ex_*`` function stages one EXAMPLE through the typed actions and returns
the game as the example leaves it (``tests/rulebook/test_examples_movement_conceal.py`` asserts
the same rules on its own games):

* :func:`ex_5_12` -- an infantry platoon (3 MP) in F-6, F-5 yellow: three green hexes, or one
  yellow and one green (5.11, 5.12);
* :func:`ex_5_13` -- the platoon stacked with a logistics company (2 MP) moves at 2 MP for 1 AP,
  then both Conceal (5.13, 6.1);
* :func:`ex_5_14` -- the platoon enters a brown hex (4 MP): one hex beyond its MP is allowed,
  but then it may not Conceal (5.14).

:func:`staged` is the checkpoints' situation: the 5.13 stack, face up in F-6 with F-5 yellow and
G-6 brown, its Move and/or Conceal declared (1 AP).  :data:`CHECKPOINTS` ask its MP (5.13),
where it can go (5.11-5.14) and which rule refuses Conceal after the brown hex (5.14); every
answer is computed by the engine on that game.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from lcb_lab.games.lcb import actions as A
from lcb_lab.games.lcb.content.situation import situation
from lcb_lab.games.lcb.course.staging import begin, refusing_rule
from lcb_lab.games.lcb.rules.movement.move import stack_mp
from lcb_lab.kernel.checkpoints import Checkpoint

if TYPE_CHECKING:
    from lcb_lab.games.lcb.game import Game

TITLE = "Movement"
"""The lesson's title."""
BLUE = "TF Blue"
STACK = ("Inf", "Echo")
REACH_OPTIONS = ("F-4", "F-5", "F-8", "F-9", "G-6", "H-6")
RULE_OPTIONS = ("5.12", "5.14", "5.16", "6.23")


def ex_5_12(**kw: Any) -> Game:
    """5.12 EXAMPLE: ``Inf`` (USMC infantry platoon, 3 MP) in F-6, F-5 yellow (2 MP), the rest
    green (1 MP); its Move and/or Combat declared, nothing moved yet."""
    g = situation([("Inf", "usmc_infantry_platoon", "F-6", BLUE)], colours={"F-5": "yellow"}, **kw)
    begin(g, BLUE, A.CoreAction("move_combat", ("Inf",)))
    return g


def ex_5_13(**kw: Any) -> Game:
    """5.13 EXAMPLE: ``Inf`` (3 MP) and ``Echo`` (logistics company, 2 MP), face up in F-6,
    move together to F-8 for 1 AP at 2 MP, then Conceal (6.1): the game after the Conceal."""
    g = _stack(**kw)
    g.apply(A.Move(1, ("F-7", "F-8")))
    g.apply(A.Conceal(1))
    return g


def ex_5_14(**kw: Any) -> Game:
    """5.14 EXAMPLE: ``Inf`` (3 MP), face up in F-6, enters brown F-5 (4 MP) under Move and/or
    Conceal: the move is allowed (one hex always), the Conceal after it is not."""
    g = situation([("Inf", "usmc_infantry_platoon", "F-6", BLUE, True)], colours={"F-5": "brown", "F-7": "red"}, **kw)
    begin(g, BLUE, A.CoreAction("move_conceal", ("Inf",)))
    g.apply(A.Move(1, ("F-5",)))
    return g


def _stack(**kw: Any) -> Game:
    g = situation([("Inf", "usmc_infantry_platoon", "F-6", BLUE, True),
                   ("Echo", "usmc_logistics_company", "F-6", BLUE, True)],
                  colours={"F-5": "yellow", "G-6": "brown"}, **kw)
    begin(g, BLUE, A.CoreAction("move_conceal", STACK))
    return g


def staged(**kw: Any) -> Game:
    """The checkpoints' situation: the 5.13 stack (``Inf`` 3 MP, ``Echo`` 2 MP) face up in F-6,
    F-5 yellow, G-6 brown, everything else green; TF Blue's impulse with Move and/or Conceal
    declared for the stack (1 AP spent, 2 left).  ``kw`` goes to :func:`lcb_lab.situation`."""
    return _stack(**kw)


def stack_mp_of(game: Game, uids: tuple[str, ...] = STACK) -> int:
    """The MP the stack ``uids`` moves with (5.13: its slowest unit's)."""
    return stack_mp(game._ctx(), [game.unit(u) for u in uids])


def reachable(game: Game, hexes: tuple[str, ...] = REACH_OPTIONS, uids: tuple[str, ...] = STACK) -> frozenset[str]:
    """Which of ``hexes`` the stack ``uids`` can reach now (the engine's movement reach)."""
    return frozenset(h for h in hexes if h in game.movement_reach(list(uids)))


def conceal_refusal_after(game: Game, path: tuple[str, ...] = ("G-6",)) -> str:
    """The rule refusing Conceal after the stack moves along ``path`` ("" if none refuses);
    tried on a fork, ``game`` untouched."""
    f = game.fork()
    f.apply(A.Move(1, path))
    return refusing_rule(f, A.Conceal(1))


def checkpoints(game: Game | None = None) -> list[Checkpoint]:
    """The chapter's checkpoints on ``game`` (default: a fresh :func:`staged`)."""
    g = game or staged()
    return [
        Checkpoint("ch05.stack-mp", "Inf (3 MP) and Echo (2 MP) move as one stack for 1 AP. How many MP does the stack have?",
                   kind="number", answer=lambda: stack_mp_of(g), rule="5.13",
                   hint="A stack moves together at the MP of its slowest unit.",
                   explanation="The logistics company is the slowest: the whole stack moves with its 2 MP."),
        Checkpoint("ch05.reach", "Which of these hexes can the stack reach with this Core Action?", kind="choices",
                   options=REACH_OPTIONS, answer=lambda: reachable(g), rule="5.14",
                   hint="Add up the hex colours' MP (green 1, yellow 2, brown 4) against the stack's 2 MP; "
                        "a stack may always move one hex, even beyond its MP.",
                   explanation=lambda: f"{', '.join(sorted(reachable(g)))}: green costs 1, yellow 2, and brown G-6 is "
                               "adjacent: one hex is always allowed (5.14). The others need more than 2 MP."),
        Checkpoint("ch05.brown-conceal", "The stack enters brown G-6. Which rule refuses its Conceal afterwards?",
                   kind="choice", options=RULE_OPTIONS, answer=lambda: conceal_refusal_after(g), rule="5.14",
                   hint="The one-hex move beyond the MP allowance ends the Core Action.",
                   explanation="A move that exceeds the MP allows nothing else in that Core Action: no Combat, "
                               "Conceal, Resupply or Embarked card."),
    ]


CHECKPOINTS: list[Checkpoint] = checkpoints()
"""The chapter's checkpoints on :func:`staged` (answers computed when asked)."""
