"""The counters layer of the map: one counter per unit (or MILDEC marker), stacked per hex.

Everything comes from ``game.view(team)``: a concealed enemy counter arrives as a back (hex +
team only) and is drawn face down -- team colour, a hatch and a "?", no symbol, no SIDC, no
name; no column of any counter data source can leak it.  A Task Force Counter's back (4.35: one
back for all its face-down units) reads "TF" instead of "?".  A face-up counter shows, top to
bottom: its APP-6 symbol (:mod:`~lcb_lab.ui.lcb.map.symbols`: friend/hostile frame and icon), its
designator under the frame, its HP pips (left column) and supply pips (right column, one per
CV track in the track's colour; hollow = out of supply).

A counter is 60 % of a hex; a stack's offset stays inside its hex, clear of the hex label, and
only the top counter of a stack carries texts, pips and the count badge.  Hovering a stack lists
every counter in it (designator, type, HP, supply -- the view's data only).

* :func:`counter_layers` -- the columns of the counter, pip and stack sources for one view;
* :func:`counter_data` -- the counter columns alone;
* :func:`add_counter_layer` -- the glyphs drawn from those sources;
* :class:`CounterStyle` -- the layout and text sizes (default look or presentation, map size);
* :func:`fit_size`, :func:`name_font_size` -- counter texts that fit a counter.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

import html
import math
from collections import defaultdict
from dataclasses import dataclass

from bokeh.models import ColumnDataSource, GlyphRenderer, HoverTool

from lcb_lab.ui.lcb.map import overlays as ov
from lcb_lab.ui.lcb.map import palette, symbols
from lcb_lab.ui.lcb.map.palette import TEAM_WORD

if TYPE_CHECKING:
    from bokeh.plotting import figure

COUNTER_KM = 12.0
"""Side of a counter square in km: 60 % of a hex (20 km across its flats), so the hex label
above it and the neighbouring hexes' counters stay clear."""

STACK_STEP = (1.2, 0.9)
"""Offset in km of each counter above another in a stack (right, up)."""

STACK_LEVELS = 3
"""Most counters of a stack drawn offset (the badge gives the count, the hover tip lists them)."""

COUNTER_DROP_KM = 0.6
"""The counters sit this much below the hex centre, clear of the hex label at the top."""

COUNTER_FONT = "Liberation Sans Narrow, Arial Narrow, Helvetica Neue, Helvetica, Arial, sans-serif"
"""Counter texts: a narrow face where the browser has one (counters are ~36 px wide at the default zoom)."""

COUNTER_TEXT_PX = 34.0
"""Width in px a counter text may use (a counter is ~36 px wide at the default map height)."""

NARROW_EM = 0.48
"""Average width of a character of the narrow bold counter face, in em (for fitting a text)."""

BACK_HATCH = "x"
"""Hatch pattern of a face-down counter (a second cue besides its colour and "?")."""


