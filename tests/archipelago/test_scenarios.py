"""The scenarios of levels 3-4 (l.563, l.702, l.715, l.726): each side's task wins, the draws,
and what each scenario forbids (moving the damaged C-9, l.711; capturing Base A, l.724; shooting
at a landed helicopter at night, l.739)."""
from lcb_lab.games.archipelago import actions as A
from lcb_lab.games.archipelago.model.board import Base, Board
from lcb_lab.games.archipelago.model.state import Commando
from lcb_lab.games.archipelago.stage import stage
from tests.archipelago.helpers import NE, SE, N, S, SEA, at, titles
from tests.archipelago.test_level3 import refused, xy
from tests.archipelago.test_level4 import island_board

FLY = {"flying": True}


def red_base(extra=None):
    """Red's Base A south of O: a port point (dark blue) and a white landing point; an island with
    a white point (the pilot's) north of O; ``extra`` more coloured points."""
    port, pad, pilot = at((S, 2)), at((S, 2), (SE, 1)), at((N, 3))
    pts = dict(SEA.points) | {pad: "white", pilot: "white"} | (extra or {})
    return Board("scenario", SEA.cols, SEA.rows, pts, {port: frozenset({"port"})},
                 {"Red Base A": Base("Red Base A", "A", "Red", (port, pad))}), port, pad, pilot


def end_both(g):
    g.apply(A.EndTurn())
    g.apply(A.RollMovement())
    g.apply(A.EndTurn())


def test_rescuing_pilot_land_on_the_island_then_in_base_a():
    board, port, pad, pilot = red_base()
    isl = board.island_at(pilot)
    g = stage(board, [("Red H-1", at((N, 2)), "N", FLY), ("Red TB-1", at((SE, 4)), "N"), ("Blue TB-1", at((N, 10)), "S")],
              seed=2, level=3, scenario="l.563", targets={"Red": isl, "Blue": isl})
    g.apply(A.RollMovement())
    g.apply(A.Hover("Red H-1", *xy(pilot), 0, True))
    end_both(g)
    assert g.state.carried == {"Red": "Red H-1"} and "Red H-1 takes the pilot aboard" in titles(g)
    g.apply(A.RollMovement())
    g.apply(A.TakeOff("Red H-1", *xy(at((N, 2))), S))
    end_both(g)
    g.apply(A.RollMovement())
    g.apply(A.Fly("Red H-1", "FFFFL", g.state.dice[0], land=True))      # south over the port, then onto the pad
    assert g.state.pieces["Red H-1"].point == tuple(pad)
    g.apply(A.EndTurn())
    assert g.state.over and g.state.winner == "Red" and g.state.outcome == "Red H-1 brings the pilot to Red's Base A"


def test_rescuing_pilot_is_a_draw_when_every_helicopter_is_lost():
    board, *_ = red_base()
    g = stage(board, [("Red H-1", at((N, 2)), "N", {"flying": True, "fuel": 1}), ("Red TB-1", at((SE, 4)), "N"),
                      ("Blue TB-1", at((N, 10)), "S")], seed=2, level=3, scenario="l.563",
              targets={"Red": "island D4", "Blue": "island D4"}, to_move="Blue")
    g.apply(A.RollMovement())
    end_both(g)
    assert g.state.over and g.state.winner == "" and g.state.outcome == "every helicopter is lost"


def test_repair_of_the_immobile_ship_then_into_the_port():
    board, port, *_ = red_base()
    g = stage(board, [("Red C-9", at((S, 1)), "N", {"hits": ["G"]}), ("Red R-16", at((S, 1), (SE, 1)), "N"),
                      ("Blue C-9", at((N, 10)), "S", {"hits": ["G"]})], seed=4, level=4, scenario="l.702",
              targets={"Red": "Red C-9", "Blue": "Blue C-9"})
    g.apply(A.RollMovement())
    refused(g, A.Move("Red C-9", "B", g.state.dice[0]), "l.711")
    g.apply(A.EndTurn())
    g.apply(A.RollMovement())
    g.apply(A.EndTurn())
    g.apply(A.Repair("Red C-9", "Red R-16"))
    g.apply(A.RollMovement())
    end_both(g)
    g.apply(A.RollMovement())
    g.apply(A.Move("Red C-9", "B", g.state.dice[0]))
    assert g.state.pieces["Red C-9"].point == tuple(port)
    g.apply(A.EndTurn())
    assert g.state.winner == "Red" and g.state.outcome == "Red's Red C-9 reaches its Base A"


def test_occupying_an_island_five_turns_and_no_capture_of_base_a():
    board = island_board()
    extra = at((SE, 4), (N, 2))
    board = board.with_points({extra: "white"})
    isl = board.island_at(extra)
    g = stage(board, [("Red HC-18", at((N, 2)), "N", {"ammo": ["C"]}), ("Red HC-19", at((SE, 4), (N, 1)), "N"),
                      ("Blue HC-18", at((N, 10)), "S")], seed=5, level=4, scenario="l.715",
              targets={"Red": isl, "Blue": isl}, commandos=[Commando("Red", isl)])
    g.apply(A.RollMovement())
    refused(g, A.LandCommandos("Red HC-18", "Blue Base A"), "l.724")
    for turn in range(4):
        end_both(g)
        g.apply(A.RollMovement())
    assert g.state.progress["Red"] == 4 and not g.state.over
    g.apply(A.EndTurn())
    assert g.state.winner == "Red" and g.state.outcome == f"Red holds {isl} for 5 turns"


def test_rescuing_a_helicopter_no_shot_at_it_landed_and_home_by_frigate():
    board, port, pad, pilot = red_base()
    g = stage(board, [("Red H-1", pilot, "N", {"fuel": 4}), ("Red F-17", at((S, 1)), "S"), ("Red TB-1", at((SE, 4)), "N"),
                      ("Blue TB-3", at((N, 2), (NE, 1)), "N")], seed=6, level=4, scenario="l.726",
              targets={"Red": "Red H-1", "Blue": "Blue H-1"}, to_move="Blue")
    g.apply(A.RollMovement())
    refused(g, A.FireMachineGun("Blue TB-3", "Red H-1"), "l.739")
    g.apply(A.EndTurn())
    g.apply(A.RollMovement())
    g.apply(A.TakeOff("Red H-1", *xy(at((N, 2))), S))
    end_both(g)
    g.apply(A.RollMovement())
    g.apply(A.Hover("Red H-1", *xy(at((N, 1))), S))
    end_both(g)
    g.apply(A.RollMovement())
    g.apply(A.Hover("Red H-1", *xy(at()), S))
    end_both(g)
    g.apply(A.RollMovement())
    g.apply(A.Hover("Red H-1", *xy(at((S, 1))), 0, True))                  # onto F-17
    g.apply(A.Move("Red F-17", "F", g.state.dice[0]))                    # into the port of Base A
    g.apply(A.EndTurn())
    assert g.state.winner == "Red" and g.state.outcome == "Red's Red H-1 reaches its Base A"
