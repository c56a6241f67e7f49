"""Stage a situation in one call, the way python-chess reads a FEN.

:func:`situation` builds a ready :class:`~lcb_lab.games.lcb.game.Game` from a small
description: a synthetic board (or a named map), units with their hexes,
supplies, HP and face, Task Forces, MILDEC markers, Continuing Combat
hexes, Tactical Network cubes, initiative, turn, and the dice (forced
values and/or a seed).  :func:`situation_from_toml` reads the same
description from TOML.  Both validate everything first (pydantic for the
shape, then map and catalog cross-checks) and raise
:class:`~lcb_lab.kernel.errors.ScenarioError` ``(file, key, problem)`` for a
malformed description; nothing else escapes.

The situation of the 7.37 example (an LRS on a HIMARS in a brown hex,
intercepted from the same hex)::

    >>> import lcb_lab
    >>> g = lcb_lab.situation(
    ...     units={"1 Uran": ("runi_coastal_missile_section", "F-2"),
    ...            "1 Whiskey": {"type": "usmc_himars_section", "hex": "F-6", "face_up": True},
    ...            "1 Kilo": ("usmc_iamd_section", "F-6")},
    ...     colours={"F-6": "brown"}, initiative="RU", forced=[8, 12, 11, 16])
    >>> g.unit("1 Whiskey").task_force, g.board.hex("F-6").mp_cost, g.state.initiative
    ('TF Blue', 4, 'RU')

The synthetic board is ``size`` x ``size`` hexes (columns A.., rows 1..),
every hex green land unless listed in ``naval`` / ``mixed`` or recoloured
in ``colours``; ``cut`` lists hex pairs with no ground link (two islands,
5.111); ``features`` puts cities, towns, ports ... in hexes (4.1, 15.0).

Unit forms (``units`` maps a designator to one of these, or is a list of
legacy ``(uid, type, hex, task_force[, face_up])`` tuples):

* ``(type, hex)``, ``(type, hex, task_force)``, ``(type, hex, face_up)``,
  ``(type, hex, task_force, face_up)``;
* a dict with ``type`` and any of ``hex``, ``task_force``, ``face_up``,
  ``hp``, ``supply`` (``{slot: cubes}``, the rest full), ``embarked_on``,
  ``acted``, ``moved``, ``paralysed``, ``expended``.

A unit without ``task_force`` joins the first Task Force of its type's
team (by default ``"TF Blue"`` for US, ``"TF Red"`` for RU).
"""
from __future__ import annotations

import sys
import types
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, Iterable, Literal, Mapping, Optional

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, ValidationError, field_validator

from lcb_lab.games.lcb import hexes as lcb_hexes
from lcb_lab.games.lcb.io import inputs as I
from lcb_lab.games.lcb.io import ranges as R
from lcb_lab.games.lcb.model.board import MP_BY_COLOUR, Board, Feature, HexInfo, load_board, terrain_problem
from lcb_lab.games.lcb.model.catalog import Catalog, load_catalog
from lcb_lab.games.lcb.die import new_dice
from lcb_lab.kernel.errors import LabError, ScenarioError, pydantic_problem
from lcb_lab.kernel.files import parse_toml, read_text
from lcb_lab.games.lcb.io.save_check_pieces import check_trackers
from lcb_lab.games.lcb.model.state import DeployArea, GameState, GrayCube, Marker, Unit
from lcb_lab.games.lcb.rules.events.draw import begin_game
from lcb_lab.games.lcb.rules.optional.switches import validated as validated_optional
from lcb_lab.games.lcb.model.events import normalise_plan as normalise_events

if TYPE_CHECKING:
    from lcb_lab.games.lcb.game import Game
    from lcb_lab.games.lcb.model.cards import Decks

CALL = "<situation>"
"""The ``file`` of a ScenarioError raised for a Python call."""
DEFAULT_TASK_FORCES = {"TF Blue": "US", "TF Red": "RU"}

Team = Literal["US", "RU"]
Colour = Literal["blue", "green", "yellow", "orange", "brown", "red"]


class _M(BaseModel):
    model_config = ConfigDict(extra="forbid")


