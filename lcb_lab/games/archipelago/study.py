"""Plan studies of *Naval Battle in Archipelago*: this turn's acts played many times with fresh dice.

The runner is the kernel's (:func:`lcb_lab.kernel.study.run_study`: serial or on Dask, the same
seed giving the same study whatever the workers); this module gives it the game's hooks
(:data:`HOOKS`):

* a :class:`Plan` is the acts of the player to move, this turn, in order (``RollMovement``,
  ``Move``, ``LaunchTorpedo``, ``FireGun``, ...) and a horizon: ``"turn"`` (the rest of the
  plan's turn) or ``"game"`` (to the end, l.257-262, l.380-394); what follows the plan is played
  by the kernel's uniform random player (:mod:`lcb_lab.kernel.autoplay`);
* run ``i`` plays a clone of the start with red / green / blue dice seeded from
  ``SeedSequence(seed, spawn_key=(i,))`` (:func:`lcb_lab.kernel.study.run_seeds`); a plan act the
  rules refuse in that run (a ``Move`` whose die was not rolled, l.170; a target already sunk) is
  recorded (``refused``: its place, line and reason) and the rest of the plan skipped;
* the outcome (:func:`measure`): ``sunk`` -- the pieces each side lost (l.237, l.239);
  ``hits`` -- the hit markers each side's pieces took (l.237: repairs do not take them back
  here); ``ammo_spent`` -- T and G markers each side used (its pieces' panels and Base A: a
  marker sunk with its piece is not spent); ``winner`` (``""`` when the game goes on).

A study is the instructor's (all-seeing, ``viewer`` None) or a player's (``viewer`` "Red" or
"Blue"): a player's runs each start in a world drawn from its knowledge
(:func:`lcb_lab.games.archipelago.worlds.sample_world`: face-down Base A and cargo, the secret
flagship, commandos on paper redrawn), seeded by :func:`lcb_lab.kernel.study.world_seed`, so the
player's study never reads what it may not know.
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any, Callable

import numpy as np

from lcb_lab.games.archipelago import actions as A
from lcb_lab.games.archipelago.actions import CODEC
from lcb_lab.games.archipelago.dice import RED
from lcb_lab.games.archipelago.model.state import PLAYERS
from lcb_lab.games.archipelago.study_exact import ExactShot, exact_odds, first_shot, hit_mark, hit_now
from lcb_lab.games.archipelago.worlds import sample_world
from lcb_lab.kernel.actions import Action
from lcb_lab.kernel.autoplay import cyclic_gc_paused, play_random
from lcb_lab.kernel.dice import Dice
from lcb_lab.kernel.errors import IllegalAction, LabError
from lcb_lab.kernel.observer import all_seeing
from lcb_lab.kernel.study import Freq, StudyHooks, run_seeds, run_study, world_seed

HORIZONS = ("turn", "game")
"""How far a run plays: the rest of the plan's turn, or the game's end."""
MAX_STEPS = 5000
"""A guard: the random acts a run plays after the plan."""
SPENT = ("T", "G")
"""The markers counted as ammunition (l.104, l.159)."""


@dataclass(frozen=True)
class Plan:
    """``acts``: the typed acts of the player to move, in order, from the start; ``horizon``: one
    of :data:`HORIZONS`; ``name``: a label.  Raises LabError for an unknown horizon and
    InputError for a malformed act."""

    acts: tuple[Action, ...]
    horizon: str = "turn"
    name: str = "plan"

    def __post_init__(self) -> None:
        object.__setattr__(self, "acts", tuple(CODEC.check(a) for a in self.acts))
        if self.horizon not in HORIZONS:
            raise LabError(f"Plan: horizon {self.horizon!r} is not one of {', '.join(HORIZONS)}")


def snapshot(g: Any) -> dict[str, Any]:
    """A run's start: each side's pieces lost, hit markers taken and ammunition held."""
    return {"sunk": _count(g.state.sunk), "hits": _hits(g), "ammo": _ammo(g)}


def _count(pieces: dict) -> dict[str, int]:
    c = Counter(p.owner for p in pieces.values())
    return {o: c.get(o, 0) for o in PLAYERS}


def _hits(g: Any) -> dict[str, int]:
    s = g.state
    return {o: sum(len(p.hits) for p in (*s.pieces.values(), *s.sunk.values()) if p.owner == o) for o in PLAYERS}


def _ammo(g: Any) -> dict[str, int]:
    s = g.state
    held = {o: sum(n for k, n in s.stock.get(o, {}).items() if k in SPENT) for o in PLAYERS}
    for p in (*s.pieces.values(), *s.sunk.values()):
        held[p.owner] += sum(1 for m in p.ammo if m in SPENT)
    return held


def measure(g: Any, before: dict[str, Any]) -> dict[str, Any]:
    """The run's outcome (module doc), as plain data: ``{"sunk", "hits", "ammo_spent": {side: n},
    "winner", "turn"}``."""
    sunk, hits, ammo = _count(g.state.sunk), _hits(g), _ammo(g)
    return {"sunk": {o: sunk[o] - before["sunk"][o] for o in PLAYERS},
            "hits": {o: max(0, hits[o] - before["hits"][o]) for o in PLAYERS},
            "ammo_spent": {o: before["ammo"][o] - ammo[o] for o in PLAYERS},
            "winner": g.state.winner, "turn": g.state.turn}


def apply_plan(g: Any, plan: Plan) -> tuple[dict | None, bool | None]:
    """The plan's acts through ``g.apply``: ``(refused, first_shot_hit)`` -- None or the first
    refusal ``{"step", "act", "rule", "reason"}`` (the rest skipped), and whether the plan's first
    shot hit its target (None when the plan has no shot or stopped before it;
    :mod:`~lcb_lab.games.archipelago.study_exact`)."""
    shot, hit = first_shot(plan.acts), None
    for i, act in enumerate(plan.acts):
        before = hit_mark(g, act.target) if i == shot else None
        try:
            g.apply(act)
        except IllegalAction as e:
            return {"step": i + 1, "act": type(act).__name__, "rule": e.rule, "reason": e.reason}, hit
        if before is not None:
            hit = hit_now(g, act.target, before)
    return None, hit


class ArchipelagoStudy(StudyHooks):
    """The game's hooks for :func:`lcb_lab.kernel.study.run_study` (module doc)."""

    def run_one(self, start: Any, plan: Plan, seed: int, index: int, viewer: Any = None) -> dict[str, Any]:
        """Run ``index``: a clone of ``start`` with fresh dice, the plan, random play to the horizon."""
        dice_seed, words = run_seeds(seed, index)
        if not all_seeing(viewer):
            start = sample_world(start, viewer, np.random.default_rng(world_seed(seed, index)))
        g = start.spawn(start.state_clone(start.state), Dice(seed=dice_seed, die=RED))
        s = g.state
        before, turn, player = snapshot(g), s.turn, s.to_move
        with cyclic_gc_paused():
            refused, shot_hit = apply_plan(g, plan)
            rest = (lambda e: e.state.turn != turn or e.state.to_move != player) if plan.horizon == "turn" else None
            n = play_random(g, np.random.default_rng(words), MAX_STEPS, rest)
        return {**measure(g, before), "index": index, "refused": refused, "acts": n, "first_shot_hit": shot_hit}


