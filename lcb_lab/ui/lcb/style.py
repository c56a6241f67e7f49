"""LC:B's own CSS, added after the shared lab's (:data:`lcb_lab.ui.lab.style.CSS`): the team colours,
card chips and symbols, the Embark Area's capacity bars (chapters 10-14), the Impulse tab, the hex
info (zoomed in presentation on a tall screen, like the right column) and the Unit Tracker.  Class names start ``lcb-`` like the shared ones.
"""
from __future__ import annotations

__all__ = ["CSS"]

CSS = """
<style>
.lcb-team-US { color: #2c4f73; font-weight: bold; }
.lcb-team-RU { color: #7a2e28; font-weight: bold; }
/* cards: symbols as badges, one line per card */
.lcb-symbol { display: inline-block; border: 1px solid #4a5560; border-radius: 8px; padding: 0 4px; margin-right: 2px;
              font-size: 10.5px; font-weight: bold; letter-spacing: 0.02em; color: #1f2a33; background: #eef1f4; cursor: help; }
.lcb-card-chip { margin: 1px 0; line-height: 1.3; }
.lcb-card-effect-row { margin: 2px 0 3px 0; padding-left: 4px; border-left: 3px solid #cfc8b4; }
.lcb-log-card { border-left: 3px solid #2f6db3; padding-left: 3px; }
/* a lesson paused at a checkpoint: the tabs (the question, in the Lesson tab) keep at least half the column;
   the panels above them (a pending decision, the scripted card effect) shrink and scroll instead */
.lcb-app .lcb-right:has(.lcb-checkpoint) > .widget-tab { min-height: 50%; }
.lcb-app .lcb-right:has(.lcb-checkpoint) > :not(.widget-tab) { flex: 0 1 auto; min-height: 0; overflow: hidden auto; }
.lcb-app .lcb-right:has(.lcb-checkpoint) > :not(.widget-tab) > *,
.lcb-app .lcb-right:has(.lcb-checkpoint) > :not(.widget-tab) .widget-vbox > * { flex-shrink: 0; }
/* the Unit Tracker keeps one height whatever it shows -- the hint, a platoon, a destroyer, a ship with its Embark
   Area -- so selecting or clearing a unit never moves the tabs and the controls below it (a click on them lands where
   the person aimed, however late the lab answers the click on the map); a taller tracker scrolls in its box.
   --lcb-tracker-h at 1366x768: a destroyer's or a platoon's tracker whole, the room the Impulse tab needs in combat
   and a study beside a waiting decision left to the tabs (JupyterLab, file browser open; 170 px took 16 px too many);
   a ship's Embark Area, an attachment line or a submarine's row may scroll.  On a screen at least 1000 px tall every
   tracker of the scenarios whole.  The box is zoomed with the right column (presentation, font_scale) */
.lcb-app { --lcb-tracker-h: 150px; }
@media (min-height: 1000px) { .lcb-app { --lcb-tracker-h: 250px; } }
.lcb-app .lcb-unit > .lcb-unit-tracker { height: var(--lcb-tracker-h); flex: 0 0 auto; overflow: hidden auto;
  box-sizing: border-box; }
/* what scrolls is the unit's own box, made anew with each unit (unit_panel): the next unit is shown from its top,
   not at the scroll of the one before */
.lcb-app .lcb-unit-tracker .lcb-tracker-scroll { max-height: var(--lcb-tracker-h); overflow: hidden auto; }
.lcb-app .lcb-unit > .lcb-unit-tracker:has(.lcb-tracker-empty) > .widget-html-content { height: 100%; }
.lcb-app .lcb-unit-tracker .lcb-tracker-empty { height: calc(100% - 4px); box-sizing: border-box; overflow: hidden;
  border-style: dashed; background: transparent; }     /* no unit: the hint in a dashed frame the size of the box */
/* a pending decision (a defender's INTERCEPT dice, a card response) is drawn whole: the tabs below it shrink
   first, down to their titles, then the Unit Tracker above it shrinks and scrolls (the Unit dropdown stays);
   not while a lesson is paused at a checkpoint (the rule above: the question keeps half the column) */
.lcb-app .lcb-right:has(> .lcb-decision > *):not(:has(.lcb-checkpoint)) > .lcb-unit { flex: 0 1 auto; min-height: 32px; }
.lcb-app .lcb-right:has(> .lcb-decision > *):not(:has(.lcb-checkpoint)) > .lcb-unit > :first-child { flex: 0 0 auto; }
.lcb-app .lcb-right:has(> .lcb-decision > *):not(:has(.lcb-checkpoint)) > .lcb-unit > .lcb-unit-tracker { flex: 0 1 auto; min-height: 0;
  overflow: hidden auto; }
.lcb-app .lcb-right:has(> .lcb-decision > *):not(:has(.lcb-checkpoint)) > .widget-tab { flex-shrink: 1000; min-height: 34px; }
/* the decision's heading beside its *Fold* button: the heading takes the rest of the row */
.lcb-app .lcb-decision-head > .widget-html { flex: 1 1 auto; min-width: 0; }
/* chapters 10-14: the Embark Area of a ship (capacity bars), the special actions of the Impulse tab */
.lcb-cargo { margin: 2px 0 0 0; padding: 2px 7px; border-top: 1px dashed #cfc8b4; }
.lcb-cargo ul { margin: 0 0 0 14px; padding: 0; }
.lcb-cap { display: inline-flex; align-items: center; gap: 4px; margin-right: 10px; font-size: 11.5px; }
.lcb-cap-label { font-weight: 600; min-width: 30px; }
.lcb-cap-bar { display: inline-block; width: 90px; height: 9px; border: 1px solid #555; background: #fff; }
.lcb-cap-bar > span { display: block; height: 100%; }
.lcb-special .lcb-special-why { color: #a8231a; }
.lcb-app .lcb-impulse > .widget-html:first-child .lcb-card { padding: 2px 6px; font-size: 11.5px; }
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
.lcb-app .lcb-hex-box input { font-family: "DejaVu Sans Mono", monospace; }
/* presentation mode on a tall screen: the hex info zoomed like the right column (the shared lab's CSS zooms that;
   the hex info flows in the side column's width, the log has its own 15 px) */
@media (min-height: 1000px) { .lcb-presentation.lcb-app .lcb-side-log .lcb-hex-info { zoom: 1.25; } }
@media (min-height: 1300px) and (min-width: 2200px) { .lcb-presentation.lcb-app .lcb-side-log .lcb-hex-info { zoom: 1.5; } }
@media (min-height: 1900px) and (min-width: 3200px) { .lcb-presentation.lcb-app .lcb-side-log .lcb-hex-info { zoom: 2; } }
</style>
"""
