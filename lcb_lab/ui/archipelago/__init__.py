"""The lab's drawing of *Naval Battle in Archipelago*: its board, pieces and overlays in Bokeh.

:mod:`~lcb_lab.ui.archipelago.board_view` (the figure, :class:`~lcb_lab.ui.archipelago.board_view.PieceMark`),
:mod:`~lcb_lab.ui.archipelago.board_layers` (its fixed layers) and
:mod:`~lcb_lab.ui.archipelago.geometry` (Shapely: cells, land, reach, firing lines).  Importing
this package loads no UI library; its modules load Bokeh and Shapely.
"""
