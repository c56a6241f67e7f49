"""One definition of a stack (3.23, 3.34, 3.36, 3.37, 5.11, 5.13, 5.15).

A stack is every living unit of one Task Force in one hex (3.23, 3.34),
with two refinements that every caller (the declaration check, the
``Game.stack_of`` query, the random player) takes from here:

* **domain** -- ships and ground units sharing a (port) hex are separate
  stacks, since they cannot move together (5.11; lcb_lab's reading);
* **arrival this turn** -- units that enter a hex holding units of their
  Task Force stay a distinct stack until the next turn (3.37, 5.15).  Each
  unit records the group it moved with this turn in ``Unit.moved_with``
  (the designator of the group's first unit; ``""`` = has not moved this
  turn); the end of the turn clears it (sequence.end_of_turn).

* **Task Force Counter** -- the units under one Task Force Counter are one
  stack of their own, apart from other units of their Task Force in the hex
  (4.35; lcb_lab's reading, :mod:`lcb_lab.games.lcb.model.tf_counters`).

Embarked units (no hex, 10.0) are a stack of their own.

``stack_key`` gives the identity; ``stack_of`` the whole stack (acted or
not); ``available_stacks`` the stacks a Task Force can still activate;
``is_split`` whether declaring some units of a stack splits it (3.37).
"""
from __future__ import annotations

from typing import Iterable

from lcb_lab.games.lcb.model.state import Unit
from lcb_lab.games.lcb.rules.common import Ctx

StackKey = tuple[str, str, str, str, str]
"""(task force, hex, domain ``"naval"``/``"ground"``, group moved with this turn, Task Force Counter or "")."""


def stack_key(ctx: Ctx, u: Unit) -> StackKey:
    """The identity of ``u``'s stack. ``u`` must be on the map."""
    return (u.task_force, u.hex or "", ctx.utype(u).domain, u.moved_with, u.tf_counter)


def can_activate(u: Unit) -> bool:
    """On the map and free to take a Core Action this turn (3.34, 7.18; paralyzed by a card)."""
    return u.on_map and not (u.acted or u.paralysed or u.expended)


def stack_of(ctx: Ctx, uid: str) -> list[str]:
    """Designators of every living unit in ``uid``'s stack, ``uid`` included, in
    state order.  An embarked unit is alone.  Raises UnknownName."""
    u = ctx.state.unit(uid)
    if not u.on_map:
        return [uid]
    key = stack_key(ctx, u)
    return [x.uid for x in ctx.state.units_in(u.hex) if stack_key(ctx, x) == key]


def group(ctx: Ctx, units: Iterable[Unit]) -> dict[StackKey, list[str]]:
    """{stack key: designators} for on-map ``units``, in their order."""
    out: dict[StackKey, list[str]] = {}
    for u in units:
        if u.on_map:
            out.setdefault(stack_key(ctx, u), []).append(u.uid)
    return out


def available_stacks(ctx: Ctx, tf: str) -> list[list[str]]:
    """The stacks of Task Force ``tf`` whose units may still be activated this
    turn, each as its activatable members (3.34)."""
    return list(group(ctx, (u for u in ctx.state.tf_units(tf) if can_activate(u))).values())


def is_split(ctx: Ctx, units: list[Unit]) -> bool:
    """Whether activating ``units`` (one stack's members) leaves activatable
    members of that stack behind: a split whose new stack must move into its
    own hex (3.37, 5.15)."""
    if not units or not units[0].on_map:
        return False
    chosen = {u.uid for u in units}
    rest = [x for x in stack_of(ctx, units[0].uid) if x not in chosen]
    return any(can_activate(ctx.state.units[x]) for x in rest)


def mark_moved(units: list[Unit]) -> None:
    """Record that ``units`` moved together this turn: from now until the end of
    the turn they are one stack, distinct from units already in the hex they
    enter (3.37)."""
    if units:
        tag = units[0].uid
        for u in units:
            u.moved_with = tag
