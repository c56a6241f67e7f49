"""Unit types and markers with provenance for every value (4.2, 4.3, App. A).

The catalog lives in ``lcb_lab/games/lcb/data/units.toml``.  Every number carries a
``source``: either a rulebook reference (``"rulebook 7.41"``) or
``"sandbox"`` for a plausible value the rulebook does not state (Appendix A's
unit table is truncated, so most counter values are sandbox values).  The UI
marks sandbox values so an instructor knows what to check against the
physical game.

CV slots are the Unit Tracker's supply tracks (4.32): ``GA`` (green),
``LRS1`` (red), ``LRS2`` (orange), ``LRS3`` (blue), ``INT1``/``INT2``
(purple).  Resupply Values are ``RV1``/``RV2`` (8.0).  Ranges are in hexes,
not counting the unit's own hex (4.21); ``None`` means infinite (∞).  Supply
``None`` means infinite supply (4.32, 7.34: at most 4 dice per CV).
"""
from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import ClassVar, Literal, Optional

from pydantic import BaseModel, ConfigDict, ValidationError, field_validator

from lcb_lab.kernel.errors import ScenarioError, pydantic_problem
from lcb_lab.games.lcb.io import ranges as R
from lcb_lab.kernel.files import load_toml

DATA_DIR = Path(__file__).resolve().parents[1] / "data"
CvSlot = Literal["GA", "LRS1", "LRS2", "LRS3", "INT1", "INT2"]
RvSlot = Literal["RV1", "RV2"]
INFINITE_DICE_CAP = 4
"""Units with infinite supply roll at most 4 d20 per CV (7.34, 7.51, 7.55)."""


def _inf(v):
    if isinstance(v, str) and v.strip().lower() in {"inf", "infinite", "∞"}:
        return None
    return v


def _check_sources(v: dict[str, str]) -> dict[str, str]:
    bad = {k: s for k, s in v.items() if not (s.startswith("rulebook") or s.startswith("sandbox"))}
    if bad:
        raise ValueError(f"sources must start with 'rulebook' or 'sandbox': {bad}")
    return v


