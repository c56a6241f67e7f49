"""Shared fixtures and helpers of the widget tests."""
from __future__ import annotations

import html
import json
import re

import pytest

from lcb_lab import load_scenario
from lcb_lab.widgets import LabApp


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
