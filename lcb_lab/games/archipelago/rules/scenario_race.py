"""The symmetric forms of the scenarios (l.1421, l.1442, l.1550): both sides have the task at once.

Each side keeps the task the text prints for it (the scenario's, and its variation's for the other
side); the checks run at the end of every turn (:func:`~.scenario_task.check`), counts in
``state.progress``.  Each returns ``(winner or "" for a draw, why)`` or None.

* ``exit_race`` (Convoy, l.1421): each side's cargo ships leave through its own exit sectors
  (l.1413, l.1419, :func:`~.scenario_pieces.leave`); "the winner is the player who brings out more
  cargo ships by the end of 35th turn".  *Reading*: decided at the limit, or earlier once a side
  has more out than the other can still reach (its out and afloat together); as many out on each
  side is a draw (sandbox, the scenario's ``fail``).
* ``deploy_race`` (Oil Platform, l.1442): "the winner is the player who deploys Oil Platform
  first" -- its platform off the MLP in its goal sector at the end of its turn (l.1433, l.1441).
  *Reading*: a side whose platform is lost can no more win; both lost, or none deployed by the
  limit, is a draw.
* ``sabotage_race`` (Hidden Landing, l.1550): the first side whose S-32 sets its saboteurs ashore on
  an island of an enemy base (:func:`~.scenario_task.saboteurs_land`) wins.  *Reading*: both S-32
  lost, or nobody landed by the limit, is a draw.
"""
from __future__ import annotations

from typing import Any

from lcb_lab.games.archipelago.model.scenario_book import side_of
from lcb_lab.games.archipelago.model.state import PLAYERS, other
from lcb_lab.games.archipelago.rules.scenario_pieces import leave, out_count, task_pieces

Outcome = tuple[str, str] | None


def _exit_race(g: Any, t: dict, final: bool) -> Outcome:
    s = g.state
    leave(g, t, s.to_move)
    out = {side: out_count(s, t, side) for side in PLAYERS}
    afloat = {side: sum(1 for i in task_pieces(g, t, side) if i in s.pieces) for side in PLAYERS}
    for side in PLAYERS:
        foe = other(side)
        if out[side] > out[foe] + afloat[foe]:
            return side, f"{side} has brought out {out[side]} cargo ships, more than {foe} can"
    if not (final or not any(afloat.values())):
        return None
    if out["Red"] != out["Blue"]:
        side = max(PLAYERS, key=out.get)
        return side, f"{side} has brought out more cargo ships ({out[side]} to {out[other(side)]})"
    return t["fail"], f"as many cargo ships out on each side ({out['Red']})"


def _deploy_race(g: Any, t: dict, final: bool) -> Outcome:
    s = g.state
    lost = []
    for side in (s.to_move, other(s.to_move)):
        pid = task_pieces(g, t, side)[0]
        op = s.pieces.get(pid)
        if op is None:
            lost.append(pid)
        elif not op.aboard and g.board.sector(op.at) in side_of(t, "goal_sectors", side):
            return side, f"{side}'s oil platform stands deployed in {g.board.sector(op.at)} first"
    if len(lost) == 2:
        return t["fail"], "both oil platforms are lost"
    return (t["fail"], "no oil platform is deployed in time") if final else None


def _sabotage_race(g: Any, t: dict, final: bool) -> Outcome:
    s = g.state
    side = s.to_move
    if s.progress.get(f"landed {side}"):
        return side, f"{side}'s saboteurs are ashore on an island of an enemy base first"
    if not any(i in s.pieces or i in s.hidden for i in t["task_pieces"]):
        return t["fail"], "both S-32 are lost with their commandos"
    return (t["fail"], "no saboteurs are landed in time") if final else None


RACES = {"exit_race": _exit_race, "deploy_race": _deploy_race, "sabotage_race": _sabotage_race}
"""The symmetric tasks by kind, joined to :data:`~.scenario_task.TASKS`."""
