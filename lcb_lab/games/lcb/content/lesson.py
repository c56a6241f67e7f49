"""Lesson scripts: scripted impulses with forced dice (TOML), replayed step by step.

Layout (see ``scenarios/lcb/lessons/appendix_b_combat.toml``)::

    [lesson]
    title = "..."
    scenario = "gotland_redux"      # a packaged name, or a path
    seed = 1                         # fallback dice after the forced ones
    start = "planning"               # optional: begin in the Planning Stage (3.1; default: the scenario's)
    assumptions = ["..."]            # every gap the narrative leaves open

    [[stage]]                        # optional: the Planning and Deployment Stages, before the impulses
    name = "planning"                # planning | deployment
    narrative = "..."
    [[stage.step]]
    do = "buy"                       # any step kind below
    team = "US"
    card = "MUX: Unmanned"

    [[impulse]]
    task_force = "TF Boston"
    narrative = "what the rulebook's playthrough says happens"
    declare = [{kind = "move_combat", units = ["DDG-51"]}, ...]
    [[impulse.step]]
    do = "move"            # move | zor | conceal | resupply | effect | combat | answer | resolve | act
                           # | buy | end_planning | deploy | place_card | end_deployment | play | respond
                           # | checkpoint
    action = 1             # the declared action, numbered from 1 as in the log
    ...

Step keys by ``do``: ``act`` (``act``: any typed action in its JSON form,
e.g. ``{kind = "move", action = 1, path = ["AL-28"]}``; see :mod:`lcb_lab.games.lcb.actions`),
``move`` (action, path), ``zor`` (action, hex),
``conceal`` (action, units?), ``resupply`` (action, logistics, rv, grants),
``effect`` (the scripted effect table, see rules.effects), ``combat``
(lrs, ga), ``answer`` (value or policy), ``resolve`` (dice: forced d20
values queued just before rolling), ``checkpoint`` (``key``: a course checkpoint, ``"ch07.intercept-units"``;
the game does not change, the lab's lesson replay stops there and asks it).  Every step but ``answer``,
``resolve`` and ``checkpoint`` is one typed action
(:mod:`lcb_lab.games.lcb.actions`), decoded by :func:`lcb_lab.games.lcb.actions.from_json` when the lesson is read (the
declaration too).  A top-level ``relinquish = true`` in
an impulse relinquishes the initiative before it (3.41).  Each impulse ends
by itself after its steps.  Malformed lessons raise ScenarioError naming
the file and key.

Card and stage steps, sugar over the typed card actions of chapter 9 (a card is named by its cid,
``"US-3"``, or by its name: the team's first card of that name still in play):
``buy`` (team, card, attach_to?, embark_on?: :class:`~lcb_lab.games.lcb.actions.BuyCard`),
``end_planning`` (team), ``deploy`` (unit, hex? or embark_on?: ``DeployUnit``),
``place_card`` (team, card, attach_to? / embark_on? / hex?: ``PlaceCard``),
``end_deployment`` (team), ``play`` (card, option, targets, hex, action:
``PlayCard``), ``respond`` (the answer to a ``card_response`` choice:
``responses = [{card, option, to, targets}]``, ``card_intercepts = [{interceptor, slot,
dice, to}]``; both empty = pass; ``to`` is a link's pid or the name of the card played in
that link, ``targets`` the names or cids of the cards answered).  These steps, ``act`` and
``answer`` take ``dice``: forced d20 values queued before the act (the rolls it makes:
DETECT, NULLIFY, a card's effect...).  Scripted ``effect`` steps remain for the old lessons;
:func:`scripted_steps` lists them (a lesson whose outcomes are all produced by the rules
has none).  The steps' shapes and the typed actions of the card and stage steps:
:mod:`lcb_lab.games.lcb.content.lesson_steps`.
"""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any, Iterator

from pydantic import ValidationError

from lcb_lab.games.lcb import actions as A
from lcb_lab.games.lcb import observer, observer_cards
from lcb_lab.games.lcb.choices import CardResponseChoice, InterceptChoice, answer_with
from lcb_lab.games.lcb.choice_options import CardInterceptor
from lcb_lab.kernel.errors import IllegalAction, InputError, LabError, ScenarioError, pydantic_problem
from lcb_lab.games.lcb.game import Game
from lcb_lab.games.lcb.content.passes import pass_empty_windows
from lcb_lab.games.lcb.content.lesson_steps import CARD_STEPS, STEP_MODELS, ImpulseScript, LessonFile, StageScript, _Typed
from lcb_lab.games.lcb.io.loading import load_scenario
from lcb_lab.games.lcb.plain import slot_words
from lcb_lab.games.lcb.io.resources import is_path, locate
from lcb_lab.games.lcb.io.scenario import read_toml_model