@dataclass(frozen=True)
class CounterStyle:
    """Layout of the counters (km) and their text sizes (px).

    ``size`` multiplies every px size: the map's px per km over the mode's reference (texts follow
    the map's size, as the counters do); ``font_scale`` is *Large text*; ``presentation`` uses the
    projector sizes (designator 16 px at ``size`` 1) and lets a long designator overhang its counter
    on a plate of the team colour instead of shrinking it."""

    presentation: bool = False
    size: float = 1.0
    font_scale: float = 1.0
    side_km: float = COUNTER_KM
    drop_km: float = COUNTER_DROP_KM
    step_km: tuple[float, float] = STACK_STEP
    levels: int = STACK_LEVELS

    @classmethod
    def for_mode(cls, presentation: bool, size: float = 1.0, font_scale: float = 1.0) -> "CounterStyle":
        """The default look or the presentation layout (which sits lower in the hex, under the larger
        hex label, and fans a stack right and down so it stays clear of it)."""
        if presentation:
            return cls(True, size, font_scale, COUNTER_KM, 1.7, (0.8, -0.45), STACK_LEVELS)
        return cls(False, size, font_scale)

    # text sizes in px (never below MIN_TEXT_PX: on a small map they would be noise)
    def name_px(self, name: str) -> float:
        """Font size in px of a counter's designator ``name``: never below :data:`PRESENTATION_MIN_NAME_PX`
        (16) in the presentation layout, never below :data:`MIN_NAME_PX` (12) in the default look."""
        if self.presentation:       # legible from the back of a classroom, on a laptop screen too
            return max(PRESENTATION_NAME_PX * self.font_scale * self.size, PRESENTATION_MIN_NAME_PX)
        return max(_px_value(name_font_size(name, self.font_scale)) * self.size, MIN_NAME_PX)

    def name_plate(self, name: str) -> bool:
        """Is the designator ``name`` drawn on a plate of the counter's colour, straddling its lower edge
        (presentation, or a designator wider than its counter: the text keeps its size and overhangs)?"""
        if not name:
            return False
        return self.presentation or NARROW_EM * len(name) * self.name_px(name) > COUNTER_TEXT_PX * self.size

    def low_px(self, text: str) -> float:
        """Font size in px of the small text under the symbol (fitted to the counter; at least ``MIN_TEXT_PX``)."""
        if self.presentation:
            return max(12.0 * self.font_scale * self.size, MIN_TEXT_PX)
        return max(fit_size(text, 7.0, self.font_scale) * self.size, MIN_TEXT_PX)

    def hint_px(self) -> float:
        """Font size in px of a counter back's "?" hint (at least ``MIN_TEXT_PX``)."""
        return max((24.0 if self.presentation else 14.0 * min(self.font_scale, 1.4)) * self.size, MIN_TEXT_PX)


MIN_TEXT_PX = 6.0
"""The smallest counter text (px)."""

PRESENTATION_NAME_PX = 16.0
"""A designator's size in presentation at the presentation reference scale (>= 16 px at 1920x1080)."""

PRESENTATION_MIN_NAME_PX = 16.0
"""The least designator size in presentation, on any frame (a 1366x768 screen's map is ~0.6 of the
reference scale: the designator keeps 16 px on its plate, which may overhang the counter)."""

MIN_NAME_PX = 12.0
"""The least designator size in the default look, on any frame (a 1366x768 screen's map is ~0.6 of the
reference scale: a designator that no longer fits its counter keeps 12 px on a plate)."""


def _px_value(size: str) -> float:
    return float(size.rstrip("px"))


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


def supply_text(supply: dict) -> str:
    """``"GA 6 · LRS1 ∞"`` from a view's supply dict (``None`` = infinite)."""
    return " \u00b7 ".join(f"{slot} {'∞' if v is None else v}" for slot, v in supply.items())


def _tip_line(c: dict, concealed: bool) -> str:
    """One counter of a hover tip, as HTML (every text escaped)."""
    e = html.escape
    t = c["team"]
    if c.get("back"):
        return f"{TEAM_WORD[t]} {'Task Force Counter' if c.get('tf_counter') else 'counter'}, face down"
    if c["_marker"]:
        return f"<b>{e(c['id'])}</b>: {e(c['type_id'])} ({TEAM_WORD[t]}, decoy)" + (" &mdash; concealed"
                                                                                        if concealed else "")
    status = [s for s, on in (("concealed", concealed), ("may not act", c.get("paralysed")),
                              ("acted", c.get("acted"))) if on]
    if c.get("tf_counter"):              # its own team's (or the instructor's) view only (4.35)
        status.append(f"under Task Force Counter {e(c['tf_counter'])}")
    sup = supply_text(c.get("supply") or {})
    return (f"<b>{e(c['uid'])}</b>: {e(c['name'])} ({TEAM_WORD[t]}, {e(c['task_force'])}) "
            f"HP {c['hp']}/{c['hp_max']}" + (f", supply {e(sup)}" if sup else "")
            + (f" &mdash; {', '.join(status)}" if status else ""))


_COUNTER_KEYS = ["x", "y", "hex", "team", "uid", "abbrev", "back", "state", "fill", "alpha", "dash", "line",
                 "line_width", "hatch", "tip", "top", "t_name", "name_size", "y_name", "plate_alpha", "t_hint",
                 "hint_size", "y_hint", "t_low", "low_size", "y_low", "url", "sidc", "img_x", "img_y", "img_w",
                 "img_h", "n", "badge_alpha", "bx", "by"]
