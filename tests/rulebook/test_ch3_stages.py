"""Planning and Deployment Stages (3.1, 3.2, 3.24, 9.31, 9.5, 10.2, 15.12-15.14) and App. B's.

The rules tests play gotland_redux (App. B's scenario) with a TEST deck
(tests/rulebook/stage_decks: the App. B card names with the fields the stage rules read, plus
a few cards for the corner cases); App. B itself is reproduced with the packaged sandbox
decks. Every refusal is checked to leave the state byte-identical.
"""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from lcb_lab.games.lcb import actions as A
from lcb_lab import load_scenario, situation
from lcb_lab.games.lcb.model.cards import load_decks
from lcb_lab.kernel.errors import ScenarioError
from lcb_lab.games.lcb.game import Game
from lcb_lab.games.lcb.rules.cards import effects as card_effects
from lcb_lab.games.lcb.rules.stages.deployment import auto_deploy
from lcb_lab.games.lcb.rules.cards.scripted import network_cube
from lcb_lab.games.lcb.model.state import PlanningGrant, other
from tests.refusals import refused

DIR = Path(__file__).parent / "stage_decks"
APPB = "gotland_redux"
DECKS = load_decks(str(DIR))


def _test_cube(ctx, link, ct, eff) -> bool:
    """Stand-in for the play rules' ``network_cube`` until it is registered: n cubes on the
    ENEMY Tactical Network (the contract's meaning)."""
    network_cube(ctx, other(link.team), eff.args.get("n", 1), f"{ct.name}", ["7.61"])
    return True


card_effects.EFFECTS.setdefault("network_cube", _test_cube)


# App. B Deployment (facts.md 5 rows 17-19)
APPB_HEXES = {"DDG-51": "AL-29", "DDG(X)-106": "AO-24", "LHD 1": "AM-26", "DDG-80": "AM-27",
              "1 Anna": "AL-21", "2 Anna": "AL-21", "3 Anna": "AL-21", "1 Yelena": "AK-21",
              "1 Zhuk": "AK-20", "DDG-605": "AN-18", "1 Tanya": "AJ-24", "Ivan Co": "AJ-22",
              "FFG-454": "AL-18"}
APPB_EMBARKED = ["1 Alpha", "2 Alpha", "3 Alpha", "4 Alpha", "1 Kilo", "1 Whiskey"]


def planning_game(**kw) -> Game:
    return load_scenario(APPB, seed=1, start="planning", decks=DECKS, **kw)


def dump(g: Game) -> str:
    return json.dumps(g.state.to_dict(), sort_keys=True)




def cards(g: Game, team: str, name: str | None = None) -> list:
    return [c for c in g.state.cards.values() if c.team == team and (name is None or c.name == name)]


def card(g: Game, team: str, name: str):
    (c,) = cards(g, team, name)
    return c


def buy_appb(g: Game) -> None:
    """App. B Planning [a]: US MUX 2 + OSI 1 + P-8A 3; RU SigMan 2 + AoC2 2 + Pantsir-SM 2 on 2 Anna."""
    for n in ("MUX: Unmanned", "Open Source Intel", "P-8A: Surveillance"):
        g.apply(A.BuyCard("US", n))
    for n in ("Signals Management", "Attack on Command and Control"):
        g.apply(A.BuyCard("RU", n))
    g.apply(A.BuyCard("RU", "Pantsir-SM: IAMD", attach_to="2 Anna"))


def to_deployment(g: Game) -> None:
    buy_appb(g)
    g.apply(A.EndPlanning("US"))
    g.apply(A.EndPlanning("RU"))


