"""Optional rules 17.2 and 17.7 staged: the ASW bonus and the advanced submarine operations.

The printed EXAMPLES on the synthetic sea of :mod:`lcb_lab.games.lcb.content.worked.ch14`
(columns A-H open water), with forced dice; the tests (``tests/rulebook/test_optional_asw.py``)
assert the same games.  The examples state the submarine's DETECT (6, or 10 in 17.2's); the
catalog's Kilo-class SSK is given that value here.  The defending team's card is expended in its
own impulse, before the enemy's TORPEDO ATTACK (lcb_lab's reading:
:mod:`lcb_lab.games.lcb.rules.optional.asw_bonus`).

* :func:`staged` -- a game to try the rules in (see its docstring);
* :func:`lauren_and_jamie` -- 17.72 ex.: DETECT 6 -> 9, ASW 13, a roll of 11 kills;
* :func:`michael` -- 17.73 ex.: DETECT 6 -> 8 (roll 7), ASW 15 (roll 14 kills);
* :func:`ddg_x` -- 17.2 ex.: the P-8A expended, DETECT 10 -> 14.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Iterable

from lcb_lab.games.lcb import actions as A
from lcb_lab.games.lcb.content.worked.ch14 import B, R, SSK, SSN, sea
from lcb_lab.games.lcb.model.catalog import Catalog, load_catalog

if TYPE_CHECKING:
    from lcb_lab.games.lcb.game import Game

P8A = "P-8A: Surveillance"
DEPLOYED_P8A = {"name": P8A, "where": "deployed"}


def kilo_detect(n: int) -> Catalog:
    """The catalog with the Kilo-class SSK's DETECT set to ``n`` (the example's submarine)."""
    cat = load_catalog()
    units = dict(cat.units)
    units[SSK] = units[SSK].model_copy(update={"detect": n})
    return Catalog(units=units, markers=cat.markers)


def _us_expends(g: Game, hexes: tuple[str, ...]) -> None:
    """The US impulse: expend the deployed P-8A over ``hexes`` (no AP; none when ``hexes`` is
    empty), then end it."""
    g.apply(A.BeginImpulse(B))
    g.apply(A.Declare(()))
    if hexes:
        g.apply(A.ExpendAswCard("US-1", hexes))
    g.apply(A.EndImpulse())


def lauren_and_jamie(detects: tuple[int, int] = (15, 9), asw: int = 11, torpedo: int = 20,
                     rules: Iterable[str] = ("17.7",), stop_before_attack: bool = False) -> Game:
    """17.72 ex.: Lauren's (RU) submarine, DETECT 6, attacks a DDG of Jamie's stack of 2 DDGs in
    F-8.  Jamie has expended his deployed P-8A over F-8 (+2, 17.71); the other DDG adds +1
    (17.72): DETECT 9.  One DDG DETECTs; ASW 10 + 3 = 13 (17.73); a roll of 11 destroys the
    submarine.  ``rules``: the optional rules on (without 17.7 the P-8A is not expended)."""
    rules = list(rules)
    g = sea({"Kilo 1": (SSK, "F-7", R), "DDG-1": {"type": "usn_ddg_51", "hex": "F-8", "face_up": True},
             "DDG-2": ("usn_ddg_51", "F-8", B)}, cards={"US": [DEPLOYED_P8A]}, catalog=kilo_detect(6),
            optional_rules=rules, forced=[*detects, asw, torpedo])
    _us_expends(g, ("F-8",) if rules else ())
    g.apply(A.BeginImpulse(R))
    g.apply(A.Declare((A.CoreAction("move_combat", ("Kilo 1",)),)))
    g.apply(A.Move(1, ("F-8",)))
    if not stop_before_attack:
        g.apply(A.TorpedoAttack(1, "Kilo 1", ("DDG-1",)))
    return g


def michael(detect: int = 7, asw: int = 14) -> Game:
    """17.73 ex.: Michael moves two DDGs into G-5, where an enemy submarine (DETECT 6) hides, and
    uses his deployed P-8A's card ASW (14.15) there: +1 per DDG (17.72): DETECT 8; its ASW value
    13 + 2 = 15 (17.73)."""
    g = sea({"DDG-51": ("usn_ddg_51", "G-4", B), "DDG-80": ("usn_ddg_51", "G-4", B), "Kilo 1": (SSK, "G-5", R)},
            cards={"US": [DEPLOYED_P8A]}, catalog=kilo_detect(6), optional_rules=["17.7"], forced=[detect, asw])
    g.apply(A.BeginImpulse(B))
    g.apply(A.Declare((A.CoreAction("move_conceal", ("DDG-51", "DDG-80")),)))
    g.apply(A.Move(1, ("G-5",)))
    g.apply(A.PlayCard(P8A, "B", ("G-5",)))
    return g


def ddg_x(detect: int = 14, asw: int = 10) -> Game:
    """17.2 ex.: an enemy submarine with DETECT 10 attacks a DDG(X), whose team has expended its
    deployed P-8A over the hex: DETECT 10 -> 14 (+4, 17.2).  The submarine writes Normal movement
    (DETECT +0) and moves in."""
    g = sea({"Kilo 1": (SSK, "F-7", R), "DDG(X)": {"type": "usn_ddg_x", "hex": "F-8", "face_up": True}},
            cards={"US": [DEPLOYED_P8A]}, catalog=kilo_detect(10), optional_rules=["17.2"],
            forced=[detect, asw, 20])
    _us_expends(g, ("F-8",))
    g.apply(A.BeginImpulse(R))
    g.apply(A.Declare((A.CoreAction("move_combat", ("Kilo 1",)),)))
    g.apply(A.SubmarineMovement(1, "Kilo 1", "normal"))
    g.apply(A.Move(1, ("F-8",)))
    g.apply(A.TorpedoAttack(1, "Kilo 1", ("DDG(X)",)))
    return g


def staged(seed: int = 17) -> Game:
    """A sea with optional rules 17.2 and 17.7 on, the US to act: two US DDGs in G-4 next to a
    hidden RU Kilo (G-5, DETECT 12), a deployed "P-8A: Surveillance", and a US Virginia-class
    submarine in C-3.  What to try:

    * ``ExpendAswCard("US-1", ("G-5",))``: the P-8A over G-5, DETECT +4 (17.2, a Persistent card);
    * move the DDGs into G-5 and search it (``OffensiveAsw``): each DDG lends the other +1 (17.72),
      and the ASW value rises by as much (17.73) -- ``g.chance_outcomes(action)`` shows the odds;
    * ``SubmarineMovement(n, "SSN", "quiet")`` before moving the SSN: 1 MP, DETECT -2 for the turn
      (17.2); Noisy: 5 MP, +2.  The RU view never shows the movement type."""
    return sea({"DDG-51": ("usn_ddg_51", "G-4", B), "DDG-80": ("usn_ddg_51", "G-4", B),
                "Kilo 1": (SSK, "G-5", R), "SSN": (SSN, "C-3", B)},
               cards={"US": [DEPLOYED_P8A]}, optional_rules=["17.2", "17.7"], seed=seed)
