"""Level 4, hovercraft, garrisons and commandos (l.578-701), against the text with forced dice:
hovercraft on land points (l.606), the machine gun's 5-6 (l.634), torpedoes passing underneath
(l.638), refuelling a landed helicopter from the hovercraft's tank (the example of l.624: 1 -> 6,
12 -> 7), commandos against a garrison (l.660-663, ties again), against commandos and a garrison
(l.669-674), capturing Base A wins (l.680), the secret papers (l.600, l.676-678) hidden from the
other player (indistinguishable worlds)."""
import pytest

from lcb_lab.games.archipelago import actions as A
from lcb_lab.games.archipelago.model.board import Base, Board
from lcb_lab.games.archipelago.model.state import Commando
from lcb_lab.games.archipelago.rules.turn import dice_count
from lcb_lab.games.archipelago.stage import stage
from tests.archipelago.helpers import NE, SE, N, S, SEA, at, titles
from tests.archipelago.test_level3 import refused, xy

FLY = {"flying": True}


def test_hovercraft_crosses_land_and_counts_for_the_dice():
    land = {at((N, 2)): "orange", at((N, 3)): "white", at((N, 4)): "red"}
    g = stage(SEA.with_points(land), [("Red HC-18", at(), "N"), ("Blue TB-1", at((N, 9)), "S")], forced=[2], level=4)
    g.apply(A.RollMovement())
    refused(g, A.Move("Red HC-18", "FFFF", 2), "l.120")                 # red land is for aircraft only
    g.apply(A.Move("Red HC-18", "FFF", 2))                               # water, orange, white (l.606)
    assert g.state.pieces["Red HC-18"].point == tuple(at((N, 3)))
    pieces = [(f"Red TB-{i}", at((SE, i)), "N") for i in range(1, 5)] + [("Red HC-18", at((S, 1)), "N")]
    g = stage(SEA, pieces + [("Blue TB-1", at((N, 9)), "S")], level=4)
    assert dice_count(g.state, "Red") == 2 and dice_count(g.state, "Blue") == 1
    g = stage(SEA, pieces + [("Red HC-19", at((S, 2)), "N"), ("Blue TB-1", at((N, 9)), "S")], level=4)
    assert dice_count(g.state, "Red") == 3                              # 6 pieces (l.291, l.435)


def test_machine_gun_destroys_a_hovercraft_on_5_or_6_and_torpedoes_pass_underneath():
    g = stage(SEA, [("Blue TB-3", at(), "N"), ("Red HC-18", at((NE, 1)), "N"), ("Red C-9", at((N, 5)), "S")],
              forced=[2, 4], level=4, to_move="Blue")
    g.apply(A.RollMovement())
    assert dict(g.chance_outcomes(A.FireMachineGun("Blue TB-3", "Red HC-18")).outcomes)[(1,)] == pytest.approx(1 / 3)
    g.apply(A.FireMachineGun("Blue TB-3", "Red HC-18"))
    assert titles(g)[-2:] == ["Blue TB-3's machine gun at Red HC-18: 33.3% to destroy", "red 4: a miss"]
    g = stage(SEA, [("Blue TB-3", at(), "N"), ("Red HC-18", at((NE, 1)), "N", {"ammo": ["C"]}), ("Red C-9", at((N, 5)), "S")],
              forced=[2, 5], level=4, to_move="Blue")
    g.apply(A.RollMovement())
    g.apply(A.FireMachineGun("Blue TB-3", "Red HC-18"))
    assert "Red HC-18" in g.state.sunk and "the commandos aboard Red HC-18 are lost" in titles(g)
    g = stage(SEA, [("Blue TB-3", at(), "N"), ("Red HC-18", at((N, 2)), "N"), ("Red C-9", at((N, 4)), "N")],
              forced=[2, 5], level=4, to_move="Blue")
    g.apply(A.RollMovement())
    refused(g, A.LaunchTorpedo("Blue TB-3", "Red HC-18"), "l.638")
    g.apply(A.LaunchTorpedo("Blue TB-3", "Red C-9"))                     # runs under HC-18 to C-9 (l.638)
    assert g.state.pieces["Red C-9"].hits == ["T"] and g.state.pieces["Red HC-18"].hits == []


