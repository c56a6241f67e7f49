"""Chapter 10 (Embarking) for the course: checkpoints on the 10.34 example.

The situation is the worked example :func:`lcb_lab.games.lcb.content.worked.ch10.ex_10_34` (the
Planning Stage: LHD 1, 25 GPSV / 5 ASV with both aviation symbols, has taken MEU Rotary Attack
and two MUX; LSD 41 has no aviation symbol).  :data:`CHECKPOINTS` ask the ASV left on LHD 1
(10.21) and which cards LSD 41 may take (10.1, 10.35); the answers come from the engine's ship
load and its legality of each BuyCard.  The notebook: ``notebooks/04_ch10_embarking.ipynb``.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from lcb_lab.games.lcb import actions as A
from lcb_lab.games.lcb.content.worked import ch10 as worked
from lcb_lab.kernel.checkpoints import Checkpoint

if TYPE_CHECKING:
    from lcb_lab.games.lcb.game import Game

TITLE = "Embarking"
"""The lesson's title."""
CARDS = ("MEU Fixed-Wing", "MUX: Unmanned", "MEU Rotary Attack", "Amphibious: LCU")
"""The cards the second checkpoint offers."""


def staged(**kw: Any) -> Game:
    """The game the 10.34 example leaves (``kw`` is accepted for the course's interface and
    must be empty: the example stages its own situation). Raises TypeError otherwise."""
    if kw:
        raise TypeError(f"ch10.staged takes no options, got {sorted(kw)}")
    return worked.ex_10_34()[0]


def asv_left(game: Game, ship: str = "LHD 1") -> int:
    """The ASV still free on ``ship`` (its embarkation value less what is aboard)."""
    load = game.ship_load(ship)
    return load["asv_max"] - load["asv"]


def may_embark(game: Game, ship: str = "LSD 41") -> frozenset[str]:
    """The cards of :data:`CHECKPOINTS`' options the US may buy Embarked on ``ship`` now."""
    return frozenset(c for c in CARDS if game.is_legal(A.BuyCard("US", c, embark_on=ship)))


def checkpoints(game: Game | None = None) -> list[Checkpoint]:
    """The chapter's checkpoints on ``game`` (default: a fresh :func:`staged`)."""
    g = game or staged()
    return [
        Checkpoint("ch10.asv-left", "LHD 1 (5 ASV) carries MEU Rotary Attack and two MUX. How many ASV are left?",
                   kind="number", answer=lambda: asv_left(g), rule="10.21",
                   hint="Each aviation card takes its ASV (1 each here) out of the ship's Embarkation Value.",
                   explanation=lambda: f"3 of 5 ASV are taken: {asv_left(g)} left, enough for MEU Fixed-Wing (2 ASV)."),
        Checkpoint("ch10.lsd", "Which of these cards may the US embark on LSD 41?", kind="choices", options=CARDS,
                   answer=lambda: may_embark(g), rule="10.35",
                   hint="An aviation card needs the ship's matching helicopter or fighter symbol, and some cards "
                        "require an LHD or LHA.",
                   explanation="Only the Amphibious LCU: LSD 41 has no aviation symbol, and MEU Rotary Attack "
                               "requires an LHD or LHA."),
    ]


CHECKPOINTS: list[Checkpoint] = checkpoints()
"""The chapter's checkpoints on :func:`staged` (answers computed when asked)."""
