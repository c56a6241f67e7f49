"""Optional rules 17.6 (pre-loaded disembarkation), 17.8 (Dual Combat Values) and 17.9 (naval supply
values): the rulebook's examples with forced dice, their corners, and the standard play when off.

Staging: :mod:`lcb_lab.games.lcb.content.optional_supply` (the notebook prints the same games)."""
from __future__ import annotations

import pytest

from lcb_lab.games.lcb import actions as A
from lcb_lab.games.lcb.content import optional_supply as O
from lcb_lab.games.lcb.content.worked.ch12 import cid
from lcb_lab.games.lcb.game import Game
from lcb_lab.games.lcb.rules.common import max_supply
from lcb_lab.games.lcb.rules.embarking import embark
from lcb_lab.kernel.errors import IllegalAction


def refused(g, action, rule: str, words: str = "") -> IllegalAction:
    """Apply ``action``, expect IllegalAction(rule) naming ``words``, and the state unchanged."""
    before = g.to_json()
    with pytest.raises(IllegalAction) as e:
        g.apply(action)
    assert e.value.rule == rule, e.value
    assert words in e.value.reason
    assert g.to_json() == before
    return e.value


def load(g, ship="LHD 1") -> dict:
    return embark.load(g._ctx(), ship)


# ====================================================================== 17.6 pre-loaded disembarkation
def test_17_61_example_lhd_1_preloads_10_gpsv_on_its_lcu_and_still_embarks_25():
    """17.61 ex.: 10 GPSV on the "Amphibious: LCU" (its 10 GPSV capacity) do not count toward LHD 1's
    25 GPSV Embarkation Value, so 25 GPSV more Embark (facts.md: LHD 1 row; the example's text is
    split mid-name, facts 18)."""
    ex = O.ex_17_61()
    g, lcu = ex.game, ex.ids["card"]
    assert g.state.preloaded == {lcu: ["1 Log", "2 Log", "1 Amtrac", "2 Amtrac"]}
    d = load(g)
    assert (d["gpsv"], d["gpsv_max"], d["gpsv_preloaded"], d["gpsv_units"]) == (25, 25, 10, 35)
    assert all(g.state.units[u].embarked_on == "LHD 1" and g.state.units[u].hex is None
               for u in [*O.PRELOAD, *O.EMBARKED])
    entry = next(e for e in g.log if e["title"].startswith("Pre-loaded on Amphibious: LCU"))
    assert entry["rules"] == ["17.61", "10.21"] and "25 left to Embark" in entry["text"]
    assert ex.lines[1].startswith("LHD 1: 0 of 25 GPSV") and ex.lines[3].startswith("LHD 1: 25 of 25 GPSV")


def test_17_61_the_ship_is_then_full_and_the_craft_holds_no_more_than_its_capacity():
    g = O.preload_game(extra={"1 Alpha": "usmc_infantry_platoon"})
    lcu = cid(g, "Amphibious: LCU")
    refused(g, A.PreloadCraft(lcu, (*O.PRELOAD, "1 Alpha")), "17.61", "need 11 GPSV; Amphibious: LCU carries 10")
    g.apply(A.PreloadCraft(lcu, tuple(O.PRELOAD)))
    for uid in O.EMBARKED:
        g.apply(A.DeployUnit(uid, embark_on="LHD 1"))
    refused(g, A.DeployUnit("1 Alpha", embark_on="LHD 1"), "10.21", "has 0 of 25 left")
    # taking units off the craft puts them back under the Embarkation Value (10.21): they no longer fit
    refused(g, A.PreloadCraft(lcu, ()), "10.21", "would count toward LHD 1's Embarkation Value again")


def test_17_61_without_the_optional_rule_the_ship_holds_25_gpsv_in_all():
    g = O.preload_game(optional=False)
    lcu = cid(g, "Amphibious: LCU")
    refused(g, A.PreloadCraft(lcu, tuple(O.PRELOAD)), "17.6", "optional rule this game does not use")
    assert not any(isinstance(a, A.PreloadCraft) for a in g.legal_actions("US"))
    for uid in O.EMBARKED:
        g.apply(A.DeployUnit(uid, embark_on="LHD 1"))
    refused(g, A.DeployUnit("1 Log", embark_on="LHD 1"), "10.21", "needs 3 GPSV but LHD 1 has 0 of 25 left")


