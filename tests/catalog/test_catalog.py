"""Unit catalog (lcb_lab/games/lcb/data/units.toml): values, provenance and validation.

Every value the rulebook gives is asserted together with its provenance
string, so a later edit that changes a number or silently turns a rulebook
value into a sandbox one fails here.
"""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from lcb_lab.games.lcb.model.catalog import load_catalog
from lcb_lab.kernel.errors import ScenarioError
from lcb_lab.games.lcb.hexes import distance

SYMBOLS = {
    "infantry", "mech_infantry", "recon", "armor", "artillery_cannon", "artillery_rocket",
    "mortar", "air_defense", "anti_ship_missile", "logistics", "ship_ddg", "ship_ffg",
    "ship_amphib",
    "submarine",                               # JCC submarines (14.0)
}
SIZES = {"platoon", "section", "company", "ship", "boat"}
SERVICES = {"US": {"USMC", "USN"}, "RU": {"RUNI", "RUBF"}}
NUMERIC_FIELDS = ("mp", "hp", "gpsv", "asv", "embark_gpsv", "embark_asv", "rp")
BOOL_FIELDS = ("armor", "cannon_artillery", "asw", "embark_rotary", "embark_fixed")
SOURCE_KEYS = set(NUMERIC_FIELDS) | set(BOOL_FIELDS) | {"name", "symbol"}
SOURCE_KEYS |= {"detect", "torpedo_cv"}       # a submarine's required DETECT and torpedo CV (14.08, 14.12)

EXPECTED_TYPES = {
    "usmc_infantry_platoon", "usmc_iamd_section", "usmc_himars_section", "usmc_acv_section",
    "usmc_logistics_company", "usmc_cannon_artillery", "usn_ddg_51", "usn_ddg_x", "usn_lhd",
    "runi_naval_infantry_platoon", "runi_mortars_platoon", "runi_recon_platoon", "runi_tank_platoon",
    "runi_mlrs_section", "runi_logistics_company", "runi_coastal_missile_section",
    "runi_cannon_artillery", "rubf_ddg", "rubf_ffg_gorshkov",
    "usn_lha", "usn_lsd",                                   # embark (10.31, 10.310 ex.)
}
EXPECTED_TYPES |= {"usn_ssn_virginia", "rubf_ssk_kilo"}   # submarines (14.0)

# Every unit of Appendix B ("Meeting Engagement - Gotland Redux") and the type it uses.
APPENDIX_B = {
    "1 Alpha": "usmc_infantry_platoon",
    "2 Alpha": "usmc_infantry_platoon",
    "3 Alpha": "usmc_infantry_platoon",
    "4 Alpha": "usmc_infantry_platoon",
    "1 Kilo": "usmc_iamd_section",
    "1 Whiskey": "usmc_himars_section",
    "DDG-51": "usn_ddg_51",
    "DDG-80": "usn_ddg_51",
    "DDG(X)-106": "usn_ddg_x",
    "LHD 1": "usn_lhd",
    "1 Anna": "runi_naval_infantry_platoon",
    "2 Anna": "runi_naval_infantry_platoon",
    "3 Anna": "runi_naval_infantry_platoon",
    "1 Yelena": "runi_mortars_platoon",
    "1 Zhuk": "runi_recon_platoon",
    "1 Tanya": "runi_mlrs_section",
    "Ivan Co": "runi_logistics_company",
    "DDG-605": "rubf_ddg",
    "FFG-454": "rubf_ffg_gorshkov",
}
APPENDIX_B_TEAM = {
    "1 Alpha": "US", "2 Alpha": "US", "3 Alpha": "US", "4 Alpha": "US", "1 Kilo": "US",
    "1 Whiskey": "US", "DDG-51": "US", "DDG-80": "US", "DDG(X)-106": "US", "LHD 1": "US",
    "1 Anna": "RU", "2 Anna": "RU", "3 Anna": "RU", "1 Yelena": "RU", "1 Zhuk": "RU",
    "1 Tanya": "RU", "Ivan Co": "RU", "DDG-605": "RU", "FFG-454": "RU",
}
# Units of rule examples outside Appendix B.
EXAMPLE_UNITS = {"Echo": "usmc_logistics_company", "1 Uran": "runi_coastal_missile_section"}


