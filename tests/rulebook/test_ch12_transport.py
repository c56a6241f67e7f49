"""Chapter 12 (transport) and 13.38: the worked examples played through legal actions with forced
dice (lcb_lab/games/lcb/content/worked/ch12.py stages them), the refusals, and what the other team sees."""
import json

import pytest

from lcb_lab.games.lcb import actions as A
from lcb_lab.games.lcb.content.worked import ch12
from lcb_lab.games.lcb.content.worked.ch12 import BLUE, RED, cid, coast_game, infantry, water_path
from lcb_lab.games.lcb.content.passes import pass_empty_windows
from lcb_lab.kernel import datacodec
from lcb_lab.kernel.datacodec import touched
from tests.refusals import refused




def units(g, names):
    return [g.state.units[u] for u in names]


# ------------------------------------------------------------------ 12.1 / 12.12 / 12.13 / 12.52
def test_12_1_example_nina_lifts_8_platoons_then_8_more_for_free():
    ex = ch12.ex_12_1()
    g = ex.game
    assert ex.ids["first"] == [("J-8", None, False, True, True)] * 8           # face down, MP spent, expended (12.07)
    first = units(g, [f"{i} Inf" for i in range(1, 9)])
    assert {u.hex for u in first} == {"J-8"} and not any(u.no_move for u in first)   # a new turn
    assert ex.ids["ap"] == (3, 2)                                               # 1 AP (11.1)
    second = units(g, [f"{i} Inf" for i in range(9, 17)])
    assert {u.hex for u in second} == {"J-9"} and g.impulse.ap == 3              # free next turn (9.2)
    card = g.state.cards[ex.ids["card"]]
    assert (card.where, card.deployed, card.expended, card.cubes) == ("embarked", True, True, 0)


def test_12_07_units_landed_this_turn_may_not_be_declared():
    g, lift = ch12._lift_game(1, extra={"Other": {"type": "usmc_infantry_platoon", "embarked_on": "LHA 8",
                                                  "task_force": "TF Green"}},
                              task_forces={"TF Blue": "US", "TF Green": "US", "TF Red": "RU"})
    ch12._lift_declare(g)
    g.apply(A.PlayCard(lift, "A", ("Other",), "J-8", action=1))
    g.apply(A.EndImpulse())
    g.apply(A.BeginImpulse(RED))
    g.apply(A.Declare())
    g.apply(A.EndImpulse())
    g.apply(A.BeginImpulse("TF Green"))
    refused(g, A.Declare((A.CoreAction("move_combat", ("Other",)),)), "12.07")


def _lift(n_inf=8, **kw):
    g, lift = ch12._lift_game(n_inf, **kw)
    ch12._lift_declare(g)
    return g, lift


def test_12_1_refusals_capacity_range_light_units_red_and_enemy_hexes():
    g, lift = _lift(9, extra={"HIMARS": {"type": "usmc_himars_section", "embarked_on": "LHA 8"},
                               "Anna": {"type": "runi_naval_infantry_platoon", "hex": "K-9"}},
                    colours={"J-9": "red"})
    nine = tuple(f"{i} Inf" for i in range(1, 10))
    assert "carries 8" in refused(g, A.PlayCard(lift, "A", nine, "J-8", action=1), "12.03").reason
    refused(g, A.PlayCard(lift, "A", ("1 Inf",), "L-8", action=1), "12.04")     # 6 hexes: beyond 5
    refused(g, A.PlayCard(lift, "A", ("HIMARS",), "J-8", action=1), "12.1")     # 2 GPSV: light units only
    refused(g, A.PlayCard(lift, "A", ("1 Inf",), "J-9", action=1), "12.1")      # a red hex
    refused(g, A.PlayCard(lift, "A", ("1 Inf",), "K-9", action=1), "12.1")      # enemy counters there
    refused(g, A.PlayCard(lift, "A", ("1 Inf",), "E-8", action=1), "12.1")      # no land
    refused(g, A.PlayCard(lift, "A", ("Anna",), "K-9", action=1), "10.0")
    refused(g, A.PlayCard(lift, "A", ("1 Inf",), "J-8", action=None), "11.1")   # the first use costs 1 AP
    g.apply(A.PlayCard(lift, "A", ("1 Inf", "2 Inf"), "J-8", action=1))
    assert pass_empty_windows(g) == 1          # US cannot rule out an IAMD back in K-9 (9.011): RU passes
    assert g.state.units["1 Inf"].hex == "J-8"


def test_12_1_attached_cards_count_1_gpsv_each():
    g, lift = _lift(8)
    from lcb_lab.games.lcb.rules.cards import jcc
    jcc.add_card(g.state, "US", "V-BAT", where="attached", host="1 Inf")
    eight = tuple(f"{i} Inf" for i in range(1, 9))
    refused(g, A.PlayCard(lift, "A", eight, "J-8", action=1), "12.03")         # 8 units + 1 card = 9
    g.apply(A.PlayCard(lift, "A", eight[:7], "J-8", action=1))
    assert g.state.units["1 Inf"].hex == "J-8"


def test_12_12_example_two_hits_remove_four_platoons_and_put_two_cubes():
    ex = ch12.ex_12_12()
    g = ex.game
    lost = [f"{i} Inf" for i in range(5, 9)]
    assert all(u.destroyed for u in units(g, lost))
    assert all(u.hex == "J-8" and not u.destroyed for u in units(g, ["1 Inf", "2 Inf", "3 Inf", "4 Inf"]))
    card = g.state.cards[ex.ids["card"]]
    assert (card.cubes, card.where, card.expended) == (2, "embarked", True)
    assert g.state.total_kills["RU"] == 4                       # lost to the enemy (lcb_lab's reading of 12.12)
    assert g.state.units["DDG-1"].supply["INT1"] == 8 - 1


def test_12_12_the_third_cube_discards_the_card_but_the_survivors_still_land():
    g, lift = _lift(8, forced=[18, 4, 3, 6], ships=True)
    g.state.cards[lift].cubes = 2
    g.apply(A.PlayCard(lift, "A", tuple(f"{i} Inf" for i in range(1, 9)), "J-8", action=1))
    ch12.answer_windows(g, [A.CardIntercept("DDG-1", "INT1", 1), A.CardIntercept("DDG-2", "INT1", 1)])
    card = g.state.cards[lift]
    assert (card.cubes, card.where, card.host) == (4, "discarded", None)
    assert [u.uid for u in g.state.units.values() if u.hex == "J-8"] == ["1 Inf", "2 Inf", "3 Inf", "4 Inf"]


