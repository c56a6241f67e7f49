"""The sandbox decks (9.0): counts, the named cards, the rulebook's values card by
card with their rules, Appendix B's rolls against the sandbox numbers, malformed decks refused
with the file and the key, provenance, and docs/cards.md up to date."""
from __future__ import annotations

import doctest
import importlib.util
import re
import tomllib
from pathlib import Path

import pytest

from lcb_lab.games.lcb.model import cards as cards_mod
from lcb_lab.games.lcb.model.cards import EFFECT_ARGS, EFFECT_FUNCTIONS, HOST_TAGS, load_decks
from lcb_lab.games.lcb.model.catalog import load_catalog
from lcb_lab.kernel.errors import ScenarioError
from lcb_lab.games.lcb.rules.cards.effects import EFFECTS

ROOT = Path(__file__).resolve().parents[2]
DECKS = load_decks()
US, RU = DECKS.cards["US"], DECKS.cards["RU"]


def card(team: str, name: str):
    return DECKS.card(team, name)


def ruled(c, key: str, *refs: str) -> None:
    """``key`` of card ``c`` is a rulebook value citing each of ``refs``."""
    src = c.source(key)
    assert src.startswith("rulebook"), f"{c.name}.{key}: {src}"
    for r in refs:
        assert r in src, f"{c.name}.{key}: {src!r} does not cite {r!r}"


# ---------------------------------------------------------------- counts and names
def test_at_least_25_card_types_per_team():
    assert len(US) >= 25 and len(RU) >= 25
    assert all(c.team == "US" for c in US.values()) and all(c.team == "RU" for c in RU.values())


BOTH = ["Tactical Network", "Tactical Cyber Attack", "Combat Air Patrols", "Signals Management",
        "Space Satellites", "Malware in Space", "EMS Jamming", "EMS Defense", "Tactical Cyber Defenses",
        "Combat Engineers", "Military Deception", "Littoral Movement", "HELO ASW"]
ONLY = {
    "US": ["MARSOC HALO", "P-8A: Surveillance", "MUX: Unmanned", "Open Source Intel",
           "Aegis Ballistic Missile Defense", "Aegis Ballistic Defense", "AEGIS Ballistic Missile Defense",
           "Unmanned Ground Vehicles (UGVs)", "UGVs", "V-BAT", "Amphibious: LCU", "Amphibious: LCAC",
           "MEU Rotary Attack", "MEU Rotary Lift", "MEU Fixed-Wing", "F-22 Escorts", "B-1B Lancer", "B-2",
           "Scatterable Landmines", "Unmanned Boats", "THAAD", "C-130 Hercules", "EA-18G Growler",
           "MEF Information Group (MIG)", "Expeditionary Logistics", "Heavy Lift", "Directed Energy",
           "Poisoning AI", "Unmanned Helo", "Unmanned: Carrier"],
    "RU": ["Attack on Command and Control", "Pantsir-SM: IAMD", "T-14 Tank: Unmanned",
           "Tactical Unmanned Aerial System (UAS)", "Tactical UAS", "Cruise Missile Strike", "Thermal Camo",
           "Social Media Exploitation", "TU-160M2: Aerial Strike", "Ballistic: Iskander",
           "High Altitude Balloons", "Ballistic Missile Defense", "Orion Sirius: Unmanned",
           "Seabed Sabotage", "Deep Strike"],
}


@pytest.mark.parametrize("team", ["US", "RU"])
def test_every_named_card_is_in_its_deck(team):
    for name in BOTH + ONLY[team]:
        assert card(team, name).team == team


def test_the_issue_and_facts_names_are_all_present():
    # the issue's list, facts.md section 3 and the brief's list, by name or alias, in some deck
    named = set(BOTH) | set(ONLY["US"]) | set(ONLY["RU"]) | {
        "P-8A Surveillance", "P8A: Surveillance", "Pantsir-SM IAMD", "Signal Management", "SIGMAN",
        "Combat Air Patrol", "EA18G Growler", "F22 Escorts", "MEU FixedWing", "Amphibious: LCACs",
        "Amphibious: LCUs", "Attack on Command and Control (C2)", "B-1B", "Tactical Cyber Defense",
        "MEU Rotary Wing", "Virginia-Class Sub", "LCU-2000", "UUV Attack: UNMANNED"}
    missing = []
    for n in sorted(named):
        if not any(_has(team, n) for team in ("US", "RU")):
            missing.append(n)
    assert not missing


