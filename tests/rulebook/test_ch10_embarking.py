"""Chapter 10 (Embarking): Space and Embarkation Values, capacity on load, 10.38, 10.310, 10.311.

The worked examples are staged by :mod:`lcb_lab.games.lcb.content.worked.ch10` (the notebook
04_ch10_embarking prints the same games).  Where a printed example contradicts the rules
(10.35 ex. 1's tank platoons), the test follows the rules and says so.
"""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from lcb_lab.games.lcb import actions as A
from lcb_lab import load_scenario, situation
from lcb_lab.kernel.errors import IllegalAction, ScenarioError
from lcb_lab.games.lcb.observer import observe, redact_log
from lcb_lab.games.lcb.observer_cards import observe_cards
from lcb_lab.games.lcb.rules.embarking import embark, losses
from lcb_lab.games.lcb.content.worked import ch10
from lcb_lab.games.lcb.content.worked.ch10 import COAST, SEA
from lcb_lab.kernel.datacodec import touched
from tests.budget import budget
from tests.refusals import refused


def _snap(g) -> str:
    return json.dumps(g.state.to_dict(), sort_keys=True)




def _load(g, ship):
    return embark.load(g._ctx(), ship)


# ------------------------------------------------------------------ catalog and decks
def test_space_and_embarkation_values_have_their_provenance():
    g = situation({"LHD 1": ("usn_lhd", "B-6")}, naval=SEA)
    lhd, lha, lsd = (g.catalog.unit(t) for t in ("usn_lhd", "usn_lha", "usn_lsd"))
    assert (lhd.embark_gpsv, lhd.embark_asv, lhd.embark_rotary, lhd.embark_fixed) == (25, 5, True, True)
    assert lhd.source("embark_rotary").startswith("rulebook 10.34")
    assert lha.embark_rotary and lha.embark_fixed and lha.source("embark_fixed").startswith("rulebook 11.12")
    assert lha.source("embark_gpsv").startswith("sandbox")
    assert (lsd.embark_asv, lsd.embark_rotary, lsd.embark_fixed) == (0, False, False)
    assert lsd.source("name").startswith("rulebook 10.310")
    assert all(embark.embark_capable(t) for t in (lhd, lha, lsd))
    assert not embark.embark_capable(g.catalog.unit("usn_ddg_51"))
    ctx = g._ctx()
    mux, fw, lcu = (ctx.ctype(n, "US") for n in ("MUX: Unmanned", "MEU Fixed-Wing", "Amphibious: LCU"))
    assert [embark.aviation_symbol(c) for c in (mux, fw, lcu)] == ["rotary", "fixed", None]
    assert mux.source("aviation") == "rulebook 10.34 ex. (marked by a black helicopter)"
    assert lcu.amphibious and embark.card_space(lcu) == (0, 0) and lcu.source("amphibious").startswith("rulebook 10.22")


# ------------------------------------------------------------------ 10.34
def test_10_34_example_lhd_1_takes_meu_rotary_attack_and_two_mux():
    """LHD 1 (25 GPSV / 5 ASV, helicopter and fighter) Embarks 1 MEU Rotary Attack (1 ASV) and
    2 MUX (1 ASV each): 3 ASV, well within 5."""
    g, lines = ch10.ex_10_34()
    d = _load(g, "LHD 1")
    assert (d["gpsv"], d["asv"], d["gpsv_max"], d["asv_max"]) == (0, 3, 25, 5)
    assert sorted(g.state.cards[c].name for c in d["cards"]) == ["MEU Rotary Attack", "MUX: Unmanned", "MUX: Unmanned"]
    assert all(c.where == "embarked" and c.host == "LHD 1" for c in g.state.cards.values())
    assert g.state.cp["US"] == 12 - 6
    assert "LHD 1  GPSV [..........] 0/25  ASV [######....] 3/5  (helicopter, fighter)" in lines
    # the two ASV left take MEU Fixed-Wing (2 ASV, fighter); then nothing with an ASV fits
    g.apply(A.BuyCard("US", "MEU Fixed-Wing", embark_on="LHD 1"))
    assert _load(g, "LHD 1")["asv"] == 5
    refused(g, A.BuyCard("US", "MUX: Unmanned", embark_on="LHD 1"), "10.21", "needs 1 ASV but LHD 1 has 0 of 5 left")


def test_10_34_meu_rotary_attack_requires_an_lhd_or_lha_and_the_helicopter_symbol():
    g, _ = ch10.ex_10_34()
    refused(g, A.BuyCard("US", "MEU Rotary Attack", embark_on="LSD 41"), "10.1", "requires lhd_lha")
    # MUX needs no ship type, but its black helicopter needs the ship's (LSD 41 has none)
    refused(g, A.BuyCard("US", "MUX: Unmanned", embark_on="LSD 41"), "10.35", "helicopter symbol")


def test_10_35_a_fixed_wing_card_needs_the_fighter_symbol():
    cat = ch10.example_catalog()
    helo_only = cat.unit(ch10.EXAMPLE_SHIP).model_copy(update={"type_id": "helo_ship", "embark_fixed": False})
    cat = cat.model_copy(update={"units": {**cat.units, "helo_ship": helo_only}})
    g = situation({"SHIP": ("helo_ship", "B-6")}, naval=SEA, catalog=cat, stage="planning", cp={"US": 10, "RU": 0},
                  planning_stages=1)
    refused(g, A.BuyCard("US", "MEU Fixed-Wing", embark_on="SHIP"), "10.35", "fighter symbol")
    g.apply(A.BuyCard("US", "MEU Rotary Lift", embark_on="SHIP"))       # the helicopter is there
    assert _load(g, "SHIP")["asv"] == 2


