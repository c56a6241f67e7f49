"""ipywidgets panels and the assembled lab (UI layer: never imported by the rules).

    from lcb_lab.ui.widgets import open_lab
    lab = open_lab("gotland_redux", seed=1)
    lab.widget
"""
from lcb_lab.ui.widgets.app import LabApp, open_lab

__all__ = ["LabApp", "open_lab"]
