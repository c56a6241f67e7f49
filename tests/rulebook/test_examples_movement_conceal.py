"""Worked EXAMPLEs of chapters 5 (movement) and 6 (conceal, ZOR)."""
import pytest

from lcb_lab.kernel.errors import IllegalAction
from lcb_lab import situation
from lcb_lab.games.lcb import actions as A

B, R = "TF Blue", "TF Red"
COLUMN_F_SEA = [f"F-{r}" for r in range(1, 13)]


def one_action(g, kind, units, tf=B):
    g.apply(A.BeginImpulse(tf))
    g.apply(A.Declare((A.CoreAction(kind, units),)))


def test_5_12_example_infantry_3_mp_three_green_or_yellow_plus_green():
    g = situation([("Inf", "usmc_infantry_platoon", "F-6", B)], colours={"F-5": "yellow"})
    reach = g.movement_reach(["Inf"])
    assert reach["F-9"] == 3                     # three green hexes
    assert reach["F-4"] == 3                     # yellow (2) + green (1)
    assert "F-3" not in reach                    # yellow + green + green = 4 MP
    one_action(g, "move_combat", ["Inf"])
    with pytest.raises(IllegalAction) as e:
        g.apply(A.Move(1, ("F-5", "F-4", "F-3")))
    assert e.value.rule == "5.12"
    g.apply(A.Move(1, ("F-5", "F-4")))
    assert g.state.units["Inf"].hex == "F-4"


def test_5_13_example_stack_moves_at_its_slowest_unit_then_both_conceal():
    """5.13: an infantry platoon (3 MP) stacked with a logistics company (2 MP) moves at
    2 MP for 1 AP, then both conceal."""
    g = situation([("Inf", "usmc_infantry_platoon", "F-6", B, True), ("Echo", "usmc_logistics_company", "F-6", B, True)])
    assert "F-9" not in g.movement_reach(["Inf", "Echo"]) and "F-8" in g.movement_reach(["Inf", "Echo"])
    one_action(g, "move_conceal", ["Inf", "Echo"])
    g.apply(A.Move(1, ("F-7", "F-8")))
    g.apply(A.Conceal(1))
    assert g.impulse.ap == 2
    assert all(g.state.units[u].hex == "F-8" and not g.state.units[u].revealed for u in ("Inf", "Echo"))


def test_5_14_example_one_hex_beyond_mp_then_nothing_else():
    """5.14: a 3 MP unit may enter a brown (4 MP) hex but then cannot conceal or fight."""
    g = situation([("Inf", "usmc_infantry_platoon", "F-6", B, True)], colours={"F-5": "brown", "F-7": "red"})
    one_action(g, "move_conceal", ["Inf"])
    with pytest.raises(IllegalAction) as e:
        g.apply(A.Move(1, ("F-7",)))                       # red: prohibited
    assert e.value.rule == "5.14"
    g.apply(A.Move(1, ("F-5",)))
    with pytest.raises(IllegalAction) as e:
        g.apply(A.Conceal(1))
    assert e.value.rule == "5.14"
    assert g.state.units["Inf"].hex == "F-5" and g.state.units["Inf"].revealed


def test_5_16_a_unit_moves_once_per_turn():
    g = situation([("Inf", "usmc_infantry_platoon", "F-6", B)])
    one_action(g, "move_combat", ["Inf"])
    g.apply(A.Move(1, ("F-7",)))
    with pytest.raises(IllegalAction) as e:
        g.apply(A.Move(1, ("F-8",)))
    assert e.value.rule == "5.16"


def test_5_18_ground_units_stop_in_enemy_hexes_and_reveal_each_other():
    g = situation([("Inf", "usmc_infantry_platoon", "F-6", B), ("Anna", "runi_naval_infantry_platoon", "F-7", R)])
    assert g.movement_reach(["Inf"])["F-8"] == 3      # only around the enemy hex (5.18)
    one_action(g, "move_combat", ["Inf"])
    with pytest.raises(IllegalAction) as e:
        g.apply(A.Move(1, ("F-7", "F-8")))
    assert e.value.rule == "5.18"
    g.apply(A.Move(1, ("F-7",)))
    assert g.state.units["Inf"].revealed and g.state.units["Anna"].revealed      # 6.22


def _back_in_f7(kind: str, face_up: bool = False):
    """US Inf (ground) in F-6 about to move; F-7 holds one RU counter: a platoon or a MILDEC."""
    from lcb_lab.games.lcb.model.state import Marker
    units = [("Inf", "usmc_infantry_platoon", "F-6", B), ("Far", "runi_naval_infantry_platoon", "L-12", R)]
    markers = []
    if kind == "unit":
        units.append(("Anna", "runi_naval_infantry_platoon", "F-7", R, face_up))
    else:
        markers.append(Marker("M9", "mildec", "RU", R, "F-7", revealed=face_up))
    g = situation(units, markers=markers)
    one_action(g, "move_combat", ["Inf"])
    return g