def test_17_61_refusals_name_their_rule_and_change_nothing():
    g = O.preload_game(extra={"Ashore": "usmc_infantry_platoon"})
    lcu = cid(g, "Amphibious: LCU")
    g.state.deploy_areas["Ashore"].embark_on, g.state.deploy_areas["Ashore"].hexes = None, ["F-6"]
    refused(g, A.PreloadCraft(lcu, ("Ashore",)), "3.2", "deploys Ashore in F-6, not on LHD 1")
    refused(g, A.PreloadCraft(lcu, ("1 Log", "1 Log")), "17.61", "named twice")
    refused(g, A.PreloadCraft(lcu, ("LHD 1",)), "17.61", "not a ground unit")
    refused(g, A.PreloadCraft(lcu, ("Picket",)), "17.61", "no unit of US named 'Picket'")
    refused(g, A.PreloadCraft("US-99", ("1 Log",)), "17.61", "no card 'US-99'")
    offered = [a for a in g.legal_actions("US") if isinstance(a, A.PreloadCraft)]
    assert A.PreloadCraft(lcu, ("1 Log",)) in offered and len(offered) == len(O.PRELOAD) + len(O.EMBARKED)
    g.apply(A.PreloadCraft(lcu, ("1 Log",)))
    assert A.PreloadCraft(lcu, ()) in g.legal_actions("US")
    g = O.ex_17_61().game
    g.apply(A.EndDeployment("US"))
    refused(g, A.PreloadCraft(lcu, ("1 Log", "2 Log")), "3.2", "US has ended its Deployment Stage")


def test_17_62_in_the_action_stage_the_lcu_lands_exactly_its_preload():
    ex = O.ex_17_61()
    g, lcu = ex.game, ex.ids["card"]
    O.to_action_stage(g)
    refused(g, A.PreloadCraft(lcu, ("1 Log",)), "3.02", "the game is in the action stage")
    g.apply(A.BeginImpulse(O.BLUE))
    g.apply(A.Declare((A.CoreAction("move_embarked_jcc", ("LHD 1",), jcc="Amphibious: LCU"),)))
    refused(g, A.PlayCard(lcu, "A", ("1 Log", "2 Log"), "F-6", action=1), "17.62", "carries exactly those units")
    refused(g, A.PlayCard(lcu, "A", ("3 Amtrac", "4 Amtrac"), "F-6", action=1), "17.62")
    refused(g, A.PlayCard(lcu, "B", ("rp:5",), "F-6", action=1), "17.62")
    g.apply(A.PlayCard(lcu, "A", tuple(O.PRELOAD), "F-6", action=1))
    assert all(g.state.units[u].hex == "F-6" and g.state.units[u].embarked_on is None for u in O.PRELOAD)
    assert g.state.preloaded == {}                        # spent with the craft's first use
    spent = next(e for e in g.log if e["rules"] == ["17.62"])
    assert spent["title"] == "Amphibious: LCU carries its pre-load: 1 Log, 2 Log, 1 Amtrac, 2 Amtrac"
    assert g.log_entries("RU", since=g.log.index(spent), until=g.log.index(spent) + 1)[0]["title"] == \
        "US lands a pre-loaded craft"
    assert load(g)["gpsv"] == 25 and load(g)["gpsv_preloaded"] == 0


def test_17_62_no_other_transport_takes_a_preloaded_unit_off():
    """A port disembarkation (12.3) of a pre-loaded unit is refused; the other Embarked units may go."""
    ex = O.ex_17_61()
    g = ex.game
    g.state.units["LHD 1"].hex = "F-6"             # staged: the ship in F-6, a large port (features below)
    O.to_action_stage(g)
    g.apply(A.BeginImpulse(O.BLUE))
    g.apply(A.Declare((A.CoreAction("move_embarked_jcc", ("LHD 1",)),)))
    refused(g, A.PortTransfer("LHD 1", ("1 Log",), action=1), "17.62", "pre-loaded on Amphibious: LCU")
    g.apply(A.PortTransfer("LHD 1", ("3 Log",), action=1))
    assert g.state.units["3 Log"].hex == "F-6"


def test_17_61_a_save_keeps_the_preload(tmp_path):
    g = O.ex_17_61().game
    p = tmp_path / "g.json"
    g.save(p)
    h = Game.load(p)
    assert h.state.preloaded == g.state.preloaded and load(h)["gpsv_preloaded"] == 10


# ====================================================================== 17.8 Dual Combat Values
def test_17_81_example_two_whiskeys_fire_both_lrs_values_18_dice_for_one_ap():
    """17.81 ex.: the stack of 1 and 2 Whiskey, one Move and/or Combat action (1 AP of 3), each
    commits all 6 LRS(1) and 3 LRS(2) supply at one enemy unit: 18 LRS dice.  Forced rolls: only 2
    Whiskey's 12 (LRS(1), CV 12) and 14 (LRS(2), CV 14) hit: the 3-HP tank keeps 1 HP."""
    ex = O.ex_17_81()
    g = ex.game
    rolls = [e["data"] for e in g.log if e["kind"] == "lrs_roll"]
    assert [(r["cv"], len(r["dice"]), r["hits"]) for r in rolls] == [(12, 6, 0), (14, 3, 0), (12, 6, 1), (14, 3, 1)]
    assert sum(len(r["dice"]) for r in rolls) == 18 and [d for r in rolls for d in r["dice"]] == O.WHISKEY_DICE
    assert g.state.units["1 Tank"].hp == 1
    for w in ("1 Whiskey", "2 Whiskey"):
        assert g.state.units[w].supply == {"LRS1": 0, "LRS2": 0}
    assert ex.lines[0] == "AP left after one Move and/or Combat action: 2"
    odds = next(e for e in g.log if e["kind"] == "odds")
    assert odds["title"] == "Odds before rolling: LRS on 1 Tank (3 HP)"


