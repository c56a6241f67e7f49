"""Worked EXAMPLEs of chapters 3, 5, 7 and 15 reproduced on staged situations with forced dice
(3.35, 3.38, 3.39, 3.311, 3.42, 5.11, 5.13, 7.04, 7.33, 15.25).  Each test is named for its
example; the exact outcome the text prints is asserted."""
import pytest

from lcb_lab import situation
from lcb_lab.games.lcb import actions as A
from lcb_lab.games.lcb.rules.common import Ctx
from lcb_lab.games.lcb.rules.movement.move import check_path
from lcb_lab.kernel.errors import IllegalAction
from tests.conftest import lrs_impulse, pass_impulse
from tests.refusals import refused

B, R = "TF Blue", "TF Red"
NO_ANSWERS = {"intercept": "no_intercept", "ga_defence": "no_defence"}


def _ctx(g):
    return Ctx(g.state, g.board, g.catalog, g.dice, g.decks)


def _rolls(g, kind="lrs_roll"):
    return [e for e in g.log if e["kind"] == kind]


# ---------------------------------------------------------------- 3.35
@pytest.mark.parametrize("order", ["move_then_combat", "combat_then_move"])
def test_3_35_example_a_naval_unit_moves_then_fights_or_fights_then_moves(order):
    """3.35 ex.: a US naval unit may Move then Initiate Combat, or Initiate Combat then Move,
    in one Move and/or Combat Core Action (1 AP); Initiating Combat reveals it (6.06).  The
    concealed DDG-51 fires 2 LRS dice (CV 14 at sea, rolls 3 and 15: one hit) at the revealed
    1 Anna and moves one hex, in either order; both ways it ends revealed in F-11 with 1 Anna at
    1 HP."""
    g = situation([("DDG", "usn_ddg_51", "F-10", B), ("Anna", "runi_naval_infantry_platoon", "F-4", R, True)],
                  naval=["F-10", "F-11"], forced=[3, 15], auto=NO_ANSWERS)
    g.apply(A.BeginImpulse(B))
    g.apply(A.Declare((A.CoreAction("move_combat", ("DDG",)),)))
    assert g.impulse.ap == 2 and not g.unit("DDG").revealed
    fire = A.CommitCombat(lrs=(A.LrsAttack("DDG", "LRS1", "Anna", 2),))
    if order == "move_then_combat":
        g.apply(A.Move(1, ("F-11",)))
        assert not g.unit("DDG").revealed                  # moving alone does not reveal
        g.apply(fire)
        g.apply(A.ResolveCombat())
    else:
        g.apply(fire)
        assert g.unit("DDG").revealed                      # 6.06: revealed when it Initiates Combat
        g.apply(A.ResolveCombat())
        g.apply(A.Move(1, ("F-11",)))
    assert g.unit("DDG").hex == "F-11" and g.unit("DDG").revealed
    assert g.unit("Anna").hp == 1 and _rolls(g)[0]["data"]["hits"] == 1
    assert g.impulse.ap == 2                               # one Core Action, 1 AP
    refused(g, A.Move(1, ("F-10",)), "5.16")               # it moves once (5.12)


