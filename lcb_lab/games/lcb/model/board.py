"""The map: per-hex terrain, features, land/sea connectivity (4.1, 5.1x, 8.05).

A :class:`Board` is read from a committed JSON file made by
``tools/build_map.py``; the runtime needs no geometry library.

Terrain (4.1, 5.11): each hex is ``naval`` (water only), ``land`` (land only)
or ``mixed`` (both), and has an MP colour: blue/green 1 MP, yellow 2,
orange 3, brown 4, red impassable.  Ground units move only along
``ground_links`` (land continuous across the shared hex side, or a bridge /
road: 5.110, 5.111); naval units only along ``naval_links`` (water continuous
across the side: 5.11).

JSON layout (``lcb_lab/games/lcb/data/maps/<name>.json``)::

    {"name": ..., "source": ..., "hex_km": 20,
     "projection": {"lon0": .., "lat0": .., "km_per_deg_lon": .., "km_per_deg_lat": ..},
     "hexes": [{"label": "AL-23", "kind": "mixed", "colour": "green",
                "land_fraction": 0.41, "features": [{"kind": "port", "name": "Slite"}],
                "ground_links": ["AL-22", ...], "naval_links": [...], "note": "..."}],
     "features": [{"kind": "city", "name": "Visby", "lon": .., "lat": .., "hex": ..}],
     "roads": [{"name": .., "lonlat": [[lon, lat], ...]}],
     "label_map": {"printed label": "our label", ...},
     "naval_zones": ["W1200", "W700", "E700", "E1200"]}

Naval zones (7.4, :mod:`lcb_lab.games.lcb.zones`): a map may list the zone boxes drawn off its
bottom edge.  A place ``"W700.1"`` of a listed box is on the board (``in``, :meth:`Board.hex`: a
naval, blue hex with no links, 7.43) but next to nothing (7.44): no neighbours, no reach.

The projection maps the LC:B map km (x east, y south; :func:`lcb_hexes.centre_km`)
to lon/lat: ``lon = lon0 + x / km_per_deg_lon``, ``lat = lat0 - y / km_per_deg_lat``.
"""
from __future__ import annotations

import re
from collections import deque
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Iterable, NamedTuple

from lcb_lab.games.lcb import hexes as lcb_hexes
from lcb_lab.games.lcb import zones as lcb_zones
from lcb_lab.kernel.errors import LabError, ScenarioError
from lcb_lab.kernel.files import parse_json, read_text

MAP_DIR = Path(__file__).resolve().parents[1] / "data" / "maps"

MP_BY_COLOUR: dict[str, int | None] = {
    "blue": 1, "green": 1, "yellow": 2, "orange": 3, "brown": 4, "red": None,
}
"""MP to enter a hex by its colour (4.1, 5.11); ``None`` = prohibited."""

TERRAIN_CV_MODIFIER: dict[str, int] = {"orange": -1, "brown": -2}
"""Offensive CV modifier when a *ground* target stands in such a hex (7.09)."""


@dataclass(frozen=True, slots=True)
class Feature:
    """A map feature: city, town, port, small_port, airfield, bridge ... (4.1)."""

    kind: str
    name: str
    lon: float | None = None
    lat: float | None = None


@dataclass(frozen=True, slots=True)
class HexInfo:
    """Terrain of one hex."""

    label: str
    kind: str  # "naval" | "land" | "mixed"
    colour: str
    land_fraction: float = 0.0
    features: tuple[Feature, ...] = ()
    ground_links: tuple[str, ...] = ()
    naval_links: tuple[str, ...] = ()
    note: str = ""

    @property
    def mp_cost(self) -> int | None:
        """MP to enter (5.11); None when prohibited (red)."""
        return MP_BY_COLOUR[self.colour]

    @property
    def has_land(self) -> bool:
        """True for a land or mixed hex (ground units may stand here, 5.11)."""
        return self.kind in ("land", "mixed")

    @property
    def has_water(self) -> bool:
        """True for a naval or mixed hex (naval units may stand here, 5.11)."""
        return self.kind in ("naval", "mixed")

    @property
    def terrain_modifier(self) -> int:
        """CV modifier for attacks on ground targets here (7.09)."""
        return TERRAIN_CV_MODIFIER.get(self.colour, 0)


