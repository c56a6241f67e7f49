"""The cards (optional rule l.757-781, switch "l.757"): chosen before the game face down (l.771),
used at the end of a turn (l.773), each once (l.779): Submarines (picture 52, l.775), RC Mines
(l.776), Attack Aircraft (l.777) and the Interceptors counter-card (l.778) through the stack of
pending choices; the other player cannot tell which cards a player holds (indistinguishable worlds).
The card set is sandbox (``data/cards.toml``): subs-1 marks D3 (the text's example, l.773),
mines-1 C2 (l.769), aircraft-1 C3 and C4."""
import numpy as np

from lcb_lab.games.archipelago import actions as A
from lcb_lab.games.archipelago.model.board import Board
from lcb_lab.games.archipelago.observer import view
from lcb_lab.games.archipelago.stage import setup_game, stage
from lcb_lab.kernel.worlds import follow, seen
from tests.archipelago.helpers import refused, titles

SEA = Board.open_sea(28, 28)


def in_sector(sector, n, skip=0):
    """``n`` points of ``sector`` (every other point, after ``skip``)."""
    return SEA.points_in(sector)[skip::2][:n]


def game(count=1, extra=(), forced=(3, 3, 3)):
    d3 = in_sector("D3", 5)
    pieces = [("Red C-9", SEA.from_col_row(1, 27), "N"), ("Red TB-1", SEA.from_col_row(3, 27), "N"),
              ("Blue TB-1", d3[0], "S"), ("Blue TB-2", d3[1], "S"), ("Blue C-9", d3[2], "S"),
              ("Blue C-10", d3[3], "S"), ("Blue HC-18", d3[4], "S"), ("Blue D-13", SEA.from_col_row(26, 0), "S")]
    return stage(SEA, pieces + list(extra), forced=list(forced), level=4, optional_rules=["l.757"], card_count=count)


def test_picture_52_submarines_sink_three_of_four_enemy_vessels_in_d3_not_the_hovercraft():
    """Red holds "3 vessels are sunk on sector D3" (l.773); four Blue vessels and a hovercraft stand
    in D3: Red picks three of the vessels, which are sunk; the hovercraft is not endangered (l.775)."""
    g = game()
    assert g.state.phase == "cards" and g.legal_actions()[0] == A.ChooseCard("mines-1")
    refused(g, A.RollMovement(), "l.771")
    g.apply(A.ChooseCard("subs-1"))
    refused(g, A.ChooseCard("joker"), "l.771")                                          # not a card of the set
    g.apply(A.ChooseCard("mines-2"))
    assert g.state.phase == "start" and g.state.to_move == "Red" and g.state.cards == {"Red": ["subs-1"], "Blue": ["mines-2"]}
    refused(g, A.PlayCard("subs-1", ("Blue TB-1", "Blue TB-2", "Blue C-9")), "l.773")    # roll the blue dice first
    g.apply(A.RollMovement())
    refused(g, A.PlayCard("subs-1", ("Blue TB-1", "Blue TB-2")), "l.775")                  # three must be picked
    refused(g, A.PlayCard("subs-1", ("Blue TB-1", "Blue TB-2", "Blue HC-18")), "l.775")    # no hovercraft
    refused(g, A.PlayCard("subs-1", ("Blue TB-1", "Blue TB-2", "Blue C-9", "Blue C-10")), "l.775")
    refused(g, A.PlayCard("mines-2"), "l.779")                                            # Blue's card
    g.apply(A.PlayCard("subs-1", ("Blue TB-1", "Blue C-9", "Blue C-10")))
    assert sorted(p for p in g.state.pieces if p.startswith("Blue")) == ["Blue D-13", "Blue HC-18", "Blue TB-2"]
    assert "Red uses the card subs-1" in titles(g) and "Blue C-9 is sunk by the card subs-1" in titles(g)
    refused(g, A.PlayCard("subs-1", ("Blue TB-2",)), "l.779")                             # once only
    refused(g, A.Move("Red TB-1", "F", 3), "l.174")                                     # the card ends the turn's acts


def test_three_cards_one_of_each_group_and_interceptors_only_as_a_counter():
    """With three cards each player takes one of each group (l.771); an Interceptors card is not used
    on its own (l.778)."""
    g = game(count=3)
    g.apply(A.ChooseCard("mines-1"))
    refused(g, A.ChooseCard("mines-2"), "l.771")
    assert not any(a.card.startswith("mines") for a in g.legal_actions())
    g.apply(A.ChooseCard("subs-4"))
    g.apply(A.ChooseCard("interceptors"))
    assert g.state.to_move == "Blue"
    for c in ("mines-3", "subs-1", "aircraft-2"):
        g.apply(A.ChooseCard(c))
    g.apply(A.RollMovement())
    refused(g, A.PlayCard("interceptors"), "l.778")
    refused(g, A.PlayCard("mines-1"), "l.773")                    # no enemy vessel in C2