# ------------------------------------------------------------------ 10.35
def test_10_35_example_1_follows_10_11_the_second_tank_platoon_does_not_fit():
    """10.35 ex. 1 prints '2x tank platoons (4 GPSV total)'; 10.11 gives a tank platoon 3 GPSV.
    lcb_lab follows 10.11: 5 infantry (5) + 1 tank (3) = 8 of 9 GPSV; the second tank (3 more)
    is refused (10.21).  The aviation part fits exactly: 2 MEU Rotary Lift (4 ASV) + MEU
    Fixed-Wing (2 ASV) = 6 of 6."""
    g, lines = ch10.ex_10_35_1()
    d = _load(g, "SHIP")
    assert (d["gpsv"], d["asv"]) == (8, 6)
    assert d["units"] == ["1 Alpha", "1 Tank", "2 Alpha", "3 Alpha", "4 Alpha", "5 Alpha"]
    assert g.state.units["2 Tank"].embarked_on is None
    assert "Embark 2 Tank: refused by rule 10.21 -- 2 Tank needs 3 GPSV but SHIP has 1 of 9 left" in lines
    refused(g, A.DeployUnit("2 Tank"), "10.21", "needs 3 GPSV but SHIP has 1 of 9 left")


def test_10_35_example_1_as_printed_with_two_gpsv_tanks_fills_the_ship():
    g, lines = ch10.ex_10_35_1(printed=True)
    d = _load(g, "SHIP")
    assert (d["gpsv"], d["asv"]) == (9, 6) and len(d["units"]) == 7 and len(d["cards"]) == 3
    assert "SHIP  GPSV [##########] 9/9  ASV [##########] 6/6  (helicopter, fighter)" in lines


def test_10_35_example_2_attached_combat_engineers_count_with_their_host():
    """4 infantry (4) + a fifth with Combat Engineers (2 together, 10.35) + a logistics company
    (3) = 9 GPSV; 2 MEU Rotary Lift + MEU Fixed-Wing = 6 ASV: the ship is full."""
    g, lines = ch10.ex_10_35_2()
    d = _load(g, "SHIP")
    assert (d["gpsv"], d["asv"]) == (9, 6)
    assert embark.unit_space(g._ctx(), "5 Alpha") == (2, 0)
    assert embark.unit_space(g._ctx(), "Echo") == (3, 0)
    assert "  unit  5 Alpha    2 GPSV (with Combat Engineers)" in lines
    g2 = situation({"SHIP": {"type": ch10.EXAMPLE_SHIP, "hex": "B-6"}, "6 Alpha": {"type": "usmc_infantry_platoon",
                    "embark_area": "SHIP"}}, naval=SEA, stage="deployment", catalog=ch10.example_catalog())
    assert g2.state.units["6 Alpha"].embarked_on is None
    # one more of anything is refused on the full ship
    g.state.units["6 Alpha"] = g2.state.units["6 Alpha"]
    touched(g.state, "units")      # staged in place: the snapshot looks at the map again
    g.state.deploy_areas["6 Alpha"] = g2.state.deploy_areas["6 Alpha"]
    touched(g.state, "deploy_areas")      # staged in place: the snapshot looks at the map again
    refused(g, A.DeployUnit("6 Alpha"), "10.21", "needs 1 GPSV but SHIP has 0 of 9 left")


def test_check_fits_api_counts_units_with_their_attached_cards_and_refuses_without_change():
    g, _ = ch10.ex_10_35_2()
    ctx = g._ctx()
    before = _snap(g)
    assert embark.fits_problem(ctx, "SHIP") is None                      # nothing new: fits
    assert embark.fits_problem(ctx, "SHIP", units=["5 Alpha"]) is None   # already aboard: not counted twice
    with pytest.raises(IllegalAction) as e:
        embark.check_fits(ctx, "Nope")
    assert e.value.rule == "10.31"
    assert embark.fits_problem(ctx, "5 Alpha")[0] == "10.31"             # not a ship
    assert embark.fits_problem(ctx, "SHIP", units=["Nobody"])[0] == "10.0"
    assert embark.fits_problem(ctx, "SHIP", units=iter(["5 Alpha"])) is None   # any iterable
    assert _snap(g) == before


def test_10_33_an_attached_card_stays_on_its_hosts_ship():
    g = situation({"LHD 1": ("usn_lhd", "B-6"), "LSD 41": ("usn_lsd", "B-8"),
                   "1 Alpha": {"type": "usmc_infantry_platoon", "embarked_on": "LSD 41"}},
                  naval=SEA, cards={"US": [{"name": "Unmanned Ground Vehicles (UGVs)", "attach_to": "1 Alpha"}]})
    ugv = next(iter(g.state.cards))
    rule, why = embark.fits_problem(g._ctx(), "LHD 1", cards=[ugv])
    assert rule == "10.33" and "1 Alpha" in why


