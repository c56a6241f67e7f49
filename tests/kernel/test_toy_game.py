"""The toy game *Scouts* (``tests/kernel/toy_game.py``), built only on the kernel: what later rule
systems need is expressible without LC:B -- sealed bids, a deck, per-unit knowledge, undo, fork,
replay, saved records."""
from __future__ import annotations

import json

import numpy as np
import pytest

from lcb_lab.kernel import choices as K
from lcb_lab.kernel.dice import D6, Dice
from lcb_lab.kernel.engine import Engine
from lcb_lab.kernel.errors import IllegalAction, InputError, LabError, ScenarioError
from lcb_lab.kernel.legal import concrete
from tests.kernel.toy_game import (CODEC, PLAYERS, Bid, BidTemplate, Pass, Scouts, Shoot, Spot, bids, data, new_game,
                                   view)


# ---------------------------------------------------------------- tests
def test_a_sealed_bid_is_committed_face_down_and_revealed_together():
    g = new_game(forced=[1])
    assert g.to_act() == "Red"
    (t,) = g.legal_actions("Blue")
    assert isinstance(t, BidTemplate) and t.options == (0, 1, 2, 3) and t.limits == {"player": "Blue"}
    g.apply(Bid("Blue", 3))                                  # simultaneous: Blue need not wait for Red
    g.apply(Bid("Green", 1))
    assert g.to_act() == "Red"
    assert view(g, "Red")["bids"] == {"Blue": {"committed": True}, "Green": {"committed": True}}
    assert view(g, "Blue")["bids"] == {"Blue": 3, "Green": {"committed": True}}
    assert view(g, "Red")["log"] == ["Blue acted", "Green acted"]
    with pytest.raises(IllegalAction, match=r"^Refused by rule T.0: Green has already committed$"):
        g.apply(Bid("Green", 2))
    g.apply(Bid("Red", 3))                                  # ties go by turn order: Red before Blue
    assert g.state.choices == [] and g.state.hands == {"Red": ["ambush"], "Green": [], "Blue": []}
    assert view(g, "Green")["log"][-2:] == ["bids Red 3, Green 1, Blue 3", "Red acted"]
    assert view(g, "Red")["log"][-1] == "Red draws ambush"
    assert g.to_act() == "Red" and g.history.cursor == 3


def test_a_refused_act_leaves_state_log_and_dice_byte_identical():
    g = new_game(forced=[6, 6, 6])
    bids(g, 0, 0, 0)
    before, hist = data(g), list(g.dice.history)
    with pytest.raises(IllegalAction, match=r"^Refused by rule T.3: b1 is 6 positions away, more than 3$"):
        g.apply(Spot("r1", "b1"))                           # rolled its d6, then refused
    with pytest.raises(IllegalAction, match=r"^Refused by rule T.2: r1 has not spotted g1$"):
        g.apply(Shoot("r1", "g1"))
    with pytest.raises(InputError, match="expected a typed action"):
        g.apply({"kind": "pass"})
    assert data(g) == before and g.dice.history == hist and g.dice.forced_left == 3
    assert g.is_legal(Spot("r1", "g1")) and not g.is_legal(Spot("r1", "b1")) and data(g) == before


def test_a_unit_may_only_target_what_it_has_spotted():
    g = new_game(forced=[4, 2, 5])
    bids(g, 0, 0, 0)
    g.apply(Spot("r1", "g1"))                               # d6 4: spotted
    assert view(g, "r1")["units"] == ["g1", "r1"]           # per unit: r1 knows g1
    assert view(g, "g1")["units"] == ["g1"]                 # g1 has spotted nobody
    assert view(g, "Red")["units"] == ["g1", "r1"] and view(g, "Blue")["units"] == ["b1"]
    assert Shoot("g1", "r1") not in g.legal_actions("Green")
    g.apply(Spot("g1", "r1"))                               # d6 2: missed
    assert g.legal_actions("Blue") == [Pass()]                # b1 is 4 positions from g1, 6 from r1 (T.3)
    g.apply(Pass())
    bids(g, 0, 0, 0)                                        # turn 2 (draws the second card)
    assert g.legal_actions() == [Pass(), Shoot("r1", "g1")]
    g.apply(Shoot("r1", "g1"))                              # d6 5: destroyed
    assert g.state.units["g1"].alive is False and g.state.scores == {"Red": 1, "Green": 0, "Blue": 0}