def test_12_12_a_failed_detect_lets_all_eight_land():
    g, lift = _lift(8, forced=[16, 17], ships=True)
    g.apply(A.PlayCard(lift, "A", tuple(f"{i} Inf" for i in range(1, 9)), "J-8", action=1))
    ch12.answer_windows(g, [A.CardIntercept("DDG-1", "INT1", 1), A.CardIntercept("DDG-2", "INT1", 1)])
    assert sum(u.hex == "J-8" for u in g.state.units.values()) == 8 and g.state.cards[lift].cubes == 0


def test_12_13_example_five_rp_minus_four_is_one():
    ex = ch12.ex_12_13()
    g = ex.game
    assert g.state.units["LHA 8"].supply["RP"] == 20 - 5
    assert g.state.units["Ashore"].supply["GA"] == 5 + 1
    assert g.state.cards[ex.ids["card"]].cubes == 2


def test_12_13_resupply_refusals():
    g, lift = _lift(0, extra={"Ashore": {"type": "usmc_infantry_platoon", "hex": "J-8", "supply": {"GA": 5}},
                               "Far": {"type": "usmc_infantry_platoon", "hex": "M-8", "supply": {"GA": 5}}})
    refused(g, A.PlayCard(lift, "B", ("Ashore", "rp:9"), "J-8", action=1), "12.13")   # the card carries 8
    refused(g, A.PlayCard(lift, "B", ("Far", "rp:3"), "M-8", action=1), "12.04")      # beyond 5
    refused(g, A.PlayCard(lift, "B", ("Ashore", "rp:x"), "J-8", action=1), "12.26")
    g.state.units["LHA 8"].supply = {**g.state.units["LHA 8"].supply, "RP": 2}
    refused(g, A.PlayCard(lift, "B", ("Ashore", "rp:3"), "J-8", action=1), "12.13")   # host has 2 RP
    g.apply(A.PlayCard(lift, "B", ("Ashore",), "J-8", action=1))                      # default: all 2
    assert (g.state.units["LHA 8"].supply["RP"], g.state.units["Ashore"].supply["GA"]) == (0, 7)


def test_12_52_example_michelle_lifts_four_of_eight_back_aboard():
    ex = ch12.ex_12_52()
    g = ex.game
    aboard = [u for u in g.state.units.values() if u.embarked_on == "LHA 8"]
    assert [u.uid for u in aboard] == ["1 Inf", "2 Inf", "3 Inf", "4 Inf"]
    assert all(u.hex is None and u.expended for u in aboard)
    assert all(g.state.units[f"{i} Inf"].destroyed for i in range(5, 9))
    assert g.state.cards[ex.ids["card"]].cubes == 2


def test_12_08_units_that_acted_may_not_be_picked_up():
    g, lift = _lift(2, inf_at="J-8")
    g.state.units["1 Inf"].acted = True
    refused(g, A.PlayCard(lift, "A", ("1 Inf", "2 Inf"), "J-8", action=1), "12.08")
    g.apply(A.PlayCard(lift, "A", ("2 Inf",), "J-8", action=1))
    assert g.state.units["2 Inf"].embarked_on == "LHA 8"


def test_12_08_a_unit_of_another_task_force_is_carried_and_expended():
    g, lift = ch12._lift_game(0, extra={"Other": {"type": "usmc_infantry_platoon", "embarked_on": "LHA 8",
                                                  "task_force": "TF Green"}},
                              task_forces={"TF Blue": "US", "TF Green": "US", "TF Red": "RU"})
    ch12._lift_declare(g)
    g.apply(A.PlayCard(lift, "A", ("Other",), "J-8", action=1))
    u = g.state.units["Other"]
    assert (u.hex, u.acted, u.expended) == ("J-8", True, True)     # its own impulse offers it nothing (12.08)


# ------------------------------------------------------------------ 12.2 amphibious
def test_12_25_example_andrew_lcac_three_mp_per_impulse_range_ten():
    ex = ch12.ex_12_25()
    g = ex.game
    cargo = ["1 Inf", "2 Inf", "3 Inf", "1 Log"]
    assert all((u.hex, u.no_move, u.revealed) == ("I-8", True, False) for u in units(g, cargo))
    m = g.state.card_markers[ex.ids["marker"]]
    assert (m.hex, m.cargo, m.revealed) == ("I-8", [], False)        # it stays by the beach (12.27 brings it back)


def test_12_22_12_25_lcac_marker_moves_once_per_impulse_up_to_its_mp_within_range():
    units_ = infantry(3, host="LHA 8")
    g, lcac = ch12._amphib_game("Amphibious: LCAC", "A-2", units_)
    g.apply(A.BeginImpulse(BLUE))
    g.apply(A.Declare((A.CoreAction("move_embarked_jcc", ("LHA 8",), jcc="Amphibious: LCAC"),)))
    refused(g, A.PlayCard(lcac, "A", ("1 Inf",), "E-2", action=1), "12.22")     # 4 MP: it has 3
    g.apply(A.PlayCard(lcac, "A", ("1 Inf",), "D-2", action=1))
    mid = ch12._marker(g, lcac).mid
    refused(g, A.MarkerAction(mid, path=("E-2",)), "12.22")                       # moved this impulse
    refused(g, A.PlayCard(lcac, "A", ("2 Inf",), "D-2", action=1), "9.21")      # used this turn
    ch12.next_blue_impulse(g)
    refused(g, A.PlayCard(lcac, "A", ("2 Inf",), "A-3"), "12.21")                # its marker is out: MarkerAction
    refused(g, A.MarkerAction(mid, path=water_path(g, "D-2", "H-2")), "12.22")   # 4 hexes
    g.apply(A.MarkerAction(mid, path=water_path(g, "D-2", "G-2")))
    ch12.next_blue_impulse(g)
    g.state.units["LHA 8"].hex = "A-9"                     # (staged) the host has sailed: G-2 is 10 hexes away
    refused(g, A.MarkerAction(mid, path=("H-2",)), "12.25")                       # 11 hexes: never beyond 10
    g.apply(A.MarkerAction(mid, path=("G-3",)))
    assert g.state.card_markers[mid].hex == "G-3"