_PIP_KEYS = ["x", "y", "r", "fill", "line", "shape"]
_STACK_KEYS = ["x", "y", "w", "h", "hex", "n", "tip"]


def _symbol(c: dict) -> symbols.SymbolImage | None:
    """The APP-6 symbol of a face-up counter (None for a back -- a back has no type to show)."""
    if c.get("back"):
        return None
    try:
        code = (symbols.marker_sidc(c["team"], c.get("domain", "ground")) if c["_marker"]
                else symbols.sidc(c["team"], c.get("symbol", "")))
    except KeyError:          # a catalog symbol without an APP-6 entry: the designator still says it
        return None
    return symbols.symbol_image(code)


def counter_layers(view: dict, selected: str | None = None, font_scale: float = 1.0,
                   style: CounterStyle | None = None) -> dict[str, dict[str, list]]:
    """Columns of the ``counters``, ``pips`` and ``stacks`` sources for one team view.

    Backs (concealed enemy counters) carry only hex, team and a "?" -- by construction they
    have nothing else to show: no url, no SIDC, no pips, and their hover line says only
    "<team> counter, face down".  ``style`` (default: the default look at ``font_scale``) sets
    the layout and the text sizes."""
    st = style or CounterStyle(font_scale=font_scale)
    team = view["team"]
    by_hex: dict[str, list[dict]] = defaultdict(list)
    for c in view["counters"]:
        if c.get("hex"):
            by_hex[c["hex"]].append({**c, "_marker": False})
    for m in view.get("markers", []):
        if m.get("hex"):
            by_hex[m["hex"]].append({**m, "_marker": True})
    cols: dict[str, list] = defaultdict(list)
    pips: dict[str, list] = defaultdict(list)
    stacks: dict[str, list] = defaultdict(list)
    s = st.side_km
    for hx in sorted(by_hex):
        stack = _stack_order(by_hex[hx], selected)
        n = len(stack)
        cx, cy = ov.hex_centre(hx)
        cy -= st.drop_km
        shown_levels = min(n, st.levels)
        lines = []
        for i, c in enumerate(stack):
            lvl = max(0, i - (n - shown_levels))
            x = cx + (lvl - (shown_levels - 1) / 2) * st.step_km[0]
            y = cy + (lvl - (shown_levels - 1) / 2) * st.step_km[1]
            top = i == n - 1
            back = bool(c.get("back"))
            t = c["team"]
            own_or_all = team in ("instructor", t)
            concealed = not back and not c.get("revealed", False)
            sym = None if back else _symbol(c)
            low = ""
            if back:     # a Task Force Counter's back reads "TF" (4.35): one back, however many units
                fill, hint, name, abbrev = palette.TEAM_BACK[t], "TF" if c.get("tf_counter") else "?", "", ""
                tip = _tip_line(c, False)
            elif c["_marker"]:
                fill, hint, name, abbrev, low = palette.TEAM[t], "", c["id"], "MILDEC", "decoy"
                tip = f"{c['id']}: {c['type_id']} ({TEAM_WORD[t]})" + (" - concealed" if concealed else "")
            else:
                fill, hint, name, abbrev = palette.TEAM[t], "", c["uid"], c["abbrev"]
                if c["hp_max"] > 5:
                    low = hp_pips(c["hp"], c["hp_max"])
                if sym is None:
                    hint = abbrev
                status = [w for w, on in (("concealed", concealed), ("may not act", c.get("paralysed")),
                                          ("acted", c.get("acted"))) if on]
                tip = (f"{c['uid']}: {c['name']} ({TEAM_WORD[t]}, {c['task_force']}) HP {c['hp']}/{c['hp_max']}"
                       + (f" - {', '.join(status)}" if status else ""))
            lines.append(_tip_line(c, concealed))
            sel = not back and selected is not None and c.get("id") == selected
            hidden_own = concealed and own_or_all     # own (or instructor's) concealed counter
            name_px = st.name_px(name)
            cols["x"].append(x)
            cols["y"].append(y)
            cols["hex"].append(hx)
            cols["team"].append(t)
            cols["uid"].append(name)
            cols["abbrev"].append(abbrev)
            cols["back"].append(back)
            cols["fill"].append(fill)
            cols["alpha"].append(0.72 if hidden_own else 1.0)
            cols["dash"].append("dashed" if hidden_own and not sel else "solid")
            cols["line"].append(palette.OVERLAY["selected"] if sel else "#161616")
            cols["line_width"].append(3.5 if sel else 1.6 if hidden_own else 1.0)
            cols["hatch"].append(BACK_HATCH if back else " ")
            cols["state"].append("face down" if back else "concealed" if concealed else "revealed")
            cols["tip"].append(tip)
            cols["top"].append(top)
            # texts, symbol and pips are drawn for the top counter of each stack only
            cols["t_name"].append(name if top else "")
            cols["name_size"].append(px(name_px))
            # the default look fits a designator into its counter; presentation lets a long one overhang
            # on a plate of the counter's colour, straddling the counter's lower edge
            plate = top and st.name_plate(name)
            y_name = y - (0.36 if plate else 0.30) * s
            cols["y_name"].append(y_name)
            cols["plate_alpha"].append(1.0 if plate else 0.0)
            cols["t_hint"].append(hint if top else "")
            cols["hint_size"].append(px(st.hint_px() if back else st.low_px(hint)))
            cols["y_hint"].append(y if back else y + 0.17 * s)
            cols["t_low"].append(low if top else "")
            cols["low_size"].append(px(st.low_px(low)))
            cols["y_low"].append(y + (0.05 if st.presentation else 0.02) * s)
            # the symbol, fitted into the box above the designator (its aspect kept)
            if sym is not None and top:
                bw, bh = (0.70 * s, 0.56 * s) if st.presentation else (0.66 * s, 0.58 * s)
                by_c = y + 0.20 * s
                k = min(bw / sym.width, bh / sym.height)
                w, h = sym.width * k, sym.height * k
                cols["url"].append(sym.url)
                cols["sidc"].append(sym.sidc)
                cols["img_x"].append(x - w / 2)
                cols["img_y"].append(by_c + h / 2)
                cols["img_w"].append(w)
                cols["img_h"].append(h)
            else:
                cols["url"].append("")
                cols["sidc"].append("")
                cols["img_x"].append(x)
                cols["img_y"].append(y)
                cols["img_w"].append(0.0)
                cols["img_h"].append(0.0)
            cols["n"].append(str(n) if (top and n > 1) else "")
            cols["badge_alpha"].append(1.0 if (top and n > 1) else 0.0)
            cols["bx"].append(x + 0.5 * s)
            cols["by"].append(y + (0.05 if st.presentation else 0.5) * s)
            if top and not back and not c["_marker"]:
                _add_pips(pips, c, x, y, s)
        # the stack's footprint, for the hover tip that lists it (top counter first)
        xs, ys = cols["x"][-n:], cols["y"][-n:]
        stacks["x"].append((min(xs) + max(xs)) / 2)
        stacks["y"].append((min(ys) + max(ys)) / 2)
        stacks["w"].append(max(xs) - min(xs) + s)
        stacks["h"].append(max(ys) - min(ys) + s)
        stacks["hex"].append(hx)
        stacks["n"].append(n)
        head = f"<b>Hex {html.escape(hx)}</b>" + (f" &mdash; stack of {n}" if n > 1 else "")
        stacks["tip"].append(head + "<br>" + "<br>".join(reversed(lines)))
    return {"counters": {k: list(cols.get(k, [])) for k in _COUNTER_KEYS},
            "pips": {k: list(pips.get(k, [])) for k in _PIP_KEYS},
            "stacks": {k: list(stacks.get(k, [])) for k in _STACK_KEYS}}


