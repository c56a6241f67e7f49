"""Setting widget state with as few comm messages as possible, and in an order the browser accepts.

Every trait assignment of an ipywidget is a comm message (traitlets already skips
an equal value).  A selection widget's options and its selection must change in
*one* message: sent apart, the browser's ``SelectMultiple`` marks the old
selection in the new (shorter) option list and logs "Error setting state:
Cannot set properties of undefined (setting 'selected')".  :func:`set_options`
changes both under ``hold_sync``, and only when they differ.

:func:`set_children` is how a panel draws the parts a view may have: a part the view may not use
is *not a child* (not built into the page), never a child hidden with ``layout.display``.

:class:`LazyTab` is a ``Tab`` whose pages reach the page only once shown: a page not opened yet is
sent to the browser as one shared empty box, so the browser builds the views of the page on view
and not of the hidden ones (the lab's Build, Game, History... tabs: about 400 of the 580 views).
Python's ``children`` are the real pages throughout.
"""
from __future__ import annotations

from typing import Any, Iterable

import ipywidgets as W
from ipywidgets.widgets.trait_types import TypedTuple
from ipywidgets.widgets.widget import widget_serialization
from traitlets import Instance

__all__ = ["set_options", "set_children", "KEEP", "LazyTab"]

KEEP = object()
"""``set_options(..., value=KEEP)``: keep the value when it is still an option."""


def _values(options: list) -> list:
    return [o[1] if isinstance(o, tuple) and len(o) == 2 else o for o in options]


def set_options(w: W.Widget, options: Iterable, value: Any = KEEP) -> None:
    """Give ``w`` (Dropdown, Select, SelectMultiple, ToggleButtons or Combobox) ``options`` and
    ``value`` in one comm message, and only what changed.

    ``value=KEEP`` keeps the value when still offered, else (single choice) picks the first
    option -- or nothing for an empty list.  A SelectMultiple keeps the offered part of
    its selection.

    The one message lists the new labels before the new selection: ``hold_sync`` alone sends its
    keys in the order of a Python set (string hashes: another order in each process), and the
    browser applies them in that order -- a new ``index`` before the new ``_options_labels`` marks
    an option the list does not have yet ("Error setting state: ... (setting 'selected')", now and then)."""
    options = list(options)
    if isinstance(w, W.Combobox):          # free text with suggestions: options are strings
        with w.hold_sync():
            if list(w.options) != options:
                w.options = options
            if value is not KEEP and w.value != value:
                w.value = value
        return
    vals = _values(options)
    multiple = isinstance(w, W.SelectMultiple)
    old = w.value
    if value is KEEP:
        if multiple:
            value = tuple(v for v in old if v in vals)
        elif old in vals:
            value = old
        else:
            value = vals[0] if vals else None
    with w.hold_sync():
        if list(w.options) != options:
            if multiple and w.value:
                w.value = ()               # never a selection outside the options, not even for a moment
            w.options = options            # (resets the selection: set again below)
        if w.value != value:
            w.value = value
        keys = sorted(w._states_to_send, key=lambda k: k != "_options_labels")
        w._states_to_send.clear()          # hold_sync then sends nothing: the one message goes below
    w.send_state(keys)


def set_children(box: W.Box, parts: Iterable[Any]) -> bool:
    """Make ``box``'s children the widgets of ``parts`` (a part that is None or False is left out:
    ``[a, b if shown else None]``), in one comm message and only when they differ; returns True
    when they changed.  What is left out is not on the page at all (not displayed-and-hidden)."""
    kids = tuple(w for w in parts if isinstance(w, W.Widget))
    if tuple(box.children) == kids:
        return False
    box.children = kids
    return True


def shown_in(root: W.Widget, w: W.Widget) -> bool:
    """Is ``w`` on the page under ``root`` (a child, a child's child, ...)?"""
    if root is w:
        return True
    return any(shown_in(c, w) for c in getattr(root, "children", ()) or () if isinstance(c, W.Widget))


def _pages_to_json(pages: tuple, tab: "LazyTab") -> list[str]:
    """The ``children`` a :class:`LazyTab` sends: each page shown so far, else its placeholder."""
    to_json = widget_serialization["to_json"]
    return [to_json(w if w in tab.opened else tab.placeholder, tab) for w in pages]


class LazyTab(W.Tab):
    """An ipywidgets ``Tab`` that sends a page's widgets to the browser's view only once the page
    is shown (selected in the browser or from Python): until then the browser has one empty box
    (:attr:`placeholder`) in its place, so opening the lab builds the views of the tab on view
    and not those of every hidden tab.  ``children`` (Python) are the real pages; ``opened`` the
    pages sent so far (a page stays once sent).  Each widget's model is still created and kept up
    to date (its comm opens when it is built): only its view waits, so what a page shows when
    first opened is its current state."""

    children = TypedTuple(trait=Instance(W.Widget), help="the pages").tag(
        sync=True, to_json=_pages_to_json, from_json=widget_serialization["from_json"])

    def __init__(self, children: Iterable[W.Widget] = (), **kwargs: Any):
        self.opened: set[W.Widget] = set()
        self.placeholder = W.Box()
        pages = tuple(children)
        start = kwargs.get("selected_index", 0 if pages else None)
        if start is not None and 0 <= start < len(pages):
            self.opened.add(pages[start])
        super().__init__(children=pages, **kwargs)
        self.observe(self._page_shown, "selected_index")

    def _page_shown(self, _change: object = None) -> None:
        i = self.selected_index
        if i is None or not 0 <= i < len(self.children) or self.children[i] in self.opened:
            return
        self.opened.add(self.children[i])
        self.send_state("children")