# ---------------------------------------------------------------- 3.38
def test_3_38_example_sage_moves_conceals_then_all_combat_is_resolved_together():
    """3.38 ex.: Sage declares a stack that Moves and Initiates Combat, a unit that Moves and
    Conceals, and a Play a JCC that Initiates Combat (B-2, an LRS attack).  The units move
    first, the second conceals, then the card's LRS and the stack's LRS are resolved in one
    combat: the stack's 2 dice (CV 12) and the B-2's 4 dice (CV 15; packaged deck) all hit (3-8);
    1 Anna (2 HP) and 2 Anna (2 HP) are destroyed together.  Once combat is committed no unit may move or conceal
    before it is resolved."""
    from tests.rulebook.test_ch9_chains import packaged_cards
    g = situation([("1 Whiskey", "usmc_himars_section", "F-9", B), ("2 Whiskey", "usmc_himars_section", "F-9", B),
                   ("1 Alpha", "usmc_infantry_platoon", "B-9", B, True),
                   ("1 Anna", "runi_naval_infantry_platoon", "F-5", R, True),
                   ("2 Anna", "runi_naval_infantry_platoon", "F-4", R, True)], forced=[3, 4, 5, 6, 7, 8],
                  auto=NO_ANSWERS)
    g, c = packaged_cards(g, {"b2": ("US", "B-2", "pool")})
    g.apply(A.BeginImpulse(B))
    g.apply(A.Declare((A.CoreAction("move_combat", ("1 Whiskey", "2 Whiskey")),
                       A.CoreAction("move_conceal", ("1 Alpha",)), A.CoreAction("play_jcc", jcc="B-2"))))
    assert g.impulse.ap == 0
    g.apply(A.Move(1, ("F-8",)))
    g.apply(A.Move(2, ("B-8",)))
    g.apply(A.Conceal(2))
    assert not g.unit("1 Alpha").revealed
    g.apply(A.PlayCard(c["b2"], "A", ("2 Anna",), action=3))
    while g.pending is not None:
        g.apply(A.AnswerCards())
    assert not g.unit("2 Anna").destroyed                  # the card's LRS waits for the combat
    g.apply(A.CommitCombat(lrs=(A.LrsAttack("1 Whiskey", "LRS1", "1 Anna", 2),)))
    refused(g, A.EndImpulse(), "3.38")
    g.apply(A.ResolveCombat())
    assert g.unit("1 Anna").destroyed and g.unit("2 Anna").destroyed
    assert len(_rolls(g)) == 2


# ---------------------------------------------------------------- 3.39, 3.311
SIX_TF = {"TF Avery": "US", "TF Fatima": "US", "TF Carlos": "US", "TF Red 1": "RU", "TF Red 2": "RU", "TF Red 3": "RU"}


def test_3_39_example_the_blue_team_changes_its_order_on_turn_2():
    """3.39 ex.: turn 1 Blue plays Avery, Fatima, Carlos; turn 2 Fatima, Avery, Carlos; a Red
    impulse comes between each two Blue impulses; no Task Force plays twice in a turn."""
    g = situation([("1 Alpha", "usmc_infantry_platoon", "B-2", "TF Avery"),
                   ("2 Alpha", "usmc_infantry_platoon", "C-2", "TF Fatima"),
                   ("3 Alpha", "usmc_infantry_platoon", "D-2", "TF Carlos"),
                   ("1 Anna", "runi_naval_infantry_platoon", "B-10", "TF Red 1"),
                   ("2 Anna", "runi_naval_infantry_platoon", "C-10", "TF Red 2"),
                   ("3 Anna", "runi_naval_infantry_platoon", "D-10", "TF Red 3")],
                  task_forces=SIX_TF, initiative="US")
    played = []
    for turn, blue in ((1, ["TF Avery", "TF Fatima", "TF Carlos"]), (2, ["TF Fatima", "TF Avery", "TF Carlos"])):
        assert g.state.turn == turn
        for i, tf in enumerate(blue):
            assert g.state.task_forces[tf] == "US" and tf in g.available_task_forces()
            pass_impulse(g, tf)
            played.append(tf)
            assert all(g.state.task_forces[t] == "RU" for t in g.available_task_forces())   # Red in between
            if i == 0:
                refused(g, A.BeginImpulse(blue[1]), "3.3", "RU's turn")
            red = g.available_task_forces()[0]
            pass_impulse(g, red)
            played.append(red)
            if i < 2:
                refused(g, A.BeginImpulse(tf), "3.39")       # one impulse per turn
    assert played[0::2] == ["TF Avery", "TF Fatima", "TF Carlos", "TF Fatima", "TF Avery", "TF Carlos"]
    assert g.state.turn == 3


