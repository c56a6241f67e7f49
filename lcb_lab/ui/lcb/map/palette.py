"""Colours and line cues of the lab's map and panels.

Team colours follow the rulebook's convention (US = Blue team, RU = Red team, 1.0); MP colours
follow the map key (4.1, 5.11): naval blue, green, yellow, orange, brown and red (prohibited).

Overlay and track colours are colour-blind safe: every colour is taken from Okabe & Ito's
palette ("Color Universal Design", 2008) or Paul Tol's qualitative schemes (bright, vibrant,
muted, dark; SRON/EPS/TN/09-002), and they were chosen so that any two that can be on screen
together stay apart (Delta E >= 12 in CAM02-UCS) for normal vision, deuteranopia
and protanopia (simulated with colorspacious, severity 100) -- tests/views/test_palette.py.
The physical game's green GA / red LRS / purple INTERCEPT tracks (4.32) keep their hues.
Colour is never the only cue: :data:`CUE` gives each overlay a dash pattern (and the areas
that could be confused a hatch pattern), and the legend shows both; each MP colour has a hatch
(:data:`TERRAIN_HATCH`), and its fill, as drawn (:func:`terrain_drawn`), stays apart from every
other for deuteranopia, protanopia and tritanopia too (the map key shows colour and hatch).
"""
from __future__ import annotations

from dataclasses import dataclass

from lcb_lab.ui.lab.html import SANDBOX_MARK  # the labs' one sandbox mark (a dagger)

TEAM = {"US": "#3f6f9f", "RU": "#a8423a"}
"""Counter face colour per team (Blue / Red)."""

TEAM_BACK = {"US": "#2c4f73", "RU": "#7a2e28"}
"""Counter back (face-down, concealed) colour per team."""

TEAM_NAME = {"US": "Blue (US)", "RU": "Red (RU)", "instructor": "Instructor"}

TEAM_WORD = {"US": "Blue", "RU": "Red"}
"""A team in one word (a counter's hover, a card picker's option; :data:`TEAM_NAME` in full)."""

MP_COLOUR = {
    "blue": "#5b8fbf",     # naval: 1 MP for ships
    "green": "#c3d794",    # open: 1 MP
    "yellow": "#ffe865",   # 2 MP
    "orange": "#fea13d",   # 3 MP
    "brown": "#bb9a75",    # 4 MP
    "red": "#f6532f",      # prohibited
}
"""Fill colour of a hex by its MP colour (4.1, 5.11).  The land colours are drawn opaque
(:data:`TERRAIN_ALPHA`), so what the eye gets is the colour itself: chosen so that any two terrains,
as drawn (:func:`terrain_drawn`), stay apart by Delta E >= 10 (CAM02-UCS) for normal vision,
deuteranopia, protanopia and tritanopia (colorspacious, severity 100; the old brown and red were
1.6 apart under deuteranopia) and every one keeps the hex labels readable (WCAG >= 4.5) --
tests/views/test_palette.py.  Their light tints keep the rulebook's names (a tan brown, a
coral red); the hatch of :data:`TERRAIN_HATCH` tells them apart without colour."""

MP_ALPHA = {"blue": 0.05, "green": 0.30, "yellow": 0.35, "orange": 0.35, "brown": 0.35, "red": 0.35}
"""Whole-hex fill alpha of a *naval* hex (over the sea): a hint of blue, or the colour of a shallow /
obstructed naval hex (5.11).  A land or mixed hex gets no whole-hex fill: its MP colour is on its land
part (:data:`TERRAIN_ALPHA`), so a mixed hex's water stays sea-coloured and the coast reads clearly."""

TERRAIN_ALPHA = {"blue": 0.0, "green": 1.0, "yellow": 1.0, "orange": 1.0, "brown": 1.0, "red": 1.0}
"""Alpha of the MP colour on the land part of a hex (over the land colour)."""

TERRAIN_HATCH = {"blue": " ", "green": ".", "yellow": ":", "orange": "v", "brown": "o", "red": "*"}
"""Bokeh ``hatch_pattern`` of a hex by its MP colour, its second cue (colour is never the only one):
open water none, green dots, yellow dashes, orange waves, brown rings, red (prohibited) a criss-cross.
None of them is an overlay's hatch (:data:`CUE`: diagonal, vertical and crossed lines)."""

TERRAIN_HATCH_WORDS = {"blue": "no hatch", "green": "dots", "yellow": "dashes", "orange": "waves", "brown": "rings",
                       "red": "criss-cross"}
"""Each MP colour's hatch in words (the hex info: "green, dots")."""

TERRAIN_HATCH_COLOUR = "#2b2620"
TERRAIN_HATCH_ALPHA = 0.24
TERRAIN_HATCH_SCALE = 10
"""The terrain hatch: near-black ink, faint (hex labels and counters stay on top and readable), one
pattern tile every 10 px."""

