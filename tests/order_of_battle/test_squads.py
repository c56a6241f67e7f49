"""Squads (l.53-57) and missions (l.63-73) on staged Command Displays."""
import pytest

from lcb_lab.games.order_of_battle import actions as A
from lcb_lab.games.order_of_battle.observer import view
from lcb_lab.kernel.errors import IllegalAction

from .helpers import at_phase, bare, data, give, squad, titles


def refused(g, act, rule):
    before = data(g)
    with pytest.raises(IllegalAction) as e:
        g.apply(act)
    assert e.value.rule == rule and data(g) == before
    assert act not in g.legal_actions()
    return e.value.reason


def organizing():
    g = bare()
    ids = {n: give(g, "Ash", n) for n in ("Vex Marlowe", "Gunner", "Netrunner", "Street Tough", "Monoblade",
                                          "Rail Pistol", "Flak Vest")}
    return at_phase(g, "organization", ["Ash", "Birch"]), ids


def test_a_battlelord_leads_at_most_its_command_score_of_puds():
    g, ids = organizing()
    g.apply(A.FormSquad(ids["Vex Marlowe"]))                    # Command 2 (sandbox card)
    g.apply(A.Reassign(ids["Gunner"], ids["Vex Marlowe"]))
    g.apply(A.Reassign(ids["Netrunner"], ids["Vex Marlowe"]))
    reason = refused(g, A.Reassign(ids["Street Tough"], ids["Vex Marlowe"]), "l.53")
    assert reason == "Vex Marlowe's Command score is 2: the squad holds 2 PUDs already"
    assert not g.state.commanders["Ash"].asset(ids["Gunner"]).face_up          # reassigned unrevealed (l.57)
    refused(g, A.FormSquad(ids["Vex Marlowe"]), "l.53")
    refused(g, A.FormSquad(ids["Monoblade"]), "l.53")


def test_a_pud_squad_flips_its_leader_and_holds_three_puds_at_most():
    g, ids = organizing()
    g.apply(A.FormSquad(ids["Gunner"]))
    assert g.state.commanders["Ash"].asset(ids["Gunner"]).face_up                # flipped face up (l.55)
    assert view(g, "Birch")["commanders"][0]["display"][2]["card"] == "Gunner"
    g.apply(A.Reassign(ids["Netrunner"], ids["Gunner"]))
    g.apply(A.Reassign(ids["Street Tough"], ids["Gunner"]))
    extra = give(g, "Ash", "Street Tough")
    assert refused(g, A.Reassign(extra, ids["Gunner"]), "l.55") == (
        "no more than three PUDs may be grouped without a Battlelord")
    refused(g, A.Reassign(ids["Monoblade"], ids["Gunner"]), "l.94")             # Equipment: a Battlelord's


def test_equipment_one_per_slot_and_free_reallocation():
    g, ids = organizing()
    vex = ids["Vex Marlowe"]
    g.apply(A.FormSquad(vex))
    g.apply(A.Reassign(ids["Monoblade"], vex))
    refused(g, A.Reassign(ids["Rail Pistol"], vex), "l.94")                      # one Weapon
    g.apply(A.Reassign(ids["Flak Vest"], vex))
    g.apply(A.FormSquad(ids["Gunner"]))
    g.apply(A.Reassign(ids["Netrunner"], vex))
    g.apply(A.Reassign(ids["Netrunner"], ids["Gunner"]))                        # moved between squads (l.57)
    assert g.state.squads[vex].puds == [] and g.state.squads[ids["Gunner"]].puds == [ids["Netrunner"]]
    g.apply(A.Disband(ids["Gunner"]))
    assert ids["Gunner"] not in g.state.squads and g.state.commanders["Ash"].asset(ids["Netrunner"]).squad == ""
    g.apply(A.DoneOrganizing())
    assert g.to_act() == "Birch" and titles(g, "done") == ["Ash has organized 1 squad(s)"]


def test_missions_pud_squads_defend_and_regular_missions_need_a_card():
    g = bare()
    vex, gunner = give(g, "Ash", "Vex Marlowe"), give(g, "Ash", "Gunner")
    squad(g, "Ash", vex)
    squad(g, "Ash", gunner)
    g.state.commanders["Ash"].hand = ["Sabotage", "Ambush"]
    birch_spot = give(g, "Birch", "Night Strip")
    at_phase(g, "assignment", ["Ash", "Birch"])
    assert refused(g, A.AssignMission(gunner, "face", "Birch", "Birch-0"), "l.65") == (
        "a PUD-led squad may only perform Defense Missions")
    refused(g, A.AssignMission(vex, "regular", "Birch", "Birch-0", "Ambush"), "l.69")
    refused(g, A.AssignMission(vex, "face", "Ash", "Ash-0"), "l.67")
    g.state.commanders["Birch"].asset(birch_spot).face_up = False
    refused(g, A.AssignMission(vex, "face", "Birch", birch_spot), "l.67")         # not an active Hotspot
    assert {a for a in g.legal_actions() if isinstance(a, A.AssignMission)} == {
        A.AssignMission(vex, "face", "Birch", "Birch-0"), A.AssignMission(vex, "regular", "Birch", "Birch-0", "Sabotage")}
    g.apply(A.AssignMission(vex, "regular", "Birch", "Birch-0", "Sabotage"))
    assert g.state.commanders["Ash"].hand == ["Ambush"] and g.state.squads[vex].card == "Sabotage"
    refused(g, A.AssignMission(vex, "face", "Birch", "Birch-0"), "l.73")          # one mission a turn
    g.apply(A.DoneAssigning())
    assert titles(g, "done")[-1] == f"Ash's squads for defense: {gunner}"         # the rest defend (l.71)
