"""A saved game is checked like a scenario before it becomes a Game.

:func:`check_save` is called by :meth:`lcb_lab.games.lcb.io.persistence.GamePersistence.from_json`
on the JSON text.  It refuses, with a
:class:`~lcb_lab.kernel.errors.ScenarioError` (file, key, problem) naming the key
like ``state.units[DDG-51].hp``:

* text that is not JSON, nested too deep, or not an object (``Game.from_json(5)``
  raises :class:`~lcb_lab.kernel.errors.InputError`), or an object with a key a save does not
  have (:data:`SAVE_KEYS`: a misspelt ``record`` would otherwise load without its record), or
  another game's save (its ``game`` key);
* a map name that is not a plain name in the maps folder (no paths);
* any state field of the wrong type (strict: no ``"2"`` or ``2.0`` for an int,
  no NaN), unknown fields on the state and every record in it (an older combat plan's
  ``queue`` aside), on log entries, SOT entries and a saved map;
* a record whose keys are not ``initial`` and ``steps``, or whose initial state and dice fail
  these same checks (keys ``record.initial.state...``);
* an unknown stage, initiative or winner team; Task Forces of an unknown team or with
  control characters in their designators, a Task Force order naming unknown ones;
* dice with a negative seed, forced values outside 1..20 (7.01) or a generator
  state that is not numpy's PCG64 shape (:class:`lcb_lab.games.lcb.io.inputs.DiceState`);
* a log entry that is not ``{"kind", "title", "text": str, "rules": [str],
  "data": {}, "turn", "impulse": int}`` with an optional ``audience`` (list of
  teams) and ``public`` (``{"title", "text": str, ...}``), or the legacy
  ``visible_to`` (list of teams) / ``public_copy`` (bool);
* a pending choice of an unknown kind, or whose ``options`` lack the keys its kind needs or
  have a key of the wrong type (each kind's options record,
  :meth:`lcb_lab.games.lcb.choices.Choice.options_from`);
* a victory condition that is not the scenario file's (:class:`lcb_lab.games.lcb.io.scenario.Victory`);
* ``auto_policies`` naming an unknown decision kind or policy (choices.POLICIES);
* a malformed ``scenario_info`` (checked like a scenario file);
* Planning / Deployment fields: CP, CP bonus and free cards per known team and not negative,
  ``ready`` teams known and once, deployment areas of known units with hexes on the map,
  placements of known cards, later Planning Stages within 2..max_turns (3.1, 3.2, 15.14).

The trackers, per-team tables, units, markers and the impulse are checked by
:mod:`lcb_lab.games.lcb.io.save_check_pieces` (the helpers all parts share live there too);
cards, the card chain, card markers, the SOT, port cubes and embarked losses (chapters 9-14) by
:mod:`lcb_lab.games.lcb.io.save_check_cards`.
"""
from __future__ import annotations

import dataclasses
import re
import typing
from typing import Any, Optional

from pydantic import BaseModel, ConfigDict, ValidationError

from lcb_lab.games.lcb.choices import check_policies
from lcb_lab.games.lcb.io import inputs as I
from lcb_lab.games.lcb.io.save_check_events import check_events
from lcb_lab.games.lcb.io.save_check_cards import (_check_card_markers, _check_cards, _check_embark_losses,
                                                   _check_port_cubes, _check_sot)
from lcb_lab.games.lcb.rules.optional.switches import normalise as normalise_optional, problem as optional_problem
from lcb_lab.games.lcb.io.save_check_pieces import (_designator, check_team_counts, _Exact, _check_impulse, _check_marker,
                                                    _check_unit, _refuse, _typed, check_trackers, key_of)
from lcb_lab.games.lcb.model.board import Board, board_from_dict, load_board, map_name_problem
from lcb_lab.games.lcb.model.catalog import Catalog, load_catalog
from lcb_lab.games.lcb.choices import CHOICE_KINDS
from lcb_lab.kernel.errors import InputError, ScenarioError, pydantic_problem
from lcb_lab.kernel.files import parse_json
from lcb_lab.kernel.datacodec import DataError, from_data
from lcb_lab.games.lcb.model.state import TEAMS, CombatPlan, GameState

