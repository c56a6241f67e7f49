"""Corners of "done" rules found by a second designer's audit (chapters 3, 5, 6, 8, 12, 13, 17)
against the rulebook text: boundary values, the "unless" / "except" clauses, what a team may
know.  Every roll is forced and every act goes through ``Game.apply``; each assertion is a
value the rule's text gives."""
from __future__ import annotations

import pytest

from lcb_lab import situation
from lcb_lab.games.lcb import actions as A
from lcb_lab.games.lcb.model.state import Marker
from tests.refusals import refused

B, R = "TF Blue", "TF Red"
CORRIDOR = [f"E-{r}" for r in range(1, 13)] + [f"G-{r}" for r in range(1, 13)]
"""Water on both sides of column F: a ground path along F is the only one."""


def _resupply(units, markers=None, **kw):
    """Echo (RV1 6 RP, range 3) declares Move and/or Resupply for Inf, whose GA supply is 0."""
    g = situation([("Echo", "usmc_logistics_company", "F-6", B)] + units, markers=markers, **kw)
    g.state.units["Inf"].supply = {**g.state.units["Inf"].supply, "GA": 0}
    g.apply(A.BeginImpulse(B))
    g.apply(A.Declare((A.CoreAction("move_resupply", ("Echo",)),)))
    return g


# ------------------------------------------------------------------ 8.05
@pytest.mark.parametrize("back", ["unit", "mildec"])
def test_8_05_a_face_down_enemy_counter_blocks_the_resupply_path_whatever_it_is(back):
    """8.05: no path "through hexes occupied by the opposing team".  The only ground path from
    Echo (F-6) to Inf (F-8) runs through F-7, where the US sees one RU back: a platoon or a
    MILDEC (4.22: the backs look alike, 6.11).  Both worlds look the same to the US, so both
    refuse the RESUPPLY with the same words and leave the state as it was (the engine used to let
    it through a MILDEC back only, telling the US what the back was)."""
    units = [("Inf", "usmc_infantry_platoon", "F-8", B)]
    markers = None
    if back == "unit":
        units.append(("Anna", "runi_naval_infantry_platoon", "F-7", R))
    else:
        markers = [Marker("M", "mildec", "RU", R, "F-7")]
    g = _resupply(units, markers, naval=CORRIDOR)
    assert sorted(g.resupply_reach("Echo", "RV1")) == ["F-3", "F-4", "F-5", "F-6"]
    e = refused(g, A.Resupply(1, "Echo", "RV1", (A.Grant("Inf", "GA", 2),)), "8.05")
    assert e.reason == ("Inf in F-8 is not within 3 hexes of Echo along a ground path clear of enemy, "
                        "contested and prohibited hexes")


def test_8_05_a_face_up_enemy_mildec_blocks_no_resupply():
    """4.22: a MILDEC is not a unit; face up it is a known decoy, so F-7 is not "occupied by the
    opposing team" and Echo's 2 RP reach Inf (0 -> 2 GA; Echo's pool 20 -> 18)."""
    g = _resupply([("Inf", "usmc_infantry_platoon", "F-8", B)], [Marker("M", "mildec", "RU", R, "F-7", revealed=True)],
                  naval=CORRIDOR)
    g.apply(A.Resupply(1, "Echo", "RV1", (A.Grant("Inf", "GA", 2),)))
    assert (g.state.units["Inf"].supply["GA"], g.state.units["Echo"].supply["RP"]) == (2, 18)