def test_12_21_refusals_red_hex_over_capacity_not_embarked():
    units_ = infantry(7, host="LHA 8")
    g, lcac = ch12._amphib_game("Amphibious: LCAC", "G-15", units_)
    g.apply(A.BeginImpulse(BLUE))
    g.apply(A.Declare((A.CoreAction("move_embarked_jcc", ("LHA 8",), jcc="Amphibious: LCAC"),)))
    seven = tuple(f"{i} Inf" for i in range(1, 8))
    refused(g, A.PlayCard(lcac, "A", seven, "I-14", action=1), "12.03")         # 7 GPSV > 6: the method's capacity (12.03)
    refused(g, A.PlayCard(lcac, "A", seven[:2], "I-15", action=1), "12.21")     # red hex
    refused(g, A.PlayCard(lcac, "A", ("Picket",), "I-14", action=1), "10.0")
    refused(g, A.PlayCard(lcac, "A", seven[:2], "J-14", action=1), "12.22")     # inland: no water path
    g.apply(A.PlayCard(lcac, "A", seven[:6], "I-14", action=1))
    assert {g.state.units[u].hex for u in seven[:6]} == {"I-14"}


def test_12_23_12_24_example_katie_reveals_and_sinks_the_lcu_marker():
    ex = ch12.ex_12_24()
    g = ex.game
    assert ex.ids["marker"] not in g.state.card_markers
    assert g.state.units["1 Inf"].destroyed and g.state.units["2 Inf"].destroyed
    assert g.state.cards[ex.ids["card"]].where == "discarded"
    assert g.state.total_kills["RU"] == 2
    lrs = [e for e in g.state.log if e["kind"] == "lrs_roll"]
    assert lrs[-1]["data"]["dice"] == [3, 15] and lrs[-1]["data"]["hits"] == 1


def test_12_24_a_naval_mildec_does_not_take_a_hit_meant_for_the_landing_craft_marker():
    """lcb_lab's reading of 12.24 with 4.22: a MILDEC "may take 1 HP of damage for a co-located
    unit"; the landing craft's marker is no unit (its units are aboard, off the map), so a US
    Naval MILDEC in its hex is not asked and stays: Katie's one hit discards the marker."""
    ex = ch12.ex_12_24(markers={"NM-1": ("E-8", "TF Blue", "naval_mildec")})
    g = ex.game
    assert ex.ids["marker"] not in g.state.card_markers and g.state.units["1 Inf"].destroyed
    assert not g.state.markers["NM-1"].destroyed and g.pending is None


def test_12_24_a_concealed_marker_cannot_be_targeted():
    g, lcu = ch12._amphib_game("Amphibious: LCU", "D-8",
                               {**infantry(1, host="LHA 8"), "DDG": {"type": "rubf_ddg", "hex": "E-17"}})
    g.apply(A.BeginImpulse(BLUE))
    g.apply(A.Declare((A.CoreAction("move_embarked_jcc", ("LHA 8",), jcc="Amphibious: LCU"),)))
    g.apply(A.PlayCard(lcu, "A", ("1 Inf",), "E-8", action=1))
    mid = ch12._marker(g, lcu).mid
    g.apply(A.EndImpulse())
    g.apply(A.BeginImpulse(RED))
    g.apply(A.Declare((A.CoreAction("move_combat", ("DDG",)),)))
    refused(g, A.CommitCombat(lrs=(A.LrsAttack("DDG", "LRS1", mid, 2),)), "7.32")   # concealed: unnamed
    view = json.dumps(g.view("RU"))
    assert "1 Inf" not in view and mid not in view                                   # only a back (6.11)


def test_12_26_example_1_lcac_shuttles_5_rp():
    ex = ch12.ex_12_26_lcac()
    g = ex.game
    assert g.state.units["LHA 8"].supply["RP"] == 15
    assert g.state.units["Ashore"].supply["GA"] == 7
    assert g.state.card_markers[ex.ids["marker"]].rp == 0


def test_12_26_example_2_lcu_shuttles_10_rp():
    ex = ch12.ex_12_26_lcu()
    g = ex.game
    assert g.state.units["LHA 8"].supply["RP"] == 10
    assert g.state.units["Ashore"].supply["GA"] == 10


def test_12_26_rp_go_to_one_friendly_unit_in_the_marker_hex():
    g, lcu = ch12._amphib_game("Amphibious: LCU", "G-8", {"Ashore": {"type": "usmc_infantry_platoon", "hex": "I-8",
                                                                     "supply": {"GA": 0}}})
    g.apply(A.BeginImpulse(BLUE))
    g.apply(A.Declare((A.CoreAction("move_embarked_jcc", ("LHA 8",), jcc="Amphibious: LCU"),)))
    refused(g, A.PlayCard(lcu, "B", ("rp:11",), "H-8", action=1), "12.26")
    g.apply(A.PlayCard(lcu, "B", ("rp:10",), "H-8", action=1))
    mid = ch12._marker(g, lcu).mid
    ch12.next_blue_impulse(g)
    refused(g, A.MarkerAction(mid, path=("I-8",), then="unload"), "12.26")            # name the unit
    refused(g, A.MarkerAction(mid, path=("I-8",), then="unload", targets=("Picket",)), "12.26")
    refused(g, A.MarkerAction(mid, path=("I-8",), then="unload", targets=("Ashore",), action=1), "12.21")


def test_12_27_12_53_example_ashton_picks_up_and_reembarks():
    ex = ch12.ex_12_53()
    g = ex.game
    for u in units(g, ["1 Inf", "2 Inf", "3 Inf", "1 Log"]):
        assert (u.hex, u.embarked_on, u.expended) == (None, "LHA 8", True)
    assert ex.ids["marker"] not in g.state.card_markers
    card = g.state.cards[ex.ids["card"]]
    assert (card.where, card.deployed) == ("embarked", True)
    # the card's next use is free (12.27): the marker goes out again without an AP
    ch12.next_blue_impulse(g)
    g.apply(A.PlayCard(ex.ids["card"], "A", ("1 Inf",), "H-8", action=None))
    assert ch12._marker(g, ex.ids["card"]).hex == "H-8" and g.impulse.ap == 3


def test_12_27_reembark_only_in_the_host_hex():
    ex = ch12.ex_12_25()
    g = ex.game
    ch12.next_blue_impulse(g)
    refused(g, A.MarkerAction(ex.ids["marker"], path=("H-8",), then="reembark"), "12.27")


def test_12_2_the_other_team_sees_a_back_moving_not_the_cargo():
    ex = ch12.ex_12_25()
    g = ex.game
    ru_log = json.dumps(g.log_entries("RU"))
    view = g.view("RU")
    backs = [m for m in view["card_markers"] if m["back"]]
    assert backs and backs[0]["hex"] == "I-8"
    assert ex.ids["marker"] not in json.dumps(view)
    # the landing itself is public as concealed counters coming ashore, never by name
    assert "1 Log" not in ru_log and "1 Inf" not in ru_log


