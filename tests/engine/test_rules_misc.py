"""Rules enforced in code that the worked examples do not reach."""
import pytest

from lcb_lab.kernel.errors import IllegalAction
from lcb_lab.games.lcb.model.state import Marker
from lcb_lab import situation
from tests.conftest import lrs_impulse, pass_impulse
from lcb_lab.games.lcb import actions as A

B, R = "TF Blue", "TF Red"


def test_7_61_network_repair_costs_2_ap_and_removes_a_cube():
    g = situation([("Inf", "usmc_infantry_platoon", "F-6", B)], network={"US": 2, "RU": 0})
    g.apply(A.BeginImpulse(B))
    before = g.to_json()
    with pytest.raises(IllegalAction) as e:     # 2 + 1 + 1 = 4 AP > 3
        g.apply(A.Declare((A.CoreAction("network_repair"), A.CoreAction("move_combat", ("Inf",)), A.CoreAction("play_jcc", jcc="x"))))
    assert e.value.rule == "3.32" and g.to_json() == before
    g.apply(A.Declare((A.CoreAction("network_repair"), A.CoreAction("move_combat", ("Inf",)))))
    assert g.state.network_cubes["US"] == 1 and g.impulse.ap == 0


def test_7_55_infinite_intercept_rolls_at_most_4_dice_and_several_units_may_defend_one_target():
    g = situation([("Uran", "runi_coastal_missile_section", "D-6", R),
                   ("DDG", "usn_ddg_51", "F-6", B, True), ("LHD 1", "usn_lhd", "F-6", B),
                   ("DDG2", "usn_ddg_51", "F-6", B)], naval=[f"{c}-{r}" for c in "EFG" for r in range(1, 13)],
                  initiative="RU", forced=[1, 1, 20, 20, 20, 20, 20])
    g.apply(A.BeginImpulse(R))
    g.apply(A.Declare((A.CoreAction("move_combat", ("Uran",)),)))
    g.apply(A.CommitCombat(lrs=(A.LrsAttack("Uran", "LRS1", "DDG", 2),)))
    with pytest.raises(IllegalAction) as e:
        g.apply(g.pending.answer_from([{"interceptor": "LHD 1", "slot": "INT1", "target": "DDG", "dice": 5}]))
    assert e.value.rule == "7.55"
    g.apply(g.pending.answer_from([{"interceptor": "LHD 1", "slot": "INT1", "target": "DDG", "dice": 4},
              {"interceptor": "DDG2", "slot": "INT1", "target": "DDG", "dice": 1}]))
    g.apply(A.ResolveCombat())
    assert g.state.units["DDG"].hp == 3 - 2            # five INTERCEPT misses: both hits land
    assert "INT1" not in g.state.units["LHD 1"].supply  # infinite: not tracked (4.32)
    assert g.state.units["DDG2"].supply["INT1"] == 12 - 1


def test_7_02_one_cv_per_unit_and_7_12_ga_range_0_and_ground_targets_only():
    g = situation([("1-1 Bravo", "usmc_himars_section", "F-6", B), ("Inf", "usmc_infantry_platoon", "F-6", B),
                   ("Anna", "runi_naval_infantry_platoon", "F-6", R, True),
                   ("Boris", "runi_naval_infantry_platoon", "F-7", R, True),
                   ("Ship", "rubf_ddg", "F-6", R, True)], mixed=["F-6"])
    g.apply(A.BeginImpulse(B))
    g.apply(A.Declare((A.CoreAction("move_combat", ("1-1 Bravo", "Inf")),)))
    with pytest.raises(IllegalAction) as e:
        g.apply(A.CommitCombat(ga=(A.GroundAssault("Inf", "Boris", 2),)))
    assert e.value.rule == "7.12"
    with pytest.raises(IllegalAction) as e:
        g.apply(A.CommitCombat(ga=(A.GroundAssault("Inf", "Ship", 2),)))
    assert e.value.rule == "7.12" and "naval" in e.value.reason
    with pytest.raises(IllegalAction) as e:
        g.apply(A.CommitCombat(lrs=(A.LrsAttack("Inf", "LRS1", "Boris", 1),)))
    assert e.value.rule == "7.3"


