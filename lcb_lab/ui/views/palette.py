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
that could be confused a hatch pattern), and the legend shows both.
"""
from __future__ import annotations

from dataclasses import dataclass

TEAM = {"US": "#3f6f9f", "RU": "#a8423a"}
"""Counter face colour per team (Blue / Red)."""

TEAM_BACK = {"US": "#2c4f73", "RU": "#7a2e28"}
"""Counter back (face-down, concealed) colour per team."""

TEAM_NAME = {"US": "Blue (US)", "RU": "Red (RU)", "instructor": "Instructor"}

MP_COLOUR = {
    "blue": "#5b8fbf",     # naval: 1 MP for ships
    "green": "#7f9f5f",    # open: 1 MP
    "yellow": "#d8bd55",   # 2 MP
    "orange": "#cf8a45",   # 3 MP
    "brown": "#8a6142",    # 4 MP
    "red": "#b0483a",      # prohibited
}
"""Fill colour of a hex by its MP colour (4.1)."""

MP_ALPHA = {"blue": 0.05, "green": 0.10, "yellow": 0.16, "orange": 0.16, "brown": 0.16, "red": 0.16}
"""Whole-hex fill alpha of a *land* hex (a hint of its MP colour) and of a naval hex (blue).
A mixed hex gets no whole-hex fill: its MP colour is on its land part only (:data:`TERRAIN_ALPHA`),
so its water stays sea-coloured and the coast reads clearly."""

TERRAIN_ALPHA = {"blue": 0.0, "green": 0.42, "yellow": 0.62, "orange": 0.62, "brown": 0.62, "red": 0.62}
"""Alpha of the MP colour on the land part of a hex (over the land colour)."""

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
    # chapters 13-14: the card markers' overlays (views/markers.py) and the submarine's track (14.03)
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

SANDBOX_MARK = "\u2020"  # dagger
SANDBOX_LEGEND = (f"{SANDBOX_MARK} sandbox value \u2014 not in the rulebook text; "
                  "check against your counters")
