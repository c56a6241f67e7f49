"""Every ``>>>`` example in the Archipelago package's docstrings runs."""
import doctest
import importlib

import pytest

MODULES = ["lcb_lab.games.archipelago.game", "lcb_lab.games.archipelago.stage", "lcb_lab.games.archipelago.chance",
           "lcb_lab.games.archipelago.rule_refs", "lcb_lab.games.archipelago.model.catalog",
           "lcb_lab.games.archipelago.model.board", "lcb_lab.games.archipelago.rules.movement",
           "lcb_lab.games.archipelago.dice", "lcb_lab.games.archipelago.model.board_data",
           "lcb_lab.ui.archipelago.board_layers", "lcb_lab.ui.archipelago.board_texts"]


@pytest.mark.parametrize("name", MODULES)
def test_module_doctests_pass(name):
    result = doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS, report=True)
    assert result.failed == 0 and result.attempted > 0