@dataclass(frozen=True)
class Board:
    """A hex map.  Labels are canonical ``COL-ROW`` strings (see lcb_lab.games.lcb.hexes)."""

    name: str
    hexes: dict[str, HexInfo]
    projection: dict[str, float] = field(default_factory=dict)
    features: tuple[Feature, ...] = ()
    roads: tuple[dict, ...] = ()
    label_map: dict[str, str] = field(default_factory=dict)
    source: str = ""
    zones: tuple[str, ...] = ()
    _cache: dict = field(default_factory=dict, compare=False, repr=False)

    # ---- lookups -------------------------------------------------------
    def __contains__(self, label: object) -> bool:
        return isinstance(label, str) and (label in self.hexes or self._canon(label) in self.hexes
                                           or self.is_zone_place(label))

    def is_zone_place(self, label: object) -> bool:
        """True when ``label`` is a place (``"W700.1"``) in one of this map's naval zones (7.4, 7.43)."""
        return bool(self.zones) and lcb_zones.zone_of(label) in self.zones

    def _canon(self, label: str) -> str:
        if label in self.hexes:
            return label
        try:
            return lcb_hexes.normalise(label)
        except ValueError:
            return label

    def hex(self, label: str) -> HexInfo:
        """Terrain of ``label``. Raises LabError when the hex is not on this map."""
        info = self.hexes.get(label) or self.hexes.get(self._canon(label))
        if info is None:
            if self.is_zone_place(label):
                return _zone_hex(label)
            raise LabError(f"hex {label!r} is not on the {self.name} map")
        return info

    def canonical(self, label: str) -> str:
        """Our label for ``label`` (printed labels mapped via ``label_map``)."""
        if label in self.hexes and not self.label_map:
            return label
        lab = self._canon(label)
        return self.label_map.get(lab, lab)

    def mp_costs(self) -> dict[str, int | None]:
        """{label: MP to enter} for every hex (cached; the map never changes)."""
        if "mp" not in self._cache:
            self._cache["mp"] = {k: h.mp_cost for k, h in self.hexes.items()}
        return self._cache["mp"]

    def neighbours(self, label: str) -> list[str]:
        """Adjacent hexes that are on this map (a new list; cached per label: the map never changes)."""
        key = ("nb", label)
        got = self._cache.get(key)
        if got is None and self.is_zone_place(label):
            return []                  # 7.44: a zone place is next to nothing
        if got is None:
            got = self._cache[key] = tuple(h.label for h in lcb_hexes.neighbours(self._canon(label))
                                           if h.label in self.hexes)
        return list(got)

    def ground_neighbours(self, label: str) -> tuple[str, ...]:
        """Hexes a ground unit may step to from ``label`` (5.11, 5.111, 5.19)."""
        info = self.hexes.get(label)
        return (info or self.hex(label)).ground_links

    def naval_neighbours(self, label: str) -> tuple[str, ...]:
        """Hexes a naval unit may step to from ``label`` (5.11)."""
        info = self.hexes.get(label)
        return (info or self.hex(label)).naval_links

    # ---- traced distances ----------------------------------------------
    def naval_reach(self, label: str, radius: int) -> dict[str, int]:
        """Hexes within ``radius`` steps traced through naval/mixed hexes (6.23).

        Returns {label: steps}; the start hex is at 0 (a naval-zone place reaches only itself,
        7.44).  Cached: the map never changes.
        """
        if self.is_zone_place(label):
            return {label: 0}
        key = ("naval", label, radius)
        if key not in self._cache:
            self._cache[key] = _bfs(label, radius, self.naval_neighbours)
        return self._cache[key]

    def ground_reach(self, label: str, radius: int, blocked: Iterable[str] = ()) -> dict[str, int]:
        """Hexes within ``radius`` steps along ground links, not entering
        ``blocked`` hexes and never prohibited (red) hexes (8.03, 8.05)."""
        if self.is_zone_place(label):
            return {label: 0}
        bl = set(blocked)

        def step(h: str):
            return [n for n in self.ground_neighbours(h)
                    if n not in bl and self.hexes[n].mp_cost is not None]
        return _bfs(label, radius, step)

    # ---- geography for views -------------------------------------------
    def km_to_lonlat(self, x: float, y: float) -> tuple[float, float]:
        """Map km (``x`` east, ``y`` south) to ``(lon, lat)`` in degrees, by the board's ``projection``;
        ``KeyError`` when the board has no projection."""
        p = self.projection
        return p["lon0"] + x / p["km_per_deg_lon"], p["lat0"] - y / p["km_per_deg_lat"]

    def lonlat_to_km(self, lon: float, lat: float) -> tuple[float, float]:
        """``(lon, lat)`` in degrees to map km ``(x east, y south)``: the inverse of :meth:`km_to_lonlat`."""
        p = self.projection
        return (lon - p["lon0"]) * p["km_per_deg_lon"], (p["lat0"] - lat) * p["km_per_deg_lat"]

    def hex_at_lonlat(self, lon: float, lat: float) -> str | None:
        """The label of the hex containing (lon, lat), or None when off the map."""
        lab = lcb_hexes.hex_at_km(*self.lonlat_to_km(lon, lat)).label
        return lab if lab in self.hexes else None

    def features_in(self, label: str) -> tuple[Feature, ...]:
        """The features (ports, cities ...) of hex ``label``; raises LabError off the map."""
        return self.hex(label).features


