"""BokehJS for the lab and the notebooks' charts, offline, and never stored in a saved notebook.

jupyter_bokeh's front end (its JupyterLab / Voila extension, about 220 KB)
does not bundle BokehJS: its ``BokehView`` calls ``window.Bokeh.require(...)``
and expects BokehJS already on the page.  ``bokeh.io.output_notebook``
provides it by *publishing* the library as a cell output (about 4 MB with
``INLINE`` resources, twice: once per MIME type), which JupyterLab then saves
in the notebook (the start notebook, which loaded it twice, was 17 MB).

Here BokehJS travels in the state of one hidden ``ipywidgets.Output`` widget
(:func:`bokehjs_loader`), sent once per kernel.  JupyterLab does not save
widget state unless asked to (Settings > Save Widget State Automatically), so
a saved notebook keeps a reference of about 100 bytes.  The front end runs the
script when the widget's view renders (JupyterLab's and Voila's JavaScript
renderer; an Output widget's outputs are trusted); each BokehJS file is
guarded by the version of the ``window.Bokeh`` it registered into, so a page
evaluates it once however many labs and charts carry the loader.  No request
leaves the Jupyter server (no CDN).

The loader must render before any ``BokehModel`` view: put it first in the
same box (:func:`figure_widget` does), or in the same box as the model, as
``open_lab`` does with the lab.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

import json
from functools import lru_cache

import ipywidgets as W

if TYPE_CHECKING:
    from bokeh.model import Model
    from bokeh.models import LayoutDOM

__all__ = ["bokehjs_loader", "loader_for", "figure_widget", "components_for", "loader_script", "page_components",
           "PAGE_ENV"]

_ORDER = ("bokeh", "bokeh-gl", "bokeh-widgets", "bokeh-tables", "bokeh-mathjax")


def components_for(*models: Model) -> tuple[str, ...]:
    """The BokehJS components the Bokeh ``models`` need, e.g. ``("bokeh", "bokeh-gl")``.

    As Bokeh's own bundling decides (WebGL output, widgets, tables, TeX);
    ``"bokeh"`` always.  Shape: a tuple in load order.
    """
    from bokeh.embed.bundle import bundle_for_objs_and_resources
    from bokeh.resources import Resources

    needed = {"bokeh"}
    if models:
        urls = bundle_for_objs_and_resources(list(models), Resources(mode="cdn")).js_files
        names = [str(getattr(u, "url", u)).rsplit("/", 1)[-1] for u in urls]
        needed |= {c for c in _ORDER for n in names if n.startswith(c + "-") and n[len(c) + 1].isdigit()}
    return tuple(c for c in _ORDER if c in needed)


@lru_cache(maxsize=None)
def loader_script(components: tuple[str, ...] = ("bokeh",)) -> str:
    """The JavaScript that evaluates the inline BokehJS ``components`` once per page.

    Each file runs with ``this`` = ``window`` (as Bokeh's own loader runs it;
    ``Bokeh`` in it is ``window.Bokeh`` once the first file has set it)
    unless ``window._lcb_bokehjs[component]`` already holds the current
    ``window.Bokeh`` of this Bokeh version.  Raises ``ValueError`` for an
    unknown component.
    """
    import bokeh
    from bokeh.resources import Resources

    unknown = set(components) - set(_ORDER)
    if unknown:
        raise ValueError(f"unknown BokehJS component(s): {sorted(unknown)}; known: {list(_ORDER)}")
    version = json.dumps(bokeh.__version__)
    parts = [f"(function (root) {{\n  const done = root._lcb_bokehjs = root._lcb_bokehjs || {{}};\n"
             f"  const current = (c) => root.Bokeh !== undefined && root.Bokeh.version === {version}"
             f" && done[c] === root.Bokeh;"]
    for comp in components:
        code = "\n".join(Resources(mode="inline", components=[comp]).js_raw)   # the file, then its log level
        parts.append(f"  if (!current({json.dumps(comp)})) {{\n"
                     f"    (function () {{\n{code}\n    }}).call(root);\n"
                     f"    done[{json.dumps(comp)}] = root.Bokeh;\n  }}")
    parts.append("})(window);")
    return "\n".join(parts)


PAGE_ENV = "LCB_LAB_PAGE_BOKEHJS"
"""Set by ``lcb-lab voila`` (its kernels inherit it) to the Bokeh version whose core BokehJS its page
loads as a script of its own (:mod:`lcb_lab.ui.lab.voila_app`): no loader then carries that file."""


def page_components() -> tuple[str, ...]:
    """The BokehJS components the page loads itself: ``("bokeh",)`` when ``$LCB_LAB_PAGE_BOKEHJS``
    is this kernel's Bokeh version (``lcb-lab voila``'s page), else ``()`` (JupyterLab, Binder's route)."""
    import os

    import bokeh
    return ("bokeh",) if os.environ.get(PAGE_ENV) == bokeh.__version__ else ()


def _on_page(components: tuple[str, ...]) -> tuple[str, ...]:
    """``components`` less those the page loads itself (:func:`page_components`)."""
    mine = page_components()
    return tuple(c for c in components if c not in mine)


@lru_cache(maxsize=None)
def _loader(components: tuple[str, ...]) -> W.Output:
    import bokeh

    out = W.Output(layout=W.Layout(display="none"))
    out.add_class("lcb-bokehjs")
    if not components:                  # the page has every file already: an empty, hidden widget
        return out
    out.outputs = ({"output_type": "display_data", "metadata": {},
                    "data": {"application/javascript": loader_script(components),
                             "text/plain": f"BokehJS {bokeh.__version__} ({', '.join(components)})"}},)
    return out


_KNOWN: dict[tuple[str, str], tuple[str, ...]] = {("map", "canvas"): ("bokeh",)}
"""(kind, output backend) -> components, as :func:`components_for` answers for such a figure.  Seeded
with the lab's map (a canvas figure of core models), so the first lab of a kernel does not ask
either; ``tests/test_bokehjs.py`` checks the seed against Bokeh's answer."""


def loader_for(fig: LayoutDOM, kind: str) -> W.Output:
    """:func:`bokehjs_loader` of ``fig`` where every figure of ``kind`` (e.g. ``"map"``: a MapView's)
    has the same models: Bokeh is asked once per kind and output backend, not once per figure
    (its answer walks every model: 0.1-0.6 s for the map on the 2-core machine)."""
    key = (kind, str(getattr(fig, "output_backend", "")))
    if key not in _KNOWN:
        _KNOWN[key] = components_for(fig)
    return _loader(_on_page(_KNOWN[key]))


def bokehjs_loader(*models: Model) -> W.Output:
    """The hidden widget that loads the BokehJS the Bokeh ``models`` need (one widget per set).

    Display it before, or in the same box as, the ``BokehModel`` of those
    models.  The same widget is returned for the same set of components, so
    its state (the script, about 1.5 MB for ``bokeh`` + ``bokeh-gl``) is sent
    to the browser once per kernel.  Under ``lcb-lab voila`` the page loads core BokehJS
    itself (:func:`page_components`) and the loader carries only the other components
    (none for a map: then the widget is empty).
    """
    return _loader(_on_page(components_for(*models)))


def figure_widget(fig: LayoutDOM) -> W.VBox:
    """A Bokeh figure (any ``LayoutDOM``) as a widget, with its BokehJS loader first.

    The notebooks show their charts this way instead of ``bokeh.io.show``:
    no BokehJS and no document JSON in the saved cell output.
    """
    from jupyter_bokeh.widgets import BokehModel

    box = W.VBox([bokehjs_loader(fig), BokehModel(fig)])
    box.add_class("lcb-figure")
    return box
