"""Chapter 7 (combat: LRS and INTERCEPT, 7.3 and 7.5): notebook ``01_lrs_and_intercept``.

Two staged games (:func:`staged`):

* ``"appendix_b"`` (default): the Appendix B combat lesson replayed with its forced dice up to its
  checkpoint step before the Russian INTERCEPT decision of impulse 3 (the lab's lesson replay
  pauses there and asks ``ch07.intercept-units`` and ``ch07.anna-survives``) -- DDG-51 and DDG-80
  have committed their LRS on 1 Anna and 2 Anna (7.54);
* ``"7.37"``: the situation of the example under 7.37 (1 Uran fires 2 dice at 1 Whiskey in a brown
  hex, 1 Kilo intercepts with 2 dice), committed, waiting for the INTERCEPT answer, the printed dice
  forced (8, 12 for the LRS; 11, 16 for the INTERCEPT).

Every answer below is computed on those games: the INTERCEPT decision's eligible units (7.53), the
engine's exact odds (:meth:`~lcb_lab.games.lcb.game.Game.preview_lrs`, 7.02, 7.57) and the HP a
resolved fork loses (7.37 by rule 7.02, not the printed tally).
"""
from __future__ import annotations

from functools import lru_cache

from lcb_lab.games.lcb import actions as A
from lcb_lab.games.lcb.content.worked.ch07 import INTERCEPT_737, example_737
from lcb_lab.games.lcb.game import Game
from lcb_lab.kernel.checkpoints import Checkpoint
from lcb_lab.kernel.errors import LabError

TITLE = "Combat: Long-Range Strikes and INTERCEPT"

LESSON = "appendix_b_combat"
"""The packaged lesson that pauses at this chapter's Appendix B checkpoints (impulse 3)."""

LRS_ON_ANNA = [{"shooter": "DDG-51", "slot": "LRS1", "target": "1 Anna", "dice": 4}]
NARRATED_INTERCEPT = [{"interceptor": "FFG-454", "slot": "INT1", "target": "1 Anna", "dice": 4}]
"""Appendix B's plan: DDG-51's 4 LRS dice on 1 Anna, FFG-454's 4 INTERCEPT dice against them."""


def staged(which: str = "appendix_b") -> Game:
    """A fresh game of chapter 7: ``which`` = ``"appendix_b"`` (the INTERCEPT decision of Appendix B's
    impulse 3) or ``"7.37"`` (the 7.37 example, committed, waiting for the INTERCEPT answer).
    Raises LabError for another name."""
    if which == "appendix_b":
        return _appendix_b()
    if which == "7.37":
        return example_737("committed")
    raise LabError(f"chapter 7 stages 'appendix_b' or '7.37', not {which!r}")


def _appendix_b() -> Game:
    """The Appendix B combat lesson replayed up to its own ``checkpoint`` step
    ``ch07.intercept-units`` (impulse 3, the INTERCEPT decision pending): the state the lab's
    lesson replay pauses at is the state these answers are computed on."""
    from lcb_lab.games.lcb.content.lesson import Lesson
    lesson = Lesson(LESSON)
    for done in lesson.steps():
        if done.checkpoint == "ch07.intercept-units":
            return lesson.game
    raise LabError(f"lesson {LESSON!r} has no checkpoint step ch07.intercept-units")


@lru_cache(maxsize=None)
def _game(which: str) -> Game:
    """The staged game, built once; the answers only read it (or fork it)."""
    return staged(which)


def _anna_options():
    (target,) = [t for t in _game("appendix_b").pending.options.targets if t.target == "1 Anna"]
    return target.interceptors


def intercept_candidates() -> tuple[str, ...]:
    """The Russian units the INTERCEPT decision lists for 1 Anna (eligible or not), in its order."""
    return tuple(o.uid for o in _anna_options())


def intercept_eligible() -> frozenset[str]:
    """The units the decision lets INTERCEPT the LRS on 1 Anna (7.53)."""
    return frozenset(o.uid for o in _anna_options() if o.eligible)


def anna_survives() -> float:
    """P(1 Anna is not destroyed) under Appendix B's plan: 1 - P(destroyed) of the engine's odds."""
    return 1 - _game("appendix_b").preview_lrs(LRS_ON_ANNA, NARRATED_INTERCEPT)["1 Anna"]["p_destroy"]


def whiskey_hp_lost() -> int:
    """The HP 1 Whiskey loses in the 7.37 example played with its printed dice (a fork, resolved)."""
    g = _game("7.37").fork()
    g.apply(A.AnswerIntercept(intercepts=(INTERCEPT_737,)))
    g.apply(A.ResolveCombat())
    return g.utype("1 Whiskey").hp - g.unit("1 Whiskey").hp


def _reasons() -> str:
    return "; ".join(f"{o.uid}: {o.reason}" for o in _anna_options())


CHECKPOINTS = [
    Checkpoint(
        "ch07.intercept-units",
        "Appendix B, impulse 3: DDG-51 has committed 4 LRS dice on 1 Anna. Which Russian units may "
        "INTERCEPT that LRS?",
        kind="choices", answer=intercept_eligible, options=intercept_candidates, rule="7.53",
        hint="An IAMD unit may intercept only when the target hex is within its INTERCEPT range and it is "
             "no farther from the target than the attacker; a unit a card keeps from acting may not.",
        explanation=lambda: f"The decision's reasons: {_reasons()}."),
    Checkpoint(
        "ch07.anna-survives",
        "DDG-51 fires 4 LRS dice at 1 Anna (2 HP) and FFG-454 answers with 4 INTERCEPT dice, as the "
        "narrative has it. What are the odds that 1 Anna survives?",
        kind="probability", answer=anna_survives, rule="7.57",
        hint="Each die hits on a roll at or under its modified CV (7.02; the Tactical Network lowers the "
             "Russian CV, 7.62); each INTERCEPT hit cancels one LRS hit on that target; 1 Anna survives "
             "unless 2 net hits remain. Ask the engine: preview_lrs.",
        explanation="One minus P(destroyed) of the exact odds the engine gives before the roll."),
    Checkpoint(
        "ch07.whiskey-hp",
        "Example 7.37 with the printed dice: 1 Uran rolls 8 and 12 at CV 8 (10, less 2 for the brown hex), "
        "1 Kilo rolls 11 and 16 at CV 12. How many HP does 1 Whiskey lose?",
        kind="number", answer=whiskey_hp_lost, rule="7.02",
        hint="A die hits only on a roll at or under the modified CV, so 12 misses CV 8; then each INTERCEPT "
             "hit cancels one LRS hit on the target (7.57).",
        explanation="One LRS hit (the 8), cancelled by 1 Kilo's one INTERCEPT hit (the 11): 1 Whiskey is "
                    "unhurt. The printed example counts the 12 as a hit; lcb_lab follows rule 7.02."),
]
"""Chapter 7's checkpoints (notebook 01)."""