def test_10_22_one_type_of_amphibious_card_per_ship():
    g, _ = ch10.ex_10_34()
    g.apply(A.BuyCard("US", "Amphibious: LCU", embark_on="LHD 1"))
    g.apply(A.BuyCard("US", "Amphibious: LCU", embark_on="LHD 1"))          # the same type again: allowed
    refused(g, A.BuyCard("US", "Amphibious: LCAC", embark_on="LHD 1"), "10.22", "one type of Amphibious card")
    g.apply(A.BuyCard("US", "Amphibious: LCAC", embark_on="LSD 41"))         # another ship: fine
    assert _load(g, "LHD 1")["amphibious"] == "Amphibious: LCU"
    assert _load(g, "LSD 41")["amphibious"] == "Amphibious: LCAC"


def test_10_39_attached_cards_never_attach_to_the_ship_itself():
    g, _ = ch10.ex_10_34()
    refused(g, A.BuyCard("US", "Aegis Ballistic Missile Defense", attach_to="LHD 1"), "10.39",
            "cannot be attached directly to the Embark-capable ship")


def test_10_39_10_33_an_attached_card_is_never_embarked_on_its_own():
    """10.39: an Attached card is not put on an Embark-capable ship directly; it is aboard when its
    host unit is (10.33). Placing an attached V-BAT, or one still in the pool, on LHD 1 in the
    Deployment Stage is refused naming 10.39 (not the Deployment Stage's 3.22)."""
    g = situation({"LHD 1": ("usn_lhd", "B-6"), "1 Whiskey": {"type": "usmc_himars_section", "area": ["F-6"]},
                   "1 Anna": ("runi_naval_infantry_platoon", "J-9")},
                  naval=SEA, stage="deployment",
                  cards={"US": [{"name": "V-BAT", "attach_to": "1 Whiskey"}, "V-BAT"]})
    attached, pool = (c.cid for c in sorted(g.state.cards.values(), key=lambda c: c.cid))
    e = refused(g, A.PlaceCard(attached, embark_on="LHD 1"), "10.39")
    assert "Attached to 1 Whiskey" in e.reason and "(10.33)" in e.reason
    refused(g, A.PlaceCard(pool, embark_on="LHD 1"), "10.39")


# ------------------------------------------------------------------ loading a scenario
def _scenario(tmp_path: Path, extra: str, cards_sub=None) -> Path:
    from lcb_lab.games.lcb.io.resources import locate
    text = locate("gotland_redux", "scenario").read_text(encoding="utf-8")
    if cards_sub:
        text = text.replace(*cards_sub)
    p = tmp_path / "over.toml"
    p.write_text(text + extra, encoding="utf-8")
    return p


def test_an_over_capacity_scenario_is_refused_naming_the_file_and_the_unit(tmp_path):
    extra = "".join(f'\n[[unit]]\nuid = "{i} Extra"\ntype = "usmc_infantry_platoon"\ntask_force = "TF Memphis"\n'
                    f'embarked_on = "LHD 1"\n' for i in range(1, 19))
    p = _scenario(tmp_path, extra)
    with pytest.raises(ScenarioError) as e:
        load_scenario(p)
    # App. B's LHD 1 carries 8 GPSV: the 17th extra platoon is the 26th GPSV
    assert e.value.file == str(p) and e.value.key == "unit[18 Extra].embarked_on", e.value
    assert "10.21" in str(e.value) and "0 of 25 left" in str(e.value)


def test_a_situation_over_the_embarkation_value_is_refused_as_a_scenario_file_is_10_21():
    """10.21: the cumulative Space Value aboard never exceeds the Embarkation Value. A staged
    situation is held to the same check as a scenario file (one function): 13 IAMD sections of 2 GPSV
    need 26 of LHD 1's 25 GPSV, so the 13th is refused naming its key; 12 load."""
    def units(n):
        return {"LHD 1": ("usn_lhd", "B-6"),
                **{f"{i} Kilo": {"type": "usmc_iamd_section", "embarked_on": "LHD 1"} for i in range(1, n + 1)}}
    g = situation(units(12), naval=SEA)
    assert _load(g, "LHD 1")["gpsv"] == 24
    with pytest.raises(ScenarioError) as e:
        situation(units(13), naval=SEA)
    assert e.value.key == "units.13 Kilo.embarked_on", e.value
    assert "(rule 10.21)" in str(e.value) and "1 of 25 left" in str(e.value)


def test_a_scenario_card_without_the_ships_asv_is_refused_naming_its_key(tmp_path):
    sub = ('{name = "MEU Rotary Attack", embark_on = "LHD 1"},',
           '{name = "MEU Rotary Attack", embark_on = "LHD 1"},\n  {name = "MEU Fixed-Wing", embark_on = "LHD 1"},\n'
           '  {name = "MEU Rotary Lift", embark_on = "LHD 1"},')
    p = _scenario(tmp_path, "", sub)
    with pytest.raises(ScenarioError) as e:
        load_scenario(p)
    # V-BAT (1, Attached to 1 Whiskey) + MEU Rotary Attack (1) + MEU Fixed-Wing (2) = 4; Rotary Lift's 2 more exceed 5
    assert e.value.key == "teams.US.prescribed[MEU Rotary Lift].embark_on", e.value
    assert "10.21" in str(e.value)


