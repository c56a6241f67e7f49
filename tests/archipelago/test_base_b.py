"""A captured Base B (l.682-688) and Base B's 3 points in the choice of forces (l.404, l.408).

The text: capturing the enemy Base B does not end the game; the commandos may stay (their side's
hovercraft and helicopters refuel there, its armament does not fit them, l.684), leave aboard a
hovercraft (nobody's base: both sides refuel while no enemy commandos stand there, l.685), or blow
up its storage (an R marker, nothing more from it, l.686).  A side without its Base B has 3 more
points for pieces (l.408)."""
from lcb_lab.games.archipelago import actions as A
from lcb_lab.games.archipelago.model.board import Base, Board
from lcb_lab.games.archipelago.model.state import Commando
from lcb_lab.games.archipelago.rules.forces import choose_state
from lcb_lab.games.archipelago.game import Archipelago
from lcb_lab.kernel.dice import Dice
from lcb_lab.games.archipelago.dice import RED
from lcb_lab.games.archipelago.rules.turn import dice_count
from lcb_lab.games.archipelago.stage import stage
from tests.archipelago.helpers import N, NE, S, SEA, at, refused, titles

W, STORE = at((N, 3)), at((N, 4))                       # Red Base B: a white point and its storage


def base_b_board():
    pts = dict(SEA.points) | {W: "white", STORE: "orange"}
    return Board("base B", SEA.cols, SEA.rows, pts, {STORE: frozenset({"ammunition", "fuel"})},
                 {"Red Base B": Base("Red Base B", "B", "Red", (W, STORE))})


def roll(g):
    """The blue dice of the player to move, all 3 (forced), rolled."""
    g.dice.force([3] * dice_count(g.state, g.state.to_move))
    g.apply(A.RollMovement())


def turn_passes(g):
    roll(g)
    g.apply(A.EndTurn())


def captured(extra=()):
    """Blue HC-19 beside Red Base B lands its commandos; red 5 against the garrison's green 2 (l.663)."""
    g = stage(base_b_board(), [("Blue HC-19", at((N, 2)), "N", {"ammo": ["C"]}), ("Red TB-1", at((S, 3)), "S"),
                               *extra], level=4, to_move="Blue", stock={"Red": {"A-S": 2}, "Blue": {"A-S": 2}},
              panels_b={"Red Base B": {"A-S": 2}})                # Base B's own panel (l.429)
    roll(g)
    g.dice.force([5, 2])
    g.apply(A.LandCommandos("Blue HC-19", "Red Base B"))
    return g


def test_capturing_base_b_is_not_the_end_and_the_options_are_logged():
    g = captured()
    assert g.state.garrisons == {} and g.state.commandos == [Commando("Blue", "Red Base B")]
    assert not g.state.over and g.state.captured_b == ["Red Base B"]
    assert titles(g)[-3:] == ["red 5 against green 2: the garrison of Red Base B is destroyed",
                              "Blue's commandos hold Red Base B", "Blue captures Red Base B"]
    assert g.state.log[-1]["rules"] == ["l.682", "l.684", "l.685", "l.686"]


def test_l684_the_commandos_stay_their_helicopter_refuels_but_takes_no_armament():
    heli = ("Blue H-2", W, "N", {"fuel": 1, "ammo": []})
    g = captured([heli])
    g.apply(A.EndTurn())
    turn_passes(g)                                                   # Red's turn
    assert A.Refuel("Blue H-2", "base") in g.legal_actions()
    assert A.Restock("Blue H-2", ("A-S",)) not in g.legal_actions()
    assert "does not fit" in refused(g, A.Restock("Blue H-2", ("A-S",)), "l.684")
    g.apply(A.Refuel("Blue H-2", "base"))
    assert g.state.pieces["Blue H-2"].fuel == 6


def test_the_former_owner_uses_its_captured_base_b_no_more():
    g = captured([("Red H-1", W, "N", {"fuel": 1, "ammo": []})])
    g.apply(A.EndTurn())
    assert A.Refuel("Red H-1", "base") not in g.legal_actions()
    refused(g, A.Refuel("Red H-1", "base"), "l.485")
    refused(g, A.Restock("Red H-1", ("A-S",)), "l.502")


def test_l685_the_commandos_leave_and_both_sides_refuel_in_nobodys_base():
    g = captured([("Red H-1", W, "N", {"fuel": 1, "ammo": []})])
    g.apply(A.EndTurn())
    turn_passes(g)                                                   # Red's turn passes
    g.apply(A.Embark("Blue HC-19", "Red Base B"))                   # Blue's commandos leave
    assert g.state.commandos == [] and g.state.captured_b == ["Red Base B"]
    turn_passes(g)
    assert A.Refuel("Red H-1", "base") in g.legal_actions()          # nobody's: Red refuels too
    refused(g, A.Restock("Red H-1", ("A-S",)), "l.502")              # but takes no armament
    g.apply(A.Refuel("Red H-1", "base"))
    assert g.state.pieces["Red H-1"].fuel == 6


