"""Optional rule 17.9, Naval supply values (17.91): a ship's LRS / INTERCEPT split set at Deployment.

With 17.9 on (:func:`~lcb_lab.games.lcb.rules.optional.switches.is_on`), before a team ends its
Deployment Stage each of its naval units (ships with a Unit Tracker; not submarines) may share
its supply cubes between its LRS and INTERCEPT values differently from the printed allocation:
the typed act :class:`~lcb_lab.games.lcb.actions.NavalSupply` gives the new supply of every
finite LRS and INTERCEPT slot of the ship, and the slots' total must stay the ship's total
initial allocation (17.91).  The new split is the ship's starting (= maximum) supply for the
rest of the scenario: RESUPPLY refills up to it (8.02, :func:`lcb_lab.games.lcb.rules.common.max_supply`).

State: ``GameState.naval_supply`` maps a ship's uid to ``{slot: cubes}``, the cubes moved into
(+) or out of (-) each slot of the printed allocation (the unit's Attached cards still add their
own supply on top, App. B's Aegis).  Empty unless the rule is on and used.

Refusals (IllegalAction): ``"17.9"`` the rule is off; ``"3.02"`` outside the Deployment Stage;
``"3.2"`` after the team ended it; ``"17.91"`` not a ship, a slot that is not one of its finite
LRS / INTERCEPT values, a slot left out, a negative share, a total that differs from the initial
allocation, or fewer cubes left in a slot than it gives away.

Example 17.91 (Margaret's ship, 10 LRS + 10 INTERCEPT RPs -> 5 LRS + 15 INTERCEPT)::

    >>> from lcb_lab import situation
    >>> from lcb_lab.games.lcb import actions as A
    >>> g = situation(units={"DDG-1": {"type": "rubf_ddg", "area": ["B-2"]}}, naval=["B-2"],
    ...               stage="deployment", optional_rules=["17.9"])
    >>> _ = g.apply(A.NavalSupply("DDG-1", (A.SlotSupply("LRS1", 3), A.SlotSupply("INT1", 13))))
    >>> g.unit("DDG-1").supply, g.state.naval_supply
    ({'LRS1': 3, 'INT1': 13}, {'DDG-1': {'LRS1': -5, 'INT1': 5}})
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from lcb_lab.kernel import explain
from lcb_lab.kernel.errors import IllegalAction
from lcb_lab.games.lcb.model.state import Unit
from lcb_lab.games.lcb.rules.common import Ctx, living_unit
from lcb_lab.games.lcb.rules.optional.switches import is_on

if TYPE_CHECKING:
    from lcb_lab.games.lcb.actions_optional import NavalSupply

RULE = "17.9"


def slots(ctx: Ctx, u: Unit) -> list[str]:
    """The ship's organic LRS and INTERCEPT slots with finite supply, in catalog order (17.91);
    ``[]`` for a unit that is no ship."""
    t = ctx.utype(u)
    if not t.is_naval:
        return []
    return [cv.slot for cv in t.cvs if cv.kind in ("LRS", "INT") and cv.supply is not None]


def eligible(ctx: Ctx, u: Unit) -> bool:
    """A ship of 17.91: a living naval unit with at least one finite LRS and one finite INTERCEPT
    slot (there is something to shift between)."""
    kinds = {ctx.utype(u).cv(s).kind for s in slots(ctx, u)}
    return not u.destroyed and kinds == {"LRS", "INT"}


def initial(ctx: Ctx, u: Unit, slot: str) -> int:
    """The slot's starting supply as the scenario began: printed value, Attached cards' supply and
    any 17.91 shift already made (:func:`lcb_lab.games.lcb.rules.common.max_supply`)."""
    from lcb_lab.games.lcb.rules.common import max_supply
    return max_supply(ctx, u, slot) or 0


def check(ctx: Ctx, uid: str, wanted: dict[str, int]) -> tuple[Unit, dict[str, int]]:
    """``(ship, {slot: change})`` of a :class:`NavalSupply` act, or IllegalAction (module doc).
    Changes nothing."""
    s = ctx.state
    if not is_on(s, RULE):
        raise IllegalAction(RULE, "Naval supply values (17.9) is an optional rule this game does not use")
    u = living_unit(ctx, uid, "17.91")
    if s.stage != "deployment":
        raise IllegalAction("3.02", f"a ship's supply split is set before the end of the Deployment Stage "
                            f"(17.91); the game is in the {s.stage} stage")
    if u.team in s.ready:
        raise IllegalAction("3.2", f"{u.team} has ended its Deployment Stage: its ships' supply is fixed (17.91)")
    own = slots(ctx, u)
    if not eligible(ctx, u):
        raise IllegalAction("17.91", f"{uid} is not a ship with both LRS and INTERCEPT supply to share")
    extra = [k for k in wanted if k not in own]
    if extra:
        raise IllegalAction("17.91", f"{extra[0]} is not one of {uid}'s LRS or INTERCEPT supply values "
                            f"({', '.join(own)})")
    missing = [k for k in own if k not in wanted]
    if missing:
        raise IllegalAction("17.91", f"give the new supply of every LRS and INTERCEPT value of {uid}: "
                            f"{', '.join(missing)} is missing")
    if any(n < 0 for n in wanted.values()):
        raise IllegalAction("17.91", "a supply value cannot be negative")
    before = {k: initial(ctx, u, k) for k in own}
    total, new = sum(before.values()), sum(wanted.values())
    if new != total:
        raise IllegalAction("17.91", f"{uid}'s new allocation totals {new} but its initial allocation is "
                            f"{total} ({_split(before)}): the total stays the same")
    change = {k: wanted[k] - before[k] for k in own}
    short = [k for k in own if u.supply.get(k, 0) + change[k] < 0]
    if short:
        k = short[0]
        raise IllegalAction("17.91", f"{uid} has only {u.supply.get(k, 0)} {k} supply left; it cannot give "
                            f"away {-change[k]}")
    return u, change


def apply_split(ctx: Ctx, uid: str, wanted: dict[str, int]) -> None:
    """Carry out a :class:`NavalSupply` act (17.91): the cubes move between the slots of the Unit
    Tracker and the new split becomes the ship's starting supply.  Raises IllegalAction first."""
    u, change = check(ctx, uid, wanted)
    before = {k: initial(ctx, u, k) for k in change}
    moved = dict(ctx.state.naval_supply.get(uid, {}))
    for k, d in change.items():
        u.supply = {**u.supply, k: u.supply.get(k, 0) + d}
        moved[k] = moved.get(k, 0) + d
        if moved[k] == 0:
            del moved[k]
    rest = {k: v for k, v in ctx.state.naval_supply.items() if k != uid}
    ctx.state.naval_supply = {**ctx.state.naval_supply, uid: moved} if moved else rest
    ctx.log(explain.step("deploy", f"Naval supply values: {uid} {_split(before)} -> {_split(wanted)}",
                         f"supply shifted between its LRS and INTERCEPT values before the end of the "
                         f"Deployment Stage; the total stays {sum(before.values())} and the new split is its "
                         "starting supply for the scenario (RESUPPLY refills up to it, 8.02)",
                         ["17.91", "8.02"]),
            team=u.team, about={"unit": uid}, public_title=f"{u.team} adjusts a ship's supply (17.91)",
            public_text="")


def supply_act(game: Any, c: Ctx, a: NavalSupply) -> None:
    """Handler of :class:`~lcb_lab.games.lcb.actions.NavalSupply` (``handlers.HANDLERS``): :func:`apply_split`."""
    apply_split(c, a.unit, {x.slot: int(x.supply) for x in a.allocation})


def _split(values: dict[str, int]) -> str:
    return " + ".join(f"{n} {k}" for k, n in values.items())
