"""The hostile-save corpus grows with the state: every key path of real saves is walked and
turned into hostile cases, so a field added later is attacked without anyone listing it.

The saves: both scenarios (Action and Planning starts, a few actions played), the Appendix B
combat lesson (a save with its record), and the rich saves of the lessons (:func:`_rich`: every
stage, every kind of pending choice, chains, markers with cargo, port cubes, submarines, the
ends with their records).  :func:`test_every_key_path_of_a_rich_save_has_a_hostile_case` fails
when a key path a save can hold has no hostile case.  Paths are grouped by their shape (list indices and the
ids of id-keyed tables collapsed: every unit is one ``state.units[*]``), and for each shape:

* **wrong type** -- every field: a string for a number, a number for a string, a list for an
  object, an object for a list or null;
* **extra key** -- every object gets a key it does not have;
* **missing** -- every key of an object is removed: refused, or (a field older saves lack) the
  loaded game writes it back, so no game goes on without it;
* **out of range** -- every integer: ``-1`` and ``10**12``: refused, or the loaded game is
  still one the save check accepts (what the rules check in play is the invariants' job).

Each refused case must be a ScenarioError naming the file and the key (the mutated key, its
parent, or a key inside it); nothing may crash.  The number of cases tried is printed
(``pytest -rA -s``) and asserted to be at least the number of shapes.
"""
from __future__ import annotations

import copy
import json
import re
from typing import Any, Callable, Iterator

import pytest

import lcb_lab
from lcb_lab.games.lcb.actions import BeginImpulse, CoreAction, Declare, Move
from lcb_lab.games.lcb.content.lesson import Lesson
from lcb_lab.games.lcb.game import Game
from lcb_lab.games.lcb.io.save_check_pieces import key_of
from lcb_lab.kernel.errors import ScenarioError
from tests.budget import FUZZ, budget

FILE = "hostile.json"
FREE_FORM = {"data"}
"""Keys whose object is free-form by design (a log entry's ``data``: anything JSON): the key
itself is attacked, its inside is not walked."""


def _played() -> Game:
    g = lcb_lab.load_scenario("gotland_redux", seed=1)
    g.apply(BeginImpulse("TF Boston"))
    g.apply(Declare((CoreAction("move_combat", ("DDG-51",)),)))
    g.apply(Move(action=1, path=("AL-28",)))
    return g


def _rich() -> dict[str, dict]:
    """Saves of every kind of state the lessons reach (without their record, but the ends): each
    stage (Planning, Deployment, Action), each kind of pending choice (INTERCEPT, card response,
    mine attack, Embarked losses), a card chain, a transport marker with units aboard, port
    cubes, submarines on their tracks, destroyed units and sunk submarines (the ends, with
    their records: every kind of record step)."""
    out: dict[str, dict] = {}
    for name in ("appendix_b_turn1", "slite_landing_lesson"):
        les = Lesson(name)
        for _ in les.steps():
            g, s = les.game, les.game.state
            kinds = [f"stage {s.stage}", "chain" if s.chain else "", "port cubes" if s.port_cubes else "",
                     "cargo" if any(m.cargo for m in s.card_markers.values()) else "",
                     f"choice {g.pending.kind}" if g.pending is not None else ""]
            for k in filter(None, kinds):
                if f"{name} {k}" not in out:
                    d = json.loads(g.to_json())
                    d["record"] = None
                    out[f"{name} {k}"] = d
        out[f"{name} end"] = json.loads(les.game.to_json())
    return out


def _saves() -> dict[str, dict]:
    games = {"gotland_redux played": _played(), "appendix_b_combat lesson": Lesson("appendix_b_combat").run()}
    if FUZZ:                                       # make fuzz: every packaged lesson's end too
        from lcb_lab.games.lcb.io.resources import lesson_names
        games.update({f"{n} lesson": Lesson(n).run() for n in lesson_names()})
    for name in ("gotland_redux", "slite_landing"):
        for start in ("action", "planning"):
            games[f"{name} {start}"] = lcb_lab.load_scenario(name, start=start, seed=3)
    return {k: json.loads(g.to_json()) for k, g in games.items()} | _rich()


def _is_table(x: Any) -> bool:
    """An id-keyed table: two or more objects of one key set (units by uid, cards by cid...)."""
    return (isinstance(x, dict) and len(x) >= 2 and all(isinstance(v, dict) for v in x.values())
            and len({tuple(sorted(v)) for v in x.values()}) == 1)