@pytest.fixture(scope="module")
def cat():
    return load_catalog()


def rb(source: str, *refs: str) -> None:
    """Assert ``source`` is a rulebook provenance mentioning every ref."""
    assert source.startswith("rulebook "), source
    for ref in refs:
        assert ref in source, (ref, source)


def sb(source: str) -> None:
    assert source.startswith("sandbox"), source


def _valid_source(s: object) -> bool:
    return isinstance(s, str) and bool(s.strip()) and (
        s.startswith("rulebook ") or s.startswith("sandbox"))


# ---------------------------------------------------------------- structure

def test_all_types_and_markers_present(cat):
    assert set(cat.units) == EXPECTED_TYPES
    assert set(cat.markers) == {"mildec", "naval_mildec"}


def test_type_fields_are_well_formed(cat):
    for tid, u in cat.units.items():
        assert re.fullmatch(r"[a-z][a-z0-9]*(_[a-z0-9]+)*", tid), tid
        assert u.symbol in SYMBOLS, (tid, u.symbol)
        assert u.size in SIZES, (tid, u.size)
        assert u.service in SERVICES[u.team], (tid, u.service)
        assert u.abbrev and len(u.abbrev) <= 6, (tid, u.abbrev)
        assert u.name and u.notes, tid
        slots = [c.slot for c in u.cvs]
        assert len(slots) == len(set(slots)), (tid, slots)
        assert len({r.slot for r in u.rvs}) == len(u.rvs), tid
        if u.domain == "ground":
            assert u.gpsv > 0, f"{tid}: ground units need a GPSV to be embarked (10.11)"
            assert u.size != "ship"
            assert not u.asw
        elif u.domain == "submarine":          # 14.02: HP 1, MP 5; DETECT and torpedo CV on its card
            assert u.hp == 1 and u.mp == 5 and u.detect and u.torpedo_cv and u.gpsv == 0, tid
            assert u.sources["hp"] == u.sources["mp"] == "rulebook 14.02", tid
        else:
            assert u.size == "ship" and u.gpsv == 0, tid
            assert u.symbol.startswith("ship_"), tid


def test_ga_range_is_zero_and_only_ground_units_assault(cat):
    for u in cat.units.values():
        for c in u.cvs_of("GA"):
            assert c.range == 0, u.type_id           # 7.11
            assert u.domain == "ground", u.type_id
            assert c.sources["range"] == "rulebook 7.11"


def test_logistics_units_have_no_ground_assault(cat):
    # 7.16: logistics units have no GA CV; RVs only on logistics units.
    for u in cat.units.values():
        if u.symbol == "logistics":
            assert u.is_logistics and not u.cvs_of("GA") and u.rp > 0, u.type_id
        else:
            assert not u.rvs, u.type_id


def test_no_invented_lrs_for_truncated_appendix_a_rows(cat):
    # App. A's trailing 1/2 cells under LRS are ambiguous: no LRS slot invented.
    for tid in ("usmc_infantry_platoon", "usmc_acv_section", "runi_naval_infantry_platoon"):
        u = cat.unit(tid)
        assert not u.cvs_of("LRS"), tid
        assert "Appendix A" in u.notes and "LRS" in u.notes, tid   # ambiguity recorded


def test_naval_strike_ranges_are_infinite(cat):
    # 7.41: firing from/into naval zones needs infinite range.
    for u in cat.units.values():
        for c in u.cvs_of("LRS"):
            assert c.infinite_range == (u.is_naval or u.is_submarine), (u.type_id, c.slot)
            assert not c.infinite_supply, (u.type_id, c.slot)


