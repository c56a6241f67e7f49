"""The lab: notebook displays, ipywidgets panels and the Bokeh map over a game (the UI layer).

* :mod:`lcb_lab.ui.lab` -- the lab every game shares (controller, shell, history, log, fork,
  save / load, presentation, the Bokeh embedding); it imports no game;
* :mod:`lcb_lab.ui.lcb` -- LC:B's lab: its map (:mod:`lcb_lab.ui.lcb.map`), its panels, ``open_lab``.

    from lcb_lab.ui import open_lab
    lab = open_lab("gotland_redux", seed=1)
    lab.widget
"""
__all__ = ["LabApp", "open_lab"]


def __getattr__(name):  # lazy: ``import lcb_lab`` loads this package without the widgets
    if name in ("LabApp", "open_lab"):
        from lcb_lab.ui.lcb import app
        return getattr(app, name)
    raise AttributeError(name)
