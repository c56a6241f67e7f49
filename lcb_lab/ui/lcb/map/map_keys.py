"""Arrow keys on the map: with the map focused (Tab reaches it), an arrow key moves the selected
hex one hex that way, as a click on that hex would.

Up / Down: the hex above / below in the same column (row -1 / +1); Left / Right: the hex of the
same row in the column to the left / right (the columns are offset, so it is the upper or lower
neighbour in turn).  At the board's edge the selection stays; with no hex selected the first
arrow selects the hex at the middle of the board.

BokehJS sends no key events to Python: a small script, run whenever the browser lays the figure
out (``inner_width``), listens for the arrow keys on the figure's focusable event layer and writes
the key into a data source of its own (``keys``), whose change reaches Python like a tap.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Callable

from bokeh.models import ColumnDataSource, CustomJS

from lcb_lab.games.lcb import hexes as lcb_hexes
from lcb_lab.ui.lcb.map import overlays as ov

if TYPE_CHECKING:
    from bokeh.plotting import figure

    from lcb_lab.games.lcb.model.board import Board

STEPS = {"ArrowUp": (0, -1), "ArrowDown": (0, 1), "ArrowLeft": (-1, 0), "ArrowRight": (1, 0)}
"""(column, row) step of each arrow key (rows count down the map)."""

_LISTEN_JS = """
const B = window.Bokeh;
if (!B || !B.index || !B.index.all_views) return;
for (const v of B.index.all_views()) {
  if (v.model !== plot || !v.canvas_view || !v.canvas_view.events_el) continue;
  const el = v.canvas_view.events_el;
  if (el.dataset.lcbKeys) continue;
  el.dataset.lcbKeys = "1";
  el.setAttribute("aria-label", "hex map: the arrow keys move the selected hex");
  el.addEventListener("keydown", (ev) => {
    if (!(ev.key in steps) || ev.altKey || ev.ctrlKey || ev.metaKey) return;
    ev.preventDefault();
    ev.stopPropagation();
    keys.data = {key: [ev.key], n: [(keys.data.n[0] || 0) + 1]};
  });
}
"""


def step_hex(board: Board, label: str | None, key: str) -> str | None:
    """The hex an arrow ``key`` (a key of :data:`STEPS`) moves the selection to from ``label``: a
    board label, or None (an unknown key, or the board's edge).  From no selection (``label``
    None or not a hex of the board): the board hex at the middle of the board."""
    if key not in STEPS:
        return None
    if label not in board.hexes:
        return middle_hex(board)
    h = lcb_hexes.parse(label)
    dc, dr = STEPS[key]
    if h.col + dc < 1 or h.row + dr < 1:
        return None
    to = lcb_hexes.Hex(h.col + dc, h.row + dr).label
    return to if to in board.hexes else None


def middle_hex(board: Board) -> str:
    """The board hex whose centre is nearest the middle of all the board's hex centres."""
    centres = {lab: ov.hex_centre(lab) for lab in board.hexes}
    mx = sum(x for x, _ in centres.values()) / len(centres)
    my = sum(y for _, y in centres.values()) / len(centres)
    return min(centres, key=lambda lab: ((centres[lab][0] - mx) ** 2 + (centres[lab][1] - my) ** 2, lab))


def add_arrow_keys(p: figure, on_key: Callable[[str], None]) -> ColumnDataSource:
    """Listen for the arrow keys on figure ``p`` in the browser; ``on_key(key)`` is called in Python
    for each (``"ArrowUp"`` ...).  Returns the keys' data source (columns ``key``, ``n``: the last
    key and the press count; new data with another count acts as a key press does)."""
    keys = ColumnDataSource({"key": [], "n": []}, name="map_keys")
    p.js_on_change("inner_width", CustomJS(args={"plot": p, "keys": keys, "steps": dict.fromkeys(STEPS, 1)},
                                           code=_LISTEN_JS))
    done: list = [None]

    def pressed(_attr, _old, new) -> None:       # once per press: the browser's change may arrive twice
        if new.get("key") and new.get("n") and new["n"][-1] != done[0]:
            done[0] = new["n"][-1]
            on_key(new["key"][-1])
    keys.on_change("data", pressed)
    return keys