def test_the_appendix_b_scenario_loads_within_capacity():
    g = load_scenario("gotland_redux")
    d = _load(g, "LHD 1")
    assert (d["gpsv"], d["asv"]) == (8, 2)      # 4 platoons, IAMD 2, HIMARS 2; V-BAT 1 + MEU Rotary Attack 1
    assert d["amphibious"] == "Amphibious: LCU"


# ------------------------------------------------------------------ 10.38
def _aboard_game(**kw):
    return situation({"LHD 1": {"type": "usn_lhd", "hex": "E-6"},
                      "1 Alpha": {"type": "usmc_infantry_platoon", "embarked_on": "LHD 1"},
                      "2 Alpha": ("usmc_infantry_platoon", "F-6"),
                      "1 Anna": {"type": "runi_naval_infantry_platoon", "hex": "G-6", "face_up": True}},
                     naval=SEA, mixed=COAST, **kw)


@pytest.mark.parametrize("kind", ["move_combat", "move_conceal", "move_resupply", "move_embarked_jcc"])
def test_10_38_an_embarked_unit_conducts_no_core_action(kind):
    g = _aboard_game()
    g.apply(A.BeginImpulse("TF Blue"))
    refused(g, A.Declare((A.CoreAction(kind, ("1 Alpha",)),)), "10.38", "Embarked on LHD 1")


def test_10_38_an_embarked_unit_does_not_fire_as_a_combined_arms_supporter():
    g = situation({"LHD 1": {"type": "usn_lhd", "hex": "E-6"},
                   "1 Whiskey": {"type": "usmc_himars_section", "embarked_on": "LHD 1"},
                   "2 Alpha": ("usmc_infantry_platoon", "F-6"),
                   "1 Anna": {"type": "runi_naval_infantry_platoon", "hex": "G-6", "face_up": True}},
                  naval=SEA, mixed=COAST)
    g.apply(A.BeginImpulse("TF Blue"))
    g.apply(A.Declare((A.CoreAction("move_combat", ("2 Alpha",)),)))
    g.apply(A.Move(1, ("G-6",)))
    before = _snap(g)
    with pytest.raises(IllegalAction):
        g.apply(A.CommitCombat((A.LrsAttack("1 Whiskey", "LRS1", "1 Anna", 2),),
                               (A.GroundAssault("2 Alpha", "1 Anna", 4),)))
    assert _snap(g) == before


def test_10_38_the_legal_actions_never_activate_an_embarked_unit():
    g = _aboard_game()
    g.apply(A.BeginImpulse("TF Blue"))
    from lcb_lab.games.lcb.legal_declare import declaration_options
    assert declaration_options(g) and all("1 Alpha" not in c.units for c in declaration_options(g))


# ------------------------------------------------------------------ 10.310
def test_10_310_example_lsd_41_uses_unmanned_boats_attached_to_a_unit_it_carries():
    """Doug: 1 AP, LSD 41 moves five hexes and deploys Unmanned Boats (Attached to an Embarked
    unit; the 10.310 EXCEPTION) -- deployed, then expended; the ship and the unit stay as they
    were (embarked, concealed)."""
    g, lines = ch10.ex_10_310()
    boats = next(c for c in g.state.cards.values() if c.name == "Unmanned Boats")
    assert (boats.where, boats.host, boats.deployed, boats.expended) == ("attached", "1 Alpha", True, True)
    assert g.state.units["LSD 41"].hex == "B-6" and not g.state.units["LSD 41"].revealed
    assert g.state.units["1 Alpha"].embarked_on == "LSD 41"
    (m,) = [m for m in g.state.card_markers.values() if m.card == boats.cid]
    assert (m.kind, m.hex) == ("isr", "B-6")
    assert g.impulse.ap == 2                                                # 1 AP (11.1)
    assert "Unmanned Boats (Attached, aboard) option A: done" in lines


def test_10_310_other_attached_cards_of_embarked_units_are_unusable():
    g, _ = ch10.ex_10_310()
    ce = next(c.cid for c in g.state.cards.values() if c.name == "Combat Engineers")
    refused(g, A.PlayCard(ce, "A", targets=("G-6",), action=1), "10.310", "cannot be used while Embarked")
    g.apply(A.EndImpulse())
    g.apply(A.BeginImpulse("TF Red"))
    g.apply(A.Declare(()))
    g.apply(A.EndImpulse())
    g2 = _aboard_game(cards={"US": [{"name": "Combat Engineers", "attach_to": "1 Alpha"}]})
    g2.apply(A.BeginImpulse("TF Blue"))
    refused(g2, A.Declare((A.CoreAction("play_jcc", jcc="Combat Engineers"),)), "10.310")


def test_10_310_the_exception_goes_through_the_ships_embarked_action_only():
    g = _aboard_game(cards={"US": [{"name": "Unmanned Boats", "attach_to": "1 Alpha"}]})
    g.apply(A.BeginImpulse("TF Blue"))
    refused(g, A.Declare((A.CoreAction("play_jcc", jcc="Unmanned Boats"),)), "11.1")
    g.apply(A.Declare((A.CoreAction("move_embarked_jcc", ("LHD 1",), jcc="Unmanned Boats"),)))
    g.apply(A.PlayCard("US-1", "A", hex="E-6", action=1))
    assert g.state.cards["US-1"].deployed