def _has(team: str, name: str) -> bool:
    try:
        DECKS.card(team, name)
        return True
    except Exception:
        return False


def test_the_scenario_card_names_resolve():
    data = tomllib.loads((ROOT / "scenarios/lcb/gotland_redux.toml").read_text(encoding="utf-8"))
    for team in ("US", "RU"):
        entries = data["teams"][team]["prescribed"] + data["teams"][team]["purchases"]
        assert entries
        for n in (e["name"] for e in entries):
            assert card(team, n)


def test_shared_cards_are_the_same_in_both_decks():
    for name in set(US) & set(RU):
        a, b = (c.model_dump(exclude={"team"}) for c in (US[name], RU[name]))
        if name == "Tactical Network":
            a.pop("flavour"), b.pop("flavour"), a.pop("text"), b.pop("text")
            a["rulebook"].pop("team"), b["rulebook"].pop("team")
        if name == "Combat Air Patrols":
            a.pop("bounds"), b.pop("bounds")
        assert a == b, name


# ---------------------------------------------------------------- the rulebook's values
def test_space_satellites():
    for team in ("US", "RU"):
        c = card(team, "Space Satellites")
        assert (c.cost, c.hits, c.persistent, c.bmd_only) == (5, 2, True, True)
        ruled(c, "cost", "9.24 diagram")
        ruled(c, "hits", "9.04")
        ruled(c, "symbols", "9.24")
        ruled(c, "bmd_only", "7.510")
        assert "space" in c.categories


def test_combat_air_patrols():
    for team in ("US", "RU"):
        c = card(team, "Combat Air Patrols")
        assert c.discard_after == 2 and c.hits == 2
        ruled(c, "discard_after", "9.04")
        ruled(c, "hits", "9.04")
        assert c.detect is not None and "9.06" in c.source("detect")          # a DETECT requirement
        assert {"intercept", "ftr", "persist"} <= set(c.symbols)
        ruled(c, "symbols", "9.011", "9.44", "9.2")
        a = c.effect("A")
        assert (a.fn, a.when, a.max_targets, a.counters) == ("ftr_nullify", "response", 2, ("aviation",))
        ruled(c, "effects.A.max_targets", "9.46 ex.")
        b = c.effect("B")
        assert b.fn == "lrs_attack" and b.target == "unit"
        ruled(c, "effects.B", "9.06 ex.")
        ruled(c, "team", "App. B")


def test_malware_in_space():
    for team in ("US", "RU"):
        c = card(team, "Malware in Space")
        e = c.effect()
        assert (e.fn, e.when, e.succeeds_on, e.counters) == ("nullify", "response", 12, ("space",))
        assert c.persistent                                             # once per turn
        ruled(c, "effects.A.succeeds_on", "9.42 diagram")
        ruled(c, "symbols", "once per turn")


@pytest.mark.parametrize("team,name,cost", [
    ("US", "MUX: Unmanned", 2), ("US", "Open Source Intel", 1), ("US", "P-8A: Surveillance", 3),
    ("RU", "Signals Management", 2), ("RU", "Attack on Command and Control", 2), ("RU", "Pantsir-SM: IAMD", 2)])
def test_appendix_b_purchase_costs(team, name, cost):
    c = card(team, name)
    assert c.cost == cost
    ruled(c, "cost", "App. B Planning [a]")
    ruled(c, "team", "App. B")


def test_costs_are_1_to_5_unless_a_rule_gives_0():
    for deck in (US, RU):
        for c in deck.values():
            if c.cost == 0:
                assert c.source("cost").startswith("rulebook") and re.search(r"9\.31|7\.6|17\.1", c.source("cost")), c.name
            else:
                assert 1 <= c.cost <= 5                                  # 3.12


