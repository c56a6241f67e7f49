"""The *Seed* box of every game's lab holds to the kernel's one seed rule (0 .. 2**64-1): a seed
outside is refused in the message line naming the seed and the bound, and the game in play stays.
Before: Force on Force and Order of Battle said numpy's "expected non-negative integer" for -5, and
every lab started a game seeded 2**70 (which no save or situation file of LC:B accepts)."""
from __future__ import annotations

import re

import pytest

from lcb_lab.kernel.dice import seed_problem


def _labs():
    from lcb_lab.ui.archipelago.app import open_archipelago_lab
    from lcb_lab.ui.force_on_force.app import open_force_on_force_lab
    from lcb_lab.ui.lcb.app import open_lab
    from lcb_lab.ui.order_of_battle.app import open_order_of_battle_lab
    return {"lcb": lambda: open_lab("gotland_redux", seed=1), "archipelago": lambda: open_archipelago_lab(level=1, seed=1),
            "force_on_force": lambda: open_force_on_force_lab(seed=1),
            "order_of_battle": lambda: open_order_of_battle_lab(seed=1)}


@pytest.mark.parametrize("seed", [-5, 2**70])
@pytest.mark.parametrize("game", ["lcb", "archipelago", "force_on_force", "order_of_battle"])
def test_a_seed_outside_the_rule_is_refused_by_name(game, seed):
    lab = _labs()[game]()
    before = lab.game
    lab.seed_box.value = seed
    lab.new_button.click()
    text = re.sub(r"<[^>]+>", "", lab.message.value)
    assert seed_problem(seed) in text and "Nothing changed" in text, text
    assert lab.game is before