BLANK_HATCH = " "
"""The ``hatch`` column's value of a row drawn without a hatch (Bokeh's blank pattern)."""
BLANK_TEXTURE_CODE = ""
"""The texture :func:`blank_hatch` names for the blank pattern: a ``CanvasTexture`` that draws nothing
(its rows are never drawn)."""


def blank_hatch() -> dict:
    """``{"hatch_extra": {" ": texture}}`` for a glyph whose ``hatch_pattern`` is a data column.

    BokehJS resolves a vectorised hatch to one image per row *and per glyph view* (a renderer has
    five: the glyph, its selection, non-selection, muted and decimated copies) every time the row
    data is set, and for a blank row it creates a canvas layer of its own though it never paints
    one (``HatchVector.update``: about 900 layers for the Gotland map's first render).  A row whose
    pattern is named in ``hatch_extra`` takes that texture's image instead; blank rows are still
    skipped when painting (``HatchVector.v_doit``), so the map draws the same pixels.

    The texture is a ``CanvasTexture`` that draws nothing: its image is made at once, a small
    canvas of ``hatch_scale`` pixels.  An ``ImageURLTexture`` (one shared image) is loaded
    asynchronously, and when its image arrives after the map's first paint -- on a loaded
    machine -- BokehJS paints the whole map again (``request_paint``).  A new texture each call:
    a Bokeh model belongs to one document, and each map is its own.
    """
    from bokeh.models import CanvasTexture
    return {"hatch_extra": {BLANK_HATCH: CanvasTexture(code=BLANK_TEXTURE_CODE)}}


TERRAIN_WORDS = {"blue": "Blue: 1 MP (naval)", "green": "Green: 1 MP", "yellow": "Yellow: 2 MP",
                 "orange": "Orange: 3 MP", "brown": "Brown: 4 MP", "red": "Red: prohibited"}
"""The map key's line per MP colour: the rulebook's colour name and its cost to enter (5.11)."""

SEA = "#a9c8de"
LAND = "#ece3c3"
COAST_LINE = "#4d4a3c"
GRID_LINE = "#6d7f8c"
HEX_LABEL = "#1b232b"
"""Hex labels: near-black slate, WCAG contrast >= 4.5 on the sea and on every MP colour of the land
(the old mid grey read at 1.4-2.9)."""
ROAD = "#8c5a3c"
FEATURE = "#2f2f2f"
TITLE = "#1f2a33"

# Okabe-Ito (OI) and Paul Tol (bright TB, vibrant TV, muted TM, dark TD) colours used below
_OI_ORANGE, _OI_SKY, _OI_YELLOW = "#E69F00", "#56B4E9", "#F0E442"
_TV_BLUE = "#0077BB"
_TM_TEAL, _TM_ROSE, _TM_WINE, _TM_INDIGO, _TM_PALE_GREY = "#44AA99", "#CC6677", "#882255", "#332288", "#DDDDDD"
_TB_PURPLE = "#AA3377"
_TD_RED, _TD_YELLOW, _TD_BLUE = "#663333", "#666633", "#222255"

CV_TRACK = {"GA": _TM_TEAL, "LRS1": _TM_ROSE, "LRS2": _OI_ORANGE, "LRS3": _TM_INDIGO,
            "INT1": _TB_PURPLE, "INT2": _TM_WINE}
"""Unit Tracker supply-track colours (4.32): GA green (Tol muted teal), LRS1 red (Tol muted rose),
LRS2 orange (Okabe-Ito), LRS3 blue (Tol muted indigo), INT1/INT2 purple (Tol bright purple, Tol wine).
LRS3 shares its indigo with a logistics unit's RV2: no catalog unit has both, so they are never on
screen together (tests/views/test_palette.py derives what can be from the catalog)."""

RESUPPLY = {"RV1": _OI_SKY, "RV2": _TM_INDIGO}
"""Resupply reach of a logistics unit's RVs (8.0, the blue RV circles): Okabe-Ito sky blue, Tol indigo."""

OVERLAY = {
    "reach": _TV_BLUE,             # movement reach (Tol vibrant blue)
    "GA": CV_TRACK["GA"],          # GA range (green track, 4.32)
    "LRS": CV_TRACK["LRS1"],       # LRS range (red track)
    "INT": CV_TRACK["INT1"],       # INTERCEPT range (purple track)
    "zor": _TD_RED,                # ground / naval ZOR (Tol dark red)
    "resupply": RESUPPLY["RV1"],   # resupply reach (blue RV circle, 8.0)
    "selected": _OI_YELLOW,        # selected hex and counter (Okabe-Ito yellow)
    "eligible": _OI_SKY,           # interceptor may intercept (7.53)
    "too_far": _TD_YELLOW,         # in range but farther than the shooter (7.53)
    "out_of_range": _TM_PALE_GREY,
    "no_supply": "#000000",        # cannot act (no supply / card effect)
    "shooter": _TD_BLUE,           # the shooter-target line
}
"""Overlay colours."""