# --------------------------------------------------------------- provenance

def test_every_value_has_a_provenance(cat):
    for tid, u in cat.units.items():
        assert set(u.sources) <= SOURCE_KEYS, (tid, set(u.sources) - SOURCE_KEYS)
        for key, s in u.sources.items():
            assert _valid_source(s), (tid, key, s)
        for f in NUMERIC_FIELDS:
            if f in ("mp", "hp") or getattr(u, f):
                assert f in u.sources, f"{tid}.{f} has no source"
        for f in BOOL_FIELDS:
            if getattr(u, f):
                assert f in u.sources, f"{tid}.{f} is True without a source"
        for c in u.cvs:
            assert set(c.sources) == {"value", "range", "supply"} | ({"ballistic"} if c.ballistic else set()), \
                (tid, c.slot, c.sources)      # a ballistic flag (7.510) carries its own source
            for key, s in c.sources.items():
                assert _valid_source(s), (tid, c.slot, key, s)
        for r in u.rvs:
            assert set(r.sources) == {"value", "range"}, (tid, r.slot, r.sources)
            for key, s in r.sources.items():
                assert _valid_source(s), (tid, r.slot, key, s)
    for mid, m in cat.markers.items():
        assert set(m.sources) == {"hp", "mp"}, mid
        assert all(_valid_source(s) for s in m.sources.values()), mid


def test_sandbox_fields_reporting(cat):
    # Everything about the US infantry platoon is in the rulebook ...
    assert cat.unit("usmc_infantry_platoon").sandbox_fields() == []
    # ... whereas DDG(X) mixes rulebook and sandbox values.
    sbx = cat.unit("usn_ddg_x").sandbox_fields()
    assert "LRS1.value" in sbx and "LRS1.supply" not in sbx and "hp" in sbx


# ------------------------------------------------------ rulebook values (US)

def test_us_infantry_platoon(cat):
    u = cat.unit("usmc_infantry_platoon")
    assert (u.team, u.domain, u.symbol, u.size) == ("US", "ground", "infantry", "platoon")
    assert u.mp == 3
    rb(u.source("mp"), "App. A (L955)")
    assert u.hp == 2
    rb(u.source("hp"), "App. A (L955)")
    assert u.gpsv == 1
    rb(u.source("gpsv"), "10.11")
    ga = u.cv("GA")
    assert (ga.value, ga.range, ga.supply) == (4, 0, 10)
    rb(ga.sources["value"], "7.17 ex.")
    rb(ga.sources["supply"], "App. A (L955)")
    assert [c.slot for c in u.cvs] == ["GA"]


def test_iamd_section_tracked_supply_fits_appendix_b(cat):
    u = cat.unit("usmc_iamd_section")
    (int1,) = u.cvs_of("INT")
    assert not int1.infinite_supply                      # 8.01 ex. resupplies it
    assert int1.supply >= 3 + 4                          # App. B: 3 dice + 4 dice
    sb(int1.sources["supply"])
    assert u.gpsv == 2
    rb(u.source("gpsv"), "10.11")
    assert u.hp >= 2                                     # survives 1 HP in App. B


def test_himars_two_lrs_tracks(cat):
    u = cat.unit("usmc_himars_section")
    assert u.symbol == "artillery_rocket" and u.abbrev == "HIMARS"
    assert u.cv("LRS1").supply == 6
    rb(u.cv("LRS1").sources["supply"], "8.02 ex.")
    assert u.cv("LRS2").supply == 3
    rb(u.cv("LRS2").sources["supply"], "17.81 ex.")
    for slot in ("LRS1", "LRS2"):
        sb(u.cv(slot).sources["value"])
        sb(u.cv(slot).sources["range"])
    assert u.gpsv == 2
    rb(u.source("gpsv"), "10.11")


