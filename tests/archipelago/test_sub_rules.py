"""Level 5: the submarine (l.1119-1135), the depth charge (l.1137-1143, picture 76), the minelayer
(l.1053-1067, pictures 68-69) and remote-controlled mines (l.1207-1217, picture 82), on staged
positions with forced dice.  The pictures are not in the text: each test places the pieces so the
geometry its example describes holds (an open sea of 14 x 16 points, ``tests/archipelago/helpers.py``)."""
import numpy as np

from lcb_lab.games.archipelago import actions as A
from lcb_lab.games.archipelago.model.notepad import Mine
from lcb_lab.games.archipelago.observer import view
from lcb_lab.games.archipelago.stage import stage
from lcb_lab.kernel.legal import Template
from tests.archipelago.helpers import N, NE, NW, O, S, SE, SEA, SW, at, refused, titles

FLY = {"flying": True, "fuel": 5}


def sub_game(board=SEA, extra=(), forced=(), **kw):
    pieces = [("Red S-31", O, "N"), ("Blue C-9", at((N, 8)), "S")] + list(extra)
    return stage(board, pieces, forced=forced, level=5, **kw)


# ------------------------------------------------------------------ Submarine, l.1119-1135
def test_a_submarine_moves_the_blue_die_minus_one_on_the_surface_and_in_shallows():
    shallow = SEA.with_points({at((N, 1)): "light_blue", at((N, 2)): "light_blue"})
    g = sub_game(shallow, forced=[4])
    g.apply(A.RollMovement())
    refused(g, A.Move("Red S-31", "FFFF", 4), "l.1125")               # 4 - 1 = 3 steps at most
    g.apply(A.Move("Red S-31", "FFF", 4))                             # surfaced: shallow water is fine (l.1129)
    assert g.state.pieces["Red S-31"].point == tuple(at((N, 3)))
    assert "l.1125" in g.state.log[-1]["rules"] and "blue 4 -1" in g.state.log[-1]["text"]


def test_submerged_only_deep_water_and_the_optional_minus_two():
    shallow = SEA.with_points({at((N, 2)): "light_blue"})
    g = sub_game(shallow, forced=[5], extra=[], optional_rules=["l.1127"])
    g.state.pieces["Red S-31"].submerged = True
    g.apply(A.RollMovement())
    refused(g, A.Move("Red S-31", "FF", 5), "l.1129")                 # under water: no shallow point
    refused(g, A.Move("Red S-31", "RFFF", 5), "l.1125")               # optional l.1127: 5 - 2 = 3 steps
    g.apply(A.Move("Red S-31", "RFF", 5))
    assert "submerged, optional rule l.1127" in g.state.log[-1]["text"]


def test_diving_needs_a_forward_step_and_ends_on_deep_water_then_only_torpedo_or_depth_charge():
    shallow = SEA.with_points({at((N, 1)): "light_blue"})
    g = sub_game(shallow, forced=[3, 4, 2, 2, 3, 3], extra=[("Red C-10", at((NE, 3)), "N"), ("Blue TB-1", at((N, 3)), "S"),
                                               ("Blue D-13", at((N, 4)), "S")])
    g.apply(A.RollMovement())
    refused(g, A.Submerge("Red S-31", "LR", 3), "l.1129")             # at least one straight step
    refused(g, A.Submerge("Red S-31", "F", 3), "l.1129")              # ends on light blue
    g.apply(A.Submerge("Red S-31", "RF", 3))
    s31 = g.state.pieces["Red S-31"]
    assert s31.submerged and s31.point == tuple(at((NE, 1)))
    assert "Red S-31" in view(g, "Blue")["undersea"]["submerged"]
    g.apply(A.EndTurn())
    g.apply(A.RollMovement())
    refused(g, A.FireGun("Blue D-13", "Red S-31"), "l.1135")
    refused(g, A.FireMachineGun("Blue TB-1", "Red S-31"), "l.539")    # a machine gun hits aircraft and hovercraft
    g.apply(A.EndTurn())
    g.apply(A.RollMovement())
    refused(g, A.FireMachineGun("Red S-31", "Blue TB-1"), "l.1131")   # submerged: no machine gun
    refused(g, A.Restock("Red S-31"), "l.1133")                       # submerged: no loading
    g.apply(A.Emerge("Red S-31", "LF", 3))
    assert not g.state.pieces["Red S-31"].submerged
    assert "emerges" in titles(g)[-1]


