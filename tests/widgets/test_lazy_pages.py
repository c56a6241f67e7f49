"""What the lab sends the browser when it opens, and that the shortcut to the map's bundle changes nothing.

* the tabs (:class:`~lcb_lab.ui.lab.sync.LazyTab`): a page reaches the browser's view only once
  shown -- until then the browser has one empty box in its place -- while Python's ``children``
  are the real pages throughout;
* the map (:class:`~lcb_lab.ui.lab.bokeh_model.LiveBokehModel`): its bundle is the one jupyter_bokeh
  makes (without Bokeh's walk for Python callbacks).
"""
from __future__ import annotations

import ipywidgets as W
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