HOOKS = ArchipelagoStudy()
"""The hooks :func:`study` gives the kernel."""


@dataclass
class StudyResult:
    """A plan studied ``runs`` times: ``outcomes`` by run index (module doc), the ``seed``,
    ``workers`` (0: serial) and the ``wall`` time."""

    plan: Plan
    seed: int
    outcomes: list[dict[str, Any]] = field(default_factory=list)
    workers: int = 0
    wall: float = 0.0
    exact: ExactShot | None = None
    """The exact odds of the plan's first shot, where they exist (:func:`~lcb_lab.games.archipelago.study_exact.exact_odds`)."""

    @property
    def runs(self) -> int:
        """The number of runs."""
        return len(self.outcomes)

    def mean(self, key: str, side: str) -> float:
        """The mean of ``key`` (``"sunk"``, ``"hits"``, ``"ammo_spent"``) for ``side`` over the runs."""
        return sum(o[key][side] for o in self.outcomes) / self.runs

    def winners(self) -> dict[str, Freq]:
        """``{"Red" | "Blue" | "draw" | "none": Freq}``; "none": not over at the horizon."""
        c = Counter(o["winner"] or "none" for o in self.outcomes)
        return {w: Freq(c.get(w, 0), self.runs) for w in (*PLAYERS, "draw", "none")}

    def first_shot(self) -> Freq:
        """The runs whose plan's first shot hit its target, of the runs that fired it."""
        fired = [o["first_shot_hit"] for o in self.outcomes if o.get("first_shot_hit") is not None]
        return Freq(sum(fired), len(fired))

    def refused(self) -> Counter:
        """``{"<act> (l.N): reason": runs}`` for the plan acts refused in some run."""
        return Counter(f"{r['act']} ({r['rule']}): {r['reason']}" for o in self.outcomes if (r := o["refused"]))

    def summary(self) -> str:
        """Lines for a notebook: runs, refusals, the means per side, the winners."""
        lines = [f"{self.plan.name}: {self.runs} runs, seed {self.seed}, horizon {self.plan.horizon} (fresh dice each run)"]
        lines += [f"  refused in {k} run(s): {why}" for why, k in self.refused().items()]
        for o in PLAYERS:
            lines.append(f"  {o}: mean pieces lost {self.mean('sunk', o):.2f}, hits taken {self.mean('hits', o):.2f}, "
                         f"ammunition spent {self.mean('ammo_spent', o):.2f}")
        lines.append("  winner: " + ", ".join(f"{w} {f.text()}" for w, f in self.winners().items() if f.k))
        if self.first_shot().n:
            exact = f"; exact {self.exact.p_hit:.1%} ({self.exact.rule})" if self.exact else "; no exact odds (a move comes first)"
            lines.append(f"  first shot hit its target: sampled {self.first_shot().text()}{exact}")
        return "\n".join(lines)