def _zone_hex(label: str) -> HexInfo:
    """A naval-zone place as a hex (7.43): water only, blue, no links (7.44)."""
    z = lcb_zones.ZONES[lcb_zones.zone_of(label)]
    return HexInfo(label=label, kind="naval", colour="blue", note=f"naval zone: {z.title} (7.4, 7.43)")


def _bfs(start: str, radius: int, step) -> dict[str, int]:
    start = lcb_hexes.normalise(start)
    seen = {start: 0}
    q = deque([start])
    while q:
        h = q.popleft()
        d = seen[h]
        if d >= radius:
            continue
        for n in step(h):
            if n not in seen:
                seen[n] = d + 1
                q.append(n)
    return seen


def board_to_dict(board: Board) -> dict:
    """The JSON layout :func:`board_from_dict` reads (a save carries a synthetic board this way)."""
    def feat(f: Feature) -> dict:
        return {k: v for k, v in (("kind", f.kind), ("name", f.name), ("lon", f.lon), ("lat", f.lat)) if v is not None}
    return {"name": board.name, "projection": dict(board.projection), "source": board.source,
            "features": [feat(f) for f in board.features], "roads": list(board.roads),
            "label_map": dict(board.label_map), **({"naval_zones": list(board.zones)} if board.zones else {}),
            "hexes": [{"label": h.label, "kind": h.kind, "colour": h.colour, "land_fraction": h.land_fraction,
                       "features": [feat(f) for f in h.features], "ground_links": list(h.ground_links),
                       "naval_links": list(h.naval_links), "note": h.note} for h in board.hexes.values()]}


BOARD_KEYS = ("name", "hexes", "features", "roads", "projection", "label_map", "source",
              "hex_km", "box", "thresholds", "placement", "naval_zones")
"""The keys of a map's JSON layout (:func:`board_to_dict`; the last four: how tools/build_map.py built it)."""