STAGES = ("planning", "deployment", "action", "over")
"""Game stages a state may be in (3.0; ``over`` after a Victory Check, 3.5)."""


# ------------------------------------------------------------------ the state's shape: its own type hints
def _forbid_extra(cls: type) -> bool:
    """Unknown keys are refused on every state record, the state itself included, but the combat
    plan (an older save's ``queue`` of decisions, which ``GameState.from_dict`` moves onto the
    choices)."""
    return cls is not CombatPlan


def typed_state(data: Any, file: str) -> GameState:
    """The saved state rebuilt by walking :class:`GameState`'s type hints (:func:`lcb_lab.kernel.datacodec.from_data`,
    the walk the codec and copies use), strictly.  Raises ScenarioError(file, key path, problem)."""
    _check_plan_keys(data, file)
    try:
        state = from_data(GameState, data, _forbid_extra)
    except DataError as e:
        raise ScenarioError(file, key_of("state", e.loc), e.problem) from None
    _check_plan_allocs(data["impulse"]["combat"] if state.impulse and state.impulse.combat else {}, file)
    return state


def _check_plan_keys(data: Any, file: str) -> None:
    """The combat plan's keys: its fields, and an older save's ``queue`` (which it may keep)."""
    imp = data.get("impulse") if isinstance(data, dict) else None
    plan = imp.get("combat") if isinstance(imp, dict) else None
    if isinstance(plan, dict):
        known = {f.name for f in dataclasses.fields(CombatPlan)} | {"queue"}
        for k in plan:
            if k not in known:
                _refuse(file, f"state.impulse.combat.{I.printable(str(k))}",
                        "Extra field: a combat plan has no such field")


_PLAN_ALLOCS = {"lrs": I.LrsAlloc, "intercepts": I.IntAlloc}
"""The combat plan's allocation lists checked field by field (the shapes the allocating actions take)."""
_DAMAGE_KEY = re.compile(r"(lrs|ga):\S.*")


def _check_plan_allocs(plan: dict, file: str) -> None:
    """Each LRS allocation (shooter, slot, target, dice) and INTERCEPT allocation (interceptor,
    slot, target, dice, shooter) of a saved combat plan, strictly (7.02, 7.54); each MILDEC
    damage key ``lrs:<unit>`` / ``ga:<hex>:<unit>`` (4.22); after the typed walk of the state
    (:func:`typed_state`), which names a wrong type first.  Raises ScenarioError naming the key."""
    for field, shape in _PLAN_ALLOCS.items():
        allocs = plan.get(field)
        for i, a in enumerate(allocs if isinstance(allocs, list) else []):
            try:
                I.check("combat plan", shape, a)
            except InputError as e:
                where = "" if e.where == "(value)" else f".{e.where}"
                _refuse(file, f"state.impulse.combat.{field}[{i}]{where}", e.problem)
    mildec = plan.get("mildec")
    for k in mildec if isinstance(mildec, dict) else ():
        if not (isinstance(k, str) and _DAMAGE_KEY.fullmatch(k)):
            _refuse(file, key_of("state", ("impulse", "combat", "mildec", str(k))),
                    "a MILDEC damage key is lrs:<unit> or ga:<hex>:<unit> (4.22)")


_SavedDice = I.DiceState

_Teams = list[typing.Literal["US", "RU"]]


class _Loose(BaseModel):
    model_config = ConfigDict(strict=True, extra="allow", defer_build=True)


class _PublicForm(_Exact):
    title: str = ""
    text: str = ""
    rules: list[str] = []
    data: dict = {}


class _LogEntry(_Exact):
    """One log entry (lcb_lab.kernel.explain.step, annotated by lcb_lab.games.lcb.observer)."""
    kind: str
    title: str
    text: str
    rules: list[str] = []
    data: dict = {}
    turn: int = 0
    impulse: int = 0
    audience: Optional[_Teams] = None
    public: Optional[_PublicForm] = None
    public_for: Optional[dict[typing.Literal["US", "RU"], _PublicForm]] = None    # a team's own public form (observer.annotate)
    visible_to: Optional[_Teams] = None       # logs saved before entries carried an audience
    public_copy: Optional[bool] = None


