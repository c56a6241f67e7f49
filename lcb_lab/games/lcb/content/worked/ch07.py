"""Chapter 7 (combat), the example printed under 7.37, staged as a game -- one function that the
course (``course.ch07``), notebook ``01_lrs_and_intercept`` and the engine's tests all use.

* :func:`example_737` -- 1 Uran (LRS CV 10) fires 2 dice at a revealed 1 Whiskey in a brown hex
  (CV 8 by 7.09); 1 Kilo, an IAMD section, may answer with 2 INTERCEPT dice at CV 12 (7.53); the
  printed dice are forced: 8 and 12 for the LRS, 11 and 16 for the INTERCEPT.
"""
from __future__ import annotations

from lcb_lab.games.lcb import actions as A
from lcb_lab.games.lcb.content.situation import situation
from lcb_lab.games.lcb.game import Game
from lcb_lab.kernel.errors import LabError

STAGES = ("situation", "committed", "intercepted")
"""How far :func:`example_737` plays: the staged board, the LRS committed (7.54: the INTERCEPT
window open), or 1 Kilo's 2 INTERCEPT dice answered (chance resolves next, 7.010)."""

LRS_737 = A.LrsAttack("1 Uran", "LRS1", "1 Whiskey", 2)
INTERCEPT_737 = A.Intercept("1 Kilo", "INT1", "1 Whiskey", 2)
"""The example's two allocations: 2 LRS1 dice of 1 Uran, 2 INT1 dice of 1 Kilo, both on 1 Whiskey."""


def example_737(upto: str = "situation", kilo_hex: str = "F-6", forced: tuple[int, ...] = (8, 12, 11, 16)) -> Game:
    """The 7.37 example on a small synthetic board (TF Red: 1 Uran at F-2; TF Blue: a face-up
    1 Whiskey and 1 Kilo at ``kilo_hex``; F-6 is brown; RU has the initiative; ``forced`` dice).

    ``upto`` (one of :data:`STAGES`) says how far it is played: ``"situation"`` (nothing yet),
    ``"committed"`` (TF Red began its impulse, declared Move & Combat for 1 Uran (3.31) and
    committed :data:`LRS_737`), ``"intercepted"`` (then US answered :data:`INTERCEPT_737`).
    Raises LabError for another stage; IllegalAction (rule, reason) when ``kilo_hex`` puts 1 Kilo
    out of reach and ``"intercepted"`` is asked (7.53)."""
    if upto not in STAGES:
        raise LabError(f"example 7.37 stages {', '.join(STAGES)}, not {upto!r}")
    g = situation(units={"1 Uran": ("runi_coastal_missile_section", "F-2"),
                         "1 Whiskey": {"type": "usmc_himars_section", "hex": "F-6", "face_up": True},
                         "1 Kilo": ("usmc_iamd_section", kilo_hex)},
                  colours={"F-6": "brown"}, initiative="RU", forced=list(forced))
    if upto == "situation":
        return g
    g.apply(A.BeginImpulse("TF Red"))
    g.apply(A.Declare((A.CoreAction("move_combat", ("1 Uran",)),)))
    g.apply(A.CommitCombat(lrs=(LRS_737,)))
    if upto == "intercepted":
        g.apply(A.AnswerIntercept(intercepts=(INTERCEPT_737,)))
    return g