TURN_BREAKS = (A.EndTurn, A.Place, A.Choose, A.EndChoice)
"""The acts after which a turn of play begins: the end of a turn, of the set-up or of the choice."""


def turn_start(game: Any) -> int:
    """The step of ``game``'s record where the turn in progress began (just after the last
    :data:`TURN_BREAKS` act in effect; 0 when there is none)."""
    steps = game.history.steps[:game.history.cursor]
    return next((i + 1 for i in range(len(steps) - 1, -1, -1) if isinstance(steps[i].action, TURN_BREAKS)), 0)


def plan_from(game: Any, horizon: str = "turn", name: str = "this turn") -> tuple[Any, Plan]:
    """The turn in progress as a plan: ``(start, plan)``, ``start`` a fork of ``game`` where the turn
    began (:func:`turn_start`) and ``plan.acts`` the acts played since.  Raises LabError for a bad
    horizon."""
    at = turn_start(game)
    acts = tuple(st.action for st in game.history.steps[at:game.history.cursor])
    return game.fork(at), Plan(acts, horizon, name)


def study_offer(game: Any, viewer: Any) -> tuple[bool, str]:
    """May ``viewer`` study the turn in progress now?  ``(True, what the plan is)`` or ``(False, why
    not)``: not once the game is over (l.257) or before play begins (l.144, l.272); a player only
    its own turn (it plays its own acts; its runs start in worlds drawn from its knowledge); the
    Umpire any turn."""
    s = game.state
    if s.over:
        return False, f"The game is over ({s.outcome}): there is no turn to study."
    if s.phase in ("choose", "setup"):
        return False, "Plans are studied once play begins, after the forces are chosen and placed (l.144, l.272)."
    if not all_seeing(viewer) and viewer != s.to_move:
        return False, f"A player studies its own turn only: it is {s.to_move}'s turn. Use the Umpire view, or hand over."
    n = game.history.cursor - turn_start(game)
    return True, (f"The plan: {s.to_move}'s {n} act(s) so far this turn (turn {s.turn}), each run with fresh dice, "
                  "then random legal play to the horizon.")


def study(game: Any, plan: Plan, runs: int = 200, seed: int = 0, workers: Any = 0, progress: bool = True,
          chunk: int | None = None, viewer: str | None = None,
          on_progress: Callable[[int, int], None] | None = None) -> StudyResult:
    """Play ``plan`` from ``game`` (not changed) ``runs`` times (module doc; ``workers`` as
    :func:`lcb_lab.kernel.study.run_study`: 0 serial, ``k`` a LocalCluster, an address, a Client;
    ``viewer``: None for the instructor, "Red" or "Blue" for a player's study in worlds drawn from
    its knowledge; ``on_progress(done, runs)`` as chunks come back).  Raises LabError for bad runs,
    seed, workers or viewer."""
    if viewer not in (None, *PLAYERS) and not all_seeing(viewer):
        raise LabError(f"study: viewer {viewer!r} is not Red, Blue or None (the instructor)")
    got = run_study(HOOKS, game, plan, runs, seed, workers, progress, viewer, chunk, f"study {plan.name}",
                    on_progress)
    return StudyResult(plan, seed, got.outcomes, got.workers, got.wall, exact_odds(game, plan.acts))
