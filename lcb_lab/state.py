"""Game state as plain data: units, markers, trackers, meters, log (4.3, 3.x).

Everything here is a dataclass of builtins, so a state round-trips through
JSON (:func:`GameState.to_dict` / :func:`GameState.from_dict`) and clones
cheaply (:meth:`GameState.clone`, far faster than ``copy.deepcopy``).

Conventions:
* hexes are canonical ``COL-ROW`` labels (``"AL-23"``); ``None`` while a unit
  is embarked on a ship (10.0);
* ``supply`` maps a CV or RV slot (``"GA"``, ``"LRS1"``, ``"INT1"``, ``"RP"``)
  to the supply cubes left (dice for CVs, Resupply Points for ``"RP"``);
  slots with infinite supply are absent;
* teams are ``"US"`` (Blue) and ``"RU"`` (Red).
"""
from __future__ import annotations

from dataclasses import asdict, dataclass, field, fields
from typing import Any

TEAMS = ("US", "RU")


def other(team: str) -> str:
    """The opposing team."""
    return "RU" if team == "US" else "US"


@dataclass(slots=True)
class Unit:
    """One counter on its Unit Tracker (4.3)."""

    uid: str                       # designator, e.g. "1 Anna"
    type_id: str                   # catalog key
    team: str
    task_force: str
    hex: str | None
    hp: int
    supply: dict[str, int]
    revealed: bool = False         # face up (6.11)
    embarked_on: str | None = None
    attachments: list[str] = field(default_factory=list)
    destroyed: bool = False
    acted: bool = False            # used its one Core Action this turn (3.34)
    moved: bool = False            # moved this turn (5.16)
    paralysed: bool = False        # may not act for the rest of the turn (JCC effect)
    no_move: bool = False          # disembarked/transported this turn (5.19)
    expended: bool = False         # Combined Arms Activation (7.18)
    moved_with: str = ""           # first unit of the group it moved with this turn; "" = not moved (3.37)

    def clone(self) -> "Unit":
        return Unit(self.uid, self.type_id, self.team, self.task_force, self.hex, self.hp,
                    dict(self.supply), self.revealed, self.embarked_on, list(self.attachments),
                    self.destroyed, self.acted, self.moved, self.paralysed, self.no_move,
                    self.expended, self.moved_with)

    @property
    def on_map(self) -> bool:
        return self.hex is not None and not self.destroyed


@dataclass(slots=True)
class Marker:
    """A MILDEC or Naval MILDEC counter (4.22): not a unit, 1 HP, no combat."""

    mid: str
    type_id: str                   # "mildec" | "naval_mildec"
    team: str
    task_force: str
    hex: str
    revealed: bool = False
    destroyed: bool = False
    acted: bool = False            # declared in a Core Action this turn (3.34, 5.16)

    def clone(self) -> "Marker":
        return Marker(self.mid, self.type_id, self.team, self.task_force, self.hex,
                      self.revealed, self.destroyed, self.acted)


@dataclass(slots=True)
class Declared:
    """One declared Core Action of the active impulse (3.03, 3.31)."""

    kind: str                      # move_combat | move_conceal | move_resupply | play_jcc | move_embarked_jcc
    units: list[str]
    jcc: str | None = None
    origin: str | None = None      # the stack's hex when declared
    split: bool = False            # a part of a stack splitting off (3.37)
    moved: bool = False
    path: list[str] = field(default_factory=list)
    zor_used: bool = False
    concealed: bool = False
    resupplied: bool = False
    over_mp: bool = False          # single-hex move beyond MP: nothing else allowed (5.14)
    note: str = ""
    markers: list[str] = field(default_factory=list)   # MILDECs moving with (or as) this stack (5.17)

    def clone(self) -> "Declared":
        return Declared(self.kind, list(self.units), self.jcc, self.origin, self.split,
                        self.moved, list(self.path), self.zor_used, self.concealed,
                        self.resupplied, self.over_mp, self.note, list(self.markers))


@dataclass(slots=True)
class Impulse:
    """The impulse in progress (3.3)."""

    task_force: str
    team: str
    ap: int
    phase: str = "declare"         # declare -> act -> combat_done -> (ended)
    actions: list[Declared] = field(default_factory=list)
    combat: dict[str, Any] | None = None   # pending combat plan (see rules.combat)
    attacked_hexes: list[str] = field(default_factory=list)
    lrs_damage_hexes: list[str] = field(default_factory=list)
    resupplied: list[str] = field(default_factory=list)   # logistics units that resupplied (8.01)

    def clone(self) -> "Impulse":
        return Impulse(self.task_force, self.team, self.ap, self.phase,
                       [a.clone() for a in self.actions], _deep(self.combat),
                       list(self.attacked_hexes), list(self.lrs_damage_hexes), list(self.resupplied))