# ------------------------------------------------------------------ 12.3 / 12.54 ports
def test_12_3_example_patrick_8_gpsv_and_the_orange_cube():
    ex = ch12.ex_12_3()
    g = ex.game
    assert not g.is_legal(ex.ids["printed"])                  # 9 GPSV by 10.11 (the text says 2 for logistics)
    assert g.state.port_cubes == {"I-5": "US"}
    ashore = [u.uid for u in g.state.units.values() if u.hex == "I-5" and u.uid != "LHA 8"]
    assert len(ashore) == 6 + 8
    assert all(g.state.units[f"{i} Inf"].expended for i in range(6, 14))       # landed this turn (12.07)
    assert g.impulse.ap == 3 and g.impulse.transfers == {"LHA 8": 8}


def test_12_3_refusals_ninth_gpsv_small_port_no_cube_enemy_hex():
    units_ = infantry(10, host="LHA 8")
    g = coast_game({"LHA 8": {"type": "usn_lhd", "hex": "H-12"}, **units_})
    g.apply(A.BeginImpulse(BLUE))
    g.apply(A.Declare((A.CoreAction("move_combat", ("LHA 8",)),)))
    g.apply(A.Move(1, ("I-12",)))
    refused(g, A.PortTransfer("LHA 8", ("1 Inf",), action=1), "12.3")           # a small port
    g.state.units["LHA 8"].hex = "I-5"                                           # (staged: now in the large port)
    refused(g, A.PortTransfer("LHA 8", ("1 Inf",)), "12.3")                      # no cube yet: 1 AP
    g.apply(A.PortTransfer("LHA 8", tuple(f"{i} Inf" for i in range(1, 9)), action=1))
    e = refused(g, A.PortTransfer("LHA 8", ("9 Inf",)), "12.3")                  # the 9th GPSV
    assert "8 GPSV + RP" in e.reason
    refused(g, A.PortTransfer("LHA 8", ("Picket",), embark=True), "12.54")


def test_12_3_a_ship_sailing_away_removes_the_cube_at_the_end_of_the_impulse():
    units_ = infantry(2, host="LHA 8")
    g = coast_game({"LHA 8": {"type": "usn_lhd", "hex": "H-5"}, **units_})
    g.apply(A.BeginImpulse(BLUE))
    g.apply(A.Declare((A.CoreAction("move_combat", ("LHA 8",)),)))
    g.apply(A.Move(1, ("I-5",)))
    g.apply(A.PortTransfer("LHA 8", ("1 Inf",), action=1))
    assert g.state.port_cubes == {"I-5": "US"}
    ch12.next_blue_impulse(g)
    g.state.impulse.phase = "declare"
    g.apply(A.Declare((A.CoreAction("move_combat", ("LHA 8",)),)))
    g.apply(A.Move(1, ("H-5",)))
    g.apply(A.EndImpulse())
    assert g.state.port_cubes == {}
    assert any(e["title"] == "Orange cube removed from I-5" for e in g.state.log)


def test_12_3_port_rp_go_to_the_units_ashore():
    g = coast_game({"LHA 8": {"type": "usn_lhd", "hex": "I-5"},
                    "Ashore": {"type": "usmc_infantry_platoon", "hex": "I-5", "supply": {"GA": 4}}})
    g.apply(A.BeginImpulse(BLUE))
    g.apply(A.Declare((A.CoreAction("move_combat", ("LHA 8",)),)))
    g.apply(A.PortTransfer("LHA 8", rp=5, action=1))
    assert (g.state.units["LHA 8"].supply["RP"], g.state.units["Ashore"].supply["GA"]) == (15, 9)
    refused(g, A.PortTransfer("LHA 8", rp=4), "12.3")                          # 5 + 4 > 8


def test_12_54_example_patrick_embarks_8_then_8_free():
    ex = ch12.ex_12_54()
    g = ex.game
    assert sum(u.embarked_on == "LHA 8" for u in g.state.units.values()) == 16
    assert g.state.port_cubes == {"I-5": "US"} and g.impulse.ap == 3


# ------------------------------------------------------------------ 12.4 reinforcements, 13.38
def test_12_42_example_emmy_c130_two_hits_two_gpsv_land():
    ex = ch12.ex_12_42()
    g = ex.game
    assert "R1" in g.state.units and "R2" not in g.state.units and "R3" not in g.state.units
    r1 = g.state.units["R1"]
    assert (r1.hex, r1.revealed, r1.expended, r1.no_move, r1.hp) == ("J-8", False, True, True, 2)
    assert g.state.reinforcements["US"] == []
    assert g.state.cards[ex.ids["card"]].where == "discarded"
    assert g.state.units["DDG-1"].supply["INT1"] == 8 - 2


def test_12_41_reinforcement_refusals():
    g = coast_game({"Anna": {"type": "runi_naval_infantry_platoon", "hex": "J-8"}}, {"US": ["C-130 Hercules"]})
    g.state.reinforcements["US"] = [{"uid": f"R{i}", "type": "usmc_iamd_section", "task_force": BLUE}
                                    for i in (1, 2, 3, 4)]
    datacodec.touched(g.state, "reinforcements")          # a test's in-place edit of a tracked field
    c130 = cid(g, "C-130 Hercules")
    g.apply(A.BeginImpulse(BLUE))
    g.apply(A.Declare((A.CoreAction("play_jcc", jcc="C-130 Hercules"),)))
    refused(g, A.PlayCard(c130, "A", ("R1",), "J-8", action=1), "12.41")              # enemy in the airport
    refused(g, A.PlayCard(c130, "A", ("R1",), "K-8", action=1), "12.41")              # no airport
    g.state.units["Anna"].hex = "T-1"
    refused(g, A.PlayCard(c130, "A", ("R1", "R2", "R3", "R4"), "J-8", action=1), "12.41")   # 8 GPSV > 6
    refused(g, A.PlayCard(c130, "A", ("R9",), "J-8", action=1), "12.4")
    g.apply(A.PlayCard(c130, "A", ("R1", "R2", "R3"), "J-8", action=1))
    assert [r["uid"] for r in g.state.reinforcements["US"]] == ["R4"]


