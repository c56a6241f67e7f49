"""The Fog of War draw (l.372-383): a natural 1 on a unit's Troop Quality die in a Reaction Test
draws a Fog of War card for that unit's player, whose effect applies at once (l.383).

The text prints no card: the deck is *sandbox* (:data:`DECK`, shuffled through the game's dice at
set-up, its discards reshuffled when it runs out).  Reading of the garbled trigger (l.372-374,
"If either player ... die"): each die showing 1 draws one card for its own player, the initiative
unit's first.  No sandbox card is kept for later (the text allows such cards, l.383).
"""
from __future__ import annotations

from typing import Any

from lcb_lab.games.force_on_force.model.units import Unit
from lcb_lab.games.force_on_force.observer import note
from lcb_lab.kernel.dice import Piles, draw_from

DECK: tuple[str, ...] = ("UAV overhead", "UAV overhead", "Weapon jam", "Weapon jam", "Weapon jam",
                         "Friction", "Friction", "Friction")
"""The sandbox Fog of War deck: a UAV for the drawing side (l.132 says a UAV may come as a Fog of
War card), a jam (the unit that rolled the 1 loses one Firepower die this turn), friction (no
effect)."""
EFFECT = {"UAV overhead": "the drawing side has a UAV over the battlefield from now on (l.132, l.136-138)",
          "Weapon jam": "the unit that rolled the 1 loses one Firepower die for the rest of the turn (sandbox)",
          "Friction": "no effect (sandbox)"}
"""What each sandbox card does, as logged."""


def new_piles(g: Any) -> Piles:
    """The sandbox deck shuffled through ``g.dice`` (recorded like any roll)."""
    return Piles(g.dice.shuffle(list(DECK), "shuffle the Fog of War deck (sandbox)"), [])


def draw(g: Any, u: Unit) -> str:
    """Draw one card for ``u``'s player and apply it (l.376-383). Returns the card."""
    s = g.state
    card = draw_from(s.fog, 1, g.dice, "Fog of War deck")[0]
    s.fog.discard.append(card)
    if card == "UAV overhead" and u.side not in s.uav:
        s.uav.append(u.side)
    elif card == "Weapon jam":
        u.jammed += 1
    note(g, "fog_of_war", f"{u.name} rolled a 1: {u.side} draws a Fog of War card: {card}", ["l.372", "l.376"],
         f"{EFFECT[card]}; the deck is sandbox (Reaction Tests and Fog of War, l.372)", card=card, unit=u.name)
    return card
