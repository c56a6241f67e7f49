"""Shared fixtures and helpers of the widget tests."""
from __future__ import annotations

import html
import json
import re

import pytest

from lcb_lab import load_scenario
from lcb_lab.ui import LabApp


@pytest.fixture
def lab(tmp_path):
    """A fresh lab on Gotland Redux (seed 1), instructor view, Save / Load under ``tmp_path``."""
    return LabApp(load_scenario("gotland_redux", seed=1), files_dir=tmp_path)


def plain_text(markup: str) -> str:
    """``markup`` without its tags, entities decoded (what a reader sees)."""
    return html.unescape(re.sub(r"<[^>]+>", "", markup))


def state_json(game) -> str:
    """The game state as canonical JSON: equal strings mean byte-identical states."""
    return json.dumps(game.state.to_dict(), sort_keys=True, default=str)


def widget_texts(w, out=None) -> list[str]:
    """Every string a widget tree sends to the browser: values, options, labels, descriptions."""
    import ipywidgets as W
    out = [] if out is None else out
    for name in ("value", "description", "placeholder", "tooltip", "_options_labels"):
        v = getattr(w, name, None)
        if isinstance(v, str):
            out.append(v)
        elif isinstance(v, (tuple, list)):
            out += [x for x in v if isinstance(x, str)]
    for child in getattr(w, "children", ()) or ():
        if isinstance(child, W.Widget):
            widget_texts(child, out)
    return out


def on_page(lab, w) -> bool:
    """Is widget ``w`` built into ``lab``'s page (a descendant of ``lab.widget``)?  A part a view
    may not use is left out of the page, never hidden with ``layout.display``."""
    from lcb_lab.ui.lab.sync import shown_in
    return shown_in(lab.widget, w)