def _deep(x):
    if isinstance(x, dict):
        return {k: _deep(v) for k, v in x.items()}
    if isinstance(x, list):
        return [_deep(v) for v in x]
    return x


@dataclass(slots=True)
class GameState:
    """The whole game as data."""

    scenario: str
    turn: int
    max_turns: int
    stage: str                          # "action" | "over"
    initiative: str                     # team with the initiative (3.25)
    task_forces: dict[str, str]         # task force -> team
    tf_order: list[str]                 # TFs that took their impulse this turn, in order
    units: dict[str, Unit]
    markers: dict[str, Marker] = field(default_factory=dict)
    network_cubes: dict[str, int] = field(default_factory=lambda: {"US": 0, "RU": 0})
    influence: int = 0                  # Influence Meter: + toward US, - toward RU (15.0)
    influence_turn_start: int = 0       # the meter as the turn began: its benefits apply from then (15.0)
    kills: dict[str, int] = field(default_factory=lambda: {"US": 0, "RU": 0})
    impulse: Impulse | None = None
    relinquished: bool = False          # initiative already handed over this Action Stage (3.41)
    winner: str | None = None
    result: str = ""
    victory: list[dict] = field(default_factory=list)   # scenario victory conditions (3.5)
    jccs: dict[str, list[str]] = field(default_factory=dict)  # each team's JCC pool (3.12)
    continuing: dict[str, str] = field(default_factory=dict)  # hex -> "continuing" | "resolved" (7.21)
    total_kills: dict[str, int] = field(default_factory=lambda: {"US": 0, "RU": 0})
    log: list[dict] = field(default_factory=list)

    # ---- copies ---------------------------------------------------------
    def clone(self, share_log: bool = False) -> "GameState":
        """A fully independent copy (what-if branches). Log entries are shared
        read-only dicts; the log list itself is copied unless ``share_log``."""
        return GameState(
            self.scenario, self.turn, self.max_turns, self.stage, self.initiative,
            dict(self.task_forces), list(self.tf_order),
            {k: u.clone() for k, u in self.units.items()},
            {k: m.clone() for k, m in self.markers.items()},
            dict(self.network_cubes), self.influence, self.influence_turn_start, dict(self.kills),
            self.impulse.clone() if self.impulse else None, self.relinquished,
            self.winner, self.result, self.victory, self.jccs, dict(self.continuing), dict(self.total_kills),
            self.log if share_log else list(self.log),
        )

    def to_dict(self) -> dict:
        """JSON-ready dict of the whole state."""
        return asdict(self)

    @classmethod
    def from_dict(cls, d: dict) -> "GameState":
        """Inverse of :meth:`to_dict`."""
        d = dict(d)
        d["units"] = {k: Unit(**v) for k, v in d["units"].items()}
        d["markers"] = {k: Marker(**v) for k, v in d.get("markers", {}).items()}
        imp = d.get("impulse")
        if imp:
            imp = dict(imp)
            imp["actions"] = [Declared(**a) for a in imp["actions"]]
            d["impulse"] = Impulse(**imp)
        names = {f.name for f in fields(cls)}
        return cls(**{k: v for k, v in d.items() if k in names})

    # ---- queries ----------------------------------------------------------
    def unit(self, uid: str) -> Unit:
        """The unit ``uid``; UnknownName (an LcbError and KeyError) when unknown."""
        try:
            return self.units[uid]
        except (KeyError, TypeError):
            from .errors import UnknownName
            raise UnknownName(f"no unit named {uid!r}") from None

    def units_in(self, hex_label: str, team: str | None = None) -> list[Unit]:
        """Living units on the map in ``hex_label`` (optionally of one team)."""
        return [u for u in self.units.values()
                if u.hex == hex_label and not u.destroyed and (team is None or u.team == team)]

    def markers_in(self, hex_label: str, team: str | None = None) -> list[Marker]:
        return [m for m in self.markers.values()
                if m.hex == hex_label and not m.destroyed and (team is None or m.team == team)]

    def living(self, team: str | None = None) -> list[Unit]:
        return [u for u in self.units.values() if not u.destroyed and (team is None or u.team == team)]

    def tf_units(self, tf: str) -> list[Unit]:
        return [u for u in self.units.values() if u.task_force == tf and not u.destroyed]
