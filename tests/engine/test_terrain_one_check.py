"""The terrain check is written once (:func:`lcb_lab.games.lcb.model.board.terrain_problem`): the
scenario loader refuses a piece off its terrain with the same words the state invariants give
for it (5.11, 4.22, 14.02 NOTE), and the loader's error still names the file and its key."""
from __future__ import annotations

from pathlib import Path

import pytest

from lcb_lab.games.lcb.io.loading import load_scenario
from lcb_lab.games.lcb.model import invariants as inv
from lcb_lab.games.lcb.model.board import load_board, terrain_problem
from lcb_lab.games.lcb.model.state import Marker
from lcb_lab.kernel.errors import ScenarioError
from lcb_lab.kernel.datacodec import touched

SCEN = Path(__file__).resolve().parents[2] / "scenarios/lcb"
MILDEC_BLOCK = '\n[[marker]]\nmid = "M-1"\ntype = "{type}"\ntask_force = "TF Boston"\nhex = "{hex}"\n'

UNIT_CASES = [   # (scenario, uid, hex in the file, the hex it is moved to, invariant, words)
    ("gotland_redux", "DDG-51", "AL-29", "AK-21", inv.TERRAIN, "DDG-51 is naval but AK-21 has no water (5.11)"),
    ("gotland_redux", "1 Anna", "AL-21", "AO-24", inv.TERRAIN,
     "1 Anna is a ground piece but AO-24 has no land (5.11)"),
    ("slite_landing", "SSN-774", "AO-17", "AK-21", inv.TERRAIN,
     "SSN-774 is a submarine but AK-21 has no water (5.11)"),
    ("slite_landing", "SSN-774", "AO-17", "AL-23", inv.OPEN_WATER,
     "SSN-774 is a submarine but AL-23 is a coastal hex: submarines never enter coastal hexes on the Baltic "
     "maps (14.02)"),
]


def _refused(tmp_path: Path, name: str, text: str) -> ScenarioError:
    bad = tmp_path / f"{name}_off_terrain.toml"
    bad.write_text(text, encoding="utf-8")
    with pytest.raises(ScenarioError) as e:
        load_scenario(bad, seed=0)
    assert e.value.file == str(bad)
    return e.value


@pytest.mark.parametrize("scenario,uid,was,to,name,words", UNIT_CASES, ids=[f"{c[1]} in {c[3]}" for c in UNIT_CASES])
def test_the_loader_and_the_invariants_give_one_set_of_words_for_a_unit(tmp_path, scenario, uid, was, to, name,
                                                                        words):
    text = (SCEN / f"{scenario}.toml").read_text(encoding="utf-8")
    line = f'uid = "{uid}"'
    head, tail = text.split(line, 1)
    assert f'hex = "{was}"' in tail.split("[[", 1)[0]
    err = _refused(tmp_path, scenario, head + line + tail.replace(f'hex = "{was}"', f'hex = "{to}"', 1))
    assert (err.key, err.problem) == (f"unit[{uid}].hex", words)
    g = load_scenario(scenario, seed=0)
    g.state.units[uid].hex = to
    found = inv.violations(g.state, g.board, g.catalog, g.decks)
    assert [(v.key, v.invariant, v.problem) for v in found] == [(f"state.units[{uid}].hex", name, words)]


MARKER_CASES = [("naval_mildec", "AK-21", "M-1 (Naval MILDEC) is naval but AK-21 has no water (5.11)"),
                ("mildec", "AO-24", "M-1 (MILDEC) is a ground piece but AO-24 has no land (5.11)")]


@pytest.mark.parametrize("type_id,hx,words", MARKER_CASES, ids=[c[0] for c in MARKER_CASES])
def test_the_loader_and_the_invariants_give_one_set_of_words_for_a_mildec(tmp_path, type_id, hx, words):
    text = (SCEN / "gotland_redux.toml").read_text(encoding="utf-8")
    err = _refused(tmp_path, "gotland_redux", text + MILDEC_BLOCK.format(type=type_id, hex=hx))
    assert (err.key, err.problem) == ("marker[M-1].hex", words)
    g = load_scenario("gotland_redux", seed=0)
    g.state.markers["M-1"] = Marker("M-1", type_id, "US", "TF Boston", hx)
    touched(g.state, "markers")      # staged in place: the snapshot looks at the map again
    found = inv.violations(g.state, g.board, g.catalog, g.decks)
    assert [(v.key, v.invariant, v.problem) for v in found] == [("state.markers[M-1].hex", inv.TERRAIN, words)]


def test_a_submarine_zone_keeps_its_open_water_hexes_and_open_water_passes():
    board = load_board()
    assert terrain_problem(board, "AO-17", "submarine", "SSN-774") is None
    assert terrain_problem(board, "AL-23", "naval", "DDG-51") is None          # coastal: fine for a ship
    assert terrain_problem(board, "AL-23", "submarine", "SSN-774").rule == "14.02"
    assert terrain_problem(board, "AK-21", "ground", "1 Anna") is None
