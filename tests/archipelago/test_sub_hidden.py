"""Level 5: Hidden Movement of Submarine (l.1145-1175: the notepad, pictures 77-79), Sonar
(l.1177-1197, picture 80) and MAD (l.1199-1205, picture 81), on the expanded board A1-Q11
(``data/boards/archipelago_expanded.toml``, sandbox; its sectors are 6 x 5 points) with forced
dice.  The other player sees no S marker, no sector: two worlds differing only in a hidden
submarine's sector look the same to it (kernel :func:`~lcb_lab.kernel.worlds.follow`)."""
import pytest

from lcb_lab.games.archipelago import actions as A
from lcb_lab.games.archipelago.model.board_data import load_board
from lcb_lab.games.archipelago.observer import view
from lcb_lab.games.archipelago.rules import hidden as H
from lcb_lab.games.archipelago.stage import stage
from lcb_lab.kernel.errors import IllegalAction
from lcb_lab.kernel.hexgrid import neighbour
from lcb_lab.kernel.worlds import follow
from tests.archipelago.helpers import refused, titles

E = load_board("archipelago_expanded")
SUB = {"submerged": True}
FLY = {"flying": True, "fuel": 5}
HIDE = ["l.1147"]


def deep(sector, k=0):
    return H.deep(E, sector)[k]


def red_text(g):
    """Everything Red reads in the log, as one string."""
    return " ".join(e["title"] + " " + e["text"] for e in g.read_log("Red") if e)


# ------------------------------------------------------------------ the notepad, pictures 77-79
def test_pictures_77_79_the_notepad_s31_d8_s32_c2_and_s31_not_moved_in_turn_2():
    g = stage(E, [("Blue S-31", deep("D8"), "N", SUB), ("Blue S-32", deep("C2"), "N", SUB),
                  ("Red C-9", deep("N3"), "S"), ("Blue C-10", deep("K6"), "N")],
              hide=["Blue S-31", "Blue S-32"], optional_rules=HIDE, level=5, forced=[3, 4, 5])
    assert set(g.state.hidden) == {"Blue S-31", "Blue S-32"} and "Blue S-31" not in g.state.pieces
    assert view(g, "Red")["undersea"]["notepads"] == {"Red": {}, "Blue": 2}
    assert view(g, "Blue")["undersea"]["notepads"]["Blue"] == {"Blue S-31": [[0, "D8"]], "Blue S-32": [[0, "C2"]]}
    g.apply(A.RollMovement())
    refused(g, A.MoveHidden("Blue S-31", "D9"), "l.1155")             # not Red's
    g.apply(A.EndTurn())
    refused(g, A.MoveHidden("Blue S-32", "C3"), "l.1155")             # with the movement, after the blue dice
    g.apply(A.RollMovement())
    assert g.state.rolled == [4, 5]                                    # C-10 and the two hidden: 3 pieces, 2 dice
    refused(g, A.MoveHidden("Blue S-32", "C4"), "l.1159")             # two sectors away
    refused(g, A.MoveHidden("Blue S-32", "D2"), "l.1159")             # a neighbour, but no way through (picture 78)
    g.apply(A.MoveHidden("Blue S-32", "C3"))
    refused(g, A.MoveHidden("Blue S-32", "C2"), "l.1155")             # one line a turn
    assert g.state.dice == [4, 5]                                      # no blue die spent (l.1155)
    refused(g, A.EndTurn(), "l.1161")                                  # S-31's line is not written yet
    g.apply(A.MoveHidden("Blue S-31"))                                 # not moved: its sector again (l.1161)
    g.apply(A.EndTurn())
    assert g.state.hidden["Blue S-31"].path == [(0, "D8"), (2, "D8")]   # written again (l.1161)
    assert g.state.hidden["Blue S-32"].path == [(0, "C2"), (2, "C3")]
    text = red_text(g)
    assert "Blue writes on its notepad" in text
    assert not any(sec in text for sec in ("D8", "C2", "C3"))
    assert "Blue S-31" not in view(g, "Red")["pieces"]


def test_h9_to_g10_cannot_be_passed_and_the_path_check():
    assert not H.can_pass(E, "H9", "G10") and not H.can_pass(E, "G10", "H9")   # l.1159's own example
    assert H.can_pass(E, "H9", "H10") and H.can_pass(E, "H9", "H9")
    assert H.deep(E, "D10") == [] and not H.can_pass(E, "D9", "D10")         # all land and shallows
    assert H.logical(E, [(1, "H9"), (3, "H10"), (5, "H10")]) == (True, "")
    ok, why = H.logical(E, [(1, "H9"), (3, "G10")])
    assert not ok and why.startswith("turn 1 H9 -> turn 3 G10")
    g = stage(E, [("Red S-31", deep("H9"), "N", SUB), ("Blue C-9", deep("K6"), "N")], hide=["Red S-31"],
              optional_rules=HIDE, level=5, forced=[3])
    g.apply(A.RollMovement())
    refused(g, A.MoveHidden("Red S-31", "G10"), "l.1159")
    assert {a.sector for a in g.legal_actions() if isinstance(a, A.MoveHidden)} == \
        {"", "G8", "G9", "H8", "H10", "I9", "I10"}                      # "": the same sector again
    assert A.EndTurn() not in g.legal_actions()                        # its line first (l.1161)


