"""APP-6 D / MIL-STD-2525 D unit symbols for the map's counters, drawn by ``milsymbol``.

A counter shows the NATO symbol of its unit type: the frame gives the affiliation, the icon
inside gives what the unit is.  The symbol is a 20-digit SIDC (symbol identification code)
built from this module's table (:data:`ICONS`, keyed by the catalog's ``symbol`` field) and
rendered to SVG by `milsymbol <https://pypi.org/project/milsymbol/>`_ (offline, pure Python).

**Affiliation is by team, as on a NATO map**: the US team is *friend* (blue rectangle on land,
blue circle at sea) and the RU team is *hostile* (red diamond), whoever is looking -- the Red
team sees its own units as red diamonds too, just as the counters of the physical game keep
their colours.  (:data:`AFFILIATION`)

Hidden information: a symbol names a unit's type, so only a counter the view shows face up
gets one (:func:`lcb_lab.ui.lcb.map.counters.counter_data` never asks for a back's symbol).

SIDC layout (APP-6 D / 2525 D, digits 1-20): version ``10``, context ``0`` (reality),
standard identity (``3`` friend, ``6`` hostile), symbol set (``10`` land unit, ``30`` sea
surface, ``35`` sea subsurface), status ``0`` (present), headquarters/task force/dummy (``1`` = feint/dummy, for a
MILDEC), echelon (two digits, ``00`` = none), entity (six digits), sector 1 and sector 2
modifiers (two digits each).

The SVGs are built lazily and cached per (SIDC, size) in this process.  milsymbol's tables
cost ~0.5 s CPU to load, so the SVGs of every symbol in :data:`ICONS` and :data:`MARKER_ICONS`
(both teams, the map's :data:`SVG_SIZE`) ship pre-rendered in ``lcb_lab/ui/lcb/data/app6_symbols.json``
(written by :func:`write_symbol_file`; tests/views/test_symbols.py checks it against milsymbol):
the first map paint reads that ~25 kB file and milsymbol is imported only for another SIDC or size.
"""
from __future__ import annotations

import base64
import functools
import json
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from lcb_lab.kernel.files import parse_json, read_text

__all__ = ["Icon", "ICONS", "MARKER_ICONS", "AFFILIATION", "ECHELON", "SymbolImage", "sidc", "marker_sidc",
           "symbol_image", "svg", "data_url", "cache_info", "clear_cache", "SVG_SIZE", "SYMBOL_FILE",
           "all_sidcs", "render", "write_symbol_file"]

SVG_SIZE = 100
"""milsymbol ``size`` of the SVGs (px per 100 symbol units): large enough to stay sharp when a
counter is drawn ~60 px wide on a projector; the map scales the image to the counter in km."""

SYMBOL_FILE = Path(__file__).resolve().parents[1] / "data" / "app6_symbols.json"
"""The pre-rendered SVGs (see the module docstring)."""


@dataclass(frozen=True)
class Icon:
    """One APP-6 D symbol: ``symbol_set`` (2 digits), ``entity`` (6 digits), the sector 1 / sector 2
    modifiers (2 digits each, ``"00"`` = none) and ``source``: where the code comes from."""

    symbol_set: str
    entity: str
    source: str
    modifier1: str = "00"
    modifier2: str = "00"


LAND, SEA, SUBSURFACE = "10", "30", "35"
_D = "APP-6 D / MIL-STD-2525 D"