# ------------------------------------------------------------------ 10.36
def test_10_36_only_the_ships_task_force_uses_its_embarked_cards():
    g = situation({"LHD 1": {"type": "usn_lhd", "hex": "E-6", "task_force": "TF Memphis"},
                   "DDG-51": {"type": "usn_ddg_51", "hex": "C-6", "task_force": "TF Boston"},
                   "1 Anna": {"type": "runi_naval_infantry_platoon", "hex": "H-8", "face_up": True}},
                  naval=SEA, mixed=COAST, task_forces={"TF Memphis": "US", "TF Boston": "US", "TF Red": "RU"},
                  cards={"US": [{"name": "MEU Rotary Attack", "embark_on": "LHD 1", "face_up": True}]})
    g.state.cards["US-1"].deployed = True            # played earlier: its free use is open (9.2)
    g.apply(A.BeginImpulse("TF Boston"))
    g.apply(A.Declare(()))
    refused(g, A.PlayCard("US-1", "A", targets=("1 Anna",)), "10.36", "only the player commanding the ship")


# ------------------------------------------------------------------ 10.311
def test_10_311_the_attacker_chooses_the_losses_per_hp():
    """DDG-605's LRS hits LHD 1 twice (3 and 4 under CV 12): 2 HP.  The RU team -- the attacker,
    as 10.311 says -- answers the embark_losses choice: the revealed MEU Rotary Attack by name,
    the two concealed cards as 'hidden:<n>', the units face up with their GPSV."""
    g, lines = ch10.ex_10_311()
    assert g.state.units["LHD 1"].hp == 2
    ch = g.pending
    assert (ch.kind, ch.team, ch.rule) == ("embark_losses", "RU", "10.311") and g.to_act() == "RU"
    assert ch.options.hp == 2 and ch.options.ship == "LHD 1"
    assert ch.options.cards == ("US-1", "hidden:0", "hidden:1")
    assert ch.options.to_dict()["units"] == [{"uid": "1 Alpha", "gpsv": 1}, {"uid": "1 Kilo", "gpsv": 2},
                                   {"uid": "1 Whiskey", "gpsv": 2}, {"uid": "2 Alpha", "gpsv": 1}]
    assert g.impulse.phase != "combat_done"          # the roll waits for the answer
    # 2 HP cannot take 3 cards and 4 GPSV (2 cards | 4 GPSV | 1 card + 2 GPSV per HP)
    refused(g, A.AnswerEmbarkLosses(picks=("US-1", "hidden:0", "hidden:1", "1 Kilo", "1 Whiskey")), "10.311", "do not fit")
    refused(g, A.AnswerEmbarkLosses(picks=("1 Kilo", "1 Kilo")), "10.311", "twice")
    refused(g, A.AnswerEmbarkLosses(picks=("DDG-605",)), "10.311", "not aboard")
    # 1 HP: 4 GPSV (Kilo + Whiskey); 1 HP: 1 card + 2 GPSV (MEU Rotary Attack, both Alphas)
    g.apply(A.AnswerEmbarkLosses(picks=("1 Kilo", "1 Whiskey", "US-1", "1 Alpha", "2 Alpha")))
    assert g.pending is None and g.impulse.phase == "combat_done"
    assert all(g.state.units[u].destroyed for u in ("1 Kilo", "1 Whiskey", "1 Alpha", "2 Alpha"))
    assert g.state.cards["US-1"].where == "discarded"
    assert g.state.kills["RU"] == 4                  # losses are kills for the Initiative Check (3.42)
    assert _load(g, "LHD 1")["gpsv"] == 0 and _load(g, "LHD 1")["asv"] == 1


def test_10_311_bundles():
    fit = losses.bundles_fit
    assert fit(1, 2, []) and fit(1, 0, [2, 2]) and fit(1, 1, [1, 1]) and fit(1, 0, [3, 1])
    assert not fit(1, 3, []) and not fit(1, 1, [3]) and not fit(1, 0, [3, 2]) and not fit(1, 2, [1])
    assert fit(2, 3, [2]) and fit(2, 0, [3, 3]) and not fit(2, 0, [3, 3, 2])   # per HP, not pooled
    assert fit(3, 0, [])                                                         # "may": nothing


def test_10_311_the_default_policy_loses_units_first_and_a_concealed_card_is_drawn_at_random():
    g, _ = ch10.ex_10_311()
    from lcb_lab.games.lcb.choices import policy_value
    assert policy_value(g.pending) == ["1 Kilo", "1 Whiskey", "1 Alpha", "2 Alpha", "US-1"]
    assert policy_value(g.pending, "lose_cards_first") == ["US-1", "hidden:0", "hidden:1", "1 Kilo"]
    assert policy_value(g.pending, "spare") == []
    # two concealed cards, US-2 (LCU) and US-3 (MUX) in cid order: a d20 of 2 takes number
    # (2 - 1) % 2 = 1, the MUX
    g.dice.force([2])
    g.apply(A.AnswerEmbarkLosses(picks=("hidden:0",)))
    assert g.state.cards["US-3"].where == "discarded" and g.state.cards["US-2"].where == "embarked"
    assert g.dice.history[-1][1] == [2] and "10.311" in g.dice.history[-1][0]
    entry = next(e for e in reversed(g.log) if e["kind"] == "embark_losses")
    assert "MUX: Unmanned (drawn at random)" in entry["text"]
    (ru,) = [e for e in redact_log([entry], "RU")]
    assert "MUX" not in ru["text"] and "1 concealed card(s) at random" in ru["text"]


