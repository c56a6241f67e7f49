"""Bokeh map of the board and Shapely overlays (UI layer: never imported by the rules).

* :class:`MapView` -- the hex map figure with live data sources (``views.map``);
* :mod:`~lcb_lab.views.overlays` -- unions of hex polygons (movement reach, CV
  ranges, ZOR, resupply reach) and the INTERCEPT umbrella;
* :mod:`~lcb_lab.views.palette` -- team, MP and overlay colours.
"""
from .map import MapView, counter_data, hp_pips
from .overlays import Overlay, unit_overlays, umbrella_markers

__all__ = ["MapView", "Overlay", "counter_data", "hp_pips", "unit_overlays", "umbrella_markers"]