def _add_pips(pips: dict[str, list], c: dict, x: float, y: float, s: float) -> None:
    """HP pips down the left edge (filled = HP left), supply pips down the right edge (one per CV
    track in its colour, RP in the resupply colour; white = out of supply, 4.32, 8.0)."""
    if c["hp_max"] <= 5:
        for j in range(c["hp_max"]):
            pips["x"].append(x - 0.42 * s)
            pips["y"].append(y + (0.38 - 0.14 * j) * s)
            pips["r"].append(0.05 * s)
            pips["fill"].append("#ffffff" if j < c["hp"] else palette.TEAM_BACK[c["team"]])
            pips["line"].append("#161616")
            pips["shape"].append("hp")
    for j, (slot, v) in enumerate((c.get("supply") or {}).items()):
        pips["x"].append(x + 0.42 * s)
        pips["y"].append(y + (0.38 - 0.14 * j) * s)
        pips["r"].append(0.045 * s)
        colour = palette.CV_TRACK.get(slot) or (palette.RESUPPLY["RV1"] if slot == "RP" else "#999999")
        pips["fill"].append(colour if (v is None or v > 0) else "#ffffff")
        pips["line"].append("#161616")
        pips["shape"].append(slot)


def counter_data(view: dict, selected: str | None = None, font_scale: float = 1.0,
                 style: CounterStyle | None = None) -> dict[str, list]:
    """Columns of the counter data source for one team view (see :func:`counter_layers`)."""
    return counter_layers(view, selected, font_scale, style)["counters"]