def test_3_311_example_jessica_and_barclay_each_run_two_task_forces_3_ap_each():
    """3.311 ex.: a 1-vs-1 game; Jessica plays TF Boston and TF Memphis, Barclay TF Moscow and
    TF Nizhny Novgorod.  Boston (3 AP), Moscow (3 AP), Memphis (3 AP), Nizhny Novgorod (3 AP),
    which ends the Action Stage; in Boston's impulse only Boston's units act (3.33)."""
    tfs = {"TF Boston": "US", "TF Memphis": "US", "TF Moscow": "RU", "TF Nizhny Novgorod": "RU"}
    g = situation([("DDG-51", "usn_ddg_51", "F-12", "TF Boston"),
                   ("1 Alpha", "usmc_infantry_platoon", "B-2", "TF Memphis"),
                   ("1 Anna", "runi_naval_infantry_platoon", "F-2", "TF Moscow"),
                   ("Ivan Co", "runi_logistics_company", "J-2", "TF Nizhny Novgorod")],
                  task_forces=tfs, mixed=["F-12"], initiative="US")
    order = []
    for tf, unit, other in (("TF Boston", "DDG-51", "1 Alpha"), ("TF Moscow", "1 Anna", "Ivan Co"),
                            ("TF Memphis", "1 Alpha", "DDG-51"), ("TF Nizhny Novgorod", "Ivan Co", "1 Anna")):
        g.apply(A.BeginImpulse(tf))
        assert g.impulse.ap == 3
        refused(g, A.Declare((A.CoreAction("move_conceal", (other,)),)), "3.33")
        g.apply(A.Declare((A.CoreAction("move_conceal", (unit,)),)))
        g.apply(A.EndImpulse())
        order.append(tf)
    assert order == ["TF Boston", "TF Moscow", "TF Memphis", "TF Nizhny Novgorod"]
    assert g.state.turn == 2                             # the four impulses ended the Action Stage


# ---------------------------------------------------------------- 3.42
def test_3_42_example_blue_cedes_red_keeps_then_blue_seizes_by_kills_on_turn_3():
    """3.42 ex. 1: Blue starts with the initiative and cedes it (Red goes first; that counts as
    Red seizing it, 15.21: one space toward RU); turn 2 nothing is destroyed: Red keeps it
    (retaining is not seizing: the meter stays); turn 3 Blue destroys one unit (DDG-51's 2 LRS
    dice, 1 and 2, on Msta's 2 HP) and Red none, so Blue seizes the initiative for turn 4 (one space back
    toward US) and may go first or relinquish it again."""
    g = situation([("DDG-51", "usn_ddg_51", "F-12", B), ("1 Alpha", "usmc_infantry_platoon", "B-2", B),
                   ("Msta", "runi_cannon_artillery", "F-2", R, True), ("1 Anna", "runi_naval_infantry_platoon", "J-2", R)],
                  mixed=["F-12"], initiative="US", forced=[1, 2], auto=NO_ANSWERS, max_turns=8)
    g.apply(A.Relinquish())
    assert g.state.initiative == "RU" and g.state.influence == -1
    for turn in (1, 2):
        assert g.state.turn == turn and g.available_task_forces() == [R]
        pass_impulse(g, R)
        pass_impulse(g, B)
    assert g.state.turn == 3 and g.state.initiative == "RU" and g.state.influence == -1
    pass_impulse(g, R)
    lrs_impulse(g, B, "DDG-51", "Msta", 2)
    assert g.unit("Msta").destroyed and g.state.total_kills["US"] == 1
    assert g.state.turn == 4 and g.state.initiative == "US" and g.state.influence == 0
    assert g.available_task_forces() == [B]
    g.apply(A.Relinquish())                              # "or relinquish the Initiative again"
    assert g.state.initiative == "RU" and g.available_task_forces() == [R]