class UnitSpec(_M):
    type: str = Field(min_length=1)
    hex: Optional[str] = None
    task_force: Optional[str] = None
    face_up: bool = False
    hp: Optional[R.ranged(R.HP)] = None
    supply: dict[str, R.ranged(R.SUPPLY)] = {}
    embarked_on: Optional[str] = None
    acted: bool = False
    moved: bool = False
    paralysed: bool = False
    expended: bool = False
    area: list[str] = []                      # stage planning/deployment: hexes it may deploy in (3.2)
    embark_area: Optional[str] = None         # ... or the ship it deploys Embarked on (10.0)
    nation: Optional[I.Designator] = None     # sandbox: its national force (optional rule 17.1); default its team's


class CardSpec(_M):
    """One card of a team (:class:`lcb_lab.games.lcb.model.state.Card`): in the pool unless ``attach_to`` a unit
    (9.3, passive effects applied), ``embark_on`` a ship (10.0), or on the map in ``hex``;
    ``where`` "deployed" (a Persistent card in play, 9.21), "discarded" or "removed" sets it."""
    name: str = Field(min_length=1)
    where: Optional[Literal["pool", "deployed", "discarded", "removed"]] = None
    attach_to: Optional[str] = None
    embark_on: Optional[str] = None
    hex: Optional[str] = None
    face_up: bool = False
    expended: bool = False
    cubes: R.ranged(R.CARD_CUBES) = 0
    used: R.ranged(R.CARD_CUBES) = 0
    free: bool = False


class MarkerSpec(_M):
    hex: str
    type: Literal["mildec", "naval_mildec"] = "mildec"
    task_force: Optional[str] = None
    team: Optional[Team] = None
    face_up: bool = False


class SituationSpec(_M):
    """The whole description (the TOML form has exactly these keys)."""

    units: dict[I.Designator, UnitSpec] = {}
    map: Optional[str] = None                 # a named map instead of the synthetic board
    size: R.ranged(R.BOARD_SIZE) = 12
    naval: list[str] = []
    mixed: list[str] = []
    colours: dict[str, Colour] = {}
    cut: list[tuple[str, str]] = []
    features: dict[str, list[str]] = {}       # hex -> ["town", "port:Slite", ...]
    naval_zones: list[Literal["W1200", "W700", "E700", "E1200"]] = []   # zone boxes under the synthetic board (7.4)
    task_forces: dict[I.Designator, Team] = Field(default_factory=lambda: dict(DEFAULT_TASK_FORCES))
    markers: dict[I.Designator, MarkerSpec] = {}
    continuing: dict[str, Literal["continuing", "resolved"]] = {}
    network: dict[Team, R.ranged(R.NETWORK_CUBES)] = {}
    initiative: Team = "US"
    turn: R.ranged(R.TURNS) = 1
    max_turns: R.ranged(R.TURNS) = 3
    influence: R.ranged(R.INFLUENCE) = 0
    jccs: Optional[dict[Team, list[str]]] = None
    cards: dict[Team, list[CardSpec]] = {}
    stage: Literal["planning", "deployment", "action"] = "action"
    cp: dict[Team, R.ranged(R.CP)] = {}                  # CP left in the Planning Stage (3.12)
    planning_stages: R.ranged(R.PLANNING_STAGES) = 1   # 1: the first Planning Stage (9.31)
    forced: list[int] = []                    # d20 values 1..20, checked by Dice (7.02)
    seed: Optional[R.ranged(R.SEED)] = None
    naval_zor: bool = True                    # apply the constant naval ZOR at once (6.23)
    check_terrain: bool = True                # ships need water, ground units land (5.11)
    optional_rules: Annotated[list[str], AfterValidator(validated_optional)] = []   # optional rules switched on, by number (17.0, 7.514)
    interop_cubes: dict[Team, R.ranged(R.INTEROP_CUBES)] = {}   # 17.1: the cubes on a team's Interoperability Network card
    events: Any = {}                          # Event Cards by turn (16.0): {2: ["Fleeing Masses"]} or a list by turn
    events_random: R.ranged(R.EVENTS_RANDOM) = 0   # Event Cards drawn at random each turn (16.0)
    gray_cubes: dict[str, Literal["civilians", "objective"]] = {}   # hex -> a gray cube on the map (3.26)
    task_force_counters: dict[I.Designator, list[I.Designator]] = {}   # 4.35: counter name -> its units

    @field_validator("events")
    @classmethod
    def _events(cls, v: Any) -> dict[str, list[str]]:
        return normalise_events(v)