def test_l624_the_hovercraft_refuels_a_landed_helicopter_from_1_to_6_its_tank_12_to_7():
    w = at((N, 3))
    g = stage(SEA.with_points({w: "white"}), [("Red H-1", w, "N", {"fuel": 1}), ("Red HC-18", at((N, 2)), "N"),
                                             ("Blue TB-1", at((N, 9)), "S")], seed=1, level=4)
    g.apply(A.Refuel("Red H-1", "Red HC-18"))
    assert (g.state.pieces["Red H-1"].fuel, g.state.pieces["Red HC-18"].fuel) == (6, 7)
    g.apply(A.RollMovement())
    refused(g, A.TakeOff("Red H-1", *xy(w), N), "l.448")                 # only on the following turn
    refused(g, A.Move("Red HC-18", "B", g.state.dice[0]), "l.251")
    g = stage(SEA.with_points({w: "white"}), [("Red H-1", w, "N", {"fuel": 1}), ("Red HC-18", at((N, 2)), "N", {"fuel": 3}),
                                             ("Blue TB-1", at((N, 9)), "S")], seed=1, level=4)
    assert "holds 3" in refused(g, A.Refuel("Red H-1", "Red HC-18"), "l.624")


def island_board():
    """The open sea with Blue's Base A island (a white point and its three objects) north of O."""
    w, am, ws, fu = at((N, 3)), at((N, 4)), at((N, 4), (NE, 1)), at((N, 5))
    pts = dict(SEA.points) | {w: "white", am: "orange", ws: "orange", fu: "orange"}
    syms = {am: frozenset({"ammunition"}), ws: frozenset({"workshop"}), fu: frozenset({"fuel"})}
    return Board("island", SEA.cols, SEA.rows, pts, syms, {"Blue Base A": Base("Blue Base A", "A", "Blue", (w, am, ws, fu))})


def landing(forced, commandos=(), rules=()):
    board = island_board()
    g = stage(board, [("Red HC-18", at((N, 2)), "N", {"ammo": ["C"]}), ("Blue TB-1", at((N, 10)), "S")],
              forced=[2] + forced, level=4, commandos=list(commandos), optional_rules=list(rules))
    g.apply(A.RollMovement())
    return g


def test_commandos_against_the_garrison_a_tie_is_rolled_again_and_base_a_falls():
    g = landing([3, 3, 4, 2])
    assert g.state.garrisons == {"Blue Base A": "Blue"}
    step = g.chance_outcomes(A.LandCommandos("Red HC-18", "Blue Base A"))
    assert dict(step.outcomes)[(1,)] == pytest.approx(0.7)
    g.apply(A.LandCommandos("Red HC-18", "Blue Base A"))
    assert titles(g)[-5:-1] == ["commandos against the garrison of Blue Base A: 70.0% for the attacker",
                                "red 3 against 3: a tie, rolled again",
                                "red 4 against green 2: the garrison of Blue Base A is destroyed",
                                "Red's commandos hold Blue Base A"]
    assert g.state.over and g.state.winner == "Red" and g.state.garrisons == {}
    assert g.state.commandos == [Commando("Red", "Blue Base A")]


def test_commandos_against_commandos_then_the_garrison():
    g = landing([5, 2, 1, 3], [Commando("Blue", "Blue Base A")])
    g.apply(A.LandCommandos("Red HC-18", "Blue Base A"))
    assert "red 5 against red 2: the defending commandos are destroyed" in titles(g)
    assert titles(g)[-1] == "red 1 against 3: the attacking commandos are destroyed"
    assert not g.state.over and g.state.commandos == [] and g.state.garrisons == {"Blue Base A": "Blue"}
    assert g.state.pieces["Red HC-18"].ammo == []
    refused(g, A.LandCommandos("Red HC-18", "Blue Base A"), "l.658")