def test_10_311_draw_rerolls_above_the_largest_multiple():
    g, _ = ch10.ex_10_311()
    ctx = g._ctx()
    two = sorted((c for c in g.state.cards.values() if not c.face_up), key=lambda c: c.cid)
    g.dice.force([20])                   # 2 cards: every roll counts; (20 - 1) % 2 = 1
    assert losses._draw(ctx, two) is two[1]
    three = two + [g.state.cards["US-1"]]
    g.dice.force([19, 18])               # 3 cards: rolls above 18 are rerolled; (18 - 1) % 3 = 2
    assert losses._draw(ctx, three) is three[2]
    assert [v for _, v in g.dice.history[-3:]] == [[20], [19], [18]]


def test_10_311_the_legal_answers_are_the_policies_and_accepted():
    g, _ = ch10.ex_10_311()
    from lcb_lab.games.lcb.legal import legal_actions
    from lcb_lab.games.lcb.legal_trial import trial
    acts = legal_actions(g)
    assert {a.picks for a in acts} == {("1 Kilo", "1 Whiskey", "1 Alpha", "2 Alpha", "US-1"),
                                       ("US-1", "hidden:0", "hidden:1", "1 Kilo"), ()}
    assert all(trial(g, a) for a in acts)


def test_10_311_auto_policies_answer_the_choice_with_the_default_policy():
    g, lines = ch10.ex_10_311(auto={"intercept": "no_intercept"})
    assert g.pending is None and g.impulse.phase == "combat_done"
    assert g.state.cards["US-1"].where == "discarded" and g.state.kills["RU"] == 4


def test_10_311_taking_nothing_is_allowed():
    g, _ = ch10.ex_10_311()
    g.apply(A.Answer())                  # "may": nothing taken
    assert g.pending is None and g.state.kills["RU"] == 0 and _load(g, "LHD 1")["gpsv"] == 6


def test_10_311_a_destroyed_ship_loses_everything_aboard_and_the_units_count_as_kills():
    g, _ = ch10.ex_10_311(forced=(1, 2, 3, 4), extra_cards=[{"name": "Unmanned Ground Vehicles (UGVs)",
                                                             "attach_to": "1 Alpha"}])
    assert g.state.units["LHD 1"].destroyed and g.pending is None
    assert all(g.state.units[u].destroyed for u in ("1 Alpha", "2 Alpha", "1 Kilo", "1 Whiskey"))
    ugv = next(c for c in g.state.cards.values() if c.name == "Unmanned Ground Vehicles (UGVs)")
    assert ugv.where == "removed"                    # an Attached card dies with its host (9.31)
    assert all(c.where == "discarded" for c in g.state.cards.values() if c.team == "US" and c is not ugv)
    assert g.state.kills["RU"] == 5


def test_10_311_outside_combat_a_mine_hit_on_a_concealed_ship_hides_the_embark_area():
    """A hit outside combat (the mines helper calls on_ship_damaged): the choice is answered
    with no combat plan; the ship is concealed, so the units are offered as 'unit:<n>'."""
    g = situation({"LHD 1": {"type": "usn_lhd", "hex": "B-6"},
                   "1 Alpha": {"type": "usmc_infantry_platoon", "embarked_on": "LHD 1"},
                   "1 Kilo": {"type": "usmc_iamd_section", "embarked_on": "LHD 1"},
                   "1 Anna": ("runi_naval_infantry_platoon", "H-8")}, naval=SEA, mixed=COAST, initiative="RU")
    ctx = g._ctx()
    g.state.units["LHD 1"].hp -= 1
    embark.on_ship_damaged(ctx, "LHD 1", 1, "RU")
    ch = g.pending
    assert ch.options.to_dict()["units"] == [{"uid": "unit:0", "gpsv": 1}, {"uid": "unit:1", "gpsv": 2}]   # by GPSV
    assert "LHD 1" not in ch.prompt and "1 Alpha" not in json.dumps(ch.options.to_dict())
    g.apply(A.AnswerEmbarkLosses(picks=("unit:0", "unit:1")))
    assert g.state.units["1 Alpha"].destroyed and g.state.units["1 Kilo"].destroyed and g.pending is None
    for e in redact_log(g.log, "RU"):
        assert "1 Alpha" not in json.dumps(e) and "1 Kilo" not in json.dumps(e)


def test_no_choice_when_the_ship_carries_nothing_or_is_not_embark_capable():
    g = situation({"LHD 1": ("usn_lhd", "B-6"), "DDG-51": ("usn_ddg_51", "B-8")}, naval=SEA)
    embark.on_ship_damaged(g._ctx(), "LHD 1", 1, "RU")
    embark.on_ship_damaged(g._ctx(), "DDG-51", 1, "RU")
    assert g.pending is None


