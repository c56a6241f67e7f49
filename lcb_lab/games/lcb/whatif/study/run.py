"""One run of a plan: a clone of the start, the plan's acts through ``Game.apply``, fresh dice, the horizon.

Run ``i`` of a study seeded ``S`` draws from ``numpy.random.SeedSequence(S, spawn_key=(i,))`` --
the ``i``-th child of ``SeedSequence(S).spawn(n)`` -- so a run's dice and the continuation's
choices depend only on ``(S, i)``, never on which worker or chunk plays it.  Its first 64-bit word
(halved) seeds the game's :class:`~lcb_lab.kernel.dice.Dice` (every d20, 7.01), the next two the
continuation's ``numpy.random.Generator`` (made only when a continuation plays).

Shared prefix (:func:`prepare`, the path :func:`run_chunk` takes): the plan's first acts that draw
no die (``BeginImpulse``, ``Declare``, a ``Move``, most commits: tried once with dice that refuse
to roll) come out the same in every run, so they are applied once per chunk and each run starts
from a clone of the state after them; :func:`run_one` replays every act and is the reference
(``tests/engine/test_study.py`` checks both give the same outcomes).

**A team's study** (``viewer`` "US" or "RU") never plays the true board: run ``i`` plays in a world
sampled from that team's knowledge of the start (:func:`lcb_lab.games.lcb.whatif.worlds.sample_world`,
its generator seeded by :func:`lcb_lab.kernel.study.world_seed`: what the team sees only as a back, the enemy's
hidden hand, its unseen submarines and secret minefields are drawn from what the team knows), so
two games the team cannot tell apart give the
same study (``tests/engine/test_study_worlds.py``).  Each run then replays every act
(:func:`run_one`); the instructor's study (``viewer`` None) plays the true start.

A plan act the rules refuse in a run (the target already destroyed, 7.05; a Task Force that may
not go, 3.3) is recorded in the run's outcome (``refused``: the act's place, rule and reason) and
the rest of the plan is skipped; the run still finishes its impulse and goes on to the horizon.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import numpy as np

from lcb_lab.games.lcb import actions as A
from lcb_lab.games.lcb.actions import CHANCE
from lcb_lab.games.lcb.choices import answer_with
from lcb_lab.games.lcb.die import new_dice
from lcb_lab.games.lcb.whatif.study.outcome import measure, snapshot
from lcb_lab.games.lcb.whatif.study.plan import CONTINUATIONS, Plan
from lcb_lab.kernel.errors import DiceExhausted, IllegalAction
from lcb_lab.kernel.study import StudyHooks, world_seed
from lcb_lab.kernel.study import run_seeds as kernel_run_seeds

if TYPE_CHECKING:
    from lcb_lab.games.lcb.game import Game

MAX_IMPULSES = 400
"""A guard: a run plays at most this many impulses after the plan (a Gotland Redux game has < 100)."""


def run_seeds(seed: int, index: int) -> tuple[int, np.ndarray]:
    """Run ``index``'s dice seed (an int for :func:`~lcb_lab.games.lcb.die.new_dice`) and its
    continuation's seed words, from ``SeedSequence(seed, spawn_key=(index,))`` (the kernel's
    :func:`~lcb_lab.kernel.study.run_seeds`)."""
    return kernel_run_seeds(seed, index)


def team_view(viewer: str | None) -> bool:
    """Is ``viewer`` a team (its study plays sampled worlds), not the all-seeing instructor?"""
    from lcb_lab.games.lcb import observer
    return not observer.all_seeing(viewer)


def start_of(start: "Game", seed: int, index: int, viewer: str | None) -> "Game":
    """Where run ``index`` starts: ``start`` itself for the instructor, else a world sampled from
    ``viewer``'s knowledge of it (module doc)."""
    if not team_view(viewer):
        return start
    from lcb_lab.games.lcb.whatif.worlds import sample_world
    return sample_world(start, viewer, np.random.default_rng(world_seed(seed, index)))


def fresh_game(start: "Game", plan: Plan, dice_seed: int, record: bool = False) -> "Game":
    """A clone of ``start`` (an empty record) with new dice seeded ``dice_seed`` and the plan's
    answer policies as its ``auto_policies``; in rollout mode (nothing recorded: a run never goes
    back, :meth:`~lcb_lab.kernel.engine.Engine.rollout`) unless ``record``."""
    g = start.spawn(start.state_clone(start.state), new_dice(seed=dice_seed))
    g.auto_policies = plan.policies
    if not record:
        g.rollout()
    return g


def apply_plan(game: "Game", plan: Plan) -> dict | None:
    """Apply the plan's acts through ``game.apply``, rolling committed combat first where a plan
    act comes after it (7.010).  Returns None, or the first refusal as
    ``{"step", "act", "rule", "reason"}`` (the rest of the plan skipped)."""
    for i, act in enumerate(plan.acts):
        if not isinstance(act, A.ResolveCombat):
            roll_all(game)
        try:
            game.apply(act)
        except IllegalAction as e:
            return {"step": i + 1, "act": type(act).__name__, "rule": e.rule, "reason": e.reason}
    return None


def roll_all(game: "Game") -> None:
    """Roll the committed combat while it waits for its dice (``ResolveCombat``, 7.010), answering a
    choice left open with the game's policy."""
    for _ in range(64):
        if game.to_act() == CHANCE:
            game.apply(A.ResolveCombat())
        elif game.pending is not None:
            game.apply(answer_with(game.pending, (game.auto_policies or {}).get(game.pending.kind)))
        else:
            return


def finish_impulse(game: "Game") -> None:
    """Roll what waits and end the impulse in progress (3.3); nothing when none is."""
    roll_all(game)
    if game.state.impulse is not None and game.state.stage == "action":
        game.apply(A.EndImpulse())
        roll_all(game)


