"""The Force on Force lab: *Force on Force*'s infantry fragment in the shared lab
(:class:`~lcb_lab.ui.lab.shell.LabShell`).

:func:`open_force_on_force_lab` opens it: the sandbox table as the map
(:class:`~lcb_lab.ui.force_on_force.table_view.TableView`: inches, the terrain polygons with their
kind in a legend, the units the viewer knows as markers in their side's colour with their
designation and figures, the selected unit's lines of sight coloured clear or blocked by the
game's geometry), the *Turn* tab (:class:`~lcb_lab.ui.force_on_force.turn_panel.TurnPanel`: the
viewer's legal acts as buttons, the exact odds of a Reaction Test, a spotting roll or a check
before the roll), a side card of the selected unit, and the shared parts: the explained log with
``l.N`` badges (the text's line numbers), Undo and the timeline, Fork here and its compare view,
Save / Load, presentation mode (the table's texts too: units' labels 16 px, names and legend 14 px,
:meth:`~lcb_lab.ui.force_on_force.table_view.TableView.set_text_sizes`) and the view picker (Blue,
Red, Umpire).  Tap a unit on the table to select it.

Hidden information: every drawing comes from the viewer's view model
(:meth:`~lcb_lab.ui.force_on_force.game_ui.FofUi.view_model`, the game's observer): a hidden enemy
unit is absent from a side's table, card, acts and log until one of its units spots it.  The
table, the units and the combat resolution are *sandbox* (the text prints none), said in the
table's title, the *Game* card and the log.  Nothing here imports another game.
"""
from __future__ import annotations

from typing import Any

import ipywidgets as W
from bokeh.core.property.descriptors import UnsetValueError

from lcb_lab.games.force_on_force.game import ForceOnForce
from lcb_lab.ui.force_on_force.game_ui import FOF_UI
from lcb_lab.ui.force_on_force.table_view import TableView, marks, sight_lines
from lcb_lab.ui.force_on_force.turn_panel import TurnPanel
from lcb_lab.ui.lab.controller import LabController, follow
from lcb_lab.ui.lab.game_ui import LabMap, LabPanels
from lcb_lab.ui.lab.html import esc
from lcb_lab.ui.lab.shell import LabShell

__all__ = ["FofLab", "FofController", "open_force_on_force_lab"]

CSS = """<style>
.fof-turn .widget-button { margin: 2px; }
.fof-odds { margin: 0 0 4px 8px; }
.fof-unit-card { font-size: 12px; }
</style>"""


class FofController(LabController):
    """The lab's controller on :data:`~lcb_lab.ui.force_on_force.game_ui.FOF_UI`: a unit is one the
    view shows; a place is a named point of the table."""

    def unit_shown(self, uid: str) -> bool:
        """Is unit ``uid`` on the viewer's table (in the view)?"""
        return any(u["name"] == uid for u in self.view_model().view["units"])

    def is_place(self, label: str) -> bool:
        """Is ``label`` a named point of the table?"""
        return label in dict(self.game.table.points)