def test_a_torpedo_sinks_a_submerged_submarine_with_one_hit():
    g = sub_game(forced=[3, 3, 4], extra=[("Blue D-13", at((N, 4)), "S")])
    g.state.pieces["Red S-31"].submerged = True
    g.state.to_move = "Blue"
    g.apply(A.RollMovement())
    g.apply(A.LaunchTorpedo("Blue D-13", "Red S-31"))                 # 4 d straight ahead: red 4 hits (l.206)
    assert "Red S-31" in g.state.sunk and g.state.sunk["Red S-31"].hits == ["T"]
    assert "1 hit(s) sink a Submarine" in g.state.log[-1]["text"] or g.state.over


# ------------------------------------------------------------------ Depth Charge, l.1137-1143, picture 76
def test_picture_76_h3_drops_a_depth_charge_on_s32():
    land = SEA.with_points({at((SE, 2)): "orange"})
    g = stage(land, [("Red H-3", at((N, 1)), "N", dict(FLY, ammo=["D"])), ("Red C-9", at((S, 3)), "N"), ("Blue S-32", O, "N"),
                     ("Blue C-10", at((N, 6)), "N"), ("Red H-4", at((SE, 2)), "N", dict(FLY, ammo=["D"]))],
              forced=[2, 2], level=5)
    g.state.pieces["Blue S-32"].submerged = True
    refused(g, A.DropDepthCharge("Red H-3", "Blue S-32"), "l.1141")   # before the blue dice
    g.apply(A.RollMovement())
    refused(g, A.DropDepthCharge("Red H-3", "Blue C-10"), "l.1141")   # a ship on the surface
    refused(g, A.DropDepthCharge("Red H-4", "Blue S-32"), "l.1141")   # over land (the orange point)
    assert A.DropDepthCharge("Red H-3", "Blue S-32") in g.legal_actions()
    g.apply(A.DropDepthCharge("Red H-3", "Blue S-32"))
    assert "Blue S-32" not in g.state.pieces and g.state.sunk["Blue S-32"].hits == ["D"]
    assert g.state.pieces["Red H-3"].ammo == [] and g.state.phase == "fire"
    assert titles(g)[-2:] == ["Red H-3 drops a depth charge on Blue S-32: 100.0% (no roll)",
                              "Blue S-32 is destroyed by the depth charge"]
    assert "no D marker" in refused(g, A.DropDepthCharge("Red H-3", "Blue S-32"), "l.1141")


# ------------------------------------------------------------------ Minelayer, l.1053-1067, pictures 68-69
def test_picture_68_m28_lays_a_mine_behind_and_a_vessel_passing_over_it_is_destroyed():
    g = stage(SEA, [("Red M-28", O, "N"), ("Blue TB-1", at((N, 1), (NW, 2)), "SE"), ("Blue C-9", at((N, 9)), "S")],
              forced=[3, 2, 2], level=5)
    assert g.state.pieces["Red M-28"].ammo == ["M"] * 4                                  # 4 mines loaded (l.1055)
    g.apply(A.RollMovement())
    refused(g, A.LayMine("Red M-28"), "l.1057")                        # before it moves
    g.apply(A.Move("Red M-28", "FF", 3))
    g.apply(A.LayMine("Red M-28"))
    assert [(m.owner, m.point) for m in g.state.mines] == [("Red", tuple(at((N, 1))))]   # exactly behind
    assert g.state.pieces["Red M-28"].ammo.count("M") == 3
    refused(g, A.LayMine("Red M-28"), "l.1057")                        # one a turn
    assert view(g, "Blue")["undersea"]["mines"] == [[list(at((N, 1))), "Red"]]           # always visible (l.1059)
    g.apply(A.EndTurn())
    g.apply(A.RollMovement())
    tb = g.state.pieces["Blue TB-1"]
    assert SEA.col_row(tb.at) == (4, 10)
    steps = "FFFF"                                                     # SE across the mine's point
    from lcb_lab.games.archipelago.rules.movement import path
    assert tuple(at((N, 1))) in [tuple(p) for p, _ in path(tb.at, tb.facing, steps)]
    g.apply(A.Move("Blue TB-1", steps, 2))
    assert "Blue TB-1" in g.state.sunk and g.state.mines == []
    assert titles(g)[-2] == "Blue TB-1 moves FF: 4,10 (C5) -> 6,11 (D5)"
    assert titles(g)[-1] == "Blue TB-1 runs onto Red's mine at 6,11 (D5) and is destroyed"


