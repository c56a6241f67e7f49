"""A saved game is checked like a scenario before it becomes a Game.

:func:`check_save` is called by :meth:`lcb_lab.games.lcb.io.persistence.GamePersistence.from_json`
on the JSON text.  It refuses, with a
:class:`~lcb_lab.kernel.errors.ScenarioError` (file, key, problem) naming the key
like ``state.units[DDG-51].hp``:

* text that is not JSON, nested too deep, or not an object (``Game.from_json(5)``
  raises :class:`~lcb_lab.kernel.errors.InputError`);
* a map name that is not a plain name in the maps folder (no paths);
* any state field of the wrong type (strict: no ``"2"`` or ``2.0`` for an int,
  no NaN), unknown fields on the state and every record in it (an older combat plan's
  ``queue`` aside), on log entries, SOT entries and a saved map;
* a per-team table (Tactical Network cubes, kills, CP, free cards, SOT, reinforcements)
  without both teams, a team table with an unknown team, ``max_turns`` outside 1..20
  (:data:`lcb_lab.games.lcb.io.ranges.TURNS`);
* a record whose keys are not ``initial`` and ``steps``, or whose initial state and dice fail
  these same checks (keys ``record.initial.state...``);
* an unknown team, stage, Task Force, unit type or marker type; designators
  with control characters; a unit filed under another id;
* HP below 0 or above the type's HP (4.21); a supply below 0 or in a slot the
  type does not have (4.32);
* a hex off the map; a ship on land or a ground unit at sea, with the scenario
  loader's own check (:func:`lcb_lab.games.lcb.model.board.place_problem`, 5.11);
* a dangling ``embarked_on``, a unit both on the map and embarked (10.0);
* an Influence Meter outside -10..10 (15.0), negative cubes or kills;
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
* a card filed under another cid, of an unknown team or place, an Attached / Embarked card
  without a host unit of its team, a card hex off the map (9.0, 9.3, 10.0);
* Planning / Deployment fields: CP, CP bonus and free cards per known team and not negative,
  ``ready`` teams known and once, deployment areas of known units with hexes on the map,
  placements of known cards, later Planning Stages within 2..max_turns (3.1, 3.2, 15.14);
* chapters 10-14 (a save without a record is checked here only): an Embarked card on a ship that
  is not Embark-capable (10.2); card markers of an unknown kind or team, off the map, of a
  card not in the game (a scenario's mines / fortifications may have none), with negative
  HP, a level below 1, cargo that is not off the map, an unknown host (13.x, 12.2); SOT
  entries not ``{"sub", "turn", "impulse", "hex", "public": bool}``, of a unit that is not a
  submarine of that team, or in a hex that is not open water (14.02, 14.03); port cubes off a
  large port or of an unknown team (12.3); an ``embark_losses`` choice whose ship is not
  Embark-capable or which offers units / cards not aboard it (10.311).
"""
from __future__ import annotations

import dataclasses
import typing
from typing import Any, Optional

from pydantic import BaseModel, ConfigDict, ValidationError

from lcb_lab.games.lcb.choices import check_policies
from lcb_lab.games.lcb.io import inputs as I
from lcb_lab.games.lcb.io import ranges as R
from lcb_lab.games.lcb.model.board import Board, board_from_dict, load_board, map_name_problem, place_problem
from lcb_lab.games.lcb.model.catalog import Catalog, load_catalog, marker_is_naval
from lcb_lab.games.lcb.choices import CHOICE_KINDS, CardResponseChoice, EmbarkLossesChoice
from lcb_lab.kernel.errors import InputError, ScenarioError
from lcb_lab.games.lcb.io.files import parse_json
from lcb_lab.games.lcb.rules.stages.influence import LIMIT as INFLUENCE_LIMIT
from lcb_lab.kernel.datacodec import DataError, from_data
from lcb_lab.games.lcb.model.state import TEAMS, CombatPlan, GameState