def test_4_31_reinforcements_join_the_task_force_of_the_player_who_played_the_card():
    """4.31: units a card brings as Reinforcements go into the Task Force of the player who
    played it. The pool lists R1 and R2 under TF Blue; TF Green plays the C-130 (forced 20: no
    INTERCEPT here, the card's success roll is a 1) and both land as TF Green units, commanded
    by its player from then on."""
    g = coast_game({"2 Inf": {"type": "usmc_infantry_platoon", "hex": "J-9", "task_force": "TF Green"}},
                   {"US": ["C-130 Hercules"]}, task_forces={BLUE: "US", "TF Green": "US", RED: "RU"})
    g.state.reinforcements["US"] = [{"uid": f"R{i}", "type": "usmc_iamd_section", "task_force": BLUE}
                                    for i in (1, 2)]
    datacodec.touched(g.state, "reinforcements")          # a test's in-place edit of a tracked field
    c130 = cid(g, "C-130 Hercules")
    g.apply(A.BeginImpulse("TF Green"))
    g.apply(A.Declare((A.CoreAction("play_jcc", jcc="C-130 Hercules"),)))
    g.apply(A.PlayCard(c130, "A", ("R1", "R2"), "J-8", action=1))
    pass_empty_windows(g)
    assert [(u.uid, u.task_force, u.hex) for u in (g.state.units["R1"], g.state.units["R2"])] == \
        [("R1", "TF Green", "J-8"), ("R2", "TF Green", "J-8")]


def _sealift_game(mines=()):
    g = coast_game({"LHA 8": {"type": "usn_lhd", "hex": "C-3"}, **infantry(3, at="I-5")},
                   {"US": ["LCU-2000"]}, features={**ch12.FEATURES, "I-18": "port:Southport"})
    return g, cid(g, "LCU-2000")


def test_12_4_sealift_port_to_port_no_marker():
    g, lcu = _sealift_game()
    g.apply(A.BeginImpulse(BLUE))
    g.apply(A.Declare((A.CoreAction("play_jcc", jcc="LCU-2000"),)))
    refused(g, A.PlayCard(lcu, "A", ("1 Inf",), "I-12", action=1), "12.31")     # small port
    g.apply(A.PlayCard(lcu, "A", ("1 Inf", "2 Inf"), "I-18", action=1))
    assert [g.state.units[u].hex for u in ("1 Inf", "2 Inf", "3 Inf")] == ["I-18", "I-18", "I-5"]
    assert not g.state.card_markers and g.state.units["1 Inf"].expended


def test_13_38_mines_at_the_landing_point_and_blocking_every_path():
    from lcb_lab.games.lcb.rules.transport.reinforcements import mines_on_the_way
    from lcb_lab.games.lcb.model.state import CardMarker
    g, _ = _sealift_game()
    ctx = g._ctx()
    assert mines_on_the_way(ctx, "US", "I-5", "I-18") == []
    g.state.card_markers["MINE-1"] = CardMarker("MINE-1", "mine", "RU", "RU-1", "I-18")
    touched(g.state, "card_markers")      # staged in place: the snapshot looks at the map again
    assert [m.mid for m in mines_on_the_way(ctx, "US", "I-5", "I-18")] == ["MINE-1"]
    del g.state.card_markers["MINE-1"]
    touched(g.state, "card_markers")      # staged in place: the snapshot looks at the map again
    g.state.card_markers["MINE-2"] = CardMarker("MINE-2", "mine", "RU", "RU-1", "H-10")
    touched(g.state, "card_markers")      # staged in place: the snapshot looks at the map again
    assert mines_on_the_way(ctx, "US", "I-5", "I-18") == []          # a path around the mine exists
    for i, h in enumerate(["A-10", "B-10", "C-10", "D-10", "E-10", "F-10", "G-10", "I-10"]):
        g.state.card_markers[f"MINE-{i + 3}"] = CardMarker(f"MINE-{i + 3}", "mine", "RU", "RU-1", h)
        touched(g.state, "card_markers")      # staged in place: the snapshot looks at the map again
    hit = mines_on_the_way(ctx, "US", "I-5", "I-18")
    assert hit and all(m.hex.endswith("-10") for m in hit)          # every path blocked: the mines on the way


def test_12_43_example_charlie_littoral_movement():
    ex = ch12.ex_12_43()
    g = ex.game
    assert all(g.state.units[f"{i} Inf"].hex == "I-10" for i in range(1, 5))
    assert g.state.cards[ex.ids["card"]].where == "discarded" and not g.state.card_markers


def test_12_43_littoral_marker_has_4_mp_a_turn_and_lands_elsewhere():
    g = coast_game(infantry(5, at="I-4"), {"US": ["Littoral Movement"]})
    lm = cid(g, "Littoral Movement")
    g.apply(A.BeginImpulse(BLUE))
    g.apply(A.Declare((A.CoreAction("play_jcc", jcc="Littoral Movement"),)))
    five = tuple(f"{i} Inf" for i in range(1, 6))
    refused(g, A.PlayCard(lm, "A", five, "I-4", action=1), "12.43")             # 5 GPSV > 4
    g.apply(A.PlayCard(lm, "A", five[:4], "I-4", action=1))
    mid = ch12._marker(g, lm).mid
    refused(g, A.MarkerAction(mid, then="unload"), "12.43")                      # not where it picked them up
    refused(g, A.MarkerAction(mid, path=("H-4", "H-5", "H-6", "H-7", "H-8")), "12.43")   # 5 MP
    g.apply(A.MarkerAction(mid, path=("H-4", "H-5")))
    ch12.next_blue_impulse(g)
    g.apply(A.MarkerAction(mid, path=("H-6", "H-7", "H-8", "H-9")))          # a new turn: 4 MP again
    assert g.state.card_markers[mid].hex == "H-9"
    assert json.dumps(g.view("RU")).count("1 Inf") == 0


# ------------------------------------------------------------------ the random player lands units
def test_legal_actions_offer_transport_acts():
    g, lcu = ch12._amphib_game("Amphibious: LCU", "H-8", infantry(1, host="LHA 8"))
    g.apply(A.BeginImpulse(BLUE))
    g.apply(A.Declare((A.CoreAction("move_embarked_jcc", ("LHA 8",), jcc="Amphibious: LCU"),)))
    g.apply(A.PlayCard(lcu, "A", ("1 Inf",), "H-9", action=1))      # waits at sea with 1 Inf aboard
    mid = ch12._marker(g, lcu).mid
    ch12.next_blue_impulse(g)
    offered = [a for a in g.legal_actions() if isinstance(a, A.MarkerAction)]
    assert A.MarkerAction(mid, path=("I-9",), then="unload") in offered
    assert A.MarkerAction(mid, path=("H-8",), then="reembark") in offered
    g = coast_game({"LHA 8": {"type": "usn_lhd", "hex": "I-5"}, **infantry(9, host="LHA 8")})
    g.apply(A.BeginImpulse(BLUE))
    g.apply(A.Declare((A.CoreAction("move_combat", ("LHA 8",)),)))
    offered = [a for a in g.legal_actions() if isinstance(a, A.PortTransfer)]
    assert offered == [A.PortTransfer("LHA 8", tuple(f"{i} Inf" for i in range(1, 9)), 0, False, 1)]


