"""The observer's answers about the table beside the map: public facts and the redaction of names.

:func:`observe_table` is what every viewer reads of the game's sequence and of the rulings on the
table -- nothing secret (the counters, cards and markers are :mod:`lcb_lab.games.lcb.observer`'s):

* the stage and the result (3.0), the turn's impulses begun and which team each Task Force is
  (3.3, 3.39), who is done with the Planning / Deployment Stage and how many Planning Stages
  have begun (3.1, 3.2, 9.31);
* the instructor's rulings (13.14: logged for everyone, they serve the Proxy Forces of both sides);
* the open card chain (9.46): a played card is face up (9.03), so each link's card, team, number,
  the link it answers and its status -- not its targets (a target may be a counter the viewer
  sees only as a back).

:func:`redact_names` names every counter a viewer may not know as one neutral phrase (a refusal's
reason speaks of the true state).
"""
from __future__ import annotations

import re

from lcb_lab.games.lcb.model.state import GameState
from lcb_lab.games.lcb.observer import knows

__all__ = ["observe_table", "redact_names", "UNSEEN", "LINK_FIELDS"]

UNSEEN = "an unseen counter"
"""How a redacted text names a counter the viewer may not know."""

LINK_FIELDS = ("pid", "card", "team", "responds_to", "status")
"""What every viewer reads of a link of the card chain (9.46)."""


def observe_table(state: GameState, viewer: str | None) -> dict:
    """The public facts of the table (see the module docstring), the same for every ``viewer``:
    ``{"scenario" (its id), "stage", "result", "tf_order", "task_forces", "ready", "planning_stages",
    "optional_rules", "events_drawn", "events_left", "gray_cubes", "action_pool", "cv_changes", "rulings", "chain"}``
    -- ``optional_rules``: the rule numbers switched on (17.0); ``events_drawn``: the Event Cards drawn so
    far, ``{"turn", "name"}`` (public once drawn, 16.0), ``events_left``: how many cards the secret pile
    holds (not their order); ``gray_cubes``: ``{"id", "kind", "hex", "source"}`` (3.26); ``action_pool``:
    {team: AP left} while the Action Pool event holds (3.312); ``cv_changes``: an event's CV changes this
    turn ({"LRS": -2}); -- ``tf_order``: Task Forces that took their impulse this turn, in order;
    ``task_forces``: {Task Force: team}; ``rulings``: ``{"n", "team", "text", "succeeds_on",
    "supply_loss"}`` dicts; ``chain``: link dicts of :data:`LINK_FIELDS`."""
    return {"scenario": state.scenario, "stage": state.stage, "result": state.result, "tf_order": list(state.tf_order),
            "task_forces": dict(state.task_forces), "ready": list(state.ready),
            "planning_stages": state.planning_stages, "optional_rules": list(state.optional_rules),
            "events_drawn": [dict(e) for e in state.events_drawn],
            "events_left": len(state.event_deck),
            "gray_cubes": [{"id": c.gid, "kind": c.kind, "hex": c.hex, "source": c.source}
                           for c in sorted(state.gray_cubes.values(), key=lambda c: c.gid)],
            "action_pool": dict(state.action_pool), "cv_changes": dict(state.cv_changes),
            "rulings": [dict(r) for r in state.rulings],
            "chain": [{k: getattr(lk, k) for k in LINK_FIELDS} for lk in state.chain]}


def redact_names(state: GameState, viewer: str | None, text: str) -> str:
    """``text`` with each unit or MILDEC designator ``viewer`` may not know replaced by
    :data:`UNSEEN` (whole words only; the longest names first).  The instructor (None or
    ``"instructor"``) reads it unchanged."""
    if viewer in (None, "instructor") or not text:
        return text
    hidden = [u for u, x in state.units.items() if not knows(state, viewer, x)]
    hidden += [m for m, x in state.markers.items() if not knows(state, viewer, x)]
    for name in sorted(hidden, key=len, reverse=True):
        text = re.sub(rf"(?<![\w-]){re.escape(name)}(?![\w-])", UNSEEN, text)
    return text