def test_hidden_movement_is_an_optional_rule():
    with pytest.raises(IllegalAction) as e:
        stage(E, [("Red S-31", deep("H9"), "N", SUB), ("Blue C-9", deep("K6"), "N")], hide=["Red S-31"], level=5)
    assert e.value.rule == "l.1147"


# ------------------------------------------------------------------ Sonar, picture 80
def sonar_game(seed=None):
    x = deep("H9")
    return x, stage(E, [("Red H-3", neighbour(x, 0), "N", dict(FLY, ammo=["SN"])), ("Red C-9", deep("N3"), "S"),
                        ("Blue S-31", deep("I9", 3), "N", SUB), ("Blue S-32", deep("J9", 5), "N", SUB),
                        ("Blue C-10", deep("K6"), "N")], hide=["Blue S-31", "Blue S-32"], optional_rules=HIDE,
                    level=5, turn=11, forced=[3, 3, 4, 4], seed=seed)


def test_picture_80_turn_11_sonar_h9_finds_s31_in_i9_and_later_s32_entering_the_zone():
    x, g = sonar_game()
    g.apply(A.RollMovement())
    g.apply(A.DropSonar("Red H-3"))
    assert [(sn.point, sn.sector, sn.turn) for sn in g.state.sonars] == [(tuple(x), "H9", 11)]   # right behind
    assert g.state.notepads["Red"] == ["turn 11: Sonar - H9"]
    assert "Blue: no remote-controlled mines in H9 and around it" in titles(g)
    assert g.to_act() == "Blue" and g.legal_actions("Red") == []
    assert "Blue must first place Blue S-31" in refused(g, A.EndTurn(), "l.1185")
    wait_red, wait_blue = view(g, "Red")["undersea"]["waiting"], view(g, "Blue")["undersea"]["waiting"]
    assert wait_red == {"owner": "Blue", "piece": "Blue S-31", "rule": "l.1185"}
    assert wait_blue["sector"] == "I9" and all(E.sector(E.from_col_row(0, 0).__class__(*p)) == "I9" for p in wait_blue["options"])
    refused(g, A.PlaceSubmarine("Blue S-31", *deep("J9")), "l.1185")    # outside the sector written
    spot = deep("I9", 7)
    g.apply(A.PlaceSubmarine("Blue S-31", spot.q, spot.r, 2))
    s31 = g.state.pieces["Blue S-31"]
    assert s31.submerged and s31.point == tuple(spot) and s31.facing == 2 and g.to_act() == "Red"
    assert "the path is logical" in g.state.log[-1]["text"] and "turn 10 I9" in g.state.log[-1]["text"]
    assert "Blue S-32" in g.state.hidden                               # J9 lies outside the zone
    g.apply(A.EndTurn())
    g.apply(A.RollMovement())
    g.apply(A.MoveHidden("Blue S-32", "I9"))                          # into the zone: shown (l.1189)
    assert g.to_act() == "Blue" and g.state.choices[-1].rule == "l.1189"
    p = g.legal_actions()[0].options[0]
    g.apply(A.PlaceSubmarine("Blue S-32", *p))
    assert g.state.pieces["Blue S-32"].moved                            # written this turn: its move is made


def test_optional_l1191_the_sonar_battery_lasts_five_turns():
    x, g = sonar_game(seed=1)
    g.state.optional_rules = HIDE + ["l.1191"]
    g.state.hidden.pop("Blue S-31")
    g.apply(A.RollMovement())
    g.apply(A.DropSonar("Red H-3"))
    assert "Blue S-32" in g.state.hidden and not g.state.choices
    for _ in range(9):                                                 # turns 11-19: five of Red's turns
        if g.state.to_move == "Blue":
            g.apply(A.MoveHidden("Blue S-32"))
        g.apply(A.EndTurn())
        assert g.state.sonars, g.state.turn
        g.apply(A.RollMovement())
    g.apply(A.MoveHidden("Blue S-32"))
    g.apply(A.EndTurn())
    assert g.state.turn == 21 and g.state.sonars == []
    assert "goes silent" in titles(g)[-1] and "l.1191" in g.state.log[-1]["rules"]


