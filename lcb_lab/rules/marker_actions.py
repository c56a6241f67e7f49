"""The free action of a card's marker (13.21, 13.12, 12.2x): move once per impulse, then an
effect, combat, conceal, unload / load / re-embark.  Issue 8 contract -- owned by the
markers helper (the transport helper adds the ``unload`` / ``load`` / ``reembark`` steps
through :data:`STEPS`)."""
from __future__ import annotations

from typing import Callable

from ..errors import IllegalAction

STEPS: dict[str, Callable] = {}
"""``then`` -> function(ctx, marker, action) doing that step after the move (each module
registers its own)."""


OFFERS: list[Callable] = []
"""Functions ``game -> [MarkerAction]`` each module registers for its markers (transport: 12.2x)."""


def marker_action_act(game, c, a) -> None:
    """Handler of :class:`lcb_lab.actions.MarkerAction`."""
    m = c.state.card_markers.get(a.marker)     # transport's markers move in their own steps (landing.py, 12.2x)
    if m is not None and (m.data.get("amphibious") or m.data.get("littoral")):
        step = STEPS.get("_transport_move" if a.then == "none" else a.then)
        if step is None:
            raise IllegalAction("13.21", f"a landing craft's marker may unload, load, reembark or only move, not {a.then!r}")
        return step(c, m, a)
    raise IllegalAction("13.21", "marker actions are not built yet")


def offers(game) -> list:
    """The MarkerAction actions the active impulse may take now."""
    return [a for f in OFFERS for a in f(game)]
