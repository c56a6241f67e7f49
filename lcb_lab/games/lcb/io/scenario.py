"""Scenario files (TOML) -> the data of a game's start (2.0, 3.1, 3.2).

A scenario gives teams, Task Forces and their units, initiative, CP,
Influence Meter start, Tactical Network cubes, deployment, turn limit and
victory conditions.  See ``scenarios/lcb/gotland_redux.toml`` for the layout.
Malformed files raise :class:`~lcb_lab.kernel.errors.ScenarioError` naming the
file, the key and the problem.

This module returns *data* (:func:`build` -> :class:`LoadedScenario`) and
imports no Game; :func:`load_scenario` (a ready Game) lives in
:mod:`lcb_lab.games.lcb.io.loading` and is re-exported here lazily.
"""
from __future__ import annotations

import difflib

from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, Literal, Optional

from pydantic import AfterValidator, BaseModel, ConfigDict, ValidationError, field_validator, model_validator

from lcb_lab.games.lcb.io import inputs as I
from lcb_lab.games.lcb.io import ranges as R
from lcb_lab.games.lcb.io import scenario_options
from lcb_lab.games.lcb.model.board import (Board, load_board, map_name_problem, marker_who, place_problem,
                                           terrain_problem)
from lcb_lab.games.lcb.model.catalog import Catalog, load_catalog, marker_is_naval
from lcb_lab.games.lcb.die import new_dice
from lcb_lab.kernel.dice import Dice
from lcb_lab.kernel.errors import InputError, ScenarioError, pydantic_problem
from lcb_lab.kernel.files import load_toml
from lcb_lab.games.lcb.io.resources import locate
from lcb_lab.games.lcb.model.cards import Decks, load_decks
from lcb_lab.kernel.errors import IllegalAction, UnknownName
from lcb_lab.games.lcb.rules.stages import planning
from lcb_lab.games.lcb.rules.common import Ctx
from lcb_lab.games.lcb.rules.movement.conceal import sweep_naval_zor
from lcb_lab.games.lcb.rules.cards.jcc import add_card
from lcb_lab.games.lcb.model.state import DeployArea, GameState, GrayCube, Marker, PlanningGrant, Unit
from lcb_lab.games.lcb.model.events import normalise_plan as normalise_events
from lcb_lab.games.lcb.rules.optional.switches import validated as validated_optional

if TYPE_CHECKING:  # pragma: no cover
    from importlib.resources.abc import Traversable



class _M(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True, defer_build=True)   # no "yes" for true, no "3" for 3


class ScenarioInfo(_M):
    id: str
    name: str
    map: str = "gotland"
    max_turns: R.ranged(R.TURNS)
    initiative: Literal["US", "RU"]
    influence: R.ranged(R.INFLUENCE) = 0   # the meter's range (15.0)
    start: Literal["planning", "action"] = "action"   # the stage the game begins in (3.0)
    optional_rules: Annotated[list[str], AfterValidator(validated_optional)] = []     # optional rules switched on, by rule number (17.0, 7.514)
    events: Any = {}                   # Event Cards by turn (16.0): {"2" = ["Fleeing Masses"]} or a list by turn
    events_random: R.ranged(R.EVENTS_RANDOM) = 0   # Event Cards drawn at random each turn (16.0)
    source: str = ""
    notes: list[str] = []

    @model_validator(mode="after")
    def _events(self) -> "ScenarioInfo":
        self.events = normalise_events(self.events, self.max_turns)
        return self

    @field_validator("map")
    @classmethod
    def _map(cls, v: str) -> str:
        problem = map_name_problem(v)
        if problem:
            raise ValueError(problem)
        return v


class CardEntry(_M):
    """A card the scenario gives a team (3.01, 3.1): ``attach_to`` a unit (9.3), ``embark_on`` a
    ship (10.0), or placed on the map in ``hex`` (face up when ``face_up``) at deployment;
    ``free`` (default) costs no CP, else its cost comes out of the team's CP."""
    name: str
    attach_to: Optional[I.Designator] = None
    embark_on: Optional[I.Designator] = None
    hex: Optional[str] = None
    face_up: bool = False
    free: bool = True
    note: str = ""


