"""The committed central-Baltic map (tools/build_map.py --map central_baltic, docs/map.md section 10)."""
import json

import pytest

from lcb_lab.games.lcb import hexes as lcb_hexes
from lcb_lab.games.lcb.model.board import MAP_DIR, load_board


@pytest.fixture(scope="module")
def board():
    return load_board("central_baltic")


def test_size_kinds_and_the_four_naval_zones(board):
    kinds = [h.kind for h in board.hexes.values()]
    assert len(kinds) == 492 and (kinds.count("naval"), kinds.count("land"), kinds.count("mixed")) == (304, 99, 89)
    assert board.zones == ("W1200", "W700", "E700", "E1200")
    for h in board.hexes.values():
        assert (h.kind == "naval") == (h.land_fraction < 0.005) and (h.kind == "land") == (h.land_fraction > 0.97)


def test_links_symmetric_adjacent_and_typed(board):
    for lab, h in board.hexes.items():
        near = {n.label for n in lcb_hexes.neighbours(lab)}
        for n in h.ground_links:
            assert n in near and lab in board.hexes[n].ground_links and h.kind != "naval"
        for n in h.naval_links:
            assert n in near and lab in board.hexes[n].naval_links and h.kind != "land"


def test_the_places_are_where_the_coast_is(board):
    at = {f.name: lab for lab, h in board.hexes.items() for f in h.features}
    for name in ("Visby", "Kalmar", "Kaliningrad", "Baltiysk", "Klaipėda", "Liepāja", "Ventspils", "Karlskrona"):
        assert board.hexes[at[name]].kind != "naval", name
    assert board.hex(at["Visby"]).colour == "yellow"                        # a city: 2 MP (sandbox)
    gotland = board.ground_reach(at["Visby"], 99)
    assert at["Slite"] in gotland and at["Kalmar"] not in gotland and at["Borgholm"] not in gotland   # islands (5.111)
    assert at["Kaliningrad"] in board.ground_reach(at["Klaipėda"], 99)    # one coast from Kaliningrad to Latvia


def test_sandbox_kinds_are_marked(board):
    for h in board.hexes.values():
        for f in h.features:
            if f.kind == "austere_airfield":
                assert "(sandbox)" in f.name and "sandbox" in h.note
            if f.kind == "small_port":
                assert "sandbox" in h.note
    data = json.loads((MAP_DIR / "central_baltic.json").read_text(encoding="utf-8"))
    assert "sandbox" in data["source"] and "Natural Earth" in data["source"]
    coast = json.loads((MAP_DIR / "central_baltic_coast.geojson").read_text(encoding="utf-8"))
    assert len(coast["features"]) >= 5
