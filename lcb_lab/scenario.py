"""Scenario files (TOML) -> the data of a game's start (2.0, 3.1, 3.2).

A scenario gives teams, Task Forces and their units, initiative, CP,
Influence Meter start, Tactical Network cubes, deployment, turn limit and
victory conditions.  See ``lcb_lab/data/scenarios/gotland_redux.toml`` for the layout.
Malformed files raise :class:`~lcb_lab.errors.ScenarioError` naming the
file, the key and the problem.

This module returns *data* (:func:`build` -> :class:`LoadedScenario`) and
imports no Game; :func:`load_scenario` (a ready Game) lives in
:mod:`lcb_lab.loading` and is re-exported here lazily.
"""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Literal, Optional

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator

from . import inputs as I
from .board import Board, load_board, map_name_problem, place_problem
from .catalog import Catalog, load_catalog, marker_is_naval
from .dice import Dice
from .errors import ScenarioError
from .files import load_toml
from .resources import locate
from .rules.common import Ctx
from .rules.conceal import sweep_naval_zor
from .rules.influence import LIMIT as INFLUENCE_LIMIT
from .state import GameState, Marker, Unit

if TYPE_CHECKING:  # pragma: no cover
    from importlib.resources.abc import Traversable



class _M(BaseModel):
    model_config = ConfigDict(extra="forbid", defer_build=True)


class ScenarioInfo(_M):
    id: str
    name: str
    map: str = "gotland"
    max_turns: int = Field(ge=1)
    initiative: Literal["US", "RU"]
    influence: int = Field(default=0, ge=-INFLUENCE_LIMIT, le=INFLUENCE_LIMIT)  # the meter's range (15.0)
    source: str = ""
    notes: list[str] = []

    @field_validator("map")
    @classmethod
    def _map(cls, v: str) -> str:
        problem = map_name_problem(v)
        if problem:
            raise ValueError(problem)
        return v


class TeamInfo(_M):
    cp: int = Field(ge=0)
    network_cubes: int = Field(ge=0)
    jccs: list[str] = []
    source: str = ""


class TaskForce(_M):
    name: I.Designator
    team: Literal["US", "RU"]
    player: str = ""
    note: str = ""


class UnitEntry(_M):
    uid: I.Designator
    type: str
    task_force: I.Designator
    hex: Optional[str] = None
    embarked_on: Optional[I.Designator] = None
    revealed: bool = False
    attachments: list[str] = []
    note: str = ""


class MarkerEntry(_M):
    mid: I.Designator
    type: Literal["mildec", "naval_mildec"]
    task_force: I.Designator
    hex: str


class Victory(_M):
    team: Literal["US", "RU"]
    type: Literal["destroy", "no_enemy_ground", "hold"]
    count: int = Field(default=1, ge=1)
    text: str = ""
    source: str = "sandbox"


class ScenarioFile(_M):
    scenario: ScenarioInfo
    teams: dict[Literal["US", "RU"], TeamInfo]
    task_force: list[TaskForce]
    unit: list[UnitEntry]
    marker: list[MarkerEntry] = []
    victory: list[Victory] = []


def read_toml_model(p: Path | Traversable, model: type[BaseModel], what: str):
    """Read a TOML file into a pydantic model.  Returns (model, file name).

    Raises ScenarioError naming the file, the key (list items by their uid /
    name) and the problem.
    """
    f = str(p)
    raw = load_toml(p, what)
    try:
        return model.model_validate(raw), f
    except ValidationError as e:
        err = e.errors()[0]
        raise ScenarioError(f, _key(raw, err["loc"]), err["msg"]) from None


def read_scenario(name_or_path: str | Path) -> tuple[ScenarioFile, str]:
    """Parse and validate a scenario: a packaged name or a path (:func:`lcb_lab.resources.locate`).
    Raises ScenarioError (file, key, problem)."""
    return read_toml_model(locate(name_or_path, "scenario"), ScenarioFile, "scenario")


def _key(raw: dict, loc: tuple) -> str:
    """Dotted key; list items named by their uid/name where they have one."""
    parts, cur = [], raw
    for p in loc:
        if isinstance(p, int) and isinstance(cur, list) and p < len(cur):
            item = cur[p]
            ident = None
            if isinstance(item, dict):
                ident = item.get("uid") or item.get("name") or item.get("mid") or item.get("task_force")
            parts[-1] = f"{parts[-1]}[{I.printable(ident) if isinstance(ident, str) and ident else p}]"
            cur = item
        else:
            parts.append(str(p))
            cur = cur.get(p) if isinstance(cur, dict) else None
    return ".".join(parts)


