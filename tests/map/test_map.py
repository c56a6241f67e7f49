"""Tests over the committed Gotland map (lcb_lab/games/lcb/data/maps/gotland.json).

The map is built by tools/build_map.py from Natural Earth 10m; these tests
check the committed output only (no geometry library needed).
"""
from __future__ import annotations

import json
import math
import tomllib

import pytest

from lcb_lab.games.lcb import hexes as lcb_hexes
from lcb_lab.games.lcb.model.board import MAP_DIR, load_board
from lcb_lab.games.lcb.io.resources import lesson_text, scenario_text

HEX_AREA = math.sqrt(3) / 2 * 20.0 ** 2  # 346.41 km^2

ON_GOTLAND = ("AJ-22", "AJ-23", "AJ-24", "AK-20", "AK-21", "AL-21", "AL-23")
RU_SHIPS = ("AL-18", "AN-18")
US_SHIPS = ("AL-29", "AM-26", "AO-24")
MUST_GREEN = ("AL-21", "AK-21", "AK-20", "AJ-22", "AJ-24", "AL-23")
LHD_END_HEX = "AM-23"
"""Naval hex next to the landing hex AL-23 where the US LHD ends its move
(AM-26 -> AM-25 -> AM-24 -> AM-23 in the packaged lesson appendix_b_combat):
more than 5 naval steps from both Russian ships (docs/map.md).  AL-24 also
qualifies."""
LHD_LESSON_PATH = ["AM-26", "AM-25", "AM-24", "AM-23"]

FEATURE_HEXES = {
    "Visby": "AJ-21", "Visby airfield": "AJ-21", "Slite": "AL-21",
    "Klintehamn": "AJ-23", "Roma": "AJ-22", "Hemse": "AJ-24", "Ljugarn": "AK-23",
    "Fårösund": "AM-20", "Burgsvik": "AJ-25", "Fårö": "AM-19",
    "Gotska Sandön": "AM-17", "Ölandsbron": "AD-27",
}
"""Hex of every feature on the committed map (the table in docs/map.md)."""

VISBY = (18.29, 57.64)  # lon, lat
ROMA = (18.46, 57.51)
GOTSKA_SANDON = (19.25, 58.375)
OLAND = (16.65, 56.75)


@pytest.fixture(scope="module")
def board():
    return load_board("gotland")


@pytest.fixture(scope="module")
def gotland(board):
    """Hexes of the Gotland ground component (from Roma's hex)."""
    return set(board.ground_reach(board.hex_at_lonlat(*ROMA), 999))


def test_projection_is_equirectangular_around_box_middle(board):
    p = board.projection
    assert p["km_per_deg_lat"] == 111.2
    assert p["km_per_deg_lon"] == pytest.approx(111.32 * math.cos(math.radians(57.475)), abs=1e-5)
    # km (0, 0) is the projection origin; column A is shifted half a hex south
    assert board.km_to_lonlat(0.0, 0.0) == (p["lon0"], p["lat0"])
    assert lcb_hexes.centre_km("A-1") == (0.0, 10.0)
    # the placement written in the JSON matches the projection
    data = json.loads((MAP_DIR / "gotland.json").read_text(encoding="utf-8"))
    pl = data["placement"]
    lon, lat = board.km_to_lonlat(*lcb_hexes.centre_km(pl["anchor"]))
    assert (lon, lat) == (pytest.approx(pl["lon"], abs=1e-5), pytest.approx(pl["lat"], abs=1e-5))


def test_box_is_covered(board):
    n = 0
    for i in range(36):
        lon = 16.5 + 3.5 * i / 35
        for j in range(40):
            lat = 56.5 + 1.95 * j / 39
            assert board.hex_at_lonlat(lon, lat) is not None, (lon, lat)
            n += 1
    assert n == 1440
    # the corners of the box exactly
    for lon in (16.5, 20.0):
        for lat in (56.5, 58.45):
            assert board.hex_at_lonlat(lon, lat) is not None


def test_hex_count_and_labels(board):
    assert 150 <= len(board.hexes) <= 220
    for label in board.hexes:
        assert lcb_hexes.normalise(label) == label


def test_kinds_follow_land_fraction(board):
    for h in board.hexes.values():
        if h.kind == "naval":
            assert h.land_fraction < 0.005
        elif h.kind == "land":
            assert h.land_fraction > 0.97
        else:
            assert 0.005 <= h.land_fraction <= 0.97


def test_gotland_area_from_land_fractions(board, gotland):
    area = sum(board.hex(h).land_fraction for h in gotland) * HEX_AREA
    # Gotland + Fårö ~ 3,060 km^2 (Fårö is reached through AL-20 and AM-20, the
    # hexes holding both shores of Fårösund)
    assert area == pytest.approx(3060, rel=0.15)
    assert area == pytest.approx(3060, rel=0.03)  # actually much closer


def test_gotska_sandon_present_and_not_linked_to_gotland(board, gotland):
    gs = board.hex_at_lonlat(*GOTSKA_SANDON)
    assert gs is not None
    assert board.hex(gs).has_land
    island = set(board.ground_reach(gs, 999))
    assert not island & gotland
    assert sum(board.hex(h).land_fraction for h in island) * HEX_AREA < 60
    for h in island:
        assert not set(board.ground_neighbours(h)) & gotland