def read_lesson(path: str | Path) -> tuple[LessonFile, str]:
    """Parse and validate a lesson: a packaged name (``"appendix_b_combat"``) or a path
    (:func:`lcb_lab.games.lcb.io.resources.locate`).  Returns (lesson, file name).
    Raises ScenarioError (file, key, problem)."""
    if not isinstance(path, (str, Path)):
        raise InputError("read_lesson", "path", f"a lesson name or path, not {type(path).__name__}")
    spec, f = read_toml_model(locate(path, "lesson"), LessonFile, "lesson")
    scripts = [(f"stage[{st.name}]", st) for st in spec.stage] + [(f"impulse[{imp.task_force}]", imp)
                                                                   for imp in spec.impulse]
    for where, imp in scripts:
        for i, st in enumerate(imp.step):
            key = f"{where}, step {i + 1}"      # counted from 1, as the lesson's play labels its steps
            try:
                parsed = STEP_MODELS[st.do].model_validate({"do": st.do, "note": st.note, **(st.model_extra or {})})
            except ValidationError as e:
                err = e.errors()[0]
                raise ScenarioError(f, ", ".join([key, ".".join(str(x) for x in err["loc"])]), pydantic_problem(err)) from None
            if st.do == "act":
                try:
                    parsed._action = A.from_json(parsed.act)
                except InputError as e:
                    raise ScenarioError(f, f"{key}, act.{e.where}", str(e)) from None
            elif isinstance(parsed, _Typed):
                parsed._action = _decode(f, key, parsed.json(), parsed.FIELDS)
            if st.do == "answer" and (parsed.value is None) == (parsed.policy is None):
                raise ScenarioError(f, key, "an answer step needs exactly one of value or policy")
            imp.step[i] = parsed
    for imp in spec.impulse:
        imp._declare = _decode(f, f"impulse[{imp.task_force}].declare", {"kind": "declare", "actions": imp.declare},
                               {"actions": ""}, sep=".")
    return spec, f


def _decode(f: str, key: str, data: dict, fields: dict[str, str], sep: str = ", ") -> A.Action:
    """The typed action of a lesson step's JSON form (:func:`lcb_lab.games.lcb.actions.from_json`); ScenarioError
    naming the file and the step's key (``fields``: action field -> the step's key; ``sep`` between the key
    and the field's) when it is malformed."""
    try:
        return A.from_json(data)
    except InputError as e:
        head, _, rest = e.where.partition(".")
        where = ".".join(x for x in (fields.get(head, head), rest) if x) if e.where != "(value)" else ""
        raise ScenarioError(f, f"{key}{sep}{where}" if where else key, e.problem) from None


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
    impulse's team (whose secret the step's narrative may be), the step note, and for a
    ``checkpoint`` step the checkpoint's key (``""`` otherwise)."""

    title: str
    entries: list[dict]
    team: str | None = None
    note: str = ""
    checkpoint: str = ""