def situation(units: Mapping[str, Any] | list | tuple = (), *, toml: str | Path | None = None,
              board: Board | None = None, map: str | None = None, size: int | None = None,
              naval: Iterable[str] | None = None, mixed: Iterable[str] | None = None,
              colours: Mapping[str, str] | None = None, cut: Iterable[tuple[str, str]] | None = None,
              features: Mapping[str, str | list[str]] | None = None,
              naval_zones: Iterable[str] | None = None,
              task_forces: Mapping[str, str] | None = None, markers: Mapping[str, Any] | list[Marker] | None = None,
              continuing: Iterable[str] | Mapping[str, str] | None = None,
              network: Mapping[str, int] | None = None, initiative: str | None = None,
              turn: int | None = None, max_turns: int | None = None, influence: int | None = None,
              jccs: Mapping[str, list[str]] | None = None, forced: Iterable[int] | None = None, seed: int | None = None,
              auto: dict[str, str] | None = None, catalog: Catalog | None = None,
              naval_zor: bool | None = None, check_terrain: bool | None = None,
              cards: Mapping[str, list] | None = None, stage: str | None = None,
              cp: Mapping[str, int] | None = None, planning_stages: int | None = None,
              decks: Decks | None = None, optional_rules: Iterable[str] | None = None,
              interop_cubes: Mapping[str, int] | None = None,
              events: Mapping[int, Any] | list | None = None, events_random: int | None = None,
              gray_cubes: Mapping[str, str] | None = None,
              task_force_counters: Mapping[str, Iterable[str]] | None = None) -> Game:
    """A Game in the described situation (see the module docstring for the forms).

    Board: ``board`` (a :class:`Board`), or ``map`` (a named map such as
    ``"gotland"``), or the synthetic ``size`` x ``size`` board shaped by
    ``naval``/``mixed`` (hex lists), ``colours`` ({hex: colour}), ``cut``
    (hex pairs without a ground link) and ``features`` ({hex: kind, "kind:Name"
    or a list of them}); ``naval_zones`` (``["W700", "E1200"]`` or any of the four boxes of
    7.4) adds naval zones to the synthetic board: a unit's hex may then be a zone place such as
    ``"W700.1"`` (7.43, :mod:`lcb_lab.games.lcb.zones`).
    ``markers``: {mid: (hex, team_or_task_force[, type]) or dict} or a list of
    :class:`~lcb_lab.games.lcb.model.state.Marker`; ``continuing``: hexes (or {hex: "continuing"
    | "resolved"}) under a Continuing Combat marker (7.21); ``network``: {team:
    Tactical Network cubes} (7.6); ``forced``/``seed``: the Dice (7.01);
    ``auto``: decision policies (``{}`` = defaults).  ``toml``: a TOML text or
    file of the same keys; the keywords given here override it.
    ``naval_zor`` (default True) reveals ships inside an enemy naval ZOR (6.23);
    ``check_terrain`` (default True) refuses ships without water and ground
    units without land (5.11).
    ``cards``: {team: [name or {name, attach_to | embark_on | hex, face_up, where,
    expended, cubes, used, free}]} (:class:`CardSpec`; Attached cards are checked and their
    passive effects applied, 9.31); ``decks``: the card decks (a :class:`lcb_lab.games.lcb.model.cards.Decks`;
    default the packaged ones).  ``stage`` ("planning" | "deployment" | "action", default
    action) with ``cp`` ({team: CP left}) and ``planning_stages`` (1 = the first, 9.31);
    ``optional_rules``: the optional rules switched on, by number (``["17.3"]``; 17.0,
    :data:`lcb_lab.games.lcb.rules.optional.switches.OPTIONAL_RULES`); ``events``: the Event Cards
    by turn (``{2: ["Fleeing Masses"]}``, or a list by turn; 16.0) and ``events_random`` drawn at
    random each turn, resolved as each turn's Action Stage begins (turn 1's at once);
    ``gray_cubes``: ``{hex: "civilians" | "objective"}`` (3.26); ``task_force_counters``:
    ``{"TF 1": [designators]}``, units of one Task Force in one hex under one Task Force Counter,
    acting as one stack (4.35, :mod:`lcb_lab.games.lcb.model.tf_counters`); a
    unit with neither hex nor embarked_on is off the map, to deploy in its ``area`` (hexes)
    or on its ``embark_area`` ship (3.2).  Optional rule 17.1: a unit's ``nation`` (sandbox; default
    its team's name) and ``interop_cubes`` ({team: 1..5}, the scenario's cubes on the team's
    Interoperability Network; :mod:`lcb_lab.games.lcb.rules.optional.interoperability`).

    Returns a new :class:`~lcb_lab.games.lcb.game.Game` (turn ``turn``, Action Stage unless ``stage``,
    no impulse in progress).  Raises ScenarioError(file, key, problem).
    """
    raw, file = ({}, CALL) if toml is None else _read_toml(toml)
    given = dict(map=map, size=size, naval=naval, mixed=mixed, colours=colours, cut=cut,
                 features=features, naval_zones=naval_zones, task_forces=task_forces, continuing=continuing, network=network,
                 initiative=initiative, turn=turn, max_turns=max_turns, influence=influence, jccs=jccs,
                 forced=forced, seed=seed, naval_zor=naval_zor, check_terrain=check_terrain,
                 stage=stage, cp=cp, planning_stages=planning_stages, optional_rules=optional_rules,
                 interop_cubes=interop_cubes, events=events, events_random=events_random, gray_cubes=gray_cubes,
                 task_force_counters=task_force_counters)
    if cards is not None:
        given["cards"] = {t: [{"name": c} if isinstance(c, str) else dict(c) for c in cs] for t, cs in cards.items()}
    raw.update({k: _plain(k, v) for k, v in given.items() if v is not None})
    if units:
        raw["units"] = _units_raw(units, file)
    if markers:
        raw["markers"] = _markers_raw(markers, file)
    return build(validate(raw, file), file, board=board, auto=auto, catalog=catalog, decks=decks)


