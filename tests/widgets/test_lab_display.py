"""``lab`` as the last expression of a cell shows the lab itself: IPython's display formatter
gives the lab widget's view (the same model as ``lab.widget``), and its text is short."""
from __future__ import annotations

from IPython.core.interactiveshell import InteractiveShell

WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"


def test_lab_displays_as_its_widget(lab):
    data, _ = InteractiveShell.instance().display_formatter.format(lab)
    assert data[WIDGET_VIEW]["model_id"] == lab.widget.model_id
    assert data["text/plain"] == repr(lab) == "<LabApp: gotland_redux, instructor view>"
    assert set(data) == {WIDGET_VIEW, "text/plain"}
