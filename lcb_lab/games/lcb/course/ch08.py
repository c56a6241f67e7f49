"""Chapter 8 (Resupply) for the course: the printed EXAMPLEs staged as games, and checkpoints.

* :func:`ex_8_01` -- Echo Company (RV 6, range 3; 20 RP) gives 2 GROUND ASSAULT cubes to
  3 Delta, 2 LRS(1) to 1 Whiskey and 2 INTERCEPT to 1 Kilo for 1 AP: its pool drops to 14 RP,
  nobody is revealed (8.01, 8.06).  The printed text names "Lima" for the pool; the unit
  resupplying is Echo (facts.md section 6).
* :func:`ex_8_04` -- a stack of three logistics companies resupplies one platoon with every
  unit for 1 AP (8.04).

:func:`staged` is the 8.01 situation with Echo's Move and/or Resupply declared, a US destroyer
off the coast and a fourth platoon out of range.  :data:`CHECKPOINTS` ask the RP left after
the example (8.01), the most LRS(1) cubes 1 Whiskey may take (8.02) and which units Echo may
resupply at all (8.05, 8.08); every answer is computed by the engine on forks of that game.
(``tests/rulebook/test_examples_resupply.py`` asserts the same rules on its own games.)
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from lcb_lab.games.lcb import actions as A
from lcb_lab.games.lcb.content.situation import situation
from lcb_lab.games.lcb.course.staging import begin
from lcb_lab.kernel.checkpoints import Checkpoint

if TYPE_CHECKING:
    from lcb_lab.games.lcb.game import Game

TITLE = "Resupply"
"""The lesson's title."""
BLUE = "TF Blue"
GRANTS_8_01 = (A.Grant("3 Delta", "GA", 2), A.Grant("1 Whiskey", "LRS1", 2), A.Grant("1 Kilo", "INT1", 2))
"""The 8.01 example's three grants: 2 RP each."""
SLOTS = {"3 Delta": "GA", "1 Whiskey": "LRS1", "1 Kilo": "INT1", "4 Delta": "GA", "DDG-51": "LRS1"}
"""Each checkpoint unit's supply slot that has room."""


def _units(whiskey_lrs: int) -> dict[str, dict]:
    return {"Echo": {"type": "usmc_logistics_company", "hex": "F-6"},
            "3 Delta": {"type": "usmc_infantry_platoon", "hex": "F-8", "supply": {"GA": 5}},
            "1 Whiskey": {"type": "usmc_himars_section", "hex": "G-6", "supply": {"LRS1": whiskey_lrs}},
            "1 Kilo": {"type": "usmc_iamd_section", "hex": "F-3", "supply": {"INT1": 4}},
            "4 Delta": {"type": "usmc_infantry_platoon", "hex": "F-11", "supply": {"GA": 0}},
            "DDG-51": {"type": "usn_ddg_51", "hex": "E-6", "supply": {"LRS1": 0}}}


def staged(whiskey_lrs: int = 3, **kw: Any) -> Game:
    """The checkpoints' situation: the 8.01 example (Echo in F-6 with 20 RP; 3 Delta F-8 at
    5 GA, 1 Whiskey G-6 at 3 LRS(1), 1 Kilo F-3 at 4 INTERCEPT), plus 4 Delta (F-11, 0 GA:
    five hexes away) and DDG-51 (sea hex E-6, 0 LRS(1)); TF Blue's impulse with Move and/or
    Resupply declared for Echo (1 AP).  ``whiskey_lrs``: 1 Whiskey's LRS(1) cubes (a what-if);
    ``kw`` goes to :func:`lcb_lab.situation`."""
    g = situation(_units(whiskey_lrs), naval=[f"{c}-{r}" for c in "ABCDE" for r in range(1, 13)], **kw)
    begin(g, BLUE, A.CoreAction("move_resupply", ("Echo",)))
    return g