def test_7_09_terrain_also_lowers_ground_assault():
    g = situation([("Inf", "usmc_infantry_platoon", "F-6", B), ("Anna", "runi_naval_infantry_platoon", "F-6", R, True)],
                  colours={"F-6": "brown"}, forced=[20, 20],
                  auto={"ga_defence": "no_defence"})
    g.apply(A.BeginImpulse(B))
    g.apply(A.Declare((A.CoreAction("move_combat", ("Inf",)),)))
    g.apply(A.CommitCombat(ga=(A.GroundAssault("Inf", "Anna", 2),)))
    g.apply(A.ResolveCombat())
    roll = next(e for e in g.log if e["kind"] == "ga_roll")
    assert roll["data"]["cv"] == 4 - 2


def test_3_23_one_action_activates_one_hex():
    g = situation([("A", "usmc_infantry_platoon", "F-6", B), ("C", "usmc_infantry_platoon", "F-8", B)])
    g.apply(A.BeginImpulse(B))
    with pytest.raises(IllegalAction) as e:
        g.apply(A.Declare((A.CoreAction("move_combat", ("A", "C")),)))
    assert e.value.rule == "3.23"


def test_5_19_units_landed_this_turn_do_not_move_again():
    from lcb_lab import load_scenario
    g = load_scenario("gotland_redux")
    g.apply(A.BeginImpulse("TF Memphis"))
    g.apply(A.Declare((A.CoreAction("move_embarked_jcc", ("LHD 1",), jcc="Amphibious: LCU"),)))
    g.apply(A.ScriptedEffect(effect="disembark", from_="LHD 1", hex="AL-23", units=("1 Alpha",)))
    g.apply(A.EndImpulse())
    assert g.state.units["1 Alpha"].no_move
    assert g.movement_reach(["1 Alpha"]) == {"AL-23": 0}


def test_6_12_conceal_takes_only_the_task_forces_own_mildecs():
    markers = [Marker("M1", "mildec", "US", B, "F-6", revealed=True),
               Marker("M2", "mildec", "US", "TF Other", "F-6", revealed=True)]
    g = situation([("Inf", "usmc_infantry_platoon", "F-6", B, True)], markers=markers,
                  task_forces={B: "US", "TF Other": "US", R: "RU"})
    g.apply(A.BeginImpulse(B))
    g.apply(A.Declare((A.CoreAction("move_conceal", ("Inf",), markers=("M1",)),)))
    g.apply(A.Conceal(1))
    assert not g.state.markers["M1"].revealed and g.state.markers["M2"].revealed


def test_a_mildec_acts_once_per_turn():
    g = situation([("Inf", "usmc_infantry_platoon", "F-6", B)], markers=[Marker("M1", "mildec", "US", B, "F-6")])
    g.apply(A.BeginImpulse(B))
    with pytest.raises(IllegalAction) as e:
        g.apply(A.Declare((A.CoreAction("move_conceal", markers=("M1",)), A.CoreAction("move_combat", markers=("M1",)))))
    assert e.value.rule == "3.34"


def test_6_23_opposing_ships_in_one_hex_reveal_each_other():
    g = situation([("DDG", "usn_ddg_51", "F-8", B), ("FFG", "rubf_ffg_gorshkov", "F-1", R)],
                  naval=[f"F-{r}" for r in range(1, 13)])
    g.state.units["FFG"].hex = "F-9"
    g.state.units["DDG"].hex = "F-9"
    g.apply(A.BeginImpulse(B))
    g.apply(A.Declare((A.CoreAction("move_conceal", ("DDG",)),)))
    with pytest.raises(IllegalAction) as e:
        g.apply(A.Conceal(1))
    assert e.value.rule == "6.23"