def test_prescribed_free_cards():
    # App. B's prescribed cards: the printed costs are the organic 0s; "free" is the scenario's grant
    aegis = card("US", "Aegis Ballistic Defense")
    assert aegis.name == "Aegis Ballistic Missile Defense"
    assert (aegis.cost, aegis.free_attachment, aegis.automatic_on, aegis.attached) == (0, True, ("usn_ddg_x",), True)
    for k in ("cost", "free_attachment", "automatic_on"):
        ruled(aegis, k, "9.31 EXCEPTION")
    helo = card("US", "HELO ASW")
    assert (helo.cost, helo.free_attachment, helo.automatic_on) == (0, True, ())
    ruled(helo, "free_attachment", "not automatic")
    bmd = card("RU", "Ballistic Missile Defense")
    assert (bmd.cost, bmd.free_attachment) == (0, True)
    for team in ("US", "RU"):
        net = card(team, "Tactical Network")
        assert net.cost == 0 and net.permanent
        ruled(net, "cost", "7.6")
        e = net.effect()
        assert (e.fn, e.ap, e.args, e.network_cube) == ("network_repair", 2, {"n": 1}, False)
        ruled(net, "effects.A.ap", "7.6")


def test_aegis_gives_bmd_with_its_own_supply():
    c = card("US", "Aegis Ballistic Missile Defense")
    e = c.effect()
    assert (e.fn, e.when, e.args) == ("attached_cv", "passive", {"bmd": True})
    (cv,) = c.cvs
    assert cv.slot.startswith("INT") and cv.supply and cv.supply > 0
    ruled(c, "effects.A", "7.510", "App. B")
    assert c.host_allowed(load_catalog().unit("usn_ddg_x"))


def test_amphibious_cards():
    lcu = card("US", "Amphibious: LCU")
    assert (lcu.capacity_gpsv, lcu.mp, lcu.persistent, lcu.embarkable) == (10, 1, True, True)
    assert (lcu.gpsv, lcu.asv) == (None, None)                              # well deck (10.22)
    ruled(lcu, "capacity_gpsv", "App. B")
    ruled(lcu, "mp", "App. B", "12.26")
    t = lcu.effect("A")
    assert (t.fn, t.core_action, t.args) == ("transport", "embarked", {"capacity_gpsv": 10, "mp": 1})
    ruled(lcu, "effects.A.args.capacity_gpsv", "App. B")                   # the arg keeps the card's source
    lcac = card("US", "Amphibious: LCAC")
    assert (lcac.capacity_gpsv, lcac.mp, lcac.effect("A").range) == (6, 3, 10)
    for k in ("capacity_gpsv", "mp", "effects.A.range"):
        ruled(lcac, k, "12.25")


def test_meu_aviation():
    cat = load_catalog()
    ra = card("US", "MEU Rotary Attack")
    assert ra.asv == 1 and ra.requires == ("lhd_lha",) and "rotary_wing" in ra.categories
    ruled(ra, "asv", "10.34")
    ruled(ra, "requires", "10.34")
    assert ra.host_allowed(cat.unit("usn_lhd")) and not ra.host_allowed(cat.unit("usn_ddg_x"))
    fw = card("US", "MEU Fixed-Wing")
    assert fw.asv == 2 and "fixed_wing" in fw.categories
    ruled(fw, "asv", "10.35")
    lift = card("US", "MEU Rotary Lift")
    assert (lift.asv, lift.capacity_gpsv, lift.hits, lift.effect("A").range) == (2, 8, 3, 5)
    assert "MEU Rotary Wing" in lift.aliases


