"""The Mobile Landing Platform (l.1264-1270) and the Oil Platform (l.1272-1274): loading the
load standing behind after an approach (pictures 84-86, reading), one step slower laden (l.1266),
unloading behind (l.1270), what it may carry, the oil platform that does not move by itself."""
from lcb_lab.games.archipelago import actions as A
from lcb_lab.games.archipelago.stage import stage
from tests.archipelago.helpers import NE, N, S, SEA, at
from tests.archipelago.test_level3 import refused


def platform(load="Red OP-38", extra=None, forced=(), **kw):
    return stage(SEA, [("Red MLP-36", at(), "N"), (load, at((S, 1)), "N", extra or {}), ("Blue TB-1", at((N, 10)), "S")],
                 forced=list(forced), level=5, **kw)


def test_the_mlp_loads_the_oil_platform_behind_it_and_moves_one_step_slower():
    g = platform(forced=[3, 4, 2])
    assert A.LoadCargo("Red MLP-36", "Red OP-38") in g.legal_actions()
    g.apply(A.LoadCargo("Red MLP-36", "Red OP-38"))
    op = g.state.pieces["Red OP-38"]
    assert (op.aboard, op.point) == ("Red MLP-36", tuple(at())) and g.state.at(at()) == "Red MLP-36"
    g.apply(A.RollMovement())
    refused(g, A.Move("Red MLP-36", "F", 3), "l.251")                    # not the turn it loads
    g.apply(A.EndTurn())
    g.apply(A.RollMovement())
    g.apply(A.EndTurn())
    g = stage(SEA, [("Red MLP-36", at(), "N"), ("Red OP-38", at(), "N", {"aboard": "Red MLP-36"}),
                    ("Blue TB-1", at((N, 10)), "S")], forced=[3, 4], level=5)              # l.1427: it starts loaded
    g.apply(A.RollMovement())
    refused(g, A.Move("Red MLP-36", "FFF", 3), "l.1266")                 # heavy load: blue 3 - 1
    g.apply(A.Move("Red MLP-36", "FF", 3))
    assert g.state.pieces["Red OP-38"].point == tuple(at((N, 2)))        # the load rides with it
    assert "-1 heavy load (l.1266)" in g.state.log[-1]["text"]


def test_unloading_behind_and_the_oil_platform_does_not_move_by_itself():
    g = stage(SEA, [("Red MLP-36", at(), "N"), ("Red OP-38", at(), "N", {"aboard": "Red MLP-36"}),
                    ("Blue TB-1", at((N, 10)), "S")], forced=[3, 4], level=5)
    g.apply(A.UnloadCargo("Red MLP-36", "Red OP-38", NE))
    op = g.state.pieces["Red OP-38"]
    assert (op.aboard, op.point, op.facing) == ("", tuple(at((S, 1))), NE)
    g.apply(A.RollMovement())
    refused(g, A.Move("Red MLP-36", "F", 3), "l.251")                    # neither moves that turn
    refused(g, A.Move("Red OP-38", "F", 3), "l.1274")
    assert not [a for a in g.legal_actions() if getattr(a, "limits", {}).get("piece") == "Red OP-38"]


def test_what_the_mlp_carries():
    """A destroyer-class ship or smaller, or the oil platform (l.1266); one load; own pieces; behind it."""
    g = platform("Red D-13")
    g.apply(A.LoadCargo("Red MLP-36", "Red D-13"))
    refused(platform("Red CS-25"), A.LoadCargo("Red MLP-36", "Red CS-25"), "l.1266")   # a capital ship
    refused(platform("Red TB-1"), A.LoadCargo("Red MLP-36", "Red TB-1"), "l.1266")     # a boat is no large load
    g = stage(SEA, [("Red MLP-36", at(), "N"), ("Red C-9", at((N, 1)), "N"), ("Blue TB-1", at((N, 10)), "S")], level=5)
    refused(g, A.LoadCargo("Red MLP-36", "Red C-9"), "l.1266")            # ahead, not behind
    g = stage(SEA, [("Red MLP-36", at(), "N"), ("Red OP-38", at(), "N", {"aboard": "Red MLP-36"}),
                    ("Red C-9", at((S, 1)), "N"), ("Blue TB-1", at((N, 10)), "S")], level=5)
    refused(g, A.LoadCargo("Red MLP-36", "Red C-9"), "l.1266")            # one load at a time
    refused(g, A.LoadCargo("Red C-9", "Red OP-38"), "l.1266")             # a corvette carries no load