def test_l686_the_commandos_blow_up_the_storage_and_nobody_refuels_there():
    g = captured([("Blue H-2", W, "N", {"fuel": 1, "ammo": []})])
    assert A.BlowStorage("Red Base B") in g.legal_actions()
    g.apply(A.BlowStorage("Red Base B"))
    assert g.state.ruins == ["Red Base B storage"] and titles(g)[-1] == "Blue's commandos blow up the storage of Red Base B"
    assert "ruined already" in refused(g, A.BlowStorage("Red Base B"), "l.686")
    assert A.BlowStorage("Red Base B") not in g.legal_actions()
    g.apply(A.EndTurn())
    assert "not an enemy Base B" in refused(g, A.BlowStorage("Red Base B"), "l.686")   # Red's own base
    turn_passes(g)
    refused(g, A.Refuel("Blue H-2", "base"), "l.485")


def test_l686_only_a_captured_enemy_base_b_is_blown_up():
    g = stage(base_b_board(), [("Blue HC-19", at((N, 2)), "N"), ("Red TB-1", at((S, 3)), "S")],
              level=4, to_move="Blue")
    assert "captured first" in refused(g, A.BlowStorage("Red Base B"), "l.686")
    assert "not an enemy Base B" in refused(g, A.BlowStorage("island X"), "l.686")


def test_l688_the_owner_retakes_its_base_b_and_uses_it_fully_again():
    g = captured([("Red HC-18", at((N, 2), (NE, 1)), "N", {"ammo": ["C"]}),
                  ("Red H-1", W, "N", {"fuel": 1, "ammo": []})])
    g.apply(A.EndTurn())
    roll(g)
    g.dice.force([6, 1])
    g.apply(A.LandCommandos("Red HC-18", "Red Base B"))             # red 6 against red 1 (l.670)
    assert g.state.commandos == [Commando("Red", "Red Base B")]
    g.apply(A.EndTurn())
    turn_passes(g)
    g.apply(A.Restock("Red H-1", ("A-S",)))                          # retaken: armament again
    assert g.state.pieces["Red H-1"].ammo == ["A-S"]


def choosing(pool, budget=6):
    s = choose_state(pool, budget, level=3)
    return Archipelago(s, base_b_board(), Dice(forced=[], die=RED))


def test_l408_without_base_b_a_side_chooses_3_more_points():
    g = choosing(["Red C-9", "Red D-13", "Red TB-1", "Blue TB-5", "Blue TB-6", "Blue TB-7"])
    assert A.DropBaseB() in g.legal_actions()
    g.apply(A.Choose("Red C-9"))
    assert A.Choose("Red D-13") not in g.legal_actions()
    assert "over the agreed 6 points" in refused(g, A.Choose("Red D-13"), "l.272")      # 4 + 5 > 6
    g.apply(A.DropBaseB())
    assert g.state.no_base_b == ["Red"] and titles(g)[-1] == "Red goes without its Base B: 3 more points for pieces"
    assert A.DropBaseB() not in g.legal_actions() and A.EndChoice() not in g.legal_actions()
    refused(g, A.DropBaseB(), "l.408")
    assert A.Choose("Red D-13") in g.legal_actions()
    g.apply(A.Choose("Red D-13"))                                    # 9 of 9 (6 + 3)
    assert titles(g)[-1] == "Red chooses D-13: 9 of 9 points".replace("D-13", "Red D-13")
    g.apply(A.EndChoice())
    assert g.state.to_move == "Blue" and A.EndChoice() not in g.legal_actions()
    g.apply(A.Choose("Blue TB-5"))
    g.apply(A.Choose("Blue TB-6"))
    g.apply(A.Choose("Blue TB-7"))                                  # Blue keeps its 6 (no Base B to give up here)
    g.apply(A.EndChoice())
    assert g.state.phase == "setup"


def test_l408_blue_has_no_base_b_on_this_board_and_the_drop_is_refused():
    g = choosing(["Red TB-1", "Red C-9", "Blue TB-5", "Blue C-10"], budget=6)
    g.apply(A.Choose("Red TB-1"))
    g.apply(A.Choose("Red C-9"))
    g.apply(A.EndChoice())
    assert A.DropBaseB() not in g.legal_actions()
    refused(g, A.DropBaseB(), "l.408")
