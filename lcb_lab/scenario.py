"""Scenario files (TOML) -> a ready Game (2.0, 3.1, 3.2).

A scenario gives teams, Task Forces and their units, initiative, CP,
Influence Meter start, Tactical Network cubes, deployment, turn limit and
victory conditions.  See ``scenarios/gotland_redux.toml`` for the layout.
Malformed files raise :class:`~lcb_lab.errors.ScenarioError` naming the
file, the key and the problem.
"""
from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Literal, Optional

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from .board import Board, load_board
from .catalog import Catalog, load_catalog
from .dice import Dice
from .errors import ScenarioError
from .game import Game
from .rules.common import Ctx
from .rules.conceal import sweep_naval_zor
from .state import GameState, Marker, Unit

SCENARIO_DIR = Path(__file__).resolve().parent.parent / "scenarios"


class _M(BaseModel):
    model_config = ConfigDict(extra="forbid")


class ScenarioInfo(_M):
    id: str
    name: str
    map: str = "gotland"
    max_turns: int = Field(ge=1)
    initiative: Literal["US", "RU"]
    influence: int = Field(default=0, ge=-10, le=10)
    source: str = ""
    notes: list[str] = []


class TeamInfo(_M):
    cp: int = Field(ge=0)
    network_cubes: int = Field(ge=0)
    jccs: list[str] = []
    source: str = ""


class TaskForce(_M):
    name: str
    team: Literal["US", "RU"]
    player: str = ""
    note: str = ""


class UnitEntry(_M):
    uid: str = Field(min_length=1)
    type: str
    task_force: str
    hex: Optional[str] = None
    embarked_on: Optional[str] = None
    revealed: bool = False
    attachments: list[str] = []
    note: str = ""


class MarkerEntry(_M):
    mid: str
    type: Literal["mildec", "naval_mildec"]
    task_force: str
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


def _resolve(name_or_path: str | Path) -> Path:
    p = Path(name_or_path)
    if p.suffix == ".toml" or p.exists():
        return p
    return SCENARIO_DIR / f"{name_or_path}.toml"


def read_toml_model(p: Path, model: type[BaseModel], what: str):
    """Read a TOML file into a pydantic model.  Returns (model, file name).

    Raises ScenarioError naming the file, the key (list items by their uid /
    name) and the problem.
    """
    f = str(p)
    try:
        raw = tomllib.loads(p.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise ScenarioError(f, "(file)", f"no such {what} file") from None
    except tomllib.TOMLDecodeError as e:
        raise ScenarioError(f, "(syntax)", str(e)) from None
    try:
        return model.model_validate(raw), f
    except ValidationError as e:
        err = e.errors()[0]
        raise ScenarioError(f, _key(raw, err["loc"]), err["msg"]) from None


def read_scenario(name_or_path: str | Path) -> tuple[ScenarioFile, str]:
    """Parse and validate a scenario file. Raises ScenarioError (file, key, problem)."""
    return read_toml_model(_resolve(name_or_path), ScenarioFile, "scenario")


def _key(raw: dict, loc: tuple) -> str:
    """Dotted key; list items named by their uid/name where they have one."""
    parts, cur = [], raw
    for p in loc:
        if isinstance(p, int) and isinstance(cur, list) and p < len(cur):
            item = cur[p]
            ident = None
            if isinstance(item, dict):
                ident = item.get("uid") or item.get("name") or item.get("mid") or item.get("task_force")
            parts[-1] = f"{parts[-1]}[{ident or p}]"
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
            info = board.hex(hex_label)
            if t.is_naval and not info.has_water:
                raise ScenarioError(file, f"{key}.hex", f"{e.uid} is a ship but {hex_label} has no water (5.11)")
            if not t.is_naval and not info.has_land:
                raise ScenarioError(file, f"{key}.hex", f"{e.uid} is a ground unit but {hex_label} has no land (5.11)")
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
        naval = catalog.markers[m.type].domain == "naval" if m.type in catalog.markers else m.type == "naval_mildec"
        if (naval and not board.hex(hx).has_water) or (not naval and not board.hex(hx).has_land):
            raise ScenarioError(file, f"{key}.hex", f"a {m.type} cannot stand in {hx} ({board.hex(hx).kind})")
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


def load_scenario(name_or_path: str | Path = "gotland_redux", seed: int | None = 0,
                  forced: list[int] = (), auto_policies: dict[str, str] | None = None,
                  catalog: Catalog | None = None) -> Game:
    """Load a scenario by name (``scenarios/<name>.toml``) or path into a new Game.

    ``seed``/``forced`` set the Dice; ``auto_policies`` (e.g. ``{}`` for the
    defaults) makes the engine answer the defender's decisions itself.
    Raises ScenarioError.
    """
    sc, file = read_scenario(name_or_path)
    try:
        board = load_board(sc.scenario.map)
    except ScenarioError as e:
        raise ScenarioError(file, "scenario.map", f"no map named {sc.scenario.map!r} ({e.file})") from None
    catalog = catalog or load_catalog()
    state = build_state(sc, file, board, catalog)
    game = Game(state, board, catalog, Dice(seed=seed, forced=forced), auto_policies)
    game.map_name = sc.scenario.map
    game.scenario_info = sc
    sweep_naval_zor(Ctx(game.state, board, catalog))  # naval ZOR is constant (6.23)
    return game