# ------------------------------------------------------------------ the check
def check_save(text: Any, catalog: Catalog | None = None, file: str = "<saved game>") -> dict:
    """Check a saved game's JSON text; returns the parsed dict.

    Raises InputError when ``text`` is not a string, ScenarioError (file,
    key, problem) for anything malformed (see the module doc).
    """
    if not isinstance(text, (str, bytes, bytearray)):
        raise InputError("Game.from_json", "text", f"a saved game is JSON text (str), not {type(text).__name__}")
    d = parse_json(text, file)
    if not isinstance(d, dict):
        raise ScenarioError(file, "(top)", "a saved game is a JSON object")
    if "game" in d:                  # the other games' saves name their game (lcb_lab.kernel.saved)
        _refuse(file, "game", f"a saved game of {I.printable(str(d['game']))[:40]!r}, not of Littoral Commander: "
                "Baltic: open it in that game's lab")
    for key in d:
        if key not in SAVE_KEYS:     # a misspelt "record" would load without its record, silently
            _refuse(file, I.printable(str(key))[:80], f"unknown key; a saved game has {', '.join(SAVE_KEYS)}")
    for key in ("state", "dice"):
        if key not in d:
            raise ScenarioError(file, key, "missing")
    board, catalog = saved_board(d, file), catalog or load_catalog()
    state = typed_state(d["state"], file)
    _typed(_SavedDice, d["dice"], file, "dice")
    try:
        check_policies("auto_policies", d.get("auto_policies"))
    except InputError as e:
        raise ScenarioError(file, f"auto_policies.{e.where}" if e.where != "(value)" else "auto_policies",
                            e.problem) from None
    _check_state(state, board, catalog, file)
    _check_log(d["state"].get("log", []), file)
    if d.get("scenario_info") is not None:
        _check_scenario_info(d["scenario_info"], file)
    if d.get("record") is not None:
        _check_record_start(d["record"], board, catalog, file)
    return d


SAVE_KEYS = ("version", "map", "board", "state", "dice", "auto_policies", "scenario_info", "record")
"""The keys of a saved game (:meth:`lcb_lab.games.lcb.io.persistence.GamePersistence.to_json`); a version-1 save
has a subset of them."""


RECORD_KEYS = {"record": ("initial", "steps"), "record.initial": ("state", "dice")}
"""The keys of a saved record and of its start (:meth:`lcb_lab.kernel.engine.Engine.record_to_json`)."""


def _check_record_start(rec: Any, board: Board, catalog: Catalog, file: str) -> None:
    """The record's own keys, and its initial state and dice checked like the save's own
    (keys ``record.initial.state...``, ``record.initial.dice...``); its steps are checked
    where they are read (:meth:`lcb_lab.kernel.engine.Engine.load_record`). Raises ScenarioError."""
    node = rec
    for where, keys in RECORD_KEYS.items():
        if not isinstance(node, dict):
            _refuse(file, where, f"a JSON object with {' and '.join(keys)}")
        for k in node:
            if k not in keys:
                _refuse(file, f"{where}.{I.printable(str(k))}", f"unknown key; a {where} has {', '.join(keys)}")
        for k in keys:
            if k not in node:
                _refuse(file, f"{where}.{k}", "missing")
        node = node.get("initial")
    start = rec["initial"]
    try:
        _check_state(typed_state(start["state"], file), board, catalog, file)
        _check_log(start["state"].get("log", []), file)
    except ScenarioError as e:
        raise ScenarioError(file, f"record.initial.{e.key}", e.problem) from None
    _typed(_SavedDice, start["dice"], file, "record.initial.dice")


