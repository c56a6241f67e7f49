"""Through the kernel: legal acts all accepted, the random player finishing seeded games, undo,
fork and the record as JSON exact, refusals leaving the state byte-identical."""
import json

import numpy as np
import pytest

from lcb_lab.games.force_on_force import actions as A
from lcb_lab.games.force_on_force.game import new_game
from lcb_lab.kernel.autoplay import play_random
from lcb_lab.kernel.errors import IllegalAction


def data(g) -> str:
    return json.dumps([g.state_to_data(g.state), g.dice.state()], sort_keys=True)


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_random_player_finishes_seeded_games(seed):
    g = new_game(seed=seed)
    n = play_random(g, seed, 2000)
    assert g.to_act() is None and g.state.phase == "over" and g.state.winner in ("Blue", "Red", "draw")
    assert n == len(g.history.steps)


def test_every_listed_act_is_accepted():
    g = new_game(seed=4)
    rng = np.random.default_rng(4)
    for _ in range(40):
        legal = g.legal_actions()
        if not legal:
            break
        assert all(g.is_legal(a) for a in legal)
        g.apply(legal[int(rng.integers(len(legal)))])


def test_undo_fork_and_record_are_exact():
    g = new_game(seed=7)
    play_random(g, 7, 25)
    end = data(g)
    rec = json.loads(json.dumps(g.record_to_json()))
    h = new_game(seed=0)                               # a saved game: its state as JSON, then its record
    h.state = h.state_from_data(json.loads(json.dumps(g.state_to_data(g.state))))
    h.dice.set_state(g.dice.state())
    h.load_record(rec)
    h.goto(0)
    h.goto(25)
    assert data(h) == end
    f = g.fork(at=10)
    g.undo(15)
    assert data(g) == data(f)
    g.goto(25)
    assert data(g) == end and data(g.replay()) == end


def test_a_refusal_leaves_the_state_byte_identical():
    g = new_game(seed=1)
    before = data(g)
    for act in (A.Activate("SAS A", to="orchard"), A.React("SAS A", "fire"), A.EndTurn(), A.GoOnOverwatch("Gunmen"),
                A.GoOnOverwatch("Nobody"), A.Spot("SAS A", "Nowhere")):
        with pytest.raises(IllegalAction):
            g.apply(act)
        assert data(g) == before


def test_the_fog_of_war_deck_is_shuffled_through_the_seeded_dice():
    from lcb_lab.games.force_on_force.rules.fog_of_war import DECK
    a, b, c = new_game(seed=5), new_game(seed=5), new_game(seed=6)
    assert sorted(a.state.fog.draw) == sorted(DECK) and a.state.fog.draw == b.state.fog.draw
    assert a.state.fog.draw != c.state.fog.draw and a.state.fog.draw != list(DECK)
    assert a.dice.history[0].purpose == "shuffle the Fog of War deck (sandbox)"