def test_3_5_victory_check_and_turn_limit():
    g = situation([("DDG", "usn_ddg_51", "F-10", B), ("Anna", "runi_naval_infantry_platoon", "F-4", R, True)],
                  mixed=["F-10"], forced=[1, 1], auto={})
    g.state.victory = [{"team": "US", "type": "no_enemy_ground", "count": 1, "text": "Gotland cleared"}]
    lrs_impulse(g, B, "DDG", "Anna", 2)
    pass_impulse(g, R)
    assert g.state.stage == "over" and g.state.winner == "US" and "Gotland cleared" in g.state.result
    with pytest.raises(IllegalAction) as e:
        g.apply(A.BeginImpulse(B))
    assert e.value.rule == "3.5"


def test_3_5_turn_limit_without_winner_is_a_draw():
    g = situation([("A", "usmc_infantry_platoon", "F-6", B), ("B", "runi_naval_infantry_platoon", "F-2", R)])
    g.state.max_turns = 1
    for tf in (B, R):
        g.apply(A.BeginImpulse(tf))
        g.apply(A.Declare())
        g.apply(A.EndImpulse())
    assert g.state.stage == "over" and g.state.winner is None and "draw" in g.state.result


def test_15_influence_events_for_kills_and_plus_one_ap_from_next_turn():
    g = situation([("DDG", "usn_ddg_x", "F-12", B)] +
                  [(f"P{i}", "runi_naval_infantry_platoon", f"{c}-8", R, True) for i, c in enumerate("DEG")] +
                  [("Ship", "rubf_ddg", "F-3", R, True)], naval=[f"F-{r}" for r in range(1, 6)], mixed=["F-12"],
                  forced=[1] * 8, auto={"intercept": "no_intercept"})
    g.apply(A.BeginImpulse(B))
    g.apply(A.Declare((A.CoreAction("move_combat", ("DDG",)),)))
    g.apply(A.CommitCombat(lrs=tuple(A.LrsAttack("DDG", "LRS1", t, 2) for t in ("P0", "P1", "P2", "Ship"))))
    g.apply(A.ResolveCombat())
    assert g.state.total_kills["US"] == 4
    assert g.state.influence == 2            # a naval unit (+1) and the third kill of the turn (+1)
    g.state.influence = 6
    g.apply(A.EndImpulse())
    g.apply(A.BeginImpulse(R))
    assert g.impulse.ap == 1                 # RU has no units left (3.312)
    g.apply(A.Declare())
    g.apply(A.EndImpulse())
    g.apply(A.BeginImpulse(B))
    assert g.impulse.ap == 4                 # meter at 6 toward US as the turn began (15.0)


def test_7_02_a_unit_uses_one_cv_in_its_core_action():
    """The mortars platoon has a GA and an LRS value: it may not use both at once."""
    g = situation([("Mortars", "runi_mortars_platoon", "F-6", R), ("A", "usmc_infantry_platoon", "F-6", B, True),
                   ("C", "usmc_infantry_platoon", "F-7", B, True)], initiative="RU")
    g.apply(A.BeginImpulse(R))
    g.apply(A.Declare((A.CoreAction("move_combat", ("Mortars",)),)))
    with pytest.raises(IllegalAction) as e:
        g.apply(A.CommitCombat(lrs=(A.LrsAttack("Mortars", "LRS1", "C", 1),), ga=(A.GroundAssault("Mortars", "A", 1),)))
    assert e.value.rule == "7.02"


def test_5_19_a_landed_unit_is_refused_a_move():
    g = situation([("1 Alpha", "usmc_infantry_platoon", "F-6", B)])
    g.state.units["1 Alpha"].no_move = True          # as after a disembark this turn
    g.apply(A.BeginImpulse(B))
    g.apply(A.Declare((A.CoreAction("move_combat", ("1 Alpha",)),)))
    with pytest.raises(IllegalAction) as e:
        g.apply(A.Move(1, ("F-7",)))
    assert e.value.rule == "5.19"


