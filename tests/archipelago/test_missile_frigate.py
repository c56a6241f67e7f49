"""The missile frigate MF-24 (l.870): like the frigate, a platform for one helicopter, helicopter
fuel and room for two markers of helicopter armament (A-S or A-A); unlike it, one unit of commandos
(a C marker), taken aboard from an island beside it and landed as a hovercraft's (reading, sandbox)."""
from lcb_lab.games.archipelago import actions as A
from lcb_lab.games.archipelago.model.state import Commando
from lcb_lab.games.archipelago.stage import stage
from tests.archipelago.helpers import N, NE, SE, SEA, at, refused, titles

FLY = {"flying": True}


def test_a_helicopter_lands_on_the_missile_frigate_is_armed_and_refuelled_there():
    """H1 lands from hovering on MF-24 (its platform, l.870 as l.470); it loads the MF's A-A (its panel:
    S-S, S-S, A-S left) and, the next turn, refuels to 6 from the MF's fuel (l.485); H2 finds no room."""
    f = at((SE, 3))
    g = stage(SEA, [("Red MF-24", f, "N"), ("Red H-1", at((N, 1), start=f), "N", {"flying": True, "fuel": 2, "ammo": []}),
                    ("Red H-2", at((NE, 1), start=f), "N", FLY), ("Blue TB-1", at((N, 11)), "S")],
              forced=[3] * 20, level=5)
    assert g.state.pieces["Red MF-24"].ammo == ["S-S", "S-S", "A-S", "A-A"]
    g.apply(A.RollMovement())
    g.apply(A.Hover("Red H-1", f[0], f[1], 0, True))
    assert (g.state.pieces["Red H-1"].aboard, g.state.pieces["Red H-1"].flying) == ("Red MF-24", False)
    refused(g, A.Hover("Red H-2", f[0], f[1], 0, True), "l.443")          # one platform (l.870)
    g.apply(A.EndTurn())
    g.apply(A.RollMovement())
    g.apply(A.EndTurn())
    g.apply(A.RollMovement())
    assert A.Restock("Red H-1", ("A-A",)) in g.legal_actions()
    g.apply(A.Restock("Red H-1", ("A-A",)))
    assert g.state.pieces["Red H-1"].ammo == ["A-A"] and g.state.pieces["Red MF-24"].ammo == ["S-S", "S-S", "A-S"]
    assert titles(g)[-1] == "Red H-1 is armed with A-A from Red MF-24"
    g.apply(A.EndTurn())
    g.apply(A.RollMovement())
    g.apply(A.EndTurn())
    g.apply(A.RollMovement())
    assert A.Refuel("Red H-1", "Red MF-24") in g.legal_actions()
    g.apply(A.Refuel("Red H-1", "Red MF-24"))
    assert g.state.pieces["Red H-1"].fuel == 6 and titles(g)[-1] == "Red H-1 refuels to 6 from Red MF-24"


def test_the_missile_frigate_refuels_a_helicopter_landed_beside_it():
    """l.870 with l.487: MF-24 on a point adjacent to a helicopter landed on a white point refuels it."""
    w = at((N, 1))
    g = stage(SEA.with_points({w: "white"}), [("Red MF-24", at(), "N"), ("Red H-1", w, "N", {"fuel": 1}),
                                              ("Blue TB-1", at((N, 11)), "S")], level=5)
    g.apply(A.Refuel("Red H-1", "Red MF-24"))
    assert g.state.pieces["Red H-1"].fuel == 6 and g.state.log[-1]["rules"] == ["l.487", "l.485"]


def test_the_missile_frigate_carries_one_unit_of_commandos():
    """One C marker (l.870): taken from an island beside it (refused from one not beside it, and a second
    one, l.870), landed on an island beside it after the movement (l.658); the frigate F-17 carries none."""
    land = {at((N, 1)): "orange", at((NE, 1), (N, 1)): "orange"}
    board = SEA.with_points(land)
    isl = board.island_at(at((N, 1)))
    far = board.with_points({at((N, 6)): "orange"})
    units = [Commando("Red", isl), Commando("Red", isl)]
    g = stage(board, [("Red MF-24", at(), "N"), ("Red F-17", at((SE, 1)), "N"), ("Blue TB-1", at((N, 11)), "S")],
              forced=[3] * 4, level=5, commandos=units)
    assert A.Embark("Red MF-24", isl) in g.legal_actions()
    refused(g, A.Embark("Red F-17", isl), "l.618")
    g.apply(A.Embark("Red MF-24", isl))
    assert g.state.pieces["Red MF-24"].ammo.count("C") == 1 and len(g.state.commandos) == 1
    assert titles(g)[-1] == f"Red MF-24 takes commandos aboard from {isl}"
    g.apply(A.RollMovement())
    assert A.LandCommandos("Red MF-24", isl) in g.legal_actions()
    g.apply(A.LandCommandos("Red MF-24", isl))
    assert "C" not in g.state.pieces["Red MF-24"].ammo and len(g.state.commandos) == 2
    full = stage(board, [("Red MF-24", at(), "N", {"ammo": ["S-S", "C"]}), ("Blue TB-1", at((N, 11)), "S")],
                 level=5, commandos=[Commando("Red", isl)])
    refused(full, A.Embark("Red MF-24", isl), "l.870")                   # room for one unit only
    g = stage(far, [("Red MF-24", at(), "N", {"ammo": ["S-S", "C"]}), ("Blue TB-1", at((N, 11)), "S")], forced=[3], level=5)
    g.apply(A.RollMovement())
    refused(g, A.LandCommandos("Red MF-24", far.island_at(at((N, 6)))), "l.658")   # not beside it
