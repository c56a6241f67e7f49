"""The Order of Battle lab's stylesheet (:data:`CSS`): the phase track, the card faces, the table in columns
per Commander, the hands above the tabs and the "more below" cue.

Layout (docs/ui.md, *Order of Battle*): the Umpire's view of a three-Commander game -- the table, every hand
and a Fortune draw -- fits a 1366x768 Voila window without any box scrolling: each card is a *compact face*
(name, cost, values in one or two lines; its whole face on hover and on a click, :func:`~.cards_html.chip_html`),
the table sets each Commander's Command Display in a column of its own, the hands are one row of compact faces
per Commander.  A Commander's own hand and Fortune draw keep the whole faces.

The "more below" cue (:data:`~.cards_html.MORE_BELOW`) needs no script and no scroll-driven animation (so it
works in Chromium, Firefox and Safari alike): a strip kept at the box's bottom edge by ``position: sticky``
while the box holds more below; at the end of the content it rests in a band of its own height, under an
opaque cover drawn after it (``.oob-more-end``), so a box that shows all it holds, or is scrolled to its end,
shows no cue.
"""
from __future__ import annotations

__all__ = ["CSS"]

CSS = """<style>
.oob-track { display: flex; flex-wrap: wrap; gap: 2px 3px; margin: 3px 0; }
.oob-phase { border: 1px solid #999; border-radius: 4px; padding: 0 4px; font-size: 11.5px; line-height: 17px;
             background: #f4f4f4; }
.oob-phase.oob-now { background: #1f6feb; color: white; font-weight: bold; border-color: #1f6feb; }
.oob-phase.oob-done { color: #6b6b6b; }
.lcb-app .oob-trackcard { padding: 3px 8px; font-size: 12px; line-height: 16px; }
.oob-cards { display: flex; flex-wrap: wrap; gap: 4px; margin: 2px 0 4px 0; }
/* a whole card face (a Commander's own hand and Fortune draw): cards share a row's width, their text wrapping */
.oob-card { border: 1px solid #555; border-radius: 6px; padding: 3px 6px; box-sizing: border-box; flex: 1 1 112px;
            min-width: 0; max-width: 156px; font-size: 11px; background: #fffdf5; overflow-wrap: anywhere; }
.oob-card b { font-size: 12px; }
/* a compact face: name and cost on top, the values below; the whole face on hover (title) and on a click */
.oob-card.oob-chip { padding: 1px 3px 1px 4px; flex: 1 1 70px; min-width: min-content; max-width: 132px;
                     line-height: 13px; border-radius: 4px; border-left-width: 4px; overflow-wrap: normal; }
.oob-chip > summary { display: flex; flex-wrap: wrap; align-items: baseline; column-gap: 5px; list-style: none;
                      cursor: pointer; }
.oob-chip > summary::-webkit-details-marker { display: none; }
.oob-chip > summary b { font-size: 11.5px; }
.oob-chip .oob-vals { color: #2b3440; font-size: 10.5px; }
.oob-skill { border: 1px solid #8a7ab0; border-radius: 3px; padding: 0 2px; font-size: 9px;
             line-height: 11px; color: #4a3680; background: #f1edf9; white-space: nowrap; }
.oob-skill + .oob-skill { margin-left: -3px; }
.oob-chip .oob-skill + .oob-vals { flex-basis: 100%; }
.oob-cost { display: inline-block; margin-right: 3px; min-width: 13px; height: 13px; border-radius: 7px; background: #e5b73b;
            color: #1f2a33; font-size: 10px; font-weight: bold; text-align: center; line-height: 13px; }
.oob-card.oob-chip.oob-down { border-style: dashed; border-left-style: solid;
  background: repeating-linear-gradient(135deg, #fffdf5, #fffdf5 5px, #e9edf5 5px, #e9edf5 7px); }
.oob-chip[open] { flex-basis: 100%; max-width: none; }
.oob-chip > .oob-face { border-top: 1px dotted #999; margin-top: 2px; padding-top: 1px; }
/* the kind in the left edge (and in words on hover and in the opened face) */
.oob-k-battlelord { border-left-color: #7a3e9d; } .oob-k-pud { border-left-color: #1f6feb; }
.oob-k-equipment { border-left-color: #2e7d32; } .oob-k-matrix { border-left-color: #00838f; }
.oob-k-battle { border-left-color: #c62828; } .oob-k-hotspot { border-left-color: #a15c00; }
.oob-k-mission { border-left-color: #4a5a7a; }
.oob-back { border: 1px solid #555; border-radius: 6px; width: 54px; height: 46px; font-size: 10px;
            background: repeating-linear-gradient(45deg, #4a5a7a, #4a5a7a 6px, #5d6f94 6px, #5d6f94 12px);
            color: white; display: flex; align-items: center; justify-content: center; text-align: center; }
.oob-hand .oob-back { width: 40px; height: 20px; font-size: 9.5px; border-radius: 4px; }
/* another Commander's hand: its count and its backs on one line (they wrap under it in a narrow column) */
.oob-counted { display: flex; flex-wrap: wrap; align-items: center; column-gap: 6px; }
.oob-counted > .oob-cards { margin: 1px 0; gap: 3px; }
.oob-sandbox { color: #a15c00; font-size: 10px; }
/* the table: a column per Commander (its Command Display), as many side by side as the map column holds */
.oob-table { display: grid; grid-template-columns: repeat(auto-fit, minmax(100px, 1fr)); gap: 4px; }
.oob-display { border: 1px solid #ccc; border-radius: 6px; padding: 2px 4px; margin: 2px 0; min-width: 0;
               font-size: 11.5px; line-height: 15px; }
.oob-display.oob-acting { border-color: #1f6feb; box-shadow: 0 0 0 1px #1f6feb; }
.oob-display .oob-cards { flex-direction: column; gap: 2px; }
.oob-display .oob-card.oob-chip { flex: 0 0 auto; max-width: none; }
.oob-display .oob-back { width: auto; height: auto; min-height: 15px; padding: 0 4px; border-radius: 4px; }
.oob-squad { border-left: 3px solid #999; padding-left: 4px; margin: 3px 0; }
.oob-key { font-size: 11px; line-height: 14px; }
.oob-hand .lcb-card { padding: 3px 6px; }
.oob-who { font-size: 12px; }
/* the hands above the tabs take at most 45% of the column and scroll inside: a Purchase Phase's Fortune draw
   beside a full hand no longer pushes the Acts tab below a 1366x768 screen */
.lcb-app .lcb-right > .oob-hand { flex: 0 1 auto; min-height: 0; max-height: 45%; overflow: hidden auto; }
/* ... and more of the column while the Acts tab needs less (the hand gives way first, down to 45% of the
   column or its whole content): a Revenue Phase's short tab leaves the hands their room */
@supports (min-height: calc-size(max-content, size)) {
  .lcb-app .lcb-right > .oob-hand { flex-shrink: 1000; max-height: none; min-height: calc-size(max-content, min(size, 45%)); } }
/* "more below" (module doc): sticky at the box's bottom edge while there is more below, else at rest under
   its cover (a scrollbar is no cue: a Mac hides it until scrolled, a projector's screenshot has none) */
.oob-more { position: sticky; bottom: 0; z-index: 2; height: 16px; margin-top: 2px; pointer-events: none;
            text-align: center; font-size: 11.5px; font-weight: bold; line-height: 15px; color: #0b5cad;
            background: #e8f0fb; border-top: 1px solid #0b5cad; box-sizing: border-box; }
.oob-more-end { position: relative; z-index: 3; height: 16px; margin-top: -16px; background: #fbf9f3; }
.oob-tablebox .oob-more-end { background: var(--jp-layout-color0, #ffffff); }
/* presentation mode grows the table too, as far as the map column's width allows (beside the file browser: not) */
.oob-tablebox { container: oob-table / inline-size; }
@container oob-table (min-width: 440px) { .lcb-presentation .oob-tablebox > * { zoom: 1.2; } }
@container oob-table (min-width: 640px) { .lcb-presentation .oob-tablebox > * { zoom: 1.45; } }
</style>"""