# ---------------------------------------------------------------- 5.11
def test_5_11_example_a_yellow_mixed_hex_costs_2_mp_for_ships_and_ground_units():
    """5.11 ex.: a yellow mixed land-naval hex costs 2 MP, for a ship and for a ground unit.
    The infantry platoon (3 MP) pays 2 + 1 for the yellow coast F-6 then green F-7 and cannot go
    a hex further; the DDG-51 (5 MP) pays 1 + 2 + 1 + 1 through it, and five hexes ending on it cost 6 MP: too many."""
    g = situation([("Inf", "usmc_infantry_platoon", "F-5", B), ("DDG", "usn_ddg_51", "E-6", B)],
                  naval=["E-5", "E-6", "E-7", "D-6", "D-7", "G-5", "G-6"], mixed=["F-6"], colours={"F-6": "yellow"})
    assert g.board.hex("F-6").mp_cost == 2 and g.board.hex("F-6").has_land
    c = _ctx(g)
    inf, ddg = g.unit("Inf"), g.unit("DDG")
    assert check_path(c, [inf], ["F-6", "F-7"]) == (["F-6", "F-7"], 3, False)
    with pytest.raises(IllegalAction) as e:
        check_path(c, [inf], ["F-6", "F-7", "F-8"])
    assert e.value.rule == "5.12" and "costs 4 MP" in e.value.reason
    assert check_path(c, [ddg], ["E-5", "F-6", "G-6", "G-5"])[1:] == (5, False)
    with pytest.raises(IllegalAction) as e:               # five hexes, the fifth the yellow coast: 6 MP
        check_path(c, [ddg], ["E-7", "D-7", "D-6", "E-5", "F-6"])
    assert e.value.rule == "5.12" and "costs 6 MP" in e.value.reason
    g.apply(A.BeginImpulse(B))
    g.apply(A.Declare((A.CoreAction("move_conceal", ("Inf",)), A.CoreAction("move_conceal", ("DDG",)))))
    g.apply(A.Move(1, ("F-6", "F-7")))
    g.apply(A.Move(2, ("E-5", "F-6", "G-6", "G-5")))
    assert inf.hex == "F-7" and ddg.hex == "G-5"


# ---------------------------------------------------------------- 5.13
def test_5_13_example_2_combined_arms_movement_lrs_stays_infantry_assaults_for_one_ap():
    """5.13 ex. 2: one activation (1 AP) of a stack of an infantry platoon and an LRS unit.
    Without moving, 1 Whiskey fires LRS into the enemy hex F-6 (2 dice: 1 hits, 20 misses; 1
    Anna 2 -> 1 HP); 1 Alpha moves into F-6 and assaults the same hex with 2 dice.  The LRS
    damage gives the Combined Arms bonus (7.17): GA CV 4 + 2 = 6, so the rolls 5 and 7 score one
    hit (5 would miss at CV 4) and 1 Anna is destroyed.  Afterwards the two are in different
    hexes: no longer one stack."""
    g = situation([("1 Whiskey", "usmc_himars_section", "F-8", B), ("1 Alpha", "usmc_infantry_platoon", "F-8", B),
                   ("1 Anna", "runi_naval_infantry_platoon", "F-6", R, True)], forced=[1, 20, 5, 7], auto=NO_ANSWERS)
    g.apply(A.BeginImpulse(B))
    g.apply(A.Declare((A.CoreAction("move_combat", ("1 Whiskey", "1 Alpha")),)))
    assert g.impulse.ap == 2
    g.apply(A.Move(1, ("F-7", "F-6"), units=("1 Alpha",)))
    g.apply(A.CommitCombat(lrs=(A.LrsAttack("1 Whiskey", "LRS1", "1 Anna", 2),),
                           ga=(A.GroundAssault("1 Alpha", "1 Anna", 2),)))
    g.apply(A.ResolveCombat())
    lrs, = _rolls(g)
    ga, = _rolls(g, "ga_roll")
    assert lrs["data"]["hits"] == 1
    assert (ga["data"]["base_cv"], ga["data"]["cv"], ga["data"]["hits"]) == (4, 6, 1)
    assert g.unit("1 Anna").destroyed and g.impulse.ap == 2
    assert g.unit("1 Whiskey").hex == "F-8" and g.unit("1 Alpha").hex == "F-6"