def test_fighters_and_bombers():
    f22 = card("US", "F-22 Escorts")
    assert (f22.gpsv, f22.asv, f22.embarkable) == (None, None, False)        # 10.1: no Space Value
    assert f22.persistent and "nullify" not in f22.symbols                    # 9.24
    a, b = f22.effect("A"), f22.effect("B")
    assert (a.fn, a.max_targets) == ("ftr_nullify", 1)
    ruled(f22, "effects.A.max_targets", "9.46")
    assert (b.when, b.fn, b.succeeds_on) == ("trigger", "nullify", 10)       # 9.24: a trigger, played as a NULLIFY
    ruled(f22, "effects.B", "9.24")
    assert f22.source("effects.B.succeeds_on") == "sandbox"
    for team, name in (("US", "B-1B Lancer"), ("US", "B-2"), ("RU", "TU-160M2: Aerial Strike")):
        c = card(team, name)
        assert "ftr" in c.symbols and "bomber" in c.categories and c.effect().fn == "lrs_attack"
    growler = card("US", "EA-18G Growler")
    assert growler.effect().args == {"preempt": True} and growler.effect().when == "trigger"
    ruled(growler, "effects.A", "9.47")


def test_mux_unmanned():
    c = card("US", "MUX: Unmanned")
    assert "ftr" in c.symbols and "intercept" not in c.symbols               # 9.012 ex.
    ruled(c, "symbols", "9.012 ex.")
    e = c.effect("A")
    assert (e.fn, e.target, e.args, e.network_cube) == ("network_cube", "network", {"n": 1}, False)
    ruled(c, "effects.A.network_cube", "7.61")
    assert c.asv == 1


def test_cyber_cards():
    for team in ("US", "RU"):
        c = card(team, "Tactical Cyber Attack")
        assert c.categories == ("tactical_cyber",)
        ruled(c, "categories", "9.09")
        e = c.effect()
        assert e.fn == "reveal_paralyse" and e.target == "stack" and e.network_cube is None   # 7.61 cube
        d = card(team, "Tactical Cyber Defenses")
        assert d.effect().counters == ("tactical_cyber",) and d.effect().network_cube is False
    c2 = card("RU", "Attack on Command and Control (C2)")
    assert c2.effect("A").fn == "nullify" and "tactical_cyber" in c2.effect("A").counters
    mig = card("US", "MIG")
    assert mig.effect("A").when == "response" and mig.effect("B").when == "play"           # 9.41 ex.
    jam, defense = card("RU", "EMS Jamming"), card("RU", "EMS Defense")
    assert jam.effect().args == {"n": 2} and jam.effect().fn == "ap_loss"
    ruled(jam, "effects.A.args.n", "9.41 ex.")
    assert defense.effect().counters == ("ems",)


def test_p8a():
    c = card("US", "P-8A: Surveillance")
    assert "ftr" in c.symbols and c.persistent and c.detect >= 7
    ruled(c, "symbols", "App. B")
    assert c.source("detect").startswith("sandbox (bounded by rulebook App. B")
    assert c.effect("A").args == {"domain": "naval"} and c.effect("B").fn == "asw_search"   # 14.15


def test_attached_cards():
    cat = load_catalog()
    boats = card("US", "Unmanned Boats")
    assert (boats.mp, boats.attached, boats.persistent, boats.usable_embarked) == (5, True, True, True)
    ruled(boats, "mp", "9.34")
    ruled(boats, "usable_embarked", "10.310")
    assert boats.effect("A").args == {"zor": True, "naval": True, "supply": 4, "mp": 5}
    mines = card("US", "Scatterable Landmines")
    assert mines.effect().args == {"count": 3, "contiguous": True, "terrain": "land"}
    assert mines.effect().core_action == "combat"
    ruled(mines, "effects.A.args.count", "9.32 ex.")
    assert mines.host_allowed(cat.unit("usmc_himars_section")) and not mines.host_allowed(cat.unit("usmc_infantry_platoon"))
    eng = card("RU", "Combat Engineers")
    assert eng.attached and eng.persistent and eng.effect().range == 2 and not eng.usable_embarked
    ruled(eng, "effects.A.range", "13.51")
    thaad = card("US", "THAAD")
    assert thaad.effect().args == {"bmd": True} and thaad.cvs and thaad.attached
    ruled(thaad, "effects.A", "9.33", "7.510")
    ruled(thaad, "requires", "9.010 ex. 1")
    iskander = card("RU", "Ballistic: Iskander")
    assert iskander.bmd_only and "ballistic" in iskander.categories and iskander.effect().args == {"bmd": True}
    ruled(iskander, "bmd_only", "7.510 ex. 1")