def test_acv_section(cat):
    u = cat.unit("usmc_acv_section")
    assert (u.mp, u.hp, u.cv("GA").supply) == (3, 2, 10)
    for f in ("mp", "hp"):
        rb(u.source(f), "App. A (L956)")
    rb(u.cv("GA").sources["supply"], "App. A (L956)")
    sb(u.cv("GA").sources["value"])
    assert u.symbol == "mech_infantry" and not u.armor


def test_echo_logistics_company(cat):
    u = cat.unit("usmc_logistics_company")
    assert u.mp == 2
    rb(u.source("mp"), "5.13 ex.")
    rv1, rv2 = u.rv("RV1"), u.rv("RV2")
    assert (rv1.value, rv1.range) == (6, 3)
    rb(rv1.sources["value"], "8.01 ex.")
    rb(rv1.sources["range"], "8.0 graphic")
    assert (rv2.value, rv2.range) == (2, 6)
    rb(rv2.sources["value"], "8.03")
    rb(rv2.sources["range"], "8.03")
    assert u.rp == 20
    rb(u.source("rp"), "8.01 ex.")
    assert "Lima" in u.notes                              # facts §6 item 6
    assert u.gpsv == 3
    rb(u.source("gpsv"), "10.11")
    assert "12.3" in u.notes                              # the 2-GPSV contradiction


def test_us_cannon_artillery(cat):
    u = cat.unit("usmc_cannon_artillery")
    assert u.cannon_artillery and u.symbol == "artillery_cannon"
    rb(u.source("cannon_artillery"), "7.52")
    assert u.cv("LRS1").supply == 16
    sb(u.cv("LRS1").sources["supply"])                    # analogy only


def test_ddg_51(cat):
    u = cat.unit("usn_ddg_51")
    lrs = u.cv("LRS1")
    assert lrs.value == 14
    assert lrs.sources["value"] == "rulebook 7.41"
    assert lrs.infinite_range
    rb(lrs.sources["range"], "7.41 (implied)")
    assert lrs.supply >= 4                                # fires 4 LRS in App. B
    sb(lrs.sources["supply"])
    assert u.asw
    rb(u.source("asw"), "14.11")
    int1 = u.cv("INT1")
    assert int1.range >= distance("AL-29", "AL-23") == 6
    rb(int1.sources["range"], "App. B (implied")


def test_ddg_x(cat):
    u = cat.unit("usn_ddg_x")
    lrs = u.cv("LRS1")
    assert lrs.supply == 15
    rb(lrs.sources["supply"], "7.04 ex.")
    assert lrs.infinite_range
    assert u.asw
    rb(u.source("asw"), "14.11")
    assert u.cv("INT1").range >= distance("AO24", "AL-23")


def test_lhd(cat):
    u = cat.unit("usn_lhd")
    assert u.symbol == "ship_amphib"
    assert (u.embark_gpsv, u.embark_asv) == (25, 5)
    rb(u.source("embark_gpsv"), "10.34 ex.")
    rb(u.source("embark_asv"), "10.34 ex.")
    assert not u.cvs_of("LRS")                            # 17.31: no organic LRS
    (int1,) = u.cvs_of("INT")
    assert int1.infinite_supply and int1.range <= 1
    sb(int1.sources["value"])


# ------------------------------------------------------ rulebook values (RU)

def test_ru_naval_infantry_platoon(cat):
    u = cat.unit("runi_naval_infantry_platoon")
    assert (u.mp, u.hp, u.gpsv) == (3, 2, 1)
    rb(u.source("mp"), "App. A (L962)")
    rb(u.source("hp"), "App. A (L962)")
    rb(u.source("gpsv"), "10.11")
    ga = u.cv("GA")
    assert (ga.value, ga.supply) == (4, 10)
    rb(ga.sources["supply"], "App. A (L962)")
    sb(ga.sources["value"])                               # 7.17 ex. is generic