# ================================================================== 3.1 Planning Stage
def test_a_planning_start_has_the_scenario_cp_the_prescribed_cards_and_no_unit_on_the_map():
    g = planning_game()
    s = g.state
    assert (s.stage, s.turn, s.cp, s.planning_stages) == ("planning", 1, {"US": 6, "RU": 6}, 1)
    assert all(u.hex is None and u.embarked_on is None for u in s.units.values())
    hosts = {(c.name, c.where, c.host) for c in s.cards.values() if c.host}
    assert hosts == {("Aegis Ballistic Missile Defense", "attached", "DDG(X)-106"),
                     ("Unmanned Ground Vehicles (UGVs)", "attached", "1 Alpha"),
                     ("V-BAT", "attached", "1 Whiskey"),
                     ("Amphibious: LCU", "embarked", "LHD 1"), ("MEU Rotary Attack", "embarked", "LHD 1"),
                     ("T-14 Tank: Unmanned", "attached", "1 Anna"),
                     ("Tactical Unmanned Aerial System (UAS)", "attached", "1 Tanya")}
    assert all(c.free for c in s.cards.values())           # App. B [b]: prescribed, free
    assert not cards(g, "US", "MUX: Unmanned")              # purchases are the players' (start = planning)
    assert sorted(s.placements.values()) == ["AL-19", "AN-27"]   # both CAPs, placed at deployment
    assert g.to_act() == "US"                                # the initiative first (3.01: simultaneous)


def test_buying_spends_cp_and_a_card_over_the_budget_is_refused_3_12():
    g = planning_game()
    for n, left in (("MUX: Unmanned", 4), ("Open Source Intel", 3), ("P-8A: Surveillance", 0)):
        g.apply(A.BuyCard("US", n))
        assert g.state.cp["US"] == left
    e = refused(g, A.BuyCard("US", "Open Source Intel"), "3.12", "costs 1 CP; US has 0 CP left")
    assert "Refused by rule 3.12" in str(e)
    refused(g, A.BuyCard("US", "No Such Card"), "3.12", "no card 'No Such Card' in the US deck")
    assert g.result is None or isinstance(g.result, str)


def test_both_teams_plan_at_once_and_legal_actions_work_for_either_team():
    g = planning_game()
    assert g.to_act() == "US"
    ru = g.legal_actions("RU")
    assert A.BuyCard("RU", "Cruise Missile Strike") in ru and A.EndPlanning("RU") in ru
    assert A.BuyCard("RU", "Pantsir-SM: IAMD", attach_to="2 Anna") in ru
    assert A.BuyCard("RU", "Pantsir-SM: IAMD", attach_to="1 Anna") not in ru   # 1 Anna has T-14 (9.31)
    for a in ru + g.legal_actions("US"):
        assert g.is_legal(a), a
    g.apply(A.BuyCard("RU", "Thermal Camo"))           # RU acts while US still plans
    g.apply(A.EndPlanning("US"))
    assert g.to_act() == "RU" and g.legal_actions("US") == []
    refused(g, A.BuyCard("US", "Open Source Intel"), "3.1", "US has ended its Planning Stage")
    refused(g, A.EndPlanning("US"), "3.1", "already ended")


def test_unspent_cp_are_lost_3_13_and_both_ends_open_the_deployment_stage():
    g = planning_game()
    g.apply(A.BuyCard("RU", "Cruise Missile Strike"))
    g.apply(A.EndPlanning("RU"))
    assert g.state.cp["RU"] == 0
    assert any("3 unspent CP lost" in e["text"] for e in g.state.log)
    assert g.state.stage == "planning"
    g.apply(A.EndPlanning("US"))
    assert (g.state.stage, g.state.cp, g.state.ready) == ("deployment", {"US": 0, "RU": 0}, [])
    refused(g, A.BuyCard("US", "Open Source Intel"), "3.12", "Planning Stage")


def test_attached_cards_one_per_unit_with_the_9_31_exception_and_host_requirements():
    g = planning_game()
    g.apply(A.BuyCard("RU", "Pantsir-SM: IAMD", attach_to="2 Anna"))
    assert card(g, "RU", "Pantsir-SM: IAMD").where == "attached"
    refused(g, A.BuyCard("RU", "T-14 Tank: Unmanned", attach_to="2 Anna"), "9.31", "only one")
    refused(g, A.BuyCard("RU", "T-14 Tank: Unmanned", attach_to="FFG-454"), "9.31", "requires ground")
    refused(g, A.BuyCard("RU", "Cruise Missile Strike", attach_to="3 Anna"), "9.3", "not an Attached card")
    refused(g, A.BuyCard("RU", "T-14 Tank: Unmanned", attach_to="1 Alpha"), "9.31", "RU has no unit named '1 Alpha'")
    # DDG(X)-106 holds Aegis, which does not count (9.31 EXCEPTION): it may take one more
    g.apply(A.BuyCard("US", "Naval Strike Missile", attach_to="DDG(X)-106"))
    refused(g, A.BuyCard("US", "Naval Strike Missile", attach_to="DDG(X)-106"), "9.31", "only one")
    refused(g, A.BuyCard("US", "Naval Strike Missile", attach_to="LHD 1"), "10.39", "Embark-capable ship")