def test_3_04_the_team_without_initiative_seizes_it_by_destroying_more():
    g = situation([("Msta", "runi_cannon_artillery", "F-2", R), ("Plt", "usmc_infantry_platoon", "F-4", B, True)],
                  forced=[1, 1])
    g.apply(A.BeginImpulse(B))
    g.apply(A.Declare())
    g.apply(A.EndImpulse())
    g.apply(A.BeginImpulse(R))
    g.apply(A.Declare((A.CoreAction("move_combat", ("Msta",)),)))
    g.apply(A.CommitCombat(lrs=(A.LrsAttack("Msta", "LRS1", "Plt", 2),)))
    g.apply(A.ResolveCombat())
    g.apply(A.EndImpulse())
    assert g.state.initiative == "RU" and g.state.influence == -1      # seized: one space toward RU
    assert "RU seizes the initiative" in g.explained_log()


def test_3_5_destroy_condition_wins():
    g = situation([("DDG", "usn_ddg_51", "F-10", B), ("Anna", "runi_naval_infantry_platoon", "F-4", R, True),
                   ("Boris", "runi_naval_infantry_platoon", "F-2", R)], mixed=["F-10"], forced=[1, 1], auto={})
    g.state.victory = [{"team": "US", "type": "destroy", "count": 1, "text": "one kill"},
                       {"team": "RU", "type": "hold", "count": 1, "text": "hold"}]
    lrs_impulse(g, B, "DDG", "Anna", 2)
    pass_impulse(g, R)
    assert g.state.winner == "US" and g.state.result == "US wins: one kill"


def test_zero_ap_attackers_lists_continuing_and_combined_arms_candidates():
    g = situation([("Shawn", "usmc_infantry_platoon", "F-6", B, True), ("Ziva", "runi_naval_infantry_platoon", "F-6", R, True),
                   ("W", "usmc_himars_section", "F-9", B), ("Inf", "usmc_infantry_platoon", "F-7", B)])
    g.state.continuing = {"F-6": "continuing"}
    g.apply(A.BeginImpulse(B))
    g.apply(A.Declare((A.CoreAction("move_combat", ("Inf",)),)))    # 7.18 needs a declared, paid GROUND ASSAULT
    assert g.zero_ap_attackers() == {"continuing": ["Shawn"], "combined_arms": ["W"]}


def test_odds_and_log_count_only_the_hp_a_target_has():
    """Hits beyond a target's HP are lost (7.05): odds and log say HP lost, not raw hits."""
    from lcb_lab.games.lcb.rules.combat.odds import engagement_odds
    o = engagement_odds([(6, 14)], [], hp=2)
    assert len(o.damage) == 3 and o.expected_damage <= 2
    assert o.damage[2] == pytest.approx(o.p_destroy)
    g = situation([("DDG", "usn_ddg_51", "F-10", B), ("Anna", "runi_naval_infantry_platoon", "F-4", R, True)],
                  mixed=["F-10"], forced=[1, 1, 1, 1], auto={})
    lrs_impulse(g, B, "DDG", "Anna", 4)
    dmg = next(e for e in g.log if e["kind"] == "damage")
    assert dmg["title"] == "Anna loses 2 HP" and "2 more hit(s) are lost" in dmg["text"]


def _test_catalog():
    """The packaged catalog plus two made-up types no real counter has (test only)."""
    from lcb_lab.games.lcb.model.catalog import Catalog, load_catalog, parse_catalog
    extra = parse_catalog({"unit": [
        {"type_id": "t_dual_int", "name": "two INTERCEPT values", "team": "US", "service": "test",
         "domain": "ground", "symbol": "air_defense", "abbrev": "T", "size": "section", "mp": 3, "hp": 2,
         "sources": {"mp": "sandbox: test", "hp": "sandbox: test"},
         "cv": [{"slot": "INT1", "value": 10, "range": 3, "supply": "inf", "sources": {"value": "sandbox: test"}},
                {"slot": "INT2", "value": 14, "range": 3, "supply": 6, "sources": {"value": "sandbox: test"}}]},
        {"type_id": "t_inf_lrs", "name": "infinite LRS", "team": "RU", "service": "test", "domain": "ground",
         "symbol": "artillery_rocket", "abbrev": "T", "size": "section", "mp": 3, "hp": 2,
         "sources": {"mp": "sandbox: test", "hp": "sandbox: test"},
         "cv": [{"slot": "LRS1", "value": 10, "range": 5, "supply": "inf", "sources": {"value": "sandbox: test"}}]},
    ]}, "<test>")
    base = load_catalog()
    return Catalog(units={**base.units, **extra.units}, markers=base.markers)