def test_landing_on_an_empty_island_and_boarding_again():
    w = at((N, 3))
    g = stage(SEA.with_points({w: "white"}), [("Red HC-18", at((N, 2)), "N", {"ammo": ["C"]}), ("Blue TB-1", at((N, 10)), "S"),
                                             ("Blue H-1", at((N, 6)), "S", FLY)], forced=[2, 2, 2], level=4)
    isl = g.board.island_at(w)
    g.apply(A.RollMovement())
    assert g.chance_outcomes(A.LandCommandos("Red HC-18", isl)) is None
    g.apply(A.LandCommandos("Red HC-18", isl))
    assert g.state.commandos == [Commando("Red", isl)] and not g.state.over
    g.apply(A.EndTurn())
    g.apply(A.RollMovement())
    assert "enemy commandos" in refused(g, A.Fly("Blue H-1", "FFF", 2, land=True), "l.443")   # l.690
    g.apply(A.EndTurn())
    g.apply(A.Embark("Red HC-18", isl))
    assert g.state.commandos == [] and g.state.pieces["Red HC-18"].ammo == ["C"]


def worlds(places):
    """Blue's two commandos written on paper (l.600): where they stand is the only difference."""
    board = island_board()
    w2 = at((S, 3))
    board = Board("two islands", board.cols, board.rows, dict(board.points) | {w2: "white"}, board.symbols,
                  dict(board.bases) | {"Blue Base B": Base("Blue Base B", "B", "Blue", (w2,))})
    return stage(board, [("Red HC-18", at((N, 2)), "N", {"ammo": ["C"]}), ("Blue TB-1", at((N, 10)), "S")],
                 forced=[2, 2, 5], level=4, optional_rules=["l.600"],
                 commandos=[Commando("Blue", p) for p in places])


def red_sees(g):
    return g.view("Red"), [str(a) for a in g.legal_actions("Red")], g.step_labels("Red")


def test_secret_papers_are_hidden_until_a_unit_fights():
    """Blue's C markers both in Base A, or one in A and one in B: Red sees the same until the
    landing shows the paper of the defender (l.676-678); the other stays hidden."""
    a, b = worlds(["Blue Base A", "Blue Base A"]), worlds(["Blue Base A", "Blue Base B"])
    assert red_sees(a) == red_sees(b) and a.view("Blue") != b.view("Blue")
    assert a.view("Red")["commandos"]["Blue"] == {"islands": [], "on_paper": 2}
    assert ("Blue writes its commandos' places on paper", "2 paper(s): the places are hidden (l.600).") in a.view("Red")["log"]
    for g in (a, b):
        g.apply(A.RollMovement())
    assert red_sees(a) == red_sees(b)
    for g in (a, b):
        g.apply(A.LandCommandos("Red HC-18", "Blue Base A"))             # red 2 loses to Blue's red 5
    assert "Blue shows a paper: commandos on Blue Base A" in titles(a)
    assert titles(b)[-1] == "red 2 against 5: the attacking commandos are destroyed"
    assert red_sees(a) == red_sees(b)                                     # the second paper is still hidden
    assert a.view("Red")["commandos"]["Blue"] == {"islands": ["Blue Base A"], "on_paper": 1}   # no secret any more (l.678)
    assert sorted(c.island for c in b.state.commandos) == ["Blue Base A", "Blue Base B"]


def test_boarding_a_unit_written_on_paper_shows_that_paper():
    g = stage(island_board(), [("Blue HC-18", at((N, 2)), "N", {"ammo": []}), ("Red TB-1", at((SE, 4)), "N")],
              seed=1, level=4, optional_rules=["l.600"], to_move="Blue",
              commandos=[Commando("Blue", "Blue Base A"), Commando("Blue", "Blue Base A")])
    refused(g, A.Embark("Blue HC-18", "island D4"), "l.618")
    g.apply(A.Embark("Blue HC-18", "Blue Base A"))
    assert titles(g)[-1] == "Blue HC-18 takes commandos aboard from Blue Base A"
    assert "shows its paper (l.620)" in g.view("Red")["log"][-1][1]
    assert g.view("Red")["commandos"]["Blue"] == {"islands": [], "on_paper": 1}
    assert g.state.pieces["Blue HC-18"].ammo == ["C"]