def board_from_dict(data: dict, file: str = "<map>") -> Board:
    """Build a Board from the JSON layout above: ``hexes`` a list of hex objects,
    ``features`` / ``roads`` lists of objects, ``projection`` / ``label_map`` objects.
    Raises ScenarioError(file, key, problem)."""
    if not isinstance(data, dict):
        raise ScenarioError(file, "(top)", f"a map is a JSON object, not {type(data).__name__}")
    for key in data:
        if key not in BOARD_KEYS:
            raise ScenarioError(file, str(key), f"unknown key; a map has {', '.join(BOARD_KEYS)}")
    if "hexes" not in data:
        raise ScenarioError(file, "hexes", "missing: a map is a list of hexes")
    for key, kind, words in (("hexes", list, "a list of hexes"), ("features", list, "a list"),
                             ("roads", list, "a list"), ("projection", dict, "an object"),
                             ("label_map", dict, "an object"), ("name", str, "a string"), ("source", str, "a string")):
        if key in data and not isinstance(data[key], kind):
            raise ScenarioError(file, key, f"expected {words}, not {type(data[key]).__name__}")
    hexes: dict[str, HexInfo] = {}
    for i, h in enumerate(data.get("hexes", [])):
        try:
            if not isinstance(h, dict):
                raise TypeError(f"a hex is an object, not {type(h).__name__}")
            label = lcb_hexes.normalise(h["label"])
            hexes[label] = _hex_info(label, h)
        except (KeyError, ValueError, TypeError) as e:
            raise ScenarioError(file, f"hexes[{i}]", f"missing {e}" if isinstance(e, KeyError) else str(e)) from None
    zones = data.get("naval_zones", [])
    if not isinstance(zones, list) or any(z not in lcb_zones.ZONES for z in zones) or len(set(zones)) != len(zones):
        raise ScenarioError(file, "naval_zones", f"a list of distinct zone names from {', '.join(lcb_zones.ZONES)} (7.4)")
    try:
        features = tuple(Feature(**{k: f[k] for k in ("kind", "name", "lon", "lat") if k in f})
                         for f in data.get("features", []))
        label_map = dict(data.get("label_map", {}))
    except (KeyError, ValueError, TypeError) as e:
        raise ScenarioError(file, "features/label_map", str(e)) from None
    return Board(
        name=data.get("name", "map"), hexes=hexes, projection=data.get("projection", {}),
        features=features, roads=tuple(data.get("roads", [])), label_map=label_map,
        source=data.get("source", ""), zones=tuple(zones),
    )


def _hex_info(label: str, h: dict) -> HexInfo:
    """One hex of the JSON layout. Raises KeyError / ValueError / TypeError."""
    if h["colour"] not in MP_BY_COLOUR:
        raise ValueError(f"colour {h['colour']!r} not one of {sorted(MP_BY_COLOUR)}")
    if h["kind"] not in ("naval", "land", "mixed"):
        raise ValueError(f"kind {h['kind']!r} not naval/land/mixed")
    feats, note = h.get("features", []), h.get("note", "")
    if not isinstance(feats, list) or not all(isinstance(f, dict) for f in feats) or not isinstance(note, str):
        raise TypeError("features must be a list of objects and note a string")
    return HexInfo(
        label=label, kind=h["kind"], colour=h["colour"],
        land_fraction=float(h.get("land_fraction", 0.0)),
        features=tuple(Feature(**f) for f in feats),
        ground_links=tuple(lcb_hexes.normalise(x) for x in h.get("ground_links", [])),
        naval_links=tuple(lcb_hexes.normalise(x) for x in h.get("naval_links", [])),
        note=note,
    )


_MAP_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.-]{0,63}")