class TeamInfo(_M):
    cp: R.ranged(R.CP)
    network_cubes: R.ranged(R.NETWORK_CUBES)
    prescribed: list[CardEntry] = []   # the scenario's cards (App. B Planning [b])
    purchases: list[CardEntry] = []    # the cards bought when the game starts in the Action Stage (App. B Planning [a])
    jccs: list[str] = []               # older files: pool card names (made pool cards: GameState.migrate_jccs)
    interop_cubes: Optional[R.ranged(R.INTEROP_CUBES)] = None   # 17.1 (sandbox): a team of several nations' cubes
    source: str = ""


class PlanningEntry(_M):
    """A later Planning Stage: at the start of ``turn``, ``cp`` per team (3.06, 3.15)."""
    turn: R.ranged(R.LATER_TURN)
    cp: dict[Literal["US", "RU"], R.ranged(R.CP)] = {}
    note: str = ""


class TaskForce(_M):
    name: I.Designator
    team: Literal["US", "RU"]
    player: str = ""
    area: list[str] = []               # deployment area of its units without their own (3.2)
    zone: Optional[str] = None
    note: str = ""


class UnitEntry(_M):
    uid: I.Designator
    type: str
    task_force: I.Designator
    hex: Optional[str] = None          # start "action": its hex; "planning": its fixed deployment hex
    embarked_on: Optional[I.Designator] = None   # embarked (or to embark at deployment) on this ship (10.0)
    area: list[str] = []               # start "planning": the hexes it may deploy in (3.2)
    zone: Optional[str] = None         # ... or a named zone of [zones]
    revealed: bool = False
    attachments: list[str] = []        # older files: card names on the tracker (Unit.attachments; no cards made)
    nation: Optional[I.Designator] = None   # 17.1 (sandbox): its national force; default its team's
    note: str = ""


class MarkerEntry(_M):
    mid: I.Designator
    type: Literal["mildec", "naval_mildec"]
    task_force: I.Designator
    hex: str


class ReinforcementEntry(_M):
    """A unit off the map: with neither ``turn`` nor ``hex``, one a reinforcement card may bring in
    (12.4: C-130 Hercules, LCU-2000); with both, a scheduled reinforcement (3.11) that arrives face
    down in ``hex`` at the start of ``turn`` (2..max_turns), in its ``task_force`` (4.31)."""
    uid: I.Designator
    type: str
    task_force: I.Designator
    turn: Optional[R.ranged(R.TURNS)] = None
    hex: Optional[str] = None
    note: str = ""
class MineEntry(_M):
    """A secret minefield of the scenario (13.37): ``cubes`` of ``team``'s mines in ``hex``."""
    team: Literal["US", "RU"]
    hex: str
    cubes: R.ranged(R.MINE_CUBES) = 1
    succeeds_on: R.ranged(R.D20) = 13
    terrain: Optional[Literal["land", "water", "any"]] = None


class Victory(_M):
    team: Literal["US", "RU"]
    type: Literal["destroy", "no_enemy_ground", "hold", "hold_hex"]
    count: R.ranged(R.VICTORY_COUNT) = 1
    hex: Optional[str] = None          # hold_hex: the hex to control at the end (3.5)
    text: str = ""
    source: str = "sandbox"


class GrayCubeEntry(_M):
    """A gray cube the scenario puts on the map (3.26): civilians or an objective."""
    hex: str
    kind: Literal["civilians", "objective"]
    note: str = ""


class TaskForceCounterEntry(_M):
    """A Task Force Counter (4.35): units of one Task Force in one hex acting as one stack."""
    name: I.Designator
    units: list[I.Designator]
    note: str = ""


class ScenarioFile(_M):
    scenario: ScenarioInfo
    teams: dict[Literal["US", "RU"], TeamInfo]
    task_force: list[TaskForce]
    unit: list[UnitEntry]
    marker: list[MarkerEntry] = []
    mines: list[MineEntry] = []        # secret minefields written down before the game (13.37)
    victory: list[Victory] = []
    zones: dict[str, list[str]] = {}   # named deployment zones (3.2)
    planning: list[PlanningEntry] = []
    reinforcements: list[ReinforcementEntry] = []   # the off-map pool of each team (12.4)
    gray_cube: list[GrayCubeEntry] = []   # gray cubes on the map: civilians, objectives (3.26)
    task_force_counter: list[TaskForceCounterEntry] = []   # Task Force Counters (4.35)