@dataclass(frozen=True)
class Cue:
    """How an overlay is drawn besides its colour: ``glyph`` (``"area"`` -- a union of hexes,
    ``"hex"`` -- one hex ring, ``"ring"`` -- a circle round a counter, ``"line"``), Bokeh
    ``line_dash`` (a list of on/off px; ``[]`` = solid), ``hatch`` (Bokeh ``hatch_pattern``,
    ``""`` = none) and ``fill_alpha``."""

    glyph: str
    colour: str
    dash: tuple[int, ...] = ()
    hatch: str = ""
    fill_alpha: float = 0.0
    width: float = 2.5


CUE: dict[str, Cue] = {
    "reach": Cue("area", OVERLAY["reach"], (), "", 0.15),
    "zor": Cue("area", OVERLAY["zor"], (3, 3), "/", 0.0),
    "GA": Cue("area", CV_TRACK["GA"], (9, 4)),
    "LRS1": Cue("area", CV_TRACK["LRS1"], (9, 4, 2, 4)),
    "LRS2": Cue("area", CV_TRACK["LRS2"], (9, 4, 2, 4, 2, 4)),
    "LRS3": Cue("area", CV_TRACK["LRS3"], (16, 6)),
    "INT1": Cue("area", CV_TRACK["INT1"], (2, 4)),
    "INT2": Cue("area", CV_TRACK["INT2"], (2, 4, 2, 10)),
    "RV1": Cue("area", RESUPPLY["RV1"], (9, 4), "\\", 0.10),
    "RV2": Cue("area", RESUPPLY["RV2"], (16, 6), "|", 0.10),
    "selected": Cue("hex", OVERLAY["selected"], (), "", 0.0, 4.0),
    "eligible": Cue("ring", OVERLAY["eligible"], (), "", 0.0, 4.0),
    "too_far": Cue("ring", OVERLAY["too_far"], (9, 4), "", 0.0, 4.0),
    "out_of_range": Cue("ring", OVERLAY["out_of_range"], (2, 4), "", 0.0, 4.0),
    "cannot_act": Cue("ring", OVERLAY["no_supply"], (9, 4, 2, 4), "", 0.0, 4.0),
    "shooter": Cue("line", OVERLAY["shooter"], (6, 4), "", 0.0, 2.0),
    # chapters 13-14: the card markers' overlays (lcb/map/markers.py) and the submarine's track (14.03)
    "isr_reach": Cue("area", "#D55E00", (12, 3, 3, 3), "", 0.08, 2.5),      # Okabe-Ito vermillion
    "mine_field": Cue("area", "#222222", (), "x", 0.12, 2.5),
    "fort1": Cue("area", _TD_YELLOW, (4, 2), "-", 0.06, 2.5),
    "fort2": Cue("area", _TD_YELLOW, (), "+", 0.12, 4.0),
    "sub_track": Cue("line", _TV_BLUE, (10, 3, 2, 3), "", 0.0, 3.0),
}
"""Colour and second cue of every overlay, track, ring and line the map draws.  Names: the
overlay kinds (``reach``, ``zor``), CV slots (``GA`` ... ``INT2``, 7.31), RV slots (8.03), the
selected hex, the INTERCEPT umbrella statuses (7.53) and the shooter-target line."""

HATCH_ALPHA = 0.3
"""Alpha of the hatch lines of hatched overlays (the colour of the overlay)."""

SANDBOX_LEGEND = (f"{SANDBOX_MARK} sandbox value \u2014 not in the rulebook text; "
                  "check against your counters")


def over(top: str, alpha: float, base: str) -> str:
    """``top`` (``#rrggbb``) drawn with ``alpha`` (0..1) over ``base``, as the browser blends it: ``#rrggbb``."""
    a, b = _rgb(top), _rgb(base)
    return "#" + "".join(f"{round(alpha * x + (1 - alpha) * y):02x}" for x, y in zip(a, b))


def _rgb(colour: str) -> tuple[int, int, int]:
    h = colour.lstrip("#")
    return int(h[0:2], 16), int(h[2:4], 16), int(h[4:6], 16)


def terrain_drawn(colour: str, kind: str = "land") -> str:
    """The colour (``#rrggbb``) a hex of MP colour ``colour`` shows on the map: for a ``"naval"`` hex
    its fill (:data:`MP_ALPHA`) over the sea (the figure's background, :data:`SEA`); for a
    ``"land"`` or ``"mixed"`` hex the fill of its land part (:data:`TERRAIN_ALPHA`) over the land
    (:data:`LAND`).  KeyError for a colour not in :data:`MP_COLOUR`."""
    if kind == "naval":
        return over(MP_COLOUR[colour], MP_ALPHA[colour], SEA)
    return over(MP_COLOUR[colour], TERRAIN_ALPHA[colour], LAND)