STAGES = ("planning", "deployment", "action", "over")
"""Game stages a state may be in (3.0; ``over`` after a Victory Check, 3.5)."""

_NAMED = ("units", "markers", "task_forces", "continuing", "network_cubes", "kills", "total_kills", "supply",
          "cards", "cp", "cp_bonus", "free_cards", "deploy_areas", "placements", "card_markers", "port_cubes", "sot",
          "reinforcements", "ap_loss", "transfers")


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
        return from_data(GameState, data, _forbid_extra)
    except DataError as e:
        raise ScenarioError(file, key_of("state", e.loc), e.problem) from None


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


_SavedDice = I.DiceState

_Teams = list[typing.Literal["US", "RU"]]


class _Loose(BaseModel):
    model_config = ConfigDict(strict=True, extra="allow", defer_build=True)


class _Exact(BaseModel):
    model_config = ConfigDict(strict=True, extra="forbid", defer_build=True)


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


def _typed(model: type[BaseModel], data: Any, file: str, prefix: str) -> BaseModel:
    try:
        return model.model_validate(data)
    except ValidationError as e:
        err = e.errors()[0]
        raise ScenarioError(file, key_of(prefix, err["loc"]), err["msg"]) from None


def key_of(prefix: str, loc: tuple) -> str:
    """Dotted key, named entries in brackets: ``state.units[DDG-51].hp``, ``state.impulse.actions[0]``."""
    out, prev = prefix, None
    for p in loc:
        out += f"[{I.printable(p)}]" if isinstance(p, int) or prev in _NAMED else f".{I.printable(p)}"
        prev = p if isinstance(p, str) and prev not in _NAMED else None
    return out


def _check_scenario_info(info: Any, file: str) -> None:
    from lcb_lab.games.lcb.io.scenario import ScenarioFile  # the scenario file's model (data only, no Game)
    _typed(ScenarioFile, info, file, "scenario_info")


def _refuse(file: str, key: str, problem: str):
    raise ScenarioError(file, key, problem)


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


CARD_PLACES = ("pool", "attached", "embarked", "deployed", "discarded", "removed")
"""Where a card may be (:class:`lcb_lab.games.lcb.model.state.Card`)."""


def _check_cards(s: Any, board: Board, file: str, catalog: Catalog | None = None) -> None:
    """Each card filed under its cid, of a known team, in a known place; an Attached /
    Embarked card's host a unit of its team (9.3, 10.0), an Embarked card's host an
    Embark-capable ship (10.2); a card's hex on the map."""
    from lcb_lab.games.lcb.rules.embarking.embark import embark_capable
    for cid, c in s.cards.items():
        key = f"state.cards[{I.printable(cid)}]"
        _designator(file, key, cid)
        if c.cid != cid:
            _refuse(file, key, f"filed under {cid!r} but named {c.cid!r}")
        if c.team not in TEAMS:
            _refuse(file, f"{key}.team", f"unknown team {c.team!r}; known: US, RU")
        _designator(file, f"{key}.name", c.name)
        if c.where not in CARD_PLACES:
            _refuse(file, f"{key}.where", f"unknown place {c.where!r}; known: {', '.join(CARD_PLACES)}")
        if c.where in ("attached", "embarked"):
            host = s.units.get(c.host) if c.host is not None else None
            if host is None or host.team != c.team:
                _refuse(file, f"{key}.host", f"an {c.where} card needs a host unit of {c.team}, not {c.host!r}")
            if c.where == "embarked" and catalog is not None and host.type_id in catalog.units \
                    and not embark_capable(catalog.units[host.type_id]):
                _refuse(file, f"{key}.host", f"an Embarked card needs an Embark-capable ship (10.2); "
                        f"{I.printable(c.host)} ({host.type_id}) is not")
        if c.hex is not None and c.hex not in board.hexes:
            _refuse(file, f"{key}.hex", f"hex {c.hex!r} is not on the {board.name} map")
        for k in ("cubes", "used"):
            if getattr(c, k) < 0:
                _refuse(file, f"{key}.{k}", f"cannot be negative ({getattr(c, k)})")
        for slot, n in c.supply.items():
            if not isinstance(n, int) or n < 0:
                _refuse(file, f"{key}.supply[{I.printable(slot)}]", f"supply cannot be negative ({n!r})")
        _check_card_type(c, key, file)
    _check_chain(s, file)