def test_attached_cards_are_bought_only_in_the_first_planning_stage_9_31():
    g = situation(units={"DDG-51": ("usn_ddg_51", "A-1"), "1 Anna": ("runi_naval_infantry_platoon", "F-6")},
                  naval=["A-1"], stage="planning", planning_stages=2, cp={"US": 6, "RU": 6}, decks=DECKS)
    refused(g, A.BuyCard("US", "Naval Strike Missile", attach_to="DDG-51"), "9.31", "only in the first")
    refused(g, A.BuyCard("RU", "T-14 Tank: Unmanned"), "9.31", "only in the first")
    g.apply(A.BuyCard("US", "Open Source Intel"))      # one-time cards may still be bought
    assert card(g, "US", "Open Source Intel").where == "pool"


def test_embarked_cards_need_a_space_value_or_an_embark_host_and_fit_the_embarkation_value_10_21():
    g = planning_game()
    g.apply(A.BuyCard("US", "Open Source Intel"))
    refused(g, A.BuyCard("US", "P-8A: Surveillance", embark_on="LHD 1"), "10.1", "no Space Value")
    refused(g, A.BuyCard("US", "F-22 Escorts", embark_on="LHD 1"), "10.21", "needs 6 ASV but LHD 1 has 3 of 5")
    refused(g, A.BuyCard("US", "MEU Rotary Attack", embark_on="DDG-51"), "10.1", "requires embark")
    g.apply(A.BuyCard("US", "MEU Rotary Attack", embark_on="LHD 1"))   # 2 + 2 ASV of 5
    assert [c.host for c in cards(g, "US", "MEU Rotary Attack")] == ["LHD 1", "LHD 1"]


def test_the_other_team_sees_counts_of_hidden_cards_only():
    g = planning_game()
    g.apply(A.BuyCard("US", "P-8A: Surveillance"))
    g.apply(A.BuyCard("US", "Naval Strike Missile", attach_to="DDG-51"))
    us_only = {c.name for c in cards(g, "US")} - {c.name for c in cards(g, "RU")}
    ru_view = json.dumps(g.view("RU")) + json.dumps(g.log_entries("RU"))
    leaked = [n for n in us_only if n in ru_view]
    assert leaked == [], leaked
    ru_log = g.log_entries("RU")
    assert ru_log[-1]["title"] == "US buys a card"
    assert ru_log[-1]["text"] == "11 hidden cards: 5 in the pool, 4 attached to units, 2 embarked on ships"
    assert any("P-8A: Surveillance" in e["title"] for e in g.log_entries("US"))
    assert "DDG-51" not in json.dumps(ru_log[-2:])       # nor which unit got the Attached card


# ================================================================== 3.2 Deployment Stage
def test_units_deploy_face_down_in_their_scenario_area_and_nowhere_else_3_21():
    g = planning_game()
    to_deployment(g)
    refused(g, A.DeployUnit("1 Anna", hex="AL-22"), "3.2", "deploys in AL-21")
    refused(g, A.DeployUnit("1 Alpha", hex="AL-23"), "3.2", "embarks 1 Alpha on LHD 1")
    refused(g, A.DeployUnit("DDG-51", embark_on="LHD 1"), "3.2", "not embarked")
    refused(g, A.DeployUnit("1 Anna", hex="ZZ-99"), "3.2", "not a hex")
    g.apply(A.DeployUnit("1 Anna", hex="AL-21"))
    g.apply(A.DeployUnit("1 Alpha", embark_on="LHD 1"))
    a = g.state.units["1 Anna"]
    assert (a.hex, a.revealed) == ("AL-21", False)
    assert (g.state.units["1 Alpha"].embarked_on, g.state.units["1 Alpha"].hex) == ("LHD 1", None)
    assert "1 Anna" not in json.dumps(g.log_entries("US")[-2:])       # the other team sees a counter back
    assert g.log_entries("US")[-2]["title"] == "RU places a counter face down in AL-21"


