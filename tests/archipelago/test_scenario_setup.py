"""The expanded scenarios set up as printed (l.1393-1568): the required pieces where the text puts
them (not counted in the total, l.1401), each side's force worth its printed total exactly, the
excluded classes and markers absent, the side with the task first (l.1401), and the scenario's
line in force (so Base A's fall does not end the game, l.1399)."""
import pytest

from lcb_lab.games.archipelago.rules.forces import value
from lcb_lab.games.archipelago.model.scenario_book import LINES, SCENARIOS, key, table
from lcb_lab.games.archipelago.scenario_setup import excluded, scenario_opening, zone

TOTALS = {"convoy": (38, 38), "oil_platform": (30, 30), "tanker": (34, 34), "salvage": (34, 44),
          "blimp": (38, 30), "breakthrough": (28, None), "capture": (36, 36), "landing": (40, 40), "seaplane": (30, 30),
          "oil_platform_red": (30, 30), "tanker_blue": (34, 34), "blimp_blue": (30, 38), "landing_blue": (40, 40),
          "convoy_blue": (38, 38), "convoy_both": (38, 38), "oil_platform_both": (30, 30), "salvage_red": (44, 34),
          "breakthrough_red": (None, 28), "landing_both": (40, 40)}
"""(Red, Blue) totals as printed (l.1405, 1425, 1446, 1467, 1485, 1504 (Blue blank), 1522, 1536, 1554)."""

FIRST = {"convoy": "Red", "oil_platform": "Blue", "tanker": "Red", "salvage": "Blue", "blimp": "Red",
         "breakthrough": "Blue", "landing": "Red", "seaplane": "Blue", "capture": "Blue",
         "oil_platform_red": "Red", "tanker_blue": "Blue", "blimp_blue": "Blue", "landing_blue": "Blue",
         "convoy_blue": "Blue", "convoy_both": "Red", "oil_platform_both": "Blue", "salvage_red": "Red",
         "breakthrough_red": "Red", "landing_both": "Red"}


def test_nine_scenarios_and_ten_variations_named_for_the_lab_in_the_texts_order():
    assert list(SCENARIOS.values())[:9] == ["Convoy", "Deploying Oil Platform", "Tanker", "Salvage of Frigate", "Blimp",
                                            "Breakthrough of Combat Group", "Capturing Island",
                                            "Hidden Landing of Saboteurs", "Seaplane"]
    assert list(LINES) == ["l.1403", "l.1423", "l.1444", "l.1465", "l.1483", "l.1502", "l.1520", "l.1534", "l.1552",
                           "l.1441", "l.1462", "l.1499", "l.1550", "l.1419",
                           "l.1421", "l.1442", "l.1481", "l.1518", "l.1550 both"]
    assert all(SCENARIOS[n].endswith("(Blue's variation)") for n in ("tanker_blue", "blimp_blue", "landing_blue",
                                                                      "convoy_blue"))


@pytest.mark.parametrize("name", list(SCENARIOS))
def test_forces_required_pieces_and_first_player(name):
    t = table()[name]
    g = scenario_opening(name, seed=5)
    s = g.state
    assert s.scenario == key(t) and s.to_move == FIRST[name] and s.level == 5
    required = [r["piece"] for r in t.get("required", ())]
    for r in t.get("required", ()):
        if r.get("hidden"):                                            # on its owner's notepad (l.1544)
            assert s.hidden[r["piece"]].path == [(0, r["sectors"][0])]
            continue
        p = s.pieces[r["piece"]]
        if "sectors" in r:
            assert g.board.sector(p.at) == r["sectors"][0]
        if "port" in r:
            assert p.at in g.board.bases[r["port"]].points and "port" in g.board.symbols_at(p.at)
        if "aboard" in r:
            assert p.aboard == r["aboard"]
    for side, printed in zip(("Red", "Blue"), TOTALS[name]):
        mine = [i for i in s.pieces if i.startswith(side + " ") and i not in required]
        assert all(not excluded(t, p.kind) for i, p in s.pieces.items() if i in mine)
        if side in t.get("pick", {}):
            assert len(mine) == 7 and {i.split(" ")[1].split("-")[0] for i in mine} <= {"D", "C", "MC", "F"}  # l.1506
            continue
        assert sum(value(i) for i in mine) == printed
        sectors = set(zone(g.board, t["zones"][side]))
        assert all(g.board.sector(s.pieces[i].at) in sectors for i in mine if not s.pieces[i].aboard)