def read_toml_model(p: Path | Traversable, model: type[BaseModel], what: str) -> tuple[BaseModel, str]:
    """Read a TOML file into a pydantic model.  Returns (model, file name).

    Raises ScenarioError naming the file, the key (list items by their uid /
    name) and the problem.
    """
    f = str(p)
    raw = load_toml(p, what)
    try:
        return model.model_validate(raw), f
    except ValidationError as e:
        raise ScenarioError(f, *_problem(raw, e.errors(), what)) from None


def _problem(raw: dict, errors: list[dict], what: str) -> tuple[str, str]:
    """(key, problem) of a file's first validation error, a missing key in words: a table the file
    lacks (``"missing: a scenario file has a [scenario] table"``, e.g. another game's file), or a key
    with an unknown one spelled like it in the same table (``max_turn`` for ``max_turns``: the unknown
    key is named, a likely typo)."""
    err = errors[0]
    loc = err["loc"]
    if err["type"] != "missing":
        return _key(raw, loc), pydantic_problem(err)
    if len(loc) == 1:
        return _key(raw, loc), f"missing: a {what} file has a [{loc[0]}] table"
    typo = next((x for x in errors if x["type"] == "extra_forbidden" and x["loc"][:-1] == loc[:-1]
                 and difflib.get_close_matches(str(x["loc"][-1]), [str(loc[-1])], cutoff=0.75)), None)
    if typo is not None:
        return _key(raw, typo["loc"]), f"unknown key; is it {loc[-1]!r}, which is missing?"
    return _key(raw, loc), "missing"


def read_scenario(name_or_path: str | Path) -> tuple[ScenarioFile, str]:
    """Parse and validate a scenario: a packaged name or a path (:func:`lcb_lab.games.lcb.io.resources.locate`).
    Raises ScenarioError (file, key, problem)."""
    return read_toml_model(locate(name_or_path, "scenario"), ScenarioFile, "scenario")


def _key(raw: dict, loc: tuple) -> str:
    """Dotted key; list items named by their uid/name where they have one; a lesson's steps
    counted from 1, as the lesson's play labels them (``impulse[TF Boston], step 1, do``)."""
    parts, cur = [], raw
    for p in loc:
        if isinstance(p, int) and isinstance(cur, list) and p < len(cur):
            item = cur[p]
            ident = None
            if isinstance(item, dict):
                ident = item.get("uid") or item.get("name") or item.get("mid") or item.get("task_force")
            if parts[-1] == "step" and not ident and len(parts) > 1:
                parts[-2:] = [f"{parts[-2]}, step {p + 1},"]
            else:
                parts[-1] = f"{parts[-1]}[{I.printable(ident) if isinstance(ident, str) and ident else p}]"
            cur = item
        else:
            parts.append(str(p))
            cur = cur.get(p) if isinstance(cur, dict) else None
    return ".".join(parts).replace(",.", ", ").rstrip(",")


