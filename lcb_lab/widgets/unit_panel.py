"""The unit panel: the units in the clicked hex, the selected unit's Unit Tracker and its overlays.

The Unit dropdown and the Unit Tracker always name the same unit (the lab's
``selected_uid``) or none: the dropdown lists the clicked hex's units, and the
selected unit first when it is elsewhere ("DDG-51 (selected, in AL-29)").
Checkboxes choose the overlays (movement reach, CV ranges, ZOR, resupply
reach); a dropdown picks a target for the INTERCEPT umbrella of the selected
unit's LRS (7.53).  Only what the lab's view may see is listed or drawn.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

import ipywidgets as W

from ..views import overlays as ov
from . import panels

if TYPE_CHECKING:  # pragma: no cover
    from .app import LabApp

NO_UNIT_HTML = ('<div class="lcb-card lcb-muted">Select a unit: click its hex, then pick it '
                "above. Its Unit Tracker and overlays appear here.</div>")
NO_TARGET = [("\u2014", None)]


class UnitPanel:
    """Unit dropdown + *Clear*, overlay checkboxes, INTERCEPT umbrella target, overlay notes and
    the Unit Tracker (``tracker``); ``.widget`` is the panel."""

    def __init__(self, app: "LabApp"):
        self.app = app
        self.umbrella_target: str | None = None
        self._syncing = False
        self.unit_picker = W.Dropdown(description="Unit", options=[], value=None, layout=W.Layout(width="250px"),
                                      style={"description_width": "35px"})
        self.unit_picker.observe(self._on_unit_picked, "value")
        self.clear_button = W.Button(description="Clear", layout=W.Layout(width="70px"),
                                     tooltip="clear the selected unit and its overlays")
        self.clear_button.on_click(lambda _b: self.app.select_unit(None))
        self.show_reach = W.Checkbox(value=True, description="Movement reach", indent=False,
                                     layout=W.Layout(width="auto"))
        self.show_ranges = W.Checkbox(value=True, description="CV ranges", indent=False, layout=W.Layout(width="auto"))
        self.show_zor = W.Checkbox(value=False, description="ZOR", indent=False, layout=W.Layout(width="auto"))
        self.show_resupply = W.Checkbox(value=True, description="Resupply reach", indent=False,
                                        layout=W.Layout(width="auto"))
        for cb in (self.show_reach, self.show_ranges, self.show_zor, self.show_resupply):
            cb.observe(lambda _c: self.redraw_overlays(), "value")
        self.umbrella_picker = W.Dropdown(options=NO_TARGET, layout=W.Layout(width="170px"))
        self.umbrella_picker.observe(lambda c: self.show_umbrella(c["new"]), "value")
        self.tracker = W.HTML()
        """The selected unit's Unit Tracker (``LabApp.unit_panel``)."""
        self.overlay_note = W.HTML()
        self.widget = W.VBox([W.HBox([self.unit_picker, self.clear_button]),
                              W.HBox([self.show_reach, self.show_ranges, self.show_zor, self.show_resupply],
                                     layout=W.Layout(flex_flow="row wrap", justify_content="space-between")),
                              W.HBox([W.HTML("INTERCEPT umbrella <span class='lcb-rule'>7.53</span> of its LRS "
                                             "on&nbsp;"), self.umbrella_picker]),
                              self.overlay_note, self.tracker])

    # ------------------------------------------------------------ the Unit dropdown
    def _on_unit_picked(self, change) -> None:
        if not self._syncing and change["new"] is not None:
            self.app.select_unit(change["new"])

    def picker_options(self, view: dict | None = None) -> list[tuple[str, str]]:
        """The Unit dropdown: the clicked hex's units, and the selected unit first when it is
        elsewhere (so the dropdown and the Unit Tracker always name the same unit)."""
        app = self.app
        view = view or app.view()
        units = app.hex_units(app.last_hex, view)
        opts = [(u, u) for u in units]
        sel = app.selected_uid
        vis = app.visible_counters(view)
        if sel is not None and sel not in units and sel in vis:
            c = vis[sel]
            where = c.get("hex") or f"on {c.get('embarked_on')}"
            opts.insert(0, (f"{sel} (selected, in {where})", sel))
        return opts

    def sync_picker(self, view: dict | None = None) -> None:
        """Make the Unit dropdown show the lab's ``selected_uid`` (None: nothing selected)."""
        opts = self.picker_options(view)
        self._syncing = True
        try:
            if list(self.unit_picker.options) != opts:
                self.unit_picker.options = opts
            if self.unit_picker.value != self.app.selected_uid:
                self.unit_picker.value = self.app.selected_uid
        finally:
            self._syncing = False

    # ------------------------------------------------------------ Unit Tracker and overlays
    def show_umbrella(self, target: str | None) -> None:
        """Draw the INTERCEPT umbrella over ``target`` against the selected unit (7.53)."""
        if target is not None and target not in [o[1] for o in self.umbrella_picker.options]:
            self.app.say(f"INTERCEPT umbrella: {target!r} is not a target of the selected unit in this view "
                         "(a face-up enemy counter, and a selected unit with LRS).")
            return
        self.umbrella_target = target
        if self.umbrella_picker.value != target and target in [o[1] for o in self.umbrella_picker.options]:
            self.umbrella_picker.value = target
        self.redraw_overlays()

    def refresh(self, view: dict) -> None:
        """The selected unit's Unit Tracker, its umbrella targets and overlays (or the hint)."""
        app = self.app
        uid = app.selected_uid
        vis = app.visible_counters(view)
        if uid is None:
            self.tracker.value = NO_UNIT_HTML
            self.umbrella_picker.options = NO_TARGET
            app.map.clear_overlays()
            self.overlay_note.value = ""
            return
        self.tracker.value = panels.unit_tracker_html(app.game, vis[uid])
        me = vis[uid]["team"]
        targets = [c["uid"] for c in vis.values()
                   if c["team"] != me and c.get("hex") and c.get("revealed")]
        has_lrs = bool(app.game.utype(uid).cvs_of("LRS")) and app.game.unit(uid).hex is not None
        opts = NO_TARGET + ([(t, t) for t in targets] if has_lrs else [])
        if list(self.umbrella_picker.options) != opts:
            keep = self.umbrella_target if self.umbrella_target in targets else None
            self.umbrella_picker.options = opts
            self.umbrella_picker.value = keep
            self.umbrella_target = keep
        self.redraw_overlays()

    def redraw_overlays(self) -> None:
        """Draw the chosen overlays of the selected unit's stack (and the umbrella) and name them."""
        app = self.app
        uid = app.selected_uid
        if uid is None or app.game.unit(uid).hex is None or app.game.unit(uid).destroyed:
            app.map.clear_overlays()
            self.overlay_note.value = ""
            return
        stack = [u for u in app.game.stack_of(uid) if u in app.visible_counters()]
        viewer = None if app.team == "instructor" else app.team     # overlays from this view's knowledge
        ovs = ov.unit_overlays(app.game, uid, stack, reach=self.show_reach.value, ranges=self.show_ranges.value,
                               zor=self.show_zor.value, resupply=self.show_resupply.value, viewer=viewer)
        umb = None
        if self.umbrella_target:
            umb = ov.umbrella_markers(app.game, uid, self.umbrella_target, viewer=viewer)
        app.map.show_overlays(ovs, umb)
        notes = [o.note for o in ovs if o.note]
        lines = [f"{panels.esc(o.label)} {panels.rule_badges(o.rules)}" for o in ovs if o.drawn]
        lines += [f"{panels.esc(n)} {panels.rule_badges(['7.31'])}" for n in notes]
        if umb:
            for i in umb["interceptors"]:
                lines.append(f'<span style="color:{i["colour"]}">\u25cf</span> {panels.esc(i["uid"])} '
                             f'{panels.esc(i["slot"])}: {panels.esc(i["reason"])}')
            if umb["hidden_note"]:
                lines.append(f'<span class="lcb-muted">{panels.esc(umb["hidden_note"])}</span>')
        self.overlay_note.value = ('<div class="lcb-small">' + "<br>".join(lines) + "</div>") if lines else ""
