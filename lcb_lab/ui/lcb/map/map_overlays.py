"""What the map draws over the board: overlays with their legend rows (a kill chain's lines among
them, :meth:`MapOverlays.show_kill_chain`), the INTERCEPT umbrella
(rings and the shooter-target line) and the card markers (chips, port cubes, their overlays and
the submarine track, 13.x, 14.03).

:class:`MapOverlays` is mixed into :class:`lcb_lab.ui.lcb.map.map.MapView` and fills the sources
and legend items its figure holds.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from lcb_lab.ui.lcb.map import palette
from lcb_lab.ui.lcb.map import markers as mk
from lcb_lab.ui.lcb.map import overlays as ov
from lcb_lab.ui.lcb.map.map_sizes import PRESENTATION_LINE_SCALE

if TYPE_CHECKING:
    from lcb_lab.games.lcb.game import Game


_OVERLAY_KEYS = ("xs", "ys", "colour", "fill_alpha", "dash", "hatch", "width", "label")


_UMBRELLA_KEYS = ("x", "y", "colour", "dash", "width", "label", "text")


def _overlay_columns(overlays: list[ov.Overlay], lw: float) -> dict[str, list]:
    """The columns of an overlays source (one multipolygon per overlay; lines ``lw`` times wider)."""
    d: dict[str, list] = {k: [] for k in _OVERLAY_KEYS}
    for o in overlays:
        xs, ys = ov.bokeh_multipolygon(o.geometry)
        d["xs"].append(xs)
        d["ys"].append(ys)
        d["colour"].append(o.colour)
        d["fill_alpha"].append(o.fill_alpha)
        d["dash"].append(o.line_dash)
        d["hatch"].append(o.hatch or " ")
        d["width"].append(o.line_width * lw)
        d["label"].append(o.label + (" (whole map)" if o.note and not o.drawn else ""))
    return d


class MapOverlays:
    """The overlay, umbrella and card-marker methods of :class:`~lcb_lab.ui.lcb.map.map.MapView` (module doc)."""

    def show_overlays(self, overlays: list[ov.Overlay], umbrella: dict | None = None) -> None:
        """Draw overlays (and an INTERCEPT umbrella); the legend lists them with their colour and cue."""
        self._last_overlays = (list(overlays), umbrella)
        lw = PRESENTATION_LINE_SCALE if self.presentation else 1.0
        d = _overlay_columns(list(overlays) + self._chain_overlays, lw)
        self._set("overlays", d)
        for i, item in enumerate(self._ov_items):
            on = i < len(d["label"])
            if on:
                item.update(label={"value": d["label"][i]}, index=i)
            elif item.visible:
                item.label = {"value": ""}       # a hidden row keeps no unit's name (hidden information)
            if item.visible != on:
                item.visible = on
        shown, line = self._show_umbrella(umbrella, lw)
        for st, item in self._umb_items.items():
            on = st in shown
            if item.visible != on:
                item.visible = on
        if self._line_item.visible != line:
            self._line_item.visible = line
        self._legend_visibility()

    def show_kill_chain(self, chain_overlays: list[ov.Overlay]) -> None:
        """Draw a kill chain's lines (:func:`lcb_lab.ui.lcb.map.chain_lines.chain_overlays`) beside the
        selected unit's overlays, in the same source and legend; ``[]`` removes them."""
        self._chain_overlays = list(chain_overlays)
        self.show_overlays(*self._last_overlays)

    def chain_labels(self) -> list[str]:
        """The kill-chain lines drawn now (their legend words)."""
        return [o.label for o in self._chain_overlays]

    def _legend_visibility(self) -> None:
        self.fit_legend()                    # its rows changed: the longest still inside the frame
        vis = any(it.visible for it in self.legend.items)
        if self.legend.visible != vis:
            self.legend.visible = vis

    # ---------------------------------------------------------- card markers (13.x)
    @ov.on_own_zones
    def show_markers(self, game: Game, view: dict) -> None:
        """Draw the card markers ``view`` shows (chips, :func:`.markers.marker_chips`) and, while
        :attr:`marker_overlays_on`, their overlays (ISR reach, own mine fields, fortification
        levels) and the view's own submarine tracks (:mod:`.markers`)."""
        self._marker_view = (game, view)
        view = {**view, "card_markers": mk.seen_markers(game, view)}
        self._set("marker_chips", mk.marker_chips(view, self.presentation))
        self._set("port_cubes", mk.port_cubes(game, view))
        self._set("gray_cubes", mk.gray_cubes(game, view))
        ovs = mk.marker_overlays(game, view) if self.marker_overlays_on else []
        lines, points = mk.sub_tracks(game, view) if self.marker_overlays_on else (
            {k: [] for k in mk.TRACK_KEYS}, {k: [] for k in mk.TRACK_POINT_KEYS})
        self._last_marker_overlays = ovs
        lw = PRESENTATION_LINE_SCALE if self.presentation else 1.0
        self._set("marker_overlays", _overlay_columns(ovs, lw))
        self._set("sub_track", lines)
        self._set("sub_track_points", points)
        for cue, item in self._marker_items.items():
            i = next((k for k, o in enumerate(ovs) if o.cue == cue), None)
            on = i is not None
            if on and item.index != i:
                item.index = i
            if item.visible != on:
                item.visible = on
        on = bool(lines["xs"])
        if self._track_item.visible != on:
            self._track_item.visible = on
        self._legend_visibility()

    def set_marker_overlays(self, on: bool) -> None:
        """Show (True) or hide the card markers' overlays and the submarine track; the chips stay."""
        on = bool(on)
        if on == self.marker_overlays_on:
            return
        self.marker_overlays_on = on
        if self._marker_view is not None:
            self.show_markers(*self._marker_view)

    def marker_overlay_labels(self) -> list[str]:
        """The marker overlays drawn now (their legend words)."""
        return list(self.sources["marker_overlays"].data["label"])

    def legend_labels(self) -> list[str]:
        """The visible legend entries (overlays, then INTERCEPT statuses, then the shooter line)."""
        out = []
        for it in self.legend.items:
            if it.visible:
                lab = it.label
                out.append(lab.get("value", "") if isinstance(lab, dict) else getattr(lab, "value", str(lab)))
        return out

    @ov.on_own_zones
    def _show_umbrella(self, umb: dict | None, lw: float = 1.0) -> tuple[dict[str, int], bool]:
        if not umb:
            self._set("umbrella", {k: [] for k in _UMBRELLA_KEYS})
            self._set("umbrella_lines", {"xs": [], "ys": []})
            return {}, False
        d: dict[str, list] = {k: [] for k in _UMBRELLA_KEYS}
        first: dict[str, int] = {}
        for o in umb["interceptors"]:
            x, y = ov.hex_centre(o["hex"])
            cue = palette.CUE[o["status"]]
            first.setdefault(o["status"], len(d["x"]))
            d["x"].append(x)
            d["y"].append(y)
            d["colour"].append(o["colour"])
            d["dash"].append(list(cue.dash) or "solid")
            d["width"].append(cue.width * lw)
            d["label"].append(o["uid"])
            d["text"].append(o["text"])
        self._set("umbrella", d)
        lines = {"xs": [], "ys": []}
        if umb.get("shooter_hex") and umb.get("target_hex"):
            (ax, ay), (bx, by) = ov.hex_centre(umb["shooter_hex"]), ov.hex_centre(umb["target_hex"])
            lines = {"xs": [[ax, bx]], "ys": [[ay, by]]}
        self._set("umbrella_lines", lines)
        return first, bool(lines["xs"])

    def clear_overlays(self) -> None:
        """Remove the drawn overlays and the INTERCEPT umbrella (:meth:`show_overlays` with none); the
        card markers' own overlays stay."""
        self.show_overlays([], None)