def build_state(sc: ScenarioFile, file: str, board: Board, catalog: Catalog, decks: Decks | None = None,
                start: str | None = None) -> GameState:
    """Cross-check a parsed scenario against map, catalog and decks; make the start state.

    ``start`` ("planning" | "action", default the file's ``scenario.start``): "action" places
    the units in their hexes and creates the scenario's cards (prescribed and purchases) in
    place; "planning" opens the first Planning Stage with the units off the map, each with
    its deployment area (``state.deploy_areas``), and the prescribed cards only."""
    start = start or sc.scenario.start
    tfs: dict[str, str] = {}
    for t in sc.task_force:
        if t.name in tfs:
            raise ScenarioError(file, f"task_force[{t.name}]", "duplicate Task Force name")
        tfs[t.name] = t.team
    for team in ("US", "RU"):
        if team not in sc.teams:
            raise ScenarioError(file, f"teams.{team}", "missing")
    zones = {z: [_hex(board, h, file, f"zones.{z}") for h in hexes] for z, hexes in sc.zones.items()}
    units: dict[str, Unit] = {}
    areas: dict[str, DeployArea] = {}
    for e in sc.unit:
        key = f"unit[{e.uid}]"
        if e.uid in units:
            raise ScenarioError(file, key, "duplicate unit designator")
        if e.type not in catalog.units:
            raise ScenarioError(file, f"{key}.type", f"unknown unit type {e.type!r}")
        if e.task_force not in tfs:
            raise ScenarioError(file, f"{key}.task_force", f"unknown Task Force {e.task_force!r}")
        t = catalog.units[e.type]
        if t.team != tfs[e.task_force]:
            raise ScenarioError(file, f"{key}.type", f"{e.type} is a {t.team} type but {e.task_force} is "
                                f"{tfs[e.task_force]}")
        area = _area(e, sc, zones, board, file, key, t.domain != "ground", t.is_submarine)   # a submarine: water (14.02)
        if start == "action" and (e.hex is None) == (e.embarked_on is None):
            raise ScenarioError(file, key, "give exactly one of hex or embarked_on (the game starts in the "
                                "Action Stage with the units placed)")
        hex_label = area.hexes[0] if start == "action" and e.hex is not None else None
        supply = {c.slot: c.supply for c in t.cvs if c.supply is not None}
        if t.rp:
            supply["RP"] = t.rp
        units[e.uid] = Unit(e.uid, e.type, t.team, e.task_force, hex_label, t.hp, supply,
                            e.revealed and start == "action", e.embarked_on if start == "action" else None,
                            list(e.attachments))
        areas[e.uid] = area
    for uid, area in areas.items():
        ship = area.embark_on
        host = units.get(ship) if ship else None
        if ship and host is None:
            raise ScenarioError(file, f"unit[{uid}].embarked_on", f"no unit {ship!r} to embark on")
        if host is not None and (areas[ship].embark_on or not catalog.units[host.type_id].embark_gpsv
                                 or catalog.units[units[uid].type_id].is_naval or host.team != units[uid].team):
            raise ScenarioError(file, f"unit[{uid}].embarked_on",
                                f"{ship} is not a friendly Embark-capable ship on the map (10.31)")
    markers = {}
    for m in sc.marker:
        key = f"marker[{m.mid}]"
        if m.mid in markers:
            raise ScenarioError(file, key, "duplicate marker name")
        if m.task_force not in tfs:
            raise ScenarioError(file, f"{key}.task_force", f"unknown Task Force {m.task_force!r}")
        hx = _hex(board, m.hex, file, f"{key}.hex")
        naval = marker_is_naval(catalog, m.type)
        problem = place_problem(board, hx, naval, marker_who(m.mid, naval))
        if problem:
            raise ScenarioError(file, f"{key}.hex", problem)
        markers[m.mid] = Marker(m.mid, m.type, tfs[m.task_force], m.task_force, hx)
    grants = []
    for i, g in enumerate(sc.planning):
        if g.turn > sc.scenario.max_turns or any(p.turn == g.turn for p in grants):
            raise ScenarioError(file, f"planning[{i}].turn", f"turn {g.turn} is not a later turn 2..max_turns "
                                f"({sc.scenario.max_turns}) given once")
        grants.append(PlanningGrant(g.turn, {t: g.cp.get(t, 0) for t in ("US", "RU")}))
    state = GameState(
        scenario=sc.scenario.id, turn=1, max_turns=sc.scenario.max_turns, stage="action",
        initiative=sc.scenario.initiative, task_forces=tfs, tf_order=[], units=units, markers=markers,
        network_cubes={t: sc.teams[t].network_cubes for t in ("US", "RU")},
        influence=sc.scenario.influence, influence_turn_start=sc.scenario.influence,
        victory=_victory(sc, file, board), planning_grants=grants,
        optional_rules=list(sc.scenario.optional_rules),
        events_plan=dict(sc.scenario.events), events_random=sc.scenario.events_random,
    )
    for i, g in enumerate(sc.gray_cube):             # 3.26: civilians and objectives on the map
        gid = f"GC-{i + 1}"
        state.gray_cubes[gid] = GrayCube(gid, g.kind, _hex(board, g.hex, file, f"gray_cube[{i}].hex"))
    for r in sc.reinforcements:                      # the off-map pool (12.4): units not yet in the game
        key = f"reinforcements[{r.uid}]"
        if r.uid in units or any(x["uid"] == r.uid for x in state.reinforcements["US"] + state.reinforcements["RU"]):
            raise ScenarioError(file, key, "duplicate unit designator")
        if r.type not in catalog.units:
            raise ScenarioError(file, f"{key}.type", f"unknown unit type {r.type!r}")
        if r.task_force not in tfs or catalog.units[r.type].team != tfs[r.task_force]:
            raise ScenarioError(file, f"{key}.task_force", f"{r.task_force!r} is no Task Force of the {r.type} team")
        entry = {"uid": r.uid, "type": r.type, "task_force": r.task_force}
        if r.turn is not None or r.hex is not None:      # a scheduled arrival (3.11)
            entry.update(_scheduled(r, sc, board, catalog, file, key))
        state.reinforcements[tfs[r.task_force]].append(entry)
    scenario_options.places_and_counters(state, sc, catalog, file, start)    # 7.43; 4.35
    ctx = Ctx(state, board, catalog, None, decks or load_decks())
    if start == "action":
        _check_embarked(ctx, sc, file)      # capacity on load (10.21); the cards' own below
    for i, e in enumerate(sc.mines):                        # 13.37: secret, only the owner sees them
        from lcb_lab.games.lcb.rules.markers import mines as _mines
        hx = _hex(board, e.hex, file, f"mines[{i}].hex")
        try:
            _mines.place_secret(ctx, [dict(e.model_dump(exclude_none=True), hex=hx)])
        except IllegalAction as ex:
            raise ScenarioError(file, f"mines[{i}]", f"{ex.reason} (rule {ex.rule})") from None
    if start == "planning":
        state.deploy_areas = areas
        planning.begin(ctx, {t: sc.teams[t].cp for t in ("US", "RU")})
    else:
        state.planning_stages = 1          # the first Planning Stage is behind (9.31)
        state.cp = {t: sc.teams[t].cp for t in ("US", "RU")}   # what the purchases may spend (3.12)
    for team in ("US", "RU"):
        info = sc.teams[team]
        entries = []           # App. B's order: the purchases [a], then the prescribed cards [b]
        if start == "action":
            entries += [(f"teams.{team}.purchases[{_name(c.name)}]", c.model_copy(update={"free": False}))
                        for c in info.purchases]
        entries += [(f"teams.{team}.prescribed[{_name(c.name)}]", c) for c in info.prescribed]
        for key, c in entries:
            _card(ctx, team, c, key, file, board, start)
    try:
        planning.give_automatic(ctx)
    except IllegalAction as ex:
        raise ScenarioError(file, "(automatic cards)", ex.reason) from None
    scenario_options.interop(ctx, sc, file)
    if start == "action":
        state.cp = {"US": 0, "RU": 0}
        for u in state.units.values():     # submarines placed by the file: their SOT's initial location (14.01)
            if u.hex is not None and catalog.units[u.type_id].is_submarine and \
                    not any(x["sub"] == u.uid for x in state.sot.get(u.team, [])):
                from lcb_lab.games.lcb.rules.submarines.sot import track
                track(ctx, u, "deploy")
        del state.log[:]                   # the start as the scenario gives it: no history yet
        planning.grant_free_cards(ctx)     # an Influence start at 9+ (15.14)
    planning.sync_legacy(state)
    if any(sc.teams[t].jccs for t in ("US", "RU")):        # an older file: pool card names
        state.jccs = {t: list(sc.teams[t].jccs) for t in ("US", "RU")}
        state.migrate_jccs()
    for e in sc.unit:                                       # an older file's names on the trackers
        if e.attachments:
            u = state.units[e.uid]
            u.attachments = list(e.attachments) + [n for n in u.attachments if n not in e.attachments]
    return state