def test_no_mine_after_a_turn_in_place_last():
    g = stage(SEA, [("Red M-28", O, "N"), ("Blue C-9", at((N, 9)), "S")], forced=[3, 3], level=5)
    g.apply(A.RollMovement())
    g.apply(A.Move("Red M-28", "FR", 3))
    assert "turn in place" in refused(g, A.LayMine("Red M-28"), "l.1057")


def test_picture_69_m28_sweeps_an_enemy_mine_to_its_side_and_takes_back_its_own():
    g = stage(SEA, [("Blue M-28", O, "N"), ("Red C-9", at((N, 9)), "S")], forced=[3, 3, 3, 3], level=5,
              to_move="Blue")
    g.state.mines = [Mine("Red", tuple(at((NE, 1)))), Mine("Red", tuple(at((N, 1)))), Mine("Blue", tuple(at((SW, 1))))]
    g.state.pieces["Blue M-28"].ammo = ["M", "M", "M"]
    refused(g, A.SweepMine("Blue M-28", *at((N, 1))), "l.1061")        # straight ahead: not to the side
    g.apply(A.SweepMine("Blue M-28", *at((NE, 1))))
    assert [m.point for m in g.state.mines] == [tuple(at((N, 1))), tuple(at((SW, 1)))]
    g.apply(A.RollMovement())
    refused(g, A.Move("Blue M-28", "R", 3), "l.251")                   # it does not move that turn
    g.apply(A.EndTurn())
    g.apply(A.RollMovement())
    g.apply(A.EndTurn())
    g.apply(A.SweepMine("Blue M-28", *at((SW, 1))))                    # its own: back on the panel (l.1063)
    assert g.state.pieces["Blue M-28"].ammo == ["M"] * 4 and len(g.state.mines) == 1
    assert "l.1063" in g.state.log[-1]["rules"]


def test_a_minelayer_that_moved_this_turn_does_not_sweep():
    g = stage(SEA, [("Blue M-28", O, "N"), ("Red C-9", at((N, 9)), "S")], forced=[3], level=5, to_move="Blue")
    g.state.mines = [Mine("Red", tuple(at((N, 1), (NE, 1))))]
    g.apply(A.RollMovement())
    g.apply(A.Move("Blue M-28", "F", 3))
    refused(g, A.SweepMine("Blue M-28", *at((N, 1), (NE, 1))), "l.1061")


