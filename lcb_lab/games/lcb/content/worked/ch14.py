"""The worked EXAMPLES of chapter 14 (submarines, ASW), staged with forced dice.

Each function builds the example's situation on a small synthetic sea (columns A-H open
water, column I coastal, land beyond), plays it through typed actions and returns
``(game, lines)``: the game afterwards and the explanation lines a notebook prints.  The
tests (``tests/rulebook/test_ch14_submarines.py``) assert the same games.

The rulebook prints no unit values for its examples; the submarines are the catalog's
Virginia-class SSN (US, DETECT 8, torpedo CV 12) and Kilo-class SSK (RU, DETECT 12,
torpedo CV 10), sandbox values, except where an example states a DETECT (14.14 ex.: 6).
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Iterable

from lcb_lab.games.lcb import actions as A
from lcb_lab.games.lcb.model.catalog import Catalog, load_catalog
from lcb_lab.kernel.explain import render
from lcb_lab.games.lcb.content.situation import situation

if TYPE_CHECKING:
    from lcb_lab.games.lcb.game import Game

B, R = "TF Blue", "TF Red"
SEA = [f"{c}-{r}" for c in "ABCDEFGH" for r in range(1, 13)]
COAST = [f"I-{r}" for r in range(1, 13)]
SSN, SSK = "usn_ssn_virginia", "rubf_ssk_kilo"
ZOR_DIE = 20
"""The DETECT die a submarine's ZOR rolls where the example has no enemy submarine in reach: the
ZOR rolls it whatever is there (14.09, 14.02: the dice tell nothing); 20 finds nothing anyway."""


def sea(units: dict, forced: Iterable[int] = (), catalog: Catalog | None = None, **kw: Any) -> Game:
    """A game on the synthetic sea (module doc) with ``units`` and forced dice."""
    return situation(units, naval=SEA, mixed=COAST, naval_zor=False, forced=list(forced), catalog=catalog, **kw)


def lines_since(game: Game, n: int, team: str = "instructor") -> list[str]:
    """The log entries after the first ``n`` as ``team`` reads them."""
    return [render(e) for e in game.log_entries(team, since=n)]


def _one(game, tf: str, units: list[str], kind: str = "move_combat") -> None:
    game.apply(A.BeginImpulse(tf))
    game.apply(A.Declare((A.CoreAction(kind, tuple(units)),)))


def anna(hit: int = 4, miss: int = 15) -> tuple[Game, list[str]]:
    """14.08 ex.: Anna's submarine moves into a hex with 2 revealed enemy non-ASW naval units
    and fires 1 TORPEDO ATTACK at each; one succeeds and sinks its target whatever its HP.
    Anna is RU here (the US LHD is the catalog's non-ASW ship)."""
    g = sea({"Anna": (SSK, "D-5", R), "LHD 1": {"type": "usn_lhd", "hex": "D-6", "face_up": True},
             "LHD 2": {"type": "usn_lhd", "hex": "D-6", "face_up": True}}, forced=[hit, miss], initiative="RU")
    n = len(g.state.log)
    _one(g, R, ["Anna"])
    g.apply(A.Move(1, ("D-6",)))
    g.apply(A.TorpedoAttack(1, "Anna", ("LHD 1", "LHD 2")))
    return g, lines_since(g, n)


def jin(roll: int = 14) -> tuple[Game, list[str]]:
    """14.09 ex.: Jin's Virginia-class submarine exercises its ZOR: the two enemy ships in its
    own hex are revealed; the enemy submarine in an adjacent hex needs a DETECT of 12 and Jin
    rolls 14, so it stays hidden."""
    g = sea({"Jin": (SSN, "E-5", B), "DDG-605": (("rubf_ddg", "E-5", R)), "FFG-454": ("rubf_ffg_gorshkov", "E-5", R),
             "Kilo 1": (SSK, "E-6", R)}, forced=[roll])
    n = len(g.state.log)
    _one(g, B, ["Jin"])
    g.apply(A.SubmarineZor(1, "Jin"))
    return g, lines_since(g, n)


def ling(detect: int = 5, target_detect: int = 15, torpedoes: tuple[int, int] = (3, 18)) -> tuple[Game, list[str]]:
    """14.011 ex.: Ling moves into the hex where she suspects an enemy submarine and uses her
    ZOR: her DETECT succeeds; the target's DETECT of her fails, so it cannot fire back; her
    2 torpedo dice score 1 hit and sink it."""
    g = sea({"Ling": (SSN, "C-3", B), "Kilo 1": (SSK, "C-4", R)}, forced=[detect, target_detect, *torpedoes])
    n = len(g.state.log)
    _one(g, B, ["Ling"])
    g.apply(A.Move(1, ("C-4",)))
    g.apply(A.SubmarineZor(1, "Ling"))
    g.apply(A.TorpedoAttack(1, "Ling", ("Kilo 1",)))
    return g, lines_since(g, n)


def victor(detects: tuple[int, int] = (15, 6), asw: int = 12, torpedoes: tuple[int, int] = (3, 17),
           zor: int = ZOR_DIE) -> tuple[Game, list[str]]:
    """14.13 ex. 1: Victor's submarine reveals the 2 enemy DDGs of its hex with its ZOR (its
    DETECT die ``zor`` finds no submarine) and puts both torpedoes on one; Mary's DDGs roll
    DETECT (one succeeds), her ASW roll of 12 fails; one torpedo hits and sinks the 2-HP DDG."""
    g = sea({"Victor": (SSN, "F-8", B), "DDG-1": ("rubf_ddg", "F-8", R), "DDG-2": ("rubf_ddg", "F-8", R)},
            forced=[zor, *detects, asw, *torpedoes])
    n = len(g.state.log)
    _one(g, B, ["Victor"])
    g.apply(A.SubmarineZor(1, "Victor"))
    g.apply(A.TorpedoAttack(1, "Victor", ("DDG-1", "DDG-1")))
    return g, lines_since(g, n)


def james() -> tuple[Game, list[str]]:
    """14.13 ex. 2: two US submarines from different hexes (2 AP) attack 2 DDGs, 2 torpedoes
    at each.  Against #1 both DDGs fail DETECT; against #2 one succeeds and its ASW roll
    destroys #2; #1's torpedoes sink one DDG.  The rulebook rolls both submarines' defensive
    ASW before any torpedo; resolving #2's attack first gives every DDG its rolls, as printed."""
    g = sea({"SSN 1": (SSN, "B-3", B), "SSN 2": (SSN, "D-3", B),
             "DDG-1": ("rubf_ddg", "C-3", R), "DDG-2": ("rubf_ddg", "C-3", R)},
            forced=[ZOR_DIE, ZOR_DIE,  # the two ZORs' DETECT dice (no submarine in reach)
                    15, 4, 3,          # vs #2: DDG-1 fails, DDG-2 DETECTs; ASW 3 destroys #2
                    16, 19, 5, 18])    # vs #1: both fail; torpedoes 5 (hit) and 18
    n = len(g.state.log)
    g.apply(A.BeginImpulse(B))
    g.apply(A.Declare((A.CoreAction("move_combat", ("SSN 1",)), A.CoreAction("move_combat", ("SSN 2",)))))
    g.apply(A.Move(1, ("C-3",)))
    g.apply(A.Move(2, ("C-3",)))
    g.apply(A.SubmarineZor(1, "SSN 1"))
    g.apply(A.SubmarineZor(2, "SSN 2"))
    g.apply(A.TorpedoAttack(2, "SSN 2", ("DDG-2", "DDG-2")))
    g.apply(A.TorpedoAttack(1, "SSN 1", ("DDG-1", "DDG-1")))
    return g, lines_since(g, n)


def michael_catalog() -> Catalog:
    """The catalog with the 14.14 example's submarine: DETECT 1-6."""
    cat = load_catalog()
    units = dict(cat.units)
    units[SSK] = units[SSK].model_copy(update={"detect": 6})
    return Catalog(units=units, markers=cat.markers)


def michael(detects: tuple[int, int] = (12, 5), asw: int = 7) -> tuple[Game, list[str]]:
    """14.14 ex.: Michael moves a stack of two DDGs into the hex where he suspects an enemy
    submarine (DETECT 1-6) and searches it with offensive ASW: DETECT rolls 12 and 5, so one
    DDG DETECTs it; its ASW roll of 7 destroys the submarine."""
    g = sea({"DDG-51": ("usn_ddg_51", "G-4", B), "DDG-80": ("usn_ddg_51", "G-4", B), "Kilo 1": (SSK, "G-5", R)},
            forced=[*detects, asw], catalog=michael_catalog())
    n = len(g.state.log)
    _one(g, B, ["DDG-51", "DDG-80"])
    g.apply(A.Move(1, ("G-5",)))
    g.apply(A.OffensiveAsw(1, ("DDG-51", "DDG-80")))
    return g, lines_since(g, n)


EXAMPLES = {"14.08": anna, "14.09": jin, "14.011": ling, "14.13 ex. 1": victor, "14.13 ex. 2": james,
            "14.14": michael}
"""Rule -> the function staging its worked example."""