def test_deploying_is_refused_outside_the_deployment_stage_3_02():
    g = planning_game()
    refused(g, A.DeployUnit("1 Anna", hex="AL-21"), "3.02", "Deployment Stage")
    refused(g, A.PlaceCard("US-6", hex="AN-27"), "3.02", "Deployment Stage")
    refused(g, A.EndDeployment("US"), "3.02", "Deployment Stage")
    refused(g, A.DeploymentOrder("US"), "9.5", "Deployment Stage")


def test_end_deployment_is_refused_while_a_unit_or_a_card_has_no_place_3_22():
    g = planning_game()
    buy_appb(g)
    g.apply(A.BuyCard("US", "Naval Strike Missile")) if g.state.cp["US"] >= 2 else None
    g.apply(A.EndPlanning("US"))
    g.apply(A.EndPlanning("RU"))
    refused(g, A.EndDeployment("RU"), "3.21", "units still to deploy: 1 Anna, 1 Tanya")
    for uid in sorted(u for u in g.state.units if g.state.units[u].team == "RU"):
        g.apply(A.DeployUnit(uid))                     # the area's only hex
    refused(g, A.EndDeployment("RU"), "3.2", "must be placed face up in AL-19")
    cap = card(g, "RU", "Combat Air Patrols")
    refused(g, A.PlaceCard(cap.cid, hex="AL-18"), "3.2", "face up in AL-19, not AL-18")
    refused(g, A.PlaceCard(cap.cid, attach_to="1 Anna"), "9.3", "not an Attached card")
    g.apply(A.PlaceCard(cap.cid, hex="AL-19"))
    cap = g.state.cards[cap.cid]            # (a refusal puts the state's own objects back)
    assert (cap.where, cap.hex, cap.face_up) == ("deployed", "AL-19", True)
    refused(g, A.PlaceCard(cap.cid, hex="AL-19"), "3.22", "already deployed")
    g.apply(A.EndDeployment("RU"))
    tn = card(g, "RU", "Tactical Network")
    assert (tn.where, tn.face_up, g.state.network_cubes["RU"]) == ("deployed", True, 1)   # 7.6, 3.02
    refused(g, A.DeployUnit("1 Anna", hex="AL-21"), "3.2", "RU has ended its Deployment Stage")


def test_an_attached_card_bought_without_a_host_is_attached_at_deployment():
    g = planning_game()
    g.apply(A.BuyCard("RU", "Pantsir-SM: IAMD"))
    g.apply(A.EndPlanning("RU"))
    g.apply(A.EndPlanning("US"))
    auto_deploy(g, "RU")
    refused(g, A.EndDeployment("RU"), "3.22", "Pantsir-SM: IAMD (RU) is an Attached card with no host")
    refused(g, A.PlaceCard("RU-9", attach_to="1 Anna"), "9.31", "already has an Attached card")
    g.apply(A.PlaceCard("Pantsir-SM: IAMD", attach_to="2 Anna"))
    assert card(g, "RU", "Pantsir-SM: IAMD").host == "2 Anna"
    assert g.log_entries("US")[-1]["title"] == "RU attaches a card to a unit"
    g.apply(A.EndDeployment("RU"))


def test_both_teams_end_deployment_then_the_action_stage_of_turn_1_begins_3_25():
    g = planning_game()
    to_deployment(g)
    for team in ("US", "RU"):
        auto_deploy(g, team)
    g.apply(A.EndDeployment("US"))
    assert g.to_act() == "RU" and g.state.stage == "deployment"
    g.apply(A.EndDeployment("RU"))
    s = g.state
    assert (s.stage, s.turn, s.initiative, s.ready) == ("action", 1, "US", [])
    assert g.to_act() == "US" and A.BeginImpulse("TF Boston") in g.legal_actions()


def _deployment_cards() -> Game:
    g = planning_game()
    g.apply(A.BuyCard("US", "Military Deception"))
    g.apply(A.BuyCard("RU", "Seabed Sabotage"))
    g.apply(A.EndPlanning("US"))
    g.apply(A.EndPlanning("RU"))
    return g


