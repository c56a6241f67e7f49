"""Task Force Counters (4.35): a scenario's group of units under one counter, as plain queries.

A Task Force Counter is organisational: it stands for a group of one team's units in one hex,
which act as ONE stack -- one AP for one Core Action of the whole group, no more than one Core
Action a turn (4.35, like a stack, 3.23, 3.34).  A scenario places it (``[[task_force_counter]]``
in a scenario file, ``task_force_counters={"TF 1": [uids]}`` in ``situation``); each member
records the counter's name in :attr:`lcb_lab.games.lcb.model.state.Unit.tf_counter`.

lcb_lab's reading where the rulebook is silent (*sandbox*, see ``docs/rules_detail.md``):

* the counter holds for the whole scenario: its units may not leave it (a declaration naming
  part of it is refused, and so is a move of one of its units alone, 4.35);
* a unit destroyed or taken off the map (embarked, carried) leaves it; when its living units no
  longer stand together in one hex (a card moved one of them), the counter breaks up
  (:func:`lcb_lab.games.lcb.rules.movement.tf_counters.sweep`);
* the other team sees the counter's face-down units as ONE back marked as a Task Force Counter,
  not a back per unit (:func:`lcb_lab.games.lcb.observer.observe`); a unit of it face up is
  seen face up as any other;
* it is a stack of its own: units of its Task Force that share its hex without being under it
  are another stack.

Queries only: the rules that use them live in :mod:`lcb_lab.games.lcb.rules.movement.tf_counters`.
"""
from __future__ import annotations

from typing import Iterable

from lcb_lab.games.lcb.model.catalog import Catalog
from lcb_lab.games.lcb.model.state import GameState, Unit

RULE = "4.35"
"""The rule a Task Force Counter's refusals cite."""


def members(state: GameState, name: str) -> list[Unit]:
    """The living units on the map under Task Force Counter ``name``, in state order (``[]``:
    no such counter, or none left)."""
    return [u for u in state.units.values() if u.tf_counter == name and u.on_map]


def counters(state: GameState) -> dict[str, list[Unit]]:
    """{counter name: its living units on the map} for every counter standing, in state order."""
    out: dict[str, list[Unit]] = {}
    for u in state.units.values():
        if u.tf_counter and u.on_map:
            out.setdefault(u.tf_counter, []).append(u)
    return out


def counter_of(u: Unit) -> str:
    """The name of the Task Force Counter ``u`` stands under ("" for none, or off the map)."""
    return u.tf_counter if u.on_map else ""


def load_problem(state: GameState, spec: dict[str, list[str]],
                 catalog: Catalog | None = None) -> tuple[str, str] | None:
    """(key, problem) for the first fault of ``spec`` ({counter name: unit designators}) against
    ``state``'s units, or None: each counter names at least one unit; every unit exists, is on
    the map, and is named once; a counter's units are of one team, one Task Force and in one hex, and (with
    ``catalog``) of one domain -- ships and ground units never stack (4.35: one stack, 3.23, 5.11).  ``key`` is the counter's name."""
    seen: dict[str, str] = {}
    for name, uids in spec.items():
        key = name
        if not name.strip():
            return key, "a Task Force Counter needs a name"
        if not uids:
            return key, f"Task Force Counter {name!r} names no unit"
        for uid in uids:
            u = state.units.get(uid)
            if u is None:
                return key, f"no unit named {uid!r}"
            if uid in seen:
                return key, f"{uid} is named under {seen[uid]!r} already: a unit stands under one counter"
            if not u.on_map:
                return key, f"{uid} is not on the map: a Task Force Counter stands in a hex (4.35)"
            seen[uid] = name
        units = [state.units[x] for x in uids]
        if len({u.team for u in units}) > 1:
            return key, f"{name!r} mixes the teams' units: a Task Force Counter is one team's stack (4.35, 3.23)"
        if len({u.task_force for u in units}) > 1:
            return key, (f"{name!r} mixes Task Forces: its units act in one Task Force's impulse "
                         "as one stack (4.35, 3.33)")
        hexes = sorted({u.hex or "" for u in units})
        if len(hexes) > 1:
            return key, (f"{name!r} has units in {', '.join(hexes)}: a Task Force Counter is one stack "
                         "in one hex (4.35, 3.23)")
        if catalog is not None and any(catalog.unit(u.type_id).is_submarine for u in units):
            return key, (f"{name!r} holds a submarine, which no other counter accompanies: its team alone "
                         "knows where it is (14.03)")
        if catalog is not None and len({catalog.unit(u.type_id).domain for u in units}) > 1:
            return key, (f"{name!r} mixes ships and ground units, which never form one stack (5.11), "
                         "so they cannot act as one Task Force Counter (4.35)")
    return None


def place(state: GameState, spec: dict[str, list[str]]) -> None:
    """Put the units of ``spec`` ({counter name: designators}) under their counters (checked first
    with :func:`load_problem`)."""
    for name, uids in spec.items():
        for uid in uids:
            state.units[uid].tf_counter = name


def spread(units: Iterable[Unit]) -> bool:
    """Whether ``units`` (one counter's) stand in more than one hex."""
    return len({u.hex for u in units}) > 1