def test_5_18_a_face_down_counter_stops_a_planned_move_whatever_it_is():
    """lcb_lab's reading of 5.18 with hidden counters (6.11): a move is planned whole, so a ground
    move may end in a hex with an enemy back but not pass through it -- the same refusal, the
    same offers, the state untouched, whether the back is a ground unit or a MILDEC.  A face-up
    MILDEC stops nothing; entering the back's hex reveals a ground unit there (6.22)."""
    from tests.refusals import refused
    unit, mildec = _back_in_f7("unit"), _back_in_f7("mildec")
    why = ("ground units stop on entering F-7, which holds a face-down enemy counter (it may be a ground "
           "unit): a move may end there but not pass through")
    assert refused(unit, A.Move(1, ("F-7", "F-8")), "5.18").reason == why
    assert refused(mildec, A.Move(1, ("F-7", "F-8")), "5.18").reason == why
    moves = [a for a in unit.legal_actions() if isinstance(a, A.Move)]
    assert moves == [a for a in mildec.legal_actions() if isinstance(a, A.Move)]
    assert A.Move(1, ("F-7",)) in moves and not any(a.path[:1] == ("F-7",) and len(a.path) > 1 for a in moves)
    assert unit.movement_reach(["Inf"]) == mildec.movement_reach(["Inf"]) and unit.movement_reach(["Inf"])["F-8"] == 3
    seen = _back_in_f7("mildec", face_up=True)                     # a known MILDEC: no stop (5.18 names units)
    assert seen.movement_reach(["Inf"])["F-8"] == 2
    seen.apply(A.Move(1, ("F-7", "F-8")))
    assert seen.state.units["Inf"].hex == "F-8"
    known = _back_in_f7("unit", face_up=True)                      # a known ground unit: the rule's own words
    assert refused(known, A.Move(1, ("F-7", "F-8")), "5.18").reason == (
        "ground units stop on entering F-7, which holds enemy ground units: a move may end there but not pass through")
    unit.apply(A.Move(1, ("F-7",)))
    assert unit.state.units["Inf"].revealed and unit.state.units["Anna"].revealed      # 6.22


def test_5_19_ground_units_do_not_cross_water_without_a_jcc():
    g = situation([("Inf", "usmc_infantry_platoon", "F-6", B)], naval=["F-7"], cut=[("F-6", "G-6")])
    one_action(g, "move_combat", ["Inf"])
    with pytest.raises(IllegalAction) as e:
        g.apply(A.Move(1, ("F-7",)))
    assert e.value.rule == "5.19"
    with pytest.raises(IllegalAction) as e:       # two islands: no land across that side (5.111)
        g.apply(A.Move(1, ("G-6",)))
    assert e.value.rule == "5.19"


def test_5_111_example_on_the_gotland_map():
    """5.111: AK-20 -> AL-20 -> AM-19 on foot (Fårösund), but not on to AM-17 across AM-18."""
    from lcb_lab import load_scenario
    g = load_scenario("gotland_redux")
    g.state.units["1 Zhuk"].revealed = True
    g.apply(A.BeginImpulse("TF Memphis"))
    g.apply(A.Declare())
    g.apply(A.EndImpulse())
    g.apply(A.BeginImpulse("TF Moscow"))
    g.apply(A.Declare((A.CoreAction("move_conceal", ("1 Zhuk",)),)))
    with pytest.raises(IllegalAction) as e:
        g.apply(A.Move(1, ("AL-20", "AM-19", "AM-18", "AM-17")))
    assert e.value.rule == "5.19"
    g.apply(A.Move(1, ("AL-20", "AM-19")))
    assert g.state.units["1 Zhuk"].hex == "AM-19"


