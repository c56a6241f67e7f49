"""16.0: JCCs cannot negate Event Cards -- a card whose target names an Event Card is refused.

A card's target names an event as ``"event:<name>"`` (any card of the deck) or by the bare name
of a drawn event. The card rules ask :func:`refuse_negation` before their own target checks (a
NULLIFY on the own impulse, 9.21; a response, 9.41; any effect's targets, 9.0)."""
from __future__ import annotations

from typing import Iterable

from lcb_lab.kernel.errors import IllegalAction
from lcb_lab.games.lcb.model.state import GameState
from lcb_lab.games.lcb.model.events import load_events

EVENT_PREFIX = "event:"
"""How a card's target may name an Event Card: ``"event:Fleeing Masses"`` (or its bare name)."""


def event_named(state: GameState, ref: object) -> str | None:
    """The drawn Event Card ``ref`` names (``"event:<name>"`` or the bare name), or None."""
    if not isinstance(ref, str):
        return None
    name = ref[len(EVENT_PREFIX):] if ref.startswith(EVENT_PREFIX) else ref
    drawn = {e["name"] for e in state.events_drawn}
    return name if name in drawn or (ref.startswith(EVENT_PREFIX) and name in load_events().names()) else None


def refuse_negation(state: GameState, card_name: str, targets: Iterable[object] | None) -> None:
    """16.0: no JCC negates an Event Card -- IllegalAction when one of ``targets`` names one."""
    for t in targets or ():
        name = event_named(state, t)
        if name is not None:
            raise IllegalAction("16.0", f"{card_name} cannot negate the Event Card {name}: JCCs cannot negate "
                                "Event Cards")