def test_deployment_stage_cards_one_opportunity_each_in_the_order_the_initiative_chooses_9_5():
    g = _deployment_cards()
    assert g.to_act() == "US"                      # the initiative decides the order (3.24)
    assert A.DeploymentOrder("RU") in g.legal_actions("US")
    assert not any(isinstance(a, A.DeploymentOrder) for a in g.legal_actions("RU"))
    g.apply(A.DeploymentOrder("RU"))               # US makes RU play first
    refused(g, A.DeploymentOrder("US"), "9.5", "the order is set")
    assert g.to_act() == "RU"
    refused(g, A.PlayCard("Military Deception"), "9.5", "RU's opportunity")
    refused(g, A.PlayCard("Cruise Missile Strike"), "9.5")
    cubes = dict(g.state.network_cubes)
    g.apply(A.PlayCard("Seabed Sabotage"))          # 0 AP: no impulse, no AP (3.24)
    assert g.state.network_cubes == {**cubes, "US": cubes["US"] + 1}
    assert g.state.cards[card(g, "RU", "Seabed Sabotage").cid].where == "discarded" and g.state.chain == []
    refused(g, A.PlayCard("Military Deception"), "9.5", "RU's opportunity")
    auto_deploy(g, "RU")
    g.apply(A.EndDeployment("RU"))                  # RU's one opportunity is over
    assert g.to_act() == "US"
    g.apply(A.PlayCard("Military Deception"))
    assert g.state.network_cubes["RU"] == cubes["RU"] + 1
    auto_deploy(g, "US")
    g.apply(A.EndDeployment("US"))
    assert g.state.stage == "action"


def test_by_default_the_initiative_team_plays_its_deployment_cards_first_3_24():
    g = _deployment_cards()
    refused(g, A.PlayCard("Seabed Sabotage"), "9.5", "US's opportunity")
    g.apply(A.PlayCard("Military Deception"))       # US (the initiative) plays first: the order is set
    refused(g, A.DeploymentOrder("RU"), "9.5", "the order is set: US plays")
    assert g.state.deploy_first == "US"
    auto_deploy(g, "US")
    g.apply(A.EndDeployment("US"))
    g.apply(A.PlayCard("Seabed Sabotage"))
    assert g.state.network_cubes == {"US": 2, "RU": 2}


