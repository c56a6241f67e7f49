"""A scenario being built: an editable draft of a scenario file, checked as it is built (2.0, 3.0-3.5).

A :class:`ScenarioDraft` holds the tables of a scenario file (``docs/scenarios.md``) as plain data
-- the map, the Task Forces, the units placed (type, hex, Task Force), the MILDEC markers (4.22),
secret mines (13.37) and gray cubes (3.26), each team's CP and Tactical Network cubes, the
prescribed cards (3.01), the victory conditions (3.5), the optional rules (17.0) and the stage the
game starts in (3.0) -- and edits them one act at a time (:meth:`ScenarioDraft.place_unit`,
:meth:`~ScenarioDraft.set_cp`, ...).

It is checked by the very code that reads a scenario file: the file's models
(:class:`lcb_lab.games.lcb.io.scenario.ScenarioFile`: types, ranges, names) and then
:func:`lcb_lab.games.lcb.io.scenario.build_state` (hexes of the map, terrain, Task Forces,
Embarkation Values, cards, victory hexes) and the state invariants; so :meth:`ScenarioDraft.problems`
gives the same texts, under the same keys (``"unit[1 Alpha].hex"``, ``"teams.US.cp"``), as
:func:`lcb_lab.load_scenario` would raise for the file :meth:`ScenarioDraft.to_toml` writes.  A
draft with no problem loads (:meth:`ScenarioDraft.game`).

>>> d = ScenarioDraft.new("my_first", "My first scenario")
>>> d.add_task_force("TF Blue", "US"); d.add_task_force("TF Red", "RU")
>>> d.place_unit("1 Alpha", "usmc_infantry_platoon", "AK-23", "TF Blue")
>>> d.place_unit("1 Anna", "runi_naval_infantry_platoon", "AL-21", "TF Red")
>>> d.set_cp("US", 101)
>>> [(p.key, p.text) for p in d.problems()]
[('teams.US.cp', '101 is out of range: allowed 0..100 (sandbox: a card costs 1 to 5 CP (3.12); 100 CP buys more than a deck)')]
"""
from __future__ import annotations

import copy
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal, Optional

from pydantic import ValidationError

from lcb_lab.kernel.files import load_toml, parse_toml
from lcb_lab.games.lcb.io.resources import locate
from lcb_lab.games.lcb.io.scenario import ScenarioFile, _key as file_key, build_state
from lcb_lab.games.lcb.io.toml_write import dumps
from lcb_lab.kernel.errors import LabError, ScenarioError, pydantic_problem

if TYPE_CHECKING:  # pragma: no cover
    from lcb_lab.games.lcb.game import Game

Team = Literal["US", "RU"]
TEAMS: tuple[Team, Team] = ("US", "RU")
DRAFT_FILE = "(scenario being built)"
"""The file name the draft's problems are checked under (they name no file on disk)."""
SANDBOX = "sandbox: set in the scenario builder"
"""The provenance the builder writes for what a user sets (the rulebook prints none of it)."""
LISTS = ("task_force", "unit", "marker", "mines", "gray_cube", "victory")
"""The draft's lists of entries, in file order."""


@dataclass(frozen=True)
class Problem:
    """One reason the draft would not load: ``key`` the dotted key of the field, as a scenario
    file's error names it (``"unit[1 Alpha].hex"``, ``"teams.US.cp"``, ``"scenario.optional_rules"``),
    ``text`` the same words :func:`lcb_lab.load_scenario` uses for that file."""
    key: str
    text: str

    @property
    def field(self) -> str:
        """The field the problem belongs beside: the key's first part without its item
        (``"unit"``, ``"teams.US.cp"``, ``"scenario.max_turns"``); see :func:`field_of`."""
        return field_of(self.key)


