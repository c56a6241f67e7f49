"""The handlers of the game's typed actions: each checks (:mod:`.checks`), then applies the act
and logs every step with its line of the text.  Turn ends and the game's end live here too."""
from __future__ import annotations

from typing import Any

from lcb_lab.games.force_on_force import actions as A
from lcb_lab.games.force_on_force import checks as C
from lcb_lab.games.force_on_force.observer import note
from lcb_lab.games.force_on_force.rules import chain, crossing, overwatch, spotting
from lcb_lab.games.force_on_force.rules.combat import artillery
from lcb_lab.games.force_on_force.rules.movement import reveal
from lcb_lab.games.force_on_force.state import Activation, Declared, Interrupt, Pending, Reaction
from lcb_lab.kernel import choices as K
from lcb_lab.kernel.errors import IllegalAction

VICTORY = "sandbox: after the last turn, the side that lost fewer figures wins (the fragment has no victory rule)"
"""The sandbox victory condition, as logged."""


def go_on_overwatch(g: Any, a: A.GoOnOverwatch) -> None:
    """Put a unit on Overwatch (l.403-405)."""
    u = C.own(g, a.unit, g.state.initiative)
    overwatch.check_go(g, u)
    u.overwatch = True
    note(g, "overwatch", f"{u.name} goes on Overwatch", ["l.405"], "declared before any activation; not "
         "interruptible")


def start_activations(g: Any, a: A.StartActivations) -> None:
    """End the Overwatch declarations (l.405)."""
    if g.state.phase != "overwatch":
        raise IllegalAction("l.405", "the Overwatch declarations are over")
    g.state.phase = "activate"
    note(g, "phase", f"{g.state.initiative} activates its units", ["l.182"])


def _open(g: Any, d: Declared, what: str) -> None:
    s = g.state
    u = s.units[d.unit]
    u.activated, s.acts = True, s.acts + 1
    reveal(g, u)
    s.activation = Activation(d)
    note(g, "activate", f"{u.name} activates: {what}", ["l.182", "l.186"], unit=u.name)
    s.last_choice_id = K.push(s.choices, Pending("react", s.other(s.initiative), "l.350"), s.last_choice_id)


def activate(g: Any, a: A.Activate) -> None:
    """Declare an activation; the non-initiative player is asked for Reactions (l.182, l.350)."""
    C.check_activate(g, a)
    what = " then ".join(x for x in (f"{'Rapid' if a.rapid else 'Tactical'} move to {a.to}" if a.to else "",
                                     f"fire at {a.fire_at}" if a.fire_at else "") if x)
    g.state.units[a.unit].rapid |= a.rapid
    _open(g, Declared(a.unit, a.to, a.fire_at, a.rapid), what)


def breach_(g: Any, a: A.Breach) -> None:
    """Declare a breach (l.5-15); Reactions may be declared against it (l.240)."""
    C.check_breach(g, a)
    _open(g, Declared(a.unit, breach=a.target), f"breach and close assault {a.target}")


def _simple(g: Any, a: Any) -> Any:
    u = C.check_simple(g, a)
    u.activated, g.state.acts = True, g.state.acts + 1
    return u


def hide(g: Any, a: A.Hide) -> None:
    """Go into hiding (l.124-128); no Reaction to it (l.212, l.246)."""
    spotting.hide(g, _simple(g, a))


def spot(g: Any, a: A.Spot) -> None:
    """Search a feature for hidden units (l.114-118); no Reaction to it (l.236, l.246)."""
    spotting.search(g, _simple(g, a), a.feature)


def artillery_(g: Any, a: A.Artillery) -> None:
    """Request a salvo (l.88; sandbox salvo); no Reaction to it (l.210, l.246)."""
    u = _simple(g, a)
    artillery(g, u, g.state.units[a.target])
    _maybe_over(g)


def cross(g: Any, a: A.Cross) -> None:
    """Swim or climb an obstacle (l.39, l.52); sandbox: resolved at once, without Reactions."""
    crossing.cross(g, _simple(g, a), a.obstacle)
    _maybe_over(g)


def react(g: Any, a: A.React) -> None:
    """Declare one unit's Reaction; it counts for Firepower at once (l.354).  A Rapid Reaction
    move is a Rapid move the unit is making: -1 on its Reaction Tests from now on (l.320, l.332),
    as for an initiative unit's declared Rapid move."""
    u = C.check_react(g, a)
    u.reactions += 1
    u.rapid |= a.how == "move" and a.rapid
    g.state.activation.reactions.append(Reaction(a.unit, a.how, a.to, a.rapid))
    extra = " (a Reaction after its first: -1 Firepower die, -1\")" if u.reactions > 1 else ""
    note(g, "react", f"{a.unit} declares a Reaction: " + ("fire" if a.how == "fire" else
         f"{'Rapid' if a.rapid else 'Tactical'} move to {a.to}") + extra, ["l.248", "l.364"] if extra else ["l.248"])