def situation_from_toml(text_or_path: str | Path, *, board: Board | None = None,
                        auto: dict[str, str] | None = None, catalog: Catalog | None = None) -> Game:
    """:func:`situation` from TOML (a file path or the text itself).

    The keys are those of :class:`SituationSpec`; units and markers are tables
    named by designator, e.g. ``[units."1 Whiskey"]`` with ``type = ...``,
    ``hex = ...``.  Raises ScenarioError(file, key, problem).
    """
    raw, file = _read_toml(text_or_path)
    return build(validate(raw, file), file, board=board, auto=auto, catalog=catalog)


# ---- reading -----------------------------------------------------------------
def _read_toml(src: str | Path) -> tuple[dict, str]:
    is_path = isinstance(src, Path) or (isinstance(src, str) and "\n" not in src and "=" not in src)
    if is_path:  # the safe reader: missing, a folder, not UTF-8, too large -> ScenarioError naming the file
        file = str(src)
        text = read_text(src, "situation")
    elif isinstance(src, str):
        text, file = src, "<toml>"
    else:
        raise ScenarioError(CALL, "toml", f"give TOML text or a file path, not {type(src).__name__}")
    return parse_toml(text, file), file


def _plain(key: str, v: Any) -> Any:
    """Python-call conveniences -> the TOML shape."""
    if key in ("naval", "mixed", "forced", "cut", "optional_rules") and isinstance(v, (set, frozenset, tuple)):
        return [list(x) if isinstance(x, (tuple, list, frozenset, set)) else x for x in v]
    if key == "cut" and isinstance(v, list):
        return [list(x) if isinstance(x, (tuple, frozenset, set)) else x for x in v]
    if key == "task_force_counters" and isinstance(v, Mapping):
        return {n: list(u) if isinstance(u, (list, tuple, set, frozenset)) else u for n, u in v.items()}
    if key == "continuing" and isinstance(v, (list, tuple, set)):
        return {h: "continuing" for h in v}
    if key == "features" and isinstance(v, Mapping):
        return {h: [f] if isinstance(f, str) else list(f) for h, f in v.items()}
    return dict(v) if isinstance(v, Mapping) else v