def test_17_81_off_one_lrs_value_per_action_and_on_each_cv_keeps_its_range_and_supply():
    g = O.whiskey_game(optional=False)
    g.apply(A.BeginImpulse(O.BLUE))
    g.apply(A.Declare((A.CoreAction("move_combat", ("1 Whiskey", "2 Whiskey")),)))
    refused(g, A.CommitCombat(lrs=O.WHISKEY_ALLOCS), "7.34", "only one LRS value")
    g = O.whiskey_game()
    g.state.units["1 Tank"].hex = "C-11"                  # 5 hexes: LRS(1) reaches 4, LRS(2) 12
    g.apply(A.BeginImpulse(O.BLUE))
    g.apply(A.Declare((A.CoreAction("move_combat", ("1 Whiskey", "2 Whiskey")),)))
    refused(g, A.CommitCombat(lrs=O.WHISKEY_ALLOCS), "7.31", "LRS1 range is 4")
    refused(g, A.CommitCombat(lrs=(A.LrsAttack("1 Whiskey", "LRS2", "1 Tank", 4),)), "7.08", "has 3 LRS2 supply")
    g.apply(A.CommitCombat(lrs=(A.LrsAttack("1 Whiskey", "LRS2", "1 Tank", 3),
                                A.LrsAttack("2 Whiskey", "LRS2", "1 Tank", 3))))


def test_17_82_example_bravo_lrs_hit_gives_its_own_ground_assault_plus_2():
    """17.82 ex. (1-1 Bravo: stand-in RU mortars platoon, GA 3, LRS(1) 8 range 1).  The example fires
    the LRS, then moves in and assaults; all combat of an impulse is resolved together before or
    after the move (3.38, 5.12), so here the unit moves in first and commits both, and the hex's
    LRS is rolled before its GROUND ASSAULT (7.010).  LRS 5, 19 at 8: one hit; GA 4, 18 at 3 + 2 = 5:
    the 4 hits only thanks to the bonus; 1 Alpha's defense 20 at 4 misses.  1 Alpha (2 HP) is destroyed."""
    ex = O.ex_17_82()
    g = ex.game
    lrs = next(e["data"] for e in g.log if e["kind"] == "lrs_roll")
    assert (lrs["cv"], lrs["dice"], lrs["hits"]) == (8, [5, 19], 1)
    ga = [e for e in g.log if e["kind"] == "ga_roll"]
    att = ga[0]
    assert att["data"]["base_cv"] == 3 and att["data"]["cv"] == 5 and att["data"]["hits"] == 1
    assert "17.82" in att["rules"] and att["data"]["modifiers"][0][1:] == [2, "17.82"]
    assert ga[1]["data"]["dice"] == [20] and ga[1]["data"]["hits"] == 0
    assert g.state.units["1 Alpha"].destroyed and g.state.units["1-1 Bravo"].hp == 2
    assert g.state.units["1-1 Bravo"].supply == {"GA": 8, "LRS1": 4}
    assert [e["kind"] for e in g.log].index("odds") < [e["kind"] for e in g.log].index("lrs_roll")


def test_17_82_no_bonus_when_the_lrs_misses_and_no_second_cv_when_off():
    g = O.bravo_game(forced=[9, 19, 4, 18, 20])
    g.apply(A.BeginImpulse(O.RED))
    g.apply(A.Declare((A.CoreAction("move_combat", ("1-1 Bravo",)),)))
    g.apply(A.Move(1, ("G-7",)))
    g.apply(A.CommitCombat(lrs=(A.LrsAttack("1-1 Bravo", "LRS1", "1 Alpha", 2),),
                           ga=(A.GroundAssault("1-1 Bravo", "1 Alpha", 2),)))
    g.apply(A.AnswerDefense(defence=(A.Defense("1 Alpha", "1-1 Bravo", 1),)))
    g.apply(A.ResolveCombat())
    att = next(e["data"] for e in g.log if e["kind"] == "ga_roll")
    assert att["cv"] == 3 and att["hits"] == 0 and g.state.units["1 Alpha"].hp == 2
    g = O.bravo_game(optional=False)
    g.apply(A.BeginImpulse(O.RED))
    g.apply(A.Declare((A.CoreAction("move_combat", ("1-1 Bravo",)),)))
    g.apply(A.Move(1, ("G-7",)))
    refused(g, A.CommitCombat(lrs=(A.LrsAttack("1-1 Bravo", "LRS1", "1 Alpha", 2),),
                              ga=(A.GroundAssault("1-1 Bravo", "1 Alpha", 2),)), "7.02", "only one CV")


