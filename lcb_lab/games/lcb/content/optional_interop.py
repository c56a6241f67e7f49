"""Optional rule 17.1 staged: the Interoperability Network of a team of several nations.

The rulebook's counters carry no nation and the Interoperability Network card is not in the
box (17.1): the nations here (a UK DDG beside the US units) and the cubes are sandbox values
(``nation`` on a scenario unit, ``interop_cubes``), as :mod:`lcb_lab.games.lcb.rules.optional.interoperability`
explains.  The board is the synthetic sea of :mod:`lcb_lab.games.lcb.content.worked.ch14`.
The tests (``tests/rulebook/test_optional_interop.py``) assert the same games.

* :func:`staged` -- a game to try the rule in (see its docstring);
* :func:`liz_and_david` -- 17.1 ex. 1: a target the US revealed, a UK LRS 14 -> 10 (3 cubes);
* :func:`rachel_and_mori` -- 17.1 ex. 2: a US INTERCEPT for a Japanese ship, 13 -> 7 (4 cubes).
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Iterable

from lcb_lab.games.lcb import actions as A
from lcb_lab.games.lcb.content.worked.ch14 import B, R, sea

if TYPE_CHECKING:
    from lcb_lab.games.lcb.game import Game

P8A = "P-8A: Surveillance"


def liz_and_david(reveal: int = 5, lrs: Iterable[int] = (10, 11), cubes: int = 3, commit: bool = True) -> Game:
    """17.1 ex. 1: Liz (US) reveals the RU ship DDG-605 with the P-8A (option A: a US National
    Marker on it); her teammate David (UK) then fires his DDG's LRS (14) at it: with 3 cubes on
    the Interoperability Network it is reduced by 4 to 10.  Two dice: 10 hits, 11 misses.
    ``commit``: False stops before the combat is committed."""
    g = sea({"David": {"type": "usn_ddg_51", "hex": "A-1", "nation": "UK"},
             "DDG-605": ("rubf_ddg", "H-10", R)},
            cards={"US": [P8A]}, optional_rules=["17.1"], interop_cubes={"US": cubes},
            forced=[reveal, *lrs])
    g.apply(A.BeginImpulse(B))
    g.apply(A.Declare((A.CoreAction("play_jcc", (), P8A), A.CoreAction("move_combat", ("David",)))))
    g.apply(A.PlayCard(P8A, "A", ("H-10",), action=1))
    while g.pending is not None:                 # RU has no answer to the card: it passes (9.41)
        g.apply(A.Answer())
    if commit:
        g.apply(A.CommitCombat((A.LrsAttack("David", "LRS1", "DDG-605", 2),)))
        while g.pending is not None:             # no INTERCEPT by the target (7.52)
            g.apply(A.Answer())
        g.apply(A.ResolveCombat())
    return g


def rachel_and_mori(intercept: Iterable[int] = (7, 8), cubes: int = 4, lrs: Iterable[int] = (20,)) -> Game:
    """17.1 ex. 2: Rachel's (US) DDG INTERCEPTs in defense of her teammate Mori's (Japanese) ship:
    with 4 cubes her INTERCEPT value 13 is reduced by 6 to 7.  The RU DDG fires one LRS die at
    Mori's ship; Rachel answers with two INTERCEPT dice: 7 succeeds, 8 fails."""
    g = sea({"Rachel": {"type": "usn_ddg_51", "hex": "D-5", "face_up": True},
             "Mori": {"type": "usn_ddg_51", "hex": "D-6", "face_up": True, "nation": "JP"},
             "DDG-605": {"type": "rubf_ddg", "hex": "H-10", "face_up": True}},
            optional_rules=["17.1"], interop_cubes={"US": cubes}, initiative="RU", forced=[*lrs, *intercept])
    g.apply(A.BeginImpulse(R))
    g.apply(A.Declare((A.CoreAction("move_combat", ("DDG-605",)),)))
    g.apply(A.CommitCombat((A.LrsAttack("DDG-605", "LRS1", "Mori", len(tuple(lrs))),)))
    g.apply(A.AnswerIntercept(intercepts=(A.Intercept("Rachel", "INT1", "Mori", len(tuple(intercept))),)))
    g.apply(A.ResolveCombat())
    return g


def staged(seed: int = 17) -> Game:
    """A team of two nations with optional rule 17.1 on, in the first Planning Stage: the US
    Interoperability Network holds 3 cubes (LRS / INTERCEPT across nations -4); the UK DDG
    "David" sails with the US DDG "Liz"; an RU DDG lies face down in H-10.  What to try:

    * ``InteropAttempt("US")``: 5 CP, one d20, a cube removed on 1-8 (``g.chance_outcomes`` first);
    * end the Planning Stage; in the Deployment Stage play the team's "Interoperability Network"
      card (``PlayCard("Interoperability Network", "A")``, free; the US cannot end the stage
      before): only now do its cubes count;
    * in the Action Stage reveal the RU DDG with the US "Liz"
      (its naval ZOR, or a card): a US National Marker; David's LRS at it is reduced, Liz's is not;
    * INTERCEPT for the other nation's ship: reduced alike; GROUND ASSAULT never is."""
    return sea({"Liz": ("usn_ddg_51", "A-1", B), "David": {"type": "usn_ddg_51", "hex": "A-2", "nation": "UK"},
                "DDG-605": ("rubf_ddg", "H-10", R)},
               stage="planning", cp={"US": 20, "RU": 10}, optional_rules=["17.1"], interop_cubes={"US": 3},
               seed=seed)