# ------------------------------------------------------------------ RC Mines, l.1207-1217, picture 82
def test_picture_82_rc_mines_d5_d6_d8_sink_every_vessel_in_the_sector():
    """Picture 82's notepad "Mines: D5, D6 and D8", on the expanded board A1-Q11 (sandbox)."""
    from lcb_lab.games.archipelago.model.board_data import load_board
    from lcb_lab.games.archipelago.rules.hidden import deep
    e = load_board("archipelago_expanded")
    d8 = deep(e, "D8")
    g = stage(e, [("Red C-9", d8[0], "N"), ("Red C-10", deep(e, "A1")[0], "S"), ("Blue C-11", d8[3], "N"),
                  ("Blue TB-1", deep(e, "Q11")[0], "S")], forced=[3, 3], level=5,
              rc_mines={"Red": ["D5", "D6", "D8"]})
    assert view(g, "Blue")["undersea"]["rc_mines"] == {"Red": 3, "Blue": []}
    assert view(g, "Red")["undersea"]["rc_mines"]["Red"] == ["D5", "D6", "D8"]
    assert not any(sec in e_["title"] + e_["text"] for e_ in g.read_log("Blue") if e_ for sec in ("D5", "D6", "D8"))
    assert "Blue writes on its notepad" in [e_["title"] for e_ in g.read_log("Blue") if e_] or \
        "Red writes on its notepad" in [e_["title"] for e_ in g.read_log("Blue") if e_]
    refused(g, A.ActivateRCMines("D5"), "l.1215")                      # no enemy vessel in D5
    refused(g, A.ActivateRCMines("A1"), "l.1211")                      # not written
    g.apply(A.ActivateRCMines("D8"))
    assert {"Red C-9", "Blue C-11"} <= set(g.state.sunk) and "Red C-10" in g.state.pieces   # own ones too (l.1215)
    assert view(g, "Blue")["undersea"]["rc_mines"]["Red"] == 2
    refused(g, A.ActivateRCMines("D8"), "l.1211")                      # fired once


# ------------------------------------------------------------------ legal acts
def test_listed_level5_acts_are_accepted():
    g = stage(SEA, [("Red S-31", O, "N"), ("Red M-28", at((SE, 3)), "N"), ("Red H-3", at((NW, 3)), "N", dict(FLY, ammo=["SN"])),
                    ("Red H-4", at((NE, 4)), "N", FLY), ("Blue S-32", at((N, 5)), "S"), ("Blue M-28", at((N, 8)), "S"),
                    ("Blue H-3", at((N, 10)), "S", FLY)], seed=5, level=5, rc_mines={"Red": ["D6"], "Blue": ["C3"]})
    g.state.pieces["Blue S-32"].submerged = True
    rng = np.random.default_rng(5)
    kinds = set()
    for _ in range(80):
        if g.state.over:
            break
        legal = g.legal_actions()
        for a in legal:
            opts = a.options[:4] if isinstance(a, Template) else [None]
            for o in opts:
                act = a.make(rng, o) if isinstance(a, Template) else a
                assert g.is_legal(act), act
                kinds.add(type(act).__name__)
        a = legal[int(rng.integers(len(legal)))]
        g.apply(a.make(rng, None) if isinstance(a, Template) else a)
    assert {"Submerge", "LayMine", "DropSonar", "ActivateMAD", "SweepMine"} & kinds


def test_no_dive_nor_surfacing_is_listed_on_the_die_a_flying_seaplane_needs():
    """l.1313 / l.1093: the seaplane in the air must move; with one blue die left a submarine may
    neither dive nor come up on it -- and legal_actions agrees with apply (listed = accepted)."""
    for submerged, act in ((False, A.Submerge), (True, A.Emerge)):
        g = stage(SEA, [("Red S-31", O, "N", {"submerged": submerged}), ("Red H-7", at((NW, 4)), "N", FLY),
                        ("Red TB-2", at((SE, 5)), "N"), ("Blue TB-1", at((SE, 5), (N, 10)), "S")], forced=[3, 2], level=5)
        g.apply(A.RollMovement())
        dives = [a for a in g.legal_actions() if getattr(a, "kind", "") == "dive"]
        assert [a.limits["die"] for a in dives] == [2, 3]                 # two dice left: either may be the sub's
        g.apply(A.Move("Red TB-2", "F", 3))
        assert [a for a in g.legal_actions() if getattr(a, "kind", "") == "dive"] == []
        refused(g, act("Red S-31", "F", 2), "l.1313")                     # the last die is H-7's
        g.apply(A.Fly("Red H-7", "FFFFFFFFF", 2))
        assert g.state.dice == [] and g.legal_actions()[-1] == A.EndTurn()