# ------------------------------------------------------------------ corners
def test_12_4_the_scenario_lists_the_reinforcement_pool(tmp_path):
    import lcb_lab
    from lcb_lab.kernel.errors import ScenarioError
    from lcb_lab.games.lcb.io.resources import scenario_text
    p = tmp_path / "with_pool.toml"
    p.write_text(scenario_text("gotland_redux") + '\n[[reinforcements]]\nuid = "5 Alpha"\ntype = "usmc_infantry_platoon"\n'
                 'task_force = "TF Memphis"\n')
    g = lcb_lab.load_scenario(str(p), seed=1)
    assert g.state.reinforcements == {"US": [{"uid": "5 Alpha", "type": "usmc_infantry_platoon",
                                              "task_force": "TF Memphis"}], "RU": []}
    assert "5 Alpha" not in g.state.units
    bad = tmp_path / "bad_pool.toml"
    bad.write_text(scenario_text("gotland_redux") + '\n[[reinforcements]]\nuid = "1 Alpha"\ntype = "usmc_infantry_platoon"\n'
                   'task_force = "TF Memphis"\n')
    with pytest.raises(ScenarioError) as e:
        lcb_lab.load_scenario(str(bad), seed=1)
    assert "reinforcements[1 Alpha]" in str(e.value)


def test_12_11_an_ftr_nullify_success_also_removes_2_gpsv():
    g, lift = ch12._lift_game(4, forced=[3, 2], extra={})
    cap = cid(g, "MEU Rotary Lift")
    from lcb_lab.games.lcb.rules.cards import jcc
    ru_cap = jcc.add_card(g.state, "RU", "Combat Air Patrols", where="deployed", face_up=True)
    ru_cap.deployed = True
    ch12._lift_declare(g)
    g.apply(A.PlayCard(lift, "A", ("1 Inf", "2 Inf", "3 Inf", "4 Inf"), "J-8", action=1))
    assert g.pending is not None and g.to_act() == "RU"
    g.apply(A.AnswerCards(responses=(A.Response(ru_cap.cid, targets=(lift,), to=1),)))
    ch12.answer_windows(g)
    assert [u.uid for u in g.state.units.values() if u.hex == "J-8"] == ["1 Inf", "2 Inf"]
    assert g.state.units["3 Inf"].destroyed and g.state.cards[cap].cubes == 1


def test_12_23_a_marker_moving_into_a_stationary_enemy_zor_is_revealed():
    g, lcu = ch12._amphib_game("Amphibious: LCU", "D-14", {**infantry(1, host="LHA 8"),
                                                           "DDG": {"type": "rubf_ddg", "hex": "D-20"}})
    g.apply(A.BeginImpulse(BLUE))
    g.apply(A.Declare((A.CoreAction("move_embarked_jcc", ("LHA 8",), jcc="Amphibious: LCU"),)))
    g.apply(A.PlayCard(lcu, "A", ("1 Inf",), "D-15", action=1))           # 5 hexes of water from D-20
    m = ch12._marker(g, lcu)
    assert m.revealed and any(e["title"].startswith(f"Revealed: {m.mid}") for e in g.state.log)
    assert m.mid in json.dumps(g.view("RU"))                               # face up: the other team sees it


def _contested_landing(forced):
    """Two platoons of LHA 8 land by LCU in I-8, where Anna stands (12.21, 12.07); Anna does not
    fire back."""
    g, lcu = ch12._amphib_game("Amphibious: LCU", "H-8", {**infantry(2, host="LHA 8"),
                                                          "Anna": {"type": "runi_naval_infantry_platoon", "hex": "I-8"}},
                               forced=forced, auto={"ga_defence": "no_defence"})
    g.apply(A.BeginImpulse(BLUE))
    g.apply(A.Declare((A.CoreAction("move_embarked_jcc", ("LHA 8",), jcc="Amphibious: LCU"),)))
    g.apply(A.PlayCard(lcu, "A", ("1 Inf", "2 Inf"), "I-8", action=1))
    return g


def test_12_21_a_contested_landing_reveals_both_sides_and_may_assault_for_free():
    g = _contested_landing([1, 1])
    assert all(g.state.units[u].revealed for u in ("1 Inf", "2 Inf", "Anna"))     # 6.22, 12.07
    assert g.zero_ap_attackers()["continuing"] == ["1 Inf", "2 Inf"]
    g.apply(A.CommitCombat(ga=(A.GroundAssault("1 Inf", "Anna", 2),)))
    g.apply(A.ResolveCombat())
    assert g.state.units["Anna"].destroyed and g.impulse.ap == 2


def test_12_07_the_contested_landings_continuing_combat_marker_comes_right_after_its_combat():
    """12.07: after the contested landing's combat, a Continuing Combat marker goes on the hex if
    enemy units remain -- at once, not at the end of the Action Stage as 7.21's other contested
    hexes (the text's specific rule; facts 6.24). lcb_lab's reading: it is placed on its Resolved
    side, the landing combat being the hex's one resolution this turn (7.22), and turns to
    Continuing Combat at the end of the Action Stage (7.23). Forced 20, 20: both GROUND ASSAULT
    dice miss and Anna stays."""
    g = _contested_landing([20, 20])
    assert g.state.continuing == {}
    g.apply(A.CommitCombat(ga=(A.GroundAssault("1 Inf", "Anna", 2),)))
    g.apply(A.ResolveCombat())
    assert not g.state.units["Anna"].destroyed and g.state.units["Anna"].hp == 2
    assert g.state.continuing == {"I-8": "resolved"}
    assert any(e["title"] == "Continuing Combat marker in I-8" and "12.07" in e["rules"] for e in g.log_entries("RU"))


def test_the_other_team_never_reads_what_a_transport_carries():
    cases = {ch12.ex_12_42: ("R1", "R2", "R3"), ch12.ex_12_43: ("1 Inf", "2 Inf", "3 Inf", "4 Inf"),
             ch12.ex_12_53: ("1 Inf", "2 Inf", "3 Inf", "1 Log"), ch12.ex_12_26_lcac: ("Ashore",)}
    for stage, hidden in cases.items():
        g = stage().game
        ru = json.dumps(g.log_entries("RU")) + json.dumps(g.view("RU"))
        for uid in hidden:
            assert f'"{uid}"' not in ru and f"{uid}," not in ru and f"{uid} " not in ru, (stage.__name__, uid)
        assert "RP cubes" not in ru
        assert uid in json.dumps(g.log_entries("US"))            # the owner reads it all


