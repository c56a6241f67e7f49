"""Through the kernel: legal acts all accepted, the random player finishing seeded games of 2 to 6
Commanders, undo, fork and the record as JSON exact (also in the middle of a skirmish, with a
face-down placement waiting), refusals leaving the state byte-identical, decks shuffled through
the seeded Dice."""
import json

import numpy as np
import pytest

from lcb_lab.games.order_of_battle import actions as A
from lcb_lab.games.order_of_battle.cards import load
from lcb_lab.games.order_of_battle.game import new_game
from lcb_lab.games.order_of_battle.state import RoundCommit
from lcb_lab.kernel.autoplay import pick, play_random
from lcb_lab.kernel.errors import IllegalAction

from .helpers import data


@pytest.mark.parametrize("players,seed", [(2, 0), (3, 1), (4, 2), (6, 3)])
def test_random_player_finishes_seeded_games(players, seed):
    g = new_game(players, seed=seed)
    n = play_random(g, seed, 20000)
    assert g.to_act() is None and g.state.phase == "over" and g.state.winner
    assert n == len(g.history.steps)


def test_seats_are_two_to_six():
    for bad in (1, 7, ["Ash", "Ash"], ["A-1", "B"]):
        with pytest.raises(ValueError):
            new_game(bad)


def test_every_listed_act_is_accepted():
    g = new_game(3, seed=4)
    rng = np.random.default_rng(4)
    for _ in range(300):
        legal = g.legal_actions()
        if not legal:
            break
        assert all(g.is_legal(a) for a in legal), g.state.phase
        g.apply(legal[int(rng.integers(len(legal)))])


def _to_a_placement(seed):
    g = new_game(2, seed=seed)
    rng = np.random.default_rng(seed)
    while g.to_act() is not None and not (g.state.choices and isinstance(g.state.choices[-1], RoundCommit)
                                          and g.state.choices[-1].commits):
        g.apply(pick(g, rng))
    return g


def test_undo_fork_and_record_are_exact_in_the_middle_of_a_skirmish():
    g = _to_a_placement(12)
    assert g.state.choices and g.state.choices[-1].commits           # one side placed face down
    end, n = data(g), len(g.history.steps)
    rec = json.loads(json.dumps(g.record_to_json()))
    h = new_game(2, seed=0)
    h.state = h.state_from_data(json.loads(json.dumps(g.state_to_data(g.state))))
    h.dice.set_state(g.dice.state())
    h.load_record(rec)
    h.goto(0)
    h.goto(n)
    assert data(h) == end
    f = g.fork(at=n // 2)
    g.undo(n - n // 2)
    assert data(g) == data(f)
    g.goto(n)
    assert data(g) == end and data(g.replay()) == end


def test_a_refusal_leaves_the_state_byte_identical():
    g = new_game(3, seed=1)
    before = data(g)
    for act in (A.Buy("Gunner"), A.DrawFame(99), A.Attack("Ash-0"), A.Retreat(True), A.FormSquad("Ash-0"),
                A.PlaceFaceDown("Ash"), A.ActivateHotspot("Data Haven"), A.CollectRevenue("legit")):
        with pytest.raises(IllegalAction) as e:
            g.apply(act)
        assert e.value.rule.startswith("l.") and data(g) == before


def test_decks_are_shuffled_through_the_seeded_dice():
    cards = load()
    a, b, c = new_game(2, seed=5), new_game(2, seed=5), new_game(2, seed=6)
    deck = a.state.commanders["Ash"].fortune_deck.draw
    assert sorted(deck) == sorted(cards.fortune) and deck == b.state.commanders["Ash"].fortune_deck.draw
    assert deck != c.state.commanders["Ash"].fortune_deck.draw and deck != list(cards.fortune)
    assert [d.purpose for d in a.dice.history] == ["shuffle Ash's Fame deck", "shuffle Ash's Fortune deck",
                                                   "shuffle Birch's Fame deck", "shuffle Birch's Fortune deck"]


def test_a_deck_order_forced_by_the_dice():
    """Fisher-Yates with every forced value 1 (a d12, d11, ..., d2 for the 12 Fame cards) moves each
    card in turn to the top: the order is the printed list rotated by one."""
    cards = load()
    n_fame, n_fortune = len(cards.fame), len(cards.fortune)
    g = new_game(["Ash", "Birch"], forced=[1] * 2 * (n_fame - 1 + n_fortune - 1))
    assert g.state.commanders["Ash"].fame_deck.draw == list(cards.fame[1:]) + [cards.fame[0]]


def test_the_card_set_is_all_sandbox():
    cards = load()
    assert all(c.source == "sandbox" for c in cards.cards.values())
    assert (cards.hand_max, cards.fortune_max, cards.retreat_fame) == (5, 5, 2)        # printed: l.17, l.39, l.95
    assert {c.kind for c in cards.cards.values()} == {"battlelord", "pud", "equipment", "matrix", "hotspot",
                                                      "mission", "battle"}