def test_mortars_platoon(cat):
    u = cat.unit("runi_mortars_platoon")
    assert (u.mp, u.hp, u.cv("GA").supply) == (3, 2, 10)
    rb(u.source("mp"), "App. A (L963)")
    rb(u.cv("GA").sources["supply"], "App. A (L963)")
    assert u.symbol == "mortar" and not u.cannon_artillery
    lrs = u.cv("LRS1")
    assert lrs.range == 1 and not lrs.infinite_supply
    assert all(s.startswith("sandbox") for s in lrs.sources.values())


def test_recon_platoon(cat):
    u = cat.unit("runi_recon_platoon")
    assert u.symbol == "recon" and u.cv("GA").supply == 10
    rb(u.cv("GA").sources["supply"], "7.111")


def test_tanya_mlrs(cat):
    u = cat.unit("runi_mlrs_section")
    lrs = u.cv("LRS1")
    assert lrs.supply == 5
    rb(lrs.sources["supply"], "App. B (implied")
    assert lrs.range >= distance("AJ-24", "AL-23")        # fires at 1 Whiskey
    assert u.gpsv == 2
    rb(u.source("gpsv"), "10.11")


def test_ivan_co(cat):
    u = cat.unit("runi_logistics_company")
    rv1 = u.rv("RV1")
    assert (rv1.value, rv1.range) == (6, 2)
    rb(rv1.sources["value"], "App. B")
    rb(rv1.sources["range"], "App. B")
    assert rv1.range >= distance("AJ-22", "AJ-24")         # reaches 1 Tanya
    assert u.rp >= 5
    sb(u.rv("RV2").sources["value"])
    assert u.gpsv == 3
    rb(u.source("gpsv"), "10.11")


def test_uran(cat):
    u = cat.unit("runi_coastal_missile_section")
    assert u.symbol == "anti_ship_missile" and u.team == "RU"
    assert u.cv("LRS1").value == 10
    rb(u.cv("LRS1").sources["value"], "7.37 ex.")
    assert u.cv("LRS1").supply >= 2


def test_ru_cannon_artillery(cat):
    u = cat.unit("runi_cannon_artillery")
    assert u.cannon_artillery
    rb(u.source("cannon_artillery"), "7.52")
    assert u.cv("LRS1").supply == 16
    rb(u.cv("LRS1").sources["supply"], "7.33 DN")


def test_cannon_artillery_flag_only_on_cannon_artillery(cat):
    flagged = {t for t, u in cat.units.items() if u.cannon_artillery}
    assert flagged == {"usmc_cannon_artillery", "runi_cannon_artillery"}
    for t in flagged:
        assert cat.unit(t).symbol == "artillery_cannon"


def test_ru_ships(cat):
    ddg = cat.unit("rubf_ddg")
    assert ddg.hp == 2 and "14.13" in ddg.source("hp")
    sb(ddg.source("hp"))
    assert ddg.cv("LRS1").infinite_range
    ffg = cat.unit("rubf_ffg_gorshkov")
    rb(ffg.source("asw"), "14.11")
    int1 = ffg.cv("INT1")
    assert not int1.infinite_supply and int1.supply >= 4   # 4 INT dice for 1 Anna
    assert int1.range >= distance("AL-18", "AL-21") == 3


def test_asw_capable_units(cat):
    asw = {t for t, u in cat.units.items() if u.asw}
    assert asw == {"usn_ddg_51", "usn_ddg_x", "rubf_ddg", "rubf_ffg_gorshkov"}


def test_markers(cat):
    g, n = cat.markers["mildec"], cat.markers["naval_mildec"]
    assert (g.domain, g.hp, g.mp) == ("ground", 1, 2)
    assert (n.domain, n.hp, n.mp) == ("naval", 1, 4)
    for m in (g, n):
        assert m.sources["hp"] == "rulebook 4.22"
        assert m.sources["mp"] == "rulebook 5.17"


