"""Lesson scripts: scripted impulses with forced dice (TOML), replayed step by step.

Layout (see ``scenarios/lessons/appendix_b_combat.toml``)::

    [lesson]
    title = "..."
    scenario = "gotland_redux"      # name or path
    seed = 1                         # fallback dice after the forced ones
    assumptions = ["..."]            # every gap the narrative leaves open

    [[impulse]]
    task_force = "TF Boston"
    narrative = "what the rulebook's playthrough says happens"
    declare = [{kind = "move_combat", units = ["DDG-51"]}, ...]
    [[impulse.step]]
    do = "move"            # move | zor | conceal | resupply | effect | combat | answer | resolve
    action = 1             # the declared action, numbered from 1 as in the log
    ...

Step keys by ``do``: ``move`` (action, path), ``zor`` (action, hex),
``conceal`` (action, units?), ``resupply`` (action, logistics, rv, grants),
``effect`` (the scripted effect table, see rules.effects), ``combat``
(lrs, ga), ``answer`` (value or policy), ``resolve`` (dice: forced d20
values queued just before rolling).  A top-level ``relinquish = true`` in
an impulse relinquishes the initiative before it (3.41).  Each impulse ends
by itself after its steps.  Malformed lessons raise ScenarioError naming
the file and key.
"""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any, Iterator, Literal, Optional

from pydantic import BaseModel, ConfigDict

from .errors import IllegalAction, ScenarioError
from .game import Game
from .scenario import SCENARIO_DIR, load_scenario, read_toml_model


class _M(BaseModel):
    model_config = ConfigDict(extra="forbid")


class LessonInfo(_M):
    title: str
    scenario: str
    seed: Optional[int] = None
    assumptions: list[str] = []
    source: str = ""


class Step(_M):
    model_config = ConfigDict(extra="allow")
    do: Literal["move", "zor", "conceal", "resupply", "effect", "combat", "answer", "resolve"]
    note: str = ""


class ImpulseScript(_M):
    task_force: str
    narrative: str = ""
    relinquish: bool = False
    declare: list[dict] = []
    step: list[Step] = []


class LessonFile(_M):
    lesson: LessonInfo
    impulse: list[ImpulseScript]


def read_lesson(path: str | Path) -> tuple[LessonFile, str]:
    """Parse and validate a lesson file. Raises ScenarioError (file, key, problem)."""
    p = Path(path)
    if not p.exists() and not p.suffix:
        p = SCENARIO_DIR / "lessons" / f"{path}.toml"
    return read_toml_model(p, LessonFile, "lesson")


@dataclass
class Done:
    """One replayed step: what was done and the log entries it produced."""

    title: str
    entries: list[dict]


class Lesson:
    """Replays a lesson on a fresh game, one step at a time."""

    def __init__(self, path: str | Path):
        self.spec, self.file = read_lesson(path)
        self.game: Game = load_scenario(self.spec.lesson.scenario, seed=self.spec.lesson.seed)

    def steps(self) -> Iterator[Done]:
        """Yield after each step; the game advances as you iterate."""
        for n, imp in enumerate(self.spec.impulse, 1):
            yield from self._impulse(n, imp)

    def run(self) -> Game:
        """Replay everything; returns the game."""
        for _ in self.steps():
            pass
        return self.game

    def _do(self, title: str, fn) -> Done:
        before = len(self.game.log)
        try:
            fn()
        except IllegalAction as e:  # say where in the lesson it happened
            raise IllegalAction(e.rule, f"{Path(self.file).name}: {title}: {e.reason}") from e
        return Done(title, self.game.log[before:])

    def _impulse(self, n: int, imp: ImpulseScript) -> Iterator[Done]:
        # always act on self.game: a caller may swap in a saved-and-loaded game between steps
        if imp.relinquish:
            yield self._do("relinquish the initiative", lambda: self.game.relinquish_initiative())
        yield self._do(f"impulse {n}: {imp.task_force} begins", lambda: self.game.begin_impulse(imp.task_force))
        yield self._do(f"impulse {n}: declare", lambda: self.game.declare(imp.declare))
        for i, s in enumerate(imp.step):
            yield self._do(f"impulse[{imp.task_force}].step[{i}] {s.do}", lambda s=s: self._step(s))
        yield self._do(f"impulse {n}: end", lambda: self.game.end_impulse())

    def _step(self, s: Step) -> Any:
        g, x = self.game, s.model_extra or {}
        a = int(x.get("action", 1)) - 1
        if s.do == "move":
            return g.move(a, x["path"])
        if s.do == "zor":
            return g.exercise_zor(a, x["hex"])
        if s.do == "conceal":
            return g.conceal(a, x.get("units"))
        if s.do == "resupply":
            return g.resupply(a, x["logistics"], x.get("rv", "RV1"), x["grants"])
        if s.do == "effect":
            return g.apply_effect(x)
        if s.do == "combat":
            return g.commit_combat(x.get("lrs", []), x.get("ga", []))
        if s.do == "answer":
            return g.answer_policy(x["policy"]) if "policy" in x else g.answer(x["value"])
        if s.do == "resolve":
            g.dice.force(x.get("dice", []))
            return g.resolve_combat()
        raise ScenarioError(self.file, "step.do", f"unknown step {s.do!r}")


def summary(game: Game) -> dict:
    """The final state as JSON-ready data (units, initiative, meters)."""
    s = game.state
    return {
        "scenario": s.scenario, "turn": s.turn, "stage": s.stage, "initiative": s.initiative,
        "winner": s.winner, "result": s.result,
        "network_cubes": s.network_cubes, "influence": s.influence, "kills_total": s.total_kills,
        "units": {u.uid: {"team": u.team, "task_force": u.task_force, "hex": u.hex, "hp": u.hp,
                          "supply": u.supply, "revealed": u.revealed, "destroyed": u.destroyed,
                          "embarked_on": u.embarked_on}
                  for u in s.units.values()},
    }