def test_c130_and_sof():
    c130 = card("US", "C-130 Hercules")
    assert c130.capacity_gpsv == 6 and c130.effect().args == {"capacity_gpsv": 6, "loss_per_hit": 2}
    assert c130.effect().fn == "reinforce" and "intercept" in c130.symbols
    ruled(c130, "capacity_gpsv", "12.42 ex.")
    halo = card("US", "MARSOC HALO")
    assert halo.effect().args == {"marker": "sof", "enemy_occupied": True, "reveal": True}


def test_appendix_b_hosts_are_allowed():
    cat = load_catalog()
    hosts = [("US", "Unmanned Ground Vehicles (UGVs)", "usmc_infantry_platoon"), ("US", "V-BAT", "usmc_himars_section"),
             ("US", "Aegis Ballistic Missile Defense", "usn_ddg_x"), ("US", "Amphibious: LCU", "usn_lhd"),
             ("US", "MEU Rotary Attack", "usn_lhd"), ("RU", "Pantsir-SM: IAMD", "runi_naval_infantry_platoon"),
             ("RU", "T-14 Tank: Unmanned", "runi_naval_infantry_platoon"),
             ("RU", "Tactical Unmanned Aerial System (UAS)", "runi_mlrs_section")]
    for team, name, host in hosts:
        assert card(team, name).host_allowed(cat.unit(host)), (name, host)
    for team in ("US", "RU"):
        for n in ("Amphibious: LCU", "MEU Rotary Attack"):
            if _has(team, n):
                assert card(team, n).embarkable
    # LHD 1 (25 GPSV, 5 ASV, 10.34 ex.) holds App. B's load: 1-4 Alpha, 1 Kilo, 1 Whiskey with
    # their Attached UGVs and V-BAT (10.35: an Attached card's Space Value counts), MEU Rotary Attack
    lhd = cat.unit("usn_lhd")
    units = ["usmc_infantry_platoon"] * 4 + ["usmc_iamd_section", "usmc_himars_section"]
    embarked = [card("US", n) for n in ("Unmanned Ground Vehicles (UGVs)", "V-BAT", "MEU Rotary Attack", "Amphibious: LCU")]
    gpsv = sum(cat.unit(u).gpsv for u in units) + sum(c.gpsv or 0 for c in embarked)
    asv = sum(cat.unit(u).asv for u in units) + sum(c.asv or 0 for c in embarked)
    assert (gpsv, asv) == (8, 2) and gpsv <= lhd.embark_gpsv and asv <= lhd.embark_asv


def test_space_values():
    eng = card("RU", "Combat Engineers")
    assert eng.gpsv == 1
    ruled(eng, "gpsv", "10.35 ex. 2")
    for team, name, asv in (("US", "V-BAT", 1), ("RU", "Tactical UAS", 1), ("RU", "Orion Sirius: Unmanned", 2),
                            ("US", "Unmanned: Carrier", 2), ("US", "MUX", 1), ("US", "Unmanned Helo", 1)):
        c = card(team, name)
        assert c.asv == asv and 1 <= c.asv <= 2 and "unmanned" in c.categories       # 10.1: a UAS 1 or 2 ASV
        assert {"rotary_wing", "fixed_wing"} & set(c.categories)            # 10.1: its ASV symbol


def test_requires_names_tags_or_catalog_types():
    ids = {u.type_id for u in load_catalog().units.values()}
    for deck in (US, RU):
        for c in deck.values():
            for r in c.requires:
                assert r in HOST_TAGS or r in ids, (c.name, r)
            for r in c.automatic_on:
                assert r in ids, (c.name, r)