class Lesson:
    """Replays a lesson on a fresh game, one step at a time.

    ``path``: a packaged lesson's name (``"appendix_b_combat"``) or a lesson file's path.  The
    lesson's ``scenario`` is a packaged name or a path; a relative path is looked for beside
    the lesson file first, then from the working folder.  Raises ScenarioError (key
    ``lesson.scenario`` when the scenario it names is no packaged name or readable file).
    """

    def __init__(self, path: str | Path):
        self.spec, self.file = read_lesson(path)
        info = self.spec.lesson
        extra = {"start": info.start} if info.start else {}
        try:
            self.game: Game = load_scenario(_beside(info.scenario, self.file), seed=info.seed, **extra)
        except ScenarioError as e:
            if e.key != "(file)":            # a fault inside the scenario file: that file and key say it
                raise
            raise ScenarioError(self.file, "lesson.scenario", f"{e.file}: {e.problem}") from None

    def steps(self) -> Iterator[Done]:
        """Yield after each step; the game advances as you iterate."""
        for title, fn, team, note, s in self._plan():
            done = self._do(title, fn, team(), note)
            yield _keyed(done, s) if s is not None else done

    def titles(self) -> list[str]:
        """Every step's title, in order, read from the lesson file: nothing is played."""
        return [plan[0] for plan in self._plan()]

    def run(self) -> Game:
        """Replay everything; returns the game."""
        for _ in self.steps():
            pass
        return self.game

    def advance(self, until: str | None = None) -> list[Done]:
        """Replay the next step (``until`` None), or every step up to and including the first whose
        title holds ``until`` (e.g. ``"Planning Stage, step 8"``, ``"impulse 2"``); for notebooks.
        Returns the steps done ([] at the end).  Raises LabError, playing nothing, when no step
        left holds ``until``: one played already (a notebook cell run twice) or none at all."""
        if getattr(self, "_walk", None) is None:
            self._walk, self._played = self.steps(), 0
        if until is not None:
            self._check_ahead(until)
        out: list[Done] = []
        for done in self._walk:
            self._played += 1
            out.append(done)
            if until is None or until in done.title:
                return out
        return out

    def _check_ahead(self, until: str) -> None:
        """Raise LabError unless a step not yet played holds ``until`` (see :meth:`advance`)."""
        titles = self.titles()
        if any(until in t for t in titles[self._played:]):
            return
        name = Path(self.file).name
        if any(until in t for t in titles[:self._played]):
            last = titles[self._played - 1]
            raise LabError(f"{name}: the step {until!r} was played already (the lesson is at {last!r}): run "
                           "the notebook again from the top (Kernel › Restart Kernel and Run All Cells) to see it again")
        raise LabError(f"{name}: no step left titled with {until!r}")

    def _do(self, title: str, fn, team: str | None = None, note: str = "") -> Done:
        before = len(self.game.log)
        try:
            fn()
            pass_empty_windows(self.game)     # a window nothing may answer: passed as its team would
        except IllegalAction as e:  # say where in the lesson it happened
            raise IllegalAction(e.rule, f"{Path(self.file).name}: {title}: {e.reason}") from e
        except LabError as e:
            raise LabError(f"{Path(self.file).name}: {title}: {e}") from e
        return Done(title, self.game.log[before:], team, note)

    def _plan(self) -> Iterator[tuple[str, Any, Any, str, Any]]:
        """The steps, nothing played: ``(title, play, team, note, script step or None)``, ``play()``
        playing the step on :attr:`game` and ``team()`` giving the team whose secret it may be."""
        for st in self.spec.stage:
            yield from self._stage(st)
        for n, imp in enumerate(self.spec.impulse, 1):
            yield from self._impulse(n, imp)

    def _stage(self, st: StageScript) -> Iterator[tuple[str, Any, Any, str, Any]]:
        name = {"planning": "Planning Stage", "deployment": "Deployment Stage"}[st.name]
        for i, s in enumerate(st.step):
            label = f"{name}, step {i + 1}: {s.do}{_what(s)}" + (f" - {s.note}" if s.note else "")
            yield label, (lambda s=s: self._step(s)), (lambda s=s: getattr(s, "team", None)), s.note, s

    def _impulse(self, n: int, imp: ImpulseScript) -> Iterator[tuple[str, Any, Any, str, Any]]:
        # always act on self.game: a caller may swap in a saved-and-loaded game between steps
        none = lambda: None      # noqa: E731
        if imp.relinquish:
            yield "relinquish the initiative", (lambda: self.game.apply(A.Relinquish())), none, "", None
        yield (f"impulse {n}: {imp.task_force} begins",
               (lambda imp=imp: self.game.apply(A.BeginImpulse(imp.task_force))), none, "", None)
        yield f"impulse {n}: declare", (lambda imp=imp: self.game.apply(imp._declare)), none, "", None
        team = lambda imp=imp: self.game.state.task_forces.get(imp.task_force)     # noqa: E731
        for i, s in enumerate(imp.step):
            label = f"impulse {n} ({imp.task_force}), step {i + 1}: {s.do}{_what(s)}" + (f" - {s.note}" if s.note else "")
            yield label, (lambda s=s: self._step(s)), team, s.note, s
        yield f"impulse {n}: end", (lambda: self.game.apply(A.EndImpulse())), none, "", None

    def _step(self, s) -> Any:
        """Run one validated step (see STEP_MODELS)."""
        g = self.game
        if getattr(s, "dice", None) and s.do != "resolve":
            g.dice.force(s.dice)
        if s.do in CARD_STEPS:
            return g.apply(CARD_STEPS[s.do](g, s))
        if s.do == "answer":
            return _answer(g, s)
        if s.do == "resolve":
            g.dice.force(s.dice)
            return g.apply(A.ResolveCombat())
        if s.do == "checkpoint":
            return None                    # a pause for the class: the game does not change
        return g.apply(s._action)          # act, move, zor, conceal, resupply, effect, combat: decoded on reading


def _keyed(done: Done, s) -> Done:
    """``done`` with the checkpoint key of a ``checkpoint`` step."""
    if s.do == "checkpoint":
        done.checkpoint = s.key
    return done


