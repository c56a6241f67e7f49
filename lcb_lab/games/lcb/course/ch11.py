"""Chapter 11 (Embarked actions) for the course: checkpoints on the 11.12 and 11.1 examples.

The situation is :func:`lcb_lab.games.lcb.content.worked.ch11.ex_11_12` at turn 1 just after
the move (a fork of the played example): Nick's LHA 8 and LHD 1, stacked, have moved five hexes
under ONE Move and/or Play an Embarked Persistent JCC, and each may now deploy one card.
:data:`CHECKPOINTS` ask the AP both first uses add (11.12) and, on Ian's 11.1 example 1
(``ex_11_1_1``), which counters are face up after LHA 8 uses Unmanned: Carrier (11.1); the
answers are the engine's.  The notebook: ``notebooks/05_ch11_embarked_actions.ipynb``.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from lcb_lab.games.lcb import actions as A
from lcb_lab.games.lcb.content.worked import ch11 as worked
from lcb_lab.kernel.checkpoints import Checkpoint

if TYPE_CHECKING:
    from lcb_lab.games.lcb.game import Game

TITLE = "Embarked actions"
"""The lesson's title."""
AFTER_MOVE = 3
"""The record's step after turn 1's BeginImpulse, Declare and Move of the 11.12 example."""
COUNTERS = ("LHA 8", "1 Anna")


def staged(**kw: Any) -> Game:
    """Nick's stack after its turn 1 move (``kw`` goes to ``ex_11_12``: the LRS dice)."""
    g, _ = worked.ex_11_12(**kw)
    return g.fork(at=AFTER_MOVE)


def first_uses(game: Game) -> list[A.PlayCard]:
    """The 11.12 example's two first uses on turn 1: MEU Fixed-Wing at 1 Anna (LHA 8) and MEU
    Rotary Lift flying 3 Alpha to F-7 (LHD 1), both under Core Action 1."""
    return [A.PlayCard(worked.cid(game, "MEU Fixed-Wing"), "A", targets=("1 Anna",), action=1),
            A.PlayCard(worked.cid(game, "MEU Rotary Lift"), "A", targets=("3 Alpha",), hex="F-7", action=1)]


def ap_of_first_uses(game: Game) -> int:
    """The AP the two first uses spend beyond the Core Action's own (on a fork)."""
    f = game.fork()
    before = f.impulse.ap
    for act in first_uses(f):
        f.apply(act)
    return before - f.impulse.ap


def face_up_after_ian(**kw: Any) -> frozenset[str]:
    """The counters of :data:`COUNTERS` face up after the 11.1 example 1 (``kw``: ``forced``)."""
    g, _ = worked.ex_11_1_1(**kw)
    return frozenset(u for u in COUNTERS if g.unit(u).revealed)


def checkpoints(game: Game | None = None) -> list[Checkpoint]:
    """The chapter's checkpoints on ``game`` (default: a fresh :func:`staged`) and Ian's example."""
    g = game or staged()
    return [
        Checkpoint("ch11.stack-cards", "Nick's stacked LHA 8 and LHD 1 have moved for 1 AP. How many more AP does "
                   "deploying one card from each ship now cost?", kind="number",
                   answer=lambda: ap_of_first_uses(g), rule="11.12",
                   hint="One Move and/or Play an Embarked Persistent JCC moves the stack and deploys one card per "
                        "ship.",
                   explanation="None: the one Core Action (1 AP) covers the move and a card from each ship."),
        Checkpoint("ch11.host", "Ian's LHA 8 uses Unmanned: Carrier to reveal the enemy in H-8 (the roll succeeds). "
                   "Which counters are face up afterwards?", kind="choices", options=COUNTERS,
                   answer=face_up_after_ian, rule="11.1",
                   hint="Using an Embarked card does not reveal the ship that carries it.",
                   explanation="Only 1 Anna: LHA 8 stays concealed."),
    ]


CHECKPOINTS: list[Checkpoint] = checkpoints()
"""The chapter's checkpoints on :func:`staged` (answers computed when asked)."""
