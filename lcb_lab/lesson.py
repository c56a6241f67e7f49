"""Lesson scripts: scripted impulses with forced dice (TOML), replayed step by step.

Layout (see ``lcb_lab/data/scenarios/lessons/appendix_b_combat.toml``)::

    [lesson]
    title = "..."
    scenario = "gotland_redux"      # a packaged name, or a path
    seed = 1                         # fallback dice after the forced ones
    assumptions = ["..."]            # every gap the narrative leaves open

    [[impulse]]
    task_force = "TF Boston"
    narrative = "what the rulebook's playthrough says happens"
    declare = [{kind = "move_combat", units = ["DDG-51"]}, ...]
    [[impulse.step]]
    do = "move"            # move | zor | conceal | resupply | effect | combat | answer | resolve | act
    action = 1             # the declared action, numbered from 1 as in the log
    ...

Step keys by ``do``: ``act`` (``act``: any typed action in its JSON form,
e.g. ``{kind = "move", action = 1, path = ["AL-28"]}``; see :mod:`lcb_lab.actions`),
``move`` (action, path), ``zor`` (action, hex),
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
from typing import Annotated, Any, Iterator, Literal, Optional

from pydantic import BaseModel, ConfigDict, Field, PrivateAttr, StrictBool, ValidationError

from . import actions as A
from . import inputs as I
from . import observer
from .errors import IllegalAction, InputError, LcbError, ScenarioError
from .game import Game
from .loading import load_scenario
from .resources import is_path, locate
from .scenario import read_toml_model


class _M(BaseModel):
    model_config = ConfigDict(extra="forbid")


class LessonInfo(_M):
    title: str
    scenario: str
    seed: Optional[int] = Field(default=None, ge=0)
    assumptions: list[str] = []
    source: str = ""


class Step(_M):
    model_config = ConfigDict(extra="allow")
    do: Literal["move", "zor", "conceal", "resupply", "effect", "combat", "answer", "resolve", "act"]
    note: str = ""


class ImpulseScript(_M):
    task_force: I.Designator
    narrative: str = ""
    relinquish: StrictBool = False
    declare: list[I.Action] = []
    step: list[Step] = []


class _Act(_M):
    do: str
    note: str = ""
    action: int = Field(default=1, ge=1)


class MoveStep(_Act):
    path: list[str] = Field(min_length=1)


class ZorStep(_Act):
    hex: str


class ConcealStep(_Act):
    units: Optional[list[str]] = None


class ResupplyStep(_Act):
    logistics: str
    rv: str = "RV1"
    grants: list[I.Grant] = Field(min_length=1)


class EffectStep(I.Effect):
    """An ``effect`` step: the keys of :class:`lcb_lab.inputs.Effect` (each kind's required ones checked)."""
    do: str


class CombatStep(_M):
    do: str
    note: str = ""
    lrs: list[I.LrsAlloc] = []
    ga: list[I.GaAlloc] = []


class AnswerStep(_M):
    do: str
    note: str = ""
    value: Any = None
    policy: Optional[str] = None


class ResolveStep(_M):
    do: str
    note: str = ""
    dice: list[Annotated[int, Field(ge=1, le=20)]] = []


class ActStep(_M):
    """Any typed action in its JSON form (:func:`lcb_lab.actions.to_json`)."""
    do: str
    note: str = ""
    act: dict
    _action: Any = PrivateAttr(default=None)    # the typed action, decoded when the lesson is read


STEP_MODELS = {"act": ActStep, "move": MoveStep, "zor": ZorStep, "conceal": ConcealStep, "resupply": ResupplyStep,
               "effect": EffectStep, "combat": CombatStep, "answer": AnswerStep, "resolve": ResolveStep}


class LessonFile(_M):
    lesson: LessonInfo
    impulse: list[ImpulseScript]


def read_lesson(path: str | Path) -> tuple[LessonFile, str]:
    """Parse and validate a lesson: a packaged name (``"appendix_b_combat"``) or a path
    (:func:`lcb_lab.resources.locate`).  Returns (lesson, file name).
    Raises ScenarioError (file, key, problem)."""
    if not isinstance(path, (str, Path)):
        raise I.InputError("read_lesson", "path", f"a lesson name or path, not {type(path).__name__}")
    spec, f = read_toml_model(locate(path, "lesson"), LessonFile, "lesson")
    for imp in spec.impulse:
        for i, st in enumerate(imp.step):
            key = f"impulse[{imp.task_force}].step[{i}]"
            try:
                parsed = STEP_MODELS[st.do].model_validate({"do": st.do, "note": st.note, **(st.model_extra or {})})
            except ValidationError as e:
                err = e.errors()[0]
                raise ScenarioError(f, ".".join([key] + [str(x) for x in err["loc"]]), err["msg"]) from None
            if st.do == "act":
                try:
                    parsed._action = A.from_json(parsed.act)
                except InputError as e:
                    raise ScenarioError(f, f"{key}.act.{e.where}", str(e)) from None
            if st.do == "answer" and (parsed.value is None) == (parsed.policy is None):
                raise ScenarioError(f, key, "an answer step needs exactly one of value or policy")
            imp.step[i] = parsed
    return spec, f


def _beside(scenario: str, lesson_file: str) -> str | Path:
    """The lesson's ``scenario``: a relative path that exists beside the lesson file, else as given."""
    if not is_path(scenario) or Path(scenario).is_absolute():
        return scenario
    try:
        near = Path(lesson_file).parent / scenario
        return near if near.is_file() else scenario
    except (OSError, ValueError):  # the reader words a bad name
        return scenario


@dataclass
class Done:
    """One replayed step: what was done, the log entries it produced, the
    impulse's team (whose secret the step's narrative may be) and the step note."""

    title: str
    entries: list[dict]
    team: str | None = None
    note: str = ""


class Lesson:
    """Replays a lesson on a fresh game, one step at a time.

    ``path``: a packaged lesson's name (``"appendix_b_combat"``) or a lesson file's path.  The
    lesson's ``scenario`` is a packaged name or a path; a relative path is looked for beside
    the lesson file first, then from the working folder.  Raises ScenarioError.
    """

    def __init__(self, path: str | Path):
        self.spec, self.file = read_lesson(path)
        self.game: Game = load_scenario(_beside(self.spec.lesson.scenario, self.file), seed=self.spec.lesson.seed)

    def steps(self) -> Iterator[Done]:
        """Yield after each step; the game advances as you iterate."""
        for n, imp in enumerate(self.spec.impulse, 1):
            yield from self._impulse(n, imp)

    def run(self) -> Game:
        """Replay everything; returns the game."""
        for _ in self.steps():
            pass
        return self.game

    def _do(self, title: str, fn, team: str | None = None, note: str = "") -> Done:
        before = len(self.game.log)
        try:
            fn()
        except IllegalAction as e:  # say where in the lesson it happened
            raise IllegalAction(e.rule, f"{Path(self.file).name}: {title}: {e.reason}") from e
        except LcbError as e:
            raise LcbError(f"{Path(self.file).name}: {title}: {e}") from e
        return Done(title, self.game.log[before:], team, note)

    def _impulse(self, n: int, imp: ImpulseScript) -> Iterator[Done]:
        # always act on self.game: a caller may swap in a saved-and-loaded game between steps
        if imp.relinquish:
            yield self._do("relinquish the initiative", lambda: self.game.relinquish_initiative())
        yield self._do(f"impulse {n}: {imp.task_force} begins", lambda: self.game.begin_impulse(imp.task_force))
        yield self._do(f"impulse {n}: declare", lambda: self.game.declare([a.model_dump() for a in imp.declare]))
        for i, s in enumerate(imp.step):
            label = f"impulse {n} ({imp.task_force}), step {i + 1}: {s.do}" + (f" - {s.note}" if s.note else "")
            yield self._do(label, lambda s=s: self._step(s), self.game.state.task_forces.get(imp.task_force), s.note)
        yield self._do(f"impulse {n}: end", lambda: self.game.end_impulse())

    def _step(self, s) -> Any:
        """Run one validated step (see STEP_MODELS)."""
        g = self.game
        if s.do == "act":
            return g.apply(s._action)
        if s.do == "move":
            return g.move(s.action - 1, s.path)
        if s.do == "zor":
            return g.exercise_zor(s.action - 1, s.hex)
        if s.do == "conceal":
            return g.conceal(s.action - 1, s.units)
        if s.do == "resupply":
            return g.resupply(s.action - 1, s.logistics, s.rv, [gr.model_dump() for gr in s.grants])
        if s.do == "effect":
            return g.apply_effect(s.model_dump(by_alias=True, exclude={"do"}))
        if s.do == "combat":
            return g.commit_combat([a.model_dump() for a in s.lrs], [a.model_dump() for a in s.ga])
        if s.do == "answer":
            return g.answer_policy(s.policy) if s.policy else g.answer(s.value)
        g.dice.force(s.dice)  # resolve
        return g.resolve_combat()


def summary(game: Game, team: str = "instructor") -> dict:
    """The state as JSON-ready data (units, initiative, meters), as ``team`` may see it.

    A team sees what :func:`lcb_lab.observer.observe` shows it: its own units in full,
    revealed enemy units in full, and only the hex of concealed enemy counters (listed
    under ``concealed_enemy``); destroyed units are listed for everyone.
    """
    s = game.state
    seen = observer.observe(s, game.catalog, team)        # one module decides what a team sees
    faces = {c["uid"]: c for c in seen["counters"] if not c["back"]}
    concealed = [{"team": c["team"], "hex": c["hex"]} for c in seen["counters"] if c["back"]]
    units = {}
    for u in s.units.values():
        if u.uid in faces or u.destroyed:                   # a destroyed unit is known to all
            units[u.uid] = {"team": u.team, "task_force": u.task_force, "hex": u.hex, "hp": u.hp,
                            "supply": dict(u.supply), "revealed": u.revealed, "destroyed": u.destroyed,
                            "embarked_on": u.embarked_on}
    out = {
        "scenario": s.scenario, "view": team, "turn": s.turn, "stage": s.stage, "initiative": s.initiative,
        "winner": s.winner, "result": s.result,
        "network_cubes": s.network_cubes, "influence": s.influence, "kills_total": s.total_kills,
        "units": units,
    }
    if team != "instructor":
        out["concealed_enemy"] = sorted(concealed, key=lambda c: c["hex"])
    return out
