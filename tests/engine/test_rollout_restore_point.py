"""Rollout mode's restore point (:meth:`lcb_lab.kernel.engine.Engine.rollout`): no snapshot before
every act, one restore point and the acts since; a refused act goes back to it and replays them.
Checked against the full mode (a snapshot before every act) over random play with refusals
injected after many of the random player's acts: each refusal leaves the state, log and dice
byte-identical, and the game goes on exactly as the full mode's."""
from __future__ import annotations

import json

import pytest

from lcb_lab import load_scenario
from lcb_lab.games.lcb import actions as A
from lcb_lab.games.lcb import legal_trial
from lcb_lab.games.lcb.handlers import HANDLERS
from lcb_lab.games.lcb.whatif.autoplay import play_random_turns
from lcb_lab.games.lcb.whatif.experiments import land_embarked
from lcb_lab.kernel.errors import IllegalAction


def _game(seed: int, rollout: bool, scenario: str = "gotland_redux"):
    g = load_scenario(scenario, seed=seed, auto_policies={})
    if scenario == "gotland_redux":
        land_embarked(g, "AL-23")
    if rollout:
        g.rollout()
    return g


def _now(g) -> tuple:
    """The game as bytes: state (log included), dice state, every die drawn."""
    return (json.dumps(g.state.to_dict(), sort_keys=True), json.dumps(g.dice.state(), sort_keys=True),
            [(p, list(v)) for p, v in g.dice.history])


def _changes_then_refuses(game, ctx, action):
    """A handler that moves a unit, marks a card, writes a field and the log, rolls, then refuses."""
    u = next(u for u in ctx.state.units.values() if not u.destroyed)
    u.hex, u.hp = "A-1", u.hp + 5
    c = next(iter(ctx.state.cards.values()))
    c.where = "removed"
    ctx.state.cp = {**ctx.state.cp, "US": 99}
    if ctx.state.impulse is not None:
        ctx.state.impulse.ap += 7
    ctx.log({"kind": "test", "title": "changed", "rules": ["3.3"]})
    ctx.dice.roll(2)
    raise IllegalAction("3.3", "refused after changing things")


def _inject_refusals(monkeypatch, every: int) -> list:
    """After every ``every``-th accepted act of the random player, a refused act (the handler
    above) whose refusal must leave the game byte-identical; returns the list of checks made."""
    monkeypatch.setitem(HANDLERS, A.Relinquish, _changes_then_refuses)
    real = legal_trial.apply_if_legal
    checks = []

    def with_refusal(game, action):
        ok = real(game, action)
        if ok and (len(checks) + 1) % every == 0 or ok and not checks:
            before = _now(game)
            with pytest.raises(IllegalAction, match="after changing"):
                game.apply(A.Relinquish())
            checks.append(_now(game) == before)
        elif ok:
            checks.append(True)
        return ok
    monkeypatch.setattr(legal_trial, "apply_if_legal", with_refusal)
    return checks


@pytest.mark.parametrize("seed,every,scenario", [(0, 3, "gotland_redux"), (1, 5, "gotland_redux"),
                                                 (2, 1, "slite_landing"), (3, 4, "central_baltic")])
def test_refusals_injected_in_random_play_put_a_rollout_back_exactly_as_the_full_mode(seed, every, scenario,
                                                                                       monkeypatch):
    results = []
    for rollout in (False, True):
        checks = _inject_refusals(monkeypatch, every)
        g = _game(seed, rollout, scenario)
        n = play_random_turns(g, 2, seed)
        assert len(checks) > 20 and all(checks)
        results.append((_now(g), n, g.state.winner))
    assert results[0] == results[1]


def test_a_refusal_in_a_rollout_replays_the_acts_since_its_restore_point(monkeypatch):
    """The refused act comes several acts after the restore point: the acts since are replayed
    (with the same dice), and the point before the refused act is the next restore point."""
    monkeypatch.setitem(HANDLERS, A.Relinquish, _changes_then_refuses)
    g = _game(4, rollout=True)
    g.apply(A.BeginImpulse(g.available_task_forces()[0]))    # an impulse's start: a new restore point
    g.apply(A.Declare())
    assert len(g._since) == 2
    before = _now(g)
    for _ in range(2):
        with pytest.raises(IllegalAction, match="after changing"):
            g.apply(A.Relinquish())
        assert _now(g) == before and g._since == []
    g.apply(A.EndImpulse())
    full = _game(4, rollout=False)
    for a in (A.BeginImpulse(full.available_task_forces()[0]), A.Declare(), A.EndImpulse()):
        full.apply(a)
    assert _now(g) == _now(full)


def test_dice_forced_by_hand_between_the_acts_of_a_rollout_are_kept_by_a_refusal(monkeypatch):
    """Dice forced between two acts are not an act to replay: the rollout takes a new restore point
    (the forced values stay queued after a refused act that drew them)."""
    monkeypatch.setitem(HANDLERS, A.Relinquish, _changes_then_refuses)
    g = _game(6, rollout=True)
    g.apply(A.BeginImpulse(g.available_task_forces()[0]))
    g.apply(A.Declare())
    g.dice.force([20, 19, 18])
    before = _now(g)
    with pytest.raises(IllegalAction, match="after changing"):
        g.apply(A.Relinquish())
    assert _now(g) == before and g.dice.forced_left == 3
    assert g.dice.roll(3) == [20, 19, 18]
