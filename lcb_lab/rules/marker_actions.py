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


def marker_action_act(game, c, a) -> None:
    """Handler of :class:`lcb_lab.actions.MarkerAction`."""
    raise IllegalAction("13.21", "marker actions are not built yet")


def offers(game) -> list:
    """The MarkerAction actions the active impulse may take now."""
    return []