PER_SHAPE = budget(1, 4)
"""Concrete paths attacked per shape: the first (make test) or the first four (make fuzz)."""


def _shapes(x: Any, path: tuple = (), shape: tuple = (), out: dict | None = None) -> dict:
    """{shape: its first :data:`PER_SHAPE` concrete paths} over every key path of ``x``."""
    out = {} if out is None else out
    if len(out.setdefault(shape, [])) < PER_SHAPE:
        out[shape].append(path)
    if path and path[-1] in FREE_FORM:
        return out
    if isinstance(x, dict):
        table = _is_table(x)
        for k, v in x.items():
            _shapes(v, path + (k,), shape + ("*" if table else k,), out)
    elif isinstance(x, list):
        for i, v in enumerate(x):
            _shapes(v, path + (i,), shape + ("#",), out)
    return out


def _get(d: Any, path: tuple) -> Any:
    for p in path:
        d = d[p]
    return d


def _set(d: Any, path: tuple, value: Any) -> None:
    _get(d, path[:-1])[path[-1]] = value


def _wrong(v: Any) -> Any:
    if isinstance(v, bool):
        return "yes"
    if isinstance(v, (int, float)):
        return "7"
    if isinstance(v, str):
        return 7
    if isinstance(v, list):
        return {"x": 1}
    if isinstance(v, dict):
        return [1]
    return {"bogus": 1}                   # null: an object where none was


def _key(path: tuple) -> str:
    return key_of(str(path[0]), tuple(path[1:]))


Case = tuple[str, str, tuple, Callable[[dict], None], str]   # (save, kind, path, mutate, key)


def _cases(saves: dict[str, dict]) -> Iterator[Case]:
    seen: dict = {}
    for name, base in saves.items():
        for shape, path in ((sh, p) for sh, paths in _shapes(base).items() for p in paths):
            if not path or seen.get(shape, 0) >= PER_SHAPE:
                continue
            seen[shape] = seen.get(shape, 0) + 1
            v = _get(base, path)
            key = _key(path)
            yield name, "wrong type", path, lambda d, p=path: _set(d, p, _wrong(_get(d, p))), key
            if isinstance(path[-1], str):
                yield name, "missing", path, lambda d, p=path: _get(d, p[:-1]).pop(p[-1]), key
            if isinstance(v, dict) and path[-1] not in FREE_FORM:
                yield (name, "extra key", path, lambda d, p=path: _get(d, p).__setitem__("bogus_key", 1),
                       _key(path + ("bogus_key",)))
            if isinstance(v, int) and not isinstance(v, bool):
                for bad in (-1, 10**12):
                    yield name, f"out of range {bad}", path, lambda d, p=path, b=bad: _set(d, p, b), key


@pytest.fixture(scope="module")
def saves() -> dict[str, dict]:
    return _saves()


REPLAY = ("does not replay", "does not give the saved state")
"""A record whose start or steps were changed into other valid ones is refused by its replay,
under the key ``record``."""


def _names(err: ScenarioError, key: str, path: tuple) -> bool:
    """Whether the error names the mutated key, its parent or a key inside it (an action's
    ``actions.0`` counts as ``actions[0]``), or names the mutated entry in its problem (a Task
    Force removed: the unit naming it is refused; an answer's field in its cross-field check),
    or names what dangles when a whole table is gone, or is the record's replay refusing it."""
    got = re.sub(r"\.(\d+)(?=\.|$)", r"[\1]", err.key)
    parent = _key(path[:-1]) if len(path) > 1 else str(path[0])
    if got == key or got.startswith(key) or got == parent:
        return True
    if repr(path[-1]) in err.problem:
        return True
    word = rf"\b{re.escape(str(path[-1]).rstrip('_'))}\b"
    if len(path) > 2 and got.startswith(parent) and re.search(word, err.problem):
        return True                     # an action's cross-field check: "a disembark effect needs hex"
    if re.match(r"no (unit|card|marker) '", err.problem) and path[-1] in ("cards", "units", "markers"):
        return True                     # a whole table gone: what referred to it dangles
    if "(invariant: " in err.problem and path[-1] in ("cards", "units", "markers"):
        return True                     # a whole table gone: the state it leaves breaks an invariant
    return path[0] == "record" and err.key == "record" and any(r in err.problem for r in REPLAY)


def _has(d: Any, path: tuple) -> bool:
    try:
        _get(d, path)
        return True
    except (KeyError, IndexError, TypeError):
        return False