def test_12_24_a_discarded_marker_counts_its_units_for_the_initiative():
    ex = ch12.ex_12_24()
    assert ex.game.state.kills["RU"] == 2


def test_12_3_the_orange_cube_serves_every_ship_of_the_team_while_one_stays():
    g = coast_game({"LHA 8": {"type": "usn_lhd", "hex": "I-5"}, "LHD 2": {"type": "usn_lhd", "hex": "I-5",
                                                                          "task_force": "TF Grey"},
                    **infantry(2, host="LHA 8"), **infantry(2, host="LHD 2", first=3)},
                   task_forces={"TF Blue": "US", "TF Grey": "US", "TF Red": "RU"})
    g.apply(A.BeginImpulse(BLUE))
    g.apply(A.Declare((A.CoreAction("move_combat", ("LHA 8",)),)))
    refused(g, A.PortTransfer("LHD 2", ("3 Inf",)), "3.33")                     # not a ship of TF Blue
    g.apply(A.PortTransfer("LHA 8", ("1 Inf",), action=1))
    g.apply(A.Move(1, ("H-5",)))                                                          # LHA 8 sails; LHD 2 stays
    g.apply(A.EndImpulse())
    assert g.state.port_cubes == {"I-5": "US"}
    g.apply(A.BeginImpulse(RED))
    g.apply(A.Declare())
    g.apply(A.EndImpulse())
    g.apply(A.BeginImpulse("TF Grey"))
    g.apply(A.Declare())
    g.apply(A.PortTransfer("LHD 2", ("3 Inf", "4 Inf")))                        # free: the team's cube
    assert g.state.units["3 Inf"].hex == "I-5" and g.impulse.ap == 3


def test_12_54_port_embarkation_of_rp_from_a_logistics_company():
    g = coast_game({"LHA 8": {"type": "usn_lhd", "hex": "I-5", "supply": {"RP": 10}},
                    "1 Log": {"type": "usmc_logistics_company", "hex": "I-5"}})
    g.apply(A.BeginImpulse(BLUE))
    g.apply(A.Declare((A.CoreAction("move_combat", ("LHA 8",)),)))
    log_rp = g.state.units["1 Log"].supply["RP"]
    g.apply(A.PortTransfer("LHA 8", rp=6, embark=True, action=1))
    assert g.state.units["LHA 8"].supply["RP"] == 16 and g.state.units["1 Log"].supply["RP"] == log_rp - 6
    refused(g, A.PortTransfer("LHA 8", rp=3, embark=True), "12.54")             # 6 + 3 > 8 this impulse


def test_12_2_a_marker_goes_with_its_sunk_host_and_so_do_the_units_aboard():
    """10.311 discards every Embarked card of a sunk ship; its marker leaves with the card
    (lcb_lab's reading of facts 6.31) and the units aboard are lost with it (12.06)."""
    g, lcu = ch12._amphib_game("Amphibious: LCU", "H-8", infantry(1, host="LHA 8"))
    g.apply(A.BeginImpulse(BLUE))
    g.apply(A.Declare((A.CoreAction("move_embarked_jcc", ("LHA 8",), jcc="Amphibious: LCU"),)))
    g.apply(A.PlayCard(lcu, "A", ("1 Inf",), "H-9", action=1))
    mid = ch12._marker(g, lcu).mid
    assert g.state.card_markers[mid].cargo == ["1 Inf"]
    from lcb_lab.games.lcb.rules.combat.sequence import destroy
    destroy(g._ctx(), g.state.units["LHA 8"], "RU")                            # (staged) the ship is sunk
    assert g.state.cards[lcu].where == "discarded"
    assert mid not in g.state.card_markers and g.state.units["1 Inf"].destroyed
    ch12.next_blue_impulse(g)
    refused(g, A.MarkerAction(mid, path=("I-9",), then="unload"), "13.0")


def test_every_offered_transport_act_is_legal_and_refusals_change_nothing():
    """The legal actions of staged transport situations are accepted by the rules, and a few
    mutated ones are refused by a named rule with the state unchanged."""
    g, lcu = ch12._amphib_game("Amphibious: LCU", "H-8", {**infantry(3, host="LHA 8"),
                                                          "Port": {"type": "usn_lhd", "hex": "I-5"},
                                                          **infantry(2, host="Port", first=4)})
    g.apply(A.BeginImpulse(BLUE))
    g.apply(A.Declare((A.CoreAction("move_embarked_jcc", ("LHA 8",), jcc="Amphibious: LCU"), A.CoreAction("move_combat", ("Port",)))))
    acts = [a for a in g.legal_actions() if isinstance(a, (A.PlayCard, A.PortTransfer, A.MarkerAction))]
    assert any(isinstance(a, A.PlayCard) and a.card == lcu for a in acts)
    assert any(isinstance(a, A.PortTransfer) for a in acts)
    for a in acts:
        assert g.is_legal(a), a
    for bad in (A.PortTransfer("Port", ("1 Inf",), action=2), A.PlayCard(lcu, "A", ("4 Inf",), "I-8", action=1),
                A.MarkerAction("ISR-9", then="unload")):
        before = json.dumps(g.state.to_dict(), sort_keys=True)
        with pytest.raises(Exception) as e:
            g.apply(bad)
        assert getattr(e.value, "rule", None) and json.dumps(g.state.to_dict(), sort_keys=True) == before


def test_port_transfer_refusals_by_phase_and_cargo():
    g = coast_game({"LHA 8": {"type": "usn_lhd", "hex": "I-5"}, **infantry(2, host="LHA 8"),
                    "Ashore": {"type": "usmc_infantry_platoon", "hex": "I-5"}})
    g.apply(A.BeginImpulse(BLUE))
    refused(g, A.PortTransfer("LHA 8", ("1 Inf",), action=1), "3.03")            # declare first
    g.apply(A.Declare((A.CoreAction("move_combat", ("LHA 8",)), A.CoreAction("move_combat", ("Ashore",)))))
    refused(g, A.PortTransfer("LHA 8", ("Ashore",), action=1), "10.0")           # not aboard
    refused(g, A.PortTransfer("LHA 8", ("1 Inf",), action=2), "3.31")            # action #2 is not the ship's
    refused(g, A.PortTransfer("LHA 8", ("1 Inf", "1 Inf"), action=1), "12.3")    # named twice
    g.state.units["Ashore"].acted = True
    refused(g, A.PortTransfer("LHA 8", ("Ashore",), embark=True, action=1), "12.08")
    refused(g, A.PortTransfer("LHA 8", rp=21, action=1), "12.3")                 # 8 a ship per impulse