def _check_card_type(c: Any, key: str, file: str) -> None:
    """The card's name is a card of its team's deck, and an Attached card's supply slots are
    that card's CVs (9.0, 9.33)."""
    from lcb_lab.games.lcb.model.cards import load_decks
    from lcb_lab.kernel.errors import UnknownName
    try:
        ct = load_decks().card(c.team, c.name)
    except UnknownName:
        _refuse(file, f"{key}.name", f"no card {I.printable(c.name)!r} in the {c.team} deck")
    slots = {cv.slot for cv in ct.cvs}
    for slot in c.supply:
        if slot not in slots:
            _refuse(file, f"{key}.supply[{I.printable(slot)}]", f"{ct.name} has no {slot!r} value "
                    f"(its values: {', '.join(sorted(slots)) or 'none'})")


def _check_chain(s: Any, file: str) -> None:
    """An open card chain names cards of the game (units for INTERCEPT links), answers links of
    the chain, and waits on a card_response choice (9.46)."""
    pids = set()
    for i, link in enumerate(s.chain):
        key = f"state.chain[{i}]"
        kind = (link.data or {}).get("kind", "play")
        if kind == "intercept":
            if link.card not in s.units:
                _refuse(file, f"{key}.card", f"no unit {I.printable(link.card)!r} intercepts here")
        elif link.card not in s.cards:
            _refuse(file, f"{key}.card", f"no card {I.printable(link.card)!r} in the game")
        if link.team not in TEAMS:
            _refuse(file, f"{key}.team", f"unknown team {link.team!r}; known: US, RU")
        if link.responds_to is not None and link.responds_to not in pids:
            _refuse(file, f"{key}.responds_to", f"no earlier link {link.responds_to!r} to answer")
        pids.add(link.pid)
    if s.chain and not any(isinstance(c, CardResponseChoice) for c in s.choices):
        _refuse(file, "state.chain", "a card chain is open but no card_response choice waits for its "
                "answer (9.46)")


class _SotEntry(_Exact):
    """One Submarine Operations Tracker entry (14.03, :func:`lcb_lab.games.lcb.rules.submarines.sot.track`)."""
    sub: str
    turn: int
    impulse: int
    hex: str
    public: bool
    why: str = ""
    published: str = ""               # why the entry became public (sot.publish)
    path: list[str] = []
    detected_by: list[str] = []