def field_of(key: str) -> str:
    """The builder's field for a file key: ``"scenario.<name>"``, ``"teams.<team>.cp"``,
    ``"teams.<team>.network_cubes"``, ``"teams.<team>.cards"`` (prescribed and purchases), or the
    list it is in (``"unit"``, ``"task_force"``, ``"marker"``, ``"mines"``, ``"gray_cube"``,
    ``"victory"``); anything else (``"(automatic cards)"``, ``"planning[0].turn"``) is ``"other"``."""
    parts = key.split(".")
    head = parts[0].split("[")[0]
    if head == "scenario" and len(parts) > 1:
        return f"scenario.{parts[1].split('[')[0]}"
    if head == "teams" and len(parts) > 2:
        what = parts[2].split("[")[0]
        return f"teams.{parts[1]}.{'cards' if what in ('prescribed', 'purchases', 'jccs') else what}"
    if head == "teams" and len(parts) == 2:
        return f"teams.{parts[1]}.cp"
    return head if head in LISTS else "other"


class ScenarioDraft:
    """An editable scenario: ``data``, the tables of a scenario file as plain data (what
    ``tomllib`` reads from one).  Every edit keeps it plain data; :meth:`problems` checks it.

    Build one with :meth:`new`, or read one with :meth:`from_scenario` (a packaged name or a
    path) or :meth:`from_toml`.  Edits raise ValueError only for an argument that is no
    entry at all (an unknown team, a missing entry to remove); a value the rules refuse is
    kept and shown by :meth:`problems`, as a file holding it would be refused.
    """

    def __init__(self, data: dict[str, Any]):
        self.data = data

    # ------------------------------------------------------------------ making one
    @classmethod
    def new(cls, scenario_id: str = "my_scenario", name: str = "My scenario", map_name: str = "gotland",
            max_turns: int = 3, initiative: Team = "US") -> ScenarioDraft:
        """An empty scenario on ``map_name``: both teams with 0 CP and one Tactical Network cube,
        no Task Force, no unit, the game starting in the Action Stage (3.0).  Every value sandbox."""
        return cls({
            "scenario": {"id": scenario_id, "name": name, "map": map_name, "max_turns": max_turns,
                         "initiative": initiative, "influence": 0, "start": "action", "optional_rules": [],
                         "source": SANDBOX},
            "teams": {t: {"cp": 0, "network_cubes": 1, "source": SANDBOX, "prescribed": [{"name": "Tactical Network"}]}
                      for t in TEAMS},
            "task_force": [], "unit": [], "marker": [], "mines": [], "gray_cube": [], "victory": [],
        })

    @classmethod
    def from_scenario(cls, name_or_path: str | Path) -> ScenarioDraft:
        """The draft of a scenario file: a packaged name (``"gotland_redux"``) or a path. Raises
        ScenarioError when the file cannot be read as TOML (its content is checked by :meth:`problems`)."""
        return cls(load_toml(locate(name_or_path, "scenario"), "scenario"))

    @classmethod
    def from_toml(cls, text: str, file: str = DRAFT_FILE) -> ScenarioDraft:
        """The draft of TOML text. Raises ScenarioError (``file``, "(syntax)", why) for text that is no TOML."""
        return cls(parse_toml(text, file))

    def copy(self) -> ScenarioDraft:
        """An independent copy (its own data)."""
        return ScenarioDraft(copy.deepcopy(self.data))

    # ------------------------------------------------------------------ reading it
    @property
    def info(self) -> dict[str, Any]:
        """The ``[scenario]`` table (id, name, map, max_turns, initiative, start, optional_rules...)."""
        return self.data.setdefault("scenario", {})

    def team(self, team: Team) -> dict[str, Any]:
        """The ``[teams.<team>]`` table (cp, network_cubes, prescribed, purchases). ValueError: no team."""
        return self.data.setdefault("teams", {}).setdefault(_team(team), {})

    def entries(self, kind: str) -> list[dict[str, Any]]:
        """The list ``kind`` (one of :data:`LISTS`), made empty when missing."""
        if kind not in LISTS:
            raise ValueError(f"{kind!r} is no list of a scenario draft; choose from {', '.join(LISTS)}")
        return self.data.setdefault(kind, [])

    def task_forces(self, team: Team | None = None) -> list[str]:
        """The Task Forces' names (of ``team`` only when given), in file order."""
        return [t.get("name") for t in self.entries("task_force") if team is None or t.get("team") == team]

    def at(self, label: str) -> list[str]:
        """What stands in hex ``label``: ``"unit 1 Alpha"``, ``"marker M-1"``, ``"mines US"``, ``"gray_cube civilians"``."""
        out = [f"unit {u.get('uid')}" for u in self.entries("unit") if u.get("hex") == label]
        out += [f"marker {m.get('mid')}" for m in self.entries("marker") if m.get("hex") == label]
        out += [f"mines {m.get('team')}" for m in self.entries("mines") if m.get("hex") == label]
        return out + [f"gray_cube {g.get('kind')}" for g in self.entries("gray_cube") if g.get("hex") == label]

    # ------------------------------------------------------------------ editing it
    def set_info(self, **values: Any) -> None:
        """Set keys of ``[scenario]``: ``id``, ``name``, ``map``, ``max_turns``, ``initiative``,
        ``influence``, ``start`` ("action" | "planning", 3.0), ``optional_rules`` (17.0)..."""
        self.info.update(values)

    def set_optional_rules(self, rules: list[str]) -> None:
        """Switch on exactly ``rules`` (rule numbers of :data:`~lcb_lab.games.lcb.rules.optional.switches.OPTIONAL_RULES`, 17.0)."""
        self.info["optional_rules"] = list(rules)

    def set_cp(self, team: Team, cp: Any) -> None:
        """``team``'s Command Points for the first Planning Stage (3.12)."""
        self.team(team)["cp"] = cp

    def set_network_cubes(self, team: Team, cubes: Any) -> None:
        """The cubes on ``team``'s Tactical Network at the start (7.6)."""
        self.team(team)["network_cubes"] = cubes

    def add_task_force(self, name: str, team: Team, player: str = "") -> None:
        """A Task Force of ``team`` (4.31); ``player`` who commands it."""
        entry = {"name": name, "team": _team(team)}
        if player:
            entry["player"] = player
        self.entries("task_force").append(entry)

    def place_unit(self, uid: str, type_id: str, hex_label: str | None, task_force: str,
                   embarked_on: str | None = None) -> None:
        """Place unit ``uid`` of catalog type ``type_id`` in ``hex_label`` (or Embarked on the
        ship ``embarked_on``, 10.0) in ``task_force``; a unit of that designator already placed is moved."""
        entry = {"uid": uid, "type": type_id, "task_force": task_force}
        entry.update({"hex": hex_label} if embarked_on is None else {"embarked_on": embarked_on})
        self._put("unit", "uid", entry)

    def place_mildec(self, mid: str, hex_label: str, task_force: str, naval: bool = False) -> None:
        """Place MILDEC marker ``mid`` (a Naval MILDEC when ``naval``, 4.22) of ``task_force`` in ``hex_label``."""
        self._put("marker", "mid", {"mid": mid, "type": "naval_mildec" if naval else "mildec",
                                    "task_force": task_force, "hex": hex_label})

    def place_mines(self, team: Team, hex_label: str, cubes: Any = 1, succeeds_on: Any = 13) -> None:
        """``cubes`` of ``team``'s secret naval mines in ``hex_label``, attacking at ``succeeds_on`` or less (13.37, 13.33)."""
        self.entries("mines").append({"team": _team(team), "hex": hex_label, "cubes": cubes, "succeeds_on": succeeds_on})

    def place_gray_cube(self, hex_label: str, kind: str = "civilians") -> None:
        """A gray cube (``"civilians"`` or ``"objective"``, 3.26) in ``hex_label``."""
        self.entries("gray_cube").append({"hex": hex_label, "kind": kind})

    def add_card(self, team: Team, name: str, attach_to: str | None = None, embark_on: str | None = None,
                 hex_label: str | None = None, face_up: bool = False) -> None:
        """A card prescribed to ``team`` (free, 3.01): Attached to a unit (9.3), Embarked on a ship
        (10.0), on the map in ``hex_label`` (face up when ``face_up``), or in the pool."""
        entry: dict[str, Any] = {"name": name}
        for k, v in (("attach_to", attach_to), ("embark_on", embark_on), ("hex", hex_label)):
            if v:
                entry[k] = v
        if face_up:
            entry["face_up"] = True
        self.team(team).setdefault("prescribed", []).append(entry)

    def add_victory(self, team: Team, kind: str, count: Any = 1, hex_label: str | None = None, text: str = "") -> None:
        """A victory condition (3.5) of ``kind``: ``"destroy"`` (``count`` enemy units),
        ``"no_enemy_ground"``, ``"hold"`` (``count`` ground units at the end), ``"hold_hex"`` (``hex_label``)."""
        entry: dict[str, Any] = {"team": _team(team), "type": kind, "count": count}
        if hex_label:
            entry["hex"] = hex_label
        entry.update(text=text or kind.replace("_", " "), source="sandbox")
        self.entries("victory").append(entry)

    def remove(self, kind: str, index: int) -> dict[str, Any]:
        """Remove and return entry ``index`` of the list ``kind`` (:data:`LISTS`, or
        ``"teams.<team>.prescribed"``). ValueError when there is no such entry."""
        items = self.team(kind.split(".")[1]).get("prescribed", []) if kind.startswith("teams.") else self.entries(kind)
        if not isinstance(index, int) or not 0 <= index < len(items):
            raise ValueError(f"no entry {index!r} in {kind} (it has {len(items)})")
        return items.pop(index)

    def clear_hex(self, label: str) -> int:
        """Remove every unit, marker, mine field and gray cube placed in ``label``; how many."""
        n = 0
        for kind in ("unit", "marker", "mines", "gray_cube"):
            items = self.entries(kind)
            keep = [e for e in items if e.get("hex") != label]
            n += len(items) - len(keep)
            items[:] = keep
        return n

    def free_designator(self, kind: str, prefix: str) -> str:
        """The first ``"<prefix> <n>"`` (n = 1, 2, ...) no entry of ``kind`` (``"unit"`` or
        ``"marker"``) is named: ``"INF 1"``, ``"M 2"``."""
        ident = "mid" if kind == "marker" else "uid"
        used = {e.get(ident) for e in self.entries(kind)}
        return next(f"{prefix} {n}" for n in range(1, len(used) + 2) if f"{prefix} {n}" not in used)

    def _put(self, kind: str, ident: str, entry: dict[str, Any]) -> None:
        items = self.entries(kind)
        for i, e in enumerate(items):
            if e.get(ident) == entry[ident]:
                items[i] = {**{k: v for k, v in e.items() if k not in ("hex", "embarked_on")}, **entry}
                return
        items.append(entry)

    # ------------------------------------------------------------------ checking it
    def problems(self) -> list[Problem]:
        """Why the draft would not load, as :func:`lcb_lab.load_scenario` words it for the file
        :meth:`to_toml` writes: every problem of the file's models (types, ranges, names; several
        at once), else the first problem the start state finds (map, terrain, Task Forces,
        Embarkation, cards, victory hexes), else the state invariants'. Empty: it loads."""
        data = self._clean()
        try:
            sc = ScenarioFile.model_validate(data)
        except ValidationError as e:
            return [Problem(file_key(data, err["loc"]), pydantic_problem(err)) for err in e.errors()]
        try:
            dumps(data)
        except (TypeError, ValueError) as e:      # no TOML file holds it (a lone surrogate)
            loc = getattr(e, "loc", ())
            return [Problem(file_key(data, loc) if loc else "(file)", str(e).partition(": ")[2] or str(e))]
        try:
            self._start(sc)
        except ScenarioError as e:
            return [Problem(e.key, e.problem)]
        return []

    def problems_by_field(self) -> dict[str, list[str]]:
        """:meth:`problems` grouped by :func:`field_of` their key: ``{"teams.US.cp": ["101 is out of range..."]}``;
        a problem of one entry reads ``"<key>: <text>"``."""
        out: dict[str, list[str]] = {}
        for p in self.problems():
            f = p.field
            out.setdefault(f, []).append(p.text if p.key == f else f"{p.key}: {p.text}")
        return out

    def _start(self, sc: ScenarioFile) -> None:
        from lcb_lab.games.lcb.model.board import load_board
        from lcb_lab.games.lcb.model.catalog import load_catalog
        from lcb_lab.games.lcb.model.invariants import refuse_broken
        board = load_board(sc.scenario.map)
        state = build_state(sc, DRAFT_FILE, board, load_catalog())
        refuse_broken(state, board, load_catalog(), None, DRAFT_FILE)

    def _clean(self) -> dict[str, Any]:
        """The data as a file holds it: empty optional lists left out (a file need not give them)."""
        return {k: v for k, v in copy.deepcopy(self.data).items() if not (k in LISTS[2:] and v == [])}

    # ------------------------------------------------------------------ writing and playing it
    def to_toml(self) -> str:
        """The scenario file as TOML text (``load_scenario`` reads it; :mod:`tomllib` reads back
        :attr:`data`, empty optional lists left out). Its head says the builder wrote it."""
        head = ("# Written by lcb_lab's scenario builder. Every value the builder set is sandbox\n"
                "# (the rulebook prints no such scenario); see docs/scenarios.md for the format.\n\n")
        return head + dumps(self._clean())

    def save(self, path: str | Path) -> Path:
        """Write :meth:`to_toml` to ``path`` (a ``.toml`` file), whole (:func:`lcb_lab.kernel.files.write_whole`);
        returns the path. LabError when it cannot be written."""
        from lcb_lab.kernel.files import write_whole
        p = Path(path)
        try:
            write_whole(p, self.to_toml())
        except OSError as e:
            raise LabError(f"cannot save the scenario to {p}: {e.strerror or e}") from None
        return p

    def game(self, seed: Optional[int] = 0, start: str | None = None, folder: str | Path | None = None) -> Game:
        """Start the game of this draft: it is written to a ``<id>.toml`` file (in ``folder``,
        default a temporary one) and loaded by :func:`lcb_lab.load_scenario` (``seed``, ``start``
        as there). Raises ScenarioError naming the field, as for any scenario file."""
        import tempfile
        from lcb_lab.games.lcb.io.loading import load_scenario
        name = str(self.info.get("id") or "scenario")
        safe = "".join(ch if ch.isalnum() or ch in "-_" else "_" for ch in name)[:60] or "scenario"
        where = Path(folder) if folder is not None else Path(tempfile.mkdtemp(prefix="lcb-builder-"))
        return load_scenario(self.save(where / f"{safe}.toml"), seed=seed, start=start)


