"""Colours of the lab's map and panels: muted, printed-wargame tones.

Team colours follow the rulebook's convention (US = Blue team, RU = Red
team, 1.0); MP colours follow the map key (4.1, 5.11): naval blue, green,
yellow, orange, brown and red (prohibited).
"""
from __future__ import annotations

TEAM = {"US": "#3f6f9f", "RU": "#a8423a"}
"""Counter face colour per team (Blue / Red)."""

TEAM_BACK = {"US": "#2c4f73", "RU": "#7a2e28"}
"""Counter back (face-down, concealed) colour per team."""

TEAM_TEXT = {"US": "#ffffff", "RU": "#ffffff"}
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
HEX_LABEL = "#6b7480"
ROAD = "#8c5a3c"
FEATURE = "#2f2f2f"
TITLE = "#1f2a33"

OVERLAY = {
    "reach": "#2e7d32",       # movement reach
    "GA": "#4e7d2f",          # GA range (green track, 4.32)
    "LRS": "#b03a2e",         # LRS range (red track)
    "INT": "#6a3d9a",         # INTERCEPT range (purple track)
    "zor": "#d07a00",         # ground / naval ZOR
    "resupply": "#1f5f9f",    # resupply reach (blue RV circle, 8.0)
    "selected": "#ffd400",    # selected hex
    "eligible": "#1b9e3a",    # interceptor may intercept (7.53)
    "too_far": "#e67e22",     # in range but farther than the shooter (7.53)
    "out_of_range": "#8a8a8a",
    "no_supply": "#8a8a8a",
    "shooter": "#111111",
}
"""Overlay colours."""

CV_TRACK = {"GA": "#4e7d2f", "LRS1": "#b03a2e", "LRS2": "#d07a00", "LRS3": "#1f5f9f",
            "INT1": "#6a3d9a", "INT2": "#6a3d9a"}
"""Unit Tracker supply-track colours (4.32): GA green, LRS red/orange/blue, INT purple."""

SANDBOX_MARK = "\u2020"  # dagger
SANDBOX_LEGEND = (f"{SANDBOX_MARK} sandbox value \u2014 not in the rulebook text; "
                  "check against your counters")