def ex_8_01(**kw: Any) -> Game:
    """8.01 EXAMPLE played on :func:`staged`: the three grants of :data:`GRANTS_8_01`."""
    g = staged(**kw)
    g.apply(A.Resupply(1, "Echo", "RV1", GRANTS_8_01))
    return g


def ex_8_04(**kw: Any) -> Game:
    """8.04 EXAMPLE: Log1-Log3 (a stack of logistics companies, F-6) each give 3 GA to ``Inf``
    (F-7, 0 GA) under one Move and/or Resupply (1 AP): 9 GA."""
    units = {f"Log{i}": {"type": "usmc_logistics_company", "hex": "F-6"} for i in (1, 2, 3)}
    units["Inf"] = {"type": "usmc_infantry_platoon", "hex": "F-7", "supply": {"GA": 0}}
    g = situation(units, **kw)
    begin(g, BLUE, A.CoreAction("move_resupply", ("Log1", "Log2", "Log3")))
    for i in (1, 2, 3):
        g.apply(A.Resupply(1, f"Log{i}", "RV1", (A.Grant("Inf", "GA", 3),)))
    return g


def rp_after_8_01(game: Game) -> int:
    """Echo's RP after the 8.01 grants on a fork of ``game``."""
    f = game.fork()
    f.apply(A.Resupply(1, "Echo", "RV1", GRANTS_8_01))
    return f.unit("Echo").supply["RP"]


def most_cubes(game: Game, uid: str = "1 Whiskey") -> int:
    """The most cubes of ``uid``'s slot (:data:`SLOTS`) one legal grant from Echo's RV1 gives
    (0 if none): the engine's legality of each size, 1 to 20."""
    legal = [n for n in range(1, 21) if game.is_legal(A.Resupply(1, "Echo", "RV1", (A.Grant(uid, SLOTS[uid], n),)))]
    return max(legal, default=0)


def resuppliable(game: Game) -> frozenset[str]:
    """The units of :data:`SLOTS` Echo may give one cube with its RV1 now."""
    return frozenset(u for u in SLOTS if most_cubes(game, u) > 0)


def checkpoints(game: Game | None = None) -> list[Checkpoint]:
    """The chapter's checkpoints on ``game`` (default: a fresh :func:`staged`)."""
    g = game or staged()
    return [
        Checkpoint("ch08.rp-left", "Echo (20 RP) gives 2 GA to 3 Delta, 2 LRS(1) to 1 Whiskey and 2 INTERCEPT to 1 Kilo. "
                   "How many RP does Echo have left?", kind="number", answer=lambda: rp_after_8_01(g), rule="8.01",
                   hint="Each cube handed out costs one Resupply Point from the logistics unit's pool.",
                   explanation="6 cubes cost 6 RP: 20 - 6 = 14. Nobody is revealed by a Resupply (6.13, 8.06)."),
        Checkpoint("ch08.max-lrs", "1 Whiskey has 3 of its LRS(1) cubes. At most how many can Echo give it in this Resupply?",
                   kind="number", answer=lambda: most_cubes(g), rule="8.02",
                   hint="A unit never holds more supply than its starting (maximum) value on its Unit Tracker.",
                   explanation=lambda: f"1 Whiskey starts with 6 LRS(1): {most_cubes(g)} more fill it."),
        Checkpoint("ch08.who", "Which of these units may Echo resupply with its RV (range 3) now?", kind="choices",
                   options=tuple(SLOTS), answer=lambda: resuppliable(g), rule="8.05",
                   hint="Trace the range over land hexes from the logistics unit; ships are never resupplied by "
                        "logistics units (8.08).",
                   explanation="3 Delta, 1 Whiskey and 1 Kilo are within 3 land hexes; 4 Delta is 5 hexes away, "
                               "and DDG-51 is a ship (8.08)."),
    ]


CHECKPOINTS: list[Checkpoint] = checkpoints()
"""The chapter's checkpoints on :func:`staged` (answers computed when asked)."""