def map_name_problem(name: object) -> str | None:
    """Why ``name`` cannot name a map in ``lcb_lab/games/lcb/data/maps``, or None when it can.

    A map name is a plain file stem (letters, digits, ``_ . -``; no path,
    no ``..``), so a scenario or a save can never point outside the maps folder.  A name longer
    than 60 characters is shown by its first 40 and its length, so the problem stays on one line.
    """
    if not isinstance(name, str):
        return f"a map name is a string, not {type(name).__name__}"
    shown = repr(name) if len(name) <= 60 else f"{name[:40]!r}... ({len(name)} characters)"
    if not _MAP_NAME.fullmatch(name) or ".." in name:
        return f"{shown} is not a map name (a plain name like 'gotland', no path)"
    if not (MAP_DIR / f"{name}.json").is_file():
        known = sorted(p.stem for p in MAP_DIR.glob("*.json"))
        return f"no map named {shown} in {MAP_DIR} (known: {', '.join(known)})"
    return None


def load_board(name: str = "gotland") -> Board:
    """Load ``lcb_lab/games/lcb/data/maps/<name>.json`` (committed output of tools/build_map.py).

    ``name`` is a plain map name (see :func:`map_name_problem`). Raises
    ScenarioError(name, "map", problem) for a bad name, or naming the map
    file when it is malformed.
    """
    problem = map_name_problem(name)
    if problem:
        raise ScenarioError(str(name), "map", problem)
    return _load_board(name)


@lru_cache(maxsize=4)
def _load_board(name: str) -> Board:
    p = MAP_DIR / f"{name}.json"
    data = parse_json(read_text(p, "map"), str(p))
    if not isinstance(data, dict):
        raise ScenarioError(str(p), "(top)", "a map file is a JSON object")
    return board_from_dict(data, str(p))


class TerrainProblem(NamedTuple):
    """Why a piece cannot stand in a hex: ``rule`` ``"5.11"`` (land or water) or ``"14.02"``
    (a submarine in a coastal hex), ``text`` the one-line reason, ending with the rule."""

    rule: str
    text: str


PIECES = ("ground", "naval", "submarine")
"""What :func:`terrain_problem` tells apart: ground units and MILDECs stand on land, ships and
Naval MILDECs in water (5.11, 4.22), submarines in open water -- water and no land (14.02 NOTE)."""


def terrain_problem(board: Board, label: str, piece: str, who: str) -> TerrainProblem | None:
    """Why ``who``, a ``piece`` (one of :data:`PIECES`), cannot stand in hex ``label``, or None.

    The one terrain check (5.11, 4.22, 14.02): the scenario loader, the save check and the state
    invariants (:mod:`lcb_lab.games.lcb.model.invariants`) all give its words.  ``label`` must be
    on ``board`` (KeyError otherwise); ``piece`` not in :data:`PIECES` is read as naval.
    """
    info = board.hex(label)
    if piece == "ground":
        return None if info.has_land else TerrainProblem("5.11", f"{who} is a ground piece but {info.label} "
                                                                 "has no land (5.11)")
    kind = "a submarine" if piece == "submarine" else "naval"
    if not info.has_water:
        return TerrainProblem("5.11", f"{who} is {kind} but {info.label} has no water (5.11)")
    if piece == "submarine" and info.has_land:
        return TerrainProblem("14.02", f"{who} is a submarine but {info.label} is a coastal hex: submarines "
                                       "never enter coastal hexes on the Baltic maps (14.02)")
    return None


def marker_who(mid: str, naval: bool) -> str:
    """How a terrain message names MILDEC ``mid``: ``"M-1 (Naval MILDEC)"``, ``"M-2 (MILDEC)"``."""
    return f"{mid} ({'Naval MILDEC' if naval else 'MILDEC'})"


def place_problem(board: Board, label: str, naval: bool, who: str, submarine: bool = False) -> str | None:
    """Why ``who`` (a naval piece when ``naval``, a submarine when ``submarine``) cannot stand
    in ``label``, or None: the words of :func:`terrain_problem` (5.11, 14.02).

    Ships and Naval MILDECs stand in hexes with water, ground units and
    MILDECs in hexes with land, submarines in open water.
    """
    p = terrain_problem(board, label, "submarine" if submarine else "naval" if naval else "ground", who)
    return None if p is None else p.text
