"""Chains of Actions and Reactions (l.334-368), resolved when the declarations are complete.

1. Reaction Tests from the non-initiative unit nearest to the activated unit outward (l.358),
   each preceded by the Overwatch interrupts of that Reaction (l.413).  A unit that loses may not
   React again this turn (l.288, l.312).
2. The Reactions that *lost* are resolved first, nearest outward (l.360); then those that *won*
   (l.362); then the initiative unit completes its activation (l.364, l.368).
3. Reading of "who acts first" for each Reaction (the text orders the chain but also says a lost
   Reaction comes after the initiative unit's action, l.280-288): a lost Reaction sees the
   initiative unit where its declared move ends -- out of sight, the fire is wasted (Example 2,
   l.310) -- and if the initiative unit fires at that reactor, it fires first; a won Reaction sees
   it where it stood and acts before it (Example 1, l.298-306) -- or, for a unit that could not
   see it then and declared as it moved into sight (l.352), where the move ends.
4. A declaration counts as a Reaction even if it comes to nothing (l.354-356): each Reaction after
   the first costs one Firepower die and 1" of movement (l.364), counted when declared.
"""
from __future__ import annotations

from typing import Any

from lcb_lab.games.force_on_force import geometry
from lcb_lab.games.force_on_force.observer import knows, note
from lcb_lab.games.force_on_force.rules import breach, overwatch
from lcb_lab.games.force_on_force.rules.combat import attack
from lcb_lab.games.force_on_force.rules.movement import move, reveal
from lcb_lab.games.force_on_force.rules.reaction import reaction_test
from lcb_lab.games.force_on_force.state import Reaction
from lcb_lab.kernel.explain import possessive


def ordered(g: Any) -> list[Reaction]:
    """The declared Reactions nearest the activated unit first (l.358; ties by name, sandbox)."""
    s = g.state
    init = s.units[s.activation.act.unit]
    return sorted(s.activation.reactions,
                  key=lambda r: (geometry.distance(s.units[r.unit].pos, init.pos), r.unit))


def resolve(g: Any) -> None:
    """Resolve the whole chain of the pending activation (module doc), then clear it."""
    s = g.state
    act = s.activation.act
    init = s.units[act.unit]
    chain = ordered(g)
    last: dict[str, list[str]] = {}
    if chain:
        note(g, "chain", "Reaction Tests, nearest first: " + ", ".join(r.unit for r in chain), ["l.358"])
    for r in chain:
        last[r.unit] = overwatch.before_reaction(g, r)
        if r.cancelled or not init.alive:
            continue
        r.won = reaction_test(g, init, s.units[r.unit])
        s.units[r.unit].lost_test = s.units[r.unit].lost_test or not r.won
    for won, rule in ((False, "l.360"), (True, "l.362")):
        for r in (r for r in chain if r.won == won and not r.cancelled):
            _one(g, r, rule)
            overwatch.fire_last(g, last.get(r.unit, []), s.units[r.unit])
            overwatch.opportunity_fire(g, s.units[r.unit])
    for r in chain:
        if r.cancelled:
            overwatch.fire_last(g, last.get(r.unit, []), s.units[r.unit])
            overwatch.opportunity_fire(g, s.units[r.unit])
    complete(g)


def _init_fires_first(g: Any, r: Reaction) -> None:
    s = g.state
    act, init, me = s.activation.act, s.units[s.activation.act.unit], s.units[r.unit]
    if act.fire_at == r.unit and not s.activation_fired and init.alive and me.alive:
        end = g.table.point(act.to) if act.to else init.pos
        if geometry.line_of_sight(g.table, end, me.pos):
            s.activation_fired = True
            attack(g, init.name, me, init.firepower(), init.die, ["l.282", "l.288"])


def _one(g: Any, r: Reaction, rule: str) -> None:
    s = g.state
    act, init, me = s.activation.act, s.units[s.activation.act.unit], s.units[r.unit]
    word = "won" if r.won else "lost"
    if not me.alive:
        return
    reveal(g, me)
    if not r.won:
        _init_fires_first(g, r)
        if not me.alive:
            return
    if r.kind == "move":
        move(g, me, r.to, r.rapid, [rule, "l.256", "l.264"])
        me.reaction_moved = True
        return
    me.reaction_fired = True
    end = g.table.point(act.to) if act.to else init.pos
    where = init.pos if r.won and geometry.line_of_sight(g.table, me.pos, init.pos) else end
    if not init.alive:
        note(g, "wasted", f"{possessive(me.name)} Reaction ({word}) comes to nothing: {init.name} is gone; it still counts "
             "as a Reaction", [rule, "l.354"])
    elif not geometry.line_of_sight(g.table, me.pos, where):
        note(g, "wasted", f"{me.name} lost the Reaction Test and {init.name} is out of its line of sight: it may "
             "not fire; the declaration still counts as a Reaction", [rule, "l.310", "l.354"])
    else:
        attack(g, me.name, init, me.firepower(), me.die, [rule, "l.280", "l.364"])


def complete(g: Any) -> None:
    """The initiative unit finishes its activation unless combat prevented it (l.344, l.368)."""
    s = g.state
    act = s.activation.act
    init = s.units[act.unit]
    if not init.alive:
        note(g, "aftermath", f"{init.name} was wiped out by the Reactions: its activation ends", ["l.344"])
    else:
        if act.to:
            move(g, init, act.to, act.rapid, ["l.364", "l.368"])
        if act.breach and s.units[act.breach].alive:
            breach.resolve(g, init, s.units[act.breach])
        if act.fire_at and not s.activation_fired:
            t = s.units[act.fire_at]
            if t.alive and knows(s, init.name, {"unit": t.name}) and geometry.line_of_sight(g.table, init.pos, t.pos):
                reveal(g, init)
                attack(g, init.name, t, init.firepower(), init.die, ["l.368"])
            else:
                note(g, "aftermath", f"{init.name} has no shot at {act.fire_at} any more", ["l.368"])
    s.activation = None
    s.activation_fired = False