def _same(again: dict, given: dict) -> bool:
    """The re-saved game is the given one (the state and its record; the log as given)."""
    return all(again.get(k) == given.get(k) for k in ("state", "record"))


def _load(d: dict) -> Game:
    return Game.from_json(json.dumps(d), file=FILE)


@pytest.mark.fuzz
def test_every_field_of_a_save_is_attacked(saves, capsys):
    cases = list(_cases(saves))
    shapes = {c[2] for c in cases}              # the concrete key paths attacked
    wrong, loaded = [], {"missing": 0, "range": 0}
    for name, kind, path, mutate, key in cases:
        d = copy.deepcopy(saves[name])
        if path[0] != "record":
            d["record"] = None             # the record replays: only its own cases need it
        mutate(d)
        try:
            g = _load(d)
        except ScenarioError as e:
            if e.file != FILE or not _names(e, key, path):
                wrong.append(f"{name}: {kind} {key}: refused under another key: {e}")
            continue
        except Exception as e:          # noqa: BLE001 -- a crash is the finding
            wrong.append(f"{name}: {kind} {key}: crashed: {type(e).__name__}: {e}")
            continue
        if kind == "missing":             # a field older saves lack: written back with its default,
            again = json.loads(g.to_json())   # or an entry of a table whose absence is a state of its own
            if not _has(again, path) and not _same(again, d):
                wrong.append(f"{name}: missing {key}: loaded, neither written back nor kept as given")
            loaded["missing"] += 1
        elif kind.startswith("out of range"):
            _load(json.loads(g.to_json()))    # what loaded saves again and loads again
            loaded["range"] += 1
        else:
            wrong.append(f"{name}: {kind} {key}: loaded")
    with capsys.disabled():
        print(f"\nhostile save cases: {len(cases)} over {len(shapes)} key paths of {len(saves)} saves "
              f"(missing but defaulted: {loaded['missing']}, in range after all: {loaded['range']})")
    assert not wrong, f"{len(wrong)} of {len(cases)} cases:\n" + "\n".join(wrong)
    assert len(cases) >= len(shapes) >= 300


_FIELD = re.compile(r"[a-z][a-z0-9_]*")


def key_paths(x: Any, path: tuple = ()) -> set[tuple]:
    """Every key path of a save's JSON ``x``: list indices as ``#``, the keys of id-keyed tables
    (units, cards, markers, Task Forces, teams, hexes: any key that is not a field name) as
    ``*``; the inside of a free-form ``data`` not walked."""
    out = {path}
    if path and path[-1] in FREE_FORM:
        return out
    if isinstance(x, dict):
        for k, v in x.items():
            out |= key_paths(v, path + (k if _FIELD.fullmatch(str(k)) else "*",))
    elif isinstance(x, list):
        for v in x:
            out |= key_paths(v, path + ("#",))
    return out


def _generic(path: tuple) -> tuple:
    """A concrete path (``("state", "units", "DDG-51", "hp")``) as a key path of :func:`key_paths`."""
    return tuple("#" if isinstance(p, int) else p if _FIELD.fullmatch(str(p)) else "*" for p in path)


def test_every_key_path_of_a_rich_save_has_a_hostile_case(saves, capsys):
    """A rich save (every stage, pending choices, cards, markers, submarines, transport, chains,
    records) lists its key paths; each must be attacked by a case of the walk."""
    rich = _rich()
    paths = set().union(*(key_paths(d) for d in rich.values())) - {()}
    cases = list(_cases(saves))
    attacked = {_generic(c[2]) for c in cases}
    missing = sorted(paths - attacked, key=str)
    with capsys.disabled():
        print(f"\nrich saves: {len(rich)}, {len(paths)} key paths; hostile cases: {len(cases)} over "
              f"{len(attacked)} key paths; without a case: {len(missing)}")
    for part in ("card_markers", "sot", "choices", "cargo", "port_cubes", "chain", "cards", "steps", "transfers"):
        assert any(part in p for p in paths), part            # the rich save holds it
    assert not missing, "key paths with no hostile case:\n" + "\n".join(".".join(map(str, p)) for p in missing)


# ------------------------------------------------------------------ what the walk found, one by one
@pytest.fixture(scope="module")
def played() -> dict:
    return json.loads(_played().to_json())


def _secret(d: dict) -> dict:
    return next(e for e in d["state"]["log"] if "public" in e)


def _no_team(table: str, team: str) -> Callable[[dict], None]:
    return lambda d: d["state"][table].pop(team)