def _units_raw(units, file: str) -> dict:
    if isinstance(units, Mapping):
        return {uid: _unit_raw(uid, spec, file) for uid, spec in units.items()}
    out: dict[str, Any] = {}
    for i, spec in enumerate(units):
        if not isinstance(spec, (tuple, list)) or not 4 <= len(spec) <= 5:
            raise ScenarioError(file, f"units[{i}]", "give (uid, type, hex, task_force[, face_up]) "
                                "or map designators to units")
        uid = spec[0]
        if uid in out:
            raise ScenarioError(file, f"units.{uid}", "duplicate unit designator")
        out[uid] = {"type": spec[1], "hex": spec[2], "task_force": spec[3],
                    "face_up": bool(spec[4]) if len(spec) > 4 else False}
    return out


def _unit_raw(uid: str, spec: Any, file: str) -> Any:
    if not isinstance(spec, (tuple, list)):
        return spec   # a dict (or garbage): pydantic checks it
    if not 2 <= len(spec) <= 4:
        raise ScenarioError(file, f"units.{uid}", "give (type, hex[, task_force][, face_up]) or a dict")
    d: dict[str, Any] = {"type": spec[0], "hex": spec[1]}
    for x in spec[2:]:
        d["face_up" if isinstance(x, bool) else "task_force"] = x
    return d


def _markers_raw(markers, file: str) -> dict:
    if isinstance(markers, Mapping):
        out = {}
        for mid, m in markers.items():
            if isinstance(m, (tuple, list)):
                if not 2 <= len(m) <= 3:
                    raise ScenarioError(file, f"markers.{mid}", "give (hex, team or task force[, type]) or a dict")
                side = "team" if m[1] in ("US", "RU") else "task_force"
                m = {"hex": m[0], side: m[1], **({"type": m[2]} if len(m) > 2 else {})}
            out[mid] = m
        return out
    out = {}
    for i, m in enumerate(markers):
        if not isinstance(m, Marker):
            raise ScenarioError(file, f"markers[{i}]", "give Marker objects or map names to markers")
        out[m.mid] = {"hex": m.hex, "type": m.type_id, "task_force": m.task_force, "face_up": m.revealed}
    return out


def validate(raw: dict, file: str = CALL) -> SituationSpec:
    """The description as a :class:`SituationSpec`. Raises ScenarioError."""
    try:
        return SituationSpec.model_validate(raw)
    except ValidationError as e:
        err = e.errors()[0]
        loc = [p for p in err["loc"] if p != "[key]"]          # a bad designator names its own entry
        key = ".".join(_short(I.printable(p)) for p in loc) or "(top)"
        raise ScenarioError(file, key, pydantic_problem(err)) from None


def _short(part: str, most: int = 40) -> str:
    return part if len(part) <= most else f"{part[:most]}... ({len(part)} characters)"


# ---- building ----------------------------------------------------------------
def synthetic_board(size: int = 12, naval: Iterable[str] = (), mixed: Iterable[str] = (),
                    colours: Mapping[str, str] | None = None, cut: Iterable[tuple[str, str]] = (),
                    features: Mapping[str, str | list[str]] | None = None, file: str = CALL,
                    zones: Iterable[str] = ()) -> Board:
    """A ``size`` x ``size`` test board: green land unless ``naval``/``mixed``/
    ``colours`` say otherwise; ``cut``: hex pairs with no ground link (5.111);
    ``features``: {hex: ["town", "port:Slite", ...]}; ``zones``: its naval-zone boxes (7.4).
    Raises ScenarioError."""
    labels = [lcb_hexes.Hex(c, r).label for c in range(1, size + 1) for r in range(1, size + 1)]
    on = set(labels)

    def lab(h: str, key: str) -> str:
        try:
            x = lcb_hexes.normalise(h)
        except (ValueError, TypeError, AttributeError):
            raise ScenarioError(file, key, f"{h!r} is not a hex label like 'F-6'") from None
        if x not in on:
            raise ScenarioError(file, key, f"{x} is not on the {size} x {size} board")
        return x
    naval = {lab(h, "naval") for h in naval}
    mixed = {lab(h, "mixed") for h in mixed}
    colours = {lab(h, f"colours.{h}"): c for h, c in (colours or {}).items()}
    bad = [c for c in colours.values() if c not in MP_BY_COLOUR]
    if bad:
        raise ScenarioError(file, "colours", f"{bad[0]!r} is not one of {sorted(MP_BY_COLOUR)}")
    cut = {frozenset(lab(h, "cut") for h in p) for p in cut}
    feats = {lab(h, f"features.{h}"): tuple(_feature(f) for f in fs) for h, fs in (features or {}).items()}
    kind = {h: "naval" if h in naval else "mixed" if h in mixed else "land" for h in labels}
    hexes = {}
    for h in labels:
        nbs = [n.label for n in lcb_hexes.neighbours(h) if n.label in kind]
        ground = tuple(n for n in nbs if kind[h] != "naval" and kind[n] != "naval"
                       and frozenset((h, n)) not in cut)
        water = tuple(n for n in nbs if kind[h] != "land" and kind[n] != "land")
        colour = colours.get(h, "blue" if kind[h] == "naval" else "green")
        hexes[h] = HexInfo(h, kind[h], colour, 0.0 if kind[h] == "naval" else 1.0, feats.get(h, ()),
                           ground, water)
    return Board("test", hexes, {"lon0": 0, "lat0": 0, "km_per_deg_lon": 100, "km_per_deg_lat": 100},
                 zones=tuple(z for z in ("W1200", "W700", "E700", "E1200") if z in set(zones)))


