"""The expanded game, level 5 (Additional Components, l.799-840), against the text: five blue dice
from 16 pieces (the table l.829-834), the fleet of l.806, the expanded board's Base A islands cut
by Blue's dynamite road and Red's bridge (l.819-821) with the commandos' walk, the launcher squares
(l.823), and the expanded stock (l.807)."""
import pytest

from lcb_lab.games.archipelago import actions as A
from lcb_lab.games.archipelago.model.board_data import load_board
from lcb_lab.games.archipelago.model.state import Commando
from lcb_lab.games.archipelago.rules import expanded
from lcb_lab.games.archipelago.rules.turn import dice_count
from lcb_lab.games.archipelago.stage import FLEET, choose_game, opening, setup_game, stage
from lcb_lab.kernel.errors import IllegalAction
from tests.archipelago.helpers import SE, N, SEA, at, titles
from tests.archipelago.test_level3 import refused

BOARD = load_board("archipelago_expanded")


def boats(n, owner="Red"):
    """``n`` of ``owner``'s level-2 pieces in two rows south of the open sea."""
    return [(f"{owner} {name}", at((N, 2 * (k // 8)), (SE, k % 8)), "N") for k, name in enumerate(FLEET[2][:n])]


@pytest.mark.parametrize("n,dice", [(16, 5), (15, 4), (11, 4), (10, 3), (6, 3), (5, 2), (2, 2), (1, 1)])
def test_the_blue_dice_table_of_the_expanded_game(n, dice):
    """l.829-834: 16+ -> 5, 11-15 -> 4, 6-10 -> 3, 2-5 -> 2, 1 -> 1; the same 16 pieces roll 4 at level 4."""
    pieces = boats(n) + [("Blue TB-1", at((N, 9)), "S")]
    assert dice_count(stage(SEA, pieces, level=5).state, "Red") == dice
    if n == 16:
        assert dice_count(stage(SEA, pieces, level=4).state, "Red") == 4           # 11 or more: 4 (l.289)


def test_sixteen_pieces_roll_five_blue_dice_with_the_odds_first():
    g = stage(SEA, boats(16) + [("Blue TB-1", at((N, 9)), "S")], forced=[2, 5, 3, 3, 4], level=5)
    g.apply(A.RollMovement())
    odds, roll = g.state.log[-2], g.state.log[-1]
    assert odds["title"] == "Red rolls 5 blue dice: 0.8% for a bonus move" and "l.827" in odds["rules"]
    assert roll["title"] == "blue 2-5-3-3-4" and g.state.dice == [2, 5, 3, 3, 4] and roll["rules"] == ["l.827"]


def test_fleet_5_adds_the_expanded_pieces_the_catalog_holds():
    assert FLEET[5][:len(FLEET[4])] == FLEET[4]
    mine = ["CS-25", "DLS-26", "LB-27", "T-33", "T-34", "TA-35", "MLP-36", "OP-38"]
    assert [n for n in FLEET[5][len(FLEET[4]):] if n in mine] == mine
    assert all(expanded.known(n) for n in FLEET[5]) and not expanded.known("ZZ-99")
    assert len(expanded.EXPANDED) == 26                       # l.806 lists 26 a side (it says 50 for both)


def test_expanded_pieces_play_at_level_5_only():
    with pytest.raises(IllegalAction) as e:
        stage(SEA, [("Red CS-25", at(), "N"), ("Blue TB-1", at((N, 9)), "S")], level=4)
    assert e.value.rule == "l.806"
    assert "Red CS-25" in stage(SEA, [("Red CS-25", at(), "N"), ("Blue TB-1", at((N, 9)), "S")], level=5).state.pieces


def test_opening_5_on_the_expanded_board_with_garrisons_and_stock():
    g = opening(level=5)
    s = g.state
    assert g.board.name == "archipelago_expanded" and s.level == 5
    assert sorted(s.pieces) == sorted(f"{o} {n}" for o in ("Red", "Blue") for n in FLEET[5])
    assert {g.board.sector(p.at)[0] for p in s.afloat("Blue")} <= set("ABCD")
    assert {g.board.sector(p.at)[0] for p in s.afloat("Red")} <= set("NOPQ")
    assert s.garrisons == {"Blue Base A": "Blue", "Blue Base B": "Blue", "Blue Base C": "Blue", "Red Base A": "Red",
                           "Red Base A-2": "Red", "Red Base B": "Red", "Red Base C": "Red"}   # l.807 "3 (2+1)" more
    # panel A: the basic set (l.104) and the expanded (l.807) less what the pieces carry: the command
    # ship 2 S-S, 2 S-A, 1 CM; the DLS 2 S-A, 1 CM; the missile boats, corvettes, frigate, cruiser,
    # hydrofoils and ekranoplan the other 22 S-S, the cruiser 4 S-A and 1 CM
    assert s.stock["Red"]["S-S"] == 24 - 24 and s.stock["Red"]["S-A"] == 12 - 8 and s.stock["Red"]["CM"] == 3 - 3
    assert s.stock["Red"]["A-S"] == max(5 + 2 - 8, 0) and "C" not in s.stock["Red"]   # 8 A-S on the helicopters and ships


def test_setup_and_choose_open_on_the_expanded_board():
    g = setup_game(level=5)
    assert g.board.name == "archipelago_expanded" and len(g.state.reserve) == 2 * len(FLEET[5])
    assert g.state.garrisons["Red Base A-2"] == "Red"
    g = choose_game(level=5, budget=20)
    assert g.board.name == "archipelago_expanded" and "Red CS-25" in g.state.pool
    g.apply(A.Choose("Red CS-25"))
    assert g.state.reserve == ["Red CS-25"]                       # worth 9 (l.947)


def test_the_road_and_the_bridge_cut_the_base_a_islands_and_the_launcher_squares():
    isl = BOARD.islands()
    dyn, bridge = BOARD.features["Blue dynamite"].points[0], BOARD.features["Red bridge"].points[0]
    assert BOARD.island_at(dyn) is None and BOARD.island_at(bridge) is None          # the border (l.819)
    assert expanded.base_parts(BOARD, "Red Base A") == ["Red Base A", "Red Base A-2"]  # two islands (l.821)
    north = BOARD.island_at(BOARD.from_col_row(14, 22))
    assert north != "Blue Base A" and len(isl[north]) == 48 and len(isl["Blue Base A"]) == 25
    assert expanded.crossing(BOARD, north, "Blue Base A").name == "Blue dynamite"
    for side in ("Red", "Blue"):
        f = BOARD.features[f"{side} launcher points"]
        assert len(f.points) == 7 and {BOARD.colour(p) for p in f.points} == {"red"}  # 7 a side (l.991, l.823)


SEA5 = [p for p in BOARD.points_in("H6") if BOARD.colour(p) == "dark_blue"]


def walk_game(owner, units, **kw):
    return stage(BOARD, [("Red TB-1", SEA5[0], "N"), ("Blue TB-1", SEA5[-1], "N")],
                 level=5, to_move=owner, commandos=units, **kw)


def test_blue_commandos_walk_the_road_on_a_later_turn_red_ones_cannot():
    north = BOARD.island_at(BOARD.from_col_row(14, 22))
    g = walk_game("Blue", [Commando("Blue", north, since=1)], turn=1)
    refused(g, A.WalkCommandos(north, "Blue Base A"), "l.819")         # landed this turn
    g = walk_game("Blue", [Commando("Blue", north, since=1)], turn=3)
    assert A.WalkCommandos(north, "Blue Base A") in g.legal_actions()
    g.apply(A.WalkCommandos(north, "Blue Base A"))
    assert g.state.commandos == [Commando("Blue", "Blue Base A", since=3)]
    assert titles(g)[-2:] == [f"Blue's commandos walk from {north} to Blue Base A", "Blue's commandos hold Blue Base A"]
    g = walk_game("Red", [Commando("Red", north, since=1)], turn=3, garrisons={"Blue Base A": "Blue"})
    assert "would blow it up" in refused(g, A.WalkCommandos(north, "Blue Base A"), "l.819")
    assert not [a for a in g.legal_actions() if isinstance(a, A.WalkCommandos)]
    refused(g, A.WalkCommandos(north, "Red Base A"), "l.819")              # no road joins them


def test_the_bridge_red_crosses_blue_must_land_on_both_islands_to_take_base_a():
    g = walk_game("Red", [Commando("Red", "Red Base A-2", since=1)], turn=2)
    g.apply(A.WalkCommandos("Red Base A-2", "Red Base A"))
    assert g.state.commandos[0].island == "Red Base A"
    g = walk_game("Blue", [Commando("Blue", "Red Base A", since=1)], turn=2)
    assert "would blow it up" in refused(g, A.WalkCommandos("Red Base A", "Red Base A-2"), "l.821")
    # Blue holds one island of Red's Base A: not yet captured; the second (l.821) ends the game (l.680)
    g = walk_game("Blue", [Commando("Blue", "Red Base A", since=1)], turn=2, garrisons={"Red Base A-2": "Red"})
    assert not expanded.captured(g, "Red Base A", "Blue")
    g.state.garrisons = {}
    g.state.commandos.append(Commando("Blue", "Red Base A-2", since=2))
    assert expanded.captured(g, "Red Base A", "Blue")


def test_a_walk_into_a_held_part_fights_with_the_odds_first():
    """Blue's unit walks back into its Base A island held by Red commandos (l.819): the fight of
    l.661 (red against red, ties again), its chance node and odds before the rolls."""
    north = BOARD.island_at(BOARD.from_col_row(14, 22))
    g = walk_game("Blue", [Commando("Blue", north, since=1), Commando("Red", "Blue Base A", since=1)], turn=3,
                  forced=[5, 2])
    step = g.chance_outcomes(A.WalkCommandos(north, "Blue Base A"))
    assert dict(step.outcomes)[(1,)] == pytest.approx(0.5)                # red against red: even, ties again
    g.apply(A.WalkCommandos(north, "Blue Base A"))
    assert titles(g)[-4:] == [f"Blue's commandos walk from {north} to Blue Base A",
                              "commandos against the commandos of Blue Base A: 50.0% for the attacker",
                              "red 5 against red 2: the defending commandos are destroyed",
                              "Blue's commandos hold Blue Base A"]
    assert g.state.commandos == [Commando("Blue", "Blue Base A", since=3)]


def test_a_unit_on_paper_that_may_walk_is_hidden_until_it_walks():
    """Optional l.600: Blue's unit written on paper on the north part (it may walk, l.819) or in its
    Base A: Red's view, log and offers are the same world to world, while Blue's offers differ;
    the walk shows the paper (reading, as l.620)."""
    north = BOARD.island_at(BOARD.from_col_row(14, 22))

    def world(place):
        return walk_game("Blue", [Commando("Blue", place)], turn=3, optional_rules=["l.600"], forced=[3, 3, 4])

    def red_sees(g):
        return g.view("Red"), [str(a) for a in g.legal_actions("Red")], g.step_labels("Red")

    a, b = world(north), world("Blue Base A")
    assert A.WalkCommandos(north, "Blue Base A") in a.legal_actions()
    assert A.WalkCommandos("Blue Base A", north) in b.legal_actions()
    assert red_sees(a) == red_sees(b) and a.view("Blue") != b.view("Blue")
    for g in (a, b):
        g.apply(A.RollMovement())
        g.apply(A.EndTurn())
        g.apply(A.RollMovement())
    assert red_sees(a) == red_sees(b)
    a.apply(A.EndTurn())
    a.apply(A.WalkCommandos(north, "Blue Base A"))
    assert "its paper is shown" in a.view("Red")["log"][-2][1]


def test_a_random_level_5_game_from_the_opening_finishes():
    """The kernel's random player on ``opening(level=5)``: every piece stays accounted for and the
    agreed turn limit ends the game with the count of points (l.386)."""
    from lcb_lab.kernel.autoplay import play_random
    g = opening(level=5, seed=3, turn_limit=4)
    assert play_random(g, 3, 3000) < 3000
    assert len(g.state.pieces) + len(g.state.sunk) == 2 * len(FLEET[5])
    assert g.state.over and g.state.log[-1]["kind"] == "over" and "l.386" in g.state.log[-1]["rules"]
