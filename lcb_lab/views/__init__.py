"""Bokeh map of the board and Shapely overlays (UI layer: never imported by the rules).

* :class:`MapView` -- the hex map figure with live data sources (``views.map``),
  drawn from the board's fixed layers (``views.board_layers``) and the
  counters layer (``views.counters``);
* :mod:`~lcb_lab.views.overlays` -- unions of hex polygons (movement reach, CV
  ranges, ZOR, resupply reach) and the INTERCEPT umbrella;
* :mod:`~lcb_lab.views.palette` -- team, MP and overlay colours.
"""
from .counters import counter_data, hp_pips
from .map import MapView
from .overlays import Overlay, unit_overlays, umbrella_markers

__all__ = ["MapView", "Overlay", "counter_data", "hp_pips", "unit_overlays", "umbrella_markers"]
