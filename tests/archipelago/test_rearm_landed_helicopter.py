"""A landed helicopter's missile unloaded or changed (Air-to-Surface Missiles, l.502): loaded in a
base or from a frigate, a helicopter that does not take off may, in a later turn, have its A-S
unloaded or changed for an A-A -- back to the base's panel or the frigate's.  Forced dice."""
from lcb_lab.games.archipelago import actions as A
from lcb_lab.games.archipelago.rules.turn import dice_count
from lcb_lab.games.archipelago.stage import stage
from tests.archipelago.helpers import N, S, SEA, at, refused, titles
from tests.archipelago.test_level4 import island_board

W = at((N, 3))                                       # the white point of Blue's Base A (test_level4)


def roll(g):
    g.dice.force([3] * dice_count(g.state, g.state.to_move))
    g.apply(A.RollMovement())


def next_own_turn(g):
    """End this turn (its blue dice rolled) and let the other side's pass."""
    if g.state.phase == "start":
        roll(g)
    g.apply(A.EndTurn())
    roll(g)
    g.apply(A.EndTurn())


def in_base(ammo=(), stock=None):
    return stage(island_board(), [("Blue H-1", W, "N", {"ammo": list(ammo)}), ("Blue TB-5", at((S, 3)), "N"),
                                  ("Red TB-1", at((N, 10)), "S")],
                 level=3, to_move="Blue", stock={"Red": {}, "Blue": stock or {"A-S": 1, "A-A": 1}})


def test_l502_loaded_then_in_a_later_turn_changed_for_an_a_a_then_unloaded():
    g = in_base()
    g.apply(A.Restock("Blue H-1", ("A-S",)))                        # loading (l.502)
    assert A.UnloadMissile("Blue H-1", "A-S") not in g.legal_actions()
    assert "must start the turn landed" in refused(g, A.UnloadMissile("Blue H-1", "A-S"), "l.502")
    next_own_turn(g)
    assert {A.UnloadMissile("Blue H-1", "A-S"), A.UnloadMissile("Blue H-1", "A-S", "A-A")} <= set(g.legal_actions())
    g.apply(A.UnloadMissile("Blue H-1", "A-S", "A-A"))
    assert g.state.pieces["Blue H-1"].ammo == ["A-A"] and g.state.stock["Blue"] == {"A-S": 1, "A-A": 0}
    assert titles(g)[-1] == "Blue H-1 changes its A-S for an A-A at Blue Base A"
    assert g.state.log[-1]["rules"] == ["l.502"]
    refused(g, A.UnloadMissile("Blue H-1", "A-A"), "l.502")          # one act a turn: it stays landed
    next_own_turn(g)
    g.apply(A.UnloadMissile("Blue H-1", "A-A"))
    assert g.state.pieces["Blue H-1"].ammo == [] and g.state.stock["Blue"] == {"A-S": 1, "A-A": 1}
    assert titles(g)[-1] == "Blue H-1 unloads its A-A at Blue Base A"


def test_l502_refusals_nothing_to_unload_no_marker_to_change_for_in_the_air():
    g = in_base(["A-S"], {"A-S": 1})
    assert "no A-A missile" in refused(g, A.UnloadMissile("Blue H-1", "A-A"), "l.502")
    assert "no A-A marker" in refused(g, A.UnloadMissile("Blue H-1", "A-S", "A-A"), "l.502")
    assert A.UnloadMissile("Blue H-1", "A-S", "A-A") not in g.legal_actions()
    refused(g, A.UnloadMissile("Blue H-1", "A-S", "G"), "l.502")
    g = stage(island_board(), [("Blue H-1", at((N, 6)), "N", {"ammo": ["A-S"], "flying": True}),
                               ("Red TB-1", at((N, 10)), "S")], level=3, to_move="Blue")
    assert "not a landed helicopter" in refused(g, A.UnloadMissile("Blue H-1", "A-S"), "l.502")
    g = stage(SEA.with_points({W: "white"}), [("Blue H-1", W, "N", {"ammo": ["A-S"]}), ("Red TB-1", at((N, 10)), "S")],
              level=3, to_move="Blue")                                # a white point of no base
    assert "neither aboard" in refused(g, A.UnloadMissile("Blue H-1", "A-S"), "l.502")


def test_l502_aboard_the_frigate_its_full_panel_takes_no_more_but_the_a_s_changes_for_its_a_a():
    f = at((N, 6))
    g = stage(SEA, [("Blue F-17", f, "N"), ("Blue H-1", f, "N", {"aboard": "Blue F-17", "ammo": ["A-S"]}),
                    ("Red TB-1", at((N, 10)), "S")], level=3, to_move="Blue")
    assert sorted(g.state.pieces["Blue F-17"].ammo) == ["A-A", "A-S", "G", "G"]              # full (l.425)
    assert "no room" in refused(g, A.UnloadMissile("Blue H-1", "A-S"), "l.502")
    g.apply(A.UnloadMissile("Blue H-1", "A-S", "A-A"))
    assert g.state.pieces["Blue H-1"].ammo == ["A-A"]
    assert sorted(g.state.pieces["Blue F-17"].ammo) == ["A-S", "A-S", "G", "G"]
    assert titles(g)[-1] == "Blue H-1 changes its A-S for an A-A at Blue F-17"