def test_12_53_an_amphibious_pickup_refuses_units_that_acted_and_landing_hexes_without_water_paths():
    units_ = infantry(8, at="I-8")
    g, lcac = ch12._amphib_game("Amphibious: LCAC", "G-8", units_)
    g.state.units["1 Inf"].acted = True
    g.apply(A.BeginImpulse(BLUE))
    g.apply(A.Declare((A.CoreAction("move_embarked_jcc", ("LHA 8",), jcc="Amphibious: LCAC"),)))
    refused(g, A.PlayCard(lcac, "A", ("1 Inf", "2 Inf"), "I-8", action=1), "12.08")
    refused(g, A.PlayCard(lcac, "A", ("2 Inf",), "I-9", action=1), "10.0")        # not in that hex
    g.apply(A.PlayCard(lcac, "A", ("2 Inf",), "I-8", action=1))
    m = ch12._marker(g, lcac)
    assert (m.cargo, g.state.units["2 Inf"].hex) == (["2 Inf"], None)
    ch12.next_blue_impulse(g)
    more = tuple(f"{i} Inf" for i in range(3, 9))
    refused(g, A.MarkerAction(m.mid, then="load", targets=more), "12.03")        # 1 + 6 GPSV > the LCAC's 6
    g.apply(A.MarkerAction(m.mid, then="load", targets=("1 Inf",)))               # a new turn: it may come aboard
    assert m.mid in g.state.card_markers and g.state.card_markers[m.mid].cargo == ["2 Inf", "1 Inf"]


def test_12_24_a_card_needing_two_hits_keeps_its_marker_after_one(tmp_path):
    from lcb_lab.games.lcb.rules.transport.exposed import lrs_hit
    g, lcu = ch12._amphib_game("Amphibious: LCU", "D-8", infantry(1, host="LHA 8"))
    g.apply(A.BeginImpulse(BLUE))
    g.apply(A.Declare((A.CoreAction("move_embarked_jcc", ("LHA 8",), jcc="Amphibious: LCU"),)))
    g.apply(A.PlayCard(lcu, "A", ("1 Inf",), "E-8", action=1))
    m = ch12._marker(g, lcu)
    assert m.hp == 1                                   # the deck's LCU: one hit (12.24 ex.)
    m.hp = 2                                           # (staged) a card that needs 2 hits (9.04)
    assert not lrs_hit(g._ctx(), m.mid, 1, "RU") and m.hp == 1 and m.cargo == ["1 Inf"]
    assert lrs_hit(g._ctx(), m.mid, 1, "RU") and g.state.units["1 Inf"].destroyed


def test_rotary_lift_and_reinforcement_plays_are_offered():
    g, lift = _lift(9)
    plays = [a for a in g.legal_actions() if isinstance(a, A.PlayCard) and a.card == lift]
    assert plays and all(len(a.targets) == 8 and ch12.lcb_hexes.distance("F-8", a.hex) <= 5 for a in plays)
    assert all(g.is_legal(a) for a in plays)
    ex = ch12.ex_12_42()
    g = coast_game({}, {"US": ["C-130 Hercules"]})
    g.state.reinforcements["US"] = [{"uid": "R1", "type": "usmc_iamd_section", "task_force": BLUE}]
    datacodec.touched(g.state, "reinforcements")          # a test's in-place edit of a tracked field
    g.apply(A.BeginImpulse(BLUE))
    g.apply(A.Declare((A.CoreAction("play_jcc", jcc="C-130 Hercules"),)))
    assert A.PlayCard(cid(g, "C-130 Hercules"), "A", ("R1",), "J-8", 1) in g.legal_actions()
    assert ex.game.state.units["R1"].hex == "J-8"


def test_13_38_sealift_mines_at_the_landing_port_attack_the_units_carried():
    from lcb_lab.games.lcb.rules.markers import mines
    g, lcu = _sealift_game()
    g.dice = type(g.dice)(forced=[2, 19])
    mines.place_secret(g._ctx(), [{"team": "RU", "hex": "I-18", "cubes": 2, "terrain": "land"}])
    g.apply(A.BeginImpulse(BLUE))
    g.apply(A.Declare((A.CoreAction("play_jcc", jcc="LCU-2000"),)))
    g.apply(A.PlayCard(lcu, "A", ("1 Inf", "2 Inf"), "I-18", action=1))
    assert g.pending is not None and g.pending.kind == "mine_attack" and g.to_act() == "RU"
    assert "RU" not in json.dumps([m for m in g.view("US")["card_markers"]])      # still secret to the US
    target = g.pending.options.targets[0]
    g.apply(A.AnswerMines(mines=(A.MineShot(target, 2),)))
    hurt = [u for u in units(g, ["1 Inf", "2 Inf"]) if u.hp < 2]
    assert len(hurt) == 1 and hurt[0].hp == 1                                     # 2 (hit) and 19 (miss)
    assert all(u.hex == "I-18" for u in units(g, ["1 Inf", "2 Inf"]) if not u.destroyed)


def test_12_52_12_27_the_ship_must_have_room_for_the_units_coming_aboard():
    g, lift = ch12._lift_game(24, extra={"Up": {"type": "usmc_infantry_platoon", "hex": "J-8"},
                                         "Up2": {"type": "usmc_infantry_platoon", "hex": "J-8"}})
    ch12._lift_declare(g)
    e = refused(g, A.PlayCard(lift, "A", ("Up", "Up2"), "J-8", action=1), "10.21")   # 24 + 2 > 25 GPSV
    assert "25" in e.reason
    g.apply(A.PlayCard(lift, "A", ("Up",), "J-8", action=1))
    assert g.state.units["Up"].embarked_on == "LHA 8"


def test_10_36_another_task_force_may_not_use_the_ships_deployed_lift():
    g, lift = ch12._lift_game(9, extra={"Grey": {"type": "usmc_infantry_platoon", "hex": "T-1",
                                                 "task_force": "TF Grey"}},
                              task_forces={"TF Blue": "US", "TF Grey": "US", "TF Red": "RU"})
    ch12._lift_declare(g)
    g.apply(A.PlayCard(lift, "A", ("1 Inf",), "J-8", action=1))
    ch12.pass_turn(g)
    g.state.initiative = "US"
    g.apply(A.BeginImpulse("TF Grey"))
    g.apply(A.Declare())
    refused(g, A.PlayCard(lift, "A", ("2 Inf",), "J-8"), "10.36")
