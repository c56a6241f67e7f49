"""The unit panel: the units in the clicked hex, the selected unit's Unit Tracker and its overlays.

The Unit dropdown and the Unit Tracker always name the same unit (the
controller's ``selected_unit``) or none: the dropdown lists the clicked hex's
units, and the selected unit first when it is elsewhere ("DDG-51 (selected,
in AL-29)").  Checkboxes choose the overlays (movement reach, CV ranges, ZOR,
resupply reach); a dropdown picks a target for the INTERCEPT umbrella of the
selected unit's LRS (7.53).  Only what the view may see is listed or drawn.
The Unit Tracker's box keeps one height whatever it shows (``.lcb-unit-tracker`` in :mod:`.style`; the
hint ``NO_UNIT_HTML`` fills it): selecting or clearing a unit moves no control below it.

What it observes (each part redrawn only when its inputs changed): the dropdown
``selected_hex``, ``selected_unit``, ``version``, ``viewer``; the Unit Tracker
and the umbrella targets ``selected_unit``, ``version``, ``viewer``; the overlays
and their note those and ``umbrella_target`` and its own checkboxes.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

import ipywidgets as W

from lcb_lab.ui.lcb.map import overlays as ov
from lcb_lab.ui.lcb import panels
from lcb_lab.ui.lcb.cargo import cargo_html, cargo_view
from lcb_lab.ui.lab.controller import follow
from lcb_lab.ui.lab.sync import set_options

if TYPE_CHECKING:  # pragma: no cover
    from lcb_lab.ui.lcb.map import MapView
    from lcb_lab.ui.lcb.controller import LcbController

NO_UNIT_HTML = ('<div class="lcb-card lcb-muted lcb-tracker-empty">Select a unit: click its hex, then pick it '
                "above. Its Unit Tracker and overlays appear here.</div>")
NO_TARGET = [("\u2014", None)]


class UnitPanel:
    """Unit dropdown + *Clear*, overlay checkboxes, INTERCEPT umbrella target, overlay notes and
    the Unit Tracker (``tracker``); ``.widget`` is the panel.  It draws the overlays on
    ``map_view`` (``show_overlays`` / ``clear_overlays``)."""

    def __init__(self, ctl: "LcbController", map_view: "MapView"):
        self.ctl, self.map = ctl, map_view
        self._syncing = False
        self.unit_picker = W.Dropdown(description="Unit", options=[], value=None, layout=W.Layout(width="250px"),
                                      style={"description_width": "35px"})
        self.unit_picker.observe(self._on_unit_picked, "value")
        self.clear_button = W.Button(description="Clear", layout=W.Layout(width="70px"),
                                     tooltip="clear the selected unit and its overlays")
        self.clear_button.on_click(lambda _b: self.ctl.select_unit(None))
        self.show_reach = W.Checkbox(value=True, description="Movement reach", indent=False,
                                     layout=W.Layout(width="auto"))
        self.show_ranges = W.Checkbox(value=True, description="CV ranges", indent=False, layout=W.Layout(width="auto"))
        self.show_zor = W.Checkbox(value=False, description="ZOR", indent=False, layout=W.Layout(width="auto"))
        self.show_resupply = W.Checkbox(value=True, description="Resupply reach", indent=False,
                                        layout=W.Layout(width="auto"))
        self.show_markers = W.Checkbox(value=True, description="Markers: ISR, mines, forts, sub track",
                                       tooltip="ISR reach, own mines, fortifications, own submarine track",
                                       indent=False, layout=W.Layout(width="auto"))   # fits the column at 1366x768
        self.show_markers.observe(lambda ch: self.map.set_marker_overlays(ch["new"]), "value")
        self.marker_note = W.HTML()
        """What the marker overlays draw now, with their rules (the *Overlays* tab)."""
        self.umbrella_picker = W.Dropdown(options=NO_TARGET, layout=W.Layout(width="170px"))
        self.umbrella_picker.observe(self._on_umbrella_picked, "value")
        self.tracker = W.HTML()
        """The selected unit's Unit Tracker (``LabApp.unit_panel``)."""
        self.overlay_note = W.HTML()
        self.tracker.add_class("lcb-unit-tracker")
        self.widget = W.VBox([W.HBox([self.unit_picker, self.clear_button]), self.tracker])
        """The unit panel of the right column: the Unit dropdown and the Unit Tracker."""
        self.widget.add_class("lcb-unit")
        self.overlay_box = W.VBox([W.HBox([self.show_reach, self.show_ranges, self.show_zor, self.show_resupply],
                                          layout=W.Layout(flex_flow="row wrap", justify_content="space-between")),
                                   self.show_markers, self.marker_note,
                                   W.HBox([W.HTML("INTERCEPT umbrella <span class='lcb-rule'>7.53</span> of its LRS "
                                                  "on&nbsp;"), self.umbrella_picker]),
                                   self.overlay_note])
        """The map overlays of the selected unit: what to draw, the umbrella, what is drawn (the *Overlays* tab)."""
        boxes = (self.show_reach, self.show_ranges, self.show_zor, self.show_resupply)
        self.picker = follow(ctl, ["selected_hex", "selected_unit", "version", "viewer"], self.sync_picker)
        self.details = follow(ctl, ["selected_unit", "version", "viewer"], self._draw_details)
        self.overlays = follow(ctl, ["selected_unit", "version", "viewer", "umbrella_target"], self.redraw_overlays,
                               extra=lambda: tuple(b.value for b in boxes))
        for cb in boxes:
            cb.observe(self.overlays, "value")
        self.markers = follow(ctl, ["version", "viewer"], self._draw_marker_note, extra=lambda: self.show_markers.value)
        self.show_markers.observe(self.markers, "value")

    # ------------------------------------------------------------ the Unit dropdown
    def _on_unit_picked(self, change) -> None:
        if not self._syncing and change["new"] is not None:
            self.ctl.select_unit(change["new"])

    def picker_options(self) -> list[tuple[str, str]]:
        """The Unit dropdown: the clicked hex's units, and the selected unit first when it is
        elsewhere (so the dropdown and the Unit Tracker always name the same unit)."""
        c = self.ctl
        units = c.hex_units(c.selected_hex)
        opts = [(u, u) for u in units]
        sel, vis = c.selected_unit, c.visible_counters()
        if sel is not None and sel not in units and sel in vis:
            where = vis[sel].get("hex") or f"on {vis[sel].get('embarked_on')}"
            opts.insert(0, (f"{sel} (selected, in {where})", sel))
        return opts

    def sync_picker(self) -> None:
        """Make the Unit dropdown show the controller's ``selected_unit`` (None: nothing selected)."""
        self._syncing = True
        try:
            set_options(self.unit_picker, self.picker_options(), value=self.ctl.selected_unit)
        finally:
            self._syncing = False

    # ------------------------------------------------------------ Unit Tracker and umbrella targets
    def umbrella_options(self) -> list[tuple[str, str | None]]:
        """"—" and, for a selected unit with LRS on the map, the face-up enemy units (6.14, 7.32)."""
        c = self.ctl
        uid, vis = c.selected_unit, c.visible_counters()
        if uid is None or uid not in vis:
            return NO_TARGET
        me = vis[uid]["team"]
        has_lrs = bool(c.game.utype(uid).cvs_of("LRS")) and c.game.unit(uid).hex is not None
        targets = [u for u, x in vis.items() if x["team"] != me and x.get("hex") and x.get("revealed")]
        return NO_TARGET + ([(t, t) for t in targets] if has_lrs else [])

    def _draw_details(self) -> None:
        c = self.ctl
        uid, vis = c.selected_unit, c.visible_counters()
        self.tracker.value = NO_UNIT_HTML if uid is None else (     # a new scroller each time: a unit shown from its top
            '<div class="lcb-tracker-scroll">' + panels.unit_tracker_html(c.game, vis[uid], c.view().get("cards"))
            + cargo_html(c.game, cargo_view(c.game, c.viewer, uid, c.view())) + '</div>')
        opts = self.umbrella_options()
        keep = c.umbrella_target if c.umbrella_target in [o[1] for o in opts] else None
        self._syncing = True
        try:
            set_options(self.umbrella_picker, opts, value=keep)
        finally:
            self._syncing = False
        if c.umbrella_target != keep:
            c.umbrella_target = keep

    def _on_umbrella_picked(self, change) -> None:
        if not self._syncing:
            self.show_umbrella(change["new"])

    def show_umbrella(self, target: str | None) -> None:
        """Draw the INTERCEPT umbrella over ``target`` against the selected unit (7.53)."""
        if target is not None and target not in [o[1] for o in self.umbrella_options()]:
            self.ctl.say(f"INTERCEPT umbrella: {target!r} is not a target of the selected unit in this view "
                         "(a face-up enemy counter, and a selected unit with LRS).")
            return
        with self.ctl.batch():
            self.ctl.umbrella_target = target
            if self.umbrella_picker.value != target:
                self._syncing = True
                try:
                    self.umbrella_picker.value = target
                finally:
                    self._syncing = False

    # ------------------------------------------------------------ the card markers' overlays (13.x, 14.x)
    def _draw_marker_note(self) -> None:
        c = self.ctl
        if not self.show_markers.value:
            self.marker_note.value = ""
            return
        from lcb_lab.ui.lcb.map import markers as mk
        v = c.view()
        ovs = mk.marker_overlays(c.game, {**v, "card_markers": mk.seen_markers(c.game, v)})
        lines = [f"{panels.esc(o.label)} {panels.rule_badges(o.rules)}" for o in ovs]
        lines += [f"{panels.esc(t)} {panels.rule_badges(['14.03'])}" for t in mk.sub_tracks(c.game, v)[0]["label"]]
        self.marker_note.value = ('<div class="lcb-small">' + "<br>".join(lines) + "</div>") if lines else ""

    # ------------------------------------------------------------ overlays
    def redraw_overlays(self) -> None:
        """Draw the chosen overlays of the selected unit's stack (and the umbrella) and name them."""
        c = self.ctl
        g, uid = c.game, c.selected_unit
        if uid is None or g.unit(uid).hex is None or g.unit(uid).destroyed:
            self.map.clear_overlays()
            self.overlay_note.value = ""
            return
        vis = c.visible_counters()
        stack = [u for u in g.stack_of(uid) if u in vis]
        viewer = None if c.viewer == "instructor" else c.viewer     # overlays from this view's knowledge
        ovs = ov.unit_overlays(g, uid, stack, reach=self.show_reach.value, ranges=self.show_ranges.value,
                               zor=self.show_zor.value, resupply=self.show_resupply.value, viewer=viewer)
        umb = ov.umbrella_markers(g, uid, c.umbrella_target, viewer=viewer) if c.umbrella_target else None
        self.map.show_overlays(ovs, umb)
        lines = [f"{panels.esc(o.label)} {panels.rule_badges(o.rules)}" for o in ovs if o.drawn]
        lines += [f"{panels.esc(o.note)} {panels.rule_badges(['7.31'])}" for o in ovs if o.note]
        if umb:
            names = {x["cid"]: x.get("name") for x in c.cards()[0] if x.get("cid") and x.get("name")}
            for i in umb["interceptors"]:
                lines.append(f'<span style="color:{i["colour"]}">\u25cf</span> {panels.esc(i["uid"])} '
                             f'{panels.esc(panels.slot_words(i["slot"], names))}: {panels.esc(i["reason"])}')
            if umb["hidden_note"]:
                lines.append(f'<span class="lcb-muted">{panels.esc(umb["hidden_note"])}</span>')
        self.overlay_note.value = ('<div class="lcb-small">' + "<br>".join(lines) + "</div>") if lines else ""
