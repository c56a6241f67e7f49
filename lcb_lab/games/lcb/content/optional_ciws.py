"""A staged situation for the optional rule 7.514, CIWS (for the optional-rules notebook).

:func:`staged` returns a game waiting for RU's INTERCEPT answer: the US HIMARS section 1 Whiskey
(D-5) has fired 2 LRS dice (LRS1, CV 12) at the face-up RU destroyer DDG-605 (H-5, at sea), whose
INT1 supply is spent (0 of 8).  With 7.514 on, the destroyer may still roll up to 4 d20 at
INTERCEPT CV 4 (its close-in weapon system), spending nothing; the choice lists it as the slot
``"CIWS"``.  The CIWS range 0 (own hex only) is a sandbox reading (the rule prints none;
:mod:`lcb_lab.games.lcb.rules.optional.ciws`).

>>> g = staged()
>>> [(o.slot, o.cv, o.max_dice, o.eligible) for o in g.pending.options.targets[0].interceptors]
[('INT1', 10, 0, False), ('CIWS', 4, 4, True)]
"""
from __future__ import annotations

from typing import Iterable

from lcb_lab.games.lcb import actions as A
from lcb_lab.games.lcb.content.situation import situation
from lcb_lab.games.lcb.game import Game

SEA = ("G-4", "G-5", "G-6", "H-4", "H-5", "H-6")
"""The water hexes of the staged board (the rest is land)."""


def staged(forced: Iterable[int] = (), seed: int | None = 7514) -> Game:
    """The CIWS situation (module doc), paused on RU's INTERCEPT choice (7.54).  ``forced``: dice
    to use first (the 2 LRS dice, then the CIWS dice); ``seed``: the dice after them.  Answer
    e.g. ``g.apply(A.AnswerIntercept(intercepts=(A.Intercept("DDG-605", "CIWS", "DDG-605", 4),)))``
    then ``g.apply(A.ResolveCombat())``."""
    g = situation(units={"1 Whiskey": {"type": "usmc_himars_section", "hex": "D-5"},
                         "DDG-605": {"type": "rubf_ddg", "hex": "H-5", "face_up": True, "supply": {"INT1": 0}}},
                  naval=list(SEA), forced=list(forced), seed=seed, optional_rules=["7.514"])
    g.apply(A.BeginImpulse("TF Blue"))
    g.apply(A.Declare((A.CoreAction("move_combat", ("1 Whiskey",)),)))
    g.apply(A.CommitCombat(lrs=(A.LrsAttack("1 Whiskey", "LRS1", "DDG-605", 2),)))
    return g