# ---------------------------------------------------------------- Appendix B against the numbers
# The narrative's rolls (facts.md 5.23, 5.28-5.29, 5.37) and, where it gives none, the forced
# dice of the appendix_b_turn1 lesson (its assumptions list them).
LESSON_FORCED = {"us_cap_detect_of_ru_cap": 18, "ru_cap_detect_of_us_cap": 5, "ru_cap_ftr_nullify_of_us_cap": 3,
                 "cruise_missile": [1, 2, 3, 4], "social_media": 2, "marsoc_halo": 3}
NETWORK_PENALTY = 4   # 7.62: 2 blue cubes on the RU network after US Impulse 1


def test_appendix_b_rolls_fit_the_numbers():
    tca, c2 = card("US", "Tactical Cyber Attack"), card("RU", "Attack on Command and Control")
    assert 20 > c2.effect("A").succeeds_on                                   # the NULLIFY's 20 fails
    assert 4 <= tca.effect().succeeds_on                                      # the cyber attack's 4 succeeds
    us_cap, ru_cap, p8a = card("US", "Combat Air Patrols"), card("RU", "Combat Air Patrols"), card("US", "P-8A")
    assert LESSON_FORCED["us_cap_detect_of_ru_cap"] > ru_cap.detect          # the US CAP's DETECT fails
    assert LESSON_FORCED["ru_cap_detect_of_us_cap"] <= us_cap.detect         # the RU CAP DETECTs the US CAP
    assert LESSON_FORCED["ru_cap_ftr_nullify_of_us_cap"] <= ru_cap.effect("A").succeeds_on
    assert 7 <= p8a.detect                                                    # the P-8A is DETECTed on 7
    assert 1 <= ru_cap.effect("A").succeeds_on                                # and FTR NULLIFIED on 1
    cms = card("RU", "Cruise Missile Strike").effect()
    assert cms.dice == 4 and cms.fn == "lrs_attack"
    assert cms.cv - NETWORK_PENALTY >= max(LESSON_FORCED["cruise_missile"])   # 4 of 4 hit after -4
    assert LESSON_FORCED["social_media"] <= card("RU", "Social Media Exploitation").effect("A").succeeds_on
    assert card("RU", "Social Media Exploitation").effect("A").fn == "reveal"
    assert LESSON_FORCED["marsoc_halo"] <= card("US", "MARSOC HALO").effect().succeeds_on
    # 1 Anna ends at 1 HP after one hit and 2 Anna dies to 4: no HP bonus from their Attached cards
    assert card("RU", "T-14 Tank: Unmanned").hp_bonus == 0 and card("RU", "Pantsir-SM: IAMD").hp_bonus == 0
    # the US network takes no cube in turn 1: the RU card that reveals 1 Whiskey is not cyber / EMS
    assert not {"tactical_cyber", "strategic_cyber", "ems"} & set(card("RU", "Social Media Exploitation").categories)


# ---------------------------------------------------------------- effect data
def test_every_fn_is_in_the_catalogue_and_every_registered_fn_is_listed():
    for deck in (US, RU):
        for c in deck.values():
            for e in c.effects:
                assert e.fn in EFFECTS or e.fn in EFFECT_FUNCTIONS
    assert set(EFFECTS) <= set(EFFECT_FUNCTIONS), "add the new effect function to cards.EFFECT_FUNCTIONS"
    assert set(EFFECT_ARGS) == set(EFFECT_FUNCTIONS)


def test_effect_timing():
    for deck in (US, RU):
        for c in deck.values():
            for e in c.effects:
                if e.is_nullify:
                    assert e.when in ("response", "trigger"), c.name        # 9.41, 9.47
                if e.fn in ("attached_cv", "add_supply"):
                    assert e.when == "passive" and c.attached, c.name
                if e.fn == "unsimulated":
                    assert re.fullmatch(r"\d+(\.\d+)*", e.args["chapter"]), c.name
            assert c.deployment_only == any(e.when == "deployment" for e in c.effects), c.name
    for team, name in (("US", "Poisoning AI"), ("RU", "Seabed Sabotage"), ("US", "Military Deception")):
        c = card(team, name)
        assert c.deployment_only and all(e.when == "deployment" for e in c.effects)
        ruled(c, "deployment_only", "3.24 DN")


