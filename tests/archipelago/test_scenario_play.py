"""The expanded scenarios through the kernel: random legal play of each scenario finishes with the
kernel's ``autoplay`` (the variations too under ``make fuzz``) (its task or its limit decides, l.1399), and every act ``legal_actions`` lists
in a scenario's states is accepted while the scenario's forbidden acts are neither listed nor
accepted (the style of ``test_through_kernel.py``).  Level-5 positions are slow to list: the limit
is shortened (``turn_limit``, both sides' turns counted)."""
import numpy as np
import pytest

from lcb_lab.games.archipelago import actions as A
from lcb_lab.games.archipelago.rules.scenario import refusal
from lcb_lab.games.archipelago.scenario_setup import SCENARIOS, scenario_opening
from lcb_lab.kernel.autoplay import play_random
from lcb_lab.kernel.legal import Template
from tests.archipelago.test_through_kernel import play
from tests.budget import budget


@pytest.mark.fuzz
@pytest.mark.parametrize("name,seed", [(n, s) for n in list(SCENARIOS)[:budget(9, len(SCENARIOS))] for s in range(budget(1, 3))])
def test_random_play_of_each_scenario_finishes(name, seed):
    g = scenario_opening(name, seed=seed, turn_limit=4)
    assert play_random(g, seed, 2000) < 2000
    s = g.state
    assert s.over and s.outcome.startswith(SCENARIOS[name]) and g.legal_actions() == []
    assert s.log[-1]["kind"] == "over"


FORBIDDEN = {"tanker": [A.FireGun("Blue C-9", "Red OP-38"), A.FireGun("Blue C-10", "Red Base A workshop")],
             "salvage": [A.Move("Blue F-17", "F", 3), A.LandCommandos("Red HC-18", "Blue Base A")],
             "seaplane": [A.FireGun("Red C-9", "Blue H-7"), A.LaunchMissile("Red H-3", "Blue H-7")]}


@pytest.mark.fuzz
@pytest.mark.parametrize("name", sorted(FORBIDDEN))
def test_listed_acts_are_accepted_and_the_forbidden_never_listed(name):
    g = scenario_opening(name, seed=1, turn_limit=6)
    rng = np.random.default_rng(1)
    for _ in range(budget(3, 10)):
        legal = g.legal_actions()
        assert not any(a in legal for a in FORBIDDEN[name])
        assert not any(refusal(g, a) for a in legal if not isinstance(a, Template))
        play(g, rng, 4, check=True, unlisted=FORBIDDEN[name])
        if g.state.over:
            break