def _check_card_markers(s: Any, board: Board, file: str) -> None:
    """Card markers (13.x, 12.2): filed under their id, of a known kind and team, in a hex of
    the map, of a card of the game (a scenario's mines and fortifications may have none, 13.37),
    HP not negative, level at least 1, cargo units of the game off the map, host a unit."""
    from lcb_lab.games.lcb.rules.markers.placement import KINDS
    for mid, m in s.card_markers.items():
        key = f"state.card_markers[{I.printable(mid)}]"
        _designator(file, key, mid)
        if m.mid != mid:
            _refuse(file, key, f"filed under {mid!r} but named {m.mid!r}")
        if m.kind not in KINDS:
            _refuse(file, f"{key}.kind", f"unknown marker kind {I.printable(m.kind)!r}; known: {', '.join(KINDS)}")
        if m.team not in TEAMS:
            _refuse(file, f"{key}.team", f"unknown team {m.team!r}; known: US, RU")
        if m.hex not in board.hexes:
            _refuse(file, f"{key}.hex", f"hex {I.printable(m.hex)!r} is not on the {board.name} map")
        if m.card not in s.cards and not (m.card == "" and m.kind in ("mine", "fortification")):
            _refuse(file, f"{key}.card", f"no card {I.printable(m.card)!r} in the game")
        if m.card in s.cards and s.cards[m.card].team != m.team:
            _refuse(file, f"{key}.card", f"{m.card} is a {s.cards[m.card].team} card, not {m.team}")
        for k in ("hp", "mp", "rp"):
            if getattr(m, k) < 0:
                _refuse(file, f"{key}.{k}", f"cannot be negative ({getattr(m, k)})")
        spent = m.kind == "mine" and (m.data or {}).get("pending")   # cubes spent, removed when resolved (13.33)
        if m.level < (0 if spent else 1):
            _refuse(file, f"{key}.level", f"level {m.level} is below 1 (13.33, 13.51)")
        for i, uid in enumerate(m.cargo):
            u = s.units.get(uid)
            if u is None:
                _refuse(file, f"{key}.cargo[{i}]", f"no unit {I.printable(uid)!r}")
            if u.hex is not None or u.embarked_on is not None or m.cargo.index(uid) != i:
                _refuse(file, f"{key}.cargo[{i}]", f"{uid} cannot be aboard {mid}: a unit aboard a marker is "
                        "off the map and not embarked on a ship, once (12.05)")
        if m.host is not None and m.host not in s.units:
            _refuse(file, f"{key}.host", f"no unit {I.printable(m.host)!r}")


def _check_sot(s: Any, board: Board, catalog: Catalog, file: str) -> None:
    """The Submarine Operations Tracker (14.03): per known team, entries of the team's
    submarines in open water (no coastal hex, 14.02), ``public`` a bool."""
    for team, entries in s.sot.items():
        tkey = f"state.sot[{I.printable(team)}]"
        if team not in TEAMS:
            _refuse(file, tkey, f"unknown team {team!r}; known: US, RU")
        if not isinstance(entries, list):
            _refuse(file, tkey, "a list of SOT entries")
        for i, raw in enumerate(entries):
            key = f"{tkey}[{i}]"
            e = _typed(_SotEntry, raw, file, key)
            u = s.units.get(e.sub)
            if u is None or u.team != team or u.type_id not in catalog.units \
                    or not catalog.units[u.type_id].is_submarine:
                _refuse(file, f"{key}.sub", f"{I.printable(e.sub)!r} is not a submarine of {team} (14.03)")
            if e.hex not in board.hexes:
                _refuse(file, f"{key}.hex", f"hex {I.printable(e.hex)!r} is not on the {board.name} map")
            info = board.hex(e.hex)
            if not info.has_water or info.has_land:
                _refuse(file, f"{key}.hex", f"{e.hex} is not open water: submarines never enter coastal or "
                        "land hexes (14.02)")
            for p in e.path:
                if p not in board.hexes:
                    _refuse(file, f"{key}.path", f"hex {I.printable(p)!r} is not on the {board.name} map")
            for uid in e.detected_by:           # the units (or cards: a P-8A) that DETECTed it (14.05)
                if uid not in s.units and uid not in s.cards:
                    _refuse(file, f"{key}.detected_by", f"no unit or card {I.printable(uid)!r}")


def _check_port_cubes(s: Any, board: Board, file: str) -> None:
    """Orange port cubes (12.3, 12.54): a hex of the map with a large port, a known team."""
    for h, team in s.port_cubes.items():
        key = f"state.port_cubes[{I.printable(h)}]"
        if h not in board.hexes:
            _refuse(file, key, f"hex {I.printable(h)!r} is not on the {board.name} map")
        if not any(f.kind == "port" for f in board.hex(h).features):
            _refuse(file, key, f"{h} has no large port for an orange cube (12.3)")
        if team not in TEAMS:
            _refuse(file, key, f"unknown team {team!r}; known: US, RU")