def test_rc_mines_sink_every_vessel_in_the_sector_own_ones_and_a_hovercraft_on_water():
    """RC Mines sink all vessels in the sector, enemy and own, a hovercraft too when not on land (l.776)."""
    c2 = in_sector("C2", 4)
    land = SEA.points_in("C2")[1]
    board = SEA.with_points({land: "orange"})
    pieces = [("Red C-9", c2[0], "N"), ("Red HC-18", c2[1], "N"), ("Red TB-1", SEA.from_col_row(1, 27), "N"),
              ("Blue TB-1", c2[2], "S"), ("Blue HC-19", land, "S"), ("Blue D-13", SEA.from_col_row(26, 0), "S")]
    g = stage(board, pieces, forced=[3, 3], level=4, optional_rules=["l.757"], card_count=1)
    g.apply(A.ChooseCard("mines-1"))
    g.apply(A.ChooseCard("subs-1"))
    g.apply(A.RollMovement())
    refused(g, A.PlayCard("mines-1", ("Blue TB-1",)), "l.776")
    g.apply(A.PlayCard("mines-1"))
    assert sorted(g.state.pieces) == ["Blue D-13", "Blue HC-19", "Red TB-1"]


def aircraft_game(blue_card):
    g = game(extra=[("Blue TB-3", in_sector("C3", 1)[0], "S")])
    g.apply(A.ChooseCard("aircraft-1"))
    g.apply(A.ChooseCard(blue_card))
    g.apply(A.RollMovement())
    return g


def test_attack_aircraft_and_the_interceptors_counter_card():
    """Red's Attack Aircraft (C3, C4) would destroy two enemy pieces (l.777); Blue is asked, on the
    stack of choices, whether it plays Interceptors (l.778): played, both cards leave and nothing
    changes; not played, the two pieces are destroyed."""
    g = aircraft_game("interceptors")
    c3 = [p for p, q in sorted(g.state.pieces.items()) if q.owner == "Blue" and g.board.sector(q.at) in ("C3", "C4")]
    pick = tuple(c3[:2])
    g.apply(A.PlayCard("aircraft-1", pick))
    assert g.to_act() == "Blue" and g.legal_actions() == [A.AnswerInterceptors("Blue", False), A.AnswerInterceptors("Blue", True)]
    assert g.legal_actions("Red") == []
    refused(g, A.EndTurn(), "l.778")
    g.apply(A.AnswerInterceptors("Blue", True))
    assert all(p in g.state.pieces for p in pick) and g.state.cards == {"Red": [], "Blue": []}
    assert titles(g)[-1] == "Blue plays Interceptors: aircraft-1 is annulled" and g.to_act() == "Red"
    h = aircraft_game("subs-2")
    h.apply(A.PlayCard("aircraft-1", pick))
    refused(h, A.AnswerInterceptors("Blue", True), "l.778")                     # holds none
    h.apply(A.AnswerInterceptors("Blue", False))
    assert all(p not in h.state.pieces for p in pick)


def test_the_other_player_cannot_tell_which_cards_are_held():
    """Blue takes subs-2 in one world and interceptors in the other: Red's view, log, step labels and
    offers are the same -- through Red's Aircraft card and Blue's declining answer."""
    a, b = aircraft_game("subs-2"), aircraft_game("interceptors")
    assert seen(a, "Red", view) == seen(b, "Red", view)
    assert a.view("Red")["cards"] == {"Blue": 1, "Red": ["aircraft-1"]} and a.view("Blue")["cards"]["Blue"] == ["subs-2"]
    assert "Blue takes a card face down" in [t for t, _ in a.view("Red")["log"]]
    pick = tuple(p for p, q in sorted(a.state.pieces.items()) if q.owner == "Blue" and a.board.sector(q.at) in ("C3", "C4"))[:2]
    acts = (A.PlayCard("aircraft-1", pick), A.AnswerInterceptors("Blue", False), A.EndTurn())
    assert follow(a, b, "Red", acts, view) == []
    assert seen(a, "Red", view) == seen(b, "Red", view)


def test_after_placing_the_pieces_the_cards_are_chosen_then_turn_1():
    """With the cards in force, a game set up by Place acts opens its cards phase once every piece
    is placed (l.771): Red, then Blue, then Red's turn 1."""
    g = setup_game(level=1, seed=1, optional_rules=["l.757"], card_count=1)
    while g.state.phase == "setup":
        g.apply(g.legal_actions()[0].sample(np.random.default_rng(0)))
    assert g.state.phase == "cards" and g.state.to_move == "Red"
    g.apply(A.ChooseCard("aircraft-2"))
    g.apply(A.ChooseCard("interceptors"))
    assert g.state.phase == "start" and g.state.to_move == "Red" and g.view("Red")["cards"] == {"Blue": 1, "Red": ["aircraft-2"]}