# ------------------------------------------------------------------ S-32's commandos, l.1123, l.1167
def test_s32_takes_commandos_instead_of_a_torpedo_and_lands_them_on_the_surface():
    """l.1123: S-32 carries one C marker instead of one of its three torpedoes; it takes it aboard
    surfaced (l.1133) from an island beside it and lands it surfaced (l.1167), as a hovercraft."""
    from lcb_lab.games.archipelago.model.state import Commando
    w, e = at((N, 2)), at((N, 1), (NE, 2))
    board = SEA.with_points({w: "white", e: "white"})
    g = stage(board, [("Red S-32", at((N, 1)), "N", {"ammo": ["T", "T", "T"]}), ("Blue C-9", at((N, 9)), "S")],
              forced=[3, 3, 3, 3], level=5, commandos=[Commando("Red", board.island_at(w))])
    isl, far = g.board.island_at(w), g.board.island_at(e)
    assert "three torpedoes" in refused(g, A.Embark("Red S-32", isl), "l.1123")    # no room: 3 T
    g.state.pieces["Red S-32"].ammo = ["T", "T"]                       # one torpedo spent
    g.state.pieces["Red S-32"].submerged = True
    refused(g, A.Embark("Red S-32", isl), "l.1133")                    # loading on the surface only
    g.state.pieces["Red S-32"].submerged = False
    assert A.Embark("Red S-32", isl) in g.legal_actions()
    g.apply(A.Embark("Red S-32", isl))
    p = g.state.pieces["Red S-32"]
    assert sorted(p.ammo) == ["C", "T", "T"] and p.held and g.state.commandos == []
    from lcb_lab.games.archipelago.rules.logistics import room
    assert room(p, "T") == 0                                           # the C holds the third torpedo's place
    g.apply(A.RollMovement())
    g.apply(A.EndTurn())
    g.apply(A.RollMovement())
    g.apply(A.EndTurn())
    g.apply(A.RollMovement())
    g.apply(A.Move("Red S-32", "RF", 3))                                # beside the other island
    assert A.LandCommandos("Red S-32", far) in g.legal_actions()
    g.state.pieces["Red S-32"].submerged = True
    assert A.LandCommandos("Red S-32", far) not in g.legal_actions()
    refused(g, A.LandCommandos("Red S-32", far), "l.1167")             # it surfaces to land them
    g.state.pieces["Red S-32"].submerged = False
    g.apply(A.LandCommandos("Red S-32", far))
    assert g.state.commandos == [Commando("Red", far, since=g.state.turn)] and g.state.pieces["Red S-32"].ammo == ["T", "T"]


def test_a_hidden_s32_surfaces_in_its_sector_to_land_its_commandos():
    """l.1167: to land its commandos a hidden S-32 comes up: its piece is placed in the sector
    written on the notepad (l.1165), then it lands them as a hovercraft (l.658)."""
    from lcb_lab.games.archipelago.model.state import Commando
    from lcb_lab.kernel.hexgrid import distance
    w = at((N, 2))
    board = SEA.with_points({w: "white"})
    g = stage(board, [("Red S-32", at((N, 1)), "N", {"submerged": True, "ammo": ["T", "T", "C"]}),
                      ("Blue C-9", at((N, 9)), "S")], forced=[3, 3], level=5, hide=["Red S-32"], optional_rules=["l.1147"])
    isl = g.board.island_at(w)
    g.apply(A.RollMovement())
    g.apply(A.Reveal("Red S-32", surfaced=True))
    spot = next(o for o in g.legal_actions()[0].options if distance(o[:2], w) == 1)
    g.apply(A.PlaceSubmarine("Red S-32", *spot))
    assert not g.state.pieces["Red S-32"].submerged and "Red S-32" not in g.state.hidden
    g.apply(A.LandCommandos("Red S-32", isl))
    assert g.state.commandos == [Commando("Red", isl, since=g.state.turn)]