def _check_embarked(ctx: Ctx, sc: ScenarioFile, file: str) -> None:
    """Embark the file's embarked units one by one within their ship's Embarkation Value
    (10.21, :func:`lcb_lab.games.lcb.rules.embarking.embark.fits_problem`); ScenarioError naming the unit that
    does not fit."""
    from lcb_lab.games.lcb.rules.embarking import embark
    problem = embark.loads_problem(ctx, [e.uid for e in sc.unit if e.embarked_on])
    if problem:
        uid, rule, reason = problem
        raise ScenarioError(file, f"unit[{uid}].embarked_on", f"{reason} (rule {rule})")


def _name(n: str) -> str:
    return I.printable(n) if isinstance(n, str) else "?"


def _area(e: UnitEntry, sc: ScenarioFile, zones: dict, board: Board, file: str, key: str,
          naval: bool, submarine: bool = False) -> DeployArea:
    """The unit's deployment area: its hex, area, zone or ship, else its Task Force's (3.2)."""
    given = [k for k in ("hex", "embarked_on", "area", "zone") if getattr(e, k)]
    if len(given) > 1:
        raise ScenarioError(file, key, f"give one of hex, embarked_on, area or zone, not {' and '.join(given)}")
    tf = next(t for t in sc.task_force if t.name == e.task_force)
    if e.embarked_on:
        return DeployArea([], e.embarked_on)
    if e.hex:
        raw, where = [e.hex], f"{key}.hex"
    elif e.area:
        raw, where = e.area, f"{key}.area"
    elif e.zone or tf.zone:
        z, where = e.zone or tf.zone, (f"{key}.zone" if e.zone else f"task_force[{tf.name}].zone")
        if z not in zones:
            raise ScenarioError(file, where, f"no zone {z!r} in [zones]")
        raw = zones[z]
    elif tf.area:
        raw, where = tf.area, f"task_force[{tf.name}].area"
    else:
        raise ScenarioError(file, key, "no deployment area: give hex, embarked_on, area or zone (or its "
                            "Task Force's area or zone)")
    hexes = [_hex(board, h, file, where) for h in raw]
    piece = "submarine" if submarine else "naval" if naval else "ground"
    problems = {h: terrain_problem(board, h, piece, e.uid) for h in hexes}
    if e.zone or tf.zone:          # 14.02 NOTE: a zone keeps its open-water hexes for a submarine
        hexes = [h for h in hexes if getattr(problems[h], "rule", "") != "14.02"] or hexes
    for h in hexes:
        if problems[h] is not None:
            raise ScenarioError(file, where, problems[h].text)
    return DeployArea(list(dict.fromkeys(hexes)), None)


