"""Staged situations for the optional rules 17.6, 17.8 and 17.9 (notebook 12, the tests).

Each ``ex_*`` function stages the rulebook's example with the optional rule switched on
(``situation(..., optional_rules=[...])``), plays it through typed actions with forced dice and
returns an :class:`~lcb_lab.games.lcb.content.worked.ch12.Example`: the game, the ids it used and
the lines that explain it.  ``tests/rulebook/test_optional_supply_cv_preload.py`` asserts the
same games; ``notebooks/12_optional_rules.ipynb`` prints them.

* :func:`ex_17_61` -- Kathryn's LHD 1 (25 GPSV) pre-loads 10 GPSV on its "Amphibious: LCU" at
  Deployment, then Embarks 25 GPSV more (17.61); the craft later lands exactly its pre-load (17.62);
* :func:`ex_17_81` -- Chris's 1 Whiskey and 2 Whiskey, one stack, fire all 6 LRS(1) and 3 LRS(2)
  dice each at one enemy unit: 18 LRS dice for 1 AP;
* :func:`ex_17_82` -- Doug's 1-1 Bravo hits with its LRS, then assaults with +2 (7.17);
* :func:`ex_17_91` -- Margaret's ship shifts 5 of its 10 LRS RPs to INTERCEPT: 5 LRS + 15 INT.

Stand-ins (the catalog has no such counter; each says so): the 17.82 example's unit is the only
type with both GROUND ASSAULT and LRS CVs, the RU mortars platoon (its LRS and GA values are
sandbox); the 17.91 example's ship is a DDG with the printed 10 LRS + 10 INTERCEPT RPs.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from lcb_lab.games.lcb import actions as A
from lcb_lab.games.lcb.content.situation import situation
from lcb_lab.games.lcb.content.worked.ch12 import Example, cid
from lcb_lab.games.lcb.model.catalog import Catalog, load_catalog
from lcb_lab.games.lcb.rules.embarking import embark

if TYPE_CHECKING:
    from lcb_lab.games.lcb.game import Game

SEA = [f"{c}-{r}" for c in "ABCDE" for r in range(1, 13)]
COAST = [f"F-{r}" for r in range(1, 13)]
EXAMPLE_SHIP_17_91 = "example_naval_unit_17_91"
BLUE, RED = "TF Blue", "TF Red"

PRELOAD = {"1 Log": "usmc_logistics_company", "2 Log": "usmc_logistics_company",
           "1 Amtrac": "usmc_acv_section", "2 Amtrac": "usmc_acv_section"}
"""The 10 GPSV pre-loaded in :func:`ex_17_61` (3 + 3 + 2 + 2, 10.11)."""
EMBARKED = {**{f"{i} Log": "usmc_logistics_company" for i in range(3, 8)},
            **{f"{i} Amtrac": "usmc_acv_section" for i in range(3, 8)}}
"""The 25 GPSV Embarked on LHD 1 beside the pre-load in :func:`ex_17_61` (5 x 3 + 5 x 2)."""


def load_line(game: Game, ship: str) -> str:
    """The ship's load against its Embarkation Value, and what its landing craft holds (17.61)."""
    d = embark.load(game._ctx(), ship)
    return (f"{ship}: {d['gpsv']} of {d['gpsv_max']} GPSV Embarked (10.21); "
            f"{d['gpsv_preloaded']} GPSV pre-loaded on its landing craft, outside that value (17.61)")


# ---------------------------------------------------------------- 17.6
def preload_game(optional: bool = True, extra: dict[str, str] | None = None) -> Game:
    """The Deployment Stage: LHD 1 at sea in E-6 (F-6: a coastal large port) with an Embarked
    "Amphibious: LCU" (10 GPSV) and
    the 14 units of :data:`PRELOAD` and :data:`EMBARKED` (plus ``extra``: uid -> type) still to
    deploy, the scenario's area for each being LHD 1; an RU picket inland.  ``optional``: 17.6 on."""
    units = {"LHD 1": {"type": "usn_lhd", "hex": "E-6"},
             "Picket": {"type": "runi_recon_platoon", "hex": "K-11"}}
    for uid, t in {**PRELOAD, **EMBARKED, **(extra or {})}.items():
        units[uid] = {"type": t, "embark_area": "LHD 1"}
    return situation(units, size=12, naval=SEA, mixed=COAST, stage="deployment", features={"F-6": ["port:Harbour"]},
                     cards={"US": [{"name": "Amphibious: LCU", "embark_on": "LHD 1"}]},
                     optional_rules=["17.6"] if optional else [])