def test_an_asv_has_its_helicopter_or_fighter_symbol():
    for deck in (US, RU):
        for c in deck.values():
            if c.asv is not None:
                assert len({"rotary_wing", "fixed_wing"} & set(c.categories)) == 1, c.name   # 10.1


def test_ftr_eligible_cards_are_aviation():
    # every FTR-symbol card can be answered by an FTR NULLIFY that counters aviation (9.44)
    for deck in (US, RU):
        for c in deck.values():
            if "ftr" in c.symbols:
                assert "aviation" in c.categories, c.name


# chapters 10-14: each helper removes its functions here once a card uses them; empty at the end
NOT_YET_USED: set[str] = {"unsimulated"}
"""Catalogue functions no packaged card uses: ``unsimulated`` is kept for the cards a lesson or
scenario adds whose effect is only logged (F-22 Escorts' option B was the last packaged one)."""


def test_every_effect_function_is_used():
    used = {e.fn for deck in (US, RU) for c in deck.values() for e in c.effects}
    assert used == set(EFFECT_FUNCTIONS) - NOT_YET_USED


# ---------------------------------------------------------------- provenance
def test_rule_references_look_like_rules():
    rule = re.compile(r"\d+\.\d+|App\. [AB]|\d+\.0")
    for deck in (US, RU):
        for c in deck.values():
            for table in (c.rulebook, c.bounds):
                for k, ref in table.items():
                    assert rule.search(ref), (c.name, k, ref)


def test_sandbox_fields_of_a_card_with_both():
    c = card("US", "Space Satellites")
    sbx = c.sandbox_fields()
    for k in ("cost", "hits", "symbols", "bmd_only"):
        assert k not in sbx
    for k in ("function", "effects.A", "effects.A.succeeds_on", "categories", "team"):
        assert k in sbx
    assert c.source("categories").startswith("sandbox (bounded by rulebook 9.42")
    p8a = card("US", "P-8A: Surveillance")
    assert "detect" in p8a.sandbox_fields() and "cost" not in p8a.sandbox_fields()
    aegis = card("US", "Aegis Ballistic Missile Defense")
    assert "cvs.INT2.value" in aegis.sandbox_fields() and "cvs.INT2.range" not in aegis.sandbox_fields()
    assert set(c.sandbox_fields()) <= set(c.value_keys())