def build_state(sc: ScenarioFile, file: str, board: Board, catalog: Catalog) -> GameState:
    """Cross-check a parsed scenario against map and catalog; make the start state."""
    tfs: dict[str, str] = {}
    for t in sc.task_force:
        if t.name in tfs:
            raise ScenarioError(file, f"task_force[{t.name}]", "duplicate Task Force name")
        tfs[t.name] = t.team
    units: dict[str, Unit] = {}
    for i, e in enumerate(sc.unit):
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
        if (e.hex is None) == (e.embarked_on is None):
            raise ScenarioError(file, key, "give exactly one of hex or embarked_on")
        hex_label = None
        if e.hex is not None:
            hex_label = _hex(board, e.hex, file, f"{key}.hex")
            problem = place_problem(board, hex_label, t.is_naval, e.uid)
            if problem:
                raise ScenarioError(file, f"{key}.hex", problem)
        supply = {c.slot: c.supply for c in t.cvs if c.supply is not None}
        if t.rp:
            supply["RP"] = t.rp
        units[e.uid] = Unit(e.uid, e.type, t.team, e.task_force, hex_label, t.hp, supply,
                            e.revealed, e.embarked_on, list(e.attachments))
    for uid, u in units.items():
        host = units.get(u.embarked_on) if u.embarked_on else None
        if u.embarked_on and host is None:
            raise ScenarioError(file, f"unit[{uid}].embarked_on", f"no unit {u.embarked_on!r} to embark on")
        if host is not None and (host.hex is None or not catalog.units[host.type_id].embark_gpsv
                                 or catalog.units[u.type_id].is_naval or host.team != u.team):
            raise ScenarioError(file, f"unit[{uid}].embarked_on",
                                f"{u.embarked_on} is not a friendly Embark-capable ship on the map (10.31)")
    markers = {}
    for m in sc.marker:
        key = f"marker[{m.mid}]"
        if m.mid in markers:
            raise ScenarioError(file, key, "duplicate marker name")
        if m.task_force not in tfs:
            raise ScenarioError(file, f"{key}.task_force", f"unknown Task Force {m.task_force!r}")
        hx = _hex(board, m.hex, file, f"{key}.hex")
        problem = place_problem(board, hx, marker_is_naval(catalog, m.type), f"{m.mid} ({m.type})")
        if problem:
            raise ScenarioError(file, f"{key}.hex", problem)
        markers[m.mid] = Marker(m.mid, m.type, tfs[m.task_force], m.task_force, hx)
    for team in ("US", "RU"):
        if team not in sc.teams:
            raise ScenarioError(file, f"teams.{team}", "missing")
    return GameState(
        scenario=sc.scenario.id, turn=1, max_turns=sc.scenario.max_turns, stage="action",
        initiative=sc.scenario.initiative, task_forces=tfs, tf_order=[], units=units, markers=markers,
        network_cubes={t: sc.teams[t].network_cubes for t in ("US", "RU")},
        influence=sc.scenario.influence, influence_turn_start=sc.scenario.influence,
        victory=[v.model_dump() for v in sc.victory],
        jccs={t: list(sc.teams[t].jccs) for t in ("US", "RU")},
    )


def _hex(board: Board, label: str, file: str, key: str) -> str:
    try:
        lab = board.canonical(label)
        board.hex(lab)
        return lab
    except Exception as ex:
        raise ScenarioError(file, key, str(ex)) from None


@dataclass
class LoadedScenario:
    """A scenario read and checked, ready to become a Game (see :func:`lcb_lab.loading.load_scenario`).

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
          catalog: Catalog | None = None) -> LoadedScenario:
    """Read a scenario by packaged name (``"gotland_redux"``, :mod:`lcb_lab.resources`) or path
    and build its start.

    ``seed`` (an int >= 0, or None) and ``forced`` (d20 values 1..20) set the
    Dice.  Raises ScenarioError (file, key, problem) for a malformed file,
    InputError for a bad seed / forced list.
    """
    if not isinstance(name_or_path, (str, Path)):
        raise I.InputError("load_scenario", "name_or_path",
                           f"a scenario name or path, not {type(name_or_path).__name__}")
    seed = I.check("load_scenario", I.SEED, seed)
    forced = I.check("load_scenario forced", I.FORCED, I.as_list(forced))
    sc, file = read_scenario(name_or_path)
    board = load_board(sc.scenario.map)
    catalog = catalog or load_catalog()
    state = build_state(sc, file, board, catalog)
    sweep_naval_zor(Ctx(state, board, catalog))  # naval ZOR is constant (6.23)
    return LoadedScenario(sc, file, state, board, catalog, Dice(seed=seed, forced=forced), sc.scenario.map)


def __getattr__(name: str):
    """``load_scenario`` lives in :mod:`lcb_lab.loading` (it makes a Game); re-exported lazily."""
    if name == "load_scenario":
        from .loading import load_scenario
        return load_scenario
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
