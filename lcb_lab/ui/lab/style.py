"""The lab's shared CSS (every game's lab): the layout grid, cards, rule badges, messages, the log,
the History and Game tabs, the fork frame, presentation mode and the focus ring (a game adds its own
after it: the shell's ``game_css``).

:data:`CSS` is the page's stylesheet (one ``<style>``); :func:`scale_css` is one lab's own rules (the
map column's aspect, the column zoom of a text scale other than 1).  Class names start ``lcb-``.
"""
from __future__ import annotations

__all__ = ["CSS", "RIGHT_WIDTH", "DEFAULT_ASPECT", "scale_css"]

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
.lcb-swatch { display: inline-block; width: 11px; height: 11px; border: 1px solid #555; vertical-align: -1px; margin-right: 3px; }
.lcb-table { border-collapse: collapse; margin: 3px 0; }
.lcb-table td, .lcb-table th { padding: 1px 6px; border-bottom: 1px solid #e2dccb; text-align: left; font-size: 12px; }
.lcb-table th { color: #4a5560; font-weight: 600; }
.lcb-log { height: 100%; overflow-y: auto; display: flex; flex-direction: column-reverse; }
.lcb-log-inner { padding: 2px 6px; }
.lcb-log > .lcb-log-inner { margin-bottom: auto !important; }   /* a short log starts at the top (a long one shows its end) */
.lcb-log-line { margin: 1px 0; }
.lcb-log-head { margin: 6px 0 2px 0; font-weight: bold; color: #1f2a33; border-bottom: 1px solid #cfc8b4; }
.lcb-log-new { background: #fff4c2; }
.lcb-locked { border-left: 4px solid #d07a00; }
.lcb-past { border-left: 4px solid #5a6b80; background: #eef1f5; padding: 2px 6px; margin: 2px 0; font-weight: bold; }
.lcb-why { color: #3a4550; }
.lcb-odds-bars { display: inline-flex; align-items: flex-end; gap: 2px; height: 30px; vertical-align: middle;
                 margin: 0 4px; cursor: help; }
.lcb-odds-col { display: inline-flex; flex-direction: column; align-items: center; justify-content: flex-end; height: 100%; }
.lcb-odds-bar { width: 9px; }
.lcb-odds-k { font-size: 9px; line-height: 11px; color: #4a5560; border-top: 1px solid #9aa3ad; }
/* ---- the one-screen layout (docs/ui.md "Layout"): a grid as tall as the screen leaves the lab; three
   columns: the map (as wide as its height allows at the board's aspect --lcb-aspect, less when the lab is
   narrow), the right column (controls), the side column (hex info and the explained log, never behind a tab) */
.lcb-app { --lcb-h: min(calc(100vh - 24px), 1300px); --lcb-right: 420px; --lcb-right-max: 500px; --lcb-side-min: 220px;
           --lcb-aspect: 0.818; --jp-widgets-inline-height: 26px; --jp-widgets-margin: 1px;
           container: lcb-app / inline-size; align-items: flex-start; flex-flow: row wrap; }
.jp-NotebookPanel .lcb-app { --lcb-h: min(calc(100vh - 138px), 1300px); }      /* JupyterLab: menu, tabs, toolbar, status bar */
#rendered_cells .lcb-app { --lcb-h: min(calc(100vh - 76px), 1300px); }           /* Voila: its margins and a one-line title (the page does not scroll) */
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
.lcb-app .lcb-odds .lcb-card { padding: 2px 6px; }
.lcb-app .lcb-map { width: 100%; height: 100%; min-width: 0; overflow: hidden; }
.lcb-app .lcb-right { width: auto; height: 100%; min-height: 0; overflow: hidden; flex-wrap: nowrap; }
.lcb-app .lcb-right > * { flex: 0 0 auto; }
.lcb-app .lcb-right > .widget-tab { flex: 1 1 auto; min-height: 0; }   /* shrinks (its content scrolls) rather than push the column past its bottom, where nothing scrolls */
.lcb-app .lcb-right > .widget-tab > .widget-tab-contents { overflow: hidden auto; padding: 3px 5px; }
.lcb-app .lm-TabBar-tab { flex: 0 1 auto !important; min-width: fit-content !important; padding: 0 7px !important; }
.lcb-app .lcb-side-log { height: 100%; min-width: 0; min-height: 0; overflow: hidden; flex-wrap: nowrap; }
.lcb-app .lcb-side-log > * { flex: 0 0 auto; }
.lcb-app .lcb-side-log .lcb-log-box { flex: 1 1 auto; height: auto !important; min-height: 0; }
.lcb-app .lcb-message .lcb-card { padding: 1px 6px; margin: 0; line-height: 15px; }   /* two lines fit MESSAGE_HEIGHT (34 px) */
/* a button shown again with layout.display "flex" is a flex box: centre its icon and text (else the
   icon, a stretched flex item, is drawn at the top and pokes out of the button) */
.lcb-app .jupyter-button { align-items: center; justify-content: center; }
/* a greyed button looks greyed, whatever its style (Commit, Resolve, Declare...): grey, not a faded strong colour;
   its text #595959 on #e3e3e3 keeps a contrast of 5.4:1 (WCAG asks 3:1 of a disabled control's text) */
.lcb-app .jupyter-button:disabled, .lcb-app .jupyter-button[class*="mod-"]:disabled {
  background: #e3e3e3 !important; color: #595959 !important; opacity: 1 !important; box-shadow: none !important;
  border: 1px dashed #9a9a9a !important; cursor: not-allowed; }
.lcb-path { white-space: nowrap; cursor: help; }
/* a plan study the game has moved on from: greyed under its one line (the study panel) */
.lcb-app .lcb-stale { opacity: 0.45; }
.lcb-app .lcb-stale-line { border-left: 4px solid #d07a00; font-size: 11.5px; }
/* presentation mode: the panels larger (zoom keeps texts and controls in proportion: nothing clipped) */
@media (min-height: 1000px) { .lcb-presentation.lcb-app .lcb-right, .lcb-presentation.lcb-app .lcb-topbar { zoom: 1.25; }
  .lcb-presentation.lcb-app { --lcb-right: 520px; --lcb-right-max: 600px; } }
/* ... and grow on with a larger window (a projector at 2560x1440 or 4K): no 1300 px cap on the lab's height */
@media (min-height: 1300px) and (min-width: 2200px) {
  .lcb-presentation.lcb-app .lcb-right, .lcb-presentation.lcb-app .lcb-topbar { zoom: 1.5; }
  .lcb-presentation.lcb-app { --lcb-right: 624px; --lcb-right-max: 720px; }
  .jp-NotebookPanel .lcb-app.lcb-presentation { --lcb-h: calc(100vh - 138px); }
  #rendered_cells .lcb-app.lcb-presentation { --lcb-h: calc(100vh - 76px); } }
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
</style>
"""

RIGHT_WIDTH = "420px"
"""The right column's least width (it takes up to 500 px the map leaves; presentation zooms it 1.25
on a screen >= 1000 px tall; below, only the map's texts change: the column must still fit).  The side
column (hex info, explained log) is at least 220 px; the map gets the rest, up to its board's aspect."""


DEFAULT_ASPECT = 0.818
"""The map column's default width over height (``--lcb-aspect`` in :data:`CSS`; a lab sets its board's)."""


def scale_css(css_class: str, scale: float, aspect: float = DEFAULT_ASPECT) -> str:
    """One lab's own CSS (``.{css_class}``): the map column's aspect (``aspect``, the board's width over
    height, kept within 0.6..1.6: a wider board shows its area and pans) and, for ``scale`` other than 1,
    the right column zoomed by it (text and controls together, so nothing is clipped) and the explained
    log's text scaled too."""
    c = f".lcb-app.{css_class}"
    k = min(max(float(aspect), 0.6), 1.6)
    board = "" if abs(k - DEFAULT_ASPECT) < 0.005 else f"<style>{c} {{ --lcb-aspect: {k:.3f}; }}</style>"
    if scale == 1.0:
        return board
    return board + (f"<style>{c} .lcb-right {{ zoom: {scale:g}; }}"
            f"{c} .lcb-log-panel {{ font-size: {12.5 * scale:.3g}px; }}"
            f"{c} .lcb-log-panel .lcb-rule {{ font-size: {11 * scale:.3g}px; }}</style>")
