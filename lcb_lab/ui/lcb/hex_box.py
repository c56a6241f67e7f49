"""The hex box: pick a hex by keyboard -- type its label ("AM-26"), press Enter.

Enter (or leaving the box) does what a click on that hex of the map does (the lab's
``select_hex``: the hex info, the ring, the hex's first unit); a label that is not a hex of the
board gets the lab's one-line refusal and the selection stays.  The box shows the selected hex,
however it was picked (a click on the map fills it in), so Tab reaches a box that says where the
selection is.  Labels are case-blind and may have spaces round them (" am-26 ").
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Callable

import ipywidgets as W

from lcb_lab.ui.lab.controller import follow

if TYPE_CHECKING:
    from lcb_lab.ui.lcb.controller import LcbController

PLACEHOLDER = "AM-26, Enter"
"""The box's hint: a label and the key (short: the whole hint shows in the 190 px box, in a monospace font)."""


class HexBox:
    """``widget``: a text box labelled *Hex*; Enter selects the hex typed (``select(label)``, the lab's
    :meth:`~lcb_lab.ui.lcb.app.LabApp.select_hex`).  It follows ``ctl.selected_hex``."""

    def __init__(self, ctl: "LcbController", select: Callable[[str], object]):
        self.ctl = ctl
        self._select = select
        self.box = W.Text(value=ctl.selected_hex or "", placeholder=PLACEHOLDER, description="Hex",
                          continuous_update=False, tooltip="type a hex label, then Enter: as a click on that hex",
                          layout=W.Layout(width="190px"), style={"description_width": "30px"})
        self.box.add_class("lcb-hex-box")
        self.widget = self.box
        self._showing = False
        self.box.observe(self._typed, "value")
        self.draw = follow(ctl, ["selected_hex"], self._draw)

    def _typed(self, change: dict) -> None:
        text = str(change["new"]).strip()
        if self._showing or not text:
            return
        self._select(text)
        if self.ctl.selected_hex and text.upper() == self.ctl.selected_hex:
            self._draw()                # "am-26" typed while AM-26 is selected: the box shows "AM-26"

    def _draw(self) -> None:
        self._showing = True
        try:
            self.box.value = self.ctl.selected_hex or ""
        finally:
            self._showing = False