def _check_embark_losses(s: Any, catalog: Catalog, file: str) -> None:
    """An ``embark_losses`` choice (10.311): its ship an Embark-capable unit of the game, the
    units and face-up cards it offers aboard that ship (``unit:<n>`` / ``hidden:<n>`` within
    the count aboard a concealed ship / of its concealed cards)."""
    from lcb_lab.games.lcb.rules.embarking.embark import embark_capable
    for i, c in enumerate(s.choices):
        if not isinstance(c, EmbarkLossesChoice):
            continue
        key = f"state.choices[{i}].options"
        o = c.options
        ship = s.units.get(o.ship)
        if ship is None or ship.type_id not in catalog.units or not embark_capable(catalog.units[ship.type_id]):
            _refuse(file, f"{key}.ship", f"{I.printable(o.ship)!r} is not an Embark-capable ship of the game (10.311)")
        if o.hp < 1:
            _refuse(file, f"{key}.hp", f"at least 1 HP lost, not {o.hp}")
        if ship.destroyed:
            continue                      # sunk meanwhile: the answer only pops the choice
        aboard = [u for u in s.units.values() if u.embarked_on == ship.uid and not u.destroyed]
        cards = [x for x in s.cards.values() if x.where == "embarked" and x.host == ship.uid]
        for j, ref in enumerate(o.units):
            uid = ref.uid
            n = uid[5:] if uid.startswith("unit:") else None
            ok = (n.isdigit() and int(n) < len(aboard)) if n is not None else uid in {u.uid for u in aboard}
            if not ok or ref.gpsv < 0:
                _refuse(file, f"{key}.units[{j}].uid", f"{I.printable(uid)!r} is not a unit aboard {ship.uid}")
        hidden = sum(1 for x in cards if not x.face_up)
        for j, ref in enumerate(o.cards):
            n = ref[7:] if ref.startswith("hidden:") else None
            ok = (n.isdigit() and int(n) < hidden) if n is not None else ref in {x.cid for x in cards if x.face_up}
            if not ok:
                _refuse(file, f"{key}.cards[{j}]", f"{I.printable(ref)!r} is not a card aboard {ship.uid}")


def _check_stages(s: Any, board: Board, file: str) -> None:
    """The Planning / Deployment fields (3.1, 3.2, 9.5, 15.14): teams known, counts not
    negative, deployment areas of known units on the map, placements of known cards."""
    for key in ("cp", "cp_bonus", "free_cards"):
        for team, n in getattr(s, key).items():
            if team not in TEAMS:
                _refuse(file, f"state.{key}[{I.printable(team)}]", f"unknown team {team!r}; known: US, RU")
            if n < 0:
                _refuse(file, f"state.{key}[{team}]", f"cannot be negative ({n})")
    for i, team in enumerate(s.ready):
        if team not in TEAMS or team in s.ready[:i]:
            _refuse(file, f"state.ready[{i}]", f"{team!r} is not a team that has not ended the stage yet")
    if s.planning_stages < 0:
        _refuse(file, "state.planning_stages", f"cannot be negative ({s.planning_stages})")
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
            raise ScenarioError(file, key_of(f"state.victory[{i}]", err["loc"]), err["msg"]) from None


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
    for key in ("network_cubes", "kills", "total_kills"):
        for team, n in getattr(s, key).items():
            if team not in TEAMS:
                _refuse(file, f"{prefix}{key}[{I.printable(team)}]", f"unknown team {team!r}; known: US, RU")
            if n < 0:
                _refuse(file, f"{prefix}{key}[{team}]", f"cannot be negative ({n})")
    check_every_team(s, file, prefix)


PER_TEAM = ("network_cubes", "kills", "total_kills", "cp", "free_cards", "sot", "reinforcements")
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
    if label not in board.hexes:
        _refuse(file, key, f"hex {label!r} is not on the {board.name} map")
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
    if not 0 <= u.hp <= t.hp:
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
