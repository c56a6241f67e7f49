"""The refusal check the rulebook tests share: an illegal act raises IllegalAction naming the
rule, and leaves the state byte-identical (the record and the dice too)."""
import json

import pytest

from lcb_lab.kernel.errors import IllegalAction


def refused(g, action, rule: str, words: str = "") -> IllegalAction:
    """``action`` is refused by ``rule`` (its reason containing ``words``); the state, the number
    of steps in the record and the dice are unchanged.  Returns the error."""
    before = json.dumps(g.state.to_dict(), sort_keys=True)
    steps, dice = len(g.history.steps), g.dice.state()
    with pytest.raises(IllegalAction) as e:
        g.apply(action)
    assert e.value.rule == rule, e.value
    assert words in e.value.reason, e.value.reason
    assert json.dumps(g.state.to_dict(), sort_keys=True) == before
    assert len(g.history.steps) == steps and g.dice.state() == dice
    return e.value
