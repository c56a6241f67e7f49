"""The count at the end sees hidden submarines (l.384, l.386, l.1655): the umpire's count reads the
notepads, not a player's view.  A hidden submarine is a vessel afloat (the game does not end for
want of vessels), counts its value, and its torpedoes keep its side in ammunition (l.386)."""
from lcb_lab.games.archipelago import actions as A
from lcb_lab.games.archipelago.model.board_data import load_board
from lcb_lab.games.archipelago.observer import view
from lcb_lab.games.archipelago.rules import hidden as H
from lcb_lab.games.archipelago.rules.victory import has_ammunition, score
from lcb_lab.games.archipelago.stage import stage

E = load_board("archipelago_expanded")
HIDE = ["l.1147"]
EMPTY = {"Red": {}, "Blue": {}}


def deep(sector):
    return H.deep(E, sector)[0]


def duel(sub_ammo):
    """Red C-9 without shells; Blue's only vessel S-31 hidden in D8 carrying ``sub_ammo``; empty panels."""
    return stage(E, [("Red C-9", deep("N3"), "S", {"ammo": []}),
                     ("Blue S-31", deep("D8"), "N", {"submerged": True, "ammo": sub_ammo})],
                 hide=["Blue S-31"], optional_rules=HIDE, level=5, forced=[3, 3], stock=EMPTY)


def test_a_hidden_submarines_torpedo_keeps_its_side_in_ammunition_and_the_game_going():
    g = duel(["T"])
    assert "Blue S-31" not in g.state.pieces and "Blue S-31" in g.state.hidden
    assert has_ammunition(g, g.state, "Blue") and not has_ammunition(g, g.state, "Red")
    g.apply(A.RollMovement())
    g.apply(A.EndTurn())                       # Red out of shells, Blue's hidden torpedo: not both out (l.386)
    assert not g.state.over


BASE_A = 2 + 4 + 3
"""Each side's Base A objects standing: fuel depot 2, ammunition storage 4, workshop 3 (l.386)."""


def test_without_its_torpedo_both_are_out_and_the_hidden_submarine_counts_4_against_the_corvettes_4():
    g = duel([])
    assert score(g, g.state, "Blue") == 4 + BASE_A and score(g, g.state, "Red") == 4 + BASE_A   # S-31 4 (l.1655), C-9 4 (l.272)
    g.apply(A.RollMovement())
    g.apply(A.EndTurn())
    assert g.state.over and g.state.winner == ""
    assert "points: Red 13, Blue 13" in g.state.outcome


def test_the_count_is_the_umpires_red_sees_no_submarine_yet_blue_scores_it():
    g = duel(["T"])
    assert "Blue S-31" not in str(view(g, "Red")["pieces"])
    assert score(g, g.state, "Blue") == 4 + BASE_A