class FofLab(LabShell):
    """*Force on Force* in the shared lab (module docstring).  Methods mirror the controls:
    :meth:`select_unit` (a tap on the table), :meth:`apply_act` (a button of the *Turn* tab)."""

    def make_controller(self, game: ForceOnForce) -> LabController:
        """The controller on the game's lab side."""
        return FofController(game, FOF_UI)

    def game_css(self) -> str:
        """The tab's few styles."""
        return CSS

    def game_panels(self) -> LabPanels:
        """The *Turn* tab and the side card (the selected unit and its lines of sight)."""
        self.view = TableView(self.ctl.game.table, frame_height=520)
        self.view.on_unit(self.select_unit)
        self.turn_panel = TurnPanel(self)
        self.unit_card = W.HTML()
        self.unit_card.add_class("fof-unit-card")
        self.card_follower = follow(self.ctl, ["version", "viewer", "selected_unit"], self._draw_card)
        return LabPanels(tabs=[("Turn", self.turn_panel.widget)], side=[self.unit_card])

    def game_map(self) -> LabMap:
        """The Bokeh table filling its grid cell (:mod:`lcb_lab.ui.lab.bokeh_model`)."""
        from lcb_lab.ui.lab.bokeh_model import LiveBokehModel
        t = self.ctl.game.table
        self.view.figure.update(sizing_mode="stretch_both", frame_width=None, frame_height=None, min_height=240)
        self.map_follower = follow(self.ctl, ["version", "viewer", "selected_unit"], self._draw_map)
        self._draw_map()
        self.text_follower = follow(self.ctl, ["presentation", "font_scale"], self._draw_text_sizes)
        self._draw_text_sizes()
        self._aspect = (t.width + 2) / (t.height + 2)
        self.view.figure.on_change("inner_width", self._on_inner_size)
        self.view.figure.on_change("inner_height", self._on_inner_size)
        self.map_model = LiveBokehModel(self.view.figure, layout=W.Layout(width="100%", height="100%"))
        return LabMap(self.map_model, self.map_model.before_display, self.map_model.batch)

    def _on_inner_size(self, _attr: str, _old: Any, _new: Any) -> None:
        # the frame the browser drew: the title and legend fit its width, the table keeps 1 inch as wide as tall
        try:
            w, h = self.view.figure.inner_width, self.view.figure.inner_height
        except UnsetValueError:         # the first of the two reports: wait for the other
            return
        if isinstance(w, int) and isinstance(h, int) and w > 0 and h > 0:
            with self.ctl.batch():
                self.view.fit_width(w)
                self.view.fit_frame(w, h)

    def map_aspect(self) -> float:
        """The table's width over height."""
        return getattr(self, "_aspect", 1.0)

    def _draw_map(self) -> None:
        self.view.show_units(marks(self.ctl.view_model().view))
        self.view.show_sight(self.ctl.selected_unit)

    def _draw_text_sizes(self) -> None:
        # presentation mode and the text scale size the table's own texts (the shared CSS zooms the columns)
        self.view.set_text_sizes(self.ctl.presentation, self.ctl.font_scale)

    def _draw_card(self) -> None:
        c = self.ctl
        v = c.view_model().view
        u = next((u for u in v["units"] if u["name"] == c.selected_unit), None)
        if u is None:
            self.unit_card.value = '<div class="lcb-card lcb-muted">Tap a unit on the table to see its card.</div>'
            return
        flags = [w for w, on in (("on Overwatch", u["overwatch"]), ("hidden", u["hidden"])) if on]
        lines = [f"<b>{esc(u['name'])}</b> \u00b7 {esc(u['side'])} \u00b7 Troop Quality {esc(u['tq'])} \u00b7 "
                 f"{u['figures']} figure(s) (one Firepower die each, l.15)"
                 + (f" \u00b7 {esc(', '.join(flags))}" if flags else ""),
                 f"at ({u['x']:g}, {u['y']:g}) inches"]
        if u["spotted"]:
            lines.append(f"has spotted: {esc(', '.join(u['spotted']))} (l.120)")
        sight = sight_lines(c.game.table, marks(v), u["name"])
        if sight:
            lines.append("line of sight: " + ", ".join(f"{esc(n)} {'clear' if ok else 'blocked'}" for n, ok in sight)
                         + " (l.60, l.82)")
        self.unit_card.value = '<div class="lcb-card">' + "<br>".join(lines) + "</div>"

    def select_unit(self, name: str | None) -> None:
        """Select unit ``name`` (its card, its lines of sight and its acts first); None clears."""
        with self.ctl.batch():
            self.ctl.select_unit(name)


def _bokeh_loader(lab: FofLab) -> None:
    """Carry BokehJS in the lab's own widget, offline (:mod:`lcb_lab.ui.lab.bokehjs`)."""
    from lcb_lab.ui.lab.bokehjs import loader_for
    lab.add_to_page(loader_for(lab.view.figure, "map"))


def open_force_on_force_lab(game: ForceOnForce | None = None, side: str | None = None, seed: int = 1,
                            **kw: Any) -> FofLab:
    """The Force on Force lab on ``game`` (default: a new game on the sandbox table, dice seeded
    ``seed``), drawn in ``side``'s view ("Blue", "Red", or the umpire, the default); ``kw``: the
    shell's ``font_scale``, ``files_dir``, ``presentation``.  Raises ValueError for an unknown side."""
    if game is None:
        game = FOF_UI.new_game(FOF_UI.default_scenario, seed, None)
    lab = FofLab(game, team=side, **kw)
    _bokeh_loader(lab)
    lab.seed_box.value = seed
    return lab