def test_oland_not_linked_to_gotland(board, gotland):
    ol = board.hex_at_lonlat(*OLAND)
    assert board.hex(ol).has_land
    assert ol not in gotland


def test_gotland_hexes(board, gotland):
    for label in ON_GOTLAND:
        h = board.hex(label)
        assert h.kind in ("land", "mixed"), label
        assert label in gotland, label


def test_landing_hex_is_coastal(board):
    h = board.hex("AL-23")
    assert h.kind == "mixed"
    assert any(board.hex(n).kind == "naval" for n in h.naval_links)
    assert h.ground_links  # connected to the island


def test_aj23_links_aj22_and_aj24(board):
    h = board.hex("AJ-23")
    assert h.kind in ("land", "mixed")
    assert "AJ-22" in h.ground_links and "AJ-24" in h.ground_links
    reach = board.ground_reach("AJ-22", 2)
    assert reach["AJ-24"] <= 2
    assert reach["AJ-23"] == 1


def test_ship_hexes_at_sea(board):
    for label in RU_SHIPS + US_SHIPS:
        h = board.hex(label)
        assert h.kind == "naval", label
        assert h.colour == "blue", label


def test_appendix_b_colours(board):
    for label in MUST_GREEN:
        assert board.hex(label).colour == "green", label
        assert board.hex(label).terrain_modifier == 0
    assert board.hex("AJ-23").colour == "green"


@pytest.mark.parametrize("ru", RU_SHIPS)
@pytest.mark.parametrize("us", US_SHIPS)
def test_naval_zor_separation(board, ru, us):
    assert us not in board.naval_reach(ru, 5)
    # but the US ship is reachable at all by sea
    assert us in board.naval_reach(ru, 99)


def test_lhd_end_hex(board):
    assert LHD_END_HEX in board.neighbours("AL-23")
    assert board.hex(LHD_END_HEX).kind == "naval"
    assert LHD_END_HEX in board.hex("AL-23").naval_links
    for ru in RU_SHIPS:
        assert LHD_END_HEX not in board.naval_reach(ru, 5), ru
    # the US ships can sail there
    assert LHD_END_HEX in board.naval_reach("AM-26", 99)
    assert LHD_END_HEX in board.naval_reach("AO-24", 99)
    data = json.loads((MAP_DIR / "gotland.json").read_text(encoding="utf-8"))
    assert LHD_END_HEX in data["placement"]["lhd_end_hexes"]
    assert "AL-24" in data["placement"]["lhd_end_hexes"]
    # the recorded list is exactly the hexes that qualify on the board
    qualifying = {
        n for n in board.neighbours("AL-23")
        if board.hex(n).kind == "naval" and n in board.hex("AL-23").naval_links
        and all(n not in board.naval_reach(ru, 5) for ru in RU_SHIPS)
        and all(n in board.naval_reach(us, 99) for us in US_SHIPS)
    }
    assert qualifying == set(data["placement"]["lhd_end_hexes"]) == {"AL-24", "AM-23"}
    # AM-22, the third naval hex naval-linked to AL-23, lies inside both naval ZORs
    assert board.hex("AM-22").kind == "naval" and "AM-22" in board.hex("AL-23").naval_links
    for ru in RU_SHIPS:
        assert board.naval_reach(ru, 5).get("AM-22") == 5, ru


def test_lhd_path_of_the_lesson(board):
    # the lesson moves LHD 1 from its deployment hex along LHD_LESSON_PATH
    scen = tomllib.loads(scenario_text("gotland_redux"))
    lesson = tomllib.loads(lesson_text("appendix_b_combat"))
    start = next(u["hex"] for u in scen["unit"] if u["uid"] == "LHD 1")
    moves = [step["path"] for imp in lesson["impulse"] for step in imp.get("step", [])
             if step.get("do") == "move"
             and imp["declare"][step.get("action", 1) - 1].get("units") == ["LHD 1"]]
    assert [start] + moves[0] == LHD_LESSON_PATH
    # LHD 1: AM-26 -> AM-25 -> AM-24 -> AM-23, 3 naval steps, all at sea
    path = LHD_LESSON_PATH
    for a, b in zip(path, path[1:]):
        assert b in board.naval_neighbours(a)
    for h in path:
        assert board.hex(h).kind == "naval"
        for ru in RU_SHIPS:
            assert h not in board.naval_reach(ru, 5), (h, ru)
    assert path[-1] == LHD_END_HEX
    assert board.naval_reach("AM-26", 3)["AM-23"] == 3
    # DDG-80 (sandbox deployment) is at sea too
    assert board.hex("AM-27").kind == "naval"