class _Model(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid", defer_build=True)


class CvReading:
    """How a CV is read (7.02, 7.31, 4.32): shared by unit CVs and Attached cards' CVs
    (``lcb_lab.games.lcb.rules.cards.cvs``, whose slots read ``"<cid>:<slot>"``); the class using it has
    ``slot``, ``range`` (None: infinite) and ``supply`` (None: infinite)."""

    @property
    def kind(self) -> str:
        """``"GA"``, ``"LRS"`` or ``"INT"``."""
        return self.slot.rsplit(":", 1)[-1].rstrip("123")

    @property
    def infinite_supply(self) -> bool:
        """True when the CV has infinite supply (4.32; at most 4 dice a CV, 7.34)."""
        return self.supply is None

    @property
    def infinite_range(self) -> bool:
        """True when the CV reaches any hex (infinite range, 7.41)."""
        return self.range is None

    def in_range(self, hexes: int) -> bool:
        """True when a target ``hexes`` away is within this CV's range (7.31)."""
        return self.range is None or hexes <= self.range


class CombatValue(CvReading, _Model):
    """One CV of a unit: value to roll under on a d20 (7.02), range, supply."""

    slot: CvSlot
    value: R.ranged(R.D20_CV)
    range: Optional[R.ranged(R.RANGE_HEXES)] = 0   # GA range is 0 (7.11)
    supply: Optional[R.ranged(R.SUPPLY)]           # required: write "inf" for infinite supply
    ballistic: bool = False                        # a ballistic LRS: only BMD INTERCEPT answers it (7.510)
    sources: dict[str, str]
    bmd: ClassVar[bool] = False
    """A unit's own INTERCEPT value is never a BMD value (7.510: those come from Attached cards,
    ``rules.cards.cvs.CardCV.bmd``); a class constant, not a field, read like the card CV's field."""

    _n = field_validator("range", "supply", mode="before")(_inf)
    _s = field_validator("sources")(lambda v: _check_sources(v))



class ResupplyValue(_Model):
    """A logistics unit's RV: RPs it may hand out per action, and range (8.0, 8.03)."""

    slot: RvSlot
    value: R.ranged(R.SUPPLY)
    range: R.ranged(R.RANGE_HEXES)
    sources: dict[str, str]

    _s = field_validator("sources")(lambda v: _check_sources(v))


class UnitType(_Model):
    """A counter type.  ``sources`` maps each plain field name to its provenance."""

    type_id: str
    name: str
    team: Literal["US", "RU"]
    service: str
    domain: Literal["ground", "naval", "submarine"]    # a submarine is not a naval unit (14.0)
    symbol: str
    abbrev: str
    size: str
    mp: R.ranged(R.MP)
    hp: R.ranged(R.HP)
    gpsv: R.ranged(R.SPACE) = 0
    asv: R.ranged(R.SPACE) = 0
    embark_gpsv: R.ranged(R.SPACE) = 0
    embark_asv: R.ranged(R.SPACE) = 0
    rp: R.ranged(R.SUPPLY) = 0
    armor: bool = False
    cannon_artillery: bool = False
    asw: bool = False
    embark_rotary: bool = False    # 10.1, 10.35: the ship's black helicopter symbol
    embark_fixed: bool = False     # 10.1, 10.35: the ship's black fighter symbol
    detect: Optional[R.ranged(R.D20)] = None       # a submarine's required DETECT (14.12)
    torpedo_cv: Optional[R.ranged(R.D20)] = None   # TORPEDO ATTACK CV (14.08)
    cvs: tuple[CombatValue, ...] = ()
    rvs: tuple[ResupplyValue, ...] = ()
    sources: dict[str, str]
    notes: str = ""

    _s = field_validator("sources")(lambda v: _check_sources(v))

    @field_validator("cvs", "rvs")
    @classmethod
    def _unique_slots(cls, v):
        slots = [x.slot for x in v]
        dup = {x for x in slots if slots.count(x) > 1}
        if dup:
            raise ValueError(f"slot {sorted(dup)} given twice")
        return v

    @property
    def _cv_tables(self) -> tuple[dict[str, CombatValue], dict[str, tuple[CombatValue, ...]]]:
        """``({slot: CV}, {kind: CVs of that kind in order})``, made on first use and kept with the
        ``cvs`` they were made from (not a field: equality, dumps and validation ignore it; a
        ``model_copy`` with other ``cvs`` makes its own)."""
        got = self.__dict__.get("_cv_cache")
        if got is not None and got[0] is self.cvs:
            return got[1]
        kinds: dict[str, tuple[CombatValue, ...]] = {}
        for c in self.cvs:
            kinds[c.kind] = kinds.get(c.kind, ()) + (c,)
        tables = {c.slot: c for c in self.cvs}, kinds
        self.__dict__["_cv_cache"] = (self.cvs, tables)      # the frozen model's own dict, as cached_property does
        return tables

    def cv(self, slot: str) -> CombatValue | None:
        """The CV in ``slot`` (e.g. ``"LRS1"``) or None."""
        return self._cv_tables[0].get(slot)

    def cvs_of(self, kind: str) -> tuple[CombatValue, ...]:
        """All CVs of a kind: ``"GA"``, ``"LRS"`` or ``"INT"`` (in the order of ``cvs``)."""
        return self._cv_tables[1].get(kind, ())

    def rv(self, slot: str) -> ResupplyValue | None:
        """The Resupply Value in ``slot`` (``"RV1"``/``"RV2"``, 8.0), or None when the type has none there."""
        for r in self.rvs:
            if r.slot == slot:
                return r
        return None

    @property
    def is_logistics(self) -> bool:
        """Logistics units carry a blue RV circle (8.0)."""
        return bool(self.rvs)

    @property
    def is_naval(self) -> bool:
        """True for a naval unit type (its domain is ``"naval"``)."""
        return self.domain == "naval"

    @property
    def is_submarine(self) -> bool:
        """A JCC submarine: not a naval unit (14.0)."""
        return self.domain == "submarine"

    def source(self, field: str) -> str:
        """Provenance of a field (``"sandbox"`` when not given)."""
        return self.sources.get(field, "sandbox")

    def sandbox_fields(self) -> list[str]:
        """Names of the values of this type that are sandbox, not rulebook."""
        out = [f for f, s in self.sources.items() if s.startswith("sandbox")]
        for c in self.cvs:
            out += [f"{c.slot}.{k}" for k, s in c.sources.items() if s.startswith("sandbox")]
        for r in self.rvs:
            out += [f"{r.slot}.{k}" for k, s in r.sources.items() if s.startswith("sandbox")]
        return out


class MarkerType(_Model):
    """MILDEC-like markers (4.22, 5.17): not units, 1 HP, no combat."""

    type_id: str
    name: str
    domain: Literal["ground", "naval"]
    hp: int = 1
    mp: int
    sources: dict[str, str]


class Catalog(_Model):
    units: dict[str, UnitType]
    markers: dict[str, MarkerType] = {}

    def unit(self, type_id: str) -> UnitType:
        """The unit type ``type_id``; KeyError naming the known ids if absent."""
        try:
            return self.units[type_id]
        except KeyError:
            raise KeyError(f"unknown unit type {type_id!r}; known: {sorted(self.units)}") from None


def marker_is_naval(catalog: Catalog, type_id: str) -> bool:
    """True for a Naval MILDEC-like marker type: it stands in water (4.22, 5.11)."""
    return catalog.markers[type_id].domain == "naval" if type_id in catalog.markers else type_id == "naval_mildec"


def _loc(err: dict) -> str:
    """Dotted key as written in the TOML (``cv``/``rv``, not the model's ``cvs``/``rvs``)."""
    names = {"cvs": "cv", "rvs": "rv"}
    return ".".join(names.get(str(p), str(p)) for p in err["loc"])


def parse_catalog(data: dict, file: str) -> Catalog:
    """Validate catalog data (as read from TOML). Raises ScenarioError."""
    if not isinstance(data, dict):
        raise ScenarioError(file, "(top)", "a catalog is a table of [[unit]] and [[marker]] tables")
    for table in ("unit", "marker"):
        rows = data.get(table, [])
        if not isinstance(rows, list) or not all(isinstance(r, dict) for r in rows):
            raise ScenarioError(file, table, f"expected a list of [[{table}]] tables")
    units = {}
    for i, raw in enumerate(data.get("unit", [])):
        raw = dict(raw)
        raw["cvs"] = raw.pop("cv", [])
        raw["rvs"] = raw.pop("rv", [])
        try:
            u = UnitType.model_validate(raw)
        except ValidationError as e:
            err = e.errors()[0]
            name = raw.get("type_id", f"#{i}")
            raise ScenarioError(file, f"unit[{name}].{_loc(err)}", pydantic_problem(err)) from None
        if u.type_id in units:
            raise ScenarioError(file, f"unit[{u.type_id}]", "duplicate type_id")
        units[u.type_id] = u
    markers = {}
    for i, raw in enumerate(data.get("marker", [])):
        name = raw.get("type_id", f"#{i}")
        try:
            m = MarkerType.model_validate(raw)
        except ValidationError as e:
            err = e.errors()[0]
            raise ScenarioError(file, f"marker[{name}].{_loc(err)}", pydantic_problem(err)) from None
        if m.type_id in markers:
            raise ScenarioError(file, f"marker[{name}]", "duplicate type_id")
        markers[m.type_id] = m
    unknown = set(data) - {"unit", "marker", "meta"}
    if unknown:
        raise ScenarioError(file, ", ".join(sorted(unknown)), "unknown top-level table (expected [[unit]], [[marker]])")
    return Catalog(units=units, markers=markers)


@lru_cache(maxsize=4)
def load_catalog(path: str | None = None) -> Catalog:
    """Load and validate ``units.toml`` (default: the packaged one).

    Raises ScenarioError naming the file and key when the file is malformed.
    """
    p = Path(path) if path else DATA_DIR / "units.toml"
    return parse_catalog(load_toml(p, "catalog"), str(p))
