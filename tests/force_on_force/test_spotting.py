"""Hidden units, spotting as an opposed roll remembered per spotting unit, hiding and UAVs
(l.108-160)."""
from fractions import Fraction

import pytest

from lcb_lab.games.force_on_force import actions as A
from lcb_lab.games.force_on_force.observer import knows, view
from lcb_lab.games.force_on_force.rules import spotting
from lcb_lab.kernel.errors import IllegalAction
from tests.force_on_force.helpers import situation, titles, unit


def _game(forced=(), **kw):
    return situation(unit("SAS A", "Blue", 10, 4, "house door", optics=True), unit("SAS B", "Blue", 10, 4, "orchard"),
                     unit("Cell", "Red", 8, 6, (18.5, 18.0), hidden=True), initiative="Blue", forced=forced, **kw)


def test_spot_odds_and_modifiers():
    assert spotting.p_spot(10, 1, 8) == Fraction(49, 80)
    assert spotting.p_spot(6, -2, 12) == Fraction(3, 72)           # only a 6 (= 4) against 1-3
    assert spotting.p_spot(6, -3, 12) == 0                         # a d6 at -3 never reaches 4
    hid = unit("H", "Red", 8, 1, "centre", stealthy=True, camouflaged=True, kind="gun")
    spotter = unit("S", "Blue", 8, 1, "orchard", stealthy=True, optics=True, rapid=True)
    mods = spotting.spot_modifiers(spotter, hid)
    assert sum(v for v, _, _ in mods) == 0 and len(mods) == 6     # -1 -1 -1 +1 +1 +1 (l.152-160)


def test_spotting_is_remembered_by_the_spotting_unit_only():
    """l.116-120: SAS A rolls 5 + 1 (optics) = 6 against the Cell's 4: spotted, by SAS A; SAS B
    still may not engage it; Blue's view now shows it."""
    g = _game([5, 4])
    assert "Cell" not in [u["name"] for u in view(g, "Blue")["units"]]
    with pytest.raises(IllegalAction) as e:
        g.apply(A.Activate("SAS A", fire_at="Cell"))
    assert e.value.rule == "l.110"
    g.apply(A.Spot("SAS A", "House"))
    assert g.state.units["SAS A"].spotted == ["Cell"]
    assert knows(g.state, "SAS A", {"unit": "Cell"}) and not knows(g.state, "SAS B", {"unit": "Cell"})
    assert "Cell" in [u["name"] for u in view(g, "Blue")["units"]]
    assert g.is_legal(A.Activate("SAS B", to="south road")) and not g.is_legal(A.Activate("SAS B", fire_at="Cell"))


def test_a_tie_or_a_low_roll_fails_to_spot():
    g = _game([3, 4])                     # 3 + 1 = 4: 4+ but not higher than 4
    g.apply(A.Spot("SAS A", "House"))
    assert g.state.units["SAS A"].spotted == [] and "SAS A finds nothing in House" in titles(g)
    secret = [e for e in g.state.log if e["kind"] == "hidden_roll"]
    assert secret and all(e["audience"] == ["Red"] for e in secret)


def test_spotted_until_it_moves_completely_out_of_sight():
    g = _game([5, 4])
    g.apply(A.Spot("SAS A", "House"))
    cell = g.state.units["Cell"]
    cell.x, cell.y = 21.5, 19.5                                   # deep in the House: out of SAS A's sight
    spotting.forget(g, cell)
    assert g.state.units["SAS A"].spotted == [] and not knows(g.state, "Blue", {"unit": "Cell"})


def test_going_into_hiding():
    g = situation(unit("Scouts", "Blue", 8, 3, "behind copse"), unit("Fox", "Blue", 8, 3, "orchard", stealthy=True),
                  unit("Jeep", "Blue", 8, 1, "centre", kind="vehicle"), unit("MG", "Red", 8, 3, "south road"),
                  initiative="Blue", forced=[4])
    with pytest.raises(IllegalAction) as e:
        g.apply(A.Hide("Jeep"))
    assert e.value.rule == "l.128"
    with pytest.raises(IllegalAction) as e:
        g.apply(A.Hide("Fox"))                                     # MG sees the orchard
    assert e.value.rule == "l.124" and "MG" in e.value.reason
    g.apply(A.Hide("Scouts"))                                      # d8 4: passed (sandbox 4+)
    assert g.state.units["Scouts"].hidden and not knows(g.state, "Red", {"unit": "Scouts"})


def test_stealthy_units_hide_without_a_check_and_a_uav_lowers_the_die():
    g = situation(unit("Fox", "Blue", 8, 3, "behind copse", stealthy=True), unit("Scouts", "Blue", 8, 3, "behind copse"),
                  unit("MG", "Red", 8, 3, "south road"), initiative="Blue", forced=[6], uav=["Red"])
    g.apply(A.Hide("Fox"))
    assert g.state.units["Fox"].hidden and g.dice.history == []                  # l.126
    g.apply(A.Hide("Scouts"))
    assert g.dice.history[-1].die.name == "d6" and g.state.units["Scouts"].hidden   # l.138: d8 rolls as d6


def test_uav_detection_check_at_the_start_of_each_turn():
    g = _game([7, 3], uav=["Blue"])
    g.apply(A.EndTurn())                                           # turn 2 begins: Blue's UAV checks (l.138)
    assert g.state.uav_spotted["Blue"] == ["Cell"]
    assert knows(g.state, "SAS B", {"unit": "Cell"})