def test_7_34_infinite_lrs_rolls_at_most_4_dice_per_value_across_targets():
    g = situation([("Inf LRS", "t_inf_lrs", "F-2", R), ("A", "usmc_infantry_platoon", "F-4", B, True),
                   ("C", "usmc_infantry_platoon", "F-5", B, True)], initiative="RU", catalog=_test_catalog())
    g.apply(A.BeginImpulse(R))
    g.apply(A.Declare((A.CoreAction("move_combat", ("Inf LRS",)),)))
    with pytest.raises(IllegalAction) as e:
        g.apply(A.CommitCombat(lrs=(A.LrsAttack("Inf LRS", "LRS1", "A", 3), A.LrsAttack("Inf LRS", "LRS1", "C", 2))))
    assert e.value.rule == "7.34"


def test_7_56_one_intercept_value_against_one_attack():
    g = situation([("Uran", "runi_coastal_missile_section", "F-2", R), ("A", "usmc_infantry_platoon", "F-4", B, True),
                   ("C", "usmc_infantry_platoon", "F-5", B, True), ("Dual", "t_dual_int", "F-4", B)],
                  initiative="RU", catalog=_test_catalog(), forced=[20] * 20)
    g.apply(A.BeginImpulse(R))
    g.apply(A.Declare((A.CoreAction("move_combat", ("Uran",)),)))
    g.apply(A.CommitCombat(lrs=(A.LrsAttack("Uran", "LRS1", "A", 2), A.LrsAttack("Uran", "LRS1", "C", 2))))
    with pytest.raises(IllegalAction) as e:
        g.apply(g.pending.answer_from([{"interceptor": "Dual", "slot": "INT1", "target": "A", "dice": 2},
                  {"interceptor": "Dual", "slot": "INT2", "target": "A", "dice": 2}]))
    assert e.value.rule == "7.56"
    g.apply(g.pending.answer_from([{"interceptor": "Dual", "slot": "INT1", "target": "A", "dice": 2},
              {"interceptor": "Dual", "slot": "INT2", "target": "C", "dice": 2}]))   # one value per attack
    assert g.state.units["Dual"].supply["INT2"] == 4


def test_combined_arms_candidates_only_when_a_ground_assault_is_possible():
    g = situation([("Inf", "usmc_infantry_platoon", "F-6", B), ("W", "usmc_himars_section", "F-9", B),
                   ("Anna", "runi_naval_infantry_platoon", "F-4", R)])
    g.apply(A.BeginImpulse(B))
    g.apply(A.Declare((A.CoreAction("move_conceal", ("Inf",)),)))
    assert g.zero_ap_attackers() == {"continuing": [], "combined_arms": []}
    g2 = situation([("Inf", "usmc_infantry_platoon", "F-6", B), ("W", "usmc_himars_section", "F-9", B)])
    g2.apply(A.BeginImpulse(B))
    g2.apply(A.Declare((A.CoreAction("move_combat", ("Inf",)),)))
    assert g2.zero_ap_attackers()["combined_arms"] == ["W"]


def test_3_5_hold_condition_decides_at_the_turn_limit():
    g = situation([("A", "usmc_infantry_platoon", "F-6", B), ("Z", "runi_naval_infantry_platoon", "F-2", R)])
    g.state.max_turns = 1
    g.state.victory = [{"team": "US", "type": "destroy", "count": 1, "text": "one kill"},
                       {"team": "RU", "type": "hold", "count": 1, "text": "RU holds"}]
    pass_impulse(g, B)
    pass_impulse(g, R)
    assert g.state.winner == "RU" and g.state.result == "RU wins: RU holds"


def test_5_110_the_bridge_hex_is_mixed_and_carries_ground_movement():
    from lcb_lab.games.lcb.model.board import load_board
    b = load_board("gotland")
    bridge = next(h for h in b.hexes.values() if any(f.kind == "bridge" for f in h.features))
    assert bridge.kind == "mixed" and len(bridge.ground_links) >= 2