def test_rule_5_111_example(board):
    """5.111's example on our map: a ground unit walks AK-20 -> AL-20 -> AM-19
    (Gotland -> Fårö), but cannot go on to the land in AM-17 (Gotska Sandön)
    because AM-18 between them is open water."""
    path = ["AK-20", "AL-20", "AM-19"]
    for a, b in zip(path, path[1:]):
        assert lcb_hexes.distance(a, b) == 1, (a, b)
        assert b in board.hex(a).ground_links, (a, b)
        assert b in board.ground_neighbours(a), (a, b)
    for h in path:
        assert board.hex(h).has_land, h
    assert board.ground_reach("AK-20", 2)["AM-19"] == 2
    # AM-18 is water only, between Fårö and Gotska Sandön
    assert board.hex("AM-18").kind == "naval"
    assert "AM-18" in board.neighbours("AM-19") and "AM-17" in board.neighbours("AM-18")
    # AM-17 has land (Gotska Sandön) but no ground path leads there from AM-19
    assert board.hex("AM-17").has_land
    assert any(f.name == "Gotska Sandön" for f in board.features_in("AM-17"))
    reach = board.ground_reach("AM-19", 50)
    assert "AK-20" in reach and "AL-23" in reach  # AM-19 is on the Gotland component
    assert "AM-17" not in reach
    assert not board.hex("AM-17").ground_links


def test_no_label_map_needed(board):
    assert board.label_map == {}
    assert board.canonical("AL23") == "AL-23"


def test_visby(board):
    lab = board.hex_at_lonlat(*VISBY)
    kinds = {f.kind for f in board.features_in(lab) if f.name == "Visby"}
    assert {"city", "port"} <= kinds
    assert {f.kind for f in board.features if f.name == "Visby"} >= {"city", "port"}
    assert board.hex(lab).kind == "mixed"


@pytest.mark.parametrize("name,kinds", [
    ("Visby airfield", {"airfield"}), ("Slite", {"port", "town"}),
    ("Klintehamn", {"small_port"}), ("Roma", {"town"}), ("Hemse", {"town"}),
    ("Ljugarn", {"town", "small_port"}), ("Fårösund", {"town", "small_port"}),
    ("Burgsvik", {"town", "small_port"}), ("Fårö", {"island"}),
])
def test_features_in_their_hexes(board, gotland, name, kinds):
    feats = [f for f in board.features if f.name == name]
    assert {f.kind for f in feats} >= kinds
    for f in feats:
        lab = board.hex_at_lonlat(f.lon, f.lat)
        assert f in board.features_in(lab)
        assert lab in gotland
        if f.kind in ("port", "small_port"):
            assert board.hex(lab).kind == "mixed"


def test_every_feature_listed_in_its_hex(board):
    data = json.loads((MAP_DIR / "gotland.json").read_text(encoding="utf-8"))
    assert {f["name"]: f["hex"] for f in data["features"]} == FEATURE_HEXES
    for f in data["features"]:
        assert board.hex_at_lonlat(f["lon"], f["lat"]) == f["hex"]
        assert any(g.name == f["name"] and g.kind == f["kind"] for g in board.features_in(f["hex"]))
    n_hex_feats = sum(len(h.features) for h in board.hexes.values())
    assert n_hex_feats == len(data["features"])


def test_links_symmetric_adjacent_and_typed(board):
    for label, h in board.hexes.items():
        adj = set(board.neighbours(label))
        for n in h.ground_links:
            assert n in adj
            assert label in board.hex(n).ground_links, (label, n)
            assert h.has_land and board.hex(n).has_land
        for n in h.naval_links:
            assert n in adj
            assert label in board.hex(n).naval_links, (label, n)
            assert h.has_water and board.hex(n).has_water
        if h.kind == "naval":
            assert not h.ground_links
        if h.kind == "land":
            assert not h.naval_links


def test_colours(board):
    for h in board.hexes.values():
        if h.kind == "naval":
            assert h.colour == "blue"
        else:
            assert h.colour != "blue"
            assert h.colour != "red"
            if h.colour != "green":
                assert h.note, h.label
    land = [h for h in board.hexes.values() if h.has_land]
    green = [h for h in land if h.colour == "green"]
    assert len(green) >= 0.9 * len(land)


def test_roads(board):
    assert len(board.roads) >= 3
    for r in board.roads:
        pts = r["lonlat"]
        assert len(pts) >= 2
        for lon, lat in pts:
            assert board.hex(board.hex_at_lonlat(lon, lat)).has_land


def test_coast_geojson():
    p = MAP_DIR / "gotland_coast.geojson"
    assert p.stat().st_size < 300 * 1024
    gj = json.loads(p.read_text(encoding="utf-8"))
    assert gj["type"] == "FeatureCollection"
    assert len(gj["features"]) >= 3
    lons, lats = [], []
    for f in gj["features"]:
        g = f["geometry"]
        polys = [g["coordinates"]] if g["type"] == "Polygon" else g["coordinates"]
        for poly in polys:
            for ring in poly:
                for lon, lat in ring:
                    lons.append(lon)
                    lats.append(lat)
                    assert round(lon, 5) == lon and round(lat, 5) == lat
    assert min(lons) <= 16.5 and max(lons) >= 19.3
    assert min(lats) <= 56.95 and max(lats) >= 58.39  # Hoburgen .. Gotska Sandön
