"""A plan study through the kernel: the sampled share of Reaction Tests won beside the exact
chance (Example 1's MG team d8 against the SAS d10, l.298-306)."""
from math import sqrt

from lcb_lab.games.force_on_force import actions as A
from lcb_lab.games.force_on_force.chance import reaction_step
from lcb_lab.games.force_on_force.game import new_game
from lcb_lab.games.force_on_force.study import PlanStudy
from lcb_lab.kernel.study import run_study
from tests.force_on_force.helpers import unit


def test_sampled_share_of_won_tests_meets_the_exact_chance():
    mg, sas = unit("MG team", "Red", 8, 3, "centre"), unit("SAS", "Blue", 10, 4, "south road")
    start = new_game(seed=0, units=[mg, sas], initiative="Red", phase="activate")
    start.apply(A.Activate("MG team", fire_at="SAS"))
    p = reaction_step(mg, sas).probability(1)
    assert abs(p - 41 / 80) < 1e-12
    runs = run_study(PlanStudy(), start, [A.React("SAS", "fire"), A.DoneReacting()], runs=400, seed=3, workers=0,
                     progress=False)
    share = sum(o["won"] for o in runs.outcomes) / 400
    assert abs(share - p) < 4 * sqrt(p * (1 - p) / 400)
    assert runs.outcomes == run_study(PlanStudy(), start, [A.React("SAS", "fire"), A.DoneReacting()], runs=400,
                                      seed=3, workers=0, progress=False).outcomes


def test_chance_outcomes_preview_the_next_roll_without_drawing():
    mg, sas = unit("MG team", "Red", 8, 3, "centre"), unit("SAS", "Blue", 10, 4, "south road")
    g = new_game(forced=[1], units=[mg, sas, unit("In", "Blue", 8, 3, (8.0, 18.0)),
                                    unit("FO", "Red", 8, 2, "wood edge")], initiative="Red", phase="activate")
    art = g.chance_outcomes(A.Artillery("FO", "In"))
    assert art.dice[0].startswith("4 d8") and art.probability(0) > 0         # +1 die into average woods (l.88)
    g.apply(A.Activate("MG team", fire_at="SAS"))
    g.apply(A.React("SAS", "fire"))
    step = g.chance_outcomes(A.DoneReacting())
    assert step.rule == "l.318" and abs(step.probability(1) - 41 / 80) < 1e-12
    assert g.dice.forced_left == 1                                             # nothing drawn
