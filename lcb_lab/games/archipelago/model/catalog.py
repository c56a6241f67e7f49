"""The piece classes of levels 1 to 4 (reference table l.1576ff), loaded from ``data/pieces.toml``.

Each :class:`PieceClass` holds what the rules read: hits to sink (durability, l.243, l.346),
speed added to the blue die (l.178, l.307), mobility (what the board admits, l.116-128), weapons,
the markers its control panel holds when filled (``loads``), value in points (l.272), the ``level``
that brings it in (5: the expanded rules, l.811, placed only in a level-5 game).  ``lines``
names the text's line of each value; ``sandbox`` the values the text does not print.

>>> c = catalog()
>>> c.classes["torpedo_boat"].speed, c.by_prefix("D").loads, c.object_values["workshop"]
(2, {'G': 3, 'T': 2}, 3)
>>> c.of_id("Red TB-2")
('Red', 'torpedo_boat', 2)
"""
from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

from lcb_lab.kernel import files

DATA = Path(__file__).resolve().parents[1] / "data" / "pieces.toml"
MARKERS = ("T", "G", "Repair", "A-S", "A-A", "C", "S-S", "S-A", "CM", "M", "D", "SN")
"""The marker kinds: torpedo, gun shell, repair (levels 1-2), air-to-surface and air-to-air missile
(level 3), commandos (level 4) (l.102); the expanded rules' surface-to-surface and surface-to-air
missiles, cruise missile, contact mine, depth charge and sonar (l.807)."""


@dataclass(frozen=True)
class PieceClass:
    """One piece class: ``key`` (``"torpedo_boat"``), ``prefix`` (``"TB"``), ``name``, the piece
    ``numbers`` (first, last), ``hits`` to sink, ``speed`` (added to a blue die), ``mobility``
    (``"boat"`` / ``"ship"``), ``weapons``, ``loads`` (marker kind -> count when filled),
    ``any_load`` (the ammunition ship: markers of any kind, else 0), ``value`` (points), ``fuel``
    (the helicopter-fuel pointer when full: helicopter 6, l.427; hovercraft 12, l.594; else 0)."""

    key: str
    prefix: str
    name: str
    numbers: tuple[int, int]
    hits: int
    speed: int
    mobility: str
    weapons: tuple[str, ...]
    loads: dict[str, int]
    value: int
    any_load: int = 0
    fuel: int = 0
    lines: dict[str, str] = field(default_factory=dict)
    sandbox: dict[str, str] = field(default_factory=dict)
    level: int = 1
    extra: dict = field(default_factory=dict)
    """Values of the expanded rules the fields above do not name (``platforms``: helicopter
    platforms, ``dock``: craft its well dock holds, ``commandos``: C markers carried...), read by
    the rules that use them (``c.extra.get("platforms", 0)``)."""

    def get(self, key: str, default: Any = None) -> Any:
        """A value of the class's row beyond the fields above (``armor``, ``slots``, ``platforms``,
        ``large``, ``afterburner``...; the expanded rules' columns), or ``default``."""
        return self.extra.get(key, default)

    def capacity(self, kind: str) -> int:
        """How many markers of ``kind`` ("T", "G", "Repair") the panel holds (the ammunition
        ship: :attr:`any_load` of any kind)."""
        return self.any_load if self.any_load else self.loads.get(kind, 0)

    @property
    def is_ship(self) -> bool:
        """Whether the class is a ship (deep water only, l.268), not a boat."""
        return self.mobility == "ship"


@dataclass(frozen=True)
class Catalog:
    """Every class by key, Base A's object values (l.386) and each side's marker totals (l.104)."""

    classes: dict[str, PieceClass]
    object_values: dict[str, int]
    totals: dict[str, int]
    expanded: dict[str, int] = field(default_factory=dict)
    """The markers the expanded set adds per side (l.807), by kind: the level-5 stock adds them."""

    def by_prefix(self, prefix: str) -> PieceClass:
        """The class whose piece names start ``prefix-`` (``"TB"``, ``"C"``...). Raises KeyError."""
        for c in self.classes.values():
            if c.prefix == prefix:
                return c
        raise KeyError(f"no piece class with the prefix {prefix!r}")

    def by_number(self, prefix: str, number: int) -> PieceClass:
        """The class whose pieces are ``prefix-number`` (the expanded rules number several classes
        ``H``: H1-H2 helicopters, H3-H4 utility helicopters...). Raises KeyError when none is."""
        for c in self.classes.values():
            if c.prefix == prefix and c.numbers[0] <= number <= c.numbers[1]:
                return c
        cls = self.by_prefix(prefix)
        raise KeyError(f"{prefix}-{number}: a {cls.name} is numbered {cls.numbers[0]}-{cls.numbers[1]} (l.1576)")

    def of_id(self, piece_id: str) -> tuple[str, str, int]:
        """``(owner, class key, number)`` of a piece id ``"<owner> <prefix>-<number>"``
        (``"Blue C-10"``). Raises KeyError for a malformed id or a number not of its class."""
        try:
            owner, name = piece_id.split(" ")
            prefix, num = name.split("-")
            number = int(num)
        except ValueError:
            raise KeyError(f"{piece_id!r} is not a piece id like 'Red TB-2'") from None
        try:
            cls = self.by_number(prefix, number)
        except KeyError as e:
            raise KeyError(f"{piece_id!r}: {e.args[0]}") from None
        return owner, cls.key, number


@cache
def catalog(path: str | None = None) -> Catalog:
    """The catalog from ``path`` (default ``data/pieces.toml``), read once."""
    raw = files.load_toml(Path(path or DATA), "pieces")     # the one reader (lcb_lab.kernel.files)
    objects = {k: v for k, v in raw.pop("base_objects").items() if isinstance(v, int)}
    totals = {k: v for k, v in raw.pop("base_stock").items() if isinstance(v, int)}
    expanded = {k: v for k, v in raw.pop("expanded_stock", {}).items() if isinstance(v, int)}
    classes = {}
    for key, d in raw.items():
        classes[key] = PieceClass(key, d["prefix"], d["name"], tuple(d["numbers"]), d["hits"], d["speed"],
                                  d["mobility"], tuple(d["weapons"]), dict(d["loads"]), d["value"],
                                  d.get("any_load", 0), d.get("fuel", 0), dict(d.get("lines", {})), dict(d.get("sandbox", {})),
                                  d.get("level", 1), {k: v for k, v in d.items() if k not in _FIELDS})
    return Catalog(classes, objects, totals, expanded)


_FIELDS = frozenset({"prefix", "name", "numbers", "hits", "speed", "mobility", "weapons", "loads", "value",
                     "any_load", "fuel", "lines", "sandbox", "level"})
