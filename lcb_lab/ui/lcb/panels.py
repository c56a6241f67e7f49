"""HTML of the lab's read-only panels: hex info, Unit Tracker, explained log, messages.

Pure functions of the engine's public API and of ``game.view(team)``: what
a team may not see never reaches them.  The CSS lives in :data:`CSS`.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Iterable

import html

from lcb_lab.kernel import explain
from lcb_lab.games.lcb import observer, plain
from lcb_lab.games.lcb.model.board import MP_BY_COLOUR
from lcb_lab.ui.lcb.map import palette

if TYPE_CHECKING:
    from lcb_lab.games.lcb.game import Game
    from lcb_lab.games.lcb.model.board import Board

DAGGER = palette.SANDBOX_MARK

CSS = """
<style>
.lcb-app { font-family: "DejaVu Sans", "Helvetica Neue", Arial, sans-serif; font-size: 12.5px; color: #1f2a33; }
.lcb-app .widget-html-content { line-height: 1.35; }
.lcb-card { background: #fbf9f3; border: 1px solid #cfc8b4; border-radius: 4px; padding: 6px 9px; margin: 2px 0; }
.lcb-card h4 { margin: 0 0 4px 0; font-size: 13.5px; color: #1f2a33; }
.lcb-muted { color: #6b7480; }
.lcb-small { font-size: 11.5px; }
.lcb-rule { display: inline-block; background: #e6e1d3; border: 1px solid #cfc8b4; border-radius: 3px;
            padding: 0 3px; margin-right: 2px; font-size: 11px; font-family: "DejaVu Sans Mono", monospace; color: #3a3328; }
.lcb-sandbox { color: #8a4b00; font-weight: bold; cursor: help; }
.lcb-rulebook { cursor: help; border-bottom: 1px dotted #8a8a8a; }
.lcb-refused { color: #a8231a; font-weight: bold; }
.lcb-ok { color: #1f6b2e; }
.lcb-team-US { color: #2c4f73; font-weight: bold; }
.lcb-team-RU { color: #7a2e28; font-weight: bold; }
.lcb-swatch { display: inline-block; width: 11px; height: 11px; border: 1px solid #555; vertical-align: -1px; margin-right: 3px; }
.lcb-table { border-collapse: collapse; margin: 3px 0; }
.lcb-table td, .lcb-table th { padding: 1px 6px; border-bottom: 1px solid #e2dccb; text-align: left; font-size: 12px; }
.lcb-table th { color: #4a5560; font-weight: 600; }
.lcb-log { height: 100%; overflow-y: auto; display: flex; flex-direction: column-reverse; }
.lcb-log-inner { padding: 2px 6px; }
.lcb-log-line { margin: 1px 0; }
.lcb-log-head { margin: 6px 0 2px 0; font-weight: bold; color: #1f2a33; border-bottom: 1px solid #cfc8b4; }
.lcb-log-new { background: #fff4c2; }
.lcb-locked { border-left: 4px solid #d07a00; }
.lcb-past { border-left: 4px solid #5a6b80; background: #eef1f5; padding: 2px 6px; margin: 2px 0; font-weight: bold; }
/* cards: symbols as badges, one line per card */
.lcb-symbol { display: inline-block; border: 1px solid #4a5560; border-radius: 8px; padding: 0 4px; margin-right: 2px;
              font-size: 10.5px; font-weight: bold; letter-spacing: 0.02em; color: #1f2a33; background: #eef1f4; cursor: help; }
.lcb-card-chip { margin: 1px 0; line-height: 1.3; }
.lcb-card-effect-row { margin: 2px 0 3px 0; padding-left: 4px; border-left: 3px solid #cfc8b4; }
.lcb-log-card { border-left: 3px solid #2f6db3; padding-left: 3px; }
.lcb-why { color: #3a4550; }
.lcb-odds-bars { display: inline-flex; align-items: flex-end; gap: 2px; height: 30px; vertical-align: middle;
                 margin: 0 4px; cursor: help; }
.lcb-odds-col { display: inline-flex; flex-direction: column; align-items: center; justify-content: flex-end; height: 100%; }
.lcb-odds-bar { width: 9px; }
.lcb-odds-k { font-size: 9px; line-height: 11px; color: #4a5560; border-top: 1px solid #9aa3ad; }
/* chapters 10-14: the Embark Area of a ship (capacity bars), the special actions of the Impulse tab */
.lcb-cargo { margin: 2px 0 0 0; padding: 2px 7px; border-top: 1px dashed #cfc8b4; }
.lcb-cargo ul { margin: 0 0 0 14px; padding: 0; }
.lcb-cap { display: inline-flex; align-items: center; gap: 4px; margin-right: 10px; font-size: 11.5px; }
.lcb-cap-label { font-weight: 600; min-width: 30px; }
.lcb-cap-bar { display: inline-block; width: 90px; height: 9px; border: 1px solid #555; background: #fff; }
.lcb-cap-bar > span { display: block; height: 100%; }
.lcb-special .lcb-special-why { color: #a8231a; }
/* ---- the one-screen layout (docs/ui.md "Layout"): a grid as tall as the screen leaves the lab; three
   columns: the map (as wide as its height allows at the board's aspect --lcb-aspect, less when the lab is
   narrow), the right column (controls), the side column (hex info and the explained log, never behind a tab) */
.lcb-app { --lcb-h: min(calc(100vh - 24px), 1300px); --lcb-right: 420px; --lcb-right-max: 500px; --lcb-side-min: 220px;
           --lcb-aspect: 0.818; --jp-widgets-inline-height: 26px; --jp-widgets-margin: 1px;
           container: lcb-app / inline-size; align-items: flex-start; flex-flow: row wrap; }
.jp-NotebookPanel .lcb-app { --lcb-h: min(calc(100vh - 138px), 1300px); }      /* JupyterLab: menu, tabs, toolbar, status bar */
#rendered_cells .lcb-app { --lcb-h: min(calc(100vh - 64px), 1300px); }           /* Voila: its margins and a one-line title */
.lcb-app .lcb-grid { display: grid; width: 100%; height: var(--lcb-h); min-height: 520px; gap: 6px 8px;
  --lcb-map-w: calc((max(var(--lcb-h), 520px) - 100px) * var(--lcb-aspect) + 34px);
  grid-template-rows: auto minmax(0, 1fr); grid-template-areas: "top top top" "map right side";
  grid-template-columns:
    minmax(240px, min(var(--lcb-map-w), calc(100% - var(--lcb-right) - var(--lcb-side-min) - 16px)))
    minmax(var(--lcb-right), min(var(--lcb-right-max), calc(100% - var(--lcb-map-w) - var(--lcb-side-min) - 16px)))
    minmax(var(--lcb-side-min), 1fr); }
.jp-OutputArea-child:has(.lcb-app) > .jp-OutputArea-prompt { display: none; }
.lcb-app .lcb-topbar { grid-area: top; min-width: 0; align-items: center; gap: 6px; }
.lcb-app .lcb-topbar .lcb-message { flex: 1 1 auto !important; min-width: 0; }
.lcb-app .lcb-topbar .lcb-toolbar { flex: 0 0 auto; }
.lcb-app .lcb-grid > .lcb-map { grid-area: map; }
.lcb-app .lcb-grid > .lcb-right { grid-area: right; }
.lcb-app .lcb-grid > .lcb-side-log { grid-area: side; }
.lcb-app .lcb-impulse > .widget-html:first-child .lcb-card { padding: 2px 6px; font-size: 11.5px; }
.lcb-app .lcb-odds .lcb-card { padding: 2px 6px; }
.lcb-app .lcb-map { width: 100%; height: 100%; min-width: 0; overflow: hidden; }
.lcb-app .lcb-right { width: auto; height: 100%; min-height: 0; overflow: hidden; flex-wrap: nowrap; }
.lcb-app .lcb-right > * { flex: 0 0 auto; }
.lcb-app .lcb-right > .widget-tab { flex: 1 1 auto; min-height: 0; }   /* shrinks (its content scrolls) rather than push the column past its bottom, where nothing scrolls */
.lcb-app .lcb-right > .widget-tab > .widget-tab-contents { overflow: hidden auto; padding: 3px 5px; }
.lcb-app .lm-TabBar-tab { flex: 0 1 auto !important; min-width: fit-content !important; padding: 0 7px !important; }
.lcb-app .lcb-right .widget-tab-contents .lcb-log-box { height: 100% !important; min-height: 200px; }
.lcb-app .lcb-side-log { height: 100%; min-width: 0; min-height: 0; overflow: hidden; flex-wrap: nowrap; }
.lcb-app .lcb-side-log > * { flex: 0 0 auto; }
.lcb-app .lcb-side-log .lcb-log-box { flex: 1 1 auto; height: auto !important; min-height: 0; }
.lcb-app .lcb-message .lcb-card { padding: 2px 6px; }
/* a button shown again with layout.display "flex" is a flex box: centre its icon and text (else the
   icon, a stretched flex item, is drawn at the top and pokes out of the button) */
.lcb-app .jupyter-button { align-items: center; justify-content: center; }
/* the hex info at the top of the side column: its whole content (the terrain rows as one flowing line), no scroll box */
.lcb-app .lcb-hex-info .lcb-table, .lcb-app .lcb-hex-info .lcb-table tbody { display: block; margin: 0; }
.lcb-app .lcb-hex-info .lcb-table tr { display: inline; }
.lcb-app .lcb-hex-info .lcb-table th, .lcb-app .lcb-hex-info .lcb-table td { display: inline; padding: 0 4px 0 0;
  border: 0; font-size: 11.5px; }
.lcb-app .lcb-hex-info .lcb-table td::after { content: " ·"; color: #6b7480; }
.lcb-app .lcb-hex-info .lcb-table tr:last-child td::after { content: ""; }
.lcb-app .lcb-hex-info .lcb-card, .lcb-app .lcb-unit-tracker .lcb-card { padding: 3px 7px; }
.lcb-app .lcb-hex-info h4, .lcb-app .lcb-unit-tracker h4 { margin: 0 0 1px 0; }
.lcb-app .lcb-unit-tracker h4 .lcb-muted { font-size: 11.5px; font-weight: normal; }
.lcb-app .lcb-unit-tracker, .lcb-app .lcb-hex-info, .lcb-app .lcb-impulse, .lcb-app .lcb-odds { min-width: 0; }
.lcb-app .lcb-unit-tracker .lcb-table { display: inline-table; vertical-align: top; margin: 1px 4px 1px 0; }
.lcb-app .lcb-impulse .lcb-card { padding: 3px 7px; }
.lcb-app .lcb-impulse .widget-html-content { line-height: 1.25; }
/* presentation mode: the panels larger (zoom keeps texts and controls in proportion: nothing clipped) */
@media (min-height: 1000px) { .lcb-presentation.lcb-app .lcb-right, .lcb-presentation.lcb-app .lcb-topbar { zoom: 1.25; }
  .lcb-presentation.lcb-app { --lcb-right: 520px; --lcb-right-max: 600px; } }
/* ... and grow on with a larger window (a projector at 2560x1440 or 4K): no 1300 px cap on the lab's height */
@media (min-height: 1300px) and (min-width: 2200px) {
  .lcb-presentation.lcb-app .lcb-right, .lcb-presentation.lcb-app .lcb-topbar { zoom: 1.5; }
  .lcb-presentation.lcb-app { --lcb-right: 624px; --lcb-right-max: 720px; }
  .jp-NotebookPanel .lcb-app.lcb-presentation { --lcb-h: calc(100vh - 138px); }
  #rendered_cells .lcb-app.lcb-presentation { --lcb-h: calc(100vh - 64px); } }
@media (min-height: 1900px) and (min-width: 3200px) {
  .lcb-presentation.lcb-app .lcb-right, .lcb-presentation.lcb-app .lcb-topbar { zoom: 2; }
  .lcb-presentation.lcb-app { --lcb-right: 832px; --lcb-right-max: 960px; } }
.lcb-presentation.lcb-app .lcb-log-panel { font-size: 15px; }
/* the branch of *Fork here*: a second lab as wide as the first below it, or beside it when two fit */
.lcb-app > .lcb-fork { flex: 1 1 100%; min-width: 0; box-sizing: border-box; }
.lcb-app > .lcb-fork > .lcb-fork-lab, .lcb-app > .lcb-fork > .lcb-fork-lab > .lcb-app { width: 100%; min-width: 0; }
@container lcb-app (min-width: 2400px) {      /* two labs at full size side by side (else below) */
  .lcb-app.lcb-branch-open > .lcb-grid { width: calc(50% - 12px); flex: 0 0 auto; }
  .lcb-app.lcb-branch-open > .lcb-fork { flex: 1 1 0; } }
.lcb-app > .lcb-fork > .lcb-fork-diff { max-height: 150px; overflow: hidden auto; }
#rendered_cells .lcb-fork-lab > .lcb-app { --lcb-h: min(calc(100vh - 150px), 1300px); }   /* under the heading */
.jp-NotebookPanel .lcb-fork-lab > .lcb-app { --lcb-h: min(calc(100vh - 224px), 1300px); }
/* keyboard: a clear focus ring on whatever the keyboard reaches (controls, tab titles, links, a panel that scrolls),
   and round the map while it holds focus */
.lcb-app.lcb-app.lcb-app :focus-visible, .lcb-app.lcb-app.lcb-app input:focus-visible { outline: 3px solid #0b5cad !important; outline-offset: 1px !important;
  box-shadow: 0 0 0 5px #ffffff !important; }
.lcb-app .lcb-map:focus-within { outline: 3px solid #0b5cad; outline-offset: -3px; }
.lcb-app .lcb-hex-box input { font-family: "DejaVu Sans Mono", monospace; }
</style>
"""

RIGHT_WIDTH = "420px"
"""The right column's least width (it takes up to 500 px the map leaves; presentation zooms it 1.25
on a screen >= 1000 px tall; below, only the map's texts change: the column must still fit).  The side
column (hex info, explained log) is at least 220 px; the map gets the rest, up to its board's aspect."""


GOTLAND_ASPECT = 0.818
"""The Gotland board's width over height: the map column's default ``--lcb-aspect`` in :data:`CSS`."""


def scale_css(css_class: str, scale: float, aspect: float = GOTLAND_ASPECT) -> str:
    """One lab's own CSS (``.{css_class}``): the map column's aspect (``aspect``, the board's width over
    height, kept within 0.6..1.6: a wider board shows its area and pans) and, for ``scale`` other than 1,
    the right column zoomed by it (text and controls together, so nothing is clipped) and the explained
    log's text scaled too."""
    c = f".lcb-app.{css_class}"
    k = min(max(float(aspect), 0.6), 1.6)
    board = "" if abs(k - GOTLAND_ASPECT) < 0.005 else f"<style>{c} {{ --lcb-aspect: {k:.3f}; }}</style>"
    if scale == 1.0:
        return board
    return board + (f"<style>{c} .lcb-right {{ zoom: {scale:g}; }}"
            f"{c} .lcb-log-panel {{ font-size: {12.5 * scale:.3g}px; }}"
            f"{c} .lcb-log-panel .lcb-rule {{ font-size: {11 * scale:.3g}px; }}</style>")


def view_name(team: str) -> str:
    """The one name of a team's view: "Red (RU) view", "Instructor view"."""
    return f"{palette.TEAM_NAME.get(team, team)} view"


def esc(x: object) -> str:
    """``str(x)`` escaped for HTML text and attributes (quotes too)."""
    return html.escape(str(x), quote=True)


def rule_badges(rules: Iterable[str]) -> str:
    """One rule badge (``<span class="lcb-rule">``) per rule number, e.g. ``["7.3", "7.31"]``; ``""`` for none."""
    return "".join(f'<span class="lcb-rule">{esc(r)}</span>' for r in rules)


def slot_words(slot: str, card_names: dict[str, str] | None = None) -> str:
    """A CV slot as a class reads it: :func:`lcb_lab.games.lcb.plain.slot_words` (an Attached card's
    slot by the card's name, or "an Attached card"; never its id, 9.31)."""
    return plain.slot_words(slot, card_names)


def hp_lost_rows(damage: Iterable[float]) -> str:
    """The damage distribution as a class reads it: ``damage[k]`` is P(k HP lost) (7.02, 7.05,
    7.57) -> ``"0 HP lost 0.8%, 1 HP lost 7.6%, 2 HP lost 91.6%"``."""
    return ", ".join(f"{k} HP lost {p * 100:.1f}%" for k, p in enumerate(damage))


def odds_bars_html(damage: Iterable[float]) -> str:
    """A small bar plot of ``damage[k]`` = P(k HP lost), k = 0..HP (7.02, 7.05, 7.57): one bar per
    outcome, 18 px at 100%, the last (the target destroyed) red like :mod:`lcb_lab.ui.lcb.odds_plot`'s;
    its words (:func:`lcb_lab.games.lcb.rules.combat.odds.pmf_words`) as the tooltip and the
    accessible name.  ``""`` for fewer than two outcomes."""
    from lcb_lab.games.lcb.rules.combat.odds import pmf_words
    from lcb_lab.ui.lcb.odds_plot import KILL, SAFE
    pmf = [float(p) for p in damage]
    if len(pmf) < 2:
        return ""
    words = esc("HP lost: " + pmf_words(pmf, "HP", "HP", zero="none"))
    cols = "".join(f'<span class="lcb-odds-col"><span class="lcb-odds-bar" style="height:{max(1, round(18 * p))}px;'
                   f'background:{KILL if k == len(pmf) - 1 else SAFE}"></span><span class="lcb-odds-k">{k}</span></span>'
                   for k, p in enumerate(pmf))
    return f'<span class="lcb-odds-bars" role="img" aria-label="{words}" title="{words}">{cols}</span>'


def team_span(team: str) -> str:
    """The team's display name (``"US"`` -> its palette name) in its colour span; an unknown team as given."""
    return f'<span class="lcb-team-{esc(team)}">{esc(palette.TEAM_NAME.get(team, team))}</span>'


# ------------------------------------------------------------------ messages
def message_html(text: str = "", refused: bool = False) -> str:
    """A one-line message card: red when ``refused``, else green; ``""`` for no text."""
    if not text:
        return ""
    cls = "lcb-refused" if refused else "lcb-ok"
    return f'<div class="lcb-card"><span class="{cls}">{esc(text)}</span></div>'


def refusal_text(err: BaseException) -> str:
    """Words for a refused action (IllegalAction names its rule)."""
    rule = getattr(err, "rule", None)
    reason = getattr(err, "reason", None) or str(err)
    if rule:
        return f"Refused by rule {rule}: {reason}. Nothing changed."
    return f"Refused: {reason}. Nothing changed."


# ------------------------------------------------------------------ hex info
HEX_KIND_WORDS = {"naval": "naval (water only)", "land": "land only", "mixed": "mixed (land and water)"}


def _stack_lines(view: dict, label: str) -> list[str]:
    team = view["team"]
    lines, backs = [], {}
    for c in view["counters"]:
        if c.get("hex") != label:
            continue
        if c.get("back"):
            backs[c["team"]] = backs.get(c["team"], 0) + 1
            continue
        status = "face up" if c.get("revealed") else "concealed"
        extra = []
        if c.get("paralysed"):
            extra.append("may not act this turn")
        if c.get("acted"):
            extra.append("acted")
        lines.append(f'{team_span(c["team"])} <b>{esc(c["uid"])}</b> {esc(c["abbrev"])} '
                     f'<span class="lcb-muted">({esc(c["task_force"])}, HP {c["hp"]}/{c["hp_max"]}, {status}'
                     f'{", " + ", ".join(extra) if extra else ""})</span>')
        carried = [e["uid"] for e in view["counters"] if e.get("embarked_on") == c["uid"]]
        if carried:
            lines.append(f'&nbsp;&nbsp;<span class="lcb-muted">embarked: {esc(", ".join(carried))}</span>')
    for m in view.get("markers", []):
        if m.get("hex") != label:
            continue
        if m.get("back"):
            backs[m["team"]] = backs.get(m["team"], 0) + 1
        else:
            lines.append(f'{team_span(m["team"])} MILDEC marker <b>{esc(m["id"])}</b>')
    from lcb_lab.ui.lcb.map.markers import KIND_RULE, KIND_WORDS, chip_text
    for m in view.get("card_markers") or []:          # card markers (13.x), as the view shows them
        if m.get("hex") != label:
            continue
        if m.get("back"):
            lines.append(f'{team_span(m["team"])} a card marker, face down <span class="lcb-rule">13.21</span>')
            continue
        kind = m.get("kind", "")
        extra = "" if m.get("revealed", True) else " (concealed)"
        cargo = m.get("cargo") or []
        carry = f' carrying {esc(", ".join(cargo))}' if cargo else (
            f" carrying {m['cargo_count']} unit(s)" if m.get("cargo_count") else "")
        if kind == "fortification":               # the attacker's CV modifiers on its team's units (13.51)
            from lcb_lab.games.lcb.rules.markers.fortify import LEVEL_MODS
            ga, lrs = LEVEL_MODS.get(int(m.get("level", 1)), (0, 0))
            extra += f": the attacker's GROUND ASSAULT CV {ga:+d}" + (f", LRS CV {lrs:+d}" if lrs else "")
        lines.append(f'{team_span(m["team"])} {esc(KIND_WORDS.get(kind, kind))} <b>{esc(m["id"])}</b> '
                     f'{esc(chip_text(m))}{esc(extra)}{carry} <span class="lcb-rule">{esc(KIND_RULE.get(kind, "13.0"))}</span>')
    for t, n in backs.items():
        lines.append(f'{team_span(t)} {n} concealed counter(s) <span class="lcb-muted">(face down: '
                     f'{"you cannot see what they are" if team != "instructor" else "hidden"})</span>')
    return lines


def hex_info_html(board: Board, label: str | None, view: dict | None = None) -> str:
    """The hex info panel: terrain, MP, features, note, and the visible stack."""
    if not label:
        return ('<div class="lcb-card"><h4>Hex info</h4><span class="lcb-muted">Click a hex on the map '
                'to see its terrain, features and the counters there.</span></div>')
    info = board.hex(label)
    mp = MP_BY_COLOUR[info.colour]
    cost = "prohibited" if mp is None else f"{mp} MP to enter"
    sw = f'<span class="lcb-swatch" style="background:{palette.terrain_drawn(info.colour, info.kind)}"></span>'
    feats = ", ".join(f"{f.kind.replace('_', ' ')} {f.name}" for f in info.features) or "none"
    rows = [
        ("Terrain", HEX_KIND_WORDS.get(info.kind, info.kind)),
        ("MP colour", f"{sw}{esc(info.colour)}, {palette.TERRAIN_HATCH_WORDS[info.colour]} \u2014 {cost} "
                      "<span class='lcb-rule'>5.11</span>"),
        ("Land", f"{info.land_fraction * 100:.0f}% of the hex"),
        ("Features", esc(feats)),
    ]
    if info.terrain_modifier:
        rows.append(("Combat", f"ground targets here: offensive CV {info.terrain_modifier:+d} "
                               "<span class='lcb-rule'>7.09</span>"))
    body = "".join(f"<tr><th>{k}</th><td>{v}</td></tr>" for k, v in rows)
    note = f'<div class="lcb-small lcb-muted">{esc(info.note)}</div>' if info.note else ""
    stack = _stack_lines(view, label) if view else []
    stack_html = ("<div><b>Counters</b><br>" + "<br>".join(stack) + "</div>") if stack else \
        '<div class="lcb-muted">No counters you can see.</div>'
    return (f'<div class="lcb-card"><h4>Hex {esc(label)}</h4><table class="lcb-table">{body}</table>'
            f"{note}{stack_html}</div>")


# ------------------------------------------------------------------ Unit Tracker
def provenance(value: object, source: str) -> str:
    """A value with its provenance: sandbox values get a dagger; rulebook refs on hover."""
    shown = "\u221e" if value is None else esc(value)
    if source.startswith("sandbox"):
        return f'<span class="lcb-sandbox" title="{esc(source)}">{shown}{DAGGER}</span>'
    return f'<span class="lcb-rulebook" title="{esc(source)}">{shown}</span>'


def _attachment_words(counter: dict, cards: list[dict] | None) -> list[str]:
    """The cards on a unit as the view knows them: from the view's cards (``cards``: Attached to it,
    or Embarked on it, 9.31, 10.34) when given -- the unit's own ``attachments`` strings are for
    display only and may be stale -- except the other team's count ("1 card(s)", 9.02)."""
    att = list(counter.get("attachments") or [])
    if cards is None or any(str(a).endswith("card(s)") for a in att):
        return att
    uid = counter["uid"]
    return ([c["name"] for c in cards if c.get("where") == "attached" and c.get("host") == uid]
            + [f'{c["name"]} (Embarked)' for c in cards if c.get("where") == "embarked" and c.get("host") == uid])


def unit_tracker_html(game: Game, counter: dict, cards: list[dict] | None = None) -> str:
    """The Unit Tracker of a counter the view shows face up (or own); ``cards``: the view's cards
    (``game.view(team)["cards"]``) for the line of its Attached / Embarked cards."""
    t = game.catalog.unit(counter["type_id"])
    uid = counter["uid"]
    flags = ["face up" if counter.get("revealed") else "concealed"]
    for k, w in (("acted", "acted this turn"), ("moved", "moved"), ("paralysed", "may not act (card)")):
        if counter.get(k):
            flags.append(w)
    head = (f'<h4>{team_span(counter["team"])} {esc(uid)} <span class="lcb-muted">\u2014 {esc(t.name)}</span></h4>'
            f'<div class="lcb-small">{esc(counter["task_force"])} \u00b7 '
            f'{"hex " + esc(counter["hex"]) if counter.get("hex") else "embarked on " + esc(counter.get("embarked_on"))}'
            f' \u00b7 {", ".join(flags)}</div>')
    extra = ""
    if getattr(t, "torpedo_cv", None) is not None:      # a submarine (14.x): TORPEDO ATTACK CV, required DETECT
        extra += f'<th>TORPEDO</th><td>{provenance(t.torpedo_cv, t.source("torpedo_cv"))} {rule_badges(["14.08"])}</td>'
    if getattr(t, "detect", None) is not None:
        extra += f'<th>DETECT</th><td>{provenance(t.detect, t.source("detect"))} {rule_badges(["14.12"])}</td>'
    basics = (f'<table class="lcb-table"><tr><th>HP</th><td>{counter["hp"]} / {provenance(t.hp, t.source("hp"))}</td>'
              f'<th>MP</th><td>{provenance(t.mp, t.source("mp"))}</td>{extra}</tr></table>')
    rows = []
    supply = counter.get("supply", {})
    for cv in t.cvs:
        left = supply.get(cv.slot)
        sup = "\u221e" if cv.supply is None else f"{left if left is not None else '?'} / {provenance(cv.supply, cv.sources.get('supply', 'sandbox'))}"
        rng = provenance(cv.range, cv.sources.get("range", "sandbox"))
        sw = f'<span class="lcb-swatch" style="background:{palette.CV_TRACK.get(cv.slot, "#999")}"></span>'
        rows.append(f"<tr><td>{sw}{esc(cv.slot)}</td><td>{provenance(cv.value, cv.sources.get('value', 'sandbox'))}</td>"
                    f"<td>{rng}</td><td>{sup}</td></tr>")
    for rv in t.rvs:
        left = supply.get("RP")
        rows.append(f"<tr><td>{esc(rv.slot)} (RV)</td><td>{provenance(rv.value, rv.sources.get('value', 'sandbox'))}</td>"
                    f"<td>{provenance(rv.range, rv.sources.get('range', 'sandbox'))}</td>"
                    f"<td>{'RP ' + str(left) if left is not None else ''}</td></tr>")
    cvs = ("<table class='lcb-table'><tr><th>Track</th><th>CV</th><th>Range</th><th>Supply</th></tr>"
           + "".join(rows) + "</table>") if rows else '<div class="lcb-muted">No combat values.</div>'
    att = _attachment_words(counter, cards)
    att_html = f'<div class="lcb-small">Attachments: {esc(", ".join(att))}</div>' if att else ""
    legend = (f'<div class="lcb-small lcb-muted lcb-tracker-note" title="hover a value for its rulebook reference '
              f'(the rulebook is not included)">{esc(palette.SANDBOX_LEGEND)}.</div>')
    return f'<div class="lcb-card">{head}{basics}{cvs}{att_html}{legend}</div>'


# ------------------------------------------------------------------ log
def visible_entries(game: Game, team: str) -> list[dict]:
    """Log entries ``team`` may read (``Game.log_entries``)."""
    return game.log_entries(team)


CARD_KINDS = ("card", "chain", "response", "detect", "nullify", "ftr", "card_intercept", "planning", "deployment")
"""Log entry kinds of the card engine and the stages (chapter 9, Planning and Deployment), marked by a blue edge in the log."""


def is_card_entry(e: dict) -> bool:
    """A step of a card, its chain or the Planning / Deployment Stage (a card kind, or a ``card`` fact)."""
    kind = str(e.get("kind", ""))
    return kind in CARD_KINDS or kind.startswith(("card", "chain")) or "card" in (e.get("data") or {})


def entry_html(e: dict, new: bool = False) -> str:
    """One log entry as an HTML line: an impulse heading, or the entry's rule badges, title and text
    (``new``: highlighted as the last act's)."""
    if e["kind"] == "impulse_start":
        return f'{LOG_HEAD}{esc(e["title"])} <span class="lcb-muted">{esc(e.get("text", ""))}</span></div>'
    cls = "lcb-log-line lcb-log-new" if new else "lcb-log-line"
    if is_card_entry(e):
        cls += " lcb-log-card"
    text = f": {esc(e['text'])}" if e.get("text") else ""
    damage = (e.get("data") or {}).get("damage") if e["kind"] == "odds" else None
    bars = odds_bars_html(damage) if isinstance(damage, list) else ""
    return f'<div class="{cls}">{rule_badges(e.get("rules", []))} <b>{esc(e["title"])}</b>{bars}{text}</div>'


def _indexed_entries(game, team: str) -> list[tuple[int, dict]] | None:
    """``game.log_entries(team)`` with each entry's index in ``game.log`` (each is an entry of
    the log as :func:`observer.redact` gives it to ``team``); None when they cannot be matched."""
    visible = game.log_entries(team)
    out, j = [], 0
    for i, e in enumerate(game.log):
        if j < len(visible) and (visible[j] is e or visible[j] == observer.redact(e, team)):
            out.append((i, visible[j]))
            j += 1
    return out if j == len(visible) else None


LOG_EMPTY = '<div class="lcb-muted">The explained log is empty: begin an impulse.</div>'
LOG_HEAD = '<div class="lcb-log-head">'
"""How an impulse's heading starts (the log panel's chunks begin there)."""


def log_parts(game: Game, team: str, notes: list[tuple[int, str]] = (), highlight_from: int | None = None,
              limit: int = 400) -> list[str]:
    """The explained log as ``game.log_entries(team)`` gives it, newest last, one HTML part per entry
    (:data:`LOG_HEAD` for an impulse's heading); ``notes`` = [(log length when made, html)] are
    interleaved where they happened (refused actions); at most the last ``limit`` parts."""
    parts: list[str] = []
    pending = sorted(notes, key=lambda n: n[0])
    k = 0
    entries = _indexed_entries(game, team)
    if entries is None:      # entries the log does not hold as such: notes last, highlight by count
        shown = game.log_entries(team)
        new = len(game.log_entries(team, since=highlight_from)) if highlight_from is not None else 0
        parts = [entry_html(e, new=n >= len(shown) - new) for n, e in enumerate(shown)]
        entries = []
    for i, e in entries:
        while k < len(pending) and pending[k][0] <= i:
            parts.append(pending[k][1])
            k += 1
        parts.append(entry_html(e, new=highlight_from is not None and i >= highlight_from))
    parts += [n[1] for n in pending[k:]]
    return parts[-limit:]


def refusal_note_html(err: BaseException) -> str:
    """A refusal as a red log note: its rule badge and :func:`refusal_text`."""
    rules = [err.rule] if getattr(err, "rule", None) else []
    return f'<div class="lcb-log-line lcb-refused">{rule_badges(rules)} {esc(refusal_text(err))}</div>'


def render_entries_text(entries: list[dict]) -> str:
    """Plain text of some entries, as ``Game.explained_log`` prints them."""
    return explain.render_log(entries, ("impulse_start",))