FOUND = {   # name: (mutate the played save, key, problem)
    "record start dice": (lambda d: d["record"]["initial"]["dice"]["rng"].update(uinteger=10**12),
                          "record.initial.dice.rng.uinteger", "Input should be less than 4294967296 (got 1000000000000)"),
    "record start unit": (lambda d: d["record"]["initial"]["state"]["units"]["DDG-51"].update(hp="7"),
                          "record.initial.state.units[DDG-51].hp", "expected an integer, got a string"),
    "record start turn": (lambda d: d["record"]["initial"]["state"].update(turn=9),
                          "record.initial.state.turn", "turn 9 is not in 1..max_turns (3)"),
    "record key": (lambda d: d["record"].update(bogus=1), "record.bogus", "unknown key; a record has initial, steps"),
    "record start key": (lambda d: d["record"]["initial"].update(bogus=1), "record.initial.bogus",
                         "unknown key; a record.initial has state, dice"),
    "record start dice missing": (lambda d: d["record"]["initial"].pop("dice"), "record.initial.dice", "missing"),
    "state key": (lambda d: d["state"].update(bogus=1), "state.bogus", "Extra field: a game state has no such field"),
    "cp without US": (_no_team("cp", "US"), "state.cp[US]",
                      "missing: the table has an entry for each team, US and RU"),
    "kills without RU": (_no_team("kills", "RU"), "state.kills[RU]",
                         "missing: the table has an entry for each team, US and RU"),
    "sot without RU": (_no_team("sot", "RU"), "state.sot[RU]",
                       "missing: the table has an entry for each team, US and RU"),
    "ap_loss of no team": (lambda d: d["state"].update(ap_loss={"XX": 1}), "state.ap_loss[XX]",
                           "unknown team 'XX'; known: US, RU"),
    "log entry key": (lambda d: d["state"]["log"][0].update(bogus=1), "state.log[0].bogus",
                      "Extra inputs are not permitted"),
    "log public key": (lambda d: _secret(d)["public"].update(bogus=1), None, "Extra inputs are not permitted"),
    "transfers of no unit": (lambda d: d["state"]["impulse"].update(transfers={"Nobody": 2}),
                             "state.impulse.transfers[Nobody]", "no unit 'Nobody'"),
    "combat plan key": (lambda d: d["state"]["impulse"].update(combat={"bogus": 1}), "state.impulse.combat.bogus",
                        "Extra field: a combat plan has no such field"),
    "board key": (lambda d: d.update(board={"hexes": [], "bogus": 1}), "board.bogus",
                  "unknown key; a map has name, hexes, features, roads, projection, label_map, source, hex_km, box, "
                  "thresholds, placement, naval_zones"),
    "board without hexes": (lambda d: d.update(board={"name": "x"}), "board.hexes", "missing: a map is a list of hexes"),
    "scenario_info bool": (lambda d: d["scenario_info"]["unit"][0].update(revealed="yes"),
                           "scenario_info.unit[0].revealed", "Input should be a valid boolean (got 'yes')"),
    "max_turns": (lambda d: d["state"].update(max_turns=21), "state.max_turns",
                  "21 is out of range: allowed 1..20 (sandbox: the rulebook sets no scenario length; Appendix B "
                  "runs 3 turns)"),
}


@pytest.mark.parametrize("name", list(FOUND))
def test_what_the_walk_found_is_refused_with_its_key(played, name):
    mutate, key, problem = FOUND[name]
    d = copy.deepcopy(played)
    if not name.startswith("record"):
        d["record"] = None
    mutate(d)
    with pytest.raises(ScenarioError) as e:
        _load(d)
    assert e.value.file == FILE
    if key is None:
        i = next(i for i, x in enumerate(d["state"]["log"]) if "public" in x)
        key = f"state.log[{i}].public.bogus"
    assert (e.value.key, e.value.problem) == (key, problem), str(e.value)


def test_a_log_entry_without_its_optional_fields_loads_with_their_defaults(played):
    d = copy.deepcopy(played)
    d["record"] = None
    for k in ("rules", "data", "turn", "impulse"):
        del d["state"]["log"][0][k]
    del _secret(d)["public"]["rules"]
    g = _load(d)
    e = g.state.log[0]
    assert (e["rules"], e["data"], e["turn"], e["impulse"]) == ([], {}, 0, 0)
    assert _secret({"state": {"log": g.state.log}})["public"]["rules"] == []
    assert g.explained_log("RU")                # the views read them
