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

:func:`hp_max_seen` is a counter's HP top as a viewer may know it (9.31 with 9.02);
:func:`may_hold_mildec` whether a viewer cannot rule out a MILDEC in a hex (4.22 with 6.11: the
combat's MILDEC choice is asked exactly then), from the backs of that hex alone (:func:`backs_in`).

:func:`enemy_counters_seen` is what a check of "an enemy in the hex" may read (6.11): the enemy
counters a team sees, never the truth behind a back (8.05, 12.1, 13.52).

:func:`redact_names` names every counter a viewer may not know as one neutral phrase (a refusal's
reason speaks of the true state).
"""
from __future__ import annotations

import re

from lcb_lab.games.lcb.model.cards import Decks, load_decks
from lcb_lab.games.lcb.model.catalog import Catalog
from lcb_lab.games.lcb.model.state import GameState, Marker, Unit
from lcb_lab.games.lcb.model.state import other
from lcb_lab.games.lcb.observer import _back_groups, hidden_sub, knows
from lcb_lab.kernel.errors import UnknownName

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


def hp_max_seen(state: GameState, catalog: Catalog, decks: Decks | None, viewer: str | None, u: Unit) -> int:
    """``u``'s HP at most as ``viewer`` may know it (4.21, 9.31): its type's HP plus the HP change
    of each card Attached to it that the viewer knows (the other team knows a face-down card
    only as "a card", 9.02), and never below the HP it has.  ``decks`` None: the packaged decks."""
    top = catalog.unit(u.type_id).hp
    for c in state.cards.values():
        if c.where == "attached" and c.host == u.uid and knows(state, viewer, c):
            try:
                top += (decks or load_decks()).card(c.team, c.name).hp_bonus
            except UnknownName:
                continue
    return max(top, u.hp)


def backs_in(state: GameState, viewer: str | None, hex_label: str,
             catalog: Catalog | None = None) -> list[Unit | Marker]:
    """The counter each back ``viewer`` sees in ``hex_label`` stands for (a Task Force Counter's
    first unit, 4.35; 6.11, 14.03): :func:`lcb_lab.games.lcb.observer._back_groups` of that hex
    alone -- for a question about one hex (4.22), not the whole map's backs."""
    return [group[0] for _, group in _back_groups(state, viewer, catalog, hex_label)]


def may_hold_mildec(state: GameState, viewer: str | None, hex_label: str, team: str,
                    catalog: Catalog | None = None, besides: Unit | None = None) -> bool:
    """Whether ``viewer`` cannot rule out that ``team`` holds a MILDEC in ``hex_label`` (4.22):
    it sees one there face up, or any back of ``team`` there -- a unit or a MILDEC, they look
    alike (6.11; an unrevealed submarine is not seen at all, 14.03).  The game pauses for the
    defender's MILDEC choice exactly then, so the pause tells the attacker nothing it does not
    see: every true MILDEC is such a counter, and without one the defender's choice offers none.
    ``besides``: the hit unit itself, never its own MILDEC, is not counted (a mine may hit a back)."""
    if any(m.hex == hex_label and m.team == team and not m.destroyed and knows(state, viewer, m)
           for m in state.markers.values()):
        return True
    return any(c.team == team and c is not besides for c in backs_in(state, viewer, hex_label, catalog))


def enemy_counters_seen(state: GameState, catalog: Catalog | None, team: str,
                        hex_label: str | None = None) -> list[Unit | Marker]:
    """The enemy counters on the map ``team`` sees (6.11; ``hex_label``: in that hex): every
    living enemy unit -- face up or as a back -- but an unrevealed submarine, of which it sees
    nothing (14.03), and every enemy MILDEC it sees only as a back (4.22: it may be a unit); a
    face-up MILDEC is a known decoy, not counted.  The same in two worlds that look the same to
    ``team``, so a check that reads it (RESUPPLY's path 8.05, a landing hex 12.1, a Fortification's
    hex 13.52) refuses or accepts alike in both."""
    foe = other(team)
    units = [u for u in state.units.values() if u.team == foe and not u.destroyed and u.hex is not None
             and hex_label in (None, u.hex) and not hidden_sub(u, catalog, team)]
    return units + [m for m in state.markers.values() if m.team == foe and not m.destroyed and m.hex is not None
                    and hex_label in (None, m.hex) and not knows(state, team, m)]
