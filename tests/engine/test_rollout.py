"""Rollout mode (:meth:`lcb_lab.kernel.engine.Engine.rollout`, benchmark figure 3): random play that
keeps no record gives exactly the games the full mode gives on the same seed -- the same final
state (log included), winner, impulses and dice drawn -- and a refused act still leaves the state,
log and dice byte-identical."""
from __future__ import annotations

import json

import pytest

from lcb_lab import load_scenario
from lcb_lab.games.lcb import actions as A
from lcb_lab.games.lcb import legal_trial
from lcb_lab.games.lcb.whatif.autoplay import play_random_turns
from lcb_lab.games.lcb.whatif.experiments import land_embarked
from lcb_lab.kernel.errors import IllegalAction, LabError


def _game(seed: int, rollout: bool, scenario: str = "gotland_redux"):
    g = load_scenario(scenario, seed=seed, auto_policies={})
    if scenario == "gotland_redux":
        land_embarked(g, "AL-23")          # figure 3's first impulse: richer play
    if rollout:
        g.rollout()
    return g


def _outcome(g, impulses: int) -> dict:
    """Everything a random game ends with, as bytes to compare: the state (its log included),
    the winner, the impulses played, every die drawn and the dice's state."""
    return {"state": json.dumps(g.state.to_dict(), sort_keys=True), "winner": g.state.winner,
            "stage": g.state.stage, "turn": g.state.turn, "impulses": impulses,
            "drawn": [list(v) for _, v in g.dice.history], "dice": json.dumps(g.dice.state(), sort_keys=True)}


def _count_refusals(monkeypatch) -> list:
    """Count the random player's refused tries (``legal_trial.apply_if_legal`` returning False)."""
    refused = []
    real = legal_trial.apply_if_legal

    def counting(game, action):
        ok = real(game, action)
        if not ok:
            refused.append(type(action).__name__)
        return ok
    monkeypatch.setattr(legal_trial, "apply_if_legal", counting)
    return refused


@pytest.mark.parametrize("seed", range(12))
def test_a_rollout_plays_the_same_game_as_the_full_mode(seed, monkeypatch):
    refused = _count_refusals(monkeypatch)
    full = _game(seed, rollout=False)
    n_full = play_random_turns(full, 3, seed)
    refused_full = len(refused)
    roll = _game(seed, rollout=True)
    n_roll = play_random_turns(roll, 3, seed)
    assert _outcome(roll, n_roll) == _outcome(full, n_full)
    assert len(refused) == 2 * refused_full                  # the same refused tries, each restored
    assert len(full.history.steps) > 30 and roll.history.steps == [] and roll.history.snapshots == {}


def test_the_agreement_test_sees_refusals(monkeypatch):
    """Over the seeds above the random player's tries are refused some times: the agreement test
    goes through refused acts, not only legal ones (those refuse before changing anything; the
    restore of a change is checked below)."""
    refused = _count_refusals(monkeypatch)
    for seed in range(12):
        play_random_turns(_game(seed, rollout=True), 3, seed)
    assert len(refused) >= 3


@pytest.mark.parametrize("scenario", ["slite_landing", "central_baltic", "gotland_redux"])
def test_a_refused_act_in_a_rollout_leaves_everything_byte_identical(scenario):
    g = _game(5, rollout=True, scenario=scenario)
    play_random_turns(g, 1, 5)
    before = (json.dumps(g.state.to_dict(), sort_keys=True), json.dumps(g.dice.state(), sort_keys=True),
              list(g.dice.history), len(g.state.log))
    for bad in (A.BeginImpulse("no such task force"), A.ResolveCombat(), A.Move(999, ("A-1",))):
        with pytest.raises(IllegalAction):
            g.apply(bad)
        after = (json.dumps(g.state.to_dict(), sort_keys=True), json.dumps(g.dice.state(), sort_keys=True),
                 list(g.dice.history), len(g.state.log))
        assert after == before
    assert g.history.steps == []


@pytest.mark.parametrize("rollout", [False, True])
def test_a_rule_that_changes_things_then_refuses_is_undone_in_a_rollout_as_in_the_full_mode(rollout, monkeypatch):
    """A handler that moves a unit, marks a card, writes the log and rolls dice, then refuses: the
    state, log and dice are exactly as before (the rollout's restore point is its one snapshot)."""
    from lcb_lab.games.lcb.handlers import HANDLERS
    g = _game(3, rollout=rollout)
    play_random_turns(g, 1, 3)
    play_random_turns(g, 1, 4)                    # the rollout's snapshot now shares with the one before

    def changes_then_refuses(game, ctx, action):
        u = next(iter(ctx.state.units.values()))
        u.hex, u.hp = "A-1", u.hp + 5
        c = next(iter(ctx.state.cards.values()))
        c.where = "removed"
        ctx.state.cp = {**ctx.state.cp, "US": 99}
        ctx.log({"kind": "test", "title": "changed", "rules": ["3.3"]})
        ctx.dice.roll(3)
        raise IllegalAction("3.3", "refused after changing things")
    monkeypatch.setitem(HANDLERS, A.Relinquish, changes_then_refuses)
    before = (json.dumps(g.state.to_dict(), sort_keys=True), json.dumps(g.dice.state(), sort_keys=True),
              list(g.dice.history), len(g.history.steps))
    for _ in range(2):
        with pytest.raises(IllegalAction, match="after changing"):
            g.apply(A.Relinquish())
        assert (json.dumps(g.state.to_dict(), sort_keys=True), json.dumps(g.dice.state(), sort_keys=True),
                list(g.dice.history), len(g.history.steps)) == before


def test_a_rollout_keeps_no_record_and_its_fork_is_a_rollout():
    g = _game(2, rollout=False)
    play_random_turns(g, 1, 2)
    assert g.history.cursor > 0
    g.rollout()                                   # the record so far is dropped
    assert g.history.steps == [] and g.record_to_json() is None and not g.recording
    with pytest.raises(LabError, match="0 step"):
        g.undo(1)
    f = g.fork()
    assert not f.recording and f.state.to_dict() == g.state.to_dict() and f.state is not g.state
    assert g.apply(A.BeginImpulse(g.available_task_forces()[0])) == []     # no events built
    assert g.history.steps == [] and f.state.impulse is None