def test_the_deck_reshuffles_its_discards_when_drawn_out():
    g = new_game(forced=[2])                               # the reshuffle's d2 = 2: the order stays
    for turn in (1, 2, 3):
        bids(g, 0, 0, 0)
        if turn < 3:
            for _ in PLAYERS:
                g.apply(Pass())
    assert g.state.hands["Red"] == ["ambush"]               # drawn: ambush, flare; then reshuffled
    assert [(p, list(v)) for p, v in g.dice.history] == [("shuffle cards", [2])]
    assert g.state.draw_pile == ["flare"] and g.state.discard_pile == []


def play_some(g: Scouts) -> None:
    bids(g, 1, 0, 2)
    g.apply(Spot("r1", "g1"))
    g.apply(Pass())
    g.apply(Pass())


def test_undo_goto_fork_and_replay_along_the_record():
    g = new_game(forced=[4, 5])
    start = data(g)
    play_some(g)
    now = data(g)
    assert len(g.history.steps) == 6 and g.to_act() == "Red"
    assert [s.label for s in g.history.steps][3:] == ["spot: r1 spots g1 (d6 4)", "pass", "pass"]
    assert [(s.turn, s.sub_turn, s.player) for s in g.history.steps] == \
        [(1, 1, "Red"), (1, 1, "Green"), (1, 1, "Blue"), (1, 1, "Red"), (1, 2, "Green"), (1, 3, "Blue")]
    g.undo(2)
    after_spot = data(g)
    assert g.state.seat == 1 and g.state.units["r1"].spotted == ["g1"]
    g.goto(0)
    assert json.loads(data(g))[0] == json.loads(start)[0]
    g.goto(6)
    assert data(g) == now
    f = g.fork(at=4)
    assert data(f) == after_spot and len(f.history.steps) == 4 and f.state is not g.state
    f.apply(Pass())
    assert data(g) == now and f.state.seat == 2
    r = g.replay()
    assert data(r) == data(g)
    with pytest.raises(LabError, match=r"^undo: 6 step\(s\) can be undone, not 7$"):
        g.undo(7)


def test_the_record_saves_and_loads_and_a_tampered_record_is_refused():
    g = new_game(forced=[4, 5])
    play_some(g)
    rec = json.loads(json.dumps(g.record_to_json()))
    assert [s["action"] for s in rec["steps"]][3:] == [{"kind": "spot", "unit": "r1", "target": "g1"},
                                                      {"kind": "pass"}, {"kind": "pass"}]
    h = g.spawn(g.state_from_data(g.state_to_data(g.state)), Dice.from_state(g.dice.state(), D6))
    h.load_record(rec, "toy.json")
    assert len(h.history.steps) == 6 and h.history.cursor == 6
    h.goto(3)
    assert h.state.units["r1"].spotted == [] and K.top(h.state.choices) is None
    rec["steps"][3]["dice"] = [1]                            # the spot now misses: not the saved game
    with pytest.raises(ScenarioError, match=r"^toy.json: record: replaying the record does not give the saved state \(they differ first at state\.units\.r1\.spotted\)$"):
        g.spawn(g.state_clone(g.state), Dice(seed=0, die=D6)).load_record(rec, "toy.json")
    rec["steps"][3]["action"] = {"kind": "fly"}
    with pytest.raises(ScenarioError, match=r"^toy.json: record.steps\[3\].action.kind: action: unknown action kind 'fly'"):
        g.spawn(g.state_clone(g.state), Dice(seed=0, die=D6)).load_record(rec, "toy.json")


def test_legal_actions_are_concrete_or_templates_that_sample_legal_actions():
    g = new_game(seed=3)
    (t,) = g.legal_actions("Green")
    assert isinstance(t, BidTemplate) and concrete([t]) == []
    a = t.sample(np.random.default_rng(1))
    assert isinstance(a, Bid) and a.player == "Green" and g.is_legal(a)
    bids(g, 0, 0, 0)
    assert all(g.is_legal(a) for a in concrete(g.legal_actions()))
    assert g.legal_actions("Green") == []                    # not Green's turn


def test_a_game_names_two_or_more_distinct_players():
    class Solo(Scouts):
        players = ("Red",)

    class Twice(Scouts):
        players = ("Red", "Red", "Blue")

    with pytest.raises(ValueError, match=r"^Solo: a game has two or more distinct players, not Red$"):
        Solo(new_game().state)
    with pytest.raises(ValueError, match=r"^Twice: a game has two or more distinct players, not Red, Red, Blue$"):
        Twice(new_game().state)