# ------------------------------------------------------------- Appendix B

def test_every_appendix_b_unit_has_a_type(cat):
    for unit, tid in {**APPENDIX_B, **EXAMPLE_UNITS}.items():
        assert tid in cat.units, unit
    for unit, team in APPENDIX_B_TEAM.items():
        assert cat.unit(APPENDIX_B[unit]).team == team, unit
    assert set(APPENDIX_B) == set(APPENDIX_B_TEAM)


def test_appendix_b_embarkation_fits(cat):
    lhd = cat.unit("usn_lhd")
    embarked = ["1 Alpha", "2 Alpha", "3 Alpha", "4 Alpha", "1 Kilo", "1 Whiskey"]
    assert sum(cat.unit(APPENDIX_B[u]).gpsv for u in embarked) <= lhd.embark_gpsv
    # The LCU (10 GPSV, 17.61 ex.) lands 1-3 Alpha, 1 Kilo and 1 Whiskey in one trip.
    landed = ["1 Alpha", "2 Alpha", "3 Alpha", "1 Kilo", "1 Whiskey"]
    assert sum(cat.unit(APPENDIX_B[u]).gpsv for u in landed) <= 10


def test_appendix_b_damage_is_consistent(cat):
    anna = cat.unit("runi_naval_infantry_platoon")
    assert 2 <= anna.hp <= 4       # 1 Anna survives 1 HP; 2 Anna dies to 4 hits
    assert cat.unit("usmc_iamd_section").hp >= 2           # 1 Kilo survives 1 HP


# ---------------------------------------------------------- validation

GOOD_UNIT = """
[[unit]]
type_id = "x"
name = "X"
team = "US"
service = "USMC"
domain = "ground"
symbol = "infantry"
abbrev = "X"
size = "platoon"
mp = 3
hp = {hp}
sources = {{ mp = "sandbox", hp = "sandbox" }}

[[unit.cv]]
slot = "{slot}"
value = 4
supply = 10
sources = {{ value = "sandbox", range = "sandbox", supply = "sandbox" }}
"""


def _write(tmp_path: Path, text: str, name: str = "units.toml") -> Path:
    p = tmp_path / name
    p.write_text(text, encoding="utf-8")
    return p


def test_temp_catalog_roundtrip(tmp_path):
    p = _write(tmp_path, GOOD_UNIT.format(hp=2, slot="GA"))
    c = load_catalog(str(p))
    assert c.unit("x").cv("GA").value == 4


def test_zero_hp_is_refused_with_file_and_key(tmp_path):
    p = _write(tmp_path, GOOD_UNIT.format(hp=0, slot="GA"), "bad_hp.toml")
    with pytest.raises(ScenarioError) as ei:
        load_catalog(str(p))
    assert ei.value.file == str(p)
    assert ei.value.key == "unit[x].hp"
    assert str(p) in str(ei.value) and "unit[x].hp" in str(ei.value)


def test_unknown_cv_slot_is_refused(tmp_path):
    p = _write(tmp_path, GOOD_UNIT.format(hp=2, slot="LRS9"), "bad_slot.toml")
    with pytest.raises(ScenarioError) as ei:
        load_catalog(str(p))
    # The TOML key is [[unit.cv]]; the schema reports it as its field name ``cvs``.
    assert ei.value.key == "unit[x].cv.0.slot"
    assert str(p) in str(ei.value)


def test_cv_over_20_and_unknown_field_are_refused(tmp_path):
    p = _write(tmp_path, GOOD_UNIT.format(hp=2, slot="GA").replace("value = 4", "value = 21"),
               "bad_value.toml")
    with pytest.raises(ScenarioError, match=r"unit\[x\]\.cv\.0\.value"):
        load_catalog(str(p))
    p = _write(tmp_path, GOOD_UNIT.format(hp=2, slot="GA").replace("mp = 3", "mp = 3\nmpp = 3"),
               "bad_field.toml")
    with pytest.raises(ScenarioError, match=r"unit\[x\]\.mpp"):
        load_catalog(str(p))