ICONS: dict[str, Icon] = {
    # ground units (symbol set 10, land unit)
    "infantry": Icon(LAND, "121100", f"{_D} land unit 121100: Movement and Maneuver, Infantry"),
    "mech_infantry": Icon(LAND, "121102",
                          f"{_D} land unit 121102: Infantry, Armored/Mechanized/Tracked (the ACV section)"),
    "recon": Icon(LAND, "121300", f"{_D} land unit 121300: Reconnaissance/Cavalry/Scout"),
    "armor": Icon(LAND, "120500", f"{_D} land unit 120500: Armor/Armored/Mechanized/Self-Propelled/Tracked"),
    "mortar": Icon(LAND, "130800", f"{_D} land unit 130800: Fires, Mortar"),
    "artillery_cannon": Icon(LAND, "130300", f"{_D} land unit 130300: Fires, Field Artillery (M777, Msta-B)"),
    "artillery_rocket": Icon(LAND, "130300", f"{_D} land unit 130300 Field Artillery with sector 1 modifier 41: "
                             "Multiple Rocket Launcher (HIMARS, Tornado-S)", modifier1="41"),
    "air_defense": Icon(LAND, "130100", f"{_D} land unit 130100: Fires, Air Defense (MADIS)"),
    "anti_ship_missile": Icon(LAND, "130700", f"{_D} land unit 130700: Fires, Missile (coastal anti-ship "
                              "missiles: Bal, NMESIS)"),
    "logistics": Icon(LAND, "163400", f"{_D} land unit 163400: Sustainment, Supply"),
    "uas": Icon(LAND, "121900", f"{_D} land unit 121900: Unmanned Aerial Systems"),
    "aviation": Icon(LAND, "120600", f"{_D} land unit 120600: Army Aviation/Aviation Rotary Wing"),
    # ships (symbol set 30, sea surface)
    "ship_ddg": Icon(SEA, "120203", f"{_D} sea surface 120203: Surface Combatant, Line: Destroyer"),
    "ship_ffg": Icon(SEA, "120204", f"{_D} sea surface 120204: Surface Combatant, Line: Frigate"),
    "ship_amphib": Icon(SEA, "120304", f"{_D} sea surface 120304: Amphibious Assault Ship, Multipurpose (LHD)"),
    # submarines (symbol set 35, sea subsurface; 14.0)
    "submarine": Icon(SUBSURFACE, "110100", f"{_D} sea subsurface 110100: Military, Submarine"),
}
"""The symbol of each catalog ``symbol`` (``lcb_lab/games/lcb/data/units.toml``): every unit type's
``symbol`` has an entry (tests/views/test_symbols.py checks it)."""

MARKER_ICONS: dict[str, Icon] = {
    "ground": Icon(LAND, "000000", f"{_D} land unit, unspecified entity, with the feint/dummy indicator "
                   "(HQ/TF/dummy digit 1): a MILDEC decoy (4.22)"),
    "naval": Icon(SEA, "120600", f"{_D} sea surface 120600: Military Combatant, Decoy, with the feint/dummy "
                  "indicator: a naval MILDEC (4.22)"),
}
"""The symbol of a MILDEC marker the view shows face up, by domain."""

AFFILIATION = {"US": "3", "RU": "6"}
"""Standard identity digit by team: US = 3 (friend), RU = 6 (hostile) -- whoever views the map."""

ECHELON = {"team": "11", "squad": "12", "section": "13", "platoon": "14", "company": "15",
           "battalion": "16", "ship": "00", "boat": "00"}
"""APP-6 D echelon amplifier (digits 9-10) by the catalog's ``size``.  :func:`sidc` leaves the
echelon out by default: on a counter ~40 px wide the marks above the frame would cost the icon
a third of its height; the hover tip names the size."""


def sidc(team: str, symbol: str, size: str | None = None, *, dummy: bool = False) -> str:
    """The 20-digit SIDC of a ``team``'s unit with catalog ``symbol`` (and echelon from ``size`` when
    given).  Raises ``KeyError`` for a team other than US/RU or a symbol without an entry."""
    icon = ICONS[symbol]
    return _code(icon, AFFILIATION[team], ECHELON.get(size or "", "00"), dummy)


def marker_sidc(team: str, domain: str) -> str:
    """The SIDC of a face-up MILDEC marker of ``team`` in ``domain`` (``"ground"``/``"naval"``)."""
    return _code(MARKER_ICONS["naval" if domain == "naval" else "ground"], AFFILIATION[team], "00", True)


def _code(icon: Icon, identity: str, echelon: str, dummy: bool) -> str:
    code = ("10" + "0" + identity + icon.symbol_set + "0" + ("1" if dummy else "0") + echelon + icon.entity
            + icon.modifier1 + icon.modifier2)
    assert len(code) == 20 and code.isdigit(), code
    return code


