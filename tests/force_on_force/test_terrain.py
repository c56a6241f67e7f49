"""Line of sight through woods (l.60, l.82, l.84), obstacles (l.19, l.43, l.62), the failed
crossing (l.39, l.52) and artillery into woods (l.88)."""
import pytest

from lcb_lab.games.force_on_force import actions as A
from lcb_lab.games.force_on_force.geometry import line_of_sight
from lcb_lab.kernel.errors import IllegalAction
from tests.force_on_force.helpers import TABLE, rolled, situation, unit


def test_dense_woods_block_sight_past_one_inch():
    assert line_of_sight(TABLE, (13.5, 9), (14.8, 9))             # 0.8" of the Dense Copse
    assert not line_of_sight(TABLE, (13.5, 9), (15.2, 9))         # 1.2"


def test_average_woods_block_sight_past_three_inches_and_light_woods_never():
    assert line_of_sight(TABLE, (1, 18), (4.9, 18))               # 2.9" of North Wood
    assert not line_of_sight(TABLE, (1, 18), (5.1, 18))           # 3.1"
    assert line_of_sight(TABLE, (5, 6), (11, 6))                  # 4" through the Orchard (light)


def test_obstacles_stop_moves_and_dense_woods_forbid_rapid_moves():
    g = situation(unit("M", "Blue", 8, 3, "ford bank"), unit("C", "Blue", 8, 3, "copse edge"),
                  unit("R", "Red", 8, 3, "north lane"), initiative="Blue")
    with pytest.raises(IllegalAction) as e:
        g.apply(A.Activate("M", to="far bank"))
    assert e.value.rule == "l.19"
    with pytest.raises(IllegalAction) as e:
        g.apply(A.Activate("C", to="house door", rapid=True))
    assert e.value.rule == "l.62"


def test_failed_swim_takes_four_d8_with_no_defense_modifiers():
    """l.39: a failed check: a 4D8 attack, no Defense modifiers, casualties on the far shore."""
    g = situation(unit("Marines", "Blue", 8, 5, "ford bank", swimmer=True), unit("R", "Red", 8, 3, "north lane"),
                  initiative="Blue", forced=[3, 8, 8, 8, 1, 1, 1])
    g.apply(A.Cross("Marines", "Stream"))
    m = g.state.units["Marines"]
    assert m.pos == (4.0, 12.5) and m.figures == 2
    assert rolled(g, "firepower the Stream") == [[8, 8, 8, 1]] and rolled(g, "defense Marines") == [[1, 1]]


def test_crossing_needs_training_and_the_edge():
    g = situation(unit("A", "Blue", 8, 5, "ford bank"), unit("B", "Blue", 8, 5, "orchard", climber=True),
                  unit("C", "Blue", 8, 5, "bluff foot", climber=True), unit("R", "Red", 8, 3, "north lane"),
                  initiative="Blue", forced=[4])
    with pytest.raises(IllegalAction) as e:
        g.apply(A.Cross("A", "Stream"))
    assert e.value.rule == "l.39"
    with pytest.raises(IllegalAction) as e:
        g.apply(A.Cross("B", "Bluff"))
    assert e.value.rule == "l.52" and "edge" in e.value.reason
    g.apply(A.Cross("C", "Bluff"))
    assert g.state.units["C"].pos == (21.0, 4.0) and g.state.units["C"].figures == 5


def test_artillery_into_average_woods_gets_a_bonus_die():
    g = situation(unit("FO", "Blue", 8, 2, "wood edge"), unit("In", "Red", 8, 3, (8.0, 18.0)),
                  unit("Out", "Red", 8, 3, "centre"), initiative="Blue", forced=[1] * 30)
    g.apply(A.Artillery("FO", "In"))
    g.state.units["FO"].activated = False
    g.apply(A.Artillery("FO", "Out"))
    assert [len(v) for v in rolled(g, "firepower artillery for FO")] == [4, 3]        # l.88
    assert [len(v) for v in rolled(g, "defense In")] == [3]                          # Solid Cover, l.82