def ex_17_61() -> Example:
    """17.61 example: Kathryn pre-loads 10 GPSV on the LCU of her LHD 1 at Deployment and can then
    Embark 25 GPSV more; in the Action Stage the LCU lands exactly its pre-load (17.62)."""
    g = preload_game()
    lcu = cid(g, "Amphibious: LCU")
    ex = Example(g, {"card": lcu})
    g.apply(A.PreloadCraft(lcu, tuple(PRELOAD)))
    ex.say(f"Pre-load (17.61): {', '.join(PRELOAD)} on the Amphibious: LCU, 10 of its 10 GPSV")
    ex.say(load_line(g, "LHD 1"))
    for uid in EMBARKED:
        g.apply(A.DeployUnit(uid, embark_on="LHD 1"))
    ex.say(f"Embarked besides: {', '.join(EMBARKED)} (25 GPSV)")
    ex.say(load_line(g, "LHD 1"))
    return ex


def to_action_stage(g: Game) -> None:
    """Both teams end the Deployment Stage (the RU picket is already placed)."""
    for team in ("US", "RU"):
        g.apply(A.EndDeployment(team))


def land_preload(g: Game) -> None:
    """After :func:`ex_17_61`: both teams end the Deployment Stage and the LCU's first use (1 AP,
    Move and/or Play an Embarked JCC) lands its pre-load in the coastal hex F-6 (12.21, 17.62)."""
    lcu = cid(g, "Amphibious: LCU")
    to_action_stage(g)
    g.apply(A.BeginImpulse(BLUE))
    g.apply(A.Declare((A.CoreAction("move_embarked_jcc", ("LHD 1",), jcc="Amphibious: LCU"),)))
    g.apply(A.PlayCard(lcu, "A", tuple(PRELOAD), "F-6", action=1))


# ---------------------------------------------------------------- 17.8
def whiskey_game(optional: bool = True, forced: list[int] | None = None) -> Game:
    """1 Whiskey and 2 Whiskey (HIMARS: LRS(1) 12, range 4, 6 supply; LRS(2) 14, range 12, 3
    supply) stacked in C-6; an RU tank platoon revealed in C-9, 3 hexes away."""
    return situation({"1 Whiskey": ("usmc_himars_section", "C-6"), "2 Whiskey": ("usmc_himars_section", "C-6"),
                      "1 Tank": {"type": "runi_tank_platoon", "hex": "C-9", "face_up": True}},
                     forced=forced or [], optional_rules=["17.8"] if optional else [])


WHISKEY_ALLOCS = tuple(A.LrsAttack(w, slot, "1 Tank", n) for w in ("1 Whiskey", "2 Whiskey")
                       for slot, n in (("LRS1", 6), ("LRS2", 3)))
"""17.81 example: each Whiskey commits all 6 LRS(1) and 3 LRS(2) dice at one enemy unit."""
WHISKEY_DICE = [20, 19, 18, 17, 16, 15, 20, 19, 18,      # 1 Whiskey: LRS(1) at 12, LRS(2) at 14: no hit
                13, 14, 15, 16, 17, 12, 20, 15, 14]      # 2 Whiskey: LRS(1) 12 hits once, LRS(2) 14 hits once


def ex_17_81() -> Example:
    """17.81 example: one Move and/or Combat action (1 AP) activates the stack of 1 Whiskey and
    2 Whiskey; each fires all its LRS(1) and LRS(2) supply at one enemy unit: 18 LRS dice."""
    g = whiskey_game(forced=list(WHISKEY_DICE))
    ex = Example(g, {"target": "1 Tank"})
    g.apply(A.BeginImpulse(BLUE))
    g.apply(A.Declare((A.CoreAction("move_combat", ("1 Whiskey", "2 Whiskey")),)))
    ex.say(f"AP left after one Move and/or Combat action: {g.state.impulse.ap}")
    g.apply(A.CommitCombat(lrs=WHISKEY_ALLOCS))
    ex.say(f"Committed: {sum(a.dice for a in WHISKEY_ALLOCS)} LRS dice (17.81)")
    g.apply(A.ResolveCombat())
    t = g.state.units["1 Tank"]
    ex.say(f"1 Tank: {t.hp} HP left" + (" (destroyed)" if t.destroyed else ""))
    return ex


