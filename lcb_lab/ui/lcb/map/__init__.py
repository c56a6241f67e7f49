"""Bokeh map of the board and Shapely overlays (UI layer: never imported by the rules).

* :class:`MapView` -- the hex map figure with live data sources (``views.map``; its sizes in
  ``views.map_sizes``, its overlays and card markers in ``views.map_overlays``), drawn from the board's fixed layers (``views.board_layers``) and the
  counters layer (``views.counters``, APP-6 symbols from ``views.symbols``);
  its size and text sizes (default and presentation) in ``views.sizing``;
* :mod:`~lcb_lab.ui.lcb.map.overlays` -- unions of hex polygons (movement reach, CV
  ranges, ZOR, resupply reach) and the INTERCEPT umbrella;
* :mod:`~lcb_lab.ui.lcb.map.palette` -- team, MP and overlay colours (colour-blind safe)
  and each overlay's second cue.
"""
from lcb_lab.ui.lcb.map.counters import counter_data, counter_layers, hp_pips
from lcb_lab.ui.lcb.map.map import MapView
from lcb_lab.ui.lcb.map.overlays import Overlay, unit_overlays, umbrella_markers

__all__ = ["MapView", "Overlay", "counter_data", "counter_layers", "hp_pips", "unit_overlays", "umbrella_markers"]