# ------------------------------------------------------------------ hidden information (10.34, 10.311)
def test_the_other_team_sees_embarked_units_only_once_the_ship_is_face_up_and_cards_only_as_a_count():
    g, _ = ch10.ex_10_311()
    ru = observe(g.state, g.catalog, "RU")
    aboard = [c for c in ru["counters"] if c.get("embarked_on") == "LHD 1"]
    assert sorted(c["uid"] for c in aboard) == ["1 Alpha", "1 Kilo", "1 Whiskey", "2 Alpha"]
    lhd = next(c for c in ru["counters"] if c.get("uid") == "LHD 1")
    assert lhd["attachments"] == ["3 card(s)"]                     # names never shown
    cards = observe_cards(g.state, "RU")
    assert [c["name"] for c in cards["cards"]] == ["MEU Rotary Attack"]          # the face-up one
    assert cards["hidden"]["US"] == {"embarked": 2}
    # concealed ship: nothing of its Embark Area
    g2 = _aboard_game()
    ru2 = observe(g2.state, g2.catalog, "RU")
    assert not any(c.get("uid") == "1 Alpha" for c in ru2["counters"])
    assert "1 Alpha" not in json.dumps(ru2) and "1 Alpha" not in json.dumps(redact_log(g2.log, "RU"))


def test_load_view_for_the_lab_hides_what_the_other_team_may_not_know():
    g, _ = ch10.ex_10_311()
    from lcb_lab.games.lcb.observer import observe_load

    def load_view(ship, viewer):
        return observe_load(g.state, _load(g, ship), viewer)
    assert load_view("LHD 1", "US") == _load(g, "LHD 1")
    assert load_view("LHD 1", None) == _load(g, "LHD 1")
    ru = load_view("LHD 1", "RU")
    assert ru == {"ship": "LHD 1", "units": ["1 Alpha", "1 Kilo", "1 Whiskey", "2 Alpha"], "gpsv_units": 6,
                  "gpsv_max": 25, "asv_max": 5, "cards": 3}
    g.state.units["LHD 1"].revealed = False
    assert load_view("LHD 1", "RU") is None


# ------------------------------------------------------------------ corners: saves, attaching aboard, a sunk ship
def test_10_311_a_game_saved_at_the_choice_loads_and_answers_the_same():
    from lcb_lab.games.lcb.game import Game
    g, _ = ch10.ex_10_311()
    g2 = Game.from_json(g.to_json())
    assert g2.pending.kind == "embark_losses" and g2.pending.options == g.pending.options
    for game in (g, g2):
        game.apply(A.AnswerEmbarkLosses(picks=("1 Kilo", "1 Whiskey", "US-1", "1 Alpha", "2 Alpha")))
    assert _snap(g) == _snap(g2)


def test_a_save_with_a_malformed_embark_losses_choice_is_refused_naming_the_key():
    from lcb_lab.games.lcb.game import Game
    g, _ = ch10.ex_10_311()
    d = json.loads(g.to_json())
    del d["state"]["choices"][-1]["options"]["units"]
    d["record"] = None
    with pytest.raises(ScenarioError) as e:
        Game.from_json(json.dumps(d))
    assert "choices" in e.value.key and "options" in e.value.key, e.value


def test_an_older_save_without_embarked_ships_loads():
    from lcb_lab.games.lcb.model.state import GameState
    g, _ = ch10.ex_10_310()
    d = g.state.to_dict()
    for a in d["impulse"]["actions"]:
        a.pop("embarked_ships")
    s = GameState.from_dict(d)
    assert s.impulse.actions[0].embarked_ships == []


def test_10_35_an_aviation_card_attached_to_a_unit_aboard_needs_the_ships_symbol():
    g = situation({"LSD 41": ("usn_lsd", "B-6"), "1 Whiskey": {"type": "usmc_himars_section", "embark_area": "LSD 41"}},
                  naval=SEA, stage="deployment", cards={"US": ["V-BAT"]})
    g.apply(A.DeployUnit("1 Whiskey"))
    refused(g, A.PlaceCard("US-1", attach_to="1 Whiskey"), "10.35", "helicopter symbol")


def test_10_311_a_ship_sunk_before_the_answer_leaves_nothing_to_choose():
    g, _ = ch10.ex_10_311()
    g.state.units["LHD 1"].destroyed = True          # e.g. a torpedo before the answer (14.08)
    g.apply(A.AnswerEmbarkLosses(picks=("1 Kilo",)))
    assert g.pending is None and not g.state.units["1 Kilo"].destroyed   # combat.destroy's part, not the choice's


@pytest.mark.fuzz
@pytest.mark.parametrize("seed", range(budget(4, 40)))
def test_random_legal_play_keeps_every_ship_within_its_embarkation_value(seed):
    """The random legal player (auto policies: lose_units_first) over 3 turns with a carrying
    LHD 1 under fire: the load never exceeds the Embarkation Value and nothing is left aboard a
    sunk ship."""
    from lcb_lab.games.lcb.whatif.autoplay import play_random_turns
    g, _ = ch10.ex_10_311(auto={})
    g.apply(A.EndImpulse())                          # the staged impulse ends; random play follows
    g.dice = type(g.dice)(seed=seed)
    assert play_random_turns(g, 3, seed=seed) > 3
    ctx = g._ctx()
    for u in g.state.units.values():
        if embark.embark_capable(g.utype(u.uid)) and not u.destroyed:
            d = embark.load(ctx, u)
            assert d["gpsv"] <= d["gpsv_max"] and d["asv"] <= d["asv_max"]
        if u.embarked_on and not u.destroyed:
            assert not g.state.units[u.embarked_on].destroyed
    assert not [c for c in g.state.choices if c.kind == "embark_losses"]


