"""The counters layer of the map: one square per counter (or MILDEC marker), stacked per hex.

Everything comes from ``game.view(team)``: a concealed enemy counter arrives
as a back (hex + team only) and is drawn face down, with a "?"; no column of
the counter data source can leak it.  A counter is 60 % of a hex, a stack's
offset stays inside its hex (a little below the centre, clear of the hex
label), and only the top counter of a stack carries texts and the count badge.

* :func:`counter_data` -- the columns of the counter data source for one view;
* :func:`add_counter_layer` -- the glyphs drawn from that source (paper, face,
  symbol frame, designator, symbol, type + HP pips, stack badge, hover tip);
* :func:`fit_size`, :func:`name_font_size` -- counter texts that fit a counter
  (large text enlarges them as far as a counter's width allows).
"""
from __future__ import annotations

import math
from collections import defaultdict

from bokeh.models import ColumnDataSource, GlyphRenderer, HoverTool

from . import overlays as ov
from . import palette

COUNTER_KM = 12.0
"""Side of a counter square in km: 60 % of a hex (20 km across its flats), so the hex label
above it and the neighbouring hexes' counters stay clear."""

STACK_STEP = (1.2, 0.9)
"""Offset in km of each counter above another in a stack (right, up)."""

STACK_LEVELS = 3
"""Most counters of a stack drawn offset (the badge gives the count)."""

COUNTER_DROP_KM = 0.6
"""The counters sit this much below the hex centre, clear of the hex label at the top."""

NATO_HINT = {
    "infantry": "\u2573", "mech_infantry": "\u2573", "recon": "\u2571", "mortar": "\u2191",
    "artillery_cannon": "\u25cf", "artillery_rocket": "\u25cf\u25cf", "air_defense": "\u2312",
    "logistics": "\u2550", "anti_ship_missile": "\u25b2",
}
"""A NATO-style hint drawn inside the counter's symbol frame (ground units)."""

COUNTER_FONT = "Liberation Sans Narrow, Arial Narrow, Helvetica Neue, Helvetica, Arial, sans-serif"
"""Counter texts: a narrow face where the browser has one (counters are ~36 px wide at the default zoom)."""


COUNTER_TEXT_PX = 34.0
"""Width in px a counter text may use (a counter is ~36 px wide at the default map height)."""

NARROW_EM = 0.48
"""Average width of a character of the narrow bold counter face, in em (for fitting a text)."""

TEAM_WORD = {"US": "Blue", "RU": "Red"}
"""A team's colour word in counter tips ("Blue", "Red")."""


def px(size: float) -> str:
    """``"11.9px"`` (a Bokeh font size)."""
    return f"{round(size, 1):g}px"


def fit_size(text: str, base: float, scale: float = 1.0, width: float = COUNTER_TEXT_PX) -> float:
    """A font size for ``text`` on a counter: ``base * scale``, but never wider than ``width`` px
    (and never smaller than ``base``)."""
    if scale == 1.0 or not text:
        return base
    fit = math.floor(10 * width / (NARROW_EM * len(text))) / 10      # rounded down: never wider
    return max(base, min(base * scale, fit))


def name_font_size(name: str, scale: float = 1.0) -> str:
    """The designator's font size on a counter: smaller for long names ("DDG(X)-106");
    ``scale`` (large text) enlarges it as far as the counter's width allows."""
    n = len(name)
    base = 8.5 if n <= 6 else 8 if n <= 7 else 7.5 if n <= 9 else 7
    return px(fit_size(name, base, scale))


def hp_pips(hp: int, hp_max: int) -> str:
    """``"●●○"`` for 2 of 3 HP (or ``"HP 5/6"`` when there are many)."""
    if hp_max > 5:
        return f"HP {hp}/{hp_max}"
    return "\u25cf" * max(hp, 0) + "\u25cb" * max(hp_max - hp, 0)