def bravo_game(optional: bool = True, forced: list[int] | None = None) -> Game:
    """1-1 Bravo (stand-in: the RU mortars platoon, GA 3 and LRS(1) 8 range 1, the only unit type
    with both CVs; its values are sandbox) in G-6, next to 1 Alpha (US infantry, GA 4, 2 HP) in
    G-7; RU has the initiative."""
    return situation({"1-1 Bravo": {"type": "runi_mortars_platoon", "hex": "G-6"},
                      "1 Alpha": {"type": "usmc_infantry_platoon", "hex": "G-7"}},
                     initiative="RU", forced=forced or [], optional_rules=["17.8"] if optional else [])


BRAVO_DICE = [5, 19,       # LRS(1) at CV 8: one hit on 1 Alpha (7.17: the hex took LRS damage)
              4, 18,       # GROUND ASSAULT at 3 + 2 = 5: the 4 hits only with the bonus
              20]          # 1 Alpha's defense at 4: a miss


def ex_17_82() -> Example:
    """17.82 example: 1-1 Bravo (1 AP, Move and/or Combat) moves into 1 Alpha's hex and commits
    its LRS and its GROUND ASSAULT; the LRS, rolled first (7.010), hits, so its GA gains +2."""
    g = bravo_game(forced=list(BRAVO_DICE))
    ex = Example(g, {"target": "1 Alpha"})
    g.apply(A.BeginImpulse(RED))
    g.apply(A.Declare((A.CoreAction("move_combat", ("1-1 Bravo",)),)))
    g.apply(A.Move(1, ("G-7",)))
    ex.say("1-1 Bravo moves into G-7, 1 Alpha's hex: both are revealed (6.22)")
    g.apply(A.CommitCombat(lrs=(A.LrsAttack("1-1 Bravo", "LRS1", "1 Alpha", 2),),
                           ga=(A.GroundAssault("1-1 Bravo", "1 Alpha", 2),)))
    g.apply(A.AnswerDefense(defence=(A.Defense("1 Alpha", "1-1 Bravo", 1),)))
    g.apply(A.ResolveCombat())
    ex.say(f"1 Alpha: {g.state.units['1 Alpha'].hp} HP left" + (" (destroyed)" if g.state.units['1 Alpha'].destroyed else ""))
    return ex


# ---------------------------------------------------------------- 17.9
def example_catalog() -> Catalog:
    """The game catalog plus the 17.91 example's naval unit: a DDG-51 with 10 LRS and 10
    INTERCEPT RPs (its CVs and ranges the DDG-51's)."""
    cat = load_catalog()
    ddg = cat.unit("usn_ddg_51")
    cvs = tuple(cv.model_copy(update={"supply": 10, "sources": {**cv.sources, "supply": "rulebook 17.91 ex."}})
                for cv in ddg.cvs)
    ship = ddg.model_copy(update={"type_id": EXAMPLE_SHIP_17_91, "name": "Naval unit of the 17.91 example",
                                  "cvs": cvs, "sources": {**ddg.sources, "name": "rulebook 17.91 ex."}})
    return Catalog(units={**cat.units, EXAMPLE_SHIP_17_91: ship}, markers=cat.markers)


def naval_supply_game(optional: bool = True, stage: str = "deployment") -> Game:
    """Margaret's naval unit "DDG-1" (10 LRS + 10 INTERCEPT RPs) at sea in C-6; an RU picket."""
    return situation({"DDG-1": {"type": EXAMPLE_SHIP_17_91, "hex": "C-6"},
                      "Picket": {"type": "runi_recon_platoon", "hex": "K-11"}},
                     size=12, naval=SEA, mixed=COAST, stage=stage, catalog=example_catalog(),
                     optional_rules=["17.9"] if optional else [])


def ex_17_91() -> Example:
    """17.91 example: in the Deployment Stage Margaret shifts 5 of DDG-1's 10 LRS RPs to
    INTERCEPT: 5 LRS + 15 INTERCEPT for the scenario."""
    g = naval_supply_game()
    ex = Example(g, {"ship": "DDG-1"})
    ex.say(f"DDG-1 as printed: {_supply(g)}")
    g.apply(A.NavalSupply("DDG-1", (A.SlotSupply("LRS1", 5), A.SlotSupply("INT1", 15))))
    ex.say(f"DDG-1 after 17.91: {_supply(g)} (the total stays 20)")
    return ex


def _supply(g: Game) -> str:
    return ", ".join(f"{k} {n}" for k, n in g.state.units["DDG-1"].supply.items())