def _feature(f: str | Feature) -> Feature:
    if isinstance(f, Feature):
        return f
    kind, _, name = str(f).partition(":")
    return Feature(kind.strip(), name.strip() or kind.strip())


def build(sp: SituationSpec, file: str = CALL, board: Board | None = None,
          auto: dict[str, str] | None = None, catalog: Catalog | None = None, decks: Decks | None = None) -> Game:
    """A Game from a validated description. Raises ScenarioError."""
    from lcb_lab.games.lcb.game import Game
    from lcb_lab.games.lcb.rules.common import Ctx
    from lcb_lab.games.lcb.rules.movement.conceal import sweep_naval_zor
    cat = catalog or load_catalog()
    if board is None:
        board = _named_map(sp.map, file) if sp.map else synthetic_board(
            sp.size, sp.naval, sp.mixed, sp.colours, sp.cut, sp.features, file, sp.naval_zones)
    tfs = dict(sp.task_forces)
    units = {uid: _unit(uid, e, sp, tfs, board, cat, file) for uid, e in sp.units.items()}
    for uid, u in units.items():
        if u.embarked_on and u.embarked_on not in units:
            raise ScenarioError(file, f"units.{uid}.embarked_on", f"no unit {u.embarked_on!r} to embark on")
        host = units.get(u.embarked_on) if u.embarked_on else None
        if host is not None and (host is u or host.embarked_on or host.team != u.team):
            raise ScenarioError(file, f"units.{uid}.embarked_on", f"{uid} cannot embark on {u.embarked_on}: "
                                "a friendly host that is not embarked itself (10.0)")
    state = GameState(
        "situation", sp.turn, sp.max_turns, sp.stage, sp.initiative, tfs, [], units,
        markers={mid: _marker(mid, m, tfs, board, file) for mid, m in sp.markers.items()},
        network_cubes={"US": 0, "RU": 0, **sp.network}, influence=sp.influence,
        influence_turn_start=sp.influence,
        continuing={_hex(board, h, file, f"continuing.{h}"): v for h, v in sp.continuing.items()})
    check_trackers(state, file, prefix="")   # what a save of it would be refused for
    _check_loads(state, board, cat, file)
    state.cp = {"US": 0, "RU": 0, **sp.cp}
    state.planning_stages = sp.planning_stages
    state.optional_rules = list(sp.optional_rules)
    state.events_plan, state.events_random = dict(sp.events), sp.events_random
    for i, (h, kind) in enumerate(sp.gray_cubes.items()):          # 3.26
        state.gray_cubes[f"GC-{i + 1}"] = GrayCube(f"GC-{i + 1}", kind, _hex(board, h, file, f"gray_cubes.{h}"))
    _places_and_counters(state, sp, cat, file)        # 7.43: one team per zone place; 4.35
    state.deploy_areas = {uid: DeployArea([_hex(board, h, file, f"units.{uid}.area") for h in e.area], e.embark_area)
                          for uid, e in sp.units.items() if e.area or e.embark_area}
    _cards(state, sp, board, cat, decks, file)
    _interop(state, sp, units, board, cat, decks)
    if sp.jccs is not None:
        state.jccs = {t: list(sp.jccs.get(t, [])) for t in ("US", "RU")}
        state.migrate_jccs()
    try:
        dice = new_dice(seed=sp.seed, forced=sp.forced)
    except LabError as e:
        raise ScenarioError(file, "forced", str(e)) from None
    begin_game(Ctx(state, board, cat, dice, decks))     # turn 1's Event Cards (16.0)
    game = Game(state, board, cat, dice, auto)
    game.decks = decks
    game.map_name = sp.map or board.name
    if sp.naval_zor:
        sweep_naval_zor(Ctx(game.state, board, cat))   # constant (6.23)
    return game