# ====================================================================== 17.9 naval supply values
def test_17_91_example_10_lrs_and_10_intercept_become_5_and_15():
    ex = O.ex_17_91()
    g = ex.game
    u = g.state.units["DDG-1"]
    assert u.supply == {"LRS1": 5, "INT1": 15} and g.state.naval_supply == {"DDG-1": {"LRS1": -5, "INT1": 5}}
    ctx = g._ctx()
    assert (max_supply(ctx, u, "LRS1"), max_supply(ctx, u, "INT1")) == (5, 15)    # RESUPPLY refills to these (8.02)
    entry = next(e for e in g.log if e["title"].startswith("Naval supply values"))
    assert entry["title"] == "Naval supply values: DDG-1 10 LRS1 + 10 INT1 -> 5 LRS1 + 15 INT1"
    assert entry["rules"] == ["17.91", "8.02"]
    # a second change in the same Deployment Stage starts from the new split; back to 10 + 10 clears it
    g.apply(A.NavalSupply("DDG-1", (A.SlotSupply("LRS1", 10), A.SlotSupply("INT1", 10))))
    assert u.supply == {"LRS1": 10, "INT1": 10} and g.state.naval_supply == {}


def test_17_91_refusals_off_total_outside_deployment_not_a_ship():
    g = O.naval_supply_game()
    split = lambda lrs, it: A.NavalSupply("DDG-1", (A.SlotSupply("LRS1", lrs), A.SlotSupply("INT1", it)))  # noqa: E731
    refused(g, split(5, 10), "17.91", "totals 15 but its initial allocation is 20")
    refused(g, split(-1, 21), "17.91", "cannot be negative")
    refused(g, A.NavalSupply("DDG-1", (A.SlotSupply("LRS1", 20),)), "17.91", "INT1 is missing")
    refused(g, A.NavalSupply("DDG-1", (A.SlotSupply("LRS1", 5), A.SlotSupply("INT1", 10),
                                       A.SlotSupply("GA", 5))), "17.91", "GA is not one of")
    refused(g, A.NavalSupply("Picket", (A.SlotSupply("GA", 10),)), "17.91", "not a ship")
    offered = [a for a in g.legal_actions("US") if isinstance(a, A.NavalSupply)]
    assert len(offered) == 20 and split(5, 15) in offered     # every split of 20 but the present one
    g.apply(A.EndDeployment("US"))
    refused(g, split(5, 15), "3.2", "US has ended its Deployment Stage")
    g = O.naval_supply_game(stage="action")
    refused(g, split(5, 15), "3.02", "the game is in the action stage")
    g = O.naval_supply_game(optional=False)
    refused(g, split(5, 15), "17.9", "optional rule this game does not use")
    assert not any(isinstance(a, A.NavalSupply) for a in g.legal_actions("US"))


def test_17_91_a_save_keeps_the_new_split(tmp_path):
    g = O.ex_17_91().game
    p = tmp_path / "g.json"
    g.save(p)
    h = Game.from_json(p.read_text(encoding="utf-8"), catalog=O.example_catalog())
    assert h.state.naval_supply == {"DDG-1": {"LRS1": -5, "INT1": 5}}
    assert h.state.units["DDG-1"].supply == {"LRS1": 5, "INT1": 15}     # 15 INT > the printed 10: the invariants allow it


def test_17_61_and_17_91_a_forged_record_in_a_save_is_refused(tmp_path):
    import json
    from lcb_lab.kernel.errors import ScenarioError
    g = O.ex_17_61().game
    p = tmp_path / "g.json"
    g.save(p)
    data = json.loads(p.read_text(encoding="utf-8"))
    data["state"]["preloaded"] = {"US-99": ["1 Log"]}
    p.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(ScenarioError) as e:
        Game.load(p)
    assert e.value.key == "state.preloaded[US-99]"
    g = O.ex_17_91().game
    data = json.loads(g.to_json())
    data["state"]["naval_supply"]["DDG-1"]["INT1"] = 6            # 11 cubes from 5 moved: the total changes
    with pytest.raises(ScenarioError) as e:
        Game.from_json(json.dumps(data), catalog=O.example_catalog())
    assert e.value.key == "state.naval_supply[DDG-1]"