@dataclass(frozen=True)
class SymbolImage:
    """A rendered symbol: ``url`` (``data:image/svg+xml;base64,...``), the SVG's ``width`` and
    ``height`` in px and the centre of its frame ``(anchor_x, anchor_y)`` in px from its top left."""

    sidc: str
    url: str
    width: float
    height: float
    anchor_x: float
    anchor_y: float


def all_sidcs() -> list[str]:
    """Every SIDC the map can draw: each :data:`ICONS` symbol and each MILDEC, for both teams."""
    out = [sidc(team, sym) for team in AFFILIATION for sym in ICONS]
    out += [marker_sidc(team, dom) for team in AFFILIATION for dom in ("ground", "naval")]
    return out


def render(code: str, size: int = SVG_SIZE) -> dict:
    """milsymbol's rendering of SIDC ``code``: ``{"svg", "width", "height", "anchor_x", "anchor_y"}``
    (px).  Raises ``ValueError`` when milsymbol does not know the code."""
    from milsymbol import Symbol           # lazily: its tables load on the first symbol

    sym = Symbol(code, size=size)
    if not sym.is_valid():
        raise ValueError(f"milsymbol does not know SIDC {code}")
    dims, anchor = sym.get_size(), sym.get_anchor()
    return {"svg": sym.as_svg(), "width": float(dims["width"]), "height": float(dims["height"]),
            "anchor_x": float(anchor["x"]), "anchor_y": float(anchor["y"])}


def write_symbol_file(path: Path | str = SYMBOL_FILE) -> int:
    """(Re)write the pre-rendered SVGs of :func:`all_sidcs` with milsymbol; returns how many.
    ``python -c "from lcb_lab.ui.lcb.map.symbols import write_symbol_file; write_symbol_file()"``"""
    from importlib.metadata import version

    data = {"generator": f"milsymbol {version('milsymbol')} (https://pypi.org/project/milsymbol/)",
            "size": SVG_SIZE, "symbols": {code: render(code) for code in sorted(set(all_sidcs()))}}
    Path(path).write_text(json.dumps(data, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    return len(data["symbols"])


@lru_cache(maxsize=1)
def _shipped() -> dict[str, dict]:
    try:
        data = parse_json(read_text(SYMBOL_FILE, "symbol"), str(SYMBOL_FILE))   # regular files only, capped
    except (OSError, ValueError):              # ScenarioError is a ValueError: draw them with milsymbol
        return {}
    return data["symbols"] if data.get("size") == SVG_SIZE else {}


@lru_cache(maxsize=256)
def symbol_image(code: str, size: int = SVG_SIZE) -> SymbolImage:
    """The SVG of SIDC ``code`` at milsymbol ``size``, as a data URL with its geometry (cached; from
    the shipped file when it has it).  Raises ``ValueError`` when milsymbol does not know the code."""
    r = _shipped().get(code) if size == SVG_SIZE else None
    if r is None:
        r = render(code, size)
    url = "data:image/svg+xml;base64," + base64.b64encode(r["svg"].encode("utf-8")).decode("ascii")
    return SymbolImage(code, url, r["width"], r["height"], r["anchor_x"], r["anchor_y"])


def svg(code: str, size: int = SVG_SIZE) -> str:
    """The SVG text of SIDC ``code`` (from the cache)."""
    url = symbol_image(code, size).url
    return base64.b64decode(url.split(",", 1)[1]).decode("utf-8")


def data_url(code: str, size: int = SVG_SIZE) -> str:
    """``data:image/svg+xml;base64,...`` of SIDC ``code`` (from the cache)."""
    return symbol_image(code, size).url


def cache_info() -> functools._CacheInfo:
    """``functools`` cache statistics of the rendered symbols."""
    return symbol_image.cache_info()


def clear_cache() -> None:
    """Forget the rendered symbols (benchmarks time a cold first render with it)."""
    symbol_image.cache_clear()