def _check_log(log: list, file: str) -> None:
    """Each entry a :class:`_LogEntry` (no unknown keys); the fields it may leave out (``rules``,
    ``data``, ``turn``, ``impulse``; a public form's ``title``, ``text``...) are written into the
    entry with their defaults, so no reader meets an entry without them."""
    for i, entry in enumerate(log):
        e = _typed(_LogEntry, entry, file, f"state.log[{i}]")
        for k in ("rules", "data", "turn", "impulse"):
            entry.setdefault(k, getattr(e, k))
        if e.public is not None:
            for k in ("title", "text", "rules", "data"):
                entry["public"].setdefault(k, getattr(e.public, k))
        for team, form in (e.public_for or {}).items():
            for k in ("title", "text", "rules", "data"):
                entry["public_for"][team].setdefault(k, getattr(form, k))


def saved_board(d: dict, file: str) -> Board:
    """The board of a saved game: the embedded synthetic board (``"board"``) or the named map."""
    if d.get("board") is not None:
        if not isinstance(d["board"], dict):
            raise ScenarioError(file, "board", "a saved board is a JSON object")
        try:
            return board_from_dict(d["board"], file)
        except ScenarioError as e:
            raise ScenarioError(file, f"board.{e.key}", e.problem) from None
    map_name = d.get("map", "gotland")
    problem = map_name_problem(map_name)
    if problem:
        raise ScenarioError(file, "map", problem)
    try:
        return load_board(map_name)
    except ScenarioError as e:
        raise ScenarioError(file, "map", f"the map cannot be read: {e}") from None


def _check_scenario_info(info: Any, file: str) -> None:
    from lcb_lab.games.lcb.io.scenario import ScenarioFile  # the scenario file's model (data only, no Game)
    _typed(ScenarioFile, info, file, "scenario_info")


def _check_state(s: Any, board: Board, catalog: Catalog, file: str) -> None:
    """Cross-check a typed state against map and catalog (the scenario loader's checks)."""
    if s.stage not in STAGES:
        _refuse(file, "state.stage", f"unknown stage {s.stage!r}; known: {', '.join(STAGES)}")
    for key, team in (("state.initiative", s.initiative), ("state.winner", s.winner)):
        if team is not None and team not in TEAMS:
            _refuse(file, key, f"unknown team {team!r}; known: US, RU")
    check_trackers(s, file)
    for tf, team in s.task_forces.items():
        _designator(file, f"state.task_forces[{I.printable(tf)}]", tf)
        if team not in TEAMS:
            _refuse(file, f"state.task_forces[{tf}]", f"unknown team {team!r}; known: US, RU")
    for i, tf in enumerate(s.tf_order):
        if tf not in s.task_forces:
            _refuse(file, f"state.tf_order[{i}]", f"unknown Task Force {tf!r}")
    for uid, u in s.units.items():
        _check_unit(s, uid, u, board, catalog, file)
    for mid, m in s.markers.items():
        _check_marker(s, mid, m, board, catalog, file)
    for hx in s.continuing:
        if hx not in board.hexes:
            _refuse(file, f"state.continuing[{hx}]", f"hex {hx!r} is not on the {board.name} map")
    if s.impulse is not None:
        _check_impulse(s, s.impulse, file)
    _check_choices(s.choices, file)
    _check_victory(s.victory, file)
    _check_cards(s, board, file, catalog)
    _check_stages(s, board, file)
    _check_card_markers(s, board, file)
    _check_sot(s, board, catalog, file)
    _check_port_cubes(s, board, file)
    _check_embark_losses(s, catalog, file)
    _check_optional(s, file)
    check_events(s, board, file)


OPTIONAL_RECORDS = frozenset({"interop", "sub_modes", "asw_cards"})
"""The keys of ``GameState.optional_data``: the records of 17.1, 17.2 and 17.2 / 17.71."""