def _scheduled(r: ReinforcementEntry, sc: ScenarioFile, board: Board, catalog: Catalog, file: str,
               key: str) -> dict:
    """``{"turn", "hex"}`` of a scheduled reinforcement (3.11): both given, a later turn of the
    game, a hex of the map its kind of unit may stand in (5.11, 14.02). ScenarioError."""
    if r.turn is None or r.hex is None:
        raise ScenarioError(file, key, "a scheduled reinforcement gives both turn and hex (3.11)")
    if not 2 <= r.turn <= sc.scenario.max_turns:
        raise ScenarioError(file, f"{key}.turn", f"turn {r.turn} is not a later turn 2..max_turns "
                            f"({sc.scenario.max_turns})")
    h = _hex(board, r.hex, file, f"{key}.hex")
    t = catalog.units[r.type]
    piece = "submarine" if t.is_submarine else "ground" if t.domain == "ground" else "naval"
    problem = terrain_problem(board, h, piece, r.uid)
    if problem is not None:
        raise ScenarioError(file, f"{key}.hex", problem.text)
    return {"turn": r.turn, "hex": h}


def _card(ctx: Ctx, team: str, c: CardEntry, key: str, file: str, board: Board, start: str) -> None:
    """Create one scenario card (attached, embarked, on the map or in the pool). ScenarioError."""
    s = ctx.state
    try:
        ct = ctx.ctype(c.name, team)
    except UnknownName:
        raise ScenarioError(file, f"{key}.name", f"no card {c.name!r} in the {team} deck") from None
    hosts = [k for k in ("attach_to", "embark_on", "hex") if getattr(c, k)]
    if len(hosts) > 1:
        raise ScenarioError(file, key, f"give one of attach_to, embark_on or hex, not {' and '.join(hosts)}")
    for k in ("attach_to", "embark_on"):
        uid = getattr(c, k)
        if uid and (uid not in s.units or s.units[uid].team != team):
            raise ScenarioError(file, f"{key}.{k}", f"{uid!r} is not a unit of {team}")
    if not c.free:
        if ct.cost > s.cp.get(team, 0):
            raise ScenarioError(file, key, f"{ct.name} costs {ct.cost} CP; {team} has {s.cp[team]} CP left of "
                                "its allocation (3.12)")
        s.cp[team] -= ct.cost
    card = add_card(ctx, team, ct.name, free=c.free)
    try:
        if c.attach_to:
            planning.attach(ctx, card, c.attach_to)
        elif c.embark_on:
            planning.embark(ctx, card, c.embark_on)
        elif c.hex:
            hx = _hex(board, c.hex, file, f"{key}.hex")
            if start == "planning":
                s.placements[card.cid] = hx
            else:
                card.where, card.hex, card.face_up, card.deployed = "deployed", hx, c.face_up, True
        elif start == "action" and planning.is_network(ct):
            card.where, card.face_up, card.deployed = "deployed", True, True     # by the map (7.6)
    except IllegalAction as ex:
        k = "attach_to" if c.attach_to else "embark_on" if c.embark_on else "hex"
        raise ScenarioError(file, f"{key}.{k}", f"{ex.reason} (rule {ex.rule})") from None
    if start == "planning":
        where = {"attached": f"attached to {card.host}", "embarked": f"embarked on {card.host}"}.get(card.where, "in the pool")
        planning.log_card(ctx, "card_acquired", f"{team} receives {ct.name}" + (" (free)" if c.free else f" ({ct.cost} CP)"),
                          f"prescribed by the scenario; {where}", ["3.01", "3.1"], card,
                          f"{team} receives a card from the scenario")