def test_readings_of_the_zones_blue_west_red_east():
    g = scenario_opening("blimp", seed=1)
    assert zone(g.board, "east 7")[0] == "K1" and "K4" in zone(g.board, "east 7")       # the blimp starts in Red's zone
    assert zone(g.board, "D1 A7") == [f"{c}{r}" for c in "ABCD" for r in range(1, 8)]     # l.1429


def test_unused_markers_and_classes():
    g = scenario_opening("convoy", seed=2)                 # l.1411: no A-S missiles
    assert not any("A-S" in p.ammo for p in g.state.pieces.values())
    assert all("A-S" not in st for st in g.state.stock.values())
    g = scenario_opening("oil_platform", seed=2)           # l.1431: no submarines, helicopters, S-S armed pieces
    kinds = {p.kind for p in g.state.pieces.values()}
    assert not kinds & {"submarine", "submarine_s32", "helicopter", "utility_helicopter", "missile_boat", "hydrofoil"}
    assert g.state.pieces["Blue OP-38"].aboard == "Blue MLP-36"
    assert scenario_opening("seaplane", seed=2).state.pieces["Blue H-7"].fuel == 0       # l.1562: its tank empty


def test_the_opening_is_seeded():
    a, b = scenario_opening("capture", seed=3), scenario_opening("capture", seed=3)
    assert sorted(a.state.pieces) == sorted(b.state.pieces)
    assert a.state.log[-1]["kind"] == "scenario" and "l.1399" in a.state.log[-1]["rules"]


def test_hidden_landing_s32_starts_hidden_and_blue_cannot_tell_where():
    """l.1544: S-32 starts hidden (the notepads of l.1147, switched on by the scenario) with its
    commandos aboard; two worlds, S-32 written in P2 or in P3, look the same to Blue through Red's
    first turn and Blue's roll (``observer.view``, the log Blue reads, its legal acts)."""
    from lcb_lab.games.archipelago import actions as A
    from lcb_lab.games.archipelago.observer import view
    from lcb_lab.kernel.worlds import follow
    a, b = scenario_opening("landing", seed=4), scenario_opening("landing", seed=4)
    assert "l.1147" in a.state.optional_rules and "Red S-32" not in a.state.pieces
    assert a.state.hidden["Red S-32"].ammo == ["C"] and a.state.hidden["Red S-32"].path == [(0, "P2")]
    b.state.hidden["Red S-32"].path = [(0, "P3")]                      # the other world: written in P3
    acts = [A.RollMovement(), A.MoveHidden("Red S-32"), A.EndTurn(), A.RollMovement()]
    assert follow(a, b, "Blue", acts, view) == []
    assert view(a, "Red") != view(b, "Red")                             # its owner sees the difference


@pytest.mark.parametrize("name", ["capture", "seaplane"])
def test_forces_able_to_do_the_task_hold_a_hovercraft_with_commandos(name):
    """Sandbox ``must_draw``: Capturing Island needs commandos on each side (l.1528), the Seaplane a
    refueller for Blue (l.1562) and a carrier of commandos for Red (l.1568); counted in the totals."""
    for seed in (1, 2):
        s = scenario_opening(name, seed=seed).state
        assert "C" in s.pieces["Blue HC-18"].ammo and "C" in s.pieces["Red HC-18"].ammo