def done_reacting(g: Any, a: A.DoneReacting) -> None:
    """Close the Reaction declarations; Overwatch units may interrupt (l.407) or the chain resolves."""
    s = g.state
    K.pop(s.choices, C.pending(g, s.other(s.initiative), "react"))
    note(g, "react", f"{s.other(s.initiative)} declares {len(s.activation.reactions)} Reaction(s)", ["l.350"])
    if s.activation.reactions and any(u.alive and (u.overwatch or not u.activated)
                                      for u in s.units.values() if u.side == s.initiative):
        # asked whether or not a unit sees a reactor: where the asker's hidden units stand must not show
        s.last_choice_id = K.push(s.choices, Pending("interrupt", s.initiative, "l.407"), s.last_choice_id)
        return
    chain.resolve(g)
    _maybe_over(g)


def interrupt(g: Any, a: A.Interrupt) -> None:
    """Declare an Overwatch interrupt of a Reaction (l.407), or Opportunity Fire (l.324)."""
    u = C.check_interrupt(g, a)
    g.state.activation.interrupts.append(Interrupt(a.unit, a.target))
    if u.overwatch:
        note(g, "overwatch", f"{a.unit} (Overwatch) will interrupt {a.target}'s Reaction", ["l.407"])
        return
    u.activated = True
    note(g, "opportunity", f"{a.unit} gives up its activation this turn to fire at {a.target} (Opportunity Fire)",
         ["l.324"], "reading: it fires once the Reaction is done, without a Reaction Test")


def done_interrupting(g: Any, a: A.DoneInterrupting) -> None:
    """Close the interrupts and resolve the chain (l.358-364)."""
    K.pop(g.state.choices, C.pending(g, g.state.initiative, "interrupt"))
    chain.resolve(g)
    _maybe_over(g)


def end_turn(g: Any, a: A.EndTurn) -> None:
    """The initiative player is done; the next turn begins (sandbox: initiative alternates)."""
    s = g.state
    if s.phase != "activate" or s.choices:
        raise IllegalAction("l.182", "the turn ends after the Overwatch declarations, with nothing pending")
    note(g, "turn", f"{s.initiative} ends turn {s.turn}", ["l.170"])
    if s.turn >= s.max_turns:
        finish(g)
        return
    s.turn, s.acts, s.initiative, s.phase = s.turn + 1, 0, s.other(s.initiative), "overwatch"
    for u in s.units.values():
        u.activated = u.rapid = u.lost_test = u.reaction_moved = u.reaction_fired = False
        u.overwatch = u.fallen_off = False
        u.reactions = u.overwatch_fires = u.jammed = 0
    note(g, "turn", f"Turn {s.turn}: {s.initiative} has the initiative", ["l.172"],
         "sandbox: the initiative alternates (the fragment does not say how it is won)")
    for side in sorted(s.uav, key=lambda x: x != s.initiative):
        spotting.uav_detection(g, side)


def _maybe_over(g: Any) -> None:
    s = g.state
    if any(not any(u.alive for u in s.units.values() if u.side == side) for side in s.lost):
        finish(g)


def finish(g: Any) -> None:
    """End the game with the sandbox victory condition (:data:`VICTORY`)."""
    s = g.state
    alive = {side: sum(u.figures for u in s.units.values() if u.side == side) for side in s.lost}
    if min(alive.values()) == 0:
        s.winner = max(alive, key=alive.get)
    else:
        a, b = s.lost["Blue"], s.lost["Red"]
        s.winner = "Blue" if a < b else "Red" if b < a else "draw"
    s.phase, s.choices = "over", []
    note(g, "over", f"Game over: {s.winner if s.winner == 'draw' else s.winner + ' wins'} (figures lost: Blue "
         f"{s.lost['Blue']}, Red {s.lost['Red']})", ["l.170"], VICTORY)


HANDLERS = {A.GoOnOverwatch: go_on_overwatch, A.StartActivations: start_activations, A.Activate: activate,
            A.Breach: breach_, A.Hide: hide, A.Spot: spot, A.Artillery: artillery_, A.Cross: cross,
            A.EndTurn: end_turn, A.React: react, A.DoneReacting: done_reacting, A.Interrupt: interrupt,
            A.DoneInterrupting: done_interrupting}
"""Action class -> handler."""
