"""Land launchers in the scenarios: players "can choose launchers or not", each worth one point of
the total (l.995), on square red points of their side (l.991); the Seaplane puts them only in the
side's zone of initial positions (l.1560); Capturing Island (l.1526), Deploying Oil Platform (l.1431)
and the Breakthrough (l.1510) use none.  A refused choice names its line and opens no game."""
import pytest

from lcb_lab.games.archipelago.model.scenario_book import table
from lcb_lab.games.archipelago.rules.forces import value
from lcb_lab.games.archipelago.scenario_setup import scenario_opening
from lcb_lab.kernel.errors import IllegalAction

M9, N8, C6 = (77, 40), (79, 39), (14, 27)        # Red's square points in M9 and N8, Blue's in C6 (the board's features)


def refused_choice(rule, name, launchers):
    with pytest.raises(IllegalAction) as e:
        scenario_opening(name, seed=3, launchers=launchers)
    assert e.value.rule == rule, e.value
    return str(e.value)


def drawn(g, side):
    """The points of ``side``'s pieces in play but the scenario's required ones."""
    req = {r["piece"] for r in table()[{"l.1552": "seaplane", "l.1444": "tanker"}[g.state.scenario]].get("required", ())}
    return sum(value(i) for i, p in g.state.pieces.items() if p.owner == side and i not in req)


def test_seaplane_launchers_only_in_the_zone_and_counted_in_the_total():
    """Red's L-1 on its square in M9 (inside M9-Q11) and L-3 on the first free one there; Blue's
    L-2 on C6 (inside C8-A4): each is worth 1, the drawn force 1 or 2 points less (l.995).
    N8 lies outside Red's zone: refused (l.1560)."""
    g = scenario_opening("seaplane", seed=3, launchers={"Red": {"L-1": M9, "L-3": None}, "Blue": ["L-2"]})
    s = g.state
    assert s.pieces["Red L-1"].point == tuple(g.board.from_col_row(*M9))
    assert g.board.sector(s.pieces["Red L-3"].at) in ("M9", "N10") and s.pieces["Blue L-2"].kind == "ssm_launcher"
    assert g.board.sector(s.pieces["Blue L-2"].at) in ("C4", "C6", "C8", "B7")
    assert drawn(g, "Red") == drawn(g, "Blue") == 30
    plain = scenario_opening("seaplane", seed=3)
    assert not any(i.split(" ")[1].startswith("L-") for i in plain.state.pieces) and drawn(plain, "Red") == 30
    assert "in its zone M9 Q11" in refused_choice("l.1560", "seaplane", {"Red": {"L-1": N8}})
    refused_choice("l.993", "seaplane", {"Red": ["L-5"]})


def test_scenarios_without_launchers_refuse_them_and_others_take_any_own_square():
    """"Land launchers ... are not used" (l.1526, l.1431, l.1510): refused; the Tanker names no limit,
    so a launcher stands on any square point of its side (l.991), not on the enemy's."""
    assert "land launchers are not used" in refused_choice("l.1526", "capture", {"Blue": ["L-1"]})
    refused_choice("l.1431", "oil_platform", {"Red": ["L-3"]})
    refused_choice("l.1510", "breakthrough", {"Red": ["L-1"]})
    g = scenario_opening("tanker", seed=3, launchers={"Red": {"L-4": N8}})
    assert g.state.pieces["Red L-4"].point == tuple(g.board.from_col_row(*N8)) and drawn(g, "Red") == 34
    refused_choice("l.991", "tanker", {"Red": {"L-4": C6}})


def test_no_s_s_launcher_where_the_scenario_uses_no_s_s_missiles():
    """Reading: the Tanker (l.1452) and the Salvage (l.1473) use no S-S missiles, so an S-S land
    launcher (L-1, L-2, l.993) is refused when the game is set up, naming the scenario's
    restrictions; an S-A launcher (L-3, L-4) is taken.  The lab's picker offers the same list."""
    from lcb_lab.games.archipelago.model.scenario_book import ref
    from lcb_lab.games.archipelago.scenario_setup import launchers_allowed
    for name in ("tanker", "salvage"):
        t = table()[name]
        assert launchers_allowed(t) == ("L-3", "L-4")
        assert "S-S missiles are not used" in refused_choice(ref(t, "restrictions"), name, {"Red": ["L-1"]})
    assert launchers_allowed(table()["convoy"]) == ("L-1", "L-2", "L-3", "L-4")
