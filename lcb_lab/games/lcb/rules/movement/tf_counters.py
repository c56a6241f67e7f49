"""Task Force Counters in play (4.35): one stack, one Core Action a turn, its units never alone.

The counter itself and lcb_lab's reading of it are in :mod:`lcb_lab.games.lcb.model.tf_counters`.
Here, what the rules do with it:

* :func:`check_declared` -- a declaration that activates units of a counter must activate all of
  its living units and nothing else (4.35: one AP for one Core Action of the whole counter);
* :func:`check_again` -- a second Core Action of the counter in the same turn is refused (4.35:
  no more than one a turn, like a stack, 3.34);
* :func:`check_alone` -- a move of one of its units on its own (an Armor Breakthrough, 7.19;
  Combined Arms Movement leaving some behind, 5.13) is refused: its units move together (4.35);
* :func:`load` -- a scenario's counters placed on its units, checked (ScenarioError);
* :func:`sweep` -- after every act: a unit destroyed or taken off the map leaves its counter; a
  counter whose living units no longer stand in one hex breaks up (sandbox), logged for all.
"""
from __future__ import annotations

from lcb_lab.games.lcb.model import tf_counters as tfc
from lcb_lab.games.lcb.model.catalog import Catalog
from lcb_lab.games.lcb.model.state import GameState, Unit
from lcb_lab.games.lcb.rules.common import Ctx, names
from lcb_lab.kernel import explain
from lcb_lab.kernel.errors import IllegalAction, ScenarioError


def check_again(u: Unit, seen: set[str]) -> None:
    """Refuse a second Core Action this turn of the Task Force Counter ``u`` stands under (4.35:
    no more than one a turn); ``seen``: the designators this declaration activates already.
    Raises IllegalAction."""
    if tfc.counter_of(u) and (u.acted or u.uid in seen):
        raise IllegalAction(tfc.RULE, f"Task Force Counter {u.tf_counter} ({u.uid}) has already conducted a Core "
                            "Action this turn: a Task Force Counter conducts no more than one Core Action per turn")


def check_declared(ctx: Ctx, i: int, units: list[Unit]) -> None:
    """Refuse action ``#i+1``'s ``units`` when they hold part of a Task Force Counter or mix one
    with other units (4.35: it acts as one stack for one AP; its units never alone).
    Raises IllegalAction."""
    names_ = sorted({u.tf_counter for u in units if tfc.counter_of(u)})
    if not names_:
        return
    whole = tfc.members(ctx.state, names_[0])
    if len(names_) > 1 or {u.uid for u in units} != {u.uid for u in whole}:
        raise IllegalAction(tfc.RULE, f"action #{i + 1}: Task Force Counter {names_[0]} acts as one stack "
                            f"({names(u.uid for u in whole)}): its units cannot act alone or with others; "
                            "activate all of them, for one AP")


def check_alone(u: Unit) -> None:
    """Refuse a move of ``u`` on its own while it stands under a Task Force Counter (4.35).
    Raises IllegalAction."""
    if tfc.counter_of(u):
        raise IllegalAction(tfc.RULE, f"{u.uid} stands under Task Force Counter {u.tf_counter}, which acts as "
                            "one stack: its units move only together, never apart")


def sweep(ctx: Ctx) -> None:
    """After an act: units destroyed or off the map leave their counter; a counter whose units
    stand in more than one hex breaks up, its units becoming ordinary units (sandbox reading of
    4.35; logged for everyone: the other team sees the change on the map)."""
    s = ctx.state
    tagged = [u for u in s.units.values() if u.tf_counter]
    if not tagged:                     # most games: no Task Force Counter, nothing more to look at
        return
    for u in tagged:
        if not u.on_map:
            u.tf_counter = ""
    for name, units in tfc.counters(s).items():
        if tfc.spread(units):
            for u in units:
                u.tf_counter = ""
            ctx.log(explain.step("tf_counter", "A Task Force Counter breaks up",
                                 "its units no longer stand together in one hex, so each acts as an "
                                 "ordinary unit or stack from now on (lcb_lab's reading, sandbox)", ["4.35"]))


def load(state: GameState, spec: dict[str, list[str]], catalog: Catalog, file: str, key: str) -> None:
    """Put a scenario's Task Force Counters (``spec``: {name: designators}) on ``state``'s units,
    checked first (:func:`lcb_lab.games.lcb.model.tf_counters.load_problem`).  Raises ScenarioError
    (``file``, ``key`` formatted with the counter's name, the problem)."""
    problem = tfc.load_problem(state, spec, catalog)
    if problem:
        raise ScenarioError(file, key.format(problem[0]), problem[1])
    tfc.place(state, spec)
