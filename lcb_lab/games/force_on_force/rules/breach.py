"""The Breach (l.5-15): a unit blows its way into a building and close assaults the occupants.

* The breaching unit needs no Troop Quality Check to close (l.7).
* The defenders may not flee (l.9).  They make their Troop Quality Check (sandbox: 4+; the close
  assault rules are not in the fragment); passing, they fire defensively with two Firepower dice
  fewer, and the breacher adds two Defense dice -- three with breaching equipment or flash-bangs
  (l.9).  Six Trained terrorists fire 4D8, not 6D8 (l.15); two figures or fewer have no die
  left and do not fire (no Defense dice are rolled either).  Failing, they do not fire (reading).
* The close combat itself is not in the fragment: sandbox, the breacher then fires its Firepower
  at the defenders (:mod:`.combat`).
Sandbox placement: the target is inside a building and the breacher within 1" of it, outside.
"""
from __future__ import annotations

from typing import Any

from lcb_lab.games.force_on_force import geometry
from lcb_lab.games.force_on_force.model.units import Unit
from lcb_lab.games.force_on_force.observer import note
from lcb_lab.games.force_on_force.rules.combat import attack
from lcb_lab.kernel.errors import IllegalAction

PENALTY = 2
"""Firepower dice the defenders lose (l.9)."""


def check(g: Any, u: Unit, target: Unit) -> None:
    """Raise IllegalAction unless ``u`` may breach into ``target``'s building (module doc)."""
    f = geometry.feature_at(g.table, target.pos)
    if f is None or f.kind != "building":
        raise IllegalAction("l.5", f"{target.name} is not in a building: there is nothing to breach")
    if not geometry.near_edge(f, u.pos) or geometry.feature_at(g.table, u.pos) is f:
        raise IllegalAction("l.5", f"{u.name} is not at the outside of {f.name} (sandbox: within 1\")")


def resolve(g: Any, u: Unit, target: Unit) -> None:
    """Resolve the breach and close assault of ``u`` on ``target`` (module doc)."""
    note(g, "breach", f"{u.name} breaches into the building and closes with {target.name} without a Troop Quality "
         "Check", ["l.7"])
    note(g, "odds", f"Odds: {target.name} passes its Troop Quality Check {(target.tq - 3) / target.tq:.1%}", ["l.9"],
         f"sandbox check: d{target.tq} 4+; the defenders may not flee")
    r = g.dice.roll(1, f"troop quality check {target.name}", target.die)[0]
    if r >= 4:
        fp = max(0, target.firepower() - PENALTY)
        bonus = 3 if u.breach_kit else 2
        note(g, "breach", f"{target.name} passes (d{target.tq} {r}) but may not flee; defensive fire "
             f"{target.firepower()}D{target.tq} - {PENALTY} = {fp}D{target.tq}, {u.name} +{bonus} Defense dice",
             ["l.9", "l.15"], "shock and surprise of the breach" + (" (breaching kit or flash-bangs: +3)"
                                                                    if u.breach_kit else ""))
        if fp:
            attack(g, target.name, u, fp, target.die, ["l.9"], bonus=bonus)
        else:
            note(g, "breach", f"{target.name} has no Firepower die left after the penalty: no defensive fire",
                 ["l.9"], "two dice fewer than its one die per figure leaves none to roll")
    else:
        note(g, "breach", f"{target.name} fails its Troop Quality Check (d{target.tq} {r}): no defensive fire",
             ["l.9"], "reading: failing, the stunned defenders neither flee nor fire")
    if u.alive and target.alive:
        attack(g, u.name, target, u.firepower(), u.die, ["l.5"])
