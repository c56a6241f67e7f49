"""The save check's per-piece checks and the helpers every part of it shares.

:func:`lcb_lab.games.lcb.io.save_check.check_save` calls these on the typed state; each refuses
with a :class:`~lcb_lab.kernel.errors.ScenarioError` (file, key, problem) naming the key like
``state.units[DDG-51].hp`` (:func:`key_of`):

* a per-team table (Tactical Network cubes, kills, CP, free cards, SOT, reinforcements)
  without both teams, a team table with an unknown team, ``max_turns`` outside 1..20
  (:data:`lcb_lab.games.lcb.io.ranges.TURNS`), a turn outside 1..max_turns
  (:func:`check_trackers`, :func:`check_every_team`; a situation checks what it builds with them);
* an Influence Meter outside -10..10 (15.0), negative cubes or kills;
* a unit or marker of an unknown team, Task Force, unit type or marker type; designators
  with control characters; a unit filed under another id;
* HP below 0 or above the type's HP (4.21); a supply below 0 or in a slot the
  type does not have (4.32);
* a hex off the map; a ship on land or a ground unit at sea, with the scenario
  loader's own check (:func:`lcb_lab.games.lcb.model.board.place_problem`, 5.11);
* a dangling ``embarked_on``, a unit both on the map and embarked (10.0);
* an impulse of an unknown Task Force or another team, transfers of unknown units or negative,
  actions naming unknown units or markers.

The shared helpers (``_refuse``, ``_typed``, ``_Exact``, ``_designator``, :func:`key_of`) live
here, the lowest of the save check's modules, so that none imports another in a cycle.
"""
from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, ValidationError

from lcb_lab.games.lcb.io import inputs as I
from lcb_lab.games.lcb.io import ranges as R
from lcb_lab.games.lcb.model.board import Board, place_problem
from lcb_lab.games.lcb.model.catalog import Catalog, marker_is_naval
from lcb_lab.kernel.errors import ScenarioError, pydantic_problem
from lcb_lab.games.lcb.rules.stages.influence import LIMIT as INFLUENCE_LIMIT
from lcb_lab.games.lcb.model.state import TEAMS

_NAMED = ("units", "markers", "task_forces", "continuing", "network_cubes", "kills", "influence_kills",
          "total_kills", "supply",
          "cards", "cp", "cp_bonus", "free_cards", "deploy_areas", "placements", "card_markers", "port_cubes", "sot",
          "reinforcements", "ap_loss", "transfers")


class _Exact(BaseModel):
    model_config = ConfigDict(strict=True, extra="forbid", defer_build=True)


def _typed(model: type[BaseModel], data: Any, file: str, prefix: str) -> BaseModel:
    try:
        return model.model_validate(data)
    except ValidationError as e:
        err = e.errors()[0]
        raise ScenarioError(file, key_of(prefix, err["loc"]), pydantic_problem(err)) from None


def key_of(prefix: str, loc: tuple) -> str:
    """Dotted key, named entries in brackets: ``state.units[DDG-51].hp``, ``state.impulse.actions[0]``."""
    out, prev = prefix, None
    for p in loc:
        out += f"[{I.printable(p)}]" if isinstance(p, int) or prev in _NAMED else f".{I.printable(p)}"
        prev = p if isinstance(p, str) and prev not in _NAMED else None
    return out


def _refuse(file: str, key: str, problem: str):
    raise ScenarioError(file, key, problem)


def check_team_counts(s: Any, keys: tuple[str, ...], file: str, prefix: str = "state.") -> None:
    """The per-team counts ``keys`` of state ``s``: each keyed by a known team and not negative.
    Raises ScenarioError naming ``file`` and the key (``state.cp[XX]``)."""
    for key in keys:
        for team, n in getattr(s, key).items():
            if team not in TEAMS:
                _refuse(file, f"{prefix}{key}[{I.printable(team)}]", f"unknown team {team!r}; known: US, RU")
            if n < 0:
                _refuse(file, f"{prefix}{key}[{team}]", f"cannot be negative ({n})")


def check_trackers(s: Any, file: str, prefix: str = "state.") -> None:
    """``max_turns`` within 1..20 (:data:`lcb_lab.games.lcb.io.ranges.TURNS`), turn within
    1..max_turns, the Influence Meter within -10..10 (15.0), Tactical Network cubes and kills
    per known team and not negative, every per-team table with both teams (:func:`check_every_team`).  ``s``: a GameState or its typed save
    form (a situation checks what it builds with this, so its saves load).  Raises ScenarioError."""
    problem = R.TURNS.problem(s.max_turns)
    if problem:
        _refuse(file, f"{prefix}max_turns", problem)
    if not 1 <= s.turn <= s.max_turns:
        _refuse(file, f"{prefix}turn", f"turn {s.turn} is not in 1..max_turns ({s.max_turns})")
    for key in ("influence", "influence_turn_start"):
        v = getattr(s, key)
        if not -INFLUENCE_LIMIT <= v <= INFLUENCE_LIMIT:
            _refuse(file, f"{prefix}{key}", f"the Influence Meter runs -{INFLUENCE_LIMIT}..{INFLUENCE_LIMIT} "
                    f"(15.0), not {v}")
    check_team_counts(s, ("network_cubes", "kills", "influence_kills", "total_kills"), file, prefix)
    check_every_team(s, file, prefix)


PER_TEAM = ("network_cubes", "kills", "influence_kills", "total_kills", "cp", "free_cards", "sot", "reinforcements")
"""The state's tables with an entry for each team (their defaults hold both)."""

SOME_TEAMS = ("cp_bonus", "ap_loss")
"""The state's tables with entries for some teams only (none: nothing granted or lost)."""