# ---------------------------------------------------------------- 7.04
def test_7_04_example_1_an_infantry_platoon_rolls_up_to_its_10_ga_supply():
    """7.04 ex. 1: an infantry platoon has GA supply 10, so 10 dice: it may commit up to 10
    (11 is refused, 7.08); after the combat its supply is reduced by the dice it rolled (10 ->
    0 here, hits or not: 7.15)."""
    g = situation([("1 Alpha", "usmc_infantry_platoon", "F-6", B, True),
                   ("1 Anna", "runi_naval_infantry_platoon", "F-6", R, True)], forced=[20] * 10, auto=NO_ANSWERS)
    assert g.unit("1 Alpha").supply["GA"] == 10
    g.apply(A.BeginImpulse(B))
    g.apply(A.Declare((A.CoreAction("move_combat", ("1 Alpha",)),)))
    refused(g, A.CommitCombat(ga=(A.GroundAssault("1 Alpha", "1 Anna", 11),)), "7.08")
    g.apply(A.CommitCombat(ga=(A.GroundAssault("1 Alpha", "1 Anna", 10),)))
    g.apply(A.ResolveCombat())
    ga, = _rolls(g, "ga_roll")
    assert len(ga["data"]["dice"]) == 10 and ga["data"]["hits"] == 0
    assert g.unit("1 Alpha").supply["GA"] == 0 and g.unit("1 Anna").hp == 2


# ---------------------------------------------------------------- 7.33
def test_7_33_example_melodie_allocates_2_dice_to_target_a_and_3_to_target_b():
    """7.33 ex.: Melodie's LRS unit (1 Whiskey, LRS1 CV 12, supply 6) attacks two enemy units in
    one hex with 2 LRS(1) dice at Target A and 3 at Target B.  Rolls: A 1, 20 (one hit); B 2,
    3, 20 (two hits).  A keeps 1 HP, B (2 HP) is destroyed; 5 supply spent (6 -> 1)."""
    g = situation([("1 Whiskey", "usmc_himars_section", "F-9", B),
                   ("Target A", "runi_naval_infantry_platoon", "F-6", R, True),
                   ("Target B", "runi_naval_infantry_platoon", "F-6", R, True)],
                  forced=[1, 20, 2, 3, 20], auto=NO_ANSWERS)
    g.apply(A.BeginImpulse(B))
    g.apply(A.Declare((A.CoreAction("move_combat", ("1 Whiskey",)),)))
    g.apply(A.CommitCombat(lrs=(A.LrsAttack("1 Whiskey", "LRS1", "Target A", 2),
                                A.LrsAttack("1 Whiskey", "LRS1", "Target B", 3))))
    g.apply(A.ResolveCombat())
    rolls = {e["data"].get("target", e["title"]): e["data"] for e in _rolls(g)}
    assert sorted((len(d["dice"]), d["hits"]) for d in rolls.values()) == [(2, 1), (3, 2)]
    assert g.unit("Target A").hp == 1 and g.unit("Target B").destroyed
    assert g.unit("1 Whiskey").supply["LRS1"] == 1


# ---------------------------------------------------------------- 15.25
def test_15_25_example_simon_fires_lrs_into_two_town_hexes_the_meter_moves_2_toward_us():
    """15.25 ex.: Simon (Red) conducts LRS attacks against two hexes with towns: the Influence
    Meter moves 2 spaces toward the US team (one per hex, not per target: a second target in
    the same town hex adds nothing; hits or misses alike)."""
    g = situation([("1 Uran", "runi_coastal_missile_section", "F-2", R),
                   ("1 Alpha", "usmc_infantry_platoon", "F-5", B, True),
                   ("2 Alpha", "usmc_infantry_platoon", "F-5", B, True),
                   ("3 Alpha", "usmc_infantry_platoon", "G-5", B, True)],
                  features={"F-5": "town", "G-5": "town"}, initiative="RU", forced=[20, 20, 20], auto=NO_ANSWERS)
    assert g.state.influence == 0
    g.apply(A.BeginImpulse(R))
    g.apply(A.Declare((A.CoreAction("move_combat", ("1 Uran",)),)))
    g.apply(A.CommitCombat(lrs=tuple(A.LrsAttack("1 Uran", "LRS1", t, 1) for t in ("1 Alpha", "2 Alpha", "3 Alpha"))))
    assert g.state.influence == 2
    moves = [e for e in g.log if e["kind"] == "influence"]
    assert [m["title"] for m in moves] == ["Influence Meter 1 space toward US"] * 2
    assert all("15.25" in m["rules"] for m in moves)
    g.apply(A.ResolveCombat())
    assert g.state.influence == 2