def _stack_order(items: list[dict], selected: str | None) -> list[dict]:
    """Bottom to top: face-down backs lowest, face-up counters above, the selected unit on top."""
    return sorted(items, key=lambda c: (c.get("id") == selected, not c.get("back"), bool(c.get("revealed"))))


def counter_data(view: dict, selected: str | None = None, font_scale: float = 1.0) -> dict[str, list]:
    """Columns of the counter data source for one team view.

    Backs (concealed enemy counters) carry only hex, team and a "?" -- by
    construction they have nothing else to show.  ``font_scale`` (large text)
    enlarges the counter texts as far as a counter's width allows.
    """
    team = view["team"]
    by_hex: dict[str, list[dict]] = defaultdict(list)
    for c in view["counters"]:
        if c.get("hex"):
            by_hex[c["hex"]].append({**c, "_marker": False})
    for m in view.get("markers", []):
        if m.get("hex"):
            by_hex[m["hex"]].append({**m, "_marker": True})
    cols: dict[str, list] = defaultdict(list)
    s = COUNTER_KM
    for hx in sorted(by_hex):
        stack = _stack_order(by_hex[hx], selected)
        n = len(stack)
        cx, cy = ov.hex_centre(hx)
        cy -= COUNTER_DROP_KM
        shown_levels = min(n, STACK_LEVELS)
        for i, c in enumerate(stack):
            lvl = max(0, i - (n - shown_levels))
            x = cx + (lvl - (shown_levels - 1) / 2) * STACK_STEP[0]
            y = cy + (lvl - (shown_levels - 1) / 2) * STACK_STEP[1]
            top = i == n - 1
            back = bool(c.get("back"))
            t = c["team"]
            own_or_all = team in ("instructor", t)
            concealed = not back and not c.get("revealed", False)
            if back:
                fill, hint, line1, line3, tip = palette.TEAM_BACK[t], "?", "", "", f"{TEAM_WORD[t]} counter, face down"
                name, abbrev, frame = "", "", False
            elif c["_marker"]:
                fill = palette.TEAM[t]
                name, abbrev, frame = c["id"], "MILDEC", False
                hint, line1, line3 = "MILDEC", c["id"], "decoy"
                tip = f"{c['id']}: {c['type_id']} ({TEAM_WORD[t]})" + (" - concealed" if concealed else "")
            else:
                fill = palette.TEAM[t]
                name, abbrev = c["uid"], c["abbrev"]
                naval = c.get("domain") == "naval"
                frame = not naval
                hint = abbrev if naval else NATO_HINT.get(c.get("symbol", ""), abbrev[:3])
                line1 = c["uid"]
                line3 = hp_pips(c["hp"], c["hp_max"]) if naval else f"{abbrev} {hp_pips(c['hp'], c['hp_max'])}"
                status = []
                if concealed:
                    status.append("concealed")
                if c.get("paralysed"):
                    status.append("may not act")
                if c.get("acted"):
                    status.append("acted")
                tip = (f"{c['uid']}: {c['name']} ({TEAM_WORD[t]}, {c['task_force']}) HP {c['hp']}/{c['hp_max']}"
                       + (f" - {', '.join(status)}" if status else ""))
            sel = not back and selected is not None and c.get("id") == selected
            cols["x"].append(x)
            cols["y"].append(y)
            cols["hex"].append(hx)
            cols["team"].append(t)
            cols["uid"].append(name)
            cols["abbrev"].append(abbrev)
            cols["back"].append(back)
            cols["fill"].append(fill)
            hidden_own = concealed and own_or_all     # own (or instructor's) concealed counter
            cols["alpha"].append(0.72 if hidden_own else 1.0)
            cols["dash"].append("dashed" if hidden_own and not sel else "solid")
            cols["line"].append(palette.OVERLAY["selected"] if sel else "#161616")
            cols["line_width"].append(3.5 if sel else 1.6 if hidden_own else 1.0)
            cols["state"].append("face down" if back else "concealed" if concealed else "revealed")
            cols["tip"].append(tip)
            cols["top"].append(top)
            # texts are drawn for the top counter of each stack only
            cols["t_name"].append(line1 if top else "")
            cols["name_size"].append(name_font_size(line1, font_scale))
            cols["t_hint"].append(hint if top else "")
            cols["t_low"].append(line3 if top else "")
            cols["low_size"].append(px(fit_size(line3, 7.0, font_scale)))
            cols["frame_alpha"].append(0.9 if (top and frame) else 0.0)
            hint_base = 14.0 if back else 10.0 if hint and len(hint) <= 2 else 8.5 if len(hint) <= 3 else 7.5
            # the symbol stays inside its frame, clear of the designator above it
            hint_scale = font_scale if back else min(font_scale, 1.2)
            cols["hint_size"].append(px(fit_size(hint, hint_base, hint_scale, width=0.62 * COUNTER_TEXT_PX)))
            cols["n"].append(str(n) if (top and n > 1) else "")
            cols["badge_alpha"].append(1.0 if (top and n > 1) else 0.0)
            cols["y_name"].append(y + 0.31 * s)
            cols["y_hint"].append(y + 0.02 * s)
            cols["y_low"].append(y - 0.31 * s)
            cols["bx"].append(x + 0.5 * s)
            cols["by"].append(y + 0.5 * s)
    keys = ["x", "y", "hex", "team", "uid", "abbrev", "back", "state", "fill", "alpha", "dash", "line", "line_width",
            "tip", "top", "t_name", "name_size", "t_hint", "t_low", "low_size", "frame_alpha", "hint_size", "n",
            "badge_alpha", "y_name", "y_hint", "y_low", "bx", "by"]
    return {k: list(cols.get(k, [])) for k in keys}