def _interop(state: GameState, sp: SituationSpec, units: dict, board: Board, cat: Catalog, decks) -> None:
    """17.1 (sandbox): the nations, the cubes and the Interoperability Network card
    (:func:`lcb_lab.games.lcb.rules.optional.interoperability.setup`)."""
    from lcb_lab.games.lcb.model.cards import load_decks
    from lcb_lab.games.lcb.rules.common import Ctx
    from lcb_lab.games.lcb.rules.cards.jcc import add_card
    from lcb_lab.games.lcb.rules.optional import interoperability
    nations = {uid: e.nation for uid, e in sp.units.items() if e.nation and e.nation != units[uid].team}
    interoperability.setup(Ctx(state, board, cat, None, decks or load_decks()), nations, dict(sp.interop_cubes),
                           add_card)


def _places_and_counters(state: GameState, sp: SituationSpec, cat: Catalog, file: str) -> None:
    """Refuse opposing counters in one naval-zone place (7.43); place the Task Force Counters
    (4.35).  Raises ScenarioError."""
    from lcb_lab.games.lcb.rules.combat.naval_zones import opposing_in_place
    from lcb_lab.games.lcb.rules.movement import tf_counters
    clash = opposing_in_place(state)
    if clash:
        where = "markers" if clash[0] in state.markers else "units"
        raise ScenarioError(file, f"{where}.{clash[0]}.hex", clash[1])
    tf_counters.load(state, dict(sp.task_force_counters), cat, file, "task_force_counters.{}")


def _check_loads(state: GameState, board: Board, cat: Catalog, file: str) -> None:
    """The embarked units fit aboard their ships, one by one as a scenario file's do (10.21;
    :func:`lcb_lab.games.lcb.rules.embarking.embark.loads_problem`). Raises ScenarioError."""
    from lcb_lab.games.lcb.rules.common import Ctx
    from lcb_lab.games.lcb.rules.embarking import embark
    problem = embark.loads_problem(Ctx(state, board, cat), [u.uid for u in state.units.values() if u.embarked_on])
    if problem:
        uid, rule, reason = problem
        raise ScenarioError(file, f"units.{uid}.embarked_on", f"{reason} (rule {rule})")


def _cards(state: GameState, sp: SituationSpec, board: Board, cat: Catalog, decks, file: str) -> None:
    """Put the described cards into the game (module doc of :class:`CardSpec`). ScenarioError."""
    from lcb_lab.games.lcb.model.cards import load_decks
    from lcb_lab.kernel.errors import IllegalAction, UnknownName
    from lcb_lab.games.lcb.rules.stages import planning
    from lcb_lab.games.lcb.rules.common import Ctx
    from lcb_lab.games.lcb.rules.cards.jcc import add_card
    ctx = Ctx(state, board, cat, None, decks or load_decks())
    for team, specs in sp.cards.items():
        for i, c in enumerate(specs):
            key = f"cards.{team}[{i}]"
            try:
                ctx.ctype(c.name, team)
            except UnknownName:
                raise ScenarioError(file, f"{key}.name", f"no card {c.name!r} in the {team} deck") from None
            card = add_card(ctx, team, c.name, free=c.free)
            card.face_up, card.expended, card.cubes, card.used = c.face_up, c.expended, c.cubes, c.used
            try:
                if c.attach_to:
                    planning.attach(ctx, card, c.attach_to)
                elif c.embark_on:
                    planning.embark(ctx, card, c.embark_on)
            except IllegalAction as ex:
                raise ScenarioError(file, key, f"{ex.reason} (rule {ex.rule})") from None
            if c.hex:
                card.where, card.hex, card.deployed = "deployed", _hex(board, c.hex, file, f"{key}.hex"), True
            if c.where:
                card.where = c.where
                card.deployed = card.deployed or c.where == "deployed"
    planning.sync_legacy(state)


