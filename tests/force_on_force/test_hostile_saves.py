"""A hand-edited Force on Force save naming a side, a Troop Quality die, a kind or a phase the game
has not, or a unit off the table, is refused when it is read -- one ScenarioError naming the file,
the key down to the value and what is wrong (lcb_lab/games/force_on_force/state_check.py).
Before: the state was checked for its types only; each of these loaded, and ``"side": "Purple"``
or ``"tq": 7`` broke the game at its next roll with a KeyError."""
from __future__ import annotations

import pytest

from lcb_lab.games.force_on_force.game import new_game
from lcb_lab.games.force_on_force.state_check import state_problem
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
        for g in H.random_acts(new_game(seed=seed), 200, seed):
            assert state_problem(g.state, g.table) is None
            phases.add(g.state.phase)
    assert phases == {"overwatch", "activate", "over"}


def test_every_key_path_of_a_save_edited_is_refused_in_one_line_or_plays_on(tmp_path):
    """Every key of the state (a pending Reaction question, its activation, the log) edited to each JSON
    type, a huge or negative number, or removed: a ScenarioError naming the file, or a game that
    draws and plays.  Before: a removed ``lost.Red``, an activation set to null or naming a unit the
    game has not, 10**30 figures or a log entry without its title loaded, then broke the lab
    (KeyError, AttributeError, ValueError from the dice)."""
    saved = H.good_save(FOF_UI, FOF_UI.new_game(FOF_UI.default_scenario, 1, None), tmp_path, 15)
    assert saved["state"]["choices"] and saved["state"]["activation"]["act"]["fire_at"]
    tried, faults = H.walk(FOF_UI, saved, tmp_path)
    assert tried > 400 and faults == [], "\n".join(faults)


MORE = [
    (("units", "SAS A", "figures"), H.set_to(10**30), "units.SAS A.figures",
     "a unit has at most 100 figures, not " + str(10**30)),
    (("lost", "Red"), lambda inner, k: inner.pop(k), "lost", "the side 'Red' is missing (each of Blue, Red has one)"),
    (("activation",), H.set_to(None), "activation", "missing: the question 'react' waits on an activation"),
    (("activation", "act", "fire_at"), H.set_to("Nobody"), "activation.act.fire_at", "'Nobody' is not a unit of the game"),
    (("activation", "act", "to"), H.set_to("the moon"), "activation.act.to",
     "'the moon' is not a point of the table ({points})"),
    (("log", 0, "title"), lambda inner, k: inner.pop(k), "log[0].title", "missing: a log entry has it"),
    (("log", 0, "rules"), H.set_to([5]), "log[0].rules[0]", 'a rule is cited as a string ("l.12"), not 5'),
]


@pytest.mark.parametrize("case,at", [(i, at) for i, m in enumerate(MORE) for at in (H.AT if i < 2 else H.AT[:1])],
                         ids=[f"{m[2]}-{at}" for i, m in enumerate(MORE) for at in (H.AT if i < 2 else H.AT[:1])])
def test_a_save_missing_a_side_a_pending_activation_or_a_logs_shape_is_refused_in_one_line(tmp_path, case, at):
    """The cases of the walk above, each with its exact line (the record's first state has neither an
    activation nor a log: the saved state alone for those)."""
    where, change, key, problem = MORE[case]
    saved = H.good_save(FOF_UI, FOF_UI.new_game(FOF_UI.default_scenario, 1, None), tmp_path, 15)
    e, path = H.refusal(FOF_UI, H.edited(saved, at, where, change), tmp_path)
    points = ", ".join(n for n, _ in new_game(seed=0).table.points)
    assert (e.file, e.key, e.problem) == (path, f"{at}.{key}", problem.format(points=points))
