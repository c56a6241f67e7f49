"""Overwatch (l.399-423).

* Only Trained (d8) or better units, never Irregulars (l.403); only the initiative side, declared
  before any of its units is activated (l.405).
* An Overwatch unit may interrupt the Reaction of a hostile unit in its sight (l.407): a Reaction
  Test, the Overwatch unit +1, made before the reacting unit's own Reaction Test (l.413).  Reading:
  the Overwatch unit is the initiative unit of that test, so it "passes" unless the reacting unit
  wins (4+ and higher, ties to the initiative side, l.318).
* Passing, it fires first; a reacting unit wiped out does not react (l.419; Pinned and Shaken are
  not in the fragment).  Failing, the reacting unit completes its Reaction, then the Overwatch unit
  fires last if the target is still there and in sight, and falls off Overwatch (l.421-423).
* Each Overwatch fire after the first costs one Firepower die (l.409); it may interrupt until it
  runs out of dice or fails a test.  Sandbox: the reacting unit does not return fire at it.
* Opportunity Fire (l.324): an initiative unit not yet activated may give up its activation to
  fire at a reacting unit (:func:`opportunity_fire`; reading in ``docs/force_on_force.md``).
"""
from __future__ import annotations

from typing import Any

from lcb_lab.games.force_on_force import geometry
from lcb_lab.games.force_on_force.model.units import Unit
from lcb_lab.games.force_on_force.observer import note
from lcb_lab.games.force_on_force.rules.combat import attack
from lcb_lab.games.force_on_force.rules.movement import reveal
from lcb_lab.games.force_on_force.rules.reaction import reaction_test
from lcb_lab.games.force_on_force.state import Reaction
from lcb_lab.kernel.errors import IllegalAction
from lcb_lab.kernel.explain import possessive


def check_go(g: Any, u: Unit) -> None:
    """Raise IllegalAction when ``u`` may not go on Overwatch now (l.403, l.405)."""
    s = g.state
    if s.phase != "overwatch":
        raise IllegalAction("l.405", "Overwatch is declared before any unit of the initiative force is activated")
    if u.side != s.initiative:
        raise IllegalAction("l.405", "only the force with initiative may use Overwatch")
    if u.irregular:
        raise IllegalAction("l.403", f"{u.name} is Irregular: Irregular units may not use Overwatch")
    if u.tq < 8:
        raise IllegalAction("l.403", f"{u.name} is d{u.tq}: Overwatch needs Trained (d8) or better")
    if u.overwatch:
        raise IllegalAction("l.405", f"{u.name} is already on Overwatch")


def firepower(u: Unit) -> int:
    """An Overwatch unit's Firepower dice for its next fire (one fewer per fire after the first, l.409)."""
    return max(0, u.figures - u.overwatch_fires - u.jammed)


def check_interrupt(g: Any, ow: Unit, target: Unit) -> None:
    """Raise IllegalAction unless Overwatch unit ``ow`` may interrupt ``target``'s Reaction (l.407-409)."""
    if not ow.overwatch:
        raise IllegalAction("l.407", f"{ow.name} is not on Overwatch")
    if not geometry.line_of_sight(g.table, ow.pos, target.pos):
        raise IllegalAction("l.407", f"{target.name} is not in {possessive(ow.name)} line of sight")
    if firepower(ow) <= 0:
        raise IllegalAction("l.409", f"{ow.name} has no Firepower dice left")


def before_reaction(g: Any, r: Reaction) -> list[str]:
    """Resolve the interrupts of ``r``'s Reaction before its Reaction Test (l.413); returns the
    Overwatch units that failed and fire last (l.421)."""
    s, last = g.state, []
    target = s.units[r.unit]
    for i in (i for i in s.activation.interrupts if i.target == r.unit and i.overwatch not in opportunity(g)):
        ow = s.units[i.overwatch]
        if not (ow.alive and ow.overwatch and target.alive and firepower(ow) > 0):
            note(g, "overwatch", f"{ow.name} can no longer interrupt {target.name}", ["l.409"])
            continue
        won = reaction_test(g, ow, target, init_overwatch=True, why="; an Overwatch interrupt before the "
                            "reacting unit's own test (l.413)")
        if won:
            note(g, "overwatch", f"{ow.name} fails the Overwatch Reaction Test: {target.name} completes its "
                 "Reaction first", ["l.421"])
            ow.overwatch = False
            last.append(ow.name)
            continue
        fp = firepower(ow)
        ow.overwatch_fires += 1
        reveal(g, ow)
        attack(g, ow.name, target, fp, ow.die, ["l.419", "l.409"])
        if not target.alive:
            r.cancelled = True
            return last
    return last


def opportunity(g: Any) -> list[str]:
    """The units of the pending activation's interrupts that are Opportunity Fire (not on Overwatch)."""
    return [i.overwatch for i in g.state.activation.interrupts if not g.state.units[i.overwatch].overwatch
            and not g.state.units[i.overwatch].fallen_off]


def opportunity_fire(g: Any, target: Unit) -> None:
    """Opportunity Fire at ``target`` once its Reaction is done (l.324; reading: no Reaction Test,
    in sight of where it is now, with the unit's whole Firepower)."""
    for n in opportunity(g):
        if not any(i.overwatch == n and i.target == target.name for i in g.state.activation.interrupts):
            continue
        u = g.state.units[n]
        if u.alive and target.alive and geometry.line_of_sight(g.table, u.pos, target.pos):
            reveal(g, u)
            attack(g, u.name, target, u.firepower(), u.die, ["l.324"])
        else:
            note(g, "opportunity", f"{u.name} has no shot at {target.name}: its activation is spent", ["l.324"])


def fire_last(g: Any, names: list[str], target: Unit) -> None:
    """The failed Overwatch units fire last at ``target`` if it is still there and in sight, then
    fall off Overwatch (l.421-423)."""
    for n in names:
        ow = g.state.units[n]
        if ow.alive and target.alive and geometry.line_of_sight(g.table, ow.pos, target.pos) and firepower(ow):
            fp = firepower(ow)
            ow.overwatch_fires += 1
            reveal(g, ow)
            attack(g, ow.name, target, fp, ow.die, ["l.421"])
        else:
            note(g, "overwatch", f"{ow.name} has no shot at {target.name} any more", ["l.421"])
        ow.fallen_off = True
        note(g, "overwatch", f"{ow.name} falls off Overwatch: for the rest of the turn it only fires back at units "
             "that fire at it", ["l.423"])