def add_counter_layer(p, src: ColumnDataSource) -> GlyphRenderer:
    """Draw the counters of ``src`` (columns of :func:`counter_data`) on figure ``p``, bottom to
    top: paper, face, symbol frame, designator, symbol, type + HP pips, stack badge and count;
    hovering a face shows its tip.  Returns the faces' renderer."""
    s = COUNTER_KM
    p.rect("x", "y", width=s, height=s, source=src, fill_color="#f4f1e8", line_alpha=0.0,
           name="counter_paper")
    r = p.rect("x", "y", width=s, height=s, source=src, fill_color="fill", fill_alpha="alpha",
               line_color="line", line_width="line_width", line_dash="dash", name="counters")
    p.rect("x", "y_hint", width=0.56 * s, height=0.34 * s, source=src, fill_color="#ffffff", fill_alpha=0.18,
           line_color="#ffffff", line_alpha="frame_alpha", line_width=1.2, name="counter_frames")
    font = {"value": COUNTER_FONT}     # a bare string would name a data column
    p.text("x", "y_name", text="t_name", source=src, text_font=font, text_font_size="name_size",
           text_font_style="bold", text_color="#ffffff", text_align="center", text_baseline="middle",
           name="counter_names")
    p.text("x", "y_hint", text="t_hint", source=src, text_font=font, text_font_size="hint_size",
           text_font_style="bold", text_color="#ffffff", text_align="center", text_baseline="middle",
           name="counter_hints")
    p.text("x", "y_low", text="t_low", source=src, text_font=font, text_font_size="low_size",
           text_color="#ffffff", text_align="center", text_baseline="middle", name="counter_low")
    p.scatter("bx", "by", source=src, marker="circle", size=11, fill_color="#f4f1e8", line_color="#161616",
              fill_alpha="badge_alpha", line_alpha="badge_alpha", name="stack_badges")
    p.text("bx", "by", text="n", source=src, text_font_size="7px", text_font_style="bold",
           text_color="#161616", text_align="center", text_baseline="middle", name="stack_counts")
    p.add_tools(HoverTool(renderers=[r], tooltips="@tip", point_policy="follow_mouse"))
    return r
