"""A hand-edited Force on Force save naming a side, a Troop Quality die, a kind or a phase the game
has not, or a unit off the table, is refused when it is read -- one ScenarioError naming the file,
the key down to the value and what is wrong (lcb_lab/games/force_on_force/state_check.py).
Before: the state was checked for its types only; each of these loaded, and ``"side": "Purple"``
or ``"tq": 7`` broke the game at its next roll with a KeyError."""
from __future__ import annotations


import numpy as np
import pytest

from lcb_lab.games.force_on_force.game import new_game
from lcb_lab.games.force_on_force.state_check import state_problem
from lcb_lab.kernel.autoplay import pick
from lcb_lab.kernel.errors import LabError
from lcb_lab.ui.force_on_force.game_ui import FOF_UI
from tests import hostile_saves as H


def _saved(tmp_path) -> dict:
    return H.good_save(FOF_UI, FOF_UI.new_game(FOF_UI.default_scenario, 1, None), tmp_path, 6)


HOSTILE = [
    (("units", "SAS A", "side"), "Purple", "units.SAS A.side", "'Purple' is not a side (Blue, Red)"),
    (("units", "SAS A", "tq"), 7, "units.SAS A.tq",
     "d7 is not a Troop Quality die of the sandbox table (d4, d6, d8, d10, d12)"),
    (("units", "SAS A", "figures"), -3, "units.SAS A.figures", "a unit has 0 figures or more, not -3"),
    (("units", "SAS A", "x"), 1e308, "units.SAS A.x", "1e+308 inches is off the table (0 to 24)"),
    (("units", "SAS A", "kind"), "dragon", "units.SAS A.kind", "'dragon' is not a kind of unit (infantry, vehicle, gun)"),
    (("units", "SAS A", "name"), "Other", "units.SAS A.name", "'Other' under the unit 'SAS A'"),
    (("initiative",), "Purple", "initiative", "'Purple' is not a side (Blue, Red)"),
    (("phase",), "lunch", "phase", "'lunch' is not a phase (overwatch, activate, over)"),
    (("turn",), 0, "turn", "the turns count from 1, not 0"),
    (("winner",), "Green", "winner", "'Green' is not a side (Blue, Red), 'draw' or none"),
]


@pytest.mark.parametrize("at", H.AT)
@pytest.mark.parametrize("case", range(len(HOSTILE)), ids=[k for _, _, k, _ in HOSTILE])
def test_a_state_the_game_has_not_is_refused_in_one_line(tmp_path, case, at):
    where, value, key, problem = HOSTILE[case]
    e, path = H.refusal(FOF_UI, H.edited(_saved(tmp_path), at, where, H.set_to(value)), tmp_path)
    assert (e.file, e.key, e.problem) == (path, f"{at}.{key}", problem)


def test_every_state_of_random_play_passes_the_check():
    """The check refuses no state the rules reach (random legal games to their end)."""
    phases = set()
    for seed in range(6):
        g = new_game(seed=seed)
        rng = np.random.default_rng(seed)
        for _ in range(200):
            assert state_problem(g.state, g.table) is None
            phases.add(g.state.phase)
            if g.to_act() is None:
                break
            try:
                g.apply(pick(g, rng))
            except LabError:
                pass
    assert phases == {"overwatch", "activate", "over"}