def test_6_21_example_ground_zor_reveals_one_adjacent_hex_only():
    """6.21: a stack of 2 infantry moves next to 3 enemy hexes, looks into one of them:
    only that hex is revealed, and the stack itself stays concealed."""
    g = situation([("1 Alpha", "usmc_infantry_platoon", "F-8", B), ("2 Alpha", "usmc_infantry_platoon", "F-8", B),
                   ("E1", "runi_naval_infantry_platoon", "F-5", R), ("E2", "runi_naval_infantry_platoon", "G-5", R),
                   ("E3", "runi_naval_infantry_platoon", "E-5", R), ("Ship", "rubf_ddg", "G-6", R)], mixed=["G-6"])
    one_action(g, "move_combat", ["1 Alpha", "2 Alpha"])
    g.apply(A.Move(1, ("F-7", "F-6")))
    with pytest.raises(IllegalAction) as e:
        g.apply(A.ExerciseZor(1, "F-4"))                  # not adjacent
    assert e.value.rule == "6.21"
    g.apply(A.ExerciseZor(1, "G-5"))
    assert g.result == ["E2"]
    with pytest.raises(IllegalAction):
        g.apply(A.ExerciseZor(1, "F-5"))                  # one ZOR per Core Action
    u = g.state.units
    assert u["E2"].revealed and not u["E1"].revealed and not u["E3"].revealed
    assert not u["1 Alpha"].revealed and not u["2 Alpha"].revealed
    assert not u["Ship"].revealed                 # ground ZORs never reveal naval units


def test_6_23_example_1_ships_within_five_hexes_reveal_each_other():
    """6.23 ex. 1: DDG(X) 103 moves within five hexes of an enemy ship: both revealed."""
    g = situation([("DDG(X) 103", "usn_ddg_x", "F-12", B), ("Enemy", "rubf_ddg", "F-3", R)],
                  naval=[f"{c}-{r}" for c in "EFG" for r in range(1, 13)])
    assert not g.state.units["Enemy"].revealed
    one_action(g, "move_combat", ["DDG(X) 103"])
    g.apply(A.Move(1, ("F-11", "F-10", "F-9", "F-8")))
    assert g.state.units["DDG(X) 103"].revealed and g.state.units["Enemy"].revealed


def test_6_23_example_2_transit_reveals_but_conceal_beyond_the_zor_is_allowed():
    """6.23 ex. 2: DDG(X) 104 sails through an enemy naval ZOR (both revealed), ends
    outside every enemy ZOR and conceals; the enemy ship stays revealed."""
    sea = [f"{c}-{r}" for c in "BCDEFGHIJK" for r in range(1, 13)]
    g = situation([("DDG(X) 104", "usn_ddg_x", "B-12", B), ("Enemy", "rubf_ddg", "H-6", R)],
                  naval=sea)
    one_action(g, "move_conceal", ["DDG(X) 104"])
    before = g.clone()
    g.apply(A.Move(1, ("C-11", "D-11", "E-10", "F-10", "F-11")))   # F-10 is 5 hexes from H-6, F-11 is 6
    assert g.state.units["DDG(X) 104"].revealed and g.state.units["Enemy"].revealed
    g.apply(A.Conceal(1))
    assert not g.state.units["DDG(X) 104"].revealed and g.state.units["Enemy"].revealed
    # ending inside the ZOR instead: concealing is refused (6.23)
    before.apply(A.Move(1, ("C-11", "D-11", "E-10", "F-10")))
    with pytest.raises(IllegalAction) as e:
        before.apply(A.Conceal(1))
    assert e.value.rule == "6.23"


def test_6_23_naval_zor_is_traced_through_water_only():
    """Land between two ships makes the sea path longer than 5: no reveal."""
    water = [f"{c}-{r}" for c in "ABCDEFGHIJKL" for r in (1, 2, 11, 12)] + [f"A-{r}" for r in range(1, 13)]
    g = situation([("S1", "usn_ddg_51", "F-12", B), ("S2", "rubf_ddg", "F-2", R)], naval=water)
    assert not g.state.units["S1"].revealed and not g.state.units["S2"].revealed


def test_5_17_mildecs_share_the_stacks_mp_or_move_alone_with_2_or_4_mp():
    from lcb_lab.games.lcb.model.state import Marker
    g = situation([("Echo", "usmc_logistics_company", "F-6", B), ("Inf", "usmc_infantry_platoon", "F-9", B)],
                  markers=[Marker("M1", "mildec", "US", B, "F-6"), Marker("M2", "mildec", "US", B, "F-9")])
    g.apply(A.BeginImpulse(B))
    g.apply(A.Declare((A.CoreAction("move_conceal", ("Echo",), markers=("M1",)), A.CoreAction("move_conceal", markers=("M2",)))))
    assert g.impulse.ap == 1                                    # a MILDEC alone costs 1 AP
    g.apply(A.Move(1, ("F-5", "F-4")))                                   # Echo's 2 MP; M1 goes along
    assert g.state.markers["M1"].hex == "F-4"
    with pytest.raises(IllegalAction) as e:
        g.apply(A.Move(2, ("F-10", "F-11", "F-12")))                     # 3 MP > 2 on land
    assert e.value.rule == "5.17"
    g.apply(A.Move(2, ("F-10", "F-11")))
    assert g.state.markers["M2"].hex == "F-11"
