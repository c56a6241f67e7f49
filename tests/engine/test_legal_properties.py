"""Legal actions as properties over thousands of random states.

Random walks over ``Game.legal_actions`` (gotland_redux from the start, and from the Appendix B
lesson's states) visit ``STATES`` states in all.  At each state:

* listed concrete actions and actions sampled from listed templates apply without a refusal
  (on a fork, so the walk goes on);
* random well-formed actions that are not listed are refused with a rule number, and the
  state, the dice and the record stay byte-identical.
"""
from __future__ import annotations

import json
import os

import numpy as np
import pytest

from lcb_lab.games.lcb import actions as A
from lcb_lab.games.lcb.actions import CHANCE
from lcb_lab.kernel.errors import IllegalAction
from lcb_lab.games.lcb.legal_templates import Template
from lcb_lab.games.lcb.content.lesson import Lesson
from lcb_lab.games.lcb.io.loading import load_scenario
from tests.budget import budget

STATES = int(os.environ.get("LCB_PROPERTY_STATES", budget(1000, 10_000)))
WALKS = 8


def snap(g) -> str:
    return (json.dumps(g.state.to_dict(), sort_keys=True) + json.dumps(g.dice.state(), sort_keys=True)
            + str(len(g.history.steps)) + str(g.history.cursor))


def pick_next(legal, rng):
    """A walk's next action: rarely the impulse's end, so impulses get far."""
    others = [a for a in legal if not isinstance(a, A.EndImpulse)]
    if others and (len(others) == len(legal) or rng.random() < 0.85):
        a = others[int(rng.integers(len(others)))]
    else:
        a = legal[int(rng.integers(len(legal)))]
    return a.sample(rng) if isinstance(a, Template) else a


def random_action(g, rng) -> A.Action:
    """A well-formed action of a kind legal_actions enumerates, with random parameters."""
    s = g.state
    units = sorted(s.units)
    hexes = sorted(g.board.hexes)
    u = s.units[units[int(rng.integers(len(units)))]]
    here = u.hex or hexes[int(rng.integers(len(hexes)))]
    near = g.board.neighbours(here) or [here]
    aid = int(rng.integers(0, 5))
    k = int(rng.integers(9))
    if k == 0:
        return A.BeginImpulse(sorted(s.task_forces)[int(rng.integers(len(s.task_forces)))])
    if k == 1:
        return A.Relinquish()
    if k == 2:
        path, h = [], here
        for _ in range(int(rng.integers(1, 4))):
            nb = g.board.neighbours(h) or [h]
            h = nb[int(rng.integers(len(nb)))]
            path.append(h)
        return A.Move(aid, tuple(path))
    if k == 3:
        return A.ExerciseZor(aid, near[int(rng.integers(len(near)))])
    if k == 4:
        return A.Conceal(aid)
    if k == 5:
        return A.ArmorBreakthrough(u.uid, near[int(rng.integers(len(near)))])
    if k == 6:
        return A.EndImpulse()
    if k == 7:
        return A.ResolveCombat()
    return A.AnswerMildec(absorb=int(rng.integers(0, 3)))


def covered(action, legal) -> bool:
    """Whether ``action`` is listed (a Move counts when a listed Move has its destination)."""
    if action in legal:
        return True
    if isinstance(action, A.Move):
        return any(isinstance(a, A.Move) and a.action == action.action and a.path[-1] == action.path[-1]
                   for a in legal)
    return False


def starts():
    yield load_scenario("gotland_redux", seed=11)
    les = Lesson("appendix_b_combat")
    for i, _ in enumerate(les.steps()):
        if i in (6, 14, 22):
            yield les.game.fork()


def walk(g, rng, budget: int, stats: dict) -> None:
    for _ in range(budget):
        who = g.to_act()
        if who is None:
            return
        legal = g.legal_actions()
        assert legal, f"{who} must act but nothing is legal"
        assert g.legal_actions("RU" if who == "US" else "US") == []
        concrete = [a for a in legal if not isinstance(a, Template)]
        for a in [concrete[int(i)] for i in rng.permutation(len(concrete))[:3]] + \
                 [t.sample(rng) for t in legal if isinstance(t, Template)][:2]:
            g.fork().apply(a)                      # raises if a listed action is refused
            stats["applied"] += 1
        for _ in range(3):
            a = random_action(g, rng)
            if covered(a, legal):
                continue
            before = snap(g)
            with pytest.raises(IllegalAction) as e:
                g.apply(a)
                pytest.fail(f"{a} was accepted but legal_actions does not list it: {legal}")
            assert e.value.rule and e.value.reason
            assert snap(g) == before
            stats["refused"] += 1
        g.apply(pick_next(legal, rng))
        stats["states"] += 1
        if who == CHANCE:
            stats["chance"] += 1


@pytest.mark.fuzz
def test_listed_actions_apply_and_unlisted_ones_are_refused_over_thousands_of_states():
    rng = np.random.default_rng(2026)
    stats = {"states": 0, "applied": 0, "refused": 0, "chance": 0}
    games = list(starts())
    while stats["states"] < STATES:
        for g0 in games:
            walk(g0.fork(), rng, max(1, STATES // (WALKS * len(games))), stats)
            if stats["states"] >= STATES:
                break
    assert stats["states"] >= STATES and stats["refused"] > STATES // 2 and stats["chance"] > 0, stats


def test_is_legal_agrees_with_apply_and_touches_nothing():
    g = load_scenario("gotland_redux", seed=5)
    rng = np.random.default_rng(1)
    for _ in range(200):
        if g.to_act() is None:
            break
        legal = g.legal_actions()
        a = random_action(g, rng)
        before = snap(g)
        ok = g.is_legal(a)
        assert snap(g) == before
        try:
            g.fork().apply(a)
            assert ok, a
        except IllegalAction:
            assert not ok, a
        g.apply(pick_next(legal, rng))


def test_after_combat_the_split_stack_that_must_still_move_is_offered_its_moves():
    """Found by a review: after combat a split stack that had not moved was offered nothing (only
    Armor Breakthroughs and EndImpulse, which 3.37 refuses), though moving is legal again (3.35, 3.38)."""
    import lcb_lab
    g = lcb_lab.situation(units={
        "1 Alpha": ("usmc_infantry_platoon", "F-5"), "2 Alpha": ("usmc_infantry_platoon", "F-5"),
        "1 Whiskey": {"type": "usmc_himars_section", "hex": "E-5", "face_up": True},
        "Ivan Co": {"type": "runi_logistics_company", "hex": "H-5", "face_up": True}}, seed=0)
    g.apply(A.BeginImpulse("TF Blue"))
    g.apply(A.Declare((A.CoreAction("move_conceal", ("2 Alpha",)), A.CoreAction("move_combat", ("1 Whiskey",)))))
    g.apply(A.CommitCombat(lrs=(A.LrsAttack("1 Whiskey", "LRS1", "Ivan Co", 1),)))
    while g.to_act() == CHANCE:
        g.apply(A.ResolveCombat())
    assert g.state.impulse.phase == "combat_done" and g.to_act() == "US"
    legal = g.legal_actions()
    assert A.Move(1, ("F-6",)) in legal and not any(isinstance(a, A.EndImpulse) for a in legal)