@pytest.mark.parametrize("decks", [None, DECKS], ids=["sandbox decks", "test deck"])
def test_app_b_planning_and_deployment_reproduced(decks):
    """App. B: CP 6 and 6 spent, the prescribed cards on their hosts, every unit in its hex,
    the US ground units in LHD 1's Embark Area, both CAPs face up, 1 cube on each network."""
    g = load_scenario("gotland_redux", seed=1, start="planning", decks=decks)
    buy_appb(g)
    assert g.state.cp == {"US": 0, "RU": 0}         # 2+1+3 and 2+2+2 (App. B [a])
    g.apply(A.EndPlanning("US"))
    g.apply(A.EndPlanning("RU"))
    for team in ("US", "RU"):
        auto_deploy(g, team)
        g.apply(A.EndDeployment(team))
    s = g.state
    assert {uid: u.hex for uid, u in s.units.items() if u.hex} == APPB_HEXES
    assert sorted(u.uid for u in s.units.values() if u.embarked_on == "LHD 1") == sorted(APPB_EMBARKED)
    assert not any(u.revealed for u in s.units.values())          # face down (3.21)
    hosts = sorted((c.name, c.where, c.host) for c in s.cards.values() if c.host)
    assert hosts == sorted([("Aegis Ballistic Missile Defense", "attached", "DDG(X)-106"),
                            ("Unmanned Ground Vehicles (UGVs)", "attached", "1 Alpha"),
                            ("V-BAT", "attached", "1 Whiskey"),
                            ("Amphibious: LCU", "embarked", "LHD 1"), ("MEU Rotary Attack", "embarked", "LHD 1"),
                            ("T-14 Tank: Unmanned", "attached", "1 Anna"),
                            ("Tactical Unmanned Aerial System (UAS)", "attached", "1 Tanya"),
                            ("Pantsir-SM: IAMD", "attached", "2 Anna")])
    pools = {t: sorted(c.name for c in s.cards.values() if c.team == t and c.where == "pool") for t in ("US", "RU")}
    assert pools == {"US": ["MARSOC HALO", "MUX: Unmanned", "Open Source Intel", "P-8A: Surveillance",
                            "Tactical Cyber Attack"],
                     "RU": ["Attack on Command and Control", "Cruise Missile Strike", "Signals Management",
                            "Social Media Exploitation", "Tactical Cyber Attack", "Thermal Camo"]}
    caps = {c.team: (c.where, c.hex, c.face_up) for c in s.cards.values() if c.name == "Combat Air Patrols"}
    assert caps == {"US": ("deployed", "AN-27", True), "RU": ("deployed", "AL-19", True)}
    assert s.network_cubes == {"US": 1, "RU": 1}
    assert all(card(g, t, "Tactical Network").face_up for t in ("US", "RU"))
    assert (s.stage, s.turn, g.to_act()) == ("action", 1, "US")
    # the same units and cards as the scenario started in the Action Stage (today's lessons)
    a = load_scenario("gotland_redux", seed=1, decks=decks).state
    assert {u: (x.hex, x.embarked_on) for u, x in s.units.items()} == \
        {u: (x.hex, x.embarked_on) for u, x in a.units.items()}

    def places(st):
        return sorted((c.team, c.name, c.where, c.host, c.hex, c.face_up, c.free) for c in st.cards.values())
    assert places(s) == places(a)
    assert sorted(c.name for c in s.cards.values() if not c.free) == sorted(BOUGHT)
    assert {u: x.attachments for u, x in s.units.items()} == {u: x.attachments for u, x in a.units.items()}
    assert {u: x.supply for u, x in s.units.items()} == {u: x.supply for u, x in a.units.items()}


BOUGHT = {"MUX: Unmanned", "Open Source Intel", "P-8A: Surveillance", "Signals Management",
          "Attack on Command and Control", "Pantsir-SM: IAMD"}


def test_aegis_adds_its_supply_to_ddg_x_106_at_attachment_9_31():
    """App. B Deployment: DDG(X)-106 slides Aegis under its tracker "and adds the associated
    supply" -- through the play rules' passive effect (attached_cv / add_supply), applied at
    attachment (9.31), in a Planning start as in an Action start."""
    ct = load_decks().card("US", "Aegis Ballistic Missile Defense")
    fns = [e.fn for e in ct.effects if e.when == "passive"]
    if not all(f in card_effects.EFFECTS for f in fns):
        pytest.skip(f"{fns} are the play helper's effect functions (not merged yet)")
    plain = situation(units={"DDG(X)-106": ("usn_ddg_x", "A-1")}, naval=["A-1"]).state.units["DDG(X)-106"].supply
    for start in ("planning", "action"):
        g = load_scenario("gotland_redux", start=start)
        aegis = card(g, "US", "Aegis Ballistic Missile Defense")
        assert g.state.units["DDG(X)-106"].supply != plain or aegis.supply, start


def test_auto_deploy_needs_a_fixed_hex():
    g = situation(units={"1 Anna": {"type": "runi_naval_infantry_platoon", "area": ["F-6", "F-7"]}},
                  stage="deployment", decks=DECKS)
    from lcb_lab.kernel.errors import LabError
    with pytest.raises(LabError, match="no fixed hex"):
        auto_deploy(g, "RU")
    refused(g, A.DeployUnit("1 Anna", hex="F-8"), "3.2", "deploys in F-6, F-7")
    g.apply(A.DeployUnit("1 Anna", hex="F-7"))
    g.apply(A.DeployUnit("1 Anna", hex="F-6"))       # placed again before the team ends (3.21)
    assert g.state.units["1 Anna"].hex == "F-6"


def test_embarked_units_fit_the_ships_embarkation_value_10_21():
    units = {"LHD 1": ("usn_lhd", "A-1")}
    units.update({f"{i} Tank": {"type": "usmc_infantry_platoon", "embark_area": "LHD 1"} for i in range(1, 27)})
    g = situation(units=units, naval=["A-1"], stage="deployment", decks=DECKS)
    for i in range(1, 26):
        g.apply(A.DeployUnit(f"{i} Tank"))
    refused(g, A.DeployUnit("26 Tank"), "10.21", "needs 1 GPSV but LHD 1 has 0 of 25")