def add_counter_layer(p: figure, src: ColumnDataSource, pips: ColumnDataSource | None = None,
                      stacks: ColumnDataSource | None = None) -> GlyphRenderer:
    """Draw the counters of ``src`` (columns of :func:`counter_data`) on figure ``p``, bottom to
    top: paper, face (a back hatched), symbol, designator, "?" / fallback texts, pips, stack badge
    and count; hovering a stack (``stacks``) lists its counters.  Returns the faces' renderer."""
    s = COUNTER_KM
    p.rect("x", "y", width=s, height=s, source=src, fill_color="#f4f1e8", line_alpha=0.0,
           name="counter_paper")
    r = p.rect("x", "y", width=s, height=s, source=src, fill_color="fill", fill_alpha="alpha",
               line_color="line", line_width="line_width", line_dash="dash", hatch_pattern="hatch",
               hatch_color="#ffffff", hatch_alpha=0.22, hatch_scale=8.0, name="counters",
               **palette.blank_hatch())
    p.image_url(url="url", x="img_x", y="img_y", w="img_w", h="img_h", anchor="top_left", source=src,
                global_alpha="alpha", name="counter_symbols")
    font = {"value": COUNTER_FONT}     # a bare string would name a data column
    p.text("x", "y_name", text="t_name", source=src, text_font=font, text_font_size="name_size",
           text_font_style="bold", text_color="#ffffff", text_align="center", text_baseline="middle",
           background_fill_color="fill", background_fill_alpha="plate_alpha", border_line_color="#161616",
           border_line_alpha="plate_alpha", border_line_width=1.0, padding=1, name="counter_names")
    p.text("x", "y_hint", text="t_hint", source=src, text_font=font, text_font_size="hint_size",
           text_font_style="bold", text_color="#ffffff", text_align="center", text_baseline="middle",
           name="counter_hints")
    p.text("x", "y_low", text="t_low", source=src, text_font=font, text_font_size="low_size",
           text_color="#ffffff", text_align="center", text_baseline="middle", name="counter_low")
    if pips is not None:
        p.circle("x", "y", radius="r", source=pips, fill_color="fill", line_color="line", line_width=1.0,
                 name="counter_pips")
    p.scatter("bx", "by", source=src, marker="circle", size=11, fill_color="#f4f1e8", line_color="#161616",
              fill_alpha="badge_alpha", line_alpha="badge_alpha", name="stack_badges")
    p.text("bx", "by", text="n", source=src, text_font_size="7px", text_font_style="bold",
           text_color="#161616", text_align="center", text_baseline="middle", name="stack_counts")
    if stacks is not None:
        hr = p.rect("x", "y", width="w", height="h", source=stacks, fill_alpha=0.0, line_alpha=0.0,
                    name="stack_hover")
        p.add_tools(HoverTool(renderers=[hr], tooltips='<div style="max-width:420px">@tip{safe}</div>',
                              point_policy="follow_mouse", attachment="horizontal"))   # the side with room
    else:
        p.add_tools(HoverTool(renderers=[r], tooltips="@tip", point_policy="follow_mouse"))
    return r