def check_every_team(s: Any, file: str, prefix: str = "state.") -> None:
    """Each :data:`PER_TEAM` table has both teams; :data:`SOME_TEAMS` tables only known teams.
    Raises ScenarioError."""
    for key in PER_TEAM + SOME_TEAMS:
        table = getattr(s, key)
        for team in table:
            if team not in TEAMS:
                _refuse(file, f"{prefix}{key}[{I.printable(team)}]", f"unknown team {team!r}; known: US, RU")
        for team in TEAMS if key in PER_TEAM else ():
            if team not in table:
                _refuse(file, f"{prefix}{key}[{team}]", "missing: the table has an entry for each team, US and RU")


def _designator(file: str, key: str, name: str) -> None:
    problem = I.designator_problem(name)
    if problem:
        _refuse(file, key, problem)


def _piece(s: Any, key: str, piece: Any, ident: str, own_id: str, file: str) -> None:
    """Checks units and markers share: designator, id, team, Task Force."""
    _designator(file, key, own_id)
    if ident != own_id:
        _refuse(file, key, f"filed under {own_id!r} but named {ident!r}")
    if piece.team not in TEAMS:
        _refuse(file, f"{key}.team", f"unknown team {piece.team!r}; known: US, RU")
    if piece.task_force not in s.task_forces:
        _refuse(file, f"{key}.task_force", f"unknown Task Force {piece.task_force!r}")
    if s.task_forces[piece.task_force] != piece.team:
        _refuse(file, f"{key}.task_force", f"{piece.task_force} is {s.task_forces[piece.task_force]}, "
                f"not {piece.team}")


def _on_map(board: Board, file: str, key: str, label: str, naval: bool, who: str) -> None:
    if label not in board.hexes and not board.is_zone_place(label):    # a naval-zone place (7.43) is a place too
        _refuse(file, key, f"hex {label!r} is not on the {board.name} map"
                + (f" ({board.name} has no naval zone {label.split('.')[0]}, 7.4)" if "." in label else ""))
    problem = place_problem(board, label, naval, who)
    if problem:
        _refuse(file, key, problem)


def _check_unit(s: Any, uid: str, u: Any, board: Board, catalog: Catalog, file: str) -> None:
    key = f"state.units[{I.printable(uid)}]"
    if u.type_id not in catalog.units:
        _refuse(file, f"{key}.type_id", f"unknown unit type {u.type_id!r}")
    _piece(s, key, u, u.uid, uid, file)
    t = catalog.units[u.type_id]
    if t.team != u.team:
        _refuse(file, f"{key}.team", f"{u.type_id} is a {t.team} type, not {u.team}")
    if u.hp < 0:                     # the top is the invariants' (hp_max: an Attached card may raise it, 9.31)
        _refuse(file, f"{key}.hp", f"HP {u.hp} is not in 0..{t.hp} ({u.type_id}'s HP, 4.21)")
    slots = {c.slot for c in t.cvs if c.supply is not None} | ({"RP"} if t.rp else set())
    for slot, n in u.supply.items():
        if slot not in slots:
            _refuse(file, f"{key}.supply[{slot}]", f"{u.type_id} has no finite supply track {slot!r} (4.32)")
        if n < 0:
            _refuse(file, f"{key}.supply[{slot}]", f"supply cannot be negative ({n})")
    if u.embarked_on is not None:
        host = s.units.get(u.embarked_on)
        if host is None:
            _refuse(file, f"{key}.embarked_on", f"no unit {u.embarked_on!r} to be embarked on")
        if u.hex is not None or host.team != u.team or u.embarked_on == uid or host.embarked_on is not None:
            _refuse(file, f"{key}.embarked_on", f"{uid} cannot be embarked on {u.embarked_on} "
                    "(a friendly ship that is not embarked itself, and then not on the map: 10.0)")
    if u.hex is not None:
        _on_map(board, file, f"{key}.hex", u.hex, t.domain != "ground", uid)   # a submarine is in water (14.02)


def _check_marker(s: Any, mid: str, m: Any, board: Board, catalog: Catalog, file: str) -> None:
    key = f"state.markers[{I.printable(mid)}]"
    if m.type_id not in catalog.markers and m.type_id not in ("mildec", "naval_mildec"):
        _refuse(file, f"{key}.type_id", f"unknown marker type {m.type_id!r}")
    _piece(s, key, m, m.mid, mid, file)
    _on_map(board, file, f"{key}.hex", m.hex, marker_is_naval(catalog, m.type_id), mid)


def _check_impulse(s: Any, imp: Any, file: str) -> None:
    key = "state.impulse"
    if imp.task_force not in s.task_forces:
        _refuse(file, f"{key}.task_force", f"unknown Task Force {imp.task_force!r}")
    if imp.team != s.task_forces[imp.task_force]:
        _refuse(file, f"{key}.team", f"{imp.task_force} is {s.task_forces[imp.task_force]}, not {imp.team!r}")
    for uid, n in imp.transfers.items():        # a ship's cargo through a port this impulse (12.3, 12.54)
        if uid not in s.units:
            _refuse(file, f"{key}.transfers[{I.printable(uid)}]", f"no unit {uid!r}")
        if n < 0:
            _refuse(file, f"{key}.transfers[{I.printable(uid)}]", f"cannot be negative ({n})")
    for i, a in enumerate(imp.actions):
        for uid in a.units:
            if uid not in s.units:
                _refuse(file, f"{key}.actions[{i}].units", f"no unit {uid!r}")
        for mid in a.markers:
            if mid not in s.markers:
                _refuse(file, f"{key}.actions[{i}].markers", f"no marker {mid!r}")