def _named_map(name: str, file: str) -> Board:
    try:
        return load_board(name)
    except ScenarioError as e:
        raise ScenarioError(file, "map", e.problem) from None


def _hex(board: Board, label: str, file: str, key: str) -> str:
    try:
        lab = board.canonical(label)
        board.hex(lab)
        return lab
    except (LabError, ValueError, TypeError):
        raise ScenarioError(file, key, f"{label!r} is not a hex of the {board.name} map") from None


def _unit(uid: str, e: UnitSpec, sp: SituationSpec, tfs: dict[str, str], board: Board,
          cat: Catalog, file: str) -> Unit:
    key = f"units.{uid}"
    t = cat.units.get(e.type)
    if t is None:
        raise ScenarioError(file, f"{key}.type", f"unknown unit type {e.type!r}")
    tf = e.task_force or next((n for n, team in tfs.items() if team == t.team), None)
    if tf not in tfs:
        raise ScenarioError(file, f"{key}.task_force", f"no Task Force {tf!r} (known: {', '.join(tfs)})"
                            if tf else f"no Task Force of team {t.team}")
    if tfs[tf] != t.team:
        raise ScenarioError(file, f"{key}.type", f"{e.type} is a {t.team} type but {tf} is {tfs[tf]}")
    if e.hex is not None and e.embarked_on is not None or (
            e.hex is None and e.embarked_on is None and sp.stage == "action"):
        raise ScenarioError(file, key, "give exactly one of hex or embarked_on (in the Action Stage)")
    hx = None if e.hex is None else _hex(board, e.hex, file, f"{key}.hex")
    if hx is not None and sp.check_terrain:          # the one terrain check (5.11, 14.02 NOTE)
        problem = terrain_problem(board, hx, t.domain, uid)
        if problem is not None:
            raise ScenarioError(file, f"{key}.hex", problem.text)
    full = {c.slot: c.supply for c in t.cvs if c.supply is not None}
    if t.rp:
        full["RP"] = t.rp
    for slot, n in e.supply.items():
        if slot not in full:
            raise ScenarioError(file, f"{key}.supply.{slot}", f"{e.type} has no limited-supply slot {slot!r} "
                                f"(slots: {', '.join(full) or 'none'})")
        if not 0 <= n <= full[slot]:
            raise ScenarioError(file, f"{key}.supply.{slot}", f"{n} is outside 0..{full[slot]} (8.02)")
    hp = t.hp if e.hp is None else e.hp
    if hp > t.hp:
        raise ScenarioError(file, f"{key}.hp", f"{hp} is more than the {t.hp} HP of {e.type}")
    return Unit(uid, e.type, t.team, tf, hx, hp, {**full, **e.supply}, e.face_up, e.embarked_on,
                acted=e.acted, moved=e.moved, paralysed=e.paralysed, expended=e.expended)


def _marker(mid: str, m: MarkerSpec, tfs: dict[str, str], board: Board, file: str) -> Marker:
    key = f"markers.{mid}"
    tf = m.task_force or next((n for n, team in tfs.items() if team == m.team), None)
    if tf not in tfs:
        raise ScenarioError(file, f"{key}.task_force", "give the marker's task_force (or team)"
                            if tf is None else f"no Task Force {tf!r}")
    if m.team is not None and tfs[tf] != m.team:
        raise ScenarioError(file, f"{key}.team", f"{tf} is {tfs[tf]}, not {m.team}")
    return Marker(mid, m.type, tfs[tf], tf, _hex(board, m.hex, file, f"{key}.hex"), m.face_up)


class _CallableModule(types.ModuleType):
    """``lcb_lab.situation`` is this module when it was imported before the
    package attribute was looked up; calling it calls :func:`situation`."""

    def __call__(self, *args, **kwargs):
        return situation(*args, **kwargs)


sys.modules[__name__].__class__ = _CallableModule
