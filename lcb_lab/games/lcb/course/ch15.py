"""Chapter 15 (the Influence Meter) for the course: EXAMPLEs and staged situations, checkpoints.

lcb_lab keeps the meter as one signed number (``GameState.influence``: positive toward the US,
negative toward RU; :mod:`lcb_lab.games.lcb.rules.stages.influence`); :func:`meter_label` shows
it as the board does ("US 2", "0", "RU 1").

* :func:`ex_15_25` -- the 15.25 EXAMPLE: a RU coastal missile section conducts LRS attacks
  against two hexes with towns: the meter moves 2 spaces toward the US (one per hex attacked);
* :func:`staged` -- a strike that moves the meter both ways (chapter 15 prints no example of
  it): RU holds the initiative; TF Blue's DDG(X) is about to fire LRS(1) at a revealed RU
  destroyer (15.23 if destroyed) and at a revealed RU platoon in a town hex (15.25 toward RU).
  Forced dice (all 1s by default) destroy both.

:data:`CHECKPOINTS` ask where the meter stands after that strike (15.23, 15.25), the AP a team
gets at 6 toward it (15.13) and the CP at 3 (15.12); every answer is computed by the engine
(a fork of the strike; impulses begun at those meter readings; the Planning Stage benefit).
``tests/rulebook/test_ch15_influence.py`` tests each event on its own games.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from lcb_lab.games.lcb import actions as A
from lcb_lab.games.lcb.content.situation import situation
from lcb_lab.games.lcb.course.staging import begin
from lcb_lab.games.lcb.rules.stages.influence import cp_benefit
from lcb_lab.kernel.checkpoints import Checkpoint

if TYPE_CHECKING:
    from lcb_lab.games.lcb.game import Game

TITLE = "The Influence Meter"
"""The lesson's title."""
BLUE, RED = "TF Blue", "TF Red"
STRIKE = (A.LrsAttack("DDG", "LRS1", "Ship", 2), A.LrsAttack("DDG", "LRS1", "P0", 2))
"""The staged strike: 2 dice of LRS(1) at each target."""
METER_OPTIONS = ("RU 2", "RU 1", "0", "US 1", "US 2")


def meter_label(influence: int) -> str:
    """The meter as the board shows it: ``"US 2"`` (2 spaces toward the US), ``"0"``, ``"RU 1"``."""
    return "0" if influence == 0 else f"{'US' if influence > 0 else 'RU'} {abs(influence)}"


def ex_15_25(**kw: Any) -> Game:
    """15.25 EXAMPLE: RU's ``1 Uran`` (F-2) fires LRS at ``1 Alpha`` (F-5) and ``2 Alpha``
    (G-4), face up in town hexes, two dice each (forced 20s: all miss -- the meter moves for
    the attack, not for its result)."""
    g = situation([("1 Uran", "runi_coastal_missile_section", "F-2", RED),
                   ("1 Alpha", "usmc_infantry_platoon", "F-5", BLUE, True),
                   ("2 Alpha", "usmc_infantry_platoon", "G-4", BLUE, True)],
                  features={"F-5": ["town"], "G-4": ["town"]}, initiative="RU",
                  auto={"intercept": "no_intercept"}, **{"forced": [20] * 4, **kw})
    begin(g, RED, A.CoreAction("move_combat", ("1 Uran",)))
    g.apply(A.CommitCombat(lrs=(A.LrsAttack("1 Uran", "LRS1", "1 Alpha", 2), A.LrsAttack("1 Uran", "LRS1", "2 Alpha", 2))))
    g.apply(A.ResolveCombat())
    return g


def staged(**kw: Any) -> Game:
    """The checkpoints' situation: turn 1, RU has the initiative and passed its impulse; TF
    Blue's ``DDG`` (DDG(X), F-12) has Move and/or Combat declared; RU's ``Ship`` (a DDG, F-3)
    and ``P0`` (a platoon in town hex D-8) are face up.  Dice forced to 1s unless ``forced``
    is given; RU answers no INTERCEPT."""
    g = situation([("DDG", "usn_ddg_x", "F-12", BLUE), ("Ship", "rubf_ddg", "F-3", RED, True),
                   ("P0", "runi_naval_infantry_platoon", "D-8", RED, True)],
                  naval=[f"F-{r}" for r in range(1, 6)], mixed=["F-12", "D-8"], features={"D-8": ["town"]},
                  initiative="RU", auto={"intercept": "no_intercept"}, **{"forced": [1, 1, 1, 1], **kw})
    begin(g, RED)
    g.apply(A.EndImpulse())
    begin(g, BLUE, A.CoreAction("move_combat", ("DDG",)))
    return g


def strike(game: Game) -> None:
    """Commit and resolve :data:`STRIKE` (7.3)."""
    game.apply(A.CommitCombat(lrs=STRIKE))
    game.apply(A.ResolveCombat())


def meter_after_strike(game: Game) -> str:
    """The meter after :func:`strike` on a fork of ``game`` (:func:`meter_label`)."""
    f = game.fork()
    strike(f)
    return meter_label(f.state.influence)


def ap_at(influence: int, team: str = "US") -> int:
    """The AP ``team``'s Task Force gets in an impulse of a turn that began with the meter at
    ``influence`` (signed: positive toward the US), by the engine on a staged game."""
    tf = BLUE if team == "US" else RED
    g = situation([("Inf", "usmc_infantry_platoon", "F-6", BLUE), ("Anna", "runi_naval_infantry_platoon", "H-6", RED)],
                  influence=influence, initiative=team)
    g.apply(A.BeginImpulse(tf))
    return g.impulse.ap


def checkpoints(game: Game | None = None) -> list[Checkpoint]:
    """The chapter's checkpoints on ``game`` (default: a fresh :func:`staged`)."""
    g = game or staged()
    return [
        Checkpoint("ch15.strike", "The meter stands at 0. DDG destroys both the RU destroyer and the platoon in the "
                   "town hex D-8. Where does the meter stand after the combat?", kind="choice", options=METER_OPTIONS,
                   answer=lambda: meter_after_strike(g), rule="15.23",
                   hint="Sinking an enemy naval unit moves the meter toward you (15.23); attacking a town hex with "
                        "LRS moves it toward the other team (15.25). Two kills are not three (15.22).",
                   explanation="One space toward the US for the destroyer (15.23), one toward RU for the LRS into "
                               "the town (15.25): back to 0."),
        Checkpoint("ch15.ap", "A turn begins with the meter 6 spaces toward the US. How many AP does TF Blue get "
                   "in its impulse?", kind="number", answer=lambda: ap_at(6), rule="15.13",
                   hint="At 6 to 8 every player of that side receives 1 more Action Point each turn.",
                   explanation=lambda: f"{ap_at(0)} AP as usual (3.3) plus 1 (15.13): {ap_at(6)}."),
        Checkpoint("ch15.cp", "The meter stands 3 toward the US. How many extra CP does the US get on a Planning "
                   "Stage the scenario grants?", kind="number", answer=lambda: cp_benefit(3, "US"), rule="15.12",
                   hint="At 3 to 5 the favoured side gains CP on the turns the scenario gives CP.",
                   explanation="+5 CP (15.12); the benefit starts the turn after the meter gets there (15.1)."),
    ]


CHECKPOINTS: list[Checkpoint] = checkpoints()
"""The chapter's checkpoints on :func:`staged` (answers computed when asked)."""