def test_the_cards_doctest():
    res = doctest.testmod(cards_mod, optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    assert res.attempted >= 3 and res.failed == 0


def _cards_doc():
    spec = importlib.util.spec_from_file_location("cards_doc", ROOT / "tools" / "cards_doc.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def test_docs_cards_md_is_up_to_date():
    doc = _cards_doc()
    assert (ROOT / "docs" / "cards.md").read_text(encoding="utf-8") == doc.render(), \
        "docs/cards.md is out of date: run python tools/cards_doc.py"


def test_docs_cards_md_lists_every_card_and_unsimulated_effect():
    text = (ROOT / "docs" / "cards.md").read_text(encoding="utf-8")
    for deck in (US, RU):
        for c in deck.values():
            assert f"### {c.team}: {c.name}\n" in text
    assert text.count("**not simulated**") == sum(1 for d in (US, RU) for c in d.values()
                                                  for e in c.effects if not e.simulated)


# ---------------------------------------------------------------- malformed decks
GOOD = '''
[[card]]
name = "Probe"
cost = 2
function = "c5isr"
text = "A probe."
rulebook = {cost = "App. B Planning [a]"}

  [[card.effect]]
  fn = "reveal"
  target = "units"
  succeeds_on = 10
  text = "Reveal."
'''


def _write(tmp_path: Path, us: str, ru: str = GOOD) -> str:
    (tmp_path / "us.toml").write_text(us, encoding="utf-8")
    (tmp_path / "ru.toml").write_text(ru, encoding="utf-8")
    return str(tmp_path)


def test_a_good_temp_deck_loads(tmp_path):
    d = load_decks(_write(tmp_path, GOOD))
    assert d.card("US", "Probe").source("cost") == "rulebook App. B Planning [a]"


@pytest.mark.parametrize("edit,key,words", [
    (("cost = 2", "cost = 9"), "card[Probe].cost", "9 is out of range: allowed 0..5 (rule 3.12"),
    (("cost = 2", "cost = 2\nhits = 100000000000000000000"), "card[Probe].hits",
     "a 21-digit number is out of range: allowed 1..20 (sandbox: the successes a card takes before it is "
     "discarded (9.04))"),
    (("cost = 2", "cost = 2\nhp_bonus = 99"), "card[Probe].hp_bonus",
     "99 is out of range: allowed -20..20 (sandbox: an Attached card's HP change (9.31))"),
    (("cost = 2", 'cost = 2\nsymbols = ["wings"]'), "card[Probe].symbols.0", "intercept"),
    (('fn = "reveal"', 'fn = "teleport"'), "card[Probe].effect.0.fn", "unknown effect function"),
    (("cost = 2", 'cost = 2\ncolour = "red"'), "card[Probe].colour", "Extra inputs"),
    (("cost = 2", 'cost = 2\nteam = "RU"'), "card[Probe].team", "US deck"),
    (("cost = 2", 'cost = 2\nteam = "UK"'), "card[Probe].team", "US"),
    (('target = "units"', 'target = "units"\n  args = { count = 2 }'), "card[Probe].effect.0", "unknown args"),
    (('fn = "reveal"', 'fn = "place_marker"'), "card[Probe].effect.0", "missing args ['marker']"),
    (('fn = "reveal"', 'fn = "nullify"'), "card[Probe].effect.0", "targets an enemy_card"),
    (('fn = "reveal"', 'fn = "attached_cv"\n  when = "passive"'), "card[Probe]", "ATTACH"),
    (('rulebook = {cost = "App. B Planning [a]"}', 'rulebook = {colour = "9.0"}'), "card[Probe]", "unknown fields"),
    (('rulebook = {cost = "App. B Planning [a]"}', 'rulebook = {cost = ""}'), "card[Probe]", "non-empty"),
    (("cost = 2", "cost = 2\ndeployment_only = true"), "card[Probe]", "deployment-only"),
    (("cost = 2", 'cost = 2\nrequires = ["Big Ship"]'), "card[Probe]", "host tag"),
])
def test_a_malformed_deck_names_the_file_and_key(tmp_path, edit, key, words):
    old, new = edit
    assert old in GOOD
    with pytest.raises(ScenarioError) as e:
        load_decks(_write(tmp_path, GOOD.replace(old, new, 1)))
    assert e.value.file == str(tmp_path / "us.toml")
    assert e.value.key == key
    assert words in e.value.problem and str(tmp_path / "us.toml") in str(e.value)


def test_a_duplicate_name_or_alias_is_refused(tmp_path):
    with pytest.raises(ScenarioError) as e:
        load_decks(_write(tmp_path, GOOD, GOOD + GOOD))
    assert (e.value.file, e.value.key) == (str(tmp_path / "ru.toml"), "card[Probe]")
    assert "given twice" in e.value.problem
    twin = GOOD.replace('name = "Probe"', 'name = "Other"\naliases = ["Probe"]')
    (tmp_path / "alias").mkdir()
    with pytest.raises(ScenarioError) as e:
        load_decks(_write(tmp_path / "alias", GOOD + twin))
    assert (e.value.key, e.value.problem) == ("card[Other]", "the name 'Probe' is given twice")


def test_an_unknown_top_level_table_is_refused(tmp_path):
    with pytest.raises(ScenarioError) as e:
        load_decks(_write(tmp_path, GOOD + "\n[cards]\nx = 1\n"))
    assert e.value.key == "cards"