def test_l1193_a_ship_coming_onto_the_sonar_point_destroys_it():
    x = deep("H9")
    g = stage(E, [("Red H-3", neighbour(x, 0), "N", dict(FLY, ammo=["SN"])), ("Red C-9", neighbour(x, 3), "N"),
                  ("Blue C-10", deep("K6"), "N")], level=5, forced=[3, 3])
    g.apply(A.RollMovement())
    g.apply(A.DropSonar("Red H-3"))
    g.apply(A.Move("Red C-9", "F", 3))
    assert g.state.sonars == [] and "its sonar" not in titles(g)[-1] and "sonar at" in titles(g)[-1]


# ------------------------------------------------------------------ MAD, picture 81
def test_picture_81_turn_14_mad_o5_finds_s31_and_says_rc_mines_are_there():
    land = next(p for p in E.points_in("O5") if not E.is_water(p))
    g = stage(E, [("Red H-4", land, "N", FLY), ("Red C-9", deep("N3"), "S"), ("Blue S-31", deep("O5", 4), "N", SUB),
                  ("Blue C-10", deep("K6"), "N")], hide=["Blue S-31"], optional_rules=HIDE, level=5, turn=14,
              forced=[2, 2], rc_mines={"Blue": ["O5"]})
    refused(g, A.ActivateMAD("Red H-4"), "l.1203")                    # at the last point of its movement
    g.apply(A.RollMovement())
    g.apply(A.ActivateMAD("Red H-4"))                                  # over land too (l.1203)
    assert g.state.notepads["Red"] == ["turn 14: MAD - O5"]
    assert "Blue: there are remote-controlled mines in O5" in titles(g)
    c = g.state.choices[-1]
    assert (c.owner, c.sector, c.rule) == ("Blue", "O5", "l.1203")
    assert {E.colour(E.from_col_row(0, 0).__class__(*p)) for p in c.options} == {"dark_blue"}
    g.apply(A.PlaceSubmarine("Blue S-31", *c.options[0], 0))
    refused(g, A.ActivateMAD("Red H-4"), "l.1203")                    # once a turn (reading)
    refused(g, A.ActivateMAD("Red C-9"), "l.1203")                    # only the utility helicopters carry a MAD


def test_showing_a_hidden_submarine_to_launch_a_torpedo():
    g = stage(E, [("Red C-9", deep("J9", 0), "S"), ("Blue S-31", deep("J9", 20), "N", SUB), ("Blue C-10", deep("K6"), "N")],
              hide=["Blue S-31"], optional_rules=HIDE, level=5, to_move="Blue", forced=[3, 3])
    g.apply(A.RollMovement())
    refused(g, A.LaunchTorpedo("Blue S-31", "Red C-9"), "l.201")     # hidden: no piece on the board
    g.apply(A.Reveal("Blue S-31"))
    assert g.to_act() == "Blue" and g.state.choices[-1].rule == "l.1167"
    refused(g, A.RollMovement(), "l.1167")
    g.apply(A.PlaceSubmarine("Blue S-31", *deep("J9", 20), 0))
    assert g.state.pieces["Blue S-31"].submerged and not g.state.hidden


# ------------------------------------------------------------------ nothing leaks
def world(sector, k):
    return stage(E, [("Red H-4", deep("K6", 2), "N", FLY), ("Red C-9", deep("N3"), "S"),
                     ("Blue S-31", deep(sector, k), "N", SUB), ("Blue C-10", deep("K6"), "N")],
                 hide=["Blue S-31"], optional_rules=HIDE, level=5, forced=[2, 2, 3, 3, 4, 4])


def test_indistinguishable_worlds_a_hidden_submarine_in_d8_or_in_c2():
    a, b = world("D8", 0), world("C2", 5)
    acts = [A.RollMovement(), A.ActivateMAD("Red H-4"), A.EndTurn(), A.RollMovement(), A.MoveHidden("Blue S-31"),
            A.EndTurn(), A.RollMovement()]
    assert follow(a, b, "Red", acts, view) == []
    said = []
    for g in (a, b):                                                   # Red's refusals name no sector
        said.append([refused(g, act, rule) for act, rule in [
            (A.DropDepthCharge("Red H-4", "Blue S-31"), "l.1141"), (A.MoveHidden("Blue S-31", "D9"), "l.1155"),
            (A.PlaceSubmarine("Blue S-31", 0, 0), "l.1165"), (A.Reveal("Blue S-31"), "l.1167")]])
    assert said[0] == said[1]
    assert a.state.hidden["Blue S-31"].path != b.state.hidden["Blue S-31"].path
    assert view(a, "Blue") != view(b, "Blue")                          # the owner does see the difference


