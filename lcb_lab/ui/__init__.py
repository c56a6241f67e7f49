"""The lab: notebook displays, ipywidgets panels and the Bokeh map over a game (the UI layer)."""
