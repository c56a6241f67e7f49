"""Chapter 12 (transport) for the course: checkpoints on the 12.1 and 12.13 examples.

The situation is :func:`lcb_lab.games.lcb.content.worked.ch12.ex_12_1` one step before its end
(a fork of the played example): turn 2, Nina's MEU Rotary Lift, deployed on turn 1 for 1 AP,
is about to lift 8 more platoons (9 Inf .. 16 Inf) to J-9 without a Core Action.
:data:`CHECKPOINTS` ask the AP that second lift costs (9.2, 12.1) and, on Sara's 12.13 example
(a resupply run of 5 RP that takes 2 INTERCEPT hits), the RP that reach the unit ashore (12.13);
the answers are the engine's.  The notebook: ``notebooks/06_ch12_transport.ipynb``.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from lcb_lab.games.lcb.content.worked import ch12 as worked
from lcb_lab.kernel.checkpoints import Checkpoint

if TYPE_CHECKING:
    from lcb_lab.games.lcb.game import Game

TITLE = "Transport"
"""The lesson's title."""


def staged(**kw: Any) -> Game:
    """Turn 2 of the 12.1 example, before the free lift (``kw`` must be empty: the example
    stages its own situation). Raises TypeError otherwise."""
    if kw:
        raise TypeError(f"ch12.staged takes no options, got {sorted(kw)}")
    g = worked.ex_12_1().game
    return g.fork(at=len(g.history.steps) - 1)


def ap_of_second_lift() -> int:
    """The AP the 12.1 example's turn 2 lift spends: the impulse's AP before and after its last
    act (the record of the played example)."""
    g = worked.ex_12_1().game
    before = g.fork(at=len(g.history.steps) - 1).impulse.ap
    return before - g.impulse.ap


def rp_delivered() -> int:
    """The GA cubes the 12.13 run adds to ``Ashore`` (start of the record vs the end)."""
    g = worked.ex_12_13().game
    return g.unit("Ashore").supply["GA"] - g.fork(at=0).unit("Ashore").supply["GA"]


def checkpoints(game: Game | None = None) -> list[Checkpoint]:
    """The chapter's checkpoints (the answers replay the printed examples)."""
    return [
        Checkpoint("ch12.second-lift", "Turn 2: the deployed MEU Rotary Lift lifts 8 more platoons. How many AP "
                   "does it cost?", kind="number", answer=ap_of_second_lift, rule="12.1",
                   hint="A deployed Persistent card is used once per turn without a Core Action (9.2).",
                   explanation="0 AP: only turn 1's play cost the Core Action's 1 AP."),
        Checkpoint("ch12.rp-run", "Sara's resupply run carries 5 RP and 2 INTERCEPTs hit it (2 RP lost per hit). "
                   "How many RP reach the unit ashore?", kind="number", answer=rp_delivered, rule="12.13",
                   hint="The RP are deducted from the host first; each hit removes its share of the load.",
                   explanation="5 - 4 = 1 RP reaches Ashore."),
    ]


CHECKPOINTS: list[Checkpoint] = checkpoints()
"""The chapter's checkpoints (answers computed when asked)."""