def test_duplicate_type_and_syntax_error(tmp_path):
    one = GOOD_UNIT.format(hp=2, slot="GA")
    p = _write(tmp_path, one + one, "dup.toml")
    with pytest.raises(ScenarioError, match=r"unit\[x\]: duplicate type_id"):
        load_catalog(str(p))
    p = _write(tmp_path, "[[unit]\ntype_id = ", "syntax.toml")
    with pytest.raises(ScenarioError) as ei:
        load_catalog(str(p))
    assert ei.value.key == "(syntax)" and ei.value.file == str(p)


def test_bad_marker_is_refused(tmp_path):
    p = _write(tmp_path, '[[marker]]\ntype_id = "m"\nname = "M"\ndomain = "air"\nmp = 2\n'
                         'sources = { mp = "sandbox" }\n', "bad_marker.toml")
    with pytest.raises(ScenarioError, match=r"marker\[m\]\.domain"):
        load_catalog(str(p))


# ------------------------------------------------ notes are paraphrased

RULEBOOK = Path("/work/shared/rulebook/lcb_rulebook.txt")


@pytest.mark.skipif(not RULEBOOK.exists(), reason="rulebook text not available")
def test_notes_do_not_copy_rulebook_sentences(cat):
    """No run of 10 consecutive words of the rulebook appears in the catalog text."""
    def words(t: str) -> list[str]:
        return re.findall(r"[a-z0-9]+", t.lower())

    book = words(RULEBOOK.read_text(encoding="utf-8"))
    n = 10
    grams = {tuple(book[i:i + n]) for i in range(len(book) - n + 1)}
    texts = [u.notes for u in cat.units.values()]
    texts += [s for u in cat.units.values() for s in u.sources.values()]
    for t in texts:
        w = words(t)
        hits = [" ".join(w[i:i + n]) for i in range(len(w) - n + 1) if tuple(w[i:i + n]) in grams]
        assert not hits, hits[:1]


def test_a_cv_without_supply_is_refused(tmp_path):
    """A forgotten supply line must not silently mean infinite supply: write "inf"."""
    bad = tmp_path / "nosupply.toml"
    bad.write_text(
        '[[unit]]\ntype_id = "x"\nname = "X"\nteam = "US"\nservice = "USMC"\ndomain = "ground"\n'
        'symbol = "infantry"\nabbrev = "X"\nsize = "platoon"\nmp = 3\nhp = 2\n'
        'sources = {mp = "sandbox", hp = "sandbox"}\n'
        '[[unit.cv]]\nslot = "GA"\nvalue = 4\nrange = 0\nsources = {value = "sandbox"}\n',
        encoding="utf-8")
    with pytest.raises(ScenarioError, match=r"unit\[x\]\.cv\.0\.supply"):
        load_catalog(str(bad))


def test_sources_must_say_rulebook_or_sandbox(tmp_path):
    bad = tmp_path / "src.toml"
    bad.write_text(
        '[[unit]]\ntype_id = "x"\nname = "X"\nteam = "US"\nservice = "USMC"\ndomain = "ground"\n'
        'symbol = "infantry"\nabbrev = "X"\nsize = "platoon"\nmp = 3\nhp = 2\n'
        'sources = {mp = "my guess"}\n', encoding="utf-8")
    with pytest.raises(ScenarioError, match=r"unit\[x\]\.sources"):
        load_catalog(str(bad))


def test_tank_platoon_is_the_armor_of_the_breakthrough_example():
    u = load_catalog().unit("runi_tank_platoon")
    assert u.armor and u.mp == 3 and u.gpsv == 3
    assert u.source("mp").startswith("rulebook 7.111") and u.source("armor").startswith("rulebook 7.19")
    assert u.cv("GA").supply == 10