def _hex(board: Board, label: str, file: str, key: str) -> str:
    try:
        lab = board.canonical(label)
        board.hex(lab)
        return lab
    except Exception as ex:
        raise ScenarioError(file, key, str(ex)) from None


def _victory(sc: ScenarioFile, file: str, board: Board) -> list[dict]:
    """The victory conditions as state data; a ``hold_hex`` needs a hex of the map (3.5)."""
    out = []
    for i, v in enumerate(sc.victory):
        if (v.type == "hold_hex") != (v.hex is not None):
            raise ScenarioError(file, f"victory[{i}].hex", "give a hex for a hold_hex condition, and only for it")
        if v.hex is not None:
            v = v.model_copy(update={"hex": _hex(board, v.hex, file, f"victory[{i}].hex")})
        out.append(v.model_dump(exclude_none=True))
    return out


@dataclass
class LoadedScenario:
    """A scenario read and checked, ready to become a Game (see :func:`lcb_lab.games.lcb.io.loading.load_scenario`).

    ``spec`` is the parsed file, ``file`` its path; ``state`` the start state
    (naval ZORs swept, 6.23); ``map_name`` the board's name.
    """

    spec: ScenarioFile
    file: str
    state: GameState
    board: Board
    catalog: Catalog
    dice: Dice
    map_name: str


def build(name_or_path: str | Path = "gotland_redux", seed: int | None = 0, forced: list[int] = (),
          catalog: Catalog | None = None, start: str | None = None, decks: Decks | None = None) -> LoadedScenario:
    """Read a scenario by packaged name (``"gotland_redux"``, :mod:`lcb_lab.games.lcb.io.resources`) or path
    and build its start.

    ``seed`` (an int >= 0, or None) and ``forced`` (d20 values 1..20) set the
    Dice.  Raises ScenarioError (file, key, problem) for a malformed file,
    InputError for a bad seed / forced list.  ``start`` ("planning" | "action") overrides the
    file's ``scenario.start``; ``decks``: the card decks (default the packaged ones).
    """
    if not isinstance(name_or_path, (str, Path)):
        raise InputError("load_scenario", "name_or_path",
                           f"a scenario name or path, not {type(name_or_path).__name__}")
    seed = I.check("load_scenario seed", I.SEED, seed)
    forced = I.check("load_scenario forced", I.FORCED, I.as_list(forced))
    sc, file = read_scenario(name_or_path)
    board = load_board(sc.scenario.map)
    catalog = catalog or load_catalog()
    if start not in (None, "planning", "action"):
        raise InputError("load_scenario", "start", f"'planning' or 'action', not {start!r}")
    state = build_state(sc, file, board, catalog, decks, start)
    sweep_naval_zor(Ctx(state, board, catalog))  # naval ZOR is constant (6.23)
    return LoadedScenario(sc, file, state, board, catalog, new_dice(seed=seed, forced=forced), sc.scenario.map)