def test_a_hidden_submarine_is_a_vessel_afloat_with_its_value_at_the_count():
    """Blue's only vessel is a hidden submarine: it has not lost (l.384), and at the agreed turn
    limit its S-31 (4 points, l.1655) weighs as much as Red's corvette C-9 (4, l.272): a draw."""
    g = stage(E, [("Red C-9", deep("N3"), "S"), ("Blue S-31", deep("D8"), "N", SUB)], hide=["Blue S-31"],
              optional_rules=HIDE, level=5, forced=[3], turn_limit=1)
    g.apply(A.RollMovement())
    g.apply(A.EndTurn())
    assert g.state.over and g.state.winner == ""
    red, blue = g.state.outcome.split("points: ")[1].split(", ")
    assert red.split()[1] == blue.split()[1]


def test_optional_l1173_a_shown_submarine_hides_again_three_turns_later_out_of_sonar_zones():
    g = stage(E, [("Red S-31", deep("J9", 0), "N", SUB), ("Red C-9", deep("N3"), "S"), ("Blue C-10", deep("K6"), "N")],
              hide=["Red S-31"], optional_rules=HIDE + ["l.1173"], level=5, seed=3)
    g.apply(A.Reveal("Red S-31"))
    g.apply(A.PlaceSubmarine("Red S-31", *deep("J9", 0), 0))           # shown in turn 1
    for turn in (1, 3, 5):
        assert g.state.turn == turn
        assert "from turn 7" in refused(g, A.Hide("Red S-31"), "l.1173")
        g.apply(A.RollMovement())
        g.apply(A.EndTurn())
        g.apply(A.RollMovement())
        g.apply(A.EndTurn())
    g.apply(A.Hide("Red S-31"))                                        # turn 7: three of its turns later
    assert g.state.hidden["Red S-31"].path == [(7, "J9")] and "Red S-31" not in g.state.pieces
    assert A.EndTurn() not in g.legal_actions() and A.MoveHidden("Red S-31") not in g.legal_actions()
    g.apply(A.RollMovement())
    g.apply(A.EndTurn())                                               # its line of turn 7 is written


def test_without_l1173_once_shown_it_stays_and_a_sonar_zone_keeps_it_shown():
    g = stage(E, [("Red S-31", deep("J9", 0), "N", SUB), ("Red C-9", deep("N3"), "S"), ("Blue C-10", deep("K6"), "N")],
              optional_rules=HIDE, level=5, seed=3)
    refused(g, A.Hide("Red S-31"), "l.1171")
    g.state.optional_rules = HIDE + ["l.1173"]
    from lcb_lab.games.archipelago.model.notepad import Sonar
    g.state.sonars = [Sonar("Blue", tuple(deep("K9", 0)), "K9", 0)]
    refused(g, A.Hide("Red S-31"), "l.1195")


def test_l1181_the_sonars_near_base_a_hear_its_sectors():
    """l.1181: fixed sonars near each Base A hear every submarine in their sectors (printed
    "xxxxxxxxxx"; sandbox: the sectors holding the base, board features: Blue C6 and C7, Red N10
    and P10). A hidden enemy submarine written into one is placed on the board (as l.1189); none is
    written hidden there; a submarine there does not hide again (l.1195); own ones are not heard."""
    assert (H.base_sonars(E, "Blue"), H.base_sonars(E, "Red")) == (["C6", "C7"], ["N10", "P10"])
    with pytest.raises(IllegalAction) as e:                              # written hidden in Blue's C7
        stage(E, [("Red S-31", deep("C7"), "N", SUB), ("Blue C-10", deep("K6"), "N")], level=5, hide=["Red S-31"],
              optional_rules=HIDE)
    assert e.value.rule == "l.1181"
    g = stage(E, [("Red S-31", deep("D7"), "N", SUB), ("Blue S-32", deep("D7", 3), "N", SUB), ("Red C-10", deep("K6"), "N")],
              forced=[3, 3, 3], level=5, hide=["Red S-31", "Blue S-32"], optional_rules=HIDE + ["l.1173"])
    g.apply(A.RollMovement())
    g.apply(A.MoveHidden("Red S-31", "C7"))                               # into Blue's Base A sonars
    assert g.to_act() == "Red" and g.state.choices[-1].rule == "l.1181"
    assert titles(g)[-1] == "Red must place Red S-31 on the board: it entered a sector the sonars near the enemy's Base A hear"
    g.apply(A.PlaceSubmarine("Red S-31", *g.legal_actions()[0].options[0]))
    assert E.sector(g.state.pieces["Red S-31"].at) == "C7" and H.heard(g, "Red S-31")
    g.state.exposed["Red S-31"] = -10                                    # long ago: only the sonars keep it shown
    refused(g, A.Hide("Red S-31"), "l.1195")
    g.apply(A.EndTurn())
    g.apply(A.RollMovement())
    g.apply(A.MoveHidden("Blue S-32", "C7"))                              # its own side's sonars: not heard
    assert not g.state.choices and "Blue S-32" in g.state.hidden