def test_10_311_a_mine_hit_on_a_carrying_ship_asks_the_mine_owner_for_the_losses():
    """Mines (13.33) hit a concealed LHD 1 for 1 HP: the mine owner -- the attacker -- chooses
    the losses without seeing the Embark Area (units as unit:<n>), then the move goes on."""
    from lcb_lab.games.lcb.rules.markers import mines
    g = situation({"LHD 1": {"type": "usn_lhd", "hex": "B-4"},
                   "1 Alpha": {"type": "usmc_infantry_platoon", "embarked_on": "LHD 1"},
                   "1 Kilo": {"type": "usmc_iamd_section", "embarked_on": "LHD 1"},
                   "1 Anna": ("runi_naval_infantry_platoon", "H-8")},
                  naval=SEA, mixed=COAST, forced=[5], naval_zor=False)
    mines.lay(g._ctx(), "RU", "RU-0", "B-5", 1, 13, "water")
    g.apply(A.BeginImpulse("TF Blue"))
    g.apply(A.Declare((A.CoreAction("move_conceal", ("LHD 1",)),)))
    g.apply(A.Move(1, ("B-5", "B-6")))
    assert g.pending.kind == "mine_attack" and g.pending.team == "RU"
    (target,) = g.pending.options.targets
    g.apply(A.AnswerMines(mines=(A.MineShot(target, 1),)))           # 5 <= 13: 1 HP
    assert g.state.units["LHD 1"].hp == g.catalog.unit("usn_lhd").hp - 1
    ch = g.pending
    assert (ch.kind, ch.team, ch.options.hp) == ("embark_losses", "RU", 1)
    assert [u.uid for u in ch.options.units] == ["unit:0", "unit:1"]
    g.apply(A.AnswerEmbarkLosses(picks=("unit:1",)))                          # the 2-GPSV unit
    assert g.state.units["1 Kilo"].destroyed and not g.state.units["1 Alpha"].destroyed
    assert g.pending is None


def test_10_37_embarking_in_play_is_held_to_the_embarkation_value():
    """Port embarkation (12.54) onto a full LHD: the transport rules ask embark.check_fits, so
    the 26th GPSV is refused (10.21, 10.37) and nothing changes."""
    from lcb_lab.games.lcb.content.worked import ch12
    units = {"LHD 1": {"type": "usn_lhd", "hex": "G-5"}, **ch12.infantry(24, host="LHD 1"),
             **ch12.infantry(2, at="I-5", first=25)}
    g = ch12.coast_game(units)
    g.apply(A.BeginImpulse(ch12.BLUE))
    g.apply(A.Declare((A.CoreAction("move_combat", ("LHD 1",)),)))
    g.apply(A.Move(1, tuple(ch12.water_path(g, "G-5", "I-5"))))
    refused(g, A.PortTransfer("LHD 1", ("25 Inf", "26 Inf"), embark=True, action=1), "10.21",
            "needs 2 GPSV but LHD 1 has 1 of 25 left")
    g.apply(A.PortTransfer("LHD 1", ("25 Inf",), embark=True, action=1))
    assert _load(g, "LHD 1")["gpsv"] == 25


def test_10_311_policies_on_cards_only_and_on_big_units():
    from lcb_lab.games.lcb.choices import EmbarkLossesChoice, policy_value

    def choice(hp, cards, units):
        return EmbarkLossesChoice("RU", "10.311", "", {"ship": "S", "hp": hp, "cards": cards,
                                                              "units": [{"uid": u, "gpsv": g} for u, g in units]})
    only_cards = choice(2, ["C1", "hidden:0", "hidden:1"], [])
    assert policy_value(only_cards) == ["C1", "hidden:0", "hidden:1"]
    big = choice(2, ["C1"], [("T1", 3), ("T2", 3), ("I1", 1), ("A1", 2)])
    # HP 1: T1 (3) + I1 (1); HP 2: T2 (3) -- no room for A1 beside it, no card with 3 GPSV
    assert policy_value(big) == ["T1", "I1", "T2"]
    assert losses.bundles_fit(2, 0, [3, 1, 3])
    assert policy_value(big, "lose_cards_first") == ["C1", "A1", "T1", "I1"]
    assert losses.bundles_fit(2, 1, [2, 3, 1])


def test_10_311_a_lost_unit_takes_its_attached_cards_with_it():
    g, _ = ch10.ex_10_311(extra_cards=[{"name": "Unmanned Ground Vehicles (UGVs)", "attach_to": "1 Alpha"}])
    assert {"uid": "1 Alpha", "gpsv": 1} in g.pending.options.to_dict()["units"]      # UGVs take no space (10.39)
    g.apply(A.AnswerEmbarkLosses(picks=("1 Alpha",)))
    ugv = next(c for c in g.state.cards.values() if c.name == "Unmanned Ground Vehicles (UGVs)")
    assert g.state.units["1 Alpha"].destroyed and ugv.where == "removed"