def test_the_game_names_its_die_and_forks_keep_it():
    """The kernel bakes in no die: a game names its own (``Engine.die``), and what its Dice rolls
    with no die named, forks and loaded records roll too -- a forced 6 of the toy game's d6, not
    a d20 value, and a queue holding a value above 20 (a long deck's shuffle) survives a fork."""
    g = new_game(seed=1)
    assert Scouts.die is D6 and g.dice.die is D6
    assert set(g.dice.roll(50, "d6 by default")) <= set(range(1, 7))
    g.dice.force([6])
    with pytest.raises(Exception, match="d6"):
        g.dice.force([7])
    g.dice._forced.extend([25])          # e.g. the forced shuffle of a 30-card deck (dN draws)
    f = g.fork()
    assert f.dice.die is D6 and list(f.dice._forced) == [6, 25]
    with pytest.raises(ValueError, match="die"):
        class NoDie(Engine):
            codec = CODEC
            players = PLAYERS
        NoDie(new_game().state)


def test_a_deck_kept_in_the_state_as_piles_is_undone_with_it():
    """A deck a game keeps as plain data (``Piles`` in its state) is copied, saved and undone
    with the state; drawing it past its end reshuffles the discards through the game's dice."""
    from lcb_lab.kernel.datacodec import clone, from_data, to_data
    from lcb_lab.kernel.dice import Piles, discard_to, draw_from
    dice = Dice(forced=[2, 1], die=D6)
    piles = Piles(draw=["ambush"], discard=[])
    before = clone(piles)
    assert draw_from(piles, 1, dice, "cards") == ["ambush"] and piles == Piles([], [])
    discard_to(piles, ["ambush", "flare", "smoke"])
    # Fisher-Yates over [ambush, flare, smoke]: d3 = 2 swaps places 2 and 1 -> [ambush, smoke, flare],
    # d2 = 1 swaps places 1 and 0 -> [smoke, ambush, flare]
    assert draw_from(piles, 2, dice, "cards") == ["smoke", "ambush"]
    assert piles.draw == ["flare"] and piles.discard == []
    assert dice.history[-1].purpose == "shuffle cards" and dice.history[-1].values == [2, 1]
    assert from_data(Piles, to_data(before)) == Piles(["ambush"], []) and before != piles


def test_a_step_is_named_for_each_viewer_and_saved_under_the_games_place_keys():
    g = new_game(forced=[4, 5])
    play_some(g)
    rows = {v: [r["label"] for r in g.step_labels(v)] for v in (None, "Red", "Green")}
    assert rows[None] == [s.label for s in g.history.steps]                 # the instructor: the stored labels
    assert rows["Red"][3] == "spot: r1 spots g1 (d6 4)"
    assert rows["Green"][3] == "Red acted" and "r1" not in " ".join(rows["Green"])
    assert [r["player"] for r in g.step_labels("Green")] == ["Red", "Green", "Blue", "Red", "Green", "Blue"]
    rec = g.record_to_json()
    assert list(rec["steps"][3]) == ["action", "dice", "dice_after", "log_len", "auto", "turn", "sub_turn",
                                     "player", "label"]
    g.undo(3)
    assert g.step_label_for(4, "Green") == "Red acts (undone)" and g.step_label_for(4, "instructor") == rows[None][3]


class Rounds(Scouts):
    """The toy game with its own words for a step's place: round, phase, seat."""
    place_keys = ("round", "phase", "seat")


def test_a_game_names_the_json_keys_of_a_steps_place():
    g = new_game(forced=[4, 5])
    g.__class__ = Rounds
    play_some(g)
    rec = json.loads(json.dumps(g.record_to_json()))
    assert [(s["round"], s["phase"], s["seat"]) for s in rec["steps"]][3:] == [(1, 1, "Red"), (1, 2, "Green"),
                                                                             (1, 3, "Blue")]
    assert not {"turn", "sub_turn", "player"} & set(rec["steps"][0])
    h = g.spawn(g.state_from_data(g.state_to_data(g.state)), Dice.from_state(g.dice.state(), D6))
    h.load_record(rec, "toy.json")
    assert [(s.turn, s.sub_turn, s.player) for s in h.history.steps] == \
        [(s.turn, s.sub_turn, s.player) for s in g.history.steps]
    rec["steps"][0]["impulse"] = 1
    with pytest.raises(ScenarioError, match=r"^toy.json: record.steps\[0\].impulse: unknown field$"):
        g.spawn(g.state_clone(g.state), Dice(seed=0, die=D6)).load_record(rec, "toy.json")