def _what(s) -> str:
    """What a card or stage step acts on, for its label (``" US MUX: Unmanned"``); "" for others."""
    if s.do in ("buy", "place_card"):
        return f" {s.team} {s.card}"
    if s.do in ("end_planning", "end_deployment"):
        return f" {s.team}"
    if s.do == "deploy":
        return f" {s.unit}"
    if s.do == "play":
        return f" {s.card}"
    if s.do == "checkpoint":
        return f" {s.key}"
    if s.do == "respond":
        return " " + ", ".join(r.card for r in s.responses) if s.responses or s.card_intercepts else " (pass)"
    return ""


def _answer(g: Game, s) -> Any:
    """An answer step: the named policy's answer, or the step's value, as the pending choice's
    typed answer (:mod:`lcb_lab.games.lcb.choices`); returns the next pending choice."""
    d = g.pending
    if d is None:
        raise LabError("no choice is pending")
    g.apply(answer_with(d, s.policy) if s.policy else d.answer_from(s.value))
    return g.pending


def scripted_steps(lesson: "Lesson | LessonFile") -> list[str]:
    """Where a lesson scripts an outcome instead of letting the rules produce it: the labels of
    its ``effect`` steps and of ``act`` steps applying a ``scripted_effect`` ([] for none)."""
    spec = lesson.spec if isinstance(lesson, Lesson) else lesson
    out = []
    for where, script in [(f"stage {st.name}", st) for st in spec.stage] + \
            [(f"impulse {n} ({imp.task_force})", imp) for n, imp in enumerate(spec.impulse, 1)]:
        for i, st in enumerate(script.step):
            if st.do == "effect" or (st.do == "act" and st.act.get("kind") == A.ScriptedEffect.KIND):
                out.append(f"{where}, step {i + 1}")
    return out


# ---------------------------------------------------------------- for a class: steps, choices, the state in words
def report(done: list[Done], game: Game | None = None) -> str:
    """The steps ``done`` as text for a class: each step's title and note, then the explained log
    lines it produced (``[rules] title: text``); with ``game``, the choice it waits for, if any
    (:func:`pending_text`)."""
    from lcb_lab.kernel.explain import render
    lines = []
    for d in done:
        lines.append(f"> {d.title}")
        lines += [f"    {render(e)}" for e in d.entries]
    if game is not None and game.pending is not None:
        lines.append(pending_text(game))
    return "\n".join(lines)


def pending_text(game: Game) -> str:
    """The pending choice in words: who answers, the question and its rule, and for a card
    response the cards and units that may answer with the exact odds the choice gives
    (DETECT, success); cards by name, never by id."""
    c = game.pending
    if c is None:
        return "no choice is pending"
    lines = [f"  waiting for {c.team} [{c.rule}]: {c.prompt}"]
    if isinstance(c, CardResponseChoice):
        for k in c.options.cards:
            odds = [f"{k.p_detect:.0%} to DETECT" if k.p_detect is not None and k.p_detect < 1 else "no DETECT roll",
                    f"{k.p_success:.0%} to succeed" if k.p_success is not None else "",
                    f"{k.p:.0%} in all" if k.p is not None else ""]
            lines.append(f"    card {k.name}: {k.kind.replace('_', ' ').upper()}, "
                         + ", ".join(o for o in odds if o))
        for u in c.options.interceptors:
            lines.append(f"    unit {u.uid} {_slot_of(game, u)}: up to {u.max_dice} INTERCEPT dice"
                         + (f", {u.p_hit:.0%} a die" if u.p_hit is not None else ""))
    elif isinstance(c, InterceptChoice):
        for t in c.options.targets:
            ok = [o.uid for o in t.interceptors if o.eligible]
            lines.append(f"    for {t.target}: {', '.join(ok) or 'no eligible interceptor'}")
    return "\n".join(lines)


def _slot_of(game: Game, option: CardInterceptor) -> str:
    """A card-response interceptor's slot in words: an Attached card's by the card's name (the
    answering team's own card, 9.31), never its id."""
    card = game.state.cards.get(option.source or "")
    track = option.slot.rsplit(":", 1)[-1]
    return f"{track} of {card.name}" if card else slot_words(option.slot)


def summary(game: Game, team: str = "instructor") -> dict:
    """The state as JSON-ready data (units, initiative, meters), as ``team`` may see it.

    A team sees what :func:`lcb_lab.games.lcb.observer.observe` shows it: its own units in full,
    revealed enemy units in full, and only the hex of concealed enemy counters (listed
    under ``concealed_enemy``); destroyed units are listed for everyone.  ``cards`` is
    :func:`lcb_lab.games.lcb.observer_cards.observe_cards`: the cards the team may see, and how many hidden
    cards each team holds where.
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
        "cards": observer_cards.observe_cards(s, team),
    }
    if team != "instructor":
        out["concealed_enemy"] = sorted(concealed, key=lambda c: c["hex"])
    return out