# ================================================================== later Planning Stages, Influence
def _pass_turn(g: Game) -> None:
    for _ in range(2):
        for tf in ("TF Blue", "TF Red") if g.state.initiative == "US" else ("TF Red", "TF Blue"):
            g.apply(A.BeginImpulse(tf))
            g.apply(A.Declare(()))
            g.apply(A.EndImpulse())
            if g.state.stage != "action" or g.state.turn > 1:
                return


def _two_units(**kw) -> Game:
    return situation(units={"1 Whiskey": ("usmc_himars_section", "F-6"), "1 Anna": ("runi_naval_infantry_platoon", "A-1")},
                     decks=DECKS, **kw)


def test_a_later_planning_stage_where_the_scenario_grants_cp_with_the_influence_bonus_3_06_15_12():
    g = _two_units(influence=3)                   # 3 toward the US (15.12)
    g.state.planning_grants = [PlanningGrant(2, {"US": 3, "RU": 2})]
    g.state.cp_bonus = {"US": 0, "RU": 1}         # a cp_gain card earned RU 1 CP (3.15)
    _pass_turn(g)
    s = g.state
    assert (s.turn, s.stage, s.cp, s.planning_stages) == (2, "planning", {"US": 8, "RU": 3}, 2)
    assert s.cp_bonus == {"US": 0, "RU": 0}
    refused(g, A.BeginImpulse("TF Blue"), "3.3", "not the Planning Stage")
    refused(g, A.BuyCard("US", "Naval Strike Missile"), "9.31", "only in the first")
    g.apply(A.BuyCard("US", "P-8A: Surveillance"))
    g.apply(A.EndPlanning("US"))
    g.apply(A.EndPlanning("RU"))
    assert (s.stage, g.to_act()) == ("action", "US")      # no second Deployment Stage (3.02)
    assert card(g, "US", "P-8A: Surveillance").bought == 2


def test_no_planning_stage_on_a_turn_without_a_grant():
    g = _two_units(influence=5)
    g.state.planning_grants = [PlanningGrant(3, {"US": 3})]
    _pass_turn(g)
    assert (g.state.turn, g.state.stage) == (2, "action")


def test_two_free_cards_at_9_on_the_influence_meter_15_14():
    g = _two_units(influence=-9, initiative="RU")       # 9 toward RU
    g.state.influence_turn_start = -9
    from lcb_lab.games.lcb.rules.stages.planning import grant_free_cards
    grant_free_cards(g._ctx())
    assert g.state.free_cards == {"US": 0, "RU": 2}
    refused(g, A.BuyCard("RU", "T-14 Tank: Unmanned"), "15.14", "cannot be Attached")
    refused(g, A.BuyCard("US", "Open Source Intel"), "3.12", "Planning Stage")
    assert A.BuyCard("RU", "Cruise Missile Strike") in g.legal_actions("RU")
    g.apply(A.BuyCard("RU", "Cruise Missile Strike"))     # 3 CP, free (15.14)
    g.apply(A.BuyCard("RU", "Cruise Missile Strike"))
    assert [c.where for c in cards(g, "RU", "Cruise Missile Strike")] == ["pool", "pool"]
    refused(g, A.BuyCard("RU", "Thermal Camo"), "3.12", "Planning Stage")     # both taken


def test_free_cards_are_taken_before_the_first_impulse_15_14():
    g = _two_units(influence=-9, initiative="RU")
    g.state.free_cards = {"US": 0, "RU": 2}
    g.apply(A.BeginImpulse("TF Red"))
    refused(g, A.BuyCard("RU", "Thermal Camo"), "15.14", "before the first impulse")


