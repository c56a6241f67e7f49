"""What the lab sends the browser when it opens and on a click, and that the shortcuts change nothing.

* the tabs (:class:`~lcb_lab.ui.lab.sync.LazyTab`): a page reaches the browser's view only once
  shown -- until then the browser has one empty box in its place -- while Python's ``children``
  are the real pages throughout;
* the map (:class:`~lcb_lab.ui.lab.bokeh_model.LiveBokehModel`): its bundle is the one jupyter_bokeh
  makes (without Bokeh's walk for Python callbacks), and the browser's echo of a patch is dropped
  while a real change from the browser is still applied.
"""
from __future__ import annotations

import ipywidgets as W
from bokeh.core.serialization import Serializer
from jupyter_bokeh.widgets import BokehModel

from lcb_lab.ui.lab.bokeh_model import LiveBokehModel
from lcb_lab.ui.lab.sync import LazyTab
from lcb_lab.ui.lcb.app import TAB_TITLES


def _sent_pages(tab: W.Tab) -> list[str]:
    return tab.get_state("children")["children"]


def _ref(w: W.Widget) -> str:
    return "IPY_MODEL_" + w.model_id


def test_a_tab_page_reaches_the_browser_once_shown(lab, monkeypatch):
    tabs = lab.tabs
    assert isinstance(tabs, LazyTab) and tabs.selected_index == 0
    hidden = _ref(tabs.placeholder)
    assert _sent_pages(tabs) == [_ref(lab.play_tab)] + [hidden] * (len(TAB_TITLES) - 1)
    history = TAB_TITLES.index("History")
    assert tabs.children[history] is lab.history_panel.widget      # Python has the real pages throughout
    sent: list[list[str]] = []
    real = W.Widget.send_state
    monkeypatch.setattr(W.Widget, "send_state", lambda w, key=None: (
        sent.append(w.get_state(key)["children"]) if w is tabs and key == "children" else None, real(w, key))[1])
    tabs.selected_index = history                   # as the browser's click on the title sets it
    assert sent == [[_ref(lab.play_tab)] + [hidden] * (history - 1) + [_ref(lab.history_panel.widget)]]
    tabs.selected_index = 0
    tabs.selected_index = history                   # shown before: nothing sent again
    assert len(sent) == 1
    build = TAB_TITLES.index("Build")
    lab.tabs.selected_index = build
    assert _sent_pages(tabs)[build] == _ref(lab.build_panel.widget) and _sent_pages(tabs)[history] == sent[0][history]


def test_a_lab_opens_with_the_views_of_the_tab_on_view_only(lab):
    """The widgets the browser builds views of when the lab is displayed (the page tree as sent):
    the hidden tabs' widgets are not among them."""
    def sent_tree(w: W.Widget, out: set) -> set:
        if w in out:
            return out
        out.add(w)
        kids = getattr(w, "children", ()) if not isinstance(w, LazyTab) else [
            c if c in w.opened else w.placeholder for c in w.children]
        for c in kids or ():
            sent_tree(c, out)
        return out
    shown = sent_tree(lab.widget, set())
    assert lab.play_tab in shown and lab.build_panel.widget not in shown and lab.history_panel.widget not in shown
    assert lab.kill_chain_panel.widget not in shown and lab.game_panel.widget not in shown


def _bundle_without_ids(bundle: dict) -> tuple:
    (docid, doc), = bundle["docs_json"].items()
    (item,) = bundle["render_items"]
    (root_id, elem), = item["roots"].items()
    return doc, item["docid"] == docid, root_id, elem in bundle["div"], sorted(item)


def test_the_maps_bundle_is_jupyter_bokehs(lab):
    fig = lab.map.figure
    mine = LiveBokehModel._model_to_traits(fig)
    theirs = BokehModel._model_to_traits(fig)
    assert _bundle_without_ids(mine) == _bundle_without_ids(theirs)
    assert _bundle_without_ids(mine)[1:4] == (True, fig.id, True)


def _jsevent(model, attr: str, new) -> dict:
    return {"kind": "ModelChanged", "model": {"id": model.id}, "attr": attr, "new": new, "event": "jsevent"}


def test_the_browsers_echo_of_a_patch_is_dropped_and_a_real_change_applied(lab):
    m = lab.map_model
    item = next(i for leg in lab.map.figure.legend for i in leg.items if i.label is not None)
    label = item.label.value
    x_range = lab.map.figure.x_range
    source = next(r.data_source for r in lab.map.figure.renderers if hasattr(r, "data_source"))
    data = Serializer().encode(source.data)
    before = dict(source.data)
    m._sync_model(m, {"kind": "ColumnDataChanged", "model": {"id": source.id}, "attr": "data", "new": data,
                      "cols": list(before), "event": "jsevent"}, [])
    m._sync_model(m, _jsevent(item, "label", {"type": "value", "value": label}), [])
    m._sync_model(m, _jsevent(x_range, "start", x_range.start), [])
    assert m.echoes_dropped == 3 and item.label.value == label and dict(source.data) == before
    m._sync_model(m, _jsevent(item, "label", {"type": "value", "value": "moved"}), [])
    start = x_range.start
    m._sync_model(m, _jsevent(x_range, "start", start + 10.5), [])      # a pan in the browser
    assert m.echoes_dropped == 3 and item.label.value == "moved" and x_range.start == start + 10.5