def _check_optional(s: Any, file: str) -> None:
    """The optional rules' records: a pre-load (17.61) only with 17.6 on, on a known card, of known
    units; a ship's supply shift (17.91) only with 17.9 on, of a known unit, its total unchanged."""
    unknown = sorted(set(s.optional_data) - OPTIONAL_RECORDS)
    if unknown:
        _refuse(file, f"state.optional_data.{I.printable(unknown[0])}",
                f"not a record of an optional rule; known: {', '.join(sorted(OPTIONAL_RECORDS))}")
    if s.preloaded and "17.6" not in s.optional_rules:
        _refuse(file, "state.preloaded", "a pre-load needs the optional rule 17.6 on")
    for cid, uids in s.preloaded.items():
        key = f"state.preloaded[{I.printable(cid)}]"
        if cid not in s.cards or any(u not in s.units for u in uids) or len(set(uids)) != len(uids):
            _refuse(file, key, "a pre-load names a card of the game and its units, each once (17.61)")
    if s.naval_supply and "17.9" not in s.optional_rules:
        _refuse(file, "state.naval_supply", "a supply shift needs the optional rule 17.9 on")
    for uid, shift in s.naval_supply.items():
        if uid not in s.units or sum(shift.values()) != 0:
            _refuse(file, f"state.naval_supply[{I.printable(uid)}]",
                    "a ship of the game whose shifted supply keeps its total (17.91)")


def _check_stages(s: Any, board: Board, file: str) -> None:
    """The Planning / Deployment fields (3.1, 3.2, 9.5, 15.14): teams known, counts not
    negative, deployment areas of known units on the map, placements of known cards."""
    check_team_counts(s, ("cp", "cp_bonus", "free_cards"), file, "state.")
    for i, team in enumerate(s.ready):
        if team not in TEAMS or team in s.ready[:i]:
            _refuse(file, f"state.ready[{i}]", f"{team!r} is not a team that has not ended the stage yet")
    if s.planning_stages < 0:
        _refuse(file, "state.planning_stages", f"cannot be negative ({s.planning_stages})")
    why = optional_problem(s.optional_rules)
    if why or list(s.optional_rules) != normalise_optional(s.optional_rules):
        _refuse(file, "state.optional_rules", why or "list each optional rule once, in rule order")
    if s.deploy_first is not None and s.deploy_first not in TEAMS:
        _refuse(file, "state.deploy_first", f"unknown team {s.deploy_first!r}; known: US, RU")
    for uid, area in s.deploy_areas.items():
        key = f"state.deploy_areas[{I.printable(uid)}]"
        if uid not in s.units:
            _refuse(file, key, f"no unit {uid!r}")
        for h in area.hexes:
            if h not in board.hexes:
                _refuse(file, f"{key}.hexes", f"hex {h!r} is not on the {board.name} map")
        if area.embark_on is not None and area.embark_on not in s.units:
            _refuse(file, f"{key}.embark_on", f"no unit {area.embark_on!r} to embark on")
    for cid, h in s.placements.items():
        key = f"state.placements[{I.printable(cid)}]"
        if cid not in s.cards:
            _refuse(file, key, f"no card {cid!r}")
        if h not in board.hexes:
            _refuse(file, key, f"hex {h!r} is not on the {board.name} map")
    for i, g in enumerate(s.planning_grants):
        if not 2 <= g.turn <= s.max_turns:
            _refuse(file, f"state.planning_grants[{i}].turn", f"turn {g.turn} is not in 2..max_turns ({s.max_turns})")
        for team, n in g.cp.items():
            if team not in TEAMS or n < 0:
                _refuse(file, f"state.planning_grants[{i}].cp[{I.printable(team)}]",
                        f"CP per known team (US, RU), not negative: {team!r} = {n}")


def _check_choices(choices: list, file: str) -> None:
    for i, c in enumerate(choices):
        key = f"state.choices[{i}]"
        if c.kind not in CHOICE_KINDS:
            _refuse(file, f"{key}.kind", f"unknown choice kind {I.printable(c.kind)!r}; "
                    f"known: {', '.join(CHOICE_KINDS)}")
        if c.team not in TEAMS:
            _refuse(file, f"{key}.team", f"unknown team {c.team!r}; known: US, RU")
        # its options were checked when they were read: each kind's record (Choice.options_from)


def _check_victory(conditions: list, file: str) -> None:
    from lcb_lab.games.lcb.io.scenario import Victory  # the scenario file's model of a victory condition (3.5)
    for i, c in enumerate(conditions):
        try:
            Victory.model_validate(c, strict=True)
        except ValidationError as e:
            err = e.errors()[0]
            raise ScenarioError(file, key_of(f"state.victory[{i}]", err["loc"]), pydantic_problem(err)) from None