def play_to_horizon(game: "Game", plan: Plan, words: np.ndarray) -> int:
    """Play impulses with the plan's continuation (its generator seeded by ``words``) until its
    horizon: the end of the plan's turn (``"turn"``) or of the game (``"game"``); ``"impulse"``
    plays none.  Returns the impulses played."""
    if plan.horizon == "impulse":
        return 0
    rng = np.random.default_rng(words)
    cont = CONTINUATIONS[plan.continuation]
    turn, n = game.state.turn, 0
    while game.state.stage == "action" and game.state.winner is None and n < MAX_IMPULSES:
        if plan.horizon == "turn" and game.state.turn != turn:
            break
        before = game.revision                     # one more per act applied, recorded or not
        cont.play_impulse(game, rng)
        n += 1
        if game.revision == before:                # nothing could be played: the continuation is done
            break
    return n


@dataclass
class Prepared:
    """The start of every run of a chunk: ``game`` (the start after the shared prefix), ``rest``
    (the plan with only its acts after the prefix), ``done`` (how many acts the prefix applied) and
    ``before`` (the start's :func:`~lcb_lab.games.lcb.whatif.study.outcome.snapshot`, before the prefix)."""

    game: "Game"
    rest: Plan
    done: int
    before: dict


def prepare(start: "Game", plan: Plan) -> Prepared:
    """Apply the plan's acts that draw no die, once (module doc): the act that would roll, a refused
    act or committed combat waiting for its dice ends the prefix (each run then meets it itself)."""
    g = start.spawn(start.state_clone(start.state), new_dice(seed=None))
    g.auto_policies = plan.policies
    before, done = snapshot(g), 0
    for act in plan.acts:
        if g.to_act() == CHANCE or isinstance(act, A.ResolveCombat):
            break
        try:
            g.apply(act)           # a draw raises DiceExhausted: the state is put back (Game.apply)
        except (IllegalAction, DiceExhausted):
            break
        done += 1
    rest = Plan(plan.acts[done:], plan.answers, plan.horizon, plan.continuation, plan.name)
    return Prepared(g, rest, done, before)


def play_run(start: "Game", plan: Plan, seed: int, index: int, record: bool = False,
             done: int = 0) -> tuple["Game", dict | None, int]:
    """Play run ``index`` from ``start`` (``plan``'s acts, then its impulse finished and the
    continuation to the horizon): ``(game at the end, refusal or None, impulses after the plan)``.
    ``record``: keep the run's record (the plain path; a study plays in rollout mode); ``done``: the
    plan acts ``start`` already applied (the shared prefix), added to a refusal's ``"step"``."""
    dice_seed, words = run_seeds(seed, index)
    game = fresh_game(start, plan, dice_seed, record)
    refused = apply_plan(game, plan)
    if refused is not None:
        refused["step"] += done
    finish_impulse(game)
    return game, refused, play_to_horizon(game, plan, words)


def _outcome(game: "Game", before: dict, viewer: str | None, index: int, refused: dict | None,
             n: int) -> dict[str, Any]:
    out = measure(game, before, viewer)
    out.update(index=index, refused=refused, impulses=n)
    return out


def run_prepared(prep: Prepared, plan: Plan, seed: int, index: int, viewer: str | None = None) -> dict[str, Any]:
    """Run ``index`` from the shared prefix: the same outcome as :func:`run_one`."""
    game, refused, n = play_run(prep.game, prep.rest, seed, index, done=prep.done)
    return _outcome(game, prep.before, viewer, index, refused, n)


def run_one(start: "Game", plan: Plan, seed: int, index: int, viewer: str | None = None,
            record: bool = False) -> dict[str, Any]:
    """Run ``index`` of the study seeded ``seed`` (module doc): the outcome dict of
    :func:`lcb_lab.games.lcb.whatif.study.outcome.measure` plus ``"index"``, ``"refused"``
    (None or the refusal) and ``"impulses"`` (played after the plan), as ``viewer`` may know it.
    ``record``: play with the full record (the same outcome; :func:`play_run`)."""
    start = start_of(start, seed, index, viewer)
    game, refused, n = play_run(start, plan, seed, index, record)
    return _outcome(game, snapshot(start), viewer, index, refused, n)


def run_chunk(start: "Game", plan: Plan, seed: int, lo: int, hi: int, viewer: str | None = None) -> list[dict]:
    """Runs ``lo .. hi-1`` (one task of a distributed study) with the cyclic garbage collector
    paused: the instructor's from one shared prefix (:func:`prepare`), a team's each in its own
    sampled world (:func:`run_one`)."""
    from lcb_lab.kernel.autoplay import cyclic_gc_paused
    with cyclic_gc_paused():
        if team_view(viewer):
            return [run_one(start, plan, seed, i, viewer) for i in range(lo, hi)]
        prep = prepare(start, plan)
        return [run_prepared(prep, plan, seed, i, viewer) for i in range(lo, hi)]


class LcbStudy(StudyHooks):
    """LC:B's hooks for the kernel's study runner (:func:`lcb_lab.kernel.study.run_study`):
    :func:`run_one` and :func:`run_chunk` of this module."""

    def run_one(self, start: "Game", plan: Plan, seed: int, index: int, viewer: str | None = None) -> dict[str, Any]:
        """:func:`run_one`."""
        return run_one(start, plan, seed, index, viewer)

    def run_chunk(self, start: "Game", plan: Plan, seed: int, lo: int, hi: int, viewer: str | None = None) -> list[dict]:
        """:func:`run_chunk`."""
        return run_chunk(start, plan, seed, lo, hi, viewer)


HOOKS = LcbStudy()
"""The hooks :func:`lcb_lab.games.lcb.whatif.study.runner.study` gives the kernel."""