def _team(team: object) -> Team:
    if team not in TEAMS:
        raise ValueError(f"team {team!r}: choose US or RU")
    return team  # type: ignore[return-value]


# ---------------------------------------------------------------------- what a builder offers
def unit_types(team: Team) -> list[tuple[str, str]]:
    """The catalog's unit types of ``team`` as ``(label, type_id)``, e.g. ``("Infantry Platoon
    (ground) - usmc_infantry_platoon", "usmc_infantry_platoon")``, sorted by label."""
    from lcb_lab.games.lcb.model.catalog import load_catalog
    types = [t for t in load_catalog().units.values() if t.team == _team(team)]
    return sorted((f"{t.name} ({t.domain}) - {t.type_id}", t.type_id) for t in types)


def unit_prefix(type_id: str) -> str:
    """The catalog's short name of ``type_id`` (``"INF"`` for ``usmc_infantry_platoon``), to number
    new units by; ``type_id`` itself when the catalog has no such type."""
    from lcb_lab.games.lcb.model.catalog import load_catalog
    t = load_catalog().units.get(type_id)
    return t.abbrev if t is not None else str(type_id)


def card_names(team: Team) -> list[str]:
    """The names of ``team``'s deck (3.01), sorted: what a scenario may prescribe."""
    from lcb_lab.games.lcb.model.cards import load_decks
    return load_decks().names(_team(team))


def optional_rules() -> list[tuple[str, str]]:
    """Every optional rule (17.0) as ``(label, rule number)``: ``("17.3 Naval gunfire", "17.3")``."""
    from lcb_lab.games.lcb.rules.optional.switches import OPTIONAL_RULES, normalise
    return [(f"{r} {OPTIONAL_RULES[r].name}", r) for r in normalise(OPTIONAL_RULES)]


VICTORY_KINDS = ("destroy", "no_enemy_ground", "hold", "hold_hex")
"""The kinds of victory condition a scenario file knows (3.5; ``docs/scenarios.md``)."""
