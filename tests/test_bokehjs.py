"""BokehJS reaches the page inside one hidden widget, offline, once (lcb_lab/ui/lab/bokehjs.py).

What the browser does with it (evaluated once per page, the charts and the map
drawn, nothing saved) is checked in tests/browser/test_notebooks_browser.py.
"""
from __future__ import annotations

import bokeh
import ipywidgets as W
import pytest
from bokeh.models import Slider
from bokeh.plotting import figure
from bokeh.resources import Resources
from jupyter_bokeh.widgets import BokehModel

from lcb_lab.ui.lcb.odds_plot import count_figure
from lcb_lab.ui import open_lab
from lcb_lab.ui.lab.bokehjs import bokehjs_loader, components_for, figure_widget, loader_script


def test_components_follow_what_the_models_use():
    assert components_for() == ("bokeh",)
    assert components_for(count_figure({"RU": 3}, "t")) == ("bokeh",)
    assert components_for(figure(output_backend="webgl")) == ("bokeh", "bokeh-gl")
    assert components_for(Slider(start=0, end=1, value=0)) == ("bokeh", "bokeh-widgets")


def test_the_script_inlines_each_file_once_behind_a_version_guard():
    js = loader_script(("bokeh", "bokeh-gl"))
    main = Resources(mode="inline", components=["bokeh"]).js_raw[0]
    gl = Resources(mode="inline", components=["bokeh-gl"]).js_raw[0]
    assert js.count(main) == 1 and js.count(gl) == 1
    assert js.index(main) < js.index(gl)                     # the plugin after the library it registers into
    assert f'root.Bokeh.version === "{bokeh.__version__}"' in js
    assert js.count("if (!current(") == 2 and 'done["bokeh"] = root.Bokeh' in js
    assert "http" not in js.split(main)[0] and "cdn.bokeh.org" not in js   # no URL to load from
    with pytest.raises(ValueError, match="unknown BokehJS component"):
        loader_script(("bokeh", "bokeh-sparkles"))


def test_one_hidden_loader_per_component_set_holding_only_the_script():
    a, b = bokehjs_loader(count_figure({"RU": 1}, "a")), bokehjs_loader(count_figure({"US": 2}, "b"))
    assert a is b and isinstance(a, W.Output) and a.layout.display == "none"
    assert bokehjs_loader(figure(output_backend="webgl")) is not a
    (out,) = a.outputs
    assert out["output_type"] == "display_data"
    assert set(out["data"]) == {"application/javascript", "text/plain"}
    assert out["data"]["application/javascript"] == loader_script(("bokeh",))


def test_figure_widget_puts_the_loader_before_the_figure():
    fig = count_figure({"RU": 198, "US": 2}, "Who wins?")
    box = figure_widget(fig)
    loader, model = box.children
    assert loader is bokehjs_loader(fig) and isinstance(model, BokehModel) and model._model is fig


@pytest.mark.parametrize("team", ["US", "RU", "instructor"])
def test_the_lab_carries_the_same_loader_in_every_view(team):
    lab = open_lab("gotland_redux", seed=1, team=team)
    loaders = [c for c in lab.widget.children if isinstance(c, W.Output) and "lcb-bokehjs" in c._dom_classes]
    assert loaders == [bokehjs_loader(lab.map.figure)]
    # last (the other children keep their places); its view still renders before the map, nested deeper
    assert lab.widget.children[-1] is loaders[0]
    # nothing of the game in it: the same widget, whoever looks
    assert loaders[0] is bokehjs_loader()


def test_a_second_lab_does_not_ask_bokeh_for_the_map_components_again(monkeypatch):
    """Bokeh's answer walks every model of the map (0.1-0.6 s on the 2-core machine): known once per
    kernel (seeded: see the next test), not asked once per lab (the start notebook opens two)."""
    import lcb_lab.ui.lab.bokehjs as B
    open_lab("gotland_redux", seed=1)                  # the first lab of the kernel asks (or an earlier test's)
    calls: list = []
    monkeypatch.setattr(B, "components_for", lambda *models: calls.append(models) or ("bokeh",))
    lab = open_lab("gotland_redux", seed=1, team="US")
    assert calls == []
    assert lab.widget.children[-1] is bokehjs_loader() is B.loader_for(lab.map.figure, "map")


def test_the_seeded_map_components_are_bokehs_own_answer():
    import lcb_lab.ui.lab.bokehjs as B
    lab = open_lab("gotland_redux", seed=1, presentation=True)
    fig = lab.map.figure
    assert fig.output_backend == "canvas"
    assert B._KNOWN[("map", "canvas")] == components_for(fig) == ("bokeh",)


def test_under_lcb_lab_voila_the_page_carries_core_bokehjs_and_the_loaders_leave_it_out(monkeypatch):
    """``lcb-lab voila`` sets ``$LCB_LAB_PAGE_BOKEHJS`` to its Bokeh version (its page loads core
    BokehJS as a script): the map's loader is then an empty hidden widget (about 1.3 MB less widget
    state), a loader of more components carries only the others; another version's page gets it all."""
    import lcb_lab.ui.lab.bokehjs as B
    monkeypatch.setenv(B.PAGE_ENV, bokeh.__version__)
    assert B.page_components() == ("bokeh",)
    lab = open_lab("gotland_redux", seed=1)
    loader = lab.widget.children[-1]
    assert "lcb-bokehjs" in loader._dom_classes and loader.layout.display == "none" and loader.outputs == ()
    assert loader is B.loader_for(lab.map.figure, "map") is bokehjs_loader()
    (gl,) = bokehjs_loader(figure(output_backend="webgl")).outputs
    assert gl["data"]["application/javascript"] == loader_script(("bokeh-gl",))
    monkeypatch.setenv(B.PAGE_ENV, "0.0.1")
    assert B.page_components() == ()
    (out,) = B.loader_for(lab.map.figure, "map").outputs
    assert out["data"]["application/javascript"] == loader_script(("bokeh",))