# ================================================================== save / load mid-stage
@pytest.mark.parametrize("stage", ["planning", "deployment"])
def test_a_save_in_the_middle_of_each_stage_round_trips(stage):
    g = planning_game()
    g.apply(A.BuyCard("US", "MUX: Unmanned"))
    g.apply(A.BuyCard("RU", "Pantsir-SM: IAMD", attach_to="2 Anna"))
    if stage == "deployment":
        g.apply(A.EndPlanning("US"))
        g.apply(A.EndPlanning("RU"))
        g.apply(A.DeployUnit("1 Anna"))
        g.apply(A.DeploymentOrder("US"))
    assert g.state.stage == stage
    back = Game.from_json(g.to_json(), decks=DECKS)
    assert dump(back) == dump(g)
    assert back.to_act() == g.to_act() and back.legal_actions("RU") == g.legal_actions("RU")
    if stage == "deployment":
        back.apply(A.DeployUnit("2 Anna"))
        assert back.state.units["2 Anna"].hex == "AL-21"


@pytest.mark.parametrize("path, value, key", [
    (("cards", "US-1", "where"), "nowhere", "state.cards[US-1].where"),
    (("cards", "US-2", "host"), "1 Anna", "state.cards[US-2].host"),
    (("cp", "US"), -1, "state.cp[US]"),
    (("ready",), ["XX"], "state.ready[0]"),
    (("deploy_areas", "1 Anna", "hexes"), ["ZZ-99"], "state.deploy_areas[1 Anna].hexes"),
    (("placements", "US-6"), "ZZ-99", "state.placements[US-6]"),
    (("deploy_first",), "XX", "state.deploy_first"),
    (("cp", "US"), "6", "state.cp[US]"),
])
def test_a_save_with_malformed_stage_fields_is_refused_naming_the_key(path, value, key):
    g = planning_game()
    d = json.loads(g.to_json())
    cur = d["state"]
    for p in path[:-1]:
        cur = cur[p]
    cur[path[-1]] = value
    with pytest.raises(ScenarioError) as e:
        Game.from_json(json.dumps(d), decks=DECKS)
    assert e.value.key == key, e.value


# ================================================================== random play through the stages
@pytest.mark.parametrize("seed", [0, 1, 2])
def test_random_legal_play_goes_through_planning_and_deployment_to_the_action_stage(seed):
    """Every listed stage action applies (the rules accepted it on a copy); a random walk of
    either team's actions ends in the Action Stage with every unit deployed."""
    import numpy as np
    rng = np.random.default_rng(seed)
    g = planning_game()
    for _ in range(400):
        if g.state.stage == "action":
            break
        team = ("US", "RU")[int(rng.integers(2))]
        acts = g.legal_actions(team) or g.legal_actions()
        ends = [a for a in acts if isinstance(a, (A.EndPlanning, A.EndDeployment))]
        others = [a for a in acts if a not in ends]
        pick = others if others and rng.random() < 0.85 else (ends or others)
        g.apply(pick[int(rng.integers(len(pick)))])
    assert g.state.stage == "action", g.state.stage
    assert all(u.hex or u.embarked_on for u in g.state.units.values())
    assert all(c.where not in ("pool",) or not g._ctx().ctype(c).attached for c in g.state.cards.values())
    assert 0 <= g.state.cp["US"] and g.replay().state.to_dict() == g.state.to_dict()


def test_a_card_that_requires_an_embark_host_is_embarked_at_deployment_3_22():
    g = planning_game()
    g.apply(A.BuyCard("US", "MEU Rotary Attack"))           # bought into the pool, no host yet
    g.apply(A.EndPlanning("US"))
    g.apply(A.EndPlanning("RU"))
    auto_deploy(g, "US")
    cid = next(c.cid for c in cards(g, "US", "MEU Rotary Attack") if c.where == "pool")
    refused(g, A.EndDeployment("US"), "3.22", "MEU Rotary Attack (US) must be Embarked on its host")
    refused(g, A.PlaceCard(cid, embark_on="DDG-51"), "10.1", "requires embark")
    refused(g, A.PlaceCard(cid, attach_to="1 Alpha"), "9.3", "not an Attached card")
    g.apply(A.PlaceCard(cid, embark_on="LHD 1"))
    assert (g.state.cards[cid].where, g.state.cards[cid].host) == ("embarked", "LHD 1")
    assert g.log_entries("RU")[-1]["title"] == "US embarks a card"
    g.apply(A.EndDeployment("US"))
