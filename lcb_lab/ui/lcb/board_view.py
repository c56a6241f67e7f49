"""The map and the hex info panel, drawn from the controller's traits.

* :class:`MapPresenter` calls :class:`~lcb_lab.ui.lcb.map.MapView` only through its public
  methods: ``update`` (counters and title) when the game, the view or the selected unit
  changed -- or the draft the *Build* tab shows instead of the game (``map_draft``); ``select_hex`` (the yellow ring) when the clicked hex changed;
  ``set_font_scale`` when the text size changed, ``set_presentation`` when presentation mode did.  A hex click that keeps the selected
  unit touches the ring only.
* :class:`HexInfoPanel` (``.lcb-hex-info``): terrain, MP, features, note and the
  counters the view allows, redrawn when the hex, the game or the view changed.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

import ipywidgets as W

from lcb_lab.ui.lcb import panels
from lcb_lab.ui.lab.controller import follow

if TYPE_CHECKING:  # pragma: no cover
    from lcb_lab.games.lcb.game import Game
    from lcb_lab.ui.lcb.map import MapView
    from lcb_lab.ui.lcb.controller import LcbController

__all__ = ["MapPresenter", "HexInfoPanel", "scenario_area"]


def scenario_area(game: "Game") -> list[str]:
    """The scenario's area for the map's opening view (``MapView.set_area``): the hexes where both
    teams' views show a counter (face up or a back) -- public, so the opening view tells no view
    anything it may not know (a secret submarine or an unseen unit does not widen it)."""
    def hexes(team: str) -> set[str]:
        return {c["hex"] for c in game.view(team)["counters"] if c.get("hex")}
    return sorted(hexes("US") & hexes("RU"))


class MapPresenter:
    """Keeps ``map_view`` drawing ``ctl``'s game, view, selection and text size."""

    def __init__(self, ctl: "LcbController", map_view: "MapView"):
        self.ctl, self.map = ctl, map_view
        self.counters = follow(ctl, ["version", "viewer", "selected_unit", "map_draft"], self._counters)
        self.ring = follow(ctl, ["selected_hex"], self._ring)
        self.scale = follow(ctl, ["font_scale"], self._scale)
        self.presentation = follow(ctl, ["presentation"], self._presentation)

    def _counters(self) -> None:
        c = self.ctl
        if c.map_draft is not None:          # the Build tab's draft, all of it (the Instructor view's tab)
            self.map.update(c.map_draft, "instructor")
        else:
            self.map.update(c.game, c.viewer, selected=c.selected_unit)

    def _ring(self) -> None:
        self.map.select_hex(self.ctl.selected_hex)

    def _scale(self) -> None:
        self.map.set_font_scale(self.ctl.font_scale)

    def _presentation(self) -> None:
        self.map.set_presentation(self.ctl.presentation)


class HexInfoPanel:
    """``widget``: the hex info panel (HTML) of the selected hex, as the view may see it."""

    def __init__(self, ctl: "LcbController"):
        self.ctl = ctl
        self.widget = W.HTML(panels.hex_info_html(ctl.board, None))
        self.widget.add_class("lcb-hex-info")
        self.draw = follow(ctl, ["selected_hex", "version", "viewer"], self._draw)

    def _draw(self) -> None:
        c = self.ctl
        view = None
        if c.selected_hex:
            from lcb_lab.ui.lcb.map.markers import seen_markers      # the card markers completed as the view may know them
            v = c.view()
            view = {**v, "card_markers": seen_markers(c.game, v)} if v.get("card_markers") else v
        self.widget.value = panels.hex_info_html(c.board, c.selected_hex, view)
